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
 * Sets the board and the clocks of a game (the screen's, `script`'s) from
 * `--variant NAME` (an enum variant, CLI_VARIANT_OPTION; -1 keeps opt's board)
 * and `--game-time MINUTES`.
 */
void cli_variant_game(int variant, double minutes, struct controller_options *opt)
{
	if (variant >= 0)
		opt->variant = (enum variant)variant;
	opt->game_time = minutes * 60;
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
 * Makes the engine that searches positions of board v for `othello COMMAND`
 * into *out: on 8×8 with the evaluation `spec` names (pattern, classic or a
 * weights file; NULL: pattern), kept in out->eval for the caller to adjust
 * before the first search; on the other boards with the weights `spec` names
 * (a weights file of that board, or builtin; NULL: the shipped ones), and
 * out->eval NULL. hash_mb megabytes of table, `threads` search threads (0:
 * one per online core). False after a message.
 */
bool cli_engine_new(const char *command, enum variant v, const char *spec, long hash_mb,
		    long threads, struct cli_engine *out)
{
	const struct vgeom *g = vboard_geom(v);
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
