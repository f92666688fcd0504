/*
 * cli-options.c — reads a subcommand's argv by its option table
 * (cli-options.h) and prints the table's usage and --help text.
 *
 * Parsing goes through getopt_long, so every subcommand accepts what it
 * always did: unique prefixes of long names, "--name=value", letters where
 * the table gives them, options after the file arguments (argv is permuted).
 * The getopt table is built from the option table: an option with a letter
 * answers to it, the others to 256 + their index, an alias to its option's.
 *
 * The messages, on standard error:
 *
 * | case                        | message                                            |
 * |-----------------------------|----------------------------------------------------|
 * | unknown option              | othello CMD: unknown option '--WORD' (then usage)  |
 * | value missing               | othello CMD: --WORD needs a value (then usage)     |
 * | option of a sibling command | othello CMD: --WORD is not an option of CMD (usage)|
 * | bad value                   | othello CMD: --OPT: 'TEXT' is not WHAT, or the     |
 * |                             | option's own form (cli_value_form)                 |
 * | too many values             | othello CMD: --OPT: at most N WHAT, or             |
 * |                             | othello CMD: too many --OPT                        |
 */
#include "cli-options.h"
#include "cli.h"

#include <getopt.h>
#include <string.h>

/* "othello CMD" for messages: "othello" alone for the game. */
static void say_command(const struct cli_options *t)
{
	fprintf(stderr, "othello%s%s", t->command ? " " : "", t->command ? t->command : "");
}

/* The default WHAT of "is not WHAT" for an option of kind INT, NUMBER or
   CHOICE, in `buf`; NULL for the other kinds. */
static const char *value_what(const struct cli_option *o, char *buf, size_t len)
{
	size_t n = 0;

	if (o->what)
		return o->what;
	switch (o->kind) {
	case CLI_OPT_INT:
		snprintf(buf, len, "a whole number from %ld to %ld", o->lo, o->hi);
		return buf;
	case CLI_OPT_NUMBER:
		return "a number of seconds";
	case CLI_OPT_CHOICE:
		buf[0] = '\0';
		for (int i = 0; o->choices[i]; i++) {
			const char *sep = i == 0 ? "" : o->choices[i + 1] ? ", " : " or ";

			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", sep,
					      o->choices[i]);
			if (n >= len)
				break;
		}
		return buf;
	default:
		return NULL;
	}
}

/*
 * Prints to stderr why the value `text` of option `o` of table `t` is
 * refused, in the option's message form (cli_value_form); nothing for a
 * CALL option that said why itself.
 */
static void value_refused(const struct cli_options *t, const struct cli_option *o, const char *text)
{
	char buf[256];
	const char *what = value_what(o, buf, sizeof buf);

	if (o->bad) {
		say_command(t);
		fprintf(stderr, ": %s%s\n", o->bad, text);
	} else if (o->form == CLI_VALUE_BAD) {
		say_command(t);
		fprintf(stderr, ": --%s: bad value '%s'\n", o->name, text);
	} else if (o->form == CLI_VALUE_BAD_USAGE) {
		say_command(t);
		fprintf(stderr, ": bad value '%s'\n", text);
		cli_options_usage(t, stderr);
	} else if (o->form == CLI_VALUE_IS_NOT && what) {
		say_command(t);
		fprintf(stderr, ": --%s: '%s' is not %s\n", o->name, text, what);
	}
}

/* Takes the value `text` of option `o` into `opts`. False after saying why
   it is refused. */
static bool take_value(const struct cli_options *t, const struct cli_option *o, const char *text,
		       void *opts)
{
	char *at = (char *)opts + o->offset;
	bool ok = true;
	double x;

	switch (o->kind) {
	case CLI_OPT_FLAG:
		*(bool *)(void *)at = true;
		return true;
	case CLI_OPT_STRING:
		*(const char **)(void *)at = text;
		return true;
	case CLI_OPT_LIST: {
		struct cli_list *l = (struct cli_list *)(void *)at;
		long most = o->hi > 0 && o->hi < CLI_LIST_MAX ? o->hi : CLI_LIST_MAX;

		if (l->n >= most) {
			say_command(t);
			if (o->what)
				fprintf(stderr, ": --%s: at most %ld %s\n", o->name, most, o->what);
			else
				fprintf(stderr, ": too many --%s\n", o->name);
			return false;
		}
		l->item[l->n++] = text;
		return true;
	}
	case CLI_OPT_INT:
		ok = cli_parse_int(text, o->lo, o->hi, (long *)(void *)at);
		break;
	case CLI_OPT_NUMBER:
		ok = cli_parse_seconds(text, &x) && !(o->max > 0 && x > o->max) &&
		     !(o->above_zero && x <= 0);
		if (ok)
			*(double *)(void *)at = x;
		break;
	case CLI_OPT_CHOICE:
		ok = false;
		for (int i = 0; o->choices[i] && !ok; i++)
			if (strcmp(o->choices[i], text) == 0) {
				*(int *)(void *)at = i;
				ok = true;
			}
		break;
	case CLI_OPT_CALL:
		ok = o->call(opts, text);
		break;
	case CLI_OPT_HELP:
		break;
	}
	if (!ok)
		value_refused(t, o, text);
	return ok;
}

