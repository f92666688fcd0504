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
 *                        winner; a forfeit gives every square of the board
 *                        to the other side (64-0 on 8x8; 0-100 on any board)
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
 * Runs. Each run that appends to a report first writes its "# run:" line
 * (report-run.c: time control, openings, seed, players); the games below it,
 * up to the next run line, are that run's. Game numbers count within a run:
 * the readers tell games apart by run and number, so a report holding
 * several runs (match --append) is read as all their games, and a run
 * resumed (its line again) goes on with its own games.
 *
 * A name or reason never holds a TAB or newline: they are replaced by spaces
 * when written.
 *
 * Each line is appended whole or not at all: one write(), and when it fails
 * (a full disk) the file is cut back to its length before it. A last line
 * without its newline (torn by a crash or a full disk in an older program)
 * is skipped by the readers with a note, not refused; report_open ends it
 * with a newline and the comment line REPORT_TORN_MARK, by which readers
 * know to skip the line above it once more lines follow it.
 */
#include "report.h"
#include "grow.h"
#include "parse.h"
#include "square.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The comment report_open writes after a torn line it found at the end. */
#define REPORT_TORN_MARK "# torn: the line above was cut off by an earlier run; it is skipped"

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

/* The report's columns in order, as messages name them. */
static const char *const field_names[REPORT_FIELDS] = {
    "game",  "opening", "black", "white", "result",    "black_discs", "white_discs",
    "moves", "seconds", "seed",	 "end",	  "black_max", "white_max",   "gap"};

/* Reads a whole number in [lo, hi] into *out; false when s is not one. */
static bool int_field(const char *s, long lo, long hi, int *out)
{
	long v;

	if (!parse_long(s, lo, hi, &v))
		return false;
	*out = (int)v;
	return true;
}

/* Reads a number of seconds (>= 0) into *out; false when s is not one. */
static bool seconds_field(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return !errno && !*end && *out >= 0;
}

/* The room column i has in a report_game, its NUL included. */
static size_t field_room(const struct report_game *g, int i)
{
	switch (i) {
	case 1:
		return sizeof g->opening;
	case 2:
	case 3:
		return sizeof g->black;
	case 10:
		return sizeof g->end;
	default:
		return REPORT_LINE_LEN;
	}
}

/* True when the text s has no control byte, which would act on a terminal
   (and is not text in an SVG): a column of text, such as a name. */
