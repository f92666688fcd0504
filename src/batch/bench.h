/*
 * bench.h — the bench signature (`othello bench`): one node count over a
 * fixed set of positions and limits, the way Stockfish's `bench` says
 * whether a change alters what the search does.
 *
 * The set covers each kind of search the program runs: 8×8 midgame
 * iterations (exact and with ProbCut), 8×8 exact endgames, and both other
 * boards. Each position is searched by a cleared engine on one thread, so
 * the count depends only on the search and the evaluations, never on the
 * machine or on the positions before it. bench/signature holds the count
 * of this tree; tests/bench.sh checks it.
 */
#ifndef OTHELLO_BENCH_H
#define OTHELLO_BENCH_H

#include "engine.h"

#include <stddef.h>
#include <stdint.h>

/* One position of the set and how it is searched. */
struct bench_position {
	enum variant variant; /* the board */
	const char *board;    /* board string (pos_parse) with its side to move */
	int depth;	      /* midgame depth; 0: solved exactly */
	int selectivity;      /* ProbCut confidence of the iterations, 0 = none */
};

/* What one search of the set came to. */
struct bench_line {
	size_t index;			   /* its place in the set, from 0 */
	const struct bench_position *what; /* the position and its limits */
	struct search_result result;	   /* the search's answer (nodes, time, move, score) */
};

/* Called after each search of bench_run. */
typedef void (*bench_each)(const struct bench_line *line, void *user);

size_t bench_count(void);
const struct bench_position *bench_position(size_t i);
int bench_run(struct engine *e, bench_each each, void *user, uint64_t *nodes, double *seconds,
	      char *err, size_t errlen);

#endif
