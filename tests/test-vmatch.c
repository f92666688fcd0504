/*
 * test-vmatch.c — games between the levels of the other boards: openings are
 * legal and reproducible, balanced ones scored near a draw, a game through
 * the match game loop is played to its end and scored as its record's final
 * position says, an external engine is refused there, and the trained
 * weights fitted from a game's positions read back.
 */
#include "eval-kind.h"
#include "match.h"
#include "veval.h"
#include "vmatch.h"
#include "vsearch.h"
#include "vtrain.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

Test(vmatch, openings_are_legal_and_follow_the_seed)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	uint64_t a = 7, b = 7;

	for (int i = 0; i < 20; i++) {
		struct vopening x, y;
		struct vboard p;
		bool black = true;

		vmatch_opening(VARIANT_10X10_HOLES, 6, &a, &x);
		vmatch_opening(VARIANT_10X10_HOLES, 6, &b, &y);
		cr_assert_eq(x.n, 6);
		cr_assert(pos_same(&x.p, &y.p));
		vboard_start(g, &p);
		for (int k = 0; k < x.n; k++) {
			vbits flips;

			if (x.moves[k] == SQ_PASS) {
				cr_assert_eq(vboard_moves(g, p.own, p.opp), 0);
				vboard_pass(&p);
			} else {
				flips = vboard_flips(g, p.own, p.opp, x.moves[k]);
				cr_assert_neq(flips, 0, "ply %d is not legal", k);
				vboard_play(&p, x.moves[k], flips);
			}
			black = !black;
		}
		cr_assert(p.own == pos_own(&x.p) && p.opp == pos_opp(&x.p) &&
			  black == (x.side == BLACK));
	}
}

/* Balanced openings: a 10-ply search scores each within 3 discs (and most random ones
   are not), and they follow the seed. */
Test(vmatch, balanced_openings_are_scored_near_a_draw)
{
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vsearch_limits lim = {.depth = 10};
	struct vsearch *s, *check;
	struct eval *ev = eval_builtin(VARIANT_6X6);
	uint64_t a = 5, b = 5, r = 5;
	int unbalanced = 0;

	s = vsearch_new(ev, 4);
	check = vsearch_new(ev, 4);
	cr_assert(s && check);
	for (int i = 0; i < 12; i++) {
		struct vopening x, y, z;
		struct vsearch_result res;

		vmatch_balanced_opening(s, VARIANT_6X6, 4, &a, &x);
		vmatch_balanced_opening(s, VARIANT_6X6, 4, &b, &y);
		cr_assert(pos_same(&x.p, &y.p) && x.n == 4);
		vsearch_clear(check);
		vsearch_run(check, pos_vboard(&x.p), &lim, &res);
		cr_assert_leq(res.score, VMATCH_BALANCE_MARGIN * VSEARCH_DISC, "opening %d", i);
		cr_assert_geq(res.score, -VMATCH_BALANCE_MARGIN * VSEARCH_DISC, "opening %d", i);
		vmatch_opening(g->variant, 4, &r, &z);
		vsearch_clear(check);
		vsearch_run(check, pos_vboard(&z.p), &lim, &res);
		unbalanced += res.score > VMATCH_BALANCE_MARGIN * VSEARCH_DISC ||
			      res.score < -VMATCH_BALANCE_MARGIN * VSEARCH_DISC;
	}
	cr_assert_gt(unbalanced, 0, "every random opening is balanced: the test shows nothing");
	vsearch_free(s);
	vsearch_free(check);
	eval_free(ev);
}

