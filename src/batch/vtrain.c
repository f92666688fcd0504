/*
 * vtrain.c — self-play data and the least-squares fit of vtrain.h.
 *
 * Data file, one position a line:
 *
 * | field         | meaning                                                 |
 * |---------------|---------------------------------------------------------|
 * | board string  | the position (vboard_format: squares, # holes, X or O)  |
 * | result        | the final disc difference of the game for Black         |
 *
 * The fit: for each stage, the weights w minimising the sum over its
 * positions of (w · features - result for the side to move × 100)² plus
 * ridge × |w|² × positions, solved by Gaussian elimination on the normal
 * equations. The openings' own positions are not written (they are random).
 * The games are played by the game loop of the series (match.c), the level
 * on both sides.
 */
#include "vtrain.h"
#include "match.h"
#include "vmatch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Writes the positions of game record `rec` after its opening's `skip` moves where a move was
   played, each with the game's result for Black. Returns how many. */
static int write_positions(const struct game *rec, int skip, int result, FILE *out)
{
	char line[POS_STRING_MAX + 1];
	int n = 0;

	for (const struct game_node *at = rec->root; at->child; at = at->child) {
		if (at->child->ply <= skip || at->child->move == SQ_PASS)
			continue;
		pos_format(&at->pos, at->side, line);
		fprintf(out, "%s %+d\n", line, result);
		n++;
	}
	return n;
}

/*
 * Plays `games` games of `level` against itself on board g with the weights
 * ev, each from a random opening of `plies` plies (seeded by seed), through
 * the game loop of the series (match_play_game), and appends the positions
 * of each game after its opening where a move was played, with the game's
 * result. Returns the positions written, or -1 with a message.
 */
int vtrain_generate(const struct vgeom *g, const struct veval *ev, const char *level, int games,
		    int plies, uint64_t seed, FILE *out, char *err, size_t errlen)
{
	struct match_player_options opt = {.veval = ev};
	struct match_player *p[2] = {NULL, NULL};
	uint64_t rng = seed;
	int total = 0;

	for (int i = 0; i < 2; i++)
		if (!(p[i] = match_player_new(level, &opt, err, errlen)))
			goto fail;
	for (int i = 0; i < games; i++) {
		struct match_opening o;
		struct match_table t = {
		    .player = {p[0], p[1]},
		    .name = {level, level},
		    .opening = &o,
		    .number = i + 1,
		    .seed = {match_game_seed(seed, i + 1), match_game_seed(seed, i + 1)}};
		struct report_game rep;
		struct game *rec = NULL;
		struct vopening vo;
		char text[REPORT_OPENING_LEN], msg[160];

		vmatch_opening(g, plies, &rng, &vo);
		vmatch_opening_text(g, &vo, text, sizeof text);
		if (match_opening_parse(g->variant, text, &o, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "opening %s: %s", text, msg);
			goto fail;
		}
		if (match_play_game(&t, &rep, NULL, &rec) != MATCH_END_NORMAL || !rec) {
			snprintf(err, errlen, "game %d: %s", i + 1,
				 rec ? rep.end : "out of memory");
			game_free(rec);
			goto fail;
		}
		total += write_positions(rec, o.n_moves, rep.gap, out);
		game_free(rec);
	}
	match_player_free(p[0]);
	match_player_free(p[1]);
	if (ferror(out)) {
		snprintf(err, errlen, "write error");
		return -1;
	}
	return total;
fail:
	match_player_free(p[0]);
	match_player_free(p[1]);
	return -1;
}

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

/*
 * Fits the weights of board g to the data files in[0..n_in) (names for
 * messages) with the given ridge; the positions of each stage in counts.
 * Returns 0, or -1 with "NAME:LINE:COL: message" in err.
 */
int vtrain_fit(const struct vgeom *g, FILE *const *in, const char *const *names, int n_in,
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
		if (counts[s] < 10 * VEVAL_FEATURES)
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
