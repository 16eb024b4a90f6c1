/*
 * elide.h -- a thread's repeated plain accesses, which need no events.
 *
 * Between two of a thread's synchronisation points -- any event but a plain
 * read or write: atomics, fences, barriers, collectives, spawns, joins, its
 * end -- nothing new enters or leaves its happens-before view.  In such a
 * stretch (an epoch) a second plain access to a location races with exactly
 * the accesses the first one races with, and in an execution with no race
 * so far a plain read can only read the location's latest write in the
 * thread's view (docs/model.md, "Repeated plain accesses").  So, in a run
 * that stops at its first race:
 *   - a plain read of a location the thread already read or wrote in the
 *     epoch returns that access's value and adds no event;
 *   - plain writes wait here, the latest value per location, and become one
 *     event each at the epoch's end (or when their slot is needed).
 * This module is the table of one thread's epoch: location -> the event
 * holding its value, or the write waiting.  It keeps the table only; the
 * runtime (runtime.c) decides what an epoch is and adds the events.
 *
 * Fixed size, open addressing with a short probe: a location that finds no
 * free slot takes over one (a write waiting there becomes an event first),
 * so what misses is an event, as without the table.  Slots of older
 * epochs are free, so starting an epoch costs O(1).  Decisions depend only
 * on what the thread did since the epoch began, which replays repeat
 * exactly.
 * Ownership: a plain struct; a thread's checkpoints keep what holds in
 * the current epoch (elide_save), so a save or restore costs the slots in
 * use, not the table.
 */
#ifndef GPUMC_ELIDE_H
#define GPUMC_ELIDE_H

#include <stdint.h>

#define ELIDE_SLOTS 256 /* a power of two */
#define ELIDE_PROBE 4

typedef struct elide_slot {
    uint32_t loc1;  /* location id + 1 (0: never used) */
    uint32_t epoch; /* the epoch it holds for; any other: free */
    uint32_t ev;    /* not waiting: the thread's event whose value it has */
    uint32_t src;   /* waiting: the latest write's source location */
    uint64_t value; /* waiting: the value written */
    uint8_t size;   /* bytes */
    uint8_t scope;  /* waiting: the latest write's scope as written */
    uint8_t waiting;/* a write not yet an event */
} elide_slot;

typedef struct elide_table {
    uint32_t epoch;
    uint32_t nwait; /* entries of `wait`: slots that became waiting this
                       epoch, in that order (a slot reused may repeat) */
    uint32_t nused; /* entries of `used`: slots taken this epoch */
    uint16_t wait[ELIDE_SLOTS];
    uint16_t used[ELIDE_SLOTS];
    elide_slot slot[ELIDE_SLOTS];
} elide_table;

/* The current epoch of a table, for a checkpoint: the slots in use and
 * the order their writes began waiting. */
typedef struct elide_saved {
    uint32_t nwait, nused;
    uint16_t wait[ELIDE_SLOTS];
    uint16_t used[ELIDE_SLOTS];
    elide_slot slot[ELIDE_SLOTS]; /* slot[i]: the content of used[i] */
} elide_saved;

/* A fresh table: every slot free. */
void elide_init(elide_table *e);

/* A new epoch: every slot is free again, any write still waiting gone
 * (the caller made them events first, or drops them with the thread's
 * run).  A table passed to another thread starts its next epoch too: it
 * carries its own count, so it needs no clearing. */
void elide_next_epoch(elide_table *e);

/* loc's slot in this epoch, NULL if none. */
elide_slot *elide_find(elide_table *e, uint32_t loc);

/* A slot for loc: its own, a free one, or one to take over -- which, if
 * waiting, the caller must make an event before using it. */
elide_slot *elide_place(elide_table *e, uint32_t loc);

/* s (placed for loc) now holds the value of the thread's event ev. */
void elide_hold_event(elide_table *e, elide_slot *s, uint32_t loc, uint32_t ev, unsigned size);

/* s (placed for loc) now holds a waiting write.  0, or -1 when the list
 * of waiting slots is full: the caller ends the epoch first. */
int elide_hold_write(elide_table *e, elide_slot *s, uint32_t loc, uint64_t value,
                     unsigned size, unsigned scope, uint32_t src);

/* Save e's current epoch into s. */
void elide_save(const elide_table *e, elide_saved *s);

/* Make e's current epoch what s saved, every other slot free.  e need not
 * be the table s was saved from: a restored thread keeps its own. */
void elide_restore(elide_table *e, const elide_saved *s);

#endif
