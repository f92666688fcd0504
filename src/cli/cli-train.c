/*
 * cli-train.c — `othello train generate|fit|iterate|match|probcut`: making
 * the pattern weights and the ProbCut table (see train.h) and measuring them;
 * `train testset` and `train test` (the exact-scored test set) are
 * cli-train-test.c's.
 *
 *   generate OUT.dat --openings FILE [--games N] [--depth D] [--solve E]
 *            [--random R] [--window W] [--seed S] [--eval SPEC] [--jobs J]
 *            [--search-label PCT] [--label-depths 1|2] [--siblings K] [--varied PCT]
 *            [--presolve E] [--presolve-selectivity P] [--presolve-siblings Q]
 *       self-play games appended to OUT.dat; games already in it are skipped
 *       (resumable; a record cut short by an interrupted run is dropped).
 *       Positions before the exact solve are labelled with the game's result,
 *       or PCT % of their depth-D search score plus (100 - PCT) % of it
 *       (--label-depths 2: the mean of the depth D-1 and D scores).
 *       --siblings K: the first K solved positions of each game also give
 *       the positions after their other moves, solved (at most 8).
 *       --varied PCT: PCT % of the window's plies that are not random are
 *       played by the test set's varied player instead of the search.
 *       --presolve E: positions of up to E empties before the exact solve
 *       are labelled by a selective solve (ProbCut confidence P %, default
 *       73), which also chooses the moves not random or varied;
 *       --presolve-siblings Q: the Q presolved positions nearest the exact
 *       solve also give the positions after their other moves, presolved.
 *   (`train import`, `train label` and `train measure`, data from game
 *   collections, data labelled again by searches and an evaluation's error
 *   against it, are cli-train-import.c's.)
 *   fit OUT.bin DATA.dat... [--iterations N] [--ridge X] [--validation P]
 *            [--fit-window K] [--seed S] [--from WEIGHTS] [--phases LO-HI] [--anchor]
 *            [--hold-extras] [--exact-only] [--solved-only] [--jobs J]
 *       least-squares weights per phase; prints the mean absolute error per
 *       phase on the training and held-out positions, and the held-out mean
 *       signed error. --from continues the fit of WEIGHTS (each phase starts
 *       from its weights there); --phases then refits only phases LO..HI and
 *       keeps the others (--iterations 0 measures WEIGHTS on the data), and
 *       --anchor makes the ridge pull towards WEIGHTS instead of zero
 *       (--hold-extras: and keeps its bias, mobility, parity and disc terms);
 *       --exact-only trains on the solved positions only, --solved-only on
 *       those and the ones a selective solve labelled; --jobs J splits
 *       the work over J threads, with the same weights for any J. OUT.bin
 *       is written to a temporary file and renamed.
 *   calibrate OUT.bin --from WEIGHTS --openings FILE [--phases LO-HI] [--depths A-B]
 *            [--range R] [--step S] [--jobs J]
 *       the odd-even calibration (train-calibrate.c): the parity term of
 *       phases LO..HI (default 1-4) is moved by -R..R centidiscs in steps of
 *       S (default 300 and 25); the shift whose searches of the openings to
 *       depths A..B (default 4-12) agree best is written to OUT.bin. J
 *       shifts are measured at a time, with the same result for any J.
 *   iterate DIR --openings FILE [--rounds R] [--games N] [generate/fit options]
 *       round r: games with the weights of round r-1 (round 1: classic) into
 *       DIR/data-r.dat, then a fit on all rounds' data into DIR/weights-r.bin.
 *   match --openings FILE [--a SPEC] [--b SPEC] [--depth D] [--endgame E]
 *            [--rounds R] [--noise PCT] [--jobs J]
 *       every opening 2 x R times, colours swapped, rounds after the first
 *       with evaluation noise PCT (default 5) for both sides; prints A's score.
 *   probcut OUT.txt DATA.dat... [--positions N] [--depth D] [--end-max E]
 *            [--seed S] [--eval SPEC] [--jobs J]
 *       the ProbCut table (train-probcut.c): N positions a phase, midgame
 *       pairs up to D plies, endgame rows from 10 to E empties; J positions
 *       searched at a time, with the same table for any J.
 *
 * Defaults: --games 1000 --depth 4 --solve 16 --random 2 --window 12 --seed 1
 * --eval classic --jobs 1 --search-label 0; --iterations 40 --ridge 5 --validation 10
 * --fit-window 1; --rounds 2 (iterate) or 1 (match); match --a pattern
 * --b classic --depth 6 --endgame 14.
 * SPEC is `classic`, `pattern` (the shipped weights) or a weights file.
 * Progress bars (games or iterations, rate, time left; a fit's also its
 * phase, iteration, training rmse and elapsed seconds) go to stderr, unless
 * --quiet. --jobs is 1 to 64.
 */
#include "cli-eval.h"
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"
#include "record.h"
#include "timer.h"
#include "train.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The numeric options of `othello train` as given, -1 when not: each goes
   to the options of the actions that use it (train_apply). */
