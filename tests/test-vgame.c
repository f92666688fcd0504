/*
 * test-vgame.c — the game layer on the other boards: square names and runs,
 * the record tree checked against the slow rules of refvboard.c over random
 * games (every legal move, every flip, the passes and the result), and the
 * controller playing 6×6 and 10×10-with-holes games: commands, engine moves,
 * undo and redo, handicaps, edit mode, the clock, and what only 8×8 can do.
 */
#include "command.h"
#include "controller.h"
#include "gamecmp.h"
#include "gametree.h"
#include "refvboard.h"
#include "rng.h"
#include "square.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char err[256];

Test(vgame, pass_and_none_are_never_squares)
{
	for (int v = 1; v < VARIANT_COUNT; v++) {
		cr_assert_not(square_valid((enum variant)v, SQ_PASS));
		cr_assert_not(square_valid((enum variant)v, SQ_NONE));
	}
}

Test(vgame, square_names_round_trip)
{
	char buf[SQUARE_NAME_LEN];
	int holes = 0, n = 0;

	for (int r = 0; r < 10; r++)
		for (int c = 0; c < 10; c++) {
			int sq = square_at(VARIANT_10X10_HOLES, r, c), row, col;

			if (sq < 0) {
				cr_assert(square_is_hole(VARIANT_10X10_HOLES, r, c));
				holes++;
				continue;
			}
			n++;
			square_row_col(VARIANT_10X10_HOLES, sq, &row, &col);
			cr_assert_eq(row, r);
			cr_assert_eq(col, c);
			cr_assert_eq(square_parse_word(VARIANT_10X10_HOLES,
						       square_name(VARIANT_10X10_HOLES, sq, buf)),
				     sq);
		}
	cr_assert_eq(holes, 8);
	cr_assert_eq(n, square_count(VARIANT_10X10_HOLES));
	cr_assert_str_eq(
	    square_name(VARIANT_10X10_HOLES, square_at(VARIANT_10X10_HOLES, 9, 9), buf), "j10");
	cr_assert_eq(square_parse_word(VARIANT_10X10_HOLES, "e1"), -1, "e1 is a hole");
	cr_assert_eq(square_parse_word(VARIANT_6X6, "g1"), -1);
	cr_assert_eq(square_parse_word(VARIANT_6X6, "F6"), square_at(VARIANT_6X6, 5, 5));
}

Test(vgame, square_runs)
{
	int sq[8];

	cr_assert_eq(square_run_parse(VARIANT_10X10_HOLES, "j10a1d7", sq, 8), 3);
	cr_assert_eq(sq[0], square_at(VARIANT_10X10_HOLES, 9, 9));
	cr_assert_eq(sq[1], square_at(VARIANT_10X10_HOLES, 0, 0));
	cr_assert_eq(sq[2], square_at(VARIANT_10X10_HOLES, 6, 3));
	cr_assert_eq(square_run_parse(VARIANT_10X10_HOLES, "j10x", sq, 8), -1);
	cr_assert_eq(square_run_parse(VARIANT_6X6, "c2b3", sq, 8), 2);
	cr_assert_eq(square_run_parse(VARIANT_6X6, "c2b7", sq, 8), -1);
	cr_assert_eq(square_run_parse(VARIANT_8X8, "f5d6", sq, 8), 2);
	cr_assert_eq(sq[0], 37);
}

/* The discs of a node in refvboard's terms agree with the node's masks. */
static void same_position(const struct game_node *n, const struct refvboard *r)
{
	vbits black, white;

	game_colors(n, &black, &white);
	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++) {
			int sq = square_at(n->pos.variant, row, col), cell = r->cell[row][col];
			vbits own = n->side == BLACK ? black : white;
			vbits opp = n->side == BLACK ? white : black;

			if (sq < 0) {
				cr_assert_eq(cell, RV_HOLE);
				continue;
			}
			cr_assert_eq(cell == RV_MOVER, (own & vboard_bit(sq)) != 0);
			cr_assert_eq(cell == RV_OTHER, (opp & vboard_bit(sq)) != 0);
		}
}

/* Random games on board v through game_add_move, each position checked against refvboard:
   the legal moves, every illegal square refused, passes, and the final result. */
