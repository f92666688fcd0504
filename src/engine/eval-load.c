/*
 * eval-load.c — an evaluation of any board from its weights file or its
 * built-in weights (eval.h), by the table of the kinds (eval-kinds.c): the
 * one place that asks the kinds, so that the kinds, which make handles
 * (eval.c), never call back into the place that chooses among them.
 */
#include "eval-kind.h"
#include "eval.h"
#include "vboard.h"

#include <stdio.h>

/*
 * Reads a weights file of any kind for board v from `f` (`name` in messages):
 * the first kind of the table (eval-kinds.c) that reads a file with its first
 * byte on that board reads it. Returns a new evaluation, or NULL with
 * "name:line: message" in err.
 */
struct eval *eval_load(enum variant v, FILE *f, const char *name, char *err, size_t errlen)
{
	int c = getc(f);

	if (c != EOF)
		ungetc(c, f);
	for (int i = 0; eval_kinds[i]; i++)
		if (eval_kinds[i]->reads(v, c))
			return eval_kinds[i]->read(v, f, name, err, errlen);
	snprintf(err, errlen, "%s: not a weights file of any kind for %s", name,
		 vboard_geom(v)->name);
	return NULL;
}

/* The built-in weights of board v (the first kind of the table that has them there), or NULL
   when out of memory. */
struct eval *eval_builtin(enum variant v)
{
	for (int i = 0; eval_kinds[i]; i++) {
		struct eval *ev = eval_kinds[i]->builtin ? eval_kinds[i]->builtin(v) : NULL;

		if (ev)
			return ev;
	}
	return NULL;
}
