/*
 * test-vsearch.c — the search of the other boards: the exact solver against
 * a plain minimax over the reference grid of refvboard.c on positions of
 * random games (6×6 and 10×10 with holes), its bounds on narrow windows, and
 * the move the whole search returns.
 */
#include "refboard.h"
#include "refvboard.h"
#include "vboard.h"
#include "veval.h"
#include "vlevel.h"
#include "vsearch.h"

#include <criterion/criterion.h>

/* The final score of the reference grid for the mover, empties to the winner. */
static int ref_final(const struct refvboard *r)
{
	int mover = 0, other = 0, empty = 0;

	for (int y = 0; y < r->size; y++) {
		for (int x = 0; x < r->size; x++) {
			mover += r->cell[y][x] == RV_MOVER;
			other += r->cell[y][x] == RV_OTHER;
			empty += r->cell[y][x] == RV_EMPTY;
		}
	}
	return mover > other ? mover - other + empty : mover < other ? mover - other - empty : 0;
}

/* Plain minimax (negamax without pruning) to the end of the game on the grid. */
static int ref_minimax(const struct refvboard *r)
{
	int flipped[40][2], best = -1000;

	for (int y = 0; y < r->size; y++) {
		for (int x = 0; x < r->size; x++) {
			struct refvboard next = *r;
			int v;

			if (!refvboard_flips(r, y, x, flipped))
				continue;
			refvboard_play(&next, y, x);
			v = -ref_minimax(&next);
			if (v > best)
				best = v;
		}
	}
	if (best > -1000)
		return best;
	{
		struct refvboard next = *r;

		refvboard_pass(&next);
		if (!refvboard_can_move(&next))
			return ref_final(r);
		return -ref_minimax(&next);
	}
}

/* Plays random moves on both boards until `empties` squares are left (or the game ends). */
static void random_position(enum variant v, int empties, uint64_t *seed, struct vboard *b,
			    struct refvboard *r)
{
	const struct vgeom *g = vboard_geom(v);

	vboard_start(g, b);
	refvboard_start(r, g->size, v == VARIANT_10X10_HOLES);
	while (vboard_empty_count(g, b) > empties && !vboard_game_over(g, b)) {
		vbits moves = vboard_moves(g, b->own, b->opp);
		int k, sq;

		if (!moves) {
			vboard_pass(b);
			refvboard_pass(r);
			continue;
		}
		k = (int)(test_rand(seed) % (uint64_t)vboard_popcount(moves));
		while (k--)
			moves &= moves - 1;
		sq = vboard_first_square(moves);
		vboard_play(b, sq, vboard_flips(g, b->own, b->opp, sq));
		refvboard_play(r, sq / g->stride, sq % g->stride);
	}
}

/* Solves `count` random positions of `empties` empties and checks them against minimax. */
static void check_solver(enum variant v, int empties, int count)
{
	const struct vgeom *g = vboard_geom(v);
	uint64_t seed = 0xC0FFEE + (uint64_t)(v * 100 + empties);
	struct veval ev;
	struct eval *bev;
	struct vsearch *s;

	veval_default(g, &ev);
	bev = eval_builtin(g->variant);
	s = vsearch_new(bev, 1);
	cr_assert_not_null(s);
	for (int i = 0; i < count; i++) {
		struct refvboard r;
		struct vboard b;
		int want, got;

		random_position(v, empties, &seed, &b, &r);
		want = ref_minimax(&r);
		vsearch_clear(s);
		got = vsearch_solve(s, &b, -100, 100);
		cr_assert_eq(got, want, "%s position %d: solver %d, minimax %d", g->name, i, got,
			     want);
		/* Fail-soft bounds on windows below, around and above the score. */
		cr_assert_leq(vsearch_solve(s, &b, want, want + 1), want);
		cr_assert_geq(vsearch_solve(s, &b, want - 1, want), want);
		cr_assert_eq(vsearch_solve(s, &b, want - 1, want + 1), want);
	}
	vsearch_free(s);
	eval_free(bev);
}

Test(vsearch, six_by_six_solver_matches_minimax)
{
	check_solver(VARIANT_6X6, 8, 30);
}

Test(vsearch, six_by_six_solver_matches_minimax_with_table)
{
	/* 10 empties: the table and the ordering are used above the shallow solver. */
	check_solver(VARIANT_6X6, 10, 3);
}

Test(vsearch, ten_by_ten_solver_matches_minimax)
{
	check_solver(VARIANT_10X10_HOLES, 9, 12);
}