static void random_games(enum variant v, int games)
{
	uint64_t rng = 12345 + (uint64_t)v;

	for (int k = 0; k < games; k++) {
		struct game *g = game_new_variant(v);
		struct game_node *n = g->root;
		struct refvboard r;
		char res[16];

		refvboard_start(&r, square_size(v), v == VARIANT_10X10_HOLES);
		for (;;) {
			int moves[100], nm = 0, flipped[40][2];
			vbits legal = game_legal_moves(n);

			same_position(n, &r);
			for (int row = 0; row < r.size; row++)
				for (int col = 0; col < r.size; col++) {
					int sq = square_at(v, row, col);
					bool ok = r.cell[row][col] == RV_EMPTY &&
						  refvboard_flips(&r, row, col, flipped) > 0;

					if (sq >= 0)
						cr_assert_eq(ok, (legal & vboard_bit(sq)) != 0);
					if (ok)
						moves[nm++] = sq;
					else if (sq >= 0)
						cr_assert_null(
						    game_add_move(g, n, sq, err, sizeof err));
				}
			if (nm == 0) {
				struct refvboard t = r;

				refvboard_pass(&t);
				if (!refvboard_can_move(&t))
					break;
				n = game_add_move(g, n, SQ_PASS, err, sizeof err);
				cr_assert(n, "%s", err);
				r = t;
				continue;
			}
			cr_assert_null(game_add_move(g, n, SQ_PASS, err, sizeof err));
			int pick = moves[rng_next(&rng) % (uint64_t)nm], row, col;

			square_row_col(v, pick, &row, &col);
			n = game_add_move(g, n, pick, err, sizeof err);
			cr_assert(n, "%s", err);
			refvboard_play(&r, row, col);
		}
		cr_assert(game_is_over(n));
		cr_assert_eq(game_result_string(n, res, sizeof res), 0);
		{
			vbits b, w;
			int nb, nw, empty, diff;

			game_colors(n, &b, &w);
			nb = vboard_popcount(b);
			nw = vboard_popcount(w);
			empty = square_count(v) - nb - nw;
			diff = nb > nw ? nb - nw + empty : nb < nw ? nb - nw - empty : 0;
			if (diff == 0)
				cr_assert_str_eq(res, "0");
			else {
				char want[16];

				snprintf(want, sizeof want, "%c+%d", diff > 0 ? 'B' : 'W',
					 abs(diff));
				cr_assert_str_eq(res, want);
			}
		}
		game_free(g);
	}
}

Test(vgame, random_games_6x6_agree_with_slow_rules)
{
	random_games(VARIANT_6X6, 20);
}

Test(vgame, random_games_10x10_agree_with_slow_rules)
{
	random_games(VARIANT_10X10_HOLES, 6);
}

Test(vgame, copy_keeps_the_board)
{
	struct game *g = game_new_variant(VARIANT_10X10_HOLES), *c;
	struct game_node *n =
	    game_add_move(g, g->root, square_parse_word(g->variant, "e4"), err, sizeof err);

	cr_assert(n, "%s", err);
	c = game_copy(g);
	cr_assert_eq(c->variant, VARIANT_10X10_HOLES);
	cr_assert_eq(c->root->child->pos.variant, VARIANT_10X10_HOLES);
	cr_assert(pos_same(&c->root->child->pos, &n->pos));
	game_free(g);
	game_free(c);
}

static struct controller *make(enum variant v, const char *black, const char *white)
{
	struct controller_options opt;
	struct controller *ctl;

	controller_options_default(&opt);
	opt.black = black;
	opt.white = white;
	opt.tt_megabytes = 1;
	opt.hint_depth = 2;
	opt.overlay_depth = 2;
	opt.variant = v;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "controller_new: %s", err);
	return ctl;
}

/* Lets the engines finish their jobs; an engine error fails the test. */
static void settle(struct controller *ctl)
{
	cr_assert_geq(settle_engine(ctl, err, sizeof err), 0, "engine error: %s", err);
}

/* Runs one command line; its message, or the failure as "error: ...". */
static const char *run(struct controller *ctl, const char *line)
{
	static struct command_result res;

	command_result_free(&res);
	memset(&res, 0, sizeof res);
	if (command_execute(ctl, line, &res) < 0) {
		static char msg[512];

		snprintf(msg, sizeof msg, "error: %s", res.message);
		return msg;
	}
	return res.message;
}

