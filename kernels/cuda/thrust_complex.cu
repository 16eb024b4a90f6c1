// A file of a Thrust program: host code with device_vector, sort, reduce
// and raw_pointer_cast (compiled, never run), and a kernel computing with
// thrust::complex and unpacking a thrust::tuple with thrust::tie.  Each
// thread squares its complex number; with -DRACE thread i also writes its
// neighbour's magnitude.
#include <thrust/complex.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/tuple.h>

typedef thrust::complex<float> cfloat;

__device__ thrust::tuple<float, float> parts(cfloat z)
{
    return thrust::make_tuple(z.real(), z.imag());
}

__global__ void square(const cfloat *z, float *re, float *mag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    cfloat w = z[i] * z[i];
    float r, im;
    thrust::tie(r, im) = parts(w);
    re[i] = r + 0.0f * im;
    mag[i] = thrust::abs(w);
#ifdef RACE
    if (i + 1 < n)
        mag[i + 1] = thrust::norm(w);
#endif
}

int main()
{
    int n = 8;
    thrust::device_vector<cfloat> z(n, cfloat(1.0f, 2.0f));
    thrust::device_vector<float> re(n), mag(n);
    square<<<2, 4>>>(thrust::raw_pointer_cast(z.data()), thrust::raw_pointer_cast(re.data()),
                     thrust::raw_pointer_cast(mag.data()), n);
    thrust::sort(thrust::device, mag.begin(), mag.end(), thrust::greater<float>());
    float total = thrust::reduce(mag.begin(), mag.end(), 0.0f, thrust::plus<float>());
    return total > 0.0f ? 0 : 1;
}
