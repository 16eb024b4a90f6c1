/*
 * cooperative_groups/memcpy_async.h -- a group's asynchronous copy for
 * gpumc: cg::memcpy_async(group, dst, src, bytes), cg::wait(group),
 * cg::wait_prior<N>(group).
 *
 * The copy is the group's, done by its members in unspecified shares and
 * complete only at the wait, which also synchronises the group.  gpumc
 * makes the copy at the call, each member copying every size()-th word
 * (4 bytes when all three arguments allow it, else 2 or 1) starting at the
 * next member's rank: no member copies what it would call its own share,
 * so a member that reads any of dst -- or writes src -- before the wait
 * races with another member's copy, as it may on the GPU.  (A group of
 * one thread copies alone, and its own early read goes unnoticed.)  The
 * wait is the group's sync(): wait_prior<N> waits for everything, which
 * orders no less than N pending batches would.
 */
#include <gpumc_names_save.h>
#ifndef GPUMC_CG_MEMCPY_ASYNC_H
#define GPUMC_CG_MEMCPY_ASYNC_H

#include <cooperative_groups.h>

namespace cooperative_groups {

namespace __gpumc_cg {
template <class W>
__forceinline__ __device__ void copy_share(W *d, const W *s, unsigned long long n,
                                           unsigned long long from, unsigned long long step)
{
    for (unsigned long long i = from; i < n; i += step)
        d[i] = s[i];
}
} // namespace __gpumc_cg

template <class Group>
__forceinline__ __device__ void memcpy_async(const Group &g, void *dst, const void *src,
                                             unsigned long long bytes)
{
    unsigned long long n = g.size(), first = ((unsigned long long)g.thread_rank() + 1) % n;
    unsigned long long align = (unsigned long long)dst | (unsigned long long)src | bytes;
    if (!(align & 3))
        __gpumc_cg::copy_share((unsigned int *)dst, (const unsigned int *)src, bytes / 4, first, n);
    else if (!(align & 1))
        __gpumc_cg::copy_share((unsigned short *)dst, (const unsigned short *)src, bytes / 2,
                               first, n);
    else
        __gpumc_cg::copy_share((unsigned char *)dst, (const unsigned char *)src, bytes, first, n);
}

template <class Group> __forceinline__ __device__ void wait(const Group &g) { g.sync(); }
template <unsigned int N, class Group>
__forceinline__ __device__ void wait_prior(const Group &g) { g.sync(); }

} // namespace cooperative_groups

#endif
#include <gpumc_names_restore.h>
