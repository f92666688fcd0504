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
 *   FILE        a weights file of either kind (eval_load    FILE
 *               tells them apart by the first byte)
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
	ev = eval_load(f, path, err, errlen);
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

/*
 * Returns the evaluation `spec` names (the table above; NULL is the default),
 * its name in `name`, and in `note` why it is not the one asked for ("" when
 * it is). NULL with a message in `err` when the file `spec` names cannot be
 * loaded, or memory runs out. The caller frees the result with eval_free.
 */
struct eval *evalspec_open(const char *spec, char *name, size_t namelen, char *note, size_t notelen,
			   char *err, size_t errlen)
{
	char why[1200];
	struct eval *ev;
	FILE *f;

	if (notelen)
		note[0] = '\0';
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
	f = fopen(spec, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", spec, strerror(errno));
		return NULL;
	}
	ev = eval_load(f, spec, err, errlen);
	fclose(f);
	if (ev)
		snprintf(name, namelen, "%s", spec);
	return ev;
}
