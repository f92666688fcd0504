/*
 * report.c — the match report file: writing one line per game (append-only,
 * fsync'd), reading reports back, and merging the reports of the shards of a
 * run.
 *
 * Format. A UTF-8 text file, one game a line, fields separated by one TAB.
 * Lines starting with '#' are comments (the program writes a header naming
 * the columns when it creates the file); blank lines are ignored. The score
 * gap is the rightmost column, so that it alone can be cut, summed or plotted
 * (`cut -f14 report.txt`).
 *
 *   column  name         meaning
 *   ------  -----------  ----------------------------------------------------
 *   1       game         game number in the whole game list, from 1 (shards
 *                        keep the numbers of the full list)
 *   2       opening      the starting sequence (`f5d6c3`) or board string the
 *                        game started from; `-` for the standard start
 *   3       black        name of the player who had Black
 *   4       white        name of the player who had White
 *   5       result       `1-0` Black won, `0-1` White won, `1/2` draw
 *   6       black_discs  Black's discs at the end, empties counted to the
 *                        winner; a forfeit scores 64-0 to the other side
 *   7       white_discs  White's discs at the end, same convention
 *   8       moves        moves played from the opening's start, passes not
 *                        counted (the opening's moves included)
 *   9       seconds      wall-clock seconds the game took, two decimals
 *   10      seed         the game's random seed (decimal); equal seeds give
 *                        equal games between deterministic players
 *   11      end          `end` when the game was played out, else
 *                        `forfeit black: REASON` / `forfeit white: REASON`
 *                        (engine exited, timed out, illegal move ...)
 *   12      black_max    seconds of Black's longest move, two decimals
 *   13      white_max    seconds of White's longest move
 *   14      gap          score gap, black_discs - white_discs (signed)
 *
 * Reports of 12 columns (without black_max and white_max, written before
 * those existed) are read too; their longest moves are unknown (-1).
 *
 * A name or reason never holds a TAB or newline: they are replaced by spaces
 * when written.
 */
#include "report.h"
#include "parse.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define REPORT_HEADER                                                                              \
	"# Othello Master match report: one game a line, TAB-separated\n"                          \
	"# game\topening\tblack\twhite\tresult\tblack_discs\twhite_discs\tmoves\tseconds\t"        \
	"seed\tend\tblack_max\twhite_max\tgap\n"

enum {
	REPORT_FIELDS = 14,    /* columns written */
	REPORT_FIELDS_OLD = 12 /* columns of a report without the longest moves */
};

/* "1-0", "0-1" or "1/2" for a game, from its score gap. */
const char *report_result(const struct report_game *g)
{
	return g->gap > 0 ? "1-0" : g->gap < 0 ? "0-1" : "1/2";
}

/* Copies `s` into `out` with TABs and line breaks replaced by spaces. */
static void copy_clean(char *out, size_t outlen, const char *s)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < outlen; i++)
		out[i] = (s[i] == '\t' || s[i] == '\n' || s[i] == '\r') ? ' ' : s[i];
	out[i] = '\0';
}

/* Writes the report line of `g`, newline included, into `out`. Returns its
   length, or -1 if it does not fit. */
int report_format_line(const struct report_game *g, char *out, size_t outlen)
{
	char opening[REPORT_OPENING_LEN], black[REPORT_NAME_LEN], white[REPORT_NAME_LEN];
	char end[REPORT_END_LEN];
	int n;

	copy_clean(opening, sizeof opening, g->opening[0] ? g->opening : "-");
	copy_clean(black, sizeof black, g->black);
	copy_clean(white, sizeof white, g->white);
	copy_clean(end, sizeof end, g->end[0] ? g->end : "end");
	n = snprintf(
	    out, outlen, "%d\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%.2f\t%" PRIu64 "\t%s\t%.2f\t%.2f\t%d\n",
	    g->number, opening, black, white, report_result(g), g->black_discs, g->white_discs,
	    g->moves, g->seconds, g->seed, end, g->longest[0] > 0 ? g->longest[0] : 0,
	    g->longest[1] > 0 ? g->longest[1] : 0, g->gap);
	if (n < 0 || (size_t)n >= outlen)
		return -1;
	return n;
}

/*
 * Splits a report line into its REPORT_FIELDS fields; a line of
 * REPORT_FIELDS_OLD fields gets the longest moves as NULL fields. Returns 0,
 * or -1 with a message.
 */
