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
 * lookups that return an error message, never print. The lookup serves any
 * table of that shape: the screen's verbs (src/ui/verbs.c) use it too. What
 * a caller must know about a command is in its entry: the bounds and kinds
 * of its words (checked here, completed by the command bar) and flags such
 * as "replaces the game", from which the screen asks its y/n questions.
 */
#include "command.h"

#include "board.h"
#include "cmd-int.h"
#include "controller.h"
#include "square.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CMD_MAX_WORDS = 64 };

static const struct command_def cmd_table[] = {
    {
	.name = "new",
	.args = {0, 2},
	.usage = "[--variant NAME]",
	.help = "Start a new game with the same players, on the board NAME (8x8, 6x6 or\n"
		"10x10-holes) or else on the board of the current game.",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_new,
    },
    {
	.name = "move",
	.args = {1, -1, {CMD_ARG_MOVE, CMD_ARG_MOVE}},
	.usage = "SQUARE...",
	.help = "Play a move (f5), or several in a row (f5d6c3). A square alone on a line\n"
		"is a move too. In the past of the game a new move starts a variation.",
	.exec = cmd_move,
    },
    {
	.name = "pass",
	.args = {0, 0},
	.usage = "",
	.help = "Pass (only when the side to move has no legal move).",
	.exec = cmd_pass,
    },
    {
	.name = "undo",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Take back N moves (default: back to the last human turn). The moves stay\n"
		"in the game: `redo` plays them again.",
	.exec = cmd_undo,
    },
    {
	.name = "redo",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Replay N moves that were taken back (default 1).",
	.exec = cmd_redo,
    },
    {
	.name = "first",
	.args = {0, 0},
	.usage = "",
	.help = "Go to the start of the game.",
	.exec = cmd_first,
    },
    {
	.name = "prev",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Go back N moves (default 1).",
	.exec = cmd_prev,
    },
    {
	.name = "next",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Go forward N moves along the current line (default 1).",
	.exec = cmd_next,
    },
    {
	.name = "last",
	.args = {0, 0},
	.usage = "",
	.help = "Go to the end of the current line.",
	.exec = cmd_last,
    },
    {
	.name = "goto",
	.args = {1, 1},
	.usage = "N",
	.help = "Go to the position after move N (0 = the start).",
	.exec = cmd_goto,
    },
    {
	.name = "hint",
	.args = {0, 1},
	.usage = "[N]",
	.help = "Ask the engine for its N best moves with their scores (every legal move\n"
		"is scored with a full window at one depth; the scores show on the squares\n"
		"and in the panel).",
	.exec = cmd_hint,
    },
    {
	.name = "drill",
	.args = {0, 3},
	.usage = "[SIDE] [-w D]|skip|stop",
	.help = "After `analyze`, answer at the position before each mistake of SIDE\n"
		"(black, white, both) with a move: right within D discs of the best (2),\n"
		"else the engine's line shows. `drill skip` passes a position, `drill stop`\n"
		"ends it with the score.",
	.exec = cmd_drill,
    },
    {
	.name = "overlay",
	.args = {0, 1},
	.usage = "[on|off]",
	.help = "Show every legal move's score on its square, deepening while you look\n"
		"(on your turn in play, and in replay) up to its limit (`depth`); alone,\n"
		"switch it on or off. Each score says where it comes from: book, d14 (a\n"
		"search of 14 plies), d18@87% (a selective one), exact.",
	.exec = cmd_overlay,
    },
    {
	.name = "depth",
	.args = {0, 2},
	.usage = "[hint|overlay] [N|Ss|+N]",
	.help = "How far hints and the overlay search: N plies, or S seconds (`depth\n"
		"10s`); with hint or overlay, only that one; +N: the overlay N plies deeper\n"
		"(the + key). Alone, show the limits (default: hints depth 8, overlay 20 s).",
	.exec = cmd_depth,
    },
    {
	.name = "comment",
	.args = {0, -1},
	.usage = "TEXT",
	.help = "Set the comment of the move that led to the cursor (no text removes it);\n"
		"at the start, the game's comment. The text is kept as typed, quotes too.",
	.flags = CMD_TEXT_TAIL,
	.exec = cmd_comment,
    },
    {
	.name = "mark",
	.args = {1, 1, {CMD_ARG_MARK}},
	.usage = "!|!!|?|??|!?|?!|none",
	.help = "Mark the move that led to the cursor.",
	.exec = cmd_mark,
    },
    {
	.name = "info",
	.args = {0, -1, {CMD_ARG_INFO_KEY}},
	.usage = "[KEY [VALUE]]",
	.help = "Show the game information, or set a field: black, white, event, date,\n"
		"place, result, name, comment, round, opening, time (or SGF keys PB PW EV DT\n"
		"PC RE GN GC RO ON TM). No value clears it; the value is kept as typed.",
	.flags = CMD_TEXT_TAIL,
	.exec = cmd_info,
    },
    {
	.name = "edit",
	.args = {0, 0},
	.usage = "",
	.help = "Edit the position: `set`, `side`, `clear`, then `done`, which starts the\n"
		"game from it (the moves are dropped: the screen asks first when the\n"
		"game is not saved).",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_edit,
    },
    {
	.name = "set",
	.args = {2, 2, {CMD_ARG_SQUARE, CMD_ARG_CONTENT}},
	.usage = "SQUARE black|white|empty",
	.help = "Put a disc on a square, or empty it (edit mode).",
	.exec = cmd_set,
    },
    {
	.name = "side",
	.args = {1, 1, {CMD_ARG_SIDE}},
	.usage = "black|white",
	.help = "Choose the side to move (edit mode).",
	.exec = cmd_side,
    },
    {
	.name = "clear",
	.args = {0, 0},
	.usage = "",
	.help = "Empty the whole board (edit mode).",
	.exec = cmd_clear,
    },
    {
	.name = "done",
	.args = {0, 0},
	.usage = "",
	.help = "Leave edit mode and play from the edited position. A position where\n"
		"nobody can move is a finished game.",
	.exec = cmd_done,
    },
    {
	.name = "cancel",
	.args = {0, 0},
	.usage = "",
	.help = "Leave edit mode without changing the game (Esc in edit mode).",
	.exec = cmd_cancel,
    },
    {
	.name = "handicap",
	.args = {1, 3},
	.usage = "N [--variant NAME]",
	.help = "Start a new game where the stronger side gives N corners (1-4) to the\n"
		"weaker side (the human against an engine, or White otherwise), on the\n"
		"board NAME or else on the board of the current game.",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_handicap,
    },
    {
	.name = "black",
	.args = {1, -1, {CMD_ARG_PLAYER}},
	.usage = "human|LEVEL [OPTIONS]",
	.help = "Choose who plays Black: human, or a level (beginner, novice, expert,\n"
		"pre-master, master), with options if wanted: expert --depth 5 --random 5.",
	.exec = cmd_black,
    },
    {
	.name = "white",
	.args = {1, -1, {CMD_ARG_PLAYER}},
	.usage = "human|LEVEL [OPTIONS]",
	.help = "Choose who plays White: human, or a level (see `help black`).",
	.exec = cmd_white,
    },
    {
	.name = "level",
	.args = {1, -1, {CMD_ARG_SIDE_OR_LEVEL, CMD_ARG_LEVEL}},
	.usage = "[black|white] LEVEL...",
	.help = "Set the level of the engine (of both engine sides, or of one colour):\n"
		"level white master --time 10.",
	.exec = cmd_level,
    },
    {
	.name = "go",
	.args = {0, 0},
	.usage = "",
	.help = "Let the engine play the side to move now.",
	.exec = cmd_go,
    },
    {
	.name = "pause",
	.args = {0, 1},
	.usage = "[on|off]",
	.help = "Engines make no move by themselves while paused (G, `go`, plays one: a\n"
		"step); `pause` again goes on. P on the board.",
	.exec = cmd_pause,
    },
    {
	.name = "play",
	.args = {0, 0},
	.usage = "",
	.help = "Play on: the players take their turns (the engine answers for its\n"
		"sides), after a game was opened for study.",
	.exec = cmd_play,
    },
    {
	.name = "study",
	.args = {0, 0},
	.usage = "",
	.help = "Study the game: moves are tried by hand for both sides and the engine\n"
		"moves only on `go` (`play` goes back to playing).",
	.exec = cmd_study,
    },
    {
	.name = "stop",
	.args = {0, 0},
	.usage = "",
	.help = "Stop the engine: it plays its best move so far.",
	.exec = cmd_stop,
    },
    {
	.name = "resign",
	.args = {0, 0},
	.usage = "",
	.help = "The side to move resigns.",
	.exec = cmd_resign,
    },
    {
	.name = "variations",
	.args = {0, 0},
	.usage = "",
	.help = "List the moves played from this position (the variations).",
	.exec = cmd_variations,
    },
    {
	.name = "line",
	.args = {1, 1},
	.usage = "N",
	.help = "Follow variation N (as `variations` numbers them) from here.",
	.exec = cmd_line,
    },
    {
	.name = "promote",
	.args = {0, 0},
	.usage = "",
	.help = "Make the current line the main line.",
	.exec = cmd_promote,
    },
    {
	.name = "save",
	.args = {0, -1, {CMD_ARG_SLOT}},
	.usage = "[SLOT] [DESCRIPTION]",
	.help = "Save the game in a slot (1-10 or a name; default: the first free number).",
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
	.help = "Read a game from a file (SGF, GGF, transcript, board string).",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_import,
    },
    {
	.name = "board",
	.args = {0, 0},
	.usage = "",
	.help = "Print the position as text.",
	.exec = cmd_board,
    },
    {
	.name = "moves",
	.args = {0, 0},
	.usage = "",
	.help = "Print the game: the moves with their marks and comments.",
	.exec = cmd_moves,
    },
    {
	.name = "analyze",
	.args = {0, 3},
	.usage = "[-d N|-t S] [--fast]",
	.help = "Score every legal move of each position at one depth, full window:\n"
		"best >= played always. Verdicts (?! ? ?"
		"?) go apart from your marks; each\n"
		"side's loss is summed. --fast: only the best exact, others as bounds (<=).",
	.exec = cmd_analyze,
    },
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

enum { CMD_COUNT = sizeof(cmd_table) / sizeof(cmd_table[0]) };

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

/* The name (at = name_at) or alias (at = alias_at) of entry i of `set`. */
static const char *set_word(const struct command_set *set, size_t i, size_t at)
{
	const char *entry = (const char *)set->entries + i * set->size;
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
	size_t len = strlen(name);
	int found = -1, count = 0, at;

	for (size_t i = 0; i < set->count; i++) {
		const char *alias = set_word(set, i, set->alias_at);
		if (strcmp(set_word(set, i, set->name_at), name) == 0 ||
		    (alias && strcmp(alias, name) == 0))
			return (int)i;
	}
	for (size_t i = 0; len > 0 && i < set->count; i++) {
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
	for (size_t i = 0; i < set->count && at > 0 && (size_t)at < errlen; i++)
		if (strncmp(set_word(set, i, set->name_at), name, len) == 0)
			at += snprintf(err + at, errlen - (size_t)at, " %s",
				       set_word(set, i, set->name_at));
	return -1;
}

/* The n-th (0-based) name of `set` starting with `prefix`, in table order, or NULL after the
   last. */
const char *command_set_match(const struct command_set *set, const char *prefix, int n)
{
	size_t len = strlen(prefix);

	for (size_t i = 0; i < set->count; i++)
		if (strncmp(set_word(set, i, set->name_at), prefix, len) == 0 && n-- == 0)
			return set_word(set, i, set->name_at);
	return NULL;
}

static const struct command_set cmd_names = COMMAND_SET(struct command_def, cmd_table);

/* The game's command table (static data) and, in *count, its length. */
const struct command_def *command_table(size_t *count)
{
	*count = CMD_COUNT;
	return cmd_table;
}

/* The entry a name, alias or unique prefix means; NULL with a message if unknown or ambiguous. */
const struct command_def *command_find(const char *name, char *err, size_t errlen)
{
	int i = command_set_find(&cmd_names, name, err, errlen);

	return i < 0 ? NULL : &cmd_table[i];
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
	for (int i = 0; i < CMD_COUNT; i++) {
		char head[64];
		const char *text = cmd_table[i].help;
		size_t first = help_first_sentence(text);
		int col = 0;

		snprintf(head, sizeof(head), "%s %s", cmd_table[i].name, cmd_table[i].usage);
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

static bool is_square_run(const struct controller *ctl, const char *w)
{
	int sq[128];

	return square_run_parse(controller_variant(ctl), w, sq, 128) > 0;
}

/* Where `line` goes on after its first `n` words (as command_split reads
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
	argc = command_split(copy, argv + 1, CMD_MAX_WORDS, err, sizeof(err));
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
		rc = cmd_move(ctl, argc, argv, res);
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

/* Frees the output text of a result (the result itself belongs to the caller). */
void command_result_free(struct command_result *res)
{
	free(res->output);
	res->output = NULL;
}
