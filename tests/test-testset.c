/*
 * test-testset.c — the exact-scored test set (src/batch/testset.c) and the
 * OBF line it is written in (src/batch/obf.c): lines read back as written,
 * errors with their columns, positions reproducible from seed and index,
 * every move's label checked against a plain minimax on the slow reference
 * board and, deeper, against a solve of each move on its own, and the measurement against what a
 * search to the end must give.
 */
#include "board.h"
#include "eval.h"
#include "obf.h"
#include "refboard.h"
#include "search.h"
#include "testset.h"
#include "train.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Two opening lines of a few moves (f5 d6 c3 / f5 f6 e6). */
static const struct train_opening openings[2] = {{3, {37, 43, 18}}, {3, {37, 45, 44}}};

/* Exact final score (discs, mover's view) of `r` by plain minimax on the reference board. */
static int ref_minimax(const struct refboard *r, bool passed)
{
	uint64_t moves = refboard_moves(r);
	int best = -65;

	if (!moves) {
		struct refboard p = *r;
		int own = 0, opp = 0, empty = 0;

		if (!passed) {
			refboard_pass(&p);
			return -ref_minimax(&p, true);
		}
		for (int i = 0; i < 64; i++) {
			own += r->cell[i] == REF_MOVER;
			opp += r->cell[i] == REF_OTHER;
			empty += r->cell[i] == REF_EMPTY;
		}
		/* empties go to the winner */
		return own > opp ? own - opp + empty : own < opp ? own - opp - empty : 0;
	}
	for (int sq = 0; sq < 64; sq++) {
		if (moves >> sq & 1) {
			struct refboard c = *r;
			int v;

			refboard_play(&c, sq);
			v = -ref_minimax(&c, false);
			if (v > best)
				best = v;
		}
	}
	return best;
}

Test(obf, a_line_reads_back_as_written)
{
	char line[OBF_LINE_MAX], again[OBF_LINE_MAX], err[128];
	struct obf_position a, b;
	int col;

	strcpy(line, "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; "
		     "G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24; % ffo 1");
	cr_assert_eq(obf_parse_line(VARIANT_8X8, line, &a, &col, err, sizeof err), 1, "%s", err);
	cr_assert_eq(a.n_moves, 8);
	cr_assert_eq(a.best, 18);
	cr_assert_eq(a.side, BLACK);
	cr_assert_eq(obf_score_of(&a, board_square_parse("a4")), -22);
	cr_assert_eq(obf_score_of(&a, board_square_parse("h8")), -99);
	cr_assert_eq(obf_format(&a, "again", again, sizeof again), 0);
	cr_assert(strstr(again, "% again"));
	cr_assert_eq(obf_parse_line(VARIANT_8X8, again, &b, &col, err, sizeof err), 1, "%s", err);
	cr_assert_eq(pos_board8(&b.pos)->own, pos_board8(&a.pos)->own);
	cr_assert_eq(pos_board8(&b.pos)->opp, pos_board8(&a.pos)->opp);
	cr_assert_eq(b.n_moves, a.n_moves);
	cr_assert_arr_eq(b.moves, a.moves, sizeof(int) * (size_t)a.n_moves);
	cr_assert_arr_eq(b.scores, a.scores, sizeof(int) * (size_t)a.n_moves);
	cr_assert_eq(obf_format(&a, NULL, again, 40), -1, "a short buffer is refused");
}

Test(obf, errors_name_their_column)
{
	char line[OBF_LINE_MAX], err[128];
	struct obf_position p;
	int col;

	strcpy(line, "   % only a comment");
	cr_assert_eq(obf_parse_line(VARIANT_8X8, line, &p, &col, err, sizeof err), 0);
	strcpy(line, "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; "
		     "Z9:+2;");
	cr_assert_eq(obf_parse_line(VARIANT_8X8, line, &p, &col, err, sizeof err), -1);
	cr_assert_eq(col, 77);
	cr_assert_str_eq(err, "'Z9' is not a square of 8x8 (a1 to h8)");
	strcpy(line, "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+99;");
	cr_assert_eq(obf_parse_line(VARIANT_8X8, line, &p, &col, err, sizeof err), -1);
	cr_assert_eq(col, 72);
	strcpy(line, "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X");
	cr_assert_eq(obf_parse_line(VARIANT_8X8, line, &p, &col, err, sizeof err), -1);
	cr_assert_eq(col, 67);
}

