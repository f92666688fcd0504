/*
 * eval-fit.c — the least-squares fit of the other boards' linear weights
 * (veval.h, the `linear` kind of evaluation) from data lines of self-play
 * (vtrain.h): a board string, then the game's result for Black.
 *
 * For each stage, the weights w minimising the sum over its positions of
 * (w · features - result for the side to move × 100)² plus ridge × |w|² ×
 * positions, solved by Gaussian elimination on the normal equations. A stage
 * with fewer than ten positions a feature keeps the built-in weights.
 */
#include "eval-kind.h"
#include "veval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)EVAL_FIT_STAGES == (int)VEVAL_STAGES, "a stage of the fit is one of veval.h");
_Static_assert((int)EVAL_FIT_STAGE_MIN == 10 * (int)VEVAL_FEATURES, "ten positions a feature");

/* Solves a x = y (n unknowns, a row-major) in place by elimination with pivoting; false if
 * singular. */
static bool solve_linear(double *a, double *y, int n)
{
	for (int c = 0; c < n; c++) {
		int p = c;

		for (int r = c + 1; r < n; r++)
			if (fabs(a[r * n + c]) > fabs(a[p * n + c]))
				p = r;
		if (fabs(a[p * n + c]) < 1e-12)
			return false;
		for (int k = 0; k < n; k++) {
			double t = a[c * n + k];

			a[c * n + k] = a[p * n + k];
			a[p * n + k] = t;
		}
		{
			double t = y[c];

			y[c] = y[p];
			y[p] = t;
		}
		for (int r = 0; r < n; r++) {
			double f;

			if (r == c)
				continue;
			f = a[r * n + c] / a[c * n + c];
			for (int k = c; k < n; k++)
				a[r * n + k] -= f * a[c * n + k];
			y[r] -= f * y[c];
		}
	}
	for (int c = 0; c < n; c++)
		y[c] /= a[c * n + c];
	return true;
}

/* Adds one data line to the normal equations; 0, or -1 with "column N: ..." in err. */
static int fit_line(const struct vgeom *g, const char *line,
		    double xtx[][VEVAL_FEATURES * VEVAL_FEATURES], double xty[][VEVAL_FEATURES],
		    int counts[], char *err, size_t errlen)
{
	struct vboard b;
	int black, f[VEVAL_FEATURES], n = vboard_parse(g, line, &b, &black, err, errlen), stage;
	char *end;
	long result;

	if (n < 0)
		return -1;
	result = strtol(line + n, &end, 10);
	if (end == line + n || result < -g->squares || result > g->squares) {
		snprintf(err, errlen, "column %d: expected the game's result for Black", n + 1);
		return -1;
	}
	stage = veval_stage(g, b.own, b.opp);
	veval_features(g, b.own, b.opp, f);
	for (int i = 0; i < VEVAL_FEATURES; i++) {
		for (int j = 0; j < VEVAL_FEATURES; j++)
			xtx[stage][i * VEVAL_FEATURES + j] += (double)f[i] * f[j];
		xty[stage][i] += (double)f[i] * (double)(black ? result : -result) * 100;
	}
	counts[stage]++;
	return 0;
}

/* The linear weights of board g fitted to the data files in[0..n_in) (see the top of the
   file) into `out`, the positions of each stage in counts; 0, or -1 with a message. */
static int fit(const struct vgeom *g, FILE *const *in, const char *const *names, int n_in,
	       double ridge, struct veval *out, int counts[VEVAL_STAGES], char *err, size_t errlen)
{
	double xtx[VEVAL_STAGES][VEVAL_FEATURES * VEVAL_FEATURES];
	double y[VEVAL_STAGES][VEVAL_FEATURES];
	char line[256], msg[200];

	memset(xtx, 0, sizeof xtx);
	memset(y, 0, sizeof y);
	memset(counts, 0, sizeof(int) * VEVAL_STAGES);
	veval_default(g, out);
	for (int k = 0; k < n_in; k++) {
		for (int lineno = 1; fgets(line, sizeof line, in[k]); lineno++) {
			if (fit_line(g, line, xtx, y, counts, msg, sizeof msg) < 0) {
				int col = 0, skip = 0;

				sscanf(msg, "column %d: %n", &col, &skip);
				snprintf(err, errlen, "%s:%d:%d: %s", names[k], lineno, col,
					 msg + skip);
				return -1;
			}
		}
	}
	for (int s = 0; s < VEVAL_STAGES; s++) {
		if (counts[s] < EVAL_FIT_STAGE_MIN)
			continue; /* too few positions: the built-in weights stay */
		for (int i = 0; i < VEVAL_FEATURES; i++)
			xtx[s][i * VEVAL_FEATURES + i] += ridge * counts[s];
		if (!solve_linear(xtx[s], y[s], VEVAL_FEATURES))
			continue;
		for (int i = 0; i < VEVAL_FEATURES; i++) { /* within what veval_read reads back */
			double w = isfinite(y[s][i]) ? y[s][i] : out->w[s][i];

			w = w > VEVAL_WEIGHT_MAX ? VEVAL_WEIGHT_MAX : w;
			out->w[s][i] = (int)lround(w < -VEVAL_WEIGHT_MAX ? -VEVAL_WEIGHT_MAX : w);
		}
	}
	return 0;
}

/*
 * Fits the linear weights of board v (not 8×8) to the data files
 * in[0..n_in) (`names` for messages) with the given ridge, and returns them
 * as a new evaluation of that board (eval_write writes its weights file);
 * the positions of each stage go to counts. NULL with "NAME:LINE:COL:
 * message" in err (or out of memory).
 */
struct eval *eval_fit_linear(enum variant v, FILE *const *in, const char *const *names, int n_in,
			     double ridge, int counts[EVAL_FIT_STAGES], char *err, size_t errlen)
{
	struct veval *w = malloc(sizeof *w);

	if (!w || v == VARIANT_8X8) {
		snprintf(err, errlen,
			 w ? "the linear weights are for the other boards, not 8x8"
			   : "out of memory");
		free(w);
		return NULL;
	}
	if (fit(vboard_geom(v), in, names, n_in, ridge, w, counts, err, errlen) < 0) {
		free(w);
		return NULL;
	}
	return eval_wrap(&eval_linear_kind, v, w);
}
