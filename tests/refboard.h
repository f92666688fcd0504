/*
 * refboard.h — a slow, obviously correct Othello rules engine for tests: an
 * array of 64 cells, each move found by walking the eight directions one
 * square at a time. The bitboard code is checked against it.
 */
#ifndef OTHELLO_REFBOARD_H
#define OTHELLO_REFBOARD_H

#include <stdbool.h>
#include <stdint.h>

enum { REF_EMPTY = 0, REF_MOVER = 1, REF_OTHER = 2 };

struct refboard {
	int cell[64]; /* REF_EMPTY, REF_MOVER (side to move) or REF_OTHER */
};

void refboard_from_bits(struct refboard *r, uint64_t own, uint64_t opp);
uint64_t refboard_flips(const struct refboard *r, int sq);
uint64_t refboard_moves(const struct refboard *r);
void refboard_play(struct refboard *r, int sq);
void refboard_pass(struct refboard *r);

/* A small deterministic random generator for tests (xorshift64*). */
static inline uint64_t test_rand(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1DULL;
}

#endif