Test(vsearch, run_solves_and_plays_a_best_move)
{
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vsearch_limits lim = {.endgame = 20};
	struct vsearch_result res;
	uint64_t seed = 99;
	struct refvboard r;
	struct veval ev;
	struct eval *bev;
	struct vboard b;
	struct vsearch *s;
	int want;

	veval_default(g, &ev);
	bev = eval_builtin(g->variant);
	s = vsearch_new(bev, 4);
	for (int i = 0; i < 10; i++) {
		random_position(VARIANT_6X6, 10, &seed, &b, &r);
		want = ref_minimax(&r);
		vsearch_run(s, &b, &lim, &res);
		cr_assert(res.exact);
		cr_assert_eq(res.score, want * VSEARCH_DISC, "position %d", i);
		if (res.move == VSQ_PASS) {
			refvboard_pass(&r);
			cr_assert_eq(-ref_minimax(&r), want);
		} else if (res.move != VSQ_NONE) {
			refvboard_play(&r, res.move / g->stride, res.move % g->stride);
			cr_assert_eq(-ref_minimax(&r), want, "position %d: the move is not best",
				     i);
		}
	}
	vsearch_free(s);
	eval_free(bev);
}

/*
 * The position after the first 12 plies of Feinstein's line of perfect play
 * on 6×6 (20 empties, -4 for Black) and each of its seven turned and mirrored
 * images, solved one after the other with one table: the solver keys its
 * table by symmetry there, so the images after the first come from the first
 * one's entries. Each scores -4, its move keeps the score, and its principal
 * variation (the table's moves, turned back) is legal in the image.
 */
Test(vsearch, solver_scores_the_images_of_a_position_alike)
{
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vsearch_limits lim = {.endgame = 36};
	struct vsearch_result res;
	struct vboard line, b;
	char err[100];
	struct veval ev;
	struct eval *bev;
	struct vsearch *s;
	int black = 1;

	veval_default(g, &ev);
	bev = eval_builtin(g->variant);
	s = vsearch_new(bev, 16);
	vboard_start(g, &line);
	cr_assert_eq(
	    vboard_transcript_play(g, "c2b4c5d2e4e3d1c1b1d5d6f4", &line, &black, err, sizeof err),
	    12);
	cr_assert_eq(vboard_empty_count(g, &line), 20);
	for (int t = 0; t < VBOARD_SYMMETRIES; t++) {
		struct vboard next;

		b.own = b.opp = 0;
		for (int sq = 0; sq < g->size * g->stride; sq++) {
			int to = vboard_symmetry_square(g, t, sq);

			b.own |= line.own & vboard_bit(sq) ? vboard_bit(to) : 0;
			b.opp |= line.opp & vboard_bit(sq) ? vboard_bit(to) : 0;
		}
		vsearch_run(s, &b, &lim, &res);
		cr_assert(res.exact);
		cr_assert_eq(res.score, -4 * VSEARCH_DISC, "image %d: %d", t, res.score);
		cr_assert_eq(res.pv[0], res.move);
		next = b;
		for (int i = 0, want = -4; i < res.pv_len; i++, want = -want) {
			int sq = res.pv[i];

			if (sq != VSQ_PASS) {
				cr_assert(vboard_moves(g, next.own, next.opp) & vboard_bit(sq),
					  "image %d: move %d of the variation is not legal", t, i);
				vboard_play(&next, sq, vboard_flips(g, next.own, next.opp, sq));
				cr_assert_eq(
				    vsearch_solve(s, &next, -VSEARCH_INF, VSEARCH_INF), -want,
				    "image %d: move %d of the variation loses discs", t, i);
			} else {
				cr_assert_eq(vboard_moves(g, next.own, next.opp), 0);
				vboard_pass(&next);
			}
		}
		next = b;
		vboard_play(&next, res.move, vboard_flips(g, next.own, next.opp, res.move));
		cr_assert_eq(vsearch_solve(s, &next, -VSEARCH_INF, VSEARCH_INF), 4, "image %d", t);
	}
	vsearch_free(s);
	eval_free(bev);
}

Test(vsearch, midgame_search_returns_a_legal_move_at_each_depth)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	struct vsearch_result res;
	struct veval ev;
	struct eval *bev;
	struct vboard b;
	struct vsearch *s;

	veval_default(g, &ev);
	bev = eval_builtin(g->variant);
	s = vsearch_new(bev, 4);
	vboard_start(g, &b);
	for (int d = 1; d <= 5; d++) {
		struct vsearch_limits lim = {.depth = d};

		vsearch_run(s, &b, &lim, &res);
		cr_assert_eq(res.depth, d);
		cr_assert(!res.exact);
		cr_assert(vboard_moves(g, b.own, b.opp) & vboard_bit(res.move));
		cr_assert_eq(res.pv[0], res.move);
	}
	vsearch_free(s);
	eval_free(bev);
}

