/*
 * book-build.h — building or extending an opening book from the engine's own
 * searches (algorithm in book-build.c).
 */
#ifndef OTHELLO_BOOK_BUILD_H
#define OTHELLO_BOOK_BUILD_H

#include "board.h"
#include "book.h"
#include "eval.h"
#include "search.h"

#include <stddef.h>

struct book_build_options {
	int plies;	     /* positions up to this many plies from the start are scored */
	int depth;	     /* plies searched for each move's score */
	int tolerance;	     /* centidiscs: moves this close to the best are followed */
	size_t tt_megabytes; /* search table size */
};

struct book_build_stats {
	size_t searched; /* positions whose moves were searched */
	size_t kept;	 /* positions already in the book deep enough */
	size_t queued;	 /* positions reached so far (searched + kept + waiting) */
};

typedef void (*book_build_progress)(const struct book_build_stats *stats, void *user);

int book_build(struct book *bk, const struct eval *ev, const struct board *start, enum color side,
	       const struct book_build_options *opt, book_build_progress progress, void *user,
	       char *err, size_t errlen);
int book_back_up(struct book *bk, const struct board *b, const enum color *side, size_t n,
		 char *err, size_t errlen);

#endif
