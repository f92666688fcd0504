/*
 * cli-play.c — `othello [play]`: the terminal game.
 */
#include "cli.h"

#include <stdio.h>

int cli_play(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "othello: the terminal interface is not built yet; try `othello --help`\n");
	return 1;
}
