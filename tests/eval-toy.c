/*
 * eval-toy.c — a kind of evaluation of the tests' own (eval-kind.h), made
 * in one file as a new model would be: the disc difference times a weight.
 * Its file is one line, `TOY W` (W: centidiscs a disc of the side to move
 * has over the other's), on 8×8. It counts the positions it scores, so that
 * a test sees the searches use it.
 */
#include "eval-toy.h"

#include <stdatomic.h>
#include <stdlib.h>

/* The calls of the toy's board function since the program started. */
static atomic_long toy_calls;

/* The toy's model: its one weight. */
struct toy {
	int per_disc; /* centidiscs a disc */
};

static bool toy_reads(enum variant v, int first)
{
	return v == VARIANT_8X8 && first == 'T';
}

static struct eval *toy_read(enum variant v, FILE *f, const char *name, char *err, size_t errlen)
{
	struct toy *t = malloc(sizeof *t);

	if (!t || fscanf(f, "TOY %d", &t->per_disc) != 1) {
		snprintf(err, errlen, "%s:1: expected TOY and a weight", name);
		free(t);
		return NULL;
	}
	return eval_wrap(&eval_toy_kind, v, t);
}

static int toy_board(const void *model, const struct board *b)
{
	const struct toy *t = model;

	atomic_fetch_add(&toy_calls, 1);
	return t->per_disc * (board_popcount(b->own) - board_popcount(b->opp));
}

static int toy_write(const void *model, FILE *f)
{
	return fprintf(f, "TOY %d\n", ((const struct toy *)model)->per_disc) < 0 ? -1 : 0;
}

/* The toy as a kind of evaluation (eval-kind.h: name, reads, read, builtin, board, vboard,
   write, free). */
const struct eval_kind eval_toy_kind = {"toy",	   toy_reads, toy_read,	 NULL,
					toy_board, NULL,      toy_write, free};

/* How many 8×8 positions the toy kind has scored so far. */
long eval_toy_calls(void)
{
	return atomic_load(&toy_calls);
}
