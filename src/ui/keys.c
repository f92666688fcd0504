/*
 * keys.c — the key bindings: one table from keys to command strings.
 *
 * A key runs a command line exactly as if it were typed in the command bar.
 * Lines may hold `{square}`, replaced by the board cursor's square. Besides
 * the command table's commands (src/game/command.c), the screen has a few of its
 * own, run by ui_execute: `cursor DIRECTION`, `select` (play the cursor's
 * square, or cycle its disc in edit mode), `prompt [TEXT]` (open the command
 * bar), `scroll N` (the move list, in pages), `escape`, `redraw` and
 * `help keys` (also printed by `othello script`). The first entry for a key whose modes include the current
 * mode wins. Only keys that xterm, screen, tmux and the Linux console all
 * send are needed: every action bound to a special key also has a plain one.
 */
#include "ui.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	IN_PLAY = 1 << MODE_PLAY,
	IN_REPLAY = 1 << MODE_REPLAY,
	IN_EDIT = 1 << MODE_EDIT,
	IN_ANALYSIS = 1 << MODE_ANALYSIS,
	IN_GAME = IN_PLAY | IN_REPLAY | IN_ANALYSIS,
	IN_ALL = IN_GAME | IN_EDIT,
};

#define CTRL(c) ((c)&0x1f)

struct ui_binding {
	int key;	     /* curses key code or character */
	const char *name;    /* as `help keys` shows it */
	unsigned modes;	     /* IN_* mask of the modes where it applies */
	const char *command; /* command line it runs */
	const char *help;    /* what it does, for `help keys` ("" = same as the entry above) */
};

static const struct ui_binding bindings[] = {
    {KEY_LEFT, "Left", IN_ALL, "cursor left", "move the board cursor"},
    {'h', "h", IN_ALL, "cursor left", ""},
    {KEY_RIGHT, "Right", IN_ALL, "cursor right", ""},
    {'l', "l", IN_ALL, "cursor right", ""},
    {KEY_UP, "Up", IN_ALL, "cursor up", ""},
    {'k', "k", IN_ALL, "cursor up", ""},
    {KEY_DOWN, "Down", IN_ALL, "cursor down", ""},
    {'j', "j", IN_ALL, "cursor down", ""},
    {'\n', "Enter", IN_GAME, "select", "play the square under the cursor"},
    {'\r', "Enter", IN_GAME, "select", ""},
    {KEY_ENTER, "Enter", IN_GAME, "select", ""},
    {' ', "Space", IN_GAME, "select", ""},
    {KEY_MOUSE, "click", IN_GAME, "select", "play the clicked square"},
    {'u', "u", IN_GAME, "undo", "take back a move"},
    {'r', "r", IN_GAME, "redo", "replay a move taken back"},
    {'[', "[", IN_GAME, "prev", "step back through the game"},
    {'<', "<", IN_GAME, "prev", ""},
    {KEY_SLEFT, "Shift-Left", IN_GAME, "prev", ""},
    {']', "]", IN_GAME, "next", "step forward through the game"},
    {'>', ">", IN_GAME, "next", ""},
    {KEY_SRIGHT, "Shift-Right", IN_GAME, "next", ""},
    {KEY_HOME, "Home", IN_GAME, "first", "go to the start of the game"},
    {'{', "{", IN_GAME, "first", ""},
    {KEY_END, "End", IN_GAME, "last", "go to the end of the line"},
    {'}', "}", IN_GAME, "last", ""},
    {KEY_PPAGE, "PageUp", IN_ALL, "scroll -1", "scroll the move list"},
    {KEY_NPAGE, "PageDown", IN_ALL, "scroll 1", ""},
    {'?', "?", IN_GAME, "hint", "ask the engine for hints"},
    {'g', "g", IN_GAME, "go", "let the engine play the side to move"},
    {'p', "p", IN_GAME, "pass", "pass (when there is no legal move)"},
    {'v', "v", IN_GAME, "variations", "list the variations here"},
    {'c', "c", IN_GAME, "prompt comment ", "comment the move at the cursor (bar)"},
    {'m', "m", IN_GAME, "prompt mark ", "mark the move at the cursor (bar)"},
    {'s', "s", IN_ALL, "prompt save ", "save the game (opens the bar)"},
    {'e', "e", IN_GAME, "edit", "edit the position"},
    {'N', "N", IN_GAME, "new", "start a new game"},
    {'b', "b", IN_EDIT, "set {square} black", "edit: put a black disc"},
    {'x', "x", IN_EDIT, "set {square} black", ""},
    {'w', "w", IN_EDIT, "set {square} white", "edit: put a white disc"},
    {'o', "o", IN_EDIT, "set {square} white", ""},
    {'.', ".", IN_EDIT, "set {square} empty", "edit: empty the square"},
    {KEY_DC, "Delete", IN_EDIT, "set {square} empty", ""},
    {KEY_BACKSPACE, "Backspace", IN_EDIT, "set {square} empty", ""},
    {' ', "Space", IN_EDIT, "select", "edit: cycle empty, black, white"},
    {KEY_MOUSE, "click", IN_EDIT, "select", ""},
    {'B', "B", IN_EDIT, "side black", "edit: Black to move"},
    {'W', "W", IN_EDIT, "side white", "edit: White to move"},
    {'C', "C", IN_EDIT, "clear", "edit: empty the board"},
    {'\n', "Enter", IN_EDIT, "done", "edit: validate the position"},
    {'\r', "Enter", IN_EDIT, "done", ""},
    {KEY_ENTER, "Enter", IN_EDIT, "done", ""},
    {':', ":", IN_ALL, "prompt", "open the command bar"},
    {'/', "/", IN_ALL, "prompt", ""},
    {27, "Esc", IN_ALL, "escape", "stop the engine (it plays its best move)"},
    {CTRL('l'), "Ctrl-L", IN_ALL, "redraw", "redraw the screen"},
    {KEY_F(1), "F1", IN_ALL, "help", "list the commands"},
    {'q', "q", IN_ALL, "quit", "quit (asks when the game is not saved)"},
};

