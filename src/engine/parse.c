/*
 * parse.c — a whole decimal number in a range, the one number parser of level
 * settings, record properties, report columns and command-line options; a
 * decimal number of seconds (no hexadecimal, no `inf`); and the line readers
 * of text files: one checked line (a NUL byte, a line too long and a read
 * error told apart; a UTF-8 byte order mark dropped), and the next data line
 * of the engine's data files (book, opening names); and the words of a
 * line as commands and the game server's wire read them.
 */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
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
 * Parses `s` as a finite decimal number: an optional sign, digits with an
 * optional decimal point, an optional exponent (`1.5`, `.25`, `2e3`), nothing
 * else — no hexadecimal (`0x10`), `inf` or `nan`, which strtod would take.
 * Returns true and sets `out`; false for anything else, leaving `out` alone.
 */
bool parse_decimal(const char *s, double *out)
{
	const char *p = s;
	char *end;
	int digits = 0;
	double v;

	if (!s)
		return false;
	if (*p == '+' || *p == '-')
		p++;
	for (; *p >= '0' && *p <= '9'; p++)
		digits++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
	if (!digits)
		return false;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (*p < '0' || *p > '9')
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p)
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (*end || !isfinite(v) || (errno == ERANGE && v != 0))
		return false;
	*out = v;
	return true;
}

/*
 * Writes the byte `c` of a file or an engine as a message shows it into `out`
 * (at least 5 bytes): itself when it is printable ASCII, else `\xNN` (a
 * control byte would act on the terminal, a lone byte of UTF-8 garble the
 * message). Returns `out`.
 */
const char *parse_show_char(int c, char *out)
{
	unsigned char u = (unsigned char)c;

	if (u >= 0x20 && u < 0x7f) {
		out[0] = (char)u;
		out[1] = '\0';
	} else {
		snprintf(out, 5, "\\x%02x", u);
	}
	return out;
}

/*
 * Copies the text `s` (an engine's line, a name read from a file) into `out`
 * (`outlen` >= 1 bytes) with its control bytes (below 0x20 but TAB, and 0x7f)
 * written `\xNN`, so that it cannot act on a terminal or break a line; other
 * bytes, UTF-8 included, are kept. Cut at a whole character when it does not
 * fit. Returns the length written.
 */
size_t parse_show_text(const char *s, char *out, size_t outlen)
{
	size_t n = 0;

	for (; *s; s++) {
		unsigned char u = (unsigned char)*s;
		bool control = (u < 0x20 && u != '\t') || u == 0x7f;

		if (n + (control ? 4 : 1) >= outlen)
			break;
		if (control)
			n += (size_t)snprintf(out + n, 5, "\\x%02x", u);
		else
			out[n++] = (char)u;
	}
	out[n] = '\0';
	return n;
}

/* As parse_show_text, for a message's %s: returns `out`. */
const char *parse_shown(const char *s, char *out, size_t outlen)
{
	parse_show_text(s, out, outlen);
	return out;
}

/*
 * Drops a UTF-8 byte order mark (EF BB BF) from the start of `line`, as some
 * editors write at the start of a file. Returns true if there was one.
 */
bool parse_strip_bom(char *line)
{
	if ((unsigned char)line[0] != 0xEF || (unsigned char)line[1] != 0xBB ||
	    (unsigned char)line[2] != 0xBF)
		return false;
	memmove(line, line + 3, strlen(line + 3) + 1);
	return true;
}

/*
 * Reads one line of a text file into `line` (`size` bytes, its newline kept)
 * as fgets does, and checks it; the first line (`first`) loses a UTF-8 byte
 * order mark. Returns 1 with a line, 0 at the end of the file, or -1 with why
 * in `why` and its column (from 1) in `col`: "line too long" (1), "NUL byte:
 * this is not a text file" (the byte's), or the read error's strerror ("Is a
 * directory"; column 0).
 */
