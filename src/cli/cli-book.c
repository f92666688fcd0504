/*
 * cli-book.c — `othello book ACTION ...`: the opening book and opening names
 * from the command line.
 *
 *   book show [--book FILE]... [--no-book] POSITION   book moves with scores
 *   book build [-o OUT] [--book FILE]... [OPTIONS]     build or extend a book
 *   book check FILE...                                 validate book files
 *   book merge [-o OUT] FILE...                        combine books into one
 *   book import [-o OUT] [OPTIONS] COLLECTION...       a book from game collections
 *   book score -o OUT [OPTIONS] BOOK                   score an imported book by searches
 *   book name MOVES                                    name an opening
 *   book names                                         list the named openings
 *
 * POSITION is `start`, a transcript from the start (f5d6c3) or a board string.
 * Without --book the shipped book (openings/book.txt) is used; --book FILE
 * (repeatable) combines files, in order; --no-book starts from an empty book.
 */
#include "book-build.h"
#include "book-score.h"
#include "book.h"
#include "cli-eval.h"
#include "cli-options.h"
#include "cli.h"
#include "datadir.h"
#include "gamedb.h"
#include "opening-names.h"
#include "parse.h"
#include "record.h"
#include "timer.h"
#include "train-import.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Merges the book file `path` (NULL: the shipped one) into `bk`; prints the error and returns
   -1 on failure. */
static int load_file(struct book *bk, const char *path)
{
	return cli_book_load("book", NULL, path, true, bk) < 0 ? -1 : 0;
}

/* The help of every action: `othello book --help` and each action's --help. */
#define BOOK_USAGE                                                                                 \
	"usage: othello book show [--book FILE]... [--no-book] POSITION\n"                         \
	"       othello book build [-o OUT] [--book FILE]... [--plies N] [--depth N]\n"            \
	"                          [--tolerance DISCS] [--from POSITION] [--eval SPEC]\n"          \
	"                          [--hash MB] [--quiet]\n"                                        \
	"       othello book check FILE...\n"                                                      \
	"       othello book merge [-o OUT] FILE...\n"                                             \
	"       othello book import [-o OUT] [--plies N] [--min-games K]\n"                        \
	"                          [--min-move-games K] COLLECTION...\n"                           \
	"       othello book score -o OUT [--depth N] [--eval SPEC] [--jobs J] [--hash MB]\n"      \
	"                         [--quiet] BOOK\n"                                                \
	"       othello book name MOVES\n"                                                         \
	"       othello book names\n"                                                              \
	"POSITION is `start`, moves from the start (f5d6c3) or a board string.\n"                  \
	"Scores are in discs for the side to move; /N is the depth searched.\n"                    \
	"book build scores every move of each position up to --plies (8) plies from\n"             \
	"--from (start) with a --depth (10) search, follows the moves within\n"                    \
	"--tolerance (2) discs of the best, and adds to the --book files given; its\n"             \
	"searches use --eval (pattern, as the game; or classic, or a weights file).\n"

/* The options of `othello book show`. */
struct book_show_options {
	struct book *bk; /* the book, --book files merged as they come */
	bool files;	 /* a --book was given */
	bool no_book;	 /* --no-book */
};

/* --book FILE of show: merged at once. */
static bool book_show_book(void *opts, const char *text)
{
	struct book_show_options *so = opts;

	so->files = true;
	return load_file(so->bk, text) == 0;
}

