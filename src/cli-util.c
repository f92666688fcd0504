/*
 * cli-util.c — helpers shared by the subcommands: argument parsing, loading
 * the evaluation.
 */
#include "cli.h"

#include "datadir.h"
#include "eval.h"
#include "parse.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

bool cli_parse_int(const char *s, long lo, long hi, long *out)
{
	return parse_long(s, lo, hi, out);
}

bool cli_parse_seconds(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s)
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !isfinite(v) || v < 0)
		return false;
	*out = v;
	return true;
}

/* Loads the evaluation from `path`, or the shipped weights (eval/classic.txt), or the built-in
   defaults when none is shipped. NULL with a message when the file cannot be read. */
struct eval *cli_load_eval(const char *path, char *err, size_t errlen)
{
	char found[4096];
	struct eval *ev;
	FILE *f;

	if (path) {
		f = fopen(path, "r");
		if (!f) {
			snprintf(err, errlen, "%s: cannot open", path);
			return NULL;
		}
		ev = eval_load(f, path, err, errlen);
		fclose(f);
		return ev;
	}
	f = datadir_open("eval/classic.txt", found, sizeof found, err, errlen);
	if (!f)
		return eval_new_default();
	ev = eval_load(f, found, err, errlen);
	fclose(f);
	return ev;
}
