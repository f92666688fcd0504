/*
 * cli-util.c — helpers shared by the subcommands: parsing whole numbers and
 * numbers of seconds (option values and arguments; the option messages are
 * cli-options.c's).
 */
#include "cli.h"

#include "parse.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

/* True, with the number in `out`, when `s` is a whole decimal number in [lo, hi]. */
bool cli_parse_int(const char *s, long lo, long hi, long *out)
{
	return parse_long(s, lo, hi, out);
}

/* True, with the number in `out`, when `s` is a finite decimal number >= 0. */
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
