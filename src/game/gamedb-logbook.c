/*
 * gamedb-logbook.c — Logistello's book lines (.gam): one game a line.
 *
 *   +d3-c3+c4-e3+c2 ... -b7: -04 10
 *
 *   Part          Meaning
 *   ------------  ---------------------------------------------------------
 *   moves         `+` (Black) or `-` (White), then the square, a-h and 1-8;
 *                 two moves of one sign in a row: the other side passed
 *   `:`           ends the moves
 *   result        Black's final disc difference, signed (`-04`, `+00`);
 *                 empty squares left are counted to the winner or not at
 *                 all (Logistello's book has both); a finished game's result
 *                 must be its final board's
 *   number        one more number, used by the book itself (ignored); nothing
 *                 may follow it
 *
 * A UTF-8 byte order mark at the start of the file is skipped. Blank lines
 * and lines starting with `%` or `#` are skipped. Messages name
 * the line and column: `logbook.gam:12:31: White plays c4 but Black has a
 * move`. A line over 1024 bytes is refused (or skipped, when lenient); one
 * with no end of line in its first LINE_GIVE_UP bytes fails the whole file
 * at once, lenient or not, as a stream that may never end.
 */
#include "config.h"

#include "gamedb.h"
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { LINE_GIVE_UP = 1 << 20 }; /* bytes of a line that end the reading of its file */

/* Checks what follows the result, from line[i]: blanks, at most one more
   number (the book's own), blanks. 0, or -1 with "COL: what". */
static int tail_check(const char *line, size_t len, size_t i, char *err, size_t errlen)
{
	while (i < len && line[i] == ' ')
		i++;
	if (i < len && (line[i] == '+' || line[i] == '-'))
		i++;
	while (i < len && isdigit((unsigned char)line[i]))
		i++;
	while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
		i++;
	if (i < len) {
		snprintf(err, errlen, "%zu: unexpected text after the result and its number",
			 i + 1);
		return -1;
	}
	return 0;
}

/* Parses one book line of `len` bytes (no newline) into `*out`; 0, or -1 with
   a message that starts with the column (`31: expected a move`). */
int gamedb_logbook_parse(const char *line, size_t len, struct gamedb_game *out, char *err,
			 size_t errlen)
{
	struct board b;
	enum color side = BLACK;
	size_t i = 0, at;
	int n = 0, result = 0, digits = 0;
	bool neg = false;

	memset(out, 0, sizeof(*out));
	out->theory = GAMEDB_NO_SCORE;
	out->tournament = out->black = out->white = GAMEDB_NO_NAME;
	board_start(&b);
	while (i < len && line[i] != ':') {
		enum color c;
		int sq;

		if (line[i] != '+' && line[i] != '-') {
			snprintf(err, errlen, "%zu: expected a move (+ or - and a square)", i + 1);
			return -1;
		}
		c = line[i] == '+' ? BLACK : WHITE;
		sq = i + 2 < len
			 ? board_square_parse((char[]){(char)tolower((unsigned char)line[i + 1]),
						       line[i + 2], '\0'})
			 : -1;
		if (sq < 0) {
			snprintf(err, errlen, "%zu: expected a square after '%s'", i + 2,
				 PARSE_SHOW(line[i]));
			return -1;
		}
		if (n == 60) {
			snprintf(err, errlen, "%zu: more than 60 moves", i + 1);
			return -1;
		}
		if (c != side) {
			if (board_can_move(&b)) {
				snprintf(err, errlen, "%zu: %s plays %s but %s has a move", i + 1,
					 c == BLACK ? "Black" : "White", board_square_name(sq),
					 side == BLACK ? "Black" : "White");
				return -1;
			}
			board_pass(&b);
			side = c;
		}
		if (!board_is_legal(&b, sq)) {
			snprintf(err, errlen, "%zu: %s is not a legal move here", i + 1,
				 board_square_name(sq));
			return -1;
		}
		board_play(&b, sq, board_flips(b.own, b.opp, sq));
		side = side == BLACK ? WHITE : BLACK;
		out->moves[n++] = (uint8_t)sq;
		i += 3;
	}
	out->n_moves = (uint8_t)n;
	if (i == len) {
		snprintf(err, errlen, "%zu: expected ':' and the result after the moves", i + 1);
		return -1;
	}
	for (i++; i < len && line[i] == ' '; i++)
		;
	at = i;
	if (i < len && (line[i] == '+' || line[i] == '-'))
		neg = line[i++] == '-';
	for (; i < len && isdigit((unsigned char)line[i]) && digits < 3; i++, digits++)
		result = result * 10 + line[i] - '0';
	if (!digits || result > 64 || (i < len && line[i] != ' ')) {
		snprintf(err, errlen,
			 "%zu: expected the result (a disc difference from -64 to +64)", at + 1);
		return -1;
	}
	out->result = (int8_t)(neg ? -result : result);
	if (board_game_over(&b)) { /* Logistello counts empties to the winner, or not at all */
		int sign = side == BLACK ? 1 : -1, diff = board_final_score(&b) * sign;
		int raw = (board_popcount(b.own) - board_popcount(b.opp)) * sign;

		if (out->result != diff && out->result != raw) {
			snprintf(
			    err, errlen,
			    "%zu: the result %+d is not the final board's (%+d, with the empty "
			    "squares to the winner %+d)",
			    at + 1, out->result, raw, diff);
			return -1;
		}
	}
	return tail_check(line, len, i, err, errlen);
}

