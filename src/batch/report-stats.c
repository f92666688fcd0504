/*
 * report-stats.c — statistics of a series of games between two players, and the
 * cross table of a tournament.
 *
 * Formulas. For one player over n games with per-game points x_i (1 a win,
 * 1/2 a draw, 0 a loss) and gaps d_i (its discs minus the opponent's, from the
 * report's score gap):
 *
 *   score s            = sum x_i / n                      (score_pct = 100 s)
 *   mean disc diff     = m = sum d_i / n
 *   its 95 % interval  = m +- t(n-1) * sd / sqrt(n), sd the sample standard
 *                        deviation of the d_i (divisor n - 1) and t(df) the
 *                        two-sided 95 % quantile of Student's t (table below,
 *                        1.96 from 120 degrees of freedom on)
 *   Elo difference     = E(s) = -400 log10(1/s - 1), the logistic model in
 *                        which a 400-point gap gives 10:1 odds
 *   its error bars     = se = sqrt(sum (x_i - s)^2 / n) / sqrt(n) is the
 *                        standard error of s (normal approximation of the
 *                        win/draw/loss trinomial); the 95 % interval of s is
 *                        s +- 1.96 se, mapped through E, and elo_error is half
 *                        the width of the mapped interval. Interval ends are
 *                        kept inside [1/(2n), 1 - 1/(2n)].
 *   a 0 % or 100 % score has no finite estimate: E is evaluated at half a
 *   point from the end (1/(2n) or 1 - 1/(2n)), flagged as a bound, error 0.
 *   the score's 95 % interval: Wilson's, [score_lo, score_hi] in percent,
 *                        with z = 1.96, v = sum (x_i - s)^2 / n (p(1 - p)
 *                        without draws):
 *                          centre = (s + z^2 / 2n) / (1 + z^2 / n)
 *                          half   = z / (1 + z^2 / n) sqrt(v / n + z^2 / 4n^2)
 *                        always inside 0-100 % and never of zero width (the
 *                        normal s +- z se went past 100 % and was empty at
 *                        a sweep); score_ci is its half-width
 *
 * The sums above are kept in the stats_match, so a series can be fed one
 * game at a time (stats_match_add) and finished after any of them: the
 * running score of a match picture is the summary of each prefix. In a
 * tournament each player's games against all the others also form one series
 * "against the field" (stats_table.overall): its Elo is the player's Elo
 * above the average of its opponents, the ranking's figure.
 */
#include "report-stats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Two-sided 95 % quantiles of Student's t distribution, df = 1..30. */
static const double t95_table[30] = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

/* The two-sided 95 % quantile of Student's t with `df` degrees of freedom
   (table to 30, then the standard values at 40, 60, 120, then 1.96). */
double stats_t95(int df)
{
	if (df < 1)
		return 0;
	if (df <= 30)
		return t95_table[df - 1];
	if (df < 40)
		return 2.042 - (2.042 - 2.021) * (df - 30) / 10.0;
	if (df < 60)
		return 2.021 - (2.021 - 2.000) * (df - 40) / 20.0;
	if (df < 120)
		return 2.000 - (2.000 - 1.980) * (df - 60) / 60.0;
	return 1.96;
}

/* The Elo difference that makes `score` (0 < score < 1) the expected score. */
double stats_elo(double score)
{
	return -400.0 * log10(1.0 / score - 1.0);
}

/* Which of the two names `name` is: 0, 1, or -1 for neither. */
static int which(const struct stats_match *s, const char *name)
{
	if (!strcmp(name, s->names[0]))
		return 0;
	if (!strcmp(name, s->names[1]))
		return 1;
	return -1;
}

/* Empties `s` for a series between `first` and `second`, to be fed with
   stats_match_add and completed by stats_match_finish. */
void stats_match_start(struct stats_match *s, const char *first, const char *second)
{
	memset(s, 0, sizeof *s);
	snprintf(s->names[0], sizeof s->names[0], "%s", first);
	snprintf(s->names[1], sizeof s->names[1], "%s", second);
	s->longest[0] = s->longest[1] = -1;
}

/* Counts one game of the first player, who had `color` (0 Black, 1 White)
   and ended `d` discs ahead (negative: behind); `forfeit` when the loser
   forfeited it. The derived figures wait for stats_match_finish. */
