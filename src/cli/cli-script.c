/*
 * cli-script.c — `othello script [FILE|-]`: runs command lines without a
 * terminal and prints each result and the board as plain text.
 *
 * Each line goes through the command table exactly as a typed line would;
 * the line is echoed as "> LINE", then its message (or "error: ..."), its
 * long output, and the board when the position changed. A failed command
 * also goes to stderr as "othello script: FILE:LINE: MESSAGE". When it is an
 * engine's turn after a command, the engine moves before the next line runs
 * and its moves are printed the same way. SIGHUP and SIGTERM only set a flag;
 * the loop then writes the `autosave` slot and stops. A read error, or a
 * line of 1 MiB or more (an input without newlines, such as /dev/zero),
 * stops the script with a message and exit status 2: neither is taken for
 * the end of the script.
 */
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"

#include "command.h"
#include "controller.h"
#include "lineread.h"
#include "square.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SCRIPT_LINE_MAX = 1 << 20 }; /* a script line has fewer bytes than this */

/* The signal that stopped the script, 0 while none: the one state outside a run's context,
   since a signal handler has none; the run reads it through script_run.stop. */
static volatile sig_atomic_t script_signal;

static void on_signal(int sig)
{
	script_signal = sig;
}

/* The options of `othello script`. */
struct script_options {
	const char *black;     /* --black PLAYER */
	const char *white;     /* --white PLAYER */
	const char *save_dir;  /* --save-dir DIR, NULL = the default */
	bool no_board;	       /* --no-board */
	struct cli_list books; /* --book FILE... */
	bool no_book;	       /* --no-book */
	bool no_config;	       /* --no-config */
	const char *eval_spec; /* --eval SPEC, NULL = the default */
	int variant;	       /* --variant NAME: the board (enum variant), -1 = 8x8 */
	double game_time;      /* --game-time MINUTES a side, 0 = no clock */
};

static const struct cli_options script_options = {
    .command = "script",
    .usage = "usage: othello script [OPTIONS] [FILE|-]\n"
	     "Run commands (one a line, as typed in the game; `help` lists them) and print\n"
	     "each result and the board as text. Reads standard input without FILE.\n\n",
    .footer = "Exit status: 0 if every command succeeded, 1 if one failed, 2 bad usage or\n"
	      "a script that could not be read (a read error, a line of 1 MiB or more).\n",
    .column = 21,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("black", 'b', offsetof(struct script_options, black), "PLAYER",
		       "who plays Black: human (default) or a level"),
	    CLI_STRING("white", 'w', offsetof(struct script_options, white), "PLAYER",
		       "who plays White: human (default) or a level"),
	    CLI_STRING("save-dir", 's', offsetof(struct script_options, save_dir), "DIR",
		       "save slot directory (default $OTHELLO_SAVE_DIR, then\n"
		       "~/.local/share/othello-master/saves)"),
	    CLI_FLAG("no-board", 'n', offsetof(struct script_options, no_board),
		     "do not print the board after each move"),
	    CLI_VARIANT_OPTION(offsetof(struct script_options, variant), CLI_VARIANT_HELP),
	    CLI_NUMBER("game-time", 0, offsetof(struct script_options, game_time), "MINUTES",
		       "each side's time for the game (the engine's clock)"),
	    CLI_BOOKS_OPTION(offsetof(struct script_options, books),
			     "opening book for the engines (repeatable: books combine;\n"
			     "default: the shipped book)"),
	    CLI_FLAG("no-book", 0, offsetof(struct script_options, no_book),
		     "engines play without any opening book"),
	    CLI_FLAG("no-config", 0, offsetof(struct script_options, no_config),
		     "do not read the settings file\n"
		     "(~/.config/othello-master/config)"),
	    CLI_STRING("eval", 0, offsetof(struct script_options, eval_spec), "SPEC",
		       "evaluation: pattern (default), classic or a weights file"),
	    CLI_HELP('h', "show this help"),
	    {0},
	},
};

/* Writes `text` to f with the control bytes a file or a player may have put
   in it (a name, a comment, an engine's line) written `\xNN` as
   parse_show_text does, so that none acts on the terminal; line breaks and
   tabs are kept, as a transcript's lines are. */
