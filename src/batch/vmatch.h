/*
 * vmatch.h — the random and balanced openings of the other boards, from
 * which the series (match.h: the one game loop on every board) start.
 */
#ifndef OTHELLO_VMATCH_H
#define OTHELLO_VMATCH_H

#include "position.h"
#include "report.h"

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
	struct pos p;		       /* the position it reaches */
	enum color side;	       /* whose move it is there */
	int n;			       /* plies */
	int moves[VMATCH_OPENING_MAX]; /* the plies (squares; SQ_PASS a pass) */
};

void vmatch_opening(enum variant v, int plies, uint64_t *rng, struct vopening *out);
void vmatch_balanced_opening(struct vsearch *s, enum variant v, int plies, uint64_t *rng,
			     struct vopening *out);
void vmatch_opening_text(const struct vopening *o, char *out, size_t outlen);

#endif
