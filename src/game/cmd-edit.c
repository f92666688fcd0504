/*
 * cmd-edit.c — commands that set up a position: edit, set, side, clear,
 * done (or cancel), and handicap.
 */
#include "cmd-int.h"

#include "settings.h"

#include "board.h"
#include "controller.h"
#include "square.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* `edit` */
CMD_CALL(cmd_edit, controller_edit_begin,
	 "editing: set SQUARE black|white|empty, side, clear, done")

static int color_parse(const char *s, int *out)
{
	if (strcasecmp(s, "black") == 0 || strcasecmp(s, "b") == 0 || strcasecmp(s, "x") == 0)
		*out = EDIT_BLACK;
	else if (strcasecmp(s, "white") == 0 || strcasecmp(s, "w") == 0 || strcasecmp(s, "o") == 0)
		*out = EDIT_WHITE;
	else if (strcasecmp(s, "empty") == 0 || strcasecmp(s, "e") == 0 || strcmp(s, "-") == 0 ||
		 strcmp(s, ".") == 0)
		*out = EDIT_EMPTY;
	else
		return -1;
	return 0;
}

/* `set SQUARE black|white|empty`; `set` alone or with a setting's name is cmd_setting's */
static int cmd_set(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	enum variant v = controller_variant(ctl);
	int sq, what;

	if (argc == 1 || settings_is_name(argv[1]))
		return cmd_setting(ctl, argc, argv, res);
	if (argc != 3)
		return cmd_fail(res, "usage: set SQUARE black|white|empty, or set NAME VALUE");
	sq = square_parse_word(v, argv[1]);
	if (sq < 0)
		return cmd_fail(res,
				"set: `%s`: not a square (%s), nor a setting (db-dir, color, "
				"mouse, ascii)",
				argv[1], square_range(v));
	if (color_parse(argv[2], &what) < 0)
		return cmd_fail(res, "set: `%s` is not black, white or empty", argv[2]);
	return cmd_changed(res, controller_edit_set(ctl, sq, what, err, sizeof(err)), err, "");
}

/* `side black|white` */
static int cmd_side(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	int what;

	(void)argc;
	if (color_parse(argv[1], &what) < 0 || what == EDIT_EMPTY)
		return cmd_fail(res, "side: `%s` is not black or white", argv[1]);
	return cmd_changed(
	    res, controller_edit_side(ctl, what == EDIT_BLACK ? BLACK : WHITE, err, sizeof(err)),
	    err, what == EDIT_BLACK ? "Black to move" : "White to move");
}

/* `clear` */
CMD_CALL(cmd_clear, controller_edit_clear, "board cleared")

/* `done` */
static int cmd_done(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	int rc;

	(void)argc;
	(void)argv;
	rc = cmd_flags(res, controller_edit_done(ctl, err, sizeof(err)), err);
	if (rc == 0)
		cmd_message(res,
			    controller_game_over(ctl, NULL) ? "position set: the game is over (%s)"
							    : "position set%s",
			    controller_result(ctl));
	return rc;
}

/* `handicap N [--variant NAME]` */
static int cmd_handicap(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	enum variant v = controller_variant(ctl);
	char err[256];
	int n;

	if (!cmd_parse_count(argv[1], 1, 4, &n))
		return cmd_fail(res, "handicap: N is a number of corners, 1 to 4 (not `%s`)",
				argv[1]);
	if (argc > 2 && cmd_parse_variant(argc, argv, 2, &v, res) < 0)
		return -1;
	return cmd_changed(res, controller_handicap_on(ctl, v, n, err, sizeof(err)), err,
			   "new game with a handicap");
}

/* `cancel`: leaves edit mode, the game as it was */
CMD_CALL(cmd_cancel, controller_edit_cancel, "left edit mode: the game is as it was")

static const struct command_def entries[] = {
    {
	.name = "edit",
	.args = {0, 0},
	.usage = "",
	.help = "Edit the position: `set`, `side`, `clear`, then `done`, which starts the\n"
		"game from it (the moves are dropped: the screen asks first when the\n"
		"game is not saved).",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_edit,
    },
    {
	.name = "set",
	.args = {0, 2, {CMD_ARG_SQUARE, CMD_ARG_CONTENT}},
	.usage = "[SQUARE DISC|NAME VALUE]",
	.help = "Put a disc on a square, DISC black, white or empty (edit mode). With a\n"
		"setting's name, set it: db-dir FOLDER (the game database), color, mouse,\n"
		"ascii on|off (the screen, from its next start); alone, list the settings\n"
		"and the keys bound with `bind`.",
	.exec = cmd_set,
    },
    {
	.name = "side",
	.args = {1, 1, {CMD_ARG_SIDE}},
	.usage = "black|white",
	.help = "Choose the side to move (edit mode).",
	.exec = cmd_side,
    },
    {
	.name = "clear",
	.args = {0, 0},
	.usage = "",
	.help = "Empty the whole board (edit mode).",
	.exec = cmd_clear,
    },
    {
	.name = "done",
	.args = {0, 0},
	.usage = "",
	.help = "Leave edit mode and play from the edited position. A position where\n"
		"nobody can move is a finished game.",
	.exec = cmd_done,
    },
    {
	.name = "cancel",
	.args = {0, 0},
	.usage = "",
	.help = "Leave edit mode without changing the game (Esc in edit mode).",
	.exec = cmd_cancel,
    },
    {
	.name = "handicap",
	.args = {1, 3},
	.usage = "N [--variant NAME]",
	.help = "Start a new game where the stronger side gives N corners (1-4) to the\n"
		"weaker side (the human against an engine, or White otherwise), on the\n"
		"board NAME or else on the board of the current game.",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_handicap,
    },
};

const struct command_part cmd_edit_part = COMMAND_PART("Setting up a position", entries);
