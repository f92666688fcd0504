/*
 * keymap.c — the key bindings: one table from key names to command lines.
 *
 * A key runs a command line exactly as if it were typed in the command bar.
 * Lines may hold `{square}`, replaced by the board cursor's square, and
 * `prompt` lines `{comment}`, the comment of the move at the cursor. Besides
 * the command table's commands (command.c), the screen has verbs of its own
 * (src/ui/verbs.c): `cursor DIRECTION`, `select` (play the cursor's square,
 * or cycle its disc in edit mode), `column X` and `row N` (a square typed
 * by its name: f then 5 plays f5, so no other key of the game modes may be
 * a column letter or a row digit), `prompt [TEXT]` (open the command bar),
 * `scroll N` (the move list, in pages), `escape`, `interrupt` (Ctrl-C) and
 * `redraw`; `help keys`
 * lists this table (through the `help` command). The first
 * entry for a key whose modes include the current mode wins. Only keys that
 * xterm, screen, tmux and the Linux console all send are needed: every
 * action bound to a special key also has a plain one.
 *
 * Keys are named here as `help keys` shows them; which codes each name
 * stands for is the screen's business (src/ui/keys.c), so this file and the
 * `help keys` text need no curses.
 */
#include "keymap.h"

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

static const struct keymap_binding bindings[] = {
    {"a", IN_GAME, "column a", "type a square by name: its column (on 8x8 and 6x6, j is down)"},
    {"b", IN_GAME, "column b", ""},
    {"c", IN_GAME, "column c", ""},
    {"d", IN_GAME, "column d", ""},
    {"e", IN_GAME, "column e", ""},
    {"f", IN_GAME, "column f", ""},
    {"g", IN_GAME, "column g", ""},
    {"h", IN_GAME, "column h", ""},
    {"i", IN_GAME, "column i", ""},
    {"j", IN_GAME, "column j", ""},
    {"1", IN_GAME, "row 1", "then its row (0 is 10): f 5 plays f5"},
    {"2", IN_GAME, "row 2", ""},
    {"3", IN_GAME, "row 3", ""},
    {"4", IN_GAME, "row 4", ""},
    {"5", IN_GAME, "row 5", ""},
    {"6", IN_GAME, "row 6", ""},
    {"7", IN_GAME, "row 7", ""},
    {"8", IN_GAME, "row 8", ""},
    {"9", IN_GAME, "row 9", ""},
    {"0", IN_GAME, "row 10", ""},
    {"Left", IN_ALL, "cursor left", "move the board cursor"},
    {"Right", IN_ALL, "cursor right", ""},
    {"l", IN_ALL, "cursor right", ""},
    {"Up", IN_ALL, "cursor up", ""},
    {"k", IN_ALL, "cursor up", ""},
    {"Down", IN_ALL, "cursor down", ""},
    {"j", IN_ALL, "cursor down", ""},
    {"Enter", IN_GAME, "select", "play the square under the cursor"},
    {"Space", IN_GAME, "select", ""},
    {"click", IN_GAME, "select", "play the clicked square"},
    {"u", IN_GAME, "undo", "take back a move"},
    {"r", IN_GAME, "redo", "replay a move taken back"},
    {"[", IN_GAME, "prev", "step back through the game"},
    {"<", IN_GAME, "prev", ""},
    {"Shift-Left", IN_GAME, "prev", ""},
    {"]", IN_GAME, "next", "step forward through the game"},
    {">", IN_GAME, "next", ""},
    {"Shift-Right", IN_GAME, "next", ""},
    {"Home", IN_GAME, "first", "go to the start of the game"},
    {"{", IN_GAME, "first", ""},
    {"End", IN_GAME, "last", "go to the end of the line"},
    {"}", IN_GAME, "last", ""},
    {"PageUp", IN_ALL, "scroll -1", "scroll the move list"},
    {"PageDown", IN_ALL, "scroll 1", ""},
    {"?", IN_GAME, "hint", "ask the engine for hints"},
    {"G", IN_GAME, "go", "let the engine play the side to move"},
    {"P", IN_GAME, "pause", "pause the engines (G steps), or go on"},
    {"O", IN_GAME, "overlay", "every legal move's score on its square (on/off)"},
    {"+", IN_GAME, "depth overlay +2", "the overlay 2 plies deeper"},
    {"D", IN_GAME, "drill", "drill the mistakes of the analysed game"},
    {"L", IN_GAME, "database", "the database panel: masters' moves and games"},
    {"Tab", IN_GAME, "dbfocus", "keys to the database's games (Enter opens)"},
    {"p", IN_GAME, "pass", "pass (when there is no legal move)"},
    {"v", IN_GAME, "variations", "list the variations here"},
    {"C", IN_GAME, "prompt comment {comment}", "comment the move at the cursor (bar)"},
    {"m", IN_GAME, "prompt mark ", "mark the move at the cursor (bar)"},
    {"s", IN_ALL, "prompt save ", "save the game (opens the bar)"},
    {"E", IN_GAME, "edit", "edit the position"},
    {"N", IN_GAME, "new", "start a new game"},
    {"h", IN_EDIT, "cursor left", "edit: the cursor left (as Left)"},
    {"b", IN_EDIT, "set {square} black", "edit: put a black disc"},
    {"x", IN_EDIT, "set {square} black", ""},
    {"w", IN_EDIT, "set {square} white", "edit: put a white disc"},
    {"o", IN_EDIT, "set {square} white", ""},
    {".", IN_EDIT, "set {square} empty", "edit: empty the square"},
    {"Delete", IN_EDIT, "set {square} empty", ""},
    {"Backspace", IN_EDIT, "set {square} empty", ""},
    {"Space", IN_EDIT, "select", "edit: cycle empty, black, white"},
    {"click", IN_EDIT, "select", ""},
    {"B", IN_EDIT, "side black", "edit: Black to move"},
    {"W", IN_EDIT, "side white", "edit: White to move"},
    {"C", IN_EDIT, "clear", "edit: empty the board"},
    {"Enter", IN_EDIT, "done", "edit: validate the position"},
    {"Esc", IN_EDIT, "cancel", "edit: leave it, the game unchanged"},
    {":", IN_ALL, "prompt", "open the command bar"},
    {"/", IN_ALL, "prompt", ""},
    {"Esc", IN_GAME, "escape", "stop the engine (it plays its best move)"},
    {"Ctrl-C", IN_ALL, "interrupt", "stop the engine, or ask to quit"},
    {"Ctrl-L", IN_ALL, "redraw", "redraw the screen"},
    {"F1", IN_ALL, "help", "list the commands"},
    {"q", IN_ALL, "quit", "quit (asks when the game is not saved)"},
};

