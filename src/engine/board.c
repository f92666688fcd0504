/*
 * board.c — move generation, flips, symmetries, hashing, square names, board
 * strings and perft.
 *
 * Move generation shifts the mover's discs over runs of opponent discs in the
 * four line directions, both ways, with a parallel-prefix fill (runs of up to
 * six discs in three steps). Opponent discs on the a and h files cannot be
 * flanked horizontally or diagonally, so masking them out also stops shifts
 * from wrapping round the board's edge.
 *
 * There are two implementations, tested against each other and against a
 * slow reference in the tests: a portable one (moves one direction at a time;
 * flips by bit scans along the lines through the move square) and, when the
 * compiler targets AVX2, a fast one that handles the four directions as the
 * lanes of one vector (flips: the same fill started from the move square).
 * With AVX-512 (CD and VL), flips are the portable bit scans done in vector
 * lanes, inline in board.h, over the per-square rays of board_rays[].
 */
#include "board.h"
#include "parse.h"

#include <stdio.h>
#include <string.h>

#define INNER_FILES 0x7E7E7E7E7E7E7E7EULL
#define FILE_A 0x0101010101010101ULL
#define DIAG_A1H8 0x8040201008040201ULL
#define DIAG_H1A8 0x0102040810204080ULL

/* Portable moves in one line direction (shift s), both ways. */
static inline uint64_t moves_line(uint64_t own, uint64_t mask, int s)
{
	uint64_t l = mask & (own << s), r = mask & (own >> s);
	uint64_t ml = mask & (mask << s), mr = mask & (mask >> s);

	l |= mask & (l << s);
	r |= mask & (r >> s);
	l |= ml & (l << 2 * s);
	r |= mr & (r >> 2 * s);
	l |= ml & (l << 2 * s);
	r |= mr & (r >> 2 * s);
	return (l << s) | (r >> s);
}

/*
 * The portable move generator: the same fills as the fast one, one direction
 * at a time. Returns the legal moves of `own` against `opp`.
 */
uint64_t board_moves_portable(uint64_t own, uint64_t opp)
{
	uint64_t inner = opp & INNER_FILES;

	return (moves_line(own, inner, 1) | moves_line(own, opp, 8) | moves_line(own, inner, 7) |
		moves_line(own, inner, 9)) &
	       ~(own | opp);
}

/* Flips along the squares of `ray` above the move square: the first non-opponent is the lowest bit.
 */
static inline uint64_t flips_up(uint64_t own, uint64_t opp, uint64_t ray)
{
	uint64_t x = ray & ~opp;
	uint64_t first = x & (0 - x);
	uint64_t hit = 0 - (uint64_t)((first & own) != 0);

	return (first - 1) & ray & hit;
}

/* Flips along the squares of `ray` below the move square: the first non-opponent is the highest
 * bit. */
static inline uint64_t flips_down(uint64_t own, uint64_t opp, uint64_t ray)
{
	uint64_t x = (ray & ~opp) | 1;
	uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(x));
	uint64_t hit = 0 - (uint64_t)((top & own & ray) != 0);

	return ray & ~((top << 1) - 1) & hit;
}

static inline uint64_t flips_line(uint64_t own, uint64_t opp, uint64_t line, int sq)
{
	uint64_t above = line & ~(((uint64_t)2 << sq) - 1);
	uint64_t below = line & (board_bit(sq) - 1);

	return flips_up(own, opp, above) | flips_down(own, opp, below);
}

/*
 * The portable flip finder: for each line through the move square, the first
 * square past the run of opponent discs is found with a bit scan. Returns the
 * discs a move of `own` on the empty square `sq` flips (0: illegal).
 */