/* Plays one game of `black` against `white` on board v through the match game loop. */
static void play_on(enum variant v, const char *black, const char *white)
{
	const struct vgeom *g = vboard_geom(v);
	struct match_player_options opt = {.hash_mb = 1};
	struct match_player *p[2];
	struct match_openings list;
	struct report_game out;
	struct game *rec = NULL;
	struct game_node *end;
	struct eval *ev = eval_builtin(v);
	vbits b, w;
	int empties, d, opening_moves = 0;
	char err[200];

	opt.eval = ev;
	p[0] = match_player_new(black, &opt, err, sizeof err);
	p[1] = match_player_new(white, &opt, err, sizeof err);
	cr_assert(p[0] && p[1], "%s", err);
	cr_assert_eq(match_openings_draw(v, ev, 1, 4, 3, &list, err, sizeof err), 0, "%s", err);
	struct match_table t = {.player = {p[0], p[1]},
				.name = {black, white},
				.opening = &list.v[0],
				.number = 1,
				.seed = {5, 6}};

	cr_assert_eq(match_play_game(&t, &out, NULL, &rec), MATCH_END_NORMAL, "%s", out.end);
	cr_assert_not_null(rec);
	cr_assert_eq(rec->variant, v);
	end = game_line_end(rec->root);
	cr_assert(game_is_over(end), "%s: the record does not reach the end", g->name);
	game_colors(end, &b, &w);
	empties = g->squares - vboard_popcount(b) - vboard_popcount(w);
	d = vboard_popcount(b) - vboard_popcount(w);
	cr_assert_eq(out.gap, d > 0 ? d + empties : d < 0 ? d - empties : 0, "%s", g->name);
	cr_assert_eq(out.black_discs + out.white_discs, g->squares, "empties go to the winner");
	for (int i = 0; i < list.v[0].n_moves; i++)
		opening_moves += list.v[0].moves[i] != SQ_PASS;
	cr_assert_eq(out.moves + 4 + empties, g->squares, "%s: moves %d", g->name, out.moves);
	cr_assert_geq(out.moves, opening_moves);
	game_free(rec);
	match_openings_free(&list);
	match_player_free(p[0]);
	match_player_free(p[1]);
	eval_free(ev);
}

Test(vmatch, games_on_the_other_boards_go_through_the_match_loop)
{
	play_on(VARIANT_6X6, "expert", "novice");
	play_on(VARIANT_10X10_HOLES, "novice", "random");
}

Test(vmatch, an_external_engine_is_refused_on_the_other_boards)
{
	struct match_player_options opt = {0};
	struct match_player *p, *q;
	struct match_openings list;
	struct report_game out;
	char err[200];

	p = match_player_new("engine:true", &opt, err, sizeof err);
	cr_assert_not_null(p, "%s", err);
	q = match_player_new("beginner", &opt, err, sizeof err);
	cr_assert_not_null(q, "%s", err);
	cr_assert_eq(match_openings_start(VARIANT_6X6, &list), 0);
	struct match_table t = {.player = {p, q},
				.name = {"engine", "beginner"},
				.opening = &list.v[0],
				.number = 1};

	cr_assert_eq(match_play_game(&t, &out, NULL, NULL), MATCH_END_FORFEIT);
	cr_assert(strstr(out.end, "8x8 only"), "%s", out.end);
	cr_assert_eq(out.white_discs, 36, "a forfeit gives the whole 6x6 board");
	match_openings_free(&list);
	match_player_free(p);
	match_player_free(q);
}

Test(vtrain, fit_reads_what_generate_wrote)
{
	struct eval *ev = eval_builtin(VARIANT_6X6), *fitted, *back;
	int counts[EVAL_FIT_STAGES], n;
	const char *name = "self-play";
	char err[200];
	FILE *f = tmpfile();

	n = vtrain_generate(VARIANT_6X6, ev, "novice", 30, 4, 1, f, err, sizeof err);
	cr_assert_gt(n, 30 * 10, "%s", err);
	rewind(f);
	fitted = eval_fit_linear(VARIANT_6X6, &f, &name, 1, 0.01, counts, err, sizeof err);
	cr_assert_not_null(fitted, "%s", err);
	cr_assert_eq(counts[0] + counts[1] + counts[2] + counts[3], n);
	cr_assert_eq(eval_variant(fitted), VARIANT_6X6);
	fclose(f);
	/* The fit written and read back gives the same weights. */
	f = tmpfile();
	cr_assert_eq(eval_write(fitted, f), 0);
	rewind(f);
	back = eval_load(VARIANT_6X6, f, "fit.txt", err, sizeof err);
	cr_assert_not_null(back, "%s", err);
	cr_assert_eq(memcmp(eval_model(back), eval_model(fitted), sizeof(struct veval)), 0);
	fclose(f);
	eval_free(back);
	eval_free(fitted);
	eval_free(ev);
}
