/*
 * parse.c — a whole decimal number in a range, the one number parser of level
 * settings, record properties, report columns and command-line options; and
 * the line reader of the engine's text data files (book, opening names).
 */
#include "parse.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Reads the next data line of a text file into `line` (`size` bytes), passing
 * over blank lines and lines whose first non-blank character is `#`; *lineno
 * counts every line read. Returns 1 with a line, 0 at the end of the file, or
 * -1 with "FILE:LINE:1: line too long" or "FILE: read error" in `err`.
 */
int parse_next_line(FILE *f, char *line, int size, const char *filename, int *lineno, char *err,
		    size_t errlen)
{
	while (fgets(line, size, f)) {
		const char *p = line;

		++*lineno;
		if (!strchr(line, '\n') && !feof(f)) {
			snprintf(err, errlen, "%s:%d:1: line too long", filename, *lineno);
			return -1;
		}
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '#' && *p != '\n' && *p != '\r' && *p != '\0')
			return 1;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error", filename);
		return -1;
	}
	return 0;
}
