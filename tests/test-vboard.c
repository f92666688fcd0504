/*
 * test-vboard.c — the rules of the other boards (vboard.h) against the slow
 * reference of refvboard.c: perft from the start (6×6 to depth 8, 10×10 with
 * holes to depth 6), the moves and flips of every position of random games,
 * and 8×8 on vboard against the bitboards of board.h; then square names,
 * board strings and final scores.
 */
#include "board.h"
#include "refboard.h"
#include "refvboard.h"
#include "square.h"
#include "vboard.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>

struct vperft_case {
	enum variant v; /* the board */
	int depth;	/* plies */
};

ParameterizedTestParameters(vboard, perft_matches_reference)
{
	static struct vperft_case cases[] = {
	    {VARIANT_6X6, 1},	      {VARIANT_6X6, 2},		{VARIANT_6X6, 3},
	    {VARIANT_6X6, 4},	      {VARIANT_6X6, 5},		{VARIANT_6X6, 6},
	    {VARIANT_6X6, 7},	      {VARIANT_6X6, 8},		{VARIANT_10X10_HOLES, 1},
	    {VARIANT_10X10_HOLES, 2}, {VARIANT_10X10_HOLES, 3}, {VARIANT_10X10_HOLES, 4},
	    {VARIANT_10X10_HOLES, 5}, {VARIANT_10X10_HOLES, 6},
	};

	return cr_make_param_array(struct vperft_case, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(struct vperft_case *c, vboard, perft_matches_reference)
{
	const struct vgeom *g = vboard_geom(c->v);
	struct refvboard r;
	struct vboard b;

	vboard_start(g, &b);
	refvboard_start(&r, g->size, c->v == VARIANT_10X10_HOLES);
	cr_assert_eq(vboard_perft(g, &b, c->depth), refvboard_perft(&r, c->depth), "%s perft %d",
		     g->name, c->depth);
}

Test(vboard, six_by_six_perft_known_counts)
{
	/* 6×6 counts part from 8×8's at depth 5, when the edge is first reached. */
	static const uint64_t counts[] = {1, 4, 12, 56, 244, 1364, 7604, 47740, 308716};
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vboard b;

	vboard_start(g, &b);
	for (int d = 0; d <= 8; d++)
		cr_assert_eq(vboard_perft(g, &b, d), counts[d], "perft %d", d);
}

Test(vboard, eight_by_eight_perft_matches_bitboards)
{
	const struct vgeom *g = vboard_geom(VARIANT_8X8);
	struct vboard vb;
	struct board b;

	vboard_start(g, &vb);
	board_start(&b);
	for (int d = 1; d <= 8; d++)
		cr_assert_eq(vboard_perft(g, &vb, d), board_perft(&b, d), "perft %d", d);
}

/* Checks that the moves and flips of b agree with the reference r, square by square. */
static void check_position(const struct vgeom *g, const struct vboard *b, const struct refvboard *r)
{
	vbits moves = vboard_moves(g, b->own, b->opp);
	int flipped[40][2];

	for (int row = 0; row < g->size; row++) {
		for (int col = 0; col < g->size; col++) {
			int sq = vboard_square(g, row, col), n;
			vbits want = 0, flips;

			n = refvboard_flips(r, row, col, flipped);
			for (int i = 0; i < n; i++)
				want |= vboard_bit(vboard_square(g, flipped[i][0], flipped[i][1]));
			flips = (b->own | b->opp | g->holes) & vboard_bit(sq)
				    ? 0
				    : vboard_flips(g, b->own, b->opp, sq);
			cr_assert(flips == want, "%s: flips differ at row %d col %d", g->name, row,
				  col);
			cr_assert_eq((moves & vboard_bit(sq)) != 0, n > 0,
				     "%s: move differs at row %d col %d", g->name, row, col);
		}
	}
}

/* Plays `games` random games on both engines, comparing every position. */
static void random_games(enum variant v, int games)
{
	const struct vgeom *g = vboard_geom(v);
	uint64_t seed = 0x1234567 + (uint64_t)v;

	for (int i = 0; i < games; i++) {
		struct refvboard r;
		struct vboard b;

		vboard_start(g, &b);
		refvboard_start(&r, g->size, v == VARIANT_10X10_HOLES);
		while (!vboard_game_over(g, &b)) {
			vbits moves = vboard_moves(g, b.own, b.opp);
			int k, sq;

			check_position(g, &b, &r);
			if (!moves) {
				vboard_pass(&b);
				refvboard_pass(&r);
				continue;
			}
			k = (int)(test_rand(&seed) % (uint64_t)vboard_popcount(moves));
			while (k--)
				moves &= moves - 1;
			sq = vboard_first_square(moves);
			vboard_play(&b, sq, vboard_flips(g, b.own, b.opp, sq));
			refvboard_play(&r, sq / g->stride, sq % g->stride);
		}
		cr_assert(!refvboard_can_move(&r));
		cr_assert_eq(b.own & g->holes, 0);
		cr_assert_eq(b.opp & g->holes, 0);
	}
}

Test(vboard, six_by_six_random_games_match_reference)
{
	random_games(VARIANT_6X6, 300);
}

Test(vboard, ten_by_ten_random_games_match_reference)
{
	random_games(VARIANT_10X10_HOLES, 100);
}

Test(vboard, play_then_unplay_is_identity)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	struct vboard b, before;
	vbits moves;

	vboard_start(g, &b);
	before = b;
	moves = vboard_moves(g, b.own, b.opp);
	while (moves) {
		int sq = vboard_first_square(moves);
		vbits flips = vboard_flips(g, b.own, b.opp, sq);

		moves &= moves - 1;
		vboard_play(&b, sq, flips);
		vboard_unplay(&b, sq, flips);
		cr_assert(b.own == before.own && b.opp == before.opp);
	}
}

/* The image of the discs x under symmetry t, square by square. */
static vbits image(const struct vgeom *g, int t, vbits x)
{
	vbits y = 0;

	for (; x; x &= x - 1)
		y |= vboard_bit(vboard_symmetry_square(g, t, vboard_first_square(x)));
	return y;
}

/* Each symmetry is a bijection of the board onto itself (holes onto holes, corners
   onto corners), the eight differ, and a turned position has the turned moves and flips. */
static void check_symmetries(enum variant v)
{
	const struct vgeom *g = vboard_geom(v);
	uint64_t seed = 0xABCDEF + (uint64_t)v;
	struct vboard b;

	for (int t = 0; t < VBOARD_SYMMETRIES; t++) {
		cr_assert_eq(image(g, t, g->valid), g->valid, "%s t=%d", g->name, t);
		cr_assert_eq(image(g, t, g->corners), g->corners, "%s t=%d", g->name, t);
		cr_assert_eq(vboard_popcount(image(g, t, g->valid)), g->squares);
		for (int u = 0; u < t; u++)
			cr_assert(image(g, t, vboard_bit(1) | vboard_bit(2 * g->stride)) !=
				      image(g, u, vboard_bit(1) | vboard_bit(2 * g->stride)),
				  "%s: symmetries %d and %d are the same", g->name, t, u);
	}
	for (int game = 0; game < 20; game++) {
		vboard_start(g, &b);
		while (!vboard_game_over(g, &b)) {
			vbits moves = vboard_moves(g, b.own, b.opp);
			int k, sq;

			for (int t = 0; t < VBOARD_SYMMETRIES; t++) {
				vbits own = image(g, t, b.own), opp = image(g, t, b.opp);

				cr_assert_eq(vboard_moves(g, own, opp), image(g, t, moves));
				for (vbits m = moves; m; m &= m - 1) {
					sq = vboard_first_square(m);
					cr_assert_eq(
					    vboard_flips(g, own, opp,
							 vboard_symmetry_square(g, t, sq)),
					    image(g, t, vboard_flips(g, b.own, b.opp, sq)));
				}
			}
			if (!moves) {
				vboard_pass(&b);
				continue;
			}
			k = (int)(test_rand(&seed) % (uint64_t)vboard_popcount(moves));
			while (k--)
				moves &= moves - 1;
			sq = vboard_first_square(moves);
			vboard_play(&b, sq, vboard_flips(g, b.own, b.opp, sq));
		}
	}
}

Test(vboard, symmetries_turn_moves_and_flips)
{
	check_symmetries(VARIANT_6X6);
	check_symmetries(VARIANT_10X10_HOLES);
	check_symmetries(VARIANT_8X8);
}

Test(vboard, ten_by_ten_has_twelve_corners_and_eight_holes)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	static const char *const holes[] = {"e1", "f1", "e10", "f10", "a5", "a6", "j5", "j6"};
	static const char *const corners[] = {"a1",  "j1",  "a10", "j10", "d1", "g1",
					      "d10", "g10", "a4",  "a7",  "j4", "j7"};

	cr_assert_eq(g->squares, 92);
	cr_assert_eq(vboard_popcount(g->holes), 8);
	cr_assert_eq(vboard_popcount(g->corners), 12);
	for (int i = 0; i < 8; i++)
		cr_assert_eq(vboard_square_parse(g, holes[i], NULL), -1, "%s", holes[i]);
	for (int i = 0; i < 12; i++) {
		int sq = vboard_square_parse(g, corners[i], NULL);

		cr_assert_geq(sq, 0, "%s", corners[i]);
		cr_assert(g->corners & vboard_bit(sq), "%s", corners[i]);
	}
}

