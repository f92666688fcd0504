/*
 * cli-train.c — `othello train generate|fit|iterate|match`: making the
 * pattern weights (see train.h) and measuring them.
 *
 *   generate OUT.dat --openings FILE [--games N] [--depth D] [--solve E]
 *            [--random R] [--window W] [--seed S] [--eval SPEC] [--jobs J]
 *            [--search-label PCT]
 *       self-play games appended to OUT.dat; games already in it are skipped
 *       (resumable; a record cut short by an interrupted run is dropped).
 *       Positions before the exact solve are labelled with the game's result,
 *       or PCT % of their depth-D search score plus (100 - PCT) % of it.
 *   fit OUT.bin DATA.dat... [--iterations N] [--ridge X] [--validation P]
 *            [--fit-window K] [--seed S]
 *       least-squares weights per phase; prints the mean absolute error per
 *       phase on the training and held-out positions.
 *   iterate DIR --openings FILE [--rounds R] [--games N] [generate/fit options]
 *       round r: games with the weights of round r-1 (round 1: classic) into
 *       DIR/data-r.dat, then a fit on all rounds' data into DIR/weights-r.bin.
 *   match --openings FILE [--a SPEC] [--b SPEC] [--depth D] [--endgame E]
 *            [--rounds R] [--noise PCT] [--jobs J]
 *       every opening 2 x R times, colours swapped, rounds after the first
 *       with evaluation noise PCT (default 5) for both sides; prints A's score.
 *
 * Defaults: --games 1000 --depth 4 --solve 16 --random 2 --window 12 --seed 1
 * --eval classic --jobs 1 --search-label 0; --iterations 40 --ridge 5 --validation 10
 * --fit-window 1; --rounds 2 (iterate) or 1 (match); match --a pattern
 * --b classic --depth 6 --endgame 14.
 * SPEC is `classic`, `pattern` (the shipped weights) or a weights file.
 * Progress bars (games or iterations, rate, time left) go to stderr.
 */
#include "cli-eval.h"
#include "cli.h"
#include "timer.h"
#include "train.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct train_args {
	const char *openings;		  /* openings file */
	const char *eval;		  /* evaluation SPEC (generate) */
	const char *eval_b;		  /* second evaluation (match) */
	struct train_gen_options gen;	  /* generation options */
	struct train_fit_options fit;	  /* fit options */
	long games;			  /* games to generate (or per round) */
	long rounds;			  /* iterate: rounds */
	struct train_match_options match; /* match options */
	int jobs;			  /* threads */
	char **rest;			  /* positional arguments */
	int n_rest;			  /* their number */
};

static void train_usage(FILE *f)
{
	fprintf(
	    f,
	    "usage: othello train generate OUT.dat --openings FILE [--games N] [--depth D]\n"
	    "                [--solve E] [--random R] [--window W] [--seed S] [--eval SPEC] "
	    "[--jobs J]\n"
	    "                [--search-label PCT]\n"
	    "       othello train fit OUT.bin DATA.dat... [--iterations N] [--ridge X]\n"
	    "                [--validation PCT] [--fit-window K] [--seed S]\n"
	    "       othello train iterate DIR --openings FILE [--rounds R] [--games N] [options]\n"
	    "       othello train match --openings FILE [--a SPEC] [--b SPEC] [--depth D]\n"
	    "                [--endgame E] [--rounds R] [--noise PCT] [--jobs J]\n"
	    "SPEC: classic, pattern (the shipped weights) or a weights file.\n"
	    "Defaults: --games 1000 --depth 4 --solve 16 --random 2 --window 12 --seed 1\n"
	    "--jobs 1 --search-label 0; fit --iterations 40 --ridge 5 --validation 10\n"
	    "--fit-window 1; "
	    "match --depth 6 --endgame 14 --rounds 1 --noise 5.\n");
}

struct bar {
	double t0;	  /* start */
	double last;	  /* last drawn */
	const char *unit; /* what is counted */
	uint64_t base;	  /* count already done at the start (not part of the rate) */
};

