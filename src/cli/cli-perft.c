/*
 * cli-perft.c — `othello perft DEPTH [--board STRING] [--variant NAME]`:
 * counts move sequences (a pass counts as a ply; a finished game is counted
 * once, where it ends) at each depth from 1 to DEPTH and prints time and
 * speed, on any board through the engine facade (position.h): 8×8 on its own
 * bitboards, 6×6 and 10×10-holes on vboard.h.
 */
#include "cli-options.h"
#include "cli.h"
#include "position.h"
#include "timer.h"

#include <stdio.h>

/* The options of `othello perft`. */
struct perft_options {
	struct pos p;		/* --board: the position (default the start) */
	enum color side;	/* its side to move */
	const char *board_text; /* --board STRING, read once the board is known */
	int variant;		/* --variant: the board (enum variant, default 8×8) */
};

/* --board STRING: the position to count from (read once the board is known). */
static bool perft_board(void *opts, const char *text)
{
	((struct perft_options *)opts)->board_text = text;
	return true;
}

static const struct cli_options perft_options = {
    .command = "perft",
    .column = 18,
    .usage = "usage: othello perft DEPTH [--board \"BOARD STRING\"] [--variant NAME]\n"
	     "Counts the move sequences of 1..DEPTH plies (passes count as plies).\n",
    .options =
	(const struct cli_option[]){
	    CLI_VARIANT_OPTION(offsetof(struct perft_options, variant), CLI_VARIANT_HELP),
	    {.name = "board",
	     .letter = 'b',
	     .kind = CLI_OPT_CALL,
	     .call = perft_board,
	     .arg = "STRING",
	     .help = "the position (squares row by row, # a hole, then X or O)"},
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* Prints one depth's count, time and speed (cli_output_ok flushes it). */
static void perft_print(int d, unsigned long long n, double dt)
{
	printf("depth %d: %llu nodes in %.2f s (%.0f Mnodes/s)\n", d, n, dt,
	       dt > 0 ? (double)n / dt / 1e6 : 0.0);
}

/* Reads --board (default: the start) for the board chosen; false after a message. */
static bool perft_position(struct perft_options *po)
{
	char err[160];

	pos_start(&po->p, (enum variant)po->variant);
	if (!po->board_text || pos_parse_all((enum variant)po->variant, po->board_text, &po->p,
					     &po->side, err, sizeof err) >= 0)
		return true;
	fprintf(stderr, "othello perft: --board: %s\n", err);
	return false;
}

/* `othello perft`: counts the move sequences of 1..DEPTH plies; 0, or 2 on
   bad usage. */
int cli_perft(int argc, char **argv)
{
	struct perft_options po = {.side = BLACK};
	long depth;
	int first, st;

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
	if (!perft_position(&po))
		return 2;
	for (int d = 1; d <= depth; d++) {
		double t0 = timer_now();
		unsigned long long n = pos_perft(&po.p, d);

		perft_print(d, n, timer_now() - t0);
		if (!cli_output_ok())
			return 2;
	}
	return 0;
}
