/*
 * cmd-file.c — commands for files and save slots: save, load, saves,
 * export, import; back (to the game kept aside while a game of the
 * database is studied).
 */
#include "cmd-int.h"

#include "controller.h"

#include <stdio.h>
#include <stdlib.h>

static int file_result(int flags, const char *msg, struct command_result *res)
{
	if (cmd_flags(res, flags, msg) < 0)
		return -1;
	cmd_message(res, "%s", msg);
	return 0;
}

/* The work of the commands on one file or slot (load, export, import):
   call(ctl, word, ...) on their word, its message shown. 0 or -1. */
static int file_call(struct controller *ctl,
		     int (*call)(struct controller *, const char *, char *, size_t),
		     const char *word, struct command_result *res)
{
	char msg[256];

	return file_result(call(ctl, word, msg, sizeof(msg)), msg, res);
}

/* Writes the handler `name` of a command whose one word goes to `call`: as
   CMD_CALL (cmd-int.h): one function per command, the work in file_call. */
#define FILE_CALL(name, call)                                                                      \
	int name(struct controller *ctl, int argc, char **argv, struct command_result *res)        \
	{                                                                                          \
		(void)argc;                                                                        \
		return file_call(ctl, call, argv[1], res);                                         \
	}

/* `save [SLOT] [DESCRIPTION]` */
int cmd_save(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char msg[256];
	char *desc = cmd_join(argc > 2 ? argc - 2 : 0, argv + 2);
	int rc;

	if (!desc)
		return cmd_fail(res, "out of memory");
	rc = file_result(controller_save(ctl, argc > 1 ? argv[1] : NULL, desc, msg, sizeof(msg)),
			 msg, res);
	free(desc);
	return rc;
}

/* `load SLOT|FILE` */
FILE_CALL(cmd_load, controller_load)

/* `back` */
int cmd_back(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char msg[256];

	(void)argc;
	(void)argv;
	return file_result(controller_back(ctl, msg, sizeof(msg)), msg, res);
}

/* `saves` */
int cmd_saves(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];

	(void)argc;
	(void)argv;
	res->output = controller_slots_text(ctl, err, sizeof(err));
	if (!res->output)
		return cmd_fail(res, "%s", err);
	res->flags |= CMD_OUTPUT;
	return 0;
}

/* `export FILE` */
FILE_CALL(cmd_export, controller_export)

/* `import FILE` */
FILE_CALL(cmd_import, controller_import)