/* Draws a progress bar with rate and time left on stderr (at most a few times a second). */
static void bar_draw(struct bar *b, uint64_t done, uint64_t total, const char *extra, bool end)
{
	double now = timer_now(), el = now - b->t0, rate, left;
	int width = 30, fill = total ? (int)((double)width * (double)done / (double)total) : 0;
	char bar[64];

	if (!end && now - b->last < (isatty(2) ? 0.25 : 30))
		return;
	b->last = now;
	rate = el > 0 ? (double)(done - b->base) / el : 0;
	left = rate > 0 ? (double)(total - done) / rate : 0;
	for (int i = 0; i < width; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[width] = '\0';
	fprintf(stderr, "%s[%s] %llu/%llu %s %.2f/s %s left %dm%02ds %s", isatty(2) ? "\r" : "",
		bar, (unsigned long long)done, (unsigned long long)total, b->unit, rate, "time",
		(int)left / 60, (int)left % 60, extra ? extra : "");
	if (end || !isatty(2))
		fputc('\n', stderr);
}

static void gen_progress(uint64_t done, uint64_t total, uint64_t positions, void *user)
{
	char extra[64];

	snprintf(extra, sizeof extra, "(%llu positions)", (unsigned long long)positions);
	bar_draw(user, done, total, extra, done == total);
}

static int parse_args(int argc, char **argv, struct train_args *a)
{
	static const struct option opts[] = {
	    {"openings", required_argument, NULL, 'o'},
	    {"games", required_argument, NULL, 'g'},
	    {"depth", required_argument, NULL, 'd'},
	    {"solve", required_argument, NULL, 's'},
	    {"random", required_argument, NULL, 'r'},
	    {"window", required_argument, NULL, 'w'},
	    {"seed", required_argument, NULL, 'S'},
	    {"eval", required_argument, NULL, 'e'},
	    {"a", required_argument, NULL, 'e'},
	    {"b", required_argument, NULL, 'b'},
	    {"jobs", required_argument, NULL, 'j'},
	    {"iterations", required_argument, NULL, 'i'},
	    {"ridge", required_argument, NULL, 'R'},
	    {"validation", required_argument, NULL, 'v'},
	    {"rounds", required_argument, NULL, 'n'},
	    {"endgame", required_argument, NULL, 'E'},
	    {"noise", required_argument, NULL, 'N'},
	    {"fit-window", required_argument, NULL, 'W'},
	    {"search-label", required_argument, NULL, 'L'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int c;
	long v;
	double x;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "j:", opts, NULL)) != -1) {
		if (c == '?') {
			cli_option_refused("train", opts, argv, optind - 1, c);
			goto bad;
		}
		switch (c) {
		case 'o':
			a->openings = optarg;
			break;
		case 'e':
			a->eval = optarg;
			break;
		case 'b':
			a->eval_b = optarg;
			break;
		case 'h':
			train_usage(stdout);
			exit(0);
		case 'R':
			if (!cli_parse_seconds(optarg, &x))
				goto bad;
			a->fit.ridge = x;
			break;
		default:
			if (c == '?' || !cli_parse_int(optarg, 0, 1000000000, &v))
				goto bad;
			switch (c) {
			case 'g':
				a->games = v;
				break;
			case 'd':
				a->gen.depth = (int)v;
				a->match.depth = (int)v;
				break;
			case 's':
				a->gen.solve_empties = (int)v;
				break;
			case 'r':
				a->gen.random_moves = (int)v;
				break;
			case 'w':
				a->gen.random_window = (int)(v > 64 ? 64 : v);
				break;
			case 'S':
				a->gen.seed = (uint64_t)v;
				a->fit.seed = (uint64_t)v;
				break;
			case 'j':
				a->jobs = (int)v;
				break;
			case 'i':
				a->fit.iterations = (int)v;
				break;
			case 'v':
				a->fit.validation = (int)(v > 90 ? 90 : v);
				break;
			case 'n':
				a->rounds = v;
				a->match.rounds = (int)v;
				break;
			case 'E':
				a->match.endgame = (int)v;
				break;
			case 'N':
				a->match.noise = (int)v;
				break;
			case 'W':
				a->fit.window = (int)v;
				break;
			case 'L':
				if (v > 100)
					goto bad;
				a->gen.search_label = (int)v;
				break;
			default:
				goto bad;
			}
		}
	}
	a->rest = argv + optind;
	a->n_rest = argc - optind;
	a->gen.jobs = a->jobs;
	return 0;
bad:
	if (c != '?')
		fprintf(stderr, "othello train: bad value '%s'\n", optarg);
	train_usage(stderr);
	return -1;
}

static int load_openings(const struct train_args *a, struct train_opening **ops)
{
	char err[512];
	FILE *f;
	int n;

	if (!a->openings) {
		fprintf(stderr, "othello train: --openings FILE is needed\n");
		return -1;
	}
	f = fopen(a->openings, "r");
	if (!f) {
		fprintf(stderr, "othello train: %s: cannot open\n", a->openings);
		return -1;
	}
	n = train_openings_read(f, a->openings, ops, err, sizeof err);
	fclose(f);
	if (n < 0)
		fprintf(stderr, "othello train: %s\n", err);
	return n;
}

