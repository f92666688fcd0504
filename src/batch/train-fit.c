/*
 * train-fit.c — fitting the pattern weights to labelled positions.
 *
 * For each phase p, ridge regression: minimise
 *     sum over samples (prediction - 100 x score)^2 + ridge x sum of w^2
 * over the pattern weights (the bias, mobility, parity and disc terms are not
 * shrunk), where a sample is a training position of phases p - window ..
 * p + window (neighbouring phases lend their positions to the thin ones),
 * and the prediction is the sum of the weights of its features (pattern pcopies
 * share the weights of their configurations, see pattern.c). The ridge term
 * pulls a weight towards zero as if `ridge` extra samples said zero: a
 * configuration seen n times keeps about n / (n + ridge) of its raw fit, so
 * rare ones shrink most. The normal equations (X'X + ridge I) w = X'y are
 * solved by conjugate gradients with the diagonal of X'X + ridge I as
 * preconditioner, starting from the previous phase's solution.
 *
 * With `anchor` (and a warm start), the ridge term is ridge x sum of (w - w0)^2
 * for the starting weights w0: new data move the weights away from a former
 * fit only as far as they outweigh it (a fit refined without the data it was
 * made from). Only the first residual changes: r = X'(y - Xw) - ridge (w - w0),
 * which is zero-ridge at the start, w = w0.
 *
 * With a warm start, `phase_lo` .. `phase_end` - 1 limit the phases refitted (the
 * others keep their weights and are only measured): zero iterations measure
 * given weights on the data.
 *
 * With `exact_only`, only the solved positions are trained on (a data file's
 * earlier labels may carry a search's bias), and measured.
 *
 * Held out: whole games, those with hash(game, seed) mod 100 < validation;
 * their positions are never trained on, and their mean absolute error (of the
 * rounded, clamped weights, exactly as the evaluation computes it) is reported
 * per phase, in discs.
 *
 * Reference: J. R. Shewchuk, "An Introduction to the Conjugate Gradient
 * Method Without the Agonizing Pain" (1994), preconditioned CG.
 */
#include "train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix64(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

/* X v for one sample. */
static double sample_dot(const struct pattern_features *f, const double *v)
{
	double s = v[PATTERN_EXTRA_BIAS] + v[PATTERN_EXTRA_MOBILITY] * f->mobility +
		   v[PATTERN_EXTRA_PARITY] * f->parity + v[PATTERN_EXTRA_DISCS] * f->discs;

	for (int i = 0; i < PATTERN_INSTANCES; i++)
		s += v[f->param[i]];
	return s;
}

/* acc += x * (the sample's feature vector). */
static void sample_add(const struct pattern_features *f, double x, double *acc)
{
	acc[PATTERN_EXTRA_BIAS] += x;
	acc[PATTERN_EXTRA_MOBILITY] += x * f->mobility;
	acc[PATTERN_EXTRA_PARITY] += x * f->parity;
	acc[PATTERN_EXTRA_DISCS] += x * f->discs;
	for (int i = 0; i < PATTERN_INSTANCES; i++)
		acc[f->param[i]] += x;
}

struct fit_phase {
	const struct pattern_features *feat; /* features of all positions */
	const uint32_t *rows;		     /* samples of this phase */
	size_t n;			     /* their number */
	const double *y;		     /* targets of all positions, centidiscs */
	double *ridge;			     /* [PATTERN_PARAMS] penalty per weight */
};

/* A p = X'(X p) + ridge p into ap; u gets X p per sample. */
static void apply_normal(const struct fit_phase *ph, const double *p, double *ap, double *u)
{
	memset(ap, 0, sizeof *ap * PATTERN_PARAMS);
	for (size_t k = 0; k < ph->n; k++) {
		const struct pattern_features *f = &ph->feat[ph->rows[k]];

		u[k] = sample_dot(f, p);
		sample_add(f, u[k], ap);
	}
	for (int j = 0; j < PATTERN_PARAMS; j++)
		ap[j] += ph->ridge[j] * p[j];
}

