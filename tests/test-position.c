/*
 * test-position.c — the engine facade (position.h) on every board against the
 * slow reference of refvboard.c: perft from the start, and the moves, flips,
 * passes and final score of every position of random games; then the texts of
 * positions both ways and the views each implementation gives.
 */
#include "position.h"
#include "refvboard.h"
#include "rng.h"
#include "square.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static const enum variant boards[] = {VARIANT_8X8, VARIANT_6X6, VARIANT_10X10_HOLES};

static void ref_start(struct refvboard *r, enum variant v)
{
	refvboard_start(r, square_size(v), v == VARIANT_10X10_HOLES);
}

Test(position, perft_matches_the_reference_on_every_board)
{
	static const int depth[] = {6, 6, 4};

	for (int i = 0; i < 3; i++) {
		struct pos p;
		struct refvboard r;

		pos_start(&p, boards[i]);
		ref_start(&r, boards[i]);
		for (int d = 0; d <= depth[i]; d++)
			cr_assert_eq(pos_perft(&p, d), refvboard_perft(&r, d), "%s perft %d",
				     square_variant_name(boards[i]), d);
	}
}

/* The discs of the side to move and of the other side in the reference, as square.h masks. */
static void ref_masks(const struct refvboard *r, enum variant v, vbits *own, vbits *opp)
{
	*own = *opp = 0;
	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++) {
			int sq = square_at(v, row, col);

			if (r->cell[row][col] == RV_MOVER)
				*own |= (vbits)1 << sq;
			else if (r->cell[row][col] == RV_OTHER)
				*opp |= (vbits)1 << sq;
		}
}

/* Checks p against r: discs, and each square's flips and legality. Returns the legal moves. */
static vbits check_same(const struct pos *p, const struct refvboard *r, int ply)
{
	enum variant v = p->variant;
	vbits own, opp, legal = 0;
	int flipped[64][2];

	ref_masks(r, v, &own, &opp);
	cr_assert(pos_own(p) == own && pos_opp(p) == opp, "%s ply %d: discs differ",
		  square_variant_name(v), ply);
	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++) {
			int sq = square_at(v, row, col), n;
			vbits want = 0;

			if (sq < 0)
				continue;
			n = r->cell[row][col] == RV_EMPTY ? refvboard_flips(r, row, col, flipped) : 0;
			for (int k = 0; k < n; k++)
				want |= (vbits)1 << square_at(v, flipped[k][0], flipped[k][1]);
			cr_assert(pos_flips(p, sq) == want, "%s ply %d: flips of %s differ",
				  square_variant_name(v), ply, square_text(v, sq).s);
			if (want)
				legal |= (vbits)1 << sq;
		}
	cr_assert(pos_moves(p) == legal, "%s ply %d: moves differ", square_variant_name(v), ply);
	return legal;
}

/* Plays one random game on board v in p and in the reference, checking every position. */
static void random_game(enum variant v, uint64_t *rng, int game)
{
	struct pos p;
	struct refvboard r;
	int black = 0, white = 0, empties, diff, want;

	pos_start(&p, v);
	ref_start(&r, v);
	for (int ply = 0;; ply++) {
		vbits legal = check_same(&p, &r, ply);
		int k, sq, row, col;

		cr_assert_eq(legal != 0, refvboard_can_move(&r));
		if (!legal) {
			pos_pass(&p);
			refvboard_pass(&r);
			if (!pos_moves(&p)) {
				cr_assert(pos_game_over(&p), "%s game %d: not over",
					  square_variant_name(v), game);
				break;
			}
			cr_assert_not(pos_game_over(&p));
			continue;
		}
		cr_assert_not(pos_game_over(&p));
		for (k = (int)rng_below(rng, (uint64_t)vboard_popcount(legal)); k > 0; k--)
			legal &= legal - 1;
		sq = vboard_first_square(legal);
		square_row_col(v, sq, &row, &col);
		pos_play(&p, sq, pos_flips(&p, sq));
		refvboard_play(&r, row, col);
	}
	for (int row = 0; row < r.size; row++)
		for (int col = 0; col < r.size; col++) {
			black += r.cell[row][col] == RV_MOVER;
			white += r.cell[row][col] == RV_OTHER;
		}
	empties = square_count(v) - black - white;
	diff = black - white;
	want = diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
	cr_assert_eq(pos_final_score(&p), want, "%s game %d: final score", square_variant_name(v),
		     game);
	cr_assert_eq(pos_empty_count(&p), empties);
}

Test(position, random_games_follow_the_reference_on_every_board)
{
	uint64_t rng = 29;

	for (int i = 0; i < 3; i++)
		for (int game = 0; game < 40; game++)
			random_game(boards[i], &rng, game);
}

Test(position, texts_read_back_on_every_board)
{
	for (int i = 0; i < 3; i++) {
		struct pos p, q;
		char text[POS_STRING_MAX + 1], err[128];
		enum color side;
		vbits moves;

		pos_start(&p, boards[i]);
		moves = pos_moves(&p);
		pos_play(&p, vboard_first_square(moves), pos_flips(&p, vboard_first_square(moves)));
		pos_format(&p, WHITE, text);
		cr_assert_gt(pos_parse(boards[i], text, &q, &side, err, sizeof err), 0, "%s: %s",
			     text, err);
		cr_assert(pos_same(&p, &q), "%s", text);
		cr_assert_eq(side, WHITE);
		cr_assert_lt(pos_parse(boards[i], "XO", &q, &side, err, sizeof err), 0);
	}
}

Test(position, each_board_has_its_own_view)
{
	struct pos p;

	pos_start(&p, VARIANT_8X8);
	cr_assert_not_null(pos_board8(&p));
	cr_assert_null(pos_vboard(&p));
	cr_assert_eq(pos_board8(&p)->own, (uint64_t)pos_own(&p));
	pos_start(&p, VARIANT_6X6);
	cr_assert_null(pos_board8(&p));
	cr_assert_not_null(pos_vboard(&p));
	cr_assert(pos_vboard(&p)->opp == pos_opp(&p));
	pos_set(&p, VARIANT_10X10_HOLES, 1, 2);
	cr_assert(pos_own(&p) == 1 && pos_opp(&p) == 2);
	cr_assert_eq(pos_flips(&p, -1), 0);
	cr_assert_eq(pos_flips(&p, 127), 0);
	cr_assert_eq(pos_flips(&p, 0), 0, "an occupied square flips nothing");
}

Test(position, a_side_length_names_its_board)
{
	for (int i = 0; i < 3; i++)
		cr_assert_eq(square_variant_of_side(square_size(boards[i])), (int)boards[i]);
	cr_assert_eq(square_variant_of_side(7), -1);
	cr_assert_eq(square_variant_of_side(0), -1);
}