Test(vboard, square_names_round_trip)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	char name[4];
	int len;

	cr_assert_eq(vboard_square_parse(g, "a10", &len), vboard_square(g, 9, 0));
	cr_assert_eq(len, 3);
	cr_assert_eq(vboard_square_parse(g, "A1b2", &len), vboard_square(g, 0, 0));
	cr_assert_eq(len, 2);
	cr_assert_eq(vboard_square_parse(g, "k1", NULL), -1);
	cr_assert_eq(vboard_square_parse(g, "a11", NULL), -1);
	cr_assert_eq(vboard_square_parse(vboard_geom(VARIANT_6X6), "g1", NULL), -1);
	cr_assert_eq(vboard_square_parse(vboard_geom(VARIANT_6X6), "a7", NULL), -1);
	for (int r = 0; r < 10; r++) {
		for (int c = 0; c < 10; c++) {
			int sq = vboard_square(g, r, c);

			if (g->holes & vboard_bit(sq))
				continue;
			cr_assert_eq(vboard_square_parse(g, vboard_square_name(g, sq, name), NULL),
				     sq, "%s", name);
		}
	}
	cr_assert_str_eq(vboard_square_name(g, vboard_square(g, 9, 9), name), "j10");
	cr_assert_str_eq(vboard_square_name(g, VSQ_PASS, name), "pa");
}

