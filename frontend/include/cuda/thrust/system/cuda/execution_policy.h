/* system/cuda/execution_policy.h -- part of gpumc's Thrust (thrust/gpumc_thrust.h holds it all). */
#include <thrust/gpumc_thrust.h>
