/*
 * vboard.c — the rules on the boards of vboard.h: moves and flips by shifts
 * along the four line directions, the start position, square names, board
 * strings and perft.
 *
 * A direction is a shift by 1 (a row), stride (a column), stride + 1 or
 * stride - 1 (the diagonals), left for east/south, right for west/north. A run
 * of the opponent's discs is grown one shift at a time; the blank bit after
 * each row and the holes are never the opponent's, so a run stops there.
 */
#include "vboard.h"
#include "board.h"
#include "parse.h"

#include <stdio.h>
#include <string.h>

/* The bit of square (row r, column c) on a board of side n. */
#define AT(n, r, c) ((vbits)1 << ((r) * ((n) + 1) + (c)))
/* Row r of a board of side n, all n squares. */
#define ROW(n, r) ((vbits)((1ULL << (n)) - 1) << ((r) * ((n) + 1)))
#define ROWS6(n) (ROW(n, 0) | ROW(n, 1) | ROW(n, 2) | ROW(n, 3) | ROW(n, 4) | ROW(n, 5))
#define ROWS8(n) (ROWS6(n) | ROW(n, 6) | ROW(n, 7))
#define ROWS10(n) (ROWS8(n) | ROW(n, 8) | ROW(n, 9))
/* The four true corners of a board of side n. */
#define CORNERS(n) (AT(n, 0, 0) | AT(n, 0, n - 1) | AT(n, n - 1, 0) | AT(n, n - 1, n - 1))
/* The eight holes of the 10×10 board: e1 f1 e10 f10 a5 a6 j5 j6. */
#define HOLES10                                                                                    \
	(AT(10, 0, 4) | AT(10, 0, 5) | AT(10, 9, 4) | AT(10, 9, 5) | AT(10, 4, 0) | AT(10, 5, 0) | \
	 AT(10, 4, 9) | AT(10, 5, 9))
/* The eight corners beside its holes: d1 g1 d10 g10 a4 a7 j4 j7. */
#define HOLE_CORNERS10                                                                             \
	(AT(10, 0, 3) | AT(10, 0, 6) | AT(10, 9, 3) | AT(10, 9, 6) | AT(10, 3, 0) | AT(10, 6, 0) | \
	 AT(10, 3, 9) | AT(10, 6, 9))

static const struct vgeom geoms[VARIANT_COUNT] = {
    [VARIANT_8X8] = {VARIANT_8X8, "8x8", 8, 9, 64, ROWS8(8), 0, CORNERS(8)},
    [VARIANT_6X6] = {VARIANT_6X6, "6x6", 6, 7, 36, ROWS6(6), 0, CORNERS(6)},
    [VARIANT_10X10_HOLES] = {VARIANT_10X10_HOLES, "10x10-holes", 10, 11, 92, ROWS10(10) & ~HOLES10,
			     HOLES10, CORNERS(10) | HOLE_CORNERS10},
};

/* Returns the geometry of a board (static, never changes). */
const struct vgeom *vboard_geom(enum variant v)
{
	return (unsigned)v < VARIANT_COUNT ? &geoms[v] : NULL;
}

/*
 * The moves and flips of one word type (T) and stride (S), as inline functions
 * named NAME_moves and NAME_flips: with S a constant the compiler unrolls the
 * directions into fixed shifts. 6×6 (42 bits) runs on uint64_t, the others on
 * 128 bits. In direction d (0..7) a step is a shift by steps[d / 2], left for
 * even d, right for odd.
 */
