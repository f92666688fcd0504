/*
 * square.h — squares on every board (part of the engine facade, beside
 * position.h): names, parsing, rows and columns, holes.
 *
 * Above the engine, the squares of an 8×8 game are numbered as board.h does
 * (a1 = 0 .. h8 = 63) and those of the other boards as vboard.h does (row * stride +
 * column), so that a move is an int on every board and the engines' own
 * numbering is kept. SQ_PASS (64) and SQ_NONE (65) mean a pass and no move on
 * every board: on 6×6 no square reaches 64, and on the 10×10 board with holes
 * 64 is the hole j6 and 65 the blank bit after it, neither ever a square.
 */
#ifndef OTHELLO_SQUARE_H
#define OTHELLO_SQUARE_H

#include "board.h"
#include "vboard.h"

#include <stdbool.h>

enum {
	SQUARE_NAME_LEN = 4,		 /* "j10" and its end */
	SQUARE_MAX_COUNT = VBOARD_MAX_SQ /* squares of the largest board */
};

/*
 * A set of squares of any board: bit sq for square sq (this file's
 * numbering; an 8×8 set in the low 64 bits). The facade's type for the legal
 * moves, the flips of a move and the discs of a side; the layers above the
 * engine read it through the calls below, whatever the board keeps inside.
 */
typedef vbits sqset;

/* The set of the one square sq. */
static inline sqset sqset_of(int sq)
{
	return vboard_bit(sq);
}

/* True when square sq is in the set. */
static inline bool sqset_has(sqset s, int sq)
{
	return (s >> sq) & 1;
}

/* The number of squares in the set. */
static inline int sqset_count(sqset s)
{
	return vboard_popcount(s);
}

/* The lowest square of a set that is not empty (with s &= s - 1, the squares in turn). */
static inline int sqset_first(sqset s)
{
	return vboard_first_square(s);
}

int square_size(enum variant v);
int square_count(enum variant v);
int square_at(enum variant v, int row, int col);
bool square_valid(enum variant v, int sq);
bool square_is_hole(enum variant v, int row, int col);
void square_row_col(enum variant v, int sq, int *row, int *col);
int square_parse(enum variant v, const char *s, int *len);
int square_run_parse(enum variant v, const char *w, int *out, int max);
int square_parse_word(enum variant v, const char *w);
const char *square_name(enum variant v, int sq, char buf[SQUARE_NAME_LEN]);

/* A square's name as a value, for use inside one expression: square_text(v, sq).s. */
struct square_text {
	char s[SQUARE_NAME_LEN]; /* the name, as square_name writes it */
};
struct square_text square_text(enum variant v, int sq);
const char *square_variant_name(enum variant v);

/* The boards' names on the command line, in enum variant order and NULL after the last (an
   option table's choices), and the same as a list for messages. */
extern const char *const square_variants[VARIANT_COUNT + 1];
#define SQUARE_VARIANT_LIST "8x8, 6x6 or 10x10-holes"
int square_variant_named(const char *name);
const char *square_range(enum variant v);
int square_variant_of_side(int side);

#endif
