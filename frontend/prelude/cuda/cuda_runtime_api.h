/* gpumc CUDA prelude stub: everything lives in gpumc_cuda.h */
