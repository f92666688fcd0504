/*
 * test-eval-kinds.c — a new kind of evaluation is one file and one row of
 * the table: the toy kind of the tests (eval-toy.c, eval-kinds-toy.c, linked
 * in place of the engine's table) is read by the one loading call, written
 * back, searched with (a one-ply search with a weight a disc picks the move
 * that flips the most, and with a negative weight the fewest) and plays a
 * whole game through the game loop; the program's kinds still load as
 * before.
 */
#include "engine.h"
#include "eval-toy.h"
#include "match.h"
#include "position.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* The evaluation of board v that `text` as a weights file gives, or NULL with err. */
static struct eval *load_text(enum variant v, const char *text, char *err, size_t errlen)
{
	FILE *f = tmpfile();
	struct eval *ev;

	cr_assert_not_null(f);
	fputs(text, f);
	rewind(f);
	ev = eval_load(v, f, "w.txt", err, errlen);
	fclose(f);
	return ev;
}

Test(eval_kinds, the_toy_loads_by_its_file_and_the_others_as_before)
{
	char err[200], back[64];
	struct eval *toy = load_text(VARIANT_8X8, "TOY 100\n", err, sizeof err);
	struct eval *classic = load_text(VARIANT_8X8, "mobility 10 20 30 40 50\n", err, sizeof err);
	struct eval *builtin = eval_builtin(VARIANT_8X8);
	FILE *f = tmpfile();

	cr_assert_not_null(toy, "%s", err);
	cr_assert_str_eq(eval_kind_name(toy), "toy");
	cr_assert_eq(eval_variant(toy), VARIANT_8X8);
	cr_assert_eq(eval_write(toy, f), 0);
	rewind(f);
	cr_assert_not_null(fgets(back, sizeof back, f));
	cr_assert_str_eq(back, "TOY 100\n");
	fclose(f);
	cr_assert_not_null(classic, "%s", err);
	cr_assert_str_eq(eval_kind_name(classic), "classic");
	cr_assert_str_eq(eval_kind_name(builtin), "classic", "the toy has no built-in weights");
	cr_assert_null(load_text(VARIANT_8X8, "TOY\n", err, sizeof err));
	cr_assert_str_eq(err, "w.txt:1: expected TOY and a weight");
	cr_assert_null(load_text(VARIANT_6X6, "TOY 100\n", err, sizeof err),
		       "on 6x6 the file is not the toy's");
	eval_free(toy);
	eval_free(classic);
	eval_free(builtin);
}

/* The most (most) or fewest discs any legal move of p flips. */
static int flips_bound(const struct pos *p, bool most)
{
	int best = most ? 0 : 99;

	for (sqset m = pos_moves(p); m; m &= m - 1) {
		int n = sqset_count(pos_flips(p, sqset_first(m)));

		best = most ? (n > best ? n : best) : (n < best ? n : best);
	}
	return best;
}

Test(eval_kinds, the_search_plays_by_the_toy)
{
	char err[200];
	struct eval *greedy = load_text(VARIANT_8X8, "TOY 100\n", err, sizeof err);
	struct eval *shy = load_text(VARIANT_8X8, "TOY -100\n", err, sizeof err);
	struct engine *eg = engine_new(greedy, NULL, 1), *es = engine_new(shy, NULL, 1);
	struct search_limits lim = {.depth = 1, .endgame = 0};
	long calls = eval_toy_calls();
	uint64_t rng = 12345;
	struct pos p;

	cr_assert(greedy && shy && eg && es, "%s", err);
	pos_start(&p, VARIANT_8X8);
	for (int ply = 0; ply < 40 && !pos_game_over(&p); ply++) {
		sqset m = pos_moves(&p);
		struct search_result r;

		if (!m) {
			pos_pass(&p);
			continue;
		}
		cr_assert_eq(engine_search(eg, &p, &lim, NULL, NULL, &r), 0);
		cr_assert_eq(sqset_count(pos_flips(&p, r.move)), flips_bound(&p, true), "ply %d",
			     ply);
		cr_assert_eq(engine_search(es, &p, &lim, NULL, NULL, &r), 0);
		cr_assert_eq(sqset_count(pos_flips(&p, r.move)), flips_bound(&p, false), "ply %d",
			     ply);
		rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
		for (int k = (int)((rng >> 33) % (uint64_t)sqset_count(m)); k > 0; k--)
			m &= m - 1;
		pos_play(&p, sqset_first(m), pos_flips(&p, sqset_first(m)));
	}
	cr_assert_gt(eval_toy_calls(), calls, "the searches scored with the toy");
	engine_free(eg);
	engine_free(es);
	eval_free(greedy);
	eval_free(shy);
}

Test(eval_kinds, a_game_with_the_toy_goes_through_the_loop)
{
	char err[200];
	struct eval *toy = load_text(VARIANT_8X8, "TOY 100\n", err, sizeof err);
	struct match_player_options opt = {.eval = toy, .hash_mb = 1};
	struct match_player *a = match_player_new("expert --depth 2", &opt, err, sizeof err);
	struct match_player *b = match_player_new("novice", &opt, err, sizeof err);
	struct match_openings list;
	struct report_game g;
	long calls = eval_toy_calls();

	cr_assert(toy && a && b, "%s", err);
	cr_assert_eq(match_openings_start(VARIANT_8X8, &list), 0);
	struct match_table t = {.player = {a, b},
				.name = {"expert", "novice"},
				.opening = &list.v[0],
				.number = 1,
				.seed = {3, 4}};
	cr_assert_eq(match_play_game(&t, &g, NULL, NULL), MATCH_END_NORMAL, "%s", g.end);
	cr_assert_eq(g.black_discs + g.white_discs, 64);
	cr_assert_gt(eval_toy_calls(), calls, "the levels scored with the toy");
	match_player_free(a);
	match_player_free(b);
	match_openings_free(&list);
	eval_free(toy);
}
