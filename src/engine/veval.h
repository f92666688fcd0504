/*
 * veval.h — the evaluation of the other boards (vboard.h): a weighted sum of
 * features that mean the same on any board, with one set of weights a game
 * stage and a board.
 *
 * Features, each the side to move's count minus the opponent's:
 *
 * | feature    | what is counted                                              |
 * |------------|--------------------------------------------------------------|
 * | mobility   | legal moves                                                  |
 * | potential  | empty squares next to the other side's discs (so the other   |
 * |            | side's frontier: fewer own frontier discs is better)         |
 * | corners    | discs on corners, the hole corners of 10×10 included         |
 * | danger     | discs next to an empty corner (X and C squares)              |
 * | stable     | discs that can never flip: along each of the four lines a   |
 * |            | wall (edge or hole) or a stable disc of the same side next  |
 * |            | to them                                                      |
 * | discs      | discs                                                        |
 * | parity     | +1 when the number of empties is odd (the mover would play  |
 * |            | last), -1 when it is even (not a difference)                 |
 *
 * Weights are in hundredths of a disc, each within +-VEVAL_WEIGHT_MAX; an
 * evaluation is clamped to +-100 a playable square, the range of the final
 * scores, as the 8×8 evaluations are to +-6400 (so that a search never
 * takes one for a score beyond every game's). The stage is the number of discs on
 * the board in VEVAL_STAGES equal steps; the weights of each board come from
 * eval/variant-*.txt (made by `othello train fit --variant`), or the
 * built-in defaults when none is given.
 */
#ifndef OTHELLO_VEVAL_H
#define OTHELLO_VEVAL_H

#include "vboard.h"

#include <stdio.h>

enum {
	VEVAL_FEATURES = 7,	  /* mobility potential corners danger stable discs parity */
	VEVAL_STAGES = 4,	  /* stages by discs on the board */
	VEVAL_WEIGHT_MAX = 100000 /* |weight|: 7 features of at most 100 keep a sum in an int */
};

/* The weights of one board. */
struct veval {
	const struct vgeom *g;		     /* the board they are for */
	int w[VEVAL_STAGES][VEVAL_FEATURES]; /* hundredths of a disc a unit of each feature */
};

extern const char *const veval_feature_names[VEVAL_FEATURES];

void veval_default(const struct vgeom *g, struct veval *ev);
int veval_stage(const struct vgeom *g, vbits own, vbits opp);
void veval_features(const struct vgeom *g, vbits own, vbits opp, int f[VEVAL_FEATURES]);
int veval_eval(const struct veval *ev, vbits own, vbits opp);
vbits veval_stable(const struct vgeom *g, vbits own, vbits opp);
int veval_read(const struct vgeom *g, FILE *f, struct veval *ev, char *err, size_t errlen);
void veval_write(const struct veval *ev, FILE *f);

#endif
