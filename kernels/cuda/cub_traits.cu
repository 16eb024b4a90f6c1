// cub::Traits, as radix sorts use it: a key's bits twiddled so that their
// unsigned order is the key's order (TwiddleIn), and back (TwiddleOut);
// Max(), Lowest(), CATEGORY.  Launch: --grid=1 --block=2, in = float[2]
// (-1.5, 2.0), iin = int[2] (-3, 5), out = unsigned[2], back = float[2],
// ext = int[5]; --post pins the order and the round trip.
#include <cub/cub.cuh>

__global__ void twiddle(const float *in, const int *iin, unsigned *out, float *back, int *ext)
{
    typedef cub::Traits<float>::UnsignedBits Bits;
    Bits b = reinterpret_cast<const Bits *>(in)[threadIdx.x];
    Bits t = cub::Traits<float>::TwiddleIn(b);
    out[threadIdx.x] = t;
    Bits o = cub::Traits<float>::TwiddleOut(t);
    back[threadIdx.x] = reinterpret_cast<const float &>(o);
    unsigned ti = cub::Traits<int>::TwiddleIn((unsigned)iin[threadIdx.x]);
    ext[threadIdx.x] = ti > 0x80000000u; /* -3 below the middle, 5 above */
    if (threadIdx.x == 0) {
        ext[2] = cub::Traits<int>::Max() == 2147483647;
        ext[3] = cub::Traits<float>::Lowest() < -1e38f;
        ext[4] = cub::Traits<const unsigned>::CATEGORY == cub::UNSIGNED_INTEGER;
    }
}
