/*
 * search-int.h — the inside of a searcher, shared by search.c (midgame,
 * root, time manager) and endgame.c (exact solver); not for other modules.
 *
 * Transposition table: buckets of four 16-byte entries (one cache line),
 * indexed by the low bits of the 64-bit position hash and checked against the
 * whole hash. An entry keeps a score bound, the best move, the depth and the
 * age (search number) of its search. Endgame results are stored with depth
 * TT_DEPTH_SOLVED + empties, so a midgame search at any depth may use them;
 * the solver only uses those. Scores in the table are centidiscs.
 * Replacement: the same position is overwritten; otherwise the entry of an
 * older search, then the shallowest one, is evicted.
 * Selectivity: each entry keeps the ProbCut level (probcut.h) of the search
 * that stored it; a search uses its bound only when that level is at least
 * its own (an exact search never cuts on a selective result), and its move
 * always (the selective iterations order the moves of the exact one).
 */
#ifndef OTHELLO_SEARCH_INT_H
#define OTHELLO_SEARCH_INT_H

#include "board.h"
#include "eval.h"
#include "probcut.h"
#include "search.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum {
	TT_WAYS = 4,	      /* entries per bucket */
	TT_DEPTH_SOLVED = 64, /* depth of endgame (solved) entries: this + empties */
	POLL_NODES = 4096     /* nodes between checks of the clock and the stop flag */
};

struct tt_entry {
	uint64_t key;  /* full hash of the position; 0 = empty slot */
	int16_t score; /* centidiscs */
	uint8_t move;  /* best move or SQ_NONE */
	uint8_t depth; /* plies searched, or TT_DEPTH_SOLVED + empties */
	uint8_t bound; /* enum bound */
	uint8_t age;   /* search number modulo 256 */
	uint8_t sel;   /* selectivity level of the search that stored it (probcut.h) */
	uint8_t pad;   /* unused */
};

struct search {
	struct tt_entry *tt;	  /* buckets * TT_WAYS entries */
	uint64_t tt_mask;	  /* buckets - 1 (a power of two) */
	uint8_t age;		  /* incremented by each search_run */
	const struct eval *ev;	  /* evaluation (shared, read-only) */
	atomic_bool stop_request; /* set by search_stop from any thread */
	bool abort;		  /* the running search must unwind now */
	uint64_t nodes;		  /* nodes of the running search */
	uint64_t next_poll;	  /* node count of the next poll */
	uint64_t node_limit;	  /* 0 = none */
	double t0;		  /* start time of the running search */
	double hard_time;	  /* absolute time to abort at; 0 = none */
	unsigned flags;		  /* enum search_flag */
	int noise_percent;	  /* evaluation noise, see struct search_limits */
	uint64_t noise_seed;	  /* seed of the evaluation noise */
	int sel;		  /* selectivity level of the running iteration (probcut.h) */
};

void search_poll(struct search *s);

/* Counts a node; checks the clock, node limit and stop flag now and then. */
static inline void search_count(struct search *s)
{
	if (++s->nodes >= s->next_poll)
		search_poll(s);
}

static inline struct tt_entry *tt_bucket(const struct search *s, uint64_t key)
{
	return s->tt + (key & s->tt_mask) * TT_WAYS;
}

/* Returns the entry of `key`, or NULL. */
static inline const struct tt_entry *tt_probe(const struct search *s, uint64_t key)
{
	const struct tt_entry *e = tt_bucket(s, key);

	for (int i = 0; i < TT_WAYS; i++)
		if (e[i].key == key)
			return &e[i];
	return NULL;
}

/* Stores a result: replaces the same position, else the oldest, shallowest entry. */
static inline void tt_store(struct search *s, uint64_t key, int depth, int score, enum bound bound,
			    int move)
{
	struct tt_entry *e = tt_bucket(s, key), *victim = e;
	int worst = 1 << 20;

	for (int i = 0; i < TT_WAYS; i++) {
		int prio;

		if (e[i].key == key) {
			if (e[i].depth > depth && e[i].age == s->age && e[i].sel >= s->sel &&
			    bound != BOUND_EXACT)
				return;
			victim = &e[i];
			break;
		}
		prio = e[i].depth + (e[i].age == s->age ? 256 : 0);
		if (prio < worst) {
			worst = prio;
			victim = &e[i];
		}
	}
	victim->key = key;
	victim->score = (int16_t)score;
	victim->move = (uint8_t)move;
	victim->depth = (uint8_t)depth;
	victim->bound = (uint8_t)bound;
	victim->age = s->age;
	victim->sel = (uint8_t)s->sel;
}

/* Whether the bound of `e` may cut in the running search (stored at its selectivity or surer). */
static inline bool tt_usable(const struct search *s, const struct tt_entry *e)
{
	return e->sel >= s->sel;
}

/* search.c */
int search_midgame(struct search *s, struct board *b, int depth);
int search_midgame_window(struct search *s, struct board *b, int depth, int alpha, int beta);

#endif
