/*
 * cli-variant.h — the subcommands' side of the other boards: reading
 * `--variant NAME` and the variant forms of subcommands (cli-vsolve.c,
 * cli-vplay.c) that the 8×8 subcommands hand over to.
 */
#ifndef OTHELLO_CLI_VARIANT_H
#define OTHELLO_CLI_VARIANT_H

#include "vboard.h"

#include <stdbool.h>

/* What `othello solve --variant` takes from the solve options. */
struct cli_vsolve_options {
	double time;	/* --time S a position, 0 none */
	long hash_mb;	/* --hash MB */
	bool all_moves; /* --all-moves: check every move's score */
	bool wld;	/* --wld: check only the sign */
};

const struct vgeom *cli_variant(const char *command, const char *name);
int cli_vsolve(const struct vgeom *g, const char *path, const struct cli_vsolve_options *o);

#endif
