/*
 * cli-perft.c — `othello perft DEPTH [--board STRING]`: counts move sequences
 * (a pass counts as a ply; a finished game is counted once, where it ends) at
 * each depth from 1 to DEPTH and prints time and speed.
 */
#include "board.h"
#include "cli.h"
#include "timer.h"

#include <getopt.h>
#include <stdio.h>

static void perft_usage(FILE *f)
{
	fprintf(f, "usage: othello perft DEPTH [--board \"BOARD STRING\"]\n"
		   "Counts the move sequences of 1..DEPTH plies (passes count as plies).\n");
}

int cli_perft(int argc, char **argv)
{
	static const struct option options[] = {
	    {"board", required_argument, NULL, 'b'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	struct board b;
	enum color side = BLACK;
	char err[160];
	long depth;
	int c;

	board_start(&b);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "b:h", options, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (board_parse(optarg, &b, &side, err, sizeof err) < 0) {
				fprintf(stderr, "othello perft: --board: %s\n", err);
				return 2;
			}
			break;
		case 'h':
			perft_usage(stdout);
			return 0;
		default:
			cli_option_refused("perft", options, argv, optind - 1, c);
			perft_usage(stderr);
			return 2;
		}
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "othello perft: expected one DEPTH\n");
		perft_usage(stderr);
		return 2;
	}
	if (!cli_parse_int(argv[optind], 1, 30, &depth)) {
		fprintf(stderr,
			"othello perft: '%s' is not a depth (a whole number from 1 to 30)\n",
			argv[optind]);
		return 2;
	}
	for (int d = 1; d <= depth; d++) {
		double t0 = timer_now();
		unsigned long long n = board_perft(&b, d);
		double dt = timer_now() - t0;

		printf("depth %d: %llu nodes in %.2f s (%.0f Mnodes/s)\n", d, n, dt,
		       dt > 0 ? (double)n / dt / 1e6 : 0.0);
		fflush(stdout);
	}
	return 0;
}
