/*
 * test-svg.c — the SVG writer (numbers, escaping, colours, files written
 * whole or not at all), the run line of reports, and the pictures of results
 * drawn into memory: their shapes counted against the statistics of the
 * same games, and the same bytes from the same games.
 */
#include "report-run.h"
#include "report-stats.h"
#include "report-svg.h"
#include "report.h"
#include "svg.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

Test(svg, numbers_are_short_and_never_negative_zero)
{
	char b[32];

	cr_assert_str_eq(svg_num(3.0, 1, b, sizeof b), "3");
	cr_assert_str_eq(svg_num(-0.04, 1, b, sizeof b), "0");
	cr_assert_str_eq(svg_num(-7.25, 2, b, sizeof b), "-7.25");
	cr_assert_str_eq(svg_num(0.1, 1, b, sizeof b), "0.1");
	cr_assert_str_eq(svg_num(100, 1, b, sizeof b), "100");
	cr_assert_str_eq(svg_num(12.50, 2, b, sizeof b), "12.5");
	cr_assert_str_eq(svg_num(1.0 / 0.0, 1, b, sizeof b), "0", "not finite: drawn at 0");
}

Test(svg, escaping_covers_the_xml_specials)
{
	char b[128];

	cr_assert_str_eq(svg_escape("a<b & \"c\" 'd'>", b, sizeof b),
			 "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
	cr_assert_str_eq(svg_escape("tab\there", b, sizeof b), "tab here");
	cr_assert_str_eq(svg_escape("&&&", b, 8), "&amp;", "cut before a whole entity");
	cr_assert_str_eq(svg_escape("a\xc3\xa9", b, 3), "a", "cut before a whole character");
	cr_assert_str_eq(svg_escape("\xc3\xa9t\xc3\xa9", b, sizeof b), "\xc3\xa9t\xc3\xa9");
}

Test(svg, the_diverging_scale_is_centred_at_one_half)
{
	char c[8], d[8];

	svg_diverging(0.5, c);
	cr_assert_str_eq(c, "#f7f7f7");
	svg_diverging(0, c);
	cr_assert_str_eq(c, "#b2182b");
	svg_diverging(1, c);
	cr_assert_str_eq(c, "#2166ac");
	svg_diverging(-3, d);
	svg_diverging(0, c);
	cr_assert_str_eq(c, d, "clamped below");
	svg_diverging(0.25, c);
	cr_assert_str_eq(c, "#d58891", "halfway from red to the middle, rounded");
}

/* Entries of directory `dir` (without . and ..). */
static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert_not_null(d);
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

Test(svg, a_file_appears_whole_when_closed)
{
	char dir[] = "/tmp/test-svg-XXXXXX", path[256], err[300], buf[2048];
	struct svg s;
	FILE *f;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/p.svg", dir);
	cr_assert_eq(svg_open(&s, path, err, sizeof err), 0, "%s", err);
	svg_begin(s.f, 100, 50, "T & t");
	svg_end(s.f);
	cr_assert_eq(access(path, F_OK), -1, "not there before svg_close");
	cr_assert_eq(svg_close(&s, err, sizeof err), 0, "%s", err);
	cr_assert_eq(count_entries(dir), 1, "no temporary file left");
	f = fopen(path, "r");
	cr_assert_not_null(f);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	cr_assert(strstr(buf, "<title>T &amp; t</title>"));
	cr_assert(strstr(buf, "font-family=\"sans-serif\""));
	cr_assert_str_eq(buf + n - strlen("</svg>\n"), "</svg>\n", "the whole picture, to its end");
	unlink(path);
	snprintf(path, sizeof path, "%s/missing/p.svg", dir);
	cr_assert_eq(svg_open(&s, path, err, sizeof err), -1);
	cr_assert(strstr(err, "missing/p.svg: "), "%s", err);
	rmdir(dir);
}

Test(report_run, the_line_round_trips_and_others_are_not_it)
{
	struct report_run r = {0}, back;
	char line[600];

	snprintf(r.time, sizeof r.time, "1 s a move; or so");
	snprintf(r.openings, sizeof r.openings, "openings/balanced.txt");
	cr_assert_gt(report_run_format(&r, line, sizeof line), 0);
	cr_assert_str_eq(line, "# run: time=1 s a move  or so; openings=openings/balanced.txt\n");
	cr_assert(report_run_parse(line, &back));
	cr_assert_str_eq(back.time, "1 s a move  or so");
	cr_assert_str_eq(back.openings, "openings/balanced.txt");
	snprintf(r.seed, sizeof r.seed, "12");
	snprintf(r.players, sizeof r.players, "expert, novice; noisy");
	cr_assert_gt(report_run_format(&r, line, sizeof line), 0);
	cr_assert_str_eq(line, "# run: time=1 s a move  or so; openings=openings/balanced.txt; "
			       "seed=12; players=expert, novice  noisy\n");
	cr_assert(report_run_parse(line, &back));
	cr_assert_str_eq(back.seed, "12");
	cr_assert_str_eq(back.players, "expert, novice  noisy");
	struct report_run other = back;

	cr_assert(report_run_same(&back, &other));
	snprintf(other.seed, sizeof other.seed, "13");
	cr_assert(!report_run_same(&back, &other), "another seed is another run");
	other = back;
	snprintf(other.players, sizeof other.players, "expert, master");
	cr_assert(!report_run_same(&back, &other), "other players are another run");
	cr_assert(report_run_parse("# run: later=1; openings=x", &back), "unknown keys skipped");
	cr_assert_str_eq(back.openings, "x");
	cr_assert_str_eq(back.time, "");
	cr_assert(!report_run_parse("# game\topening", &back));
	cr_assert(!report_run_parse("1\t-\tA\tB", &back));
}

Test(report_run, a_report_keeps_distinct_runs_and_join_lists_them)
{
	char text[] = "# header\n# run: time=1 s; openings=a; seed=3\n"
		      "1\t-\ta\tb\t1-0\t40\t24\t58\t1.0\t5\tend\t16\n"
		      "# run: time=1 s; openings=a; seed=3\n# run: time=2 s; openings=a; seed=4\n";
	FILE *f = fmemopen(text, sizeof text - 1, "r");
	struct report r = {0};
	struct report_run joined;
	char err[200];

	cr_assert_not_null(f);
	cr_assert_eq(report_read(f, "r.txt", &r, err, sizeof err), 0, "%s", err);
	fclose(f);
	cr_assert_eq(r.runs.n, 2);
	cr_assert_eq(r.games[0].run, 1);
	report_run_join(r.runs.run, r.runs.n, &joined);
	cr_assert_str_eq(joined.time, "1 s, 2 s");
	cr_assert_str_eq(joined.openings, "a");
	cr_assert_str_eq(joined.seed, "3, 4");
	report_free(&r);
}

/* Adds a game: `black` against `white`, Black `gap` discs ahead. */
static void add(struct report *r, const char *black, const char *white, int gap)
{
	struct report_game g;

	memset(&g, 0, sizeof g);
	g.number = r->n + 1;
	snprintf(g.opening, sizeof g.opening, "-");
	snprintf(g.black, sizeof g.black, "%s", black);
	snprintf(g.white, sizeof g.white, "%s", white);
	g.black_discs = (64 + gap) / 2;
	g.white_discs = 64 - g.black_discs;
	g.gap = gap;
	snprintf(g.end, sizeof g.end, "end");
	cr_assert_eq(report_add(r, &g), 0);
}

/* The picture of `t`, drawn into memory; the caller frees it. */
static char *draw_table(const struct stats_table *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_not_null(f);
	report_svg_table(f, t, NULL);
	fclose(f);
	return buf;
}

/* Occurrences of `needle` in `s`. */
static int count(const char *s, const char *needle)
{
	int n = 0;

	for (; (s = strstr(s, needle)) != NULL; s += strlen(needle))
		n++;
	return n;
}

Test(report_svg, the_table_has_a_cell_per_pairing_and_a_bar_per_player)
{
	static const char *const names[] = {"A", "B", "C", "D"};
	struct report r = {0};
	struct stats_table t;
	char *one, *two;

	add(&r, "A", "B", 10);
	add(&r, "B", "A", -4);
	add(&r, "A", "C", 0);
	add(&r, "C", "A", 2);
	add(&r, "B", "C", 64);
	cr_assert_eq(stats_table_compute(r.games, r.n, names, 4, &t), 0);
	one = draw_table(&t);
	two = draw_table(&t);
	cr_assert_str_eq(one, two, "the same table draws the same bytes");
	cr_assert_eq(count(one, "class=\"cell\""), 6, "A, B, C played each other");
	cr_assert_eq(count(one, "class=\"nogames\""), 6, "D played nobody");
	cr_assert_eq(count(one, "class=\"self\""), 4);
	cr_assert_eq(count(one, "class=\"bar\""), 4);
	cr_assert(strstr(one, "data-row=\"A\" data-col=\"C\" fill=\"#d58891\""),
		  "A scored 25 % against C: a draw and a loss");
	cr_assert(strstr(one, "data-row=\"A\" data-col=\"B\" fill=\"#2166ac\""),
		  "A won both games against B");
	/* a sweep gets Wilson's interval (it read "sweep"): A-B (2 games) and B-C (1) */
#define DASH "\xe2\x80\x93"
	cr_assert(strstr(one, ">34" DASH "100 %</text>") && strstr(one, ">0" DASH "66 %</text>"),
		  "A-B both ways");
	cr_assert(strstr(one, ">21" DASH "100 %</text>") && strstr(one, ">0" DASH "79 %</text>"),
		  "B-C both ways");
#undef DASH
	cr_assert(strstr(one, ">25.0 %</text>"));
	cr_assert(strstr(one, ">Cross table: 4 players, 5 games<"));
	cr_assert(strstr(one, "time control and openings: not recorded in the report"));
	free(one);
	free(two);
	stats_table_free(&t);
	report_free(&r);
}

Test(report_svg, the_match_counts_each_game_once)
{
	struct report r = {0};
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	struct report_svg_info info = {"depth 4", "f.txt"};

	for (int i = 0; i < 30; i++)
		add(&r, i % 2 ? "X" : "Y", i % 2 ? "Y" : "X", (i % 7) * 2 - 6);
	add(&r, "X", "Z", 10); /* another pairing: left out */
	f = open_memstream(&buf, &len);
	report_svg_match(f, r.games, r.n, "X", "Y", &info);
	fclose(f);
	cr_assert(strstr(buf, "<title>X vs Y: 30 games</title>"));
	cr_assert(strstr(buf, "time control: depth 4 \xc2\xb7 openings: f.txt"));
	int total = 0;
	for (const char *p = buf; (p = strstr(p, "data-count=\"")) != NULL; p++)
		total += atoi(p + strlen("data-count=\""));
	cr_assert_eq(total, 30);
	const char *pts = strstr(buf, "<polyline points=\"");
	cr_assert_not_null(pts);
	int commas = 0;
	for (pts += 18; *pts != '"'; pts++)
		commas += *pts == ',';
	cr_assert_eq(commas, 30, "a point per game");
	free(buf);
	report_free(&r);
}

Test(report_svg, a_long_series_is_thinned_to_every_kth_game_and_the_last)
{
	struct report r = {0};
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	for (int i = 0; i < 2500; i++)
		add(&r, i % 2 ? "X" : "Y", i % 2 ? "Y" : "X", (i % 5) * 2 - 4);
	f = open_memstream(&buf, &len);
	report_svg_match(f, r.games, r.n, "X", "Y", NULL);
	fclose(f);
	const char *pts = strstr(buf, "<polyline points=\"");
	cr_assert_not_null(pts);
	int commas = 0;
	const char *last = NULL;
	for (pts += 18; *pts != '"'; pts++) {
		commas += *pts == ',';
		if (*pts == ' ')
			last = pts + 1;
	}
	cr_assert_eq(commas, 834, "games 3, 6 ... 2499 and 2500");
	cr_assert_eq(strncmp(last, "690,", 4), 0, "the last game at the right end (60 + 630)");
	free(buf);
	report_free(&r);
}