#define VBOARD_RULES(NAME, T, S)                                                                   \
	static inline T NAME##_shift(T x, int d)                                                   \
	{                                                                                          \
		const int steps[4] = {1, S, S + 1, S - 1};                                         \
		return (d & 1) ? x >> steps[d >> 1] : x << steps[d >> 1];                          \
	}                                                                                          \
	static inline T NAME##_moves(T own, T opp, T empty)                                        \
	{                                                                                          \
		T moves = 0;                                                                       \
		for (int d = 0; d < 8; d++) {                                                      \
			T f = NAME##_shift(own, d) & opp;                                          \
			for (int i = 0; i < S - 4; i++)                                            \
				f |= NAME##_shift(f, d) & opp;                                     \
			moves |= NAME##_shift(f, d) & empty;                                       \
		}                                                                                  \
		return moves;                                                                      \
	}                                                                                          \
	static inline T NAME##_flips(T own, T opp, int sq)                                         \
	{                                                                                          \
		T flips = 0, from = (T)1 << sq;                                                    \
		for (int d = 0; d < 8; d++) {                                                      \
			T x = NAME##_shift(from, d), run = 0;                                      \
			while (x & opp) {                                                          \
				run |= x;                                                          \
				x = NAME##_shift(x, d);                                            \
			}                                                                          \
			if (x & own)                                                               \
				flips |= run;                                                      \
		}                                                                                  \
		return flips;                                                                      \
	}

VBOARD_RULES(rules6, uint64_t, 7)
VBOARD_RULES(rules8, vbits, 9)
VBOARD_RULES(rules10, vbits, 11)

/*
 * Returns the legal moves of `own` against `opp`: the empty squares from which
 * a run of `opp` discs along a line ends on an `own` disc.
 */
vbits vboard_moves(const struct vgeom *g, vbits own, vbits opp)
{
	vbits empty = g->valid & ~(own | opp);

	switch (g->variant) {
	case VARIANT_6X6:
		return rules6_moves((uint64_t)own, (uint64_t)opp, (uint64_t)empty);
	case VARIANT_8X8:
		return rules8_moves(own, opp, empty);
	default:
		return rules10_moves(own, opp, empty);
	}
}

/* Returns the discs that a move of `own` on the empty square `sq` flips (0: illegal). */
vbits vboard_flips(const struct vgeom *g, vbits own, vbits opp, int sq)
{
	switch (g->variant) {
	case VARIANT_6X6:
		return rules6_flips((uint64_t)own, (uint64_t)opp, sq);
	case VARIANT_8X8:
		return rules8_flips(own, opp, sq);
	default:
		return rules10_flips(own, opp, sq);
	}
}

/* Sets up the start position: the four centre discs as on 8×8, Black to move. */
void vboard_start(const struct vgeom *g, struct vboard *b)
{
	int m = g->size / 2;

	/* d4 white, e4 black, d5 black, e5 white on 8×8; the same centre on the others. */
	b->own = vboard_bit(vboard_square(g, m - 1, m)) | vboard_bit(vboard_square(g, m, m - 1));
	b->opp = vboard_bit(vboard_square(g, m - 1, m - 1)) | vboard_bit(vboard_square(g, m, m));
}

/* Returns whether neither side has a move. */
bool vboard_game_over(const struct vgeom *g, const struct vboard *b)
{
	return !vboard_moves(g, b->own, b->opp) && !vboard_moves(g, b->opp, b->own);
}

/* Returns the final score of a finished game for the side to move, empties to the winner. */
int vboard_final_score(const struct vgeom *g, const struct vboard *b)
{
	int own = vboard_popcount(b->own), opp = vboard_popcount(b->opp);
	int empties = g->squares - own - opp;

	if (own > opp)
		return own - opp + empties;
	if (own < opp)
		return own - opp - empties;
	return 0;
}

/* Returns a 64-bit hash of the position (side to move's view). */
uint64_t vboard_hash(const struct vboard *b)
{
	uint64_t h = board_hash_mix((uint64_t)b->own ^ 0x9E3779B97F4A7C15ULL);

	h = board_hash_mix(h ^ (uint64_t)(b->own >> 64));
	h = board_hash_mix(h ^ (uint64_t)b->opp);
	return board_hash_mix(h ^ (uint64_t)(b->opp >> 64) ^ 0x2545F4914F6CDD1DULL);
}

/*
 * Returns the square that sq becomes under symmetry t (0..7) of the square
 * board: bit 0 of t mirrors the columns, bit 1 the rows, then bit 2 swaps rows
 * and columns; 0 is the identity. The holes map onto holes.
 */
