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
	static int name(struct controller *ctl, int argc, char **argv, struct command_result *res) \
	{                                                                                          \
		(void)argc;                                                                        \
		return file_call(ctl, call, argv[1], res);                                         \
	}

/* `save [SLOT] [DESCRIPTION]` */
static int cmd_save(struct controller *ctl, int argc, char **argv, struct command_result *res)
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
static int cmd_back(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char msg[256];

	(void)argc;
	(void)argv;
	return file_result(controller_back(ctl, msg, sizeof(msg)), msg, res);
}

/* `saves` */
static int cmd_saves(struct controller *ctl, int argc, char **argv, struct command_result *res)
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

static const struct command_def entries[] = {
    {
	.name = "save",
	.args = {0, -1, {CMD_ARG_SLOT}},
	.usage = "[SLOT] [DESCRIPTION]",
	.help = "Save the game in a slot (1-10 or a name). Without one it goes back where it\n"
		"came from (its slot, or the SGF file it was loaded from), else to the first\n"
		"free number.",
	.flags = CMD_FILLS_SLOT,
	.exec = cmd_save,
    },
    {
	.name = "load",
	.args = {1, 1, {CMD_ARG_SLOT}},
	.usage = "SLOT|FILE",
	.help = "Load a saved game, or a game file (SGF, GGF, transcript).",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_load,
    },
    {
	.name = "back",
	.args = {0, 0},
	.usage = "",
	.help = "Swap the game on the board with the one kept aside when a game of the\n"
		"database was opened (the screen's database panel): back to your game, and\n"
		"again to the database game.",
	.exec = cmd_back,
    },
    {
	.name = "saves",
	.args = {0, 0},
	.usage = "",
	.help = "List the save slots.",
	.exec = cmd_saves,
    },
    {
	.name = "export",
	.args = {1, 1},
	.usage = "FILE",
	.help = "Write the game to a file; the extension picks the format. The screen\n"
		"asks before it replaces a file.",
	.flags = CMD_WRITES_FILE,
	.exec = cmd_export,
    },
    {
	.name = "import",
	.args = {1, 1},
	.usage = "FILE",
	.help = "Read a game from a file (SGF, GGF, transcript, board string) and open it as\n"
		"`load` does.",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_import,
    },
};

const struct command_part cmd_file_part = COMMAND_PART("Files and save slots", entries);
