/*
 * test-endgame.c — the exact solver against the FFO positions 1–19, whose
 * OBF lines give the exact score of every legal move: the best score, a best
 * move, move-by-move scores, and win/loss/draw solves.
 */
#include "board.h"
#include "eval.h"
#include "search.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>

struct obf_case {
	struct board b; /* the position */
	int n;		/* moves listed */
	int moves[32];	/* their squares */
	int scores[32]; /* their exact scores (discs) */
	int best;	/* the best of them */
};

/* Reads line `index` (0-based) of fforum-1-19.obf; a small reader for the test. */
static void load_case(int index, struct obf_case *c)
{
	FILE *f = fopen(TESTDATA "/fforum-1-19.obf", "r");
	char line[512], err[128];
	enum color side;
	int k = 0;

	cr_assert_not_null(f);
	memset(c, 0, sizeof *c);
	while (fgets(line, sizeof line, f)) {
		char *p = strchr(line, ';');
		int n;

		if (line[0] == '%' || !p)
			continue;
		if (k++ != index)
			continue;
		*p++ = '\0';
		cr_assert_geq(board_parse(line, &c->b, &side, err, sizeof err), 0, "%s", err);
		c->best = -99;
		while (*p) {
			char sq[3];
			int v;

			if (sscanf(p, " %2[A-Ha-h1-8]:%d;%n", sq, &v, &n) != 2)
				break;
			c->moves[c->n] = board_square_parse(sq);
			c->scores[c->n++] = v;
			if (v > c->best)
				c->best = v;
			p += n;
		}
		break;
	}
	fclose(f);
	cr_assert_gt(c->n, 0, "position %d has moves", index + 1);
}

/* Plays the PV (legal moves, passes only when forced) to the end: the final score is the solved
 * one. */
static void replay_pv(const struct board *start, const struct search_result *r, int pos)
{
	struct board b = *start;
	int sign = 1;

	for (int k = 0; k < r->pv_len; k++) {
		if (r->pv[k] == SQ_PASS) {
			cr_assert(!board_can_move(&b), "position %d: pass at ply %d is forced", pos,
				  k);
			board_pass(&b);
		} else {
			cr_assert(board_is_legal(&b, r->pv[k]), "position %d: ply %d legal", pos,
				  k);
			board_play(&b, r->pv[k], board_flips(b.own, b.opp, r->pv[k]));
		}
		sign = -sign;
	}
	cr_assert(board_game_over(&b), "position %d: the PV plays to the end", pos);
	cr_assert_eq(sign * board_final_score(&b) * 100, r->score,
		     "position %d: PV ends at the score", pos);
}

static struct search_result solve(const struct board *b, bool wld, int multipv)
{
	struct eval *ev = eval_new_default();
	struct search *s = search_new(16, ev);
	struct search_limits lim = {.endgame = 60, .wld = wld, .multipv = multipv};
	struct search_result r;

	cr_assert_eq(search_run(s, b, &lim, NULL, NULL, &r), 0);
	search_free(s);
	eval_free(ev);
	return r;
}

ParameterizedTestParameters(endgame, ffo_best_score)
{
	static int idx[19];

	for (int i = 0; i < 19; i++)
		idx[i] = i;
	return cr_make_param_array(int, idx, 19);
}

ParameterizedTest(int *i, endgame, ffo_best_score)
{
	struct obf_case c;
	struct search_result r;
	bool best_move = false;

	load_case(*i, &c);
	r = solve(&c.b, false, 0);
	cr_assert(r.endgame);
	cr_assert_eq(r.bound, BOUND_EXACT);
	cr_assert_eq(r.score, c.best * 100, "position %d: %d, expected %d", *i + 1, r.score / 100,
		     c.best);
	for (int k = 0; k < c.n; k++)
		if (c.moves[k] == r.move && c.scores[k] == c.best)
			best_move = true;
	cr_assert(best_move, "position %d: %s is not a best move", *i + 1,
		  board_square_name(r.move));
	cr_assert_eq(r.pv[0], r.move);
	replay_pv(&c.b, &r, *i + 1);
}

ParameterizedTestParameters(endgame, ffo_every_move_score)
{
	static int idx[] = {0, 4, 9, 12};

	return cr_make_param_array(int, idx, sizeof idx / sizeof idx[0]);
}

ParameterizedTest(int *i, endgame, ffo_every_move_score)
{
	struct obf_case c;
	struct search_result r;

	load_case(*i, &c);
	r = solve(&c.b, false, 64);
	cr_assert_eq(r.n_moves, c.n, "position %d: every move scored", *i + 1);
	for (int k = 0; k < c.n; k++) {
		bool found = false;

		for (int j = 0; j < r.n_moves; j++) {
			if (r.moves[j].move != c.moves[k])
				continue;
			found = true;
			cr_assert_eq(r.moves[j].bound, BOUND_EXACT);
			cr_assert_eq(r.moves[j].score, c.scores[k] * 100,
				     "position %d move %s: %d, expected %d", *i + 1,
				     board_square_name(c.moves[k]), r.moves[j].score / 100,
				     c.scores[k]);
		}
		cr_assert(found);
	}
	for (int j = 1; j < r.n_moves; j++)
		cr_assert_geq(r.moves[j - 1].score, r.moves[j].score, "moves are best first");
}