void stats_match_add_result(struct stats_match *s, int color, int d, bool forfeit)
{
	double x;

	s->games++;
	if (d > 0) {
		s->wins[0]++;
		s->wins_as[0][color]++;
		s->losses_as[1][1 - color]++;
		x = 1;
	} else if (d < 0) {
		s->wins[1]++;
		s->wins_as[1][1 - color]++;
		s->losses_as[0][color]++;
		x = 0;
	} else {
		s->draws++;
		s->draws_as[0][color]++;
		s->draws_as[1][1 - color]++;
		x = 0.5;
	}
	if (forfeit)
		s->forfeits[d > 0 ? 1 : 0]++;
	s->sum_d += d;
	s->sum_dd += (double)d * d;
	s->sum_xx += x * x;
}

/* Counts game `g` if it is one between the two players of `s`; returns
   whether it was. */
bool stats_match_add(struct stats_match *s, const struct report_game *g)
{
	int b = which(s, g->black), w = which(s, g->white);
	int color;

	if (b < 0 || w < 0 || b == w)
		return false;
	color = b == 0 ? 0 : 1; /* the first player's colour */
	stats_match_add_result(s, color, color == 0 ? g->gap : -g->gap,
			       strncmp(g->end, "forfeit ", 8) == 0);
	for (int k = 0; k < 2; k++) /* k: Black, White; player k == color plays Black */
		if (g->longest[k] > s->longest[k == color ? 0 : 1])
			s->longest[k == color ? 0 : 1] = g->longest[k];
	return true;
}

/* Derives points, score, mean difference, their intervals and the Elo
   difference from the games counted so far (see the formulas above); may be
   called again after more games are added. */
void stats_match_finish(struct stats_match *s)
{
	int n = s->games;

	if (n == 0)
		return;
	s->points[0] = s->wins[0] + 0.5 * s->draws;
	s->points[1] = s->wins[1] + 0.5 * s->draws;
	double p = s->points[0] / n;
	s->score_pct = 100.0 * p;
	s->mean_diff = s->sum_d / n;
	s->diff_ci = 0;
	if (n > 1) {
		double var = (s->sum_dd - n * s->mean_diff * s->mean_diff) / (n - 1);
		s->diff_ci = stats_t95(n - 1) * sqrt(var > 0 ? var : 0) / sqrt(n);
	}
	double lo_s = 0.5 / n, hi_s = 1.0 - 0.5 / n;
	double var_x = s->sum_xx / n - p * p;
	double se = sqrt(var_x > 0 ? var_x : 0) / sqrt(n);
	double z2 = 1.96 * 1.96, centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
	double half = 1.96 / (1 + z2 / n) * sqrt((var_x > 0 ? var_x : 0) / n + z2 / (4.0 * n * n));
	s->score_lo = 100.0 * fmax(0, centre - half);
	s->score_hi = 100.0 * fmin(1, centre + half);
	s->score_ci = (s->score_hi - s->score_lo) / 2;
	if (p <= 0 || p >= 1) {
		s->elo_bound = true;
		s->elo = stats_elo(p <= 0 ? lo_s : hi_s) + 0.0; /* one game: 0, never -0 */
		s->elo_error = 0;
		return;
	}
	s->elo_bound = false;
	double lo = fmax(p - 1.96 * se, lo_s), hi = fmin(p + 1.96 * se, hi_s);
	s->elo = fabs(p - 0.5) < 1e-12 ? 0 : stats_elo(p);
	s->elo_error = hi > lo ? (stats_elo(hi) - stats_elo(lo)) / 2 : 0;
}

/* Computes the statistics of the games between `first` and `second` among
   the `n` games given (others are skipped). Returns the number of games
   counted. */
int stats_match_compute(const struct report_game *games, int n, const char *first,
			const char *second, struct stats_match *out)
{
	stats_match_start(out, first, second);
	for (int i = 0; i < n; i++)
		stats_match_add(out, &games[i]);
	stats_match_finish(out);
	return out->games;
}

/* ---------------------------------------------------------------- players */

