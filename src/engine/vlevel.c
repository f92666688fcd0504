/*
 * vlevel.c — the levels of vlevel.h and the time manager.
 *
 * | level      | 6×6: depth, solve from | 10×10-holes: depth, solve from |
 * |------------|------------------------|--------------------------------|
 * | beginner   | scan order             | scan order                     |
 * | novice     | 1, never               | 1, never                       |
 * | expert     | 3, never               | 3, never                       |
 * | pre-master | 6, 12 empties          | 4, 10 empties                  |
 * | master     | 12, 22 empties         | 6, 14 empties                  |
 *
 * With a game clock every level but beginner and novice keeps to the time
 * manager's budget, and master deepens beyond its depth while the budget
 * lasts. The budget of a move is the time left divided by the moves the side
 * to move still expects to play (half the empties, plus a reserve of two), so
 * that the clock is never used up before the end.
 */
#include "vlevel.h"

#include <string.h>

static const char *const names[VLEVEL_COUNT] = {"beginner", "novice", "expert", "pre-master",
						"master"};

/* Depth and solving empties: [board][level] (the 8×8 row serves vboard's own tests). */
static const int table[VARIANT_COUNT][VLEVEL_COUNT][2] = {
    [VARIANT_8X8] = {{0, 0}, {1, 0}, {3, 0}, {6, 12}, {8, 16}},
    [VARIANT_6X6] = {{0, 0}, {1, 0}, {3, 0}, {6, 12}, {12, 22}},
    [VARIANT_10X10_HOLES] = {{0, 0}, {1, 0}, {3, 0}, {4, 10}, {6, 14}},
};

/* Returns the name of level id (0 beginner .. 4 master), NULL past the last. */
const char *vlevel_name(int id)
{
	return id >= 0 && id < VLEVEL_COUNT ? names[id] : NULL;
}

/* Fills in the level `name` on board g; false if there is no such level. */
bool vlevel_get(const struct vgeom *g, const char *name, struct vlevel *out)
{
	for (int i = 0; i < VLEVEL_COUNT; i++) {
		if (strcmp(name, names[i]) != 0)
			continue;
		out->id = (enum vlevel_id)i;
		out->name = names[i];
		out->depth = table[g->variant][i][0];
		out->endgame = table[g->variant][i][1];
		out->timed = i == VLEVEL_MASTER;
		return true;
	}
	return false;
}

/*
 * Returns the seconds the side to move may spend on this move out of
 * clock_left seconds for the rest of its game (0: no clock, 0 returned).
 */
double vlevel_budget(const struct vgeom *g, const struct vboard *b, double clock_left)
{
	int moves = vboard_empty_count(g, b) / 2 + 2;

	return clock_left > 0 ? clock_left / moves : 0;
}

/*
 * Chooses the move of level lv in b (its result in out: the move, VSQ_PASS,
 * or VSQ_NONE at the end of the game) with searcher s, keeping to the time
 * manager's budget when clock_left > 0.
 */
void vlevel_choose(const struct vlevel *lv, struct vsearch *s, const struct vboard *b,
		   double clock_left, struct vsearch_result *out)
{
	const struct vgeom *g = vsearch_geom(s);
	vbits moves = vboard_moves(g, b->own, b->opp);
	struct vsearch_limits lim = {.depth = lv->depth, .endgame = lv->endgame};

	if (lv->depth == 0 || !moves) {
		memset(out, 0, sizeof *out);
		out->move = moves			      ? vboard_first_square(moves)
			    : vboard_moves(g, b->opp, b->own) ? VSQ_PASS
							      : VSQ_NONE;
		out->pv[0] = out->move;
		out->pv_len = 1;
		return;
	}
	if (clock_left > 0 && lv->depth > 1) {
		lim.time = vlevel_budget(g, b, clock_left);
		if (lv->timed)
			lim.depth = 0;
	}
	vsearch_run(s, b, &lim, out);
}