uint64_t board_flips_portable(uint64_t own, uint64_t opp, int sq)
{
	int col = sq & 7, row = sq >> 3;
	int d = col - row, a = col + row - 7;
	uint64_t rank = (uint64_t)0xFF << (sq & 56);
	uint64_t file = FILE_A << col;
	uint64_t diag = d >= 0 ? DIAG_A1H8 >> (8 * d) : DIAG_A1H8 << (-8 * d);
	uint64_t anti = a >= 0 ? DIAG_H1A8 << (8 * a) : DIAG_H1A8 >> (-8 * a);

	return flips_line(own, opp, rank, sq) | flips_line(own, opp, file, sq) |
	       flips_line(own, opp, diag, sq) | flips_line(own, opp, anti, sq);
}

#ifdef __AVX2__
/*
 * The fast variant: the four line directions (east-west, north-south and the
 * two diagonals) as the four lanes of one vector, which GCC and clang compile
 * to AVX2 variable shifts.
 */
typedef uint64_t u64x4 __attribute__((vector_size(32)));

static const u64x4 shift1 = {1, 8, 7, 9};
static const u64x4 shift2 = {2, 16, 14, 18};

static inline uint64_t or_lanes(u64x4 v)
{
	return v[0] | v[1] | v[2] | v[3];
}

/* The opponent discs that can be flanked in each direction (edges stop the a/h files). */
static inline u64x4 flankable(uint64_t opp)
{
	uint64_t inner = opp & INNER_FILES;
	u64x4 m = {inner, opp, inner, inner};

	return m;
}

/*
 * The parallel-prefix fill of board_moves and board_flips: from the discs of
 * `from`, over the runs of up to six flankable discs `m` next to them, towards
 * higher squares into `l` and lower squares into `r`, one direction a lane.
 */
static inline void fill_runs(u64x4 m, u64x4 from, u64x4 *l, u64x4 *r)
{
	u64x4 ml = m & (m << shift1), mr = m & (m >> shift1);
	u64x4 a = m & (from << shift1), b = m & (from >> shift1);

	a |= m & (a << shift1);
	b |= m & (b >> shift1);
	a |= ml & (a << shift2);
	b |= mr & (b >> shift2);
	a |= ml & (a << shift2);
	b |= mr & (b >> shift2);
	*l = a;
	*r = b;
}

/*
 * Returns the mask of the legal moves of `own` against `opp` (0 if none: the
 * mover must pass or the game is over). Each direction is a parallel-prefix fill
 * from the mover's discs over runs of up to six opponent discs.
 */
uint64_t board_moves(uint64_t own, uint64_t opp)
{
	u64x4 p = {own, own, own, own}, l, r;

	fill_runs(flankable(opp), p, &l, &r);
	return or_lanes((l << shift1) | (r >> shift1)) & ~(own | opp);
}

#if defined(__AVX512CD__) && defined(__AVX512VL__)
/* The rays of board_flips (board.h), as constant expressions of the square. */
#define SQ_ABOVE(sq) ((~0ULL << (sq)) << 1)
#define SQ_BELOW(sq) ((1ULL << (sq)) - 1)
#define SQ_RANK(sq) (0xFFULL << ((sq)&56))
#define SQ_FILE(sq) (FILE_A << ((sq)&7))
#define SQ_DIAG(sq)                                                                                \
	(((sq)&7) >= ((sq) >> 3) ? DIAG_A1H8 >> (8 * (((sq)&7) - ((sq) >> 3)))                     \
				 : DIAG_A1H8 << (8 * (((sq) >> 3) - ((sq)&7))))
#define SQ_ANTI(sq)                                                                                \
	(((sq)&7) + ((sq) >> 3) >= 7 ? DIAG_H1A8 << (8 * (((sq)&7) + ((sq) >> 3) - 7))             \
				     : DIAG_H1A8 >> (8 * (7 - ((sq)&7) - ((sq) >> 3))))
#define SQ_RAYS(sq, side)                                                                          \
	{                                                                                          \
		(long long)(SQ_RANK(sq) & side(sq)), (long long)(SQ_FILE(sq) & side(sq)),          \
		    (long long)(SQ_DIAG(sq) & side(sq)), (long long)(SQ_ANTI(sq) & side(sq))       \
	}
