/*
 * cmd-analysis.c — commands that ask the engine about the game: hint, the
 * overlay of every move's score, the depth of both, and analyze (the whole
 * game, each move's loss).
 */
#include "cmd-int.h"

#include "controller.h"
#include "parse.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* `hint [N]` */
static int cmd_hint(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	int n = 0;

	if (argc > 1 && !cmd_parse_count(argv[1], 1, 32, &n))
		return cmd_fail(res, "hint: N is a number of moves, 1 to 32 (not `%s`)", argv[1]);
	return cmd_changed(res, controller_hint(ctl, n, err, sizeof(err)), err,
			   "looking for hints");
}

/* `overlay [on|off]`: the score of every legal move on its square (alone: switches it). */
static int cmd_overlay(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	bool on = !controller_overlay(ctl);

	if (argc > 1) {
		if (strcasecmp(argv[1], "on") == 0)
			on = true;
		else if (strcasecmp(argv[1], "off") == 0)
			on = false;
		else
			return cmd_fail(res, "overlay: `%s` is not on or off", argv[1]);
	}
	if (cmd_flags(res, controller_overlay_set(ctl, on, err, sizeof(err)), err) < 0)
		return -1;
	cmd_message(res, on ? "all moves: every legal move's score on its square, deepening"
			    : "all moves: off");
	return 0;
}

/* `depth [hint|overlay] [N|Ss|+N]`: the limit of hints and the overlay; alone, shows them. */
static int cmd_depth(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256], now[96];
	const char *which = argc > 2 ? argv[1] : NULL, *limit = argc > 1 ? argv[argc - 1] : NULL;

	if (limit &&
	    cmd_flags(res, controller_set_depth(ctl, which, limit, err, sizeof(err)), err) < 0)
		return cmd_fail(res, "depth: %s", err);
	controller_depth_text(ctl, now, sizeof now);
	cmd_message(res, "%s", now);
	return 0;
}

/* Reads one option of `analyze` at argv[*i] (moving *i past its value); false with the message
   in `res` when it is wrong. */
static bool analyze_option(int argc, char **argv, int *i, int *depth, double *secs, bool *fast,
			   struct command_result *res)
{
	const char *opt = argv[*i];

	if (strcmp(opt, "--fast") == 0 || strcmp(opt, "-f") == 0) {
		*fast = true;
		return true;
	}
	if (*i + 1 >= argc || (strcmp(opt, "--depth") && strcmp(opt, "-d") &&
			       strcmp(opt, "--time") && strcmp(opt, "-t"))) {
		cmd_fail(res, "usage: analyze [--depth N | --time S] [--fast]");
		return false;
	}
	(*i)++;
	if (opt[1] == 'd' || opt[2] == 'd') {
		if (cmd_parse_count(argv[*i], 1, 60, depth))
			return true;
		cmd_fail(res, "analyze: depth is 1 to 60 (not `%s`)", argv[*i]);
		return false;
	}
	if (!parse_decimal(argv[*i], secs) || !(*secs > 0)) {
		cmd_fail(res, "analyze: time is a positive number of seconds (not `%s`)", argv[*i]);
		return false;
	}
	return true;
}

/* `analyze [--depth N | --time S] [--fast]` */
static int cmd_analyze(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	int depth = 0;
	double secs = 0;
	bool fast = false;

	for (int i = 1; i < argc; i++)
		if (!analyze_option(argc, argv, &i, &depth, &secs, &fast, res))
			return -1;
	if (cmd_flags(res, controller_analyze(ctl, depth, secs, fast, err, sizeof(err)), err) < 0)
		return -1;
	cmd_message(res, fast ? "analysing the game (fast: other moves as bounds)"
			      : "analysing the game");
	return 0;
}

static const struct command_def entries[] = {
    {
	.name = "hint",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Ask the engine for its N best moves with their scores (every legal move\n"
		"is scored with a full window at one depth; the scores show on the squares\n"
		"and in the panel).",
	.exec = cmd_hint,
    },
    {
	.name = "overlay",
	.args = {0, 1},
	.usage = "[on|off]",
	.help = "Show every legal move's score on its square, deepening while you look\n"
		"(on your turn in play, and in replay) up to its limit (`depth`); alone,\n"
		"switch it on or off. Each score says where it comes from: book, d14 (a\n"
		"search of 14 plies), d18@87% (a selective one), exact.",
	.exec = cmd_overlay,
    },
    {
	.name = "depth",
	.args = {0, 2},
	.usage = "[hint|overlay] [N|Ss|+N]",
	.help = "How far hints and the overlay search: N plies, or S seconds (`depth\n"
		"10s`); with hint or overlay, only that one; +N: the overlay N plies deeper\n"
		"(the + key). Alone, show the limits (default: hints depth 8, overlay 20 s).",
	.exec = cmd_depth,
    },
    {
	.name = "analyze",
	.args = {0, 3},
	.usage = "[-d N|-t S] [--fast]",
	.help = "Score every legal move of each position at one depth, full window:\n"
		"best >= played always. Verdicts (?! ? ?"
		"?) go apart from your marks; each\n"
		"side's loss is summed. --fast: only the best exact, others as bounds (<=).",
	.exec = cmd_analyze,
    },
};

const struct command_part cmd_analysis_part = COMMAND_PART("Hints and analysis", entries);
