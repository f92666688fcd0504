/*
 * command.h — the one table of commands, parsed from text.
 *
 * The readline bar, key bindings, `othello script` and the tests all send
 * lines such as "move f5", "undo 2" or just "f5" to command_execute, which
 * finds the command (a unique prefix is enough), checks its arguments and
 * calls the controller. The result says what changed (flags), a one-line
 * message for the status bar and, for commands such as `help` or `moves`,
 * a longer text to show.
 */
#ifndef OTHELLO_COMMAND_H
#define OTHELLO_COMMAND_H

#include <stdbool.h>
#include <stddef.h>

struct controller;

enum command_flags {
	CMD_REDRAW_BOARD = 1 << 0,   /* position, legal moves, last move changed */
	CMD_REDRAW_MOVES = 1 << 1,   /* move list / cursor / annotations changed */
	CMD_REDRAW_EVAL = 1 << 2,    /* evaluation panel (reasoning, hints, analysis) changed */
	CMD_REDRAW_STATUS = 1 << 3,  /* players, clocks, mode, message */
	CMD_OUTPUT = 1 << 4,	     /* `output` holds long text to show in a pop-up */
	CMD_ERROR = 1 << 5,	     /* `message` is an error */
	CMD_QUIT = 1 << 6,	     /* the user asked to quit (the UI may confirm if unsaved) */
	CMD_ENGINE_STARTED = 1 << 7, /* a search started in the worker thread (poll events) */
	CMD_REDRAW_ALL = CMD_REDRAW_BOARD | CMD_REDRAW_MOVES | CMD_REDRAW_EVAL | CMD_REDRAW_STATUS,
};

struct command_result {
	unsigned flags;	   /* enum command_flags */
	char message[256]; /* one-line result or error for the status line ("" if none) */
	char *output;	   /* multi-line text (malloc'd) or NULL; freed by command_result_free */
};

/* One entry of the command table. */
struct command_entry {
	const char *name;  /* full name, as typed */
	const char *alias; /* a short form that wins over prefixes, or NULL */
	const char *usage; /* arguments, e.g. "[N]" */
	const char *help;  /* one or more lines describing the command */
};

/* Runs one command line on `ctl`; fills `res` (always initialised). 0 ok, -1 error. */
int command_execute(struct controller *ctl, const char *line, struct command_result *res);
void command_result_free(struct command_result *res);

/* readline completion: the n-th (0-based) command name starting with `prefix`, or NULL. */
const char *command_name_match(const char *prefix, int n);

/* The entry a name or unique prefix means; NULL with a message when unknown or ambiguous. */
const struct command_entry *command_find(const char *name, char *err, size_t errlen);

/* Help of one command or, for NULL or "", of all of them, as malloc'd text (NULL if unknown). */
char *command_help(const char *name);

/* Splits a line into at most `max` words (quotes "..." group, \ escapes); the count or -1. */
int command_split(char *line, char **argv, int max, char *err, size_t errlen);

#endif
