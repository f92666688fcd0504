/*
 * cli-analyze.c — `othello analyze IN [-o OUT] [--svg GRAPH.svg]`: the
 * engine scores every move of a game without a terminal (see
 * controller-analysis.c), prints each side's losses and mistakes, writes the
 * annotated game and, on request, the evaluation over the game as an SVG
 * chart. A progress bar goes to standard error when it is a terminal.
 *
 * The chart: x = move number (ticks and labels every 10 moves), y = the
 * evaluation after each move from Black's side in discs on the least scale
 * of 2, 4, 8 ... 64 discs that holds the game (ticks every quarter, a solid
 * zero line), one polyline, a filled dot in the verdict's colour on each
 * move the analysis judged (?! gold, ? orange, ?? red) and a blue ring on
 * each move the user marked; a legend above says which is which.
 */
#include "cli-options.h"
#include "cli.h"

#include "command.h"
#include "controller.h"
#include "gametree.h"
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The analysed moves of the main line, for the chart. */
struct chart_data {
	int n;		  /* moves in the arrays */
	int ply[128];	  /* move number */
	int eval[128];	  /* Black's evaluation after the move, centidiscs */
	int verdict[128]; /* the analysis's verdict (enum game_mark) */
	int mark[128];	  /* the user's mark (enum game_mark) */
	int last;	  /* the x axis runs to this move (a multiple of 10) */
	int range;	  /* the y axis runs from -range to +range discs */
};

/* Fills `d` from the analysed moves of the main line of `g`: the x axis to the last move
   rounded up to 10, the y axis to the least of 2, 4, ... 64 discs that holds every score. */
static void chart_data_fill(struct chart_data *d, const struct game *g)
{
	int top = 0;

	memset(d, 0, sizeof(*d));
	d->last = 10;
	d->range = 2;
	for (const struct game_node *m = g->root->child; m && d->n < 128; m = m->child) {
		int e;

		if (!m->analysis.valid)
			continue;
		e = m->player == BLACK ? m->analysis.played_score : -m->analysis.played_score;
		d->ply[d->n] = m->ply;
		d->eval[d->n] = e;
		d->verdict[d->n] = m->analysis.verdict;
		d->mark[d->n] = m->mark;
		d->n++;
		if (abs(e) > top)
			top = abs(e);
		while (m->ply > d->last)
			d->last += 10;
	}
	while (d->range * 100 < top && d->range < 64)
		d->range *= 2;
}

enum { SVG_W = 720, SVG_H = 320, SVG_L = 56, SVG_R = 16, SVG_T = 44, SVG_B = 44 };

static double chart_x(const struct chart_data *d, double ply)
{
	return SVG_L + ply * (SVG_W - SVG_L - SVG_R) / d->last;
}

static double chart_y(const struct chart_data *d, double discs)
{
	double h = SVG_H - SVG_T - SVG_B;

	discs = discs > d->range ? d->range : discs < -d->range ? -d->range : discs;
	return SVG_T + h / 2 - discs * (h / 2) / d->range;
}

/* The colour of a verdict's dot, NULL for none. */
static const char *chart_verdict_colour(int v)
{
	return v == MARK_VERY_BAD  ? "#d62728"
	       : v == MARK_BAD	   ? "#ff7f0e"
	       : v == MARK_DUBIOUS ? "#e6b800"
				   : NULL;
}

/* The axes: the frame, the zero line, ticks and labels every quarter of the range and every
   10 moves, the axis titles. */
static void chart_axes(FILE *f, const struct chart_data *d)
{
	fprintf(f, "<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#333\">\n");
	for (int q = -4; q <= 4; q++) {
		double v = d->range * q / 4.0, y = chart_y(d, v);

		fprintf(f,
			"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"%s/>\n"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s%g</text>\n",
			SVG_L - 4, y, SVG_W - SVG_R, y, q ? "#ddd" : "#555",
			q ? " stroke-dasharray=\"3,3\"" : " stroke-width=\"1.2\"", SVG_L - 7, y + 4,
			v > 0 ? "+" : "", v);
	}
	for (int p = 0; p <= d->last; p += 10)
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\"/>\n"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n",
			chart_x(d, p), SVG_H - SVG_B, chart_x(d, p), SVG_H - SVG_B + 5,
			chart_x(d, p), SVG_H - SVG_B + 17, p);
	fprintf(
	    f,
	    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#555\"/>\n"
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">move</text>\n"
	    "<text transform=\"translate(14,%d) rotate(-90)\" text-anchor=\"middle\">"
	    "discs for Black (White below 0)</text>\n</g>\n",
	    SVG_L, SVG_T, SVG_W - SVG_L - SVG_R, SVG_H - SVG_T - SVG_B, (SVG_L + SVG_W - SVG_R) / 2,
	    SVG_H - 8, SVG_T + (SVG_H - SVG_T - SVG_B) / 2);
}

/* The legend above the chart: the verdicts' colours (filled dots) and the user's marks
   (rings). */