/*
 * Solves one phase by preconditioned conjugate gradients, `iters` steps from
 * the start value in `w` (updated in place; with `anchor` the ridge pulls
 * towards that start value instead of zero). Scratch vectors are given.
 */
static int fit_phase(const struct fit_phase *ph, int iters, double *w, bool anchor,
		     double **scratch, int phase, train_fit_progress progress, void *user)
{
	double *r = scratch[0], *z = scratch[1], *p = scratch[2], *ap = scratch[3],
	       *diag = scratch[4];
	double *u = malloc(sizeof *u * (ph->n ? ph->n : 1)),
	       *pred = malloc(sizeof *pred * (ph->n ? ph->n : 1));
	double rz = 0, se;

	if (!u || !pred) {
		free(u);
		free(pred);
		return -1;
	}
	/* r = X'y - A w; diag = diag(X'X) + ridge */
	memset(r, 0, sizeof *r * PATTERN_PARAMS);
	memset(diag, 0, sizeof *diag * PATTERN_PARAMS);
	for (size_t k = 0; k < ph->n; k++) {
		const struct pattern_features *f = &ph->feat[ph->rows[k]];

		pred[k] = sample_dot(f, w);
		sample_add(f, ph->y[ph->rows[k]] - pred[k], r);
		diag[PATTERN_EXTRA_BIAS] += 1;
		diag[PATTERN_EXTRA_MOBILITY] += (double)f->mobility * f->mobility;
		diag[PATTERN_EXTRA_PARITY] += f->parity;
		diag[PATTERN_EXTRA_DISCS] += (double)f->discs * f->discs;
		for (int i = 0; i < PATTERN_INSTANCES; i++)
			diag[f->param[i]] += 1;
	}
	for (int j = 0; j < PATTERN_PARAMS; j++) {
		if (!anchor)
			r[j] -= ph->ridge[j] * w[j];
		diag[j] += ph->ridge[j];
		if (diag[j] <= 0)
			diag[j] = 1;
		z[j] = r[j] / diag[j];
		p[j] = z[j];
		rz += r[j] * z[j];
	}
	for (int it = 0; it < iters && rz > 1e-12; it++) {
		double pap = 0, alpha, rz_new = 0, beta;

		apply_normal(ph, p, ap, u);
		for (int j = 0; j < PATTERN_PARAMS; j++)
			pap += p[j] * ap[j];
		if (pap <= 0)
			break;
		alpha = rz / pap;
		for (int j = 0; j < PATTERN_PARAMS; j++) {
			w[j] += alpha * p[j];
			r[j] -= alpha * ap[j];
			z[j] = r[j] / diag[j];
			rz_new += r[j] * z[j];
		}
		se = 0;
		for (size_t k = 0; k < ph->n; k++) {
			double e;

			pred[k] += alpha * u[k];
			e = pred[k] - ph->y[ph->rows[k]];
			se += e * e;
		}
		if (progress)
			progress(phase, it + 1, iters, ph->n ? sqrt(se / (double)ph->n) / 100 : 0,
				 user);
		beta = rz_new / rz;
		rz = rz_new;
		for (int j = 0; j < PATTERN_PARAMS; j++)
			p[j] = z[j] + beta * p[j];
	}
	free(u);
	free(pred);
	return 0;
}

/*
 * Fits weights `w` to the positions of `d` with options `o` and fills `rep`
 * with the sample counts and mean absolute errors per phase. Each phase
 * starts from the weights of the phase before, or with `o->warm` from the
 * weights `w` already holds for it (a fit continued with more data or
 * iterations). Progress (phase,
 * iteration, training rmse in discs) goes to `progress` if not NULL. Returns
 * 0, or -1 with a message when out of memory.
 */
