/*
 * obf.c — reading and writing one OBF line:
 *
 * | part               | meaning                                              |
 * |--------------------|------------------------------------------------------|
 * | 64 squares + side  | a board string (X black, O white, - empty; X or O)   |
 * | `;`                | ends the board                                       |
 * | `G8:+18;` ...      | each legal move with its exact final score, mover's  |
 * |                    | view; `PS:` for a pass                               |
 * | `%` ...            | a comment, to the end of the line                    |
 */
#include "obf.h"

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
static int obf_parse_moves(char *line, char *p, struct obf_position *pos, int *column, char *err,
			   size_t errlen)
{
	for (;;) {
		char name[3], *end;
		long v;
		int sq;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			return 1;
		if (!isalpha((unsigned char)p[0]) || !p[1] || p[2] != ':')
			return obf_fail(column, line, p, err, errlen,
					"expected a move and its score (G8:+18;)");
		name[0] = p[0];
		name[1] = p[1];
		name[2] = '\0';
		sq = (toupper((unsigned char)p[0]) == 'P' && toupper((unsigned char)p[1]) == 'S')
			 ? SQ_PASS
			 : board_square_parse(name);
		if (sq < 0 || sq == SQ_NONE || pos->n_moves == 64) {
			*column = (int)(p - line) + 1;
			snprintf(err, errlen, "'%s' is not a square", name);
			return -1;
		}
		v = strtol(p + 3, &end, 10);
		if (end == p + 3 || v < -64 || v > 64)
			return obf_fail(column, line, p + 3, err, errlen,
					"expected a score from -64 to +64");
		for (p = end; isspace((unsigned char)*p); p++)
			;
		if (*p == ';')
			p++;
		else if (*p)
			return obf_fail(column, line, p, err, errlen,
					"expected ';' after the score");
		pos->moves[pos->n_moves] = sq;
		pos->scores[pos->n_moves++] = (int)v;
		if (v > pos->best)
			pos->best = (int)v;
	}
}

/*
 * Parses one OBF line (the line is modified: its comment is cut off). Returns
 * 1 for a position, 0 for a blank or comment line, -1 on an error, described
 * in `err` with its 1-based `column` (0 when the error has no column).
 */
int obf_parse_line(char *line, struct obf_position *pos, int *column, char *err, size_t errlen)
{
	char *p, *semi;
	int n;

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
	n = board_parse(p, &pos->b, &pos->side, err, errlen);
	if (n < 0)
		return -1;
	for (char *q = p + n; *q; q++) {
		if (!isspace((unsigned char)*q)) {
			*column = (int)(q - line) + 1;
			snprintf(err, errlen, "unexpected '%c' after the board", *q);
			return -1;
		}
	}
	pos->n_moves = 0;
	pos->best = -99;
	return obf_parse_moves(line, semi + 1, pos, column, err, errlen);
}

/*
 * Writes `pos` as one OBF line with its move scores (best first as given)
 * and, if `comment` is not NULL, `% comment`; no newline. Returns 0, or -1
 * if `outlen` is too small.
 */
int obf_format(const struct obf_position *pos, const char *comment, char *out, size_t outlen)
{
	char board[BOARD_STRING_LEN + 1];
	size_t len;
	int n;

	board_format(&pos->b, pos->side, board);
	n = snprintf(out, outlen, "%s;", board);
	for (int i = 0; i < pos->n_moves && n >= 0 && (size_t)n < outlen; i++) {
		len = (size_t)n;
		n += snprintf(out + len, outlen - len, " %s:%+d;",
			      pos->moves[i] == SQ_PASS ? "PS"
						       : board_square_name_upper(pos->moves[i]),
			      pos->scores[i]);
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
