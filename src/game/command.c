/*
 * command.c — the command table, the line parser and the help texts.
 *
 * A line is split into words (spaces separate, "..." groups, \ escapes the
 * next character, # starts a comment at the start of a word). The first word
 * is a command name or a unique prefix of one; an exact name or alias wins
 * over prefixes, so `save` is not ambiguous beside `saves`. A first word that
 * is a square ("f5") or a run of squares ("f5d6c3") means `move`. The table
 * is data in the manner of tmux's cmd_find: lookups return an error message,
 * they never print.
 */
#include "command.h"

#include "board.h"
#include "cmd-int.h"
#include "controller.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CMD_MAX_WORDS = 64 };

static const struct cmd_def cmd_table[] = {
    {{"new", NULL, "", "Start a new game with the same players."}, cmd_new, 0, 0},
    {{"move", NULL, "SQUARE...",
      "Play a move (f5), or several in a row (f5d6c3). A square alone on a line\n"
      "is a move too. In the past of the game a new move starts a variation."},
     cmd_move,
     1,
     -1},
    {{"pass", NULL, "", "Pass (only when the side to move has no legal move)."}, cmd_pass, 0, 0},
    {{"undo", NULL, "[N]",
      "Take back N moves (default: back to the last human turn). The moves stay\n"
      "in the game: `redo` plays them again."},
     cmd_undo,
     0,
     1},
    {{"redo", NULL, "[N]", "Replay N moves that were taken back (default 1)."}, cmd_redo, 0, 1},
    {{"first", NULL, "", "Go to the start of the game."}, cmd_first, 0, 0},
    {{"prev", NULL, "[N]", "Go back N moves (default 1)."}, cmd_prev, 0, 1},
    {{"next", NULL, "[N]", "Go forward N moves along the current line (default 1)."},
     cmd_next,
     0,
     1},
    {{"last", NULL, "", "Go to the end of the current line."}, cmd_last, 0, 0},
    {{"goto", NULL, "N", "Go to the position after move N (0 = the start)."}, cmd_goto, 1, 1},
    {{"hint", NULL, "[N]", "Ask the engine for its N best moves with their scores."},
     cmd_hint,
     0,
     1},
    {{"comment", NULL, "TEXT",
      "Set the comment of the move that led to the cursor (no text removes it);\n"
      "at the start, the game's comment."},
     cmd_comment,
     0,
     -1},
    {{"mark", NULL, "!|!!|?|??|!?|?!|none", "Mark the move that led to the cursor."},
     cmd_mark,
     1,
     1},
    {{"info", NULL, "KEY [VALUE]",
      "Set a game information field: black, white, event, date, place, result,\n"
      "name, comment, round, opening, time (or SGF keys PB PW EV DT PC RE GN GC\n"
      "RO ON TM). No value clears it."},
     cmd_info,
     1,
     -1},
    {{"edit", NULL, "", "Edit the position: `set`, `side`, `clear`, then `done`."}, cmd_edit, 0, 0},
    {{"set", NULL, "SQUARE black|white|empty", "Put a disc on a square, or empty it (edit mode)."},
     cmd_set,
     2,
     2},
    {{"side", NULL, "black|white", "Choose the side to move (edit mode)."}, cmd_side, 1, 1},
    {{"clear", NULL, "", "Empty the whole board (edit mode)."}, cmd_clear, 0, 0},
    {{"done", NULL, "",
      "Leave edit mode and play from the edited position. A position where\n"
      "nobody can move is a finished game."},
     cmd_done,
     0,
     0},
    {{"handicap", NULL, "N",
      "Start a new game where the stronger side gives N corners (1-4) to the\n"
      "weaker side (the human against an engine, or White otherwise)."},
     cmd_handicap,
     1,
     1},
    {{"black", NULL, "human|LEVEL",
      "Choose who plays Black: human, or a level (beginner, novice, expert,\n"
      "pre-master, master; with options in quotes: \"expert --depth 5 --random 5\")."},
     cmd_black,
     1,
     1},
    {{"white", NULL, "human|LEVEL",
      "Choose who plays White: human, or a level (see `help black`)."},
     cmd_white,
     1,
     1},
    {{"level", NULL, "[black|white] LEVEL",
      "Set the level of the engine (of both engine sides, or of one colour)."},
     cmd_level,
     1,
     2},
    {{"go", NULL, "", "Let the engine play the side to move now."}, cmd_go, 0, 0},
    {{"stop", NULL, "", "Stop the engine: it plays its best move so far."}, cmd_stop, 0, 0},
    {{"resign", NULL, "", "The side to move resigns."}, cmd_resign, 0, 0},
    {{"variations", NULL, "", "List the moves played from this position (the variations)."},
     cmd_variations,
     0,
     0},
    {{"line", NULL, "N", "Follow variation N (as `variations` numbers them) from here."},
     cmd_line,
     1,
     1},
    {{"promote", NULL, "", "Make the current line the main line."}, cmd_promote, 0, 0},
    {{"save", NULL, "[SLOT] [DESCRIPTION]",
      "Save the game in a slot (1-10 or a name; default: the first free number)."},
     cmd_save,
     0,
     -1},
    {{"load", NULL, "SLOT|FILE", "Load a saved game, or a game file (SGF, GGF, transcript)."},
     cmd_load,
     1,
     1},
    {{"saves", NULL, "", "List the save slots."}, cmd_saves, 0, 0},
    {{"export", NULL, "FILE", "Write the game to a file; the extension picks the format."},
     cmd_export,
     1,
     1},
    {{"import", NULL, "FILE", "Read a game from a file (SGF, GGF, transcript, board string)."},
     cmd_import,
     1,
     1},
    {{"board", NULL, "", "Print the position as text."}, cmd_board, 0, 0},
    {{"moves", NULL, "", "Print the game: the moves with their marks and comments."},
     cmd_moves,
     0,
     0},
    {{"analyze", NULL, "[--depth N | --time S]",
      "Score every move of the game with the engine; mark the mistakes and sum\n"
      "up each side's disc loss."},
     cmd_analyze,
     0,
     2},
    {{"help", "?", "[COMMAND]",
      "Describe one command, or list them all; `help keys` lists the keys."},
     cmd_help,
     0,
     1},
    {{"quit", NULL, "", "Leave the program."}, cmd_quit, 0, 0},
};

