/*
 * verbs.c — the screen's own commands: the verbs that move the board cursor,
 * open the command bar or scroll, which the game's command table does not
 * know. They are a table of the command table's shape (name, alias, args,
 * usage, help, flags, exec) found by the same lookup (command_set_find: an
 * exact name or alias, or a unique prefix), and key bindings and the bar
 * reach them through ui_execute like any command line. A word that starts
 * a game command's name is never taken for a verb, so no verb hides one.
 */
#include "ui.h"

#include "board.h"
#include "cmdbar.h"
#include "command.h"
#include "gametree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* `cursor left|right|up|down|SQUARE`: moves the board cursor (around the edges, over the
   holes). */
static int verb_cursor(struct ui *ui, const char *dir)
{
	enum variant v = controller_variant(ui->ctl);
	int n = square_size(v), r, c, dr = 0, dc = 0;

	if (ui_dbpanel_focused(ui) && (strcmp(dir, "up") == 0 || strcmp(dir, "down") == 0)) {
		ui_dbpanel_move(ui, dir[0] == 'u' ? -1 : 1); /* the list of games has the keys */
		return 0;
	}
	if (ui_lobby_shown(ui) && (strcmp(dir, "up") == 0 || strcmp(dir, "down") == 0)) {
		ui_lobby_move(ui, dir[0] == 'u' ? -1 : 1); /* the lobby's entries have the keys */
		return 0;
	}
	square_row_col(v, ui_cursor_square(ui), &r, &c);
	if (strcmp(dir, "left") == 0)
		dc = n - 1;
	else if (strcmp(dir, "right") == 0)
		dc = 1;
	else if (strcmp(dir, "up") == 0)
		dr = n - 1;
	else if (strcmp(dir, "down") == 0)
		dr = 1;
	else {
		int sq = square_parse_word(v, dir);
		if (sq < 0) {
			ui_set_message(ui, true, "cursor: left, right, up, down or a square");
			return 0;
		}
		square_row_col(v, sq, &r, &c);
	}
	if (ui->flipped) { /* the directions are the screen's */
		dr = dr ? n - dr : 0;
		dc = dc ? n - dc : 0;
	}
	do {
		r = (r + dr) % n;
		c = (c + dc) % n;
	} while (square_at(v, r, c) < 0);
	ui->cursor = square_at(v, r, c);
	ui->redraw |= UI_PART_BOARD;
	return 0;
}

/* `select`: plays the cursor's square or, in edit mode, cycles its content
   empty -> black -> white -> empty. */
static int verb_select(struct ui *ui, const char *rest)
{
	char sq[SQUARE_NAME_LEN], line[32];
	sqset bit = sqset_of(ui_cursor_square(ui)), black, white;

	(void)rest;
	if (ui_dbpanel_focused(ui))
		return ui_dbpanel_open(ui, "");
	if (ui_lobby_shown(ui))
		return ui_lobby_select(ui);
	ui_square_name(ui, ui->cursor, sq);
	controller_colors(ui->ctl, &black, &white);
	if (controller_mode(ui->ctl) == MODE_EDIT) {
		int who = (black & bit) ? BLACK : (white & bit) ? WHITE : -1;
		snprintf(line, sizeof line, "set %s %s", sq,
			 who < 0	? "black"
			 : who == BLACK ? "white"
					: "empty");
	} else {
		snprintf(line, sizeof line, "move %s", sq);
	}
	return ui_execute(ui, line);
}

/* `column a-j`: the first half of a square typed by its name; the board cursor goes to that
   column and the next key, a row, plays the square. A column the board has not: `j` (a
   key of the cursor too) moves the cursor down, others say so. */
static int verb_column(struct ui *ui, const char *col)
{
	enum variant v = controller_variant(ui->ctl);
	int n = square_size(v), r, c;

	if (col[0] < 'a' || col[0] > 'j' || col[1]) {
		ui_set_message(ui, true, "column: a letter from a to j");
		return -1;
	}
	if (col[0] - 'a' >= n) {
		if (col[0] == 'j')
			return verb_cursor(ui, "down");
		ui_set_message(ui, true, "no column %c on the %s board", col[0],
			       square_variant_name(v));
		return -1;
	}
	ui->typed_column = col[0];
	square_row_col(v, ui_cursor_square(ui), &r, &c);
	for (int k = 0; k < n && square_at(v, (r + k) % n, col[0] - 'a') < 0; k++)
		r = (r + 1) % n; /* over a hole */
	if (square_at(v, r, col[0] - 'a') >= 0)
		ui->cursor = square_at(v, r, col[0] - 'a');
	ui_set_message(ui, false, "%c_  the row (%s) plays the square; another key cancels", col[0],
		       n >= 10	? "1-9, 0 for 10"
		       : n == 6 ? "1-6"
				: "1-8");
	return 0;
}