Test(vgame, engines_play_a_whole_game_on_each_board)
{
	for (int v = VARIANT_6X6; v <= VARIANT_10X10_HOLES; v++) {
		struct controller *ctl = make((enum variant)v, "novice", "expert");
		int diff, plies;
		const char *res;

		controller_step(ctl, err, sizeof err);
		settle(ctl);
		cr_assert(controller_game_over(ctl, &diff));
		plies = controller_line_length(ctl);
		cr_assert_geq(plies, square_count((enum variant)v) - 4);
		res = controller_result(ctl);
		cr_assert(res[0] == 'B' || res[0] == 'W' || strcmp(res, "0") == 0, "%s", res);
		/* undo and redo walk the game without losing it */
		cr_assert_geq(controller_undo(ctl, 10, err, sizeof err), 0, "%s", err);
		cr_assert_eq(controller_cursor(ctl), plies - 10);
		cr_assert_geq(controller_redo(ctl, 10, err, sizeof err), 0, "%s", err);
		cr_assert_eq(controller_cursor(ctl), plies);
		cr_assert(controller_game_over(ctl, NULL));
		controller_free(ctl);
	}
}

Test(vgame, commands_on_the_big_board)
{
	struct controller *ctl = make(VARIANT_8X8, "human", "human");
	char *text;

	cr_assert_str_eq(run(ctl, "new --variant 10x10-holes"), "new game on 10x10-holes");
	cr_assert_eq(controller_variant(ctl), VARIANT_10X10_HOLES);
	text = controller_board_text(ctl);
	cr_assert(strstr(text, "   a b c d e f g h i j\n 1 . . . . # # . . . .\n"), "%s", text);
	cr_assert(strstr(text, " 5 # . . . O X . . . #\n"), "%s", text);
	free(text);
	cr_assert_str_eq(run(ctl, "e4"), "played e4");
	cr_assert_str_eq(run(ctl, "j10"), "error: illegal move j10 for White");
	cr_assert_str_eq(run(ctl, "e1"), "error: unknown command `e1` (try `help`)");
	cr_assert_str_eq(run(ctl, "move e1"),
			 "error: not a square: `e1` (a1 to j10, not the holes)");
	cr_assert_str_eq(run(ctl, "move f4g3"), "played g3");
	cr_assert_eq(controller_cursor(ctl), 3);
	text = controller_moves_text(ctl);
	cr_assert(strstr(text, "   1 Black e4\n   2 White f4\n>  3 Black g3\n"), "%s", text);
	free(text);
	cr_assert_geq(controller_undo(ctl, 2, err, sizeof err), 0);
	cr_assert_str_eq(run(ctl, "new"), "new game on 10x10-holes");
	cr_assert_str_eq(run(ctl, "new --variant 7x7"),
			 "error: new: unknown board `7x7` (8x8, 6x6 or 10x10-holes)");
	cr_assert_str_eq(run(ctl, "new --variant 8x8"), "new game");
	cr_assert_eq(controller_variant(ctl), VARIANT_8X8);
	controller_free(ctl);
}

Test(vgame, handicap_and_edit_on_other_boards)
{
	struct controller *ctl = make(VARIANT_8X8, "human", "expert");
	vbits black, white;

	cr_assert_geq(controller_handicap_on(ctl, VARIANT_10X10_HOLES, 2, err, sizeof err), 0);
	controller_colors(ctl, &black, &white);
	cr_assert(black & vboard_bit(square_at(VARIANT_10X10_HOLES, 0, 0)));
	cr_assert(black & vboard_bit(square_at(VARIANT_10X10_HOLES, 9, 9)));
	cr_assert_eq(vboard_popcount(black), 4);
	settle(ctl);
	cr_assert_str_eq(run(ctl, "new --variant 6x6"), "new game on 6x6");
	cr_assert_str_eq(run(ctl, "edit"),
			 "editing: set SQUARE black|white|empty, side, clear, done");
	cr_assert_str_eq(run(ctl, "set f6 black"), "");
	cr_assert_str_eq(run(ctl, "set g6 black"),
			 "error: set: `g6`: not a square (a1 to f6), nor a setting (db-dir, "
			 "color, mouse, ascii)");
	cr_assert_str_eq(run(ctl, "done"), "position set");
	controller_colors(ctl, &black, &white);
	cr_assert(black & vboard_bit(square_at(VARIANT_6X6, 5, 5)));
	cr_assert_eq(controller_variant(ctl), VARIANT_6X6);
	controller_free(ctl);
}

