/*
 * refvboard.h — a slow, obviously correct rules engine for the other boards,
 * for tests: a grid of cells (up to 10×10), holes marked as walls, each move
 * found by walking the eight directions one square at a time. It knows the
 * boards from their description in the issue (side, and the holes by name),
 * not from vboard.h's masks, and counts perft its own way.
 */
#ifndef OTHELLO_REFVBOARD_H
#define OTHELLO_REFVBOARD_H

#include <stdbool.h>
#include <stdint.h>

enum { RV_EMPTY = 0, RV_MOVER = 1, RV_OTHER = 2, RV_HOLE = 3 };

struct refvboard {
	int size;	  /* squares a side */
	int cell[10][10]; /* [row][col]: RV_EMPTY, RV_MOVER, RV_OTHER or RV_HOLE */
};

void refvboard_start(struct refvboard *r, int size, bool holes);
int refvboard_flips(const struct refvboard *r, int row, int col, int flipped[][2]);
bool refvboard_can_move(const struct refvboard *r);
void refvboard_play(struct refvboard *r, int row, int col);
void refvboard_pass(struct refvboard *r);
uint64_t refvboard_perft(const struct refvboard *r, int depth);

#endif