static void chart_legend(FILE *f)
{
	static const struct {
		const char *text;
		int verdict;
	} items[] = {
	    {"?! doubtful", MARK_DUBIOUS}, {"? mistake", MARK_BAD}, {"?? blunder", MARK_VERY_BAD}};
	int x = SVG_L + 142;

	fprintf(f,
		"<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#333\">\n"
		"<text x=\"%d\" y=\"16\" font-size=\"13\">Evaluation for Black after each "
		"move, in discs</text>\n<text x=\"%d\" y=\"36\">Verdicts of the analysis:</text>\n",
		SVG_L, SVG_L);
	for (size_t i = 0; i < sizeof items / sizeof items[0]; i++, x += 92)
		fprintf(f,
			"<circle cx=\"%d\" cy=\"32\" r=\"4\" fill=\"%s\"/>"
			"<text x=\"%d\" y=\"36\">%s</text>\n",
			x + 4, chart_verdict_colour(items[i].verdict), x + 12, items[i].text);
	fprintf(f,
		"<circle cx=\"%d\" cy=\"32\" r=\"6\" fill=\"none\" stroke=\"#1f77b4\" "
		"stroke-width=\"1.5\"/><text x=\"%d\" y=\"36\">your own mark (! !! ? ?? !? ?!)"
		"</text>\n</g>\n",
		x + 14, x + 24);
}

/* Writes the chart (see the file comment) to `f`: write_atomic's callback. */
static int chart_write(FILE *f, const void *data)
{
	const struct chart_data *d = data;

	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\">\n"
		"<title>Evaluation for Black, in discs, after each move</title>\n"
		"<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
		SVG_W, SVG_H, SVG_W, SVG_H, SVG_W, SVG_H);
	chart_legend(f);
	chart_axes(f, d);
	fprintf(f, "<polyline fill=\"none\" stroke=\"black\" stroke-width=\"1.5\" points=\"");
	for (int i = 0; i < d->n; i++)
		fprintf(f, "%s%.1f,%.1f", i ? " " : "", chart_x(d, d->ply[i]),
			chart_y(d, d->eval[i] / 100.0));
	fprintf(f, "\"/>\n");
	for (int i = 0; i < d->n; i++) {
		double x = chart_x(d, d->ply[i]), y = chart_y(d, d->eval[i] / 100.0);
		const char *c = chart_verdict_colour(d->verdict[i]);

		if (c)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", x, y,
				c);
		if (d->mark[i] != MARK_NONE)
			fprintf(f, /* the tooltip is the group's: a shape with a child is not drawn
				      by every renderer (ImageMagick's own skips it) */
				"<g><title>move %d: %s</title><circle cx=\"%.1f\" cy=\"%.1f\" "
				"r=\"6\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\"/>"
				"</g>\n",
				d->ply[i], game_mark_symbol(d->mark[i]), x, y);
	}
	fprintf(f, "</svg>\n");
	return ferror(f) ? -1 : 0;
}

/* Writes the chart of the analysed game `g` to `path` (a temporary file, then renamed). */
static int write_svg(const char *path, const struct game *g, char *err, size_t errlen)
{
	struct chart_data d;

	chart_data_fill(&d, g);
	return record_write_atomic(path, chart_write, &d, err, errlen);
}

/* The options of `othello analyze`. */
struct analyze_options {
	const char *out;       /* --output FILE */
	const char *svg;       /* --svg FILE */
	long depth;	       /* --depth N, 0 = the default */
	double time;	       /* --time S, 0 = by depth */
	long exact;	       /* --exact N */
	double doubtful;       /* --doubtful D, discs */
	double mistake;	       /* --mistake D */
	double blunder;	       /* --blunder D */
	const char *eval_spec; /* --eval SPEC, NULL = the default */
	bool fast;	       /* --fast: other moves as bounds */
	long threads;	       /* --threads N, 0 = one per online core */
};

#define ANALYZE_DISCS(NAME, FIELD, HELP)                                                           \
	{                                                                                          \
		.name = NAME, .kind = CLI_OPT_NUMBER,                                              \
		.offset = offsetof(struct analyze_options, FIELD), .max = 64,                      \
		.bad = "not a number of discs: ", .arg = "D", .help = HELP                         \
	}

