/*
 * test-batch.c — the pieces of batch matches: report lines and merging,
 * statistics against hand-computed values, openings files, the schedule and
 * its shards, playing a game between random players, and GTP sessions run
 * through memory streams.
 */
#include "eval.h"
#include "gtp.h"
#include "ladder.h"
#include "match.h"
#include "report-stats.h"
#include "report.h"
#include "square.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct report_game sample_game(int number, int black_discs, int white_discs)
{
	struct report_game g;

	memset(&g, 0, sizeof g);
	g.number = number;
	snprintf(g.opening, sizeof g.opening, "f5d6c3");
	snprintf(g.black, sizeof g.black, "expert");
	snprintf(g.white, sizeof g.white, "engine:othello gtp --level novice");
	g.black_discs = black_discs;
	g.white_discs = white_discs;
	g.gap = black_discs - white_discs;
	g.moves = 58;
	g.seconds = 1.25;
	g.seed = 18446744073709551615ULL;
	g.longest[0] = 0.5;
	g.longest[1] = 0.75;
	snprintf(g.end, sizeof g.end, "end");
	return g;
}

Test(report, line_round_trips_with_the_gap_rightmost)
{
	struct report_game g = sample_game(7, 40, 24), back;
	char line[REPORT_LINE_LEN], err[200];
	int n = report_format_line(&g, line, sizeof line);

	cr_assert_gt(n, 0);
	cr_assert_str_eq(line,
			 "7\tf5d6c3\texpert\tengine:othello gtp --level novice\t1-0\t40\t24\t58\t"
			 "1.25\t18446744073709551615\tend\t0.50\t0.75\t16\n");
	line[n - 1] = '\0';
	cr_assert_eq(report_parse_line(line, &back, err, sizeof err), 0, "%s", err);
	cr_assert_eq(back.number, 7);
	cr_assert_str_eq(back.white, g.white);
	cr_assert_eq(back.seed, g.seed);
	cr_assert_eq(back.gap, 16);
	cr_assert_eq(back.longest[1], 0.75);
	cr_assert_str_eq(report_result(&back), "1-0");
	/* a report of 12 columns (before the longest moves) still reads */
	cr_assert_eq(report_parse_line("1\t-\ta\tb\t1-0\t40\t24\t58\t1.0\t5\tend\t16", &back, err,
				       sizeof err),
		     0, "%s", err);
	cr_assert_eq(back.gap, 16);
	cr_assert_eq(back.longest[0], -1);
}

Test(report, tabs_in_names_become_spaces)
{
	struct report_game g = sample_game(1, 32, 32);
	char line[REPORT_LINE_LEN];

	snprintf(g.black, sizeof g.black, "a\tb");
	report_format_line(&g, line, sizeof line);
	cr_assert(strstr(line, "\ta b\t") != NULL);
	cr_assert(strstr(line, "\t1/2\t") != NULL);
}

Test(report, bad_lines_name_their_column)
{
	struct report_game g;
	char err[200];

	cr_assert_eq(
	    report_parse_line("1\t-\ta\tb\t1-0\t40\t24\t58\t1.0\t5\tend\t15", &g, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "column 32: gap 15") == err, "%s", err);
	cr_assert_eq(
	    report_parse_line("1\t-\ta\tb\t0-1\t40\t24\t58\t1.0\t5\tend\t16", &g, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "result 0-1 does not match") != NULL, "%s", err);
	cr_assert_eq(report_parse_line("1\t-\ta", &g, err, sizeof err), -1);
	cr_assert(strstr(err, "expected 14 TAB-separated fields (12 in older reports), found 3") !=
		      NULL,
		  "%s", err);
	cr_assert_eq(
	    report_parse_line("x\t-\ta\tb\t1-0\t40\t24\t58\t1.0\t5\tend\t16", &g, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "column 1: bad game") == err, "%s", err);
}

Test(report, append_writes_one_header_then_lines)
{
	char path[] = "/tmp/test-report-XXXXXX", err[200];
	struct report r = {0};
	struct report_game a = sample_game(2, 10, 54), b = sample_game(1, 33, 31);
	int fd = mkstemp(path);
	FILE *f;

	cr_assert_geq(fd, 0);
	close(fd);
	fd = report_open(path, err, sizeof err);
	cr_assert_geq(fd, 0, "%s", err);
	cr_assert_eq(report_append(fd, &a, err, sizeof err), 0);
	close(fd);
	fd = report_open(path, err, sizeof err);
	cr_assert_eq(report_append(fd, &b, err, sizeof err), 0);
	close(fd);
	f = fopen(path, "r");
	cr_assert_eq(report_read(f, path, &r, err, sizeof err), 0, "%s", err);
	fclose(f);
	cr_assert_eq(r.n, 2);
	cr_assert_eq(r.games[0].number, 2);
	cr_assert_eq(report_merge(&r, err, sizeof err), 0);
	cr_assert_eq(r.games[0].number, 1);
	cr_assert_eq(r.games[1].gap, -44);
	report_free(&r);
	f = fopen(path, "r");
	char line[512];
	int headers = 0;
	while (fgets(line, sizeof line, f))
		headers += line[0] == '#';
	fclose(f);
	cr_assert_eq(headers, 2, "the header (two comment lines) is written once");
	unlink(path);
}

Test(report, merge_drops_repeats_and_refuses_conflicts)
{
	struct report r = {0};
	struct report_game g1 = sample_game(1, 40, 24), g2 = sample_game(2, 20, 44);
	char err[200];

	report_add(&r, &g2);
	report_add(&r, &g1);
	g1.seconds = 9; /* the same game, timed differently */
	report_add(&r, &g1);
	cr_assert_eq(report_merge(&r, err, sizeof err), 0);
	cr_assert_eq(r.n, 2);
	g1.black_discs = 41;
	g1.gap = 17;
	report_add(&r, &g1);
	cr_assert_eq(report_merge(&r, err, sizeof err), -1);
	cr_assert(strstr(err, "game 1 appears twice") != NULL, "%s", err);
	report_free(&r);
}

Test(report, merge_of_no_games_is_empty)
{
	struct report r = {0};
	char err[200];

	cr_assert_eq(report_merge(&r, err, sizeof err), 0, "no qsort of NULL (UBSan)");
	cr_assert_eq(r.n, 0);
}

/* Merges the report texts a and b with report_merge_files into `out`. */
static int merge_texts(char *a, char *b, char *out, size_t outlen, char *err)
{
	FILE *in[2] = {fmemopen(a, strlen(a), "r"), fmemopen(b, strlen(b), "r")};
	const char *names[2] = {"a.txt", "b.txt"};
	FILE *o = fmemopen(out, outlen, "w");
	struct report_torn torn = {0};
	int rc = report_merge_files(in, names, 2, o, &torn, err, 200);

	fclose(in[0]);
	fclose(in[1]);
	fclose(o);
	return rc;
}

