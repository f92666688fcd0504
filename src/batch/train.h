/*
 * train.h — making the pattern weights: self-play data generation, the data
 * file, the least-squares fit, and a fixed-depth match between two
 * evaluations to measure the result.
 *
 * Scores in the data are whole discs from the side to move's view; fitted
 * weights are centidiscs (see pattern.h).
 */
#ifndef OTHELLO_TRAIN_H
#define OTHELLO_TRAIN_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "eval.h"
#include "pattern.h"
#include "probcut.h"
#include "search.h"

enum {
	TRAIN_MAX_OPENING = 60,	  /* moves of an opening line */
	TRAIN_RECORD_BYTES = 18,  /* bytes of one position in the data file */
	TRAIN_MAX_POSITIONS = 192 /* positions of one game record (with solved siblings) */
};

struct train_opening {
	int n;			      /* moves */
	int moves[TRAIN_MAX_OPENING]; /* squares from the start position */
};

struct train_position {
	uint64_t own;	   /* discs of the side to move */
	uint64_t opp;	   /* discs of the other side */
	int8_t score;	   /* disc difference for the side to move: exact, or the game's result
			      (blended with the search score by search_label) */
	uint8_t exact;	   /* 1 when score is the exact minimax value (solved) */
	uint8_t selective; /* 1 when score is a selective solve's (generate's presolve) */
};

struct train_game {
	uint32_t id; /* game number (decides opening and random moves) */
	int n;	     /* positions */
	struct train_position pos[TRAIN_MAX_POSITIONS]; /* every position with a move to play,
							   in order, then the siblings */
};

struct train_gen_options {
	int depth;		  /* midgame search depth in plies */
	int solve_empties;	  /* solve exactly from this many empties */
	int random_moves;	  /* random moves played ... */
	int random_window;	  /* ... among the first this many plies after the opening */
	int varied;		  /* percent of the window's other plies played by the varied
				     player (train_varied_move) instead of the search */
	uint64_t seed;		  /* seed of the random moves */
	int jobs;		  /* games played in parallel (threads) */
	size_t tt_mb;		  /* transposition table per thread, megabytes */
	int search_label;	  /* percent of the search score in the label of a searched
				     position before the solve (0: the game's result only) */
	int siblings;		  /* the first this many solved positions of a game also give the
				     positions after their other moves, solved (exact labels) */
	bool label_two;		  /* the search score in a label is the mean of depths D-1 and D
				     (cancels the odd-even swing of a search's score) */
	int presolve_empties;	  /* positions of solve_empties + 1 .. this many empties are
				     labelled (and their moves chosen) by a selective solve */
	int presolve_selectivity; /* its ProbCut confidence, percent (73 .. 99) */
	int presolve_siblings;	  /* the this many presolved positions nearest the exact solve
				     also give the positions after their other moves, presolved */
};

/* Progress of a long run: called after each game (under a lock) */
typedef void (*train_progress)(uint64_t done, uint64_t total, uint64_t positions, void *user);

struct train_data {
	struct train_position *pos; /* positions */
	uint32_t *game;		    /* game number of each position */
	size_t n;		    /* positions held */
	size_t cap;		    /* allocated */
	size_t games;		    /* games read */
};

int train_openings_read(FILE *f, const char *name, struct train_opening **out, char *err,
			size_t errlen);
enum color train_opening_play(const struct train_opening *op, struct board *b);
int train_varied_move(struct search *s, const struct board *b, uint64_t *rng);
struct match_opening;
int train_opening_match(const struct train_opening *op, struct match_opening *out);
int train_play_game(struct search *s, const struct train_opening *op,
		    const struct train_gen_options *o, uint32_t id, struct train_game *out);
int train_data_write_header(FILE *f);
int train_data_write_game(FILE *f, const struct train_game *g);
long train_data_read(FILE *f, const char *name, struct train_data *d, uint8_t *done,
		     size_t done_len, long *valid_end, char *err, size_t errlen);
void train_data_free(struct train_data *d);
int train_generate(const struct eval *ev, const struct train_opening *ops, int n_ops,
		   uint32_t n_games, const uint8_t *done, const struct train_gen_options *o,
		   FILE *out, train_progress progress, void *user, char *err, size_t errlen);