/* Players by name: an open-addressing hash table of indices into `names`, so
   that a report's games are counted in one pass however many players. */
struct name_index {
	const char **names; /* [n] the players, in order of first appearance */
	int n;		    /* players */
	int cap;	    /* room in names */
	int *slots;	    /* [mask + 1] index into names, or -1 */
	size_t mask;	    /* slots - 1 (a power of two minus one) */
};

/* FNV-1a hash of a name. */
static size_t name_hash(const char *s)
{
	uint64_t h = 1469598103934665603u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return (size_t)h;
}

/* The slot where `name` is, or the empty slot where it would go. */
static size_t name_slot(const struct name_index *x, const char *name)
{
	size_t i = name_hash(name) & x->mask;

	while (x->slots[i] >= 0 && strcmp(x->names[x->slots[i]], name))
		i = (i + 1) & x->mask;
	return i;
}

/* Index of `name`, or -1 if it is not a player. */
static int name_find(const struct name_index *x, const char *name)
{
	return x->mask ? x->slots[name_slot(x, name)] : -1;
}

/* Adds `name` (kept by pointer) unless it is there; returns its index, or -1
   when out of memory. */
static int name_add(struct name_index *x, const char *name)
{
	size_t i;

	if ((size_t)x->n * 2 >= x->mask) { /* keep the table at most half full */
		size_t size = x->mask ? 2 * (x->mask + 1) : 64;
		int *slots = malloc(size * sizeof *slots);
		const char **names = realloc(x->names, size / 2 * sizeof *names);

		if (names)
			x->names = names;
		if (!slots || !names) {
			free(slots);
			return -1;
		}
		free(x->slots);
		x->slots = slots;
		x->mask = size - 1;
		for (i = 0; i < size; i++)
			slots[i] = -1;
		for (int k = 0; k < x->n; k++)
			slots[name_slot(x, x->names[k])] = k;
	}
	i = name_slot(x, name);
	if (x->slots[i] < 0) {
		x->names[x->n] = name;
		x->slots[i] = x->n++;
	}
	return x->slots[i];
}

/* The players of `games` in order of first appearance (Black before White in
   each game), into *names (malloc'd; the strings are those of `games`).
   Returns how many, or -1 when out of memory. */
int stats_players(const struct report_game *games, int n, const char ***names)
{
	struct name_index x = {0};

	*names = NULL;
	for (int i = 0; i < n; i++)
		if (name_add(&x, games[i].black) < 0 || name_add(&x, games[i].white) < 0) {
			free(x.names);
			free(x.slots);
			return -1;
		}
	free(x.slots);
	*names = x.names;
	return x.n;
}

/*
 * How many games `name` played among `games`, when it lost every one of them
 * by forfeit (it could not play: an engine that did not start, exited or
 * answered nothing), else 0. The reason of its first forfeit goes to
 * `reason` ("engine exited with status 127 (at clear_board)").
 */
int stats_forfeited_all(const struct report_game *games, int n, const char *name, char *reason,
			size_t len)
{
	int played = 0;

	reason[0] = '\0';
	for (int i = 0; i < n; i++) {
		const struct report_game *g = &games[i];
		const char *mine = !strcmp(g->black, name)   ? "forfeit black: "
				   : !strcmp(g->white, name) ? "forfeit white: "
							     : NULL;

		if (!mine)
			continue;
		if (strncmp(g->end, mine, strlen(mine)) != 0)
			return 0;
		if (played++ == 0)
			snprintf(reason, len, "%s", g->end + strlen(mine));
	}
	return played;
}

/* For an Elo difference that is a bound only (elo_bound: a 0 % or 100 %
   score), true when it is a lower bound (the first player won every game):
   told by the score, as one game's bound is 0 either way. */
bool stats_bound_above(const struct stats_match *s)
{
	return s->score_pct > 50;
}

/* Prints the summary of a match as text, a few lines within 80 columns (for
   names up to 24 characters). */
