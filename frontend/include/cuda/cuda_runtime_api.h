/* gpumc: the CUDA API is in gpumc_cuda.h, force-included before every kernel. */
