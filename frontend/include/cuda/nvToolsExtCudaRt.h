/* nvToolsExtCudaRt.h -- NVTX names for CUDA runtime objects: see nvtx3/nvToolsExtCudaRt.h. */
#include "nvtx3/nvToolsExtCudaRt.h"
