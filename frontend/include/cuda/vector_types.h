/* gpumc: the CUDA vector types are in gpumc_cuda.h, force-included before every kernel. */
