/*
 * endgame.h — the exact endgame solver (endgame.c), used by the searcher's
 * root (search.c). Scores are in discs, from the side to move's view.
 */
#ifndef OTHELLO_ENDGAME_H
#define OTHELLO_ENDGAME_H

#include <stdint.h>

struct search;

int endgame_search(struct search *s, uint64_t own, uint64_t opp, int alpha, int beta);
uint64_t endgame_stable(uint64_t p, uint64_t filled);

#endif
