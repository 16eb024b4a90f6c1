/*
 * elide.c -- the table of a thread's epoch (see elide.h).
 */
#include "elide.h"

#include <string.h>

void elide_init(elide_table *e)
{
    memset(e, 0, sizeof *e);
    e->epoch = 1; /* slots start at epoch 0: free */
}

void elide_next_epoch(elide_table *e)
{
    e->nwait = 0;
    e->nused = 0;
    if (++e->epoch == 0) /* after 2^32 epochs: old slots would look current */
        elide_init(e);
}

static uint32_t home(uint32_t loc)
{
    return (loc * 0x9E3779B1u) >> 24; /* the top 8 bits: ELIDE_SLOTS == 256 */
}

static elide_slot *probe(elide_table *e, uint32_t loc, uint32_t k)
{
    return &e->slot[(home(loc) + k) & (ELIDE_SLOTS - 1)];
}

elide_slot *elide_find(elide_table *e, uint32_t loc)
{
    for (uint32_t k = 0; k < ELIDE_PROBE; k++) {
        elide_slot *s = probe(e, loc, k);
        if (s->epoch == e->epoch && s->loc1 == loc + 1)
            return s;
    }
    return NULL;
}

elide_slot *elide_place(elide_table *e, uint32_t loc)
{
    elide_slot *quiet = NULL;
    for (uint32_t k = 0; k < ELIDE_PROBE; k++) {
        elide_slot *s = probe(e, loc, k);
        if (s->epoch != e->epoch || s->loc1 == loc + 1)
            return s;
        if (!quiet && !s->waiting)
            quiet = s;
    }
    /* all taken: rather one whose value is an event already (nothing to
     * emit), else the first */
    return quiet ? quiet : probe(e, loc, 0);
}

static void hold(elide_table *e, elide_slot *s, uint32_t loc, unsigned size)
{
    if (s->epoch != e->epoch) /* a free slot: taken now */
        e->used[e->nused++] = (uint16_t)(s - e->slot);
    s->loc1 = loc + 1;
    s->epoch = e->epoch;
    s->size = (uint8_t)size;
}

void elide_hold_event(elide_table *e, elide_slot *s, uint32_t loc, uint32_t ev, unsigned size)
{
    hold(e, s, loc, size);
    s->ev = ev;
    s->waiting = 0;
}

int elide_hold_write(elide_table *e, elide_slot *s, uint32_t loc, uint64_t value,
                     unsigned size, unsigned scope, uint32_t src)
{
    int was_waiting = s->epoch == e->epoch && s->waiting;
    if (!was_waiting && e->nwait == ELIDE_SLOTS)
        return -1;
    hold(e, s, loc, size);
    s->value = value;
    s->scope = (uint8_t)scope;
    s->src = src;
    s->waiting = 1;
    if (!was_waiting)
        e->wait[e->nwait++] = (uint16_t)(s - e->slot);
    return 0;
}

void elide_save(const elide_table *e, elide_saved *s)
{
    s->nwait = e->nwait;
    s->nused = e->nused;
    memcpy(s->wait, e->wait, e->nwait * sizeof *e->wait);
    memcpy(s->used, e->used, e->nused * sizeof *e->used);
    for (uint32_t i = 0; i < e->nused; i++)
        s->slot[i] = e->slot[e->used[i]];
}

void elide_restore(elide_table *e, const elide_saved *s)
{
    elide_next_epoch(e); /* an epoch no slot of e has: all free */
    e->nwait = s->nwait;
    e->nused = s->nused;
    memcpy(e->wait, s->wait, s->nwait * sizeof *s->wait);
    memcpy(e->used, s->used, s->nused * sizeof *s->used);
    for (uint32_t i = 0; i < s->nused; i++) {
        e->slot[s->used[i]] = s->slot[i];
        e->slot[s->used[i]].epoch = e->epoch;
    }
}
