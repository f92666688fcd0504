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
 *                                    text|csv|json); --svg FILE draws it
 *                                    (report-svg.c)
 *
 * The "# run:" lines of the reports (report-run.c) say what was played: merge
 * keeps them (once each) and summary --svg titles its picture with them. They
 * are read from files only, not from a report on standard input.
 */
#include "cli-options.h"
#include "cli.h"

#include "report-run.h"
#include "report-stats.h"
#include "report-svg.h"
#include "report.h"

#include <string.h>

/* The options of `othello report merge` and `othello report summary` (each
   refuses the other's after parsing, naming the action they belong to). */
struct report_options {
	const char *output;	   /* -o, --output FILE (merge) */
	enum stats_format format;  /* --json, --format F (summary) */
	const char *format_option; /* the last of those given, for the message, or NULL */
	const char *svg;	   /* --svg FILE (summary) */
};

enum { MAX_RUNS = 16 };

/* The "# run:" lines of the reports read. */
struct report_runs {
	struct report_run run[MAX_RUNS]; /* distinct lines, in order */
	int n;				 /* entries in run */
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
	     "       othello report summary [--json | --format text|csv|json] [--svg FILE]\n"
	     "                              REPORT...\n\n"
	     "merge joins the reports of the shards of a run (`othello match --shard`) into\n"
	     "one, sorted by game number; summary prints what the games say about the players\n"
	     "(two players: the match summary, as text or JSON, and the cross table with\n"
	     "--format csv; more: the cross table and ranking). --svg FILE draws it: two\n"
	     "players, the running score and the disc differences; more, the cross table as\n"
	     "a heat map and the ranking as Elo bars.\n",
    .options =
	(const struct cli_option[]){
	    CLI_STRING("output", 'o', offsetof(struct report_options, output), NULL, NULL),
	    {.name = "json", .kind = CLI_OPT_CALL, .call = report_json, .no_value = true},
	    {.name = "format",
	     .kind = CLI_OPT_CALL,
	     .call = report_format,
	     .what = "text, csv or json"},
	    CLI_STRING("svg", 0, offsetof(struct report_options, svg), NULL, NULL),
	    CLI_HELP(0, NULL),
	    {0},
	},
};

/* Reads and merges the reports named in argv[first..argc-1], and their run
   lines into `runs`. */
static int read_all(int argc, char **argv, int first, struct report *r, struct report_runs *runs)
{
	char err[512];

	if (first >= argc) {
		fprintf(stderr, "othello: report: no report file given\n");
		cli_options_usage(&report_options, stderr);
		return 2;
	}
	for (int i = first; i < argc; i++) {
		FILE *f = strcmp(argv[i], "-") ? fopen(argv[i], "r") : stdin;

		if (!f) {
			fprintf(stderr, "othello: %s: cannot open\n", argv[i]);
			return 2;
		}
		int st = report_read(f, argv[i], r, err, sizeof err);

		if (f != stdin && st == 0 && fseek(f, 0, SEEK_SET) == 0)
			runs->n = report_run_scan(f, runs->run, MAX_RUNS, runs->n);
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

/* Writes the merged report `r`, with the run lines, to `output` (NULL:
   standard output). Returns an exit status. */
static int write_merged(const struct report *r, const struct report_runs *runs, const char *output)
{
	FILE *f = output ? fopen(output, "w") : stdout;
	char line[REPORT_LINE_LEN];
	int st;

	if (!f) {
		fprintf(stderr, "othello: %s: cannot write\n", output);
		return 2;
	}
	report_write_header(f);
	for (int i = 0; i < runs->n; i++)
		if (report_run_format(&runs->run[i], line, sizeof line) > 0)
			fputs(line, f);
	for (int i = 0; i < r->n; i++)
		if (report_format_line(&r->games[i], line, sizeof line) > 0)
			fputs(line, f);
	st = (f != stdout ? fclose(f) : fflush(f)) == 0 ? 0 : 1;
	if (st)
		fprintf(stderr, "othello: %s: write error\n", output ? output : "stdout");
	return st;
}

/* Prints the summary of `r` in the format of `ro`, and draws it when --svg
   asks. Returns an exit status. */
static int summarize(const struct report *r, const struct report_runs *runs,
		     const struct report_options *ro)
{
	const char *names[64];
	int n = collect_players(r, names, 64);

	stats_print_summary(r->games, r->n, names, n, n == 2 && ro->format != STATS_CSV, ro->format,
			    stdout);
	if (ro->svg) {
		struct report_run joined;
		struct report_svg_info info;
		char err[600];

		report_run_join(runs->run, runs->n, &joined);
		info.time = joined.time[0] ? joined.time : NULL;
		info.openings = joined.openings[0] ? joined.openings : NULL;
		if (report_svg_save(ro->svg, n == 2 ? REPORT_SVG_MATCH : REPORT_SVG_TABLE, r->games,
				    r->n, names, n, &info, err, sizeof err) < 0) {
			fprintf(stderr, "othello report: --svg: %s\n", err);
			return 2;
		}
	}
	return 0;
}

/* `othello report`: see report_options. */
int cli_report(int argc, char **argv)
{
	struct report_options ro = {.format = STATS_TEXT};
	struct report_runs runs = {0};
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
	if (merge ? ro.format_option != NULL || ro.svg != NULL : ro.output != NULL) {
		fprintf(stderr, "othello report: %s is for `report %s`\n",
			merge ? (ro.svg ? "--svg" : ro.format_option) : "-o",
			merge ? "summary" : "merge");
		return 2;
	}
	if ((st = read_all(argc, argv, first, &r, &runs)) == 0)
		st = merge ? write_merged(&r, &runs, ro.output) : summarize(&r, &runs, &ro);
	report_free(&r);
	return st;
}
