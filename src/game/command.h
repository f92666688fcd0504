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

/*
 * What the words after a command's name are, so that the command bar can
 * complete them (a square, a level, a slot ...).
 */
enum command_arg_kind {
	CMD_ARG_NONE,	       /* free text, nothing to offer */
	CMD_ARG_MOVE,	       /* a legal move's square */
	CMD_ARG_SQUARE,	       /* any square */
	CMD_ARG_CONTENT,       /* black, white or empty */
	CMD_ARG_PLAYER,	       /* human or a level */
	CMD_ARG_SIDE_OR_LEVEL, /* black, white or a level */
	CMD_ARG_LEVEL,	       /* a level */
	CMD_ARG_SIDE,	       /* black or white */
	CMD_ARG_SLOT,	       /* a save slot (or a file) */
	CMD_ARG_MARK,	       /* !, !!, ?, ??, !?, ?! or none */
	CMD_ARG_INFO_KEY,      /* a game information key */
	CMD_ARG_TOPIC,	       /* `keys` or a command name */
};

/* How many words may follow a command's name, and what the first two are. */
struct command_args {
	int lower;		       /* words required */
	int upper;		       /* words allowed; -1 = the rest of the line */
	enum command_arg_kind kind[2]; /* the first and second word; with upper -1 the
					   second also stands for the words after it */
};

/* What a command does besides its work, for the callers that ask first. */
enum command_def_flags {
	CMD_REPLACES_GAME = 1 << 0, /* the game on the board is dropped for another one */
	CMD_FILLS_SLOT = 1 << 1,    /* writes the save slot named by its first word */
	CMD_TEXT_TAIL = 1 << 2,	    /* after its `args.lower` words, the rest of the line is
				       one word, kept as typed (quotes, backslashes, #) */
	CMD_WRITES_FILE = 1 << 3,   /* writes the file named by its first word */
};

typedef int (*command_exec)(struct controller *ctl, int argc, char **argv,
			    struct command_result *res);

/*
 * One entry of the command table, in the shape every command set of the
 * program shares (the screen's verbs, GTP, NBoard): name, alias, args, usage,
 * help, flags, exec.
 */
struct command_def {
	const char *name;	  /* full name, as typed */
	const char *alias;	  /* a short form that wins over prefixes, or NULL */
	struct command_args args; /* words after the name */
	const char *usage;	  /* arguments, e.g. "[N]" */
	const char *help;	  /* one or more lines describing the command */
	unsigned flags;		  /* enum command_def_flags */
	command_exec exec;	  /* does the work (argv[0] = the name as typed) */
};

/*
 * One array of entries of a command set. The game's commands are several,
 * one a family (cmd-*.c: each file ends with its own entries), assembled by
 * command.c in the order `help` lists them; the screen's verbs are one.
 * COMMAND_PART(title, array) fills it in.
 */
struct command_part {
	const char *title;   /* what its commands do, heading them in `help` (or NULL) */
	const void *entries; /* the first entry */
	size_t count;	     /* number of entries */
};

#define COMMAND_PART(title, array)                                                                 \
	{                                                                                          \
		(title), (array), sizeof(array) / sizeof((array)[0])                               \
	}

/*
 * Any table of that shape, for the lookup they share: its parts in order,
 * and where `name` and `alias` sit in one entry. An index into the set counts
 * the entries of all its parts in that order. COMMAND_SET(type, array) makes
 * the set of one array (at file scope: it points to compound literals);
 * COMMAND_SET_PARTS(type, parts) the set of an array of parts.
 */
struct command_set {
	const struct command_part *const *parts; /* its arrays, in table order */
	size_t nparts;				 /* number of parts */
	size_t size;				 /* sizeof one entry */
	size_t name_at;				 /* offsetof(entry, name) */
	size_t alias_at;			 /* offsetof(entry, alias) */
};

#define COMMAND_SET_PARTS(type, parts)                                                             \
	{                                                                                          \
		(parts), sizeof(parts) / sizeof((parts)[0]), sizeof(type), offsetof(type, name),   \
		    offsetof(type, alias)                                                          \
	}
#define COMMAND_SET(type, array)                                                                   \
	{                                                                                          \
		(const struct command_part *const[]){                                              \
		    &(const struct command_part)COMMAND_PART(NULL, array)},                        \
		    1, sizeof(type), offsetof(type, name), offsetof(type, alias)                   \
	}

/* Runs the lines of the file `path` as commands, reporting each line that fails as
   "LABEL:LINE: why" in *report (malloc'd or NULL) without stopping; the number that
   failed, or -1 with why in *report when the file cannot be read. */
int command_source(struct controller *ctl, const char *path, const char *label, char **report);

/* Reads the settings file, if there is one: its name in `path`; each failed line as
   "config:LINE: why" in *report (malloc'd or NULL); then the players named on the command
   line (NULL: not named) take their colours again. The number of lines that failed. */
int command_read_config(struct controller *ctl, const char *black, const char *white, char *path,
			size_t pathlen, char **report);

/* The index of the entry of `set` that `name` means (its name or alias, or a
   unique prefix of a name); -1 with a message when unknown or ambiguous. */
int command_set_find(const struct command_set *set, const char *name, char *err, size_t errlen);

/* The n-th (0-based) name of `set` starting with `prefix`, in table order, or NULL. */
const char *command_set_match(const struct command_set *set, const char *prefix, int n);

/* Entry i of `set` (counting through its parts), or NULL when it has fewer. */
const void *command_set_entry(const struct command_set *set, size_t i);

/* The i-th (0-based) entry of the game's command table in the order `help`
   lists them, or NULL after the last. */
const struct command_def *command_at(size_t i);

/* Runs one command line on `ctl`; fills `res` (always initialised). 0 ok, -1 error. */
int command_execute(struct controller *ctl, const char *line, struct command_result *res);
void command_result_free(struct command_result *res);

/* readline completion: the n-th (0-based) command name starting with `prefix`, or NULL. */
const char *command_name_match(const char *prefix, int n);

/* The entry a name or unique prefix means; NULL with a message when unknown or ambiguous. */
const struct command_def *command_find(const char *name, char *err, size_t errlen);

/* Help of one command or, for NULL or "", of all of them, as malloc'd text (NULL if unknown). */
char *command_help(const char *name);

#endif
