/*
 * test-eval.c — the classic evaluation: symmetry, feature switches, the
 * weights file (shipped file = built-in defaults, a file with only disc
 * weights counts discs, malformed files give name:line messages).
 */
#include "board.h"
#include "eval.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static struct board random_position(uint64_t x, int plies)
{
	struct board b;

	board_start(&b);
	for (int i = 0; i < plies; i++) {
		uint64_t moves = board_moves(b.own, b.opp);
		int n = board_popcount(moves);

		if (!n) {
			if (!board_moves(b.opp, b.own))
				break;
			board_pass(&b);
			continue;
		}
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		for (int k = (int)(x % (uint64_t)n); k > 0; k--)
			moves &= moves - 1;
		board_play(&b, board_first_square(moves),
			   board_flips(b.own, b.opp, board_first_square(moves)));
	}
	return b;
}

static struct eval *load_string(const char *text, char *err, size_t errlen)
{
	FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
	struct eval *ev;

	cr_assert_not_null(f);
	ev = eval_load(VARIANT_8X8, f, "w.txt", err, errlen);
	fclose(f);
	return ev;
}

Test(eval, invariant_under_the_eight_symmetries)
{
	struct eval *ev = eval_new_default();

	for (uint64_t seed = 1; seed < 200; seed++) {
		struct board b = random_position(seed * 7919, (int)(seed % 58) + 1);
		int v = eval_board(ev, &b);

		for (int sym = 1; sym < BOARD_SYMMETRIES; sym++) {
			struct board t;

			board_symmetry(&b, sym, &t);
			cr_assert_eq(eval_board(ev, &t), v, "seed %llu symmetry %d",
				     (unsigned long long)seed, sym);
		}
	}
	eval_free(ev);
}

Test(eval, all_features_off_is_zero)
{
	struct eval *ev = eval_new_default();
	const char *const *names = eval_feature_names();
	struct board b = random_position(42, 30);
	char err[80];

	for (int i = 0; names[i]; i++)
		cr_assert_eq(eval_set_feature(ev, names[i], false, err, sizeof err), 0);
	cr_assert_eq(eval_board(ev, &b), 0);
	cr_assert_eq(eval_set_feature(ev, "disc", true, err, sizeof err), 0);
	cr_assert_neq(eval_board(ev, &b), 0);
	cr_assert_eq(eval_set_feature(ev, "nonsense", false, err, sizeof err), -1);
	cr_assert(strstr(err, "nonsense"));
	eval_free(ev);
}

Test(eval, disc_only_weights_count_discs)
{
	char err[120];
	struct eval *ev = load_string("# only discs\n"
				      "disc 100 100 100 100 100\n"
				      "mobility 0 0 0 0 0\npotential 0 0 0 0 0\ncorners 0 0 0 0 0\n"
				      "x_squares 0 0 0 0 0\nc_squares 0 0 0 0 0\n"
				      "stability 0 0 0 0 0\nparity 0 0 0 0 0\nsquares 0 0 0 0 0\n",
				      err, sizeof err);

	cr_assert_not_null(ev, "%s", err);
	for (uint64_t seed = 1; seed < 50; seed++) {
		struct board b = random_position(seed, (int)seed);

		cr_assert_eq(eval_board(ev, &b),
			     100 * (board_popcount(b.own) - board_popcount(b.opp)));
	}
	eval_free(ev);
}

Test(eval, shipped_weights_equal_the_defaults)
{
	FILE *f = fopen(OTHELLO_SRCDIR "/eval/classic.txt", "r");
	char err[120];
	struct eval *def = eval_new_default(), *ev;

	cr_assert_not_null(f);
	ev = eval_load(VARIANT_8X8, f, "classic.txt", err, sizeof err);
	fclose(f);
	cr_assert_not_null(ev, "%s", err);
	for (uint64_t seed = 1; seed < 100; seed++) {
		struct board b = random_position(seed * 31, (int)(seed % 60));

		cr_assert_eq(eval_board(ev, &b), eval_board(def, &b));
	}
	eval_free(ev);
	eval_free(def);
}

