/*
 * cli-variant.h — the subcommands' side of the other boards: reading
 * `--variant NAME`, the engine and evaluation of a board, and the actions of
 * train whose other-board work is apart (cli-vtrain.c), called with the
 * options the subcommand's one table has read.
 */
#ifndef OTHELLO_CLI_VARIANT_H
#define OTHELLO_CLI_VARIANT_H

#include "square.h"

#include <stdbool.h>


/* What `othello train generate|fit --variant` takes from the train options. */
struct cli_vtrain_options {
	int variant;	   /* --variant NAME (enum variant), -1: not given */
	long plies;	   /* --plies P, -1 = the board's default */
	const char *level; /* --level LEVEL, NULL = expert */
	long games;	   /* --games N */
	long seed;	   /* --seed S */
	double ridge;	   /* --ridge X */
	const char *eval;  /* --eval FILE, NULL = the shipped weights */
};

/* An engine of the command line and the evaluation it searches with (cli_engine_new). */
struct cli_engine {
	struct engine *engine; /* the searches */
	struct eval *eval;     /* their evaluation, of the engine's board */
};

struct controller_options;

void cli_variant_game(int variant, double minutes, struct controller_options *opt);
bool cli_engine_new(const char *command, enum variant v, const char *spec, long hash_mb,
		    long threads, struct cli_engine *out);
void cli_engine_free(struct cli_engine *ce);
int cli_vtrain(enum variant v, const char *action, struct cli_vtrain_options *o, int n,
	       char **rest);

#endif
