/*
 * parallel.h — the helper threads of a searcher and its split points
 * (parallel.c), used by the midgame search (search.c) and the exact solver
 * (endgame.c); not for other modules.
 */
#ifndef OTHELLO_PARALLEL_H
#define OTHELLO_PARALLEL_H

#include <stdbool.h>
#include <stdint.h>

struct search;

/* Searches a child position (`own` to move) to `depth`, within (alpha, beta), from its mover's
   view: mid_search or the solver's child search. */
typedef int (*split_child_fn)(struct search *s, uint64_t own, uint64_t opp, int depth, int alpha,
			      int beta);

/* A node whose younger brothers are shared out: the caller's view of a split point. */
struct split_node {
	uint64_t own, opp;     /* the node, `own` to move */
	int depth;	       /* depth of the children (the node's depth - 1) */
	const int *sq;	       /* the moves still to search */
	const uint64_t *flips; /* their flips */
	int n;		       /* their number */
	split_child_fn child;  /* how a child is searched */
	int alpha, beta;       /* the node's window (alpha raised by the eldest brother) */
	int best, best_move;   /* the best score and move so far; updated */
};

int parallel_start(struct search *s, int threads);
void parallel_stop(struct search *s);
int parallel_threads(const struct search *s);
void parallel_prepare(struct search *s);
bool parallel_idle(const struct search *s);
bool parallel_split(struct search *s, struct split_node *node);
bool parallel_cut(const struct search *s);
uint64_t parallel_nodes(const struct search *s);
int parallel_cores(void);

#endif
