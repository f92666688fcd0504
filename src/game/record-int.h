/*
 * record-int.h — inside the record family (not part of the public interface):
 * the helpers the readers and writers share (record-util.c: a reader's place
 * in its text, error positions, square names, output checks) and whole-file
 * reading (record-file.c).
 */
#ifndef OTHELLO_RECORD_INT_H
#define OTHELLO_RECORD_INT_H

#include "gametree.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Longest file the readers accept; longer input is refused, not truncated. */
#define RECORD_MAX_TEXT ((size_t)16 << 20)

/* A reader's place in the text it parses, and where its messages go. */
struct record_reader {
	const char *text; /* the file */
	size_t len;	  /* its length */
	size_t pos;	  /* read position */
	const char *name; /* file name for messages */
	char *err;	  /* message buffer */
	size_t errlen;	  /* its size */
};

bool record_is_space(int c);
void record_skip_space(struct record_reader *r);
void record_fail(const struct record_reader *r, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void record_error(char *err, size_t errlen, const char *name, const char *text, size_t len,
		  size_t off, const char *fmt, ...) __attribute__((format(printf, 7, 8)));
int record_check_text(const char *text, size_t len, const char *name, char *err, size_t errlen);
int record_parse_square(const char *s, size_t n);
int record_parse_vsquare(enum variant v, const char *s, size_t n);
struct game_node *record_play(struct game *g, struct game_node *at, enum color player, int move,
			      char *msg, size_t msglen);
int record_finish_output(FILE *f);
int record_count_games(struct record_reader *r);

/* record-file.c */
char *record_read_whole(const char *path, size_t *len, char *err, size_t errlen);

#endif
