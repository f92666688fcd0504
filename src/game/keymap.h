/*
 * keymap.h — the key bindings as data: which key runs which command line in
 * which mode, and the `help keys` text made from them. No curses here: a key
 * is known by the name `help keys` shows ("Left", "Ctrl-L", "q"); the screen
 * (src/ui/keys.c) turns the key codes curses reads into these names, and
 * `othello script` prints the same help without a terminal.
 */
#ifndef OTHELLO_KEYMAP_H
#define OTHELLO_KEYMAP_H

#include "controller.h"

#include <stdbool.h>
#include <stddef.h>

/* One binding: in the modes of `modes`, the key `name` runs `command`. */
struct keymap_binding {
	const char *name;    /* key name, as `help keys` shows it */
	unsigned modes;	     /* 1 << enum ctl_mode for each mode where it applies */
	const char *command; /* command line it runs ({square} = the board cursor's square) */
	const char *help;    /* what it does ("" = the same as the entry above) */
};

/* The command line the key `name` runs in `mode`, or NULL when it runs none. */
const char *keymap_command(const char *name, enum ctl_mode mode);

/* The bindings (static data), in the order `help keys` lists them; their number in *count. */
const struct keymap_binding *keymap_table(size_t *count);

/* The `help keys` text: one line per action with all its keys, naming the command a key
   runs when `is_command` (the word's first `len` characters) says the command table has
   it (malloc'd; NULL if out of memory). */
char *keymap_help(bool (*is_command)(const char *word, size_t len));

#endif