enum { CMD_COUNT = sizeof(cmd_table) / sizeof(cmd_table[0]) };

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

/*
 * Splits `line` in place into words: blanks separate, "..." groups blanks into
 * one word, a backslash takes the next character as it is, and a word starting
 * with # ends the line. Returns the number of words, or -1 with a message for
 * an unclosed quote or too many words.
 */
int command_split(char *line, char **argv, int max, char *err, size_t errlen)
{
	char *r = line, *w = line;
	int n = 0;

	for (;;) {
		bool quoted = false;

		while (*r && isspace((unsigned char)*r))
			r++;
		if (!*r || *r == '#')
			break;
		if (n == max) {
			snprintf(err, errlen, "too many words (at most %d)", max);
			return -1;
		}
		argv[n++] = w;
		while (*r && (quoted || !isspace((unsigned char)*r))) {
			if (*r == '"') {
				quoted = !quoted;
				r++;
			} else if (*r == '\\' && r[1]) {
				*w++ = r[1];
				r += 2;
			} else {
				*w++ = *r++;
			}
		}
		if (quoted) {
			snprintf(err, errlen, "unclosed quote");
			return -1;
		}
		if (*r)
			r++;
		*w++ = '\0';
	}
	return n;
}

static const struct cmd_def *cmd_lookup(const char *name, char *err, size_t errlen)
{
	const struct cmd_def *found = NULL;
	size_t len = strlen(name);
	int count = 0;

	for (int i = 0; i < CMD_COUNT; i++) {
		const struct command_entry *e = &cmd_table[i].entry;
		if (strcmp(e->name, name) == 0 || (e->alias && strcmp(e->alias, name) == 0))
			return &cmd_table[i];
	}
	for (int i = 0; i < CMD_COUNT; i++) {
		if (len > 0 && strncmp(cmd_table[i].entry.name, name, len) == 0) {
			found = &cmd_table[i];
			count++;
		}
	}
	if (count == 1)
		return found;
	if (count == 0) {
		snprintf(err, errlen, "unknown command `%s` (try `help`)", name);
		return NULL;
	}
	int at = snprintf(err, errlen, "ambiguous command `%s`:", name);
	for (int i = 0; i < CMD_COUNT && at > 0 && (size_t)at < errlen; i++)
		if (strncmp(cmd_table[i].entry.name, name, len) == 0)
			at +=
			    snprintf(err + at, errlen - (size_t)at, " %s", cmd_table[i].entry.name);
	return NULL;
}

