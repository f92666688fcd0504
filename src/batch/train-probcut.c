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
 * and options give the same table, for any number of threads (--jobs: the
 * samples are searched in parallel, each from a cleared table, and fitted
 * in order afterwards).
 */
#include "jobs.h"
#include "train.h"

#include "rng.h"

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
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

/*
 * One sampled position and what its searches found. A midgame sample keeps
 * every depth's score; an endgame sample of n empties the score of the
 * shallow search eg_shallow(n) and the exact score (NONE when there was no
 * move to solve).
 */
struct sample {
	size_t pos;  /* index in the data */
	int empties; /* endgame: n; midgame: 0 */
	int sc[64];  /* midgame scores by depth */
	int exact;   /* endgame: the exact score */
};

/* What the measuring threads share: the samples, and the next one to take. */
struct probcut_shared {
	const struct eval *ev;
	const struct train_data *d;
	const struct train_probcut_options *o;
	struct sample *samples;
	size_t n, finished; /* samples, and those searched (under the lock) */
	train_progress progress;
	void *user;
};

/* Searches one sample (from a cleared table, so the result is the same on any thread). */
static void measure_sample(struct search *s, const struct train_data *d,
			   const struct train_probcut_options *o, struct sample *x)
{
	struct board b = {d->pos[x->pos].own, d->pos[x->pos].opp};
	struct search_limits lim;
	struct search_result r;

	x->exact = NONE;
	if (!x->empties) {
		search_depths(s, &b, o->mid_depth, x->sc);
		return;
	}
	search_depths(s, &b, eg_shallow(x->empties), x->sc);
	memset(&lim, 0, sizeof lim);
	lim.endgame = x->empties;
	search_run(s, &b, &lim, NULL, NULL, &r);
	if (r.endgame && r.move != SQ_PASS && r.move != SQ_NONE)
		x->exact = r.score;
}

/* A measuring thread: searches samples, taken in order, until none is left. */
static void *probcut_start(void *ctx)
{
	const struct probcut_shared *m = ctx;

	return search_new(m->o->tt_mb, m->ev);
}

static void probcut_stop(void *state)
{
	search_free(state);
}

static int probcut_work(void *ctx, void *state, size_t k)
{
	struct probcut_shared *m = ctx;

	measure_sample(state, m->d, m->o, &m->samples[k]);
	return 0;
}

static int probcut_finish(void *ctx, void *state, size_t k, int rc)
{
	struct probcut_shared *m = ctx;

	(void)state;
	(void)k;
	if (m->progress)
		m->progress(++m->finished, m->n, 0, m->user);
	return rc;
}

/* Fits the midgame rows of one phase (empties lo..hi) from its `n` samples and writes them. */
static void fit_phase(const struct sample *x, size_t n, const struct train_probcut_options *o,
		      int lo, int hi, FILE *out)
{
	struct fit f[PROBCUT_MAX_DEPTH + 1][2];

	memset(f, 0, sizeof f);
	for (size_t i = 0; i < n; i++)
		for (int deep = MID_MIN_DEEP; deep <= o->mid_depth; deep++)
			for (int k = 0; k < 2; k++) {
				int sh = mid_shallow(deep) - 2 * k;

				if (sh >= 1 && x[i].sc[deep] != NONE && x[i].sc[sh] != NONE)
					fit_add(&f[deep][k], x[i].sc[sh], x[i].sc[deep]);
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

/* Fits the endgame row of `n` empties from its `got` samples and writes it. */
static void fit_end(const struct sample *x, size_t got, int n, FILE *out)
{
	struct fit f;
	double a, b, sigma;

	memset(&f, 0, sizeof f);
	for (size_t i = 0; i < got; i++)
		if (x[i].exact != NONE && x[i].sc[eg_shallow(n)] != NONE)
			fit_add(&f, x[i].sc[eg_shallow(n)], x[i].exact);
	if (fit_solve(&f, &a, &b, &sigma))
		fprintf(out, "end %2d %2d %2d %.4f %8.1f %7.1f   # %d positions\n", n, n,
			eg_shallow(n), a, b, sigma, (int)f.n);
}

/*
 * Measures a ProbCut table for `ev` from the positions of `d` (see the top of
 * this file) and writes it to `out`, headed by `command` (the command line
 * that made it). The samples are drawn first, all of them, in the order of
 * the rows; o->jobs threads then search them (`progress` after each, under a
 * lock); the rows are fitted last, in order, so the table is the same for
 * any number of threads. Returns 0, or -1 with a message when memory runs
 * out or no thread starts.
 */
int train_probcut(const struct eval *ev, const struct train_data *d,
		  const struct train_probcut_options *o, const char *command, FILE *out,
		  train_progress progress, void *user, char *err, size_t errlen)
{
	int phases = (60 - MID_MIN_EMPTIES + 1) / MID_PHASE_EMPTIES;
	int rows = phases + (o->end_max >= o->end_min ? o->end_max - o->end_min + 1 : 0);
	size_t cap = (size_t)rows * (size_t)o->positions, n = 0, *start, *idx;
	struct probcut_shared m = {.ev = ev, .d = d, .o = o, .progress = progress, .user = user};
	uint64_t rng = o->seed;
	int jobs = o->jobs < 1 ? 1 : o->jobs, rc = -1;

	m.samples = malloc((cap + 1) * sizeof *m.samples);
	start = malloc(((size_t)rows + 1) * sizeof *start);
	idx = malloc(((size_t)o->positions + 1) * sizeof *idx);
	if (!m.samples || !start || !idx) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (int r = 0; r < rows; r++) {
		int lo = r < phases ? MID_MIN_EMPTIES + r * MID_PHASE_EMPTIES
				    : o->end_min + (r - phases);
		int hi = r < phases ? lo + MID_PHASE_EMPTIES - 1 : lo;
		size_t got = sample(d, lo, hi, (size_t)o->positions, &rng, idx);

		start[r] = n;
		for (size_t i = 0; i < got; i++)
			m.samples[n++] =
			    (struct sample){.pos = idx[i], .empties = r < phases ? 0 : lo};
	}
	start[rows] = m.n = n;
	if (n < (size_t)jobs)
		jobs = n ? (int)n : 1;
	if (jobs_run(&(struct jobs){.items = n,
				    .threads = jobs,
				    .ctx = &m,
				    .start = probcut_start,
				    .stop = probcut_stop,
				    .work = probcut_work,
				    .finish = probcut_finish}) < 0) {
		snprintf(err, errlen, "out of memory or no thread");
		goto out;
	}
	fprintf(out,
		"# probcut.txt — ProbCut table of the pattern evaluation (see probcut.c for the\n"
		"# format, eval/probcut.md for how it was made).\n# made by: %s\n"
		"# kind LO HI [DEEP] SHALLOW SLOPE INTERCEPT SIGMA (centidiscs)\n",
		command);
	for (int r = 0; r < rows; r++) {
		const struct sample *x = m.samples + start[r];
		size_t k = start[r + 1] - start[r];
		int lo = MID_MIN_EMPTIES + r * MID_PHASE_EMPTIES;

		if (r < phases)
			fit_phase(x, k, o, lo, lo + MID_PHASE_EMPTIES - 1, out);
		else
			fit_end(x, k, o->end_min + (r - phases), out);
	}
	rc = 0;
out:
	free(m.samples);
	free(start);
	free(idx);
	return rc;
}
