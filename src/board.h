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
	SQ_PASS = 64, /* a pass, as a move */
	SQ_NONE = 65, /* no move */
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
uint64_t board_flips(uint64_t own, uint64_t opp, int sq);
uint64_t board_moves_portable(uint64_t own, uint64_t opp);
uint64_t board_flips_portable(uint64_t own, uint64_t opp, int sq);

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
uint64_t board_hash(const struct board *b);

uint64_t board_symmetry_mask(uint64_t x, int sym);
void board_symmetry(const struct board *b, int sym, struct board *out);
int board_symmetry_square(int sq, int sym);
int board_symmetry_inverse(int sym);
void board_canonical(const struct board *b, struct board *out, int *sym);

int board_square_parse(const char *s);
const char *board_square_name(int sq);
const char *board_square_name_upper(int sq);

int board_parse(const char *s, struct board *b, enum color *side, char *err, size_t errlen);
void board_format(const struct board *b, enum color side, char out[BOARD_STRING_LEN + 1]);

uint64_t board_perft(const struct board *b, int depth);

#endif