void stats_match_print(const struct stats_match *s, FILE *f)
{
	int i;

	fprintf(f, "%d game%s: %s vs %s\n", s->games, s->games == 1 ? "" : "s", s->names[0],
		s->names[1]);
	for (i = 0; i < 2; i++) {
		fprintf(f, "  %-24s %3d won %3d drawn %3d lost  %.1f points\n", s->names[i],
			s->wins[i], s->draws, s->wins[1 - i], s->points[i]);
		fprintf(f, "    as Black %d-%d-%d, as White %d-%d-%d (won-drawn-lost)",
			s->wins_as[i][0], s->draws_as[i][0], s->losses_as[i][0], s->wins_as[i][1],
			s->draws_as[i][1], s->losses_as[i][1]);
		if (s->forfeits[i])
			fprintf(f, ", %d lost by forfeit", s->forfeits[i]);
		fputc('\n', f);
	}
	if (s->games == 0)
		return;
	fprintf(f, "  score of %s: %.1f %% (%.1f to %.1f, 95 %%)\n", s->names[0], s->score_pct,
		s->score_lo, s->score_hi);
	fprintf(f, "  mean disc difference: %+.2f +- %.2f (95 %%)\n", s->mean_diff, s->diff_ci);
	if (s->elo_bound)
		fprintf(f, "  Elo difference: %s %+.0f (a %s score: a bound only)\n",
			stats_bound_above(s) ? ">=" : "<=", s->elo,
			stats_bound_above(s) ? "100 %" : "0 %");
	else
		fprintf(f, "  Elo difference: %+.0f +- %.0f (95 %%)\n", s->elo, s->elo_error);
	if (s->longest[0] >= 0 && s->longest[1] >= 0)
		fprintf(f, "  longest move: %s %.2f s, %s %.2f s\n", s->names[0], s->longest[0],
			s->names[1], s->longest[1]);
}

/* Writes the Elo difference of `s` as the summaries show it: "+191 +- 95",
   or "<= -191" / ">= +191" for a bound, "-" with no games. */
void stats_elo_format(const struct stats_match *s, char *out, size_t outlen)
{
	if (s->games == 0)
		snprintf(out, outlen, "-");
	else if (s->elo_bound)
		snprintf(out, outlen, "%s %+.0f", stats_bound_above(s) ? ">=" : "<=", s->elo);
	else
		snprintf(out, outlen, "%+.0f +- %.0f", s->elo, s->elo_error);
}

/* Writes `s` as a JSON string, quotes included. */
void stats_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* Prints the summary of a match as one JSON object on one line. */
void stats_match_print_json(const struct stats_match *s, FILE *f)
{
	fputs("{\"players\":[", f);
	stats_json_string(f, s->names[0]);
	fputc(',', f);
	stats_json_string(f, s->names[1]);
	fprintf(f,
		"],\"games\":%d,\"wins\":[%d,%d],\"draws\":%d,\"points\":[%g,%g],"
		"\"wins_as_black\":[%d,%d],\"wins_as_white\":[%d,%d],\"forfeits\":[%d,%d],"
		"\"score_pct\":%.2f,\"score_ci\":%.2f,\"score_lo\":%.2f,\"score_hi\":%.2f,"
		"\"mean_disc_diff\":%.3f,\"mean_disc_diff_"
		"ci\":%.3f,"
		"\"elo\":%.1f,\"elo_error\":%.1f,\"elo_bound\":%s,\"longest_move\":[%.2f,%.2f]}\n",
		s->games, s->wins[0], s->wins[1], s->draws, s->points[0], s->points[1],
		s->wins_as[0][0], s->wins_as[1][0], s->wins_as[0][1], s->wins_as[1][1],
		s->forfeits[0], s->forfeits[1], s->score_pct, s->score_ci, s->score_lo, s->score_hi,
		s->mean_diff, s->diff_ci, s->elo, s->elo_error, s->elo_bound ? "true" : "false",
		s->longest[0], s->longest[1]);
}

static const struct stats_table *sort_table;

static int compare_rank(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;
	const struct stats_table *t = sort_table;

	if (t->points[i] != t->points[j])
		return t->points[i] < t->points[j] ? 1 : -1;
	if (t->mean_diff[i] != t->mean_diff[j])
		return t->mean_diff[i] < t->mean_diff[j] ? 1 : -1;
	return i - j;
}

