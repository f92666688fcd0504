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
#include "cli.h"

#include "command.h"
#include "controller.h"
#include "gametree.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *f)
{
	fprintf(f,
		"usage: othello analyze [OPTIONS] IN\n"
		"Score every move of the game IN (SGF, GGF, transcript) with the engine, mark the\n"
		"mistakes by disc loss and sum up each side's losses.\n\n"
		"  -o, --output FILE     write the analysed game (the extension picks the format)\n"
		"      --svg FILE        draw the evaluation over the game as an SVG chart\n"
		"  -d, --depth N         midgame search depth for each position (default 10)\n"
		"  -t, --time S          seconds for each position instead of a depth\n"
		"  -e, --exact N         solve exactly with N empties or fewer (default 16)\n"
		"      --doubtful D      disc loss marked ?! (default 2)\n"
		"      --mistake D       disc loss marked ?  (default 4)\n"
		"      --blunder D       disc loss marked ?? (default 8)\n"
		"      --eval SPEC       evaluation: pattern (default), classic or a weights file\n"
		"  -h, --help            show this help\n");
}

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

static bool parse_discs(const char *s, int *out)
{
	double d;

	if (!cli_parse_seconds(s, &d) || d > 64)
		return false;
	*out = (int)(d * 100 + 0.5);
	return true;
}

/* `othello analyze`: see the file comment. */
int cli_analyze(int argc, char **argv)
{
	static const struct option longopts[] = {
	    {"output", required_argument, NULL, 'o'},
	    {"svg", required_argument, NULL, 'S'},
	    {"depth", required_argument, NULL, 'd'},
	    {"time", required_argument, NULL, 't'},
	    {"exact", required_argument, NULL, 'e'},
	    {"doubtful", required_argument, NULL, 'D'},
	    {"mistake", required_argument, NULL, 'M'},
	    {"blunder", required_argument, NULL, 'B'},
	    {"eval", required_argument, NULL, 'E'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	const char *out = NULL, *svg = NULL;
	struct controller_options opt;
	struct controller *ctl;
	struct ctl_event ev;
	bool bar = isatty(STDERR_FILENO);
	char err[512];
	double secs = 0;
	long v;
	int c, depth = 0, status = 0;

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:d:t:e:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'S':
			svg = optarg;
			break;
		case 'd':
			if (!cli_option_int("analyze", "depth", optarg, 1, 60, &v))
				return 2;
			depth = (int)v;
			break;
		case 't':
			if (!cli_parse_seconds(optarg, &secs) || secs <= 0) {
				fprintf(stderr,
					"othello analyze: --time: not a number of seconds: %s\n",
					optarg);
				return 2;
			}
			break;
		case 'e':
			if (!cli_option_int("analyze", "exact", optarg, 0, 60, &v))
				return 2;
			opt.analyze_exact = (int)v;
			break;
		case 'D':
		case 'M':
		case 'B': {
			int d;
			if (!parse_discs(optarg, &d)) {
				fprintf(stderr, "othello analyze: not a number of discs: %s\n",
					optarg);
				return 2;
			}
			*(c == 'D'   ? &opt.mark_doubtful
			  : c == 'M' ? &opt.mark_mistake
				     : &opt.mark_blunder) = d;
			break;
		}
		case 'E':
			opt.eval = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			cli_option_refused("analyze", longopts, argv, optind - 1, c);
			usage(stderr);
			return 2;
		}
	}
	if (argc - optind != 1) {
		usage(stderr);
		return 2;
	}
	ctl = controller_new(&opt, err, sizeof(err));
	if (!ctl) {
		fprintf(stderr, "othello analyze: %s\n", err);
		return 2;
	}
	if (controller_eval_note(ctl)[0])
		fprintf(stderr, "othello analyze: %s\n", controller_eval_note(ctl));
	if (controller_import(ctl, argv[optind], err, sizeof(err)) < 0 ||
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
