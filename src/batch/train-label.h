/*
 * train-label.h — training data labelled again: the positions of a data
 * file that no solve labelled get the score of a search of the given depth
 * (or a blend of it and their old label) or an exact solve, the others are
 * copied as they are (train-label.c).
 */
#ifndef OTHELLO_TRAIN_LABEL_H
#define OTHELLO_TRAIN_LABEL_H

#include "train.h"

struct train_label_options {
	int depth;    /* midgame search depth of a label, plies (1 .. 30) */
	bool two;     /* the label is the mean of the depth-1 and depth scores (damps
			 the odd-even swing of a search's score) */
	int blend;    /* percent of the search score in the label (1 .. 100), the rest
			 the old label */
	int lo, hi;   /* positions of lo .. hi empties are labelled again */
	int solve;    /* those of at most this many empties are solved exactly instead
			 (marked exact; 0: none) */
	int jobs;     /* threads */
	size_t tt_mb; /* transposition table of each, megabytes */
};

struct train_label_report {
	size_t records;	       /* records written by this run */
	size_t labelled[61];   /* positions labelled again, by empties */
	size_t solved[61];     /* of them, solved exactly */
	double moved[61];      /* sum of |new label - old label| over them, discs */
	double moved_sign[61]; /* sum of (new label - old label) */
};

int train_label(const struct train_data *d, const struct eval *ev,
		const struct train_label_options *o, const uint8_t *done, size_t done_len,
		FILE *out, train_progress progress, void *user, struct train_label_report *rep,
		char *err, size_t errlen);

#endif