struct train_numbers {
	long depth;	   /* --depth D: generate and match */
	long solve;	   /* --solve E */
	long random;	   /* --random R */
	long window;	   /* --window W (at most 64) */
	long seed;	   /* --seed S: generate and fit */
	long jobs;	   /* --jobs J, -j J */
	long iterations;   /* --iterations N */
	double ridge;	   /* --ridge X */
	long validation;   /* --validation PCT (at most 90) */
	long rounds;	   /* --rounds R: iterate and match */
	long endgame;	   /* --endgame E */
	long noise;	   /* --noise PCT */
	long fit_window;   /* --fit-window K */
	long search_label; /* --search-label PCT */
	long label_depths; /* --label-depths 1|2: search score of the last or last two depths */
	long siblings;	   /* --siblings K: solved siblings of the first K solved positions */
	long varied;	   /* --varied PCT: plies of the window played by the varied player */
	long presolve;	   /* --presolve E: selective-solve labels up to E empties */
	long presolve_siblings; /* --presolve-siblings Q */
	long positions;		/* --positions N: probcut */
	long end_max;		/* --end-max E: probcut */
	long range;		/* --range R: calibrate */
	long step;		/* --step S: calibrate */
};

struct train_args {
	const char *openings;		  /* openings file */
	const char *eval;		  /* evaluation SPEC (generate) */
	const char *from;		  /* fit: weights to continue from */
	const char *phases;		  /* fit: --phases LO-HI refitted (with --from) */
	const char *presolve_sel;	  /* generate: --presolve-selectivity P */
	const char *depths;		  /* calibrate: --depths A-B */
	const char *eval_b;		  /* second evaluation (match) */
	struct train_gen_options gen;	  /* generation options */
	struct train_fit_options fit;	  /* fit options */
	long games;			  /* games to generate (or per round) */
	long rounds;			  /* iterate: rounds */
	struct train_match_options match; /* match options */
	int jobs;			  /* threads */
	bool quiet;			  /* --quiet: no progress lines */
	struct cli_vtrain_options board;  /* --variant NAME and what only its training reads */
	char **rest;			  /* positional arguments */
	int n_rest;			  /* their number */
	struct train_numbers given;	  /* the numeric options as given */
};

static void gen_progress(uint64_t done, uint64_t total, uint64_t positions, void *user)
{
	char extra[64];

	snprintf(extra, sizeof extra, "(%llu positions)", (unsigned long long)positions);
	cli_bar_draw(user, done, total, extra, done == total);
}

#define TRAIN_NUMBER(NAME, LETTER, FIELD, HI)                                                      \
	{                                                                                          \
		.name = NAME, .letter = LETTER, .kind = CLI_OPT_INT,                               \
		.offset = offsetof(struct train_args, given.FIELD), .lo = 0, .hi = HI,             \
		.form = CLI_VALUE_BAD_USAGE                                                        \
	}

