/*
 * match-openings.c — the starting positions of a match.
 *
 * An openings file is text, one opening a line:
 *
 *   what                 meaning
 *   -------------------  -----------------------------------------------------
 *   `f5d6c3d3c4f4`       a move sequence from the standard start (transcript:
 *                        two characters a move, any case, with blanks, `-`,
 *                        `.`, `,` and move numbers allowed between them; at
 *                        least one move; passes are not written: a side with
 *                        no move passes by itself)
 *   `-`                  the standard start position itself
 *   `---...--- X`        a board string (64 squares X/O/- and the side to
 *                        move, see board.h), played from as it is
 *   `# ...`              a comment; also anything after `#` on a line
 *   (blank)              ignored
 *
 * A line is a board string when it holds no digit, a transcript otherwise.
 * A UTF-8 byte order mark at the start of the file is skipped.
 * openings/balanced.txt, shipped with the program, is such a file; its
 * comments give each opening's deep-search score.
 */
#include "match.h"
#include "parse.h"
#include "square.h"
#include "vmatch.h"
#include "vsearch.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* match_opening_moves writes a board string into an opening's text */
_Static_assert((int)POS_STRING_MAX < (int)REPORT_OPENING_LEN, "a board string fits an opening");

/* Plays the pass of the side to move in o's position when it has no move but the other
   side has one (a transcript does not write passes). */
static void opening_pass(struct match_opening *o, struct pos *b, enum color *side)
{
	if (!pos_moves(b) && pos_opponent_moves(b)) {
		pos_pass(b);
		*side = (enum color) !*side;
		o->moves[o->n_moves++] = SQ_PASS;
	}
}

/* The square at text[i] of board v (8×8: a column a-h and a row 1-8, so "a10" is a1; the
   other boards: their square names, "j10"), with its characters in *len; -1 with a message
   when none starts there. */
static int opening_square(enum variant v, const char *text, int i, int *len, char *err,
			  size_t errlen)
{
	int sq;

	if (square_size(v) == 8) {
		if (text[i + 1] < '1' || text[i + 1] > '8') {
			snprintf(err, errlen, "column %d: '%s' is not followed by a row 1-8", i + 1,
				 PARSE_SHOW(text[i]));
			return -1;
		}
		*len = 2;
		return (text[i + 1] - '1') * 8 + (tolower((unsigned char)text[i]) - 'a');
	}
	sq = square_parse(v, text + i, len);
	if (sq < 0)
		snprintf(err, errlen, "column %d: '%s' does not start a square of %s (%s)", i + 1,
			 PARSE_SHOW(text[i]), square_variant_name(v), square_range(v));
	return sq;
}

/* Reads the moves of a transcript opening from o's start. 0, or -1 with "column N: what". */
static int opening_moves(enum variant v, struct match_opening *o, size_t len, struct pos *b,
			 enum color *side, char *err, size_t errlen)
{
	char last = (char)('a' + square_size(v) - 1);

	for (int i = 0; i < (int)len; i++) {
		int c = tolower((unsigned char)o->text[i]), sq, n;
		sqset flips;

		if (c < 'a' || c > last) {
			if (!isdigit(c) && !strchr(" \t-.,", c)) {
				snprintf(err, errlen, "column %d: '%s' is not a move", i + 1,
					 PARSE_SHOW(o->text[i]));
				return -1;
			}
			continue;
		}
		if ((sq = opening_square(v, o->text, i, &n, err, errlen)) < 0)
			return -1;
		opening_pass(o, b, side);
		if (o->n_moves >= MATCH_OPENING_MOVES - 1 || !(flips = pos_flips(b, sq))) {
			snprintf(err, errlen, "column %d: %s is not a legal move here", i + 1,
				 square_text(v, sq).s);
			return -1;
		}
		pos_play(b, sq, flips);
		*side = (enum color) !*side;
		o->moves[o->n_moves++] = sq;
		i += n - 1;
	}
	return 0;
}

/* Parses one opening of board v (see the table above; the squares and board strings are
   that board's) into `o`. Returns 0, or -1 with "column N: what". */
int match_opening_parse(enum variant v, const char *text, struct match_opening *o, char *err,
			size_t errlen)
{
	struct pos b;
	enum color side = BLACK;
	size_t len = strlen(text);

	while (len > 0 && isspace((unsigned char)text[len - 1]))
		len--;
	while (len > 0 && isspace((unsigned char)*text)) {
		text++;
		len--;
	}
	memset(o, 0, sizeof *o);
	if (len == 0) {
		snprintf(err, errlen, "column 1: empty opening");
		return -1;
	}
	if (len >= sizeof o->text) {
		snprintf(err, errlen, "column %d: opening longer than %d characters",
			 (int)sizeof o->text, (int)sizeof o->text - 1);
		return -1;
	}
	memcpy(o->text, text, len);
	o->text[len] = '\0';
	pos_start(&b, v);
	o->standard = true;
	if (strcspn(o->text, "0123456789") == len && strcmp(o->text, "-") != 0) {
		int n = pos_parse(v, o->text, &b, &side, err, errlen);

		if (n < 0)
			return -1;
		if ((size_t)n < len) {
			snprintf(err, errlen, "column %d: unexpected text after the board", n + 1);
			return -1;
		}
		o->standard = false;
	}
	o->start = b;
	o->start_side = side;
	if (o->standard && opening_moves(v, o, len, &b, &side, err, errlen) < 0)
		return -1;
	if (o->standard && o->n_moves == 0 && strcmp(o->text, "-") != 0) {
		snprintf(err, errlen, "column 1: no move in the transcript (`-` is the start)");
		return -1;
	}
	opening_pass(o, &b, &side);
	o->board = b;
	o->side = side;
	return 0;
}

