/*
 * cli-util.c — helpers shared by the subcommands: parsing numbers, and
 * parsing option values with the one message form
 * "othello COMMAND: --OPTION: 'TEXT' is not ...".
 */
#include "cli.h"

#include "parse.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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
