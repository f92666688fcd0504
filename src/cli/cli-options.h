/*
 * cli-options.h — the option table of a subcommand and the one parser that
 * reads argv by it and prints its usage and `--help` text.
 *
 * A subcommand describes each option once: its long name (and letter), the
 * kind of value, where the value goes (an offset into the subcommand's own
 * options struct), its range and its help line. cli_options_parse refuses
 * unknown options and bad values with the program's message forms;
 * cli_options_usage prints the text before the list, the listed options and
 * the text after it.
 */
#ifndef OTHELLO_CLI_OPTIONS_H
#define OTHELLO_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The most options a table may hold (cli_options_parse refuses a longer one). */
enum { CLI_OPTIONS_MAX = 48 };
/* The most values a repeatable option keeps. */
enum { CLI_LIST_MAX = 16 };

/* What an option takes, and the type at its offset. */
enum cli_option_kind {
	CLI_OPT_HELP,	/* --help: prints the help text, parse returns 0; no offset */
	CLI_OPT_FLAG,	/* bool, set true */
	CLI_OPT_STRING, /* const char *, the value as given (the last one wins) */
	CLI_OPT_LIST,	/* struct cli_list, each value appended (repeatable) */
	CLI_OPT_INT,	/* long, a whole number in [lo, hi] */
	CLI_OPT_NUMBER, /* double, a number >= 0 (seconds unless `what` says), at most max */
	CLI_OPT_CHOICE, /* int, the index of the value in `choices` */
	CLI_OPT_CALL,	/* `call` takes the value; the offset is not used */
};

/* How a bad value is refused when the option has no `bad` (a CALL option
   with neither `what` nor `bad` said why itself). */
enum cli_value_form {
	CLI_VALUE_IS_NOT,    /* "othello CMD: --OPT: 'TEXT' is not WHAT" (WHAT from the kind) */
	CLI_VALUE_BAD,	     /* "othello CMD: --OPT: bad value 'TEXT'" */
	CLI_VALUE_BAD_USAGE, /* "othello CMD: bad value 'TEXT'", then the usage */
};

/* The values of a repeatable option, in the order given. */
struct cli_list {
	const char *item[CLI_LIST_MAX]; /* the values */
	int n;				/* how many */
};

/* One option of a table. */
struct cli_option {
	const char *name;	    /* long name without "--"; NULL ends the table */
	const char *alias;	    /* a second long name for the same option, or NULL */
	const char *renamed;	    /* its old long name, kept for a release (a note on stderr
				       says so when it is used), or NULL */
	char letter;		    /* short option letter, or 0 */
	enum cli_option_kind kind;  /* what it takes */
	size_t offset;		    /* where the value goes in the caller's struct */
	long lo, hi;		    /* INT: the range; LIST: hi = most values (CLI_LIST_MAX) */
	double max;		    /* NUMBER: the largest value, 0 = none */
	bool above_zero;	    /* NUMBER: 0 is refused too */
	const char *const *choices; /* CHOICE: the names, NULL-terminated */
	bool (*call)(void *opts, const char *text); /* CALL: takes the value; false refuses it */
	bool no_value;				    /* CALL: takes no value (text NULL) */
	const char *what;	  /* bad value: "is not WHAT" (NULL: from the kind) */
	const char *bad;	  /* bad value: "othello CMD: BADTEXT" (when what is NULL) */
	enum cli_value_form form; /* the bad value message when `bad` is not set */
	bool foreign;		  /* known but refused: "is not an option of CMD" */
	const char *arg;	  /* the value's name in --help ("FILE"), or NULL */
	const char *help;	  /* help text, '\n' between lines; NULL: not listed */
};

/* The options of one subcommand (or of one action of it) and its help text. */
struct cli_options {
	const char *command;		  /* name in messages ("book build"); NULL: the game */
	const char *usage;		  /* --help text before the option list */
	const char *footer;		  /* --help text after the option list, or NULL */
	int column;			  /* column of the listed options' help text */
	bool letters;			  /* list "-x, --name", with room for letters */
	bool getopt_messages;		  /* getopt says why an option is refused (the game) */
	const struct cli_option *options; /* ends with an entry whose name is NULL */
};

/* Table entries of the plain kinds: long name, letter (0: none), where the
   value goes (offsetof into the caller's struct), for INT its range, the
   value's name in the help and the help text (NULL: not listed). */
#define CLI_FLAG(NAME, LETTER, OFFSET, HELP)                                                       \
	{                                                                                          \
		.name = NAME, .letter = LETTER, .kind = CLI_OPT_FLAG, .offset = OFFSET,            \
		.help = HELP                                                                       \
	}
#define CLI_STRING(NAME, LETTER, OFFSET, ARG, HELP)                                                \
	{                                                                                          \
		.name = NAME, .letter = LETTER, .kind = CLI_OPT_STRING, .offset = OFFSET,          \
		.arg = ARG, .help = HELP                                                           \
	}
#define CLI_INT(NAME, LETTER, OFFSET, LO, HI, ARG, HELP)                                           \
	{                                                                                          \
		.name = NAME, .letter = LETTER, .kind = CLI_OPT_INT, .offset = OFFSET, .lo = LO,   \
		.hi = HI, .arg = ARG, .help = HELP                                                 \
	}
#define CLI_NUMBER(NAME, LETTER, OFFSET, ARG, HELP)                                                \
	{                                                                                          \
		.name = NAME, .letter = LETTER, .kind = CLI_OPT_NUMBER, .offset = OFFSET,          \
		.arg = ARG, .help = HELP                                                           \
	}
/* The --help entry (LETTER 'h' or 0). */
#define CLI_HELP(LETTER, HELP)                                                                     \
	{                                                                                          \
		.name = "help", .letter = LETTER, .kind = CLI_OPT_HELP, .help = HELP               \
	}

/* An action of a subcommand with actions (`othello db stats`): its name and entry point (argv[0]
   is the action). */
struct cli_action {
	const char *name;		   /* as typed after the subcommand; NULL ends a table */
	int (*run)(int argc, char **argv); /* its exit status */
};

int cli_options_parse(const struct cli_options *t, int argc, char **argv, void *opts, int *first);
int cli_actions_run(const char *command, const struct cli_action *actions, const char *list,
		    const struct cli_options *t, int argc, char **argv);
bool cli_options_args(const struct cli_options *t, int n, int least, int most, const char *what);
void cli_options_usage(const struct cli_options *t, FILE *f);

#endif
