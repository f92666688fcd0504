/*
 * cmd-replay.c — commands that move through the game and annotate it: undo,
 * redo, first, prev, next, last, goto, variations, line, promote, comment,
 * mark, info, and the text views board and moves.
 */
#include "cmd-int.h"

#include "controller.h"

#include <stdio.h>
#include <stdlib.h>

static int count_arg(int argc, char **argv, int *n, struct command_result *res)
{
	*n = 0;
	if (argc > 1 && !cmd_parse_count(argv[1], 1, 200, n))
		return cmd_fail(res, "%s: N is a number of moves, 1 or more (not `%s`)", argv[0],
				argv[1]);
	return 0;
}

static int moved(struct controller *ctl, int flags, const char *err, struct command_result *res)
{
	if (cmd_flags(res, flags, err) < 0)
		return -1;
	cmd_message(res, "move %d of %d", controller_cursor(ctl), controller_line_length(ctl));
	return 0;
}

/* `undo [N]` and `redo [N]`: `step` takes back or replays N moves. */
static int undo_redo(struct controller *ctl, int argc, char **argv, struct command_result *res,
		     int (*step)(struct controller *, int, char *, size_t))
{
	char err[256];
	int n;

	if (count_arg(argc, argv, &n, res) < 0)
		return -1;
	return moved(ctl, step(ctl, n, err, sizeof(err)), err, res);
}

/* `undo [N]` */
static int cmd_undo(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	return undo_redo(ctl, argc, argv, res, controller_undo);
}

/* `redo [N]` */
static int cmd_redo(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	return undo_redo(ctl, argc, argv, res, controller_redo);
}

/* `first` */
static int cmd_first(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];

	(void)argc;
	(void)argv;
	return moved(ctl, controller_goto(ctl, 0, err, sizeof(err)), err, res);
}

/* `prev [N]` (dir -1) and `next [N]` (dir 1): N moves (default 1) back or forward
   along the current line, refused at its start or end. */
static int prev_next(struct controller *ctl, int argc, char **argv, struct command_result *res,
		     int dir)
{
	char err[256];
	int n;

	if (count_arg(argc, argv, &n, res) < 0)
		return -1;
	if (dir < 0 && controller_cursor(ctl) == 0)
		return cmd_fail(res, "at the start of the game");
	if (dir > 0 && controller_cursor(ctl) == controller_line_length(ctl))
		return cmd_fail(res, "at the end of the line");
	return moved(
	    ctl, controller_goto(ctl, controller_cursor(ctl) + dir * (n ? n : 1), err, sizeof(err)),
	    err, res);
}

/* `prev [N]` */
static int cmd_prev(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	return prev_next(ctl, argc, argv, res, -1);
}

/* `next [N]` */
static int cmd_next(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	return prev_next(ctl, argc, argv, res, 1);
}

/* `last` */
static int cmd_last(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];

	(void)argc;
	(void)argv;
	return moved(ctl, controller_goto(ctl, controller_line_length(ctl), err, sizeof(err)), err,
		     res);
}

/* `goto N` */
static int cmd_goto(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	int n;

	(void)argc;
	if (!cmd_parse_count(argv[1], 0, controller_line_length(ctl), &n))
		return cmd_fail(res, "goto: N is a move number from 0 to %d (not `%s`)",
				controller_line_length(ctl), argv[1]);
	return moved(ctl, controller_goto(ctl, n, err, sizeof(err)), err, res);
}

/* `variations` */
CMD_VIEW(cmd_variations, controller_variations_text)

/* `line N` */
static int cmd_line(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	int n;

	(void)argc;
	if (!cmd_parse_count(argv[1], 1, 64, &n))
		return cmd_fail(res, "line: N is a variation number, 1 or more (not `%s`)",
				argv[1]);
	return moved(ctl, controller_variation(ctl, n, err, sizeof(err)), err, res);
}

/* `promote` */
CMD_CALL(cmd_promote, controller_promote, "this line is now the main line")

/* `comment TEXT` */
static int cmd_comment(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	char *text = cmd_join(argc - 1, argv + 1);
	int rc;

	if (!text)
		return cmd_fail(res, "out of memory");
	rc = cmd_flags(res, controller_comment(ctl, text, err, sizeof(err)), err);
	if (rc == 0)
		cmd_message(res, *text ? "comment set" : "comment removed");
	free(text);
	return rc;
}

