/*
 * vlevel.h — the five playing levels on the other boards (vboard.h), and the
 * time manager that spreads a game's time over its moves.
 *
 *   beginner    the first legal move in scan order (a1, b1, ...)
 *   novice      one ply: the move whose position evaluates best
 *   expert      a short fixed-depth search
 *   pre-master  a deeper fixed-depth search, solving the last empties exactly
 *   master      a deeper one still, solving earlier; on a game clock it
 *               deepens as far as the time manager's budget allows
 *
 * The depths depend on the board (vlevel.c has the table). The 8×8 levels
 * are level.h's; the names are the same.
 */
#ifndef OTHELLO_VLEVEL_H
#define OTHELLO_VLEVEL_H

#include "vboard.h"
#include "vsearch.h"

#include <stdbool.h>
#include <stdint.h>

enum vlevel_id { VLEVEL_BEGINNER, VLEVEL_NOVICE, VLEVEL_EXPERT, VLEVEL_PREMASTER, VLEVEL_MASTER };

enum { VLEVEL_COUNT = 5 };

/* How one level chooses its moves on one board. */
struct vlevel {
	enum vlevel_id id; /* which level */
	const char *name;  /* its name ("expert") */
	int depth;	   /* plies of midgame search (0: scan order, 1: one ply) */
	int endgame;	   /* solve exactly at this many empties or fewer; 0 never */
	bool timed;	   /* with a game clock, deepen on the time budget */
};

bool vlevel_get(const struct vgeom *g, const char *name, struct vlevel *out);
const char *vlevel_name(int id);
double vlevel_budget(const struct vgeom *g, const struct vboard *b, double clock_left);
void vlevel_choose(const struct vlevel *lv, struct vsearch *s, const struct vboard *b,
		   double clock_left, struct vsearch_result *out);

#endif
