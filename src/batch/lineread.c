/*
 * lineread.c — reading a line protocol's commands, one whole line at a time.
 *
 * A line ends at a newline (a CR before it is dropped) or at the end of the
 * input. A line that does not fit the caller's buffer is still read to its
 * end, so that the next read starts at the next line: the caller refuses it
 * whole instead of running its pieces as commands. NUL bytes are dropped (a
 * C string cannot hold them). Each byte is looked at once.
 */
#include "lineread.h"

#include <stdbool.h>

/* Reads the next line of `in` into `line` (`size` bytes, at least 1) without
   its newline. Returns its length; LINEREAD_TOOLONG if it had `size` bytes or
   more (all of it is consumed, `line` holds its first size - 1 bytes); or
   LINEREAD_EOF at the end of the input. */
long lineread_next(FILE *in, char *line, size_t size)
{
	size_t n = 0;
	bool over = false, any = false;
	int c;

	while ((c = getc(in)) != EOF && c != '\n') {
		any = true;
		if (c == '\0')
			continue;
		if (n + 1 < size)
			line[n++] = (char)c;
		else
			over = true;
	}
	line[n] = '\0';
	if (c == EOF && !any)
		return LINEREAD_EOF;
	if (over)
		return LINEREAD_TOOLONG;
	if (n > 0 && line[n - 1] == '\r')
		line[--n] = '\0';
	return (long)n;
}
