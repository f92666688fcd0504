/*
 * cli-train-test.c — the exact-scored test set of the evaluation:
 *
 *   othello train testset OUT.obf --openings FILE [--count N] [--empties LO-HI]
 *            [--seed S] [--jobs J] [--hash MB]
 *       positions from games of varied players, every legal move solved
 *       exactly, appended to OUT.obf; positions already in it are skipped, so
 *       an interrupted run resumes and shards of one set can be made apart
 *       (with --count and the same seed) and joined with cat.
 *   othello train test SPEC SET.obf [--depths D,D,...] [--jobs J] [--hash MB]
 *       per number of empties: the mean absolute error of SPEC's static
 *       evaluation, and at each depth (default 1,4,8; midgame search only,
 *       no endgame solve) the mean disc loss of the move chosen and the rate
 *       of best moves found.
 *
 * Defaults: --count 2000 --empties 20-36 --seed 1 --jobs 1 --hash 64.
 */
#include "cli-eval.h"
#include "cli-options.h"
#include "cli.h"
#include "evalspec.h"
#include "square.h"
#include "testset.h"
#include "timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options of `train testset` and `train test` (each table takes those it uses). */
struct test_args {
	const char *openings; /* testset --openings FILE */
	long count;	      /* testset --count N */
	const char *empties;  /* testset --empties LO-HI */
	long seed;	      /* testset --seed S */
	const char *depths;   /* test --depths D,D,... */
	long jobs;	      /* --jobs J */
	long hash_mb;	      /* --hash MB */
};

