/*
 * cli-convert.c — `othello convert [--from FMT] [--to FMT] IN OUT`: converts a
 * game record between SGF, GGF, transcripts and board strings / OBF, choosing
 * the formats by file extension unless told. `-` reads standard input or
 * writes standard output (then the format must be named).
 */
#include "config.h"

#include "cli-options.h"
#include "cli.h"
#include "gametree.h"
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options of `othello convert`. */
struct convert_options {
	int from; /* --from FORMAT, -1 = by IN's extension */
	int to;	  /* --to FORMAT, -1 = by OUT's extension */
};

/* The format named `text` into `*format`; false after saying it is unknown. */
static bool convert_format(int *format, const char *text)
{
	*format = record_format_parse(text);
	if (*format >= 0)
		return true;
	fprintf(stderr, "othello convert: unknown format '%s' (sgf, ggf, txt, obf)\n", text);
	return false;
}

/* --from FORMAT. */
static bool convert_from(void *opts, const char *text)
{
	return convert_format(&((struct convert_options *)opts)->from, text);
}

/* --to FORMAT. */
static bool convert_to(void *opts, const char *text)
{
	return convert_format(&((struct convert_options *)opts)->to, text);
}

static const struct cli_options convert_options = {
    .command = "convert",
    .usage = "usage: othello convert [--from FORMAT] [--to FORMAT] IN OUT\n"
	     "Converts a game record. Formats: sgf, ggf, txt (transcript), obf (board\n"
	     "string: the position the main line reaches). By default each file's\n"
	     "extension names its format; `-` is standard input or output.\n",
    .options =
	(const struct cli_option[]){
	    {.name = "from", .letter = 'f', .kind = CLI_OPT_CALL, .call = convert_from},
	    {.name = "to", .letter = 't', .kind = CLI_OPT_CALL, .call = convert_to},
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* Reads all of standard input; NULL when out of memory or too large. */
static char *read_stdin(size_t *len)
{
	size_t cap = 65536, n = 0, got;
	char *buf = malloc(cap + 1), *p;

	while (buf && (got = fread(buf + n, 1, cap - n, stdin)) > 0) {
		n += got;
		if (n == cap) {
			if (cap >= ((size_t)16 << 20) || !(p = realloc(buf, 2 * cap + 1))) {
				free(buf);
				return NULL;
			}
			buf = p;
			cap *= 2;
		}
	}
	if (buf)
		buf[n] = '\0';
	*len = n;
	return buf;
}

/* `othello convert`: reads IN, writes OUT atomically. Exit status 0, or 2 with
   `othello convert: FILE:LINE:COL: what` on bad usage or input (OUT untouched). */
int cli_convert(int argc, char **argv)
{
	struct convert_options co = {-1, -1};
	int from, to, first, st;
	const char *in, *out;
	struct game *g;
	char err[512];

	if ((st = cli_options_parse(&convert_options, argc, argv, &co, &first)) >= 0)
		return st;
	from = co.from;
	to = co.to;
	if (first + 2 != argc) {
		fprintf(stderr, "othello convert: expected IN and OUT\n");
		cli_options_usage(&convert_options, stderr);
		return 2;
	}
	in = argv[first];
	out = argv[first + 1];
	if (from < 0)
		from = record_format_from_path(in);
	if (to < 0)
		to = record_format_from_path(out);
	if (from < 0 || to < 0) {
		fprintf(stderr,
			"othello convert: %s: unknown file type (use .sgf, .ggf, .txt or .obf, or "
			"--%s FORMAT)\n",
			from < 0 ? in : out, from < 0 ? "from" : "to");
		return 2;
	}
	if (strcmp(in, "-") == 0) {
		size_t len;
		char *text = read_stdin(&len);

		if (!text) {
			fprintf(stderr,
				"othello convert: standard input: too large or out of memory\n");
			return 2;
		}
		g = record_read((enum record_format)from, text, len, "<stdin>", err, sizeof(err));
		free(text);
	} else {
		g = record_load_file(in, from, err, sizeof(err));
	}
	if (!g) {
		fprintf(stderr, "othello convert: %s\n", err);
		return 2;
	}
	if (strcmp(out, "-") == 0 &&
	    record_check_format(g, to, "standard output", err, sizeof(err)) < 0) {
		fprintf(stderr, "othello convert: %s\n", err);
		st = -1;
	} else if (strcmp(out, "-") == 0) {
		st = record_write((enum record_format)to, g, stdout);
		if (st < 0)
			fprintf(stderr, "othello convert: standard output: write error\n");
	} else {
		st = record_save_file(out, g, to, err, sizeof(err));
		if (st < 0)
			fprintf(stderr, "othello convert: %s\n", err);
	}
	game_free(g);
	return st < 0 ? 2 : 0;
}
