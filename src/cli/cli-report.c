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
#include "cli-options.h"
#include "cli.h"

#include "report-stats.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* The options of `othello report merge` and `othello report summary` (each
   refuses the other's after parsing, naming the action they belong to). */
struct report_options {
	const char *output;	   /* -o, --output FILE (merge) */
	enum stats_format format;  /* --json, --format F (summary) */
	const char *format_option; /* the last of those given, for the message, or NULL */
};

/* --json: the summary as JSON. */
static bool report_json(void *opts, const char *text)
{
	struct report_options *ro = opts;

	(void)text;
	ro->format_option = "--json";
	ro->format = STATS_JSON;
	return true;
}

/* --format text|csv|json. */
static bool report_format(void *opts, const char *text)
{
	struct report_options *ro = opts;

	ro->format_option = "--format";
	return stats_format_parse(text, &ro->format);
}

static const struct cli_options report_options = {
    .command = "report",
    .usage = "usage: othello report merge [-o FILE] REPORT...\n"
	     "       othello report summary [--json | --format text|csv|json] REPORT...\n\n"
	     "merge joins the reports of the shards of a run (`othello match --shard`) into\n"
	     "one, sorted by game number; summary prints what the games say about the players\n"
	     "(two players: the match summary, as text or JSON, and the cross table with\n"
	     "--format csv; more: the cross table and ranking).\n",
    .options =
	(const struct cli_option[]){
	    CLI_STRING("output", 'o', offsetof(struct report_options, output), NULL, NULL),
	    {.name = "json", .kind = CLI_OPT_CALL, .call = report_json, .no_value = true},
	    {.name = "format",
	     .kind = CLI_OPT_CALL,
	     .call = report_format,
	     .what = "text, csv or json"},
	    CLI_HELP(0, NULL),
	    {0},
	},
};

/* Reads and merges the reports named in argv[first..argc-1]. */
static int read_all(int argc, char **argv, int first, struct report *r)
{
	char err[512];

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

/* `othello report merge`: the reports argv[first..argc-1] as one, on `output`
   or stdout. */
static int merge_reports(int argc, char **argv, int first, const char *output)
{
	int n = argc - first, st = 0;
	FILE **in = calloc((size_t)n + 1, sizeof *in);
	FILE *out = NULL;
	char err[512];

	if (!in)
		return 1;
	for (int i = 0; i < n && st == 0; i++)
		if (!(in[i] = strcmp(argv[first + i], "-") ? fopen(argv[first + i], "r") : stdin)) {
			fprintf(stderr, "othello: %s: cannot open\n", argv[first + i]);
			st = 2;
		}
	if (st == 0 && !(out = output ? fopen(output, "w") : stdout)) {
		fprintf(stderr, "othello: %s: cannot write\n", output);
		st = 2;
	}
	if (st == 0) {
		int rc = report_merge_files(in, (const char *const *)(argv + first), n, out, err,
					    sizeof err);

		if (rc < 0)
			fprintf(stderr, "othello: %s\n", err);
		st = rc == -1 ? 2 : rc < 0 ? 1 : 0;
	}
	if (out && out != stdout && fclose(out) != 0 && st == 0) {
		fprintf(stderr, "othello: %s: write error\n", output);
		st = 1;
	}
	for (int i = 0; i < n; i++)
		if (in[i] && in[i] != stdin)
			fclose(in[i]);
	free(in);
	return st;
}

/* `othello report`: see report_options. */
int cli_report(int argc, char **argv)
{
	struct report_options ro = {.format = STATS_TEXT};
	const char *output, **names = NULL, *format_option;
	enum stats_format format;
	struct report r = {0};
	bool merge;
	int first, st;

	if (argc < 2 || (strcmp(argv[1], "merge") && strcmp(argv[1], "summary"))) {
		if (argc >= 2 && !strcmp(argv[1], "--help")) {
			cli_options_usage(&report_options, stdout);
			return 0;
		}
		cli_options_usage(&report_options, stderr);
		return 2;
	}
	merge = !strcmp(argv[1], "merge");
	if ((st = cli_options_parse(&report_options, argc - 1, argv + 1, &ro, &first)) >= 0)
		return st;
	argc--;
	argv++;
	output = ro.output;
	format = ro.format;
	format_option = ro.format_option;
	if (merge ? format_option != NULL : output != NULL) {
		fprintf(stderr, "othello report: %s is for `report %s`\n",
			merge ? format_option : "-o", merge ? "summary" : "merge");
		return 2;
	}
	if (first >= argc) {
		fprintf(stderr, "othello: report: no report file given\n");
		cli_options_usage(&report_options, stderr);
		return 2;
	}
	if (merge)
		return merge_reports(argc, argv, first, output);
	if ((st = read_all(argc, argv, first, &r)) != 0) {
		report_free(&r);
		return st;
	}
	int n = stats_players(r.games, r.n, &names);

	if (n < 0) {
		fprintf(stderr, "othello: report: out of memory\n");
		report_free(&r);
		return 1;
	}

	if (n == 0 && format == STATS_TEXT) {
		printf("no games in the report%s\n", argc - first > 1 ? "s" : "");
	} else if (n == 2 && format != STATS_CSV) {
		struct stats_match s;

		stats_match_compute(r.games, r.n, names[0], names[1], &s);
		if (format == STATS_JSON)
			stats_match_print_json(&s, stdout);
		else
			stats_match_print(&s, stdout);
	} else {
		struct stats_table t;

		if (stats_table_compute(r.games, r.n, names, n, &t) < 0) {
			fprintf(stderr, "othello: report: out of memory\n");
			st = 1;
		} else {
			stats_table_print(&t, format, stdout);
			stats_table_free(&t);
		}
	}
	free(names);
	report_free(&r);
	return st;
}