Test(report, merge_files_matches_the_in_memory_merge)
{
	char a[4096] = "", b[4096] = "", line[REPORT_LINE_LEN], out[8192], want[8192], err[200];
	struct report r = {0};
	FILE *w = fmemopen(want, sizeof want, "w");

	for (int i = 12; i >= 1; i--) { /* shard a: even games, b: odd ones and repeats */
		struct report_game g = sample_game(i, 30 + i, 34 - i);

		g.gap = g.black_discs - g.white_discs;
		report_format_line(&g, line, sizeof line);
		strcat(i % 2 ? b : a, line);
		if (i % 5 == 0) {
			g.seconds += 3; /* a repeat, timed differently */
			report_format_line(&g, line, sizeof line);
			strcat(i % 2 ? a : b, line);
		}
	}
	cr_assert_eq(merge_texts(a, b, out, sizeof out, err), 0, "%s", err);
	for (int k = 0; k < 2; k++) { /* the reference: parsed games, sorted */
		FILE *f = fmemopen(k ? b : a, strlen(k ? b : a), "r");

		report_read(f, "x", &r, err, sizeof err);
		fclose(f);
	}
	report_merge(&r, err, sizeof err);
	report_write_header(w);
	for (int i = 0; i < r.n; i++) {
		report_format_line(&r.games[i], line, sizeof line);
		fputs(line, w);
	}
	fclose(w);
	cr_assert_str_eq(out, want);
	report_free(&r);
	strcat(b, "3\t-\tx\ty\t1-0\t40\t24\t58\t1.0\t5\tend\t16\n");
	cr_assert_eq(merge_texts(a, b, out, sizeof out, err), -2);
	cr_assert(strstr(err, "game 3 appears twice") != NULL, "%s", err);
	strcat(b, "bad line\n");
	cr_assert_eq(merge_texts(a, b, out, sizeof out, err), -1);
	cr_assert(strstr(err, "b.txt:") == err, "%s", err);
}

/* Game numbers count within a run: two runs in one report (match --append)
   are read as all their games, where one number with two outcomes in one run
   is refused; merge writes each run's line above its games. */
Test(report, games_of_two_runs_are_apart)
{
	char text[] = "# run: time=t; openings=o; seed=1\n"
		      "1\t-\ta\tb\t1-0\t40\t24\t58\t1.0\t5\tend\t16\n"
		      "2\t-\tb\ta\t1-0\t40\t24\t58\t1.0\t6\tend\t16\n"
		      "# run: time=t; openings=o; seed=2\n"
		      "1\t-\ta\tb\t0-1\t20\t44\t58\t1.0\t7\tend\t-24\n"
		      "# run: time=t; openings=o; seed=1\n"
		      "3\t-\ta\tb\t1/2\t32\t32\t58\t1.0\t8\tend\t0\n";
	char empty[] = "", out[4096], err[200];
	const char *want =
	    "# run: time=t; openings=o; seed=1\n1\t-\ta\tb\t1-0\t40\t24\t58\t1.00\t5\t"
	    "end\t0.00\t0.00\t16\n2\t-\tb\ta\t1-0\t40\t24\t58\t1.00\t6\tend\t0.00\t"
	    "0.00\t16\n3\t-\ta\tb\t1/2\t32\t32\t58\t1.00\t8\tend\t0.00\t0.00\t0\n"
	    "# run: time=t; openings=o; seed=2\n1\t-\ta\tb\t0-1\t20\t44\t58\t1.00\t7\t"
	    "end\t0.00\t0.00\t-24\n";
	FILE *f = fmemopen(text, strlen(text), "r");
	struct report r = {0};

	cr_assert_eq(report_read(f, "r.txt", &r, err, sizeof err), 0, "%s", err);
	fclose(f);
	cr_assert_eq(r.runs.n, 2, "a run resumed is one run");
	cr_assert_eq(report_merge(&r, err, sizeof err), 0, "%s", err);
	cr_assert_eq(r.n, 4);
	cr_assert(r.games[0].run == 1 && r.games[2].number == 3 && r.games[3].run == 2);
	report_free(&r);
	cr_assert_eq(merge_texts(text, empty, out, sizeof out, err), 0, "%s", err);
	cr_assert(strstr(out, want) != NULL, "%s", out);
	strstr(text, "seed=2")[5] = '1'; /* the second run becomes the first: one run */
	f = fmemopen(text, strlen(text), "r");
	cr_assert_eq(report_read(f, "r.txt", &r, err, sizeof err), 0, "%s", err);
	fclose(f);
	cr_assert_eq(report_merge(&r, err, sizeof err), -1);
	cr_assert_str_eq(err,
			 "game 1 of the run with seed 1 appears twice with different outcomes");
	report_free(&r);
}

Test(report, read_error_gives_file_line_column)
{
	char text[] = "# header\n1\t-\ta\tb\t1-0\t40\t24\t58\t1.0\t5\tend\t16\nbad line\n";
	FILE *f = fmemopen(text, strlen(text), "r");
	struct report r = {0};
	char err[200];

	cr_assert_eq(report_read(f, "r.txt", &r, err, sizeof err), -1);
	cr_assert(strstr(err, "r.txt:3:") == err, "%s", err);
	cr_assert_eq(r.n, 0, "a failed read adds nothing");
	fclose(f);
	report_free(&r);
}

/* Adds `n` games of the given gap for a player `a` against `b`, alternating colours. */
static void add_games(struct report *r, const char *a, const char *b, int n, int gap)
{
	for (int i = 0; i < n; i++) {
		struct report_game g = sample_game(r->n + 1, 32, 32);
		bool a_black = r->n % 2 == 0;
		int d = a_black ? gap : -gap;

		snprintf(g.black, sizeof g.black, "%s", a_black ? a : b);
		snprintf(g.white, sizeof g.white, "%s", a_black ? b : a);
		g.black_discs = (64 + d) / 2;
		g.white_discs = 64 - g.black_discs;
		g.gap = g.black_discs - g.white_discs;
		report_add(r, &g);
	}
}

/* A against B: seven wins by 10 discs, a draw, two losses by 4. */
static void seven_one_two(struct report *r)
{
	add_games(r, "A", "B", 7, 10);
	add_games(r, "A", "B", 1, 0);
	add_games(r, "A", "B", 2, -4);
}

