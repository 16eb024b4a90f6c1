/*
 * cub/cub.cuh -- CUB's block- and warp-wide collectives for gpumc, written
 * from CUB's documented interface.
 *
 * Contract: BlockReduce, BlockScan, WarpReduce, WarpScan, BlockLoad and
 * BlockStore compute what CUB documents, and use their TempStorage within
 * the rules CUB states: a block collective writes its storage, waits at a
 * __syncthreads() of its own, and leaves the storage being read, so
 * reusing it without a __syncthreads() in between is a data race -- as on
 * the GPU.  A block reduction's result is defined in thread 0 only (the
 * other threads get their own input back); block scans give every thread
 * its prefix and the block's aggregate.  A block collective specialised
 * for BLOCK_DIM_X x Y x Z threads run by a block of another size is an
 * assertion violation (CUB requires them to match).  Warp collectives work
 * on logical warps of LOGICAL_WARP_THREADS lanes with shuffles, the result
 * of a warp reduction in each logical warp's lane 0.  The device-wide
 * algorithms (DeviceReduce, DeviceScan, DeviceSelect, DeviceRadixSort, ...)
 * and CachingDeviceAllocator are host code: declared so that host code
 * compiles, never run.  BlockExchange and BlockAdjacentDifference pass items
 * through their TempStorage as CUB does, WarpExchange likewise within a
 * logical warp.  Not here: BlockRadixSort, BlockHistogram,
 * BlockDiscontinuity, segmented warp reductions.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_CUB_CUH
#define GPUMC_CUB_CUH

#include <assert.h>
#include <cuda_runtime.h>
#include <chrono> /* CUB's own headers bring these along, and code relies on them */
#include <iterator>
#include <limits>
#include <type_traits>

#define CUB_VERSION 200000
#define CUB_PTX_ARCH 700
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define CUB_QUOTIENT_CEILING(n, d) (((n) + (d) - 1) / (d))
#define CUB_QUOTIENT_FLOOR(n, d) ((n) / (d))
#define CUB_ROUND_UP_NEAREST(n, d) ((((n) + (d) - 1) / (d)) * (d))
#define CUB_RUNTIME_FUNCTION __host__ __device__
#define CUB_STDERR
#define CubDebug(e) (e)
#define CubDebugExit(e) (e)
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }

