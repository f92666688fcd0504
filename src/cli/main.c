/*
 * main.c — `othello`: picks a subcommand and hands it the rest of the command
 * line. With no subcommand (or a file name first) it starts the terminal game;
 * a first word that is neither a command nor a file is refused as a mistyped
 * command. Whatever runs, standard output is checked at the end (cli-output.c).
 */
#include "config.h"

#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

const struct cli_command cli_commands[] = {
    {"play", cli_play, "play in the terminal (the default)"},
    {"perft", cli_perft, "count move sequences from a position"},
    {"bench", cli_bench, "search a fixed set of positions: the node count of the search"},
    {"convert", cli_convert, "convert a game record between SGF, GGF, transcript and OBF"},
    {"db", cli_db, "the game database: master games through a position (WTHOR)"},
    {"book", cli_book, "show, check, merge and build opening books; name openings"},
    {"ladder", cli_ladder, "play each level against the next one down and print the table"},
    {"solve", cli_solve, "solve the positions of an OBF file and check their scores"},
    {"analyze-position", cli_analyze_position, "search a position and score every move"},
    {"script", cli_script, "run game commands from a file or standard input, print the results"},
    {"analyze", cli_analyze, "score every move of a game, mark the mistakes (SGF, SVG chart)"},
    {"drill", cli_drill, "learn from a game's mistakes: find a better move at each"},
    {"match", cli_match, "play games between two players, with a report and a summary"},
    {"tournament", cli_tournament, "play every pairing of several players: cross table"},
    {"report", cli_report, "merge match reports, or summarise them"},
    {"gtp", cli_gtp, "speak GTP on stdin/stdout (the engine for other programs)"},
    {"nboard", cli_nboard, "speak the NBoard protocol on stdin/stdout (for the NBoard GUI)"},
    {"serve", cli_serve, "the game server: players join it to play and watch"},
    {"join", cli_join, "play or watch at a game server (the screen, a script or a bot)"},
    {"balanced-openings", cli_balanced_openings, "build balanced starting sequences for matches"},
    {"train", cli_train, "make pattern weights: self-play data, fit, iterate, match"},
    {NULL, NULL, NULL},
};

static void usage(FILE *f)
{
	fprintf(
	    f,
	    "usage: othello [COMMAND] [OPTIONS] [ARGS]\n"
	    "       othello -h | --help | --version\n\n"
	    "Othello Master: play Othello in the terminal, analyse games, run engine matches.\n\n"
	    "Commands:\n");
	for (const struct cli_command *c = cli_commands; c->name; c++)
		fprintf(f, "  %-20s %s\n", c->name, c->summary);
	fprintf(f, "\n`othello COMMAND --help` describes a command (`othello play --help` the\n"
		   "game's options). See othello(6).\n");
}

/* Runs the subcommand argv names (see the file comment) and returns its status. */
static int run(int argc, char **argv)
{
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		usage(stdout);
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
		printf("othello (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return 0;
	}
	if (argc >= 2 && argv[1][0] != '-') {
		for (const struct cli_command *c = cli_commands; c->name; c++)
			if (strcmp(argv[1], c->name) == 0)
				return c->run(argc - 1, argv + 1);
		/* A plain word that names no file is a mistyped command, not a game to open. */
		if (!strpbrk(argv[1], "./") && access(argv[1], F_OK) != 0) {
			fprintf(stderr,
				"othello: unknown command '%s' (`othello --help` lists them)\n",
				argv[1]);
			return 2;
		}
	}
	return cli_play(argc, argv);
}

int main(int argc, char **argv)
{
	cli_output_start();
	return cli_output_finish(run(argc, argv));
}
