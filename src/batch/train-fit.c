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
 * which is zero-ridge at the start, w = w0. With `hold_extras` as well, the
 * bias, mobility, parity and disc terms get a ridge so large (HOLD_RIDGE) that
 * they stay where they start: a refit of the patterns then keeps the parity
 * term that `train calibrate` set (which the data alone would move back).
 *
 * With a warm start, `phase_lo` .. `phase_end` - 1 limit the phases refitted (the
 * others keep their weights and are only measured): zero iterations measure
 * given weights on the data.
 *
 * With `exact_only`, only the solved positions are trained on (a data file's
 * earlier labels may carry a search's bias), and measured; with `solved_only`,
 * those and the ones labelled by a selective solve (generate's presolve).
 *
 * Held out: whole games, those with hash(game, seed) mod 100 < validation;
 * their positions are never trained on, and their mean absolute error (of the
 * rounded, clamped weights, exactly as the evaluation computes it) is reported
 * per phase, in discs.
 *
 * Threads (`jobs`): the per-sample work of each step (the features, X p,
 * the predictions, the errors) is split by fixed chunks of samples; X'u is
 * split by pattern kinds, each weight being added to by one thread in sample
 * order, exactly as one thread adds them; sums of scalars are kept per chunk
 * and added in chunk order; the sums over the weights stay on one thread.
 * So the weights and the report are the same, bit for bit, for any number of
 * threads (the weights also as before threads came). One thread does X p and X'u
 * in one pass, while each sample's features are at hand.
 *
 * Reference: J. R. Shewchuk, "An Introduction to the Conjugate Gradient
 * Method Without the Agonizing Pain" (1994), preconditioned CG.
 */
#include "jobs.h"
#include "rng.h"
#include "train.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* X v for one sample. */
/* Whether the options `o` train on (and measure) position `p`. */
static bool fit_takes(const struct train_fit_options *o, const struct train_position *p)
{
	if (o->exact_only)
		return p->exact;
	return !o->solved_only || p->exact || p->selective;
}

static double sample_dot(const struct pattern_features *f, const double *v)
{
	double s = v[PATTERN_EXTRA_BIAS] + v[PATTERN_EXTRA_MOBILITY] * f->mobility +
		   v[PATTERN_EXTRA_PARITY] * f->parity + v[PATTERN_EXTRA_DISCS] * f->discs;

	for (int i = 0; i < PATTERN_INSTANCES; i++)
		s += v[f->param[i]];
	return s;
}

/* The ridge that holds a weight at its starting value (anchor, hold_extras). */
#define HOLD_RIDGE 1e12

enum {
	FIT_CHUNK = 8192,  /* samples of one partial sum (fixed, whatever the threads) */
	FIT_MAX_JOBS = 64, /* most threads of a fit */
};

struct fit_phase {
	const struct pattern_features *feat; /* features of all positions */
	const uint32_t *rows;		     /* samples of this phase */
	size_t n;			     /* their number */
	const double *y;		     /* targets of all positions, centidiscs */
	double *ridge;			     /* [PATTERN_PARAMS] penalty per weight */
	int jobs;			     /* threads */
	const int *inst;		     /* [jobs + 1]: thread t adds the weights of the
						copies inst[t] .. inst[t + 1] - 1 */
};

/* One step of a fit split over threads: part `t` of `parts` of the work on `ctx`. */
typedef void (*fit_part_fn)(void *ctx, int t, int parts);

/* A step split over the job pool: its function and data, and the number of parts. */
struct fit_step_job {
	fit_part_fn fn; /* the work */
	void *ctx;	/* its data */
	int parts;	/* the number of parts */
};

static int fit_part(void *ctx, void *state, size_t t)
{
	const struct fit_step_job *j = ctx;

	(void)state;
	j->fn(j->ctx, (int)t, j->parts);
	return 0;
}

/*
 * Runs parts 0 .. jobs-1 of `fn` on `ctx` on `jobs` threads of the job pool
 * (fewer if some cannot start; this thread alone if none can) and returns
 * when all are done. Which part does what is fixed by its number only, so the
 * result does not depend on the threads' timing.
 */
static void fit_parallel(fit_part_fn fn, void *ctx, int jobs)
{
	struct fit_step_job sj = {fn, ctx, jobs};

	if (jobs <= 1) {
		fn(ctx, 0, 1);
		return;
	}
	(void)jobs_run(
	    &(struct jobs){.items = (size_t)jobs, .threads = jobs, .ctx = &sj, .work = fit_part});
}

/* The chunks of FIT_CHUNK samples of part `t` of `parts` of `n` samples: lo .. hi - 1. */
static void fit_chunks(size_t n, int t, int parts, size_t *lo, size_t *hi)
{
	size_t chunks = (n + FIT_CHUNK - 1) / FIT_CHUNK;

	*lo = chunks * (size_t)t / (size_t)parts;
	*hi = chunks * (size_t)(t + 1) / (size_t)parts;
}

/*
 * Splits the pattern copies among `jobs` threads into inst[0 .. jobs]: whole
 * kinds (copies of one kind share their weights, so each weight is added to
 * by one thread only, in sample order: the sums are the same whatever the
 * threads), about as many copies to each. `f` is any position's features.
 */
static void fit_split_copies(const struct pattern_features *f, int jobs, int *inst)
{
	int t = 1;

	inst[0] = 0;
	for (int i = 1; i < PATTERN_INSTANCES && t < jobs; i++) {
		bool boundary = pattern_kind_of(f->param[i]) != pattern_kind_of(f->param[i - 1]);

		if (boundary && i * jobs >= t * PATTERN_INSTANCES)
			inst[t++] = i;
	}
	while (t <= jobs)
		inst[t++] = PATTERN_INSTANCES;
}

/* What the per-sample steps of one conjugate-gradient iteration work on. */
struct fit_step {
	const struct fit_phase *ph; /* the phase */
	const double *v;	    /* DOT: the vector multiplied */
	double *u;		    /* DOT: X v per sample; SCATTER: the multipliers */
	double *acc;		    /* SCATTER: X'u is added here */
	double *diag;		    /* SCATTER: diag(X'X) is added here if not NULL */
	double *pred;		    /* STEP: predictions, moved by alpha u */
	double alpha;		    /* STEP: the step */
	double *chunk_se;	    /* STEP: squared error of each chunk */
	bool fused;		    /* SCATTER: one thread computes u = X v on the way */
};

/* u = X v for the samples of part t. */
static void step_dot(void *ctx, int t, int parts)
{
	struct fit_step *st = ctx;
	const struct fit_phase *ph = st->ph;
	size_t lo, hi;

	fit_chunks(ph->n, t, parts, &lo, &hi);
	for (size_t k = lo * FIT_CHUNK; k < hi * FIT_CHUNK && k < ph->n; k++)
		st->u[k] = sample_dot(&ph->feat[ph->rows[k]], st->v);
}

/* acc += X'u (and diag += diag(X'X)) for the weights of part t's copies (part 0: the extras);
   fused (one part): u = X v first, sample by sample, while its features are at hand. */
static void step_scatter(void *ctx, int t, int parts)
{
	struct fit_step *st = ctx;
	const struct fit_phase *ph = st->ph;
	int i0 = ph->inst[t], i1 = ph->inst[t + 1];
	double *acc = st->acc, *diag = st->diag;

	(void)parts;
	for (size_t k = 0; k < ph->n; k++) {
		const struct pattern_features *f = &ph->feat[ph->rows[k]];
		double x = st->fused ? (st->u[k] = sample_dot(f, st->v)) : st->u[k];

		if (t == 0) {
			acc[PATTERN_EXTRA_BIAS] += x;
			acc[PATTERN_EXTRA_MOBILITY] += x * f->mobility;
			acc[PATTERN_EXTRA_PARITY] += x * f->parity;
			acc[PATTERN_EXTRA_DISCS] += x * f->discs;
		}
		for (int i = i0; i < i1; i++)
			acc[f->param[i]] += x;
		if (!diag)
			continue;
		if (t == 0) {
			diag[PATTERN_EXTRA_BIAS] += 1;
			diag[PATTERN_EXTRA_MOBILITY] += (double)f->mobility * f->mobility;
			diag[PATTERN_EXTRA_PARITY] += f->parity;
			diag[PATTERN_EXTRA_DISCS] += (double)f->discs * f->discs;
		}
		for (int i = i0; i < i1; i++)
			diag[f->param[i]] += 1;
	}
}

/* pred += alpha u and the squared error of each chunk, for the samples of part t. */
static void step_move(void *ctx, int t, int parts)
{
	struct fit_step *st = ctx;
	const struct fit_phase *ph = st->ph;
	size_t lo, hi;

	fit_chunks(ph->n, t, parts, &lo, &hi);
	for (size_t c = lo; c < hi; c++) {
		double se = 0;

		for (size_t k = c * FIT_CHUNK; k < (c + 1) * FIT_CHUNK && k < ph->n; k++) {
			double e;

			st->pred[k] += st->alpha * st->u[k];
			e = st->pred[k] - ph->y[ph->rows[k]];
			se += e * e;
		}
		st->chunk_se[c] = se;
	}
}

/* A p = X'(X p) + ridge p into ap; u gets X p per sample. */
static void apply_normal(const struct fit_phase *ph, const double *p, double *ap, double *u)
{
	struct fit_step st = {.ph = ph, .v = p, .u = u, .acc = ap, .fused = ph->jobs == 1};

	memset(ap, 0, sizeof *ap * PATTERN_PARAMS);
	if (!st.fused)
		fit_parallel(step_dot, &st, ph->jobs);
	fit_parallel(step_scatter, &st, ph->jobs);
	for (int j = 0; j < PATTERN_PARAMS; j++)
		ap[j] += ph->ridge[j] * p[j];
}

/*
 * The start of a solve: pred = X w, r = X'(y - X w) (minus ridge w unless
 * `anchor`), diag = diag(X'X) + ridge; u is scratch.
 */
static void fit_start(const struct fit_phase *ph, const double *w, bool anchor, double *pred,
		      double *u, double *r, double *diag)
{
	struct fit_step st = {.ph = ph, .v = w, .u = pred, .acc = r, .diag = diag};

	memset(r, 0, sizeof *r * PATTERN_PARAMS);
	memset(diag, 0, sizeof *diag * PATTERN_PARAMS);
	fit_parallel(step_dot, &st, ph->jobs);
	for (size_t k = 0; k < ph->n; k++)
		u[k] = ph->y[ph->rows[k]] - pred[k];
	st.u = u;
	fit_parallel(step_scatter, &st, ph->jobs);
	for (int j = 0; j < PATTERN_PARAMS; j++) {
		if (!anchor)
			r[j] -= ph->ridge[j] * w[j];
		diag[j] += ph->ridge[j];
		if (diag[j] <= 0)
			diag[j] = 1;
	}
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
	size_t chunks = (ph->n + FIT_CHUNK - 1) / FIT_CHUNK;
	double *u = malloc(sizeof *u * (ph->n ? ph->n : 1)),
	       *pred = malloc(sizeof *pred * (ph->n ? ph->n : 1)),
	       *chunk_se = malloc(sizeof *chunk_se * (chunks ? chunks : 1));
	double rz = 0;

	if (!u || !pred || !chunk_se) {
		free(u);
		free(pred);
		free(chunk_se);
		return -1;
	}
	fit_start(ph, w, anchor, pred, u, r, diag);
	for (int j = 0; j < PATTERN_PARAMS; j++) {
		z[j] = r[j] / diag[j];
		p[j] = z[j];
		rz += r[j] * z[j];
	}
	for (int it = 0; it < iters && rz > 1e-12; it++) {
		double pap = 0, rz_new = 0, se = 0, beta;
		struct fit_step st = {.ph = ph, .u = u, .pred = pred, .chunk_se = chunk_se};

		apply_normal(ph, p, ap, u);
		for (int j = 0; j < PATTERN_PARAMS; j++)
			pap += p[j] * ap[j];
		if (pap <= 0)
			break;
		st.alpha = rz / pap;
		for (int j = 0; j < PATTERN_PARAMS; j++) {
			w[j] += st.alpha * p[j];
			r[j] -= st.alpha * ap[j];
			z[j] = r[j] / diag[j];
			rz_new += r[j] * z[j];
		}
		fit_parallel(step_move, &st, ph->jobs);
		for (size_t c = 0; c < chunks; c++)
			se += chunk_se[c];
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
	free(chunk_se);
	return 0;
}

/* What the per-position steps of a fit (features, errors) work on. */
struct fit_all {
	const struct train_data *d;	   /* the positions */
	const struct train_fit_options *o; /* the options */
	struct pattern_weights *w;	   /* the weights */
	struct pattern_features *feat;	   /* features of each position */
	double *y;			   /* target of each position, centidiscs */
	uint8_t *held;			   /* 1 for a held-out position */
	int jobs;			   /* threads */
	int phase;			   /* ERRORS: the phase measured */
	struct fit_errors *chunk_errors;   /* ERRORS: the sums of each chunk */
};

/* Sums of the errors of a phase's positions (discs). */
struct fit_errors {
	size_t train;	  /* training positions */
	size_t valid;	  /* held-out positions */
	double ae_t;	  /* absolute errors of the training positions */
	double ae_v;	  /* ... of the held-out ones */
	double se_v;	  /* signed errors of the held-out ones */
	double se_par[2]; /* ... at even and odd empties */
	double n_par[2];  /* held-out positions at even and odd empties */
};

/* Features, targets and held-out marks of the positions of part t. */
static void all_features(void *ctx, int t, int parts)
{
	struct fit_all *a = ctx;
	size_t lo, hi;

	fit_chunks(a->d->n, t, parts, &lo, &hi);
	for (size_t k = lo * FIT_CHUNK; k < hi * FIT_CHUNK && k < a->d->n; k++) {
		struct board b = {a->d->pos[k].own, a->d->pos[k].opp};

		pattern_features(a->w, &b, &a->feat[k]);
		a->y[k] = 100.0 * a->d->pos[k].score;
		a->held[k] =
		    rng_mix(a->d->game[k] ^ (a->o->seed << 32)) % 100 < (uint64_t)a->o->validation;
	}
}

/* The errors of the weights on the positions of phase a->phase, per chunk of part t. */
static void all_errors(void *ctx, int t, int parts)
{
	struct fit_all *a = ctx;
	size_t lo, hi;

	fit_chunks(a->d->n, t, parts, &lo, &hi);
	for (size_t c = lo; c < hi; c++) {
		struct fit_errors *s = &a->chunk_errors[c];

		memset(s, 0, sizeof *s);
		for (size_t k = c * FIT_CHUNK; k < (c + 1) * FIT_CHUNK && k < a->d->n; k++) {
			const struct pattern_features *f = &a->feat[k];
			double e;

			if (f->phase != a->phase || !fit_takes(a->o, &a->d->pos[k]))
				continue;
			e = (pattern_eval_features(a->w, f) - a->y[k]) / 100;
			if (a->held[k]) {
				s->valid++;
				s->se_v += e;
				s->se_par[f->parity] += e;
				s->n_par[f->parity]++;
				s->ae_v += fabs(e);
			} else {
				s->train++;
				s->ae_t += fabs(e);
			}
		}
	}
}

/* Measures the weights on phase p's positions into `rep` (sums in chunk order). */
static void fit_measure(struct fit_all *a, int p, struct train_fit_report *rep)
{
	size_t chunks = (a->d->n + FIT_CHUNK - 1) / FIT_CHUNK;
	struct fit_errors s = {0};

	a->phase = p;
	fit_parallel(all_errors, a, a->jobs);
	for (size_t c = 0; c < chunks; c++) {
		const struct fit_errors *e = &a->chunk_errors[c];

		s.train += e->train;
		s.valid += e->valid;
		s.ae_t += e->ae_t;
		s.ae_v += e->ae_v;
		s.se_v += e->se_v;
		for (int q = 0; q < 2; q++) {
			s.se_par[q] += e->se_par[q];
			s.n_par[q] += e->n_par[q];
		}
	}
	rep->train[p] = s.train;
	rep->valid[p] = s.valid;
	rep->train_mae[p] = s.train ? s.ae_t / (double)s.train : 0;
	rep->valid_mae[p] = s.valid ? s.ae_v / (double)s.valid : 0;
	rep->valid_bias[p] = s.valid ? s.se_v / (double)s.valid : 0;
	for (int q = 0; q < 2; q++)
		rep->valid_bias_odd[p][q] = s.n_par[q] ? s.se_par[q] / s.n_par[q] : 0;
}

/* A phase without positions takes the weights of the nearest phase with some. */
static void fit_fill_empty(struct pattern_weights *w, const int *have, double *theta)
{
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
}

/*
 * Fits weights `w` to the positions of `d` with options `o` and fills `rep`
 * with the sample counts and mean absolute errors per phase. Each phase
 * starts from the weights of the phase before, or with `o->warm` from the
 * weights `w` already holds for it (a fit continued with more data or
 * iterations). The work is split over `o->jobs` threads so that the weights
 * and the report are the same for any number. Progress (phase, iteration,
 * training rmse in discs) goes to `progress` if not NULL. Returns 0, or -1
 * with a message when out of memory.
 */
int train_fit(const struct train_data *d, const struct train_fit_options *o,
	      struct pattern_weights *w, struct train_fit_report *rep, train_fit_progress progress,
	      void *user, char *err, size_t errlen)
{
	size_t n1 = d->n ? d->n : 1, chunks = (d->n + FIT_CHUNK - 1) / FIT_CHUNK;
	int jobs = o->jobs < 1 ? 1 : o->jobs > FIT_MAX_JOBS ? FIT_MAX_JOBS : o->jobs;
	struct fit_all a = {d,
			    o,
			    w,
			    malloc(sizeof(struct pattern_features) * n1),
			    malloc(sizeof(double) * n1),
			    malloc(n1),
			    jobs,
			    0,
			    malloc(sizeof(struct fit_errors) * (chunks ? chunks : 1))};
	uint32_t *rows = malloc(sizeof *rows * n1);
	double *theta = calloc(PATTERN_PARAMS, sizeof *theta),
	       *ridge = malloc(sizeof *ridge * PATTERN_PARAMS), *scratch[5] = {0};
	int rc = -1, have[PATTERN_PHASES] = {0}, inst[FIT_MAX_JOBS + 1];
	int lo = o->phase_lo, end = o->phase_end > 0 ? o->phase_end : PATTERN_PHASES;

	memset(rep, 0, sizeof *rep);
	for (int i = 0; i < 5; i++)
		scratch[i] = malloc(sizeof **scratch * PATTERN_PARAMS);
	if (!a.feat || !a.y || !a.held || !a.chunk_errors || !rows || !theta || !ridge ||
	    !scratch[0] || !scratch[1] || !scratch[2] || !scratch[3] || !scratch[4]) {
		snprintf(err, errlen, "out of memory for %zu positions", d->n);
		goto out;
	}
	fit_parallel(all_features, &a, jobs);
	fit_split_copies(&a.feat[0], d->n ? jobs : 1, inst);
	for (int j = 0; j < PATTERN_PARAMS; j++)
		ridge[j] = j < PATTERN_TABLE			    ? o->ridge
			   : o->warm && o->anchor && o->hold_extras ? HOLD_RIDGE
								    : 1e-3;
	for (int p = 0; p < PATTERN_PHASES; p++) {
		struct fit_phase ph = {a.feat, rows, 0, a.y, ridge, d->n ? jobs : 1, inst};
		bool refit = !o->warm || (p >= lo && p < end);

		for (size_t k = 0; k < d->n; k++)
			if (!a.held[k] && abs(a.feat[k].phase - p) <= o->window &&
			    fit_takes(o, &d->pos[k]))
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
		fit_measure(&a, p, rep);
	}
	fit_fill_empty(w, have, theta);
	rc = 0;
out:
	free(a.feat);
	free(a.y);
	free(a.held);
	free(a.chunk_errors);
	free(rows);
	free(theta);
	free(ridge);
	for (int i = 0; i < 5; i++)
		free(scratch[i]);
	return rc;
}
