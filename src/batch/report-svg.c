/*
 * report-svg.c — the pictures of match results (`--svg FILE` of match,
 * tournament, ladder and report summary), drawn with svg.c.
 *
 * Every figure written in a picture comes from report-stats.c (a cell is the
 * stats_match of its row against its column, a ranking bar the stats_match
 * of the player against the field, the running score the same stats_match
 * fed one game at a time) and is printed with the format the text summary
 * uses, so the picture and the summary agree to the last digit.
 *
 * The pictures, and the classes tests and style sheets can find them by:
 *
 *   picture     element                       class       holds
 *   ----------  ----------------------------  ----------  --------------------------------
 *   table       rect, one per pairing         cell        data-row, data-col: the players;
 *                                                         fill: the row's score on the
 *                                                         diverging scale centred at 50 %
 *               text in the cell              score, ci   "62.5 %", "± 8.1" ("sweep" for
 *                                                         a 0 or 100 % score)
 *               rect on the diagonal          self
 *               rect of a pairing not played  nogames
 *   table,      rect, one per player          bar         data-player; from Elo 0 to its Elo
 *   ladder      line over it                  errorbar    the 95 % interval
 *               text right of the plot        elo         "+35 ± 40" or "≥ +191" (a bound)
 *   match       polyline                      running     score after each game, in %
 *               polygon                       band        its 95 % interval
 *               rect, one per bin             bin         data-from, data-to (discs, both
 *                                                         included), data-count
 *               line                          mean        the mean disc difference
 *               text                          summary     the match summary's figures
 *
 * Players are ordered as the text summary ranks them (points, then mean
 * disc difference). Pictures are sized from their contents: a cell is
 * 92 x 46 px, a bar row 26 px, with 12 px text, readable as they open.
 * A long series is drawn with at most 1000 points of the running score (every
 * k-th game, the last always), so the file stays small.
 */
#include "report-svg.h"
#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	CELL_W = 92,	     /* width of a cross-table cell */
	CELL_H = 46,	     /* its height */
	TOTAL_W = 120,	     /* the column of totals */
	BAR_ROW = 26,	     /* height of one ranking bar's row */
	PLOT_W = 440,	     /* width of the ranking's plot */
	VALUE_W = 110,	     /* room for the Elo values right of it */
	CHAR_W = 7,	     /* estimated width of a character of 12 px text */
	LABEL_MAX = 36,	     /* characters of a name shown before it is cut */
	TITLE_NAME_MAX = 28, /* the same in a match's title lines */
	MATCH_W = 760,	     /* width of a match picture */
	MATCH_H = 640,	     /* its height */
	MAX_POINTS = 1000    /* most points drawn of a running score */
};

static const char grey_text[] = "fill=\"#555555\"";

