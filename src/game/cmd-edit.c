/*
 * cmd-edit.c — commands that set up a position: edit, set, side, clear,
 * done (or cancel), and handicap.
 */
#include "cmd-int.h"

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

/* `set SQUARE black|white|empty` */
int cmd_set(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	enum variant v = controller_variant(ctl);
	int sq = square_parse_word(v, argv[1]), what;

	(void)argc;
	if (sq < 0)
		return cmd_fail(res, "set: not a square: `%s` (%s)", argv[1], square_range(v));
	if (color_parse(argv[2], &what) < 0)
		return cmd_fail(res, "set: `%s` is not black, white or empty", argv[2]);
	return cmd_changed(res, controller_edit_set(ctl, sq, what, err, sizeof(err)), err, "");
}

/* `side black|white` */
int cmd_side(struct controller *ctl, int argc, char **argv, struct command_result *res)
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
int cmd_done(struct controller *ctl, int argc, char **argv, struct command_result *res)
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
int cmd_handicap(struct controller *ctl, int argc, char **argv, struct command_result *res)
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
