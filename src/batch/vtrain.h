/*
 * vtrain.h — the data from which the weights of the other boards are fitted
 * (eval_fit_linear, eval.h): games of a level against itself from random
 * openings, every position kept with the game's result.
 */
#ifndef OTHELLO_VTRAIN_H
#define OTHELLO_VTRAIN_H

#include "eval.h"

#include <stdint.h>
#include <stdio.h>

int vtrain_generate(enum variant v, const struct eval *ev, const char *level, int games, int plies,
		    uint64_t seed, FILE *out, char *err, size_t errlen);

#endif
