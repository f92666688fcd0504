/*
 * train-calibrate.c — the odd-even calibration of the pattern weights: the
 * parity term of some phases is moved until searches of the opening
 * positions to successive depths agree.
 *
 * A midgame search to depth d scores leaves d plies ahead, so between an
 * even and an odd depth the side to move at the leaves changes; an
 * evaluation that misjudges one side to move more than the other makes the
 * score swing between odd and even depths (eval/pattern.md, rounds 5-7).
 * Before any pass, the parity of the empties tells who is to move, and the
 * parity term (PATTERN_EXTRA_PARITY, the weight of "odd empties") of the
 * leaves' phases moves the odd depths' scores against the even ones'.
 *
 * For each shift q = -range, -range + step, ..., range (centidiscs), the
 * parity term of phases lo..hi is moved by q; the position after each
 * opening line is searched (exact midgame search, no endgame solve) to
 * depth_hi, and the finished iterations depth_lo..depth_hi give the score
 * differences of successive depths. The shift whose differences have the
 * least root mean square wins (the smaller |q| on a tie). The search is the
 * same for any order of shifts, so a calibration is reproducible, and
 * shifts can be measured on several threads at once (--jobs).
 */
#include "jobs.h"
#include "pattern.h"
#include "search.h"
#include "train.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

/* The weights `w0` with `q` centidiscs added to the parity term of phases lo..hi (NULL when out
   of memory); `buf` holds PATTERN_PARAMS doubles. */
static struct pattern_weights *shifted(const struct pattern_weights *w0, int lo, int hi, int q,
				       double *buf)
{
	struct pattern_weights *w = pattern_new();

	for (int p = 0; w && p < PATTERN_PHASES; p++) {
		pattern_get(w0, p, buf);
		if (p >= lo && p <= hi)
			buf[PATTERN_EXTRA_PARITY] += q;
		pattern_set(w, p, buf);
	}
	return w;
}

/* Searches the openings with weights `w` (taken) into `row`; 0, or -1 out of memory. */
static int measure(struct pattern_weights *w, const struct train_opening *ops, int n_ops,
		   const struct train_calibrate_options *o, struct train_calibrate_row *row)
{
	struct eval *ev = eval_new_pattern(w);
	struct search *s = ev ? search_new(o->tt_mb, ev) : NULL;
	double sq = 0, swing = 0, level = 0;
	int pairs = 0, leveled = 0;

	if (!s) {
		eval_free(ev);
		return -1;
	}
	for (int i = 0; i < n_ops; i++) {
		struct search_limits lim = {.depth = o->depth_hi};
		struct search_result r;
		struct board b;
		int by_depth[64];

		for (int d = 0; d < 64; d++)
			by_depth[d] = INT_MIN;
		train_opening_play(&ops[i], &b);
		search_clear(s);
		if (search_run(s, &b, &lim, train_observe_depths, by_depth, &r) != 0)
			continue;
		for (int d = o->depth_lo; d < o->depth_hi; d++) {
			double diff;

			if (by_depth[d] == INT_MIN || by_depth[d + 1] == INT_MIN)
				continue;
			diff = (by_depth[d + 1] - by_depth[d]) / 100.0;
			sq += diff * diff;
			swing += (d + 1) % 2 ? diff : -diff; /* odd depth minus even depth */
			pairs++;
		}
		if (by_depth[o->depth_hi] != INT_MIN) {
			level += by_depth[o->depth_hi] / 100.0;
			leveled++;
		}
	}
	row->rms = pairs ? sqrt(sq / pairs) : 0;
	row->swing = pairs ? swing / pairs : 0;
	row->level = leveled ? level / leveled : 0;
	row->pairs = pairs;
	search_free(s);
	eval_free(ev);
	return 0;
}

/* What the calibration's threads share: the shifts to measure, and the next one to take. */
struct calibrate_shared {
	const struct pattern_weights *w0;
	const struct train_opening *ops;
	int n_ops;
	const struct train_calibrate_options *o;
	struct train_calibrate_row *rows;
	int n;	      /* shifts */
	int finished; /* shifts measured; under the lock */
	void (*progress)(int done, int total, void *user);
	void *user;
};

static void *calibrate_start(void *ctx)
{
	(void)ctx;
	return malloc(sizeof(double) * PATTERN_PARAMS); /* the weights of one phase */
}

/* Measures shift k (the caller's buffer `state`). */
static int calibrate_work(void *ctx, void *state, size_t k)
{
	struct calibrate_shared *c = ctx;
	int q = -c->o->range + (int)k * c->o->step;
	struct pattern_weights *w;

	c->rows[k].shift = q;
	w = shifted(c->w0, c->o->phase_lo, c->o->phase_hi, q, state);
	return w ? measure(w, c->ops, c->n_ops, c->o, &c->rows[k]) : -1;
}

static int calibrate_finish(void *ctx, void *state, size_t k, int rc)
{
	struct calibrate_shared *c = ctx;

	(void)state;
	(void)k;
	if (rc >= 0 && c->progress)
		c->progress(++c->finished, c->n, c->user);
	return rc;
}

/*
 * Calibrates `w0` on the openings `ops` (options `o`; o->jobs threads, each
 * measuring whole shifts): fills `rows` (room for (2 range / step + 1) rows,
 * in order of shift) and returns the index of the best, or -1 when out of
 * memory or no thread started. `progress` (if not NULL) is called after each
 * row, under a lock. Every shift's search is the same on any thread, so the
 * rows and the choice do not depend on o->jobs.
 */
int train_calibrate(const struct pattern_weights *w0, const struct train_opening *ops, int n_ops,
		    const struct train_calibrate_options *o, struct train_calibrate_row *rows,
		    void (*progress)(int done, int total, void *user), void *user)
{
	struct calibrate_shared c = {.w0 = w0,
				     .ops = ops,
				     .n_ops = n_ops,
				     .o = o,
				     .rows = rows,
				     .n = 2 * o->range / o->step + 1,
				     .progress = progress,
				     .user = user};
	struct jobs j = {.items = (size_t)c.n,
			 .threads = o->jobs < 1	    ? 1
				    : o->jobs > c.n ? c.n
						    : o->jobs,
			 .ctx = &c,
			 .start = calibrate_start,
			 .stop = free,
			 .work = calibrate_work,
			 .finish = calibrate_finish};
	int best = -1;

	if (jobs_run(&j) < 0)
		return -1;
	for (int k = 0; k < c.n; k++)
		if (best < 0 || rows[k].rms < rows[best].rms ||
		    (rows[k].rms == rows[best].rms && abs(rows[k].shift) < abs(rows[best].shift)))
			best = k;
	return best;
}

/* The weights `w0` with the parity term of phases lo..hi moved by `q` (NULL out of memory). */
struct pattern_weights *train_calibrated(const struct pattern_weights *w0,
					 const struct train_calibrate_options *o, int q)
{
	double *buf = malloc(sizeof *buf * PATTERN_PARAMS);
	struct pattern_weights *w = buf ? shifted(w0, o->phase_lo, o->phase_hi, q, buf) : NULL;

	free(buf);
	return w;
}
