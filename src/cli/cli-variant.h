/*
 * cli-variant.h — the subcommands' side of the other boards: reading
 * `--variant NAME`, their evaluations, and the actions of solve and train
 * whose other-board work is apart (cli-vsolve.c, cli-vtrain.c), called with
 * the options the subcommand's one table has read.
 */
#ifndef OTHELLO_CLI_VARIANT_H
#define OTHELLO_CLI_VARIANT_H

#include "vboard.h"
#include "veval.h"

#include <stdbool.h>

/* What `othello solve --variant` takes from the solve options. */
struct cli_vsolve_options {
	double time;	/* --time S a position, 0 none */
	long hash_mb;	/* --hash MB */
	bool all_moves; /* --all-moves: check every move's score */
	bool wld;	/* --wld: check only the sign */
};

/* What `othello train generate|fit --variant` takes from the train options. */
struct cli_vtrain_options {
	const char *variant; /* --variant NAME */
	long plies;	     /* --plies P, -1 = the board's default */
	const char *level;   /* --level LEVEL, NULL = expert */
	long games;	     /* --games N */
	long seed;	     /* --seed S */
	double ridge;	     /* --ridge X */
	const char *eval;    /* --eval FILE, NULL = the shipped weights */
};

struct controller_options;

const struct vgeom *cli_variant(const char *command, const char *name);
bool cli_variant_game(const char *command, const char *name, double minutes,
		      struct controller_options *opt);
bool cli_variant_eval(const char *command, const struct vgeom *g, const char *file,
		      struct veval *ev);
int cli_vtrain(const struct vgeom *g, const char *action, struct cli_vtrain_options *o, int n,
	       char **rest);
int cli_vsolve(const struct vgeom *g, const char *path, const struct cli_vsolve_options *o);

#endif