static const struct cli_options train_options = {
    .command = "train",
    .usage = "usage: othello train generate OUT.dat --openings FILE [--games N] [--depth D]\n"
	     "                [--solve E] [--random R] [--window W] [--seed S] [--eval SPEC] "
	     "[--jobs J]\n"
	     "                [--search-label PCT] [--label-depths 1|2] [--siblings K] "
	     "[--varied PCT]\n"
	     "                [--presolve E] [--presolve-selectivity P] [--presolve-siblings Q]\n"
	     "       othello train fit OUT.bin DATA.dat... [--iterations N] [--ridge X]\n"
	     "                [--validation PCT] [--fit-window K] [--seed S] [--from WEIGHTS]\n"
	     "                [--phases LO-HI] [--anchor] [--hold-extras] [--exact-only]\n"
	     "                [--solved-only] [--jobs J]\n"
	     "       othello train calibrate OUT.bin --from WEIGHTS --openings FILE\n"
	     "                [--phases LO-HI] [--depths A-B] [--range R] [--step S] [--jobs J]\n"
	     "       othello train iterate DIR --openings FILE [--rounds R] [--games N] "
	     "[options]\n"
	     "       othello train match --openings FILE [--a SPEC] [--b SPEC] [--depth D]\n"
	     "                [--endgame E] [--rounds R] [--noise PCT] [--jobs J]\n"
	     "       othello train probcut OUT.txt DATA.dat... [--positions N] [--depth D]\n"
	     "                [--end-max E] [--seed S] [--eval SPEC] [--jobs J]\n"
	     "       othello train testset OUT.obf --openings FILE [--count N] [--empties LO-HI]\n"
	     "                [--seed S] [--jobs J] [--hash MB]\n"
	     "       othello train test SPEC SET.obf [--depths D,D,...] [--jobs J] [--hash MB]\n"
	     "       othello train import OUT.dat COLLECTION... [--min-empties N] [--max-empties N]\n"
	     "                [--solve E] [--solve-from N] [--siblings S] [--shard K/N]\n"
	     "                [--jobs J] [--hash MB] [--eval SPEC]\n"
	     "       othello train measure SPEC|exact DATA.dat... [--all] [--sample N]\n"
	     "                [--empties LO-HI] [--jobs J]\n"
	     "       othello train label OUT.dat DATA.dat [--depth D] [--empties LO-HI] [--two]\n"
	     "                [--blend PCT] [--solve E] [--eval SPEC] [--jobs J] [--hash MB]\n"
	     "       othello train generate OUT.txt --variant NAME [--games N] [--plies P]\n"
	     "                [--seed S] [--level LEVEL] [--eval FILE]\n"
	     "       othello train fit OUT.txt DATA.txt... --variant NAME [--ridge X]\n"
	     "SPEC: classic, pattern (the shipped weights) or a weights file.\n"
	     "Defaults: --games 1000 --depth 4 --solve 16 --random 2 --window 12 --seed 1\n"
	     "--jobs 1 --search-label 0; fit --iterations 40 --ridge 5 --validation 10\n"
	     "--fit-window 1 (the weights are the same for any --jobs); --quiet: no progress\n"
	     "lines; "
	     "match --depth 6 --endgame 14 --rounds 1 --noise 5;\n"
	     "probcut --positions 48 --depth 10 --end-max 22 --eval pattern.\n"
	     "--variant NAME: the weights of another board (6x6, 10x10-holes) from its own\n"
	     "self-play: LEVEL (default expert) plays N games (default 200) from random\n"
	     "openings of P plies (6x6: 4, 10x10-holes: 6) with the weights FILE (default\n"
	     "the shipped ones, or builtin); fit weights each stage by least squares with\n"
	     "ridge X (default 0.01) into a weights file of that board.\n",
    .options =
	(const struct cli_option[]){
	    CLI_STRING("openings", 0, offsetof(struct train_args, openings), NULL, NULL),
	    {.name = "games",
	     .kind = CLI_OPT_INT,
	     .offset = offsetof(struct train_args, games),
	     .lo = 0,
	     .hi = 1000000000,
	     .form = CLI_VALUE_BAD_USAGE},
	    TRAIN_NUMBER("depth", 0, depth, 1000000000),
	    TRAIN_NUMBER("solve", 0, solve, 1000000000),
	    TRAIN_NUMBER("random", 0, random, 1000000000),
	    TRAIN_NUMBER("window", 0, window, 1000000000),
	    TRAIN_NUMBER("seed", 0, seed, 1000000000),
	    {.name = "eval",
	     .alias = "a",
	     .renamed = "weights",
	     .kind = CLI_OPT_STRING,
	     .offset = offsetof(struct train_args, eval)},
	    CLI_STRING("b", 0, offsetof(struct train_args, eval_b), NULL, NULL),
	    {.name = "jobs",
	     .letter = 'j',
	     .kind = CLI_OPT_INT,
	     .offset = offsetof(struct train_args, given.jobs),
	     .lo = 1,
	     .hi = 64},
	    TRAIN_NUMBER("iterations", 0, iterations, 1000000000),
	    {.name = "ridge",
	     .kind = CLI_OPT_NUMBER,
	     .offset = offsetof(struct train_args, given.ridge),
	     .form = CLI_VALUE_BAD_USAGE},
	    TRAIN_NUMBER("validation", 0, validation, 1000000000),
	    TRAIN_NUMBER("rounds", 0, rounds, 1000000000),
	    TRAIN_NUMBER("endgame", 0, endgame, 1000000000),
	    TRAIN_NUMBER("noise", 0, noise, 1000000000),
	    TRAIN_NUMBER("fit-window", 0, fit_window, 1000000000),
	    CLI_STRING("from", 0, offsetof(struct train_args, from), NULL, NULL),
	    CLI_STRING("phases", 0, offsetof(struct train_args, phases), NULL, NULL),
	    CLI_FLAG("anchor", 0, offsetof(struct train_args, fit.anchor), NULL),
	    CLI_FLAG("hold-extras", 0, offsetof(struct train_args, fit.hold_extras), NULL),
	    CLI_FLAG("exact-only", 0, offsetof(struct train_args, fit.exact_only), NULL),
	    CLI_FLAG("solved-only", 0, offsetof(struct train_args, fit.solved_only), NULL),
	    CLI_FLAG("quiet", 'q', offsetof(struct train_args, quiet), NULL),
	    TRAIN_NUMBER("search-label", 0, search_label, 100),
	    TRAIN_NUMBER("label-depths", 0, label_depths, 2),
	    TRAIN_NUMBER("siblings", 0, siblings, 8),
	    TRAIN_NUMBER("varied", 0, varied, 100),
	    TRAIN_NUMBER("presolve", 0, presolve, 60),
	    TRAIN_NUMBER("presolve-siblings", 0, presolve_siblings, 60),
	    CLI_STRING("presolve-selectivity", 0, offsetof(struct train_args, presolve_sel), NULL,
		       NULL),
	    TRAIN_NUMBER("positions", 0, positions, 100000),
	    TRAIN_NUMBER("end-max", 0, end_max, 30),
	    TRAIN_NUMBER("range", 0, range, 3000),
	    TRAIN_NUMBER("step", 0, step, 3000),
	    CLI_STRING("depths", 0, offsetof(struct train_args, depths), NULL, NULL),
	    CLI_VARIANT_OPTION(offsetof(struct train_args, board.variant), NULL),
	    {.name = "plies",
	     .kind = CLI_OPT_INT,
	     .offset = offsetof(struct train_args, board.plies),
	     .lo = 0,
	     .hi = 16},
	    CLI_STRING("level", 0, offsetof(struct train_args, board.level), NULL, NULL),
	    CLI_HELP(0, NULL),
	    {0},
	},
};

