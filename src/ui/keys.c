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

#include <curses.h>
#include <stddef.h>

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
   itself), or NULL for a key the map cannot name. */
static const char *map_name(int key, char buf[2])
{
	for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
		if (special[i].key == key)
			return special[i].name;
	if (key > ' ' && key < 127) {
		buf[0] = (char)key;
		buf[1] = '\0';
		return buf;
	}
	return NULL;
}

/* The command string bound to `key` in the current mode, or NULL. */
const char *ui_keys_lookup(const struct ui *ui, int key)
{
	char buf[2];
	const char *name = map_name(key, buf);

	return name ? keymap_command(name, controller_mode(ui->ctl)) : NULL;
}