static void put_shown(const char *text, FILE *f)
{
	for (const char *p = text; *p; p++) {
		unsigned char u = (unsigned char)*p;

		if ((u < 0x20 && u != '\n' && u != '\t') || u == 0x7f)
			fprintf(f, "\\x%02x", u);
		else
			putc(u, f);
	}
}

/* put_shown of `text` and a line break on standard output. */
static void put_line(const char *text)
{
	put_shown(text, stdout);
	putchar('\n');
}

static void print_board(struct controller *ctl)
{
	char *b = controller_board_text(ctl);

	if (b)
		fputs(b, stdout);
	free(b);
}

static void print_hints(struct controller *ctl)
{
	struct ctl_hint h[32];
	int n = controller_hints(ctl, h, 32);
	char name[SQUARE_NAME_LEN];

	printf("hints:");
	for (int i = 0; i < n; i++)
		printf(" %s %+.2f%s",
		       h[i].move == SQ_PASS ? "pass"
					    : square_name(controller_variant(ctl), h[i].move, name),
		       h[i].score / 100.0, h[i].endgame ? "=" : "");
	printf("\n");
}

/* Where the script is: its name ("-" for standard input) and the number of
   the line that runs, for the messages on standard error. */
struct script_place {
	const char *name; /* file name, or "-" */
	long line;	  /* 1-based; 0 before the first line */
};

/* One run of a script: what its loop and the engine's events need. */
struct script_run {
	struct controller *ctl;		   /* the game the lines play on */
	bool boards;			   /* print the board after each move */
	struct script_place at;		   /* the script and the line that runs */
	const volatile sig_atomic_t *stop; /* the signal that stops the run, 0 while none */
};

/* A failed command: "error: MESSAGE" in the transcript on standard output,
   and "othello script: FILE:LINE: MESSAGE" on standard error, so that a
   script whose output is redirected still says what failed and where. */
static void report_error(const struct script_place *at, const char *message)
{
	fputs("error: ", stdout);
	put_line(message);
	fflush(stdout);
	if (at->line > 0)
		fprintf(stderr, "othello script: %s:%ld: ", at->name, at->line);
	else
		fprintf(stderr, "othello script: %s: ", at->name);
	put_shown(message, stderr);
	fputc('\n', stderr);
}

/* Lets the engine finish what it is doing, printing each finished piece of work. */
static int drain_events(const struct script_run *run)
{
	struct controller *ctl = run->ctl;
	struct ctl_event ev;
	int failed = 0;

	while (controller_wait_event(ctl, &ev)) {
		switch (ev.kind) {
		case CTL_EVENT_MOVE_PLAYED:
			put_line(ev.message);
			if (run->boards)
				print_board(ctl);
			break;
		case CTL_EVENT_HINTS_READY:
			print_hints(ctl);
			break;
		case CTL_EVENT_ANALYSIS_DONE: {
			char *t = controller_analysis_text(ctl);
			put_line(ev.message);
			if (t)
				put_shown(t, stdout);
			free(t);
			break;
		}
		case CTL_EVENT_ERROR:
			report_error(&run->at, ev.message);
			failed = 1;
			break;
		default:
			break;
		}
		if (*run->stop)
			controller_stop(ctl);
	}
	fflush(stdout);
	return failed;
}

/* Runs the script `in` (named run->at.name) on run->ctl until its end or a
   signal; 0 when every command succeeded, 1 otherwise, 2 when the script
   could not be read (a read error, a line of SCRIPT_LINE_MAX bytes or more:
   the script stops there). */
