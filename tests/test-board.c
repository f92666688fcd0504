/*
 * test-board.c — the bitboard rules against the reference rules on random
 * games, and the properties of make/unmake, symmetries, board strings, square
 * names, scores and hashing.
 */
#include "board.h"
#include "refboard.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <string.h>

#define RANDOM_GAMES 2000

/* Plays a random game from the start; calls `check` on every position reached. */
static int random_game(uint64_t *rng, struct board *trail, int max)
{
	struct board b;
	int n = 0;

	board_start(&b);
	while (n < max) {
		uint64_t moves = board_moves(b.own, b.opp);

		trail[n++] = b;
		if (!moves) {
			if (!board_opponent_can_move(&b))
				break;
			board_pass(&b);
			continue;
		}
		int k = (int)(test_rand(rng) % (uint64_t)board_popcount(moves));
		while (k--)
			moves &= moves - 1;
		int sq = board_first_square(moves);
		board_play(&b, sq, board_flips(b.own, b.opp, sq));
	}
	return n;
}

Test(board, start_position_has_four_moves)
{
	struct board b;

	board_start(&b);
	uint64_t moves = board_moves(b.own, b.opp);
	cr_assert_eq(board_popcount(moves), 4);
	cr_assert(moves & board_bit(board_square_parse("d3")));
	cr_assert(moves & board_bit(board_square_parse("c4")));
	cr_assert(moves & board_bit(board_square_parse("f5")));
	cr_assert(moves & board_bit(board_square_parse("e6")));
	cr_assert_eq(board_flips(b.own, b.opp, board_square_parse("f5")),
		     board_bit(board_square_parse("e5")));
}

Test(board, agrees_with_reference_rules_on_random_games)
{
	uint64_t rng = 0x1234567887654321ULL;
	static struct board trail[130];
	long positions = 0, passes = 0, ends = 0;

	for (int g = 0; g < RANDOM_GAMES; g++) {
		int n = random_game(&rng, trail, 130);

		for (int i = 0; i < n; i++) {
			const struct board *b = &trail[i];
			struct refboard r;

			refboard_from_bits(&r, b->own, b->opp);
			uint64_t moves = board_moves(b->own, b->opp);
			cr_assert_eq(moves, refboard_moves(&r), "game %d ply %d: moves differ", g, i);
			cr_assert_eq(board_moves_portable(b->own, b->opp), moves);
			for (int sq = 0; sq < 64; sq++) {
				if ((b->own | b->opp) & board_bit(sq))
					continue;
				cr_assert_eq(board_flips(b->own, b->opp, sq), refboard_flips(&r, sq),
					     "game %d ply %d square %s: flips differ", g, i,
					     board_square_name(sq));
				cr_assert_eq(board_flips_portable(b->own, b->opp, sq),
					     refboard_flips(&r, sq));
			}
			refboard_pass(&r);
			bool ref_opp = refboard_moves(&r) != 0;
			cr_assert_eq(board_opponent_can_move(b), ref_opp);
			if (!moves)
				(ref_opp ? passes++ : ends++);
			cr_assert_eq(board_game_over(b), !moves && !ref_opp);
			positions++;
		}
	}
	cr_assert_gt(positions, 100000);
	cr_assert_gt(passes, 0, "the random games should include passes");
	cr_assert_geq(ends, RANDOM_GAMES);
}

Test(board, play_matches_reference_play)
{
	uint64_t rng = 42;
	struct board b;
	struct refboard r;

	for (int g = 0; g < 200; g++) {
		board_start(&b);
		refboard_from_bits(&r, b.own, b.opp);
		for (;;) {
			uint64_t moves = board_moves(b.own, b.opp);
			if (!moves) {
				if (!board_opponent_can_move(&b))
					break;
				board_pass(&b);
				refboard_pass(&r);
				continue;
			}
			int k = (int)(test_rand(&rng) % (uint64_t)board_popcount(moves));
			while (k--)
				moves &= moves - 1;
			int sq = board_first_square(moves);
			board_play(&b, sq, board_flips(b.own, b.opp, sq));
			refboard_play(&r, sq);
			struct refboard check;
			refboard_from_bits(&check, b.own, b.opp);
			cr_assert_eq(memcmp(&check, &r, sizeof r), 0, "game %d: boards differ", g);
		}
	}
}