namespace cub {

/* ---- operators ------------------------------------------------------------ */

struct Sum {
    template <class T> __host__ __device__ __forceinline__ T operator()(const T &a, const T &b) const
    { return a + b; }
};
struct Max {
    template <class T> __host__ __device__ __forceinline__ T operator()(const T &a, const T &b) const
    { return a < b ? b : a; }
};
struct Min {
    template <class T> __host__ __device__ __forceinline__ T operator()(const T &a, const T &b) const
    { return b < a ? b : a; }
};
struct Difference {
    template <class T> __host__ __device__ __forceinline__ T operator()(const T &a, const T &b) const
    { return a - b; }
};
struct Division {
    template <class T> __host__ __device__ __forceinline__ T operator()(const T &a, const T &b) const
    { return a / b; }
};
struct Equality {
    template <class T> __host__ __device__ __forceinline__ bool operator()(const T &a, const T &b) const
    { return a == b; }
};
struct Inequality {
    template <class T> __host__ __device__ __forceinline__ bool operator()(const T &a, const T &b) const
    { return !(a == b); }
};

template <class K, class V> struct KeyValuePair {
    typedef K Key;
    typedef V Value;
    K key;
    V value;
    __host__ __device__ __forceinline__ KeyValuePair() {}
    __host__ __device__ __forceinline__ KeyValuePair(const K &k, const V &v) : key(k), value(v) {}
};
/* the first (lowest key) of the largest / smallest values */
struct ArgMax {
    template <class K, class V>
    __host__ __device__ __forceinline__ KeyValuePair<K, V> operator()(const KeyValuePair<K, V> &a,
                                                                      const KeyValuePair<K, V> &b) const
    { return b.value > a.value || (b.value == a.value && b.key < a.key) ? b : a; }
};
struct ArgMin {
    template <class K, class V>
    __host__ __device__ __forceinline__ KeyValuePair<K, V> operator()(const KeyValuePair<K, V> &a,
                                                                      const KeyValuePair<K, V> &b) const
    { return b.value < a.value || (b.value == a.value && b.key < a.key) ? b : a; }
};

/* ---- type traits: radix-sortable bits --------------------------------------- */

enum Category { NOT_A_NUMBER, SIGNED_INTEGER, UNSIGNED_INTEGER, FLOATING_POINT };

namespace __gpumc {
template <int N> struct bits_of;
template <> struct bits_of<1> { typedef unsigned char type; };
template <> struct bits_of<2> { typedef unsigned short type; };
template <> struct bits_of<4> { typedef unsigned int type; };
template <> struct bits_of<8> { typedef unsigned long long type; };

/* What a key's bits become so that unsigned order is the key's order
 * (TwiddleIn) and back (TwiddleOut): signed integers flip the sign bit,
 * floats flip the sign bit of positives and every bit of negatives. */
template <typename T, Category C> struct numeric {
    typedef typename bits_of<sizeof(T)>::type UnsignedBits;
    static const Category CATEGORY = C;
    static const bool PRIMITIVE = C != NOT_A_NUMBER, NULL_TYPE = false;
    static const UnsignedBits HIGH_BIT = (UnsignedBits)((UnsignedBits)1 << (8 * sizeof(T) - 1));
    static const UnsignedBits LOWEST_KEY = C == UNSIGNED_INTEGER ? (UnsignedBits)0
                                           : C == SIGNED_INTEGER ? HIGH_BIT
                                                                 : (UnsignedBits)~HIGH_BIT;
    static const UnsignedBits MAX_KEY = C == UNSIGNED_INTEGER ? (UnsignedBits)~(UnsignedBits)0
                                        : C == SIGNED_INTEGER ? (UnsignedBits)~HIGH_BIT
                                                              : (UnsignedBits)~(UnsignedBits)0;
    static __host__ __device__ __forceinline__ UnsignedBits TwiddleIn(UnsignedBits key)
    {
        if (C == SIGNED_INTEGER)
            return key ^ HIGH_BIT;
        if (C == FLOATING_POINT)
            return key ^ ((key & HIGH_BIT) ? (UnsignedBits)~(UnsignedBits)0 : HIGH_BIT);
        return key;
    }
    static __host__ __device__ __forceinline__ UnsignedBits TwiddleOut(UnsignedBits key)
    {
        if (C == SIGNED_INTEGER)
            return key ^ HIGH_BIT;
        if (C == FLOATING_POINT)
            return key ^ ((key & HIGH_BIT) ? HIGH_BIT : (UnsignedBits)~(UnsignedBits)0);
        return key;
    }
    static __host__ __device__ __forceinline__ T Max() { return std::numeric_limits<T>::max(); }
    static __host__ __device__ __forceinline__ T Lowest() { return std::numeric_limits<T>::lowest(); }
};
} // namespace __gpumc

template <typename T> struct NumericTraits
    : __gpumc::numeric<T, std::is_floating_point<T>::value ? FLOATING_POINT
                          : std::is_signed<T>::value       ? SIGNED_INTEGER
                          : std::is_integral<T>::value     ? UNSIGNED_INTEGER
                                                           : NOT_A_NUMBER> {};
template <typename T> struct Traits : NumericTraits<typename std::remove_cv<T>::type> {};

/* ---- block collectives ------------------------------------------------------ */

namespace __gpumc {
/* s, then n in decimal, at out; returns the end. */
__device__ inline char *put_text(char *out, const char *s)
{
    while (*s)
        *out++ = *s++;
    return out;
}
__device__ inline char *put_uint(char *out, unsigned n)
{
    char d[10];
    int k = 0;
    do
        d[k++] = (char)('0' + n % 10);
    while ((n /= 10) != 0);
    while (k > 0)
        *out++ = d[--k];
    return out;
}
__device__ inline char *put_shape(char *out, unsigned x, unsigned y, unsigned z)
{
    out = put_uint(out, x);
    *out++ = 'x';
    out = put_uint(out, y);
    *out++ = 'x';
    return put_uint(out, z);
}

/* The thread's rank in a BX x BY x BZ block, checked against the launch:
 * the message gives both shapes, the usual fix being the launch's. */
template <int BX, int BY, int BZ> __device__ __forceinline__ int block_rank()
{
    if (blockDim.x != (unsigned)BX || blockDim.y != (unsigned)BY || blockDim.z != (unsigned)BZ) {
        char msg[200];
        char *m = put_text(msg, "the block is ");
        m = put_shape(m, blockDim.x, blockDim.y, blockDim.z);
        m = put_text(m, " but this CUB block collective is specialised for ");
        m = put_shape(m, BX, BY, BZ);
        m = put_text(m, " (CUB requires them to match: --block=");
        m = put_shape(m, BX, BY, BZ);
        *put_text(m, ")") = '\0';
        __gpumc_assert_what(0, msg);
    }
    return (int)(threadIdx.x + BX * (threadIdx.y + BY * threadIdx.z));
}
} // namespace __gpumc

enum BlockReduceAlgorithm {
    BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
    BLOCK_REDUCE_RAKING,
    BLOCK_REDUCE_WARP_REDUCTIONS
};

template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct TempStorage {
        T item[BLOCK_THREADS];
    };

