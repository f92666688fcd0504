/*
 * vmatch.h — games between levels on the other boards (vlevel.h): one game
 * from an opening, random openings, and a ladder of each level against the
 * next one down, as report_game records for report-stats.h.
 */
#ifndef OTHELLO_VMATCH_H
#define OTHELLO_VMATCH_H

#include "report.h"
#include "vboard.h"
#include "veval.h"
#include "vlevel.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum {
	VMATCH_OPENING_MAX = 16,    /* plies an opening has at most */
	VMATCH_BALANCE_MARGIN = 3,  /* discs a balanced opening is scored within */
	VMATCH_BALANCE_TRIES = 1000 /* random openings drawn at most for a balanced one */
};

struct vsearch;

/* An opening: a few plies from the start. */
struct vopening {
	struct vboard b;	       /* the position it reaches, side to move's view */
	bool black_to_move;	       /* whose move it is there */
	int n;			       /* plies */
	int moves[VMATCH_OPENING_MAX]; /* the plies (squares; VSQ_PASS a pass) */
};

/* The players and rules of a series of games. */
struct vmatch_setup {
	const struct vgeom *g; /* the board */
	struct veval ev;       /* the evaluation every level uses */
	double game_time;      /* seconds each side has for a game; 0 none */
	size_t hash_mb;	       /* table of each player */
};

void vmatch_opening(const struct vgeom *g, int plies, uint64_t *rng, struct vopening *out);
void vmatch_balanced_opening(struct vsearch *s, int plies, uint64_t *rng, struct vopening *out);
void vmatch_opening_text(const struct vgeom *g, const struct vopening *o, char *out, size_t outlen);
int vmatch_game(const struct vmatch_setup *setup, const struct vlevel *black,
		const struct vlevel *white, const struct vopening *o, struct report_game *out,
		char *err, size_t errlen);

#endif
