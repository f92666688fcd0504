/*
 * test-vmatch.c — games between the levels of the other boards: openings are
 * legal and reproducible, balanced ones scored near a draw, a game is played to its end and scored
 * as the final position says, and the trained weights fitted from a game's positions read back.
 */
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

		vmatch_opening(g, 6, &a, &x);
		vmatch_opening(g, 6, &b, &y);
		cr_assert_eq(x.n, 6);
		cr_assert(x.b.own == y.b.own && x.b.opp == y.b.opp);
		vboard_start(g, &p);
		for (int k = 0; k < x.n; k++) {
			vbits flips;

			if (x.moves[k] == VSQ_PASS) {
				cr_assert_eq(vboard_moves(g, p.own, p.opp), 0);
				vboard_pass(&p);
			} else {
				flips = vboard_flips(g, p.own, p.opp, x.moves[k]);
				cr_assert_neq(flips, 0, "ply %d is not legal", k);
				vboard_play(&p, x.moves[k], flips);
			}
			black = !black;
		}
		cr_assert(p.own == x.b.own && p.opp == x.b.opp && black == x.black_to_move);
	}
}

/* Balanced openings: a 10-ply search scores each within 3 discs (and most random ones
   are not), and they follow the seed. */
Test(vmatch, balanced_openings_are_scored_near_a_draw)
{
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vsearch_limits lim = {.depth = 10};
	struct vsearch *s, *check;
	struct veval ev;
	uint64_t a = 5, b = 5, r = 5;
	int unbalanced = 0;

	veval_default(g, &ev);
	s = vsearch_new(&ev, 4);
	check = vsearch_new(&ev, 4);
	cr_assert(s && check);
	for (int i = 0; i < 12; i++) {
		struct vopening x, y, z;
		struct vsearch_result res;

		vmatch_balanced_opening(s, 4, &a, &x);
		vmatch_balanced_opening(s, 4, &b, &y);
		cr_assert(x.b.own == y.b.own && x.b.opp == y.b.opp && x.n == 4);
		vsearch_clear(check);
		vsearch_run(check, &x.b, &lim, &res);
		cr_assert_leq(res.score, VMATCH_BALANCE_MARGIN * VSEARCH_DISC, "opening %d", i);
		cr_assert_geq(res.score, -VMATCH_BALANCE_MARGIN * VSEARCH_DISC, "opening %d", i);
		vmatch_opening(g, 4, &r, &z);
		vsearch_clear(check);
		vsearch_run(check, &z.b, &lim, &res);
		unbalanced += res.score > VMATCH_BALANCE_MARGIN * VSEARCH_DISC ||
			      res.score < -VMATCH_BALANCE_MARGIN * VSEARCH_DISC;
	}
	cr_assert_gt(unbalanced, 0, "every random opening is balanced: the test shows nothing");
	vsearch_free(s);
	vsearch_free(check);
}

Test(vmatch, a_game_is_played_to_the_end_and_scored)
{
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vmatch_setup setup = {.g = g, .hash_mb = 1};
	struct vlevel expert, novice;
	struct report_game rg = {0};
	struct vopening o;
	uint64_t rng = 1;
	char err[100];

	veval_default(g, &setup.ev);
	cr_assert(vlevel_get(g, "expert", &expert));
	cr_assert(vlevel_get(g, "novice", &novice));
	vmatch_opening(g, 4, &rng, &o);
	cr_assert_eq(vmatch_game(&setup, &expert, &novice, &o, &rg, err, sizeof err), 0);
	cr_assert_str_eq(rg.end, "end");
	cr_assert_leq(rg.black_discs + rg.white_discs, g->squares);
	cr_assert_gt(rg.moves, 0);
	cr_assert_leq(rg.moves, g->squares - 4 - 4);
	{
		int empties = g->squares - rg.black_discs - rg.white_discs;
		int d = rg.black_discs - rg.white_discs;

		cr_assert_eq(rg.gap, d > 0 ? d + empties : d < 0 ? d - empties : 0);
	}
}

Test(vtrain, fit_reads_what_generate_wrote)
{
	const struct vgeom *g = vboard_geom(VARIANT_6X6);
	struct vlevel novice;
	struct veval ev, fitted;
	int counts[VEVAL_STAGES], n;
	const char *name = "self-play";
	char err[200];
	FILE *f = tmpfile();

	veval_default(g, &ev);
	vlevel_get(g, "novice", &novice);
	n = vtrain_generate(g, &ev, &novice, 30, 4, 1, f, err, sizeof err);
	cr_assert_gt(n, 30 * 10, "%s", err);
	rewind(f);
	cr_assert_eq(vtrain_fit(g, &f, &name, 1, 0.01, &fitted, counts, err, sizeof err), 0, "%s",
		     err);
	cr_assert_eq(counts[0] + counts[1] + counts[2] + counts[3], n);
	fclose(f);
	/* The fit written and read back gives the same weights. */
	f = tmpfile();
	veval_write(&fitted, f);
	rewind(f);
	cr_assert_eq(veval_read(g, f, &ev, err, sizeof err), 0, "%s", err);
	cr_assert_eq(memcmp(ev.w, fitted.w, sizeof ev.w), 0);
	fclose(f);
}