int parse_get_line(FILE *f, char *line, int size, bool first, int *col, char *why, size_t whylen)
{
	size_t n, count;
	char *nul;

	/* Filled beforehand so that the byte fgets ends the line with is the
	   last NUL of the buffer: what it read is known even past a NUL byte. */
	memset(line, '\n', (size_t)size);
	errno = 0;
	if (!fgets(line, size, f)) {
		line[0] = '\0';
		if (ferror(f)) {
			snprintf(why, whylen, "%s", strerror(errno ? errno : EIO));
			*col = 0;
			return -1;
		}
		return 0;
	}
	n = strlen(line);
	if (n == 0 || line[n - 1] != '\n') {
		for (count = (size_t)size - 1; count > 0 && line[count] != '\0'; count--)
			;
		nul = memchr(line, '\0', count);
		if (nul && nul < line + count) {
			snprintf(why, whylen, "NUL byte: this is not a text file");
			*col = (int)(nul - line) + 1;
			return -1;
		}
		if (count == (size_t)size - 1 && !feof(f)) {
			snprintf(why, whylen, "line too long");
			*col = 1;
			return -1;
		}
	}
	if (first)
		parse_strip_bom(line);
	return 1;
}

/* Reads one line of a text file into `line` and counts it in *lineno: 1, 0 at the end of the
   file, or -1 with "FILE:LINE:COL: what" or "FILE: REASON" in `err` (when it is not NULL). */
static int read_line(FILE *f, char *line, int size, const char *filename, int *lineno, char *err,
		     size_t errlen)
{
	char why[96];
	int col, rc = parse_get_line(f, line, size, *lineno == 0, &col, why, sizeof why);

	if (rc < 0 && col == 0) {
		if (err && errlen)
			snprintf(err, errlen, "%s: %s", filename, why);
		return -1;
	}
	if (rc == 0)
		return 0;
	++*lineno;
	if (rc < 0) {
		if (err && errlen)
			snprintf(err, errlen, "%s:%d:%d: %s", filename, *lineno, col, why);
		return -1;
	}
	return 1;
}

/*
 * Reads the next data line of a text file into `line` (`size` bytes), passing
 * over blank lines and lines whose first non-blank character is `#`; *lineno
 * counts every line read (a byte order mark on the first is dropped). Returns
 * 1 with a line, 0 at the end of the file, or -1 with "FILE:LINE:COL: what"
 * (parse_get_line: a line too long, a NUL byte) or "FILE: REASON" (a read
 * error) in `err`.
 */
int parse_next_line(FILE *f, char *line, int size, const char *filename, int *lineno, char *err,
		    size_t errlen)
{
	int rc;

	while ((rc = read_line(f, line, size, filename, lineno, err, errlen)) > 0) {
		const char *p = line;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '#' && *p != '\n' && *p != '\r' && *p != '\0')
			return 1;
	}
	return rc;
}

/*
 * Reads the next data line of a text file as parse_next_line does, but cuts
 * each line at its first character of `cut` (the comment characters, and
 * "\r\n") and passes over its leading white space: returns 1 with `*data`
 * pointing at what is left in `line` (never empty), 0 at the end of the
 * file, or -1 with parse_next_line's messages in `err`.
 */
int parse_next_data(FILE *f, char *line, int size, const char *filename, int *lineno,
		    const char *cut, char **data, char *err, size_t errlen)
{
	int rc;

	while ((rc = read_line(f, line, size, filename, lineno, err, errlen)) > 0) {
		char *p = line;

		line[strcspn(line, cut)] = '\0';
		while (isspace((unsigned char)*p))
			p++;
		if (*p) {
			*data = p;
			return 1;
		}
	}
	return rc;
}

/*
 * Splits `line` in place into words, as the command bar, scripts and the
 * game server's wire read them: blanks separate, "..." groups blanks into
 * one word, a backslash takes the next character as it is, and a word starting
 * with # ends the line. Returns the number of words, or -1 with a message for
 * an unclosed quote or too many words.
 */
int parse_words(char *line, char **argv, int max, char *err, size_t errlen)
{
	char *r = line, *w = line;
	int n = 0;

	for (;;) {
		bool quoted = false;

		while (*r && isspace((unsigned char)*r))
			r++;
		if (!*r || *r == '#')
			break;
		if (n == max) {
			snprintf(err, errlen, "too many words (at most %d)", max);
			return -1;
		}
		argv[n++] = w;
		while (*r && (quoted || !isspace((unsigned char)*r))) {
			if (*r == '"') {
				quoted = !quoted;
				r++;
			} else if (*r == '\\' && r[1]) {
				*w++ = r[1];
				r += 2;
			} else {
				*w++ = *r++;
			}
		}
		if (quoted) {
			snprintf(err, errlen, "unclosed quote");
			return -1;
		}
		if (*r)
			r++;
		*w++ = '\0';
	}
	return n;
}
