/*
 * lineread.c — reading a line protocol's commands, one whole line at a time.
 *
 * A line ends at a newline (a CR before it is dropped) or at the end of the
 * input. lineread_next drops NUL bytes (a C string cannot hold them: GTP
 * drops control bytes) but counts them towards the length; lineread_bounded,
 * for a script, stops at one: LINEREAD_NUL (a script with a NUL byte is not
 * text, and a command run without it would be another command). Each byte is
 * looked at once. A read error is never
 * taken for the end of the input: it is LINEREAD_ERROR, errno saying why.
 *
 * Two ways with a line that does not fit the caller's buffer: lineread_next
 * still reads it to its end, so that the next read starts at the next line
 * (a protocol refuses it whole instead of running its pieces as commands);
 * lineread_bounded stops reading there, for a caller that stops at such a
 * line (an input without newlines, such as /dev/zero, is never read whole).
 */
#include "lineread.h"

#include <errno.h>
#include <stdbool.h>

/* Reads a line into `line` (`size` bytes, at least 1); with `read_on`, an
   overlong line is consumed to its end. See lineread_next. */
static long read_line(FILE *in, char *line, size_t size, bool read_on)
{
	size_t n = 0, total = 0;
	bool any = false;
	int c;

	errno = 0;
	while ((c = getc(in)) != EOF && c != '\n') {
		any = true;
		if (++total >= size && !read_on)
			break;
		if (c == '\0' && !read_on) {
			line[n] = '\0';
			return LINEREAD_NUL;
		}
		if (c != '\0' && total < size)
			line[n++] = (char)c;
	}
	line[n] = '\0';
	if (c == EOF && ferror(in))
		return LINEREAD_ERROR;
	if (total >= size)
		return LINEREAD_TOOLONG;
	if (c == EOF && !any)
		return LINEREAD_EOF;
	if (n > 0 && line[n - 1] == '\r')
		line[--n] = '\0';
	return (long)n;
}

/* Reads the next line of `in` into `line` (`size` bytes, at least 1) without
   its newline. Returns its length; LINEREAD_TOOLONG if it had `size` bytes or
   more (all of it is consumed, `line` holds its first bytes); LINEREAD_EOF at
   the end of the input; or LINEREAD_ERROR when reading failed (errno says
   why). */
long lineread_next(FILE *in, char *line, size_t size)
{
	return read_line(in, line, size, true);
}

/* As lineread_next, but a line of `size` bytes or more is read no further
   than its first `size` bytes: LINEREAD_TOOLONG, and the caller stops; a
   NUL byte ends the reading at once: LINEREAD_NUL, `line` holding the bytes
   before it (its column is strlen(line) + 1). */
long lineread_bounded(FILE *in, char *line, size_t size)
{
	return read_line(in, line, size, false);
}
