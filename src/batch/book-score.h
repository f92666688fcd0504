/*
 * book-score.h — scoring a book made from games with the engine's searches
 * (algorithm in book-score.c).
 */
#ifndef OTHELLO_BOOK_SCORE_H
#define OTHELLO_BOOK_SCORE_H

#include "book.h"
#include "eval.h"
#include "search.h"

#include <stddef.h>

struct book_score_options {
	int depth;	     /* plies searched from each position (moves leaving the book:
				from the position before them) */
	int threads;	     /* positions scored at once */
	size_t tt_megabytes; /* each thread's search table */
	size_t save_every;   /* positions between checkpoints; 0: none but the last */
};

struct book_score_stats {
	size_t total;	 /* positions of the book */
	size_t before;	 /* scored by an earlier run (passed over) */
	size_t scored;	 /* scored by this run so far */
	size_t searches; /* searches run so far */
};

typedef void (*book_score_progress)(const struct book_score_stats *stats, void *user);
typedef int (*book_score_checkpoint)(const struct book *out, void *user);

int book_score(const struct book *in, struct book *out, const struct eval *ev,
	       const struct book_score_options *o, book_score_progress progress,
	       book_score_checkpoint checkpoint, void *user, char *err, size_t errlen);

#endif