    __device__ __forceinline__ BlockReduce() : temp(private_storage()), rank(__gpumc::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    __device__ __forceinline__ BlockReduce(TempStorage &t) : temp(t), rank(__gpumc::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

    template <class Op> __device__ __forceinline__ T Reduce(T input, Op op)
    { return fold(input, op, BLOCK_THREADS); }
    template <class Op> __device__ __forceinline__ T Reduce(T input, Op op, int num_valid)
    { return fold(input, op, num_valid); }
    template <int N, class Op> __device__ __forceinline__ T Reduce(T (&inputs)[N], Op op)
    {
        T v = inputs[0];
        for (int i = 1; i < N; i++)
            v = op(v, inputs[i]);
        return fold(v, op, BLOCK_THREADS);
    }
    __device__ __forceinline__ T Sum(T input) { return Reduce(input, cub::Sum()); }
    __device__ __forceinline__ T Sum(T input, int num_valid) { return Reduce(input, cub::Sum(), num_valid); }
    template <int N> __device__ __forceinline__ T Sum(T (&inputs)[N]) { return Reduce(inputs, cub::Sum()); }

private:
    TempStorage &temp;
    int rank;
    static __device__ __forceinline__ TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    /* Each of the first n threads publishes its value; thread 0 folds them
     * in rank order after the barrier. */
    template <class Op> __device__ __forceinline__ T fold(T input, Op op, int n)
    {
        n = n < BLOCK_THREADS ? n : BLOCK_THREADS;
        if (rank < n)
            temp.item[rank] = input;
        __syncthreads();
        T r = input;
        if (rank == 0 && n > 0) {
            r = temp.item[0];
            for (int i = 1; i < n; i++)
                r = op(r, temp.item[i]);
        }
        return r;
    }
};

enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct TempStorage {
        T item[BLOCK_THREADS]; /* the inputs, then (thread 0) their inclusive prefixes */
        T base;                /* a block-prefix callback's value */
    };

    __device__ __forceinline__ BlockScan() : temp(private_storage()), rank(__gpumc::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    __device__ __forceinline__ BlockScan(TempStorage &t) : temp(t), rank(__gpumc::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

    /* one item per thread */
    __device__ __forceinline__ void InclusiveSum(T input, T &output) { InclusiveScan(input, output, cub::Sum()); }
    __device__ __forceinline__ void InclusiveSum(T input, T &output, T &aggregate)
    { InclusiveScan(input, output, cub::Sum(), aggregate); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output) { ExclusiveScan(input, output, T(), cub::Sum()); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output, T &aggregate)
    { ExclusiveScan(input, output, T(), cub::Sum(), aggregate); }
    template <class Op> __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op)
    { T a; InclusiveScan(input, output, op, a); }
    template <class Op> __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op, T &aggregate)
    {
        T ex;
        scan(input, output, ex, aggregate, op, (const T *)0);
    }
    template <class Op> __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial, Op op)
    { T a; ExclusiveScan(input, output, initial, op, a); }
    template <class Op>
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial, Op op, T &aggregate)
    {
        T in;
        scan(input, in, output, aggregate, op, &initial);
    }
    /* without an initial value thread 0's output is undefined (here: its input) */
    template <class Op> __device__ __forceinline__ void ExclusiveScan(T input, T &output, Op op)
    {
        T in, a;
        scan(input, in, output, a, op, (const T *)0);
    }
    /* a running prefix across tiles: the first warp calls prefix_op(aggregate),
     * thread 0's answer prefixes the whole block */
    template <class Op, class PrefixOp>
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, Op op, PrefixOp &prefix_op)
    {
        T in, a;
        scan(input, in, output, a, op, (const T *)0);
        apply_prefix(output, a, op, prefix_op, 1);
    }
    template <class Op, class PrefixOp>
    __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op, PrefixOp &prefix_op)
    {
        T ex, a;
        scan(input, output, ex, a, op, (const T *)0);
        apply_prefix(output, a, op, prefix_op, 0);
    }
    template <class PrefixOp> __device__ __forceinline__ void ExclusiveSum(T input, T &output, PrefixOp &prefix_op)
    { ExclusiveScan(input, output, cub::Sum(), prefix_op); }
    template <class PrefixOp> __device__ __forceinline__ void InclusiveSum(T input, T &output, PrefixOp &prefix_op)
    { InclusiveScan(input, output, cub::Sum(), prefix_op); }

    /* N items per thread, blocked: thread r holds items r*N .. r*N+N-1 */
    template <int N> __device__ __forceinline__ void InclusiveSum(T (&in)[N], T (&out)[N])
    { InclusiveScan(in, out, cub::Sum()); }
    template <int N> __device__ __forceinline__ void ExclusiveSum(T (&in)[N], T (&out)[N])
    { ExclusiveScan(in, out, T(), cub::Sum()); }
    template <int N> __device__ __forceinline__ void ExclusiveSum(T (&in)[N], T (&out)[N], T &aggregate)
    { ExclusiveScan(in, out, T(), cub::Sum(), aggregate); }
    template <int N, class Op> __device__ __forceinline__ void InclusiveScan(T (&in)[N], T (&out)[N], Op op)
    {
        T local = in[0];
        for (int i = 1; i < N; i++)
            local = op(local, in[i]);
        T before, incl, a;
        scan(local, incl, before, a, op, (const T *)0);
        T run = in[0];
        out[0] = rank ? op(before, run) : run;
        for (int i = 1; i < N; i++) {
            run = op(run, in[i]);
            out[i] = rank ? op(before, run) : run;
        }
    }
    template <int N, class Op>
    __device__ __forceinline__ void ExclusiveScan(T (&in)[N], T (&out)[N], T initial, Op op)
    { T a; ExclusiveScan(in, out, initial, op, a); }
    template <int N, class Op>
    __device__ __forceinline__ void ExclusiveScan(T (&in)[N], T (&out)[N], T initial, Op op, T &aggregate)
    {
        T local = in[0];
        for (int i = 1; i < N; i++)
            local = op(local, in[i]);
        T before, incl;
        scan(local, incl, before, aggregate, op, &initial);
        T run = before;
        for (int i = 0; i < N; i++) { /* in[i] read first: out may be in */
            T item = in[i];
            out[i] = run;
            run = op(run, item);
        }
    }