Test(eval, malformed_files_name_the_line)
{
	char err[120];

	cr_assert_null(load_string("disc 1 2 3 4 5\nfoo 1 2 3 4 5\n", err, sizeof err));
	cr_assert_str_eq(err, "w.txt:2: unknown feature 'foo'");
	cr_assert_null(load_string("\n\nmobility 1 2 3\n", err, sizeof err));
	cr_assert_str_eq(err, "w.txt:3: mobility needs 5 whole-number weights");
	cr_assert_null(load_string("table 1 2 x\n", err, sizeof err));
	cr_assert_str_eq(err, "w.txt:1:11: table needs 10 whole numbers within +-10000, not 'x'");
	cr_assert_null(load_string("parity 1 2 3 4 5 6\n", err, sizeof err));
	cr_assert_str_eq(err, "w.txt:1: parity needs 5 whole-number weights");
}

Test(eval, control_bytes_of_a_file_are_shown_escaped)
{
	char err[160];

	cr_assert_null(load_string("par\033[2Jity 1 2 3 4 5\n", err, sizeof err));
	cr_assert_str_eq(err, "w.txt:1: unknown feature 'par\\x1b[2Jity'");
	cr_assert_null(load_string("disc 1 2 3\a 4 5\n", err, sizeof err));
	cr_assert_str_eq(
	    err, "w.txt:1:10: disc needs 5 whole-number weights within +-10000, not '3\\x07'");
}

/* Weights whose sums overflowed an int (100000 on the square table and
   its percent: 1e10) are refused with their column; the largest accepted
   keep every sum in range, so the score has the sign of the disc count. */
Test(eval, weights_whose_sums_could_overflow_are_refused)
{
	char err[160];
	struct eval *ev;

	cr_assert_null(load_string("squares 100 100 100000 100 100\n", err, sizeof err));
	cr_assert_str_eq(err, "w.txt:1:17: squares needs 5 whole-number weights within +-10000, "
			      "not '100000'");
	cr_assert_null(load_string("table 0 0 0 0 0 0 0 0 0 -10001\n", err, sizeof err));
	cr_assert(strstr(err, "w.txt:1:25: table needs 10 whole numbers within +-10000"), "%s",
		  err);
	ev = load_string("disc 0 0 0 0 0\nmobility 0 0 0 0 0\npotential 0 0 0 0 0\n"
			 "corners 0 0 0 0 0\nx_squares 0 0 0 0 0\nc_squares 0 0 0 0 0\n"
			 "stability 0 0 0 0 0\nparity 0 0 0 0 0\n"
			 "squares 10000 10000 10000 10000 10000\n"
			 "table 10000 10000 10000 10000 10000 10000 10000 10000 10000 10000\n",
			 err, sizeof err);
	cr_assert_not_null(ev, "%s", err);
	for (uint64_t seed = 1; seed < 300; seed++) {
		struct board b = random_position(seed * 613, (int)(seed % 61));
		int d = board_popcount(b.own) - board_popcount(b.opp);

		cr_assert_eq(eval_board(ev, &b),
			     d > 0   ? 6400
			     : d < 0 ? -6400
				     : 0,
			     "seed %lu", (unsigned long)seed);
	}
	eval_free(ev);
	ev = load_string("disc -10000 -10000 -10000 -10000 -10000\n"
			 "mobility 10000 10000 10000 10000 10000\n"
			 "potential 10000 10000 10000 10000 10000\n"
			 "stability 10000 10000 10000 10000 10000\n"
			 "squares -10000 -10000 -10000 -10000 -10000\n"
			 "table 10000 10000 10000 10000 10000 10000 10000 10000 10000 10000\n",
			 err, sizeof err);
	cr_assert_not_null(ev, "%s", err);
	for (uint64_t seed = 1; seed < 300; seed++) {
		struct board b = random_position(seed * 877, (int)(seed % 61));
		int v = eval_board(ev, &b);

		cr_assert(v >= -6400 && v <= 6400);
	}
	eval_free(ev);
}

Test(eval, scores_stay_within_the_disc_range)
{
	struct eval *ev = eval_new_default();

	for (uint64_t seed = 1; seed < 300; seed++) {
		struct board b = random_position(seed * 101, (int)(seed % 61));
		int v = eval_board(ev, &b);

		cr_assert(v >= -6400 && v <= 6400);
	}
	eval_free(ev);
}
