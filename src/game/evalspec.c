/*
 * evalspec.c — the evaluation a SPEC names, with the name that tells it in
 * reports and the note that says when it is not the one asked for.
 *
 *   SPEC        evaluation                                  name
 *   ----------  ------------------------------------------  ---------
 *   pattern     eval/pattern.bin from the data directory    pattern
 *   (NULL)      the same (EVALSPEC_DEFAULT)                 pattern
 *   classic     eval/classic.txt from the data directory,   classic
 *               else the built-in weights (the same numbers)
 *   FILE        a weights file of any kind (eval_load       FILE
 *               tells them apart by the first byte)
 *
 * and on the other boards (evalspec_open_board):
 *
 *   SPEC        evaluation                                  name
 *   ----------  ------------------------------------------  ----------------
 *   (NULL)      eval/variant-NAME.txt from the data         eval/variant-...
 *               directory, else (not found) the built-in    built-in weights
 *               weights
 *   builtin     the built-in weights                        builtin
 *   FILE        a weights file of that board                FILE
 *
 * `pattern` comes with the ProbCut table fitted with it (eval/probcut.txt),
 * which selective searches need: when the table is missing, the note says
 * so and searches stay exact; when it is corrupt, that is an error
 * ("FILE:LINE: what"), since a broken install should not go unnoticed.
 *
 * When eval/pattern.bin is missing or corrupt, `pattern` falls back to the
 * classic evaluation, is named `classic`, and the note says why: the caller
 * shows it once (stderr, the status line). A FILE that cannot be loaded is an
 * error: the caller asked for that file and nothing else.
 */
#include "evalspec.h"

#include "datadir.h"
#include "probcut.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Loads the data file `name` as an evaluation, or NULL with a message. */
static struct eval *shipped(const char *name, char *err, size_t errlen)
{
	char path[4096];
	FILE *f = datadir_open(name, path, sizeof path, err, errlen);
	struct eval *ev;

	if (!f)
		return NULL;
	ev = eval_load(VARIANT_8X8, f, path, err, errlen);
	fclose(f);
	return ev;
}

/*
 * Gives the pattern evaluation `ev` the ProbCut table fitted with it
 * (eval/probcut.txt). Returns `ev`; when the table is missing, `ev` without
 * one and why in `note`; NULL (`ev` freed) with "FILE:LINE: what" in `err`
 * when it is corrupt.
 */
static struct eval *with_probcut(struct eval *ev, char *note, size_t notelen, char *err,
				 size_t errlen)
{
	char path[4096], why[1024];
	FILE *f = datadir_open("eval/probcut.txt", path, sizeof path, why, sizeof why);
	struct probcut *pc;

	if (!f) {
		snprintf(note, notelen, "%s; searching without selectivity", why);
		return ev;
	}
	pc = probcut_load(f, path, err, errlen);
	fclose(f);
	if (!pc) {
		eval_free(ev);
		return NULL;
	}
	eval_set_probcut(ev, pc);
	return ev;
}

/* The classic evaluation: the shipped weights, else the built-in ones. NULL
   when out of memory. */
static struct eval *classic(char *err, size_t errlen)
{
	char why[512];
	struct eval *ev = shipped("eval/classic.txt", why, sizeof why);

	if (!ev && !(ev = eval_new_default()))
		snprintf(err, errlen, "out of memory");
	return ev;
}

/* Loads the weights file `path` for board v (named `path` in `name`), or NULL with a message. */
static struct eval *from_file(enum variant v, const char *path, char *name, size_t namelen,
			      char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	struct eval *ev;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	ev = eval_load(v, f, path, err, errlen);
	fclose(f);
	if (ev)
		snprintf(name, namelen, "%s", path);
	return ev;
}

/* The evaluation of board v (not 8×8) that `spec` names (the second table above). */
static struct eval *other_board(enum variant v, const char *spec, char *name, size_t namelen,
				char *err, size_t errlen)
{
	char file[64], path[4096], why[512];
	struct eval *ev;
	FILE *f;

	if (spec && strcmp(spec, "builtin") != 0)
		return from_file(v, spec, name, namelen, err, errlen);
	snprintf(file, sizeof file, "eval/variant-%s.txt", square_variant_name(v));
	if (!spec && (f = datadir_open(file, path, sizeof path, why, sizeof why))) {
		ev = eval_load(v, f, path, err, errlen);
		fclose(f);
		if (ev)
			snprintf(name, namelen, "%s", file);
		return ev;
	}
	snprintf(name, namelen, spec ? "builtin" : "built-in weights");
	if (!(ev = eval_builtin(v)))
		snprintf(err, errlen, "out of memory");
	return ev;
}

/*
 * Returns the evaluation of board v that `spec` names (the tables above; NULL
 * is the default), its name in `name`, and in `note` why it is not the one
 * asked for ("" when it is). NULL with a message in `err` when the file
 * `spec` names (or the shipped weights of another board) cannot be loaded,
 * or memory runs out. The caller frees the result with eval_free.
 */
struct eval *evalspec_open_board(enum variant v, const char *spec, char *name, size_t namelen,
				 char *note, size_t notelen, char *err, size_t errlen)
{
	char why[1200];
	struct eval *ev;

	if (notelen)
		note[0] = '\0';
	if (v != VARIANT_8X8)
		return other_board(v, spec, name, namelen, err, errlen);
	if (!spec)
		spec = EVALSPEC_DEFAULT;
	if (strcmp(spec, "classic") == 0) {
		snprintf(name, namelen, "classic");
		return classic(err, errlen);
	}
	if (strcmp(spec, "pattern") == 0) {
		ev = shipped("eval/pattern.bin", why, sizeof why);
		if (ev) {
			snprintf(name, namelen, "pattern");
			return with_probcut(ev, note, notelen, err, errlen);
		}
		snprintf(note, notelen, "%s; using the classic evaluation", why);
		snprintf(name, namelen, "classic");
		return classic(err, errlen);
	}
	return from_file(VARIANT_8X8, spec, name, namelen, err, errlen);
}

/* evalspec_open_board on 8×8: the evaluation of the 8×8 games that `spec` names. */
struct eval *evalspec_open(const char *spec, char *name, size_t namelen, char *note, size_t notelen,
			   char *err, size_t errlen)
{
	return evalspec_open_board(VARIANT_8X8, spec, name, namelen, note, notelen, err, errlen);
}
