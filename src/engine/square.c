/*
 * square.c — squares on every board (numbering in square.h), for the layers
 * above the engine.
 *
 * 8×8 goes to board.h's functions, the other boards to vboard.h's geometry;
 * nothing here is on the engines' paths.
 */
#include "config.h"

#include "square.h"

#include <stdio.h>
#include <string.h>

/* The squares a side of board v has (8, 6 or 10). */
int square_size(enum variant v)
{
	return v == VARIANT_8X8 ? 8 : vboard_geom(v)->size;
}

/* The playable squares of board v (64, 36, or 92 on 10×10 with holes). */
int square_count(enum variant v)
{
	return v == VARIANT_8X8 ? 64 : vboard_geom(v)->squares;
}

/* The square at (row, col), both from 0 at the top left; -1 outside the board or on a hole. */
int square_at(enum variant v, int row, int col)
{
	int n = square_size(v), sq;

	if (row < 0 || col < 0 || row >= n || col >= n)
		return -1;
	if (v == VARIANT_8X8)
		return row * 8 + col;
	sq = vboard_square(vboard_geom(v), row, col);
	return (vboard_geom(v)->valid & vboard_bit(sq)) ? sq : -1;
}

/* True when sq is a playable square of board v. */
bool square_valid(enum variant v, int sq)
{
	if (v == VARIANT_8X8)
		return sq >= 0 && sq < 64;
	return sq >= 0 && sq < 128 && (vboard_geom(v)->valid & vboard_bit(sq)) != 0;
}

/* True when (row, col) of board v is a removed square. */
bool square_is_hole(enum variant v, int row, int col)
{
	if (v == VARIANT_8X8 || row < 0 || col < 0 || row >= square_size(v) ||
	    col >= square_size(v))
		return false;
	return (vboard_geom(v)->holes & vboard_bit(vboard_square(vboard_geom(v), row, col))) != 0;
}

/* The row and column (from 0 at the top left) of square sq of board v. */
void square_row_col(enum variant v, int sq, int *row, int *col)
{
	int stride = v == VARIANT_8X8 ? 8 : vboard_geom(v)->stride;

	*row = sq / stride;
	*col = sq % stride;
}

/* The square named at the start of s ("d3", "j10", either case) with the characters it
   used in *len, or -1 if no square of board v starts there. */
int square_parse(enum variant v, const char *s, int *len)
{
	if (v == VARIANT_8X8) {
		int sq = board_square_parse(s);

		if (sq >= 0 && len)
			*len = 2;
		return sq;
	}
	return vboard_square_parse(vboard_geom(v), s, len);
}

/* The square a whole word names on board v ("d3", "J10"), or -1 if it names none. */
int square_parse_word(enum variant v, const char *w)
{
	int sq;

	return square_run_parse(v, w, &sq, 1) == 1 ? sq : -1;
}

/* Reads a word that is a run of square names of board v ("f5d6c3", "j10a1") into out[0..max):
   returns how many, or -1 when the word is not wholly such a run (or holds more than max). */
int square_run_parse(enum variant v, const char *w, int *out, int max)
{
	int n = 0, len;

	if (!*w)
		return -1;
	while (*w) {
		int sq = square_parse(v, w, &len);

		if (sq < 0 || n == max)
			return -1;
		out[n++] = sq;
		w += len;
	}
	return n;
}

/* Writes the lower-case name of sq on board v to buf ("pa" for SQ_PASS as board.h writes it,
   "--" for none) and returns buf. */
const char *square_name(enum variant v, int sq, char buf[SQUARE_NAME_LEN])
{
	char tmp[4];
	int row, col;

	if (v == VARIANT_8X8)
		snprintf(buf, SQUARE_NAME_LEN, "%s", board_square_name(sq));
	else if (sq == SQ_PASS)
		snprintf(buf, SQUARE_NAME_LEN, "pa");
	else if (sq < 0 || sq == SQ_NONE)
		snprintf(buf, SQUARE_NAME_LEN, "--");
	else {
		square_row_col(v, sq, &row, &col);
		if (square_at(v, row, col) != sq)
			snprintf(buf, SQUARE_NAME_LEN, "--");
		else
			snprintf(buf, SQUARE_NAME_LEN, "%s",
				 vboard_square_name(vboard_geom(v), sq, tmp));
	}
	return buf;
}

/* The name of sq on board v as square_name writes it, in a value that lives to the end of
   the expression that called (a printf argument: square_text(v, sq).s). */
struct square_text square_text(enum variant v, int sq)
{
	struct square_text t;

	square_name(v, sq, t.s);
	return t;
}

/* The boards' names, as the command line writes them. */
const char *const square_variants[VARIANT_COUNT + 1] = {"8x8", "6x6", "10x10-holes", NULL};

/* The name of board v as the command line writes it ("8x8", "6x6", "10x10-holes"). */
const char *square_variant_name(enum variant v)
{
	return square_variants[v];
}

/* The board a name on the command line gives, or -1 when none has that name. */
int square_variant_named(const char *name)
{
	for (int v = 0; v < VARIANT_COUNT; v++)
		if (strcmp(name, square_variants[v]) == 0)
			return v;
	return -1;
}

/* The board whose side has `side` squares (8, 6 or 10), or -1 when none has. */
int square_variant_of_side(int side)
{
	for (int v = 0; v < VARIANT_COUNT; v++)
		if (square_size((enum variant)v) == side)
			return v;
	return -1;
}

/* The squares of board v in words, for messages: "a1 to h8", "a1 to f6",
   "a1 to j10, not the holes". */
const char *square_range(enum variant v)
{
	switch (v) {
	case VARIANT_6X6:
		return "a1 to f6";
	case VARIANT_10X10_HOLES:
		return "a1 to j10, not the holes";
	default:
		return "a1 to h8";
	}
}
