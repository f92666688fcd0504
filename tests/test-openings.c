/*
 * test-openings.c — the table of opening names: the shipped file loads, every
 * sequence is legal and starts with f5, the well-known names come out for
 * their sequences under all 8 symmetries, the longest named line wins, and a
 * malformed file is refused with its line and column.
 */
#include "opening-names.h"
#include "rng.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

static struct openings *load_shipped(void)
{
	char err[300];
	FILE *f = fopen(OTHELLO_SRCDIR "/openings/names.txt", "r");
	struct openings *o;

	cr_assert_not_null(f, "openings/names.txt missing");
	o = openings_load(f, "names.txt", err, sizeof err);
	fclose(f);
	cr_assert_not_null(o, "%s", err);
	return o;
}

static struct openings *load_text(const char *text, char *err, size_t errlen)
{
	FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
	struct openings *o = openings_load(f, "t.txt", err, errlen);

	fclose(f);
	return o;
}

/* Parses a transcript into squares; asserts it is legal. */
static int moves_of(const char *s, int *moves)
{
	struct board b;
	enum color side = BLACK;
	char err[200];
	int n;

	board_start(&b);
	cr_assert_eq(openings_parse_moves(s, &b, &side, moves, 60, &n, err, sizeof err),
		     (int)strlen(s), "%s: %s", s, err);
	return n;
}

static const char *name_of(const struct openings *o, const char *s, int sym, int *plies)
{
	int moves[60], n = moves_of(s, moves);

	for (int i = 0; i < n; i++)
		moves[i] = board_symmetry_square(moves[i], sym);
	return openings_match(o, moves, n, plies);
}

Test(openings, shipped_table_has_at_least_60_legal_lines_from_f5)
{
	struct openings *o = load_shipped();
	int f5 = board_square_parse("f5");

	cr_assert_geq(openings_count(o), 60);
	for (int i = 0; i < openings_count(o); i++) {
		const int *moves;
		int n;
		const char *name = openings_name(o, i, &moves, &n);
		struct board b;

		cr_assert(name && *name);
		cr_assert_eq(moves[0], f5, "%s does not start with f5", name);
		/* Replay with the plain rules: each move legal, passing only when forced. */
		board_start(&b);
		for (int j = 0; j < n; j++) {
			if (!board_can_move(&b)) {
				cr_assert(board_opponent_can_move(&b));
				board_pass(&b);
			}
			cr_assert(board_is_legal(&b, moves[j]), "%s: move %d illegal", name, j + 1);
			board_play(&b, moves[j], board_flips(b.own, b.opp, moves[j]));
		}
	}
	openings_free(o);
}

Test(openings, well_known_names_match_their_sequences)
{
	static const char *const facts[][2] = {
	    {"f5d6c3d3c4", "Tiger"},	 {"f5d6c5f4e3c6d3f6e6d7", "Rose"},
	    {"f5f6e6d6c3", "Buffalo"},	 {"f5f6e6d6e7", "Heath"},
	    {"f5d6", "Perpendicular"},	 {"f5f4", "Parallel"},
	    {"f5f6", "Diagonal"},	 {"f5f6e6d6c5", "Cow"},
	    {"f5f6e6d6c5f4", "Chimney"}, {"f5d6c4d3c5", "Cat"},
	    {"f5f6e6d6f7", "Snake"},	 {"f5f6e6d6c5e3e7", "Bat"},
	};
	struct openings *o = load_shipped();

	for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
		int plies;
		const char *name = name_of(o, facts[i][0], 0, &plies);

		cr_assert_not_null(name, "%s unnamed", facts[i][0]);
		cr_assert_eq(strncmp(name, facts[i][1], strlen(facts[i][1])), 0, "%s: got %s",
			     facts[i][0], name);
		cr_assert_eq(plies, (int)strlen(facts[i][0]) / 2);
	}
	openings_free(o);
}

/* The symmetries that keep the start position: they map legal games to legal games. */
static bool keeps_start(int sym)
{
	struct board s, t;

	board_start(&s);
	board_symmetry(&s, sym, &t);
	return s.own == t.own && s.opp == t.opp;
}

