/*
 * cli-eval.c — the evaluation a subcommand asks for (`--eval pattern|classic|FILE`).
 *
 * `classic`: eval/classic.txt from the data directory, else the built-in
 * weights. `pattern`: eval/pattern.bin from the data directory; when it is
 * missing or corrupt, the message goes to `warn` and the classic evaluation
 * is used instead. Anything else is a weights file of either kind (eval_load
 * tells them apart).
 */
#include "cli-eval.h"
#include "datadir.h"

#include <string.h>

/* Loads data file `name` as an evaluation, or NULL with a message. */
static struct eval *shipped(const char *name, char *err, size_t errlen)
{
	char path[1024];
	FILE *f = datadir_open(name, path, sizeof path, err, errlen);
	struct eval *ev;

	if (!f)
		return NULL;
	ev = eval_load(f, path, err, errlen);
	fclose(f);
	return ev;
}

/*
 * Returns the evaluation named by `spec` (see the top of this file), or NULL
 * when a file named explicitly cannot be loaded; messages go to `warn`. The
 * caller frees the result with eval_free.
 */
struct eval *cli_eval_open(const char *spec, FILE *warn)
{
	char err[1200];
	struct eval *ev;
	FILE *f;

	if (!spec || strcmp(spec, "classic") == 0) {
		ev = shipped("eval/classic.txt", err, sizeof err);
		return ev ? ev : eval_new_default();
	}
	if (strcmp(spec, "pattern") == 0) {
		ev = shipped("eval/pattern.bin", err, sizeof err);
		if (!ev) {
			fprintf(warn, "othello: %s; using the classic evaluation\n", err);
			ev = eval_new_default();
		}
		return ev;
	}
	f = fopen(spec, "rb");
	if (!f) {
		fprintf(warn, "othello: %s: cannot open\n", spec);
		return NULL;
	}
	ev = eval_load(f, spec, err, sizeof err);
	fclose(f);
	if (!ev)
		fprintf(warn, "othello: %s\n", err);
	return ev;
}
