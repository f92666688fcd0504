/*
 * probcut.h — the ProbCut table (probcut.c): for a position with a given
 * number of empties, how well a shallow search predicts a deep one (midgame)
 * or the exact final score (endgame), as a linear regression
 * deep = slope * shallow + intercept with residual error sigma (centidiscs).
 * The searcher (search.c, endgame.c) cuts a node when the shallow search
 * says, with the confidence of the selectivity level, that the deep search
 * would fail high or low (ProbCut, Buro 1995; Multi-ProbCut, Buro 1999).
 *
 * Selectivity levels: 0..PROBCUT_EXACT, from the least sure (73 %) to exact
 * (no cuts); a higher level is surer, so a result found at a level may be
 * used by searches at that level or below.
 */
#ifndef OTHELLO_PROBCUT_H
#define OTHELLO_PROBCUT_H

#include <stddef.h>
#include <stdio.h>

enum {
	PROBCUT_EXACT = 5,	/* the level of an exact search (no cuts) */
	PROBCUT_MAX_DEPTH = 40, /* deepest midgame depth the table answers for */
	PROBCUT_PAIRS = 2	/* shallow searches tried per deep one (Multi-ProbCut) */
};

struct probcut_pair {
	int shallow;	  /* depth of the shallow search, plies; 0 = no pair */
	double slope;	  /* deep = slope * shallow + intercept ... */
	double intercept; /* ... centidiscs */
	double sigma;	  /* residual standard deviation, centidiscs */
};

struct probcut;

struct probcut *probcut_load(FILE *f, const char *name, char *err, size_t errlen);
void probcut_free(struct probcut *pc);
int probcut_level(int percent);
int probcut_percent(int level);
int probcut_parse_level(const char *text);
const struct probcut_pair *probcut_mid(const struct probcut *pc, int empties, int depth);
const struct probcut_pair *probcut_end(const struct probcut *pc, int empties);
int probcut_bound(const struct probcut_pair *p, int level, int deep_bound, int side);

#endif
