/*
 * cli-play.c — `othello [play] [OPTIONS] [FILE]`: the terminal game.
 *
 * Parses the options into controller and screen settings, creates the
 * controller and hands it to the screen (ui.c). A FILE or --load SLOT opens
 * a saved game: played on, or studied (controller_load says which).
 */
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"

#include "command.h"
#include "controller.h"
#include "settings.h"
#include "timer.h"
#include "ui.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The options of the game. */
struct play_options {
	const char *black;	 /* -b, --black PLAYER */
	const char *white;	 /* -w, --white PLAYER */
	const char *load;	 /* -l, --load SLOT, or the FILE */
	char extra[128];	 /* --random, --seed, --no-book as level settings, in order */
	bool no_book;		 /* --no-book */
	bool no_config;		 /* --no-config */
	struct cli_list books;	 /* --book FILE... */
	const char *save_dir;	 /* --save-dir DIR */
	const char *db_dir;	 /* --db DIR */
	long hash_mb;		 /* --hash MB */
	long threads;		 /* --threads N, 0 = one per online core */
	const char *eval_spec;	 /* --eval SPEC */
	bool ascii;		 /* --ascii */
	bool no_color;		 /* --no-color, --no-colour */
	bool no_mouse;		 /* --no-mouse */
	const char *timing_file; /* --debug-timing FILE */
	int variant;		 /* --variant NAME: the board (enum variant), -1 = 8x8 */
	double game_time;	 /* --game-time MINUTES a side, 0 = no clock */
	const char *limit[2];	 /* --hint-depth LIMIT, --overlay-depth LIMIT (N or Ss) */
	double delay;		 /* --delay S between engine moves, -1 = 1 s when both are
				    engines, else none */
};

/* Appends a level setting to the players' levels (--random, --seed, --no-book). */
static void play_extra(struct play_options *po, const char *setting, const char *value)
{
	size_t n = strlen(po->extra);

	snprintf(po->extra + n, sizeof po->extra - n, " %s%s%s", setting, value ? " " : "",
		 value ? value : "");
}

/* A whole-number level setting in [lo, hi] (--random, --seed); false if `text` is none. */
static bool play_extra_int(void *opts, const char *setting, const char *text, long lo, long hi)
{
	char num[24];
	long v;

	if (!cli_parse_int(text, lo, hi, &v))
		return false;
	snprintf(num, sizeof num, "%ld", v);
	play_extra(opts, setting, num);
	return true;
}

/* --random PERCENT */
static bool play_random(void *opts, const char *text)
{
	return play_extra_int(opts, "--random", text, 0, 100);
}

/* --seed N */
static bool play_seed(void *opts, const char *text)
{
	return play_extra_int(opts, "--seed", text, 0, 2147483647);
}

/* --no-book */
static bool play_no_book(void *opts, const char *text)
{
	struct play_options *po = opts;

	(void)text;
	play_extra(po, "--no-book", NULL);
	po->no_book = true;
	return true;
}

/* An option that is a setting of the engine players' levels (taken by CALL). */
#define PLAY_SETTING(NAME, CALL, WHAT, ARG, HELP)                                                  \
	{                                                                                          \
		.name = NAME, .kind = CLI_OPT_CALL, .call = CALL, .what = WHAT, .arg = ARG,        \
		.help = HELP                                                                       \
	}

