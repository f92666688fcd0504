/*
 * jobs.h — the one job pool of the batch tools: items 0 .. n-1 worked on by
 * a number of threads, each thread with its own state (a search, a buffer),
 * each item taken once, and what an item leaves (a record to write, a
 * progress line) handled under one lock as items end. Training, `train
 * match`, the ladder, the test set, the ProbCut table, the calibration, the
 * importers and the worker processes of a match (match.c) run through it.
 */
#ifndef OTHELLO_JOBS_H
#define OTHELLO_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { JOBS_MAX_THREADS = 64 /* most threads of one run */ };

struct eval;

/* A thread state that starts with a search (jobs_searcher_new's arguments). */
struct jobs_searcher {
	size_t size;	       /* bytes of the state, 0: none of this kind */
	size_t tt_mb;	       /* megabytes of the search's table */
	const struct eval *ev; /* the search's evaluation */
};

struct jobs {
	size_t items;			      /* items 0 .. items - 1 */
	int threads;			      /* threads (clamped to 1 .. JOBS_MAX_THREADS) */
	void *ctx;			      /* the caller's, handed to every callback */
	const uint8_t *done;		      /* items with done[item] set (done before) are
						 passed over; NULL: none */
	bool (*skip)(void *ctx, size_t item); /* under the lock: pass over an item (one done
						 before); NULL: take every item */
	void *(*start)(void *ctx);     /* a thread's own state; NULL return: the run fails (out of
					  memory); NULL function: no state */
	void (*stop)(void *state);     /* frees a state (NULL: nothing to free) */
	struct jobs_searcher searcher; /* with start NULL and searcher.size set: each thread's
					  state is jobs_searcher_new of it, freed by
					  jobs_searcher_free */
	int (*work)(void *ctx, void *state, size_t item);	    /* one item, outside the lock;
								       < 0: the run fails */
	int (*finish)(void *ctx, void *state, size_t item, int rc); /* under the lock, by the
			thread that worked the item, as items end, with what work returned;
			< 0: the run fails; NULL: the run fails when work did */
};

int jobs_run(const struct jobs *j);

void *jobs_searcher_new(size_t size, size_t tt_mb, const struct eval *ev);
void jobs_searcher_free(void *state);

#endif
