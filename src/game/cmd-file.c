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
int cmd_load(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char msg[256];

	(void)argc;
	return file_result(controller_load(ctl, argv[1], msg, sizeof(msg)), msg, res);
}

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
int cmd_export(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char msg[256];

	(void)argc;
	return file_result(controller_export(ctl, argv[1], msg, sizeof(msg)), msg, res);
}

/* `import FILE` */
int cmd_import(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char msg[256];

	(void)argc;
	return file_result(controller_import(ctl, argv[1], msg, sizeof(msg)), msg, res);
}
