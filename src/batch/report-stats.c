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
 */
#include "report-stats.h"

#include <math.h>
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

/* Computes the statistics of the games between `first` and `second` among
   the `n` games given (others are skipped). Returns the number of games
   counted. */
int stats_match_compute(const struct report_game *games, int n, const char *first,
			const char *second, struct stats_match *out)
{
	double sum_d = 0, sum_dd = 0, sum_xx = 0;
	int i;

	memset(out, 0, sizeof *out);
	snprintf(out->names[0], sizeof out->names[0], "%s", first);
	snprintf(out->names[1], sizeof out->names[1], "%s", second);
	out->longest[0] = out->longest[1] = -1;
	for (i = 0; i < n; i++) {
		const struct report_game *g = &games[i];
		int b = which(out, g->black), w = which(out, g->white);
		int color, d;
		double x;

		if (b < 0 || w < 0 || b == w)
			continue;
		color = b == 0 ? 0 : 1;		   /* the first player's colour */
		d = color == 0 ? g->gap : -g->gap; /* its discs minus the other's */
		out->games++;
		if (d > 0) {
			out->wins[0]++;
			out->wins_as[0][color]++;
			out->losses_as[1][1 - color]++;
			x = 1;
		} else if (d < 0) {
			out->wins[1]++;
			out->wins_as[1][1 - color]++;
			out->losses_as[0][color]++;
			x = 0;
		} else {
			out->draws++;
			out->draws_as[0][color]++;
			out->draws_as[1][1 - color]++;
			x = 0.5;
		}
		if (strncmp(g->end, "forfeit ", 8) == 0)
			out->forfeits[d > 0 ? 1 : 0]++;
		for (int k = 0; k < 2; k++) /* k: Black, White; player k == color plays Black */
			if (g->longest[k] > out->longest[k == color ? 0 : 1])
				out->longest[k == color ? 0 : 1] = g->longest[k];
		sum_d += d;
		sum_dd += (double)d * d;
		sum_xx += x * x;
	}
	if (out->games == 0)
		return 0;
	n = out->games;
	out->points[0] = out->wins[0] + 0.5 * out->draws;
	out->points[1] = out->wins[1] + 0.5 * out->draws;
	double s = out->points[0] / n;
	out->score_pct = 100.0 * s;
	out->mean_diff = sum_d / n;
	if (n > 1) {
		double var = (sum_dd - n * out->mean_diff * out->mean_diff) / (n - 1);
		out->diff_ci = stats_t95(n - 1) * sqrt(var > 0 ? var : 0) / sqrt(n);
	}
	double lo_s = 0.5 / n, hi_s = 1.0 - 0.5 / n;
	if (s <= 0 || s >= 1) {
		out->elo_bound = true;
		out->elo = stats_elo(s <= 0 ? lo_s : hi_s);
		out->elo_error = 0;
		return n;
	}
	double var_x = sum_xx / n - s * s;
	double se = sqrt(var_x > 0 ? var_x : 0) / sqrt(n);
	double lo = fmax(s - 1.96 * se, lo_s), hi = fmin(s + 1.96 * se, hi_s);
	out->elo = fabs(s - 0.5) < 1e-12 ? 0 : stats_elo(s);
	out->elo_error = hi > lo ? (stats_elo(hi) - stats_elo(lo)) / 2 : 0;
	return n;
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
	fprintf(f, "  score of %s: %.1f %%\n", s->names[0], s->score_pct);
	fprintf(f, "  mean disc difference: %+.2f +- %.2f (95 %%)\n", s->mean_diff, s->diff_ci);
	if (s->elo_bound)
		fprintf(f, "  Elo difference: %s %+.0f (a %s score: a bound only)\n",
			s->elo > 0 ? ">=" : "<=", s->elo, s->elo > 0 ? "100 %" : "0 %");
	else
		fprintf(f, "  Elo difference: %+.0f +- %.0f (95 %%)\n", s->elo, s->elo_error);
	if (s->longest[0] >= 0 && s->longest[1] >= 0)
		fprintf(f, "  longest move: %s %.2f s, %s %.2f s\n", s->names[0], s->longest[0],
			s->names[1], s->longest[1]);
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
		"\"score_pct\":%.2f,\"mean_disc_diff\":%.3f,\"mean_disc_diff_ci\":%.3f,"
		"\"elo\":%.1f,\"elo_error\":%.1f,\"elo_bound\":%s,\"longest_move\":[%.2f,%.2f]}\n",
		s->games, s->wins[0], s->wins[1], s->draws, s->points[0], s->points[1],
		s->wins_as[0][0], s->wins_as[1][0], s->wins_as[0][1], s->wins_as[1][1],
		s->forfeits[0], s->forfeits[1], s->score_pct, s->mean_diff, s->diff_ci, s->elo,
		s->elo_error, s->elo_bound ? "true" : "false", s->longest[0], s->longest[1]);
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

