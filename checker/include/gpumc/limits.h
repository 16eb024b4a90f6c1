/*
 * gpumc/limits.h -- the launch limits, in one place for the command line,
 * the frontend and the engine.
 *
 * A launch may have up to GPUMC_MAX_THREADS kernel threads (grid x block x
 * GPUs); the engine holds one more, the host thread that checks
 * postconditions.  Blocks may be as large as the total: gpumc does not
 * impose CUDA's 1,024 threads per block, since peer suites state larger
 * ones.  What a launch costs grows with its threads and locations (a
 * single-execution kernel: O(threads + locations) memory), so the real
 * bound on a machine is its memory; docs/performance.md has the figures.
 */
#ifndef GPUMC_LIMITS_H
#define GPUMC_LIMITS_H

#define GPUMC_MAX_THREADS (1 << 20)
/* Threads of one run in the engine: the launch plus the postcondition host. */
#define GPUMC_MAX_ENGINE_THREADS (GPUMC_MAX_THREADS + 1)
/* Elements of one kernel-argument buffer (--arg A=[N], or a default
 * buffer gpumc grows): a region maps 4 bytes per byte of it once accessed,
 * so a 2^26-element float buffer takes 256 MB and 1 GB more. */
#define GPUMC_MAX_BUFFER_ELEMS (1 << 26)

#endif
