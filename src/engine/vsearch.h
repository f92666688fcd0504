/*
 * vsearch.h — the search on the other boards (vboard.h): principal variation
 * search with iterative deepening, a transposition table and time limits, and
 * an exact endgame solver.
 *
 * A `struct vsearch` owns its table, its board and its evaluation; it runs one
 * search at a time, which another thread may stop with vsearch_stop() or
 * through a flag of its own (vsearch_watch). Scores
 * are hundredths of a disc from the side to move's view (an exact +4 is 400),
 * as in search.h. Equal inputs give equal results.
 */
#ifndef OTHELLO_VSEARCH_H
#define OTHELLO_VSEARCH_H

#include "eval.h"
#include "vboard.h"
#include "veval.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	VSEARCH_DISC = 100,	/* one disc in score units */
	VSEARCH_INF = 30000,	/* beyond any score */
	VSEARCH_MAX_DEPTH = 60, /* plies of midgame search at most */
	VSEARCH_PV_MAX = 100	/* moves a principal variation holds at most */
};

struct vsearch_limits {
	int depth;	     /* midgame plies; 0 = no limit (up to VSEARCH_MAX_DEPTH) */
	double time;	     /* seconds for this search; 0 = no limit */
	int endgame;	     /* solve exactly at this many empties or fewer; 0 never */
	int noise_percent;   /* 0 none; else each leaf moves by up to this % of max(|v|, 400) */
	uint64_t noise_seed; /* the seed of that noise */
};

struct vsearch_result {
	int move;		/* best move; VSQ_PASS must pass; VSQ_NONE game over */
	int score;		/* hundredths of a disc, side to move */
	bool exact;		/* the score is the exact result of perfect play */
	int depth;		/* plies of the last finished iteration (empties if exact) */
	uint64_t nodes;		/* positions visited */
	double time;		/* seconds spent */
	int pv[VSEARCH_PV_MAX]; /* principal variation, VSQ_PASS for passes */
	int pv_len;		/* moves in pv */
};

struct vsearch;

struct vsearch *vsearch_new(const struct eval *ev, size_t tt_megabytes);
void vsearch_free(struct vsearch *s);
void vsearch_clear(struct vsearch *s);
const struct vgeom *vsearch_geom(const struct vsearch *s);
void vsearch_stop(struct vsearch *s);
void vsearch_watch(struct vsearch *s, const atomic_int *flag);
void vsearch_run(struct vsearch *s, const struct vboard *b, const struct vsearch_limits *lim,
		 struct vsearch_result *out);
int vsearch_solve(struct vsearch *s, const struct vboard *b, int alpha, int beta);

#endif