/* `mark GLYPH` */
static int cmd_mark(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];

	(void)argc;
	if (cmd_flags(res, controller_mark(ctl, argv[1], err, sizeof(err)), err) < 0)
		return -1;
	cmd_message(res, "marked %s", argv[1]);
	return 0;
}

/* `info KEY [VALUE]` */
static int cmd_info(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	char *value;
	int rc;

	if (argc == 1) {
		res->output = controller_info_text(ctl);
		if (!res->output)
			return cmd_fail(res, "out of memory");
		res->flags |= CMD_OUTPUT;
		return 0;
	}
	value = cmd_join(argc - 2, argv + 2);
	if (!value)
		return cmd_fail(res, "out of memory");
	rc = cmd_flags(res, controller_info(ctl, argv[1], value, err, sizeof(err)), err);
	if (rc == 0)
		cmd_message(res, "%s: %s", argv[1], *value ? value : "(cleared)");
	free(value);
	return rc;
}

/* `board` */
CMD_VIEW(cmd_board, controller_board_text)

/* `moves` */
CMD_VIEW(cmd_moves, controller_moves_text)

static const struct command_def entries[] = {
    {
	.name = "undo",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Take back N moves (default: back to the last human turn). The moves stay\n"
		"in the game: `redo` plays them again.",
	.exec = cmd_undo,
    },
    {
	.name = "redo",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Replay N moves that were taken back (default 1).",
	.exec = cmd_redo,
    },
    {
	.name = "first",
	.args = {0, 0},
	.usage = "",
	.help = "Go to the start of the game.",
	.exec = cmd_first,
    },
    {
	.name = "prev",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Go back N moves (default 1).",
	.exec = cmd_prev,
    },
    {
	.name = "next",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Go forward N moves along the current line (default 1).",
	.exec = cmd_next,
    },
    {
	.name = "last",
	.args = {0, 0},
	.usage = "",
	.help = "Go to the end of the current line.",
	.exec = cmd_last,
    },
    {
	.name = "goto",
	.args = {1, 1},
	.usage = "N",
	.help = "Go to the position after move N (0 = the start).",
	.exec = cmd_goto,
    },
    {
	.name = "variations",
	.args = {0, 0},
	.usage = "",
	.help = "List the moves played from this position (the variations).",
	.exec = cmd_variations,
    },
    {
	.name = "line",
	.args = {1, 1},
	.usage = "N",
	.help = "Follow variation N (as `variations` numbers them) from here.",
	.exec = cmd_line,
    },
    {
	.name = "promote",
	.args = {0, 0},
	.usage = "",
	.help = "Make the current line the main line.",
	.exec = cmd_promote,
    },
    {
	.name = "comment",
	.args = {0, -1},
	.usage = "TEXT",
	.help = "Set the comment of the move that led to the cursor (no text removes it);\n"
		"at the start, the game's comment. The text is kept as typed, quotes too.",
	.flags = CMD_TEXT_TAIL,
	.exec = cmd_comment,
    },
    {
	.name = "mark",
	.args = {1, 1, {CMD_ARG_MARK}},
	.usage = "!|!!|?|??|!?|?!|none",
	.help = "Mark the move that led to the cursor.",
	.exec = cmd_mark,
    },
    {
	.name = "info",
	.args = {0, -1, {CMD_ARG_INFO_KEY}},
	.usage = "[KEY [VALUE]]",
	.help = "Show the game information, or set a field: black, white, event, date,\n"
		"place, result, name, comment, round, opening, time (or SGF keys PB PW EV DT\n"
		"PC RE GN GC RO ON TM). No value clears it; the value is kept as typed.",
	.flags = CMD_TEXT_TAIL,
	.exec = cmd_info,
    },
    {
	.name = "board",
	.args = {0, 0},
	.usage = "",
	.help = "Print the position as text.",
	.exec = cmd_board,
    },
    {
	.name = "moves",
	.args = {0, 0},
	.usage = "",
	.help = "Print the game: the moves with their marks and comments.",
	.exec = cmd_moves,
    },
};

const struct command_part cmd_replay_part =
    COMMAND_PART("Going through the game and annotating it", entries);
