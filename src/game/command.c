/*
 * command.c — the command table, the line parser and the help texts.
 *
 * A line is split into words (spaces separate, "..." groups, \ escapes the
 * next character, # starts a comment at the start of a word). The first word
 * is a command name or a unique prefix of one; an exact name or alias wins
 * over prefixes, so `save` is not ambiguous beside `saves`. A first word that
 * is a square ("f5") or a run of squares ("f5d6c3") means `move`. The table
 * is data in the manner of tmux's cmd_table and cmd_find: one designated
 * initialiser per command (name, alias, args, usage, help, flags, exec), and
 * lookups that return an error message, never print. As tmux's cmd-*.c do,
 * each family file (cmd-game.c, cmd-analysis.c, cmd-replay.c, cmd-edit.c,
 * cmd-file.c) holds its commands' entries beside their handlers and exports
 * them as one part; this file holds `help` and `quit` and assembles the parts
 * in the order `help` lists them, each under its title. The lookup serves any
 * table of that shape: the screen's verbs (src/ui/verbs.c) use it too. What
 * a caller must know about a command is in its entry: the bounds and kinds
 * of its words (checked here, completed by the command bar) and flags such
 * as "replaces the game", from which the screen asks its y/n questions.
 */
#include "command.h"

#include "board.h"
#include "cmd-int.h"
#include "controller.h"
#include "keymap.h"
#include "parse.h"
#include "settings.h"
#include "square.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CMD_MAX_WORDS = 64 };

/* True when the first `len` characters of `word` name a command of the table (exactly:
   a key's command line is written in full). */
static bool table_has(const char *word, size_t len)
{
	const struct command_def *d;

	for (size_t i = 0; (d = command_at(i)); i++)
		if (strlen(d->name) == len && strncmp(d->name, word, len) == 0)
			return true;
	return false;
}

/* The `help keys` text: the user's bindings (`bind`), which come first, then the key map. */
static char *keys_help(struct controller *ctl)
{
	const struct settings *set = controller_settings(ctl);
	char *map = keymap_help(table_has), *out;
	size_t cap, len = 0;

	if (!map || set->n_binds == 0)
		return map;
	cap =
	    strlen(map) + 64 + (size_t)set->n_binds * (SETTINGS_KEY_LEN + SETTINGS_COMMAND_LEN + 8);
	if (!(out = malloc(cap))) {
		free(map);
		return NULL;
	}
	len += (size_t)snprintf(out, cap, "Your keys (`bind`), before the others:\n\n");
	for (int i = 0; i < set->n_binds; i++)
		len += (size_t)snprintf(out + len, cap - len, "  %-18s `%s`\n", set->binds[i].key,
					set->binds[i].command);
	snprintf(out + len, cap - len, "\n%s", map);
	free(map);
	return out;
}

/* `help [COMMAND]`, `help keys` */
static int cmd_help(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];

	(void)ctl;
	if (argc > 1 && strcmp(argv[1], "keys") == 0)
		res->output = keys_help(ctl);
	else if (argc > 1 && !command_find(argv[1], err, sizeof(err)))
		return cmd_fail(res, "%s", err);
	else
		res->output = command_help(argc > 1 ? argv[1] : NULL);
	if (!res->output)
		return cmd_fail(res, "out of memory");
	res->flags |= CMD_OUTPUT;
	return 0;
}

/* `quit` */
static int cmd_quit(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)ctl;
	(void)argc;
	(void)argv;
	res->flags |= CMD_QUIT;
	return 0;
}

static const struct command_def entries[] = {
    {
	.name = "help",
	.alias = "?",
	.args = {0, 1, {CMD_ARG_TOPIC}},
	.usage = "[COMMAND]",
	.help = "Describe one command, or list them all; `help keys` lists the keys.",
	.exec = cmd_help,
    },
    {
	.name = "quit",
	.args = {0, 0},
	.usage = "",
	.help = "Leave the program.",
	.exec = cmd_quit,
    },
};

static const struct command_part cmd_command_part = COMMAND_PART("Help and leaving", entries);

/* The families in the order `help` lists them: a new family file adds its part here. */
static const struct command_part *const cmd_parts[] = {
    &cmd_game_part, &cmd_analysis_part, &cmd_replay_part, &cmd_edit_part,
    &cmd_file_part, &cmd_net_part,	&cmd_config_part, &cmd_command_part,
};

