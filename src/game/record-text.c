/*
 * record-text.c — the two plain-text formats: transcripts and board strings
 * (OBF lines).
 *
 * Transcript (.txt): the moves of the main line, two characters each,
 * `f5d6c3d3c4`. Passes are not written: a reader passes for a side that has no
 * move (so a pass that ends an unfinished line is lost). Read tolerantly: any case (Edax writes
 * `F5d6C3`), spaces, dashes, commas, move numbers (`1. f5 d6 2. c3`), explicit passes `pa`/`pass`,
 * and comments from `#` or `%` to the end of the line.
 *
 *   Part          Meaning
 *   ------------  ---------------------------------------------------------
 *   first line    optional: a board string (64 squares and the side to move,
 *                 no digits) for a start other than the standard one
 *   moves         column letter a-h, row digit 1-8
 *
 * Board string / OBF line (.obf): one position.
 *
 *   Part          Meaning
 *   ------------  ---------------------------------------------------------
 *   64 squares    a1..h8 row by row: X (also * b x) black, O (also o w)
 *                 white, - (or .) empty; spaces ignored
 *   side          the side to move, X or O, after a space
 *   ;...          optional: `;` then move:score entries (FFO files), ignored
 *   % ...         a comment line
 *
 * The OBF writer writes the position at the end of the main line, so that
 * `convert game.sgf pos.obf` gives the position the game reached.
 */
#include "config.h"

#include "record-int.h"
#include "record.h"
#include "square.h"
#include "parse.h"

#include <stdlib.h>
#include <string.h>

static bool is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Parses the board string in line[] (a board of any size) into the record's start; the
   characters used in *used. Returns 0, or -1 with the message in msg. */
static int board_line_parse(struct game *g, const char *line, int *used, char *msg, size_t msglen)
{
	struct pos p;
	enum color side;
	int n =
	    pos_parse(pos_string_variant(line, strcspn(line, ";%")), line, &p, &side, msg, msglen);

	if (n >= 0 && game_set_start_pos(g, &p, side, msg, msglen) < 0)
		return -1;
	*used = n;
	return n < 0 ? -2 : 0;
}

/* Parses the board string in text[start, end) into the record's start, with
   errors placed at their column. */
static int read_board_line(struct game *g, const char *text, size_t len, size_t start, size_t end,
			   const char *name, char *err, size_t errlen, size_t *used)
{
	char *line = malloc(end - start + 1), msg[160];
	int n = 0, col, skip = 0, rc;

	if (!line) {
		record_error(err, errlen, name, text, len, start, "out of memory");
		return -1;
	}
	memcpy(line, text + start, end - start);
	line[end - start] = '\0';
	rc = board_line_parse(g, line, &n, msg, sizeof(msg));
	free(line);
	if (rc == -2 && sscanf(msg, "column %d: %n", &col, &skip) == 1 && skip > 0) {
		record_error(err, errlen, name, text, len, start + (size_t)col - 1, "%s",
			     msg + skip);
		return -1;
	}
	if (rc < 0) {
		record_error(err, errlen, name, text, len, start, "%s", msg);
		return -1;
	}
	*used = (size_t)n;
	return 0;
}

/* The end of the line starting at i. */
static size_t line_end(const char *text, size_t len, size_t i)
{
	while (i < len && text[i] != '\n')
		i++;
	return i;
}

/* True if text[a, b) looks like a board string: no digits, 36+ square characters (a
   6×6 board has 36 squares, 8×8 64, the 10×10 board 100 with its holes `#`). */
static bool looks_like_board(const char *text, size_t a, size_t b)
{
	int squares = 0;

	for (size_t i = a; i < b; i++) {
		if (text[i] >= '0' && text[i] <= '9')
			return false;
		if (strchr("XxOo*-.bw#", text[i]) && text[i])
			squares++;
	}
	return squares >= 36;
}

/* The square of board v written at text[i] (a column letter and a row number, "f5",
   "j10"), with its characters in *used; -1 if none starts there. On 8×8 a square is two
   characters, as before there were other boards: "a10" is a1 then 0. */
static int transcript_square(enum variant v, const char *text, size_t len, size_t i, size_t *used)
{
	char s[4] = {0};
	int n = 2, sq;

	for (size_t k = 0; k < 3 && i + k < len; k++)
		s[k] = text[i + k];
	sq = square_parse(v, s, &n); /* "a10" is a1 on 8×8: its squares have two characters */
	*used = (size_t)n;
	return sq;
}

/* Reads a transcript. Returns a new record, or NULL with `NAME:LINE:COL: what
   is wrong` (an illegal move names the move and the player). */
