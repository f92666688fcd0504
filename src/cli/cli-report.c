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
 * The "# run:" lines of the reports (report-run.c) say what was played and
 * part the games of one run from another's (a game number counts within its
 * run): merge keeps them (once each, before the games of their run), summary
 * counts the games of every run and --svg titles its picture with them.
 */
#include "cli-options.h"
#include "cli.h"

#include "record.h"
#include "report-run.h"
#include "report-stats.h"
#include "report-svg.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* The options of `othello report merge` and `othello report summary` (each
   refuses the other's after parsing, naming the action they belong to). */
struct report_options {
	const char *output;	   /* -o, --output FILE (merge) */
	enum stats_format format;  /* --json, --format F (summary) */
	const char *format_option; /* the last of those given, for the message, or NULL */
	const char *svg;	   /* --svg FILE (summary) */
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

/* Says on stderr that torn lines were skipped: the first, and how many more. */
static void say_torn(const struct report_torn *torn)
{
	if (torn->n > 0)
		fprintf(stderr, "othello report: warning: %s%s\n", torn->first,
			torn->n > 1 ? " (and more torn lines after it)" : "");
}

/* Reads and merges the reports named in argv[first..argc-1] into `r`. */
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
	say_torn(&r->torn);
	if (report_merge(r, err, sizeof err) < 0) {
		fprintf(stderr, "othello: %s\n", err);
		return 1;
	}
	return 0;
}

/* The inputs of a merge, for record_write_atomic; *rc and err[] get its outcome. */
struct merge_job {
	FILE **in;
	const char *const *names;
	int n;
	struct report_torn *torn;
	int *rc;
	char *err;
	size_t errlen;
};

static int write_merge(FILE *out, const void *data)
{
	const struct merge_job *m = data;

	memset(m->torn, 0, sizeof *m->torn);
	*m->rc = report_merge_files(m->in, m->names, m->n, out, m->torn, m->err, m->errlen);
	return *m->rc < 0 ? -1 : 0;
}

/* `othello report merge`: the reports argv[first..argc-1] as one, with their
   run lines once each, on `output` or stdout. `output` is written through a
   temporary file renamed over it, so it may be one of the inputs, and a
   failed merge leaves it as it was. */
static int merge_reports(int argc, char **argv, int first, const char *output)
{
	int n = argc - first, st = 0, rc = 0;
	FILE **in = calloc((size_t)n + 1, sizeof *in);
	char err[4400], merge_err[512] = "";
	struct report_torn torn = {0};
	struct merge_job m = {
	    in, (const char *const *)(argv + first), n, &torn, &rc, merge_err, sizeof merge_err};

	if (!in)
		return 1;
	for (int i = 0; i < n && st == 0; i++)
		if (!(in[i] = strcmp(argv[first + i], "-") ? fopen(argv[first + i], "r") : stdin)) {
			fprintf(stderr, "othello: %s: cannot open\n", argv[first + i]);
			st = 2;
		}
	if (st == 0) {
		if (!output) {
			write_merge(stdout, &m);
			if (rc >= 0 && !cli_output_ok())
				st = 2;
		} else if (record_write_atomic(output, write_merge, &m, err, sizeof err) < 0 &&
			   rc >= 0) {
			fprintf(stderr, "othello: %s\n", err);
			st = 2;
		}
		if (rc < 0)
			fprintf(stderr, "othello: %s\n", merge_err);
		else
			say_torn(&torn);
		if (st == 0)
			st = rc == -1 ? 2 : rc < 0 ? 1 : 0;
	}
	for (int i = 0; i < n; i++)
		if (in[i] && in[i] != stdin)
			fclose(in[i]);
	free(in);
	return st;
}

/* Prints the summary of `r` in the format of `ro` (of the games of `n_files`
   reports), and draws it when --svg asks. Returns an exit status. */
static int summarize(const struct report *r, const struct report_options *ro, int n_files)
{
	const char **names = NULL;
	int n = stats_players(r->games, r->n, &names), st = 0;

	if (n < 0) {
		fprintf(stderr, "othello: report: out of memory\n");
		return 1;
	}
	if (n == 0 && ro->format == STATS_TEXT)
		printf("no games in the report%s\n", n_files > 1 ? "s" : "");
	else if (stats_print_summary(r->games, r->n, names, n, n == 2 && ro->format != STATS_CSV,
				     ro->format, stdout) < 0) {
		fprintf(stderr, "othello: report: out of memory for the summary of %d players\n",
			n);
		free(names);
		return 1;
	}
	if (ro->svg) {
		struct report_run joined;
		struct report_svg_info info;
		char err[600];

		report_run_join(r->runs.run, r->runs.n, &joined);
		info.time = joined.time[0] ? joined.time : NULL;
		info.openings = joined.openings[0] ? joined.openings : NULL;
		if (report_svg_save(ro->svg, n == 2 ? REPORT_SVG_MATCH : REPORT_SVG_TABLE, r->games,
				    r->n, names, n, &info, err, sizeof err) < 0) {
			fprintf(stderr, "othello report: --svg: %s\n", err);
			st = 2;
		}
	}
	free(names);
	return st;
}

/* `othello report`: see report_options. */
int cli_report(int argc, char **argv)
{
	struct report_options ro = {.format = STATS_TEXT};
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
	if (first >= argc) {
		fprintf(stderr, "othello: report: no report file given\n");
		cli_options_usage(&report_options, stderr);
		return 2;
	}
	if (merge)
		return merge_reports(argc, argv, first, ro.output);
	if ((st = read_all(argc, argv, first, &r)) == 0)
		st = summarize(&r, &ro, argc - first);
	report_free(&r);
	return st;
}
