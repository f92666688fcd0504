/*
 * cli-balanced-openings.c — `othello balanced-openings`: writes a list of
 * balanced starting sequences for matches (openings/balanced.txt is its
 * output), drawn by match_balanced_run (match-balanced.c says how), one a
 * line with the deep search's score and depth as a comment:
 *
 *   f5d6c3d3c4f4c5b3   # -0.52 depth 14
 *
 * Everything is deterministic for a given --seed.
 */
#include "cli-options.h"
#include "cli.h"

#include "datadir.h"
#include "eval.h"
#include "match.h"
#include "timer.h"

#include <stdio.h>

/* The options: what match_balanced_run draws, and --verbose. */
struct balanced_options {
	struct match_balanced_options draw; /* --count, --plies, --depth, --window, ... */
	bool verbose;			    /* progress on stderr */
};

/* --plies MIN-MAX (or N). */
static bool balanced_plies(void *opts, const char *text)
{
	struct balanced_options *o = opts;
	int lo, hi;

	if (!cli_parse_range(text, 1, 40, &lo, &hi))
		return false;
	o->draw.min_plies = lo;
	o->draw.max_plies = hi;
	return true;
}

/* The options of balanced-openings: a whole number in [LO, HI] (refused as "bad value"), and a
   number of discs up to 64. */
#define BALANCED_INT(NAME, FIELD, LO, HI)                                                          \
	{                                                                                          \
		.name = NAME, .kind = CLI_OPT_INT,                                                 \
		.offset = offsetof(struct balanced_options, draw.FIELD), .form = CLI_VALUE_BAD,    \
		.lo = LO, .hi = HI                                                                 \
	}
#define BALANCED_DISCS(NAME, FIELD)                                                                \
	{                                                                                          \
		.name = NAME, .kind = CLI_OPT_NUMBER,                                              \
		.offset = offsetof(struct balanced_options, draw.FIELD), .max = 64,                \
		.what = "a number of discs from 0 to 64", .form = CLI_VALUE_IS_NOT                 \
	}

static const struct cli_options balanced_cli_options = {
    .command = "balanced-openings",
    .usage = "usage: othello balanced-openings [--count N] [--plies MIN-MAX] [--depth D]\n"
	     "         [--window DISCS] [--pick-depth D] [--pick-window DISCS] [--seed N]\n"
	     "         [--attempts N] [--verbose]\n\n"
	     "Writes balanced starting sequences for matches on stdout, one a line:\n"
	     "positions after MIN-MAX plies (default 6-10) whose deep search (default\n"
	     "depth 14) scores within DISCS (default 2) of even.\n",
    .options =
	(const struct cli_option[]){
	    BALANCED_INT("count", count, 1, 100000),
	    {.name = "plies", .kind = CLI_OPT_CALL, .call = balanced_plies, .form = CLI_VALUE_BAD},
	    BALANCED_INT("depth", depth, 1, 60),
	    BALANCED_DISCS("window", window),
	    BALANCED_INT("pick-depth", pick_depth, 1, 20),
	    BALANCED_DISCS("pick-window", pick_window),
	    BALANCED_INT("seed", seed, 0, 0x7fffffffL),
	    BALANCED_INT("attempts", attempts, 1, 100000000),
	    CLI_FLAG("verbose", 0, offsetof(struct balanced_options, verbose), NULL),
	    CLI_HELP(0, NULL),
	    {0},
	},
};

/* What the run's callback needs: the options and the start time. */
struct balanced_run {
	const struct balanced_options *o;
	double t0;
	bool failed; /* standard output failed: the run stopped */
};

/* Prints one kept opening (and the progress with --verbose); false when standard output
   fails. */
static bool balanced_print(const char *moves, int score, int depth, long kept, long tried,
			   void *user)
{
	struct balanced_run *run = user;

	printf("%s   # %+.2f depth %d\n", moves, score / 100.0, depth);
	if (!cli_output_ok()) {
		run->failed = true;
		return false;
	}
	if (run->o->verbose)
		fprintf(stderr, "%ld kept of %ld tried, %.0f s\n", kept, tried,
			timer_now() - run->t0);
	return true;
}

/* `othello balanced-openings`: see balanced_cli_options and match-balanced.c. */
int cli_balanced_openings(int argc, char **argv)
{
	struct balanced_options o = {{100, 6, 10, 14, 4, 4.0, 2.0, 1, 0}, false};
	const struct match_balanced_options *d = &o.draw;
	struct balanced_run run = {&o, timer_now(), false};
	struct eval *ev = NULL;
	char path[4096], err[256];
	long kept, tried;
	FILE *f;
	int first, st;

	if ((st = cli_options_parse(&balanced_cli_options, argc, argv, &o, &first)) >= 0)
		return st;
	if (first < argc) {
		fprintf(stderr, "othello: balanced-openings: unexpected argument '%s'\n",
			argv[first]);
		return 2;
	}
	if (!o.draw.attempts)
		o.draw.attempts = 50 * o.draw.count;
	f = datadir_open("eval/classic.txt", path, sizeof path, err, sizeof err);
	if (f) {
		ev = eval_load(VARIANT_8X8, f, path, err, sizeof err);
		fclose(f);
	}
	if (!ev)
		ev = eval_new_default();
	cli_output_watch(); /* most candidates are searched and dropped, printing nothing */
	printf("# Balanced openings for matches, made by `othello balanced-openings --count %ld "
	       "--plies %d-%d --depth %ld --window %g --pick-depth %ld --pick-window %g "
	       "--seed %ld`:\n# sequences from the start whose depth-%ld search scores within "
	       "+-%g discs (score for the side to move after the sequence).\n",
	       d->count, d->min_plies, d->max_plies, d->depth, d->window, d->pick_depth,
	       d->pick_window, d->seed, d->depth, d->window);
	if (!cli_output_ok()) { /* the header goes out at once: a reader may wait for it */
		eval_free(ev);
		return 2;
	}
	kept = ev ? match_balanced_run(ev, d, balanced_print, &run, &tried) : -1;
	eval_free(ev);
	if (run.failed)
		return 2; /* said by cli_output_ok */
	if (kept < 0) {
		fprintf(stderr, "othello: out of memory\n");
		return 1;
	}
	if (kept < d->count) {
		fprintf(stderr,
			"othello: balanced-openings: only %ld of %ld found in %ld attempts\n", kept,
			d->count, tried);
		return 1;
	}
	return 0;
}