Test(stats, seven_wins_one_draw_two_losses)
{
	struct report r = {0};
	struct stats_match s;

	seven_one_two(&r);
	cr_assert_eq(stats_match_compute(r.games, r.n, "A", "B", &s), 10);
	cr_assert_eq(s.wins[0], 7);
	cr_assert_eq(s.wins[1], 2);
	cr_assert_eq(s.draws, 1);
	cr_assert_float_eq(s.points[0], 7.5, 1e-9);
	cr_assert_float_eq(s.points[1], 2.5, 1e-9);
	cr_assert_float_eq(s.score_pct, 75.0, 1e-9);
	/* gaps: 7 x 10, 0, 2 x -4: mean 6.2; sample sd = sqrt(sum (d - 6.2)^2 / 9) */
	cr_assert_float_eq(s.mean_diff, 6.2, 1e-9);
	double sd = sqrt((7 * 3.8 * 3.8 + 6.2 * 6.2 + 2 * 10.2 * 10.2) / 9);
	cr_assert_float_eq(s.diff_ci, 2.262 * sd / sqrt(10), 1e-9);
	/* 75 %: 400 log10(3) = 190.85 Elo */
	cr_assert_float_eq(s.elo, 400 * log10(3.0), 1e-9);
	cr_assert(!s.elo_bound);
	double se = sqrt((7 * 0.25 * 0.25 + 0.25 * 0.25 + 2 * 0.75 * 0.75) / 10) / sqrt(10);
	double lo = stats_elo(0.75 - 1.96 * se), hi = stats_elo(fmin(0.75 + 1.96 * se, 0.95));
	cr_assert_float_eq(s.elo_error, (hi - lo) / 2, 1e-9);
	cr_assert_eq(s.wins_as[0][0] + s.wins_as[0][1], 7);
	cr_assert_eq(s.wins_as[0][0] + s.draws_as[0][0] + s.losses_as[0][0], 5,
		     "A had Black in half the games");
	report_free(&r);
}

Test(stats, a_clean_sweep_is_a_bound)
{
	struct report r = {0};
	struct stats_match s;

	add_games(&r, "A", "B", 4, 64);
	stats_match_compute(r.games, r.n, "B", "A", &s);
	cr_assert_eq(s.wins[1], 4);
	cr_assert(s.elo_bound);
	cr_assert_lt(s.elo, 0);
	cr_assert_float_eq(s.elo, stats_elo(0.5 / 4), 1e-9);
	cr_assert_float_eq(s.mean_diff, -64, 1e-9);
	report_free(&r);
}

/* One game is a clean sweep too: its bound is 0 Elo either way, and the
   text says which way from the score (it printed "<= -0 (a 0 % score" beside
   a score of 100 %). */
Test(stats, one_game_is_a_bound_the_way_of_its_score)
{
	for (int gap = -64; gap <= 64; gap += 128) {
		struct report r = {0};
		struct stats_match s;
		char *text = NULL, elo[32];
		size_t len;
		FILE *f = open_memstream(&text, &len);

		add_games(&r, "A", "B", 1, gap);
		stats_match_compute(r.games, r.n, "A", "B", &s);
		stats_match_print(&s, f);
		fclose(f);
		stats_elo_format(&s, elo, sizeof elo);
		if (gap > 0) {
			cr_assert(strstr(text, "score of A: 100.0 %"), "%s", text);
			cr_assert(
			    strstr(text, "Elo difference: >= +0 (a 100 % score: a bound only)"),
			    "%s", text);
			cr_assert_str_eq(elo, ">= +0");
		} else {
			cr_assert(strstr(text, "score of A: 0.0 %"), "%s", text);
			cr_assert(strstr(text, "Elo difference: <= +0 (a 0 % score: a bound only)"),
				  "%s", text);
			cr_assert_str_eq(elo, "<= +0");
		}
		free(text);
		report_free(&r);
	}
}

Test(stats, t_quantiles)
{
	cr_assert_float_eq(stats_t95(1), 12.706, 1e-9);
	cr_assert_float_eq(stats_t95(30), 2.042, 1e-9);
	cr_assert_float_eq(stats_t95(1000), 1.96, 1e-9);
	cr_assert_gt(stats_t95(35), stats_t95(50));
}

Test(stats, cross_table_points_add_up_and_rank)
{
	struct report r = {0};
	struct stats_table t;
	const char *names[] = {"C", "A", "B"};

	add_games(&r, "A", "B", 4, 10); /* A beats B 4-0 */
	add_games(&r, "A", "C", 2, 2);	/* A beats C 2-0 */
	add_games(&r, "A", "C", 2, 0);	/* and draws twice */
	add_games(&r, "C", "B", 4, 6);	/* C beats B */
	cr_assert_eq(stats_table_compute(r.games, r.n, names, 3, &t), 0);
	double sum = 0;
	for (int i = 0; i < 3; i++)
		sum += t.points[i];
	cr_assert_float_eq(sum, 12, 1e-9, "every game gives one point");
	cr_assert_str_eq(t.names[t.rank[0]], "A");
	cr_assert_str_eq(t.names[t.rank[1]], "C");
	cr_assert_str_eq(t.names[t.rank[2]], "B");
	cr_assert_float_eq(stats_table_cell(&t, 1, 0)->points[0], 3, 1e-9, "A scored 3 against C");
	cr_assert_float_eq(stats_table_cell(&t, 0, 1)->points[0], 1, 1e-9, "C scored 1 against A");
	cr_assert_float_eq(stats_table_cell(&t, 1, 2)->mean_diff, 10, 1e-9);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	stats_table_print(&t, STATS_JSON, f);
	fclose(f);
	cr_assert(strstr(buf, "\"ranking\":[{\"player\":\"A\",\"points\":7,\"games\":8") != NULL,
		  "%s", buf);
	free(buf);
	stats_table_free(&t);
	report_free(&r);
}

/* The score's interval is Wilson's: inside 0-100 % (the normal one went past 100 %), never
   of zero width (it was empty at a sweep). */
Test(stats, the_score_interval_is_wilsons)
{
	struct report r = {0};
	struct stats_match s;
	double z2 = 1.96 * 1.96;

	seven_one_two(&r);
	stats_match_compute(r.games, r.n, "A", "B", &s);
	double p = 0.75, v = (7 * 0.25 * 0.25 + 0.25 * 0.25 + 2 * 0.75 * 0.75) / 10;
	double c = (p + z2 / 20) / (1 + z2 / 10),
	       h = 1.96 / (1 + z2 / 10) * sqrt(v / 10 + z2 / 400);
	cr_assert_float_eq(s.score_lo, 100 * (c - h), 1e-9);
	cr_assert_float_eq(s.score_hi, 100 * (c + h), 1e-9);
	cr_assert_float_eq(s.score_ci, 100 * h, 1e-9);
	stats_match_compute(r.games, 7, "A", "B", &s);
	cr_assert(s.elo_bound, "seven wins: the Elo is a bound");
	cr_assert_float_eq(s.score_hi, 100, 1e-9, "seven wins: up to 100 %%, not past it");
	cr_assert_float_eq(s.score_lo, 100 / (1 + z2 / 7), 1e-9, "and not of zero width");
	stats_match_compute(r.games, 1, "A", "B", &s);
	cr_assert_leq(s.score_hi, 100);
	cr_assert_geq(s.score_lo, 0);
	cr_assert_gt(s.score_hi - s.score_lo, 50, "one game says little");
	report_free(&r);
}

