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
 *
 * The table is shared by the threads of a parallel search (parallel.c)
 * without locks: an entry is two 64-bit words, its data (struct tt_data) and
 * a check word that holds the key XOR the data. Each word is read and
 * written atomically (relaxed); a reader that meets a half-written entry
 * finds key != check ^ data and takes it for a miss.
 *
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
#include <string.h>

enum {
	TT_WAYS = 4,		/* entries per bucket */
	TT_DEPTH_SOLVED = 64,	/* depth of endgame (solved) entries: this + empties */
	POLL_NODES = 4096,	/* nodes between checks of the clock and the stop flag */
	POLL_NODES_SPLIT = 1024 /* the same with helper threads (they also check for cut-offs) */
};

struct tt_data {
	int16_t score; /* centidiscs */
	uint8_t move;  /* best move or SQ_NONE */
	uint8_t depth; /* plies searched, or TT_DEPTH_SOLVED + empties */
	uint8_t bound; /* enum bound */
	uint8_t age;   /* search number modulo 256 */
	uint8_t sel;   /* selectivity level of the search that stored it (probcut.h) */
	uint8_t pad;   /* unused */
};

struct tt_entry {
	_Atomic uint64_t check; /* full hash of the position XOR data; 0 = empty slot */
	_Atomic uint64_t data;	/* a struct tt_data */
};

struct split;
struct pool;

struct search {
	struct tt_entry *tt;	    /* buckets * TT_WAYS entries */
	uint64_t tt_mask;	    /* buckets - 1 (a power of two) */
	uint8_t age;		    /* incremented by each search_run */
	const struct eval *ev;	    /* evaluation (shared, read-only) */
	atomic_bool stop_request;   /* set by search_stop from any thread */
	bool abort;		    /* the running search must unwind now */
	uint64_t nodes;		    /* nodes of the running search */
	uint64_t next_poll;	    /* node count of the next poll */
	uint64_t node_limit;	    /* 0 = none */
	double t0;		    /* start time of the running search */
	double hard_time;	    /* absolute time to abort at; 0 = none */
	unsigned flags;		    /* enum search_flag */
	int noise_percent;	    /* evaluation noise, see struct search_limits */
	uint64_t noise_seed;	    /* seed of the evaluation noise */
	struct pool *pool;	    /* helper threads (parallel.c); NULL = one thread */
	struct search *main;	    /* the searcher search_run was called on (itself if so) */
	int thread_id;		    /* 0 for main, 1.. for the pool's helpers */
	struct split *sp;	    /* innermost split point this thread works in, or NULL */
	_Atomic uint64_t published; /* nodes as last published for the other threads */
	int sel;		    /* selectivity level of the running iteration (probcut.h) */
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

static inline uint64_t tt_word(const struct tt_data *d)
{
	uint64_t w;

	memcpy(&w, d, sizeof w);
	return w;
}

/* Reads entry `e` into *d and returns its key (0 for an empty or torn entry). */
static inline uint64_t tt_read(const struct tt_entry *e, struct tt_data *d)
{
	uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
	uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);

	memcpy(d, &data, sizeof *d);
	return check ? check ^ data : 0;
}

/* Copies the entry of `key` into *out and returns true, or returns false. */
static inline bool tt_probe(const struct search *s, uint64_t key, struct tt_data *out)
{
	const struct tt_entry *e = tt_bucket(s, key);

	for (int i = 0; i < TT_WAYS; i++)
		if (tt_read(&e[i], out) == key)
			return true;
	return false;
}

/* Stores a result: replaces the same position, else the oldest, shallowest entry. */
static inline void tt_store(struct search *s, uint64_t key, int depth, int score, enum bound bound,
			    int move)
{
	struct tt_entry *e = tt_bucket(s, key), *victim = e;
	struct tt_data d;
	int worst = 1 << 20;

	for (int i = 0; i < TT_WAYS; i++) {
		int prio;

		if (tt_read(&e[i], &d) == key) {
			if (d.depth > depth && d.age == s->age && d.sel >= s->sel &&
			    bound != BOUND_EXACT)
				return;
			victim = &e[i];
			break;
		}
		prio = d.depth + (d.age == s->age ? 256 : 0);
		if (prio < worst) {
			worst = prio;
			victim = &e[i];
		}
	}
	d = (struct tt_data){(int16_t)score,
			     (uint8_t)move,
			     (uint8_t)depth,
			     (uint8_t)bound,
			     s->age,
			     (uint8_t)s->sel,
			     0};
	atomic_store_explicit(&victim->data, tt_word(&d), memory_order_relaxed);
	atomic_store_explicit(&victim->check, key ^ tt_word(&d), memory_order_relaxed);
}

/* Whether the bound of `e` may cut in the running search (stored at its selectivity or surer). */
static inline bool tt_usable(const struct search *s, const struct tt_data *e)
{
	return e->sel >= s->sel;
}

/* search.c */
int search_midgame(struct search *s, struct board *b, int depth);
uint64_t search_nodes(const struct search *s);
int search_midgame_window(struct search *s, struct board *b, int depth, int alpha, int beta);

#endif
