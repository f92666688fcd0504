/*
 * test-perft.c — move-sequence counts from the start position against the
 * published exact figures (a pass counts as a ply; OEIS A124004).
 */
#include "board.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

struct perft_case {
	int depth;
	uint64_t nodes;
};

ParameterizedTestParameters(perft, start_position_counts)
{
	static struct perft_case cases[] = {
		{ 1, 4 },	  { 2, 12 },	  { 3, 56 },	     { 4, 244 },
		{ 5, 1396 },	  { 6, 8200 },	  { 7, 55092 },	     { 8, 390216 },
		{ 9, 3005288 }, { 10, 24571056 },
	};

	return cr_make_param_array(struct perft_case, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(struct perft_case *c, perft, start_position_counts)
{
	struct board b;

	board_start(&b);
	cr_assert_eq(board_perft(&b, c->depth), c->nodes, "perft %d", c->depth);
}

Test(perft, depth_zero_is_one_node)
{
	struct board b;

	board_start(&b);
	cr_assert_eq(board_perft(&b, 0), 1);
}

Test(perft, finished_game_has_no_continuations)
{
	struct board b = { 0xFFFFFFFFFFFFFFFFULL, 0 };

	cr_assert_eq(board_perft(&b, 1), 0);
	cr_assert_eq(board_perft(&b, 3), 0);
}

Test(perft, a_forced_pass_counts_as_a_ply)
{
	struct board b = { 0, 0 };
	enum color side;
	char err[128];
	/* Black a1, White b1, White to move: White cannot move, Black can (c1). */
	const char *s = "XO------" "--------" "--------" "--------"
			"--------" "--------" "--------" "-------- O";

	cr_assert_geq(board_parse(s, &b, &side, err, sizeof err), 0, "%s", err);
	cr_assert_eq(board_moves(b.own, b.opp), 0);
	cr_assert_neq(board_moves(b.opp, b.own), 0);
	cr_assert_eq(board_perft(&b, 1), 1);
	/* After the pass Black has one move (c1), which ends the game: 1 at depth 2. */
	cr_assert_eq(board_perft(&b, 2), 1);
	cr_assert_eq(board_perft(&b, 3), 0);
}