/* Orders cell keys (row * 2^32 + column) ascending. */
static int compare_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The index in t->cells of row i against column j, or -1 if they did not play. */
static int cell_index(const struct stats_table *t, int i, int j)
{
	uint64_t key = (uint64_t)i << 32 | (uint32_t)j;
	const uint64_t *at;

	if (t->n_cells == 0)
		return -1;
	at = bsearch(&key, t->keys, (size_t)t->n_cells, sizeof key, compare_key);
	return at ? (int)(at - t->keys) : -1;
}

/* The match of player i (the row) against player j (the column): a cell of
   the table, or t->empty (no games, no names) when they did not play or i
   == j. The pointer stays valid until stats_table_free. */
const struct stats_match *stats_table_cell(const struct stats_table *t, int i, int j)
{
	int k = i == j ? -1 : cell_index(t, i, j);

	return k >= 0 ? &t->cells[k] : &t->empty;
}

/* The keys of the pairs that played in `games` (both directions), sorted and
   unique, into t->keys and t->n_cells. Returns 0, or -1 when out of memory. */
static int collect_pairs(const struct report_game *games, int n, const struct name_index *x,
			 struct stats_table *t)
{
	size_t m = 0;
	uint64_t *keys = malloc(((size_t)n * 2 + 1) * sizeof *keys);

	if (!keys)
		return -1;
	for (int g = 0; g < n; g++) {
		int b = name_find(x, games[g].black), w = name_find(x, games[g].white);

		if (b < 0 || w < 0 || b == w)
			continue;
		keys[m++] = (uint64_t)b << 32 | (uint32_t)w;
		keys[m++] = (uint64_t)w << 32 | (uint32_t)b;
	}
	if (m > 1)
		qsort(keys, m, sizeof *keys, compare_key);
	t->n_cells = 0;
	for (size_t i = 0; i < m; i++)
		if (i == 0 || keys[i] != keys[i - 1])
			keys[t->n_cells++] = keys[i];
	t->keys = keys;
	return 0;
}

/*
 * Fills the cross table of the players `names` from the games given: every
 * cell is the match of its row's player against its column's, and
 * t->overall every player's games against any other player of the table (one
 * series against "the field"), counted in one pass over the games (players
 * found by hash, cells by binary search). Only the pairs that played have a
 * cell (stats_table_cell), so memory grows with the games, not with the
 * square of the players. Players are ranked by points, then by mean disc
 * difference. Returns 0, or -1 when out of memory; free with stats_table_free.
 */
int stats_table_compute(const struct report_game *games, int n, const char *const *names,
			int n_names, struct stats_table *out)
{
	int i, k = n_names;
	struct name_index x = {0};

	memset(out, 0, sizeof *out);
	out->n = k;
	out->names = calloc((size_t)k + 1, sizeof *out->names);
	out->points = calloc((size_t)k + 1, sizeof *out->points);
	out->games = calloc((size_t)k + 1, sizeof *out->games);
	out->mean_diff = calloc((size_t)k + 1, sizeof *out->mean_diff);
	out->rank = calloc((size_t)k + 1, sizeof *out->rank);
	out->overall = calloc((size_t)k + 1, sizeof *out->overall);
	for (i = 0; i < k && out->rank; i++)
		if (name_add(&x, names[i]) < 0)
			break;
	if (!out->names || !out->points || !out->games || !out->mean_diff || !out->rank ||
	    !out->overall || i < k || collect_pairs(games, n, &x, out) < 0 ||
	    !(out->cells = calloc((size_t)out->n_cells + 1, sizeof *out->cells))) {
		free(x.names);
		free(x.slots);
		stats_table_free(out);
		return -1;
	}
	stats_match_start(&out->empty, "", "");
	stats_match_finish(&out->empty);
	for (i = 0; i < k; i++)
		stats_match_start(&out->overall[i], names[i], "the field");
	for (int c = 0; c < out->n_cells; c++)
		stats_match_start(&out->cells[c], names[out->keys[c] >> 32],
				  names[(uint32_t)out->keys[c]]);
	for (int g = 0; g < n; g++) {
		int b = name_find(&x, games[g].black), w = name_find(&x, games[g].white);
		bool forfeit = strncmp(games[g].end, "forfeit ", 8) == 0;

		if (b < 0 || w < 0 || b == w)
			continue;
		stats_match_add_result(&out->cells[cell_index(out, b, w)], 0, games[g].gap,
				       forfeit);
		stats_match_add_result(&out->cells[cell_index(out, w, b)], 1, -games[g].gap,
				       forfeit);
		stats_match_add_result(&out->overall[b], 0, games[g].gap, forfeit);
		stats_match_add_result(&out->overall[w], 1, -games[g].gap, forfeit);
	}
	for (int c = 0; c < out->n_cells; c++) { /* a row's cells, then the next row's */
		struct stats_match *m = &out->cells[c];
		int row = (int)(out->keys[c] >> 32);

		stats_match_finish(m);
		out->points[row] += m->points[0];
		out->games[row] += m->games;
		out->mean_diff[row] += m->mean_diff * m->games; /* the sum, divided below */
	}
	for (i = 0; i < k; i++) {
		snprintf(out->names[i], sizeof out->names[i], "%s", names[i]);
		stats_match_finish(&out->overall[i]);
		out->mean_diff[i] = out->games[i] ? out->mean_diff[i] / out->games[i] : 0;
		out->rank[i] = i;
	}
	free(x.names);
	free(x.slots);
	sort_table = out;
	if (k > 1)
		qsort(out->rank, (size_t)k, sizeof *out->rank, compare_rank);
	sort_table = NULL;
	return 0;
}

