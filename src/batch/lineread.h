/*
 * lineread.h — one line of a protocol's input at a time, with a length limit
 * that keeps an overlong line whole: GTP and NBoard read their commands here.
 */
#ifndef OTHELLO_LINEREAD_H
#define OTHELLO_LINEREAD_H

#include <stddef.h>
#include <stdio.h>

enum {
	LINEREAD_EOF = -1,     /* the input ended before a line */
	LINEREAD_TOOLONG = -2, /* the line did not fit */
	LINEREAD_ERROR = -3,   /* reading failed (errno says why); not the end */
	LINEREAD_NUL = -4      /* lineread_bounded: the line holds a NUL byte */
};

long lineread_next(FILE *in, char *line, size_t size);
long lineread_bounded(FILE *in, char *line, size_t size);

#endif