static int split_fields(const char *line, const char **field, size_t *len, char *err, size_t errlen)
{
	const char *p = line;
	int n = 0;

	for (;;) {
		const char *tab = strchr(p, '\t');

		if (n == REPORT_FIELDS) {
			snprintf(err, errlen, "column %d: more than %d fields", (int)(p - line),
				 REPORT_FIELDS);
			return -1;
		}
		field[n] = p;
		len[n++] = tab ? (size_t)(tab - p) : strlen(p);
		if (!tab)
			break;
		p = tab + 1;
	}
	if (n == REPORT_FIELDS_OLD) {
		field[REPORT_FIELDS - 1] = field[n - 1];
		len[REPORT_FIELDS - 1] = len[n - 1];
		field[n - 1] = field[n] = NULL;
		len[n - 1] = len[n] = 0;
	} else if (n != REPORT_FIELDS) {
		snprintf(
		    err, errlen,
		    "column %d: expected %d TAB-separated fields (%d in older reports), found %d",
		    (int)(p - line) + (int)strlen(p) + 1, REPORT_FIELDS, REPORT_FIELDS_OLD, n);
		return -1;
	}
	return 0;
}

/* Parses one report line (without its newline) into `g`. Returns 0, or -1
   with a message "column N: what" (columns count from 1). */
int report_parse_line(const char *line, struct report_game *g, char *err, size_t errlen)
{
	static const char *names[REPORT_FIELDS] = {
	    "game",  "opening", "black", "white", "result",    "black_discs", "white_discs",
	    "moves", "seconds", "seed",	 "end",	  "black_max", "white_max",   "gap"};
	const char *field[REPORT_FIELDS];
	size_t len[REPORT_FIELDS];
	char buf[REPORT_LINE_LEN];
	long v;
	int i;

	if (split_fields(line, field, len, err, errlen) < 0)
		return -1;
	memset(g, 0, sizeof *g);
	g->longest[0] = g->longest[1] = -1;
	for (i = 0; i < REPORT_FIELDS; i++) {
		int col = field[i] ? (int)(field[i] - line) + 1 : 0;
		size_t cap = sizeof buf;
		bool ok = true;
		char *end;

		if (!field[i])
			continue; /* the longest moves of an older report */

		if (i == 1)
			cap = sizeof g->opening;
		else if (i == 2 || i == 3)
			cap = sizeof g->black;
		else if (i == 10)
			cap = sizeof g->end;
		if (len[i] == 0 || len[i] >= cap) {
			snprintf(err, errlen, "column %d: %s is %s", col, names[i],
				 len[i] ? "too long" : "empty");
			return -1;
		}
		memcpy(buf, field[i], len[i]);
		buf[len[i]] = '\0';
		switch (i) {
		case 0:
			ok = parse_long(buf, 1, 100000000, &v);
			g->number = (int)v;
			break;
		case 1:
			strcpy(g->opening, buf);
			break;
		case 2:
			strcpy(g->black, buf);
			break;
		case 3:
			strcpy(g->white, buf);
			break;
		case 4:
			ok = !strcmp(buf, "1-0") || !strcmp(buf, "0-1") || !strcmp(buf, "1/2");
			break;
		case 5:
			ok = parse_long(buf, 0, 64, &v);
			g->black_discs = (int)v;
			break;
		case 6:
			ok = parse_long(buf, 0, 64, &v);
			g->white_discs = (int)v;
			break;
		case 7:
			ok = parse_long(buf, 0, 200, &v);
			g->moves = (int)v;
			break;
		case 8:
			errno = 0;
			g->seconds = strtod(buf, &end);
			ok = !errno && !*end && g->seconds >= 0;
			break;
		case 9:
			errno = 0;
			g->seed = strtoull(buf, &end, 10);
			ok = !errno && !*end && buf[0] != '-';
			break;
		case 10:
			strcpy(g->end, buf);
			break;
		case 11:
		case 12:
			errno = 0;
			g->longest[i - 11] = strtod(buf, &end);
			ok = !errno && !*end && g->longest[i - 11] >= 0;
			break;
		case 13:
			ok = parse_long(buf, -64, 64, &v);
			g->gap = (int)v;
			break;
		}
		if (!ok) {
			snprintf(err, errlen, "column %d: bad %s '%s'", col, names[i], buf);
			return -1;
		}
	}
	if (g->gap != g->black_discs - g->white_discs) {
		snprintf(err, errlen, "column %d: gap %d is not black_discs - white_discs (%d)",
			 (int)(field[13] - line) + 1, g->gap, g->black_discs - g->white_discs);
		return -1;
	}
	if (strncmp(field[4], report_result(g), len[4]) != 0) {
		snprintf(err, errlen, "column %d: result %.*s does not match the gap %d",
			 (int)(field[4] - line) + 1, (int)len[4], field[4], g->gap);
		return -1;
	}
	return 0;
}

