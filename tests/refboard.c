/*
 * refboard.c — the reference rules: walk each of the 8 directions from a
 * square; a run of the other side's discs closed by a mover's disc flips.
 */
#include "refboard.h"

static const int dr[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
static const int dc[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };

void refboard_from_bits(struct refboard *r, uint64_t own, uint64_t opp)
{
	for (int i = 0; i < 64; i++) {
		uint64_t bit = (uint64_t)1 << i;

		r->cell[i] = (own & bit) ? REF_MOVER : (opp & bit) ? REF_OTHER : REF_EMPTY;
	}
}

uint64_t refboard_flips(const struct refboard *r, int sq)
{
	uint64_t all = 0;

	if (r->cell[sq] != REF_EMPTY)
		return 0;
	for (int d = 0; d < 8; d++) {
		int row = sq / 8 + dr[d], col = sq % 8 + dc[d];
		uint64_t run = 0;

		while (row >= 0 && row < 8 && col >= 0 && col < 8 &&
		       r->cell[row * 8 + col] == REF_OTHER) {
			run |= (uint64_t)1 << (row * 8 + col);
			row += dr[d];
			col += dc[d];
		}
		if (run && row >= 0 && row < 8 && col >= 0 && col < 8 &&
		    r->cell[row * 8 + col] == REF_MOVER)
			all |= run;
	}
	return all;
}

uint64_t refboard_moves(const struct refboard *r)
{
	uint64_t moves = 0;

	for (int sq = 0; sq < 64; sq++)
		if (refboard_flips(r, sq))
			moves |= (uint64_t)1 << sq;
	return moves;
}

void refboard_pass(struct refboard *r)
{
	for (int i = 0; i < 64; i++)
		if (r->cell[i] != REF_EMPTY)
			r->cell[i] = r->cell[i] == REF_MOVER ? REF_OTHER : REF_MOVER;
}

void refboard_play(struct refboard *r, int sq)
{
	uint64_t flips = refboard_flips(r, sq);

	for (int i = 0; i < 64; i++)
		if (flips & ((uint64_t)1 << i))
			r->cell[i] = REF_MOVER;
	r->cell[sq] = REF_MOVER;
	refboard_pass(r);
}
