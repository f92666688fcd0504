/*
 * cmd-util.c — what the command handlers share (cmd-*.c): filling a
 * command's result (an error, a message, the controller's changes turned
 * into what to redraw, a text to show), the work of the handlers that are one
 * call on the controller (cmd-int.h's CMD_CALL and CMD_VIEW) and reading
 * their words (counts, `--variant NAME`, the rest of a line joined again).
 * The handlers and command.c's table depend on this file; it calls none of
 * them.
 */
#include "cmd-int.h"

#include "controller.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Puts an error message in `res` and returns -1, so handlers can `return cmd_fail(...)`. */
int cmd_fail(struct command_result *res, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(res->message, sizeof(res->message), fmt, ap);
	va_end(ap);
	res->flags |= CMD_ERROR | CMD_REDRAW_STATUS;
	return -1;
}

/* Sets the one-line message of a successful command. */
void cmd_message(struct command_result *res, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(res->message, sizeof(res->message), fmt, ap);
	va_end(ap);
	res->flags |= CMD_REDRAW_STATUS;
}

/* Turns a controller return (enum ctl_change bits >= 0, or -1 with `err`) into the result: the
   changes become what to redraw. 0 or -1. This is the only place that translates them. */
int cmd_flags(struct command_result *res, int changes, const char *err)
{
	static const struct {
		unsigned change; /* enum ctl_change */
		unsigned flags;	 /* enum command_flags */
	} redraw[] = {
	    {CTL_CHANGED_BOARD, CMD_REDRAW_BOARD},    {CTL_CHANGED_MOVES, CMD_REDRAW_MOVES},
	    {CTL_CHANGED_EVAL, CMD_REDRAW_EVAL},      {CTL_CHANGED_STATUS, CMD_REDRAW_STATUS},
	    {CTL_CHANGED_ENGINE, CMD_ENGINE_STARTED},
	};

	if (changes < 0)
		return cmd_fail(res, "%s", err);
	for (size_t i = 0; i < sizeof(redraw) / sizeof(redraw[0]); i++)
		if ((unsigned)changes & redraw[i].change)
			res->flags |= redraw[i].flags;
	return 0;
}

/* cmd_flags for the controller's return `changes` (or -1 with `err`), then,
   when it succeeded, the message `msg` as it is. 0 or -1. */
int cmd_changed(struct command_result *res, int changes, const char *err, const char *msg)
{
	if (cmd_flags(res, changes, err) < 0)
		return -1;
	cmd_message(res, "%s", msg);
	return 0;
}

/* The work of a CMD_CALL handler: `call` on the controller, then cmd_changed
   with the message `done`. 0 or -1. */
int cmd_call(struct controller *ctl, int (*call)(struct controller *, char *, size_t),
	     const char *done, struct command_result *res)
{
	char err[256];

	return cmd_changed(res, call(ctl, err, sizeof(err)), err, done);
}

/* The work of a CMD_VIEW handler: `text` (malloc'd, NULL when memory ran out)
   becomes the output of `res`, which owns it. 0 or -1. */
int cmd_output(struct command_result *res, char *text)
{
	if (!text)
		return cmd_fail(res, "out of memory");
	res->output = text;
	res->flags |= CMD_OUTPUT;
	return 0;
}

/* Parses a whole decimal number in [lo, hi]. */
bool cmd_parse_count(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)s[0]) && !(s[0] == '-' && isdigit((unsigned char)s[1])))
		return false;
	v = strtol(s, &end, 10);
	if (*end || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

/* The words joined by single spaces, malloc'd ("" for none); NULL if out of memory. */
char *cmd_join(int argc, char **argv)
{
	size_t len = 1;
	char *s;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < argc; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

/* Reads `--variant NAME` (or `-V NAME`, as on the command line) at argv[i] (i < argc) into
 *v: 0, or -1 with the failure in res. */
int cmd_parse_variant(int argc, char **argv, int i, enum variant *v, struct command_result *res)
{
	int named;

	if (i + 2 != argc || (strcmp(argv[i], "--variant") != 0 && strcmp(argv[i], "-V") != 0))
		return cmd_fail(res, "%s: usage: %s [--variant %s]", argv[0], argv[0],
				SQUARE_VARIANT_LIST);
	if ((named = square_variant_named(argv[i + 1])) < 0)
		return cmd_fail(res, "%s: unknown board `%s` (%s)", argv[0], argv[i + 1],
				SQUARE_VARIANT_LIST);
	*v = (enum variant)named;
	return 0;
}