Test(board, play_then_unplay_is_identity)
{
	uint64_t rng = 7;
	static struct board trail[130];

	for (int g = 0; g < 300; g++) {
		int n = random_game(&rng, trail, 130);
		for (int i = 0; i < n; i++) {
			uint64_t moves = board_moves(trail[i].own, trail[i].opp);
			while (moves) {
				int sq = board_first_square(moves);
				struct board b = trail[i];
				uint64_t f = board_flips(b.own, b.opp, sq);

				moves &= moves - 1;
				board_play(&b, sq, f);
				cr_assert_eq(board_popcount(b.own | b.opp),
					     board_popcount(trail[i].own | trail[i].opp) + 1);
				board_unplay(&b, sq, f);
				cr_assert_eq(b.own, trail[i].own);
				cr_assert_eq(b.opp, trail[i].opp);
			}
		}
	}
}

ParameterizedTestParameters(board, moves_commute_with_symmetry)
{
	static int syms[BOARD_SYMMETRIES] = { 0, 1, 2, 3, 4, 5, 6, 7 };

	return cr_make_param_array(int, syms, BOARD_SYMMETRIES);
}

ParameterizedTest(int *sym, board, moves_commute_with_symmetry)
{
	uint64_t rng = 99 + (uint64_t)*sym;
	static struct board trail[130];

	for (int g = 0; g < 100; g++) {
		int n = random_game(&rng, trail, 130);
		for (int i = 0; i < n; i++) {
			struct board t;
			uint64_t moves = board_moves(trail[i].own, trail[i].opp);

			board_symmetry(&trail[i], *sym, &t);
			cr_assert_eq(board_moves(t.own, t.opp), board_symmetry_mask(moves, *sym));
			while (moves) {
				int sq = board_first_square(moves);
				int tsq = board_symmetry_square(sq, *sym);

				moves &= moves - 1;
				cr_assert_eq(board_flips(t.own, t.opp, tsq),
					     board_symmetry_mask(board_flips(trail[i].own, trail[i].opp, sq), *sym));
			}
			struct board back;
			board_symmetry(&t, board_symmetry_inverse(*sym), &back);
			cr_assert_eq(back.own, trail[i].own);
			cr_assert_eq(back.opp, trail[i].opp);
		}
	}
}

Test(board, symmetries_are_the_eight_distinct_ones)
{
	/* An asymmetric pattern has 8 distinct images, and the start position 4 (it has 4 symmetries). */
	uint64_t pattern = board_bit(1) | board_bit(2) | board_bit(11);
	struct board start, t;
	int distinct = 0;

	for (int s = 0; s < BOARD_SYMMETRIES; s++) {
		bool seen = false;
		for (int u = 0; u < s; u++)
			seen |= board_symmetry_mask(pattern, u) == board_symmetry_mask(pattern, s);
		distinct += !seen;
		cr_assert_eq(board_popcount(board_symmetry_mask(pattern, s)), 3);
	}
	cr_assert_eq(distinct, 8);
	board_start(&start);
	int fixed = 0;
	for (int s = 0; s < BOARD_SYMMETRIES; s++) {
		board_symmetry(&start, s, &t);
		fixed += t.own == start.own && t.opp == start.opp;
	}
	cr_assert_eq(fixed, 4);
	cr_assert_eq(board_symmetry_square(board_square_parse("a1"), 1), board_square_parse("a8"));
	cr_assert_eq(board_symmetry_square(board_square_parse("a1"), 2), board_square_parse("h1"));
	cr_assert_eq(board_symmetry_square(board_square_parse("b1"), 4), board_square_parse("a2"));
}

