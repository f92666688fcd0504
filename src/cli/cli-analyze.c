/*
 * cli-analyze.c — `othello analyze IN [-o OUT] [--svg GRAPH.svg]`: the
 * engine scores every move of a game without a terminal (see
 * controller-analysis.c), prints each side's losses and mistakes, writes the
 * annotated game and, on request, the evaluation over the game as an SVG
 * chart. A progress bar goes to standard error when it is a terminal.
 *
 * The chart: x = move number, y = the evaluation after each move from
 * Black's side in discs, clamped to +-64 (drawn to +-32 unless the game goes
 * further), one polyline, a zero line, and a dot on each marked move.
 */
#include "cli-options.h"
#include "cli.h"

#include "command.h"
#include "controller.h"
#include "gametree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Black's evaluation after each move of the main line, in centidiscs; count or -1. */
static int black_evals(const struct game *g, int *ply, int *eval, int *mark, int max)
{
	int n = 0;

	for (const struct game_node *m = g->root->child; m && n < max; m = m->child) {
		if (!m->analysis.valid)
			continue;
		ply[n] = m->ply;
		eval[n] = m->player == BLACK ? m->analysis.played_score : -m->analysis.played_score;
		mark[n] = m->mark;
		n++;
	}
	return n;
}

static int write_svg(const char *path, const struct game *g, char *err, size_t errlen)
{
	enum { W = 640, H = 240, PAD = 30, MAX = 128 };
	int ply[MAX], ev[MAX], mark[MAX], n, last = 60, range = 32;
	FILE *f;

	n = black_evals(g, ply, ev, mark, MAX);
	for (int i = 0; i < n; i++) {
		int d = ev[i] / 100;
		if (ply[i] > last)
			last = ply[i];
		if (d > range || -d > range)
			range = 64;
	}
	f = fopen(path, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	double xs = (double)(W - 2 * PAD) / last, ys = (double)(H / 2 - PAD) / range;
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\">\n"
		"<title>Evaluation for Black, in discs, after each move</title>\n"
		"<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
		W, H, W, H, W, H);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n", PAD, H / 2,
		W - PAD, H / 2);
	fprintf(f, "<text x=\"2\" y=\"%d\" font-size=\"10\">+%d</text>\n", PAD + 4, range);
	fprintf(f, "<text x=\"2\" y=\"%d\" font-size=\"10\">-%d</text>\n", H - PAD + 4, range);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\">move %d</text>\n", W - PAD - 30, H - 6,
		last);
	fprintf(f, "<polyline fill=\"none\" stroke=\"black\" stroke-width=\"1.5\" points=\"");
	for (int i = 0; i < n; i++) {
		double v = ev[i] / 100.0;
		v = v > range ? range : v < -range ? -range : v;
		fprintf(f, "%s%.1f,%.1f", i ? " " : "", PAD + ply[i] * xs, H / 2 - v * ys);
	}
	fprintf(f, "\"/>\n");
	for (int i = 0; i < n; i++) {
		double v = ev[i] / 100.0;
		if (mark[i] != MARK_BAD && mark[i] != MARK_VERY_BAD && mark[i] != MARK_DUBIOUS)
			continue;
		v = v > range ? range : v < -range ? -range : v;
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
			PAD + ply[i] * xs, H / 2 - v * ys,
			mark[i] == MARK_VERY_BAD ? "red"
			: mark[i] == MARK_BAD	 ? "orange"
						 : "gold");
	}
	fprintf(f, "</svg>\n");
	if (fclose(f) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
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
	     "Score every move of the game IN (SGF, GGF, transcript) with the engine, mark the\n"
	     "mistakes by disc loss and sum up each side's losses.\n\n",
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
	     .above_zero = true,
	     .bad = "--time: not a number of seconds: ",
	     .arg = "S",
	     .help = "seconds for each position instead of a depth"},
	    CLI_INT("exact", 'e', offsetof(struct analyze_options, exact), 0, 60, "N",
		    "solve exactly with N empties or fewer (default 16)"),
	    ANALYZE_DISCS("doubtful", doubtful, "disc loss marked ?! (default 2)"),
	    ANALYZE_DISCS("mistake", mistake, "disc loss marked ?  (default 4)"),
	    ANALYZE_DISCS("blunder", blunder, "disc loss marked ?? (default 8)"),
	    CLI_STRING("eval", 0, offsetof(struct analyze_options, eval_spec), "SPEC",
		       "evaluation: pattern (default), classic or a weights file"),
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
	if (controller_import(ctl, argv[first], err, sizeof(err)) < 0 ||
	    controller_analyze(ctl, depth, secs, err, sizeof(err)) < 0) {
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