/* Reads every line of the book file `f` into `out`; with `skips` NULL a bad
   line fails the whole file, else it is skipped with its message added to
   `skips`. See gamedb_logbook_read. */
static int read_lines(FILE *f, const char *name, struct gamedb_games *out,
		      struct gamedb_skips *skips, char *err, size_t errlen)
{
	char line[1024], msg[160];
	size_t before = out->n, lineno = 0, len;
	int count = 0, c = 0, rc;

	while (c != EOF) {
		struct gamedb_game g;

		size_t all = 0; /* the line's bytes, up to LINE_GIVE_UP */

		for (len = 0; (c = getc(f)) != EOF && c != '\n' && all < LINE_GIVE_UP; all++)
			if (len < sizeof(line))
				line[len++] = (char)c;
		if (all == LINE_GIVE_UP) {
			/* no end of line (a stream of zeros): nothing more of it is read */
			snprintf(err, errlen,
				 "%s:%zu: no end of line in %d bytes (not a book file?)", name,
				 lineno + 1, LINE_GIVE_UP);
			goto fail;
		}
		if (c == EOF && len == 0)
			break;
		lineno++;
		if (all > sizeof(line)) {
			snprintf(err, errlen, "%s:%zu: line too long (over %zu bytes)", name,
				 lineno, sizeof(line));
			if (gamedb_skip(skips, name, err, errlen) < 0)
				goto fail;
			continue;
		}
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			len--;
		if (lineno == 1 && len >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0) {
			/* a UTF-8 byte order mark, which some editors write: columns
			   count from after it, as the editor shows them */
			memmove(line, line + 3, len - 3);
			len -= 3;
		}
		if (len == 0 || line[0] == '%' || line[0] == '#')
			continue;
		if (memchr(line, '\0', len)) {
			snprintf(err, errlen, "%s:%zu:%zu: a NUL byte", name, lineno,
				 (size_t)((char *)memchr(line, '\0', len) - line) + 1);
			rc = -1;
		} else if ((rc = gamedb_logbook_parse(line, len, &g, msg, sizeof(msg))) < 0) {
			snprintf(err, errlen, "%s:%zu:%s", name, lineno, msg);
		}
		if ((rc = gamedb_keep(out, &g, rc, skips, name, err, errlen)) < 0)
			goto fail;
		count += rc;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", name, strerror(errno ? errno : EIO));
		goto fail;
	}
	return count;
fail:
	out->n = before;
	return -1;
}

/* Reads every line of the book file `f` (named `name` in messages) into `out`.
   Returns the games read, or -1 with `name:LINE:COL: what` on a bad line (one
   over 1024 bytes too) or a read error; `out` then keeps only what it held before. */
int gamedb_logbook_read(FILE *f, const char *name, struct gamedb_games *out, char *err,
			size_t errlen)
{
	return read_lines(f, name, out, NULL, err, errlen);
}

/* As gamedb_logbook_read, but a bad line is skipped with its message added to
   `skips` and the rest is read; -1 with a message only on a read error or
   when memory runs out. */
int gamedb_logbook_read_lenient(FILE *f, const char *name, struct gamedb_games *out,
				struct gamedb_skips *skips, char *err, size_t errlen)
{
	return read_lines(f, name, out, skips, err, errlen);
}