Test(board, canonical_form_is_shared_by_all_images)
{
	uint64_t rng = 5;
	static struct board trail[130];
	int n = random_game(&rng, trail, 30);
	struct board c0, t, c;
	int sym;

	board_canonical(&trail[n - 1], &c0, &sym);
	board_symmetry(&trail[n - 1], sym, &t);
	cr_assert(t.own == c0.own && t.opp == c0.opp);
	for (int s = 0; s < BOARD_SYMMETRIES; s++) {
		board_symmetry(&trail[n - 1], s, &t);
		board_canonical(&t, &c, NULL);
		cr_assert(c.own == c0.own && c.opp == c0.opp);
	}
}

Test(board, canonical_form_is_the_least_image_and_its_first_symmetry)
{
	uint64_t rng = 17;
	static struct board trail[130];

	for (int g = 0; g < 20; g++) {
		int n = random_game(&rng, trail, 60);

		for (int i = 0; i < n; i++) {
			struct board c, t, best = trail[i];
			int sym, best_sym = 0;

			/* the definition, one board_symmetry at a time */
			for (int s = 1; s < BOARD_SYMMETRIES; s++) {
				board_symmetry(&trail[i], s, &t);
				if (t.own < best.own || (t.own == best.own && t.opp < best.opp)) {
					best = t;
					best_sym = s;
				}
			}
			board_canonical(&trail[i], &c, &sym);
			cr_assert(c.own == best.own && c.opp == best.opp, "game %d ply %d", g, i);
			cr_assert_eq(sym, best_sym, "game %d ply %d", g, i);
		}
	}
}

Test(board, board_string_round_trips)
{
	uint64_t rng = 11;
	static struct board trail[130];
	char s[BOARD_STRING_LEN + 1], err[128];

	for (int g = 0; g < 50; g++) {
		int n = random_game(&rng, trail, 130);
		for (int i = 0; i < n; i++) {
			enum color side = (enum color)(i & 1), back_side;
			struct board back;

			board_format(&trail[i], side, s);
			cr_assert_eq(strlen(s), BOARD_STRING_LEN);
			cr_assert_eq(board_parse(s, &back, &back_side, err, sizeof err), BOARD_STRING_LEN,
				     "%s", err);
			cr_assert_eq(back_side, side);
			cr_assert_eq(back.own, trail[i].own);
			cr_assert_eq(back.opp, trail[i].opp);
		}
	}
}

Test(board, board_string_accepts_other_spellings)
{
	struct board a, b;
	enum color sa, sb;
	char err[128];
	const char *plain = "---------------------------OX------XO--------------------------- X";
	const char *other = "........ ........ ........ ...wb... ...bw... ........ ........ ........ *";

	cr_assert_gt(board_parse(plain, &a, &sa, err, sizeof err), 0, "%s", err);
	cr_assert_gt(board_parse(other, &b, &sb, err, sizeof err), 0, "%s", err);
	cr_assert_eq(sa, BLACK);
	cr_assert_eq(sb, BLACK);
	cr_assert(a.own == b.own && a.opp == b.opp);
	struct board start;
	board_start(&start);
	cr_assert(a.own == start.own && a.opp == start.opp);
}

Test(board, bad_board_strings_are_refused_with_a_column)
{
	struct board b = { 1, 2 };
	enum color side;
	char err[128];

	cr_assert_eq(board_parse("---z", &b, &side, err, sizeof err), -1);
	cr_assert_str_eq(err, "column 4: 'z' is not a square (expected X, O or -)");
	cr_assert_eq(board_parse("XO--", &b, &side, err, sizeof err), -1);
	cr_assert(strstr(err, "4 squares, expected 64"), "%s", err);
	cr_assert_eq(board_parse("----------------------------------------------------------------",
				 &b, &side, err, sizeof err), -1);
	cr_assert(strstr(err, "expected the side to move"), "%s", err);
	cr_assert_eq(board_parse("---------------------------------------------------------------- -",
				 &b, &side, err, sizeof err), -1);
	cr_assert(strstr(err, "column 66: '-' is not a side to move"), "%s", err);
	cr_assert(b.own == 1 && b.opp == 2, "a failed parse leaves the board alone");
}

