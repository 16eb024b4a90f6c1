/*
 * cuda_gl_interop.h -- the CUDA runtime's OpenGL interoperability, declared
 * (never defined) so that the host code of a kernel file that registers
 * OpenGL buffers for its kernels compiles: host code is compiled, not run.
 * The mapping calls themselves are in gpumc_cudahost.h.  Written from the
 * CUDA Runtime API reference (OpenGL Interoperability).
 */
#ifndef GPUMC_CUDA_GL_INTEROP_H
#define GPUMC_CUDA_GL_INTEROP_H

#include <cuda_runtime_api.h>

#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#else /* OpenGL's own types, as its headers define them */
typedef unsigned int GLuint;
typedef unsigned int GLenum;
#endif

enum cudaGLDeviceList {
    cudaGLDeviceListAll = 1, cudaGLDeviceListCurrentFrame = 2, cudaGLDeviceListNextFrame = 3
};

extern "C" {
__host__ cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **r, GLuint buffer,
                                                  unsigned int flags);
__host__ cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **r, GLuint image,
                                                 GLenum target, unsigned int flags);
__host__ cudaError_t cudaGLGetDevices(unsigned int *count, int *devices, unsigned int max,
                                      enum cudaGLDeviceList list);
}

#endif
