/* shadow.c -- see shadow.h. */
#include "shadow.h"

#include <stdlib.h>

#define PRUNE_MIN 8

static int sees_point(shadow_point q, uint32_t u, shadow_sees_fn sees, void *ud)
{
    return q.t == u || sees(ud, q.t, q.p);
}

/* v, of n elements of `size` bytes and capacity *cap, with room for one
 * more: itself or moved (the capacity doubled, from `first`); NULL when
 * out of memory (v is then unchanged). */
static void *room_for_one(void *v, uint32_t n, uint32_t *cap, size_t size, uint32_t first)
{
    if (n < *cap)
        return v;
    uint32_t c = *cap ? 2 * *cap : first;
    void *nv = realloc(v, c * size);
    if (nv)
        *cap = c;
    return nv;
}

static int new_list(shadow_lists *L, uint32_t *id)
{
    if (L->nfree) {
        *id = L->free[--L->nfree];
        return 0;
    }
    shadow_list *l = room_for_one(L->l, L->n, &L->cap, sizeof *L->l, 64);
    if (!l)
        return -1;
    L->l = l;
    L->l[L->n] = (shadow_list){NULL, 0, 0, PRUNE_MIN};
    *id = L->n++;
    return 0;
}

static void drop_list(shadow_lists *L, uint32_t id)
{
    uint32_t *f = room_for_one(L->free, L->nfree, &L->capfree, sizeof *L->free, 64);
    if (!f) {
        L->l[id].n = 0; /* in use by no cell: lost until a reset */
        return;
    }
    L->free = f;
    L->l[id].n = 0;
    L->l[id].prune_at = PRUNE_MIN;
    L->free[L->nfree++] = id;
}

static int push(shadow_list *l, shadow_point q)
{
    shadow_point *v = room_for_one(l->v, l->n, &l->cap, sizeof *l->v, 4);
    if (!v)
        return -1;
    l->v = v;
    l->v[l->n++] = q;
    return 0;
}

/* Reads the new one covers go: a write that sees the new read sees them
 * too (hb is transitive; the same thread's older read is po-before).  Run
 * when the list doubled since the last pruning, so each read costs O(1)
 * pruning work on average while the list stays within twice the reads no
 * other one covers. */
static void prune(shadow_list *l, uint32_t u, shadow_sees_fn sees, void *ud)
{
    shadow_point last = l->v[l->n - 1];
    uint32_t k = 0;
    for (uint32_t i = 0; i + 1 < l->n; i++)
        if (!sees_point(l->v[i], u, sees, ud))
            l->v[k++] = l->v[i];
    l->v[k++] = last;
    l->n = k;
    l->prune_at = 2 * k > PRUNE_MIN ? 2 * k : PRUNE_MIN;
}

static int write_seen(const shadow_cell *c, uint32_t u, shadow_sees_fn sees, void *ud)
{
    return c->wt == 0 || c->wt - 1 == u || sees(ud, c->wt - 1, c->wp);
}

int shadow_read(shadow_lists *L, shadow_cell *c, uint32_t u, uint32_t n, shadow_sees_fn sees,
                void *ud)
{
    if (c->rt == u + 1 && c->rp == n)
        return 0; /* this very point read it already: nothing new */
    if (!write_seen(c, u, sees, ud))
        return 1;
    shadow_point q = {u, n};
    if (c->rt == 0 || c->rt == u + 1 ||
        (c->rt != SHADOW_MANY && sees(ud, c->rt - 1, c->rp))) {
        c->rt = u + 1; /* the new read covers the old one */
        c->rp = n;
        return 0;
    }
    if (c->rt != SHADOW_MANY) { /* two unordered reads: a list */
        uint32_t id;
        if (new_list(L, &id) != 0)
            return -1;
        shadow_list *l = &L->l[id];
        if (push(l, (shadow_point){c->rt - 1, c->rp}) != 0 || push(l, q) != 0)
            return -1;
        c->rt = SHADOW_MANY;
        c->rp = id;
        return 0;
    }
    shadow_list *l = &L->l[c->rp];
    if (push(l, q) != 0)
        return -1;
    if (l->n >= l->prune_at)
        prune(l, u, sees, ud);
    return 0;
}

int shadow_write(shadow_lists *L, shadow_cell *c, uint32_t u, uint32_t n, shadow_sees_fn sees,
                 void *ud)
{
    if (c->wt == u + 1 && c->wp == n && (c->rt == 0 || c->rt == u + 1))
        return 0; /* its own write of this point, read back by itself at most */
    if (!write_seen(c, u, sees, ud))
        return 1;
    if (c->rt == SHADOW_MANY) {
        shadow_list *l = &L->l[c->rp];
        for (uint32_t i = 0; i < l->n; i++)
            if (!sees_point(l->v[i], u, sees, ud))
                return 1;
        drop_list(L, c->rp);
    } else if (c->rt && c->rt - 1 != u && !sees(ud, c->rt - 1, c->rp)) {
        return 1;
    }
    c->wt = u + 1;
    c->wp = n;
    c->rt = 0;
    c->rp = 0;
    return 0;
}

void shadow_lists_reset(shadow_lists *L)
{
    L->nfree = 0;
    for (uint32_t i = L->n; i-- > 0;) {
        L->l[i].n = 0;
        L->l[i].prune_at = PRUNE_MIN;
        if (L->nfree < L->capfree)
            L->free[L->nfree++] = i;
    }
    if (L->nfree < L->n) { /* no room to list them all: start the pool over */
        for (uint32_t i = 0; i < L->n; i++)
            free(L->l[i].v);
        L->n = 0;
        L->nfree = 0;
    }
}

void shadow_lists_free(shadow_lists *L)
{
    for (uint32_t i = 0; i < L->n; i++)
        free(L->l[i].v);
    free(L->l);
    free(L->free);
    *L = (shadow_lists){0};
}
