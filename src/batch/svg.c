/*
 * svg.c — the SVG writer under the pictures of match results.
 *
 * Files. svg_open creates PATH.XXXXXX beside PATH and svg_close renames
 * it over PATH once every byte is written, so a failed run never leaves half
 * a picture (nor destroys the old one).
 *
 * Determinism. Numbers go through svg_num, which rounds with printf's "%.*f"
 * in the C locale's form whatever the locale says (a decimal point, never a
 * comma), drops a fraction of zeros and never writes "-0"; nothing here reads
 * the clock, the locale or the environment. The same calls give the same
 * bytes.
 *
 * Self-contained. The root element names a generic font family
 * (sans-serif) and nothing else outside the file: no fonts, stylesheets,
 * scripts or images are referenced.
 *
 * Colours. svg_diverging maps 0..1 onto a red - near-white - blue scale
 * (ColorBrewer's RdBu end and middle colours, interpolated linearly in RGB),
 * 0.5 giving the middle.
 */
#include "svg.h"

#include "record.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(sizeof((struct svg *)0)->tmp >= SVG_PATH_LEN + RECORD_TEMP_EXTRA,
	       "room for record_create_temp's name");

/* Opens a temporary file beside `path` for the picture (a device or a pipe
   is opened itself). Returns 0, or -1 with a message "PATH: reason". */
int svg_open(struct svg *s, const char *path, char *err, size_t errlen)
{
	int fd;

	memset(s, 0, sizeof *s);
	if (strlen(path) >= sizeof s->path) {
		snprintf(err, errlen, "%s: name too long", path);
		return -1;
	}
	snprintf(s->path, sizeof s->path, "%s", path);
	if (record_writes_in_place(path)) {
		if (!(s->f = fopen(path, "w"))) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -1;
		}
		return 0;
	}
	fd = record_create_temp(path, s->tmp);
	if (fd < 0 || !(s->f = fdopen(fd, "w"))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(s->tmp);
		}
		return -1;
	}
	return 0;
}

/* Finishes the file svg_open began: closes it and renames it to its path
   (with the old picture's mode, or a new file's under the umask:
   record_create_temp). Returns 0, or -1 with a message, the temporary file
   removed and any old picture left as it was. */
int svg_close(struct svg *s, char *err, size_t errlen)
{
	bool bad = ferror(s->f) != 0;
	int e = errno;

	if (!s->tmp[0]) { /* written in place (svg_open) */
		bad = fclose(s->f) != 0 || bad;
		s->f = NULL;
		if (bad)
			snprintf(err, errlen, "%s: %s", s->path, strerror(errno ? errno : EIO));
		return bad ? -1 : 0;
	}
	if (fclose(s->f) != 0 && !bad)
		bad = true, e = errno;
	s->f = NULL;
	if (!bad && rename(s->tmp, s->path) < 0)
		bad = true, e = errno;
	if (bad) {
		snprintf(err, errlen, "%s: %s", s->path, strerror(e ? e : EIO));
		unlink(s->tmp);
		return -1;
	}
	return 0;
}

/* Formats `x` with `decimals` digits after the point (trailing zeros and a
   bare point dropped, "-0" written "0") into `out`, which it returns. */
const char *svg_num(double x, int decimals, char *out, size_t outlen)
{
	char *p;

	if (!isfinite(x))
		x = 0;
	snprintf(out, outlen, "%.*f", decimals, x);
	for (p = out; *p; p++)
		if (*p == ',')
			*p = '.';
	p = strchr(out, '.');
	if (p) {
		char *end = p + strlen(p);

		while (end > p + 1 && end[-1] == '0')
			*--end = '\0';
		if (end == p + 1)
			*p = '\0';
	}
	if (!strcmp(out, "-0"))
		snprintf(out, outlen, "0");
	return out;
}

/* Copies `s` into `out` with the five XML specials written as entities and
   control characters (not allowed in XML 1.0) as spaces; a string that does
   not fit is cut before a whole character or entity. Returns `out`. */