/* A stop raised on the watched flag before the search starts is obeyed (vsearch_stop's
   request is cleared by a new search, so an owner's stop could be lost between jobs). */
Test(vsearch, a_watched_flag_raised_before_the_search_stops_it)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	struct vsearch_limits lim = {.depth = 40, .time = 20}; /* the time only ends a broken run */
	struct vsearch_result res;
	struct veval ev;
	struct eval *bev;
	struct vboard b;
	struct vsearch *s;
	atomic_int flag = 1;

	veval_default(g, &ev);
	bev = eval_builtin(g->variant);
	s = vsearch_new(bev, 4);
	cr_assert_not_null(s);
	vboard_start(g, &b);
	vsearch_watch(s, &flag);
	vsearch_run(s, &b, &lim, &res);
	cr_assert_lt(res.depth, 10, "a 40-ply search ran to depth %d under a raised flag",
		     res.depth);
	cr_assert_lt(res.nodes, 1u << 20, "%llu nodes under a raised flag",
		     (unsigned long long)res.nodes);
	cr_assert(vboard_moves(g, b.own, b.opp) & vboard_bit(res.move));
	atomic_store(&flag, 0);
	lim = (struct vsearch_limits){.depth = 3};
	vsearch_run(s, &b, &lim, &res);
	cr_assert_eq(res.depth, 3, "the lowered flag still stops the search");
	vsearch_free(s);
	eval_free(bev);
}

Test(vlevel, five_levels_deepen_on_each_board)
{
	for (int v = VARIANT_6X6; v <= VARIANT_10X10_HOLES; v++) {
		const struct vgeom *g = vboard_geom((enum variant)v);
		struct vlevel prev = {0}, lv;

		for (int i = 0; i < VLEVEL_COUNT; i++) {
			cr_assert(vlevel_get(g, vlevel_name(i), &lv), "%s", vlevel_name(i));
			cr_assert_eq((int)lv.id, i);
			if (i > 0) {
				cr_assert_gt(lv.depth, prev.depth, "%s %s", g->name, lv.name);
				cr_assert_geq(lv.endgame, prev.endgame, "%s %s", g->name, lv.name);
			}
			prev = lv;
		}
		cr_assert(!vlevel_get(g, "grandmaster", &lv));
	}
}

Test(vlevel, beginner_plays_the_first_move_in_scan_order)
{
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vsearch_result res;
	struct vlevel lv;
	struct veval ev;
	struct eval *bev;
	struct vboard b;
	struct vsearch *s;

	veval_default(g, &ev);
	bev = eval_builtin(g->variant);
	s = vsearch_new(bev, 1);
	vlevel_get(g, "beginner", &lv);
	vboard_start(g, &b);
	vlevel_choose(&lv, s, &b, 0, &res);
	cr_assert_eq(res.move, vboard_square_parse(g, "c2", NULL));
	vboard_pass(&b); /* White to move at the start: its first move is d2 */
	vlevel_choose(&lv, s, &b, 0, &res);
	cr_assert_eq(res.move, vboard_square_parse(g, "d2", NULL));
	b.own = 0; /* no disc to move with: the game is over */
	vlevel_choose(&lv, s, &b, 0, &res);
	cr_assert_eq(res.move, VSQ_NONE);
	vsearch_free(s);
	eval_free(bev);
}

Test(vlevel, novice_plays_the_best_evaluated_move)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	struct vsearch_result res;
	struct vlevel lv;
	struct veval ev;
	struct eval *bev;
	struct vboard b;
	struct vsearch *s;
	uint64_t seed = 5;
	struct refvboard r;

	veval_default(g, &ev);
	bev = eval_builtin(g->variant);
	s = vsearch_new(bev, 1);
	vlevel_get(g, "novice", &lv);
	random_position(VARIANT_10X10_HOLES, 70, &seed, &b, &r);
	vlevel_choose(&lv, s, &b, 0, &res);
	for (vbits m = vboard_moves(g, b.own, b.opp); m; m &= m - 1) {
		int sq = vboard_first_square(m);
		struct vboard c = b, d = b;

		vboard_play(&c, sq, vboard_flips(g, b.own, b.opp, sq));
		vboard_play(&d, res.move, vboard_flips(g, b.own, b.opp, res.move));
		cr_assert_leq(-veval_eval(&ev, c.own, c.opp), -veval_eval(&ev, d.own, d.opp));
	}
	vsearch_free(s);
	eval_free(bev);
}

