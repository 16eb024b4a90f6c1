/* util_device.cuh -- part of gpumc's CUB (cub/cub.cuh holds it all). */
#include <cub/cub.cuh>
