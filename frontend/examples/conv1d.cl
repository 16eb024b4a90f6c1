// 1-D convolution (radius 1) with the halo staged in local memory.
// launch: --grid=2 --block=2 --arg in=int[4]:1,2,3,4 --arg out=int[4]
// expect: no error; with -DNO_BARRIER the local tile is read before the
// neighbours wrote it: data race.
__kernel void conv1d(__global const int *in, __global int *out) {
  __local int tile[4];
  int l = (int)get_local_id(0), g = (int)get_global_id(0);
  int n = (int)get_global_size(0);
  tile[l + 1] = in[g];
  if (l == 0)
    tile[0] = g > 0 ? in[g - 1] : 0;
  if (l == (int)get_local_size(0) - 1)
    tile[l + 2] = g + 1 < n ? in[g + 1] : 0;
#ifndef NO_BARRIER
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
  out[g] = tile[l] + tile[l + 1] + tile[l + 2];
}