/* `s` cut to `max` characters (UTF-8 aware), with an ellipsis when cut. */
static const char *cut_text(const char *s, size_t max, char *out, size_t outlen)
{
	size_t i = 0, chars = 0;

	while (s[i] && chars < max) {
		i++;
		while (((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
		chars++;
	}
	if (!s[i] || i + 4 > outlen)
		snprintf(out, outlen, "%.*s", (int)(i < outlen ? i : outlen - 1), s);
	else
		snprintf(out, outlen, "%.*s\xe2\x80\xa6", (int)i, s);
	return out;
}

/* `s` cut to LABEL_MAX characters, for the labels of rows and bars. */
static const char *short_label(const char *s, char *out, size_t outlen)
{
	return cut_text(s, LABEL_MAX, out, outlen);
}

/* Characters (not bytes) of `s`. */
static int text_chars(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Characters a label of `s` takes (cut names count their ellipsis). */
static int label_chars(const char *s)
{
	int c = text_chars(s);

	return c > LABEL_MAX ? LABEL_MAX + 1 : c;
}

/* Width in pixels kept for labels of at most `chars` characters. */
static double label_width(int chars)
{
	return (chars > 8 ? chars : 8) * CHAR_W + 24;
}

/* "time control: T · openings: O", or what of it is known. */
static void setting_text(const struct report_svg_info *info, char *out, size_t outlen)
{
	const char *t = info ? info->time : NULL, *o = info ? info->openings : NULL;

	if (t && o)
		snprintf(out, outlen, "time control: %s \xc2\xb7 openings: %s", t, o);
	else if (t || o)
		snprintf(out, outlen, "%s: %s \xc2\xb7 %s not recorded",
			 t ? "time control" : "openings", t ? t : o,
			 t ? "openings" : "time control");
	else
		snprintf(out, outlen, "time control and openings: not recorded in the report");
}

/* The title lines of a picture, from the top; returns the y below them. */
static double title_block(FILE *f, const char *line1, const char *line2, const char *line3)
{
	svg_text(f, 16, 26, "font-size=\"16\" font-weight=\"bold\"", line1);
	svg_text(f, 16, 46, grey_text, line2);
	if (line3)
		svg_text(f, 16, 64, "class=\"summary\"", line3);
	return line3 ? 80 : 62;
}

/* A step of 1, 2, 2.5 or 5 times a power of ten giving about `ticks` ticks over `range`. */
static double nice_step(double range, int ticks)
{
	static const double steps[] = {1, 2, 2.5, 5, 10};
	double raw = range / ticks, p;

	if (!(raw > 0))
		return 1;
	p = pow(10, floor(log10(raw)));
	for (int i = 0; i < 5; i++)
		if (steps[i] * p >= raw)
			return steps[i] * p;
	return 10 * p;
}

/* The vertical grid and tick labels of an axis from `lo` to `hi` (a
   multiple of `step` each) mapped onto x0..x0+w, between y0 and y1. */
static void grid_x(FILE *f, double lo, double hi, double step, double x0, double w, double y0,
		   double y1, bool sign)
{
	char num[32], label[40];

	for (int k = (int)lround(lo / step); k <= (int)lround(hi / step); k++) {
		double v = k * step, x = x0 + (v - lo) / (hi - lo) * w;

		svg_line(f, x, y0, x, y1, v == 0 ? "stroke=\"#555555\"" : "stroke=\"#dddddd\"");
		svg_num(v, 1, num, sizeof num);
		snprintf(label, sizeof label, "%s%s", sign && v > 0 ? "+" : "", num);
		svg_text(f, x, y1 + 14, "text-anchor=\"middle\" font-size=\"11\" fill=\"#555555\"",
			 label);
	}
}

/* Draws the bars of a ranking from y on, labels in the first `label_w`
   pixels, under the axis title `axis`. Returns the y below it. */
static double draw_bars(FILE *f, double y, double label_w, const struct report_svg_bar *bars, int n,
			const char *axis)
{
	double lo = 0, hi = 0, step, x0 = label_w, top;
	char attrs[600], esc[600], cut[200];

	for (int i = 0; i < n; i++) {
		double a = bars[i].elo - bars[i].error, b = bars[i].elo + bars[i].error;

		lo = fmin(lo, fmin(a, bars[i].elo));
		hi = fmax(hi, fmax(b, bars[i].elo));
	}
	if (hi - lo < 100)
		hi = lo + 100;
	step = nice_step(hi - lo, 6);
	lo = floor(lo / step) * step;
	hi = ceil(hi / step) * step;
	svg_text(f, x0, y + 14, "font-weight=\"bold\"", axis);
	top = y + 24;
	grid_x(f, lo, hi, step, x0, PLOT_W, top, top + n * BAR_ROW, true);
	for (int i = 0; i < n; i++) {
		const struct report_svg_bar *b = &bars[i];
		double cy = top + i * BAR_ROW + BAR_ROW / 2.0;
		double xz = x0 + (0 - lo) / (hi - lo) * PLOT_W;
		double xe = x0 + (b->elo - lo) / (hi - lo) * PLOT_W;
		double ea = x0 + (b->elo - b->error - lo) / (hi - lo) * PLOT_W;
		double eb = x0 + (b->elo + b->error - lo) / (hi - lo) * PLOT_W;

		svg_text(f, x0 - 8, cy + 4, "text-anchor=\"end\"",
			 short_label(b->label, cut, sizeof cut));
		snprintf(attrs, sizeof attrs, "class=\"bar\" data-player=\"%s\" fill=\"%s\"%s",
			 svg_escape(b->label, esc, sizeof esc),
			 /* a bound is paler: the colour at 45 % on white, solid */
			 b->elo >= 0 ? (b->bound ? "#aacee4" : "#4393c3")
				     : (b->bound ? "#edb7af" : "#d6604d"),
			 b->bound ? " stroke=\"#333333\" stroke-dasharray=\"4 2\"" : "");
		svg_rect(f, fmin(xz, xe), cy - 7, fabs(xe - xz), 14, attrs);
		if (!b->bound && b->error > 0) {
			svg_line(f, ea, cy, eb, cy, "class=\"errorbar\" stroke=\"#222222\"");
			svg_line(f, ea, cy - 5, ea, cy + 5, "stroke=\"#222222\"");
			svg_line(f, eb, cy - 5, eb, cy + 5, "stroke=\"#222222\"");
		}
		svg_text(f, x0 + PLOT_W + 12, cy + 4, "class=\"elo\"", b->value);
	}
	return top + n * BAR_ROW + 24;
}

/* The text of a stats_match's Elo in a picture: "+35 ± 40", "≥ +191". */
static void elo_text(const struct stats_match *s, char *out, size_t outlen)
{
	if (s->games == 0)
		snprintf(out, outlen, "no games");
	else if (s->elo_bound)
		snprintf(out, outlen, "%s %+.0f",
			 stats_bound_above(s) ? "\xe2\x89\xa5" : "\xe2\x89\xa4", s->elo);
	else
		snprintf(out, outlen, "%+.0f \xc2\xb1 %.0f", s->elo, s->elo_error);
}

/* Draws the ranking bars of the players of `t` in ranking order, each
   player's series against the field (t->overall); returns the y below. */
static double table_bars(FILE *f, const struct stats_table *t, double y, double label_w)
{
	struct report_svg_bar *bars = calloc((size_t)t->n, sizeof *bars);

	if (!bars)
		return y;
	for (int r = 0; r < t->n; r++) {
		const struct stats_match *o = &t->overall[t->rank[r]];

		snprintf(bars[r].label, sizeof bars[r].label, "%s", t->names[t->rank[r]]);
		bars[r].elo = o->elo;
		bars[r].error = o->elo_error;
		bars[r].bound = o->elo_bound;
		elo_text(o, bars[r].value, sizeof bars[r].value);
	}
	y = draw_bars(f, y, label_w, bars, t->n,
		      "Elo against the field of its opponents, with 95 % error bars");
	free(bars);
	return y;
}

/* Draws one cell of the cross table: row player i against column player j. */
static void table_cell(FILE *f, const struct stats_table *t, int i, int j, double x, double y)
{
	const struct stats_match *m = stats_table_cell(t, i, j);
	char attrs[1400], row[600], col[600], fill[8], score[32], ci[32], tip[900];
	const char *ink;

	if (i == j) {
		svg_rect(f, x, y, CELL_W, CELL_H,
			 "class=\"self\" fill=\"#bbbbbb\" stroke=\"#ffffff\"");
		return;
	}
	if (m->games == 0) {
		svg_rect(f, x, y, CELL_W, CELL_H,
			 "class=\"nogames\" fill=\"#eeeeee\" stroke=\"#ffffff\"");
		svg_text(f, x + CELL_W / 2.0, y + 28, "text-anchor=\"middle\" fill=\"#777777\"",
			 "no games");
		return;
	}
	svg_diverging(m->score_pct / 100, fill);
	snprintf(tip, sizeof tip, "%s against %s: %g of %d points, mean disc difference %+.2f",
		 m->names[0], m->names[1], m->points[0], m->games, m->mean_diff);
	fprintf(f, "<g><title>%s</title>\n", svg_escape(tip, attrs, sizeof attrs));
	snprintf(attrs, sizeof attrs,
		 "class=\"cell\" data-row=\"%s\" data-col=\"%s\" fill=\"%s\" stroke=\"#ffffff\"",
		 svg_escape(t->names[i], row, sizeof row), svg_escape(t->names[j], col, sizeof col),
		 fill);
	svg_rect(f, x, y, CELL_W, CELL_H, attrs);
	ink = fabs(m->score_pct - 50) > 30 ? "fill=\"#ffffff\"" : "fill=\"#111111\"";
	snprintf(score, sizeof score, "%.1f %%", m->score_pct);
	snprintf(ci, sizeof ci, "%.0f\xe2\x80\x93%.0f %%", m->score_lo, m->score_hi);
	snprintf(attrs, sizeof attrs, "class=\"score\" text-anchor=\"middle\" font-size=\"14\" %s",
		 ink);
	svg_text(f, x + CELL_W / 2.0, y + 21, attrs, score);
	snprintf(attrs, sizeof attrs, "class=\"ci\" text-anchor=\"middle\" font-size=\"11\" %s",
		 ink);
	svg_text(f, x + CELL_W / 2.0, y + 37, attrs, ci);
	fputs("</g>\n", f);
}

/* The colour scale under the cross table, from y; returns the y below it. */
static double scale_legend(FILE *f, double x, double y)
{
	char fill[8], attrs[64];

	svg_text(f, x, y + 12, grey_text,
		 "cell: score of the row against the column, with its 95 % interval");
	for (int k = 0; k <= 20; k++) {
		svg_diverging(k / 20.0, fill);
		snprintf(attrs, sizeof attrs, "fill=\"%s\"", fill);
		svg_rect(f, x + k * 12, y + 20, 12, 12, attrs);
	}
	svg_text(f, x, y + 46, "font-size=\"11\"", "0 %");
	svg_text(f, x + 126, y + 46, "font-size=\"11\" text-anchor=\"middle\"", "50 %");
	svg_text(f, x + 252, y + 46, "font-size=\"11\" text-anchor=\"end\"", "100 %");
	return y + 60;
}

/* Draws the cross table of `t` as a heat map, players in ranking order,
   with the ranking's Elo bars under it. */
void report_svg_table(FILE *f, const struct stats_table *t, const struct report_svg_info *info)
{
	int total = 0, width, height, longest = 0;
	char line1[200], line2[1200], num[16], cut[200], label[240];

	for (int i = 0; i < t->n; i++) {
		total += t->games[i];
		longest = label_chars(t->names[i]) > longest ? label_chars(t->names[i]) : longest;
	}
	double lw = label_width(longest + 4), y; /* "12. " before the name */
	double grid_w = lw + t->n * CELL_W + TOTAL_W + 16;
	double bars_w = lw + PLOT_W + VALUE_W;

	total /= 2;
	width = (int)ceil(fmax(fmax(grid_w, bars_w), 560));
	height = 80 + 24 + t->n * CELL_H + 70 + 48 + t->n * BAR_ROW + 30;
	snprintf(line1, sizeof line1, "Cross table: %d players, %d game%s", t->n, total,
		 total == 1 ? "" : "s");
	setting_text(info, line2, sizeof line2);
	if (t->n == 0) {
		svg_begin(f, 560, 100, line1);
		title_block(f, line1, line2, "no games in the report");
		svg_end(f);
		return;
	}
	svg_begin(f, width, height, line1);
	y = title_block(f, line1, line2, NULL) + 18;
	for (int c = 0; c < t->n; c++) {
		snprintf(num, sizeof num, "%d", c + 1);
		svg_text(f, lw + c * CELL_W + CELL_W / 2.0, y + 16,
			 "text-anchor=\"middle\" font-weight=\"bold\"", num);
	}
	svg_text(f, lw + t->n * CELL_W + 10, y + 16, "font-weight=\"bold\"", "points / games");
	y += 24;
	for (int r = 0; r < t->n; r++) {
		int i = t->rank[r];
		double cy = y + r * CELL_H;

		snprintf(label, sizeof label, "%d. %s", r + 1,
			 short_label(t->names[i], cut, sizeof cut));
		svg_text(f, lw - 8, cy + 27, "text-anchor=\"end\"", label);
		for (int c = 0; c < t->n; c++)
			table_cell(f, t, i, t->rank[c], lw + c * CELL_W, cy);
		snprintf(label, sizeof label, "%g / %d", t->points[i], t->games[i]);
		svg_text(f, lw + t->n * CELL_W + 10, cy + 27, NULL, label);
	}
	y = scale_legend(f, lw, y + t->n * CELL_H + 10);
	table_bars(f, t, y, lw);
	svg_end(f);
}

/* Draws a ladder's (or any ranking's) bars under a title. */
void report_svg_ladder(FILE *f, const struct report_svg_bar *bars, int n, const char *title,
		       const char *subtitle, const char *axis)
{
	int longest = 0;
	double lw;

	for (int i = 0; i < n; i++)
		longest =
		    label_chars(bars[i].label) > longest ? label_chars(bars[i].label) : longest;
	lw = label_width(longest);
	svg_begin(f, (int)ceil(fmax(lw + PLOT_W + VALUE_W, 560)), 80 + 48 + n * BAR_ROW + 30,
		  title);
	draw_bars(f, title_block(f, title, subtitle, NULL) + 10, lw, bars, n, axis);
	svg_end(f);
}

/* Draws the running score of `first` against `second` after each of their
   games, and its 95 % band, in the box x0, y0, w, h (0 % at the bottom). */
static void match_running(FILE *f, const struct report_game *games, int n, const char *first,
			  const char *second, double x0, double w, double y0, double h)
{
	struct stats_match s;
	int total = 0, step, k = 0, m;
	double *line, *band;

	stats_match_start(&s, first, second);
	for (int i = 0; i < n; i++)
		total += stats_match_add(&s, &games[i]);
	step = (total + MAX_POINTS - 1) / MAX_POINTS;
	if (total == 0 || step < 1)
		return;
	m = (total + step - 1) / step + 1;
	line = malloc((size_t)m * 2 * sizeof *line);
	band = malloc((size_t)m * 4 * sizeof *band);
	if (!line || !band) {
		free(line);
		free(band);
		return;
	}
	stats_match_start(&s, first, second);
	for (int i = 0, counted = 0; i < n; i++) {
		if (!stats_match_add(&s, &games[i]))
			continue;
		if (++counted % step && counted != total)
			continue;
		stats_match_finish(&s);
		double x = x0 + (total > 1 ? (counted - 1) * w / (total - 1) : w / 2);
		double hi = s.score_hi, lo = s.score_lo;

		line[2 * k] = x;
		line[2 * k + 1] = y0 + h - s.score_pct / 100 * h;
		band[2 * k] = x;
		band[2 * k + 1] = y0 + h - hi / 100 * h;
		k++;
		band[4 * m - 2 * k] = x;
		band[4 * m - 2 * k + 1] = y0 + h - lo / 100 * h;
	}
	memmove(band + 2 * k, band + 4 * m - 2 * k, (size_t)k * 2 * sizeof *band);
	svg_poly(f, "polygon", band, 2 * k,
		 "class=\"band\" fill=\"#bedceb\""); /* #92c5de at 60 % */
	svg_poly(f, "polyline", line, k,
		 "class=\"running\" fill=\"none\" stroke=\"#2166ac\" stroke-width=\"2\"");
	free(line);
	free(band);
}

/* The running-score panel of a match picture, from y; returns the y below. */
static double match_panel_score(FILE *f, const struct report_game *games, int n,
				const struct stats_match *s, double y)
{
	static const int levels[] = {0, 25, 50, 75, 100};
	double x0 = 60, w = MATCH_W - 130, h = 200, step;
	char label[400], num[32], cut[200];

	snprintf(label, sizeof label,
		 "Running score of %s after each game, with its 95 %% band (Elo on the right)",
		 cut_text(s->names[0], TITLE_NAME_MAX, cut, sizeof cut));
	svg_text(f, 16, y + 14, "font-weight=\"bold\"", label);
	y += 28;
	for (int i = 0; i < 5; i++) {
		double ly = y + h - levels[i] * h / 100;

		svg_line(f, x0, ly, x0 + w, ly,
			 levels[i] == 50 ? "stroke=\"#555555\"" : "stroke=\"#dddddd\"");
		snprintf(label, sizeof label, "%d %%", levels[i]);
		svg_text(f, x0 - 6, ly + 4, "text-anchor=\"end\" font-size=\"11\" fill=\"#555555\"",
			 label);
		if (levels[i] > 0 && levels[i] < 100) {
			snprintf(label, sizeof label, "%+.0f", stats_elo(levels[i] / 100.0));
			svg_text(f, x0 + w + 6, ly + 4, "font-size=\"11\" fill=\"#555555\"",
				 levels[i] == 50 ? "0" : label);
		}
	}
	step = nice_step(s->games, 8);
	if (step < 1)
		step = 1;
	for (double g = step; g <= s->games + 1e-9; g += step) {
		double x = x0 + (s->games > 1 ? (g - 1) * w / (s->games - 1) : w / 2);

		svg_text(f, x, y + h + 14,
			 "text-anchor=\"middle\" font-size=\"11\" fill=\"#555555\"",
			 svg_num(g, 1, num, sizeof num));
	}
	svg_text(f, x0 + w / 2, y + h + 30, "text-anchor=\"middle\" fill=\"#555555\"", "games");
	match_running(f, games, n, s->names[0], s->names[1], x0, w, y, h);
	return y + h + 48;
}

/* Bin of a disc difference d (-64..64): 0 for a draw, 1..16 for wins by
   1-4, 5-8 ... 61-64 discs, -1..-16 for losses; stored at bin + 16. */
static int diff_bin(int d)
{
	return d == 0 ? 0 : d > 0 ? (d + 3) / 4 : -((-d + 3) / 4);
}

/* Where a disc difference d falls on the histogram's axis, in bin widths
   from its left end: linear over the wins and over the losses, the draws'
   bin between them. */
static double diff_x(double d)
{
	return d > 0 ? 17 + d / 4 : d < 0 ? 16 + d / 4 : 16.5;
}

/* The disc difference of game `g` for the first player of `s` in *d;
   false when it is not a game between the two. */
static bool first_diff(const struct stats_match *s, const struct report_game *g, int *d)
{
	if (!strcmp(g->black, s->names[0]) && !strcmp(g->white, s->names[1]))
		*d = g->gap;
	else if (!strcmp(g->black, s->names[1]) && !strcmp(g->white, s->names[0]))
		*d = -g->gap;
	else
		return false;
	return strcmp(s->names[0], s->names[1]) != 0;
}

/* The bars of the histogram, with their counts, on a `h` px tall axis at (x0, y). */
static void hist_bars(FILE *f, const int *count, double x0, double y, double h, double bw)
{
	char label[32], attrs[200];
	int most = 1;

	for (int k = 0; k < 33; k++)
		most = count[k] > most ? count[k] : most;
	for (int k = 0; k < 33; k++) {
		int bin = k - 16, from = bin == 0 ? 0 : bin > 0 ? 4 * bin - 3 : 4 * bin;
		int to = bin == 0 ? 0 : bin > 0 ? 4 * bin : 4 * bin + 3;
		double bh = count[k] * (h - 16) / most, x = x0 + k * bw;

		if (count[k] == 0)
			continue;
		snprintf(
		    attrs, sizeof attrs,
		    "class=\"bin\" data-from=\"%d\" data-to=\"%d\" data-count=\"%d\" fill=\"%s\"",
		    from, to, count[k],
		    bin > 0   ? "#4393c3"
		    : bin < 0 ? "#d6604d"
			      : "#999999");
		svg_rect(f, x + 1, y + h - bh, bw - 2, bh, attrs);
		snprintf(label, sizeof label, "%d", count[k]);
		svg_text(f, x + bw / 2, y + h - bh - 3,
			 "text-anchor=\"middle\" font-size=\"10\" fill=\"#333333\"", label);
	}
}

/* The histogram panel of a match picture, from y; returns the y below. */
static double match_panel_hist(FILE *f, const struct report_game *games, int n,
			       const struct stats_match *s, double y)
{
	double x0 = 60, w = MATCH_W - 130, h = 170, bw = w / 33;
	int count[33] = {0}, d;
	char label[400], cut[200];

	for (int i = 0; i < n; i++)
		if (first_diff(s, &games[i], &d))
			count[diff_bin(d) + 16]++;
	snprintf(label, sizeof label,
		 "Disc differences of %s at the end (games per bin of 4 discs)",
		 cut_text(s->names[0], TITLE_NAME_MAX, cut, sizeof cut));
	svg_text(f, 16, y + 14, "font-weight=\"bold\"", label);
	y += 44;
	svg_line(f, x0, y + h, x0 + w, y + h, "stroke=\"#555555\"");
	{
		/* the mean's interval behind the bars, in a solid light grey (a translucent
		   band over them was opaque where fill-opacity is not drawn: ImageMagick) */
		double xa = x0 + diff_x(s->mean_diff - s->diff_ci) * bw,
		       xb = x0 + diff_x(s->mean_diff + s->diff_ci) * bw;
		svg_rect(f, xa, y, xb - xa, h, "class=\"mean-band\" fill=\"#e6e6e6\"");
	}
	hist_bars(f, count, x0, y, h, bw);
	for (int v = -64; v <= 64; v += 16) {
		snprintf(label, sizeof label, "%+d", v);
		svg_text(f, x0 + diff_x(v) * bw, y + h + 14,
			 "text-anchor=\"middle\" font-size=\"11\" fill=\"#555555\"",
			 v ? label : "0");
	}
	double xm = x0 + diff_x(s->mean_diff) * bw;
	svg_line(f, xm, y, xm, y + h, "class=\"mean\" stroke=\"#111111\" stroke-dasharray=\"5 3\"");
	snprintf(label, sizeof label, "mean %+.2f \xc2\xb1 %.2f", s->mean_diff, s->diff_ci);
	svg_text(f, xm, y - 8, "class=\"mean-label\" text-anchor=\"middle\" font-size=\"11\"",
		 label);
	svg_text(
	    f, x0 + w / 2, y + h + 30, "text-anchor=\"middle\" fill=\"#555555\"",
	    "discs ahead (red losses, grey draws, blue wins; dashed: the mean, shaded: its 95 % "
	    "interval)");
	return y + h + 44;
}

/* Draws a match between `first` and `second` (the games of others are
   skipped): the title with the summary's figures, the running score with
   its band, the histogram of disc differences. */
void report_svg_match(FILE *f, const struct report_game *games, int n, const char *first,
		      const char *second, const struct report_svg_info *info)
{
	struct stats_match s;
	char title[700], line1[500], line2[1200], line3[400], elo[64], a[200], b[200];
	double y;

	stats_match_compute(games, n, first, second, &s);
	snprintf(title, sizeof title, "%s vs %s: %d game%s", first, second, s.games,
		 s.games == 1 ? "" : "s");
	cut_text(first, TITLE_NAME_MAX, a, sizeof a);
	cut_text(second, TITLE_NAME_MAX, b, sizeof b);
	snprintf(line1, sizeof line1, "%s vs %s: %d game%s", a, b, s.games,
		 s.games == 1 ? "" : "s");
	setting_text(info, line2, sizeof line2);
	elo_text(&s, elo, sizeof elo);
	if (s.elo_bound)
		snprintf(
		    line3, sizeof line3,
		    "score of %s %.1f %% (%.1f to %.1f) \xc2\xb7 Elo %s (a bound) \xc2\xb7 mean "
		    "disc difference %+.2f \xc2\xb1 %.2f",
		    a, s.score_pct, s.score_lo, s.score_hi, elo, s.mean_diff, s.diff_ci);
	else
		snprintf(line3, sizeof line3,
			 "score of %s %.1f %% (%.1f to %.1f) \xc2\xb7 Elo %s \xc2\xb7 mean disc "
			 "difference %+.2f \xc2\xb1 %.2f (95 %%)",
			 a, s.score_pct, s.score_lo, s.score_hi, elo, s.mean_diff, s.diff_ci);
	svg_begin(f, MATCH_W, s.games ? MATCH_H : 100, title);
	y = title_block(f, line1, line2, s.games ? line3 : "no games between them");
	if (s.games) {
		y = match_panel_score(f, games, n, &s, y + 8);
		match_panel_hist(f, games, n, &s, y);
	}
	svg_end(f);
}

/* Writes the picture of `kind` for the games to `path` (through a temporary
   file): for a match, names[0] against names[1]; for a table, the cross
   table of the n_names players. Returns 0, or -1 with a message. */
int report_svg_save(const char *path, enum report_svg_kind kind, const struct report_game *games,
		    int n, const char *const *names, int n_names,
		    const struct report_svg_info *info, char *err, size_t errlen)
{
	struct stats_table t;
	struct svg s;

	if (kind == REPORT_SVG_MATCH && n_names != 2) {
		snprintf(err, errlen, "%s: a match picture needs two players, not %d", path,
			 n_names);
		return -1;
	}
	if (kind == REPORT_SVG_TABLE && stats_table_compute(games, n, names, n_names, &t) < 0) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	if (svg_open(&s, path, err, errlen) < 0) {
		if (kind == REPORT_SVG_TABLE)
			stats_table_free(&t);
		return -1;
	}
	if (kind == REPORT_SVG_MATCH) {
		report_svg_match(s.f, games, n, names[0], names[1], info);
	} else {
		report_svg_table(s.f, &t, info);
		stats_table_free(&t);
	}
	return svg_close(&s, err, errlen);
}

/* Writes a ladder's bars (report_svg_ladder) to `path`. Returns 0, or -1
   with a message. */
int report_svg_save_ladder(const char *path, const struct report_svg_bar *bars, int n,
			   const char *title, const char *subtitle, const char *axis, char *err,
			   size_t errlen)
{
	struct svg s;

	if (svg_open(&s, path, err, errlen) < 0)
		return -1;
	report_svg_ladder(s.f, bars, n, title, subtitle, axis);
	return svg_close(&s, err, errlen);
}
