/*
 * settings.c — the user's settings (settings.h): a fixed record of values
 * and bound keys, changed by name. A switch is on, off or unset (then the
 * command line and the program's default decide). A key is named as the key
 * map names it (keymap.c): a printable character by itself, or one of the
 * special names its table uses (F1, Tab, PageUp, Ctrl-L ...), so that a name
 * the screen could never send is refused when the binding is read, not
 * ignored later. A folder written ~/... is under $HOME, as the shell reads it.
 */
#include "settings.h"

#include "keymap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void settings_init(struct settings *s)
{
	memset(s, 0, sizeof *s);
	s->color = s->mouse = s->ascii = SETTING_UNSET;
}

/* The switches, by name, with where each is kept. */
static enum settings_switch *switch_of(struct settings *s, const char *name)
{
	if (strcmp(name, "color") == 0)
		return &s->color;
	if (strcmp(name, "mouse") == 0)
		return &s->mouse;
	if (strcmp(name, "ascii") == 0)
		return &s->ascii;
	return NULL;
}

bool settings_is_name(const char *name)
{
	struct settings probe;

	return strcmp(name, "db-dir") == 0 || switch_of(&probe, name) != NULL;
}

int settings_set(struct settings *s, const char *name, const char *value, char *msg, size_t msglen)
{
	enum settings_switch *sw = switch_of(s, name);

	if (strcmp(name, "db-dir") == 0) {
		const char *home = getenv("HOME");
		bool tilde = strncmp(value, "~/", 2) == 0 && home && *home; /* the shell's ~ */
		size_t n = (size_t)snprintf(s->db_dir, sizeof s->db_dir, "%s%s", tilde ? home : "",
					    tilde ? value + 1 : value);

		if (n >= sizeof s->db_dir) {
			s->db_dir[0] = '\0';
			snprintf(msg, msglen, "set db-dir: the folder's name is too long");
			return -1;
		}
		snprintf(msg, msglen, "db-dir: %s", value[0] ? s->db_dir : "(the default)");
		return 0;
	}
	if (!sw) {
		snprintf(msg, msglen, "set: no setting `%s` (db-dir, color, mouse, ascii)", name);
		return -1;
	}
	if (strcmp(value, "on") != 0 && strcmp(value, "off") != 0) {
		snprintf(msg, msglen, "set %s: `%s` is not on or off", name, value);
		return -1;
	}
	*sw = value[1] == 'n' ? SETTING_ON : SETTING_OFF;
	snprintf(msg, msglen, "%s: %s (the screen takes it at its next start)", name, value);
	return 0;
}

/* The text of a switch. */
static const char *switch_text(enum settings_switch sw)
{
	return sw == SETTING_ON ? "on" : sw == SETTING_OFF ? "off" : "(the default)";
}

char *settings_text(const struct settings *s)
{
	size_t cap = 512 + strlen(s->db_dir) +
		     (size_t)s->n_binds * (SETTINGS_KEY_LEN + 8 + SETTINGS_COMMAND_LEN);
	size_t len = 0;
	char *out = malloc(cap);

	if (!out)
		return NULL;
	len += (size_t)snprintf(out + len, cap - len,
				"db-dir  %s\ncolor   %s\nmouse   %s\nascii   %s\n",
				s->db_dir[0] ? s->db_dir : "(the default)", switch_text(s->color),
				switch_text(s->mouse), switch_text(s->ascii));
	len += (size_t)snprintf(out + len, cap - len, "\nKeys bound (`bind KEY COMMAND`):%s\n",
				s->n_binds ? "" : " none");
	for (int i = 0; i < s->n_binds; i++)
		len += (size_t)snprintf(out + len, cap - len, "  %-12s %s\n", s->binds[i].key,
					s->binds[i].command);
	return out;
}

/* True when the key map could ever give a key this name (a printable character, F1 to
   F12, or a special name its table uses). */
static bool key_nameable(const char *key)
{
	size_t n;
	const struct keymap_binding *map = keymap_table(&n);

	if (key[0] > ' ' && key[0] < 127 && !key[1])
		return true;
	if (key[0] == 'F' && key[1] >= '1' && key[1] <= '9' &&
	    (!key[2] || (key[1] == '1' && key[2] >= '0' && key[2] <= '2' && !key[3])))
		return true; /* F1 to F12 */
	for (size_t i = 0; i < n; i++)
		if (strcmp(map[i].name, key) == 0)
			return true;
	return false;
}

int settings_bind(struct settings *s, const char *key, const char *command, char *err,
		  size_t errlen)
{
	int at = 0;

	if (!key_nameable(key) || strlen(key) >= SETTINGS_KEY_LEN) {
		snprintf(err, errlen,
			 "bind: no key `%s` (a character, or a key `help keys` names: F1, Tab, "
			 "PageUp ...)",
			 key);
		return -1;
	}
	if (strlen(command) >= SETTINGS_COMMAND_LEN) {
		snprintf(err, errlen, "bind %s: the command is too long", key);
		return -1;
	}
	while (at < s->n_binds && strcmp(s->binds[at].key, key) != 0)
		at++;
	if (!command[0]) { /* unbound: the key map's binding again */
		if (at < s->n_binds) {
			memmove(&s->binds[at], &s->binds[at + 1],
				(size_t)(s->n_binds - at - 1) * sizeof s->binds[0]);
			s->n_binds--;
		}
		return 0;
	}
	if (at == SETTINGS_BINDS) {
		snprintf(err, errlen, "bind: %d keys are bound already", SETTINGS_BINDS);
		return -1;
	}
	snprintf(s->binds[at].key, sizeof s->binds[at].key, "%s", key);
	snprintf(s->binds[at].command, sizeof s->binds[at].command, "%s", command);
	if (at == s->n_binds)
		s->n_binds++;
	return 0;
}

const char *settings_bound(const struct settings *s, const char *key)
{
	for (int i = 0; i < s->n_binds; i++)
		if (strcmp(s->binds[i].key, key) == 0)
			return s->binds[i].command;
	return NULL;
}