static bool plain_text(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

/* Puts the value of column i, the text s, into g; false when s is not a
   value that column takes. */
static bool field_value(struct report_game *g, int i, const char *s)
{
	char *end;

	switch (i) {
	case 0:
		return int_field(s, 1, 100000000, &g->number);
	case 1:
		strcpy(g->opening, s);
		return plain_text(s);
	case 2:
		strcpy(g->black, s);
		return plain_text(s);
	case 3:
		strcpy(g->white, s);
		return plain_text(s);
	case 4:
		return !strcmp(s, "1-0") || !strcmp(s, "0-1") || !strcmp(s, "1/2");
	case 5:
		return int_field(s, 0, SQUARE_MAX_COUNT, &g->black_discs);
	case 6:
		return int_field(s, 0, SQUARE_MAX_COUNT, &g->white_discs);
	case 7:
		return int_field(s, 0, 200, &g->moves);
	case 8:
		return seconds_field(s, &g->seconds);
	case 9:
		errno = 0;
		g->seed = strtoull(s, &end, 10);
		return !errno && !*end && s[0] != '-';
	case 10:
		strcpy(g->end, s);
		return plain_text(s);
	case 11:
	case 12:
		return seconds_field(s, &g->longest[i - 11]);
	case 13:
		return int_field(s, -SQUARE_MAX_COUNT, SQUARE_MAX_COUNT, &g->gap);
	default:
		return false;
	}
}

/* Parses one report line (without its newline) into `g`. Returns 0, or -1
   with a message "column N: what" (columns count from 1). */
int report_parse_line(const char *line, struct report_game *g, char *err, size_t errlen)
{
	const char *field[REPORT_FIELDS];
	size_t len[REPORT_FIELDS];
	char buf[REPORT_LINE_LEN];

	if (split_fields(line, field, len, err, errlen) < 0)
		return -1;
	memset(g, 0, sizeof *g);
	g->longest[0] = g->longest[1] = -1;
	for (int i = 0; i < REPORT_FIELDS; i++) {
		int col = field[i] ? (int)(field[i] - line) + 1 : 0;

		if (!field[i])
			continue; /* the longest moves of an older report */
		if (len[i] == 0 || len[i] >= field_room(g, i)) {
			snprintf(err, errlen, "column %d: %s is %s", col, field_names[i],
				 len[i] ? "too long" : "empty");
			return -1;
		}
		memcpy(buf, field[i], len[i]);
		buf[len[i]] = '\0';
		if (!field_value(g, i, buf)) {
			snprintf(err, errlen, "column %d: bad %s '%s'", col, field_names[i],
				 PARSE_SHOW_TEXT(buf));
			return -1;
		}
	}
	if (g->gap != g->black_discs - g->white_discs) {
		snprintf(err, errlen, "column %d: gap %d is not black_discs - white_discs (%d)",
			 (int)(field[13] - line) + 1, g->gap, g->black_discs - g->white_discs);
		return -1;
	}
	if (strncmp(field[4], report_result(g), len[4]) != 0) {
		memcpy(buf, field[4], len[4]); /* shorter than the line */
		buf[len[4]] = '\0';
		snprintf(err, errlen, "column %d: result %s does not match the gap %d",
			 (int)(field[4] - line) + 1, PARSE_SHOW_TEXT(buf), g->gap);
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

/* Appends the `n` bytes of `s` (whole lines) to the report open on `fd` and
   fsyncs them; when that fails the file is cut back to its length before, so
   that no torn line is left. Returns 0, or -1 with "report: why". */
static int append_whole(int fd, const char *s, size_t n, char *err, size_t errlen)
{
	struct stat st, now;
	int e;

	if (fstat(fd, &st) < 0) {
		snprintf(err, errlen, "report: %s", strerror(errno));
		return -1;
	}
	errno = 0;
	if (write_all(fd, s, n) == 0 && fsync(fd) == 0)
		return 0;
	e = errno ? errno : EIO;
	if (fstat(fd, &now) == 0 && now.st_size != st.st_size && ftruncate(fd, st.st_size) < 0)
		snprintf(err, errlen,
			 "report: %s (and the part written could not be taken back: %s)",
			 strerror(e), strerror(errno));
	else
		snprintf(err, errlen, "report: %s", strerror(e));
	return -1;
}

/*
 * Opens (creating it if needed) the report file `path` for appending and
 * writes the header if the file is empty. A last line without its newline
 * (torn by an earlier run) is ended and marked (REPORT_TORN_MARK) so that
 * the next line starts on its own; `err` then says so, else it is empty.
 * Returns the file descriptor, or -1 with a message.
 */
int report_open(const char *path, char *err, size_t errlen)
{
	struct stat st;
	int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	char last = '\n';

	if (fd < 0 && errno == EACCES) /* a file we may write but not read: no check */
		fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	err[0] = '\0';
	if (fd < 0 || fstat(fd, &st) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (st.st_size == 0 &&
	    append_whole(fd, REPORT_HEADER, strlen(REPORT_HEADER), err, errlen) < 0) {
		char why[200];

		snprintf(why, sizeof why, "%s", err + strlen("report: "));
		snprintf(err, errlen, "%s: %s", path, why);
		close(fd);
		return -1;
	}
	if (st.st_size > 0 && pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n') {
		static const char mark[] = "\n" REPORT_TORN_MARK "\n";

		if (append_whole(fd, mark, strlen(mark), err, errlen) < 0) {
			char why[200];

			snprintf(why, sizeof why, "%s", err);
			snprintf(err, errlen,
				 "%s: its last line is torn, and it cannot be ended: %s", path,
				 why);
			close(fd);
			return -1;
		}
		snprintf(err, errlen,
			 "%s: its last line was cut off by an earlier run; it is skipped (marked "
			 "with a comment), the games go on the next lines",
			 path);
	}
	return fd;
}

/* Appends `text`, one or more whole lines (each ending in a newline), to the
   report open on `fd`, whole or not at all. Returns 0, or -1 with a message. */
int report_append_text(int fd, const char *text, char *err, size_t errlen)
{
	return append_whole(fd, text, strlen(text), err, errlen);
}

/* Appends the comment line `# TEXT` (a newline or TAB in TEXT becomes a
   space) to the report open on `fd` and fsyncs it. Returns 0, or -1 with a
   message. */
int report_append_comment(int fd, const char *text, char *err, size_t errlen)
{
	char line[REPORT_LINE_LEN];
	int n = snprintf(line, sizeof line - 1, "# %s", text);

	if (n < 0 || n >= (int)sizeof line - 1)
		n = (int)strlen(line);
	for (int i = 2; i < n; i++)
		if (line[i] == '\n' || line[i] == '\t')
			line[i] = ' ';
	line[n++] = '\n';
	return append_whole(fd, line, (size_t)n, err, errlen);
}

/* Appends the line of one game to the report open on `fd` with a single
   write, then fsyncs it, so that a crash loses at most the game under way;
   a failed write is taken back (append_whole). Returns 0, or -1 with a
   message. */
int report_append(int fd, const struct report_game *g, char *err, size_t errlen)
{
	char line[REPORT_LINE_LEN];
	int n = report_format_line(g, line, sizeof line);

	if (n < 0) {
		snprintf(err, errlen, "game %d: report line too long", g->number);
		return -1;
	}
	return append_whole(fd, line, (size_t)n, err, errlen);
}

/* Appends a copy of `g` to `r`. Returns 0, or -1 when out of memory. */
int report_add(struct report *r, const struct report_game *g)
{
	struct report_game *v = grow_room(r->games, &r->cap, (size_t)r->n, sizeof *v, 64);

	if (!v)
		return -1;
	r->games = v;
	r->games[r->n++] = *g;
	return 0;
}

/* Counts a torn line skipped at line `lineno` of `name` into `torn`. */
static void note_torn(struct report_torn *torn, const char *name, int lineno)
{
	if (torn->n++ == 0)
		snprintf(torn->first, sizeof torn->first,
			 "%s:%d: a torn line (cut off by an earlier run) is skipped", name, lineno);
}

/* The number (report_game.run) of the run `r` in `runs`, added there if it
   is new. Returns it, or -1 when out of memory. */
static int run_number(struct report_runs *runs, const struct report_run *r)
{
	struct report_run *v;

	for (int i = 0; i < runs->n; i++)
		if (report_run_same(&runs->run[i], r))
			return i + 1;
	v = grow_room(runs->run, &runs->cap, (size_t)runs->n, sizeof *v, 4);
	if (!v)
		return -1;
	runs->run = v;
	runs->run[runs->n++] = *r;
	return runs->n;
}

/* Frees the runs of `runs` and leaves it empty. */
static void runs_free(struct report_runs *runs)
{
	free(runs->run);
	memset(runs, 0, sizeof *runs);
}

/* Calls `take(g, ctx)` with every game line of the report `f` (named `name` in
   messages), in file order, each game's run set from the run line above it
   (its number in `runs`, where new runs are added). A bad line that is the
   last one and has no newline, or that REPORT_TORN_MARK follows, is torn: it
   is skipped and counted in `torn`. Returns 0, or -1 with "NAME:LINE:COL:
   what" (also when `take` fails: it returns -1 when out of memory). */
static int read_lines(FILE *f, const char *name, int (*take)(const struct report_game *, void *),
		      void *ctx, struct report_runs *runs, struct report_torn *torn, char *err,
		      size_t errlen)
{
	char line[REPORT_LINE_LEN + 2], msg[200];
	int lineno = 0, bad = 0; /* bad: the line of a bad line waiting for its next, or 0 */
	int run = 0;		 /* the run of the games read now */
	struct report_run r;

	while (fgets(line, sizeof line, f)) {
		struct report_game g;
		size_t n = strlen(line);
		bool whole = n > 0 && line[n - 1] == '\n';

		lineno++;
		if (bad) { /* only the mark may follow it */
			if (strncmp(line, REPORT_TORN_MARK, strlen(REPORT_TORN_MARK)) != 0)
				return -1; /* err holds why the bad line is bad */
			note_torn(torn, name, bad);
			bad = 0;
			continue;
		}
		if (n == sizeof line - 1 && !whole) {
			snprintf(err, errlen, "%s:%d:1: line too long", name, lineno);
			return -1;
		}
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (line[0] == '#' && report_run_parse(line, &r) &&
		    (run = run_number(runs, &r)) < 0) {
			snprintf(err, errlen, "%s: out of memory", name);
			return -1;
		}
		if (n == 0 || line[0] == '#')
			continue;
		if (report_parse_line(line, &g, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%d:%s", name, lineno, msg + strlen("column "));
			if (whole) {
				bad = lineno;
				continue;
			}
			if (ferror(f))
				break;
			note_torn(torn, name, lineno); /* the last line, without its newline */
			return 0;
		}
		g.run = run;
		if (take(&g, ctx) < 0) {
			snprintf(err, errlen, "%s: out of memory", name);
			return -1;
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		return -1;
	}
	return bad ? -1 : 0;
}

static int take_game(const struct report_game *g, void *ctx)
{
	return report_add(ctx, g);
}

/* Reads every game line of the report `f` (named `name` in messages) and
   appends them to `r`, their runs to r->runs (a run already there, from
   another file, is the same run: the shards of one); torn lines are skipped
   and counted in r->torn. Returns 0, or -1 with "NAME:LINE:COL: what"; on
   failure `r` keeps its games of before the call. */
int report_read(FILE *f, const char *name, struct report *r, char *err, size_t errlen)
{
	int before = r->n;

	if (read_lines(f, name, take_game, r, &r->runs, &r->torn, err, errlen) < 0) {
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
	memset(&r->torn, 0, sizeof r->torn);
	runs_free(&r->runs);
}

/* Orders two games by run (games without a run line first, then the runs in
   the order met), then by number. */
static int compare_game(const void *a, const void *b)
{
	const struct report_game *x = a, *y = b;

	if (x->run != y->run)
		return (x->run > y->run) - (x->run < y->run);
	return (x->number > y->number) - (x->number < y->number);
}

/* Says in `err` that game `number` of run `run` (of `runs`) has two outcomes. */
static void say_twice(const struct report_runs *runs, int run, int number, char *err, size_t errlen)
{
	const struct report_run *r = run > 0 ? &runs->run[run - 1] : NULL;

	if (r && r->seed[0])
		snprintf(err, errlen,
			 "game %d of the run with seed %s appears twice with different outcomes",
			 number, r->seed);
	else
		snprintf(err, errlen, "game %d appears twice with different outcomes", number);
}

/* True when two lines describe the same game (the time it took aside). */
static bool same_game(const struct report_game *a, const struct report_game *b)
{
	return a->run == b->run && a->number == b->number && !strcmp(a->opening, b->opening) &&
	       !strcmp(a->black, b->black) && !strcmp(a->white, b->white) &&
	       a->black_discs == b->black_discs && a->white_discs == b->white_discs &&
	       a->moves == b->moves && a->seed == b->seed && !strcmp(a->end, b->end);
}

/* Sorts the games of `r` by run and number and drops repeated lines of one
   game (a shard played twice). Returns 0, or -1 with a message if two lines
   give one game of one run different outcomes. */
int report_merge(struct report *r, char *err, size_t errlen)
{
	int i, n = 0;

	if (r->n > 1) /* qsort of no games would pass a null pointer */
		qsort(r->games, (size_t)r->n, sizeof *r->games, compare_game);
	for (i = 0; i < r->n; i++) {
		if (n > 0 && r->games[n - 1].run == r->games[i].run &&
		    r->games[n - 1].number == r->games[i].number) {
			if (!same_game(&r->games[n - 1], &r->games[i])) {
				say_twice(&r->runs, r->games[i].run, r->games[i].number, err,
					  errlen);
				return -1;
			}
			continue;
		}
		r->games[n++] = r->games[i];
	}
	r->n = n;
	return 0;
}

/* ---------------------------------------------------------------- merging */

/* Where one game's line is in a merge's text. */
struct line_ref {
	int run;    /* its run (report_game.run) */
	int number; /* game number */
	size_t seq; /* its place among all lines read */
	size_t off; /* offset of its line in the text */
};

/* The games of a merge: their lines as written (a few dozen bytes each, where
   a parsed game takes 800), and where each starts. */
struct merge_lines {
	char *text;		 /* the lines, each ending in '\n', no NUL */
	size_t len;		 /* bytes in text */
	size_t cap;		 /* room in text */
	struct line_ref *refs;	 /* [n] one a game */
	size_t n;		 /* games */
	size_t cap_refs;	 /* room in refs */
	struct report_runs runs; /* the runs of the games */
};

/* Keeps game `g` as its report line. */
static int take_line(const struct report_game *g, void *ctx)
{
	struct merge_lines *m = ctx;
	char line[REPORT_LINE_LEN];
	int n = report_format_line(g, line, sizeof line);

	if (n <= 0)
		return 0;
	if (m->len + (size_t)n > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 1 << 16;
		char *t;

		while (cap < m->len + (size_t)n)
			cap *= 2;
		if (!(t = realloc(m->text, cap)))
			return -1;
		m->text = t;
		m->cap = cap;
	}
	if (m->n == m->cap_refs) {
		size_t cap = m->cap_refs ? 2 * m->cap_refs : 1024;
		struct line_ref *v = realloc(m->refs, cap * sizeof *v);

		if (!v)
			return -1;
		m->refs = v;
		m->cap_refs = cap;
	}
	m->refs[m->n] =
	    (struct line_ref){.run = g->run, .number = g->number, .seq = m->n, .off = m->len};
	m->n++;
	memcpy(m->text + m->len, line, (size_t)n);
	m->len += (size_t)n;
	return 0;
}

static int compare_ref(const void *a, const void *b)
{
	const struct line_ref *x = a, *y = b;

	if (x->run != y->run)
		return (x->run > y->run) - (x->run < y->run);
	if (x->number != y->number)
		return (x->number > y->number) - (x->number < y->number);
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The length of the line at `off`, its '\n' included. */
static size_t line_length(const struct merge_lines *m, size_t off)
{
	const char *nl = memchr(m->text + off, '\n', m->len - off);

	return nl ? (size_t)(nl - (m->text + off)) + 1 : m->len - off;
}

/* True when the lines at offsets a and b are the same game (see same_game). */
static bool same_line(const struct merge_lines *m, size_t a, size_t b)
{
	char la[REPORT_LINE_LEN], lb[REPORT_LINE_LEN], msg[200];
	struct report_game ga, gb;
	size_t na = line_length(m, a) - 1, nb = line_length(m, b) - 1;

	memcpy(la, m->text + a, na);
	la[na] = '\0';
	memcpy(lb, m->text + b, nb);
	lb[nb] = '\0';
	return report_parse_line(la, &ga, msg, sizeof msg) == 0 &&
	       report_parse_line(lb, &gb, msg, sizeof msg) == 0 && same_game(&ga, &gb);
}

/* Writes the run line of run `run` (1 and up) of `runs` to `out`. */
static void write_run(const struct report_runs *runs, int run, FILE *out)
{
	char line[REPORT_LINE_LEN];

	if (report_run_format(&runs->run[run - 1], line, sizeof line) > 0)
		fputs(line, out);
}

/* Writes the games of m (sorted) to `out` by run and number, once each, each
   run's line before its games: a first pass checks that the lines of one
   game are one game, the second writes. */
static int write_merged(const struct merge_lines *m, FILE *out, char *err, size_t errlen)
{
	for (int pass = 0; pass < 2; pass++) {
		size_t first = 0; /* the first line of the current game */

		if (pass == 1)
			report_write_header(out);
		for (size_t i = 0; i < m->n; i++) {
			const struct line_ref *r = &m->refs[i], *prev = i ? r - 1 : NULL;

			if (pass == 1 && r->run > 0 && (!prev || prev->run != r->run))
				write_run(&m->runs, r->run, out);
			if (!prev || prev->run != r->run || prev->number != r->number) {
				first = i;
				if (pass == 1)
					fwrite(m->text + r->off, 1, line_length(m, r->off), out);
			} else if (pass == 0 && !same_line(m, m->refs[first].off, r->off)) {
				say_twice(&m->runs, r->run, r->number, err, errlen);
				return -2;
			}
		}
	}
	return 0;
}

/* Merges the reports in[0..n_in-1] (named names[i] in messages) into one on
   `out`: a header, then every game once, by run and game number (see
   report_merge), each run's line before its games (the games of no run
   first: an older report's).
   The games are kept as their lines, not parsed, so memory stays near the
   size of the text. Torn lines are skipped and counted in `torn`. Returns 0;
   -1 with "NAME:LINE:COL: what" for a bad line, -2 with a message when a game
   number has two outcomes (nothing written). */
int report_merge_files(FILE *const *in, const char *const *names, int n_in, FILE *out,
		       struct report_torn *torn, char *err, size_t errlen)
{
	struct merge_lines m = {0};
	int rc = 0;

	for (int i = 0; i < n_in && rc == 0; i++)
		rc = read_lines(in[i], names[i], take_line, &m, &m.runs, torn, err, errlen);
	if (rc == 0 && m.n > 1)
		qsort(m.refs, m.n, sizeof *m.refs, compare_ref);
	if (rc == 0)
		rc = write_merged(&m, out, err, errlen);
	free(m.text);
	free(m.refs);
	runs_free(&m.runs);
	return rc;
}
