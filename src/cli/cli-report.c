/*
 * cli-report.c — `othello report`: working with match report files.
 *
 *   othello report merge FILE...     the games of all the files (the shards
 *                                    of a run), sorted by game number, as one
 *                                    report on stdout (or -o FILE)
 *   othello report summary FILE...   the summary of the games: a match
 *                                    summary for two players (--json or
 *                                    --format json as for `othello match`;
 *                                    --format csv gives the cross table),
 *                                    else the cross table (--format
 *                                    text|csv|json)
 */
#include "cli.h"

#include "report.h"
#include "report-stats.h"

#include <getopt.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f,
		"usage: othello report merge [-o FILE] REPORT...\n"
		"       othello report summary [--json | --format text|csv|json] REPORT...\n\n"
		"merge joins the reports of the shards of a run (`othello match --shard`) into\n"
		"one, sorted by game number; summary prints what the games say about the players\n"
		"(two players: the match summary, as text or JSON, and the cross table with\n"
		"--format csv; more: the cross table and ranking).\n");
}

/* Reads and merges the reports named in argv[first..argc-1]. */
static int read_all(int argc, char **argv, int first, struct report *r)
{
	char err[512];

	if (first >= argc) {
		fprintf(stderr, "othello: report: no report file given\n");
		usage(stderr);
		return 2;
	}
	for (int i = first; i < argc; i++) {
		FILE *f = strcmp(argv[i], "-") ? fopen(argv[i], "r") : stdin;

		if (!f) {
			fprintf(stderr, "othello: %s: cannot open\n", argv[i]);
			return 2;
		}
		int st = report_read(f, argv[i], r, err, sizeof err);

		if (f != stdin)
			fclose(f);
		if (st < 0) {
			fprintf(stderr, "othello: %s\n", err);
			return 2;
		}
	}
	if (report_merge(r, err, sizeof err) < 0) {
		fprintf(stderr, "othello: %s\n", err);
		return 1;
	}
	return 0;
}

/* The players of the games, in order of first appearance; returns how many. */
static int collect_players(const struct report *r, const char **names, int max)
{
	int n = 0;

	for (int i = 0; i < r->n; i++) {
		const char *pair[2] = {r->games[i].black, r->games[i].white};

		for (int k = 0; k < 2; k++) {
			int j;

			for (j = 0; j < n && strcmp(names[j], pair[k]); j++)
				;
			if (j == n && n < max)
				names[n++] = pair[k];
		}
	}
	return n;
}

static const struct option long_options[] = {
    {"output", required_argument, NULL, 'o'},
    {"json", no_argument, NULL, 'J'},
    {"format", required_argument, NULL, 'f'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* `othello report`: see usage. */
int cli_report(int argc, char **argv)
{
	const char *output = NULL, *names[64], *format_option = NULL;
	enum stats_format format = STATS_TEXT;
	struct report r = {0};
	bool merge;
	int c, st;

	if (argc < 2 || (strcmp(argv[1], "merge") && strcmp(argv[1], "summary"))) {
		if (argc >= 2 && !strcmp(argv[1], "--help")) {
			usage(stdout);
			return 0;
		}
		usage(stderr);
		return 2;
	}
	merge = !strcmp(argv[1], "merge");
	argc--;
	argv++;
	optind = 1;
	opterr = 0;
	for (int at = optind; (c = getopt_long(argc, argv, "o:", long_options, NULL)) != -1;
	     at = optind) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 'J':
			format_option = "--json";
			format = STATS_JSON;
			break;
		case 'f':
			format_option = "--format";
			if (!stats_format_parse(optarg, &format)) {
				fprintf(stderr,
					"othello report: --format: '%s' is not text, csv or json\n",
					optarg);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			cli_option_refused("report", long_options, argv, at, c);
			usage(stderr);
			return 2;
		}
	}
	if (merge ? format_option != NULL : output != NULL) {
		fprintf(stderr, "othello report: %s is for `report %s`\n",
			merge ? format_option : "-o", merge ? "summary" : "merge");
		return 2;
	}
	if ((st = read_all(argc, argv, optind, &r)) != 0) {
		report_free(&r);
		return st;
	}
	if (merge) {
		FILE *f = output ? fopen(output, "w") : stdout;
		char line[REPORT_LINE_LEN];

		if (!f) {
			fprintf(stderr, "othello: %s: cannot write\n", output);
			report_free(&r);
			return 2;
		}
		report_write_header(f);
		for (int i = 0; i < r.n; i++)
			if (report_format_line(&r.games[i], line, sizeof line) > 0)
				fputs(line, f);
		st = (f != stdout ? fclose(f) : fflush(f)) == 0 ? 0 : 1;
		if (st)
			fprintf(stderr, "othello: %s: write error\n", output ? output : "stdout");
		report_free(&r);
		return st;
	}
	int n = collect_players(&r, names, 64);

	if (n == 2 && format != STATS_CSV) {
		struct stats_match s;

		stats_match_compute(r.games, r.n, names[0], names[1], &s);
		if (format == STATS_JSON)
			stats_match_print_json(&s, stdout);
		else
			stats_match_print(&s, stdout);
	} else {
		struct stats_table t;

		if (stats_table_compute(r.games, r.n, names, n, &t) == 0) {
			stats_table_print(&t, format, stdout);
			stats_table_free(&t);
		}
	}
	report_free(&r);
	return 0;
}
