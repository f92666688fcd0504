/*
 * test-probcut.c — the ProbCut table reader (probcut.c) and the selective
 * search: every score the search calls exact is exact, at every selectivity
 * and even with a table that lies, checked against the FFO scores and a
 * plain alpha-beta over small positions; an exact search with a table is the
 * search without one; selective results say so.
 */
#include "board.h"
#include "eval.h"
#include "probcut.h"
#include "rng.h"
#include "search.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* Loads a table from text; NULL with the message in err. */
static struct probcut *load_text(const char *text, char *err, size_t errlen)
{
	static char buf[4096];
	FILE *f;
	struct probcut *pc;

	cr_assert_lt(strlen(text), sizeof buf);
	strcpy(buf, text);
	f = fmemopen(buf, strlen(buf), "r");
	cr_assert_not_null(f);
	pc = probcut_load(f, "t.txt", err, errlen);
	fclose(f);
	return pc;
}

static void expect_error(const char *text, const char *message)
{
	char err[256] = "";
	struct probcut *pc = load_text(text, err, sizeof err);

	cr_assert_null(pc, "accepted: %s", text);
	cr_assert_str_eq(err, message);
}

Test(probcut, reader_skips_a_byte_order_mark)
{
	char err[256] = "";
	struct probcut *pc = load_text("\xEF\xBB\xBF# fitted\nmid 10 12 4 2 1 0 300\n", err,
				       sizeof err);

	cr_assert_not_null(pc, "%s", err);
	probcut_free(pc);
}

Test(probcut, reader_reports_file_and_line)
{
	expect_error("# c\n\nmid 1 2 3\n", "t.txt:3: expected LO HI DEEP SHALLOW SLOPE INTERCEPT "
					   "SIGMA after 'mid'");
	expect_error("end 10 10 2 1 0 300\nfoo 1 2\n",
		     "t.txt:2: expected a row starting with 'mid' or 'end'");
	expect_error("mid 10 12 4 4 1 0 300\n",
		     "t.txt:1: SHALLOW must be a depth from 1 to DEEP - 1");
	expect_error("mid 10 12 4 2 0 0 300\n", "t.txt:1: SLOPE must be above 0 and at most 4");
	expect_error("mid 10 12 4 2 1 0 -3\n",
		     "t.txt:1: SIGMA must be above 0 and at most 6400 centidiscs");
	expect_error("mid 12 10 4 2 1 0 300\n",
		     "t.txt:1: empties must be whole numbers with 1 <= LO <= HI <= 60");
	expect_error("mid 10 12 4 2 1 0 300 7\n", "t.txt:1: unexpected text after the row");
	expect_error("mid 10 12 41 2 1 0 300\n", "t.txt:1: DEEP must be a depth from 2 to 40");
	expect_error("mid 10 12 8 2 1 0 300\nmid 10 10 8 4 1 0 300\nmid 9 10 8 6 1 0 300\n",
		     "t.txt:3: more than 2 'mid' rows for the same empties and DEEP");
	expect_error("end 10 12 2 1 0 300\nend 12 14 4 1 0 300\n",
		     "t.txt:2: a second 'end' row for the same empties");
	expect_error("# only a comment\n", "t.txt: no ProbCut rows");
}

Test(probcut, lookups_sort_extend_and_convert)
{
	char err[256];
	struct probcut *pc = load_text("mid 20 30 8 4 1.0 0 200\n"
				       "mid 20 30 8 2 1.0 0 300 # cheaper, listed second\n"
				       "mid 20 30 7 3 0.5 100 200\n"
				       "end 12 14 4 2.0 -100 400\n",
				       err, sizeof err);
	const struct probcut_pair *p;

	cr_assert_not_null(pc, "%s", err);
	p = probcut_mid(pc, 25, 8);
	cr_assert_eq(p[0].shallow, 2);
	cr_assert_eq(p[1].shallow, 4);
	p = probcut_mid(pc, 25, 12); /* beyond the trained depths: 8's pairs moved by 4 */
	cr_assert_eq(p[0].shallow, 6);
	cr_assert_eq(p[1].shallow, 8);
	p = probcut_mid(pc, 25, 11); /* odd: from 7 */
	cr_assert_eq(p[0].shallow, 7);
	cr_assert_eq(p[1].shallow, 0);
	cr_assert_eq(probcut_mid(pc, 31, 8)[0].shallow, 0);
	cr_assert_null(probcut_end(pc, 11));
	cr_assert_eq(probcut_end(pc, 20)->shallow, 4); /* beyond: the last row */
	/* 95 %: t = 2; beta 100 -> shallow >= (100 + 100 + 2 * 400) / 2 = 500 */
	cr_assert_eq(probcut_bound(probcut_end(pc, 13), 2, 100, 1), 500);
	cr_assert_eq(probcut_bound(probcut_end(pc, 13), 2, 100, -1), -300);
	probcut_free(pc);
}