int vboard_symmetry_square(const struct vgeom *g, int t, int sq)
{
	int n = g->size, r = sq / g->stride, c = sq % g->stride;

	if (t & 1)
		c = n - 1 - c;
	if (t & 2)
		r = n - 1 - r;
	if (t & 4) {
		int x = r;

		r = c;
		c = x;
	}
	return r * g->stride + c;
}

/* Returns the square (bit number) of row `row`, column `col`, both from 0. */
int vboard_square(const struct vgeom *g, int row, int col)
{
	return row * g->stride + col;
}

/*
 * Returns the square named at the start of `s` ("a1".."j10", either case) with
 * the characters it used in *len, or -1 if none of this board starts there (a
 * hole is not a square). "a10" is read whole: "a1" followed by "0" is not.
 */
int vboard_square_parse(const struct vgeom *g, const char *s, int *len)
{
	int c, r, n = 2, sq;

	if (!s || !s[0] || !s[1])
		return -1;
	c = (s[0] | 0x20) - 'a';
	if (c < 0 || c >= g->size || s[1] < '1' || s[1] > '9')
		return -1;
	r = s[1] - '0';
	if (s[2] >= '0' && s[2] <= '9') {
		r = r * 10 + s[2] - '0';
		n = 3;
	}
	if (r > g->size)
		return -1;
	sq = vboard_square(g, r - 1, c);
	if (!(g->valid & vboard_bit(sq)))
		return -1;
	if (len)
		*len = n;
	return sq;
}

/* Writes the lower-case name of a square to buf ("pa" a pass, "--" none) and returns buf. */
const char *vboard_square_name(const struct vgeom *g, int sq, char buf[4])
{
	if (sq == VSQ_PASS)
		snprintf(buf, 4, "pa");
	else if (sq < 0 || sq >= g->size * g->stride || sq % g->stride == g->size)
		snprintf(buf, 4, "--");
	else {
		int row = sq / g->stride + 1, n = 0;

		buf[n++] = (char)('a' + sq % g->stride);
		if (row >= 10)
			buf[n++] = (char)('0' + row / 10);
		buf[n++] = (char)('0' + row % 10);
		buf[n] = '\0';
	}
	return buf;
}