static const struct cli_options play_options = {
    .command = NULL,
    .usage = "usage: othello [play] [OPTIONS] [FILE]\n"
	     "Plays Othello in the terminal (Black: you, White: the engine by default).\n"
	     "FILE or --load SLOT opens a saved game: one this program saved that goes on\n"
	     "is played on by its players (or those of --black/--white); a finished game\n"
	     "or one from elsewhere opens for study (the engine moves only on `go`).\n\n",
    .footer = "\nOn the board a square typed by its name is played (f then 5: f5); arrows\n"
	      "and Enter play the cursor's square; E edits, C comments, G lets the engine\n"
	      "move, Esc leaves edit mode, Ctrl-C stops the engine or asks to quit, : opens\n"
	      "the command bar, F1 lists the commands and `help keys` the keys.\n"
	      "Exit status: 0; 129, 143 or 131 when SIGHUP, SIGTERM or SIGQUIT stopped the\n"
	      "game (after the autosave); 1 if the terminal or the autosave failed; 2 usage.\n"
	      "See othello(6) for the keys and commands.\n",
    .column = 26,
    .letters = true,
    .getopt_messages = true,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("black", 'b', offsetof(struct play_options, black), "PLAYER",
		       "who plays Black: human or a level"),
	    CLI_STRING("white", 'w', offsetof(struct play_options, white), "PLAYER",
		       "who plays White: human or a level"),
	    CLI_STRING("load", 'l', offsetof(struct play_options, load), "SLOT",
		       "open a save slot"),
	    CLI_VARIANT_OPTION(offsetof(struct play_options, variant), CLI_VARIANT_HELP),
	    CLI_NUMBER("game-time", 0, offsetof(struct play_options, game_time), "MINUTES",
		       "each side's time for the game; the engine's time\n"
		       "manager spreads it over the moves left"),
	    CLI_NUMBER("delay", 0, offsetof(struct play_options, delay), "S",
		       "seconds at least between two engine moves\n"
		       "(default 1 when engines play both sides, else 0);\n"
		       "P pauses, G then plays one move"),
	    PLAY_SETTING("random", play_random, "a whole number from 0 to 100", "PERCENT",
			 "random offsets on the engine's evaluations"),
	    PLAY_SETTING("seed", play_seed, "a whole number from 0 to 2147483647", "N",
			 "seed of the engine's randomness"),
	    CLI_BOOKS_OPTION(offsetof(struct play_options, books),
			     "opening book to use (repeatable: books combine);\n"
			     "default: the shipped book"),
	    {.name = "no-book",
	     .kind = CLI_OPT_CALL,
	     .call = play_no_book,
	     .no_value = true,
	     .help = "engines play without any opening book"},
	    CLI_FLAG("no-config", 0, offsetof(struct play_options, no_config),
		     "do not read the settings file\n"
		     "(~/.config/othello-master/config)"),
	    CLI_STRING("hint-depth", 0, offsetof(struct play_options, limit[0]), "LIMIT",
		       "how far hints search: N plies (default 8) or\n"
		       "S seconds (10s)"),
	    CLI_STRING("overlay-depth", 0, offsetof(struct play_options, limit[1]), "LIMIT",
		       "how far the overlay deepens: N plies or S\n"
		       "seconds a position (default 20s)"),
	    CLI_STRING("save-dir", 0, offsetof(struct play_options, save_dir), "DIR",
		       "where save slots live"),
	    CLI_STRING("db", 0, offsetof(struct play_options, db_dir), "DIR",
		       "the game database's folder (WTHOR files; the\n"
		       "database panel, key L)"),
	    CLI_INT("hash", 0, offsetof(struct play_options, hash_mb), 1, 65536, "MB",
		    "transposition table size"),
	    CLI_THREADS_OPTION(offsetof(struct play_options, threads)),
	    CLI_STRING("eval", 0, offsetof(struct play_options, eval_spec), "SPEC",
		       "evaluation: pattern (default), classic or a\n"
		       "weights file"),
	    CLI_FLAG("ascii", 0, offsetof(struct play_options, ascii), "ASCII discs and lines"),
	    {.name = "no-color",
	     .alias = "no-colour",
	     .kind = CLI_OPT_FLAG,
	     .offset = offsetof(struct play_options, no_color),
	     .help = "no colours (also --no-colour, or NO_COLOR set)"},
	    CLI_FLAG("no-mouse", 0, offsetof(struct play_options, no_mouse),
		     "do not ask the terminal for mouse clicks"),
	    CLI_STRING("debug-timing", 0, offsetof(struct play_options, timing_file), "FILE",
		       "append start-up and redraw times to FILE"),
	    CLI_HELP('h', "show this help"),
	    {0},
	},
};

/*
 * Puts the settings of `po` into `copt`: players, pace, books, table, threads,
 * evaluation, the hint and overlay limits, and the level settings of --random,
 * --seed and --no-book added to each engine player (its level then written in
 * `black` or `white`, `len` bytes each). False after a message on stderr.
 */
