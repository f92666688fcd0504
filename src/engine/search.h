/*
 * search.h — the game-tree search: midgame alpha-beta and the endgame solver.
 *
 * A `struct search` owns a transposition table and a stop flag; it runs one
 * search at a time, which may be in a worker thread while any other thread
 * calls search_stop(). It may search with several threads of its own
 * (search_set_threads; parallel.c): they share its table, obey its stop
 * flag and limits, and their nodes are summed; with one thread it is the
 * serial search. Progress goes to an observer callback; the engine never
 * prints. Scores are in hundredths of a disc (centidiscs) from the side to
 * move's point of view; an exact endgame score of +18 discs is 1800.
 * With one thread, everything here is deterministic for equal inputs (random
 * noise, when asked for, is derived from the position hash and a seed); with
 * more, the moves and scores of a finished search are those of a correct
 * search, but node counts, and among equal moves the one chosen, may vary.
 */
#ifndef OTHELLO_SEARCH_H
#define OTHELLO_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "eval.h"

#define SCORE_INF 100000      /* greater than any score */
#define SCORE_DISC 100	      /* one disc, in score units */
#define SEARCH_MAX_THREADS 64 /* most threads a searcher may use */

enum bound { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

struct search_limits {
	int depth;	/* max midgame depth in plies; 0 = no limit */
	uint64_t nodes; /* 0 = no limit */
	double time;	/* seconds for this move; 0 = no limit */
	double clock;	/* seconds left on the game clock for the side to move; 0 = none
			   (the time manager then budgets this move itself) */
	int endgame;	/* solve exactly when empties <= this; -1 = automatically when it fits */
	bool wld;	/* win/loss/draw solve instead of exact */
	int multipv;	/* >= 1: score this many best root moves accurately; 0/1 = just the best */
	int noise_percent;     /* 0 = none; else leaf v becomes v + u * noise_percent/100 *
				  max(|v|, 400), u in [-1,1] from hash(position) ^ noise_seed */
	uint64_t noise_seed;   /* seed of the evaluation noise */
	int selectivity;       /* ProbCut confidence of the midgame iterations, percent: 73, 87,
				  95, 98, 99; 0 or 100 = exact (no cuts) */
	int solve_selectivity; /* the endgame solve raises its selectivity from 73 % up to
				  this (same values; 0 or 100 = exact) */
};

struct search_info {
	int depth;	  /* depth finished (or empties when solving) */
	bool endgame;	  /* true when this is an exact/WLD endgame result */
	int selectivity;  /* percent of this iteration's cuts; 100 = exact */
	int score;	  /* centidiscs, side to move */
	enum bound bound; /* what the score is */
	int pv[64];	  /* principal variation: squares, SQ_PASS for passes */
	int pv_len;	  /* moves in pv */
	uint64_t nodes;	  /* nodes searched so far */
	double time;	  /* seconds since the search started */
};

typedef void (*search_observer)(const struct search_info *info, void *user);

struct search_move {
	int move;	  /* the root move */
	int score;	  /* its score, centidiscs, side to move at the root */
	enum bound bound; /* what the score is */
	int depth;	  /* depth it was searched to */
};

struct search_result {
	int move;  /* best move; SQ_PASS if the side to move must pass, SQ_NONE if game over */
	int score; /* centidiscs, side to move */
	enum bound bound; /* what the score is */
	int depth;	  /* depth of the last finished iteration (empties when solved) */
	bool endgame;	  /* true when the score is an exact/WLD endgame result */
	int selectivity;  /* percent of the last finished iteration's cuts; 100 = exact */
	int pv[64];	  /* principal variation */
	int pv_len;	  /* moves in pv */
	uint64_t nodes;	  /* nodes searched */
	double time;	  /* seconds spent */
	int n_moves;	  /* entries in moves */
	struct search_move moves[32]; /* every root move searched, best first */
};

struct search;

struct search *search_new(size_t tt_megabytes, const struct eval *ev);
void search_free(struct search *s);
void search_clear(struct search *s);
void search_set_eval(struct search *s, const struct eval *ev);
int search_run(struct search *s, const struct board *b, const struct search_limits *lim,
	       search_observer obs, void *user, struct search_result *out);
void search_stop(struct search *s);
int search_set_threads(struct search *s, int threads);
int search_threads(const struct search *s);
int search_default_threads(void);
void search_depth_text(int depth, int selectivity, char *out, size_t outlen);

/* Parts of the search that can be switched off, for experiments and tests. */
enum search_flag {
	SEARCH_NO_TT = 1,	  /* no transposition table */
	SEARCH_NO_ASPIRATION = 2, /* full windows at the root */
	SEARCH_NO_PROBCUT = 4,	  /* exact searches only, whatever the selectivity asked */
	SEARCH_CLIMB_ALWAYS = 8,  /* every exact solve climbs the selectivity levels first, also
				     below LADDER_MIN_EMPTIES (tests) */
};
void search_set_flags(struct search *s, unsigned flags);

#endif
