/*
 * nboard.h — the engine side of the NBoard protocol (the NBoard GUI and
 * other programs that drive Othello engines over pipes).
 */
#ifndef OTHELLO_NBOARD_H
#define OTHELLO_NBOARD_H

#include "book.h"
#include "eval.h"

#include <stdio.h>

struct nboard_options {
	const struct eval *eval; /* evaluation for the searches (shared, read-only) */
	const struct book *book; /* opening book for hints and moves, or NULL */
	double time;		 /* seconds per move (0: search to the depth set) */
	size_t hash_mb;		 /* transposition table size */
	int selectivity;	 /* ProbCut confidence of the midgame, percent; 0/100 exact */
	const char *name;	 /* name announced with `set myname` */
	int threads;		 /* search threads, 0 = one */
};

int nboard_serve(FILE *in, FILE *out, const struct nboard_options *opt, char *err, size_t errlen);

#endif