#define RAYS(sq)                                                                                   \
	{                                                                                          \
		SQ_RAYS(sq, SQ_ABOVE), SQ_RAYS(sq, SQ_BELOW)                                       \
	}
#define RAYS8(r)                                                                                   \
	RAYS(8 * (r)), RAYS(8 * (r) + 1), RAYS(8 * (r) + 2), RAYS(8 * (r) + 3), RAYS(8 * (r) + 4), \
	    RAYS(8 * (r) + 5), RAYS(8 * (r) + 6), RAYS(8 * (r) + 7)

const struct board_rays board_rays[64] = {RAYS8(0), RAYS8(1), RAYS8(2), RAYS8(3),
					  RAYS8(4), RAYS8(5), RAYS8(6), RAYS8(7)};
#else
/*
 * Returns the discs that a move of `own` on the empty square `sq` flips; 0 means
 * the move is illegal. From the move square, each direction fills over the run
 * of opponent discs next to it; the run flips if a disc of the mover closes it.
 */
uint64_t board_flips(uint64_t own, uint64_t opp, int sq)
{
	u64x4 p = {own, own, own, own};
	uint64_t bit = board_bit(sq);
	u64x4 x = {bit, bit, bit, bit}, l, r;

	fill_runs(flankable(opp), x, &l, &r);
	l &= (u64x4)(((l << shift1) & p) != 0);
	r &= (u64x4)(((r >> shift1) & p) != 0);
	return or_lanes(l | r);
}
#endif
#else
/* Returns the legal moves of `own` against `opp` (0 if none). */
uint64_t board_moves(uint64_t own, uint64_t opp)
{
	return board_moves_portable(own, opp);
}

/* Returns the discs a move of `own` on the empty square `sq` flips (0: illegal). */
uint64_t board_flips(uint64_t own, uint64_t opp, int sq)
{
	return board_flips_portable(own, opp, sq);
}
#endif

/* Sets up the start position: d5/e4 black, d4/e5 white, Black to move. */
void board_start(struct board *b)
{
	b->own = board_bit(28) | board_bit(35); /* e4, d5 */
	b->opp = board_bit(27) | board_bit(36); /* d4, e5 */
}

/* Returns whether `sq` (0..63) is a legal move for the side to move. */
bool board_is_legal(const struct board *b, int sq)
{
	if (sq < 0 || sq > 63 || ((b->own | b->opp) & board_bit(sq)))
		return false;
	return board_flips(b->own, b->opp, sq) != 0;
}

/* Returns whether the side to move has at least one legal move. */
bool board_can_move(const struct board *b)
{
	return board_moves(b->own, b->opp) != 0;
}

/* Returns whether the side not to move has at least one legal move. */
bool board_opponent_can_move(const struct board *b)
{
	return board_moves(b->opp, b->own) != 0;
}

/* Returns whether neither side can move. */
bool board_game_over(const struct board *b)
{
	return !board_can_move(b) && !board_opponent_can_move(b);
}

/*
 * Returns the final score for the side to move of a finished game: its discs
 * minus the opponent's, empty squares counted for the winner.
 */
int board_final_score(const struct board *b)
{
	int own = board_popcount(b->own), opp = board_popcount(b->opp);
	int empty = 64 - own - opp;

	if (own > opp)
		return own - opp + empty;
	if (own < opp)
		return own - opp - empty;
	return 0;
}

static uint64_t flip_vertical(uint64_t x)
{
	return __builtin_bswap64(x);
}

static uint64_t mirror_horizontal(uint64_t x)
{
	const uint64_t k1 = 0x5555555555555555ULL, k2 = 0x3333333333333333ULL,
		       k4 = 0x0F0F0F0F0F0F0F0FULL;

	x = ((x >> 1) & k1) | ((x & k1) << 1);
	x = ((x >> 2) & k2) | ((x & k2) << 2);
	x = ((x >> 4) & k4) | ((x & k4) << 4);
	return x;
}

