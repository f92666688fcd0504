/*
 * cli-util.c — helpers shared by the subcommands: parsing whole numbers and
 * numbers of seconds and ranges LO-HI (option values and arguments; the option messages are
 * cli-options.c's), a position given as `start`, moves or a board string, the progress bar of the
 * long batch commands, giving a searcher the threads --threads asks for, and
 * reading the openings file of `othello train`'s commands.
 */
#include "cli.h"

#include "book.h"
#include "datadir.h"
#include "square.h"

#include "opening-names.h"
#include "parse.h"
#include "probcut.h"
#include "search.h"
#include "timer.h"
#include "train.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Parses POSITION for `othello COMMAND`: `start`, moves from the start
   (f5d6c3; a forced pass at the end is played) or a board string. 0, or -1
   after a message on stderr. */
int cli_parse_position(const char *command, const char *s, struct board *b, enum color *side)
{
	char err[200];
	int n, k;

	board_start(b);
	*side = BLACK;
	if (strcmp(s, "start") == 0)
		return 0;
	if (board_square_parse(s) >= 0) {
		k = openings_parse_moves(s, b, side, NULL, 0, &n, err, sizeof err);
		if (k >= 0 && s[k] != '\0') {
			fprintf(stderr, "othello %s: column %d: '%s' is not a move\n", command,
				k + 1, PARSE_SHOW(s[k]));
			return -1;
		}
		if (k >= 0 && !board_can_move(b) && board_opponent_can_move(b)) {
			board_pass(b);
			*side = !*side;
		}
	} else {
		k = board_parse(s, b, side, err, sizeof err);
	}
	if (k < 0) {
		fprintf(stderr, "othello %s: %s\n", command, err);
		return -1;
	}
	return 0;
}

/* Says on stderr that `msg` holds at PATH:LINE:COL (without LINE when `line` is 0, without COL
   when `col` is 0), the form of every message about a place in a file. */
void cli_file_error(const char *path, int line, int col, const char *msg)
{
	fprintf(stderr, "%s", path);
	if (line > 0)
		fprintf(stderr, ":%d", line);
	if (col > 0)
		fprintf(stderr, ":%d", col);
	fprintf(stderr, ": %s\n", msg);
}

/* True, with the number in `out`, when `s` is a whole decimal number in [lo, hi]. */
bool cli_parse_int(const char *s, long lo, long hi, long *out)
{
	return parse_long(s, lo, hi, out);
}

/* True, with the numbers in `lo` and `hi`, when `s` is "LO-HI" with min <= LO <= HI <= max,
   or one number N in [min, max] (LO = HI = N). */
bool cli_parse_range(const char *s, int min, int max, int *lo, int *hi)
{
	char buf[32], *dash;
	long l, h;

	if (strlen(s) >= sizeof buf)
		return false;
	strcpy(buf, s);
	dash = strchr(buf, '-');
	if (dash)
		*dash = '\0';
	if (!cli_parse_int(buf, min, max, &l) || !cli_parse_int(dash ? dash + 1 : buf, l, max, &h))
		return false;
	*lo = (int)l;
	*hi = (int)h;
	return true;
}

/* True, with the number in `out`, when `s` is a finite decimal number >= 0
   (parse_decimal: no hexadecimal, `--time 0x10` is refused). */
bool cli_parse_seconds(const char *s, double *out)
{
	double v;

	if (!parse_decimal(s, &v) || v < 0)
		return false;
	*out = v;
	return true;
}

/* The number of search threads --threads N asks for: N, or the online cores when N is 0. */
int cli_threads(long n)
{
	return n > 0 ? (int)n : search_default_threads();
}

/*
 * The selectivity `text` names (73, 87, 95, 98, 99, a trailing % allowed, 100
 * or exact) in percent, or -1 after saying on stderr why it is none
 * ("othello COMMAND: --OPTION: ...").
 */
int cli_selectivity(const char *command, const char *option, const char *text)
{
	int p = probcut_parse_level(text);

	if (p < 0)
		fprintf(stderr,
			"othello %s: --%s: '%s' is not a selectivity (73, 87, 95, 98, 99 "
			"or exact)\n",
			command, option, text);
	return p;
}

/* Draws progress bar `b` at `done` of `total` (with `extra` text after it) on stderr, at most
   a few times a second on a terminal and every 30 s otherwise; `end` draws it in any case. */
void cli_bar_draw(struct cli_bar *b, uint64_t done, uint64_t total, const char *extra, bool end)
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

/*
 * Merges the book file `path` into bk (NULL: the shipped openings/book.txt).
 * Returns 1, 0 when the shipped book is not there and not `needed`, or -1
 * after "othello COMMAND: [--OPTION: ]what" on stderr (the file that cannot
 * be opened or found, or the place in it that cannot be read).
 */
int cli_book_load(const char *command, const char *option, const char *path, bool needed,
		  struct book *bk)
{
	char err[4400], found[4096];
	FILE *f = path ? fopen(path, "r")
		       : datadir_open("openings/book.txt", found, sizeof found, err, sizeof err);
	int rc = 1;

	if (!f && !path && !needed)
		return 0;
	if (!f && path)
		snprintf(err, sizeof err, "%s: %s", path, strerror(errno));
	else if (f && book_load(bk, f, path ? path : found, err, sizeof err) < 0)
		rc = -1;
	if (f)
		fclose(f);
	if (!f || rc < 0) {
		fprintf(stderr, "othello %s: %s%s%s%s\n", command, option ? "--" : "",
			option ? option : "", option ? ": " : "", err);
		return -1;
	}
	return 1;
}

/* The name of move sq of board v in a principal variation or a move list: the square
   ("g8", "j10"), or PS for a pass. Returns buf. */
const char *cli_move_name(enum variant v, int sq, char buf[SQUARE_NAME_LEN])
{
	return sq == SQ_PASS ? strcpy(buf, "PS") : square_name(v, sq, buf);
}

/* Reads the openings file `path` (NULL: not given) into `ops`; returns their number, or -1
   after a message on stderr. */
int cli_train_openings(const char *path, struct train_opening **ops)
{
	char err[512];
	FILE *f;
	int n;

	if (!path) {
		fprintf(stderr, "othello train: --openings FILE is needed\n");
		return -1;
	}
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "othello train: %s: cannot open\n", path);
		return -1;
	}
	n = train_openings_read(f, path, ops, err, sizeof err);
	fclose(f);
	if (n < 0)
		fprintf(stderr, "othello train: %s\n", err);
	return n;
}