static const struct cli_options book_show_options = {
    .command = "book show",
    .usage = BOOK_USAGE,
    .options =
	(const struct cli_option[]){
	    {.name = "book", .letter = 'b', .kind = CLI_OPT_CALL, .call = book_show_book},
	    CLI_FLAG("no-book", 'n', offsetof(struct book_show_options, no_book), NULL),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* The options of `othello book build`. */
struct book_build_cli_options {
	struct book *bk;  /* the book, --book files merged as they come */
	const char *out;  /* -o, --output OUT, NULL = stdout */
	long plies;	  /* --plies N */
	long depth;	  /* --depth N */
	double tolerance; /* --tolerance DISCS */
	const char *from; /* --from POSITION */
	const char *eval; /* --eval SPEC, NULL = pattern (the game's default) */
	long hash_mb;	  /* --hash MB */
	bool quiet;	  /* --quiet */
};

/* --book FILE of build: merged at once. */
static bool book_build_book(void *opts, const char *text)
{
	return load_file(((struct book_build_cli_options *)opts)->bk, text) == 0;
}

static const struct cli_options book_build_options = {
    .command = "book build",
    .usage = BOOK_USAGE,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("output", 'o', offsetof(struct book_build_cli_options, out), NULL, NULL),
	    {.name = "book", .letter = 'b', .kind = CLI_OPT_CALL, .call = book_build_book},
	    CLI_INT("plies", 'p', offsetof(struct book_build_cli_options, plies), 0, 30, NULL,
		    NULL),
	    CLI_INT("depth", 'd', offsetof(struct book_build_cli_options, depth), 1, 40, NULL,
		    NULL),
	    {.name = "tolerance",
	     .letter = 't',
	     .kind = CLI_OPT_NUMBER,
	     .offset = offsetof(struct book_build_cli_options, tolerance),
	     .max = 64,
	     .what = "0 to 64 discs"},
	    CLI_STRING("from", 'f', offsetof(struct book_build_cli_options, from), NULL, NULL),
	    CLI_STRING("eval", 'e', offsetof(struct book_build_cli_options, eval), NULL, NULL),
	    CLI_INT("hash", 'H', offsetof(struct book_build_cli_options, hash_mb), 1, 4096, NULL,
		    NULL),
	    CLI_FLAG("quiet", 'q', offsetof(struct book_build_cli_options, quiet), NULL),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* The options of `othello book merge`: where -o writes (a const char *). */
static const struct cli_options book_merge_options = {
    .command = "book merge",
    .usage = BOOK_USAGE,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("output", 'o', 0, NULL, NULL),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* The options of `othello book check`: none but its help, with a usage of its
   own (a missing file names this action, not the whole family). */
static const struct cli_options book_check_options = {
    .command = "book check",
    .usage = "usage: othello book check FILE...\n"
	     "Reads each opening book FILE and prints how many positions it holds; the\n"
	     "first malformed line, or a position given twice, is reported as\n"
	     "FILE:LINE:COL and the exit status is 2.\n",
    .options =
	(const struct cli_option[]){
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* `othello book show`: the book moves of POSITION; 0, 1 when it is not in
   the book, 2 on bad usage. */
static int book_show(int argc, char **argv)
{
	struct book_move moves[BOOK_MAX_MOVES];
	struct book_show_options so = {.bk = book_new()};
	struct book *bk = so.bk;
	struct board b;
	enum color side;
	int first, n, rc = 2;

	if (!bk)
		return 2;
	if ((rc = cli_options_parse(&book_show_options, argc, argv, &so, &first)) >= 0)
		goto done;
	rc = 2;
	if (first + 1 != argc) {
		fprintf(stderr, "othello book show: expected one POSITION\n");
		goto done;
	}
	if (cli_parse_position("book", argv[first], &b, &side) < 0)
		goto done;
	if (!so.files && !so.no_book && load_file(bk, NULL) < 0)
		goto done;
	n = book_lookup(bk, &b, moves);
	printf("%s (%s to move): ", argv[first], side == BLACK ? "Black" : "White");
	if (n == 0) {
		printf("not in the book (%zu positions)\n", book_size(bk));
		rc = 1;
		goto done;
	}
	printf("%d book move%s\n", n, n == 1 ? "" : "s");
	for (int i = 0; i < n; i++) {
		char score[8];

		book_format_score(moves[i].score, score);
		printf("  %s %7s", board_square_name(moves[i].move), score);
		if (moves[i].depth)
			printf("  depth %d", moves[i].depth);
		putchar('\n');
	}
	rc = 0;
done:
	book_free(bk);
	return rc;
}

struct build_progress {
	double t0;    /* when the build started */
	bool quiet;   /* no progress lines */
	size_t shown; /* positions at the last progress line */
};

static void build_progress(const struct book_build_stats *st, void *user)
{
	struct build_progress *p = user;
	size_t done = st->searched + st->kept;

	if (p->quiet || done < p->shown + 100)
		return;
	p->shown = done;
	fprintf(stderr, "book build: %zu positions done (%zu searched), %zu reached, %.0f s\n",
		done, st->searched, st->queued, timer_now() - p->t0);
}

/* A book and the line naming its source, for record_write_atomic. */
struct book_out {
	const struct book *bk;
	const char *source; /* NULL: no source line */
};

static int write_book(FILE *f, const void *data)
{
	const struct book_out *o = data;

	return book_write(o->bk, f, o->source);
}

/*
 * Writes `bk` to `path` through a temporary file renamed over it (a failed
 * or interrupted write leaves the old file whole), or to stdout when `path`
 * is NULL. Returns 0, or -1 after a message naming `command`.
 */
static int save_book(const char *command, const char *path, const struct book *bk,
		     const char *source)
{
	struct book_out o = {bk, source};
	char err[4400];

	if (!path) {
		if (book_write(bk, stdout, source) < 0 || fflush(stdout) != 0) {
			fprintf(stderr, "othello %s: stdout: write error\n", command);
			return -1;
		}
		return 0;
	}
	if (record_write_atomic(path, write_book, &o, err, sizeof err) < 0) {
		fprintf(stderr, "othello %s: %s\n", command, err);
		return -1;
	}
	return 0;
}

/* `othello book build`: builds or extends a book; 0, or 2 on bad usage or
   an error. */
static int book_build_cli(int argc, char **argv)
{
	struct book_build_cli_options bo = {.bk = book_new(),
					    .plies = 8,
					    .depth = 10,
					    .tolerance = 2,
					    .from = "start",
					    .hash_mb = 64};
	struct book_build_options opt;
	struct build_progress prog = {0};
	struct book *bk = bo.bk;
	struct eval *ev = NULL;
	struct board b;
	enum color side;
	char err[512], eval_name[EVALSPEC_NAME_LEN], source[EVALSPEC_NAME_LEN + 96];
	int first, rc = 2;

	if (!bk)
		goto done;
	if ((rc = cli_options_parse(&book_build_options, argc, argv, &bo, &first)) >= 0)
		goto done;
	rc = 2;
	if (!(ev = cli_eval_option("book build", "eval", bo.eval, eval_name, sizeof eval_name)))
		goto done;
	opt.plies = (int)bo.plies;
	opt.depth = (int)bo.depth;
	opt.tolerance = (int)(bo.tolerance * 100 + 0.5);
	opt.tt_megabytes = (size_t)bo.hash_mb;
	prog.quiet = bo.quiet;
	if (first != argc) {
		fprintf(stderr, "othello book build: unexpected '%s'\n", argv[first]);
		goto done;
	}
	if (cli_parse_position("book", bo.from, &b, &side) < 0)
		goto done;
	prog.t0 = timer_now();
	if (book_build(bk, ev, &b, side, &opt, build_progress, &prog, err, sizeof err) < 0) {
		fprintf(stderr, "othello book build: %s\n", err);
		goto done;
	}
	if (eval_is_pattern(ev))
		snprintf(source, sizeof source,
			 "%d-ply searches with the %s evaluation (weights checksum %016" PRIx64 ")",
			 opt.depth, eval_name, eval_pattern_checksum(ev));
	else
		snprintf(source, sizeof source, "%d-ply searches with the %s evaluation", opt.depth,
			 eval_name);
	if (save_book("book build", bo.out, bk, source) < 0)
		goto done;
	fprintf(stderr,
		"book build: %zu positions, depth %d, %d plies, tolerance %.2f discs, %.1f s\n",
		book_size(bk), opt.depth, opt.plies, opt.tolerance / 100.0, timer_now() - prog.t0);
	rc = 0;
done:
	eval_free(ev);
	book_free(bk);
	return rc;
}

/* `othello book check FILE...`: 0 when every file loads, else 2. */
static int book_check(int argc, char **argv)
{
	int rc, first;

	if ((rc = cli_options_parse(&book_check_options, argc, argv, NULL, &first)) >= 0)
		return rc;
	rc = 0;
	if (!cli_options_args(&book_check_options, argc - first, 1, -1, "book files"))
		return 2;
	for (int i = first; i < argc; i++) {
		struct book *bk = book_new();

		if (!bk || load_file(bk, argv[i]) < 0)
			rc = 2;
		else
			printf("%s: %zu positions\n", argv[i], book_size(bk));
		book_free(bk);
	}
	return rc;
}

/* The options of `othello book import`. */
struct book_import_cli_options {
	const char *out;     /* -o OUT, NULL: standard output */
	long plies;	     /* --plies N */
	long min_games;	     /* --min-games K */
	long min_move_games; /* --min-move-games K */
};

static const struct cli_options book_import_options = {
    .command = "book import",
    .usage = "usage: othello book import [-o OUT] [--plies N] [--min-games K]\n"
	     "                          [--min-move-games K] COLLECTION...\n"
	     "Makes an opening book from game collections (WTHOR .wtb, Logistello .gam or\n"
	     ".gam.gz): every position of at most N moves that K games reached, with the\n"
	     "moves the games played from it, each scored by the value backed up over the\n"
	     "games' tree from their exact ends (WTHOR's theoretical score at 24\n"
	     "empties, a finished game's final score; depth 0 in the book: not a\n"
	     "search's).\n",
    .column = 22,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("output", 'o', offsetof(struct book_import_cli_options, out), "OUT",
		       "the book file (default: standard output)"),
	    CLI_INT("plies", 'p', offsetof(struct book_import_cli_options, plies), 1, 59, "N",
		    "positions with at most N moves played (default 30)"),
	    CLI_INT("min-games", 0, offsetof(struct book_import_cli_options, min_games), 1,
		    1000000000, "K", "positions that at least K games reached (default 2)"),
	    CLI_INT("min-move-games", 0, offsetof(struct book_import_cli_options, min_move_games),
		    1, 1000000000, "K",
		    "moves whose positions at least K games reached (default 1)"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* `othello book import`: a book from game collections; 0, or 2 on bad usage
   or an error. */
static int book_import(int argc, char **argv)
{
	struct book_import_cli_options bo = {NULL, 30, 2, 1};
	struct gamedb_games games = {0};
	struct train_book_options o;
	struct book *bk = NULL;
	char err[512], source[256];
	size_t positions;
	int first, rc;

	if ((rc = cli_options_parse(&book_import_options, argc, argv, &bo, &first)) >= 0)
		return rc;
	rc = 2;
	if (!cli_options_args(&book_import_options, argc - first, 1, -1, "game collections"))
		return 2;
	for (int i = first; i < argc; i++)
		if (gamedb_load(argv[i], &games, err, sizeof err) < 0) {
			fprintf(stderr, "othello book import: %s\n", err);
			goto done;
		}
	o = (struct train_book_options){(int)bo.plies, (int)bo.min_games, (int)bo.min_move_games};
	if (!(bk = book_new()) ||
	    train_import_book(games.g, games.n, &o, bk, &positions, err, sizeof err) < 0) {
		fprintf(stderr, "othello book import: %s\n", bk ? err : "out of memory");
		goto done;
	}
	snprintf(source, sizeof source,
		 "values backed up from the exact ends of %zu games (positions of at most %d "
		 "moves reached by %d or more games)",
		 games.n, o.max_plies, o.min_games);
	if (save_book("book import", bo.out, bk, source) < 0)
		goto done;
	fprintf(stderr, "book import: %zu games, %zu positions\n", games.n, positions);
	rc = 0;
done:
	book_free(bk);
	gamedb_games_free(&games);
	return rc;
}

/* The options of `othello book score`. */
struct book_score_cli_options {
	const char *out;  /* -o OUT */
	long depth;	  /* --depth N */
	const char *eval; /* --eval SPEC, NULL = pattern (the game's default) */
	long jobs;	  /* --jobs N */
	long hash_mb;	  /* --hash MB */
	bool quiet;	  /* --quiet */
};

static const struct cli_options book_score_options = {
    .command = "book score",
    .usage = "usage: othello book score -o OUT [--depth N] [--eval SPEC] [--jobs J]\n"
	     "                         [--hash MB] [--quiet] BOOK\n"
	     "Scores every position of BOOK (a book made by book import) with the engine:\n"
	     "each book move that leaves the book by an N-ply search from the position\n"
	     "before it, the position's own best move by an N-ply search (added when the\n"
	     "games did not play it), then every score backed up over the book (negamax).\n"
	     "The imported scores are dropped. OUT is saved every 1,000 positions; run\n"
	     "the command again to go on from what it holds.\n",
    .column = 16,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("output", 'o', offsetof(struct book_score_cli_options, out), "OUT",
		       "the scored book (required; read first when it exists)"),
	    CLI_INT("depth", 'd', offsetof(struct book_score_cli_options, depth), 2, 40, "N",
		    "plies searched (default 10)"),
	    CLI_STRING("eval", 'e', offsetof(struct book_score_cli_options, eval), "SPEC",
		       "pattern (default), classic or a weights file"),
	    CLI_JOBS_OPTION(offsetof(struct book_score_cli_options, jobs),
			    "positions scored at once (default 1)"),
	    CLI_HASH_OPTION(offsetof(struct book_score_cli_options, hash_mb),
			    "search table of each job (default 16)"),
	    CLI_FLAG("quiet", 'q', offsetof(struct book_score_cli_options, quiet),
		     "no progress lines"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* What the scoring's callbacks need. */
struct score_cli {
	const char *out;    /* the file saved */
	int depth;	    /* plies searched */
	struct cli_bar bar; /* progress */
	bool quiet;
};

static void score_progress(const struct book_score_stats *st, void *user)
{
	struct score_cli *sc = user;
	char extra[64];

	if (sc->quiet)
		return;
	snprintf(extra, sizeof extra, "(%zu searches)", st->searches);
	cli_bar_draw(&sc->bar, st->before + st->scored, st->total, extra,
		     st->before + st->scored == st->total);
}

static int score_checkpoint(const struct book *out, void *user)
{
	struct score_cli *sc = user;

	char source[80];

	snprintf(source, sizeof source, "%d-ply searches, in progress (book score)", sc->depth);
	return save_book("book score", sc->out, out, source);
}

/* The N of the line "# Scored by N-ply searches" among the comment lines that
   start book file `f`, or 0 when there is none. */
static int scored_depth(FILE *f)
{
	char line[512];
	int depth;

	while (fgets(line, sizeof line, f) && line[0] == '#')
		if (sscanf(line, "# Scored by %d-ply searches", &depth) == 1 && depth > 0)
			return depth;
	return 0;
}

/* `othello book score`: scores an imported book with the engine; 0, or 2 on
   bad usage or an error. */
static int book_score_cli(int argc, char **argv)
{
	struct book_score_cli_options bo = {.depth = 10, .jobs = 1, .hash_mb = 16};
	struct book_score_options opt;
	struct score_cli sc = {0};
	struct book *in = book_new(), *out = book_new();
	struct eval *ev = NULL;
	char err[512], eval_name[EVALSPEC_NAME_LEN], source[EVALSPEC_NAME_LEN + 160];
	int first, rc = 2;
	FILE *f;

	if (!in || !out)
		goto done;
	if ((rc = cli_options_parse(&book_score_options, argc, argv, &bo, &first)) >= 0)
		goto done;
	rc = 2;
	if (!cli_options_args(&book_score_options, argc - first, 1, 1, "a BOOK"))
		goto done;
	if (!bo.out) {
		fprintf(stderr, "othello book score: -o OUT is required (the file a stopped run "
				"goes on from)\n");
		goto done;
	}
	if (!(ev = cli_eval_option("book score", "eval", bo.eval, eval_name, sizeof eval_name)))
		goto done;
	if (load_file(in, argv[first]) < 0)
		goto done;
	if ((f = fopen(bo.out, "r")) != NULL) {
		int depth = scored_depth(f);

		fclose(f);
		if (depth != bo.depth) {
			if (depth > 0)
				fprintf(stderr,
					"othello book score: %s: scored by %d-ply searches; give "
					"--depth %d to go on with it, or another -o\n",
					bo.out, depth, depth);
			else
				fprintf(
				    stderr,
				    "othello book score: %s: not a book that book score wrote (no "
				    "'# Scored by N-ply searches' line); give another -o\n",
				    bo.out);
			goto done;
		}
		if (load_file(out, bo.out) < 0)
			goto done;
	}
	opt = (struct book_score_options){(int)bo.depth, (int)bo.jobs, (size_t)bo.hash_mb, 1000};
	sc.out = bo.out;
	sc.depth = opt.depth;
	sc.quiet = bo.quiet;
	sc.bar = (struct cli_bar){.t0 = timer_now(), .unit = "positions"};
	err[0] = '\0';
	if (book_score(in, out, ev, &opt, score_progress, score_checkpoint, &sc, err, sizeof err) <
	    0) {
		fprintf(stderr, "othello book score: %s\n", err);
		goto done;
	}
	if (eval_is_pattern(ev))
		snprintf(source, sizeof source,
			 "%d-ply searches with the %s evaluation (weights checksum %016" PRIx64
			 "), backed up over the positions of games (book score)",
			 opt.depth, eval_name, eval_pattern_checksum(ev));
	else
		snprintf(source, sizeof source,
			 "%d-ply searches with the %s evaluation, backed up over the positions of "
			 "games (book score)",
			 opt.depth, eval_name);
	if (save_book("book score", bo.out, out, source) < 0)
		goto done;
	fprintf(stderr, "book score: %zu positions, depth %d, %.1f s\n", book_size(out), opt.depth,
		timer_now() - sc.bar.t0);
	rc = 0;
done:
	eval_free(ev);
	book_free(in);
	book_free(out);
	return rc;
}

/* `othello book merge`: the books of the files as one; 0, or 2 on bad usage
   or an error. */
static int book_merge_files(int argc, char **argv)
{
	const char *out = NULL;
	struct book *bk;
	int first, rc;

	if ((rc = cli_options_parse(&book_merge_options, argc, argv, &out, &first)) >= 0)
		return rc;
	rc = 2;
	if (first >= argc) {
		fprintf(stderr, "othello book merge: expected book files\n");
		return 2;
	}
	if (!(bk = book_new()))
		return 2;
	for (int i = first; i < argc; i++)
		if (load_file(bk, argv[i]) < 0)
			goto done;
	if (save_book("book merge", out, bk, NULL) < 0)
		goto done;
	rc = 0;
done:
	book_free(bk);
	return rc;
}

/* Opens and loads the shipped table of opening names; NULL after a message. */
static struct openings *load_names(void)
{
	char path[4096], err[4400];
	FILE *f = datadir_open("openings/names.txt", path, sizeof path, err, sizeof err);
	struct openings *o;

	if (!f) {
		fprintf(stderr, "othello book: %s\n", err);
		return NULL;
	}
	o = openings_load(f, path, err, sizeof err);
	fclose(f);
	if (!o)
		fprintf(stderr, "othello book: %s\n", err);
	return o;
}

/* True when the only word after an action is --help or -h. */
static bool asks_help(int argc, char **argv)
{
	return argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0);
}

static int book_name(int argc, char **argv)
{
	struct openings *o;
	int moves[60], n, plies, k;
	struct board b;
	enum color side = BLACK;
	const char *name;
	char err[200];

	if (asks_help(argc, argv)) {
		printf(
		    "usage: othello book name MOVES\n"
		    "Names the opening the MOVES from the start (f5d6c3...) follow: the longest\n"
		    "named line of openings/names.txt they play, and the ply it is named at.\n"
		    "Exit status: 0 named, 1 no named opening, 2 bad moves.\n");
		return 0;
	}
	if (argc != 2) {
		fprintf(stderr, "othello book name: expected the MOVES of a game (f5d6c3...)\n");
		return 2;
	}
	board_start(&b);
	k = openings_parse_moves(argv[1], &b, &side, moves, 60, &n, err, sizeof err);
	if (k < 0 || argv[1][k] != '\0') {
		if (k >= 0)
			snprintf(err, sizeof err, "column %d: '%s' is not a move", k + 1,
				 PARSE_SHOW(argv[1][k]));
		fprintf(stderr, "othello book name: %s\n", err);
		return 2;
	}
	if (!(o = load_names()))
		return 2;
	name = openings_match(o, moves, n, &plies);
	if (name)
		printf("%s (named at ply %d)\n", name, plies);
	else
		printf("no named opening\n");
	openings_free(o);
	return name ? 0 : 1;
}

static int book_names(void)
{
	struct openings *o = load_names();

	if (!o)
		return 2;
	for (int i = 0; i < openings_count(o); i++) {
		const int *moves;
		int n;
		const char *name = openings_name(o, i, &moves, &n);

		for (int j = 0; j < n; j++)
			fputs(board_square_name(moves[j]), stdout);
		printf("  %s\n", name);
	}
	openings_free(o);
	return 0;
}

/* `othello book ACTION`: runs the action (see the file comment); its exit
   status, or 2 for an unknown action. */
int cli_book(int argc, char **argv)
{
	static const struct cli_action actions[] = {
	    {"show", book_show},     {"build", book_build_cli},
	    {"check", book_check},   {"merge", book_merge_files},
	    {"import", book_import}, {"score", book_score_cli},
	    {"name", book_name},     {NULL, NULL}};

	if (argc >= 2 && strcmp(argv[1], "names") == 0 && asks_help(argc - 1, argv + 1)) {
		printf("usage: othello book names\n"
		       "Lists the named openings: the moves, then the name.\n");
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "names") == 0)
		return book_names();
	return cli_actions_run("book", actions, NULL, &book_show_options, argc, argv);
}
