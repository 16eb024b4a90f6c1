/*
 * byte_histogram.cu -- per-thread byte counters packed four to a word in
 * shared memory, as histogram64 keeps them: the words are cleared as
 * unsigned ints, each thread counts into its own bytes, and after a
 * barrier bin sums are read back byte by byte and word by word (1 CTA x 8
 * threads, --block=8, 4 bins; data = {0, 4, 2, 3, 5, 5, 6, 7}, bin = value % 4).
 *
 *   (none)      correct: no error, 1 execution; every bin's count checked
 *   SHARED_BYTE threads 0 and 1 count into the same byte: a data race on
 *               one byte of a word
 *   ATOMIC_WORD the clearing is an atomicExch on the words the bytes live
 *               in: mixed-size atomics are not modelled, exit 5
 */
#define BINS 4
#define THREADS 8

__global__ void byte_hist(const unsigned *data, unsigned *bins)
{
    /* counter of thread t for bin b: byte b * THREADS + t; the last word
     * counts every value, atomically (an atomic beside the bytes) */
    __shared__ unsigned counters[BINS * THREADS / 4 + 1];
    unsigned char *bytes = (unsigned char *)counters;
    unsigned t = threadIdx.x;
    if (t < BINS * THREADS / 4)
#ifdef ATOMIC_WORD
        atomicExch(&counters[t], 0u);
#else
        counters[t] = 0;
#endif
    if (t == 0) /* the atomic word, cleared as it is used */
        atomicExch(&counters[BINS * THREADS / 4], 0u);
    __syncthreads();
    unsigned b = data[t] % BINS;
#ifdef SHARED_BYTE
    unsigned owner = t < 2 ? 0 : t;
#else
    unsigned owner = t;
#endif
    bytes[b * THREADS + owner] += 1;
    atomicAdd(&counters[BINS * THREADS / 4], 1u);
    __syncthreads();
    if (t == 0)
        assert(counters[BINS * THREADS / 4] == THREADS);
    if (t < BINS) {
        unsigned sum = 0;
        for (unsigned k = 0; k < THREADS / 4; k++) { /* the bin's bytes, a word at a time */
            unsigned w = counters[t * THREADS / 4 + k];
            sum += (w & 0xff) + (w >> 8 & 0xff) + (w >> 16 & 0xff) + (w >> 24);
        }
        unsigned want = 0;
        for (unsigned k = 0; k < THREADS; k++)
            want += data[k] % BINS == t;
        assert(sum == want);
        bins[t] = sum;
    }
}
