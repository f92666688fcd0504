/*
 * cli.h — the subcommands of the program (`othello perft`, `othello solve` ...).
 *
 * Each takes the arguments after its name (argv[0] is the subcommand) and
 * returns the process exit status: 0 success, 1 a result that is not the
 * expected one (a failed check), 2 bad usage or input.
 */
#ifndef OTHELLO_CLI_H
#define OTHELLO_CLI_H

#include "board.h"
#include "square.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cli_command {
	const char *name;		   /* as typed after `othello` */
	int (*run)(int argc, char **argv); /* entry point */
	const char *summary;		   /* one line for --help */
};

extern const struct cli_command cli_commands[];

int cli_perft(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_script(int argc, char **argv);
int cli_analyze(int argc, char **argv);
int cli_drill(int argc, char **argv);
int cli_convert(int argc, char **argv);
int cli_db(int argc, char **argv);
int cli_book(int argc, char **argv);
int cli_ladder(int argc, char **argv);
int cli_solve(int argc, char **argv);
int cli_analyze_position(int argc, char **argv);
int cli_match(int argc, char **argv);
int cli_tournament(int argc, char **argv);
int cli_report(int argc, char **argv);
int cli_gtp(int argc, char **argv);
int cli_nboard(int argc, char **argv);
int cli_serve(int argc, char **argv);
int cli_join(int argc, char **argv);
int cli_balanced_openings(int argc, char **argv);
int cli_train(int argc, char **argv);
int cli_train_testset(int argc, char **argv);
int cli_train_test(int argc, char **argv);
int cli_train_import(int argc, char **argv);
int cli_train_measure(int argc, char **argv);
int cli_train_label(int argc, char **argv);

struct train_opening;
int cli_train_openings(const char *path, struct train_opening **ops);

/* A progress bar on stderr (long batch commands). */
struct cli_bar {
	double t0;	  /* start */
	double last;	  /* last drawn */
	const char *unit; /* what is counted */
	uint64_t base;	  /* count already done at the start (not part of the rate) */
};

void cli_bar_draw(struct cli_bar *b, uint64_t done, uint64_t total, const char *extra, bool end);

void cli_output_start(void);
bool cli_output_ok(void);
void cli_output_watch(void);
int cli_output_finish(int status);

int cli_parse_position(const char *command, const char *s, struct board *b, enum color *side);
void cli_file_error(const char *path, int line, int col, const char *msg);

/* Parses a whole decimal integer in [lo, hi]; false if `s` is anything else. */
bool cli_parse_int(const char *s, long lo, long hi, long *out);
/* Parses "LO-HI" or one number N (LO = HI = N), min <= LO <= HI <= max; false if `s` is anything
   else. */
bool cli_parse_range(const char *s, int min, int max, int *lo, int *hi);
/* Parses a non-negative decimal number of seconds; false if `s` is anything else. */
bool cli_parse_seconds(const char *s, double *out);
int cli_selectivity(const char *command, const char *option, const char *text);

const char *cli_move_name(enum variant v, int sq, char buf[SQUARE_NAME_LEN]);

struct book;
int cli_book_load(const char *command, const char *option, const char *path, bool needed,
		  struct book *bk);

/* Search threads for --threads N (0 = one per online core); see cli-util.c. */
int cli_threads(long n);

/* What the commands that search with our engine read alike: --eval SPEC, --selectivity P and
   --threads N (cli_selectivity, cli_threads), in a struct cli_engine_options at OFFSET of their
   options struct; listed by their usage text, not one by one. */
struct cli_engine_options {
	const char *eval_spec;	 /* --eval SPEC, NULL = the default */
	const char *selectivity; /* --selectivity P, NULL = exact */
	long threads;		 /* --threads N, 0 = one per online core */
};
#define CLI_ENGINE_OPTIONS(OFFSET)                                                                 \
	CLI_STRING("eval", 0, (OFFSET) + offsetof(struct cli_engine_options, eval_spec), NULL,     \
		   NULL),                                                                          \
	    CLI_STRING("selectivity", 0,                                                           \
		       (OFFSET) + offsetof(struct cli_engine_options, selectivity), NULL, NULL),   \
	    CLI_INT("threads", 0, (OFFSET) + offsetof(struct cli_engine_options, threads), 0, 64,  \
		    NULL, NULL)

/* The --threads option of a command that searches, in its options struct at OFFSET (a long;
   0, the default, means one thread per online core). */
#define CLI_THREADS_OPTION(OFFSET)                                                                 \
	CLI_INT("threads", 0, OFFSET, 0, 64, "N", "search threads (default 0: one per online core)")

/* The --jobs J option of a batch command (the threads of its job pool) and the --hash MB option
   (megabytes of transposition table), each a long at OFFSET. */
#define CLI_JOBS_OPTION(OFFSET, HELP) CLI_INT("jobs", 'j', OFFSET, 1, 64, "J", HELP)
#define CLI_HASH_OPTION(OFFSET, HELP) CLI_INT("hash", 'H', OFFSET, 1, 65536, "MB", HELP)

/* The --variant NAME (-V NAME) option of every command that takes a board: an int at OFFSET,
   set to the board's enum variant (left as it was when the option is not given). */
#define CLI_VARIANT_OPTION(OFFSET, HELP)                                                           \
	{                                                                                          \
		.name = "variant", .letter = 'V', .kind = CLI_OPT_CHOICE, .offset = OFFSET,        \
		.choices = square_variants, .what = "a board (" SQUARE_VARIANT_LIST ")",           \
		.arg = "NAME", .help = HELP                                                        \
	}
#define CLI_VARIANT_HELP "the board: " SQUARE_VARIANT_LIST " (default 8x8)"

/* The repeatable --book FILE option of a command whose engines read opening books, into the
   struct cli_list at OFFSET (at most CTL_MAX_BOOKS, controller.h, books). */
#define CLI_BOOKS_OPTION(OFFSET, HELP)                                                             \
	{                                                                                          \
		.name = "book", .kind = CLI_OPT_LIST, .offset = OFFSET, .hi = CTL_MAX_BOOKS,       \
		.what = "books", .arg = "FILE", .help = HELP                                       \
	}

#endif
