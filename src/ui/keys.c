/*
 * keys.c — from the key codes curses reads to the bindings of keymap.c.
 *
 * The bindings themselves (which key runs which command line in which mode,
 * and the `help keys` text) are curses-free data in src/game/keymap.c; this
 * file only names each key code the way that table does: a printable
 * character by itself, a special key by the name `help keys` shows.
 */
#include "ui.h"

#include "keymap.h"
#include "settings.h"

#include <curses.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define CTRL(c) ((c)&0x1f)

/* The special keys the bindings name; several codes may share a name. */
static const struct {
	int key;	  /* curses key code or character */
	const char *name; /* its name in the key map */
} special[] = {
    {KEY_LEFT, "Left"},
    {KEY_RIGHT, "Right"},
    {KEY_UP, "Up"},
    {KEY_DOWN, "Down"},
    {'\n', "Enter"},
    {'\r', "Enter"},
    {KEY_ENTER, "Enter"},
    {' ', "Space"},
    {'\t', "Tab"},
    {KEY_MOUSE, "click"},
    {KEY_SLEFT, "Shift-Left"},
    {KEY_SRIGHT, "Shift-Right"},
    {KEY_HOME, "Home"},
    {KEY_END, "End"},
    {KEY_PPAGE, "PageUp"},
    {KEY_NPAGE, "PageDown"},
    {KEY_DC, "Delete"},
    {KEY_BACKSPACE, "Backspace"},
    {27, "Esc"},
    {CTRL('l'), "Ctrl-L"},
    {CTRL('c'), "Ctrl-C"},
    {KEY_F(1), "F1"},
};

/* The key map's name of `key` in `buf` (a printable character stands for
   itself, F2 to F12 are named so), or NULL for a key the map cannot name. */
static const char *map_name(int key, char buf[4])
{
	for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
		if (special[i].key == key)
			return special[i].name;
	if (key > ' ' && key < 127) {
		buf[0] = (char)key;
		buf[1] = '\0';
		return buf;
	}
	if (key > KEY_F(1) && key <= KEY_F(12)) { /* for the user's bindings (`bind F5 hint`) */
		snprintf(buf, 4, "F%d", key - KEY_F0);
		return buf;
	}
	return NULL;
}

/* The command string bound to `key` in the current mode, or NULL. */
const char *ui_keys_lookup(const struct ui *ui, int key)
{
	char buf[4];
	const char *name = map_name(key, buf);

	const char *bound = name ? settings_bound(controller_settings(ui->ctl), name) : NULL;

	if (bound) /* the user's (`bind`, the settings file) before the key map's */
		return bound;
	return name ? keymap_command(name, controller_mode(ui->ctl)) : NULL;
}

/* Escape sequences (after the Esc) that terminals send for keys their TERM
   may not describe, with the key each stands for. */
static const struct {
	const char *seq; /* the bytes after Esc */
	int key;	 /* curses key code */
} sequences[] = {
    {"[A", KEY_UP},	{"OA", KEY_UP},	       {"[B", KEY_DOWN},     {"OB", KEY_DOWN},
    {"[C", KEY_RIGHT},	{"OC", KEY_RIGHT},     {"[D", KEY_LEFT},     {"OD", KEY_LEFT},
    {"[H", KEY_HOME},	{"OH", KEY_HOME},      {"[1~", KEY_HOME},    {"[7~", KEY_HOME},
    {"[F", KEY_END},	{"OF", KEY_END},       {"[4~", KEY_END},     {"[8~", KEY_END},
    {"[5~", KEY_PPAGE}, {"[6~", KEY_NPAGE},    {"[3~", KEY_DC},	     {"OP", KEY_F(1)},
    {"[11~", KEY_F(1)}, {"[1;2C", KEY_SRIGHT}, {"[1;2D", KEY_SLEFT}, {"[2C", KEY_SRIGHT},
    {"[2D", KEY_SLEFT}, {"O2C", KEY_SRIGHT},   {"O2D", KEY_SLEFT},   {"[c", KEY_SRIGHT},
    {"[d", KEY_SLEFT},
};

/* After curses returned an Esc alone, reads what follows it at once. Returns
   27 for an Esc alone; -2 for an Esc followed by another key, in *next (Alt
   and that key); the key code of a sequence of the table above; or -1 for a
   sequence read and dropped whole, its bytes (after the Esc) in `seq`. */
int ui_keys_escape(int *next, char *seq, size_t seqlen)
{
	char buf[32];
	size_t n = 0;
	int c = getch();

	if (c == ERR)
		return 27;
	if (c != '[' && c != 'O') {
		*next = c;
		return -2;
	}
	buf[n++] = (char)c;
	if (c == 'O') { /* SS3: one byte, after a modifier digit in some terminals */
		while (n < 3 && (c = getch()) != ERR) {
			buf[n++] = (char)c;
			if (c != '2')
				break;
		}
	} else { /* CSI: parameter and intermediate bytes, then a final byte */
		while (n < sizeof buf - 4 && (c = getch()) != ERR) {
			buf[n++] = (char)c;
			if (c < 0x20 || c >= 0x40)
				break;
		}
		/* an X10 mouse report ends in three raw bytes */
		if (n == 2 && buf[1] == 'M')
			for (int i = 0; i < 3 && (c = getch()) != ERR; i++)
				buf[n++] = (char)c;
	}
	buf[n] = '\0';
	for (size_t i = 0; i < sizeof sequences / sizeof sequences[0]; i++)
		if (strcmp(sequences[i].seq, buf) == 0)
			return sequences[i].key;
	for (size_t i = 0; i < n; i++) /* shown on the message line: printable only */
		if (buf[i] < ' ' || buf[i] > '~')
			buf[i] = '?';
	snprintf(seq, seqlen, "%s", buf);
	return -1;
}