enum { KEYMAP_COUNT = sizeof bindings / sizeof bindings[0] };

/* The command line the key `name` runs in `mode` (the first binding of that
   name whose modes hold it), or NULL when the key is not bound there. */
const char *keymap_command(const char *name, enum ctl_mode mode)
{
	unsigned in = 1u << mode;

	for (size_t i = 0; i < KEYMAP_COUNT; i++)
		if ((bindings[i].modes & in) && strcmp(bindings[i].name, name) == 0)
			return bindings[i].command;
	return NULL;
}

/* The bindings (static data) in table order; their number in *count. */
const struct keymap_binding *keymap_table(size_t *count)
{
	*count = KEYMAP_COUNT;
	return bindings;
}

/* Columns of `help keys`: the keys, then what they do with the command they run
   (a game command's name, as `is_command` knows the command table; the screen's
   own verbs, which `othello script` has not, are not named), wrapped so
   that every line stays within 79 columns; keys too many for their column
   get a line of their own. */
enum { KEYS_WIDTH = 18, KEYS_LINE = 79 };

/* The names of names[0..n) into keys[size], a run of three or more one-character
   keys that follow one another (a b c ... i) written as its ends (a-i). */
static void join_keys(char *keys, size_t size, const char *const *names, size_t n)
{
	size_t len = 0;

	keys[0] = '\0';
	for (size_t k = 0; k < n && len < size; k++) {
		size_t e = k;

		while (e + 1 < n && !names[e][1] && !names[e + 1][1] &&
		       names[e + 1][0] == names[e][0] + 1)
			e++;
		if (names[k][1] || e - k < 2)
			e = k;
		len += (size_t)snprintf(keys + len, size - len, "%s%s", len ? " " : "", names[k]);
		if (e > k && len < size)
			len += (size_t)snprintf(keys + len, size - len, "-%s", names[e]);
		k = e;
	}
}

/* Appends `text` wrapped at `width` columns, each line after the first indented
   by `indent` blanks, then a newline. Returns the new length. */
static size_t add_wrapped(char *out, size_t size, size_t len, const char *text, int indent,
			  int width)
{
	while (*text && len < size) {
		int n = (int)strlen(text);

		if (n > width) {
			n = width;
			while (n > 0 && text[n] != ' ')
				n--;
			if (n == 0)
				n = width;
		}
		len += (size_t)snprintf(out + len, size - len, "%.*s\n", n, text);
		text += n;
		while (*text == ' ')
			text++;
		if (*text && len < size)
			len += (size_t)snprintf(out + len, size - len, "%*s", indent, "");
	}
	return len;
}

/* The `help keys` text: a title, then one line per action (an entry with a
   help text and the entries without one after it) with all its keys, once
   each; the name of the command it runs when `is_command` says the command
   table has that word. Malloc'd; NULL when out of memory. */
char *keymap_help(bool (*is_command)(const char *word, size_t len))
{
	size_t size = 8192, len = 0;
	char *out = malloc(size);

	if (!out)
		return NULL;
	len += (size_t)snprintf(out, size,
				"Keys (`help COMMAND` describes the command a key runs):\n\n");
	for (size_t i = 0; i < KEYMAP_COUNT && len < size; i++) {
		const struct keymap_binding *b = &bindings[i];
		char keys[64], what[200];
		const char *names[16];
		size_t n = 0;
		int cmd_len;

		if (!b->help[0])
			continue;
		names[n++] = b->name;
		for (size_t j = i + 1; j < KEYMAP_COUNT && !bindings[j].help[0] && n < 16; j++)
			names[n++] = bindings[j].name;
		join_keys(keys, sizeof keys, names, n);
		cmd_len = (int)strcspn(b->command, " {");
		if (!is_command(b->command, (size_t)cmd_len) || strchr(b->command, '{'))
			snprintf(what, sizeof what, "%s", b->help);
		else
			snprintf(what, sizeof what, "%s, `%.*s`", b->help, cmd_len, b->command);
		if (strlen(keys) > KEYS_WIDTH) {
			len += (size_t)snprintf(out + len, size - len, "  %s\n", keys);
			keys[0] = '\0';
		}
		if (len < size)
			len += (size_t)snprintf(out + len, size - len, "  %-*s ", KEYS_WIDTH, keys);
		len = add_wrapped(out, size, len, what, 2 + KEYS_WIDTH + 1,
				  KEYS_LINE - 2 - KEYS_WIDTH - 1);
	}
	if (len >= size)
		out[size - 1] = '\0';
	return out;
}