static const struct cli_options testset_options = {
    .command = "train testset",
    .usage = "usage: othello train testset OUT.obf --openings FILE [--count N] [--empties LO-HI]\n"
	     "                [--seed S] [--jobs J] [--hash MB]\n"
	     "Appends exactly solved positions (every legal move scored) to OUT.obf.\n",
    .column = 17,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("openings", 0, offsetof(struct test_args, openings), "FILE",
		       "opening lines the games start from (openings/balanced.txt)"),
	    CLI_INT("count", 'n', offsetof(struct test_args, count), 1, 10000000, "N",
		    "positions in the set (default 2000)"),
	    CLI_STRING("empties", 'e', offsetof(struct test_args, empties), "LO-HI",
		       "empty squares of the positions, spread evenly (default 20-36)"),
	    CLI_INT("seed", 's', offsetof(struct test_args, seed), 0, 2147483647, "S",
		    "the games (default 1)"),
	    CLI_JOBS_OPTION(offsetof(struct test_args, jobs), "threads (default 1)"),
	    CLI_HASH_OPTION(offsetof(struct test_args, hash_mb),
			    "transposition table of each thread (default 64)"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/*
 * Reads the test-set lines already in `path` (if it exists) and marks their
 * indices in `done` (count entries); returns 0, or -1 after a message if the
 * file holds a line of another seed or an unreadable line.
 */
static int testset_resume(const char *path, uint64_t seed, uint8_t *done, uint32_t count)
{
	char line[OBF_LINE_MAX], want[64];
	FILE *f = fopen(path, "r");
	int lineno = 0;

	if (!f)
		return 0;
	snprintf(want, sizeof want, "%% testset seed=%llu ", (unsigned long long)seed);
	while (fgets(line, sizeof line, f)) {
		long i = testset_index_of(line);

		lineno++;
		if (i < 0 || !strstr(line, want)) {
			fprintf(stderr, "%s:%d: not a line of this test set (seed %llu)\n", path,
				lineno, (unsigned long long)seed);
			fclose(f);
			return -1;
		}
		if ((uint64_t)i < count)
			done[i] = 1;
	}
	fclose(f);
	return 0;
}

static void testset_progress_bar(uint64_t done, uint64_t total, void *user)
{
	cli_bar_draw(user, done, total, NULL, done == total);
}

/* `othello train testset`: see the top of this file. */
int cli_train_testset(int argc, char **argv)
{
	struct test_args a = {
	    .count = 2000, .empties = "20-36", .seed = 1, .jobs = 1, .hash_mb = 64};
	struct testset_options o;
	struct train_opening *ops = NULL;
	struct cli_bar bar = {timer_now(), 0, "positions", 0};
	uint8_t *done = NULL;
	struct eval *ev = NULL;
	char err[200];
	int first, st, n_ops;
	FILE *out = NULL;

	if ((st = cli_options_parse(&testset_options, argc, argv, &a, &first)) >= 0)
		return st;
	if (!cli_options_args(&testset_options, argc - first, 1, 1, "one output file"))
		return 2;
	o = (struct testset_options){(uint32_t)a.count, 0,	     0,
				     (uint64_t)a.seed,	(int)a.jobs, (size_t)a.hash_mb};
	if (!cli_parse_range(a.empties, 1, 59, &o.lo, &o.hi)) {
		fprintf(stderr, "othello train testset: --empties: '%s' is not LO-HI (1 to 59)\n",
			a.empties);
		return 2;
	}
	if ((n_ops = cli_train_openings(a.openings, &ops)) < 0)
		return 2;
	st = 2;
	done = calloc(o.count, 1);
	if (!done || testset_resume(argv[first], o.seed, done, o.count) != 0)
		goto out;
	ev = cli_eval_open("pattern", stderr);
	out = fopen(argv[first], "a");
	if (!ev || !out) {
		fprintf(stderr, "othello train testset: %s\n",
			ev ? "cannot write the output file" : "no evaluation");
		goto out;
	}
	for (uint32_t i = 0; i < o.count; i++)
		bar.base += done[i];
	if (testset_generate(ev, ops, n_ops, &o, done, out, testset_progress_bar, &bar, err,
			     sizeof err) != 0) {
		fprintf(stderr, "othello train testset: %s: %s\n", argv[first], err);
		goto out;
	}
	st = 0;
out:
	if (out && fclose(out) != 0 && st == 0) {
		fprintf(stderr, "othello train testset: %s: write error\n", argv[first]);
		st = 2;
	}
	eval_free(ev);
	free(done);
	free(ops);
	return st;
}

static const struct cli_options test_options = {
    .command = "train test",
    .usage = "usage: othello train test SPEC SET.obf [--depths D,D,...] [--jobs J] [--hash MB]\n"
	     "Measures an evaluation (classic, pattern or a weights file) on a test set\n"
	     "whose lines score every legal move exactly.\n",
    .column = 17,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("depths", 'd', offsetof(struct test_args, depths), "D,D,...",
		       "midgame search depths (default 1,4,8; at most 8 of them)"),
	    CLI_JOBS_OPTION(offsetof(struct test_args, jobs), "threads (default 1)"),
	    CLI_HASH_OPTION(offsetof(struct test_args, hash_mb),
			    "transposition table of each thread (default 16)"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* Parses a comma-separated list of depths (1 to 30) into `o`; false if it is not one. */
static bool parse_depths(const char *s, struct testset_measure_options *o)
{
	char buf[128], *save = NULL;

	if (strlen(s) >= sizeof buf)
		return false;
	strcpy(buf, s);
	o->n_depths = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		long d;

		if (o->n_depths == TESTSET_MAX_DEPTHS || !cli_parse_int(t, 1, 30, &d))
			return false;
		o->depths[o->n_depths++] = (int)d;
	}
	return o->n_depths > 0;
}

/*
 * Reads the test set `path` into `*set` (every line must score every legal
 * move); returns the number of positions, or -1 after a `file:line:` message.
 */
static long read_set(const char *path, struct obf_position **set)
{
	char line[OBF_LINE_MAX], err[200];
	size_t n = 0, cap = 0;
	int lineno = 0, col;
	FILE *f = fopen(path, "r");

	*set = NULL;
	if (!f) {
		perror(path);
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		struct obf_position p;
		int got;

		lineno++;
		got = obf_parse_line(pos_string_variant(line, strcspn(line, ";%")), line, &p, &col,
				     err, sizeof err);
		if (got > 0 && !pos_board8(&p.pos)) {
			got = -1;
			col = 1;
			snprintf(err, sizeof err, "a position of %s: a test set is of 8x8 positions",
				 square_variant_name(p.pos.variant));
		} else if (got > 0 && p.n_moves != sqset_count(pos_moves(&p.pos))) {
			got = -1;
			col = 0;
			snprintf(err, sizeof err, "expected a score for each of the %d legal moves",
				 sqset_count(pos_moves(&p.pos)));
		}
		if (got < 0) {
			cli_file_error(path, lineno, col > 0 ? col : 0, err);
			goto fail;
		}
		if (got == 0)
			continue;
		if (n == cap) {
			struct obf_position *more;

			cap = cap ? cap * 2 : 256;
			more = realloc(*set, cap * sizeof **set);
			if (!more) {
				fprintf(stderr, "%s: out of memory\n", path);
				goto fail;
			}
			*set = more;
		}
		(*set)[n++] = p;
	}
	fclose(f);
	return (long)n;
fail:
	fclose(f);
	free(*set);
	*set = NULL;
	return -1;
}

/* Prints one row of the table of `train test`: the means of `x`, signed errors when `bias`. */
static void print_row(const char *label, const struct testset_measure_options *o,
		      const struct testset_bucket *x, bool bias)
{
	double n = (double)x->n;

	printf("%7s %9ld %7.2f", label, x->n, (bias ? x->bias0 : x->error0) / n);
	for (int d = 0; d < o->n_depths; d++)
		if (bias)
			printf("  %7.2f", x->bias[d] / n);
		else
			printf("  %7.2f %6.1f%%", x->loss[d] / n, 100.0 * (double)x->best[d] / n);
	printf("\n");
}

/*
 * Prints the tables of `train test`: one row per number of empties, then all
 * of them; the second table gives signed errors (evaluation or search score
 * minus the exact score), with rows for even and odd numbers of empties too.
 */
static void print_measure(const char *spec, const struct testset_measure_options *o,
			  const struct testset_bucket b[61])
{
	struct testset_bucket all = {0}, parity[2] = {{0}};

	for (int e = 0; e < 61; e++) {
		testset_bucket_add(&all, &b[e]);
		testset_bucket_add(&parity[e & 1], &b[e]);
	}
	printf("evaluation %s: mean absolute error at depth 0; mean disc loss and best-move "
	       "rate\nof the move a midgame search chooses at each depth\n",
	       spec);
	for (int t = 0; t < 2; t++) {
		if (t == 1)
			printf("signed error (score - exact, discs) of the evaluation (bias0) and "
			       "of the\nmidgame search's score at each depth\n");
		printf("empties positions  %s", t ? " bias0" : "error0");
		for (int d = 0; d < o->n_depths; d++) {
			char loss[16], best[16];

			snprintf(loss, sizeof loss, "%s@%d", t ? "bias" : "loss", o->depths[d]);
			snprintf(best, sizeof best, "best@%d", o->depths[d]);
			printf(t ? "  %7s" : "  %7s %7s", loss, best);
		}
		printf("\n");
		for (int e = 0; e < 61; e++) {
			char label[8];

			snprintf(label, sizeof label, "%d", e);
			if (b[e].n)
				print_row(label, o, &b[e], t);
		}
		if (t == 1 && parity[0].n && parity[1].n) {
			print_row("even", o, &parity[0], true);
			print_row("odd", o, &parity[1], true);
		}
		if (all.n)
			print_row("all", o, &all, t);
	}
}

/* `othello train test`: see the top of this file. */
int cli_train_test(int argc, char **argv)
{
	struct test_args a = {.depths = "1,4,8", .jobs = 1, .hash_mb = 16};
	struct testset_measure_options o = {0};
	struct testset_bucket buckets[61];
	struct cli_bar bar = {timer_now(), 0, "positions", 0};
	struct obf_position *set;
	char err[1200], note[1200], name[EVALSPEC_NAME_LEN];
	struct eval *ev;
	int first, st;
	long n;

	if ((st = cli_options_parse(&test_options, argc, argv, &a, &first)) >= 0)
		return st;
	if (!cli_options_args(&test_options, argc - first, 2, 2, "an evaluation and a test set"))
		return 2;
	if (!parse_depths(a.depths, &o)) {
		fprintf(stderr,
			"othello train test: --depths: '%s' is not a list of depths "
			"(1 to 30, at most 8)\n",
			a.depths);
		return 2;
	}
	o.jobs = (int)a.jobs;
	o.hash_mb = (size_t)a.hash_mb;
	/* A measurement of another evaluation than the one named would mislead:
	   a fallback (the shipped weights missing) is refused, not taken. */
	ev = evalspec_open(argv[first], name, sizeof name, note, sizeof note, err, sizeof err);
	if (!ev || note[0]) {
		fprintf(stderr, "othello train test: %s: %s\n", argv[first], ev ? note : err);
		eval_free(ev);
		return 2;
	}
	if ((n = read_set(argv[first + 1], &set)) < 0) {
		eval_free(ev);
		return 2;
	}
	st = 0;
	if (testset_measure(ev, set, (size_t)n, &o, buckets, testset_progress_bar, &bar, err,
			    sizeof err) != 0) {
		fprintf(stderr, "othello train test: %s: %s\n", argv[first + 1], err);
		st = 2;
	} else {
		print_measure(name, &o, buckets);
	}
	free(set);
	eval_free(ev);
	return st;
}
