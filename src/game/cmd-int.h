/*
 * cmd-int.h — inside the command layer: the families of commands, written in
 * the cmd-*.c files (game, analysis, replay, edit, file, net), and the helpers
 * they share. Not for use outside command.c and cmd-*.c.
 *
 * A family file holds its handlers (static) and, at its end, their entries
 * in the order `help` lists them, exported as one part; command.c assembles
 * the parts. Adding a command is its handler and its entry in the file of
 * its family. A handler gets the words of the line (argv[0] = the command name as
 * typed), fills `res` (flags, message, output) and returns 0, or -1 after
 * cmd_fail has put an error message in `res`. The helpers they share are in
 * cmd-util.c.
 */
#ifndef OTHELLO_CMD_INT_H
#define OTHELLO_CMD_INT_H

#include "command.h"
#include "square.h"

#include <stdbool.h>

struct controller;

/* cmd-util.c */
int cmd_fail(struct command_result *res, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void cmd_message(struct command_result *res, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int cmd_flags(struct command_result *res, int changes, const char *err);
int cmd_changed(struct command_result *res, int changes, const char *err, const char *msg);
bool cmd_parse_count(const char *s, int lo, int hi, int *out);
int cmd_parse_variant(int argc, char **argv, int i, enum variant *v, struct command_result *res);
char *cmd_join(int argc, char **argv);
int cmd_call(struct controller *ctl, int (*call)(struct controller *, char *, size_t),
	     const char *done, struct command_result *res);
int cmd_output(struct command_result *res, char *text);

/*
 * The handlers that are one call on the controller and read no word. Each
 * command needs a function of its own for the table (C has no closures), so
 * these macros write the function and cmd-util.c does the work.
 * CMD_CALL: call(ctl, err, errlen), then the message `done` (cmd_call).
 * CMD_VIEW: the text view(ctl) shown as the output (cmd_output).
 */
#define CMD_CALL(name, call, done)                                                                 \
	static int name(struct controller *ctl, int argc, char **argv, struct command_result *res) \
	{                                                                                          \
		(void)argc;                                                                        \
		(void)argv;                                                                        \
		return cmd_call(ctl, call, done, res);                                             \
	}
#define CMD_VIEW(name, view)                                                                       \
	static int name(struct controller *ctl, int argc, char **argv, struct command_result *res) \
	{                                                                                          \
		(void)argc;                                                                        \
		(void)argv;                                                                        \
		return cmd_output(res, view(ctl));                                                 \
	}

/* The families of commands, each a part of the table with its entries beside their handlers
   (cmd-NAME.c exports cmd_NAME_part), assembled by command.c in `help` order. */
extern const struct command_part cmd_game_part;
extern const struct command_part cmd_analysis_part;
extern const struct command_part cmd_replay_part;
extern const struct command_part cmd_edit_part;
extern const struct command_part cmd_file_part;
extern const struct command_part cmd_net_part;
extern const struct command_part cmd_config_part;

/* cmd-config.c: `set` alone or with a setting's name (cmd-edit.c's `set` hands it over). */
int cmd_setting(struct controller *ctl, int argc, char **argv, struct command_result *res);

#endif
