/*
 * evalspec.h — an evaluation chosen by name, the same way everywhere, on any
 * board: on 8×8 `pattern` (the shipped trained weights), `classic` (the
 * hand-set weights) or a weights file of either kind; on the other boards
 * their shipped weights, `builtin`, or a weights file of that board.
 */
#ifndef OTHELLO_EVALSPEC_H
#define OTHELLO_EVALSPEC_H

#include <stddef.h>

#include "eval.h"

#define EVALSPEC_DEFAULT "pattern" /* the evaluation used when none is named */

enum { EVALSPEC_NAME_LEN = 64 }; /* room for the name of an evaluation */

struct eval *evalspec_open_board(enum variant v, const char *spec, char *name, size_t namelen,
				 char *note, size_t notelen, char *err, size_t errlen);
struct eval *evalspec_open(const char *spec, char *name, size_t namelen, char *note, size_t notelen,
			   char *err, size_t errlen);

#endif
