/*
 * wrap.c — text broken into lines that fit the screen, so that nothing the
 * program says is cut at the right edge: pop-ups (help, saves, long
 * results) and the message line both go through ui_wrap.
 *
 * Widths are in columns of the current locale (a UTF-8 character such as
 * an en dash or a disc is one column; bytes that are not valid text count
 * one each). Each line of the input is kept as a line; one wider than the
 * width is broken at spaces, and its continuation lines are indented to
 * where its text column starts: after a run of two or more spaces in the
 * first half of the line (the second column of a table such as `help`),
 * else after its leading blanks; the lines that already continued it (blank
 * up to that column) are joined to it first, so that the paragraph flows
 * again. A word wider than the room is cut into pieces. No curses here.
 */
#include "ui.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* Columns of the first `len` bytes of `s`. */
static int columns(const char *s, size_t len)
{
	mbstate_t st;
	int cols = 0;

	memset(&st, 0, sizeof st);
	while (len > 0) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s, len, &st);
		int w;
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof st);
			n = 1;
			w = 1;
		} else {
			w = wcwidth(wc);
			if (w < 0)
				w = 1;
		}
		cols += w;
		s += n;
		len -= n;
	}
	return cols;
}

/* Bytes of `s` (at most `len`) that fill at most `room` columns, cut between
   characters; at least one character. */
static size_t fit_bytes(const char *s, size_t len, int room)
{
	mbstate_t st;
	size_t used = 0;
	int cols = 0;

	memset(&st, 0, sizeof st);
	while (used < len) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s + used, len - used, &st);
		int w = 1;
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof st);
			n = 1;
		} else if ((w = wcwidth(wc)) < 0) {
			w = 1;
		}
		if (cols + w > room && used > 0)
			break;
		cols += w;
		used += n;
	}
	return used;
}

/* Where the continuation lines of `line` (`len` bytes) start, in columns. */
static int hanging_indent(const char *line, size_t len, int width)
{
	size_t lead = strspn(line, " ");
	int indent = (int)(lead < len ? lead : len);

	for (size_t i = lead; i + 2 < len; i++) {
		if (line[i] == ' ' && line[i + 1] == ' ') {
			size_t j = i + strspn(line + i, " ");
			int at = columns(line, j);
			if (j < len && at <= width / 2)
				indent = at;
			break;
		}
	}
	return indent < width / 2 ? indent : 0;
}

/* The text being built: bytes, their number and the room for them. */
struct out {
	char *s;     /* malloc'd, NULL after a failed allocation */
	size_t len;  /* bytes used */
	size_t size; /* bytes allocated */
};

/* Appends `n` bytes of `s` (or `n` blanks when `s` is NULL). */
static void put(struct out *o, const char *s, size_t n)
{
	if (!o->s)
		return;
	if (o->len + n + 1 > o->size) {
		size_t size = (o->size + n + 1) * 2;
		char *grown = realloc(o->s, size);
		if (!grown) {
			free(o->s);
			o->s = NULL;
			return;
		}
		o->s = grown;
		o->size = size;
	}
	if (s)
		memcpy(o->s + o->len, s, n);
	else
		memset(o->s + o->len, ' ', n);
	o->len += n;
}

/* Wraps one line (no newline inside) into `o`; see the file comment. */
static void wrap_line(const char *line, size_t len, int width, struct out *o)
{
	int indent = hanging_indent(line, len, width), col = 0;
	size_t i = 0;

	while (i < len) {
		size_t sp = strspn(line + i, " "), start, end;
		int ww;

		if (sp > len - i)
			sp = len - i;
		start = i + sp;
		if (start >= len)
			break; /* trailing blanks are dropped */
		end = start + strcspn(line + start, " ");
		if (end > len)
			end = len;
		ww = columns(line + start, end - start);
		if (col > indent && col + (int)sp + ww > width) { /* the word starts a new line */
			put(o, "\n", 1);
			put(o, NULL, (size_t)indent);
			col = indent;
			i = start;
			continue;
		}
		put(o, NULL, sp);
		col += (int)sp;
		if (col + ww > width) { /* wider than the room: cut it */
			size_t n = fit_bytes(line + start, end - start, width - col);
			put(o, line + start, n);
			col += columns(line + start, n);
			i = start + n;
			continue;
		}
		put(o, line + start, end - start);
		col += ww;
		i = end;
	}
}

/* A line too wide for `width` (at *text, *n bytes) and the lines after it
   that continue it (blank up to its hanging indent, text there), joined by
   single spaces so that the paragraph is wrapped again as a whole rather
   than leaving a short piece on a line of its own. Returns the joined text
   (malloc'd; its length in *n; *text moved past the lines taken), or NULL
   when no line continues it or out of memory (nothing moved). */
static char *join_continuations(const char **text, size_t *n, int width)
{
	const char *line = *text, *next = line + *n;
	int indent = hanging_indent(line, *n, width);
	size_t len = *n;
	char *joined;

	if (indent == 0)
		return NULL;
	while (*next == '\n' && strspn(next + 1, " ") == (size_t)indent &&
	       next[1 + indent] != '\n' && next[1 + indent] != '\0') {
		next += 1 + indent;
		next += strcspn(next, "\n");
	}
	if (next == line + *n)
		return NULL;
	joined = malloc((size_t)(next - line) + 1);
	if (!joined)
		return NULL;
	memcpy(joined, line, len);
	for (const char *p = line + *n; p < next;) {
		size_t part;
		p += 1 + indent; /* the newline and the indent become one space */
		part = strcspn(p, "\n");
		joined[len++] = ' ';
		memcpy(joined + len, p, part);
		len += part;
		p += part;
	}
	joined[len] = '\0';
	*n = len;
	*text = next;
	return joined;
}

/* `text` with every line wider than `width` columns (at least 10) broken at
   spaces, as the file comment says; the lines end as they did (a final
   newline only when the text had one). Malloc'd; NULL when out of memory. */
char *ui_wrap(const char *text, int width)
{
	struct out o = {malloc(strlen(text) + 64), 0, strlen(text) + 64};

	if (width < 10)
		width = 10;
	while (*text) {
		size_t n = strcspn(text, "\n");
		char *joined = NULL;
		if (columns(text, n) > width)
			joined = join_continuations(&text, &n, width);
		wrap_line(joined ? joined : text, n, width, &o);
		free(joined);
		text += joined ? 0 : n;
		if (*text == '\n') {
			put(&o, "\n", 1);
			text++;
		}
	}
	if (o.s)
		o.s[o.len] = '\0';
	return o.s;
}
