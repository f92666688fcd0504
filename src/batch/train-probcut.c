/*
 * train-probcut.c — measuring the ProbCut table (probcut.h) from our own
 * searches on our own positions: for positions sampled from a training data
 * file (`othello train generate`), the scores of exact searches at every
 * depth (midgame rows) and the exact final score (endgame rows), each
 * regressed on the score of the shallow search that will predict it.
 *
 * Midgame: positions of each phase of MID_PHASE_EMPTIES empties (11-20 ...
 * 51-60); one search to `mid_depth` plies from a cleared table gives every
 * depth's minimax value (iterative deepening reports each). Pairs: the deep
 * depth D from 3 to mid_depth with the shallow depth 2 floor(D / 4) + (D mod
 * 2) and that minus 2 when it is at least 1 (Multi-ProbCut; Edax's choice of
 * depths).
 * Endgame: positions with exactly n empties for n = end_min .. end_max,
 * solved exactly, predicted by a midgame search of eg_shallow(n) plies.
 *
 * Fit: least squares deep = slope * shallow + intercept, sigma the standard
 * deviation of the residuals (n - 2 degrees of freedom), all in centidiscs.
 * Sampling is by a SplitMix64 generator from the seed: the same data, seed
 * and options give the same table.
 */
#include "train.h"

#include "rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	MID_PHASE_EMPTIES = 10, /* empties per midgame phase */
	MID_MIN_EMPTIES = 11,	/* the first phase starts here */
	MID_MIN_DEEP = 3,	/* shallowest deep depth fitted */
	NONE = -SCORE_INF	/* no score for that depth */
};

/* Sums of a linear regression. */
struct fit {
	double n, sx, sy, sxx, sxy, syy; /* count and sums of x, y, x^2, xy, y^2 */
};

static void fit_add(struct fit *f, double x, double y)
{
	f->n++;
	f->sx += x;
	f->sy += y;
	f->sxx += x * x;
	f->sxy += x * y;
	f->syy += y * y;
}

/* Slope, intercept and sigma of `f`; false when there are too few or too alike samples. */
static bool fit_solve(const struct fit *f, double *a, double *b, double *sigma)
{
	double vx = f->sxx - f->sx * f->sx / f->n, cxy = f->sxy - f->sx * f->sy / f->n, res;

	if (f->n < 8 || vx <= 0)
		return false;
	*a = cxy / vx;
	*b = (f->sy - *a * f->sx) / f->n;
	res = f->syy - 2 * *a * f->sxy - 2 * *b * f->sy + *a * *a * f->sxx + 2 * *a * *b * f->sx +
	      f->n * *b * *b;
	*sigma = sqrt(res > 0 ? res / (f->n - 2) : 0);
	if (*sigma < 1)
		*sigma = 1;
	return *a > 0 && *a <= 4;
}

/* The shallow depth that predicts a `deep`-ply search (the larger of its pairs). */
static int mid_shallow(int deep)
{
	return 2 * (deep / 4) + deep % 2;
}

/* The shallow depth that predicts the exact score with `n` empties. */
static int eg_shallow(int n)
{
	int d = 2 * ((n - 6) / 4);

	return d < 2 ? 2 : d;
}

/* Picks up to `want` positions of `d` with empties in lo..hi, by `rng`; returns how many. */
static size_t sample(const struct train_data *d, int lo, int hi, size_t want, uint64_t *rng,
		     size_t *out)
{
	size_t n = 0, seen = 0;

	/* reservoir sampling over the positions in range */
	for (size_t i = 0; i < d->n; i++) {
		int e = 64 - board_popcount(d->pos[i].own | d->pos[i].opp);

		if (e < lo || e > hi)
			continue;
		seen++;
		if (n < want) {
			out[n++] = i;
		} else {
			uint64_t k = rng_below(rng, seen);

			if (k < want)
				out[k] = i;
		}
	}
	return n;
}

/* Observer: keeps the score of each finished depth (the last report of a depth is its result). */
static void keep_depths(const struct search_info *info, void *user)
{
	int *scores = user;

	if (!info->endgame && info->bound == BOUND_EXACT && info->depth > 0 && info->depth < 64)
		scores[info->depth] = info->score;
}

/* The exact midgame scores of `b` at depths 1..depth into scores[64] (NONE where none). */
static void search_depths(struct search *s, const struct board *b, int depth, int *scores)
{
	struct search_limits lim;
	struct search_result r;

	for (int i = 0; i < 64; i++)
		scores[i] = NONE;
	memset(&lim, 0, sizeof lim);
	lim.depth = depth;
	lim.endgame = 0;
	search_clear(s);
	search_run(s, b, &lim, keep_depths, scores, &r);
}