static bool is_space(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* Writes the message of a bad square at column col (0-based) of a board string. */
static void parse_square_error(const struct vgeom *g, int sq, int col, int ch, char *err,
			       size_t errlen)
{
	char name[4];

	if (g->holes & vboard_bit(sq))
		snprintf(err, errlen, "column %d: %s is a hole (expected # or -, not '%s')",
			 col + 1, vboard_square_name(g, sq, name), PARSE_SHOW(ch));
	else
		snprintf(err, errlen, "column %d: '%s' is not a square (expected X, O or -)",
			 col + 1, PARSE_SHOW(ch));
}

/*
 * Parses a board string of this board: size × size squares row by row from a1
 * (X * b black, O w white, - . empty; a hole is written # and may also be
 * written - or .; spaces ignored), then the side to move (X or O). Returns the
 * number of characters read, or -1 with a message naming the column (1-based)
 * in err.
 */
int vboard_parse(const struct vgeom *g, const char *s, struct vboard *b, int *black_to_move,
		 char *err, size_t errlen)
{
	int n = 0, i = 0, all = g->size * g->size, kind;
	vbits black = 0, white = 0;

	for (; s[i] && n < all; i++) {
		int sq = vboard_square(g, n / g->size, n % g->size);
		bool hole = (g->holes & vboard_bit(sq)) != 0;

		if (is_space((unsigned char)s[i]))
			continue;
		kind = s[i] == '#' ? 3 : board_parse_disc((unsigned char)s[i]);
		if (kind < 0 || (kind == 3 && !hole) || (hole && kind < 2)) {
			parse_square_error(g, sq, i, s[i], err, errlen);
			return -1;
		}
		if (kind == 0)
			black |= vboard_bit(sq);
		else if (kind == 1)
			white |= vboard_bit(sq);
		n++;
	}
	if (n < all) {
		snprintf(err, errlen, "column %d: the board has %d squares, expected %d (%s)",
			 i + 1, n, all, g->name);
		return -1;
	}
	if ((kind = board_parse_side(s, &i, all, err, errlen)) < 0)
		return -1;
	*black_to_move = kind == 0;
	b->own = kind == 0 ? black : white;
	b->opp = kind == 0 ? white : black;
	return i + 1;
}

/* Writes the board string of a position (squares, # for holes, a space, X or O) to out. */
void vboard_format(const struct vgeom *g, const struct vboard *b, int black_to_move,
		   char out[VBOARD_STRING_MAX + 1])
{
	vbits black = black_to_move ? b->own : b->opp, white = black_to_move ? b->opp : b->own;
	int n = 0;

	for (int r = 0; r < g->size; r++) {
		for (int c = 0; c < g->size; c++) {
			vbits bit = vboard_bit(vboard_square(g, r, c));

			out[n++] = (g->holes & bit) ? '#'
				   : (black & bit)  ? 'X'
				   : (white & bit)  ? 'O'
						    : '-';
		}
	}
	out[n++] = ' ';
	out[n++] = black_to_move ? 'X' : 'O';
	out[n] = '\0';
}

/* Counts the sequences of exactly depth >= 1 plies; the last ply is counted in bulk. */
static uint64_t perft_rec(const struct vgeom *g, vbits own, vbits opp, int depth)
{
	vbits moves = vboard_moves(g, own, opp);
	uint64_t nodes = 0;

	if (!moves) {
		if (!vboard_moves(g, opp, own))
			return 0; /* the game ended before this depth */
		return depth == 1 ? 1 : perft_rec(g, opp, own, depth - 1);
	}
	if (depth == 1)
		return (uint64_t)vboard_popcount(moves);
	while (moves) {
		int sq = vboard_first_square(moves);
		vbits flips = vboard_flips(g, own, opp, sq);

		moves &= moves - 1;
		nodes += perft_rec(g, opp ^ flips, own ^ flips ^ vboard_bit(sq), depth - 1);
	}
	return nodes;
}

/*
 * Returns the number of move sequences of exactly `depth` plies from b (a pass
 * is a ply; a game that ends earlier counts once, at its last ply). Depth 0
 * gives 1.
 */
uint64_t vboard_perft(const struct vgeom *g, const struct vboard *b, int depth)
{
	if (depth <= 0)
		return 1;
	return perft_rec(g, b->own, b->opp, depth);
}

/*
 * Plays a transcript from b (the side to move black_to_move): squares such as
 * "c2b3" or "C2 b3" (a1..j10, either case; spaces, commas and dashes
 * between them are skipped; passes are not written: a side with no move
 * passes by itself). Returns the number of moves played, or -1 with "column
 * N: message" in err (b then holds the position before the bad move).
 */
int vboard_transcript_play(const struct vgeom *g, const char *text, struct vboard *b,
			   int *black_to_move, char *err, size_t errlen)
{
	int n = 0;

	for (int i = 0; text[i];) {
		int len = 0, sq;
		vbits flips;
		char name[4];

		if (is_space((unsigned char)text[i]) || text[i] == ',' || text[i] == '-') {
			i++;
			continue;
		}
		sq = vboard_square_parse(g, text + i, &len);
		if (sq < 0) {
			snprintf(err, errlen, "column %d: expected a square of %s (a1..%c%d)",
				 i + 1, g->name, 'a' + g->size - 1, g->size);
			return -1;
		}
		if (!vboard_moves(g, b->own, b->opp) && vboard_moves(g, b->opp, b->own)) {
			vboard_pass(b);
			*black_to_move = !*black_to_move;
		}
		flips =
		    (b->own | b->opp) & vboard_bit(sq) ? 0 : vboard_flips(g, b->own, b->opp, sq);
		if (!flips) {
			snprintf(err, errlen, "column %d: %s is not a legal move", i + 1,
				 vboard_square_name(g, sq, name));
			return -1;
		}
		vboard_play(b, sq, flips);
		*black_to_move = !*black_to_move;
		n++;
		i += len;
	}
	return n;
}