Test(testset, positions_are_reproducible_and_have_the_empties_asked)
{
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);

	for (uint32_t i = 0; i < 6; i++) {
		struct obf_position a, b;
		int empties = 20 + (int)i;

		cr_assert_eq(testset_position(s, openings, 2, 7, i, empties, &a), 0);
		cr_assert_eq(testset_position(s, openings, 2, 7, i, empties, &b), 0);
		cr_assert_eq(pos_board8(&a.pos)->own, pos_board8(&b.pos)->own, "index %u", i);
		cr_assert_eq(pos_board8(&a.pos)->opp, pos_board8(&b.pos)->opp, "index %u", i);
		cr_assert_eq(pos_empty_count(&a.pos), empties);
		cr_assert(board_can_move(pos_board8(&a.pos)));
		if (i > 0) {
			struct obf_position c;

			cr_assert_eq(testset_position(s, openings, 2, 8, i, empties, &c), 0);
			cr_assert(pos_board8(&c.pos)->own != pos_board8(&a.pos)->own || pos_board8(&c.pos)->opp != pos_board8(&a.pos)->opp,
				  "another seed, another game");
		}
	}
	search_free(s);
	eval_free(ev);
}

Test(testset, every_label_is_the_exact_minimax_score, .timeout = 120)
{
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);

	for (uint32_t i = 0; i < 8; i++) {
		struct obf_position p;
		struct refboard r;
		uint64_t moves;
		int best = -65;

		cr_assert_eq(testset_position(s, openings, 2, 3, i, 8 + (int)(i % 2), &p), 0);
		cr_assert_eq(testset_label(s, &p), 0);
		moves = board_moves(pos_board8(&p.pos)->own, pos_board8(&p.pos)->opp);
		cr_assert_eq(p.n_moves, board_popcount(moves), "every legal move is scored");
		refboard_from_bits(&r, pos_board8(&p.pos)->own, pos_board8(&p.pos)->opp);
		for (int k = 0; k < p.n_moves; k++) {
			struct refboard c = r;

			cr_assert(moves >> p.moves[k] & 1);
			refboard_play(&c, p.moves[k]);
			cr_assert_eq(p.scores[k], -ref_minimax(&c, false), "index %u move %s", i,
				     board_square_name(p.moves[k]));
			if (k > 0)
				cr_assert_geq(p.scores[k - 1], p.scores[k], "best first");
			if (p.scores[k] > best)
				best = p.scores[k];
		}
		cr_assert_eq(p.best, best);
	}
	search_free(s);
	eval_free(ev);
}

/* The exact score (discs, mover's view) of `b` by a solve of its own, on a fresh table. */
static int plain_solve(const struct eval *ev, const struct board *b)
{
	struct search *s = search_new(16, ev);
	struct search_limits lim = {.endgame = 64};
	struct search_result r;

	cr_assert(s);
	search_run(s, b, &lim, NULL, NULL, &r);
	search_free(s);
	cr_assert(r.endgame && r.bound == BOUND_EXACT);
	return r.score / SCORE_DISC;
}