ParameterizedTestParameters(endgame, ffo_win_loss_draw)
{
	static int idx[] = {0, 3, 8, 17}; /* a win, a draw, a loss, a loss by 2 */

	return cr_make_param_array(int, idx, sizeof idx / sizeof idx[0]);
}

ParameterizedTest(int *i, endgame, ffo_win_loss_draw)
{
	struct obf_case c;
	struct search_result r;

	load_case(*i, &c);
	r = solve(&c.b, true, 0);
	cr_assert(r.endgame);
	if (c.best > 0)
		cr_assert(r.score > 0 && r.bound != BOUND_UPPER, "position %d is a win", *i + 1);
	else if (c.best < 0)
		cr_assert(r.score < 0 && r.bound != BOUND_LOWER, "position %d is a loss", *i + 1);
	else
		cr_assert(r.score == 0 && r.bound == BOUND_EXACT, "position %d is a draw", *i + 1);
}

Test(endgame, finished_game_scores_empties_to_winner)
{
	struct board b = {0x00000000FFFFFFFFULL, 0}; /* 32-0: over, 32 empty */
	struct search_result r = solve(&b, false, 0);

	cr_assert_eq(r.move, SQ_NONE);
	cr_assert_eq(r.score, 6400);
	cr_assert_eq(r.bound, BOUND_EXACT);
}

Test(endgame, forced_pass_is_reported)
{
	struct board b;
	enum color side;
	char err[80];
	struct search_result r;

	/* White to move has no move; Black can play e8. */
	cr_assert_geq(
	    board_parse("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-OOX O", &b,
			&side, err, sizeof err),
	    0, "%s", err);
	r = solve(&b, false, 0);
	cr_assert_eq(r.move, SQ_PASS);
}

/* The final disc difference for `b`'s mover by full minimax over every line (no pruning). */
static int minimax_score(const struct board *b, bool passed)
{
	uint64_t moves = board_moves(b->own, b->opp);
	int best = -65;

	if (!moves) {
		struct board swapped = {b->opp, b->own};

		return passed ? board_final_score(b) : -minimax_score(&swapped, true);
	}
	for (; moves; moves &= moves - 1) {
		struct board child = *b;
		int sq = board_first_square(moves), v;

		board_play(&child, sq, board_flips(b->own, b->opp, sq));
		v = -minimax_score(&child, false);
		if (v > best)
			best = v;
	}
	return best;
}

/*
 * Every layer of the solver (the last 1-4 squares, the parity solver, the
 * ordered search above it with or without the table), against full minimax:
 * each FFO 1-19 position played on by pseudo-random moves down to 1..10
 * empties, exact and win/loss/draw solves.
 */
Test(endgame, small_solves_match_minimax)
{
	struct eval *ev = eval_new_default();
	struct search *s = search_new(4, ev);
	uint64_t x = 12345;
	int solved = 0;

	for (int pos = 0; pos < 19; pos++) {
		for (int empties = 1; empties <= 10; empties++) {
			struct obf_case c;
			struct board b;
			int want;

			load_case(pos, &c);
			b = c.b;
			while (64 - board_popcount(b.own | b.opp) > empties &&
			       !board_game_over(&b)) {
				uint64_t moves = board_moves(b.own, b.opp);

				x = x * 6364136223846793005ULL + 1442695040888963407ULL;
				for (int k = (int)((x >> 33) % 7);
				     moves && k > 0 && moves & (moves - 1); k--)
					moves &= moves - 1;
				if (!moves)
					board_pass(&b);
				else
					board_play(
					    &b, board_first_square(moves),
					    board_flips(b.own, b.opp, board_first_square(moves)));
			}
			if (board_game_over(&b))
				continue;
			if (!board_can_move(&b))
				board_pass(&b); /* the root only reports a forced pass */
			want = minimax_score(&b, false);
			for (unsigned flags = 0; flags < 2; flags++) {
				struct search_limits exact = {.endgame = 60};
				struct search_limits wld = {.endgame = 60, .wld = true};
				struct search_result r;

				search_set_flags(s, flags ? SEARCH_NO_TT : 0);
				cr_assert_eq(search_run(s, &b, &exact, NULL, NULL, &r), 0);
				cr_assert_eq(r.bound, BOUND_EXACT);
				cr_assert_eq(r.score, want * 100,
					     "FFO #%d at %d empties: %d, expected %d", pos + 1,
					     empties, r.score / 100, want);
				cr_assert_eq(search_run(s, &b, &wld, NULL, NULL, &r), 0);
				cr_assert((r.score > 0) == (want > 0) &&
					      (r.score < 0) == (want < 0),
					  "FFO #%d at %d empties: win/loss/draw %d, expected %d",
					  pos + 1, empties, r.score / 100, want);
			}
			solved++;
		}
	}
	cr_assert_geq(solved, 150, "enough positions reached (%d)", solved);
	search_free(s);
	eval_free(ev);
}
