/*
 * cli-util.c — helpers shared by the subcommands: parsing numbers, and
 * parsing option values with the one message form
 * "othello COMMAND: --OPTION: 'TEXT' is not ...".
 */
#include "cli.h"

#include "parse.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool cli_parse_int(const char *s, long lo, long hi, long *out)
{
	return parse_long(s, lo, hi, out);
}

bool cli_parse_seconds(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s)
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !isfinite(v) || v < 0)
		return false;
	*out = v;
	return true;
}

/* Prints "othello COMMAND: --OPTION: 'TEXT' is not WHAT" (COMMAND NULL: the game). */
static void option_error(const char *command, const char *option, const char *text,
			 const char *what)
{
	fprintf(stderr, "othello%s%s: --%s: '%s' is not %s\n", command ? " " : "",
		command ? command : "", option, text, what);
}

/*
 * Parses the value `text` of option --`option` of `othello COMMAND` as a whole
 * number in [lo, hi] into `out`. False, after printing why to stderr, when it
 * is anything else.
 */
bool cli_option_int(const char *command, const char *option, const char *text, long lo, long hi,
		    long *out)
{
	char what[96];

	if (cli_parse_int(text, lo, hi, out))
		return true;
	snprintf(what, sizeof what, "a whole number from %ld to %ld", lo, hi);
	option_error(command, option, text, what);
	return false;
}

/*
 * Parses the value `text` of option --`option` of `othello COMMAND` as a
 * non-negative number of seconds into `out`. False, after printing why to
 * stderr, when it is anything else.
 */
bool cli_option_seconds(const char *command, const char *option, const char *text, double *out)
{
	if (cli_parse_seconds(text, out))
		return true;
	option_error(command, option, text, "a number of seconds");
	return false;
}

/* The option word at argv[at] without an attached value: "--count" of
   "--count=x", copied into `buf`. */
const char *cli_option_word(char *const *argv, int at, char *buf, size_t len)
{
	const char *w = argv[at];

	snprintf(buf, len, "%.*s", (int)(w[0] == '-' && w[1] == '-' ? strcspn(w, "=") : strlen(w)),
		 w);
	return buf;
}

/* The entry of `options` that the word `w` ("--name", a unique prefix, or
   "-x") names, or NULL. */
static const struct option *option_named(const struct option *options, const char *w)
{
	const struct option *found = NULL;

	if (w[0] == '-' && w[1] == '-') {
		size_t n = strcspn(w + 2, "=");
		for (const struct option *o = options; o->name; o++) {
			if (strncmp(o->name, w + 2, n) != 0)
				continue;
			if (o->name[n] == '\0')
				return o;
			found = found ? NULL : o;
		}
		return found;
	}
	if (w[0] == '-' && w[1] && !w[2])
		for (const struct option *o = options; o->name; o++)
			if (!o->flag && o->val == w[1])
				return o;
	return NULL;
}

/*
 * Prints to stderr why `othello COMMAND` refused the option that starts at
 * argv[at]: getopt_long returned `c` ('?': a value is missing, or the option
 * is unknown), or the option belongs to another command that shares the table.
 */
void cli_option_refused(const char *command, const struct option *options, char *const *argv,
			int at, int c)
{
	const struct option *o = option_named(options, argv[at]);
	char word[64];

	cli_option_word(argv, at, word, sizeof word);
	if (c == '?' && o && o->has_arg == required_argument && !strchr(argv[at], '='))
		fprintf(stderr, "othello %s: %s needs a value\n", command, word);
	else if (c == '?' || !o)
		fprintf(stderr, "othello %s: unknown option '%s'\n", command, word);
	else
		fprintf(stderr, "othello %s: %s is not an option of %s\n", command, word, command);
}