static bool play_settings(struct play_options *po, struct controller_options *copt, char *black,
			  char *white, size_t len)
{
	char err[256];

	copt->black = po->black;
	copt->white = po->white;
	if (po->delay < -0.5) /* not given: a watchable pace when engines play each other */
		po->delay = po->black && strcmp(po->black, "human") != 0 && po->white &&
				    strcmp(po->white, "human") != 0
				? 1.0
				: 0;
	copt->move_delay = po->delay;
	copt->no_book = po->no_book;
	copt->book_files = po->books.n ? po->books.item : NULL;
	copt->n_book_files = po->books.n;
	copt->save_dir = po->save_dir;
	copt->tt_megabytes = (size_t)po->hash_mb;
	copt->threads = (int)po->threads;
	copt->eval = po->eval_spec;
	for (int i = 0; i < 2; i++) {
		if (po->limit[i] &&
		    controller_parse_limit(
			po->limit[i], i ? &copt->overlay_depth : &copt->hint_depth,
			i ? &copt->overlay_time : &copt->hint_time, err, sizeof err) < 0) {
			fprintf(stderr, "othello: --%s: %s\n", i ? "overlay-depth" : "hint-depth",
				err);
			return false;
		}
	}
	/* --random, --seed and --no-book are settings of each engine player's level. */
	if (po->extra[0]) {
		if (copt->black && strcmp(copt->black, "human") != 0) {
			snprintf(black, len, "%s%s", copt->black, po->extra);
			copt->black = black;
		}
		if (copt->white && strcmp(copt->white, "human") != 0) {
			snprintf(white, len, "%s%s", copt->white, po->extra);
			copt->white = white;
		}
	}
	return true;
}

/*
 * Reads the settings file on `ctl` (the players named on the command line,
 * uopt->black and ->white, winning over it) and takes its screen settings
 * into `uopt` where the command line left the default: `set color off`,
 * `set mouse off`, `set ascii on`. Its first error, with how many there are,
 * becomes the first screen's message (`notice`, `len` bytes).
 */
static void play_config(struct controller *ctl, struct ui_options *uopt, char *notice, size_t len)
{
	const struct settings *s = controller_settings(ctl);
	char path[4096], *report = NULL;
	int failed = command_read_config(ctl, uopt->black, uopt->white, path, sizeof path, &report);

	if (failed > 0 && report) {
		snprintf(notice, len, "%.*s%s", (int)strcspn(report, "\n"), report,
			 failed > 1 ? " (and more: `source` the file to list them)" : "");
		uopt->notice = notice;
	}
	free(report);
	if (s->color == SETTING_OFF)
		uopt->color = false;
	if (s->mouse == SETTING_OFF)
		uopt->mouse = false;
	if (s->ascii == SETTING_ON)
		uopt->ascii = true;
}

/* `othello [play]`: the terminal game. Returns the screen's exit status, or 2
   on bad usage. */
int cli_play(int argc, char **argv)
{
	struct play_options po = {.variant = -1};
	struct controller_options copt;
	struct ui_options uopt;
	struct controller *ctl;
	const char *no_color = getenv("NO_COLOR");
	double start = timer_now();
	char err[256], black[256], white[256], notice[256];
	int first, status;
	bool named_black, named_white;

	controller_options_default(&copt);
	po.black = copt.black;
	po.white = copt.white;
	po.hash_mb = (long)copt.tt_megabytes;
	po.delay = -1;
	if ((status = cli_options_parse(&play_options, argc, argv, &po, &first)) >= 0)
		return status;
	if (first < argc) {
		if (po.load || first + 1 < argc) {
			fprintf(stderr, "othello: %s\n",
				po.load ? "give either --load SLOT or a FILE, not both"
					: "one FILE at most");
			cli_options_usage(&play_options, stderr);
			return 2;
		}
		po.load = argv[first];
	}
	memset(&uopt, 0, sizeof uopt);
	uopt.start_time = start;
	uopt.color = !(no_color && no_color[0]) && !po.no_color;
	uopt.mouse = !po.no_mouse;
	uopt.ascii = po.ascii;
	uopt.load = po.load;
	uopt.db_dir = po.db_dir;
	uopt.debug_timing = po.timing_file != NULL;
	uopt.timing_file = po.timing_file;
	cli_variant_game(po.variant, po.game_time, &copt);
	named_black = po.black != copt.black;
	named_white = po.white != copt.white;
	if (!play_settings(&po, &copt, black, white, sizeof black))
		return 2;
	/* players named on the command line play a loaded game on */
	uopt.black = named_black ? copt.black : NULL;
	uopt.white = named_white ? copt.white : NULL;
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
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) { /* a usage error: exit 2 */
		fprintf(stderr,
			"othello: the game needs a terminal on standard input and output "
			"(without one: `othello script`, `othello gtp`, `othello nboard`)\n");
		cli_options_usage(&play_options, stderr);
		controller_free(ctl);
		return 2;
	}
	if (!po.no_config)
		play_config(ctl, &uopt, notice, sizeof notice);
	status = ui_run(ctl, &uopt);
	controller_free(ctl);
	return status;
}
