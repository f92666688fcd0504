/*
 * cli-train-import.c — training data from game collections, labelled again
 * by searches, and the error of an evaluation against labelled data:
 *
 *   othello train import OUT.dat COLLECTION... [--min-empties N] [--max-empties N]
 *            [--solve E] [--solve-from N] [--siblings S] [--shard K/N] [--jobs J]
 *            [--hash MB] [--eval SPEC]
 *       the games of the collections (WTHOR .wtb, Logistello .gam or .gam.gz)
 *       merged into one tree of positions and labelled (train-import.c):
 *       exact leaves (WTHOR's theoretical score at 24 empties, the final
 *       position of a finished game), values backed up over the tree for the
 *       positions of N .. N empties, positions of the games with N (--solve-from) to E
 *       empties solved, and with S the positions after the moves not played
 *       from the games' positions of S + 1 empties solved. Records already
 *       in OUT.dat are kept and skipped: an interrupted run resumes.
 *   othello train measure SPEC DATA.dat... [--all] [--sample N] [--empties LO-HI]
 *            [--jobs J]
 *       per number of empties: the positions, the mean absolute error of
 *       SPEC's static evaluation against the labels and its mean signed
 *       error, on the exactly labelled positions (--all: on every one), at
 *       most N of each number of empties (a sample ordered by a hash of the
 *       position). SPEC `exact` solves the positions (J threads) instead:
 *       the error of the labels against exact scores, and the percentage of
 *       labels that are exact.
 *   othello train label OUT.dat DATA.dat [--depth D] [--empties LO-HI] [--two]
 *            [--blend PCT] [--solve E] [--eval SPEC] [--jobs J] [--hash MB]
 *       DATA.dat copied to OUT.dat with the positions of LO .. HI empties
 *       that no solve labelled labelled again by depth-D searches, or
 *       solved when they have at most E or D empties (train-label.c);
 *       resumable like import.
 *
 * Defaults: --min-empties 1 --max-empties 60 --solve 0 --siblings 0 --jobs 1
 * --hash 16 --eval pattern; label --depth 8 --empties 0-60 --blend 100
 * --solve 0 --hash 2.
 */
#include "cli-eval.h"
#include "cli-options.h"
#include "cli.h"
#include "gamedb.h"
#include "jobs.h"
#include "search.h"
#include "timer.h"
#include "train-import.h"
#include "train-label.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct import_args {
	long min_empties;  /* --min-empties N */
	long max_empties;  /* --max-empties N */
	long solve;	   /* --solve E */
	long solve_from;   /* --solve-from N */
	const char *shard; /* --shard K/N */
	long siblings;	   /* --siblings S */
	long jobs;	   /* --jobs J */
	long hash_mb;	   /* --hash MB */
	const char *eval;  /* --eval SPEC */
	bool quiet;	   /* --quiet */
};

