/*
 * parse.c — a whole decimal number in a range, the one number parser of level
 * settings, record properties, report columns and command-line options.
 */
#include "parse.h"

#include <errno.h>
#include <stdlib.h>

/*
 * Parses `s` as a whole decimal number in [lo, hi] (strtol's syntax, nothing
 * after it). Returns true and sets `out`; false for NULL, empty text, junk,
 * overflow or a number out of range, leaving `out` alone.
 */
bool parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	if (!s || !*s)
		return false;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}
