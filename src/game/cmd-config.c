/*
 * cmd-config.c — the commands of the settings: `set NAME VALUE` (the part of
 * `set` that names a setting, not a square), `bind KEY COMMAND` and `source
 * FILE`. The settings file read at start is a list of such lines, and of any
 * other command (`depth hint 14`, `white expert`), run by command_source.
 */
#include "cmd-int.h"

#include "controller.h"
#include "datadir.h"
#include "keymap.h"
#include "settings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* `set` alone, or `set NAME VALUE` (NAME a setting: db-dir, color, mouse, ascii). */
int cmd_setting(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	struct settings *s = controller_settings(ctl);
	char msg[256];

	if (argc == 1)
		return cmd_output(res, settings_text(s));
	if (argc != 3)
		return cmd_fail(res, "usage: set %s VALUE", argv[1]);
	if (settings_set(s, argv[1], argv[2], msg, sizeof msg) < 0)
		return cmd_fail(res, "%s", msg);
	cmd_message(res, "%s", msg);
	res->flags |= CMD_REDRAW_STATUS;
	return 0;
}

/* True when `command`'s first word is a command a key can run: the command table's, or a
   screen verb the key map uses (cursor, select, prompt, database ...). */
static bool runnable(const char *command)
{
	char word[64], err[256];
	size_t n, len = strcspn(command, " \t");
	const struct keymap_binding *map = keymap_table(&n);

	snprintf(word, sizeof word, "%.*s", (int)len, command);
	if (command_find(word, err, sizeof err))
		return true;
	for (size_t i = 0; i < n; i++)
		if (strncmp(map[i].command, word, len) == 0 &&
		    (map[i].command[len] == ' ' || !map[i].command[len]))
			return true;
	return false;
}

/* `bind KEY [COMMAND...]`: KEY runs COMMAND in every mode, before the key map's binding; no
   COMMAND shows the key's binding, `none` gives it back to the key map. */
static int cmd_bind(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	struct settings *s = controller_settings(ctl);
	const char *bound = settings_bound(s, argv[1]);
	char err[256];

	if (argc == 2) {
		const char *map = keymap_command(argv[1], MODE_PLAY);
		cmd_message(res, "%s: %s%s", argv[1],
			    bound ? bound
			    : map ? map
				  : "not bound",
			    bound ? " (bound by you)" : "");
		return 0;
	}
	if (strcmp(argv[2], "none") != 0 && !runnable(argv[2]))
		return cmd_fail(res, "bind %s: unknown command `%.*s`", argv[1],
				(int)strcspn(argv[2], " \t"), argv[2]);
	if (settings_bind(s, argv[1], strcmp(argv[2], "none") == 0 ? "" : argv[2], err,
			  sizeof err) < 0)
		return cmd_fail(res, "%s", err);
	if (strcmp(argv[2], "none") == 0)
		cmd_message(res, "%s: back to the key map's binding", argv[1]);
	else
		cmd_message(res, "%s runs `%s`", argv[1], argv[2]);
	return 0;
}

/* `source FILE`: runs the file's lines as commands; errors as FILE:LINE: why. */
static int cmd_source(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char *report = NULL;
	int errors;

	(void)argc;
	errors = command_source(ctl, argv[1], argv[1], &report);
	if (errors < 0) {
		cmd_fail(res, "%s", report ? report : "out of memory");
		free(report);
		return -1;
	}
	res->flags |= CMD_REDRAW_ALL;
	if (errors > 0) {
		res->output = report;
		res->flags |= CMD_OUTPUT;
		return cmd_fail(res, "%s: %d line%s failed", argv[1], errors,
				errors == 1 ? "" : "s");
	}
	free(report);
	cmd_message(res, "%s read", argv[1]);
	return 0;
}

/*
 * Reads the settings file ($XDG_CONFIG_HOME/othello-master/config, else
 * ~/.config/othello-master/config) on `ctl`: each line a command, a line
 * that fails reported as "config:LINE: why" in *report (malloc'd, NULL when
 * none) while the others still run. No file is no error. Then the players
 * the command line named (`black`, `white`; NULL when not named) take their
 * colours again: the command line wins over the file. The number of lines
 * that failed (1 when the file is there but cannot be read); its name in
 * `path`.
 */
int command_read_config(struct controller *ctl, const char *black, const char *white, char *path,
			size_t pathlen, char **report)
{
	const char *named[2] = {black, white};
	int n = datadir_config(path, pathlen), failed = 0;
	char err[256];

	*report = NULL;
	if (n >= 0 && (size_t)n < pathlen && access(path, F_OK) == 0) {
		failed = command_source(ctl, path, "config", report);
		failed = failed < 0 ? 1 : failed;
	}
	for (int c = BLACK; c <= WHITE; c++)
		if (named[c] &&
		    controller_set_player(ctl, (enum color)c, named[c], err, sizeof err) < 0) {
			free(*report);
			*report = strdup(err);
			return failed + 1;
		}
	return failed;
}

static const struct command_def entries[] = {
    {
	.name = "bind",
	.args = {1, 2},
	.usage = "KEY [COMMAND...|none]",
	.help = "Make KEY run COMMAND (a command line, as typed in the bar) in every mode;\n"
		"none gives the key back to its own binding; alone, say what KEY runs.",
	.flags = CMD_TEXT_TAIL,
	.exec = cmd_bind,
    },
    {
	.name = "source",
	.args = {1, 1},
	.usage = "FILE",
	.help = "Run the commands of FILE, one a line (as the settings file is read at\n"
		"start); a line that fails is named FILE:LINE and the others still run.",
	.exec = cmd_source,
    },
};

const struct command_part cmd_config_part = COMMAND_PART("Settings", entries);