static const struct cli_options import_options = {
    .command = "train import",
    .usage = "usage: othello train import OUT.dat COLLECTION... [--min-empties N]\n"
	     "                [--max-empties N] [--solve E] [--solve-from N] [--siblings S]\n"
	     "                [--shard K/N] [--jobs J] [--hash MB] [--eval SPEC]\n"
	     "Labels the positions of game collections (WTHOR .wtb, Logistello .gam or\n"
	     ".gam.gz) and appends them to the training data OUT.dat: exact leaves (the\n"
	     "theoretical score at 24 empties, finished games), values backed up over the\n"
	     "tree of positions the games share, and positions solved exactly. Records\n"
	     "already in OUT.dat are skipped, so an interrupted run resumes.\n",
    .column = 20,
    .options =
	(const struct cli_option[]){
	    CLI_INT("min-empties", 0, offsetof(struct import_args, min_empties), 0, 60, "N",
		    "labelled tree positions from N empties (default 1) ..."),
	    CLI_INT("max-empties", 0, offsetof(struct import_args, max_empties), 0, 60, "N",
		    "... to N empties (default 60)"),
	    CLI_INT("solve", 0, offsetof(struct import_args, solve), 0, 30, "E",
		    "solve the games' positions of at most E empties (default 0: none)"),
	    CLI_INT("solve-from", 0, offsetof(struct import_args, solve_from), 1, 30, "N",
		    "... and at least N (default 1)"),
	    CLI_STRING("shard", 0, offsetof(struct import_args, shard), "K/N",
		       "solve only the records r with r mod N = K (from 0),\n"
		       "to share the solving between machines"),
	    CLI_INT("siblings", 0, offsetof(struct import_args, siblings), 0, 30, "S",
		    "solve the positions after the moves not played from the\n"
		    "games' positions of S + 1 empties (default 0: none)"),
	    CLI_JOBS_OPTION(offsetof(struct import_args, jobs), "solving threads (default 1)"),
	    CLI_HASH_OPTION(offsetof(struct import_args, hash_mb),
			    "transposition table of each thread (default 16)"),
	    CLI_STRING("eval", 'e', offsetof(struct import_args, eval), "SPEC",
		       "evaluation ordering the solver's moves (default pattern)"),
	    CLI_FLAG("quiet", 'q', offsetof(struct import_args, quiet), "no progress lines"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* The progress bar `user` of records done of total, and the positions that were `what`. */
static void positions_progress(uint64_t done, uint64_t total, uint64_t positions, void *user,
			       const char *what)
{
	char extra[64];

	snprintf(extra, sizeof extra, "(%llu positions %s)", (unsigned long long)positions, what);
	cli_bar_draw(user, done, total, extra, done == total);
}

static void import_progress(uint64_t done, uint64_t total, uint64_t positions, void *user)
{
	positions_progress(done, total, positions, user, "solved");
}

/* Opens the data file `path` to append to it, reading the ids of the records
   it holds into `done` (`done_len` entries); a new file gets its header.
   NULL after a message that names `command`. */
static FILE *open_output(const char *command, const char *path, uint8_t *done, size_t done_len)
{
	char err[512];
	long valid = 0;
	FILE *f = fopen(path, "r+b");

	if (f) {
		if (train_data_read(f, path, NULL, done, done_len, &valid, err, sizeof err) < 0 ||
		    ftruncate(fileno(f), valid) != 0 || fseek(f, valid, SEEK_SET) != 0) {
			fprintf(stderr, "othello %s: %s\n", command,
				err[0] ? err : "cannot truncate");
			fclose(f);
			return NULL;
		}
		return f;
	}
	if (!(f = fopen(path, "w+b")) || train_data_write_header(f) < 0) {
		fprintf(stderr, "othello %s: %s: cannot create\n", command, path);
		if (f)
			fclose(f);
		return NULL;
	}
	return f;
}

/* `othello train import`: see the top of this file. */
int cli_train_import(int argc, char **argv)
{
	struct import_args a = {1, 60, 0, 1, NULL, 0, 1, 16, NULL, false};
	int shard = 0, shards = 1;
	struct gamedb_games games = {0};
	struct train_import_report rep;
	struct train_import_options o;
	struct cli_bar bar = {timer_now(), 0, "records", 0};
	size_t done_len = IMPORT_SOLVED_ID + ((size_t)1 << 22);
	uint8_t *done = NULL;
	struct eval *ev = NULL;
	char err[512];
	int first, st, rc = 2;
	FILE *out = NULL;

	err[0] = '\0';
	if ((st = cli_options_parse(&import_options, argc, argv, &a, &first)) >= 0)
		return st;
	if (!cli_options_args(&import_options, argc - first, 2, -1, "OUT.dat and a collection"))
		return 2;
	if (a.shard && (sscanf(a.shard, "%d/%d", &shard, &shards) != 2 || shards < 1 || shard < 0 ||
			shard >= shards || shards > 1000)) {
		fprintf(stderr, "othello train import: --shard: '%s' is not K/N with 0 <= K < N\n",
			a.shard);
		return 2;
	}
	if (a.min_empties > a.max_empties) {
		fprintf(stderr,
			"othello train import: --min-empties %ld is above --max-empties %ld\n",
			a.min_empties, a.max_empties);
		return 2;
	}
	for (int i = first + 1; i < argc; i++) {
		int n = gamedb_load(argv[i], &games, err, sizeof err);

		if (n < 0) {
			fprintf(stderr, "othello train import: %s\n", err);
			goto out;
		}
		fprintf(stderr, "import: %s: %d games\n", argv[i], n);
	}
	if (!(ev = cli_eval_open(a.eval ? a.eval : "pattern", stderr)))
		goto out;
	if (!(done = calloc(done_len, 1))) {
		fprintf(stderr, "othello train import: out of memory\n");
		goto out;
	}
	if (!(out = open_output("train import", argv[first], done, done_len)))
		goto out;
	o = (struct train_import_options){.min_empties = (int)a.min_empties,
					  .max_empties = (int)a.max_empties,
					  .solve_from = (int)a.solve_from,
					  .solve_empties = (int)a.solve,
					  .shard = shard,
					  .shards = shards,
					  .sibling_empties = (int)a.siblings,
					  .jobs = (int)a.jobs,
					  .tt_mb = (size_t)a.hash_mb};
	for (size_t i = IMPORT_SOLVED_ID; i < done_len; i++)
		bar.base += done[i];
	fprintf(stderr,
		"import: %zu games into %s, tree labels at %ld-%ld empties, solve %ld-%ld "
		"empties%s, shard %d/%d, %ld job(s)\n",
		games.n, argv[first], a.min_empties, a.max_empties, a.solve_from, a.solve,
		a.siblings ? " and siblings" : "", shard, shards, a.jobs);
	if (train_import(games.g, games.n, ev, &o, done, done_len, out,
			 a.quiet ? NULL : import_progress, &bar, &rep, err, sizeof err) < 0) {
		fprintf(stderr, "othello train import: %s\n", err);
		rc = 1;
		goto out;
	}
	printf("%zu games, %zu with an exact leaf, %zu distinct positions\n", games.n, rep.leaves,
	       rep.nodes);
	printf("empties      exact  backed-up   to-solve\n");
	for (int e = 0; e <= 60; e++)
		if (rep.labelled[e][0] || rep.labelled[e][1] || rep.to_solve[e])
			printf("%7d  %9zu  %9zu  %9zu\n", e, rep.labelled[e][0], rep.labelled[e][1],
			       rep.to_solve[e]);
	fprintf(stderr, "import: %llu positions solved in %.1f s\n", (unsigned long long)rep.solved,
		timer_now() - bar.t0);
	rc = 0;
out:
	if (out && fclose(out) != 0 && rc == 0) {
		fprintf(stderr, "othello train import: %s: write error\n", argv[first]);
		rc = 1;
	}
	eval_free(ev);
	free(done);
	gamedb_games_free(&games);
	return rc;
}

struct measure_args {
	bool all;	     /* --all: every label, not only the exact ones */
	long sample;	     /* --sample N: at most N positions of each number of empties */
	const char *empties; /* --empties LO-HI: only these */
	long jobs;	     /* --jobs J: threads of the exact solves */
};

static const struct cli_options measure_options = {
    .command = "train measure",
    .usage = "usage: othello train measure SPEC DATA.dat... [--all] [--sample N]\n"
	     "                [--empties LO-HI] [--jobs J]\n"
	     "Per number of empties: the mean absolute and mean signed error of SPEC's\n"
	     "static evaluation (classic, pattern or a weights file) against the\n"
	     "exact labels of the data (--all: against every label). SPEC `exact`\n"
	     "solves each position instead: the error of the labels themselves.\n",
    .column = 20,
    .options =
	(const struct cli_option[]){
	    CLI_FLAG("all", 'a', offsetof(struct measure_args, all),
		     "every label, not only the exact ones"),
	    CLI_INT("sample", 'n', offsetof(struct measure_args, sample), 1, 1000000000, "N",
		    "at most N positions of each number of empties\n"
		    "(spread over the data by a hash of the position)"),
	    CLI_STRING("empties", 'e', offsetof(struct measure_args, empties), "LO-HI",
		       "only positions with LO to HI empties"),
	    CLI_JOBS_OPTION(offsetof(struct measure_args, jobs),
			    "threads solving for SPEC exact (default 1)"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* Reads the data files argv[first..argc-1] into `d`; 0, or -1 after a message
   that names `command`. */
static int data_read(const char *command, int argc, char **argv, int first, struct train_data *d)
{
	char err[512];

	for (int i = first; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");

		if (!f) {
			fprintf(stderr, "othello %s: %s: cannot open\n", command, argv[i]);
			return -1;
		}
		if (train_data_read(f, argv[i], d, NULL, 0, NULL, err, sizeof err) < 0) {
			fprintf(stderr, "othello %s: %s\n", command, err);
			fclose(f);
			return -1;
		}
		fclose(f);
	}
	return 0;
}

/* Reads the --empties option `s` (LO-HI, or N for N-N, within 0 .. 60) into *lo
   and *hi, which keep their values when `s` is NULL; false after a message that
   names `command`. */
static bool empties_parse(const char *command, const char *s, int *lo, int *hi)
{
	int a, b;
	char tail;

	if (!s)
		return true;
	if (sscanf(s, "%d-%d%c", &a, &b, &tail) != 2) {
		if (sscanf(s, "%d%c", &a, &tail) != 1)
			a = -1;
		b = a;
	}
	if (a < 0 || b > 60 || a > b) {
		fprintf(stderr, "othello %s: --empties: '%s' is not LO-HI (0 to 60)\n", command, s);
		return false;
	}
	*lo = a;
	*hi = b;
	return true;
}

/* Prints the table of `train measure` (rows by empties, see train_measure). */
static void measure_print(const struct train_measure_row rows[61], bool exact, bool all)
{
	struct train_measure_row t = {0};

	printf("empties  positions  error0   bias%s  (discs, %s labels)\n",
	       exact ? "  exact-%" : "", all ? "all" : "exact");
	for (int e = 60; e >= 0; e--) {
		const struct train_measure_row *r = &rows[e];

		if (!r->n)
			continue;
		printf("%7d  %9ld  %6.2f  %+5.2f", e, r->n, r->abs_err / (double)r->n,
		       r->bias / (double)r->n);
		if (exact)
			printf("  %7.1f", 100.0 * (double)r->right / (double)r->n);
		printf("\n");
		t.abs_err += r->abs_err;
		t.bias += r->bias;
		t.right += r->right;
		t.n += r->n;
	}
	if (t.n) {
		printf("    all  %9ld  %6.2f  %+5.2f", t.n, t.abs_err / (double)t.n,
		       t.bias / (double)t.n);
		if (exact)
			printf("  %7.1f", 100.0 * (double)t.right / (double)t.n);
		printf("\n");
	}
}

/* `othello train measure`: see the top of this file. */
int cli_train_measure(int argc, char **argv)
{
	struct measure_args a = {false, 0, NULL, 1};
	struct train_data d = {0};
	struct train_measure_row rows[61];
	int lo = 0, hi = 60, first, st, rc = 2;
	struct eval *ev = NULL;
	char err[200];
	bool exact;

	if ((st = cli_options_parse(&measure_options, argc, argv, &a, &first)) >= 0)
		return st;
	if (!cli_options_args(&measure_options, argc - first, 2, -1, "SPEC and a data file"))
		return 2;
	if (!empties_parse("train measure", a.empties, &lo, &hi))
		return 2;
	exact = strcmp(argv[first], "exact") == 0;
	if (exact && hi > 30) {
		fprintf(stderr,
			"othello train measure: exact: solving positions of more than 30 empties "
			"takes hours each; give --empties LO-HI up to 30\n");
		return 2;
	}
	if (!(ev = cli_eval_open(exact ? "pattern" : argv[first], stderr)))
		return 2;
	if (data_read("train measure", argc, argv, first + 1, &d) < 0)
		goto out;
	if (train_measure(
		&d, ev,
		&(struct train_measure_options){a.all, a.sample, lo, hi, exact, (int)a.jobs}, rows,
		err, sizeof err) < 0) {
		fprintf(stderr, "othello train measure: %s\n", err);
		goto out;
	}
	measure_print(rows, exact, a.all);
	rc = 0;
out:
	eval_free(ev);
	train_data_free(&d);
	return rc;
}

struct label_args {
	long depth;	     /* --depth D */
	const char *empties; /* --empties LO-HI */
	bool two;	     /* --two */
	long blend;	     /* --blend PCT */
	long solve;	     /* --solve E */
	long jobs;	     /* --jobs J */
	long hash_mb;	     /* --hash MB */
	const char *eval;    /* --eval SPEC */
	bool quiet;	     /* --quiet */
};

static const struct cli_options label_options = {
    .command = "train label",
    .usage = "usage: othello train label OUT.dat DATA.dat [--depth D] [--empties LO-HI]\n"
	     "                [--two] [--blend PCT] [--solve E] [--eval SPEC] [--jobs J]\n"
	     "                [--hash MB]\n"
	     "Copies the training data DATA.dat to OUT.dat with new labels: each position\n"
	     "of LO to HI empties that no solve labelled gets the score of a depth-D\n"
	     "search (blended with its old label by --blend), or its exact score when it\n"
	     "has at most E or D empties; solved positions keep theirs. Records already\n"
	     "in OUT.dat are skipped, so an interrupted run resumes; the records are the\n"
	     "same for any --jobs.\n",
    .column = 20,
    .options =
	(const struct cli_option[]){
	    CLI_INT("depth", 'd', offsetof(struct label_args, depth), 1, 30, "D",
		    "search depth of a label, plies (default 8)"),
	    CLI_STRING("empties", 0, offsetof(struct label_args, empties), "LO-HI",
		       "label positions of LO to HI empties (default 0-60)"),
	    CLI_FLAG("two", 0, offsetof(struct label_args, two),
		     "the mean of the depth D-1 and D scores (damps the\n"
		     "odd-even swing of a search's score)"),
	    CLI_INT("blend", 0, offsetof(struct label_args, blend), 1, 100, "PCT",
		    "percent of the search score in a label, the rest\n"
		    "the old label (default 100)"),
	    CLI_INT("solve", 0, offsetof(struct label_args, solve), 0, 30, "E",
		    "solve the positions of at most E empties exactly\n"
		    "instead (default 0: none)"),
	    CLI_JOBS_OPTION(offsetof(struct label_args, jobs), "searching threads (default 1)"),
	    CLI_HASH_OPTION(offsetof(struct label_args, hash_mb),
			    "transposition table of each thread, cleared before\n"
			    "each label (default 2)"),
	    CLI_STRING("eval", 'e', offsetof(struct label_args, eval), "SPEC",
		       "the searches' evaluation (default pattern)"),
	    CLI_FLAG("quiet", 'q', offsetof(struct label_args, quiet), "no progress lines"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

static void label_progress(uint64_t done, uint64_t total, uint64_t positions, void *user)
{
	positions_progress(done, total, positions, user, "labelled");
}

/* True when paths `a` and `b` name one existing file. */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* Prints the table of `train label` (by empties: positions, mean change of their labels). */
static void label_print(const struct train_label_report *rep)
{
	size_t n = 0, solved = 0;
	double moved = 0, sign = 0;

	printf("empties  labelled    solved  |new-old|  new-old  (discs, mean)\n");
	for (int e = 60; e >= 0; e--) {
		size_t k = rep->labelled[e];

		if (!k)
			continue;
		printf("%7d  %8zu  %8zu  %9.2f  %+7.2f\n", e, k, rep->solved[e],
		       rep->moved[e] / (double)k, rep->moved_sign[e] / (double)k);
		n += k;
		solved += rep->solved[e];
		moved += rep->moved[e];
		sign += rep->moved_sign[e];
	}
	if (n)
		printf("    all  %8zu  %8zu  %9.2f  %+7.2f\n", n, solved, moved / (double)n,
		       sign / (double)n);
}

/* `othello train label`: see the top of this file. */
int cli_train_label(int argc, char **argv)
{
	struct label_args a = {8, NULL, false, 100, 0, 1, 2, NULL, false};
	struct train_data d = {0};
	struct train_label_report rep;
	struct cli_bar bar = {timer_now(), 0, "records", 0};
	struct eval *ev = NULL;
	uint8_t *done = NULL;
	size_t done_len = 1;
	int lo = 0, hi = 60, first, st, rc = 2;
	FILE *out = NULL;
	char err[512];

	if ((st = cli_options_parse(&label_options, argc, argv, &a, &first)) >= 0)
		return st;
	if (!cli_options_args(&label_options, argc - first, 2, 2, "OUT.dat and DATA.dat"))
		return 2;
	if (!empties_parse("train label", a.empties, &lo, &hi))
		return 2;
	if (same_file(argv[first], argv[first + 1])) {
		fprintf(stderr,
			"othello train label: %s: the output would overwrite the data it labels; "
			"give another OUT.dat\n",
			argv[first]);
		return 2;
	}
	if (data_read("train label", argc, argv, first + 1, &d) < 0)
		goto out;
	for (size_t k = 0; k < d.n; k++)
		if (d.game[k] >= done_len)
			done_len = (size_t)d.game[k] + 1;
	if (!(ev = cli_eval_open(a.eval ? a.eval : "pattern", stderr)))
		goto out;
	if (!(done = calloc(done_len, 1))) {
		fprintf(stderr, "othello train label: out of memory\n");
		goto out;
	}
	if (!(out = open_output("train label", argv[first], done, done_len)))
		goto out;
	for (size_t k = 0; k < d.n; k++) /* the records done before, as train_label counts them */
		bar.base += done[d.game[k]] && (k == 0 || d.game[k] != d.game[k - 1]);
	fprintf(stderr,
		"label: %zu positions of %s into %s, depth %ld%s at %d-%d empties, %ld%% of the "
		"search score, solved to %ld empties, %ld job(s)\n",
		d.n, argv[first + 1], argv[first], a.depth, a.two ? " (mean with depth - 1)" : "",
		lo, hi, a.blend, a.solve, a.jobs);
	if (train_label(&d, ev,
			&(struct train_label_options){(int)a.depth, a.two, (int)a.blend, lo, hi,
						      (int)a.solve, (int)a.jobs, (size_t)a.hash_mb},
			done, done_len, out, a.quiet ? NULL : label_progress, &bar, &rep, err,
			sizeof err) < 0) {
		fprintf(stderr, "othello train label: %s\n", err);
		rc = 1;
		goto out;
	}
	label_print(&rep);
	fprintf(stderr, "label: %zu records written in %.1f s\n", rep.records,
		timer_now() - bar.t0);
	rc = 0;
out:
	if (out && fclose(out) != 0 && rc == 0) {
		fprintf(stderr, "othello train label: %s: write error\n", argv[first]);
		rc = 1;
	}
	eval_free(ev);
	free(done);
	train_data_free(&d);
	return rc;
}
