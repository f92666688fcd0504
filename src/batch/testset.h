/*
 * testset.h — an exact-scored test set for the evaluation, kept apart from
 * the training data: positions taken from games of varied players, each
 * solved exactly for every legal move (an OBF file, obf.h), and the
 * measurement of an evaluation against it (`othello train testset` and
 * `othello train test`).
 */
#ifndef OTHELLO_TESTSET_H
#define OTHELLO_TESTSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "eval.h"
#include "obf.h"
#include "search.h"
#include "train.h"

enum {
	TESTSET_MAX_DEPTHS = 8, /* search depths `train test` measures at once */
};

struct testset_options {
	uint32_t count; /* positions, indices 0 .. count-1 */
	int lo, hi;	/* empties of the positions: index i has lo + i mod (hi-lo+1) */
	uint64_t seed;	/* the games (the same seed and index give the same position) */
	int jobs;	/* threads */
	size_t hash_mb; /* transposition table of each thread */
};

typedef void (*testset_progress)(uint64_t done, uint64_t total, void *user);

int testset_position(struct search *s, const struct train_opening *ops, int n_ops, uint64_t seed,
		     uint32_t index, int empties, struct obf_position *out);
int testset_label(struct search *s, struct obf_position *pos);
long testset_index_of(const char *line);
int testset_generate(const struct eval *ev, const struct train_opening *ops, int n_ops,
		     const struct testset_options *o, const uint8_t *done, FILE *out,
		     testset_progress progress, void *user, char *err, size_t errlen);

/* What `train test` measures for the positions with one number of empties. */
struct testset_bucket {
	long n;				 /* positions */
	double error0;			 /* sum of |static evaluation - exact|, discs */
	double bias0;			 /* sum of (static evaluation - exact), discs */
	double loss[TESTSET_MAX_DEPTHS]; /* sum of disc losses of the move chosen */
	double bias[TESTSET_MAX_DEPTHS]; /* sum of (search score - exact), discs */
	long best[TESTSET_MAX_DEPTHS];	 /* positions where a best move was chosen */
};

struct testset_measure_options {
	int depths[TESTSET_MAX_DEPTHS]; /* midgame search depths to measure */
	int n_depths;			/* entries in depths */
	int jobs;			/* threads */
	size_t hash_mb;			/* transposition table of each thread */
};

void testset_bucket_add(struct testset_bucket *into, const struct testset_bucket *b);
int testset_measure(const struct eval *ev, const struct obf_position *set, size_t n,
		    const struct testset_measure_options *o, struct testset_bucket buckets[61],
		    testset_progress progress, void *user, char *err, size_t errlen);

#endif