Test(stats, adding_games_one_by_one_gives_every_prefix)
{
	struct report r = {0};
	struct stats_match run, whole;

	add_games(&r, "A", "B", 3, 10);
	add_games(&r, "A", "B", 2, 0);
	add_games(&r, "B", "A", 4, 6);
	add_games(&r, "A", "C", 2, 8); /* not theirs: skipped */
	stats_match_start(&run, "A", "B");
	for (int i = 0; i < r.n; i++) {
		bool theirs = stats_match_add(&run, &r.games[i]);

		cr_assert_eq(theirs, i < 9, "game %d", i);
		stats_match_finish(&run);
		stats_match_compute(r.games, i + 1, "A", "B", &whole);
		cr_assert_eq(run.games, whole.games);
		cr_assert_float_eq(run.score_pct, whole.score_pct, 1e-12);
		cr_assert_float_eq(run.score_ci, whole.score_ci, 1e-12);
		cr_assert_float_eq(run.score_lo, whole.score_lo, 1e-12);
		cr_assert_float_eq(run.elo, whole.elo, 1e-12);
		cr_assert_float_eq(run.elo_error, whole.elo_error, 1e-12);
		cr_assert_float_eq(run.diff_ci, whole.diff_ci, 1e-12);
		cr_assert_eq(run.elo_bound, whole.elo_bound);
	}
	report_free(&r);
}

Test(stats, each_player_against_the_field)
{
	struct report r = {0};
	struct stats_table t;
	const char *names[] = {"C", "A", "B"};
	char text[48];

	add_games(&r, "A", "B", 4, 10); /* A beats B 4-0 */
	add_games(&r, "A", "C", 2, 2);	/* A beats C 2-0 */
	add_games(&r, "A", "C", 2, 0);	/* and draws twice */
	add_games(&r, "C", "B", 4, 6);	/* C beats B */
	add_games(&r, "C", "D", 4, 6);	/* D is not in the table */
	cr_assert_eq(stats_table_compute(r.games, r.n, names, 3, &t), 0);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(t.overall[i].games, t.games[i]);
		cr_assert_float_eq(t.overall[i].points[0], t.points[i], 1e-9);
		cr_assert_float_eq(t.overall[i].mean_diff, t.mean_diff[i], 1e-9);
	}
	/* C: 1 point of 4 against A, 4 of 4 against B: 5 of 8 */
	cr_assert_float_eq(t.overall[0].elo, stats_elo(5.0 / 8), 1e-9);
	cr_assert(!t.overall[0].elo_bound);
	cr_assert(t.overall[2].elo_bound, "B lost every game");
	stats_elo_format(&t.overall[2], text, sizeof text);
	cr_assert_str_eq(text, "<= -470", "8 games: E(1/16) = -400 log10(15)");
	stats_table_free(&t);
	report_free(&r);
}

Test(openings, transcript_with_separators)
{
	struct match_opening o;
	char err[200];
	struct board b;

	cr_assert_eq(match_opening_parse(VARIANT_8X8, "1. F5 d6 2.c3-D3", &o, err, sizeof err), 0,
		     "%s", err);
	cr_assert(o.standard);
	cr_assert_eq(o.n_moves, 4);
	cr_assert_eq(o.moves[0], board_square_parse("f5"));
	cr_assert_eq(o.side, BLACK);
	board_start(&b);
	for (int i = 0; i < 4; i++)
		board_play(&b, o.moves[i], board_flips(b.own, b.opp, o.moves[i]));
	cr_assert_eq(b.own, o.board.b8.own);
	cr_assert_eq(b.opp, o.board.b8.opp);
}