Test(probcut, selectivity_names)
{
	cr_assert_eq(probcut_parse_level("exact"), 100);
	cr_assert_eq(probcut_parse_level("95%"), 95);
	cr_assert_eq(probcut_parse_level("73"), 73);
	cr_assert_eq(probcut_parse_level("90"), -1);
	cr_assert_eq(probcut_parse_level("95x"), -1);
	cr_assert_eq(probcut_level(0), PROBCUT_EXACT);
	cr_assert_eq(probcut_level(87), 1);
	cr_assert_eq(probcut_percent(PROBCUT_EXACT), 100);
}

/* The pattern evaluation with the shipped table, or with `table` text when not NULL. */
static struct eval *eval_with(const char *table)
{
	char err[512];
	FILE *f = fopen(OTHELLO_SRCDIR "/eval/pattern.bin", "rb");
	struct eval *ev;
	struct probcut *pc;

	cr_assert_not_null(f);
	ev = eval_load(VARIANT_8X8, f, "pattern.bin", err, sizeof err);
	fclose(f);
	cr_assert_not_null(ev, "%s", err);
	if (table) {
		pc = load_text(table, err, sizeof err);
	} else {
		f = fopen(OTHELLO_SRCDIR "/eval/probcut.txt", "r");
		cr_assert_not_null(f);
		pc = probcut_load(f, "probcut.txt", err, sizeof err);
		fclose(f);
	}
	cr_assert_not_null(pc, "%s", err);
	eval_set_probcut(ev, pc);
	return ev;
}

/* A table that predicts every deep score 20 discs too high with no error: selective searches
 * cut almost everywhere, and wrongly. */
static const char liar[] = "mid 1 60 3 1 1.0 2000 1\nmid 1 60 4 2 1.0 2000 1\n"
			   "mid 1 60 5 3 1.0 2000 1\nmid 1 60 6 2 1.0 2000 1\n"
			   "end 1 60 2 1.0 2000 1\n";

/* Plain fail-hard alpha-beta over every move: the final disc difference. */
static int reference(uint64_t own, uint64_t opp, int alpha, int beta, bool passed)
{
	uint64_t moves = board_moves(own, opp);

	if (!moves) {
		if (passed)
			return board_final_score(&(struct board){own, opp});
		return -reference(opp, own, -beta, -alpha, true);
	}
	for (; moves; moves &= moves - 1) {
		int sq = board_first_square(moves), v;
		uint64_t f = board_flips(own, opp, sq);

		v = -reference(opp ^ f, own ^ f ^ board_bit(sq), -beta, -alpha, false);
		if (v >= beta)
			return beta;
		if (v > alpha)
			alpha = v;
	}
	return alpha;
}

/* A position `empties` empties from the end by random legal moves from the start (seeded). */
static bool random_position(uint64_t seed, int empties, struct board *b)
{
	uint64_t rng = seed;

	board_start(b);
	while (board_empty_count(b) > empties) {
		uint64_t moves = board_moves(b->own, b->opp);
		int k;

		if (!moves) {
			if (!board_opponent_can_move(b))
				return false;
			board_pass(b);
			continue;
		}
		k = (int)rng_below(&rng, (uint64_t)board_popcount(moves));
		while (k--)
			moves &= moves - 1;
		board_play(b, board_first_square(moves),
			   board_flips(b->own, b->opp, board_first_square(moves)));
	}
	return board_can_move(b);
}