private:
    TempStorage &temp;
    int rank;
    static __device__ __forceinline__ TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    /* Every thread publishes its value; thread 0 turns them into inclusive
     * prefixes in place; every thread reads its own and the total -- so a
     * next use writing the storage before a barrier races with those reads,
     * as CUB's contract says. */
    template <class Op>
    __device__ __forceinline__ void scan(T input, T &inclusive, T &exclusive, T &aggregate, Op op,
                                         const T *initial)
    {
        temp.item[rank] = input;
        __syncthreads();
        if (rank == 0) {
            T run = temp.item[0];
            for (int i = 1; i < BLOCK_THREADS; i++) {
                run = op(run, temp.item[i]);
                temp.item[i] = run;
            }
        }
        __syncthreads();
        inclusive = temp.item[rank];
        aggregate = temp.item[BLOCK_THREADS - 1];
        if (initial)
            exclusive = rank ? op(*initial, temp.item[rank - 1]) : *initial;
        else
            exclusive = rank ? temp.item[rank - 1] : input;
        if (initial)
            inclusive = op(*initial, inclusive);
    }
    template <class Op, class PrefixOp>
    __device__ __forceinline__ void apply_prefix(T &output, T aggregate, Op op, PrefixOp &prefix_op,
                                                 int exclusive)
    {
        if (rank < 32) {
            T base = prefix_op(aggregate);
            if (rank == 0)
                temp.base = base;
        }
        __syncthreads();
        T base = temp.base;
        output = exclusive && rank == 0 ? base : op(base, output);
    }
};

/* ---- block loads and stores ------------------------------------------------------ */

template <typename T, int N, typename InputIt>
__device__ __forceinline__ void LoadDirectBlocked(int rank, InputIt it, T (&items)[N], int valid);
template <typename T, int N, typename InputIt>
__device__ __forceinline__ void LoadDirectBlocked(int rank, InputIt it, T (&items)[N])
{ LoadDirectBlocked(rank, it, items, (rank + 1) * N); }
template <typename T, int N, typename InputIt>
__device__ __forceinline__ void LoadDirectBlocked(int rank, InputIt it, T (&items)[N], int valid)
{
    for (int i = 0; i < N; i++)
        if (rank * N + i < valid)
            items[i] = it[rank * N + i];
}
template <typename T, int N, typename InputIt>
__device__ __forceinline__ void LoadDirectBlocked(int rank, InputIt it, T (&items)[N], int valid, T oob)
{
    for (int i = 0; i < N; i++)
        items[i] = rank * N + i < valid ? it[rank * N + i] : oob;
}
template <int BLOCK_THREADS, typename T, int N, typename InputIt>
__device__ __forceinline__ void LoadDirectStriped(int rank, InputIt it, T (&items)[N], int valid)
{
    for (int i = 0; i < N; i++)
        if (i * BLOCK_THREADS + rank < valid)
            items[i] = it[i * BLOCK_THREADS + rank];
}
template <int BLOCK_THREADS, typename T, int N, typename InputIt>
__device__ __forceinline__ void LoadDirectStriped(int rank, InputIt it, T (&items)[N])
{ LoadDirectStriped<BLOCK_THREADS>(rank, it, items, BLOCK_THREADS * N); }
template <typename T, int N, typename OutputIt>
__device__ __forceinline__ void StoreDirectBlocked(int rank, OutputIt it, T (&items)[N], int valid)
{
    for (int i = 0; i < N; i++)
        if (rank * N + i < valid)
            it[rank * N + i] = items[i];
}
template <typename T, int N, typename OutputIt>
__device__ __forceinline__ void StoreDirectBlocked(int rank, OutputIt it, T (&items)[N])
{ StoreDirectBlocked(rank, it, items, (rank + 1) * N); }
template <int BLOCK_THREADS, typename T, int N, typename OutputIt>
__device__ __forceinline__ void StoreDirectStriped(int rank, OutputIt it, T (&items)[N], int valid)
{
    for (int i = 0; i < N; i++)
        if (i * BLOCK_THREADS + rank < valid)
            it[i * BLOCK_THREADS + rank] = items[i];
}
template <int BLOCK_THREADS, typename T, int N, typename OutputIt>
__device__ __forceinline__ void StoreDirectStriped(int rank, OutputIt it, T (&items)[N])
{ StoreDirectStriped<BLOCK_THREADS>(rank, it, items, BLOCK_THREADS * N); }