/* Fills the getopt tables for `t`: `longs` (ends with a zero entry) and
   `letters` ("x:" for a letter with a value). */
static void getopt_tables(const struct cli_options *t, struct option *longs, char *letters)
{
	int n = 0, k = 0;

	for (int i = 0; t->options[i].name && i < CLI_OPTIONS_MAX; i++) {
		const struct cli_option *o = &t->options[i];
		bool plain = o->kind == CLI_OPT_FLAG || o->kind == CLI_OPT_HELP ||
			     (o->kind == CLI_OPT_CALL && o->no_value);
		int has_arg = plain ? no_argument : required_argument;
		int val = o->letter ? o->letter : 256 + i;

		longs[n++] = (struct option){o->name, has_arg, NULL, val};
		if (o->alias)
			longs[n++] = (struct option){o->alias, has_arg, NULL, val};
		if (o->renamed)
			longs[n++] = (struct option){o->renamed, has_arg, NULL, val};
		if (o->letter) {
			letters[k++] = o->letter;
			if (has_arg == required_argument)
				letters[k++] = ':';
		}
	}
	longs[n] = (struct option){NULL, 0, NULL, 0};
	letters[k] = '\0';
}

/* The getopt entry that the word `w` ("--name", a unique prefix, or "-x")
   names, or NULL. (A prefix of two names is none, of three the third, as
   the messages always said.) */
static const struct option *option_named(const struct option *longs, const char *w)
{
	const struct option *found = NULL;

	if (w[0] == '-' && w[1] == '-') {
		size_t n = strcspn(w + 2, "=");

		for (const struct option *o = longs; o->name; o++) {
			if (strncmp(o->name, w + 2, n) != 0)
				continue;
			if (o->name[n] == '\0')
				return o;
			found = found ? NULL : o;
		}
		return found;
	}
	if (w[0] == '-' && w[1] && !w[2])
		for (const struct option *o = longs; o->name; o++)
			if (o->val == w[1])
				return o;
	return NULL;
}

/* Prints to stderr why `othello CMD` refused the option word at argv[at]:
   getopt answered `c` ('?': a value is missing or the option is unknown),
   or the option is one of a sibling command's. */
static void option_refused(const struct cli_options *t, const struct option *longs,
			   char *const *argv, int at, int c)
{
	const char *w = argv[at];
	const struct option *o = option_named(longs, w);
	int len = (int)(w[0] == '-' && w[1] == '-' ? strcspn(w, "=") : strlen(w));

	if (len > 63)
		len = 63;
	say_command(t);
	if (c == '?' && o && o->has_arg == required_argument && !strchr(w, '='))
		fprintf(stderr, ": %.*s needs a value\n", len, w);
	else if (c == '?' || !o)
		fprintf(stderr, ": unknown option '%.*s'\n", len, w);
	else
		fprintf(stderr, ": %.*s is not an option of %s\n", len, w, t->command);
}

/* True when `w` is a cluster of letters ("-ab", not "--name") whose letter
   `letter` is its last (`last`) or any of them. */
static bool cluster_has(const char *w, int letter, bool last)
{
	size_t n = strlen(w);

	if (w[0] != '-' || w[1] == '-' || n < 2 || letter <= 0)
		return false;
	return last ? (unsigned char)w[n - 1] == letter : strchr(w + 1, letter) != NULL;
}

/* The index in argv of the word getopt refused: the one before optind, or
   the one before its value; but a letter refused inside a cluster of
   letters ("-99999") leaves optind on that word, not past it. */
static int refused_word(int argc, char *const *argv)
{
	if (optarg && optarg == argv[optind - 1])
		return optind - 2;
	if (optopt && !cluster_has(argv[optind - 1], optopt, true) && optind < argc &&
	    cluster_has(argv[optind], optopt, false))
		return optind;
	return optind - 1;
}

/* The entry of `t` that getopt's answer `c` names, or NULL. */
static const struct cli_option *option_of(const struct cli_options *t, int c)
{
	for (int i = 0; t->options[i].name && i < CLI_OPTIONS_MAX; i++)
		if (c == (t->options[i].letter ? t->options[i].letter : 256 + i))
			return &t->options[i];
	return NULL;
}

/*
 * Parses the options of argv[1..argc-1] by table `t` into the struct
 * `opts`, permuting argv so that the other arguments start at argv[*first].
 * Returns -1 to go on, 0 after printing the help (--help) on stdout, or 2
 * after saying on stderr why an option or a value is refused.
 */
