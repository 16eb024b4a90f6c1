// cuda_pipeline.h -- the pipeline primitives and libcu++'s cuda::pipeline.
#ifndef GPUMC_CUDA_PIPELINE_H
#define GPUMC_CUDA_PIPELINE_H

#include <cuda_pipeline_primitives.h>
#include <cuda/pipeline>

#endif
