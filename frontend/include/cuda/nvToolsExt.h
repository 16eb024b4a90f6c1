/* nvToolsExt.h -- the NVTX annotations: see nvtx3/nvToolsExt.h. */
#include "nvtx3/nvToolsExt.h"