/* Transposition: the square (row, col) goes to (col, row). */
static uint64_t flip_diagonal(uint64_t x)
{
	const uint64_t k1 = 0x5500550055005500ULL, k2 = 0x3333000033330000ULL,
		       k4 = 0x0F0F0F0F00000000ULL;
	uint64_t t;

	t = k4 & (x ^ (x << 28));
	x ^= t ^ (t >> 28);
	t = k2 & (x ^ (x << 14));
	x ^= t ^ (t >> 14);
	t = k1 & (x ^ (x << 7));
	x ^= t ^ (t >> 7);
	return x;
}

/*
 * Returns the mask transformed by symmetry `sym` (0..7): bit 4 transposes,
 * then bit 1 flips top to bottom, then bit 2 mirrors left to right. 0 is the
 * identity.
 */
uint64_t board_symmetry_mask(uint64_t x, int sym)
{
	if (sym & 4)
		x = flip_diagonal(x);
	if (sym & 1)
		x = flip_vertical(x);
	if (sym & 2)
		x = mirror_horizontal(x);
	return x;
}

/* Writes the position transformed by symmetry `sym` to `out`. */
void board_symmetry(const struct board *b, int sym, struct board *out)
{
	struct board t = {board_symmetry_mask(b->own, sym), board_symmetry_mask(b->opp, sym)};

	*out = t;
}

/* Returns the image of square `sq` under symmetry `sym`; passes map to themselves. */
int board_symmetry_square(int sq, int sym)
{
	if (sq < 0 || sq > 63)
		return sq;
	return board_first_square(board_symmetry_mask(board_bit(sq), sym));
}

/* Returns the symmetry that undoes `sym`. */
int board_symmetry_inverse(int sym)
{
	/* Transposing after a flip is a flip on the other axis: 5 and 6 swap. */
	static const int inverse[BOARD_SYMMETRIES] = {0, 1, 2, 3, 4, 6, 5, 7};

	return inverse[sym & 7];
}

/*
 * Writes to `out` the representative of the position's symmetry class (the
 * image whose (own, opp) is smallest) and to `sym` (if not NULL) the symmetry
 * that maps the position to it.
 */
void board_canonical(const struct board *b, struct board *out, int *sym)
{
	uint64_t own[BOARD_SYMMETRIES], opp[BOARD_SYMMETRIES];
	int best = 0;

	/* The 8 images share their work: the transposed half (syms 4-7) starts
	   from one transposition, the mirrors from one mirror each half, and a
	   vertical flip is a byte swap. */
	own[0] = b->own;
	opp[0] = b->opp;
	own[4] = flip_diagonal(b->own);
	opp[4] = flip_diagonal(b->opp);
	for (int t = 0; t < BOARD_SYMMETRIES; t += 4) {
		own[t + 2] = mirror_horizontal(own[t]);
		opp[t + 2] = mirror_horizontal(opp[t]);
		own[t + 1] = flip_vertical(own[t]);
		opp[t + 1] = flip_vertical(opp[t]);
		own[t + 3] = flip_vertical(own[t + 2]);
		opp[t + 3] = flip_vertical(opp[t + 2]);
	}
	for (int s = 1; s < BOARD_SYMMETRIES; s++)
		if (own[s] < own[best] || (own[s] == own[best] && opp[s] < opp[best]))
			best = s;
	out->own = own[best];
	out->opp = opp[best];
	if (sym)
		*sym = best;
}

/*
 * The names of the squares, row by row from a1, then of a pass and of "no
 * move" (SQ_PASS, SQ_NONE), spelt with the file letters and pass name given.
 */