/* Fills the cross table of the players `names` from the games given: every
   cell is the match of its row's player against its column's. Players are
   ranked by points, then by mean disc difference. Returns 0, or -1 when out of
   memory; free with stats_table_free. */
int stats_table_compute(const struct report_game *games, int n, const char *const *names,
			int n_names, struct stats_table *out)
{
	int i, j, k = n_names;

	memset(out, 0, sizeof *out);
	out->n = k;
	out->names = calloc((size_t)k, sizeof *out->names);
	out->cells = calloc((size_t)k * (size_t)k, sizeof *out->cells);
	out->points = calloc((size_t)k, sizeof *out->points);
	out->games = calloc((size_t)k, sizeof *out->games);
	out->mean_diff = calloc((size_t)k, sizeof *out->mean_diff);
	out->rank = calloc((size_t)k, sizeof *out->rank);
	if (!out->names || !out->cells || !out->points || !out->games || !out->mean_diff ||
	    !out->rank) {
		stats_table_free(out);
		return -1;
	}
	for (i = 0; i < k; i++) {
		double diff_sum = 0;

		snprintf(out->names[i], sizeof out->names[i], "%s", names[i]);
		for (j = 0; j < k; j++) {
			struct stats_match *c = &out->cells[i * k + j];

			if (i == j)
				continue;
			stats_match_compute(games, n, names[i], names[j], c);
			out->points[i] += c->points[0];
			out->games[i] += c->games;
			diff_sum += c->mean_diff * c->games;
		}
		out->mean_diff[i] = out->games[i] ? diff_sum / out->games[i] : 0;
		out->rank[i] = i;
	}
	sort_table = out;
	qsort(out->rank, (size_t)k, sizeof *out->rank, compare_rank);
	sort_table = NULL;
	return 0;
}

/* Frees what stats_table_compute allocated; `t` is left empty. */
void stats_table_free(struct stats_table *t)
{
	free(t->names);
	free(t->cells);
	free(t->points);
	free(t->games);
	free(t->mean_diff);
	free(t->rank);
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
			const struct stats_match *m = &t->cells[i * t->n + j];

			if (i == j || m->games == 0)
				fprintf(f, " %12s", i == j ? "--" : ".");
			else
				fprintf(f, " %5.1f %+6.1f", m->points[0], m->mean_diff);
		}
		fprintf(f, " %6.1f %5d\n", t->points[i], t->games[i]);
	}
	fprintf(f, "\nRanking\n");
	for (r = 0; r < t->n; r++) {
		int i = t->rank[r];

		fprintf(f, "%2d. %-*s %6.1f / %-5d %5.1f %%  mean disc difference %+6.2f\n", r + 1,
			width, t->names[i], t->points[i], t->games[i],
			t->games[i] ? 100.0 * t->points[i] / t->games[i] : 0.0, t->mean_diff[i]);
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
	fputs(",points,games,score_pct,mean_disc_diff\n", f);
	for (r = 0; r < t->n; r++) {
		int i = t->rank[r];

		fprintf(f, "%d,", r + 1);
		csv_string(f, t->names[i]);
		for (c = 0; c < t->n; c++) {
			int j = t->rank[c];
			const struct stats_match *m = &t->cells[i * t->n + j];

			if (i == j || m->games == 0)
				fputs(",,", f);
			else
				fprintf(f, ",%g,%.2f", m->points[0], m->mean_diff);
		}
		fprintf(f, ",%g,%d,%.2f,%.2f\n", t->points[i], t->games[i],
			t->games[i] ? 100.0 * t->points[i] / t->games[i] : 0.0, t->mean_diff[i]);
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
			const struct stats_match *m = &t->cells[i * t->n + j];

			if (j)
				fputc(',', f);
			if (i == j)
				fputs("null", f);
			else
				fprintf(f, "{\"games\":%d,\"points\":%g,\"mean_disc_diff\":%.3f}",
					m->games, m->points[0], m->mean_diff);
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
			",\"points\":%g,\"games\":%d,\"score_pct\":%.2f,\"mean_disc_diff\":%.3f}",
			t->points[i], t->games[i],
			t->games[i] ? 100.0 * t->points[i] / t->games[i] : 0.0, t->mean_diff[i]);
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
