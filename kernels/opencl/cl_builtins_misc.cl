// OpenCL built-ins without a kernel of their own elsewhere, each result
// pinned by --post: a strided async copy into __local memory with a
// prefetch, 1.x atom_add, work_group_barrier with its scope, mem_fence and
// atomic_work_item_fence.  Launch: --global-size=8 --local-size=4,
// in: int[16], out: int[16], count: int[1], tile: int[4] (__local).
//   LOCAL_ONLY  the barrier names only local memory, so out written
//               before it and read after it by another work-item races
kernel void misc(global const int *in, global int *out, global int *count,
                 local int *tile)
{
    size_t l = get_local_id(0), g = get_group_id(0), n = get_local_size(0);
    prefetch(in + 2 * n * g, 2 * n);
    // every other element of this group's stretch: in[2 * (n * g + k)]
    event_t e = async_work_group_strided_copy(tile, in + 2 * n * g, n, 2, 0);
    wait_group_events(1, &e);
    atom_add(count, 1);
    out[get_global_id(0)] = tile[n - 1 - l];
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
#ifdef LOCAL_ONLY
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
#else
    work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
#endif
    out[8 + get_global_id(0)] = 2 * out[g * n + (l + 1) % n]; // a neighbour's, after the barrier
}

#ifdef IMAGE
// Images are not modelled: a clear "unsupported" error (exit 5).
kernel void sample(read_only image2d_t img, global float4 *o)
{
    sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    o[get_global_id(0)] = read_imagef(img, s, (int2)(0, 0));
}
#endif
#ifdef PIPE
// Pipes neither (OpenCL 2.0).
kernel void produce(write_only pipe int p)
{
    int v = (int)get_global_id(0);
    write_pipe(p, &v);
}
#endif
