/*
 * cli-drill.c — `othello drill GAME`: the drill of controller-drill.c without
 * a terminal. The game is opened (and analysed first when its main line has
 * no analysis, with a progress bar on a terminal's standard error), then the
 * drill asks for a move at the position before each mistake. Standard input
 * gives the answers as command lines, exactly as the command bar reads them:
 * a square answers, `drill skip` passes a position, `drill stop` ends, and
 * any other command (`board`, `hint`, `moves`, `export FILE` ...) runs as it
 * would in the game. Each position is printed as a board with the question;
 * at the end (or at the end of the input) the score is printed.
 */
#include "cli-options.h"
#include "cli.h"

#include "command.h"
#include "controller.h"
#include "gametree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* The options of `othello drill`. */
struct drill_options {
	const char *side; /* --side black|white|both */
	double within;	  /* --within D, discs */
	long depth;	  /* --depth N of the analysis when the file has none, 0 = default */
};

static const struct cli_options drill_options = {
    .command = "drill",
    .usage = "usage: othello drill [OPTIONS] GAME\n"
	     "Learn from the mistakes of GAME (SGF, GGF, transcript; analysed first when it has\n"
	     "no analysis): at the position before each mistake, answer with a move on standard\n"
	     "input (any command of the command bar works: `hint`, `board`, `drill skip`...).\n"
	     "A move within D discs of the best is right; otherwise the engine's line shows.\n\n",
    .footer = "Exit status: 0 when the drill ran, 2 bad usage, an unreadable GAME or answers\n"
	      "that cannot be read.\n",
    .column = 22,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("side", 's', offsetof(struct drill_options, side), "SIDE",
		       "whose mistakes: black, white or both (default)"),
	    {.name = "within",
	     .letter = 'w',
	     .kind = CLI_OPT_NUMBER,
	     .offset = offsetof(struct drill_options, within),
	     .max = 64,
	     .bad = "not a number of discs: ",
	     .arg = "D",
	     .help = "an answer is right within D discs of the best (default 2)"},
	    CLI_INT("depth", 'd', offsetof(struct drill_options, depth), 1, 60, "N",
		    "depth of the analysis when GAME has none (default 10)"),
	    CLI_HELP('h', "show this help"),
	    {0},
	},
};

/* True when a move of the main line of the game has an analysis. */
static bool drill_analysed(const struct controller *ctl)
{
	for (const struct game_node *m = controller_game(ctl)->root->child; m; m = m->child)
		if (m->analysis.valid)
			return true;
	return false;
}

/* Analyses the game in `ctl` at `depth` (0: the default), showing progress on a terminal. */
static int drill_analyse(struct controller *ctl, int depth)
{
	struct ctl_event ev;
	char err[256];
	bool bar = isatty(STDERR_FILENO);

	if (controller_analyze(ctl, depth, 0, false, err, sizeof(err)) < 0) {
		fprintf(stderr, "othello drill: %s\n", err);
		return -1;
	}
	while (controller_wait_event(ctl, &ev))
		if (ev.kind == CTL_EVENT_ANALYSIS_PROGRESS && bar)
			fprintf(stderr, "\ranalysing %d/%d", ev.progress.done, ev.progress.total);
	if (bar)
		fprintf(stderr, "\r%*s\r", 30, "");
	return 0;
}

/* Runs one command line and prints its message, its output and, when the position changed,
   the board. */
static void drill_command(struct controller *ctl, const char *line)
{
	struct command_result res;
	struct ctl_event ev;

	if (command_execute(ctl, line, &res) < 0)
		printf("error: %s\n", res.message);
	else if (res.message[0])
		printf("%s\n", res.message);
	if (res.output)
		fputs(res.output, stdout);
	if ((res.flags & CMD_REDRAW_BOARD) && !(res.flags & CMD_ERROR) &&
	    controller_drilling(ctl, NULL)) {
		char *b = controller_board_text(ctl);
		if (b)
			fputs(b, stdout);
		free(b);
	}
	command_result_free(&res);
	while (controller_wait_event(ctl, &ev))
		if (ev.message[0])
			printf("%s\n", ev.message);
	fflush(stdout);
}

/* `othello drill`: see the file comment. */
int cli_drill(int argc, char **argv)
{
	struct drill_options o = {.side = "both", .within = 2};
	struct controller_options opt;
	struct controller *ctl;
	char err[512], start[96], *line = NULL;
	size_t cap = 0;
	int first, status;

	if ((status = cli_options_parse(&drill_options, argc, argv, &o, &first)) >= 0)
		return status;
	status = 0;
	if (argc - first != 1) {
		cli_options_usage(&drill_options, stderr);
		return 2;
	}
	if (strcasecmp(o.side, "black") && strcasecmp(o.side, "white") &&
	    strcasecmp(o.side, "both")) {
		fprintf(stderr, "othello drill: --side: `%s` is not black, white or both\n",
			o.side);
		return 2;
	}
	controller_options_default(&opt);
	opt.black = opt.white = "human";
	ctl = controller_new(&opt, err, sizeof(err));
	if (!ctl) {
		fprintf(stderr, "othello drill: %s\n", err);
		return 2;
	}
	if (controller_eval_note(ctl)[0])
		fprintf(stderr, "othello drill: %s\n", controller_eval_note(ctl));
	if (controller_book_note(ctl)[0])
		fprintf(stderr, "othello drill: %s\n", controller_book_note(ctl));
	if (controller_load(ctl, argv[first], err, sizeof(err)) < 0 ||
	    (!drill_analysed(ctl) && drill_analyse(ctl, (int)o.depth) < 0)) {
		if (err[0] && !strstr(err, "loaded"))
			fprintf(stderr, "othello drill: %s\n", err);
		controller_free(ctl);
		return 2;
	}
	snprintf(start, sizeof(start), "drill %s --within %g", o.side, o.within);
	drill_command(ctl, start);
	while (controller_drilling(ctl, NULL)) {
		ssize_t len = getline(&line, &cap, stdin);

		if (len < 0) {
			/* the end of the answers, or a read error: never taken for the other */
			if (ferror(stdin)) {
				status = 2;
				fprintf(stderr, "othello drill: error reading the answers: %s\n",
					strerror(errno ? errno : EIO));
			}
			drill_command(ctl, "drill stop");
			break;
		}
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		printf("> %s\n", line);
		drill_command(ctl, line);
	}
	free(line);
	controller_free(ctl);
	return status;
}
