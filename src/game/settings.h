/*
 * settings.h — the user's settings that no command of the game holds: the
 * database folder, the screen's colours, mouse and line drawing, and the
 * keys bound by the user. `set NAME VALUE` and `bind KEY COMMAND` change
 * them, mostly from the settings file read at start
 * ($XDG_CONFIG_HOME/othello-master/config). Plain data: the controller
 * keeps one, the screen reads it.
 */
#ifndef OTHELLO_SETTINGS_H
#define OTHELLO_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

enum {
	SETTINGS_PATH_LEN = 4096,
	SETTINGS_BINDS = 64,
	SETTINGS_KEY_LEN = 16,
	SETTINGS_COMMAND_LEN = 256
};

/* A key the user bound: its name as `help keys` shows it, and the command line it runs. */
struct settings_bind {
	char key[SETTINGS_KEY_LEN];
	char command[SETTINGS_COMMAND_LEN];
};

/* A switch set in the file: on, off, or left to the default (and the command line). */
enum settings_switch { SETTING_UNSET = -1, SETTING_OFF = 0, SETTING_ON = 1 };

struct settings {
	char db_dir[SETTINGS_PATH_LEN]; /* `set db-dir`: the game database's folder ("" unset) */
	enum settings_switch color;	/* `set color on|off` */
	enum settings_switch mouse;	/* `set mouse on|off` */
	enum settings_switch ascii;	/* `set ascii on|off` */
	struct settings_bind binds[SETTINGS_BINDS]; /* `bind`, in the order given */
	int n_binds;
	int sourcing; /* files being read by `source` inside one another */
};

/* Settings with nothing set. */
void settings_init(struct settings *s);
/* True when `name` is a setting's name (db-dir, color, mouse, ascii). */
bool settings_is_name(const char *name);
/* Sets the setting `name` to `value`: 0 with what it did in `msg`, or -1 with why not. */
int settings_set(struct settings *s, const char *name, const char *value, char *msg, size_t msglen);
/* Every setting and its value, then the keys bound, as text (malloc'd; NULL when out of
   memory). */
char *settings_text(const struct settings *s);
/* Binds `key` to `command` (a later binding of the same key replaces it; "" unbinds):
   0, or -1 with why not (a key the screen cannot name, too many bindings). */
int settings_bind(struct settings *s, const char *key, const char *command, char *err,
		  size_t errlen);
/* The command line the user bound to `key`, or NULL. */
const char *settings_bound(const struct settings *s, const char *key);

#endif