/* Fits the midgame rows of one phase (empties lo..hi) and writes them. */
static void fit_phase(struct search *s, const struct train_data *d,
		      const struct train_probcut_options *o, int lo, int hi, uint64_t *rng,
		      size_t *idx, FILE *out)
{
	struct fit f[PROBCUT_MAX_DEPTH + 1][2];
	size_t n = sample(d, lo, hi, (size_t)o->positions, rng, idx);

	memset(f, 0, sizeof f);
	for (size_t i = 0; i < n; i++) {
		struct board b = {d->pos[idx[i]].own, d->pos[idx[i]].opp};
		int sc[64];

		search_depths(s, &b, o->mid_depth, sc);
		for (int deep = MID_MIN_DEEP; deep <= o->mid_depth; deep++)
			for (int k = 0; k < 2; k++) {
				int sh = mid_shallow(deep) - 2 * k;

				if (sh >= 1 && sc[deep] != NONE && sc[sh] != NONE)
					fit_add(&f[deep][k], sc[sh], sc[deep]);
			}
	}
	for (int deep = MID_MIN_DEEP; deep <= o->mid_depth; deep++)
		for (int k = 1; k >= 0; k--) {
			double a, b, sigma;

			if (fit_solve(&f[deep][k], &a, &b, &sigma))
				fprintf(out,
					"mid %2d %2d %2d %2d %.4f %8.1f %7.1f   # %d positions\n",
					lo, hi, deep, mid_shallow(deep) - 2 * k, a, b, sigma,
					(int)f[deep][k].n);
		}
}

/* Fits the endgame row of `n` empties and writes it. */
static void fit_end(struct search *s, const struct train_data *d,
		    const struct train_probcut_options *o, int n, uint64_t *rng, size_t *idx,
		    FILE *out)
{
	struct fit f;
	size_t got = sample(d, n, n, (size_t)o->positions, rng, idx);
	double a, b, sigma;

	memset(&f, 0, sizeof f);
	for (size_t i = 0; i < got; i++) {
		struct board bd = {d->pos[idx[i]].own, d->pos[idx[i]].opp};
		struct search_limits lim;
		struct search_result r;
		int sc[64];

		search_depths(s, &bd, eg_shallow(n), sc);
		memset(&lim, 0, sizeof lim);
		lim.endgame = n;
		search_run(s, &bd, &lim, NULL, NULL, &r);
		if (r.endgame && r.move != SQ_PASS && r.move != SQ_NONE &&
		    sc[eg_shallow(n)] != NONE)
			fit_add(&f, sc[eg_shallow(n)], r.score);
	}
	if (fit_solve(&f, &a, &b, &sigma))
		fprintf(out, "end %2d %2d %2d %.4f %8.1f %7.1f   # %d positions\n", n, n,
			eg_shallow(n), a, b, sigma, (int)f.n);
}

/*
 * Measures a ProbCut table for `ev` from the positions of `d` (see the top of
 * this file) and writes it to `out`, headed by `command` (the command line
 * that made it). Calls `progress` after each phase or number of empties.
 * Returns 0, or -1 with a message when memory runs out.
 */
int train_probcut(const struct eval *ev, const struct train_data *d,
		  const struct train_probcut_options *o, const char *command, FILE *out,
		  train_progress progress, void *user, char *err, size_t errlen)
{
	struct search *s = search_new(o->tt_mb, ev);
	size_t *idx = malloc(((size_t)o->positions + 1) * sizeof *idx);
	uint64_t rng = o->seed, steps = 0, total;
	int phases = (60 - MID_MIN_EMPTIES + 1) / MID_PHASE_EMPTIES;

	if (!s || !idx) {
		search_free(s);
		free(idx);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	total = (uint64_t)phases + (uint64_t)(o->end_max - o->end_min + 1);
	fprintf(out,
		"# probcut.txt — ProbCut table of the pattern evaluation (see probcut.c for the\n"
		"# format, eval/probcut.md for how it was made).\n# made by: %s\n"
		"# kind LO HI [DEEP] SHALLOW SLOPE INTERCEPT SIGMA (centidiscs)\n",
		command);
	for (int p = 0; p < phases; p++) {
		int lo = MID_MIN_EMPTIES + p * MID_PHASE_EMPTIES;

		fit_phase(s, d, o, lo, lo + MID_PHASE_EMPTIES - 1, &rng, idx, out);
		if (progress)
			progress(++steps, total, 0, user);
	}
	for (int n = o->end_min; n <= o->end_max; n++) {
		fit_end(s, d, o, n, &rng, idx, out);
		if (progress)
			progress(++steps, total, 0, user);
	}
	search_free(s);
	free(idx);
	return 0;
}