/* The boards' names the command line reads (square_variants, one option entry for every
   command) are those of the boards themselves, each read back to its board. */
Test(vboard, board_names_are_read_back)
{
	char list[64] = "";

	for (int v = 0; v < VARIANT_COUNT; v++) {
		cr_assert_str_eq(square_variants[v], vboard_geom((enum variant)v)->name);
		cr_assert_str_eq(square_variant_name((enum variant)v), square_variants[v]);
		cr_assert_eq(square_variant_named(square_variants[v]), v);
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			 v == 0			 ? ""
			 : v + 1 < VARIANT_COUNT ? ", "
						 : " or ",
			 square_variants[v]);
	}
	cr_assert_null(square_variants[VARIANT_COUNT]);
	cr_assert_str_eq(list, SQUARE_VARIANT_LIST);
	cr_assert_eq(square_variant_named("7x7"), -1);
	cr_assert_eq(square_variant_named("6x6 "), -1);
	cr_assert_eq(square_variant_named(""), -1);
}

Test(vboard, board_string_round_trip_and_errors)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	char out[VBOARD_STRING_MAX + 1], err[160], bad[VBOARD_STRING_MAX + 1];
	struct vboard b, c;
	int black;

	vboard_start(g, &b);
	vboard_format(g, &b, 1, out);
	cr_assert_str_eq(out, "----##----"
			      "----------"
			      "----------"
			      "----------"
			      "#---OX---#"
			      "#---XO---#"
			      "----------"
			      "----------"
			      "----------"
			      "----##---- X");
	cr_assert_eq(vboard_parse(g, out, &c, &black, err, sizeof err), (int)strlen(out), "%s",
		     err);
	cr_assert(black && c.own == b.own && c.opp == b.opp);
	strcpy(bad, out);
	bad[4] = 'X'; /* a disc on the hole e1 */
	cr_assert_eq(vboard_parse(g, bad, &c, &black, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 5: e1 is a hole (expected # or -, not 'X')");
	strcpy(bad, out);
	bad[0] = '#'; /* a hole where there is none */
	cr_assert_eq(vboard_parse(g, bad, &c, &black, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 1: '#' is not a square (expected X, O or -)");
	cr_assert_eq(
	    vboard_parse(vboard_geom(VARIANT_6X6), "------ X", &c, &black, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 9: the board has 7 squares, expected 36 (6x6)", "%s", err);
}

Test(vboard, final_score_gives_empties_to_the_winner)
{
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vboard b = {vboard_bit(0) | vboard_bit(1), vboard_bit(2)};

	cr_assert_eq(vboard_final_score(g, &b), 2 - 1 + 33);
	vboard_pass(&b);
	cr_assert_eq(vboard_final_score(g, &b), -34);
}

Test(vboard, transcripts_replay_with_passes_and_ten_rows)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	const struct vgeom *g6 = vboard_geom(VARIANT_6X6);
	struct vboard b, c;
	char err[160], name[4], text[400];
	uint64_t seed = 77;
	int black = 1, black2 = 1, len = 0;

	/* A random game written as a transcript replays to the same position. */
	vboard_start(g, &b);
	while (!vboard_game_over(g, &b)) {
		vbits moves = vboard_moves(g, b.own, b.opp);
		int k, sq;

		if (!moves) {
			vboard_pass(&b);
			black = !black;
			continue;
		}
		k = (int)(test_rand(&seed) % (uint64_t)vboard_popcount(moves));
		while (k--)
			moves &= moves - 1;
		sq = vboard_first_square(moves);
		vboard_play(&b, sq, vboard_flips(g, b.own, b.opp, sq));
		black = !black;
		len += snprintf(text + len, sizeof text - (size_t)len, "%s%s", len % 7 ? "" : " ",
				vboard_square_name(g, sq, name));
	}
	vboard_start(g, &c);
	cr_assert_gt(vboard_transcript_play(g, text, &c, &black2, err, sizeof err), 40, "%s", err);
	cr_assert(c.own == b.own && c.opp == b.opp && black == black2);
	/* Errors name the column. */
	vboard_start(g6, &c);
	black2 = 1;
	cr_assert_eq(vboard_transcript_play(g6, "c2 g1", &c, &black2, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 4: expected a square of 6x6 (a1..f6)");
	vboard_start(g6, &c);
	cr_assert_eq(vboard_transcript_play(g6, "c2-c2", &c, &black2, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 4: c2 is not a legal move");
}
