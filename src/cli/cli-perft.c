/*
 * cli-perft.c — `othello perft DEPTH [--board STRING]`: counts move sequences
 * (a pass counts as a ply; a finished game is counted once, where it ends) at
 * each depth from 1 to DEPTH and prints time and speed.
 */
#include "board.h"
#include "cli-options.h"
#include "cli.h"
#include "timer.h"

#include <stdio.h>

/* The options of `othello perft`. */
struct perft_options {
	struct board b;	 /* --board: the position (default the start) */
	enum color side; /* its side to move */
};

/* --board STRING: the position to count from. */
static bool perft_board(void *opts, const char *text)
{
	struct perft_options *po = opts;
	char err[160];

	if (board_parse(text, &po->b, &po->side, err, sizeof err) >= 0)
		return true;
	fprintf(stderr, "othello perft: --board: %s\n", err);
	return false;
}

static const struct cli_options perft_options = {
    .command = "perft",
    .usage = "usage: othello perft DEPTH [--board \"BOARD STRING\"]\n"
	     "Counts the move sequences of 1..DEPTH plies (passes count as plies).\n",
    .options =
	(const struct cli_option[]){
	    {.name = "board", .letter = 'b', .kind = CLI_OPT_CALL, .call = perft_board},
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* `othello perft`: counts the move sequences of 1..DEPTH plies; 0, or 2 on
   bad usage. */
int cli_perft(int argc, char **argv)
{
	struct perft_options po = {.side = BLACK};
	long depth;
	int first, st;

	board_start(&po.b);
	if ((st = cli_options_parse(&perft_options, argc, argv, &po, &first)) >= 0)
		return st;
	if (first + 1 != argc) {
		fprintf(stderr, "othello perft: expected one DEPTH\n");
		cli_options_usage(&perft_options, stderr);
		return 2;
	}
	if (!cli_parse_int(argv[first], 1, 30, &depth)) {
		fprintf(stderr,
			"othello perft: '%s' is not a depth (a whole number from 1 to 30)\n",
			argv[first]);
		return 2;
	}
	for (int d = 1; d <= depth; d++) {
		double t0 = timer_now();
		unsigned long long n = board_perft(&po.b, d);
		double dt = timer_now() - t0;

		printf("depth %d: %llu nodes in %.2f s (%.0f Mnodes/s)\n", d, n, dt,
		       dt > 0 ? (double)n / dt / 1e6 : 0.0);
		if (!cli_output_ok())
			return 2;
	}
	return 0;
}