#define SQUARE_ROW(r, a, b, c, d, e, f, g, h) a r, b r, c r, d r, e r, f r, g r, h r
#define SQUARE_NAMES(a, b, c, d, e, f, g, h, pass)                                                 \
	{                                                                                          \
		SQUARE_ROW("1", a, b, c, d, e, f, g, h), SQUARE_ROW("2", a, b, c, d, e, f, g, h),  \
		    SQUARE_ROW("3", a, b, c, d, e, f, g, h),                                       \
		    SQUARE_ROW("4", a, b, c, d, e, f, g, h),                                       \
		    SQUARE_ROW("5", a, b, c, d, e, f, g, h),                                       \
		    SQUARE_ROW("6", a, b, c, d, e, f, g, h),                                       \
		    SQUARE_ROW("7", a, b, c, d, e, f, g, h),                                       \
		    SQUARE_ROW("8", a, b, c, d, e, f, g, h), pass, "--"                            \
	}

static const char square_names[66][3] = SQUARE_NAMES("a", "b", "c", "d", "e", "f", "g", "h", "pa");
static const char square_names_upper[66][3] =
    SQUARE_NAMES("A", "B", "C", "D", "E", "F", "G", "H", "PA");

/*
 * Returns the square named by the first two characters of `s` ("a1".."h8",
 * either case), or -1 if they do not name one. Passes are not squares.
 */
int board_square_parse(const char *s)
{
	int c, r;

	if (!s || !s[0] || !s[1])
		return -1;
	c = s[0] | 0x20;
	r = s[1];
	if (c < 'a' || c > 'h' || r < '1' || r > '8')
		return -1;
	return (r - '1') * 8 + (c - 'a');
}

/* Returns the lower-case name of a square, "pa" for a pass, "--" for none. */
const char *board_square_name(int sq)
{
	return (sq >= 0 && sq <= SQ_NONE) ? square_names[sq] : "--";
}

/* Returns the upper-case name of a square, "PA" for a pass, "--" for none. */
const char *board_square_name_upper(int sq)
{
	return (sq >= 0 && sq <= SQ_NONE) ? square_names_upper[sq] : "--";
}

/*
 * Returns what a board-string character stands for: 0 a black disc (X * B, any
 * case), 1 a white disc (O W, any case), 2 an empty square (- .), -1 none of these.
 */
int board_parse_disc(int ch)
{
	switch (ch) {
	case 'X':
	case 'x':
	case '*':
	case 'B':
	case 'b':
		return 0;
	case 'O':
	case 'o':
	case 'W':
	case 'w':
		return 1;
	case '-':
	case '.':
		return 2;
	default:
		return -1;
	}
}

