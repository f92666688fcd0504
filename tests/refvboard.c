/*
 * refvboard.c — the reference rules on a grid: a square is a move when, in
 * some direction, one or more of the other side's discs are followed by one of
 * the mover's; a hole or the edge ends the walk. Perft recurses over copies of
 * the grid (a pass is a ply; a finished game counts once, where it ends).
 */
#include "refvboard.h"

#include <string.h>

static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

/* The holes of the 10×10 board, as the issue names them. */
static const char *const holes10[8] = {"e1", "f1", "e10", "f10", "a5", "a6", "j5", "j6"};

void refvboard_start(struct refvboard *r, int size, bool holes)
{
	int m = size / 2;

	memset(r, 0, sizeof *r);
	r->size = size;
	for (int i = 0; holes && i < 8; i++) {
		const char *h = holes10[i];
		int col = h[0] - 'a', row = h[1] - '1';

		if (h[2])
			row = (h[1] - '0') * 10 + (h[2] - '0') - 1;
		r->cell[row][col] = RV_HOLE;
	}
	/* Black (to move) on the right of the top centre row and the left of the bottom one. */
	r->cell[m - 1][m - 1] = RV_OTHER;
	r->cell[m - 1][m] = RV_MOVER;
	r->cell[m][m - 1] = RV_MOVER;
	r->cell[m][m] = RV_OTHER;
}

static bool on_board(const struct refvboard *r, int row, int col)
{
	return row >= 0 && row < r->size && col >= 0 && col < r->size;
}

/* Lists the discs a move on (row, col) flips in flipped[] and returns how many (0: illegal). */
int refvboard_flips(const struct refvboard *r, int row, int col, int flipped[][2])
{
	int n = 0;

	if (r->cell[row][col] != RV_EMPTY)
		return 0;
	for (int d = 0; d < 8; d++) {
		int y = row + dr[d], x = col + dc[d], run = 0;

		while (on_board(r, y, x) && r->cell[y][x] == RV_OTHER) {
			y += dr[d];
			x += dc[d];
			run++;
		}
		if (run == 0 || !on_board(r, y, x) || r->cell[y][x] != RV_MOVER)
			continue;
		for (int k = 1; k <= run; k++) {
			flipped[n][0] = row + k * dr[d];
			flipped[n][1] = col + k * dc[d];
			n++;
		}
	}
	return n;
}

bool refvboard_can_move(const struct refvboard *r)
{
	int flipped[40][2];

	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++)
			if (refvboard_flips(r, row, col, flipped))
				return true;
	return false;
}

void refvboard_pass(struct refvboard *r)
{
	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++)
			if (r->cell[row][col] == RV_MOVER || r->cell[row][col] == RV_OTHER)
				r->cell[row][col] = RV_MOVER + RV_OTHER - r->cell[row][col];
}

void refvboard_play(struct refvboard *r, int row, int col)
{
	int flipped[40][2], n = refvboard_flips(r, row, col, flipped);

	for (int i = 0; i < n; i++)
		r->cell[flipped[i][0]][flipped[i][1]] = RV_MOVER;
	r->cell[row][col] = RV_MOVER;
	refvboard_pass(r);
}

uint64_t refvboard_perft(const struct refvboard *r, int depth)
{
	int flipped[40][2];
	uint64_t nodes = 0;
	bool moved = false;

	if (depth == 0)
		return 1;
	for (int row = 0; row < r->size; row++) {
		for (int col = 0; col < r->size; col++) {
			struct refvboard next = *r;

			if (!refvboard_flips(r, row, col, flipped))
				continue;
			moved = true;
			refvboard_play(&next, row, col);
			nodes += refvboard_perft(&next, depth - 1);
		}
	}
	if (!moved) {
		struct refvboard next = *r;

		refvboard_pass(&next);
		if (!refvboard_can_move(&next))
			return 0; /* the game is over: counted where it ended */
		nodes = refvboard_perft(&next, depth - 1);
	}
	return nodes;
}