Test(openings, board_string_and_errors)
{
	struct match_opening o;
	char err[200];

	cr_assert_eq(match_opening_parse(VARIANT_8X8,
					 "---------------------------OX------XO--------------------"
					 "------- O",
					 &o, err, sizeof err),
		     0, "%s", err);
	cr_assert(!o.standard);
	cr_assert_eq(o.side, WHITE);
	cr_assert_eq(o.n_moves, 0);
	cr_assert_eq(match_opening_parse(VARIANT_8X8, "f5a1", &o, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 3: a1 is not a legal move here");
	cr_assert_eq(match_opening_parse(VARIANT_8X8, "f5z9", &o, err, sizeof err), -1);
	cr_assert(strstr(err, "column 3:") == err, "%s", err);
}

Test(openings, file_with_comments)
{
	char text[] = "# balanced\nf5d6c3 # +1\n\n   -\nf5f6e6f4 # -2\n";
	char bad[] = "f5d6\n  f5 d7\n";
	struct match_openings list;
	char err[200];
	FILE *f = fmemopen(text, strlen(text), "r");

	cr_assert_eq(match_openings_read(VARIANT_8X8, f, "o.txt", &list, err, sizeof err), 0, "%s",
		     err);
	fclose(f);
	cr_assert_eq(list.n, 3);
	cr_assert_str_eq(list.v[0].text, "f5d6c3");
	cr_assert_str_eq(list.v[1].text, "-");
	cr_assert_eq(list.v[2].n_moves, 4);
	match_openings_free(&list);
	f = fmemopen(bad, strlen(bad), "r");
	cr_assert_eq(match_openings_read(VARIANT_8X8, f, "o.txt", &list, err, sizeof err), -1);
	fclose(f);
	cr_assert_str_eq(err, "o.txt:2:6: d7 is not a legal move here");
}

/* A whole game, passes and all, is an opening too (the list once stopped at
   59 entries and called the last moves illegal; issue 33). */
Test(openings, a_whole_game_is_an_opening)
{
	const char *game = "F5d6C3f4F3e3D3e2F2c2E1c4E6g4G3h3C5d1C1f1G1c6D2f7H5b5A6a4B6b4F6b3F8h4H2"
			   "g5H6g6A3a2A5a7H7c7D7c8D8e8E7g8B2g7H8b1A1g2A8B8b7H1";
	struct match_opening o;
	char err[200];
	int moves = 0;

	cr_assert_eq(match_opening_parse(VARIANT_8X8, game, &o, err, sizeof err), 0, "%s", err);
	for (int i = 0; i < o.n_moves; i++)
		moves += o.moves[i] != SQ_PASS;
	cr_assert_eq(moves, 60);
	cr_assert(board_game_over(&o.board.b8));
}

Test(openings, a_transcript_needs_a_move_and_only_separators_between)
{
	struct match_opening o;
	char err[200];

	cr_assert_eq(match_opening_parse(VARIANT_8X8, ":^ 1", &o, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 1: ':' is not a move");
	cr_assert_eq(match_opening_parse(VARIANT_8X8, "1.", &o, err, sizeof err), -1);
	cr_assert(strstr(err, "column 1: no move") == err, "%s", err);
	cr_assert_eq(match_opening_parse(VARIANT_8X8, "f5 d6 ^ c3", &o, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 7: '^' is not a move");
}

Test(openings, byte_order_mark_nul_byte_and_read_errors)
{
	char bom[] = "\xEF\xBB\xBF"
		     "f5d6c3\n";
	char nul[] = "f5d6\nf5\0d6\n";
	struct match_openings list;
	char err[200];
	FILE *f = fmemopen(bom, strlen(bom), "r");

	cr_assert_eq(match_openings_read(VARIANT_8X8, f, "o.txt", &list, err, sizeof err), 0, "%s",
		     err);
	fclose(f);
	cr_assert_eq(list.n, 1);
	cr_assert_str_eq(list.v[0].text, "f5d6c3");
	match_openings_free(&list);
	f = fmemopen(nul, sizeof nul - 1, "r");
	cr_assert_eq(match_openings_read(VARIANT_8X8, f, "o.txt", &list, err, sizeof err), -1);
	fclose(f);
	cr_assert_str_eq(err, "o.txt:2:3: NUL byte: this is not a text file");
	f = fopen("/", "r");
	cr_assert_not_null(f);
	cr_assert_eq(match_openings_read(VARIANT_8X8, f, "/", &list, err, sizeof err), -1);
	fclose(f);
	cr_assert_str_eq(err, "/: Is a directory");
}

/* A long list reads whole (its array grows by doubling; one entry a line
   made 20,000 lines take 100 s under ASan). */
Test(openings, twenty_thousand_lines)
{
	struct match_openings list;
	char err[200], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	for (int i = 0; i < 20000; i++)
		fprintf(f, "%s\n", i % 2 ? "f5d6c3" : "f5f6e6f4");
	fclose(f);
	f = fmemopen(text, len, "r");
	cr_assert_eq(match_openings_read(VARIANT_8X8, f, "o.txt", &list, err, sizeof err), 0, "%s",
		     err);
	fclose(f);
	cr_assert_eq(list.n, 20000);
	cr_assert_str_eq(list.v[19999].text, "f5d6c3");
	match_openings_free(&list);
	free(text);
}

Test(schedule, each_opening_twice_with_colours_swapped)
{
	struct match_game g[10];

	cr_assert_eq(match_schedule_pair(10, 3, 42, 0, 1, 1, g), 10);
	for (int i = 0; i < 10; i += 2) {
		cr_assert_eq(g[i].opening, g[i + 1].opening);
		cr_assert_eq(g[i].black, 0);
		cr_assert_eq(g[i + 1].black, 1);
		cr_assert_eq(g[i].white, g[i + 1].black);
		cr_assert_neq(g[i].seed, g[i + 1].seed);
	}
	cr_assert_eq(g[6].opening, 0, "openings repeat when games outnumber them");
	cr_assert_eq(g[9].number, 10);
	cr_assert_eq(g[4].seed, match_game_seed(42, 5), "the seed depends on the number only");
}

Test(schedule, shards_cover_the_list_once)
{
	int shard, shards;

	cr_assert_eq(match_shard_parse("2/3", &shard, &shards), 0);
	cr_assert_eq(shard, 2);
	cr_assert_eq(shards, 3);
	cr_assert_eq(match_shard_parse("4/3", &shard, &shards), -1);
	cr_assert_eq(match_shard_parse("0/3", &shard, &shards), -1);
	cr_assert_eq(match_shard_parse("1/", &shard, &shards), -1);
	for (int n = 0; n < 30; n++)
		for (int k = 1; k <= 7; k++) {
			int expect = 0;

			for (int i = 1; i <= k; i++) {
				int first, last;

				match_shard_range(n, i, k, &first, &last);
				cr_assert_eq(first, expect);
				cr_assert_geq(last, first);
				expect = last;
			}
			cr_assert_eq(expect, n);
		}
}

Test(match, random_players_finish_with_consistent_counts)
{
	struct match_player_options opt = {0};
	char err[200];
	struct match_player *a = match_player_new("random", &opt, err, sizeof err);
	struct match_player *b = match_player_new("random", &opt, err, sizeof err);
	struct match_openings list;

	cr_assert_eq(match_openings_start(VARIANT_8X8, &list), 0);
	for (int k = 1; k <= 20; k++) {
		struct report_game g;
		struct game *rec = NULL;

		struct match_table t = {.player = {a, b},
					.name = {"a", "b"},
					.opening = &list.v[0],
					.number = k,
					.seed = {match_game_seed(3, k), match_game_seed(3, k)}};

		cr_assert_eq(match_play_game(&t, &g, NULL, &rec), MATCH_END_NORMAL);
		cr_assert_str_eq(g.end, "end");
		cr_assert_eq(g.gap, g.black_discs - g.white_discs);
		if (g.gap != 0)
			cr_assert_eq(g.black_discs + g.white_discs, 64);
		cr_assert_not_null(rec);
		const struct game_node *n = game_line_end(rec->root);
		int placed = 0;
		for (const struct game_node *m = n; m->parent; m = m->parent)
			placed += m->move != SQ_PASS;
		cr_assert_eq(placed, g.moves);
		cr_assert(game_is_over(n));
		cr_assert_eq(rec->seed, match_game_seed(3, k));
		game_free(rec);
	}
	match_player_free(a);
	match_player_free(b);
	match_openings_free(&list);
}

/* The caller's player of the next test: the lowest legal square, refused at one call. */
struct lowest_player {
	int asked;	      /* calls so far */
	int fail_at;	      /* the call that fails (0: none) */
	enum color side[128]; /* the side each call was asked for */
};

static int lowest_square(const struct pos *b)
{
	for (int sq = 0; sq < 128; sq++)
		if (square_valid(b->variant, sq) && pos_flips(b, sq))
			return sq;
	return SQ_NONE;
}

static int choose_lowest(void *state, const struct pos *b, enum color side, int *move, char *err,
			 size_t errlen)
{
	struct lowest_player *l = state;

	l->side[l->asked & 127] = side;
	if (++l->asked == l->fail_at) {
		snprintf(err, errlen, "no idea");
		return -1;
	}
	*move = lowest_square(b);
	return 0;
}

/* A player of the caller's (match_player_new_call, the self-play of training) plays through
   the one game loop on any board: asked only when it has a move, for the side to move, its
   game ends where the same rule played by hand ends; its failure is a forfeit. */
Test(match, a_callers_player_plays_through_the_loop)
{
	struct lowest_player l = {0};
	char err[200];
	struct match_player *p = match_player_new_call(choose_lowest, &l, err, sizeof err);
	struct match_openings list;
	struct report_game g;
	struct pos b;
	enum color side = BLACK;
	int moves = 0, score;

	cr_assert_not_null(p);
	cr_assert_eq(match_openings_start(VARIANT_10X10_HOLES, &list), 0);
	struct match_table t = {
	    .player = {p, p}, .name = {"low", "low"}, .opening = &list.v[0], .number = 1};
	cr_assert_eq(match_play_game(&t, &g, NULL, NULL), MATCH_END_NORMAL);
	pos_start(&b, VARIANT_10X10_HOLES);
	while (!pos_game_over(&b)) {
		if (pos_moves(&b)) {
			int sq = lowest_square(&b);

			cr_assert_eq(l.side[moves & 127], side, "move %d asked for its side",
				     moves);
			pos_play(&b, sq, pos_flips(&b, sq));
			moves++;
		} else {
			pos_pass(&b);
		}
		side = (enum color) !side;
	}
	score = side == BLACK ? pos_final_score(&b) : -pos_final_score(&b);
	cr_assert_eq(l.asked, moves, "asked once a move, never for a pass");
	cr_assert_eq(g.moves, moves);
	cr_assert_eq(g.gap, score);
	l = (struct lowest_player){.fail_at = 3};
	cr_assert_eq(match_play_game(&t, &g, NULL, NULL), MATCH_END_FORFEIT);
	cr_assert(strstr(g.end, "forfeit black: no idea"), "%s", g.end);
	cr_assert_eq(g.black_discs, 0);
	match_player_free(p);
	match_openings_free(&list);
}

static bool count_result(const struct report_game *g, void *user)
{
	(void)g;
	++*(int *)user;
	return true;
}

/* Counts a result and asks the run to stop. */
static bool stop_after_one(const struct report_game *g, void *user)
{
	(void)g;
	++*(int *)user;
	return false;
}

static void count_warning(const char *msg, void *user)
{
	cr_assert(strstr(msg, "game-0000") != NULL, "the message names the log: %s", msg);
	++*(int *)user;
}

Test(match, an_unwritable_log_is_reported_through_warn)
{
	const char *const specs[2] = {"random", "random"}, *const names[2] = {"a", "b"};
	struct match_player_options opt[2];
	struct match_openings list;
	struct match_game games[2];
	struct match_plan plan = {0};
	int results = 0, warnings = 0;
	char err[200];

	memset(opt, 0, sizeof opt);
	cr_assert_eq(match_openings_start(VARIANT_8X8, &list), 0);
	cr_assert_eq(match_schedule_pair(2, list.n, 5, 0, 1, 1, games), 2);
	plan.n_players = 2;
	plan.specs = specs;
	plan.names = names;
	plan.opt = opt;
	plan.openings = &list;
	plan.games = games;
	plan.n_games = 2;
	plan.jobs = 1;
	plan.log_dir = "/nonexistent-directory/logs";
	plan.warn = count_warning;
	plan.warn_user = &warnings;
	cr_assert_eq(match_run(&plan, count_result, &results, err, sizeof err), 0, "%s", err);
	cr_assert_eq(results, 2);
	cr_assert_eq(warnings, 2);
	match_openings_free(&list);
}

Test(match, the_result_callback_stops_the_run)
{
	const char *const specs[2] = {"random", "random"}, *const names[2] = {"a", "b"};
	struct match_player_options opt[2];
	struct match_openings list;
	struct match_game games[8];
	struct match_plan plan = {0};
	char err[200];

	memset(opt, 0, sizeof opt);
	cr_assert_eq(match_openings_start(VARIANT_8X8, &list), 0);
	cr_assert_eq(match_schedule_pair(8, list.n, 5, 0, 1, 1, games), 8);
	plan.n_players = 2;
	plan.specs = specs;
	plan.names = names;
	plan.opt = opt;
	plan.openings = &list;
	plan.games = games;
	plan.n_games = 8;
	for (plan.jobs = 1; plan.jobs <= 2; plan.jobs++) {
		int results = 0;

		cr_assert_eq(match_run(&plan, stop_after_one, &results, err, sizeof err), 1,
			     "jobs %d", plan.jobs);
		cr_assert_eq(results, 1, "jobs %d: %d results", plan.jobs, results);
	}
	match_openings_free(&list);
}

Test(match, same_seed_same_game)
{
	struct match_player_options opt = {0};
	char err[200];
	struct match_player *a = match_player_new("random", &opt, err, sizeof err);
	struct match_player *b = match_player_new("random", &opt, err, sizeof err);
	struct match_openings list;
	struct report_game g1, g2;
	struct match_table t = {
	    .player = {a, b}, .name = {"a", "b"}, .number = 1, .seed = {99, 99}};

	match_openings_start(VARIANT_8X8, &list);
	t.opening = &list.v[0];
	match_play_game(&t, &g1, NULL, NULL);
	match_play_game(&t, &g2, NULL, NULL);
	cr_assert_eq(g1.gap, g2.gap);
	cr_assert_eq(g1.moves, g2.moves);
	match_player_free(a);
	match_player_free(b);
	match_openings_free(&list);
}

Test(match, unknown_players_are_refused)
{
	char err[200];

	cr_assert(!match_player_check_spec("engine:", err, sizeof err));
	cr_assert(strstr(err, "no command") != NULL, "%s", err);
	cr_assert(!match_player_check_spec("grandmaster-of-nothing", err, sizeof err));
	cr_assert(match_player_check_spec("nboard:edax -n 1", err, sizeof err));
}

/* Runs a GTP session on `script` with a random brain and returns the output. */
static char *gtp_session(const char *script)
{
	struct match_player_options opt = {0};
	char err[200], *out = NULL, *text = strdup(script);
	size_t len = 0;
	struct match_player *p = match_player_new("random", &opt, err, sizeof err);
	FILE *in = fmemopen(text, strlen(text), "r");
	FILE *o = open_memstream(&out, &len);

	gtp_serve(in, o, p, 5, err, sizeof err);
	fclose(in);
	fclose(o);
	free(text);
	match_player_free(p);
	return out;
}

Test(gtp, basic_commands_and_ids)
{
	char *out = gtp_session("protocol_version\n7 name\nboardsize 8\nboardsize 19\n"
				"known_command genmove\nknown_command fly\nfrobnicate\nquit\n"
				"name\n");

	cr_assert_str_eq(out, "= 2\n\n=7 Othello Master\n\n=\n\n? unacceptable size\n\n"
			      "= true\n\n= false\n\n? unknown command\n\n=\n\n");
	free(out);
}

Test(gtp, play_undo_and_illegal_moves)
{
	char *out = gtp_session("play black f5\nplay white a1\nplay white d6\nplay b c3\n"
				"play black e3\nundo\nplay black c3\nplay white pass\n"
				"play black z9\nplay black\nshowboard\n");
	const char *expect = "=\n\n? illegal move\n\n=\n\n=\n\n? illegal move: it is white's "
			     "turn\n\n=\n\n=\n\n? illegal move\n\n? syntax error\n\n"
			     "? syntax error\n\n";

	cr_assert(strncmp(out, expect, strlen(expect)) == 0, "%s", out);
	cr_assert(strstr(out, "3 . . X . . . . . 3\n4 . . . X X . . . 4\n5 . . . O X X . . 5\n"
			      "6 . . . O . . . . 6") != NULL,
		  "%s", out);
	free(out);
}

Test(gtp, genmove_plays_a_legal_move)
{
	char *out = gtp_session("genmove black\ngenmove white\nshowboard\n");
	char a[3], b[3];

	cr_assert_eq(sscanf(out, "= %2s\n\n= %2s", a, b), 2, "%s", out);
	cr_assert(strstr("d3 c4 f5 e6", a) != NULL, "%s", a);
	cr_assert(strstr(out, "Black to move") != NULL, "%s", out);
	free(out);
}

Test(gtp, forced_passes)
{
	/* A nine-move game in which one side loses every disc: then neither side can
	   move, genmove answers pass and the final score is 64 to the winner. */
	char *out = gtp_session("play b d3\nplay w c3\nplay b b3\nplay w d2\nplay b e1\n"
				"play w d6\nplay b d7\nplay w e3\nplay b f4\ngenmove white\n"
				"final_score\n");

	cr_assert(strstr(out, "= pass\n\n= B+64\n\n") != NULL, "%s", out);
	free(out);
}

/* GTP scores a game in progress too (it answered "? the game is not over"): the disc
   difference as it stands, from Black's side. */
Test(gtp, final_score_scores_an_unfinished_game_as_it_stands)
{
	char *out = gtp_session("final_score\nplay b d3\nfinal_score\nplay w c5\nplay b f6\n"
				"final_score\n");

	/* start 2-2: 0; after d3 Black 4, White 1: B+3; after c5 (3-3) and f6: Black 5,
	   White 2 */
	cr_assert(strstr(out, "= 0\n\n=\n\n= B+3\n\n=\n\n=\n\n= B+3\n\n"), "%s", out);
	free(out);
}

Test(match, a_level_player_explains_its_moves)
{
	struct match_player_options opt = {0};
	char err[200];
	struct match_player *p = match_player_new("expert", &opt, err, sizeof err);
	struct match_openings list;
	struct match_move m;

	cr_assert_not_null(p, "%s", err);
	match_openings_start(VARIANT_8X8, &list);
	cr_assert_eq(match_player_new_game(p, &list.v[0], 1, err, sizeof err), 0);
	cr_assert_eq(match_player_genmove(p, &list.v[0].board, BLACK, &m, err, sizeof err), 0);
	cr_assert(board_is_legal(&list.v[0].board.b8, m.move));
	cr_assert(m.has_reasoning);
	cr_assert_eq(m.reasoning.source, SOURCE_SEARCH);
	cr_assert_eq(m.reasoning.depth, 3);
	cr_assert_eq(m.reasoning.pv[0], m.move);
	cr_assert_eq(m.reasoning.n_moves, 4, "all four opening moves were searched");
	cr_assert_str_eq(m.reasoning.level, "expert");
	match_player_free(p);
	match_openings_free(&list);
}

Test(match, options_override_the_level)
{
	struct match_player_options opt = {.depth = 2};
	char err[200];
	struct match_player *p = match_player_new("expert", &opt, err, sizeof err);
	struct match_openings list;
	struct match_move m;

	cr_assert_not_null(p, "%s", err);
	match_openings_start(VARIANT_8X8, &list);
	match_player_new_game(p, &list.v[0], 1, err, sizeof err);
	match_player_genmove(p, &list.v[0].board, BLACK, &m, err, sizeof err);
	cr_assert_eq(m.reasoning.depth, 2);
	match_player_free(p);
	match_openings_free(&list);
	cr_assert_null(match_player_new("expert --depth 99", &opt, err, sizeof err));
}

/* The cross table counted in one pass by hash equals, cell by cell, the match
   statistics computed one pair at a time (the slow reference); more than 64
   players are all listed. */
Test(stats, cross_table_cells_equal_the_pairwise_statistics)
{
	struct report r = {0};
	const char **names;
	struct stats_table t;
	char a[16], b[16];
	unsigned x = 12345;
	int n;

	for (int i = 0; i < 3000; i++) {
		x = x * 1103515245u + 12345u;
		snprintf(a, sizeof a, "p%u", (x >> 8) % 70);
		snprintf(b, sizeof b, "p%u", (x >> 20) % 70);
		add_games(&r, a, b, 1, (int)((x >> 4) % 9) * 2 - 8);
	}
	n = stats_players(r.games, r.n, &names);
	cr_assert_eq(n, 70, "every player is listed (%d)", n);
	cr_assert_str_eq(names[0], r.games[0].black);
	cr_assert_eq(stats_table_compute(r.games, r.n, names, n, &t), 0);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			struct stats_match ref;
			const struct stats_match *c = stats_table_cell(&t, i, j);

			if (i == j)
				continue;
			stats_match_compute(r.games, r.n, names[i], names[j], &ref);
			cr_assert_eq(c->games, ref.games);
			cr_assert_eq(memcmp(c->wins_as, ref.wins_as, sizeof ref.wins_as), 0);
			cr_assert_eq(memcmp(c->losses_as, ref.losses_as, sizeof ref.losses_as), 0);
			cr_assert_eq(memcmp(c->draws_as, ref.draws_as, sizeof ref.draws_as), 0);
			cr_assert_float_eq(c->mean_diff, ref.mean_diff, 1e-9);
			cr_assert_float_eq(c->diff_ci, ref.diff_ci, 1e-9);
			cr_assert_float_eq(c->elo, ref.elo, 1e-9);
			cr_assert_float_eq(c->elo_error, ref.elo_error, 1e-9);
		}
	stats_table_free(&t);
	free(names);
	report_free(&r);
}

Test(stats, no_games_no_players)
{
	const char **names;
	struct stats_table t;

	cr_assert_eq(stats_players(NULL, 0, &names), 0);
	cr_assert_eq(stats_table_compute(NULL, 0, names, 0, &t), 0);
	cr_assert_eq(t.n, 0);
	stats_table_free(&t);
	free(names);
}

/* A ladder of `levels` (weakest first), four games a rung, on `jobs` threads. */
static void run_ladder(struct ladder *l, const char *const *levels, int n, int jobs)
{
	char err[300];

	memset(l, 0, sizeof *l);
	for (int i = 0; i < n; i++)
		cr_assert_eq(ladder_add_level(l, levels[i], err, sizeof err), 0, "%s", err);
	l->games_per_rung = 4;
	l->plies = 4;
	l->seed = 5;
	l->tt_megabytes = 1;
	l->jobs = jobs;
	cr_assert_eq(ladder_run(l, err, sizeof err), 0, "%s", err);
}

Test(ladder, games_do_not_depend_on_the_number_of_jobs)
{
	static const char *const levels[] = {"novice --random 40", "expert --depth 1 --random 20",
					     "expert --depth 2"};
	struct ladder one, three;

	run_ladder(&one, levels, 3, 1);
	run_ladder(&three, levels, 3, 3);
	cr_assert_eq(one.n_games, 8);
	cr_assert_eq(one.done, 8);
	for (int i = 0; i < one.n_games; i++) {
		const struct ladder_game *a = &one.games[i], *b = &three.games[i];

		cr_assert(a->played && !a->failed && !a->timeout, "game %d", i);
		cr_assert_eq(a->rung, b->rung);
		cr_assert_eq(a->index, b->index);
		cr_assert_eq(a->diff, b->diff, "game %d: %d and %d", i, a->diff, b->diff);
	}
	cr_assert_eq(one.games[0].rung, 1, "the strongest rung comes first");
	ladder_free(&one);
	ladder_free(&three);
}

Test(ladder, a_rung_counts_its_games_from_the_stronger_side)
{
	static const char *const levels[] = {"beginner", "expert --depth 3"};
	struct ladder l;
	struct ladder_rung c;
	double sum = 0;

	run_ladder(&l, levels, 2, 2);
	ladder_rung_count(&l, 0, &c);
	cr_assert_eq(c.games, 4);
	cr_assert_eq(c.wins + c.draws + c.losses, 4);
	cr_assert_eq(c.failed + c.cut + c.timeouts, 0);
	for (int i = 0; i < l.n_games; i++)
		sum += l.games[i].diff;
	cr_assert_eq(c.sum_diff, sum);
	cr_assert_eq(c.wins, 4, "a 3-ply search beats the first-move scanner");
	for (int i = 0; i < 2; i++) /* the openings are played with colours swapped */
		cr_assert_eq(l.games[2 * i].index / 2, l.games[2 * i + 1].index / 2);
	ladder_free(&l);
}

Test(ladder, a_bad_level_is_refused_with_its_text)
{
	struct ladder l = {0};
	char err[300];

	cr_assert_eq(ladder_add_level(&l, "expert --depth 0", err, sizeof err), -1);
	cr_assert(strstr(err, "level 'expert --depth 0'") != NULL, "%s", err);
	cr_assert_eq(l.n_levels, 0);
}

Test(match, search_players_play_legal_games_that_replay_from_the_seed)
{
	char err[200];
	struct eval *ev = eval_new_default();
	struct match_player *a = match_player_new_search(ev, 2, 6, 30, 1, err, sizeof err);
	struct match_player *b = match_player_new_search(ev, 1, 4, 30, 1, err, sizeof err);
	struct match_openings list;
	struct report_game g1, g2;
	struct match_table t = {.player = {a, b}, .name = {"a", "b"}, .number = 1, .seed = {7, 7}};

	cr_assert(a && b, "%s", err);
	cr_assert_eq(match_openings_start(VARIANT_8X8, &list), 0);
	t.opening = &list.v[0];
	cr_assert_eq(match_play_game(&t, &g1, NULL, NULL), MATCH_END_NORMAL, "%s", g1.end);
	cr_assert_eq(match_play_game(&t, &g2, NULL, NULL), MATCH_END_NORMAL, "%s", g2.end);
	cr_assert_eq(g1.gap, g2.gap);
	cr_assert_eq(g1.moves, g2.moves);
	cr_assert_eq(g1.black_discs + g1.white_discs, 64);
	match_player_free(a);
	match_player_free(b);
	eval_free(ev);
	match_openings_free(&list);
}

Test(match, a_tournament_plan_pairs_everyone_and_a_shard_takes_its_slice)
{
	struct match_openings list = {.n = 3};
	struct match_plan whole = {.n_players = 3, .openings = &list}, part = whole;
	struct match_game *all, *all2;
	char err[100];
	int met[3][3] = {{0}};

	cr_assert_eq(match_plan_schedule(&whole, 0, 9, 1, 1, &all, err, sizeof err), 0);
	cr_assert_eq(whole.n_games, 18, "every opening twice for each of 3 pairings");
	for (int i = 0; i < whole.n_games; i++) {
		const struct match_game *g = &whole.games[i];

		cr_assert_eq(g->number, i + 1);
		cr_assert_eq(g->seed, match_game_seed(9, g->number));
		met[g->black][g->white]++;
	}
	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 3; b++)
			cr_assert_eq(met[a][b], a == b ? 0 : 3, "%d as Black against %d", a, b);
	cr_assert_eq(match_plan_schedule(&part, 4, 9, 2, 3, &all2, err, sizeof err), 0);
	cr_assert_eq(part.n_games, 4);
	cr_assert_eq(part.games[0].number, 5, "shard 2 of 3 of 12 games starts at game 5");
	cr_assert_eq(part.games[0].black, 0);
	cr_assert_eq(part.games[0].white, 2);
	free(all);
	free(all2);
}

Test(match, repeated_players_get_distinct_names)
{
	const char *const labels[] = {"expert", "novice", "expert", "expert"};
	char names[4][REPORT_NAME_LEN];

	match_names_distinct(labels, 4, names);
	cr_assert_str_eq(names[0], "expert");
	cr_assert_str_eq(names[1], "novice");
	cr_assert_str_eq(names[2], "expert#2");
	cr_assert_str_eq(names[3], "expert#3");
}