/* The entry a name, alias or unique prefix means; NULL with a message if unknown or ambiguous. */
const struct command_entry *command_find(const char *name, char *err, size_t errlen)
{
	const struct cmd_def *d = cmd_lookup(name, err, errlen);
	return d ? &d->entry : NULL;
}

/* The n-th (0-based) command name starting with `prefix`, in table order, or NULL after the last.
 */
const char *command_name_match(const char *prefix, int n)
{
	size_t len = strlen(prefix);

	for (int i = 0; i < CMD_COUNT; i++)
		if (strncmp(cmd_table[i].entry.name, prefix, len) == 0 && n-- == 0)
			return cmd_table[i].entry.name;
	return NULL;
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

/*
 * The help of one command (usage line and description) or, for NULL or "",
 * the list of all commands with their usages. Malloc'd; NULL if the name is
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
		const struct cmd_def *d = cmd_lookup(name, err, sizeof(err));
		if (!d) {
			free(buf);
			return NULL;
		}
		help_append(&buf, &len, &cap, "%s%s%s\n%s\n", d->entry.name,
			    *d->entry.usage ? " " : "", d->entry.usage, d->entry.help);
		return buf;
	}
	help_append(&buf, &len, &cap,
		    "Commands (a unique prefix is enough; a square alone is a move):\n");
	for (int i = 0; i < CMD_COUNT; i++) {
		char head[64];
		const char *text = cmd_table[i].entry.help;
		size_t first = help_first_sentence(text);
		int col = 0;

		snprintf(head, sizeof(head), "%s %s", cmd_table[i].entry.name,
			 cmd_table[i].entry.usage);
		help_append(&buf, &len, &cap, "  %-*s", HELP_HEAD_WIDTH, head);
		while (first > 0) {
			size_t word = strcspn(text, " \n");
			if (word > first)
				word = first;
			if (col > 0 && col + 1 + (int)word > HELP_TEXT_WIDTH) {
				help_append(&buf, &len, &cap, "\n  %-*s", HELP_HEAD_WIDTH, "");
				col = 0;
			}
			help_append(&buf, &len, &cap, " %.*s", (int)word, text);
			col += 1 + (int)word;
			text += word;
			first -= word;
			while (first > 0 && (*text == ' ' || *text == '\n')) {
				text++;
				first--;
			}
		}
		help_append(&buf, &len, &cap, "\n");
	}
	return buf;
}

static bool is_square_run(const char *w)
{
	size_t len = strlen(w);

	if (len < 2 || len % 2)
		return false;
	for (size_t i = 0; i < len; i += 2) {
		char sq[3] = {w[i], w[i + 1], '\0'};
		if (board_square_parse(sq) < 0 || board_square_parse(sq) >= 64)
			return false;
	}
	return true;
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
	const struct cmd_def *d;
	char *copy;
	int argc, rc;

	memset(res, 0, sizeof(*res));
	copy = strdup(line);
	if (!copy)
		return cmd_fail(res, "out of memory");
	argc = command_split(copy, argv + 1, CMD_MAX_WORDS, err, sizeof(err));
	if (argc < 0) {
		free(copy);
		return cmd_fail(res, "%s", err);
	}
	if (argc == 0) {
		free(copy);
		return 0;
	}
	if (is_square_run(argv[1])) {
		argv[0] = move_word;
		argc++;
		d = cmd_lookup("move", err, sizeof(err));
		rc = d->run(ctl, argc, argv, res);
		free(copy);
		return rc;
	}
	d = cmd_lookup(argv[1], err, sizeof(err));
	if (!d) {
		free(copy);
		return cmd_fail(res, "%s", err);
	}
	argc--;
	if (argc < d->min_args || (d->max_args >= 0 && argc > d->max_args)) {
		rc = cmd_fail(res, "usage: %s%s%s", d->entry.name, *d->entry.usage ? " " : "",
			      d->entry.usage);
		free(copy);
		return rc;
	}
	rc = d->run(ctl, argc + 1, argv + 1, res);
	free(copy);
	return rc;
}

/* Frees the output text of a result (the result itself belongs to the caller). */
void command_result_free(struct command_result *res)
{
	free(res->output);
	res->output = NULL;
}