Test(vlevel, time_manager_never_spends_the_whole_clock)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	double clock = 60;
	uint64_t seed = 3;
	struct refvboard r;
	struct vboard b;

	cr_assert_eq(vlevel_budget(g, &b, 0), 0);
	vboard_start(g, &b);
	/* Each move of one side spends its whole budget: the clock lasts to the end. */
	for (int empties = g->squares - 4; empties > 0; empties -= 2) {
		double budget;

		random_position(VARIANT_10X10_HOLES, empties, &seed, &b, &r);
		budget = vlevel_budget(g, &b, clock);
		cr_assert_gt(budget, 0);
		cr_assert_leq(budget, clock / 2);
		clock -= budget;
	}
	cr_assert_gt(clock, 0);
}

Test(veval, features_change_sign_with_the_side_to_move)
{
	uint64_t seed = 11;

	for (int v = VARIANT_6X6; v <= VARIANT_10X10_HOLES; v++) {
		const struct vgeom *g = vboard_geom((enum variant)v);

		for (int i = 0; i < 30; i++) {
			int f[VEVAL_FEATURES], h[VEVAL_FEATURES];
			struct refvboard r;
			struct vboard b;

			random_position((enum variant)v, g->squares - 4 - i * 2, &seed, &b, &r);
			veval_features(g, b.own, b.opp, f);
			veval_features(g, b.opp, b.own, h);
			for (int k = 0; k < VEVAL_FEATURES - 1; k++)
				cr_assert_eq(f[k], -h[k], "%s feature %s", g->name,
					     veval_feature_names[k]);
			cr_assert_eq(f[VEVAL_FEATURES - 1], h[VEVAL_FEATURES - 1]); /* parity */
		}
	}
}

/* The largest weights a file may hold score every position within the
   range of the final scores (a search took 7e7 for more than any score),
   with the sign of the disc count; one more is refused. */
Test(veval, the_largest_weights_stay_within_the_score_range)
{
	uint64_t seed = 5;

	for (int v = VARIANT_6X6; v <= VARIANT_10X10_HOLES; v++) {
		const struct vgeom *g = vboard_geom((enum variant)v);
		char text[512], err[128];
		struct veval ev;
		FILE *f = tmpfile();

		fprintf(f, "variant %s\n", g->name);
		for (int st = 0; st < VEVAL_STAGES; st++)
			fprintf(f, "stage %d 0 0 0 0 0 %d 0\n", st, VEVAL_WEIGHT_MAX);
		rewind(f);
		cr_assert_eq(veval_read(g, f, &ev, err, sizeof err), 0, "%s", err);
		fclose(f);
		for (int i = 0; i < 30; i++) {
			struct refvboard r;
			struct vboard b;
			int d, want, got;

			random_position((enum variant)v, g->squares - 4 - i * 2, &seed, &b, &r);
			d = vboard_popcount(b.own) - vboard_popcount(b.opp);
			want = d > 0 ? 100 * g->squares : d < 0 ? -100 * g->squares : 0;
			got = veval_eval(&ev, b.own, b.opp);
			cr_assert_eq(got, want, "%s: %d discs ahead scores %d", g->name, d, got);
		}
		snprintf(text, sizeof text, "variant %s\nstage 0 1 1 1 1 1 %d 1\n", g->name,
			 VEVAL_WEIGHT_MAX + 1);
		f = fmemopen(text, strlen(text), "r");
		cr_assert_neq(veval_read(g, f, &ev, err, sizeof err), 0);
		cr_assert_str_eq(
		    err, "2: expected 'stage S' (0-3) and 7 whole-number weights within +-100000");
		fclose(f);
	}
}

Test(veval, stable_discs_never_flip_in_random_games)
{
	const struct vgeom *g = vboard_geom(VARIANT_10X10_HOLES);
	uint64_t seed = 21;

	for (int game = 0; game < 20; game++) {
		struct vboard b;
		vbits stable_black = 0;
		bool black = true;

		vboard_start(g, &b);
		while (!vboard_game_over(g, &b)) {
			vbits moves = vboard_moves(g, b.own, b.opp);
			int k;

			/* Black's stable discs stay Black's for the rest of the game. */
			cr_assert_eq(stable_black & ~(black ? b.own : b.opp), 0);
			stable_black |=
			    veval_stable(g, black ? b.own : b.opp, black ? b.opp : b.own);
			if (!moves) {
				vboard_pass(&b);
				black = !black;
				continue;
			}
			k = (int)(test_rand(&seed) % (uint64_t)vboard_popcount(moves));
			while (k--)
				moves &= moves - 1;
			vboard_play(&b, vboard_first_square(moves),
				    vboard_flips(g, b.own, b.opp, vboard_first_square(moves)));
			black = !black;
		}
	}
}