/* The all-moves overlay scores every legal move on the other boards too, deeper each time. */
Test(vgame, the_overlay_scores_every_move)
{
	struct controller *ctl = make(VARIANT_6X6, "human", "human");
	struct ctl_hint h[32];
	int n;

	cr_assert_str_eq(run(ctl, "c2"), "played c2");
	cr_assert_geq(controller_overlay_set(ctl, true, err, sizeof err), 0, "%s", err);
	settle(ctl);
	n = controller_hint_scores(ctl, h, 32);
	cr_assert_eq(n, vboard_popcount(controller_legal_moves(ctl)), "every legal move: %d", n);
	cr_assert_eq(h[0].depth, 2, "deepened to the overlay's limit");
	for (int i = 1; i < n; i++)
		cr_assert_geq(h[i - 1].score, h[i].score, "best first");
	controller_free(ctl);
}

Test(vgame, hint_gives_the_best_move)
{
	struct controller *ctl = make(VARIANT_6X6, "human", "human");
	struct ctl_hint h[4];

	cr_assert_geq(controller_hint(ctl, 1, err, sizeof err), 0, "%s", err);
	settle(ctl);
	cr_assert_eq(controller_hints(ctl, h, 4), 1);
	cr_assert(controller_legal_moves(ctl) & vboard_bit(h[0].move));
	cr_assert_eq(controller_hint_scores(ctl, h, 4), 4, "every legal move is scored");
	controller_free(ctl);
}

Test(vgame, the_game_clock_counts_down)
{
	struct controller_options opt;
	struct controller *ctl;
	double left;

	controller_options_default(&opt);
	opt.black = "master";
	opt.white = "human";
	opt.variant = VARIANT_10X10_HOLES;
	opt.game_time = 2.0;
	opt.tt_megabytes = 1;
	ctl = controller_new(&opt, err, sizeof err);
	cr_assert(ctl, "%s", err);
	cr_assert(controller_clock(ctl, BLACK, &left));
	cr_assert_float_eq(left, 2.0, 1e-9);
	controller_step(ctl, err, sizeof err);
	settle(ctl);
	cr_assert_eq(controller_cursor(ctl), 1);
	cr_assert(controller_clock(ctl, BLACK, &left));
	/* the time manager gave the first move a share of the two seconds, not all of them */
	cr_assert(left > 0.5 && left < 2.0, "left %f", left);
	controller_free(ctl);
}

Test(vgame, saves_and_loads_keep_the_board)
{
	char dir[] = "/tmp/othello-vgame-XXXXXX", path[256], *before, *after;
	struct controller_options opt;
	struct controller *ctl;
	FILE *f;

	cr_assert(mkdtemp(dir));
	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.variant = VARIANT_10X10_HOLES;
	opt.save_dir = dir;
	opt.tt_megabytes = 1;
	ctl = controller_new(&opt, err, sizeof err);
	cr_assert(ctl, "%s", err);
	cr_assert_str_eq(run(ctl, "e4 f4 g3"), "played g3");
	cr_assert_geq(controller_save(ctl, "big", "", err, sizeof err), 0, "%s", err);
	before = controller_moves_text(ctl);
	cr_assert_str_eq(run(ctl, "new --variant 6x6"), "new game on 6x6");
	/* a malformed file leaves the game as it was */
	snprintf(path, sizeof path, "%s/bad.sgf", dir);
	f = fopen(path, "w");
	fputs("(;SZ[10];B[e4])", f);
	fclose(f);
	cr_assert_lt(controller_load(ctl, path, err, sizeof err), 0);
	cr_assert(strstr(err, "bad.sgf:1:3: SZ[10] is the 10x10 board with holes"), "%s", err);
	cr_assert_eq(controller_variant(ctl), VARIANT_6X6);
	cr_assert_geq(controller_load(ctl, "big", err, sizeof err), 0, "%s", err);
	cr_assert_eq(controller_variant(ctl), VARIANT_10X10_HOLES);
	after = controller_moves_text(ctl);
	cr_assert_str_eq(before, after);
	/* the export to GGF says why not */
	snprintf(path, sizeof path, "%s/g.ggf", dir);
	cr_assert_lt(controller_export(ctl, path, err, sizeof err), 0);
	cr_assert(strstr(err, "GGF holds 8x8 games only"), "%s", err);
	free(before);
	free(after);
	controller_free(ctl);
	snprintf(path, sizeof path, "rm -rf %s", dir);
	cr_assert_eq(system(path), 0);
}

