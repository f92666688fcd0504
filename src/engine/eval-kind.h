/*
 * eval-kind.h — the kinds of evaluation behind eval.h's one handle, and the
 * table that lists them (eval-kinds.c).
 *
 * A kind is the model of one way of scoring positions: how its weights file
 * is told apart (by the board and the file's first byte), read and written,
 * and how it scores a position of the boards it serves. The handle
 * (struct eval) holds the kind, its board and its model; eval_board and
 * eval_vboard call the kind, and eval_load asks the kinds of the table in
 * order which one reads a file. A new model is one file that defines its
 * kind and one row of the table; nothing above the engine changes.
 *
 *   kind      boards        file                           file.c
 *   --------  ------------  -----------------------------  ---------
 *   pattern   8×8           binary, first byte 0x89        pattern.c
 *   linear    the others    text, `variant NAME` line      veval.c
 *   classic   8×8           text, feature lines            eval.c
 */
#ifndef OTHELLO_EVAL_KIND_H
#define OTHELLO_EVAL_KIND_H

#include "eval.h"
#include "vboard.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One kind of evaluation. Every function but `reads` and `read` may be NULL. */
struct eval_kind {
	const char *name; /* as reports and messages name it */
	/* True when a weights file whose first byte is `first` (EOF: empty) is of this kind on
	   board v. */
	bool (*reads)(enum variant v, int first);
	/* Reads the file `f` (named `name` in messages) for board v into a new handle
	   (eval_wrap), or NULL with "name:line: what" in err. */
	struct eval *(*read)(enum variant v, FILE *f, const char *name, char *err, size_t errlen);
	/* The built-in weights of board v as a new handle, or NULL when this kind has none
	   there (or memory ran out). */
	struct eval *(*builtin)(enum variant v);
	/* The score of an 8×8 position, centidiscs for the side to move. */
	int (*board)(const void *model, const struct board *b);
	/* The score of a position of another board (its geometry in the model). */
	int (*vboard)(const void *model, vbits own, vbits opp);
	/* Writes the model as a weights file of this kind; 0 or -1. */
	int (*write)(const void *model, FILE *f);
	/* Frees the model. */
	void (*free)(void *model);
};

/* The kinds, in the order eval_load asks them, NULL after the last (eval-kinds.c). */
extern const struct eval_kind *const eval_kinds[];

extern const struct eval_kind eval_classic_kind; /* eval.c */
extern const struct eval_kind eval_pattern_kind; /* pattern.c */
extern const struct eval_kind eval_linear_kind;	 /* veval.c */

struct eval *eval_wrap(const struct eval_kind *kind, enum variant v, void *model);
const struct eval_kind *eval_kind_of(const struct eval *ev);
const void *eval_model(const struct eval *ev);

#endif