/* Frees what stats_table_compute allocated; `t` is left empty. */
void stats_table_free(struct stats_table *t)
{
	free(t->names);
	free(t->cells);
	free(t->keys);
	free(t->points);
	free(t->games);
	free(t->mean_diff);
	free(t->rank);
	free(t->overall);
	memset(t, 0, sizeof *t);
}

/* Writes `s` as a CSV field (quoted when it holds a comma or a quote). */
static void csv_string(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void print_text(const struct stats_table *t, FILE *f)
{
	int r, c, width = 6;

	for (r = 0; r < t->n; r++)
		if ((int)strlen(t->names[r]) > width)
			width = (int)strlen(t->names[r]);
	fprintf(f, "Cross table: points and mean disc difference of the row against the column\n");
	fprintf(f, "%*s", width + 4, "");
	for (c = 0; c < t->n; c++)
		fprintf(f, " %12.12s", t->names[t->rank[c]]);
	fprintf(f, " %6s %5s\n", "points", "games");
	for (r = 0; r < t->n; r++) {
		int i = t->rank[r];

		fprintf(f, "%2d. %-*s", r + 1, width, t->names[i]);
		for (c = 0; c < t->n; c++) {
			int j = t->rank[c];
			const struct stats_match *m = stats_table_cell(t, i, j);

			if (i == j || m->games == 0)
				fprintf(f, " %12s", i == j ? "--" : ".");
			else
				fprintf(f, " %5.1f %+6.1f", m->points[0], m->mean_diff);
		}
		fprintf(f, " %6.1f %5d\n", t->points[i], t->games[i]);
	}
	fprintf(f, "\nRanking: points / games, score, mean disc difference, Elo against the "
		   "field\n");
	for (r = 0; r < t->n; r++) {
		int i = t->rank[r];
		char elo[48];

		stats_elo_format(&t->overall[i], elo, sizeof elo);
		fprintf(f, "%2d. %-*s %6.1f / %-5d %5.1f %%  %+6.2f discs  Elo %s\n", r + 1, width,
			t->names[i], t->points[i], t->games[i],
			t->games[i] ? 100.0 * t->points[i] / t->games[i] : 0.0, t->mean_diff[i],
			elo);
	}
}

static void print_csv(const struct stats_table *t, FILE *f)
{
	int r, c;

	fputs("rank,player", f);
	for (c = 0; c < t->n; c++) {
		fputs(",", f);
		csv_string(f, t->names[t->rank[c]]);
		fputs(" points,", f);
		csv_string(f, t->names[t->rank[c]]);
		fputs(" disc_diff", f);
	}
	fputs(",points,games,score_pct,mean_disc_diff,elo,elo_error,elo_bound\n", f);
	for (r = 0; r < t->n; r++) {
		int i = t->rank[r];

		fprintf(f, "%d,", r + 1);
		csv_string(f, t->names[i]);
		for (c = 0; c < t->n; c++) {
			int j = t->rank[c];
			const struct stats_match *m = stats_table_cell(t, i, j);

			if (i == j || m->games == 0)
				fputs(",,", f);
			else
				fprintf(f, ",%g,%.2f", m->points[0], m->mean_diff);
		}
		fprintf(f, ",%g,%d,%.2f,%.2f,%.1f,%.1f,%d\n", t->points[i], t->games[i],
			t->games[i] ? 100.0 * t->points[i] / t->games[i] : 0.0, t->mean_diff[i],
			t->overall[i].elo, t->overall[i].elo_error, t->overall[i].elo_bound);
	}
}

static void print_json(const struct stats_table *t, FILE *f)
{
	int i, j, r;

	fputs("{\"players\":[", f);
	for (i = 0; i < t->n; i++) {
		if (i)
			fputc(',', f);
		stats_json_string(f, t->names[i]);
	}
	fputs("],\"cells\":[", f);
	for (i = 0; i < t->n; i++) {
		fputs(i ? ",[" : "[", f);
		for (j = 0; j < t->n; j++) {
			const struct stats_match *m = stats_table_cell(t, i, j);

			if (j)
				fputc(',', f);
			if (i == j)
				fputs("null", f);
			else
				fprintf(f,
					"{\"games\":%d,\"points\":%g,\"score_pct\":%.2f,"
					"\"score_ci\":%.2f,\"mean_disc_diff\":%.3f}",
					m->games, m->points[0], m->score_pct, m->score_ci,
					m->mean_diff);
		}
		fputc(']', f);
	}
	fputs("],\"ranking\":[", f);
	for (r = 0; r < t->n; r++) {
		i = t->rank[r];
		if (r)
			fputc(',', f);
		fputs("{\"player\":", f);
		stats_json_string(f, t->names[i]);
		fprintf(f,
			",\"points\":%g,\"games\":%d,\"score_pct\":%.2f,\"mean_disc_diff\":%.3f,"
			"\"elo\":%.1f,\"elo_error\":%.1f,\"elo_bound\":%s}",
			t->points[i], t->games[i],
			t->games[i] ? 100.0 * t->points[i] / t->games[i] : 0.0, t->mean_diff[i],
			t->overall[i].elo, t->overall[i].elo_error,
			t->overall[i].elo_bound ? "true" : "false");
	}
	fputs("]}\n", f);
}

/* Reads a format name (`text`, `csv`, `json`) into *out; false for any other name. */
bool stats_format_parse(const char *name, enum stats_format *out)
{
	static const char *const names[] = {"text", "csv", "json"};

	for (int i = 0; i < 3; i++) {
		if (strcmp(name, names[i]) == 0) {
			*out = (enum stats_format)i;
			return true;
		}
	}
	return false;
}

/* Prints the cross table (rows and columns in ranking order; a cell holds
   the row player's points and mean disc difference against the column
   player) and the ranking, as text, CSV or one JSON object (whose `players`
   and `cells` keep the order given). */
void stats_table_print(const struct stats_table *t, enum stats_format fmt, FILE *f)
{
	if (fmt == STATS_CSV)
		print_csv(t, f);
	else if (fmt == STATS_JSON)
		print_json(t, f);
	else
		print_text(t, f);
}

/* Prints what the games say: when `series`, the match summary of names[0]
   against names[1] (one JSON object for STATS_JSON, else text); otherwise
   the cross table and ranking of the n_names players in `fmt`. Returns 0, or
   -1 when memory ran out (nothing is printed then). */
int stats_print_summary(const struct report_game *games, int n, const char *const *names,
			int n_names, bool series, enum stats_format fmt, FILE *f)
{
	if (series) {
		struct stats_match s;

		stats_match_compute(games, n, names[0], names[1], &s);
		if (fmt == STATS_JSON)
			stats_match_print_json(&s, f);
		else
			stats_match_print(&s, f);
	} else {
		struct stats_table t;

		if (stats_table_compute(games, n, names, n_names, &t) < 0)
			return -1;
		stats_table_print(&t, fmt, f);
		stats_table_free(&t);
	}
	return 0;
}