/* The position at n as refvboard's grid, the side to move at n as the mover. */
static void to_ref(const struct game_node *n, struct refvboard *r)
{
	vbits black, white;

	refvboard_start(r, square_size(n->pos.variant), n->pos.variant == VARIANT_10X10_HOLES);
	game_colors(n, &black, &white);
	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++) {
			int sq = square_at(n->pos.variant, row, col);
			vbits own = n->side == BLACK ? black : white,
			      opp = own == black ? white : black;

			if (sq >= 0)
				r->cell[row][col] = (own & vboard_bit(sq))   ? RV_MOVER
						    : (opp & vboard_bit(sq)) ? RV_OTHER
									     : RV_EMPTY;
		}
}

/* Plain negamax to the end with refvboard's rules: the final disc difference for the mover,
   empties to the winner. */
static int ref_solve(const struct refvboard *r, bool passed)
{
	int flipped[40][2], best = -1000, mover = 0, other = 0, empty = 0;

	for (int row = 0; row < r->size; row++)
		for (int col = 0; col < r->size; col++) {
			struct refvboard t = *r;

			mover += r->cell[row][col] == RV_MOVER;
			other += r->cell[row][col] == RV_OTHER;
			empty += r->cell[row][col] == RV_EMPTY;
			if (r->cell[row][col] != RV_EMPTY ||
			    refvboard_flips(r, row, col, flipped) == 0)
				continue;
			refvboard_play(&t, row, col);
			int v = -ref_solve(&t, false);
			if (v > best)
				best = v;
		}
	if (best > -1000)
		return best;
	if (!passed) {
		struct refvboard t = *r;

		refvboard_pass(&t);
		return -ref_solve(&t, true);
	}
	return mover > other ? mover - other + empty : mover < other ? mover - other - empty : 0;
}

Test(vgame, analysis_of_a_6x6_game_agrees_with_a_slow_solver)
{
	struct controller *ctl = make(VARIANT_6X6, "novice", "expert");
	int checked = 0;

	controller_step(ctl, err, sizeof err);
	settle(ctl);
	cr_assert(controller_game_over(ctl, NULL));
	cr_assert_geq(controller_analyze(ctl, 4, 0, false, err, sizeof err), 0, "%s", err);
	settle(ctl);
	for (const struct game_node *n = controller_line_end(ctl); n->parent; n = n->parent) {
		const struct game_analysis *a = &n->analysis;
		struct refvboard r;

		if (n->move == SQ_PASS)
			continue;
		cr_assert(a->valid, "ply %d analysed", n->ply);
		cr_assert_geq(a->best_score, a->played_score);
		cr_assert_eq(a->loss, a->best_score - a->played_score);
		if (!a->exact)
			continue;
		vbits black, white;

		game_colors(n->parent, &black, &white);
		if (square_count(VARIANT_6X6) - vboard_popcount(black | white) > 9)
			continue; /* the slow solver stays at 9 empties */
		to_ref(n->parent, &r);
		cr_assert_eq(a->best_score, 100 * ref_solve(&r, false), "ply %d", n->ply);
		for (int i = 0; i < a->n_moves; i++) {
			struct refvboard t = r;
			int row, col;

			square_row_col(VARIANT_6X6, a->moves[i].move, &row, &col);
			refvboard_play(&t, row, col);
			cr_assert_eq(a->moves[i].score, -100 * ref_solve(&t, false),
				     "ply %d move %d", n->ply, i);
		}
		checked++;
	}
	cr_assert_geq(checked, 5, "exact positions checked: %d", checked);
	controller_free(ctl);
}
