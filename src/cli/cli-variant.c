/*
 * cli-variant.c — reading `--variant NAME` for the subcommands, and the
 * evaluation of another board (--eval FILE of a variant, or the shipped one).
 *
 * Every subcommand reads --variant in its own option table: the series
 * (ladder, match, tournament) play every board through the one series runner
 * (match.h), analyze-position and solve search through the engine facade
 * (cli_engine_new makes the engine of a board), and train calls its other
 * boards' actions (cli-vtrain.c) with the options read.
 */
#include "cli-variant.h"
#include "cli-eval.h"
#include "cli-options.h"
#include "cli.h"
#include "controller.h"
#include "datadir.h"
#include "engine.h"
#include "eval.h"
#include "veval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Returns the geometry `--variant NAME` names for `othello COMMAND`, or NULL
 * after a message listing the names.
 */
const struct vgeom *cli_variant(const char *command, const char *name)
{
	const struct vgeom *g = vboard_geom_named(name);

	if (!g)
		fprintf(stderr, "othello %s: --variant: '%s' is not a board (%s)\n", command, name,
			vboard_variant_names());
	return g;
}

/*
 * Sets the board and the clocks of a game (the screen's, `script`'s) from
 * `--variant NAME` (NULL keeps opt's board) and `--game-time MINUTES` of
 * `othello COMMAND`. False after a message listing the boards.
 */
bool cli_variant_game(const char *command, const char *name, double minutes,
		      struct controller_options *opt)
{
	const struct vgeom *g = name ? cli_variant(command, name) : NULL;

	if (name && !g)
		return false;
	if (g)
		opt->variant = g->variant;
	opt->game_time = minutes * 60;
	return true;
}

/*
 * Loads the evaluation of board g: the weights file given ("builtin": the
 * built-in weights), else the shipped eval/variant-NAME.txt, else the
 * built-in weights. False after a message.
 */
bool cli_variant_eval(const char *command, const struct vgeom *g, const char *file,
		      struct veval *ev)
{
	char name[64], path[4096], err[300];
	FILE *f;

	if (file && strcmp(file, "builtin") == 0) {
		veval_default(g, ev);
		return true;
	}
	snprintf(name, sizeof name, "eval/variant-%s.txt", g->name);
	f = file ? fopen(file, "r") : datadir_open(name, path, sizeof path, err, sizeof err);
	if (!f) {
		if (!file) {
			veval_default(g, ev);
			return true;
		}
		fprintf(stderr, "othello %s: %s: cannot open\n", command, file);
		return false;
	}
	if (veval_read(g, f, ev, err, sizeof err) < 0) {
		fprintf(stderr, "othello %s: %s:%s\n", command, file ? file : path, err);
		fclose(f);
		return false;
	}
	fclose(f);
	return true;
}

/*
 * Makes the engine that searches positions of board g for `othello COMMAND`
 * into *out: on 8×8 with the evaluation `spec` names (pattern, classic or a
 * weights file; NULL: pattern), kept in out->eval for the caller to adjust
 * before the first search; on the other boards with the weights `spec` names
 * (a weights file of that board, or builtin; NULL: the shipped ones), and
 * out->eval NULL. hash_mb megabytes of table, `threads` search threads (0:
 * one per online core). False after a message.
 */
bool cli_engine_new(const char *command, const struct vgeom *g, const char *spec, long hash_mb,
		    long threads, struct cli_engine *out)
{
	char name[EVALSPEC_NAME_LEN];
	struct veval vev;

	out->eval = NULL;
	out->engine = NULL;
	if (g->variant == VARIANT_8X8) {
		out->eval = cli_eval_option(command, "eval", spec ? spec : "pattern", name,
					    sizeof name);
		if (!out->eval)
			return false;
	} else if (!cli_variant_eval(command, g, spec, &vev)) {
		return false;
	}
	out->engine = engine_new(out->eval, NULL, (size_t)hash_mb);
	if (!out->engine) {
		fprintf(stderr, "othello %s: out of memory\n", command);
		cli_engine_free(out);
		return false;
	}
	if (!out->eval)
		engine_set_veval(out->engine, g->variant, &vev);
	engine_set_threads(out->engine, cli_threads(threads));
	return true;
}

/* Frees what cli_engine_new made. */
void cli_engine_free(struct cli_engine *ce)
{
	engine_free(ce->engine);
	eval_free(ce->eval);
	ce->engine = NULL;
	ce->eval = NULL;
}
