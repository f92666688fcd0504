/*
 * cli-variant.c — reading `--variant NAME` for the subcommands, and the
 * evaluation of another board (--eval FILE of a variant, or the shipped one).
 *
 * The series (ladder, match, tournament) read --variant in their own option
 * tables and play every board through the one series runner (match.h). A
 * subcommand whose other-board form is still apart (train, analyze-position)
 * looks for --variant first (cli_variant_find) and hands the command line to
 * that form.
 */
#include "cli-variant.h"
#include "cli-options.h"
#include "cli.h"
#include "controller.h"
#include "datadir.h"
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
 * `--variant NAME` (NULL keeps 8x8) and `--game-time MINUTES` of
 * `othello COMMAND`. False after a message listing the boards.
 */
bool cli_variant_game(const char *command, const char *name, double minutes,
		      struct controller_options *opt)
{
	const struct vgeom *g = name ? cli_variant(command, name) : vboard_geom(VARIANT_8X8);

	if (!g)
		return false;
	opt->variant = g->variant;
	opt->game_time = minutes * 60;
	return true;
}

/*
 * Looks for --variant NAME (or --variant=NAME) among the arguments: returns 0
 * when there is none or it names 8×8, 1 with the board in *g, 2 after a
 * message when the name is not a board or missing.
 */
int cli_variant_find(const char *command, int argc, char **argv, const struct vgeom **g)
{
	for (int i = 1; i < argc; i++) {
		const char *name = NULL;

		if (strcmp(argv[i], "--") == 0)
			break;
		if (strncmp(argv[i], "--variant=", 10) == 0)
			name = argv[i] + 10;
		else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc)
			name = argv[i + 1];
		else if (strcmp(argv[i], "--variant") == 0)
			name = "";
		if (!name)
			continue;
		*g = cli_variant(command, name);
		if (!*g)
			return 2;
		return (*g)->variant != VARIANT_8X8;
	}
	return 0;
}

/* --variant in the option table of an 8×8 subcommand: only 8x8 reaches it. */
bool cli_variant_8x8(void *opts, const char *text)
{
	(void)opts;
	return strcmp(text, "8x8") == 0;
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