enum BlockLoadAlgorithm {
    BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
    BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

/* Every algorithm but the striped ones leaves thread r with items r*N ..
 * (the transposing ones read striped and exchange through shared memory;
 * the result is the same blocked arrangement, loaded directly here). */
namespace __gpumc {
/* What BlockLoad and BlockStore share: the thread's rank, no storage. */
template <int BX, int BY, int BZ> struct block_member {
    enum { BLOCK_THREADS = BX * BY * BZ };
    struct TempStorage {
        char unused;
    };
    int rank;
    __device__ __forceinline__ block_member() : rank(block_rank<BX, BY, BZ>()) {}
};
} // namespace __gpumc

template <typename T, int BLOCK_DIM_X, int N, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad : public __gpumc::block_member<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> {
    typedef __gpumc::block_member<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> member;

public:
    typedef typename member::TempStorage TempStorage;
    __device__ __forceinline__ BlockLoad() {}
    __device__ __forceinline__ BlockLoad(TempStorage &) {}
    template <typename InputIt> __device__ __forceinline__ void Load(InputIt it, T (&items)[N])
    { Load(it, items, member::BLOCK_THREADS * N); }
    template <typename InputIt> __device__ __forceinline__ void Load(InputIt it, T (&items)[N], int valid)
    {
        if (ALGORITHM == BLOCK_LOAD_STRIPED)
            LoadDirectStriped<member::BLOCK_THREADS>(member::rank, it, items, valid);
        else
            LoadDirectBlocked(member::rank, it, items, valid);
    }
    template <typename InputIt, typename D>
    __device__ __forceinline__ void Load(InputIt it, T (&items)[N], int valid, D oob)
    {
        for (int i = 0; i < N; i++)
            items[i] = (T)oob;
        Load(it, items, valid);
    }
};

template <typename T, int BLOCK_DIM_X, int N, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore : public __gpumc::block_member<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> {
    typedef __gpumc::block_member<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> member;

public:
    typedef typename member::TempStorage TempStorage;
    __device__ __forceinline__ BlockStore() {}
    __device__ __forceinline__ BlockStore(TempStorage &) {}
    template <typename OutputIt> __device__ __forceinline__ void Store(OutputIt it, T (&items)[N])
    { Store(it, items, member::BLOCK_THREADS * N); }
    template <typename OutputIt> __device__ __forceinline__ void Store(OutputIt it, T (&items)[N], int valid)
    {
        if (ALGORITHM == BLOCK_STORE_STRIPED)
            StoreDirectStriped<member::BLOCK_THREADS>(member::rank, it, items, valid);
        else
            StoreDirectBlocked(member::rank, it, items, valid);
    }
};

/* BlockExchange: each thread writes its items into the TempStorage where
 * the arrangement it holds puts them, meets the block (a __syncthreads(),
 * or the warp's __syncwarp() for the warp-striped forms) and reads the
 * arrangement it wants -- so reusing the storage needs one more barrier, as
 * CUB says.  Input and output may be the same array. */
template <typename T, int BLOCK_DIM_X, int N, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct TempStorage {
        T item[BLOCK_THREADS * N];
    };
    __device__ __forceinline__ BlockExchange() : temp(private_storage()), rank(__gpumc::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    __device__ __forceinline__ BlockExchange(TempStorage &t) : temp(t), rank(__gpumc::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

#define __GPUMC_CUB_EXCHANGE(NAME, FROM, TO, BLOCK)                                               \
    template <typename I, typename O> __device__ __forceinline__ void NAME(I (&in)[N], O (&out)[N]) \
    { exchange(in, out, FROM, TO, BLOCK); }                                                      \
    __device__ __forceinline__ void NAME(T (&items)[N]) { exchange(items, items, FROM, TO, BLOCK); }
    __GPUMC_CUB_EXCHANGE(StripedToBlocked, STRIPED, BLOCKED, true)
    __GPUMC_CUB_EXCHANGE(BlockedToStriped, BLOCKED, STRIPED, true)
    __GPUMC_CUB_EXCHANGE(WarpStripedToBlocked, WARP_STRIPED, BLOCKED, false)
    __GPUMC_CUB_EXCHANGE(BlockedToWarpStriped, BLOCKED, WARP_STRIPED, false)
#undef __GPUMC_CUB_EXCHANGE

    /* ranks[i]: where item i goes in the block's order */
    template <typename I, typename O, typename R>
    __device__ __forceinline__ void ScatterToBlocked(I (&in)[N], O (&out)[N], R (&ranks)[N])
    { scatter(in, out, ranks, (const bool *)0, BLOCKED); }
    template <typename I, typename O, typename R>
    __device__ __forceinline__ void ScatterToStriped(I (&in)[N], O (&out)[N], R (&ranks)[N])
    { scatter(in, out, ranks, (const bool *)0, STRIPED); }
    template <typename I, typename O, typename R>
    __device__ __forceinline__ void ScatterToStripedGuarded(I (&in)[N], O (&out)[N], R (&ranks)[N])
    {
        bool valid[N];
        for (int i = 0; i < N; i++)
            valid[i] = ranks[i] >= 0;
        scatter(in, out, ranks, valid, STRIPED);
    }
    template <typename I, typename O, typename R, typename V>
    __device__ __forceinline__ void ScatterToStripedFlagged(I (&in)[N], O (&out)[N], R (&ranks)[N],
                                                            V (&is_valid)[N])
    {
        bool valid[N];
        for (int i = 0; i < N; i++)
            valid[i] = is_valid[i];
        scatter(in, out, ranks, valid, STRIPED);
    }

private:
    enum { BLOCKED, STRIPED, WARP_STRIPED };
    TempStorage &temp;
    int rank;
    static __device__ __forceinline__ TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    /* Where item i of this thread is in an arrangement of the block's items
     * (warp-striped: striped within each warp's part, in a short last warp
     * over its own lanes). */
    __device__ __forceinline__ int at(int kind, int i) const
    {
        int warp = rank / 32, lanes = BLOCK_THREADS - warp * 32 < 32 ? BLOCK_THREADS - warp * 32 : 32;
        return kind == BLOCKED ? rank * N + i
               : kind == STRIPED ? i * BLOCK_THREADS + rank
                                 : warp * 32 * N + i * lanes + rank % 32;
    }
    __device__ __forceinline__ void meet(bool block)
    {
        if (block)
            __syncthreads();
        else
            __syncwarp();
    }
    template <typename I, typename O>
    __device__ __forceinline__ void exchange(I (&in)[N], O (&out)[N], int from, int to, bool block)
    {
        for (int i = 0; i < N; i++)
            temp.item[at(from, i)] = (T)in[i];
        meet(block);
        for (int i = 0; i < N; i++)
            out[i] = (O)temp.item[at(to, i)];
    }
    template <typename I, typename O, typename R>
    __device__ __forceinline__ void scatter(I (&in)[N], O (&out)[N], R (&ranks)[N], const bool *valid,
                                            int to)
    {
        for (int i = 0; i < N; i++)
            if (!valid || valid[i])
                temp.item[ranks[i]] = (T)in[i];
        __syncthreads();
        for (int i = 0; i < N; i++)
            out[i] = (O)temp.item[at(to, i)];
    }
};

/* BlockAdjacentDifference: each thread's items differenced with their
 * left (or right) neighbours in the block's blocked order, through the
 * TempStorage (the boundary item, then a __syncthreads()).  op(a, b) gets
 * the item and its neighbour; an item without one is copied (or differenced
 * with the tile's predecessor / successor when one is given), and one past
 * valid_items is left as it is.  Input and output may be the same array. */
template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockAdjacentDifference {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct TempStorage {
        T item[BLOCK_THREADS];
    };
    __device__ __forceinline__ BlockAdjacentDifference() : temp(private_storage()), rank(__gpumc::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}
    __device__ __forceinline__ BlockAdjacentDifference(TempStorage &t) : temp(t), rank(__gpumc::block_rank<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>()) {}

    template <int N, typename O, typename Op>
    __device__ __forceinline__ void SubtractLeft(T (&in)[N], O (&out)[N], Op op)
    { left(in, out, op, (const T *)0, BLOCK_THREADS * N); }
    template <int N, typename O, typename Op>
    __device__ __forceinline__ void SubtractLeft(T (&in)[N], O (&out)[N], Op op, T tile_predecessor_item)
    { left(in, out, op, &tile_predecessor_item, BLOCK_THREADS * N); }
    template <int N, typename O, typename Op>
    __device__ __forceinline__ void SubtractLeftPartialTile(T (&in)[N], O (&out)[N], Op op, int valid_items)
    { left(in, out, op, (const T *)0, valid_items); }
    template <int N, typename O, typename Op>
    __device__ __forceinline__ void SubtractLeftPartialTile(T (&in)[N], O (&out)[N], Op op, int valid_items,
                                                            T tile_predecessor_item)
    { left(in, out, op, &tile_predecessor_item, valid_items); }
    template <int N, typename O, typename Op>
    __device__ __forceinline__ void SubtractRight(T (&in)[N], O (&out)[N], Op op)
    { right(in, out, op, (const T *)0, BLOCK_THREADS * N); }
    template <int N, typename O, typename Op>
    __device__ __forceinline__ void SubtractRight(T (&in)[N], O (&out)[N], Op op, T tile_successor_item)
    { right(in, out, op, &tile_successor_item, BLOCK_THREADS * N); }
    template <int N, typename O, typename Op>
    __device__ __forceinline__ void SubtractRightPartialTile(T (&in)[N], O (&out)[N], Op op, int valid_items)
    { right(in, out, op, (const T *)0, valid_items); }

private:
    TempStorage &temp;
    int rank;
    static __device__ __forceinline__ TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    template <int N, typename O, typename Op>
    __device__ __forceinline__ void left(T (&in)[N], O (&out)[N], Op op, const T *pred, int valid)
    {
        T v[N];
        for (int i = 0; i < N; i++)
            v[i] = in[i];
        temp.item[rank] = v[N - 1];
        __syncthreads();
        for (int i = 0; i < N; i++) {
            int pos = rank * N + i;
            T a = v[i], b = i ? v[i - 1] : rank ? temp.item[rank - 1] : pred ? *pred : v[0];
            out[i] = pos >= valid || (pos == 0 && !pred) ? (O)a : (O)op(a, b);
        }
    }
    template <int N, typename O, typename Op>
    __device__ __forceinline__ void right(T (&in)[N], O (&out)[N], Op op, const T *succ, int valid)
    {
        T v[N];
        for (int i = 0; i < N; i++)
            v[i] = in[i];
        temp.item[rank] = v[0];
        __syncthreads();
        int last = valid < BLOCK_THREADS * N ? valid - 1 : BLOCK_THREADS * N - 1;
        for (int i = 0; i < N; i++) {
            int pos = rank * N + i;
            T a = v[i], b = i + 1 < N ? v[i + 1] : rank + 1 < BLOCK_THREADS ? temp.item[rank + 1]
                                                 : succ ? *succ : v[i];
            bool alone = pos > last || (pos == last && !(succ && last == BLOCK_THREADS * N - 1));
            out[i] = alone ? (O)a : (O)op(a, b);
        }
    }
};

/* ---- warp collectives ---------------------------------------------------------------- */

namespace __gpumc {
/* The lanes of the caller's logical warp of W lanes, as a shuffle mask. */
template <int W> __device__ __forceinline__ unsigned logical_mask()
{
    unsigned lane = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32u;
    return W >= 32 ? 0xffffffffu : ((1u << W) - 1u) << (lane / W * W);
}
template <int W> __device__ __forceinline__ int logical_lane()
{
    return (int)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % (unsigned)W);
}
} // namespace __gpumc

template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
    struct TempStorage {
        char unused;
    };
    __device__ __forceinline__ WarpReduce(TempStorage &) {}
    template <class Op> __device__ __forceinline__ T Reduce(T input, Op op)
    { return Reduce(input, op, LOGICAL_WARP_THREADS); }
    /* lanes from valid_items on do not contribute; lane 0 has the result */
    template <class Op> __device__ __forceinline__ T Reduce(T input, Op op, int valid_items)
    {
        unsigned mask = __gpumc::logical_mask<LOGICAL_WARP_THREADS>();
        int lane = __gpumc::logical_lane<LOGICAL_WARP_THREADS>();
        T v = input;
        for (int off = 1; off < LOGICAL_WARP_THREADS; off *= 2) {
            T other = __shfl_down_sync(mask, v, off, LOGICAL_WARP_THREADS);
            if (lane % (2 * off) == 0 && lane + off < valid_items)
                v = op(v, other);
        }
        return v;
    }
    __device__ __forceinline__ T Sum(T input) { return Reduce(input, cub::Sum()); }
    __device__ __forceinline__ T Sum(T input, int valid_items) { return Reduce(input, cub::Sum(), valid_items); }
};

