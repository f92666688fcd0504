/*
 * record-util.c — what the format readers and writers share (record-sgf.c,
 * record-ggf.c, record-text.c): a reader's place in its text and messages
 * that point into it (`NAME:LINE:COL: what`), the check that a text is one
 * the readers take, square names, playing a move into the record being
 * built, and the check that a writer's output went out.
 *
 * The formats depend on this file and record.c's dispatcher depends on the
 * formats; nothing here calls a format or the dispatcher.
 */
#include "config.h"

#include "record-int.h"
#include "square.h"

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

/* Formats `NAME:LINE:COL: message` into err, where LINE and COL (from 1) are
   those of byte `off` of text. */
void record_error(char *err, size_t errlen, const char *name, const char *text, size_t len,
		  size_t off, const char *fmt, ...)
{
	int line = 1, col = 1;
	size_t n;
	va_list ap;

	if (off > len)
		off = len;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	n = (size_t)snprintf(err, errlen, "%s:%d:%d: ", name, line, col);
	if (n >= errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err + n, errlen - n, fmt, ap);
	va_end(ap);
}

/* Formats `NAME:LINE:COL: message` for byte `off` of the reader's text into
   its message buffer. */
void record_fail(const struct record_reader *r, size_t off, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	record_error(r->err, r->errlen, r->name, r->text, r->len, off, "%s", msg);
}

/* True for the white space the text formats skip between tokens (C's isspace
   in the C locale). */
bool record_is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Moves the reader past white space. */
void record_skip_space(struct record_reader *r)
{
	while (r->pos < r->len && record_is_space((unsigned char)r->text[r->pos]))
		r->pos++;
}

/*
 * Counts the games after the one just read, from the reader's position to
 * the end of the text: each `(` ... its matching `)`, values in brackets
 * passed over whole (a `\` escapes the next byte), only white space between
 * and after them. Returns the count, or -1 with a message at the first text
 * that is not a game or at a game left open.
 */
int record_count_games(struct record_reader *r)
{
	int count = 0;

	for (;;) {
		size_t start;
		int depth = 0;

		record_skip_space(r);
		if (r->pos >= r->len)
			return count;
		if (r->text[r->pos] != '(') {
			record_fail(r, r->pos, "unexpected text after the game");
			return -1;
		}
		start = r->pos;
		for (; r->pos < r->len; r->pos++) {
			char c = r->text[r->pos];

			if (c == '[') {
				while (++r->pos < r->len && r->text[r->pos] != ']')
					if (r->text[r->pos] == '\\')
						r->pos++;
				if (r->pos >= r->len)
					break;
			} else if (c == '(') {
				depth++;
			} else if (c == ')' && --depth == 0) {
				break;
			}
		}
		if (r->pos >= r->len) {
			record_fail(r, start, "game %d of the file has no closing ')'", count + 2);
			return -1;
		}
		r->pos++;
		count++;
	}
}

/* Refuses text the readers do not take: longer than RECORD_MAX_TEXT, or with
   a NUL byte (no text format holds one). Returns 0, or -1 with a message. */
int record_check_text(const char *text, size_t len, const char *name, char *err, size_t errlen)
{
	const char *nul;

	if (len > RECORD_MAX_TEXT) {
		snprintf(err, errlen, "%s: file too large", name);
		return -1;
	}
	nul = memchr(text, '\0', len);
	if (nul) {
		record_error(err, errlen, name, text, len, (size_t)(nul - text),
			     "NUL byte: this is not a text file");
		return -1;
	}
	return 0;
}

/* Parses a square written as column letter and row digit ("f5", "F5") or as two
   SGF letters ("fe" = f5), exactly n characters. Returns 0..63 or -1. */
int record_parse_square(const char *s, size_t n)
{
	int c, r;

	if (n != 2)
		return -1;
	c = s[0] | 0x20;
	r = s[1];
	if (c < 'a' || c > 'h')
		return -1;
	if (r >= '1' && r <= '8')
		return (r - '1') * 8 + (c - 'a');
	r |= 0x20;
	if (r >= 'a' && r <= 'h')
		return (r - 'a') * 8 + (c - 'a');
	return -1;
}

/* The square of board v written as s (n characters): its name ("f5", "j10") or, as SGF
   writes points, column and row letters ("fe", "jj"), either in any case; -1 if none. On
   8×8 it reads what record_parse_square reads. */
int record_parse_vsquare(enum variant v, const char *s, size_t n)
{
	int len, sq;

	if (n == 2 && isalpha((unsigned char)s[0]) && isalpha((unsigned char)s[1]))
		return square_at(v, (s[1] | 0x20) - 'a', (s[0] | 0x20) - 'a');
	sq = square_parse(v, s, &len);
	return sq >= 0 && (size_t)len == n ? sq : -1;
}

/* Plays `move` by `player` at `at`. When the other side is to move but has no
   move, a pass is inserted first (files that leave passes out). Returns the new
   node, or NULL with a message. */
struct game_node *record_play(struct game *g, struct game_node *at, enum color player, int move,
			      char *msg, size_t msglen)
{
	if (player != at->side) {
		if (move != SQ_PASS && !game_legal_moves(at) && !game_is_over(at)) {
			at = game_add_move(g, at, SQ_PASS, msg, msglen);
			if (!at)
				return NULL;
		} else {
			snprintf(msg, msglen, "%s moved but it is %s's turn",
				 game_color_name(player), game_color_name(at->side));
			return NULL;
		}
	}
	return game_add_move(g, at, move, msg, msglen);
}

/* Flushes f and reports whether everything written to it went out: 0 or -1. */
int record_finish_output(FILE *f)
{
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}
