/*
 * test-controller.c — the controller: undo/redo and the replay cursor keep
 * the moves after the cursor, a move in the past starts a variation, editing
 * and its checks, handicaps, resigning, hints, engines that move by
 * themselves, and the analysis marks checked against an exact solver
 * written here (plain alpha-beta to the end of the game).
 */
#include "command.h"
#include "controller.h"
#include "gametree.h"
#include "lobby.h"
#include "proto.h"
#include "record.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char err[256];

/* A controller of these players with its slots in save_dir (NULL: the default). */
static struct controller *make_in(const char *black, const char *white, const char *save_dir)
{
	struct controller_options opt;
	struct controller *ctl;

	controller_options_default(&opt);
	opt.black = black;
	opt.white = white;
	opt.tt_megabytes = 1;
	opt.hint_depth = 2;
	opt.save_dir = save_dir;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "controller_new: %s", err);
	return ctl;
}

static struct controller *make(const char *black, const char *white)
{
	return make_in(black, white, NULL);
}

/* Removes a test's temporary directory and what it holds. */
static void remove_dir(const char *dir)
{
	char cmd[300];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* Lets every engine job finish (engine moves start one another). */
static int settle(struct controller *ctl)
{
	struct ctl_event ev;
	int moves = 0;

	while (controller_wait_event(ctl, &ev)) {
		cr_assert_neq(ev.kind, CTL_EVENT_ERROR, "engine error: %s", ev.message);
		moves += ev.kind == CTL_EVENT_MOVE_PLAYED;
	}
	return moves;
}

static void play(struct controller *ctl, const char *moves)
{
	for (const char *p = moves; *p; p += 2) {
		char sq[3] = {p[0], p[1], '\0'};
		cr_assert_geq(controller_play(ctl, board_square_parse(sq), err, sizeof(err)), 0,
			      "%s: %s", sq, err);
	}
}

static int last_move(const struct controller *ctl)
{
	return controller_last_move(ctl, NULL);
}

Test(controller, undo_and_redo_keep_the_moves)
{
	struct controller *ctl = make("human", "human");

	play(ctl, "f5d6c3d3");
	cr_assert_geq(controller_undo(ctl, 2, err, sizeof(err)), 0);
	cr_assert_eq(controller_cursor(ctl), 2);
	cr_assert_eq(controller_line_length(ctl), 4);
	cr_assert_eq(controller_mode(ctl), MODE_REPLAY);
	cr_assert_geq(controller_redo(ctl, 1, err, sizeof(err)), 0);
	cr_assert_eq(last_move(ctl), board_square_parse("c3"));
	cr_assert_geq(controller_undo(ctl, 10, err, sizeof(err)), 0);
	cr_assert_eq(controller_cursor(ctl), 0);
	cr_assert_eq(last_move(ctl), SQ_NONE);
	cr_assert_lt(controller_undo(ctl, 1, err, sizeof(err)), 0, "undo at the start is refused");
	cr_assert_geq(controller_redo(ctl, 10, err, sizeof(err)), 0);
	cr_assert_eq(controller_cursor(ctl), 4);
	cr_assert_eq(controller_mode(ctl), MODE_PLAY);
	cr_assert_lt(controller_redo(ctl, 1, err, sizeof(err)), 0, "redo at the end is refused");
	controller_free(ctl);
}

Test(controller, replay_cursor_shows_each_position)
{
	struct controller *ctl = make("human", "human");
	struct board start;

	board_start(&start);
	play(ctl, "f5d6c3");
	cr_assert_geq(controller_goto(ctl, 0, err, sizeof(err)), 0);
	cr_assert_eq(controller_board(ctl)->own, start.own);
	cr_assert_eq(controller_board(ctl)->opp, start.opp);
	cr_assert_eq(controller_side(ctl), BLACK);
	cr_assert_geq(controller_goto(ctl, 2, err, sizeof(err)), 0);
	cr_assert_eq(controller_side(ctl), BLACK);
	cr_assert_eq(last_move(ctl), board_square_parse("d6"));
	cr_assert_eq(board_popcount(controller_board(ctl)->own | controller_board(ctl)->opp), 6);
	cr_assert_geq(controller_goto(ctl, 99, err, sizeof(err)), 0);
	cr_assert_eq(controller_cursor(ctl), 3);
	controller_free(ctl);
}

/* In a study a move tried in the past starts a variation: the main line stays the game. */
Test(controller, new_move_in_the_past_of_a_study_starts_a_variation)
{
	struct controller *ctl = make("human", "human");
	const struct game *g;

	play(ctl, "f5d6c3d3");
	cr_assert_geq(controller_set_study(ctl, true, err, sizeof(err)), 0);
	controller_goto(ctl, 2, err, sizeof(err));
	play(ctl, "c4");
	g = controller_game(ctl);
	cr_assert_eq(controller_line_length(ctl), 3, "the line now ends after the new move");
	cr_assert_eq(game_main_line_length(g), 4, "the main line keeps its four moves");
	cr_assert_eq(game_main_line(g, 3)->move, board_square_parse("c3"));
	cr_assert_eq(game_child_count(game_main_line(g, 2)), 2);
	/* stepping back and forth follows the variation, not the main line */
	controller_undo(ctl, 1, err, sizeof(err));
	controller_redo(ctl, 1, err, sizeof(err));
	cr_assert_eq(last_move(ctl), board_square_parse("c4"));
	/* the same move as the line's next one just steps forward */
	controller_goto(ctl, 2, err, sizeof(err));
	play(ctl, "c4");
	cr_assert_eq(game_child_count(game_main_line(g, 2)), 2);
	/* pick the main line again, then promote the variation */
	controller_goto(ctl, 2, err, sizeof(err));
	cr_assert_geq(controller_variation(ctl, 1, err, sizeof(err)), 0);
	cr_assert_eq(controller_line_length(ctl), 4);
	cr_assert_lt(controller_variation(ctl, 3, err, sizeof(err)), 0);
	controller_goto(ctl, 2, err, sizeof(err));
	controller_variation(ctl, 2, err, sizeof(err));
	cr_assert_geq(controller_promote(ctl, err, sizeof(err)), 0);
	cr_assert_eq(game_main_line(g, 3)->move, board_square_parse("c4"));
	controller_free(ctl);
}

/* In play a move after undo is the game from there on: its line becomes the main line, the
   old line kept as the variation, and a result of the old line goes. */
Test(controller, new_move_after_undo_in_play_is_the_main_line)
{
	struct controller *ctl = make("human", "human");
	const struct game *g = controller_game(ctl);

	play(ctl, "f5d6c3d3");
	controller_undo(ctl, 2, err, sizeof(err));
	play(ctl, "c4");
	cr_assert_eq(controller_line_length(ctl), 3);
	cr_assert_eq(game_main_line_length(g), 3, "the main line is the game played");
	cr_assert_eq(game_main_line(g, 3)->move, board_square_parse("c4"));
	cr_assert_eq(game_child_count(game_main_line(g, 2)), 2);
	cr_assert_eq(game_main_line(g, 2)->child->next->move, board_square_parse("c3"),
		     "the old line is the variation");
	/* a finished game taken back and played otherwise is no longer finished */
	controller_free(ctl);
	ctl = make("human", "human");
	g = controller_game(ctl);
	/* the shortest game: Black wins at move 9 */
	play(ctl, "e6f4e3f6g5d6e7f5c5");
	cr_assert(controller_game_over(ctl, NULL));
	cr_assert_str_neq(game_info(g, INFO_RESULT), "");
	controller_undo(ctl, 1, err, sizeof(err));
	play(ctl, "c6");
	cr_assert_not(controller_game_over(ctl, NULL));
	cr_assert_str_eq(game_info(g, INFO_RESULT), "", "the result was the old line's");
	controller_free(ctl);
}

Test(controller, illegal_moves_and_passes_are_refused)
{
	struct controller *ctl = make("human", "human");

	cr_assert_lt(controller_play(ctl, board_square_parse("a1"), err, sizeof(err)), 0);
	cr_assert(strstr(err, "illegal"), "%s", err);
	cr_assert_lt(controller_play(ctl, SQ_PASS, err, sizeof(err)), 0);
	cr_assert_eq(controller_cursor(ctl), 0);
	controller_free(ctl);
}

Test(controller, annotations_go_on_the_move_at_the_cursor)
{
	struct controller *ctl = make("human", "human");
	const struct game_node *n;

	play(ctl, "f5d6");
	cr_assert_geq(controller_mark(ctl, "?!", err, sizeof(err)), 0);
	cr_assert_geq(controller_comment(ctl, "the perpendicular", err, sizeof(err)), 0);
	cr_assert_lt(controller_mark(ctl, "?!?", err, sizeof(err)), 0);
	cr_assert_geq(controller_info(ctl, "event", "club night", err, sizeof(err)), 0);
	cr_assert_lt(controller_info(ctl, "colour", "x", err, sizeof(err)), 0);
	n = game_main_line(controller_game(ctl), 2);
	cr_assert_eq(n->mark, MARK_DUBIOUS);
	cr_assert_str_eq(n->comment, "the perpendicular");
	cr_assert_str_eq(game_info(controller_game(ctl), INFO_EVENT), "club night");
	cr_assert(controller_unsaved(ctl));
	controller_free(ctl);
}

Test(controller, edited_position_is_played_from)
{
	struct controller *ctl = make("human", "human");

	cr_assert_geq(controller_edit_begin(ctl, err, sizeof(err)), 0);
	cr_assert_eq(controller_mode(ctl), MODE_EDIT);
	cr_assert_lt(controller_play(ctl, board_square_parse("f5"), err, sizeof(err)), 0);
	controller_edit_clear(ctl, err, sizeof(err));
	controller_edit_set(ctl, board_square_parse("a1"), EDIT_BLACK, err, sizeof(err));
	controller_edit_set(ctl, board_square_parse("b1"), EDIT_WHITE, err, sizeof(err));
	controller_edit_side(ctl, BLACK, err, sizeof(err));
	cr_assert_eq(controller_board(ctl)->own, board_bit(0), "the board shown is the edited one");
	cr_assert_eq(controller_board(ctl)->opp, board_bit(1));
	cr_assert_eq(controller_last_move(ctl, NULL), SQ_NONE);
	cr_assert_geq(controller_edit_done(ctl, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(controller_mode(ctl), MODE_PLAY);
	cr_assert_eq(controller_legal_moves(ctl), board_bit(board_square_parse("c1")));
	play(ctl, "c1");
	cr_assert(controller_game_over(ctl, NULL), "Black took every disc");
	cr_assert_str_eq(controller_result(ctl), "B+64");
	controller_free(ctl);
}

Test(controller, edited_position_without_moves_is_a_finished_game)
{
	struct controller *ctl = make("human", "human");
	int diff;

	controller_edit_begin(ctl, err, sizeof(err));
	controller_edit_clear(ctl, err, sizeof(err));
	controller_edit_set(ctl, board_square_parse("a1"), EDIT_BLACK, err, sizeof(err));
	controller_edit_set(ctl, board_square_parse("h8"), EDIT_WHITE, err, sizeof(err));
	controller_edit_set(ctl, board_square_parse("h7"), EDIT_WHITE, err, sizeof(err));
	cr_assert_geq(controller_edit_done(ctl, err, sizeof(err)), 0, "%s", err);
	cr_assert(controller_game_over(ctl, &diff));
	cr_assert_eq(diff, -62, "empties go to the winner: 1 - (2 + 61)");
	cr_assert_str_eq(controller_result(ctl), "W+62");
	controller_free(ctl);
}

Test(controller, unplayable_set_ups_are_refused)
{
	struct controller *ctl = make("human", "human");

	play(ctl, "f5");
	controller_edit_begin(ctl, err, sizeof(err));
	controller_edit_clear(ctl, err, sizeof(err));
	controller_edit_set(ctl, board_square_parse("a1"), EDIT_BLACK, err, sizeof(err));
	cr_assert_lt(controller_edit_done(ctl, err, sizeof(err)), 0, "one colour only");
	cr_assert(strstr(err, "both colours"), "%s", err);
	controller_edit_set(ctl, board_square_parse("b1"), EDIT_WHITE, err, sizeof(err));
	controller_edit_side(ctl, WHITE, err, sizeof(err));
	cr_assert_lt(controller_edit_done(ctl, err, sizeof(err)), 0,
		     "White has no move, Black has");
	cr_assert(strstr(err, "set Black to move"), "%s", err);
	cr_assert_eq(controller_mode(ctl), MODE_EDIT, "the editor stays open");
	cr_assert_lt(controller_edit_set(ctl, 64, EDIT_BLACK, err, sizeof(err)), 0);
	controller_edit_side(ctl, BLACK, err, sizeof(err));
	cr_assert_geq(controller_edit_done(ctl, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(controller_line_length(ctl), 0, "the old moves are gone");
	controller_free(ctl);
}

Test(controller, handicap_gives_corners_to_the_weaker_side)
{
	static const char *corners[4] = {"a1", "h8", "h1", "a8"};

	for (int n = 1; n <= 4; n++) {
		struct controller *ctl = make("novice", "human");
		uint64_t black, white;

		cr_assert_geq(controller_handicap(ctl, n, err, sizeof(err)), 0, "%s", err);
		settle(ctl);
		game_board_colors(controller_game(ctl)->root, &black, &white);
		cr_assert_eq(board_popcount(white), 2 + n, "White (the human) gets %d corners", n);
		cr_assert_eq(board_popcount(black), 2);
		for (int i = 0; i < 4; i++)
			cr_assert_eq((white & board_bit(board_square_parse(corners[i]))) != 0,
				     i < n);
		cr_assert_eq(controller_game(ctl)->root->side, BLACK);
		controller_free(ctl);
	}
	struct controller *ctl = make("human", "human");
	cr_assert_lt(controller_handicap(ctl, 0, err, sizeof(err)), 0);
	cr_assert_lt(controller_handicap(ctl, 5, err, sizeof(err)), 0);
	cr_assert_geq(controller_handicap(ctl, 1, err, sizeof(err)), 0);
	cr_assert(controller_board(ctl)->own & board_bit(0),
		  "between humans Black gets the corner");
	controller_free(ctl);
}

Test(controller, resigning_ends_the_game)
{
	struct controller *ctl = make("human", "human");

	play(ctl, "f5");
	cr_assert_geq(controller_resign(ctl, err, sizeof(err)), 0);
	cr_assert(controller_game_over(ctl, NULL));
	cr_assert_str_eq(controller_result(ctl), "B+R");
	cr_assert_eq(controller_legal_moves(ctl), 0);
	cr_assert_lt(controller_play(ctl, board_square_parse("d6"), err, sizeof(err)), 0);
	cr_assert_lt(controller_resign(ctl, err, sizeof(err)), 0);
	controller_undo(ctl, 1, err, sizeof(err));
	cr_assert_not(controller_game_over(ctl, NULL));
	controller_free(ctl);
}

Test(controller, engine_moves_by_itself_on_its_turn)
{
	struct controller *ctl = make("human", "novice");

	play(ctl, "f5");
	cr_assert(controller_engine_busy(ctl) || settle(ctl) >= 0);
	cr_assert_eq(settle(ctl), 1, "White answers once");
	cr_assert_eq(controller_cursor(ctl), 2);
	cr_assert_eq(controller_side(ctl), BLACK);
	cr_assert(game_main_line(controller_game(ctl), 2)->reasoning,
		  "the engine's reasoning is kept");
	/* undo goes back to the human's turn, and the engine does not move again */
	cr_assert_geq(controller_undo(ctl, 0, err, sizeof(err)), 0);
	cr_assert_eq(controller_cursor(ctl), 0);
	cr_assert_eq(settle(ctl), 0);
	controller_free(ctl);
}

Test(controller, two_engines_play_a_whole_game)
{
	struct controller *ctl = make("novice", "beginner");
	const struct game_node *n;

	cr_assert(controller_step(ctl, err, sizeof(err)) & CTL_CHANGED_ENGINE);
	settle(ctl);
	cr_assert(controller_game_over(ctl, NULL));
	n = game_line_end(controller_game(ctl)->root);
	cr_assert(game_is_over(n));
	cr_assert_str_neq(controller_result(ctl), "");
	cr_assert_str_eq(game_info(controller_game(ctl), INFO_RESULT), controller_result(ctl));
	controller_free(ctl);
}

Test(controller, hints_are_legal_and_sorted)
{
	struct controller *ctl = make("human", "human");
	struct ctl_hint h[8];
	uint64_t legal;
	int n;

	play(ctl, "f5d6c3d3c4");
	legal = controller_legal_moves(ctl);
	cr_assert_geq(controller_hint(ctl, 4, err, sizeof(err)), 0, "%s", err);
	settle(ctl);
	n = controller_hints(ctl, h, 8);
	cr_assert_eq(n, board_popcount(legal) < 4 ? board_popcount(legal) : 4);
	for (int i = 0; i < n; i++) {
		cr_assert(legal & board_bit(h[i].move), "hint %d is legal", i);
		if (i)
			cr_assert_geq(h[i - 1].score, h[i].score, "hints are best first");
		for (int j = 0; j < i; j++)
			cr_assert_neq(h[i].move, h[j].move);
	}
	controller_goto(ctl, 1, err, sizeof(err));
	cr_assert_eq(controller_hints(ctl, h, 8), 0, "hints belong to their position");
	controller_free(ctl);
}

/* The exact final score (discs, side to move) by plain alpha-beta: the oracle. */
static int solve(struct board b, int alpha, int beta, bool passed)
{
	uint64_t m = board_moves(b.own, b.opp);

	if (!m) {
		struct board p = b;
		if (passed)
			return board_final_score(&b);
		board_pass(&p);
		return -solve(p, -beta, -alpha, true);
	}
	for (; m; m &= m - 1) {
		int sq = board_first_square(m);
		struct board c = b;
		int v;

		board_play(&c, sq, board_flips(c.own, c.opp, sq));
		v = -solve(c, -beta, -alpha, false);
		if (v >= beta)
			return v;
		if (v > alpha)
			alpha = v;
	}
	return alpha;
}

static int solve_exact(const struct board *b)
{
	return solve(*b, -65, 65, false);
}

Test(controller, analysis_measures_losses_exactly_in_the_endgame)
{
	struct controller_options opt;
	struct controller *ctl;
	const struct game_node *n;
	struct ctl_analysis_side sides[2];
	int human_marked_ply = -1, total[2] = {0, 0};

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	opt.analyze_exact = 12;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl);
	/* reach 12 empties by the first legal move each turn, then start from there */
	while (board_empty_count(controller_board(ctl)) > 12) {
		uint64_t m = controller_legal_moves(ctl);
		cr_assert(m, "no early game end in this line");
		controller_play(ctl, board_first_square(m), err, sizeof(err));
	}
	controller_edit_begin(ctl, err, sizeof(err));
	cr_assert_geq(controller_edit_done(ctl, err, sizeof(err)), 0, "%s", err);
	/* play the worst move each turn so that there are losses to find */
	while (!controller_game_over(ctl, NULL)) {
		uint64_t m = controller_legal_moves(ctl);
		int worst = SQ_PASS, worst_v = 99;

		for (; m; m &= m - 1) {
			int sq = board_first_square(m);
			struct board c = *controller_board(ctl);
			board_play(&c, sq, board_flips(c.own, c.opp, sq));
			int v = -solve_exact(&c);
			if (v < worst_v) {
				worst_v = v;
				worst = sq;
			}
		}
		controller_play(ctl, worst, err, sizeof(err));
		if (human_marked_ply < 0 && controller_last_move(ctl, NULL) != SQ_PASS) {
			controller_mark(ctl, "!!", err, sizeof(err));
			human_marked_ply = controller_cursor(ctl);
		}
	}
	cr_assert_geq(controller_analyze(ctl, 2, 0, false, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(controller_mode(ctl), MODE_ANALYSIS);
	settle(ctl);
	cr_assert(controller_analysis(ctl, sides));
	for (n = controller_game(ctl)->root->child; n; n = n->child) {
		const struct board *before = &n->parent->pos.b8;
		if (n->move == SQ_PASS)
			continue;
		int best = solve_exact(before) * 100;
		struct board after = *before;
		board_play(&after, n->move, board_flips(after.own, after.opp, n->move));
		int played = -solve_exact(&after) * 100;
		cr_assert(n->analysis.valid, "move %d analysed", n->ply);
		cr_assert_eq(n->analysis.best_score, best, "move %d: best score", n->ply);
		cr_assert_eq(n->analysis.played_score, played, "move %d: played score", n->ply);
		cr_assert_eq(n->analysis.loss, best - played);
		total[n->player] += best - played;
		/* the verdict goes apart; a person's mark is kept, no mark is added */
		cr_assert_eq(n->mark, n->ply == human_marked_ply ? MARK_VERY_GOOD : MARK_NONE,
			     "move %d: marks are the user's", n->ply);
		if (best - played >= 800)
			cr_assert_eq(n->analysis.verdict, MARK_VERY_BAD);
		else if (best - played >= 400)
			cr_assert_eq(n->analysis.verdict, MARK_BAD);
		else if (best - played >= 200)
			cr_assert_eq(n->analysis.verdict, MARK_DUBIOUS);
		else
			cr_assert_eq(n->analysis.verdict, MARK_NONE);
		cr_assert_eq(n->analysis.n_moves,
			     board_popcount(board_moves(before->own, before->opp)),
			     "move %d: every legal move scored", n->ply);
		for (int i = 0; i < n->analysis.n_moves; i++) {
			const struct game_candidate *c = &n->analysis.moves[i];
			struct board t = *before;

			board_play(&t, c->move, board_flips(t.own, t.opp, c->move));
			cr_assert_eq(c->score, -solve_exact(&t) * 100, "move %d: %s exact", n->ply,
				     board_square_name(c->move));
			cr_assert_eq(c->bound, GAME_BOUND_EXACT);
		}
	}
	cr_assert_eq(sides[BLACK].total_loss, total[BLACK]);
	cr_assert_eq(sides[WHITE].total_loss, total[WHITE]);
	cr_assert_gt(total[BLACK] + total[WHITE], 0, "the worst moves lose something");
	controller_free(ctl);
}

/* The midgame analysis of a game: in every position all legal moves are scored at one depth
   with a full window, the played one among them, so the best never scores below the
   played move (it did: the played score came from the next position's own search). */
Test(controller, analysis_scores_every_move_alike_so_best_is_never_below_played)
{
	struct controller_options opt;
	struct controller *ctl;
	int analysed = 0;

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	opt.analyze_exact = 0;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl);
	cr_assert_geq(
	    controller_import(ctl, TESTDATA "/../../saves/tiger-variation.sgf", err, sizeof(err)),
	    0, "%s", err);
	cr_assert_geq(controller_analyze(ctl, 3, 0, false, err, sizeof(err)), 0, "%s", err);
	settle(ctl);
	for (const struct game_node *n = controller_game(ctl)->root->child; n; n = n->child) {
		const struct game_analysis *a = &n->analysis;
		bool found = false;

		if (n->move == SQ_PASS || board_empty_count(&n->pos.b8) == 0)
			continue;
		cr_assert(a->valid, "move %d analysed", n->ply);
		cr_assert_geq(a->best_score, a->played_score, "move %d: best %d, played %d", n->ply,
			      a->best_score, a->played_score);
		cr_assert_eq(a->loss, a->best_score - a->played_score);
		cr_assert_eq(a->played_bound, GAME_BOUND_EXACT);
		cr_assert_eq(
		    a->n_moves,
		    board_popcount(board_moves(n->parent->pos.b8.own, n->parent->pos.b8.opp)),
		    "move %d", n->ply);
		for (int i = 0; i < a->n_moves; i++) {
			cr_assert_eq(a->moves[i].bound, GAME_BOUND_EXACT);
			/* one depth for all (3, fewer near the end), but the played move's
			   score: the value of the position after it (scorestore.h), searched
			   from there, one ply deeper (more where only one move followed) */
			if (a->moves[i].move == n->move)
				cr_assert_geq(a->moves[i].depth, a->moves[i == 0].depth, "move %d",
					      n->ply);
			else
				cr_assert_eq(a->moves[i].depth,
					     a->moves[a->moves[0].move == n->move].depth,
					     "one depth for all");
			cr_assert_leq(a->moves[i].score, a->best_score);
			if (a->moves[i].move == n->move) {
				found = true;
				cr_assert_eq(a->moves[i].score, a->played_score);
			}
		}
		cr_assert(found, "move %d: the played move is among the scored", n->ply);
		analysed++;
	}
	cr_assert_gt(analysed, 50);
	controller_free(ctl);
}

Test(controller, failed_load_leaves_the_game)
{
	struct controller_options opt;
	struct controller *ctl;

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.save_dir = "/nonexistent/othello-test";
	ctl = controller_new(&opt, err, sizeof(err));
	play(ctl, "f5d6");
	cr_assert_lt(controller_load(ctl, "/nonexistent/game.sgf", err, sizeof(err)), 0);
	cr_assert_lt(controller_load(ctl, "nosuchslot", err, sizeof(err)), 0);
	cr_assert_eq(controller_cursor(ctl), 2);
	cr_assert_eq(controller_line_length(ctl), 2);
	controller_free(ctl);
}

Test(controller, bad_players_are_refused)
{
	struct controller_options opt;

	controller_options_default(&opt);
	opt.white = "grandmother";
	cr_assert_null(controller_new(&opt, err, sizeof(err)));
	cr_assert(strstr(err, "grandmother"), "%s", err);
	struct controller *ctl = make("human", "human");
	cr_assert_lt(controller_set_player(ctl, BLACK, "robot", err, sizeof(err)), 0);
	cr_assert_eq(controller_player(ctl, BLACK, NULL), PLAYER_HUMAN);
	controller_free(ctl);
}

Test(controller, slots_save_load_and_autosave)
{
	char dir[] = "/tmp/othello-ctl-XXXXXX";
	struct controller *a, *b;

	cr_assert(mkdtemp(dir));
	a = make_in("human", "novice", dir);
	play(a, "f5");
	settle(a);
	controller_mark(a, "!?", err, sizeof(err));
	cr_assert_not(controller_has_autosave(a));
	cr_assert_geq(controller_save(a, NULL, "first try", err, sizeof(err)), 0, "%s", err);
	cr_assert_str_eq(err, "saved in slot 1");
	cr_assert_not(controller_unsaved(a));
	char where[4096];

	cr_assert_eq(controller_autosave(a, where, sizeof where, err, sizeof err), 0, "%s", err);
	cr_assert(strstr(where, "/autosave.sgf") != NULL, "%s", where);
	cr_assert(controller_has_autosave(a));
	b = make_in("human", "human", dir);
	cr_assert_geq(controller_load(b, "1", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(controller_line_length(b), 2);
	cr_assert_eq(controller_last_move(b, NULL), controller_last_move(a, NULL));
	cr_assert_eq(game_main_line(controller_game(b), 2)->mark, MARK_INTERESTING);
	cr_assert_eq(controller_player(b, WHITE, NULL), PLAYER_ENGINE,
		     "the slot restores the players");
	cr_assert_geq(controller_load(b, "autosave", err, sizeof(err)), 0, "%s", err);
	controller_free(a);
	controller_free(b);
	remove_dir(dir);
}

/* Counts the moves of the main line and checks that each has its player and its time. */
static int main_line_timed(const struct game *g)
{
	int n = 0;

	for (const struct game_node *m = g->root->child; m; m = m->child, n++) {
		cr_assert_geq(m->time, 0, "move %d has its time", m->ply);
		cr_assert_not_null(m->by, "move %d has its player", m->ply);
	}
	return n;
}

/* Undo, another move, play on, save, and load in a new program: the game opens as played
   (its line the main line, at its end, in play) with every move's time, and the save list
   and the autosave say so too. The move after undo kept its time (it had none, and the
   clock fell back). */
Test(controller, the_game_played_after_undo_is_the_game_saved_and_loaded)
{
	char dir[] = "/tmp/othello-undo-XXXXXX", where[4096], *list;
	struct controller *a, *b;
	const struct game_node *after_undo;
	int played[64], n = 0;

	cr_assert(mkdtemp(dir));
	a = make_in("human", "novice", dir);
	play(a, "f5");
	settle(a);
	play(a, "c3");
	settle(a);
	cr_assert_geq(controller_undo(a, 0, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(controller_cursor(a), 2, "back to Black's turn");
	usleep(30000);
	play(a, board_square_name(board_first_square(controller_legal_moves(a) &
						     ~(1ull << board_square_parse("c3")))));
	after_undo = controller_node(a);
	cr_assert_geq(after_undo->time, 0.03, "the move after undo has its time (%g)",
		      after_undo->time);
	settle(a);
	for (int k = 0; k < 3; k++) { /* play on */
		play(a, board_square_name(board_first_square(controller_legal_moves(a))));
		settle(a);
	}
	cr_assert_eq(controller_cursor(a), 10);
	for (const struct game_node *m = controller_line_end(a); m->parent; m = m->parent)
		played[n++] = m->move;
	cr_assert_geq(controller_save(a, NULL, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(controller_autosave(a, where, sizeof where, err, sizeof err), 0, "%s", err);
	list = controller_slots_text(a, err, sizeof err);
	cr_assert(list && strstr(list, "10 moves"), "the save list counts the game played: %s",
		  list ? list : err);
	free(list);

	for (int slot = 0; slot < 2; slot++) {
		b = make_in("human", "human", dir);
		cr_assert_geq(controller_load(b, slot ? "autosave" : "1", err, sizeof(err)), 0,
			      "%s", err);
		cr_assert_not(controller_study(b), "an unfinished game plays on");
		cr_assert_eq(controller_cursor(b), 10, "at the end of the game played");
		cr_assert_eq(main_line_timed(controller_game(b)), 10);
		for (int i = 0; i < n; i++)
			cr_assert_eq(game_main_line(controller_game(b), n - i)->move, played[i],
				     "move %d is the one played", n - i);
		cr_assert_eq(game_child_count(game_main_line(controller_game(b), 2)), 2,
			     "the undone line is kept as a variation");
		controller_free(b);
	}
	controller_free(a);
	remove_dir(dir);
}

/* One rule for every way a game arrives: `import` and `load` of the same file open it alike
   (a finished transcript: for study at its start; an unfinished game of this program: in
   play at its end with its players). */
Test(controller, import_and_load_open_a_game_alike)
{
	char dir[] = "/tmp/othello-open-XXXXXX", path[2][300];
	struct controller *a = make("human", "novice");
	FILE *f;

	cr_assert(mkdtemp(dir));
	snprintf(path[0], sizeof path[0], "%s/done.txt", dir);
	f = fopen(path[0], "w");
	cr_assert(f);
	fputs("e6f4e3f6g5d6e7f5c5\n", f); /* over at move 9 */
	fclose(f);
	snprintf(path[1], sizeof path[1], "%s/ours.sgf", dir);
	play(a, "f5");
	settle(a);
	cr_assert_geq(controller_export(a, path[1], err, sizeof(err)), 0, "%s", err);
	for (int i = 0; i < 2; i++) {
		struct controller *l = make_in("human", "human", dir);
		struct controller *m = make_in("human", "human", dir);
		char lmsg[256], mmsg[256];

		cr_assert_geq(controller_load(l, path[i], lmsg, sizeof(lmsg)), 0, "%s", lmsg);
		cr_assert_geq(controller_import(m, path[i], mmsg, sizeof(mmsg)), 0, "%s", mmsg);
		cr_assert_eq(controller_study(l), controller_study(m), "%s / %s", lmsg, mmsg);
		cr_assert_eq(controller_study(l), i == 0);
		cr_assert_eq(controller_cursor(l), controller_cursor(m));
		cr_assert_eq(controller_cursor(l), i == 0 ? 0 : 2);
		cr_assert_eq(controller_player(l, WHITE, NULL), controller_player(m, WHITE, NULL));
		cr_assert_eq(controller_player(m, WHITE, NULL),
			     i == 0 ? PLAYER_HUMAN : PLAYER_ENGINE);
		cr_assert_str_eq(strchr(lmsg, ';'), strchr(mmsg, ';'), "the same mode note");
		controller_free(l);
		controller_free(m);
	}
	controller_free(a);
	remove_dir(dir);
}

/* A game loaded from an SGF file saves back to it (`save` without a slot), and one loaded
   from a slot to that slot; a transcript, which cannot hold everything, goes to a slot. */
Test(controller, a_loaded_game_saves_back_where_it_came_from)
{
	char dir[] = "/tmp/othello-back-XXXXXX", path[300];
	struct controller *a;
	struct game *g;

	cr_assert(mkdtemp(dir));
	a = make_in("human", "human", dir);
	play(a, "f5d6");
	snprintf(path, sizeof path, "%s/mine.sgf", dir);
	cr_assert_geq(controller_export(a, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_geq(controller_load(a, path, err, sizeof(err)), 0, "%s", err);
	controller_goto(a, 99, err, sizeof(err));
	play(a, "c3");
	cr_assert_geq(controller_save(a, NULL, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert(strstr(err, "saved in ") && strstr(err, "mine.sgf"), "%s", err);
	g = record_load_file(path, -1, err, sizeof(err));
	cr_assert(g, "%s", err);
	cr_assert_eq(game_main_line_length(g), 3, "the file holds the move played since");
	game_free(g);
	cr_assert_not(controller_slot_taken(a, "1"));
	cr_assert_geq(controller_save(a, "keep", NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert_geq(controller_load(a, "keep", err, sizeof(err)), 0, "%s", err);
	controller_goto(a, 99, err, sizeof(err));
	play(a, "d3");
	cr_assert_geq(controller_save(a, NULL, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert_str_eq(err, "saved in slot keep");
	cr_assert_not(controller_slot_taken(a, "keep"), "its own slot is not another game's");
	/* a transcript goes to a free slot */
	snprintf(path, sizeof path, "%s/line.txt", dir);
	cr_assert_geq(controller_export(a, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_geq(controller_load(a, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_geq(controller_save(a, NULL, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert_str_eq(err, "saved in slot 1");
	controller_free(a);
	remove_dir(dir);
}

/* Each move keeps who played it, and the header names the players from them: a level
   changed in the middle of the game is listed with the move it took over at, not put in
   place of the one that played the earlier moves. */
Test(controller, the_header_names_who_played_each_colour)
{
	char dir[] = "/tmp/othello-who-XXXXXX", path[300];
	struct controller *a = make("human", "novice");
	struct game *g;

	cr_assert(mkdtemp(dir));
	play(a, "f5");
	settle(a);
	cr_assert_geq(controller_set_player(a, WHITE, "beginner", err, sizeof(err)), 0, "%s", err);
	play(a, board_square_name(board_first_square(controller_legal_moves(a))));
	settle(a);
	cr_assert_str_eq(game_main_line(controller_game(a), 1)->by, "human");
	cr_assert_str_eq(game_main_line(controller_game(a), 2)->by, "novice");
	cr_assert_str_eq(game_main_line(controller_game(a), 4)->by, "beginner");
	snprintf(path, sizeof path, "%s/who.sgf", dir);
	cr_assert_geq(controller_export(a, path, err, sizeof(err)), 0, "%s", err);
	g = record_load_file(path, -1, err, sizeof(err));
	cr_assert(g, "%s", err);
	cr_assert_str_eq(game_info(g, INFO_BLACK), "Human");
	cr_assert_str_eq(game_info(g, INFO_WHITE), "Othello Master novice; beginner from move 4");
	cr_assert_str_eq(game_main_line(g, 4)->by, "beginner", "the file keeps each player");
	game_free(g);
	controller_free(a);
	remove_dir(dir);
}

/* One name per player in every view: the header in play, the game information, the saved
   record and the header of the game loaded back say "Human" and "Othello Master expert
   (depth 2)", a level's settings in brackets (not "expert --depth 2" in play, "Othello
   Master expert --depth 2" in the file, which beside a disc count read as a depth of 2 and
   then the discs). */
Test(controller, a_player_has_one_name_in_play_in_the_record_and_loaded_back)
{
	char dir[] = "/tmp/othello-name-XXXXXX", path[300], name[256];
	struct controller *a = make("human", "expert --depth 2 --no-book");
	struct controller *b = make("human", "novice");
	char *info;

	cr_assert(mkdtemp(dir));
	controller_player_name(a, BLACK, name, sizeof name);
	cr_assert_str_eq(name, "Human");
	controller_player_name(a, WHITE, name, sizeof name);
	cr_assert_str_eq(name, "Othello Master expert (depth 2, no-book)");
	play(a, "f5");
	settle(a);
	info = controller_info_text(a);
	cr_assert(strstr(info, "black    PB  Human\n"), "%s", info);
	cr_assert(strstr(info, "white    PW  Othello Master expert (depth 2, no-book)\n"), "%s",
		  info);
	free(info);
	snprintf(path, sizeof path, "%s/name.sgf", dir);
	cr_assert_geq(controller_export(a, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_geq(controller_load(b, path, err, sizeof(err)), 0, "%s", err);
	for (int at = 2; at >= 0; at -= 2) { /* in play at its end, then replayed from move 0 */
		cr_assert_geq(controller_goto(b, at, err, sizeof(err)), 0, "%s", err);
		cr_assert_eq(controller_mode(b), at ? MODE_PLAY : MODE_REPLAY);
		controller_player_name(b, WHITE, name, sizeof name);
		cr_assert_str_eq(name, "Othello Master expert (depth 2, no-book)");
		controller_player_name(b, BLACK, name, sizeof name);
		cr_assert_str_eq(name, "Human");
	}
	controller_player_title("master --time 5", false, name, sizeof name);
	cr_assert_str_eq(name, "master (time 5)");
	controller_free(a);
	controller_free(b);
	remove_dir(dir);
}

Test(controller, stop_makes_the_engine_play_its_best_move_so_far)
{
	struct controller *ctl = make("human", "master --time 30 --no-book");
	struct ctl_event ev;
	bool progress = false, played = false;

	play(ctl, "f5");
	cr_assert(controller_engine_busy(ctl));
	while (!progress && controller_wait_event(ctl, &ev))
		progress = ev.kind == CTL_EVENT_PROGRESS && ev.progress.search.depth >= 1;
	cr_assert(progress, "the search reports its progress");
	controller_stop(ctl);
	while (controller_wait_event(ctl, &ev))
		played |= ev.kind == CTL_EVENT_MOVE_PLAYED;
	cr_assert(played);
	cr_assert_eq(controller_cursor(ctl), 2);
	cr_assert(board_is_legal(&game_main_line(controller_game(ctl), 1)->pos.b8,
				 game_main_line(controller_game(ctl), 2)->move));
	controller_free(ctl);
}

/* A game opened for study (a file from elsewhere, an import, a slot after `study`) never lets
   the engine move unless asked, whoever the players are: White was expert and answered a tried
   move at once, writing its move into the record. `go` still asks it; naming a player ends the
   study. (An unfinished slot plays on: see the next test.) */
Test(controller, a_game_opened_for_study_lets_the_engine_move_only_when_asked)
{
	static const char *const opens[] = {"file", "slot", "import"};
	struct controller_options opt;
	char dir[] = "/tmp/othello-study-XXXXXX", path[256];

	cr_assert(mkdtemp(dir));
	controller_options_default(&opt);
	opt.black = "human";
	opt.white = "expert";
	opt.tt_megabytes = 1;
	opt.save_dir = dir;
	for (size_t i = 0; i < sizeof opens / sizeof opens[0]; i++) {
		struct controller *ctl = controller_new(&opt, err, sizeof(err));
		const struct game_node *tip;
		int rc;

		cr_assert(ctl, "%s", err);
		snprintf(path, sizeof path, "%s/game.txt", dir);
		FILE *f = fopen(path, "w");
		cr_assert(f);
		fputs("f5d6c3d3\n", f);
		fclose(f);
		if (i == 1) {
			play(ctl, "f5");
			settle(ctl);
			cr_assert_geq(controller_save(ctl, "kept", "", err, sizeof(err)), 0, "%s",
				      err);
		}
		rc = i == 0   ? controller_load(ctl, path, err, sizeof(err))
		     : i == 1 ? controller_load(ctl, "kept", err, sizeof(err))
			      : controller_import(ctl, path, err, sizeof(err));
		cr_assert_geq(rc, 0, "%s: %s", opens[i], err);
		if (i == 1) {
			cr_assert_not(controller_study(ctl), "an unfinished slot plays on");
			cr_assert_geq(controller_set_study(ctl, true, err, sizeof(err)), 0);
			cr_assert(strstr(err, "STUDY: the engine moves only on `go`"), "%s", err);
		}
		cr_assert(controller_study(ctl), "%s", opens[i]);
		cr_assert_not(controller_engine_busy(ctl), "%s: the engine waits after opening",
			      opens[i]);
		/* try a move at the end of the line, for either side to move */
		play(ctl, board_square_name(board_first_square(controller_legal_moves(ctl))));
		cr_assert_not(controller_engine_busy(ctl), "%s: a tried move is not answered",
			      opens[i]);
		tip = controller_node(ctl);
		cr_assert_null(tip->child);
		cr_assert_null(tip->reasoning);
		cr_assert_geq(controller_go(ctl, err, sizeof(err)), 0, "%s", err);
		settle(ctl);
		cr_assert_not_null(controller_node(ctl)->reasoning, "`go` asks the engine");
		cr_assert_not(controller_engine_busy(ctl), "and only for one move");
		cr_assert_geq(controller_set_player(ctl, WHITE, "expert", err, sizeof(err)), 0);
		cr_assert_not(controller_study(ctl), "naming a player ends the study");
		controller_free(ctl);
	}
	snprintf(path, sizeof path, "rm -rf '%s'", dir);
	cr_assert_eq(system(path), 0);
}

/* A game saved by this program that goes on plays on when it is loaded, at the end of its
   line, with the players it was saved with: the engine answers the next move (it opened for
   study, and the engine never answered). A finished one, or a file from elsewhere, opens for
   study at its start; every load says which and how to switch. */
Test(controller, a_saved_unfinished_game_plays_on_when_loaded)
{
	struct controller_options opt;
	struct controller *a, *b;
	char dir[] = "/tmp/othello-resume-XXXXXX", path[300];
	FILE *f;

	cr_assert(mkdtemp(dir));
	controller_options_default(&opt);
	opt.black = "human";
	opt.white = "novice";
	opt.tt_megabytes = 1;
	opt.save_dir = dir;
	a = controller_new(&opt, err, sizeof(err));
	play(a, "f5");
	settle(a);
	cr_assert_eq(controller_cursor(a), 2);
	cr_assert_geq(controller_save(a, "2", NULL, err, sizeof(err)), 0, "%s", err);
	snprintf(path, sizeof path, "%s/game.sgf", dir);
	cr_assert_geq(controller_export(a, path, err, sizeof(err)), 0, "%s", err);

	opt.white = "human"; /* the players come from the slot */
	b = controller_new(&opt, err, sizeof(err));
	cr_assert_geq(controller_load(b, "2", err, sizeof(err)), 0, "%s", err);
	cr_assert(strstr(err, "loaded slot 2; PLAY: White novice answers; `study` stops it"), "%s",
		  err);
	cr_assert_not(controller_study(b));
	cr_assert_eq(controller_mode(b), MODE_PLAY);
	cr_assert_eq(controller_cursor(b), 2, "at the end of the line");
	play(b, board_square_name(board_first_square(controller_legal_moves(b))));
	cr_assert(controller_engine_busy(b), "the engine answers");
	settle(b);
	cr_assert_eq(controller_cursor(b), 4);
	/* an exported file of this program names its players: it plays on too */
	cr_assert_geq(controller_load(b, path, err, sizeof(err)), 0, "%s", err);
	cr_assert_not(controller_study(b), "%s", err);
	cr_assert_eq(controller_cursor(b), 2);
	/* a file from elsewhere: study, from its start */
	snprintf(path, sizeof path, "%s/other.txt", dir);
	f = fopen(path, "w");
	cr_assert(f);
	fputs("f5d6c3d3\n", f);
	fclose(f);
	cr_assert_geq(controller_load(b, path, err, sizeof(err)), 0, "%s", err);
	cr_assert(controller_study(b));
	cr_assert_eq(controller_cursor(b), 0, "studied from its start");
	cr_assert(strstr(err, "STUDY: `play` plays on"), "%s", err);
	cr_assert_geq(controller_set_study(b, false, err, sizeof(err)), 0);
	cr_assert_not(controller_study(b));
	controller_free(a);
	controller_free(b);
	snprintf(path, sizeof path, "rm -rf '%s'", dir);
	cr_assert_eq(system(path), 0);
}

/* A position set up in edit mode starts a game of its own: the old game's opening name goes
   (it stayed, and named the new game in the panel and in the saved file). */
Test(controller, an_edited_position_drops_the_old_opening_name)
{
	struct controller_options opt;
	struct controller *ctl;

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert_geq(
	    controller_load(ctl, TESTDATA "/../../saves/tiger-variation.sgf", err, sizeof(err)), 0,
	    "%s", err);
	cr_assert_str_eq(game_info(controller_game(ctl), INFO_OPENING), "Tiger");
	cr_assert_geq(controller_edit_begin(ctl, err, sizeof(err)), 0, "%s", err);
	cr_assert_geq(controller_edit_done(ctl, err, sizeof(err)), 0, "%s", err);
	cr_assert_str_eq(game_info(controller_game(ctl), INFO_OPENING), "");
	controller_free(ctl);
}

/* `info` alone shows the game's information and the comment of move 0, which a file sets. */
Test(controller, info_text_shows_the_files_information_and_the_comment_of_move_0)
{
	struct controller_options opt;
	struct controller *ctl;
	struct command_result res;
	char *t;

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert_geq(
	    controller_load(ctl, TESTDATA "/../../saves/tiger-variation.sgf", err, sizeof(err)), 0,
	    "%s", err);
	t = controller_info_text(ctl);
	cr_assert(t);
	cr_assert(strstr(t, "black    PB  Othello Master (3 plies)\n"), "%s", t);
	cr_assert(strstr(t, "result   RE  B+8\n"), "%s", t);
	cr_assert(strstr(t, "event    EV  Example games\n"), "%s", t);
	cr_assert(strstr(t, "A game played by the program"), "GC: %s", t);
	cr_assert(strstr(t, "Comment of move 0:\n  Open this game"), "%s", t);
	for (const char *l = t; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] != 0))
		cr_assert_leq(strcspn(l, "\n"), 72, "wrapped: %.*s", (int)strcspn(l, "\n"), l);
	free(t);
	cr_assert_eq(command_execute(ctl, "info", &res), 0);
	cr_assert(res.flags & CMD_OUTPUT);
	cr_assert(strstr(res.output, "PW  Othello Master"));
	command_result_free(&res);
	controller_free(ctl);
}

/* Hints score every legal move with a full window at one depth: exact scores, no bounds (the
   others were mostly bounds equal to the best). The overlay deepens depth after depth, every
   legal move scored at each, and stops at the hint depth; it stays quiet on the engine's turn. */
Test(controller, hints_and_the_overlay_score_every_legal_move_exactly)
{
	struct controller_options opt;
	struct controller *ctl;
	struct ctl_event ev;
	struct ctl_hint h[32];
	int depths[16], n_depths = 0, legal;

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	opt.hint_depth = 5;
	opt.overlay_depth = 5;
	opt.no_book = true; /* the book's scores would show where it knows the position */
	ctl = controller_new(&opt, err, sizeof(err));
	play(ctl, "f5d6c3d3c4f4");
	legal = board_popcount(controller_legal_moves(ctl));
	cr_assert_geq(controller_hint(ctl, 2, err, sizeof(err)), 0, "%s", err);
	settle(ctl);
	cr_assert_eq(controller_hints(ctl, h, 32), 2, "the list shows the two asked for");
	cr_assert_eq(controller_hint_scores(ctl, h, 32), legal, "every legal move is scored");
	for (int i = 0; i < legal; i++) {
		cr_assert_eq(h[i].bound, BOUND_EXACT, "%s: a score, not a bound",
			     board_square_name(h[i].move));
		cr_assert_eq(h[i].depth, 5);
		cr_assert(i == 0 || h[i].score <= h[i - 1].score, "best first");
	}
	play(ctl, "f6");
	cr_assert_geq(controller_overlay_set(ctl, true, err, sizeof(err)), 0, "%s", err);
	cr_assert(controller_overlay_searching(ctl));
	legal = board_popcount(controller_legal_moves(ctl));
	while (controller_wait_event(ctl, &ev)) {
		if (ev.kind != CTL_EVENT_HINTS_READY)
			continue;
		cr_assert_eq(controller_hint_scores(ctl, h, 32), legal);
		cr_assert_lt(n_depths, 16);
		depths[n_depths++] = h[0].depth;
		for (int i = 0; i < legal; i++)
			cr_assert_eq(h[i].bound, BOUND_EXACT);
	}
	cr_assert_eq(n_depths, 5, "depths 1 to 5, one after the other");
	for (int i = 0; i < n_depths; i++)
		cr_assert_eq(depths[i], i + 1);
	cr_assert_not(controller_overlay_searching(ctl), "done at the hint depth");
	/* against an engine: the overlay waits on the engine's turn */
	cr_assert_eq(controller_side(ctl), WHITE);
	cr_assert_gt(controller_set_player(ctl, WHITE, "expert", err, sizeof(err)), 0);
	cr_assert(controller_engine_busy(ctl) && !controller_overlay_searching(ctl),
		  "the engine's move comes first");
	settle(ctl);
	cr_assert_eq(controller_side(ctl), BLACK);
	cr_assert_gt(controller_overlay_step(ctl), 0);
	cr_assert(controller_overlay_searching(ctl));
	settle(ctl);
	cr_assert_eq(controller_hint_scores(ctl, h, 32),
		     board_popcount(controller_legal_moves(ctl)), "on the human's turn it scores");
	controller_free(ctl);
}

/* The drill, judged against a slow exact solver: in an endgame of worst moves, analysed
   exactly, the best move of each drilled position is right, the mistake played is not, the
   drill visits exactly the moves that lost more than the tolerance, and the score counts. */
Test(controller, drill_judges_answers_against_the_exact_scores)
{
	struct controller_options opt;
	struct controller *ctl;
	struct ctl_drill_state d;
	char msg[256];
	int expected = 0, right = 0, asked = 0;

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	opt.analyze_exact = 12;
	ctl = controller_new(&opt, err, sizeof(err));
	while (board_empty_count(controller_board(ctl)) > 12)
		controller_play(ctl, board_first_square(controller_legal_moves(ctl)), err,
				sizeof(err));
	/* that position becomes the start, so that every move can be solved exactly */
	controller_edit_begin(ctl, err, sizeof(err));
	cr_assert_geq(controller_edit_done(ctl, err, sizeof(err)), 0, "%s", err);
	cr_assert_lt(controller_drill_start(ctl, -1, 200, msg, sizeof(msg)), 0);
	cr_assert(strstr(msg, "analyze"), "no analysis yet: %s", msg);
	while (!controller_game_over(ctl, NULL)) {
		uint64_t m = controller_legal_moves(ctl);
		int worst = SQ_PASS, worst_v = 99;

		for (; m; m &= m - 1) {
			struct board c = *controller_board(ctl);
			int sq = board_first_square(m), v;

			board_play(&c, sq, board_flips(c.own, c.opp, sq));
			v = -solve_exact(&c);
			if (v < worst_v) {
				worst_v = v;
				worst = sq;
			}
		}
		controller_play(ctl, worst, err, sizeof(err));
	}
	cr_assert_geq(controller_analyze(ctl, 2, 0, false, err, sizeof(err)), 0, "%s", err);
	settle(ctl);
	for (const struct game_node *n = controller_game(ctl)->root->child; n; n = n->child) {
		struct board after = n->parent->pos.b8;

		if (n->move == SQ_PASS ||
		    board_popcount(board_moves(n->parent->pos.b8.own, n->parent->pos.b8.opp)) < 2)
			continue;
		board_play(&after, n->move, board_flips(after.own, after.opp, n->move));
		expected += solve_exact(&n->parent->pos.b8) * 100 + solve_exact(&after) * 100 > 200;
	}
	cr_assert_gt(controller_drill_start(ctl, -1, 200, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert(controller_drilling(ctl, &d));
	cr_assert_eq(d.n, expected, "the drill asks every move that lost more than 2 discs");
	while (controller_drilling(ctl, &d)) {
		const struct board *b = controller_board(ctl);
		const struct game_node *mistake = controller_node(ctl)->child;
		int best = SQ_NONE, best_v = -99;

		for (uint64_t m = controller_legal_moves(ctl); m; m &= m - 1) {
			struct board c = *b;
			int sq = board_first_square(m), v;

			board_play(&c, sq, board_flips(c.own, c.opp, sq));
			v = -solve_exact(&c);
			if (v > best_v) {
				best_v = v;
				best = sq;
			}
		}
		cr_assert_not_null(mistake);
		if (asked++ % 2 == 0) {
			cr_assert_gt(controller_drill_answer(ctl, best, msg, sizeof(msg)), 0);
			cr_assert(strncmp(msg, "Right: ", 7) == 0, "best %s: %s",
				  board_square_name(best), msg);
			right++;
		} else {
			cr_assert_gt(controller_drill_answer(ctl, mistake->move, msg, sizeof(msg)),
				     0);
			cr_assert(strncmp(msg, "No: ", 4) == 0, "the mistake again: %s", msg);
		}
	}
	cr_assert_eq(asked, expected);
	snprintf(err, sizeof(err), "Drill over: %d of %d right", right, asked);
	cr_assert(strstr(msg, err), "%s", msg);
	controller_free(ctl);
}

/* Takes one line of the server into the lobby. */
static void lobby_feed(struct lobby *l, const char *text)
{
	static struct proto_line line;
	char why[128];

	cr_assert_geq(proto_split(text, strlen(text), &line, why, sizeof why), 1, "%s", why);
	lobby_take(l, &line, 0);
}

Test(lobby, a_list_asked_again_keeps_only_what_its_reply_names)
{
	struct lobby l = {0};

	lobby_feed(&l, "user alice al lobby - human");
	lobby_feed(&l, "user bob bo playing 3 human");
	lobby_feed(&l, "offer 7 open alice al bob 5+0 black challenge");
	lobby_feed(&l, "table 3 play bob bo carol ca 5+0 4 1000 2000 black - -");
	cr_assert_eq(l.n_users, 2);
	cr_assert_eq(l.n_offers, 1);
	cr_assert_eq(l.n_games, 1);
	/* asked again (missed events: alice left, her offer closed, game 3 ended) */
	lobby_asked(&l, LOBBY_WHO);
	lobby_asked(&l, LOBBY_GAMES);
	lobby_feed(&l, "user bob bo lobby - human");
	lobby_feed(&l, "user dave da lobby - human"); /* an event between counts as named */
	lobby_feed(&l, "ok who 2 0");
	cr_assert_eq(l.n_users, 2);
	cr_assert_str_eq(l.users[0].name, "bob");
	cr_assert(!l.users[0].playing);
	cr_assert_str_eq(l.users[1].name, "dave");
	cr_assert_eq(l.n_offers, 0);
	cr_assert_eq(l.n_games, 1, "the games' list is not answered yet");
	lobby_feed(&l, "ok games 0");
	cr_assert_eq(l.n_games, 0);
	/* a reply without a question drops nothing named since the last one */
	lobby_feed(&l, "ok who 2 0");
	cr_assert_eq(l.n_users, 2);
	lobby_free(&l);
}