const char *svg_escape(const char *s, char *out, size_t outlen)
{
	size_t n = 0;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		const char *rep = c == '&'    ? "&amp;"
				  : c == '<'  ? "&lt;"
				  : c == '>'  ? "&gt;"
				  : c == '"'  ? "&quot;"
				  : c == '\'' ? "&apos;"
					      : NULL;
		char one[2] = {(char)(c < 0x20 || c == 0x7f ? ' ' : c), '\0'};
		size_t len;

		if (!rep)
			rep = one;
		len = strlen(rep);
		if (n + len >= outlen)
			break;
		/* do not end inside a UTF-8 sequence */
		if (c >= 0x80 && (c & 0xc0) == 0xc0) {
			size_t need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;

			if (n + need >= outlen)
				break;
		}
		memcpy(out + n, rep, len);
		n += len;
	}
	if (outlen)
		out[n] = '\0';
	return out;
}

/* The colour of `v` (clamped to 0..1) on the diverging scale, as "#rrggbb". */
void svg_diverging(double v, char out[8])
{
	static const double ends[3][3] = {
	    {178, 24, 43}, {247, 247, 247}, {33, 102, 172}}; /* red, middle, blue */
	int rgb[3];

	v = !isfinite(v) ? 0.5 : v < 0 ? 0 : v > 1 ? 1 : v;
	const double *a = v < 0.5 ? ends[0] : ends[1], *b = v < 0.5 ? ends[1] : ends[2];
	double t = v < 0.5 ? v * 2 : (v - 0.5) * 2;

	for (int i = 0; i < 3; i++)
		rgb[i] = (int)lround(a[i] + (b[i] - a[i]) * t);
	snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* Writes the XML declaration, the root element of a `width` x `height`
   picture in a generic font, its `title` (escaped) and a white background. */
void svg_begin(FILE *f, int width, int height, const char *title)
{
	char esc[1024];

	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
		"<title>%s</title>\n",
		width, height, width, height, svg_escape(title, esc, sizeof esc));
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width,
		height);
}

/* Closes the root element. */
void svg_end(FILE *f)
{
	fputs("</svg>\n", f);
}

/* A rectangle; `attrs` (may be NULL) are further attributes written as given. */
void svg_rect(FILE *f, double x, double y, double w, double h, const char *attrs)
{
	char a[32], b[32], c[32], d[32];

	fprintf(f, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"%s%s/>\n",
		svg_num(x, 1, a, sizeof a), svg_num(y, 1, b, sizeof b),
		svg_num(w > 0 ? w : 0, 1, c, sizeof c), svg_num(h > 0 ? h : 0, 1, d, sizeof d),
		attrs ? " " : "", attrs ? attrs : "");
}

/* A line segment; `attrs` as for svg_rect (a line needs a stroke). */
void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *attrs)
{
	char a[32], b[32], c[32], d[32];

	fprintf(f, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"%s%s/>\n",
		svg_num(x1, 1, a, sizeof a), svg_num(y1, 1, b, sizeof b),
		svg_num(x2, 1, c, sizeof c), svg_num(y2, 1, d, sizeof d), attrs ? " " : "",
		attrs ? attrs : "");
}

/* A text element at (x, y) holding `text` (escaped here); `attrs` as for
   svg_rect. */
void svg_text(FILE *f, double x, double y, const char *attrs, const char *text)
{
	char a[32], b[32], esc[2048];

	fprintf(f, "<text x=\"%s\" y=\"%s\"%s%s>%s</text>\n", svg_num(x, 1, a, sizeof a),
		svg_num(y, 1, b, sizeof b), attrs ? " " : "", attrs ? attrs : "",
		svg_escape(text, esc, sizeof esc));
}

/* A `polyline` or `polygon` (the `element`) through the `n` points
   xy[0..2n-1], x then y; `attrs` as for svg_rect. */
void svg_poly(FILE *f, const char *element, const double *xy, int n, const char *attrs)
{
	char a[32], b[32];

	fprintf(f, "<%s points=\"", element);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%s,%s", i ? " " : "", svg_num(xy[2 * i], 1, a, sizeof a),
			svg_num(xy[2 * i + 1], 1, b, sizeof b));
	fprintf(f, "\"%s%s/>\n", attrs ? " " : "", attrs ? attrs : "");
}
