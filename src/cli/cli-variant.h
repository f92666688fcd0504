/*
 * cli-variant.h — the subcommands' side of the other boards: reading
 * `--variant NAME` and the variant forms of subcommands (cli-vsolve.c,
 * cli-vposition.c, cli-vtrain.c) that the 8×8 subcommands hand over to.
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

struct controller_options;

const struct vgeom *cli_variant(const char *command, const char *name);
bool cli_variant_game(const char *command, const char *name, double minutes,
		      struct controller_options *opt);
int cli_variant_find(const char *command, int argc, char **argv, const struct vgeom **g);
bool cli_variant_eval(const char *command, const struct vgeom *g, const char *file,
		      struct veval *ev);
bool cli_variant_8x8(void *opts, const char *text);
int cli_vposition(const struct vgeom *g, int argc, char **argv);
int cli_vtrain(const struct vgeom *g, int argc, char **argv);
int cli_vsolve(const struct vgeom *g, const char *path, const struct cli_vsolve_options *o);

/* The --variant entry of an 8×8 subcommand's table whose other-board form is apart. */
#define CLI_VARIANT_OPTION                                                                         \
	{                                                                                          \
		.name = "variant", .letter = 'V', .kind = CLI_OPT_CALL, .call = cli_variant_8x8,   \
		.arg = "NAME", .help = "the board: 8x8 (default), 6x6 or 10x10-holes"              \
	}

#endif
