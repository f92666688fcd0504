/*
 * book.h — the opening book: positions with scored moves, read from text files
 * (format in book.c), kept in a hash table keyed by the position under the 8
 * symmetries, combined from several files, consulted by the levels, and built
 * or extended from the engine's own searches (book-build.c).
 */
#ifndef OTHELLO_BOOK_H
#define OTHELLO_BOOK_H

#include "board.h"

#include <stdint.h>
#include <stdio.h>

enum {
	BOOK_MAX_MOVES = 34,  /* more than any position's number of legal moves */
	BOOK_SCORE_MAX = 6400 /* |score| bound: 64 discs, in centidiscs */
};

struct book_move {
	int move;  /* square, in the orientation of the position asked about */
	int score; /* centidiscs for the side to move after a search of `depth` */
	int depth; /* plies searched (60 and more: exact); 0 = unknown */
};

struct book;

struct book *book_new(void);
void book_free(struct book *bk);
size_t book_size(const struct book *bk);
void book_entry(const struct book *bk, size_t i, struct board *b, enum color *side);

int book_load(struct book *bk, FILE *f, const char *filename, char *err, size_t errlen);
int book_merge(struct book *dst, const struct book *src, char *err, size_t errlen);
int book_add(struct book *bk, const struct board *b, enum color side, const struct book_move *moves,
	     int n_moves, char *err, size_t errlen);
int book_write(const struct book *bk, FILE *f, const char *source);

int book_lookup(const struct book *bk, const struct board *b, struct book_move out[BOOK_MAX_MOVES]);
int book_choose(const struct book *bk, const struct board *b, int tolerance, uint64_t *rng,
		struct book_move *out);

int book_parse_score(const char *s, int *score, int *chars);
void book_format_score(int score, char out[8]);

#endif