static bool blank_or_bar(int c)
{
	return c == ' ' || c == '|';
}

Test(board, parse_squares_reads_a_bounded_run_with_the_caller_s_blanks)
{
	uint64_t black = 1, white = 1;
	size_t end = 99;
	const char *rows = "*O------|--------|--------|--------|"
			   "--------|--------|--------|------bw *rest";

	cr_assert_eq(board_parse_squares(rows, strlen(rows), blank_or_bar, &black, &white, &end),
		     64);
	cr_assert_eq(black, board_bit(0) | board_bit(62));
	cr_assert_eq(white, board_bit(1) | board_bit(63));
	cr_assert_eq(end, strlen(rows) - strlen(" *rest"), "stops after the 64th square");

	/* `len` bounds the run: a short run is counted, not refused. */
	cr_assert_eq(board_parse_squares("X-O-X", 3, blank_or_bar, &black, &white, &end), 3);
	cr_assert_eq(end, 3);
	cr_assert_eq(black, board_bit(0));
	cr_assert_eq(white, board_bit(2));
	/* A NUL stops it too. */
	cr_assert_eq(board_parse_squares("X-", 10, blank_or_bar, &black, &white, &end), 2);
	cr_assert_eq(end, 2);
	/* A character the caller does not count as blank is refused where it is. */
	cr_assert_eq(board_parse_squares("X-\tO", 4, blank_or_bar, &black, &white, &end), -1);
	cr_assert_eq(end, 2);
}

Test(board, parse_disc_names_the_board_string_characters)
{
	const char *black = "Xx*Bb", *white = "OoWw", *empty = "-.";

	for (const char *c = black; *c; c++)
		cr_assert_eq(board_parse_disc(*c), 0, "%c", *c);
	for (const char *c = white; *c; c++)
		cr_assert_eq(board_parse_disc(*c), 1, "%c", *c);
	for (const char *c = empty; *c; c++)
		cr_assert_eq(board_parse_disc(*c), 2, "%c", *c);
	cr_assert_eq(board_parse_disc(' '), -1);
	cr_assert_eq(board_parse_disc('0'), -1);
	cr_assert_eq(board_parse_disc('\0'), -1);
}

Test(board, square_names_round_trip)
{
	for (int sq = 0; sq < 64; sq++) {
		cr_assert_eq(board_square_parse(board_square_name(sq)), sq);
		cr_assert_eq(board_square_parse(board_square_name_upper(sq)), sq);
	}
	cr_assert_eq(board_square_parse("a1"), 0);
	cr_assert_eq(board_square_parse("h1"), 7);
	cr_assert_eq(board_square_parse("a8"), 56);
	cr_assert_eq(board_square_parse("H8"), 63);
	cr_assert_eq(board_square_parse("i1"), -1);
	cr_assert_eq(board_square_parse("a9"), -1);
	cr_assert_eq(board_square_parse("a"), -1);
	cr_assert_eq(board_square_parse(""), -1);
	cr_assert_str_eq(board_square_name(SQ_PASS), "pa");
}

Test(board, final_score_gives_empties_to_the_winner)
{
	struct board b = { 0xFFFFULL, 0xFF0000ULL }; /* 16 against 8, 40 empty */

	cr_assert_eq(board_final_score(&b), 16 - 8 + 40);
	board_pass(&b);
	cr_assert_eq(board_final_score(&b), -(16 - 8 + 40));
	struct board draw = { 0xFFULL, 0xFF00ULL };
	cr_assert_eq(board_final_score(&draw), 0);
}

Test(board, hash_tells_sides_apart)
{
	struct board b, p;

	board_start(&b);
	p = b;
	board_pass(&p);
	cr_assert_neq(board_hash(&b), board_hash(&p));
	b.own |= 1;
	cr_assert_neq(board_hash(&b), board_hash(&p));
}