/* Solves `b` up to selectivity `percent`, climbing the levels before an exact solve of any size.
 */
static struct search_result solve_at(const struct eval *ev, const struct board *b, int percent)
{
	struct search *s = search_new(8, ev);
	struct search_limits lim = {.endgame = 60, .solve_selectivity = percent, .selectivity = 73};
	struct search_result r;

	cr_assert_not_null(s);
	search_set_flags(s, SEARCH_CLIMB_ALWAYS);
	search_run(s, b, &lim, NULL, NULL, &r);
	search_free(s);
	return r;
}

Test(probcut, exact_solves_match_plain_alpha_beta)
{
	struct eval *ev[2] = {eval_with(NULL), eval_with(liar)};
	int done = 0;

	for (uint64_t seed = 1; done < 12; seed++) {
		struct board b;
		int want;

		if (!random_position(seed * 7919, 12 + (int)(seed % 3), &b))
			continue;
		done++;
		want = reference(b.own, b.opp, -65, 65, false);
		for (int k = 0; k < 2; k++) {
			struct search_result r = solve_at(ev[k], &b, 100);

			cr_assert(r.endgame);
			cr_assert_eq(r.selectivity, 100);
			cr_assert_eq(r.bound, BOUND_EXACT);
			cr_assert_eq(r.score, want * 100, "seed %llu, table %d: %d, expected %d",
				     (unsigned long long)seed, k, r.score / 100, want);
		}
	}
	eval_free(ev[0]);
	eval_free(ev[1]);
}

/* The FFO positions of a file with their best scores. */
static int load_ffo(const char *path, struct board *b, int *best, int max)
{
	FILE *f = fopen(path, "r");
	char line[512], err[128];
	enum color side;
	int n = 0;

	cr_assert_not_null(f);
	while (n < max && fgets(line, sizeof line, f)) {
		char *p = strchr(line, ';');
		int v, k;

		if (line[0] == '%' || !p)
			continue;
		*p++ = '\0';
		cr_assert_geq(board_parse(line, &b[n], &side, err, sizeof err), 0, "%s", err);
		best[n] = -99;
		while (sscanf(p, " %*2[A-Ha-h1-8]:%d;%n", &v, &k) == 1) {
			if (v > best[n])
				best[n] = v;
			p += k;
		}
		n++;
	}
	fclose(f);
	return n;
}

Test(probcut, ffo_exact_with_selective_presearch_and_liar)
{
	struct board b[20];
	int best[20], n = load_ffo(TESTDATA "/fforum-1-19.obf", b, best, 19);
	struct eval *ev[2] = {eval_with(NULL), eval_with(liar)};

	for (int i = 0; i < n; i++)
		for (int k = 0; k < 2; k++) {
			struct search_result r = solve_at(ev[k], &b[i], 0);

			cr_assert(r.endgame);
			cr_assert_eq(r.score, best[i] * 100, "FFO #%d, table %d: %d, expected %d",
				     i + 1, k, r.score / 100, best[i]);
		}
	eval_free(ev[0]);
	eval_free(ev[1]);
}

/* A solve asked at 95 % or 73 % (below the 87 % where the climb starts) solves at that level,
   and does not say exact. */
Test(probcut, selective_solve_is_not_called_exact)
{
	static const int percents[2] = {95, 73};
	struct board b[1];
	int best[1];
	struct eval *ev = eval_with(NULL);

	load_ffo(TESTDATA "/fforum-20-39.obf", b, best, 1);
	for (int k = 0; k < 2; k++) {
		struct search_result r = solve_at(ev, &b[0], percents[k]);

		cr_assert(!r.endgame);
		cr_assert_eq(r.selectivity, percents[k]);
		cr_assert_eq(r.depth, board_empty_count(&b[0]), "a solve at %d %%", percents[k]);
	}
	eval_free(ev);
}