template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
public:
    struct TempStorage {
        char unused;
    };
    __device__ __forceinline__ WarpScan(TempStorage &) {}
    __device__ __forceinline__ void InclusiveSum(T input, T &output) { InclusiveScan(input, output, cub::Sum()); }
    __device__ __forceinline__ void InclusiveSum(T input, T &output, T &aggregate)
    { InclusiveScan(input, output, cub::Sum(), aggregate); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output) { ExclusiveScan(input, output, T(), cub::Sum()); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output, T &aggregate)
    { ExclusiveScan(input, output, T(), cub::Sum(), aggregate); }
    template <class Op> __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op)
    { T a; InclusiveScan(input, output, op, a); }
    template <class Op> __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op, T &aggregate)
    {
        unsigned mask = __gpumc::logical_mask<LOGICAL_WARP_THREADS>();
        int lane = __gpumc::logical_lane<LOGICAL_WARP_THREADS>();
        T v = input;
        for (int off = 1; off < LOGICAL_WARP_THREADS; off *= 2) {
            T other = __shfl_up_sync(mask, v, off, LOGICAL_WARP_THREADS);
            if (lane >= off)
                v = op(other, v);
        }
        output = v;
        aggregate = __shfl_sync(mask, v, LOGICAL_WARP_THREADS - 1, LOGICAL_WARP_THREADS);
    }
    template <class Op> __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial, Op op)
    { T a; ExclusiveScan(input, output, initial, op, a); }
    template <class Op>
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial, Op op, T &aggregate)
    {
        unsigned mask = __gpumc::logical_mask<LOGICAL_WARP_THREADS>();
        int lane = __gpumc::logical_lane<LOGICAL_WARP_THREADS>();
        T incl;
        InclusiveScan(input, incl, op, aggregate);
        T before = __shfl_up_sync(mask, incl, 1, LOGICAL_WARP_THREADS);
        output = lane ? op(initial, before) : initial;
    }
};

