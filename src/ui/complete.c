/*
 * complete.c — completion in the command bar: the command names, then for
 * each word after a name what its kind in the command table says
 * (enum command_arg_kind): legal moves or any square of the board, disc
 * colours, players and levels, save slots (the .sgf files of the save
 * folder), marks, game-info keys, help topics.
 */
#include "ui.h"

#include "command.h"
#include "level.h"
#include "slots.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Completion: the command names, then per command its squares, levels,
   slots, marks or keywords. */
static const char *const marks[] = {"!", "!!", "?", "??", "!?", "?!", "none", NULL};
static const char *const colors[] = {"black", "white", NULL};
static const char *const contents[] = {"black", "white", "empty", NULL};
static const char *const infos[] = {"black",  "white", "event",	  "date", "place",
				    "result", "name",  "comment", NULL};

static const char *nth_match(const char *const *list, const char *prefix, int n)
{
	size_t len = strlen(prefix);

	for (; *list; list++)
		if (strncasecmp(*list, prefix, len) == 0 && n-- == 0)
			return *list;
	return NULL;
}

static const char *complete_square(const struct ui *ui, bool legal_only, const char *prefix, int n)
{
	static char name[SQUARE_NAME_LEN];
	sqset legal = controller_legal_moves(ui->ctl);
	size_t len = strlen(prefix);

	for (int sq = 0; sq < 128; sq++) {
		if (!square_valid(controller_variant(ui->ctl), sq) ||
		    (legal_only && !(legal & sqset_of(sq))))
			continue;
		ui_square_name(ui, sq, name);
		if (strncasecmp(name, prefix, len) == 0 && n-- == 0)
			return name;
	}
	return NULL;
}

static const char *complete_slot(const struct ui *ui, const char *prefix, int n)
{
	static char name[256];
	const char *own = controller_save_dir(ui->ctl);
	char dir[SLOT_PATH_MAX], err[256];
	DIR *d = slots_dir(own && own[0] ? own : NULL, dir, sizeof dir, err, sizeof err) == 0
		     ? opendir(dir)
		     : NULL;
	struct dirent *e;
	size_t len = strlen(prefix);
	const char *found = NULL;

	if (!d)
		return NULL;
	while (!found && (e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l <= 4 || strcmp(e->d_name + l - 4, ".sgf") != 0 || l - 4 >= sizeof name)
			continue;
		snprintf(name, sizeof name, "%.*s", (int)(l - 4), e->d_name);
		if (strncmp(name, prefix, len) == 0 && n-- == 0)
			found = name;
	}
	closedir(d);
	return found;
}

/* The kind of word `word` (1 = the first after the name) of a command taking
   `args`: the first or second kind named, the second standing for the words
   after it when the command takes the rest of the line. */
static enum command_arg_kind arg_kind(const struct command_args *args, int word)
{
	if (args->upper >= 0 && word > args->upper)
		return CMD_ARG_NONE;
	return args->kind[word > 2 ? 1 : word - 1];
}

/* The n-th word of `first` (or, when none is left, of `then`) starting with
   `prefix`, counting the matches of `first` before those of `then`. */
static const char *nth_of_two(const char *const *first, const char *const *then, const char *prefix,
			      int n)
{
	const char *found = nth_match(first, prefix, n);
	int skip = 0;

	if (found)
		return found;
	while (nth_match(first, prefix, skip))
		skip++;
	return nth_match(then, prefix, n - skip);
}

/* The command bar's completion (cmdbar_init): the n-th (from 0) completion of
   `prefix`, word `word` of `line` (0 = the command name), or NULL; `user` is
   the screen. A returned string lives until the next call. */
const char *ui_complete(const char *line, int word, const char *prefix, int n, void *user)
{
	static const char *const human[] = {"human", NULL};
	const struct ui *ui = user;
	const struct command_def *e;
	char first[32], err[128];
	size_t len;

	if (word == 0)
		return command_name_match(prefix, n);
	line += strspn(line, " \t");
	len = strcspn(line, " \t");
	snprintf(first, sizeof first, "%.*s", (int)(len < sizeof first ? len : sizeof first - 1),
		 line);
	e = command_find(first, err, sizeof err);
	if (!e)
		return NULL;
	switch (arg_kind(&e->args, word)) {
	case CMD_ARG_MOVE:
		return complete_square(ui, true, prefix, n);
	case CMD_ARG_SQUARE:
		return complete_square(ui, false, prefix, n);
	case CMD_ARG_CONTENT:
		return nth_match(contents, prefix, n);
	case CMD_ARG_PLAYER:
		return nth_of_two(human, level_names(), prefix, n);
	case CMD_ARG_SIDE_OR_LEVEL:
		return nth_of_two(colors, level_names(), prefix, n);
	case CMD_ARG_LEVEL:
		return nth_match(level_names(), prefix, n);
	case CMD_ARG_SIDE:
		return nth_match(colors, prefix, n);
	case CMD_ARG_SLOT:
		return complete_slot(ui, prefix, n);
	case CMD_ARG_MARK:
		return nth_match(marks, prefix, n);
	case CMD_ARG_INFO_KEY:
		return nth_match(infos, prefix, n);
	case CMD_ARG_TOPIC: /* `keys` first, then the command names */
		if (strncmp("keys", prefix, strlen(prefix)) == 0 && n-- == 0)
			return "keys";
		return command_name_match(prefix, n);
	case CMD_ARG_NONE:
		break;
	}
	return NULL;
}