Test(openings, every_line_is_matched_from_each_first_move)
{
	struct openings *o = load_shipped();
	int kept = 0;

	for (int sym = 0; sym < BOARD_SYMMETRIES; sym++)
		kept += keeps_start(sym);
	cr_assert_eq(kept, 4);

	for (int i = 0; i < openings_count(o); i++) {
		const int *moves;
		int n, sq[60];
		const char *name = openings_name(o, i, &moves, &n);

		for (int sym = 0; sym < BOARD_SYMMETRIES; sym++) {
			int plies;
			const char *got;

			if (!keeps_start(sym))
				continue;
			for (int j = 0; j < n; j++)
				sq[j] = board_symmetry_square(moves[j], sym);
			got = openings_match(o, sq, n, &plies);
			cr_assert_not_null(got);
			cr_assert_eq(plies, n, "%s, symmetry %d: named at ply %d", name, sym,
				     plies);
			/* Two lines may reach one position: the first one names it. */
			for (int k = 0; k < i && got != name; k++)
				if (openings_name(o, k, NULL, NULL) == got)
					name = got;
			cr_assert_str_eq(got, name, "symmetry %d", sym);
		}
	}
	openings_free(o);
}

Test(openings, longest_named_line_wins_and_stays_named)
{
	struct openings *o = load_shipped();
	int plies;

	cr_assert_str_eq(name_of(o, "f5d6c3d3c4f4e3", 0, &plies), "Brightwell");
	cr_assert_eq(plies, 7);
	/* A move off the named lines keeps the last name reached. */
	cr_assert_str_eq(name_of(o, "f5d6c3d3c4f4c5b3c2e3d2", 0, &plies), "Nicolet");
	cr_assert_eq(plies, 10);
	for (int sym = 0; sym < BOARD_SYMMETRIES; sym++)
		if (keeps_start(sym))
			cr_assert_str_eq(name_of(o, "f5d6c3d3c4", sym, &plies), "Tiger");
	cr_assert_null(name_of(o, "f5", 0, &plies));
	cr_assert_eq(plies, 0);
	openings_free(o);
}

Test(openings, diagonal_image_of_tiger_is_tiger)
{
	struct openings *o = load_shipped();
	int moves[60], n = moves_of("e6f4c3c4d3", moves);

	cr_assert_str_eq(openings_match(o, moves, n, NULL), "Tiger");
	openings_free(o);
}

Test(openings, malformed_lines_are_refused_with_line_and_column)
{
	static const char *const cases[][2] = {
	    {"# c\nf5d6 Perpendicular\nf5d6c3d3c3 Bad\n", "t.txt:3:9: c3 is not a legal move"},
	    {"f5d6\n", "t.txt:1:5: expected a space then the name"},
	    {"f5d6   \n", "t.txt:1:8: the opening has no name"},
	    {"Tiger f5d6c3d3c4\n", "t.txt:1:1: expected a move sequence"},
	};
	char err[300];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct openings *o = load_text(cases[i][0], err, sizeof err);

		cr_assert_null(o, "case %zu loaded", i);
		cr_assert_eq(strncmp(err, cases[i][1], strlen(cases[i][1])), 0,
			     "case %zu: got '%s'", i, err);
	}
}

Test(openings, transcripts_of_random_games_replay_with_implied_passes)
{
	uint64_t rng = 42;
	int games_with_passes = 0;

	for (int g = 0; g < 300; g++) {
		struct board b, r;
		enum color side = BLACK, rside = BLACK;
		char text[121], err[200];
		int n = 0, passes = 0, got;

		board_start(&b);
		while (!board_game_over(&b)) {
			uint64_t moves = board_moves(b.own, b.opp);
			int k, sq;

			if (!moves) {
				board_pass(&b);
				side = !side;
				passes++;
				continue;
			}
			k = (int)rng_below(&rng, (uint64_t)board_popcount(moves));
			while (k--)
				moves &= moves - 1;
			sq = board_first_square(moves);
			memcpy(text + 2 * n++, board_square_name(sq), 2);
			board_play(&b, sq, board_flips(b.own, b.opp, sq));
			side = !side;
		}
		text[2 * n] = '\0';
		games_with_passes += passes > 0;
		board_start(&r);
		cr_assert_eq(openings_parse_moves(text, &r, &rside, NULL, 0, &got, err, sizeof err),
			     2 * n, "%s: %s", text, err);
		cr_assert_eq(got, n);
		cr_assert_eq(rside, side);
		cr_assert(r.own == b.own && r.opp == b.opp, "%s", text);
	}
	cr_assert_gt(games_with_passes, 0);
}