/* Sets `*to` to the option's value `v` when it was given (v >= 0). */
static void train_given(int *to, long v)
{
	if (v >= 0)
		*to = (int)v;
}

/* Puts the numeric options given into the options of the actions. */
static void train_apply(struct train_args *a)
{
	const struct train_numbers *g = &a->given;

	if (g->depth >= 0)
		a->gen.depth = a->match.depth = (int)g->depth;
	train_given(&a->gen.solve_empties, g->solve);
	train_given(&a->gen.random_moves, g->random);
	if (g->window >= 0)
		a->gen.random_window = (int)(g->window > 64 ? 64 : g->window);
	if (g->seed >= 0)
		a->gen.seed = a->fit.seed = (uint64_t)g->seed;
	train_given(&a->jobs, g->jobs);
	train_given(&a->fit.iterations, g->iterations);
	if (g->ridge >= 0)
		a->fit.ridge = g->ridge;
	if (g->validation >= 0)
		a->fit.validation = (int)(g->validation > 90 ? 90 : g->validation);
	if (g->rounds >= 0)
		a->match.rounds = (int)(a->rounds = g->rounds);
	if (g->endgame >= 0)
		a->match.endgame = (int)g->endgame;
	if (g->noise >= 0)
		a->match.noise = (int)g->noise;
	train_given(&a->fit.window, g->fit_window);
	train_given(&a->gen.search_label, g->search_label);
	train_given(&a->gen.siblings, g->siblings);
	train_given(&a->gen.varied, g->varied);
	train_given(&a->gen.presolve_empties, g->presolve);
	train_given(&a->gen.presolve_siblings, g->presolve_siblings);
	if (g->label_depths >= 0)
		a->gen.label_two = g->label_depths == 2;
	a->gen.jobs = a->fit.jobs = a->jobs;
}

/* Parses the options of every action into `a` (argv[0] is the action).
   Returns -1 to go on, or an exit status. */
