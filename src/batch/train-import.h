/*
 * train-import.h — training data from collected games (WTHOR, Logistello's
 * book lines): exact leaves, values backed up over the tree the games share,
 * and positions solved exactly; and the error of an evaluation, or of the
 * labels themselves, against them (train_measure) (train-import.c).
 */
#ifndef OTHELLO_TRAIN_IMPORT_H
#define OTHELLO_TRAIN_IMPORT_H

#include "book.h"
#include "gamedb.h"
#include "train.h"

enum {
	IMPORT_SOLVED_ID = 1000000 /* id of the first record of solved positions */
};

struct train_import_options {
	int min_empties;     /* labelled positions written: from this many empties ... */
	int max_empties;     /* ... to this many (the tree's labels) */
	int solve_from;	     /* game positions of solve_from .. */
	int solve_empties;   /* ... this many empties are solved (0: none) */
	int sibling_empties; /* the positions after the moves not played from the games'
				positions of this many + 1 empties are solved (0: none) */
	int shard, shards;   /* solve only the records r with r mod shards = shard */
	int jobs;	     /* solving threads */
	size_t tt_mb;	     /* transposition table of each, megabytes */
};

struct train_import_report {
	size_t nodes;		/* distinct positions of the games (up to symmetry) */
	size_t leaves;		/* games with an exact leaf */
	size_t labelled[61][2]; /* tree labels written, by empties: [0] exact, [1] backed up */
	size_t to_solve[61];	/* positions to solve, by empties */
	uint64_t solved;	/* positions solved by this run */
};

int train_import(const struct gamedb_game *games, size_t n, const struct eval *ev,
		 const struct train_import_options *o, const uint8_t *done, size_t done_len,
		 FILE *out, train_progress progress, void *user, struct train_import_report *rep,
		 char *err, size_t errlen);

/* Which positions of the games make an opening book (train_import_book). */
struct train_book_options {
	int max_plies;	    /* positions with at most this many moves played */
	int min_games;	    /* positions reached by at least this many games */
	int min_move_games; /* moves whose positions at least this many games reached */
};

int train_import_book(const struct gamedb_game *games, size_t n, const struct train_book_options *o,
		      struct book *bk, size_t *positions, char *err, size_t errlen);

/* Which positions `train measure` takes from the data (train_measure). */
struct train_measure_options {
	bool all;	  /* every label, not only the exact ones */
	long sample;	  /* at most this many of each number of empties (0: all) */
	int lo, hi;	  /* only positions of lo .. hi empties */
	bool exact;	  /* measure the labels against exact solves instead of ev */
	int jobs;	  /* threads of the solves */
};

/* The error of one number of empties (or of all), in discs. */
struct train_measure_row {
	long n;		/* positions */
	double abs_err; /* sum of |value - label| */
	double bias;	/* sum of value - label */
	long right;	/* positions whose value is the label */
};

int train_measure(const struct train_data *d, const struct eval *ev,
		  const struct train_measure_options *o, struct train_measure_row rows[61],
		  char *err, size_t errlen);

#endif