/* Entry i of `set` (counting through its parts), or NULL when it has fewer. */
const void *command_set_entry(const struct command_set *set, size_t i)
{
	for (size_t p = 0; p < set->nparts; p++) {
		if (i < set->parts[p]->count)
			return (const char *)set->parts[p]->entries + i * set->size;
		i -= set->parts[p]->count;
	}
	return NULL;
}

/* The number of entries of `set`, all parts together. */
static size_t set_count(const struct command_set *set)
{
	size_t n = 0;

	for (size_t p = 0; p < set->nparts; p++)
		n += set->parts[p]->count;
	return n;
}

/* The name (at = name_at) or alias (at = alias_at) of entry i of `set`. */
static const char *set_word(const struct command_set *set, size_t i, size_t at)
{
	const char *entry = command_set_entry(set, i);
	const char *const *word = (const void *)(entry + at);

	return *word;
}

/*
 * The index of the entry of `set` that `name` means: an exact name or alias
 * first, else the one name that starts with it. -1 with a message in `err`
 * when none does ("unknown") or several do ("ambiguous", with their names).
 */
int command_set_find(const struct command_set *set, const char *name, char *err, size_t errlen)
{
	size_t len = strlen(name), n = set_count(set);
	int found = -1, count = 0, at;

	for (size_t i = 0; i < n; i++) {
		const char *alias = set_word(set, i, set->alias_at);
		if (strcmp(set_word(set, i, set->name_at), name) == 0 ||
		    (alias && strcmp(alias, name) == 0))
			return (int)i;
	}
	for (size_t i = 0; len > 0 && i < n; i++) {
		if (strncmp(set_word(set, i, set->name_at), name, len) == 0) {
			found = (int)i;
			count++;
		}
	}
	if (count == 1)
		return found;
	if (count == 0) {
		snprintf(err, errlen, "unknown command `%s` (try `help`)", name);
		return -1;
	}
	at = snprintf(err, errlen, "ambiguous command `%s`:", name);
	for (size_t i = 0; i < n && at > 0 && (size_t)at < errlen; i++)
		if (strncmp(set_word(set, i, set->name_at), name, len) == 0)
			at += snprintf(err + at, errlen - (size_t)at, " %s",
				       set_word(set, i, set->name_at));
	return -1;
}

/* The n-th (0-based) name of `set` starting with `prefix`, in table order, or NULL after the
   last. */
const char *command_set_match(const struct command_set *set, const char *prefix, int n)
{
	size_t len = strlen(prefix), count = set_count(set);

	for (size_t i = 0; i < count; i++)
		if (strncmp(set_word(set, i, set->name_at), prefix, len) == 0 && n-- == 0)
			return set_word(set, i, set->name_at);
	return NULL;
}

static const struct command_set cmd_names = COMMAND_SET_PARTS(struct command_def, cmd_parts);

/* The i-th (0-based) entry of the game's command table in `help` order (static data), or NULL
   after the last. */
const struct command_def *command_at(size_t i)
{
	return command_set_entry(&cmd_names, i);
}

/* The entry a name, alias or unique prefix means; NULL with a message if unknown or ambiguous. */
const struct command_def *command_find(const char *name, char *err, size_t errlen)
{
	int i = command_set_find(&cmd_names, name, err, errlen);

	return i < 0 ? NULL : command_at((size_t)i);
}

/* The n-th (0-based) command name starting with `prefix`, in table order, or NULL after the last.
 */
const char *command_name_match(const char *prefix, int n)
{
	return command_set_match(&cmd_names, prefix, n);
}

