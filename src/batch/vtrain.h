/*
 * vtrain.h — fitting the weights of veval.h for the other boards from our own
 * self-play: games of a level against itself from random openings, every position kept
 * with the game's result, then a least-squares fit a stage.
 */
#ifndef OTHELLO_VTRAIN_H
#define OTHELLO_VTRAIN_H

#include "vboard.h"
#include "veval.h"

#include <stdint.h>
#include <stdio.h>

int vtrain_generate(const struct vgeom *g, const struct veval *ev, const char *level, int games,
		    int plies, uint64_t seed, FILE *out, char *err, size_t errlen);
int vtrain_fit(const struct vgeom *g, FILE *const *in, const char *const *names, int n_in,
	       double ridge, struct veval *out, int counts[VEVAL_STAGES], char *err, size_t errlen);

#endif
