// A kernel with C++ default arguments that its program leaves out
// (scale<<<1, 4>>>(out)): a parameter given no --arg value takes its
// default, as the launch would pass it; --arg still sets it.
__global__ void scale(float *out, float factor = 0.5f, int offset = 2, bool negate = false)
{
    float v = (threadIdx.x + offset) * factor;
    out[threadIdx.x] = negate ? -v : v;
}