/* `row 1-10`: after `column`, plays the square they name (as `move` does, so that in the
   past of the game it starts a variation). The key 0 types row 10. */
static int verb_row(struct ui *ui, const char *row)
{
	enum variant v = controller_variant(ui->ctl);
	char line[32], col = ui->typed_column, *end;
	long r = strtol(row, &end, 10);
	int sq;

	ui->typed_column = 0;
	if (*end || end == row || r < 1 || r > square_size(v)) {
		ui_set_message(ui, true, "row: a number from 1 to %d", square_size(v));
		return -1;
	}
	if (!col) {
		ui_set_message(ui, false,
			       "type a square by its name, column first: f then 5 plays f5");
		return 0;
	}
	snprintf(line, sizeof line, "%c%ld", col, r);
	if ((sq = square_parse_word(v, line)) < 0) {
		ui_set_message(ui, true, "%s is a hole, not a square", line);
		return -1;
	}
	ui->cursor = sq;
	ui->message[0] = '\0';
	ui->redraw |= UI_PART_STATUS;
	snprintf(line, sizeof line, "move %c%ld", col, r);
	return ui_execute(ui, line);
}

/* `interrupt` (Ctrl-C, or SIGINT): see ui_interrupt. */
static int verb_interrupt(struct ui *ui, const char *rest)
{
	(void)rest;
	ui_interrupt(ui);
	return 0;
}

/* `prompt [TEXT]`: opens the command bar holding TEXT as it is (trailing blanks too);
   `{comment}` in it stands for the comment of the move at the cursor, its lines joined,
   so that C edits the comment rather than retyping it. */
static int verb_prompt(struct ui *ui, const char *text)
{
	const char *at = strstr(text, "{comment}");
	char *line = NULL;

	if (controller_engine_busy(ui->ctl) && !*text)
		ui_set_message(ui, false, "the engine is thinking: Esc or `stop` stops it");
	if (at) {
		const char *c = controller_node(ui->ctl)->comment;
		size_t len = strlen(text) + (c ? strlen(c) : 0) + 1;

		line = malloc(len);
		if (line) {
			snprintf(line, len, "%.*s%s%s", (int)(at - text), text, c ? c : "",
				 at + strlen("{comment}"));
			for (char *p = line; *p; p++)
				if (*p == '\n' || *p == '\r' || *p == '\t')
					*p = ' ';
		}
	}
	cmdbar_open(line ? line : text);
	free(line);
	ui->redraw |= UI_PART_BAR | UI_PART_STATUS;
	return 0;
}

/* `scroll N`: the move list by N pages (negative: up); it stops following the cursor. */
static int verb_scroll(struct ui *ui, const char *pages)
{
	ui->moves_top += atoi(pages) * (ui->lay.moves_h - 2);
	ui->moves_follow = false;
	ui->redraw |= UI_PART_MOVES;
	return 0;
}

/* `escape`: stops the engine when it thinks, else clears the message line. */
static int verb_escape(struct ui *ui, const char *rest)
{
	(void)rest;
	if (controller_engine_busy(ui->ctl))
		return ui_execute(ui, "stop");
	if (ui_dbpanel_focused(ui))
		ui_dbpanel_unfocus(ui);
	ui->message[0] = '\0';
	ui->redraw |= UI_PART_STATUS;
	return 0;
}

/* `redraw`: takes the terminal's size again and repaints everything. */
/* `flip`: turns the board view half a turn (White's side at the bottom), or back. */
static int verb_flip(struct ui *ui, const char *rest)
{
	(void)rest;
	ui->flipped = !ui->flipped;
	ui_set_message(ui, false, "%s",
		       ui->flipped ? "board turned: White's side at the bottom"
				   : "board turned back: Black's side at the bottom");
	ui->redraw |= UI_PART_ALL;
	return 0;
}

