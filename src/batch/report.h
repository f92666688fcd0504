/*
 * report.h — match reports: one line per finished game, appended to a text
 * file as each game ends, so that an interrupted run keeps what it played.
 * The format is documented as a table in report.c.
 */
#ifndef OTHELLO_REPORT_H
#define OTHELLO_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report-run.h"

enum {
	REPORT_NAME_LEN = 256,	  /* player names, with the terminating NUL */
	REPORT_OPENING_LEN = 128, /* opening text */
	REPORT_END_LEN = 128,	  /* how the game ended */
	REPORT_LINE_LEN = 1024	  /* longest line written */
};

/* The outcome of one game, from Black's point of view. */
struct report_game {
	int number;			  /* game number in the whole game list, from 1 */
	char opening[REPORT_OPENING_LEN]; /* transcript or board string, "-" for none */
	char black[REPORT_NAME_LEN];	  /* player who had Black */
	char white[REPORT_NAME_LEN];	  /* player who had White */
	int black_discs;		  /* final discs of Black (64 to a forfeit's winner) */
	int white_discs;		  /* final discs of White */
	int moves;			  /* moves played from the opening's start, no passes */
	double seconds;			  /* wall-clock time of the game */
	uint64_t seed;			  /* random seed of the game */
	char end[REPORT_END_LEN];	  /* "end", or "forfeit COLOR: reason" */
	double longest[2];		  /* seconds of the longest move of Black and of White;
					     -1 unknown (a report of 12 columns) */
	int gap;			  /* score gap: Black's final score minus White's */
	int run; /* the run it belongs to, when read back: 0 when no run line is
		    above it (an older report), else 1 + its index in the
		    reader's runs (report_runs) */
};

/* The distinct runs a reader met (their "# run:" lines), in order. */
struct report_runs {
	struct report_run *run; /* malloc'd */
	int n;			/* entries in run */
	size_t cap;		/* allocated entries */
};

/* The torn lines (cut off by an earlier run) a reader skipped. */
struct report_torn {
	int n;		 /* how many */
	char first[300]; /* "NAME:LINE: ..." of the first one */
};

/* A report read back: games in file order. */
struct report {
	struct report_game *games; /* malloc'd */
	int n;			   /* entries in games */
	size_t cap;		   /* allocated entries */
	struct report_torn torn;   /* torn lines skipped */
	struct report_runs runs;   /* the runs of the games (report_game.run) */
};

const char *report_result(const struct report_game *g);
int report_format_line(const struct report_game *g, char *out, size_t outlen);
int report_parse_line(const char *line, struct report_game *g, char *err, size_t errlen);

int report_open(const char *path, char *err, size_t errlen);
int report_append(int fd, const struct report_game *g, char *err, size_t errlen);
int report_append_comment(int fd, const char *text, char *err, size_t errlen);
int report_append_text(int fd, const char *text, char *err, size_t errlen);
int report_write_header(FILE *f);

int report_read(FILE *f, const char *name, struct report *r, char *err, size_t errlen);
int report_add(struct report *r, const struct report_game *g);
void report_free(struct report *r);
int report_merge(struct report *r, char *err, size_t errlen);
int report_merge_files(FILE *const *in, const char *const *names, int n_in, FILE *out,
		       struct report_torn *torn, char *err, size_t errlen);

#endif