struct train_fit_options {
	int iterations;	  /* conjugate-gradient iterations per phase */
	double ridge;	  /* shrinkage: penalty ridge * w^2 per weight (in discs^2 per sample) */
	int validation;	  /* percent of games held out */
	int window;	  /* also train phase p on positions of phases p-window .. p+window */
	uint64_t seed;	  /* selects the held-out games */
	bool warm;	  /* start each phase from the weights `w` holds (continuing a fit) */
	int phase_lo;	  /* phases refitted: phase_lo .. phase_end - 1 (with warm, the */
	int phase_end;	  /* others keep the weights `w` holds); phase_end 0: all phases */
	bool anchor;	  /* with warm: the ridge pulls towards the starting weights, not 0 */
	bool exact_only;  /* train on the exactly solved positions only (all are measured) */
	bool solved_only; /* train on the positions labelled by a solve, exact or selective */
	int jobs;	  /* threads (0 or 1: one); the weights are the same for any number */
	bool hold_extras; /* with anchor: the bias, mobility, parity and disc terms keep
			     their starting values (a calibrated parity term stays) */
};

struct train_fit_report {
	size_t train[PATTERN_PHASES];	   /* training positions of each phase (own phase only) */
	size_t valid[PATTERN_PHASES];	   /* held-out positions of each phase */
	double train_mae[PATTERN_PHASES];  /* mean absolute error, discs */
	double valid_mae[PATTERN_PHASES];  /* on the held-out positions, discs */
	double valid_bias[PATTERN_PHASES]; /* mean signed error (evaluation - label) held out */
	double valid_bias_odd[PATTERN_PHASES][2]; /* the same for even [0] and odd [1] empties */
};

typedef void (*train_fit_progress)(int phase, int iteration, int iterations, double rmse,
				   void *user);

int train_fit(const struct train_data *d, const struct train_fit_options *o,
	      struct pattern_weights *w, struct train_fit_report *rep, train_fit_progress progress,
	      void *user, char *err, size_t errlen);

/* The fixed-depth match between two evaluations (train-match.c). */
struct train_match_result {
	double points_a; /* wins + draws/2 of evaluation A */
	int games;	 /* games played */
	int wins_a;	 /* games won by A */
	int draws;	 /* drawn games */
	long discs_a;	 /* sum of A's final disc differences */
};

struct train_match_options {
	int depth;   /* midgame search depth, plies */
	int endgame; /* exact solve from this many empties */
	int rounds;  /* each opening is played 2 x rounds times */
	int noise;   /* evaluation noise percent in rounds after the first (see search.h) */
	int jobs;    /* games played in parallel */
};

int train_match(const struct eval *a, const struct eval *b, const struct train_opening *ops,
		int n_ops, const struct train_match_options *o, train_progress progress, void *user,
		struct train_match_result *res, char *err, size_t errlen);

struct train_probcut_options {
	int positions; /* positions sampled per midgame phase and per number of empties */
	int mid_depth; /* deepest midgame depth fitted */
	int end_min;   /* endgame rows from this many empties ... */
	int end_max;   /* ... to this many */
	uint64_t seed; /* seed of the sampling */
	size_t tt_mb;  /* transposition table per thread, megabytes */
	int jobs;      /* threads searching the samples */
};

int train_probcut(const struct eval *ev, const struct train_data *d,
		  const struct train_probcut_options *o, const char *command, FILE *out,
		  train_progress progress, void *user, char *err, size_t errlen);

/* Options of the odd-even calibration (train-calibrate.c). */
struct train_calibrate_options {
	int phase_lo, phase_hi; /* phases whose parity term moves */
	int depth_lo, depth_hi; /* successive depths compared */
	int range;		/* shifts tried: -range .. range centidiscs ... */
	int step;		/* ... in these steps */
	size_t tt_mb;		/* transposition table, megabytes, per thread */
	int jobs;		/* threads */
};

/* One shift tried by the calibration. */
struct train_calibrate_row {
	int shift;    /* centidiscs added to the parity term */
	double rms;   /* root mean square of the differences of successive depths, discs */
	double swing; /* mean of (odd depth - even depth), discs */
	double level; /* mean score at depth_hi, discs, side to move after the opening */
	int pairs;    /* differences measured */
};

void train_observe_depths(const struct search_info *info, void *user);
int train_calibrate(const struct pattern_weights *w0, const struct train_opening *ops, int n_ops,
		    const struct train_calibrate_options *o, struct train_calibrate_row *rows,
		    void (*progress)(int done, int total, void *user), void *user);
struct pattern_weights *train_calibrated(const struct pattern_weights *w0,
					 const struct train_calibrate_options *o, int q);

#endif