static int verb_redraw(struct ui *ui, const char *rest)
{
	(void)rest;
	ui_resize(ui);
	return 0;
}

static const struct ui_verb verbs[] = {
    {
	.name = "flip",
	.args = {0, 0},
	.usage = "",
	.help = "Turn the board view half a turn (h8 at the top left), or back.",
	.exec = verb_flip,
    },
    {
	.name = "cursor",
	.args = {1, 1},
	.usage = "left|right|up|down|SQUARE",
	.help = "Move the board cursor one square (it wraps around), or to a square.",
	.exec = verb_cursor,
    },
    {
	.name = "select",
	.args = {0, 0},
	.usage = "",
	.help = "Play the square under the cursor; in edit mode cycle it empty, black, white.",
	.exec = verb_select,
    },
    {
	.name = "column",
	.args = {1, 1},
	.usage = "a-j",
	.help = "Start typing a square by its name: the board cursor goes to that column.",
	.exec = verb_column,
    },
    {
	.name = "row",
	.args = {1, 1},
	.usage = "1-10",
	.help = "After `column`, play the square of that column and row (f then 5: f5).",
	.exec = verb_row,
    },
    {
	.name = "interrupt",
	.args = {0, 0},
	.usage = "",
	.help = "Ctrl-C: stop the engine when it thinks, else ask whether to quit.",
	.exec = verb_interrupt,
    },
    {
	.name = "prompt",
	.args = {0, -1},
	.usage = "[TEXT]",
	.help = "Open the command bar, holding TEXT.",
	.exec = verb_prompt,
    },
    {
	.name = "scroll",
	.args = {1, 1},
	.usage = "N",
	.help = "Scroll the move list by N pages (negative: up).",
	.exec = verb_scroll,
    },
    {
	.name = "escape",
	.args = {0, 0},
	.usage = "",
	.help = "Stop the engine (it plays its best move), or clear the message line.",
	.exec = verb_escape,
    },
    {
	.name = "database",
	.args = {0, 0},
	.usage = "",
	.help = "Show or hide the database panel: the moves masters played here, the games.",
	.exec = ui_dbpanel_toggle,
    },
    {
	.name = "dbfocus",
	.args = {0, 0},
	.usage = "",
	.help = "Give the keys to the database's list of games (Up, Down, Enter), or back.",
	.exec = ui_dbpanel_focus,
    },
    {
	.name = "dbopen",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Open game N of the database (default: the one chosen) for study here; `back`\n"
		"returns to the game kept aside.",
	.exec = ui_dbpanel_open,
    },
    {
	.name = "redraw",
	.args = {0, 0},
	.usage = "",
	.help = "Take the terminal's size again and redraw the screen.",
	.exec = verb_redraw,
    },
};

static const struct command_set verb_set = COMMAND_SET(struct ui_verb, verbs);

/* The verbs (static data) and, in *count, their number. */
const struct ui_verb *ui_verb_table(size_t *count)
{
	*count = sizeof verbs / sizeof verbs[0];
	return verbs;
}

/* The verb `name` means (name, alias or unique prefix), or NULL with a message
   in `err` when none or several do. */
const struct ui_verb *ui_verb_find(const char *name, char *err, size_t errlen)
{
	int i = command_set_find(&verb_set, name, err, errlen);

	return i < 0 ? NULL : &verbs[i];
}

/* The number of blank-separated words in `s`. */
static int count_words(const char *s)
{
	int n = 0;

	for (s += strspn(s, " \t"); *s; s += strspn(s, " \t")) {
		s += strcspn(s, " \t");
		n++;
	}
	return n;
}

/* Runs `verb` with `rest`, the text after its name (leading blanks skipped),
   after checking its number of words; the verb's result (0, or -1 when it
   failed), or -1 with a usage message. */
int ui_verb_run(struct ui *ui, const struct ui_verb *verb, const char *rest)
{
	int words = count_words(rest);

	if (words < verb->args.lower || (verb->args.upper >= 0 && words > verb->args.upper)) {
		ui_set_message(ui, true, "usage: %s%s%s", verb->name, *verb->usage ? " " : "",
			       verb->usage);
		return -1;
	}
	return verb->exec(ui, rest);
}