struct game *record_read_transcript(const char *text, size_t len, const char *name, char *err,
				    size_t errlen)
{
	struct game *g;
	struct game_node *cur;
	size_t i = 0, used;
	char msg[160];

	if (record_check_text(text, len, name, err, errlen) < 0)
		return NULL;
	if (!(g = game_new())) {
		record_error(err, errlen, name, text, len, 0, "out of memory");
		return NULL;
	}
	while (i < len && (is_blank((unsigned char)text[i]) || text[i] == '\n'))
		i++;
	if (i < len && looks_like_board(text, i, line_end(text, len, i))) {
		size_t e = line_end(text, len, i);

		if (read_board_line(g, text, len, i, e, name, err, errlen, &used) < 0)
			goto fail;
		for (i += used; i < e; i++)
			if (!is_blank((unsigned char)text[i])) {
				record_error(err, errlen, name, text, len, i,
					     "unexpected '%s' after the board",
					     PARSE_SHOW(text[i]));
				goto fail;
			}
	}
	cur = g->root;
	while (i < len) {
		unsigned char c = (unsigned char)text[i];
		int sq;

		if (is_blank(c) || c == '\n' || c == '-' || c == ',' || c == '.' || c == ';') {
			i++;
		} else if (c >= '0' && c <= '9') {
			while (i < len && text[i] >= '0' && text[i] <= '9')
				i++;
		} else if (c == '#' || c == '%') {
			i = line_end(text, len, i);
		} else if ((c | 0x20) == 'p' && i + 1 < len && (text[i + 1] | 0x20) == 'a') {
			size_t at = i;

			i += 2;
			if (i + 1 < len && (text[i] | 0x20) == 's' && (text[i + 1] | 0x20) == 's')
				i += 2;
			if (!(cur = game_add_move(g, cur, SQ_PASS, msg, sizeof(msg)))) {
				record_error(err, errlen, name, text, len, at, "%s", msg);
				goto fail;
			}
		} else if ((sq = transcript_square(g->variant, text, len, i, &used)) >= 0) {
			struct game_node *next;
			char sqname[SQUARE_NAME_LEN];

			if (game_is_over(cur)) {
				record_error(err, errlen, name, text, len, i,
					     "move %s after the end of the game",
					     square_name(g->variant, sq, sqname));
				goto fail;
			}
			if (!game_legal_moves(cur) &&
			    !(cur = game_add_move(g, cur, SQ_PASS, msg, sizeof(msg)))) {
				record_error(err, errlen, name, text, len, i, "%s", msg);
				goto fail;
			}
			if (!(next = game_add_move(g, cur, sq, msg, sizeof(msg)))) {
				record_error(err, errlen, name, text, len, i, "%s", msg);
				goto fail;
			}
			cur = next;
			i += used;
		} else {
			record_error(err, errlen, name, text, len, i,
				     "unexpected '%s': expected a move such as f5", PARSE_SHOW(c));
			goto fail;
		}
	}
	return g;
fail:
	game_free(g);
	return NULL;
}

/* Writes the board string of the position at n (any board) and `end` after it. */
static void put_board_line(FILE *f, const struct game_node *n, const char *end)
{
	char s[POS_STRING_MAX + 1];

	pos_format(&n->pos, n->side, s);
	fprintf(f, "%s%s", s, end);
}

/* Writes the main line as a transcript (lower case, passes left out), after a
   board-string line if the start is not the standard one or the board is not 8×8
   (that line names the board). 0, or -1 on a write error. */
int record_write_transcript(const struct game *g, FILE *f)
{
	char name[SQUARE_NAME_LEN];

	if (!g->standard_start || !game_board(g->root, NULL))
		put_board_line(f, g->root, "\n");
	for (const struct game_node *n = g->root->child; n; n = n->child)
		if (n->move != SQ_PASS)
			fputs(square_name(g->variant, n->move, name), f);
	fputc('\n', f);
	return record_finish_output(f);
}

/* Reads the OBF line text[i, e) (a board string, then nothing but `;...` or
   `% ...`) into g's start. 0, or -1 with `NAME:LINE:COL: what` in err. */
static int read_obf_line(struct game *g, const char *text, size_t len, size_t i, size_t e,
			 const char *name, char *err, size_t errlen)
{
	size_t used;

	if (read_board_line(g, text, len, i, e, name, err, errlen, &used) < 0)
		return -1;
	for (i += used; i < e && is_blank((unsigned char)text[i]); i++)
		;
	if (i < e && text[i] != ';' && text[i] != '%') {
		record_error(err, errlen, name, text, len, i,
			     "unexpected '%s' after the side to move (expected ';')",
			     PARSE_SHOW(text[i]));
		return -1;
	}
	return 0;
}

/* The start of the next position line from text[i] (blank lines and `%`
   comment lines skipped), or len when there is none. */
static size_t next_obf_line(const char *text, size_t len, size_t i)
{
	for (;;) {
		while (i < len && (is_blank((unsigned char)text[i]) || text[i] == '\n'))
			i++;
		if (i >= len || text[i] != '%')
			return i;
		i = line_end(text, len, i);
	}
}

/* Reads the first position of a board-string / OBF file (blank lines and `%`
   comment lines skipped) as a record with that start and no moves; the
   positions after it are read too, so that a malformed one is refused, and
   counted in other_games (an FFO file holds 19 or 20). NULL with
   `NAME:LINE:COL: what is wrong` if there is none or one is malformed. */
struct game *record_read_obf(const char *text, size_t len, const char *name, char *err,
			     size_t errlen)
{
	struct game *g, *scratch = NULL;
	size_t i;

	if (record_check_text(text, len, name, err, errlen) < 0)
		return NULL;
	if ((i = next_obf_line(text, len, 0)) >= len) {
		record_error(err, errlen, name, text, len, i, "no position in the file");
		return NULL;
	}
	if (!(g = game_new()) || !(scratch = game_new())) {
		record_error(err, errlen, name, text, len, 0, "out of memory");
		goto fail;
	}
	if (read_obf_line(g, text, len, i, line_end(text, len, i), name, err, errlen) < 0)
		goto fail;
	for (i = next_obf_line(text, len, line_end(text, len, i)); i < len;
	     i = next_obf_line(text, len, line_end(text, len, i))) {
		if (read_obf_line(scratch, text, len, i, line_end(text, len, i), name, err,
				  errlen) < 0)
			goto fail;
		g->other_games++;
	}
	game_free(scratch);
	return g;
fail:
	game_free(scratch);
	game_free(g);
	return NULL;
}

/* Writes the position at the end of g's main line as an OBF line
   ("<64 squares> X;"). 0, or -1 on a write error. */
int record_write_obf(const struct game *g, FILE *f)
{
	put_board_line(f, game_line_end(g->root), ";\n");
	return record_finish_output(f);
}