static int train_parse(int argc, char **argv, struct train_args *a)
{
	struct cli_options named = train_options;
	char command[32];
	int first, st;

	a->given = (struct train_numbers){-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
					  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
	snprintf(command, sizeof command, "train %s", argv[0]);
	if (strlen(argv[0]) < 12 && argv[0][0] != '-')
		named.command = command; /* "othello train fit: ..." */
	if ((st = cli_options_parse(&named, argc, argv, a, &first)) >= 0)
		return st;
	train_apply(a);
	if (a->presolve_sel && (a->gen.presolve_selectivity = cli_selectivity(
				    named.command, "presolve-selectivity", a->presolve_sel)) < 0)
		return 2;
	a->rest = argv + first;
	a->n_rest = argc - first;
	return -1;
}

/* Generates a->games games into `path` with `ev` (resuming what the file holds). */
static int run_generate(const struct train_args *a, const struct eval *ev, const char *path)
{
	struct train_opening *ops = NULL;
	int n_ops = cli_train_openings(a->openings, &ops), rc = 0;
	uint8_t *done = calloc((size_t)a->games + 1, 1);
	char err[512], label[96] = "", varied[48] = "", pre[96] = "";
	long valid = 0, had = 0;
	FILE *f = NULL;
	struct cli_bar bar = {timer_now(), 0, "games", 0};

	if (n_ops < 0 || !done) {
		free(ops);
		free(done);
		return 2;
	}
	f = fopen(path, "r+b");
	if (f) {
		had =
		    train_data_read(f, path, NULL, done, (size_t)a->games, &valid, err, sizeof err);
		if (had < 0 || ftruncate(fileno(f), valid) != 0 || fseek(f, valid, SEEK_SET) != 0) {
			fprintf(stderr, "othello train: %s\n", had < 0 ? err : "cannot truncate");
			rc = 2;
			goto out;
		}
	} else {
		f = fopen(path, "w+b");
		if (!f || train_data_write_header(f) < 0) {
			fprintf(stderr, "othello train: %s: cannot create\n", path);
			rc = 2;
			goto out;
		}
	}
	for (long i = 0; i < a->games; i++)
		bar.base += done[i];
	if (a->gen.varied > 0)
		snprintf(varied, sizeof varied, " (%d %% of the others varied)", a->gen.varied);
	if (a->gen.presolve_empties > a->gen.solve_empties)
		snprintf(pre, sizeof pre, ", selective solve (%d %%) from %d empties%s",
			 a->gen.presolve_selectivity, a->gen.presolve_empties,
			 a->gen.presolve_siblings > 0 ? " with siblings" : "");
	if (a->gen.search_label > 0)
		snprintf(label, sizeof label, ", labels %d %% search score%s", a->gen.search_label,
			 a->gen.label_two ? " (mean of the last two depths)" : "");
	fprintf(
	    stderr,
	    "generate: %s, games 0..%ld (%llu already there), depth %d%s, solve from %d empties, "
	    "%d random moves in %d plies%s, %d job(s), %s evaluation%s\n",
	    path, a->games - 1, (unsigned long long)bar.base, a->gen.depth, pre,
	    a->gen.solve_empties, a->gen.random_moves, a->gen.random_window, varied,
	    a->gen.jobs < 1 ? 1 : a->gen.jobs, eval_is_pattern(ev) ? "pattern" : "classic", label);
	if (train_generate(ev, ops, n_ops, (uint32_t)a->games, done, &a->gen, f,
			   a->quiet ? NULL : gen_progress, &bar, err, sizeof err) < 0) {
		fprintf(stderr, "othello train: %s\n", err);
		rc = 1;
	}
	fprintf(stderr, "generate: %.1f s\n", timer_now() - bar.t0);
out:
	if (f)
		fclose(f);
	free(ops);
	free(done);
	return rc;
}

static void fit_progress(int phase, int it, int iterations, double rmse, void *user)
{
	struct cli_bar *b = user;
	char extra[96];
	uint64_t done = (uint64_t)phase * (uint64_t)iterations + (uint64_t)it;

	snprintf(extra, sizeof extra, "(phase %d, iteration %d, rmse %.2f discs, %.0f s)", phase,
		 it, rmse, timer_now() - b->t0);
	cli_bar_draw(b, done, (uint64_t)PATTERN_PHASES * (uint64_t)iterations, extra,
		     done == (uint64_t)PATTERN_PHASES * (uint64_t)iterations);
}

/* Reads the data files `files` into `d`; -1 after saying why on stderr. */
static int read_data(char **files, int n_files, struct train_data *d)
{
	char err[512];

	for (int i = 0; i < n_files; i++) {
		FILE *f = fopen(files[i], "rb");

		if (!f || train_data_read(f, files[i], d, NULL, 0, NULL, err, sizeof err) < 0) {
			if (!f)
				snprintf(err, sizeof err, "%s: %s", files[i], strerror(errno));
			fprintf(stderr, "othello train: %s\n", err);
			if (f)
				fclose(f);
			return -1;
		}
		fclose(f);
	}
	return 0;
}

/* Weights to write, for record_write_atomic. */
static int write_weights(FILE *f, const void *w)
{
	char err[256];

	return pattern_write(w, f, err, sizeof err);
}

/* The weights a fit starts from: those of `from` (a weights file) if not NULL, else empty. */
static struct pattern_weights *fit_start(const char *from)
{
	struct pattern_weights *w;
	char err[512];
	FILE *f;

	if (!from)
		return pattern_new();
	f = fopen(from, "rb");
	if (!f) {
		fprintf(stderr, "othello train: --from: %s: cannot open\n", from);
		return NULL;
	}
	w = pattern_read(f, from, err, sizeof err);
	fclose(f);
	if (!w)
		fprintf(stderr, "othello train: --from: %s\n", err);
	return w;
}

/* Parses --phases "LO-HI" (or one phase) into `o` (needs a warm start); false if it is not one.
 */
static bool parse_phases(const char *s, struct train_fit_options *o)
{
	int lo, hi;

	if (!o->warm || !cli_parse_range(s, 0, PATTERN_PHASES - 1, &lo, &hi))
		return false;
	o->phase_lo = lo;
	o->phase_end = hi + 1;
	return true;
}

/* Fits weights on the data files `files` (continuing a->from, if given) and writes them to
   `out`. */
static int run_fit(const struct train_args *a, char **files, int n_files, const char *out)
{
	struct train_data d = {0};
	struct train_fit_report rep;
	struct train_fit_options fo = a->fit;
	struct pattern_weights *w = fit_start(a->from);
	struct cli_bar bar = {timer_now(), 0, "iterations", 0};
	char err[512];
	int rc = 0;

	if (!w)
		return 2;
	fo.warm = a->from != NULL;
	if (a->phases && !parse_phases(a->phases, &fo)) {
		fprintf(stderr,
			"othello train: --phases: '%s' is not LO-HI (0 to %d), or no --from "
			"weights to keep the other phases of\n",
			a->phases, PATTERN_PHASES - 1);
		pattern_free(w);
		return 2;
	}
	if (read_data(files, n_files, &d) < 0) {
		rc = 2;
		goto out;
	}
	fprintf(stderr,
		"fit: %zu positions from %zu games, %d iterations per phase, ridge %g, "
		"window %d, %d%% held out%s%s%s%s\n",
		d.n, d.games, fo.iterations, fo.ridge, fo.window, fo.validation,
		a->from ? ", continued from " : "", a->from ? a->from : "",
		fo.anchor && a->from ? (fo.hold_extras ? " (ridge towards it, extras held)"
						       : " (ridge towards it)")
				     : "",
		fo.exact_only	 ? ", exactly solved positions only"
		: fo.solved_only ? ", solved positions only (exact or selective)"
				 : "");
	if (train_fit(&d, &fo, w, &rep, a->quiet ? NULL : fit_progress, &bar, err, sizeof err) <
	    0) {
		fprintf(stderr, "othello train: %s\n", err);
		rc = 1;
		goto out;
	}
	printf(
	    "phase  empties  train-pos  valid-pos  train-MAE  valid-MAE valid-bias   even    odd "
	    "(discs)\n");
	for (int p = 0; p < PATTERN_PHASES; p++)
		printf("%5d  %2d-%-2d    %9zu  %9zu  %9.2f  %9.2f  %9.2f %6.2f %6.2f\n", p,
		       p == PATTERN_PHASES - 1 ? 0 : 57 - 4 * p, 60 - 4 * p, rep.train[p],
		       rep.valid[p], rep.train_mae[p], rep.valid_mae[p], rep.valid_bias[p],
		       rep.valid_bias_odd[p][0], rep.valid_bias_odd[p][1]);
	if (record_write_atomic(out, write_weights, w, err, sizeof err) != 0) {
		fprintf(stderr, "othello train: %s\n", err);
		rc = 1;
		goto out;
	}
	fprintf(stderr, "fit: %.1f s, wrote %s\n", timer_now() - bar.t0, out);
out:
	train_data_free(&d);
	pattern_free(w);
	return rc;
}

static int cmd_generate(struct train_args *a)
{
	struct eval *ev;
	int rc;

	if (a->n_rest != 1) {
		cli_options_usage(&train_options, stderr);
		return 2;
	}
	ev = cli_eval_open(a->eval, stderr);
	if (!ev)
		return 2;
	rc = run_generate(a, ev, a->rest[0]);
	eval_free(ev);
	return rc;
}

static int cmd_iterate(struct train_args *a)
{
	const char *dir;
	char **files;
	int rc = 0;

	if (a->n_rest != 1) {
		cli_options_usage(&train_options, stderr);
		return 2;
	}
	dir = a->rest[0];
	mkdir(dir, 0777);
	files = calloc((size_t)a->rounds + 1, sizeof *files);
	if (!files)
		return 1;
	for (long r = 1; r <= a->rounds && rc == 0; r++) {
		char weights[1024];
		struct eval *ev;

		files[r - 1] = malloc(1024);
		if (!files[r - 1]) {
			rc = 1;
			break;
		}
		snprintf(files[r - 1], 1024, "%s/data-%ld.dat", dir, r);
		snprintf(weights, sizeof weights, "%s/weights-%ld.bin", dir, r - 1);
		ev = cli_eval_open(r == 1 ? a->eval : weights, stderr);
		if (!ev) {
			rc = 2;
			break;
		}
		fprintf(stderr, "iterate: round %ld of %ld\n", r, a->rounds);
		a->gen.seed += (uint64_t)r * 1000003u;
		rc = run_generate(a, ev, files[r - 1]);
		eval_free(ev);
		snprintf(weights, sizeof weights, "%s/weights-%ld.bin", dir, r);
		if (rc == 0)
			rc = run_fit(a, files, (int)r, weights);
	}
	for (long r = 0; r < a->rounds; r++)
		free(files[r]);
	free(files);
	return rc;
}

static void match_progress(uint64_t done, uint64_t total, uint64_t points2, void *user)
{
	char extra[64];

	snprintf(extra, sizeof extra, "(A %.1f points, %.1f%%)", points2 / 2.0,
		 done ? 50.0 * (double)points2 / (double)done : 0);
	cli_bar_draw(user, done, total, extra, done == total);
}

static void calibrate_progress(int done, int total, void *user)
{
	cli_bar_draw(user, (uint64_t)done, (uint64_t)total, "", done == total);
}

/* `train calibrate OUT.bin --from W --openings FILE ...`: the odd-even calibration. */
static int cmd_calibrate(struct train_args *a)
{
	struct train_calibrate_options o = {.phase_lo = 1,
					    .phase_hi = 4,
					    .depth_lo = 4,
					    .depth_hi = 12,
					    .range = 300,
					    .step = 25,
					    .tt_mb = 16,
					    .jobs = a->jobs};
	struct train_opening *ops = NULL;
	struct train_calibrate_row *rows = NULL;
	struct pattern_weights *w0 = NULL, *w = NULL;
	struct cli_bar bar = {timer_now(), 0, "shifts", 0};
	char err[512];
	int n_ops, best, rc = 2;

	if (a->given.range >= 0)
		o.range = (int)a->given.range;
	if (a->given.step >= 0)
		o.step = (int)a->given.step;
	if (a->n_rest != 1 || !a->from) {
		fprintf(stderr, "othello train calibrate: expected OUT.bin and --from WEIGHTS\n");
		return 2;
	}
	if ((a->phases &&
	     !cli_parse_range(a->phases, 0, PATTERN_PHASES - 1, &o.phase_lo, &o.phase_hi)) ||
	    (a->depths && !cli_parse_range(a->depths, 1, 60, &o.depth_lo, &o.depth_hi)) ||
	    o.depth_lo == o.depth_hi || o.step < 1) {
		fprintf(stderr,
			"othello train calibrate: --phases is LO-HI (0 to %d), --depths A-B "
			"with 1 <= A < B <= 60, --step at least 1\n",
			PATTERN_PHASES - 1);
		return 2;
	}
	if ((n_ops = cli_train_openings(a->openings, &ops)) < 0 || !(w0 = fit_start(a->from)))
		goto out;
	rows = calloc((size_t)(2 * o.range / o.step + 1), sizeof *rows);
	fprintf(stderr, "calibrate: %s, parity term of phases %d-%d, %d openings to depths %d-%d\n",
		a->from, o.phase_lo, o.phase_hi, n_ops, o.depth_lo, o.depth_hi);
	if (!rows ||
	    (best = train_calibrate(w0, ops, n_ops, &o, rows, a->quiet ? NULL : calibrate_progress,
				    &bar)) < 0 ||
	    !(w = train_calibrated(w0, &o, rows[best].shift))) {
		fprintf(stderr, "othello train: out of memory\n");
		rc = 1;
		goto out;
	}
	printf("shift  rms-diff  odd-even  level (discs; depths %d-%d, %d openings)\n", o.depth_lo,
	       o.depth_hi, n_ops);
	for (int k = 0; k <= 2 * o.range / o.step; k++)
		printf("%+5d  %8.3f  %+8.3f  %+5.2f%s\n", rows[k].shift, rows[k].rms, rows[k].swing,
		       rows[k].level, k == best ? "  <- written" : "");
	if (record_write_atomic(a->rest[0], write_weights, w, err, sizeof err) != 0) {
		fprintf(stderr, "othello train: %s\n", err);
		rc = 1;
		goto out;
	}
	rc = 0;
out:
	pattern_free(w0);
	pattern_free(w);
	free(rows);
	free(ops);
	return rc;
}

static int cmd_match(struct train_args *a)
{
	struct train_opening *ops = NULL;
	int n_ops = cli_train_openings(a->openings, &ops), rc = 0;
	struct eval *ea = NULL, *eb = NULL;
	struct train_match_result res;
	struct cli_bar bar = {timer_now(), 0, "games", 0};
	char err[256];

	if (n_ops < 0)
		return 2;
	ea = cli_eval_open(a->eval ? a->eval : "pattern", stderr);
	eb = cli_eval_open(a->eval_b ? a->eval_b : "classic", stderr);
	if (!ea || !eb) {
		rc = 2;
		goto out;
	}
	a->match.jobs = a->jobs;
	if (train_match(ea, eb, ops, n_ops, &a->match, a->quiet ? NULL : match_progress, &bar, &res,
			err, sizeof err) < 0) {
		fprintf(stderr, "othello train: %s\n", err);
		rc = 1;
		goto out;
	}
	printf("A (%s, %s) vs B (%s, %s): %d games at depth %d, exact from %d empties, "
	       "noise %d%% after round 1\n",
	       a->eval ? a->eval : "pattern", eval_is_pattern(ea) ? "pattern" : "classic",
	       a->eval_b ? a->eval_b : "classic", eval_is_pattern(eb) ? "pattern" : "classic",
	       res.games, a->match.depth, a->match.endgame, a->match.noise);
	printf("A: %d wins, %d draws, %d losses, %.1f points = %.1f%%, mean disc difference "
	       "%+.2f\n",
	       res.wins_a, res.draws, res.games - res.wins_a - res.draws, res.points_a,
	       res.games ? 100.0 * res.points_a / res.games : 0,
	       res.games ? (double)res.discs_a / res.games : 0);
out:
	eval_free(ea);
	eval_free(eb);
	free(ops);
	return rc;
}

static void probcut_progress(uint64_t done, uint64_t total, uint64_t positions, void *user)
{
	(void)positions;
	cli_bar_draw(user, done, total, NULL, done == total);
}

/* The command line `argv` as one string (words joined by spaces), into `out`. */
static void join_command(int argc, char **argv, char *out, size_t outlen)
{
	size_t n = (size_t)snprintf(out, outlen, "othello");

	for (int i = 0; i < argc && n < outlen; i++)
		n += (size_t)snprintf(out + n, outlen - n, " %s", argv[i]);
}

/* What cmd_probcut hands to record_write_atomic: the table's inputs, and its outcome. */
struct probcut_job {
	const struct eval *ev;
	const struct train_data *d;
	const struct train_probcut_options *o;
	const char *command;	 /* the command line, for the file's header */
	train_progress progress; /* NULL: quiet */
	struct cli_bar *bar;
	char *err; /* the message of a failed measurement */
	size_t errlen;
};

static int write_probcut(FILE *f, const void *data)
{
	const struct probcut_job *j = data;

	return train_probcut(j->ev, j->d, j->o, j->command, f, j->progress, j->bar, j->err,
			     j->errlen);
}

/* `train probcut OUT.txt DATA.dat...`: measures the ProbCut table (train-probcut.c). */
static int cmd_probcut(struct train_args *a, int argc, char **argv)
{
	struct train_data d = {0};
	struct train_probcut_options o = {.positions = 48,
					  .mid_depth = 10,
					  .end_min = 10,
					  .end_max = 22,
					  .seed = 1,
					  .tt_mb = 64,
					  .jobs = a->jobs};
	struct cli_bar bar = {timer_now(), 0, "positions", 0};
	char err[512], err2[512], command[2048];
	struct probcut_job job;
	struct eval *ev = NULL;
	int rc = 0;

	if (a->n_rest < 2) {
		cli_options_usage(&train_options, stderr);
		return 2;
	}
	if (a->given.positions > 0)
		o.positions = (int)a->given.positions;
	if (a->given.depth > 0)
		o.mid_depth =
		    (int)(a->given.depth < PROBCUT_MAX_DEPTH ? a->given.depth : PROBCUT_MAX_DEPTH);
	if (a->given.end_max >= 0)
		o.end_max = (int)a->given.end_max;
	if (a->given.seed >= 0)
		o.seed = (uint64_t)a->given.seed;
	if (read_data(a->rest + 1, a->n_rest - 1, &d) < 0) {
		rc = 2;
		goto out;
	}
	if (!(ev = cli_eval_open(a->eval ? a->eval : "pattern", stderr))) {
		rc = 2;
		goto out;
	}
	join_command(argc, argv, command, sizeof command);
	job = (struct probcut_job){
	    ev, &d, &o, command, a->quiet ? NULL : probcut_progress, &bar, err2, sizeof err2};
	err2[0] = '\0';
	if (record_write_atomic(a->rest[0], write_probcut, &job, err, sizeof err) < 0) {
		fprintf(stderr, "othello train: %s\n", err2[0] ? err2 : err);
		rc = 1;
	}
out:
	eval_free(ev);
	train_data_free(&d);
	return rc;
}

/* The options that the training of another board reads; the others it refuses. */
static bool board_option(const char *name)
{
	static const char *const used[] = {"games", "seed", "eval", "ridge", "variant",
					   "plies", "level", "quiet", "help", NULL};

	for (int i = 0; used[i]; i++)
		if (strcmp(name, used[i]) == 0)
			return true;
	return false;
}

/* True when the option o of the table was given in `a` (each kind's "not given" is its
   default: NULL, false, or -1 for the numbers and the board). */
static bool option_given(const struct cli_option *o, const struct train_args *a)
{
	const char *at = (const char *)a + o->offset;

	switch (o->kind) {
	case CLI_OPT_STRING:
		return *(const char *const *)(const void *)at != NULL;
	case CLI_OPT_FLAG:
		return *(const bool *)(const void *)at;
	case CLI_OPT_INT:
		return *(const long *)(const void *)at >= 0;
	case CLI_OPT_CHOICE:
		return *(const int *)(const void *)at >= 0;
	case CLI_OPT_NUMBER:
		return *(const double *)(const void *)at >= 0;
	default:
		return false;
	}
}

/* `othello train generate|fit --variant NAME`: another board's weights (cli-vtrain.c), after
   refusing the options that training would not read. */
static int train_board(struct train_args *a, const char *action)
{
	const struct train_numbers *n = &a->given;

	for (const struct cli_option *o = train_options.options; o->name; o++) {
		if (!board_option(o->name) && option_given(o, a)) {
			fprintf(stderr, "othello train %s: --%s is not read with --variant\n", action,
				o->name);
			return 2;
		}
	}
	a->board.games = a->games >= 0 ? a->games : 200;
	a->board.seed = n->seed >= 0 ? n->seed : 1;
	a->board.ridge = n->ridge >= 0 ? n->ridge : 0.01;
	a->board.eval = a->eval;
	return cli_vtrain((enum variant)a->board.variant, action, &a->board, a->n_rest, a->rest);
}

/* `othello train ...`: see the top of this file. */
int cli_train(int argc, char **argv)
{
	struct train_args a = {.board = {.variant = -1, .plies = -1}};
	const char *sub = argc >= 2 ? argv[1] : NULL;
	int st;

	a.games = -1;
	a.rounds = 2;
	a.gen = (struct train_gen_options){.depth = 4,
					   .solve_empties = 16,
					   .random_moves = 2,
					   .random_window = 12,
					   .seed = 1,
					   .jobs = 1,
					   .tt_mb = 8,
					   .presolve_selectivity = 73};
	a.fit = (struct train_fit_options){
	    .iterations = 40, .ridge = 5, .validation = 10, .window = 1, .seed = 1, .jobs = 1};
	a.match = (struct train_match_options){6, 14, 1, 5, 1};
	a.jobs = 1;
	if (!sub || strcmp(sub, "--help") == 0) {
		cli_options_usage(&train_options, sub ? stdout : stderr);
		return sub ? 0 : 2;
	}
	if (strcmp(sub, "testset") == 0)
		return cli_train_testset(argc - 1, argv + 1);
	if (strcmp(sub, "test") == 0)
		return cli_train_test(argc - 1, argv + 1);
	if (strcmp(sub, "import") == 0)
		return cli_train_import(argc - 1, argv + 1);
	if (strcmp(sub, "measure") == 0)
		return cli_train_measure(argc - 1, argv + 1);
	if (strcmp(sub, "label") == 0)
		return cli_train_label(argc - 1, argv + 1);
	if ((st = train_parse(argc - 1, argv + 1, &a)) >= 0)
		return st;
	if (a.board.variant >= 0)
		return train_board(&a, sub);
	if (a.games < 0)
		a.games = 1000;
	if (strcmp(sub, "generate") == 0)
		return cmd_generate(&a);
	if (strcmp(sub, "fit") == 0) {
		if (a.n_rest < 2) {
			cli_options_usage(&train_options, stderr);
			return 2;
		}
		return run_fit(&a, a.rest + 1, a.n_rest - 1, a.rest[0]);
	}
	if (strcmp(sub, "iterate") == 0)
		return cmd_iterate(&a);
	if (strcmp(sub, "calibrate") == 0)
		return cmd_calibrate(&a);
	if (strcmp(sub, "match") == 0)
		return cmd_match(&a);
	if (strcmp(sub, "probcut") == 0)
		return cmd_probcut(&a, argc, argv);
	fprintf(stderr, "othello train: no subcommand '%s'\n", sub);
	cli_options_usage(&train_options, stderr);
	return 2;
}