/* Writes the comment lines that start a report. Returns 0, or -1 on a write error. */
int report_write_header(FILE *f)
{
	return fputs(REPORT_HEADER, f) < 0 ? -1 : 0;
}

static int write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Opens (creating it if needed) the report file `path` for appending and
   writes the header if the file is empty. Returns the file descriptor, or -1
   with a message. */
int report_open(const char *path, char *err, size_t errlen)
{
	struct stat st;
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0 || fstat(fd, &st) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (st.st_size == 0 &&
	    (write_all(fd, REPORT_HEADER, strlen(REPORT_HEADER)) < 0 || fsync(fd) < 0)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* Appends the line of one game to the report open on `fd` with a single
   write, then fsyncs it, so that a crash loses at most the game under way.
   Returns 0, or -1 with a message. */
int report_append(int fd, const struct report_game *g, char *err, size_t errlen)
{
	char line[REPORT_LINE_LEN];
	int n = report_format_line(g, line, sizeof line);

	if (n < 0) {
		snprintf(err, errlen, "game %d: report line too long", g->number);
		return -1;
	}
	if (write_all(fd, line, (size_t)n) < 0 || fsync(fd) < 0) {
		snprintf(err, errlen, "report: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Appends a copy of `g` to `r`. Returns 0, or -1 when out of memory. */
int report_add(struct report *r, const struct report_game *g)
{
	if (r->n == r->cap) {
		int cap = r->cap ? 2 * r->cap : 64;
		struct report_game *v = realloc(r->games, (size_t)cap * sizeof *v);

		if (!v)
			return -1;
		r->games = v;
		r->cap = cap;
	}
	r->games[r->n++] = *g;
	return 0;
}

/* Reads every game line of the report `f` (named `name` in messages) and
   appends them to `r`. Returns 0, or -1 with "NAME:LINE:COL: what"; on
   failure `r` keeps what it had before the call. */
int report_read(FILE *f, const char *name, struct report *r, char *err, size_t errlen)
{
	char line[REPORT_LINE_LEN + 2], msg[200];
	int lineno = 0, before = r->n;

	while (fgets(line, sizeof line, f)) {
		struct report_game g;
		size_t n = strlen(line);

		lineno++;
		if (n == sizeof line - 1 && line[n - 1] != '\n') {
			snprintf(err, errlen, "%s:%d:1: line too long", name, lineno);
			r->n = before;
			return -1;
		}
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0 || line[0] == '#')
			continue;
		if (report_parse_line(line, &g, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%d:%s", name, lineno, msg + strlen("column "));
			r->n = before;
			return -1;
		}
		if (report_add(r, &g) < 0) {
			snprintf(err, errlen, "%s: out of memory", name);
			r->n = before;
			return -1;
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		r->n = before;
		return -1;
	}
	return 0;
}

/* Frees the games of `r` and leaves it empty (ready for reuse). */
void report_free(struct report *r)
{
	free(r->games);
	r->games = NULL;
	r->n = r->cap = 0;
}

static int compare_number(const void *a, const void *b)
{
	const struct report_game *x = a, *y = b;

	return (x->number > y->number) - (x->number < y->number);
}

/* True when two lines describe the same game (the time it took aside). */
static bool same_game(const struct report_game *a, const struct report_game *b)
{
	return a->number == b->number && !strcmp(a->opening, b->opening) &&
	       !strcmp(a->black, b->black) && !strcmp(a->white, b->white) &&
	       a->black_discs == b->black_discs && a->white_discs == b->white_discs &&
	       a->moves == b->moves && a->seed == b->seed && !strcmp(a->end, b->end);
}

/* Sorts the games of `r` by number and drops repeated lines of one game (a
   shard played twice). Returns 0, or -1 with a message if two lines give one
   game number different outcomes. */
int report_merge(struct report *r, char *err, size_t errlen)
{
	int i, n = 0;

	qsort(r->games, (size_t)r->n, sizeof *r->games, compare_number);
	for (i = 0; i < r->n; i++) {
		if (n > 0 && r->games[n - 1].number == r->games[i].number) {
			if (!same_game(&r->games[n - 1], &r->games[i])) {
				snprintf(err, errlen,
					 "game %d appears twice with different outcomes",
					 r->games[i].number);
				return -1;
			}
			continue;
		}
		r->games[n++] = r->games[i];
	}
	r->n = n;
	return 0;
}
