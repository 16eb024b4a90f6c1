/*
 * libcu_std.cu -- libcu++'s standard headers on the device, as kernels
 * written against CCCL use them (1 CTA x 8 threads, --block=8; in: 8
 * unsigned, out: 8 unsigned).  Each thread views the block's slots through
 * a cuda::std::span over shared memory, stages a bit count of its input,
 * synchronises and combines its neighbour's slot with its own:
 *
 *   out[i] = popcount(in[i]) + 16 * bit_width(in[(i + 1) % 8])
 *            + 256 * (has_single_bit(in[i]) ? 1 : 0)
 *
 * plus a few values checked on every thread (limits, tuple, array, swap,
 * bit_cast, clamp, gcd, cmath): out[i] stays as above only if they hold.
 *
 *   (none)    no error, out pinned by --post
 *   NO_SYNC   the barrier is left out: the neighbour's slot is read while
 *             it is written, a data race
 */
#include <cuda/std/algorithm>
#include <cuda/std/array>
#include <cuda/std/bit>
#include <cuda/std/cmath>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <cuda/std/numeric>
#include <cuda/std/span>
#include <cuda/std/tuple>
#include <cuda/std/utility>

namespace cstd = cuda::std;

__device__ bool library_holds()
{
    cstd::array<cstd::uint32_t, 3> a = {3, 1, 2};
    cstd::swap(a[0], a[1]);
    auto t = cstd::make_tuple(a[0], 2.5f);
    float f = cstd::bit_cast<float>(0x40400000u); /* 3.0f */
    return a[0] == 1 && a[1] == 3 && cstd::get<1>(t) == 2.5f && f == 3.0f &&
           cstd::numeric_limits<cstd::uint8_t>::max() == 255 && cstd::clamp(9, 0, 7) == 7 &&
           cstd::gcd(12u, 18u) == 6u && cstd::sqrt(16.0f) == 4.0f && cstd::rotl(0x80000001u, 1) == 3u &&
           cstd::bit_ceil(5u) == 8u && cstd::countr_zero(8u) == 3;
}

__global__ void bitstats(const cstd::uint32_t *in, cstd::uint32_t *out)
{
    __shared__ cstd::uint32_t slots[8];
    cstd::span<cstd::uint32_t, 8> view(slots);
    unsigned i = threadIdx.x;
    view[i] = in[i];
#ifndef NO_SYNC
    __syncthreads();
#endif
    cstd::uint32_t mine = view[i], next = view[(i + 1) % view.size()];
    cstd::uint32_t r = cstd::popcount(mine) + 16u * cstd::bit_width(next) +
                       256u * (cstd::has_single_bit(mine) ? 1u : 0u);
    out[i] = library_holds() ? r : 0xdeadu;
}
