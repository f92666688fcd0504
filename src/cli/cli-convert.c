/*
 * cli-convert.c — `othello convert [--from FMT] [--to FMT] IN OUT`: converts a
 * game record between SGF, GGF, transcripts and board strings / OBF, choosing
 * the formats by file extension unless told. `-` reads standard input or
 * writes standard output (then the format must be named).
 */
#include "config.h"

#include "cli.h"
#include "gametree.h"
#include "record.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void convert_usage(FILE *f)
{
	fprintf(f, "usage: othello convert [--from FORMAT] [--to FORMAT] IN OUT\n"
		   "Converts a game record. Formats: sgf, ggf, txt (transcript), obf (board\n"
		   "string: the position the main line reaches). By default each file's\n"
		   "extension names its format; `-` is standard input or output.\n");
}

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
	static const struct option options[] = {
	    {"from", required_argument, NULL, 'f'},
	    {"to", required_argument, NULL, 't'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int from = -1, to = -1, c;
	const char *in, *out;
	struct game *g;
	char err[512];

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "f:t:h", options, NULL)) != -1) {
		switch (c) {
		case 'f':
		case 't':
			if (record_format_parse(optarg) < 0) {
				fprintf(
				    stderr,
				    "othello convert: unknown format '%s' (sgf, ggf, txt, obf)\n",
				    optarg);
				return 2;
			}
			*(c == 'f' ? &from : &to) = record_format_parse(optarg);
			break;
		case 'h':
			convert_usage(stdout);
			return 0;
		default:
			cli_option_refused("convert", options, argv, optind - 1, c);
			convert_usage(stderr);
			return 2;
		}
	}
	if (optind + 2 != argc) {
		fprintf(stderr, "othello convert: expected IN and OUT\n");
		convert_usage(stderr);
		return 2;
	}
	in = argv[optind];
	out = argv[optind + 1];
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
	if (strcmp(out, "-") == 0) {
		c = record_write((enum record_format)to, g, stdout);
		if (c < 0)
			fprintf(stderr, "othello convert: standard output: write error\n");
	} else {
		c = record_save_file(out, g, to, err, sizeof(err));
		if (c < 0)
			fprintf(stderr, "othello convert: %s\n", err);
	}
	game_free(g);
	return c < 0 ? 2 : 0;
}