/* Appends one opening to `out`, whose array has room for `*cap` (grown by
   doubling, as a list may have tens of thousands of lines). Returns 0, or -1
   when out of memory. */
static int add_opening(struct match_openings *out, int *cap, const struct match_opening *o)
{
	if (out->n == *cap) {
		int want = *cap ? 2 * *cap : 64;
		struct match_opening *v = realloc(out->v, (size_t)want * sizeof *v);

		if (!v)
			return -1;
		out->v = v;
		*cap = want;
	}
	out->v[out->n++] = *o;
	return 0;
}

/* Reads an openings file (format above) named `name` in messages. Returns
   0, or -1 with "NAME:LINE:COL: what" and `out` left empty; an empty file is
   an error too. Free with match_openings_free. */
int match_openings_read(enum variant v, FILE *f, const char *name, struct match_openings *out,
			char *err, size_t errlen)
{
	char line[1024], msg[160];
	int lineno = 0, cap = 0, rc, col;

	out->v = NULL;
	out->n = 0;
	while ((rc = parse_get_line(f, line, sizeof line, lineno == 0, &col, msg, sizeof msg)) !=
	       0) {
		struct match_opening o;
		char *hash, *p = line;

		if (rc < 0) {
			if (col == 0)
				snprintf(err, errlen, "%s: %s", name, msg);
			else
				snprintf(err, errlen, "%s:%d:%d: %s", name, lineno + 1, col, msg);
			match_openings_free(out);
			return -1;
		}
		lineno++;
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			continue;
		if (match_opening_parse(v, p, &o, msg, sizeof msg) < 0) {
			col = atoi(msg + strlen("column ")) + (int)(p - line);
			snprintf(err, errlen, "%s:%d:%d:%s", name, lineno, col,
				 strchr(msg, ':') + 1);
			match_openings_free(out);
			return -1;
		}
		if (add_opening(out, &cap, &o) < 0) {
			snprintf(err, errlen, "%s: out of memory", name);
			match_openings_free(out);
			return -1;
		}
	}
	if (out->n == 0) {
		snprintf(err, errlen, "%s:%d:1: no opening in the file", name, lineno + 1);
		return -1;
	}
	return 0;
}

/* The opening that plays `n` moves from `start` (n = 0: start itself), written as the
   openings file would (a transcript, `-`, or start's board string). Moves are allowed only
   from the standard start of start's board. Returns 0, or -1 with the message. */
int match_opening_moves(const struct pos *start, enum color side, const int *moves, int n,
			struct match_opening *o, char *err, size_t errlen)
{
	char text[REPORT_OPENING_LEN] = "-", name[SQUARE_NAME_LEN];
	size_t len = 0;
	struct pos std;

	pos_start(&std, start->variant);
	if (!pos_same(start, &std) || side != BLACK) {
		if (n > 0) {
			snprintf(err, errlen, "moves are played only from the standard start");
			return -1;
		}
		pos_format(start, side, text);
	}
	for (int i = 0; i < n; i++) {
		size_t w;

		if (moves[i] == SQ_PASS)
			continue; /* a transcript leaves passes out */
		w = strlen(square_name(start->variant, moves[i], name));
		if (len + w + 1 > sizeof text) {
			snprintf(err, errlen, "opening longer than %d characters",
				 (int)sizeof text - 1);
			return -1;
		}
		memcpy(text + len, name, w + 1);
		len += w;
	}
	return match_opening_parse(start->variant, text, o, err, errlen);
}

/* Makes `out` the one-opening list of board v's start. Returns 0, or -1 when
   out of memory. */
int match_openings_start(enum variant v, struct match_openings *out)
{
	struct match_opening o;
	char err[80];
	int cap = 0;

	out->v = NULL;
	out->n = 0;
	if (match_opening_parse(v, "-", &o, err, sizeof err) < 0)
		return -1;
	return add_opening(out, &cap, &o);
}

/* Makes `out` a list of n balanced random openings of board v (not 8×8), each of `plies`
   plies and scored within a few discs by a search with evaluation ev of that board (vmatch.h),
   drawn from `seed`. Returns 0, or -1 with a message. */
int match_openings_draw(enum variant v, const struct eval *ev, int n, int plies, uint64_t seed,
			struct match_openings *out, char *err, size_t errlen)
{
	struct vsearch *s = vsearch_new(ev, 16);
	uint64_t rng = seed;
	char text[REPORT_OPENING_LEN], msg[160];

	out->v = calloc((size_t)(n > 0 ? n : 1), sizeof *out->v);
	out->n = 0;
	if (!s || !out->v) {
		vsearch_free(s);
		match_openings_free(out);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (; out->n < n; out->n++) {
		struct vopening op;

		vmatch_balanced_opening(s, v, plies, &rng, &op);
		vmatch_opening_text(&op, text, sizeof text);
		if (match_opening_parse(v, text, &out->v[out->n], msg, sizeof msg) < 0) {
			snprintf(err, errlen, "opening %s: %s", text, msg);
			vsearch_free(s);
			match_openings_free(out);
			return -1;
		}
	}
	vsearch_free(s);
	return 0;
}

/* Frees the list and leaves it empty. */
void match_openings_free(struct match_openings *o)
{
	free(o->v);
	o->v = NULL;
	o->n = 0;
}
