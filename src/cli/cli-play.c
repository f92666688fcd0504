/*
 * cli-play.c — `othello [play] [OPTIONS] [FILE]`: the terminal game.
 *
 * Parses the options into controller and screen settings, creates the
 * controller and hands it to the screen (ui.c). A FILE or --load SLOT opens
 * a saved game in replay mode.
 */
#include "cli.h"

#include "controller.h"
#include "timer.h"
#include "ui.h"

#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void play_usage(FILE *f)
{
	fprintf(f, "usage: othello [play] [OPTIONS] [FILE]\n"
		   "Plays Othello in the terminal (Black: you, White: the engine by default).\n"
		   "FILE or --load SLOT opens a saved game in replay mode.\n\n"
		   "  -b, --black PLAYER      who plays Black: human or a level\n"
		   "  -w, --white PLAYER      who plays White: human or a level\n"
		   "  -l, --load SLOT         open a save slot\n"
		   "      --random PERCENT    random offsets on the engine's evaluations\n"
		   "      --seed N            seed of the engine's randomness\n"
		   "      --book FILE         opening book to use (repeatable: books combine);\n"
		   "                          default: the shipped book\n"
		   "      --no-book           engines play without any opening book\n"
		   "      --save-dir DIR      where save slots live\n"
		   "      --hash MB           transposition table size\n"
		   "      --eval SPEC         evaluation: pattern (default), classic or a\n"
		   "                          weights file\n"
		   "      --ascii             ASCII discs and lines\n"
		   "      --no-color          no colours (also --no-colour, or NO_COLOR set)\n"
		   "      --no-mouse          do not ask the terminal for mouse clicks\n"
		   "      --debug-timing FILE append start-up and redraw times to FILE\n"
		   "  -h, --help              show this help\n"
		   "See othello(6) for the keys and commands.\n");
}

int cli_play(int argc, char **argv)
{
	static const struct option options[] = {
	    {"black", required_argument, NULL, 'b'},
	    {"white", required_argument, NULL, 'w'},
	    {"load", required_argument, NULL, 'l'},
	    {"random", required_argument, NULL, 'R'},
	    {"seed", required_argument, NULL, 's'},
	    {"no-book", no_argument, NULL, 'B'},
	    {"book", required_argument, NULL, 'K'},
	    {"save-dir", required_argument, NULL, 'S'},
	    {"hash", required_argument, NULL, 'H'},
	    {"eval", required_argument, NULL, 'E'},
	    {"ascii", no_argument, NULL, 'a'},
	    {"no-color", no_argument, NULL, 'C'},
	    {"no-colour", no_argument, NULL, 'C'},
	    {"no-mouse", no_argument, NULL, 'M'},
	    {"debug-timing", required_argument, NULL, 'T'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	struct controller_options copt;
	struct ui_options uopt;
	struct controller *ctl;
	const char *no_color = getenv("NO_COLOR");
	char err[256], extra[128] = "", black[256], white[256];
	const char *books[CTL_MAX_BOOKS];
	long mb, v;
	int c, status;

	memset(&uopt, 0, sizeof uopt);
	uopt.start_time = timer_now();
	uopt.color = !(no_color && no_color[0]);
	uopt.mouse = true;
	controller_options_default(&copt);
	optind = 1;
	while ((c = getopt_long(argc, argv, "b:w:l:h", options, NULL)) != -1) {
		switch (c) {
		case 'b':
			copt.black = optarg;
			break;
		case 'w':
			copt.white = optarg;
			break;
		case 'l':
			uopt.load = optarg;
			break;
		case 'R':
			if (!cli_option_int(NULL, "random", optarg, 0, 100, &v))
				return 2;
			snprintf(extra + strlen(extra), sizeof extra - strlen(extra),
				 " --random %ld", v);
			break;
		case 's':
			if (!cli_option_int(NULL, "seed", optarg, 0, 2147483647, &v))
				return 2;
			snprintf(extra + strlen(extra), sizeof extra - strlen(extra), " --seed %ld",
				 v);
			break;
		case 'B':
			snprintf(extra + strlen(extra), sizeof extra - strlen(extra), " --no-book");
			copt.no_book = true;
			break;
		case 'K':
			if (copt.n_book_files == CTL_MAX_BOOKS) {
				fprintf(stderr, "othello: --book: at most %d books\n", CTL_MAX_BOOKS);
				return 2;
			}
			books[copt.n_book_files++] = optarg;
			copt.book_files = books;
			break;
		case 'S':
			copt.save_dir = optarg;
			break;
		case 'H':
			if (!cli_option_int(NULL, "hash", optarg, 1, 65536, &mb))
				return 2;
			copt.tt_megabytes = (size_t)mb;
			break;
		case 'E':
			copt.eval = optarg;
			break;
		case 'a':
			uopt.ascii = true;
			break;
		case 'C':
			uopt.color = false;
			break;
		case 'M':
			uopt.mouse = false;
			break;
		case 'T':
			uopt.debug_timing = true;
			uopt.timing_file = optarg;
			break;
		case 'h':
			play_usage(stdout);
			return 0;
		default:
			play_usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		if (uopt.load || optind + 1 < argc) {
			fprintf(stderr, "othello: %s\n",
				uopt.load ? "give either --load SLOT or a FILE, not both"
					  : "one FILE at most");
			play_usage(stderr);
			return 2;
		}
		uopt.load = argv[optind];
	}
	/* --random, --seed and --no-book are settings of each engine player's level. */
	if (extra[0]) {
		if (copt.black && strcmp(copt.black, "human") != 0) {
			snprintf(black, sizeof black, "%s%s", copt.black, extra);
			copt.black = black;
		}
		if (copt.white && strcmp(copt.white, "human") != 0) {
			snprintf(white, sizeof white, "%s%s", copt.white, extra);
			copt.white = white;
		}
	}
	if (uopt.timing_file) {
		/* the file is opened for each note: check now that it can be */
		FILE *f = fopen(uopt.timing_file, "a");
		if (!f) {
			fprintf(stderr, "othello: --debug-timing: %s: %s\n", uopt.timing_file,
				strerror(errno));
			return 2;
		}
		fclose(f);
	}
	setlocale(LC_ALL, "");
	ctl = controller_new(&copt, err, sizeof err);
	if (!ctl) {
		fprintf(stderr, "othello: %s\n", err);
		return 2;
	}
	status = ui_run(ctl, &uopt);
	controller_free(ctl);
	return status;
}
