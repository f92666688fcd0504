/*
 * obf.c — reading and writing one OBF line, on any board:
 *
 * | part               | meaning                                              |
 * |--------------------|------------------------------------------------------|
 * | N×N squares + side | a board string (X black, O white, - empty; X or O;   |
 * |                    | # or - on the holes of 10x10-holes)                  |
 * | `;`                | ends the board                                       |
 * | `G8:+18;` ...      | each legal move with its exact final score, mover's  |
 * |                    | view (squares of the board, either case: `J10:`);    |
 * |                    | `PS:` for a pass                                     |
 * | `%` ...            | a comment, to the end of the line                    |
 */
#include "obf.h"
#include "parse.h"
#include "square.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sets the error of a parse failing at byte `at` of `line` (1-based column). */
static int obf_fail(int *column, const char *line, const char *at, char *err, size_t errlen,
		    const char *what)
{
	*column = (int)(at - line) + 1;
	snprintf(err, errlen, "%s", what);
	return -1;
}

/* Reads the `MOVE:SCORE;` list that follows the board, from `p` on. */
static int obf_parse_moves(enum variant v, char *line, char *p, struct obf_position *pos,
			   int *column, char *err, size_t errlen)
{
	int most = square_count(v);

	for (;;) {
		char *end;
		long score;
		int sq, len = 2;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			return 1;
		if (!isalpha((unsigned char)p[0]) || !isalnum((unsigned char)p[1]))
			return obf_fail(column, line, p, err, errlen,
					"expected a move and its score (G8:+18;)");
		if (toupper((unsigned char)p[0]) == 'P' && toupper((unsigned char)p[1]) == 'S')
			sq = SQ_PASS;
		else
			sq = square_parse(v, p, &len);
		if (sq < 0 || p[len] != ':' || pos->n_moves == VBOARD_MAX_SQ) {
			char word[32];

			*column = (int)(p - line) + 1;
			snprintf(word, sizeof word, "%.*s", (int)strcspn(p, ":; \t"), p);
			snprintf(err, errlen, "'%s' is not a square of %s (%s)",
				 PARSE_SHOW_TEXT(word), square_variant_name(v), square_range(v));
			return -1;
		}
		score = strtol(p + len + 1, &end, 10);
		if (end == p + len + 1 || score < -most || score > most) {
			*column = (int)(p + len + 1 - line) + 1;
			snprintf(err, errlen, "expected a score from -%d to +%d", most, most);
			return -1;
		}
		for (p = end; isspace((unsigned char)*p); p++)
			;
		if (*p == ';')
			p++;
		else if (*p)
			return obf_fail(column, line, p, err, errlen,
					"expected ';' after the score");
		pos->moves[pos->n_moves] = sq;
		pos->scores[pos->n_moves++] = (int)score;
		if (score > pos->best)
			pos->best = (int)score;
	}
}

/*
 * Parses one OBF line of board v (the line is modified: its comment is cut
 * off). Returns 1 for a position, 0 for a blank or comment line, -1 on an
 * error, described in `err` with its 1-based `column` (0 when the error has
 * no column).
 */
int obf_parse_line(enum variant v, char *line, struct obf_position *pos, int *column, char *err,
		   size_t errlen)
{
	char *p, *semi, msg[200];
	int n, col, skip = 0;

	*column = 0;
	line[strcspn(line, "%\r\n")] = '\0';
	for (p = line; isspace((unsigned char)*p); p++)
		;
	if (!*p)
		return 0;
	semi = strchr(p, ';');
	if (!semi)
		return obf_fail(column, line, line + strlen(line), err, errlen,
				"expected ';' after the board");
	*semi = '\0';
	n = pos_parse(v, p, &pos->pos, &pos->side, msg, sizeof msg);
	if (n < 0) { /* "column N: what", N counted from the board's start */
		if (sscanf(msg, "column %d: %n", &col, &skip) == 1 && skip > 0)
			*column = col + (int)(p - line);
		snprintf(err, errlen, "%s", msg + skip);
		return -1;
	}
	for (char *q = p + n; *q; q++) {
		if (!isspace((unsigned char)*q)) {
			*column = (int)(q - line) + 1;
			snprintf(err, errlen, "unexpected '%s' after the board", PARSE_SHOW(*q));
			return -1;
		}
	}
	pos->n_moves = 0;
	pos->best = -99;
	return obf_parse_moves(v, line, semi + 1, pos, column, err, errlen);
}

/* The name of move sq of board v as OBF lines write it: the square in capitals ("G8",
   "J10"), PS for a pass, -- for none. Returns buf. */
const char *obf_move_name(enum variant v, int sq, char buf[SQUARE_NAME_LEN])
{
	if (sq == SQ_PASS)
		return strcpy(buf, "PS");
	square_name(v, sq, buf);
	buf[0] = (char)toupper((unsigned char)buf[0]);
	return buf;
}

/*
 * Writes `pos` as one OBF line with its move scores (best first as given)
 * and, if `comment` is not NULL, `% comment`; no newline. Returns 0, or -1
 * if `outlen` is too small.
 */
int obf_format(const struct obf_position *pos, const char *comment, char *out, size_t outlen)
{
	char board[POS_STRING_MAX + 1], name[SQUARE_NAME_LEN];
	size_t len;
	int n;

	pos_format(&pos->pos, pos->side, board);
	n = snprintf(out, outlen, "%s;", board);
	for (int i = 0; i < pos->n_moves && n >= 0 && (size_t)n < outlen; i++) {
		len = (size_t)n;
		n += snprintf(out + len, outlen - len, " %s:%+d;",
			      obf_move_name(pos->pos.variant, pos->moves[i], name), pos->scores[i]);
	}
	if (comment && n >= 0 && (size_t)n < outlen) {
		len = (size_t)n;
		n += snprintf(out + len, outlen - len, " %% %s", comment);
	}
	return n >= 0 && (size_t)n < outlen ? 0 : -1;
}

/* The score the line gives to `move`, or -99 if it gives none. */
int obf_score_of(const struct obf_position *pos, int move)
{
	for (int i = 0; i < pos->n_moves; i++)
		if (pos->moves[i] == move)
			return pos->scores[i];
	return -99;
}
