/*
 * cli-eval.c — the evaluation a subcommand asks for (`--eval pattern|classic|FILE`),
 * with its messages on standard error: the error when a named file cannot be
 * loaded, the one note when `pattern` falls back to the classic evaluation.
 * What each SPEC means is in evalspec.c.
 */
#include "cli-eval.h"
#include "evalspec.h"

#include <string.h>

/*
 * Returns the evaluation named by `spec` (NULL: the default), or NULL when a
 * file named explicitly cannot be loaded; messages go to `warn`. The caller
 * frees the result with eval_free.
 */
struct eval *cli_eval_open(const char *spec, FILE *warn)
{
	char name[EVALSPEC_NAME_LEN], note[1200], err[1200];
	struct eval *ev =
	    evalspec_open(spec, name, sizeof name, note, sizeof note, err, sizeof err);

	if (!ev)
		fprintf(warn, "othello: %s\n", err);
	else if (note[0])
		fprintf(warn, "othello: %s\n", note);
	return ev;
}

/*
 * Returns the evaluation `spec` names for `othello COMMAND --OPTION SPEC`
 * (NULL: the default) and its name in `name`. On failure prints
 * "othello COMMAND: --OPTION: why" when `spec` names a file, else (a shipped
 * data file is broken: pattern's ProbCut table) "othello COMMAND: why", which
 * names that file, and returns NULL; a fallback to the
 * classic evaluation is said once, as "othello COMMAND: why". The caller
 * frees the result with eval_free.
 */
struct eval *cli_eval_option(const char *command, const char *option, const char *spec, char *name,
			     size_t namelen)
{
	return cli_eval_board(command, option, VARIANT_8X8, spec, name, namelen);
}

/* cli_eval_option for the games of board v (evalspec_open_board: on the other boards their
   shipped weights, `builtin`, or a weights file of that board). */
struct eval *cli_eval_board(const char *command, const char *option, enum variant v,
			    const char *spec, char *name, size_t namelen)
{
	char note[1200], err[1200];
	struct eval *ev =
	    evalspec_open_board(v, spec, name, namelen, note, sizeof note, err, sizeof err);

	if (!ev && spec && strcmp(spec, "pattern") != 0 && strcmp(spec, "classic") != 0)
		fprintf(stderr, "othello %s: --%s: %s\n", command, option, err);
	else if (!ev)
		fprintf(stderr, "othello %s: %s\n", command, err);
	else if (note[0])
		fprintf(stderr, "othello %s: %s\n", command, note);
	return ev;
}