static int run_script(struct script_run *run, FILE *in)
{
	struct controller *ctl = run->ctl;
	const char *name = run->at.name;
	char *line = malloc(SCRIPT_LINE_MAX), err[256];
	int status = 0;

	if (!line) {
		fprintf(stderr, "othello script: out of memory\n");
		return 2;
	}
	if (controller_step(ctl, err, sizeof err) < 0) {
		report_error(&run->at, err); /* an engine that cannot play this board ... */
		status = 1;
	}
	status |= drain_events(run);
	while (!*run->stop) {
		struct command_result res;
		long len = lineread_bounded(in, line, SCRIPT_LINE_MAX);

		if (len == LINEREAD_EOF || (len == LINEREAD_ERROR && *run->stop))
			break; /* a signal interrupted the read: the caller saves and stops */
		run->at.line++;
		if (len == LINEREAD_ERROR) {
			fprintf(stderr, "othello script: %s:%ld: read error: %s\n", name,
				run->at.line, strerror(errno));
			status = 2;
			break;
		}
		if (len == LINEREAD_NUL) {
			fprintf(stderr,
				"othello script: %s:%ld:%zu: NUL byte: this is not a text file; "
				"script stopped\n",
				name, run->at.line, strlen(line) + 1);
			status = 2;
			break;
		}
		if (len == LINEREAD_TOOLONG) {
			fprintf(
			    stderr,
			    "othello script: %s:%ld: line of %d bytes or more; script stopped\n",
			    name, run->at.line, SCRIPT_LINE_MAX);
			status = 2;
			break;
		}
		fputs("> ", stdout);
		put_line(line);
		if (command_execute(ctl, line, &res) < 0) {
			report_error(&run->at, res.message);
			status = 1;
		} else if (res.message[0]) {
			put_line(res.message);
		}
		if (res.output)
			put_shown(res.output, stdout);
		if (run->boards && (res.flags & CMD_REDRAW_BOARD) && !(res.flags & CMD_ERROR))
			print_board(ctl);
		command_result_free(&res);
		if (!cli_output_ok()) {
			status = 2;
			break;
		}
		status |= drain_events(run);
		if (res.flags & CMD_QUIT)
			break;
	}
	free(line);
	return status;
}

/* Reads the settings file on `ctl`, the players named on the command line (NULL: not
   named) winning over it; its errors go to stderr ("config:LINE: why") and neither stop the
   script nor change its status. */
static void script_config(struct controller *ctl, const char *black, const char *white)
{
	char path[4096], *report = NULL;

	if (command_read_config(ctl, black, white, path, sizeof path, &report) > 0 && report)
		fprintf(stderr, "othello script: %s:\n%s", path, report);
	free(report);
}

/* `othello script`: see the file comment. */
int cli_script(int argc, char **argv)
{
	static const char human[] = "human";
	struct script_options so = {.black = human, .white = human, .variant = -1};
	struct controller_options opt;
	struct controller *ctl;
	struct script_run run;
	struct sigaction sa;
	char err[256];
	FILE *in = stdin;
	int first, status;

	if ((status = cli_options_parse(&script_options, argc, argv, &so, &first)) >= 0)
		return status;
	controller_options_default(&opt);
	cli_variant_game(so.variant, so.game_time, &opt);
	opt.black = so.black;
	opt.white = so.white;
	if (so.save_dir)
		opt.save_dir = so.save_dir;
	opt.book_files = so.books.n ? so.books.item : NULL;
	opt.n_book_files = so.books.n;
	opt.no_book = so.no_book;
	if (so.eval_spec)
		opt.eval = so.eval_spec;
	if (argc - first > 1) {
		cli_options_usage(&script_options, stderr);
		return 2;
	}
	if (first < argc && strcmp(argv[first], "-") != 0) {
		in = fopen(argv[first], "r");
		if (!in) {
			fprintf(stderr, "othello script: %s: %s\n", argv[first], strerror(errno));
			return 2;
		}
	}
	ctl = controller_new(&opt, err, sizeof(err));
	if (!ctl) {
		fprintf(stderr, "othello script: %s\n", err);
		if (in != stdin)
			fclose(in);
		return 2;
	}
	if (!so.no_config)
		script_config(ctl, so.black != human ? so.black : NULL,
			      so.white != human ? so.white : NULL);
	if (controller_eval_note(ctl)[0])
		fprintf(stderr, "othello script: %s\n", controller_eval_note(ctl));
	if (controller_book_note(ctl)[0])
		fprintf(stderr, "othello script: %s\n", controller_book_note(ctl));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	run = (struct script_run){
	    ctl, !so.no_board, {in == stdin ? "-" : argv[first], 0}, &script_signal};
	status = run_script(&run, in);
	if (script_signal) {
		char where[4096], why[2048];

		if (controller_autosave(ctl, where, sizeof where, why, sizeof why) == 0)
			fprintf(
			    stderr,
			    "othello script: stopped by signal %d; game saved in slot autosave\n",
			    (int)script_signal);
		else
			fprintf(stderr, "othello script: stopped by signal %d; %s\n",
				(int)script_signal, why);
		status = 1;
	}
	controller_free(ctl);
	if (in != stdin)
		fclose(in);
	return status;
}