/* ---- iterators (the common ones) ------------------------------------------------------ */

template <typename T, typename OffsetT = ptrdiff_t> class CountingInputIterator {
public:
    typedef T value_type;
    __host__ __device__ __forceinline__ CountingInputIterator(const T &v) : val(v) {}
    __host__ __device__ __forceinline__ T operator*() const { return val; }
    template <typename D> __host__ __device__ __forceinline__ T operator[](D n) const { return val + (T)n; }
    template <typename D> __host__ __device__ __forceinline__ CountingInputIterator operator+(D n) const
    { return CountingInputIterator(val + (T)n); }
    __host__ __device__ __forceinline__ CountingInputIterator &operator++() { ++val; return *this; }

private:
    T val;
};

template <typename T, typename OffsetT = ptrdiff_t> class ConstantInputIterator {
public:
    typedef T value_type;
    __host__ __device__ __forceinline__ ConstantInputIterator(const T &v) : val(v) {}
    __host__ __device__ __forceinline__ T operator*() const { return val; }
    template <typename D> __host__ __device__ __forceinline__ T operator[](D) const { return val; }
    template <typename D> __host__ __device__ __forceinline__ ConstantInputIterator operator+(D) const { return *this; }

private:
    T val;
};

template <typename ValueType, typename ConversionOp, typename InputIt, typename OffsetT = ptrdiff_t>
class TransformInputIterator {
public:
    typedef ValueType value_type;
    __host__ __device__ __forceinline__ TransformInputIterator(InputIt it, ConversionOp op) : it(it), op(op) {}
    __host__ __device__ __forceinline__ ValueType operator*() const { return op(*it); }
    template <typename D> __host__ __device__ __forceinline__ ValueType operator[](D n) const { return op(it[n]); }
    template <typename D> __host__ __device__ __forceinline__ TransformInputIterator operator+(D n) const
    { return TransformInputIterator(it + n, op); }

private:
    InputIt it;
    ConversionOp op;
};

/* ---- device-wide algorithms and the allocator: host code, never run ---------- */

#define GPUMC_CUB_HOST_ALGO(name) \
    template <class... A> __host__ static cudaError_t name(A &&...)

