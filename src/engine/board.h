/*
 * board.h — the Othello board as two bitboards, and the rules of the game.
 *
 * A position is seen from the side to move: `own` holds the discs of the player
 * to move, `opp` those of the other player. Square i is bit i; squares are
 * numbered row by row from a1 (0, top-left) to h8 (63, bottom-right), so that
 * column = i % 8 ('a'..'h') and row = i / 8 ('1'..'8'). Colours matter only at
 * the edges of the program (display, files); the rules do not need them.
 *
 * A move keeps the mask of the discs it flipped, so undoing it is two XORs.
 */
#ifndef OTHELLO_BOARD_H
#define OTHELLO_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum color { BLACK = 0, WHITE = 1 };

enum {
	SQ_PASS = 64,	      /* a pass, as a move */
	SQ_NONE = 65,	      /* no move */
	BOARD_STRING_LEN = 66 /* 64 squares, a space, the side to move */
};

struct board {
	uint64_t own; /* discs of the side to move */
	uint64_t opp; /* discs of the other side */
};

/* The number of symmetries of the square (identity first). */
#define BOARD_SYMMETRIES 8

static inline int board_popcount(uint64_t x)
{
	return __builtin_popcountll(x);
}

static inline uint64_t board_bit(int sq)
{
	return (uint64_t)1 << sq;
}

/* The lowest square of a non-empty mask. */
static inline int board_first_square(uint64_t x)
{
	return __builtin_ctzll(x);
}

static inline uint64_t board_empties(const struct board *b)
{
	return ~(b->own | b->opp);
}

static inline int board_empty_count(const struct board *b)
{
	return 64 - board_popcount(b->own | b->opp);
}

uint64_t board_moves(uint64_t own, uint64_t opp);
uint64_t board_moves_portable(uint64_t own, uint64_t opp);
uint64_t board_flips_portable(uint64_t own, uint64_t opp, int sq);

#if defined(__AVX512CD__) && defined(__AVX512VL__)
#include <immintrin.h>

/*
 * The rays from each square: up[] holds the squares above it (higher bit
 * numbers) on its row, column and two diagonals, down[] those below.
 */
struct board_rays {
	__m256i up;   /* east, south, south-east, south-west (one lane each) */
	__m256i down; /* west, north, north-west, north-east */
};

extern const struct board_rays board_rays[64];

/*
 * Returns the discs that a move of `own` on the empty square `sq` flips (0:
 * illegal). The four lines through the square are the lanes of a vector. On
 * each ray the first square that is not the opponent's ends the run: the
 * lowest such bit above the square, the highest below it (a leading-zero
 * count); the run flips when that square holds a disc of the mover.
 */
static inline uint64_t board_flips(uint64_t own, uint64_t opp, int sq)
{
	const __m256i zero = _mm256_setzero_si256();
	__m256i o = _mm256_set1_epi64x((long long)own), p = _mm256_set1_epi64x((long long)opp);
	__m256i up = board_rays[sq].up, down = board_rays[sq].down;
	__m256i x = _mm256_andnot_si256(p, up);
	__m256i first = _mm256_and_si256(x, _mm256_sub_epi64(zero, x));
	__m256i f_up = _mm256_and_si256(_mm256_add_epi64(first, _mm256_set1_epi64x(-1)), up);
	__m256i y = _mm256_andnot_si256(p, down);
	__m256i last = _mm256_srlv_epi64(_mm256_set1_epi64x(INT64_MIN), _mm256_lzcnt_epi64(y));
	__m256i f_down =
	    _mm256_and_si256(_mm256_sub_epi64(zero, _mm256_add_epi64(last, last)), down);
	__m256i f =
	    _mm256_or_si256(_mm256_maskz_mov_epi64(_mm256_test_epi64_mask(first, o), f_up),
			    _mm256_maskz_mov_epi64(_mm256_test_epi64_mask(last, o), f_down));
	__m128i h = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));

	return (uint64_t)_mm_cvtsi128_si64(h) | (uint64_t)_mm_extract_epi64(h, 1);
}
#else
uint64_t board_flips(uint64_t own, uint64_t opp, int sq);
#endif

void board_start(struct board *b);
bool board_is_legal(const struct board *b, int sq);
bool board_can_move(const struct board *b);
bool board_opponent_can_move(const struct board *b);
bool board_game_over(const struct board *b);

/* Plays a move whose flips were computed by board_flips (non-empty); passes swap sides. */
static inline void board_play(struct board *b, int sq, uint64_t flips)
{
	uint64_t own = b->own ^ flips ^ board_bit(sq);
	b->own = b->opp ^ flips;
	b->opp = own;
}

/* Undoes board_play with the same square and flips. */
static inline void board_unplay(struct board *b, int sq, uint64_t flips)
{
	uint64_t own = b->opp ^ flips ^ board_bit(sq);
	b->opp = b->own ^ flips;
	b->own = own;
}

static inline void board_pass(struct board *b)
{
	uint64_t t = b->own;
	b->own = b->opp;
	b->opp = t;
}

int board_final_score(const struct board *b);

/* A 64-bit finaliser (xor-shift-multiply) that spreads every input bit over the result. */
static inline uint64_t board_hash_mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xFF51AFD7ED558CCDULL;
	x ^= x >> 33;
	x *= 0xC4CEB9FE1A85EC53ULL;
	x ^= x >> 33;
	return x;
}

/* Returns a 64-bit hash of the position (side to move's view). */
static inline uint64_t board_hash(const struct board *b)
{
	return board_hash_mix(b->own ^ board_hash_mix(b->opp ^ 0x9E3779B97F4A7C15ULL));
}

uint64_t board_symmetry_mask(uint64_t x, int sym);
void board_symmetry(const struct board *b, int sym, struct board *out);
int board_symmetry_square(int sq, int sym);
int board_symmetry_inverse(int sym);
void board_canonical(const struct board *b, struct board *out, int *sym);

int board_square_parse(const char *s);
const char *board_square_name(int sq);
const char *board_square_name_upper(int sq);

int board_parse_disc(int ch);
int board_parse_squares(const char *s, size_t len, bool (*is_blank)(int), uint64_t *black,
			uint64_t *white, size_t *end);
int board_parse_side(const char *s, int *at, int squares, char *err, size_t errlen);
int board_parse(const char *s, struct board *b, enum color *side, char *err, size_t errlen);
void board_format(const struct board *b, enum color side, char out[BOARD_STRING_LEN + 1]);

uint64_t board_perft(const struct board *b, int depth);

#endif
