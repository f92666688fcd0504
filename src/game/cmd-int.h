/*
 * cmd-int.h — inside the command layer: the handler of each command, written in
 * the cmd-*.c files by family (game, replay, edit, file), and the helpers
 * they share. Not for use outside command.c and cmd-*.c.
 *
 * A handler gets the words of the line (argv[0] = the command name as
 * typed), fills `res` (flags, message, output) and returns 0, or -1 after
 * cmd_fail has put an error message in `res`. The helpers they share are in
 * cmd-util.c.
 */
#ifndef OTHELLO_CMD_INT_H
#define OTHELLO_CMD_INT_H

#include "command.h"
#include "vboard.h"

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
	int name(struct controller *ctl, int argc, char **argv, struct command_result *res)        \
	{                                                                                          \
		(void)argc;                                                                        \
		(void)argv;                                                                        \
		return cmd_call(ctl, call, done, res);                                             \
	}
#define CMD_VIEW(name, view)                                                                       \
	int name(struct controller *ctl, int argc, char **argv, struct command_result *res)        \
	{                                                                                          \
		(void)argc;                                                                        \
		(void)argv;                                                                        \
		return cmd_output(res, view(ctl));                                                 \
	}

/* cmd-game.c */
int cmd_new(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_move(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_pass(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_go(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_stop(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_pause(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_play(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_study(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_hint(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_drill(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_overlay(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_depth(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_resign(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_black(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_white(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_level(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_analyze(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_quit(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_help(struct controller *ctl, int argc, char **argv, struct command_result *res);

/* cmd-replay.c */
int cmd_undo(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_redo(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_first(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_prev(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_next(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_last(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_goto(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_variations(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_line(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_promote(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_comment(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_mark(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_info(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_board(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_moves(struct controller *ctl, int argc, char **argv, struct command_result *res);

/* cmd-edit.c */
int cmd_edit(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_set(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_side(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_clear(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_done(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_cancel(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_handicap(struct controller *ctl, int argc, char **argv, struct command_result *res);

/* cmd-file.c */
int cmd_save(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_load(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_back(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_saves(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_export(struct controller *ctl, int argc, char **argv, struct command_result *res);
int cmd_import(struct controller *ctl, int argc, char **argv, struct command_result *res);

#endif
