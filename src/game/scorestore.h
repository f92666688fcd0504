/*
 * scorestore.h — what the engine knows of positions: per position, the best
 * known score of each move with its source, the one store every view of the
 * screen reads (hints, the overlay, the engine panel, the caption and graph,
 * the analysis) and every producer writes (hint and overlay searches, the
 * engines' moves, the analysis, the opening book).
 *
 * A move's entry is replaced only by a result at least as deep ("deepest
 * first": an exact solve over everything, then depth, then selectivity; the
 * book counts as a search of its stated depth and wins ties), and an exact
 * score is never replaced by a bound. So one position shows one score per
 * move, wherever it is drawn.
 */
#ifndef OTHELLO_SCORESTORE_H
#define OTHELLO_SCORESTORE_H

#include "board.h"
#include "square.h"

#include <stdbool.h>
#include <stddef.h>

/* Where a score comes from. */
enum scored_by {
	SCORED_SEARCH, /* a midgame search (depth, selectivity) */
	SCORED_BOOK,   /* the opening book */
	SCORED_EXACT,  /* an exact endgame solve */
};

/* One move's best known score. */
struct scored_move {
	int move;	 /* the square (square.h's numbering of the board) or SQ_PASS */
	int score;	 /* centidiscs, side to move */
	int bound;	 /* enum bound of search.h: exact, lower, upper */
	int depth;	 /* plies searched (the book's depth; empties when exact) */
	int selectivity; /* ProbCut confidence, percent; 100 = none */
	enum scored_by by; /* the source */
};

/* A position: the board, its discs and the side to move. */
struct score_key {
	enum variant variant; /* the board */
	sqset black, white;   /* the discs (square.h's squares) */
	enum color side;      /* side to move */
};

enum { SCORESTORE_MOVES = 40 }; /* moves kept per position, more than any has */

struct scorestore;

struct scorestore *scorestore_new(void);
void scorestore_free(struct scorestore *st);
bool scorestore_put(struct scorestore *st, const struct score_key *k, const struct scored_move *m);
int scorestore_get(const struct scorestore *st, const struct score_key *k, struct scored_move *out,
		   int max);
bool scorestore_value(const struct scorestore *st, const struct score_key *k,
		      struct scored_move *best);
bool scorestore_deeper(const struct scored_move *a, const struct scored_move *b);
void scorestore_label(const struct scored_move *m, char *out, size_t outlen);

#endif