/* Exact selectivity with a table is the search without one: the same nodes, move and score. */
Test(probcut, exact_midgame_ignores_the_table)
{
	struct eval *with = eval_with(NULL), *without = eval_with(liar);
	struct board b;
	struct search_limits lim = {.depth = 7, .endgame = 0};
	struct search_result r[3];
	struct search *s;

	cr_assert(random_position(42, 40, &b));
	eval_set_probcut(without, NULL);
	for (int k = 0; k < 2; k++) {
		s = search_new(8, k ? without : with);
		search_run(s, &b, &lim, NULL, NULL, &r[k]);
		search_free(s);
	}
	cr_assert_eq(r[0].nodes, r[1].nodes);
	cr_assert_eq(r[0].move, r[1].move);
	cr_assert_eq(r[0].score, r[1].score);
	cr_assert_eq(r[0].selectivity, 100);
	/* and a selective one says so, with fewer nodes */
	lim.selectivity = 87;
	s = search_new(8, with);
	search_run(s, &b, &lim, NULL, NULL, &r[2]);
	search_free(s);
	cr_assert_eq(r[2].selectivity, 87);
	cr_assert_eq(r[2].depth, 7);
	cr_assert_lt(r[2].nodes, r[0].nodes);
	eval_free(with);
	eval_free(without);
}

/* Observer: marks the selectivity of each selective endgame iteration (depth = empties). */
static void mark_levels(const struct search_info *info, void *user)
{
	bool *seen = user;

	if (info->selectivity < 100 && info->depth >= 22)
		seen[info->selectivity] = true;
}

/* The default climb (from 22 empties) on FFO #41 (22 empties, score 0) with the shipped table. */
Test(probcut, ffo41_climbs_and_stays_exact)
{
	struct board b[2];
	int best[2], levels = 0;
	bool seen[101] = {false};
	struct eval *ev = eval_with(NULL);
	struct search *s = search_new(16, ev);
	struct search_limits lim = {.endgame = 60};
	struct search_result r;

	cr_assert_eq(load_ffo(TESTDATA "/fforum-40-59.obf", b, best, 2), 2);
	cr_assert_eq(board_empty_count(&b[1]), 22);
	search_run(s, &b[1], &lim, mark_levels, seen, &r);
	for (int p = 0; p <= 100; p++)
		levels += seen[p];
	cr_assert(seen[87] && seen[95] && levels == 2,
		  "the 87 and 95 %% levels come first, and only they");
	cr_assert(r.endgame);
	cr_assert_eq(r.score, best[1] * 100);
	search_free(s);
	eval_free(ev);
}

/* Observer: the lowest selectivity of the midgame iterations and their deepest depth. */
struct pre_iterations {
	int lowest;  /* lowest selectivity seen among midgame iterations (101: none) */
	int deepest; /* deepest midgame iteration */
};

static void mark_midgame(const struct search_info *info, void *user)
{
	struct pre_iterations *seen = user;

	if (info->endgame || info->depth >= 20)
		return;
	if (info->selectivity < seen->lowest)
		seen->lowest = info->selectivity;
	if (info->depth > seen->deepest)
		seen->deepest = info->depth;
}

/* The midgame iterations before a solve of FFO #40 (20 empties, +38) run at 95 % to 9 plies
   (the solve only takes their moves), at the limits' selectivity when it is not exact, and
   exactly when ProbCut is off; the solve stays exact. */
Test(probcut, midgame_before_a_solve_is_selective)
{
	static const int asked[3] = {100, 87, 100};
	static const int want[3] = {95, 87, 100};
	struct board b[1];
	int best[1];
	struct eval *ev = eval_with(NULL);

	cr_assert_eq(load_ffo(TESTDATA "/fforum-40-59.obf", b, best, 1), 1);
	for (int k = 0; k < 3; k++) {
		struct search *s = search_new(16, ev);
		struct search_limits lim = {.endgame = 60, .selectivity = asked[k]};
		struct pre_iterations seen = {101, 0};
		struct search_result r;

		cr_assert_not_null(s);
		if (k == 2)
			search_set_flags(s, SEARCH_NO_PROBCUT);
		search_run(s, &b[0], &lim, mark_midgame, &seen, &r);
		cr_assert_eq(seen.lowest, want[k], "case %d", k);
		cr_assert_eq(seen.deepest, 9, "case %d", k);
		cr_assert(r.endgame);
		cr_assert_eq(r.selectivity, 100);
		cr_assert_eq(r.score, best[0] * 100);
		search_free(s);
	}
	eval_free(ev);
}
