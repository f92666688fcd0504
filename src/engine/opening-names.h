/*
 * opening-names.h — named openings (Tiger, Rose, Buffalo ...) and move sequences.
 *
 * A table of names is loaded from a text file (openings/names.txt, format
 * described there and in opening-names.c); a game's moves are named by the latest
 * position along them that is the position of a named opening, under the 8
 * symmetries of the board.
 */
#ifndef OTHELLO_OPENING_NAMES_H
#define OTHELLO_OPENING_NAMES_H

#include "board.h"

#include <stdio.h>

struct openings;

struct openings *openings_load(FILE *f, const char *filename, char *err, size_t errlen);
void openings_free(struct openings *o);
int openings_count(const struct openings *o);
const char *openings_name(const struct openings *o, int i, const int **moves, int *n_moves);
const char *openings_match(const struct openings *o, const int *moves, int n_moves, int *plies);

int openings_parse_moves(const char *s, struct board *b, enum color *side, int *moves, int max,
			 int *n_moves, char *err, size_t errlen);

#endif