/* The command string bound to `key` in the current mode, or NULL. */
const char *ui_keys_lookup(const struct ui *ui, int key)
{
	unsigned mode = 1u << controller_mode(ui->ctl);

	for (size_t i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
		if (bindings[i].key == key && (bindings[i].modes & mode))
			return bindings[i].command;
	return NULL;
}

/* Columns of `help keys`: keys, what they do, then the command (at most 18
   characters), so that a line stays within 79 columns; keys too many for
   their column get a line of their own. */
enum { KEYS_WIDTH = 17, KEYS_HELP_WIDTH = 40 };

/* The table as text for `help keys`: one line per action with all its keys
   (malloc'd; NULL when out of memory). */
char *ui_keys_help(void)
{
	size_t n = sizeof bindings / sizeof bindings[0], size = 8192, len = 0;
	char *out = malloc(size);

	if (!out)
		return NULL;
	len += (size_t)snprintf(
	    out, size, "Keys (each runs the command shown; `help COMMAND` describes it):\n\n");
	for (size_t i = 0; i < n && len < size; i++) {
		char keys[64] = "";
		size_t j;
		int cmd_len;

		if (!bindings[i].help[0])
			continue;
		snprintf(keys, sizeof keys, "%s", bindings[i].name);
		for (j = i + 1; j < n && !bindings[j].help[0]; j++) {
			bool seen = false;
			for (size_t k = i; k < j; k++)
				seen = seen || strcmp(bindings[k].name, bindings[j].name) == 0;
			if (!seen)
				snprintf(keys + strlen(keys), sizeof keys - strlen(keys), " %s",
					 bindings[j].name);
		}
		cmd_len = (int)strlen(bindings[i].command);
		while (cmd_len > 0 && bindings[i].command[cmd_len - 1] == ' ')
			cmd_len--;
		if (strlen(keys) > KEYS_WIDTH) {
			len += (size_t)snprintf(out + len, size - len, "  %s\n", keys);
			keys[0] = '\0';
		}
		if (len < size)
			len += (size_t)snprintf(out + len, size - len, "  %-*s %-*s %.*s\n",
						KEYS_WIDTH, keys, KEYS_HELP_WIDTH, bindings[i].help,
						cmd_len, bindings[i].command);
	}
	if (len >= size)
		out[size - 1] = '\0';
	return out;
}