int train_fit(const struct train_data *d, const struct train_fit_options *o,
	      struct pattern_weights *w, struct train_fit_report *rep, train_fit_progress progress,
	      void *user, char *err, size_t errlen)
{
	struct pattern_features *feat = malloc(sizeof *feat * (d->n ? d->n : 1));
	double *y = malloc(sizeof *y * (d->n ? d->n : 1));
	uint8_t *held = malloc(d->n ? d->n : 1);
	uint32_t *rows = malloc(sizeof *rows * (d->n ? d->n : 1));
	double *theta = calloc(PATTERN_PARAMS, sizeof *theta),
	       *ridge = malloc(sizeof *ridge * PATTERN_PARAMS), *scratch[5] = {0};
	int rc = -1, have[PATTERN_PHASES] = {0};
	int lo = o->phase_lo, end = o->phase_end > 0 ? o->phase_end : PATTERN_PHASES;

	memset(rep, 0, sizeof *rep);
	for (int i = 0; i < 5; i++)
		scratch[i] = malloc(sizeof **scratch * PATTERN_PARAMS);
	if (!feat || !y || !held || !rows || !theta || !ridge || !scratch[0] || !scratch[1] ||
	    !scratch[2] || !scratch[3] || !scratch[4]) {
		snprintf(err, errlen, "out of memory for %zu positions", d->n);
		goto out;
	}
	for (size_t k = 0; k < d->n; k++) {
		struct board b = {d->pos[k].own, d->pos[k].opp};

		pattern_features(w, &b, &feat[k]);
		y[k] = 100.0 * d->pos[k].score;
		held[k] = mix64(d->game[k] ^ (o->seed << 32)) % 100 < (uint64_t)o->validation;
	}
	for (int j = 0; j < PATTERN_PARAMS; j++)
		ridge[j] = j < PATTERN_TABLE ? o->ridge : 1e-3;
	for (int p = 0; p < PATTERN_PHASES; p++) {
		struct fit_phase ph = {feat, rows, 0, y, ridge};
		double ae_t = 0, ae_v = 0, se_v = 0, se_par[2] = {0}, n_par[2] = {0};
		bool refit = !o->warm || (p >= lo && p < end);

		for (size_t k = 0; k < d->n; k++)
			if (!held[k] && abs(feat[k].phase - p) <= o->window &&
			    (!o->exact_only || d->pos[k].exact))
				rows[ph.n++] = (uint32_t)k;
		if (o->warm)
			pattern_get(w, p, theta);
		if (fit_phase(&ph, refit ? o->iterations : 0, theta, o->warm && o->anchor, scratch,
			      p, progress, user) < 0) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		pattern_set(w, p, theta);
		have[p] = ph.n > 0 || !refit;
		for (size_t k = 0; k < d->n; k++) {
			double e;

			if (feat[k].phase != p || (o->exact_only && !d->pos[k].exact))
				continue;
			e = (pattern_eval_features(w, &feat[k]) - y[k]) / 100;
			if (held[k]) {
				rep->valid[p]++;
				se_v += e;
				se_par[feat[k].parity] += e;
				n_par[feat[k].parity]++;
				ae_v += fabs(e);
			} else {
				rep->train[p]++;
				ae_t += fabs(e);
			}
		}
		rep->train_mae[p] = rep->train[p] ? ae_t / (double)rep->train[p] : 0;
		rep->valid_mae[p] = rep->valid[p] ? ae_v / (double)rep->valid[p] : 0;
		rep->valid_bias[p] = rep->valid[p] ? se_v / (double)rep->valid[p] : 0;
		for (int q = 0; q < 2; q++)
			rep->valid_bias_odd[p][q] = n_par[q] ? se_par[q] / n_par[q] : 0;
	}
	/* a phase without positions takes the weights of the nearest phase with some */
	for (int p = 0; p < PATTERN_PHASES; p++) {
		for (int dist = 1; !have[p] && dist < PATTERN_PHASES; dist++) {
			int q = p - dist >= 0 && have[p - dist]		      ? p - dist
				: p + dist < PATTERN_PHASES && have[p + dist] ? p + dist
									      : -1;

			if (q >= 0) {
				pattern_get(w, q, theta);
				pattern_set(w, p, theta);
				break;
			}
		}
	}
	rc = 0;
out:
	free(feat);
	free(y);
	free(held);
	free(rows);
	free(theta);
	free(ridge);
	for (int i = 0; i < 5; i++)
		free(scratch[i]);
	return rc;
}