/* Generates a->games games into `path` with `ev` (resuming what the file holds). */
static int run_generate(const struct train_args *a, const struct eval *ev, const char *path)
{
	struct train_opening *ops = NULL;
	int n_ops = load_openings(a, &ops), rc = 0;
	uint8_t *done = calloc((size_t)a->games + 1, 1);
	char err[512], label[64] = "";
	long valid = 0, had = 0;
	FILE *f = NULL;
	struct bar bar = {timer_now(), 0, "games", 0};

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
	if (a->gen.search_label > 0)
		snprintf(label, sizeof label, ", labels %d %% search score", a->gen.search_label);
	fprintf(stderr,
		"generate: %s, games 0..%ld (%llu already there), depth %d, solve from %d empties, "
		"%d random moves in %d plies, %d job(s), %s evaluation%s\n",
		path, a->games - 1, (unsigned long long)bar.base, a->gen.depth,
		a->gen.solve_empties, a->gen.random_moves, a->gen.random_window,
		a->gen.jobs < 1 ? 1 : a->gen.jobs, eval_is_pattern(ev) ? "pattern" : "classic",
		label);
	if (train_generate(ev, ops, n_ops, (uint32_t)a->games, done, &a->gen, f, gen_progress, &bar,
			   err, sizeof err) < 0) {
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
	struct bar *b = user;
	char extra[64];
	uint64_t done = (uint64_t)phase * (uint64_t)iterations + (uint64_t)it;

	snprintf(extra, sizeof extra, "(phase %d, rmse %.2f discs)", phase, rmse);
	bar_draw(b, done, (uint64_t)PATTERN_PHASES * (uint64_t)iterations, extra,
		 done == (uint64_t)PATTERN_PHASES * (uint64_t)iterations);
}

/* Fits weights on the data files `files` and writes them to `out`. */
static int run_fit(const struct train_args *a, char **files, int n_files, const char *out)
{
	struct train_data d = {0};
	struct train_fit_report rep;
	struct pattern_weights *w = pattern_new();
	struct bar bar = {timer_now(), 0, "iterations", 0};
	char err[512];
	int rc = 0;
	FILE *f;

	if (!w)
		return 1;
	for (int i = 0; i < n_files; i++) {
		f = fopen(files[i], "rb");
		if (!f || train_data_read(f, files[i], &d, NULL, 0, NULL, err, sizeof err) < 0) {
			fprintf(stderr, "othello train: %s\n", f ? err : "cannot open data file");
			if (f)
				fclose(f);
			rc = 2;
			goto out;
		}
		fclose(f);
	}
	fprintf(stderr,
		"fit: %zu positions from %zu games, %d iterations per phase, ridge %g, "
		"window %d, %d%% held out\n",
		d.n, d.games, a->fit.iterations, a->fit.ridge, a->fit.window, a->fit.validation);
	if (train_fit(&d, &a->fit, w, &rep, fit_progress, &bar, err, sizeof err) < 0) {
		fprintf(stderr, "othello train: %s\n", err);
		rc = 1;
		goto out;
	}
	printf("phase  empties  train-pos  valid-pos  train-MAE  valid-MAE (discs)\n");
	for (int p = 0; p < PATTERN_PHASES; p++)
		printf("%5d  %2d-%-2d    %9zu  %9zu  %9.2f  %9.2f\n", p,
		       p == PATTERN_PHASES - 1 ? 0 : 57 - 4 * p, 60 - 4 * p, rep.train[p],
		       rep.valid[p], rep.train_mae[p], rep.valid_mae[p]);
	f = fopen(out, "wb");
	if (!f || pattern_write(w, f, err, sizeof err) < 0) {
		fprintf(stderr, "othello train: %s: %s\n", out, f ? err : "cannot create");
		rc = 1;
	}
	if (f && fclose(f) != 0)
		rc = 1;
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
		train_usage(stderr);
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
		train_usage(stderr);
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
	bar_draw(user, done, total, extra, done == total);
}

static int cmd_match(struct train_args *a)
{
	struct train_opening *ops = NULL;
	int n_ops = load_openings(a, &ops), rc = 0;
	struct eval *ea = NULL, *eb = NULL;
	struct train_match_result res;
	struct bar bar = {timer_now(), 0, "games", 0};
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
	if (train_match(ea, eb, ops, n_ops, &a->match, match_progress, &bar, &res, err,
			sizeof err) < 0) {
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

/* `othello train ...`: see the top of this file. */
int cli_train(int argc, char **argv)
{
	struct train_args a = {0};
	const char *sub = argc >= 2 ? argv[1] : NULL;

	a.games = 1000;
	a.rounds = 2;
	a.gen = (struct train_gen_options){4, 16, 2, 12, 1, 1, 8, 0};
	a.fit = (struct train_fit_options){40, 5, 10, 1, 1};
	a.match = (struct train_match_options){6, 14, 1, 5, 1};
	a.jobs = 1;
	if (!sub || strcmp(sub, "--help") == 0) {
		train_usage(sub ? stdout : stderr);
		return sub ? 0 : 2;
	}
	if (parse_args(argc - 1, argv + 1, &a) < 0)
		return 2;
	if (strcmp(sub, "generate") == 0)
		return cmd_generate(&a);
	if (strcmp(sub, "fit") == 0) {
		if (a.n_rest < 2) {
			train_usage(stderr);
			return 2;
		}
		return run_fit(&a, a.rest + 1, a.n_rest - 1, a.rest[0]);
	}
	if (strcmp(sub, "iterate") == 0)
		return cmd_iterate(&a);
	if (strcmp(sub, "match") == 0)
		return cmd_match(&a);
	fprintf(stderr, "othello train: no subcommand '%s'\n", sub);
	train_usage(stderr);
	return 2;
}