static bool is_space(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/*
 * Reads up to 64 squares (see board_parse_disc) from s[0..len), row by row from
 * a1, skipping the characters `is_blank` accepts; it stops after the 64th
 * square, at `len` or at a NUL. Returns the number of squares read with the
 * discs in `black` and `white` and the offset where it stopped in `end`, or -1
 * with `end` at a character that is neither a square nor a blank.
 */
int board_parse_squares(const char *s, size_t len, bool (*is_blank)(int), uint64_t *black,
			uint64_t *white, size_t *end)
{
	size_t i = 0;
	int n = 0, kind;

	*black = *white = 0;
	for (; i < len && s[i] && n < 64; i++) {
		if (is_blank((unsigned char)s[i]))
			continue;
		kind = board_parse_disc((unsigned char)s[i]);
		if (kind < 0) {
			*end = i;
			return -1;
		}
		if (kind == 0)
			*black |= board_bit(n);
		else if (kind == 1)
			*white |= board_bit(n);
		n++;
	}
	*end = i;
	return n;
}

/*
 * Reads the side to move of a board string, after its `squares` squares: from
 * s[*at], blanks skipped, a disc letter (X for Black, O for White). Returns 0 for
 * Black, 1 for White, with *at on the letter; or -1 with a message naming the
 * column (1-based) in `err`. The 8x8 and the other boards' strings share it.
 */
int board_parse_side(const char *s, int *at, int squares, char *err, size_t errlen)
{
	int i = *at, kind;

	while (s[i] && is_space((unsigned char)s[i]))
		i++;
	*at = i;
	kind = s[i] ? board_parse_disc((unsigned char)s[i]) : -1;
	if (kind == 0 || kind == 1)
		return kind;
	if (s[i])
		snprintf(err, errlen, "column %d: '%s' is not a side to move (expected X or O)",
			 i + 1, PARSE_SHOW(s[i]));
	else
		snprintf(err, errlen,
			 "column %d: expected the side to move (X or O) after the %d squares",
			 i + 1, squares);
	return -1;
}

/*
 * Parses a board string: 64 squares a1..h8 (X * b black, O w white, - . empty,
 * any case, spaces ignored) then the side to move. Returns the number of
 * characters read (so that a caller can go on with what follows, as in OBF), or
 * -1 with a message naming the column (1-based) in `err`.
 */
int board_parse(const char *s, struct board *b, enum color *side, char *err, size_t errlen)
{
	uint64_t black, white;
	size_t end;
	int n, i, kind;

	n = board_parse_squares(s, SIZE_MAX, is_space, &black, &white, &end);
	i = (int)end;
	if (n < 0) {
		snprintf(err, errlen, "column %d: '%s' is not a square (expected X, O or -)", i + 1,
			 PARSE_SHOW(s[i]));
		return -1;
	}
	if (n < 64) {
		snprintf(err, errlen, "column %d: the board has %d squares, expected 64", i + 1, n);
		return -1;
	}
	if ((kind = board_parse_side(s, &i, 64, err, errlen)) < 0)
		return -1;
	*side = kind == 0 ? BLACK : WHITE;
	b->own = kind == 0 ? black : white;
	b->opp = kind == 0 ? white : black;
	return i + 1;
}

/* Writes the board string of a position (64 squares, a space, X or O) to `out`. */
void board_format(const struct board *b, enum color side, char out[BOARD_STRING_LEN + 1])
{
	uint64_t black = side == BLACK ? b->own : b->opp;
	uint64_t white = side == BLACK ? b->opp : b->own;

	for (int i = 0; i < 64; i++)
		out[i] = (black & board_bit(i)) ? 'X' : (white & board_bit(i)) ? 'O' : '-';
	out[64] = ' ';
	out[65] = side == BLACK ? 'X' : 'O';
	out[66] = '\0';
}

/* Counts the sequences of exactly `depth` >= 1 plies; the last ply is counted in bulk. */
static uint64_t perft_rec(uint64_t own, uint64_t opp, int depth)
{
	uint64_t moves = board_moves(own, opp), nodes = 0;

	if (!moves) {
		if (!board_moves(opp, own))
			return 0; /* the game ended before this depth */
		return depth == 1 ? 1 : perft_rec(opp, own, depth - 1);
	}
	if (depth == 1)
		return (uint64_t)board_popcount(moves);
	while (moves) {
		int sq = board_first_square(moves);
		uint64_t flips = board_flips(own, opp, sq);
		uint64_t next_own = opp ^ flips, next_opp = own ^ flips ^ board_bit(sq);

		moves &= moves - 1;
		if (depth == 2) {
			uint64_t replies = board_moves(next_own, next_opp);

			if (replies)
				nodes += (uint64_t)board_popcount(replies);
			else
				nodes += board_moves(next_opp, next_own) != 0; /* a pass */
		} else {
			nodes += perft_rec(next_own, next_opp, depth - 1);
		}
	}
	return nodes;
}

/*
 * Returns the number of move sequences of exactly `depth` plies from `b`, a pass
 * counting as a ply and a finished game ending the sequence (so it is counted
 * only at the ply where it ends: OEIS A124004). depth 0 gives 1.
 */
uint64_t board_perft(const struct board *b, int depth)
{
	if (depth <= 0)
		return 1;
	return perft_rec(b->own, b->opp, depth);
}