Test(testset, every_label_equals_a_solve_of_that_move_on_its_own, .timeout = 120)
{
	/* the set's labels come from one search scoring every root move; each move solved
	   apart, on a fresh table (and the position itself, by the plain root solve), must give
	   the same scores */
	struct eval *ev = eval_new_default();
	struct search *s = search_new(16, ev);

	for (uint32_t i = 0; i < 6; i++) {
		struct obf_position p;

		cr_assert_eq(testset_position(s, openings, 2, 5, i, 12 + (int)(i % 3), &p), 0);
		cr_assert_eq(testset_label(s, &p), 0);
		cr_assert_eq(p.n_moves, board_popcount(board_moves(pos_board8(&p.pos)->own, pos_board8(&p.pos)->opp)));
		for (int k = 0; k < p.n_moves; k++) {
			struct board c = *pos_board8(&p.pos);
			int sign = -1, v;

			board_play(&c, p.moves[k], board_flips(c.own, c.opp, p.moves[k]));
			if (!board_can_move(&c) && !board_game_over(&c)) {
				board_pass(&c);
				sign = 1;
			}
			v = board_game_over(&c) ? -board_final_score(&c)
						: sign * plain_solve(ev, &c);
			cr_assert_eq(p.scores[k], v, "index %u move %s: %+d, alone %+d", i,
				     board_square_name(p.moves[k]), p.scores[k], v);
			if (k > 0)
				cr_assert_geq(p.scores[k - 1], p.scores[k], "best first");
		}
		cr_assert_eq(p.best, plain_solve(ev, pos_board8(&p.pos)), "index %u: the position's score", i);
	}
	search_free(s);
	eval_free(ev);
}

Test(testset, the_measurement_sums_what_each_search_chose)
{
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	struct obf_position set[6];
	struct testset_bucket b[61];
	struct testset_measure_options o = {{1, 4}, 2, 2, 4};
	double e0 = 0, loss[2] = {0, 0};
	long best[2] = {0, 0}, n = 0;
	char err[128];

	for (uint32_t i = 0; i < 6; i++) {
		cr_assert_eq(testset_position(s, openings, 2, 11, i, 12, &set[i]), 0);
		cr_assert_eq(testset_label(s, &set[i]), 0);
		e0 += abs(eval_board(ev, pos_board8(&set[i].pos)) - set[i].best * SCORE_DISC) / 100.0;
		for (int d = 0; d < 2; d++) {
			struct search_limits lim = {.depth = o.depths[d], .endgame = 0};
			struct search_result r;
			int got;

			search_clear(s);
			search_run(s, pos_board8(&set[i].pos), &lim, NULL, NULL, &r);
			got = obf_score_of(&set[i], r.move);
			cr_assert_neq(got, -99);
			cr_assert_geq(set[i].best, got);
			loss[d] += set[i].best - got;
			best[d] += got == set[i].best;
		}
	}
	/* two threads, each with its own table: the same sums as one search after another */
	cr_assert_eq(testset_measure(ev, set, 6, &o, b, NULL, NULL, err, sizeof err), 0, "%s", err);
	for (int e = 0; e < 61; e++) {
		n += b[e].n;
		if (e != 12)
			cr_assert_eq(b[e].n, 0);
	}
	cr_assert_eq(n, 6);
	cr_assert_float_eq(b[12].error0, e0, 1e-9);
	for (int d = 0; d < 2; d++) {
		cr_assert_float_eq(b[12].loss[d], loss[d], 1e-9, "depth %d", o.depths[d]);
		cr_assert_eq(b[12].best[d], best[d], "depth %d", o.depths[d]);
	}
	search_free(s);
	eval_free(ev);
}

Test(testset, a_set_without_the_chosen_move_is_refused)
{
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	struct obf_position p;
	struct testset_bucket b[61];
	struct testset_measure_options o = {{2}, 1, 1, 4};
	char err[128];

	cr_assert_eq(testset_position(s, openings, 2, 5, 0, 12, &p), 0);
	cr_assert_eq(testset_label(s, &p), 0);
	p.n_moves = 0; /* no move scored: whatever is chosen has no score */
	cr_assert_eq(testset_measure(ev, &p, 1, &o, b, NULL, NULL, err, sizeof err), -1);
	cr_assert(strstr(err, "position 1"), "%s", err);
	search_free(s);
	eval_free(ev);
}

Test(testset, index_of_reads_the_comment)
{
	cr_assert_eq(testset_index_of("X; A1:+2; % testset seed=1 index=17\n"), 17);
	cr_assert_eq(testset_index_of("X; A1:+2; % other\n"), -1);
	cr_assert_eq(testset_index_of("X; A1:+2; % testset seed=1 index=x\n"), -1);
}