int cli_options_parse(const struct cli_options *t, int argc, char **argv, void *opts, int *first)
{
	struct option longs[3 * CLI_OPTIONS_MAX + 1];
	char letters[2 * CLI_OPTIONS_MAX + 1];
	int c, n = 0, li = -1;

	while (t->options[n].name)
		n++;
	if (n > CLI_OPTIONS_MAX) { /* a table the parser would cut short: a bug, said at once */
		fprintf(stderr,
			"othello %s: %d options in the table, at most %d (CLI_OPTIONS_MAX)\n",
			t->command, n, CLI_OPTIONS_MAX);
		return 2;
	}
	getopt_tables(t, longs, letters);
	optind = 1;
	opterr = t->getopt_messages;
	while ((c = getopt_long(argc, argv, letters, longs, &li)) != -1) {
		const struct cli_option *o = c == '?' ? NULL : option_of(t, c);

		if (o && li >= 0 && o->renamed && longs[li].name == o->renamed)
			fprintf(stderr,
				"othello %s: --%s is now --%s (the old name goes in the next "
				"release)\n",
				t->command, o->renamed, o->name);
		li = -1;

		if (o && o->kind == CLI_OPT_HELP) {
			cli_options_usage(t, stdout);
			return 0;
		}
		if (!o || o->foreign) {
			int at = refused_word(argc, argv);

			if (!t->getopt_messages)
				option_refused(t, longs, argv, at, c);
			cli_options_usage(t, stderr);
			return 2;
		}
		if (!take_value(t, o, optarg, opts))
			return 2;
	}
	*first = optind;
	return -1;
}

/* Prints one listed option of `t`: "  -x, --name ARG" padded to the column,
   then its help, each further line at the column. */
static void usage_option(const struct cli_options *t, const struct cli_option *o, FILE *f)
{
	char head[80], letter[8] = "";
	const char *h = o->help;
	size_t len;

	if (t->letters && o->letter)
		snprintf(letter, sizeof letter, "-%c, ", o->letter);
	else if (t->letters)
		snprintf(letter, sizeof letter, "    ");
	snprintf(head, sizeof head, "  %s--%s%s%s", letter, o->name, o->arg ? " " : "",
		 o->arg ? o->arg : "");
	len = strlen(head);
	fprintf(f, "%s%*s", head, len < (size_t)t->column ? t->column - (int)len : 1, "");
	for (;;) {
		size_t n = strcspn(h, "\n");

		fprintf(f, "%.*s\n", (int)n, h);
		if (!h[n])
			break;
		h += n + 1;
		fprintf(f, "%*s", t->column, "");
	}
}

/*
 * Prints the help of table `t` to `f`: its usage text, each option that has
 * a help text (in table order), then its footer. The same text serves
 * `--help` (stdout) and a refused option (stderr).
 */
void cli_options_usage(const struct cli_options *t, FILE *f)
{
	fputs(t->usage, f);
	for (const struct cli_option *o = t->options; o->name; o++)
		if (o->help && !o->foreign)
			usage_option(t, o, f);
	if (t->footer)
		fputs(t->footer, f);
}

/*
 * True when the `n` arguments after the options of table `t` are between
 * `least` and `most` (most < 0: no limit); else says "othello CMD: expected
 * WHAT" and prints the usage, on stderr, and returns false.
 */
bool cli_options_args(const struct cli_options *t, int n, int least, int most, const char *what)
{
	if (n >= least && (most < 0 || n <= most))
		return true;
	say_command(t);
	fprintf(stderr, ": expected %s\n", what);
	cli_options_usage(t, stderr);
	return false;
}

/*
 * Runs the action argv[1] of subcommand `command` (one of `actions`) on the
 * arguments after it and returns its status. With no action it prints the
 * usage of `t` on stderr and returns 2; with --help or -h, on stdout, and
 * returns 0; with an unknown one it says "othello COMMAND: unknown action
 * 'WORD'" (then ` (LIST)` when `list` is not NULL) and the usage on stderr,
 * and returns 2.
 */
int cli_actions_run(const char *command, const struct cli_action *actions, const char *list,
		    const struct cli_options *t, int argc, char **argv)
{
	if (argc < 2) {
		cli_options_usage(t, stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		cli_options_usage(t, stdout);
		return 0;
	}
	for (const struct cli_action *a = actions; a->name; a++)
		if (strcmp(argv[1], a->name) == 0)
			return a->run(argc - 1, argv + 1);
	fprintf(stderr, "othello %s: unknown action '%s'%s%s%s\n", command, argv[1],
		list ? " (" : "", list ? list : "", list ? ")" : "");
	cli_options_usage(t, stderr);
	return 2;
}