static void help_append(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void help_append(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!*buf)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (*len + (size_t)n + 1 > *cap) {
		size_t ncap = (*cap + (size_t)n + 1) * 2;
		char *nb = realloc(*buf, ncap);
		if (!nb) {
			free(*buf);
			*buf = NULL;
			return;
		}
		*buf = nb;
		*cap = ncap;
	}
	va_start(ap, fmt);
	vsnprintf(*buf + *len, *cap - *len, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
}

/* The list of all commands: a column of usages, then each description's
   first sentence wrapped so that a line stays within 79 columns. */
enum { HELP_HEAD_WIDTH = 30, HELP_TEXT_WIDTH = 79 - 2 - HELP_HEAD_WIDTH };

/* The length of the first sentence of a help text (up to its first period
   followed by a space or a line break), or of the whole text. */
static size_t help_first_sentence(const char *text)
{
	for (const char *p = text; *p; p++)
		if (*p == '.' && (p[1] == ' ' || p[1] == '\n'))
			return (size_t)(p + 1 - text);
	return strlen(text);
}

/* Appends the line of `d` in the list of all commands: its usage, then the
   first sentence of its help wrapped within the column. */
static void help_entry(char **buf, size_t *len, size_t *cap, const struct command_def *d)
{
	char head[64];
	const char *text = d->help;
	size_t first = help_first_sentence(text);
	int col = 0;

	snprintf(head, sizeof(head), "%s %s", d->name, d->usage);
	help_append(buf, len, cap, "  %-*s", HELP_HEAD_WIDTH, head);
	while (first > 0) {
		size_t word = strcspn(text, " \n");
		if (word > first)
			word = first;
		if (col > 0 && col + 1 + (int)word > HELP_TEXT_WIDTH) {
			help_append(buf, len, cap, "\n  %-*s", HELP_HEAD_WIDTH, "");
			col = 0;
		}
		help_append(buf, len, cap, " %.*s", (int)word, text);
		col += 1 + (int)word;
		text += word;
		first -= word;
		while (first > 0 && (*text == ' ' || *text == '\n')) {
			text++;
			first--;
		}
	}
	help_append(buf, len, cap, "\n");
}

/*
 * The help of one command (usage line and description) or, for NULL or "",
 * the list of all commands with their usages, family by family under their
 * titles. Malloc'd; NULL if the name is
 * unknown or ambiguous, or out of memory.
 */
char *command_help(const char *name)
{
	size_t len = 0, cap = 1024;
	char *buf = malloc(cap);
	char err[128];

	if (!buf)
		return NULL;
	buf[0] = '\0';
	if (name && *name) {
		const struct command_def *d = command_find(name, err, sizeof(err));
		if (!d) {
			free(buf);
			return NULL;
		}
		help_append(&buf, &len, &cap, "%s%s%s\n%s\n", d->name, *d->usage ? " " : "",
			    d->usage, d->help);
		return buf;
	}
	help_append(&buf, &len, &cap,
		    "Commands (a unique prefix is enough; a square alone is a move):\n");
	for (size_t p = 0; p < sizeof(cmd_parts) / sizeof(cmd_parts[0]); p++) {
		const struct command_def *defs = cmd_parts[p]->entries;

		help_append(&buf, &len, &cap, "\n%s:\n", cmd_parts[p]->title);
		for (size_t i = 0; i < cmd_parts[p]->count; i++)
			help_entry(&buf, &len, &cap, &defs[i]);
	}
	return buf;
}

static bool is_square_run(const struct controller *ctl, const char *w)
{
	int sq[128];

	return square_run_parse(controller_variant(ctl), w, sq, 128) > 0;
}

/* Where `line` goes on after its first `n` words (as parse_words reads
   words), blanks skipped; its end when it has no more words. */
static const char *skip_words(const char *line, int n)
{
	const char *r = line;

	for (;;) {
		bool quoted = false;

		while (*r && isspace((unsigned char)*r))
			r++;
		if (n-- <= 0 || !*r)
			return r;
		while (*r && (quoted || !isspace((unsigned char)*r))) {
			if (*r == '"')
				quoted = !quoted;
			else if (*r == '\\' && r[1])
				r++;
			r++;
		}
	}
}

/* For a command flagged CMD_TEXT_TAIL: the text of `line` after the name and
   the command's leading words, as typed (trailing blanks dropped), becomes the
   one word after them. The leading words are those required, or the first
   one when the table gives it a kind (`info KEY VALUE...`: the key). The new
   word count after the name; *tail is malloc'd (NULL when there is no text),
   the caller frees it. */
static int text_tail(const char *line, const struct command_def *d, int words, char **argv,
		     char **tail)
{
	int head = d->args.lower > 0 || d->args.kind[0] == CMD_ARG_NONE ? d->args.lower : 1;
	const char *rest = skip_words(line, 1 + head);
	size_t len = strlen(rest);

	*tail = NULL;
	while (len > 0 && isspace((unsigned char)rest[len - 1]))
		len--;
	if (words <= head || len == 0)
		return words < head ? words : head;
	*tail = strndup(rest, len);
	if (!*tail)
		return -1;
	argv[1 + head] = *tail;
	return head + 1;
}

/*
 * Runs one command line on `ctl`. `res` is always initialised (and must be
 * released with command_result_free); on error its message says what was
 * wrong and CMD_ERROR is set. An empty or comment line does nothing.
 * Returns 0 or -1.
 */
int command_execute(struct controller *ctl, const char *line, struct command_result *res)
{
	char *argv[CMD_MAX_WORDS + 1];
	char move_word[] = "move";
	char err[256];
	const struct command_def *d;
	char *copy, *tail = NULL;
	int argc, rc;

	memset(res, 0, sizeof(*res));
	copy = strdup(line);
	if (!copy)
		return cmd_fail(res, "out of memory");
	argc = parse_words(copy, argv + 1, CMD_MAX_WORDS, err, sizeof(err));
	if (argc < 0) {
		free(copy);
		return cmd_fail(res, "%s", err);
	}
	if (argc == 0) {
		free(copy);
		return 0;
	}
	if (is_square_run(ctl, argv[1])) {
		argv[0] = move_word;
		argc++;
		d = command_find(move_word, err, sizeof(err));
		rc = d->exec(ctl, argc, argv, res);
		free(copy);
		return rc;
	}
	d = command_find(argv[1], err, sizeof(err));
	if (!d) {
		free(copy);
		return cmd_fail(res, "%s", err);
	}
	argc--;
	if ((d->flags & CMD_TEXT_TAIL) &&
	    (argc = text_tail(line + strspn(line, " \t"), d, argc, argv + 1, &tail)) < 0) {
		free(copy);
		return cmd_fail(res, "out of memory");
	}
	if (argc < d->args.lower || (d->args.upper >= 0 && argc > d->args.upper)) {
		rc = cmd_fail(res, "usage: %s%s%s", d->name, *d->usage ? " " : "", d->usage);
		free(copy);
		free(tail);
		return rc;
	}
	rc = d->exec(ctl, argc + 1, argv + 1, res);
	free(copy);
	free(tail);
	return rc;
}

enum { SOURCE_DEPTH = 8 }; /* files read by `source` inside one another, at most */

/* Appends "LABEL:LINE: why\n" to *report (malloc'd, grown). */
static void report_line(char **report, const char *label, long line, const char *why)
{
	size_t old = *report ? strlen(*report) : 0, add = strlen(label) + strlen(why) + 32;
	char *r = realloc(*report, old + add);

	if (!r)
		return;
	snprintf(r + old, add, "%s:%ld: %s\n", label, line, why);
	*report = r;
}

/* Appends `text` to *report (malloc'd, grown). */
static void report_text(char **report, const char *text)
{
	size_t old = *report ? strlen(*report) : 0, add = strlen(text) + 1;
	char *r = realloc(*report, old + add);

	if (!r)
		return;
	memcpy(r + old, text, add);
	*report = r;
}

/*
 * Runs the lines of the file `path` as commands on `ctl`, as if typed, the
 * settings file's way: a line that fails is reported as "LABEL:LINE: why" in
 * *report (malloc'd; NULL when none failed) and the next lines still run;
 * what the commands print is dropped, and `quit` is refused. Returns the
 * number of lines that failed, or -1 with why in *report when the file
 * cannot be read (or files read one inside another go deeper than 8).
 */
int command_source(struct controller *ctl, const char *path, const char *label, char **report)
{
	struct settings *set = controller_settings(ctl);
	FILE *f;
	char *line = NULL, why[512];
	size_t cap = 0;
	long at = 0;
	int failed = 0;

	*report = NULL;
	if (set->sourcing >= SOURCE_DEPTH) {
		snprintf(why, sizeof why, "%s: files read inside one another go deeper than %d",
			 path, SOURCE_DEPTH);
		*report = strdup(why);
		return -1;
	}
	if (!(f = fopen(path, "r"))) {
		snprintf(why, sizeof why, "%s: %s", path, strerror(errno));
		*report = strdup(why);
		return -1;
	}
	set->sourcing++;
	while (getline(&line, &cap, f) >= 0) {
		struct command_result res;
		size_t len = strlen(line);

		at++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (command_execute(ctl, line, &res) < 0) {
			report_line(report, label, at, res.message);
			if (res.output) /* a file this line read: its own lines that failed */
				report_text(report, res.output);
			failed++;
		} else if (res.flags & CMD_QUIT) {
			report_line(report, label, at, "`quit` is not for a file of commands");
			failed++;
		}
		command_result_free(&res);
	}
	if (ferror(f)) {
		snprintf(why, sizeof why, "read error: %s", strerror(errno));
		report_line(report, label, at + 1, why);
		failed++;
	}
	set->sourcing--;
	free(line);
	fclose(f);
	return failed;
}

/* Frees the output text of a result (the result itself belongs to the caller). */
void command_result_free(struct command_result *res)
{
	free(res->output);
	res->output = NULL;
}