struct DeviceReduce {
    GPUMC_CUB_HOST_ALGO(Sum); GPUMC_CUB_HOST_ALGO(Max); GPUMC_CUB_HOST_ALGO(Min);
    GPUMC_CUB_HOST_ALGO(Reduce); GPUMC_CUB_HOST_ALGO(ArgMax); GPUMC_CUB_HOST_ALGO(ArgMin);
    GPUMC_CUB_HOST_ALGO(ReduceByKey); GPUMC_CUB_HOST_ALGO(TransformReduce);
};
struct DeviceSegmentedReduce {
    GPUMC_CUB_HOST_ALGO(Sum); GPUMC_CUB_HOST_ALGO(Max); GPUMC_CUB_HOST_ALGO(Min);
    GPUMC_CUB_HOST_ALGO(Reduce); GPUMC_CUB_HOST_ALGO(ArgMax); GPUMC_CUB_HOST_ALGO(ArgMin);
};
struct DeviceScan {
    GPUMC_CUB_HOST_ALGO(ExclusiveSum); GPUMC_CUB_HOST_ALGO(InclusiveSum);
    GPUMC_CUB_HOST_ALGO(ExclusiveScan); GPUMC_CUB_HOST_ALGO(InclusiveScan);
    GPUMC_CUB_HOST_ALGO(ExclusiveSumByKey); GPUMC_CUB_HOST_ALGO(InclusiveSumByKey);
};
struct DeviceSelect {
    GPUMC_CUB_HOST_ALGO(If); GPUMC_CUB_HOST_ALGO(Flagged); GPUMC_CUB_HOST_ALGO(Unique);
    GPUMC_CUB_HOST_ALGO(UniqueByKey);
};
struct DevicePartition {
    GPUMC_CUB_HOST_ALGO(If); GPUMC_CUB_HOST_ALGO(Flagged);
};
struct DeviceRadixSort {
    GPUMC_CUB_HOST_ALGO(SortKeys); GPUMC_CUB_HOST_ALGO(SortPairs);
    GPUMC_CUB_HOST_ALGO(SortKeysDescending); GPUMC_CUB_HOST_ALGO(SortPairsDescending);
};
struct DeviceSegmentedRadixSort {
    GPUMC_CUB_HOST_ALGO(SortKeys); GPUMC_CUB_HOST_ALGO(SortPairs);
    GPUMC_CUB_HOST_ALGO(SortKeysDescending); GPUMC_CUB_HOST_ALGO(SortPairsDescending);
};
struct DeviceHistogram {
    GPUMC_CUB_HOST_ALGO(HistogramEven); GPUMC_CUB_HOST_ALGO(HistogramRange);
    GPUMC_CUB_HOST_ALGO(MultiHistogramEven); GPUMC_CUB_HOST_ALGO(MultiHistogramRange);
};
struct DeviceRunLengthEncode {
    GPUMC_CUB_HOST_ALGO(Encode); GPUMC_CUB_HOST_ALGO(NonTrivialRuns);
};
struct DeviceMergeSort {
    GPUMC_CUB_HOST_ALGO(SortKeys); GPUMC_CUB_HOST_ALGO(SortPairs);
    GPUMC_CUB_HOST_ALGO(StableSortKeys); GPUMC_CUB_HOST_ALGO(StableSortPairs);
};
#undef GPUMC_CUB_HOST_ALGO

struct CachingDeviceAllocator {
    __host__ CachingDeviceAllocator(unsigned bin_growth = 8, unsigned min_bin = 3,
                                    unsigned max_bin = 7, size_t max_cached_bytes = (size_t)-1,
                                    bool skip_cleanup = false, bool debug = false);
    __host__ cudaError_t DeviceAllocate(void **p, size_t bytes, cudaStream_t s = 0);
    __host__ cudaError_t DeviceAllocate(int device, void **p, size_t bytes, cudaStream_t s = 0);
    __host__ cudaError_t DeviceFree(void *p);
    __host__ cudaError_t DeviceFree(int device, void *p);
    __host__ cudaError_t FreeAllCached();
};

/* WarpExchange: a logical warp's items through its TempStorage (each lane
 * writes its own where the arrangement it holds puts them, the warp meets
 * at a __syncwarp over its lanes, each reads the arrangement it wants). */
template <typename T, int N, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpExchange {
public:
    struct TempStorage {
        T item[LOGICAL_WARP_THREADS * N];
    };
    __device__ __forceinline__ WarpExchange(TempStorage &t)
        : temp(t), lane(__gpumc::logical_lane<LOGICAL_WARP_THREADS>()) {}
    template <typename I, typename O> __device__ __forceinline__ void BlockedToStriped(I (&in)[N], O (&out)[N])
    { exchange(in, out, true); }
    template <typename I, typename O> __device__ __forceinline__ void StripedToBlocked(I (&in)[N], O (&out)[N])
    { exchange(in, out, false); }
    template <typename R> __device__ __forceinline__ void ScatterToStriped(T (&items)[N], R (&ranks)[N])
    {
        for (int i = 0; i < N; i++)
            temp.item[ranks[i]] = items[i];
        __syncwarp(__gpumc::logical_mask<LOGICAL_WARP_THREADS>());
        for (int i = 0; i < N; i++)
            items[i] = temp.item[i * LOGICAL_WARP_THREADS + lane];
    }

private:
    TempStorage &temp;
    int lane;
    template <typename I, typename O> __device__ __forceinline__ void exchange(I (&in)[N], O (&out)[N], bool to_striped)
    {
        for (int i = 0; i < N; i++)
            temp.item[to_striped ? lane * N + i : i * LOGICAL_WARP_THREADS + lane] = (T)in[i];
        __syncwarp(__gpumc::logical_mask<LOGICAL_WARP_THREADS>());
        for (int i = 0; i < N; i++)
            out[i] = (O)temp.item[to_striped ? i * LOGICAL_WARP_THREADS + lane : lane * N + i];
    }
};

} // namespace cub

#endif
#include <gpumc_names_restore.h>
