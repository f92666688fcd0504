/*
 * cli-variant.c — the board of a game from `--variant NAME`, and the engine
 * of a board with the evaluation --eval names on it (cli_engine_new).
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
#include "engine.h"
#include "eval.h"

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
 * Makes the engine that searches positions of board v for `othello COMMAND`
 * into *out, with the evaluation `spec` names on that board (evalspec.h: on
 * 8×8 pattern, classic or a weights file, NULL: pattern; on the other boards
 * a weights file of that board or builtin, NULL: the shipped weights), kept
 * in out->eval for the caller to adjust before the first search. hash_mb
 * megabytes of table, `threads` search threads (0: one per online core).
 * False after a message.
 */
bool cli_engine_new(const char *command, enum variant v, const char *spec, long hash_mb,
		    long threads, struct cli_engine *out)
{
	char name[EVALSPEC_NAME_LEN];

	out->engine = NULL;
	out->eval = cli_eval_board(command, "eval", v, spec, name, sizeof name);
	if (!out->eval)
		return false;
	out->engine = engine_new(out->eval, NULL, (size_t)hash_mb);
	if (!out->engine) {
		fprintf(stderr, "othello %s: out of memory\n", command);
		cli_engine_free(out);
		return false;
	}
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