static const struct cli_options analyze_options = {
    .command = "analyze",
    .usage = "usage: othello analyze [OPTIONS] IN\n"
	     "Score every legal move of each position of the game IN (SGF, GGF, transcript)\n"
	     "with the engine at one depth, give the moves played their verdicts by disc loss\n"
	     "(kept apart from the marks in the file) and sum up each side's losses.\n\n",
    .column = 24,
    .letters = true,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("output", 'o', offsetof(struct analyze_options, out), "FILE",
		       "write the analysed game (the extension picks the format)"),
	    CLI_STRING("svg", 0, offsetof(struct analyze_options, svg), "FILE",
		       "draw the evaluation over the game as an SVG chart"),
	    CLI_INT("depth", 'd', offsetof(struct analyze_options, depth), 1, 60, "N",
		    "midgame search depth for each position (default 10)"),
	    {.name = "time",
	     .letter = 't',
	     .kind = CLI_OPT_NUMBER,
	     .offset = offsetof(struct analyze_options, time),
	     .bad = "--time: not a number of seconds: ",
	     .arg = "S",
	     .help = "seconds a position instead of a depth (0: by depth, the default)"},
	    CLI_INT("exact", 'e', offsetof(struct analyze_options, exact), 0, 60, "N",
		    "solve exactly with N empties or fewer (default 16)"),
	    ANALYZE_DISCS("doubtful", doubtful, "disc loss marked ?! (default 2)"),
	    ANALYZE_DISCS("mistake", mistake, "disc loss marked ?  (default 4)"),
	    ANALYZE_DISCS("blunder", blunder, "disc loss marked ?? (default 8)"),
	    CLI_STRING("eval", 0, offsetof(struct analyze_options, eval_spec), "SPEC",
		       "evaluation: pattern (default), classic or a weights file"),
	    CLI_FLAG("fast", 'f', offsetof(struct analyze_options, fast),
		     "score only the best move exactly, the others as bounds"),
	    CLI_THREADS_OPTION(offsetof(struct analyze_options, threads)),
	    CLI_HELP('h', "show this help"),
	    {0},
	},
};

/* Centidiscs of a disc loss given in discs. */
static int analyze_centidiscs(double discs)
{
	return (int)(discs * 100 + 0.5);
}

/* `othello analyze`: see the file comment. */
int cli_analyze(int argc, char **argv)
{
	struct analyze_options ao = {0};
	const char *out, *svg;
	struct controller_options opt;
	struct controller *ctl;
	struct ctl_event ev;
	bool bar = isatty(STDERR_FILENO);
	char err[512];
	double secs;
	int first, depth, status;

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	ao.exact = opt.analyze_exact;
	ao.doubtful = opt.mark_doubtful / 100.0;
	ao.mistake = opt.mark_mistake / 100.0;
	ao.blunder = opt.mark_blunder / 100.0;
	if ((status = cli_options_parse(&analyze_options, argc, argv, &ao, &first)) >= 0)
		return status;
	status = 0;
	out = ao.out;
	svg = ao.svg;
	depth = (int)ao.depth;
	secs = ao.time;
	opt.analyze_exact = (int)ao.exact;
	opt.mark_doubtful = analyze_centidiscs(ao.doubtful);
	opt.mark_mistake = analyze_centidiscs(ao.mistake);
	opt.mark_blunder = analyze_centidiscs(ao.blunder);
	opt.threads = (int)ao.threads;
	if (ao.eval_spec)
		opt.eval = ao.eval_spec;
	if (argc - first != 1) {
		cli_options_usage(&analyze_options, stderr);
		return 2;
	}
	ctl = controller_new(&opt, err, sizeof(err));
	if (!ctl) {
		fprintf(stderr, "othello analyze: %s\n", err);
		return 2;
	}
	if (controller_eval_note(ctl)[0])
		fprintf(stderr, "othello analyze: %s\n", controller_eval_note(ctl));
	if (controller_book_note(ctl)[0])
		fprintf(stderr, "othello analyze: %s\n", controller_book_note(ctl));
	if (!out && !svg)
		cli_output_watch(); /* the text, printed at the end, is all it makes */
	if (controller_import(ctl, argv[first], err, sizeof(err)) < 0 ||
	    controller_set_study(ctl, true, err, sizeof(err)) < 0 || /* no engine moves */
	    controller_analyze(ctl, depth, secs, ao.fast, err, sizeof(err)) < 0) {
		fprintf(stderr, "othello analyze: %s\n", err);
		controller_free(ctl);
		return 2;
	}
	while (controller_wait_event(ctl, &ev)) {
		if (ev.kind == CTL_EVENT_ANALYSIS_PROGRESS && bar && ev.progress.total > 0) {
			int w = 40, k = ev.progress.done * w / ev.progress.total;
			fprintf(stderr, "\r[%.*s%*s] %d/%d", k,
				"########################################", w - k, "",
				ev.progress.done, ev.progress.total);
		} else if (ev.kind == CTL_EVENT_ANALYSIS_DONE) {
			char *t = controller_analysis_text(ctl);
			if (bar)
				fprintf(stderr, "\r%*s\r", 60, "");
			if (t)
				fputs(t, stdout);
			free(t);
		} else if (ev.kind == CTL_EVENT_ERROR) {
			fprintf(stderr, "othello analyze: %s\n", ev.message);
			status = 1;
		}
	}
	if (out && controller_export(ctl, out, err, sizeof(err)) < 0) {
		fprintf(stderr, "othello analyze: %s\n", err);
		status = 2;
	}
	if (svg && write_svg(svg, controller_game(ctl), err, sizeof(err)) < 0) {
		fprintf(stderr, "othello analyze: %s\n", err);
		status = 2;
	}
	controller_free(ctl);
	return status;
}
