/*
 * test-score-views.c — one number per position: what the controller gives
 * every view (the caption and graph through controller_node_value, the panel
 * through controller_move_score, the hints and squares through
 * controller_node_scores, the verdicts through the analysis it judges) is one
 * entry of the store of results, labelled by the depth of the search that
 * gave it; a finished game's score is its result; the verdicts follow a
 * deeper search; a drill hides the scores of the position it asks; an
 * engine's clock stands still while it waits.
 */
#include "controller.h"
#include "gametree.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char err[256];

/* A person against `white` ("human" or a level), no book (so that the searches of the test
   are all the store holds), hints at `hint_depth`. */
static struct controller *make(const char *white, int hint_depth)
{
	struct controller_options opt;
	struct controller *ctl;

	controller_options_default(&opt);
	opt.black = "human";
	opt.white = white;
	opt.tt_megabytes = 1;
	opt.hint_depth = hint_depth;
	opt.no_book = true;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "controller_new: %s", err);
	return ctl;
}

/* Waits until the engine is idle; an engine error fails the test. */
static void settle(struct controller *ctl)
{
	struct ctl_event ev;

	while (controller_wait_event(ctl, &ev))
		cr_assert_neq(ev.kind, CTL_EVENT_ERROR, "engine error: %s", ev.message);
}

/* Plays `moves` ("f5d6..."), each of which must be legal. */
static void play(struct controller *ctl, const char *moves)
{
	for (const char *p = moves; *p; p += 2) {
		char sq[3] = {p[0], p[1], '\0'};
		cr_assert_geq(controller_play(ctl, board_square_parse(sq), err, sizeof(err)), 0,
			      "%s: %s", sq, err);
	}
}

/* Hints at the cursor to `depth`, waited for. */
static void hint(struct controller *ctl, const char *depth)
{
	cr_assert_geq(controller_set_depth(ctl, "hint", depth, err, sizeof(err)), 0, "%s", err);
	cr_assert_geq(controller_hint(ctl, 0, err, sizeof(err)), 0, "%s", err);
	settle(ctl);
}

/* The label the screen gives h's source ("d6", "exact", "book"). */
static const char *label(const struct ctl_hint *h)
{
	static char out[24];

	controller_score_label(h, out, sizeof out);
	return out;
}

/* A finished game's score is its result, exact, whatever a search of its last move said. */
Test(score_views, a_finished_game_scores_its_result)
{
	struct controller *ctl = make("human", 1);
	struct ctl_hint v;

	play(ctl, "e6f4e3f6g5d6e7f5"); /* one move from the end: c5 wins 64-0 */
	hint(ctl, "1");
	play(ctl, "c5");
	cr_assert(controller_game_over(ctl, NULL));
	cr_assert(controller_node_value(ctl, controller_node(ctl), &v));
	cr_assert(v.endgame && v.bound == 0, "exact");
	cr_assert_str_eq(label(&v), "exact");
	cr_assert_eq(controller_side(ctl) == BLACK ? v.score : -v.score, 6400,
		     "Black wins 64-0, not the search's %d", v.score);
	controller_free(ctl);
}

/* The caption at a position shows the move's score from the deeper search of the position
   before it, with that search's depth (it showed an older, shallower score of its own and a
   depth one less than the overlay's for the same number); a score searched from the
   position itself wins only when it is deeper. */
Test(score_views, a_position_shows_the_deepest_score_with_its_own_depth)
{
	struct controller *ctl = make("human", 2);
	struct ctl_hint v, h[32], m;
	int n, f5 = -1;

	play(ctl, "f5");
	hint(ctl, "2"); /* the position after f5, at depth 2 */
	cr_assert(controller_node_value(ctl, controller_node(ctl), &v));
	cr_assert_str_eq(label(&v), "d2");
	controller_goto(ctl, 0, err, sizeof(err));
	hint(ctl, "6"); /* the start, every move at depth 6 */
	n = controller_node_scores(ctl, controller_node(ctl), h, 32);
	for (int i = 0; i < n; i++)
		if (h[i].move == board_square_parse("f5"))
			f5 = i;
	cr_assert_geq(f5, 0);
	cr_assert_str_eq(label(&h[f5]), "d6");
	controller_goto(ctl, 1, err, sizeof(err));
	cr_assert(controller_node_value(ctl, controller_node(ctl), &v));
	cr_assert_str_eq(label(&v), "d6", "the caption's label is the hint list's");
	cr_assert_eq(v.score, -h[f5].score, "and its number (turned to White)");
	cr_assert(controller_move_score(ctl, controller_node(ctl), &m));
	cr_assert_eq(m.score, h[f5].score, "the panel's score of f5 is the same entry");
	/* a deeper search of the position itself wins */
	hint(ctl, "8");
	cr_assert(controller_node_value(ctl, controller_node(ctl), &v));
	cr_assert_str_eq(label(&v), "d8");
	n = controller_hint_scores(ctl, h, 32);
	cr_assert_eq(v.score, h[0].score, "the caption is the best hint");
	controller_free(ctl);
}

/* After a deeper search of an analysed position, its move's analysis is judged again from
   the store: best, played, loss and verdict are the numbers the hints show, and the totals
   follow. */
Test(score_views, verdicts_follow_the_deepest_scores)
{
	struct controller *ctl = make("human", 2);
	struct ctl_analysis_side sides[2];
	struct ctl_hint h[32];
	const struct game_node *m;
	int n, played = 99999, total = 0;

	play(ctl, "f5d6c3d3c4f4c5b3c2e6c6b4");
	cr_assert_geq(controller_analyze(ctl, 1, 0, false, err, sizeof(err)), 0, "%s", err);
	settle(ctl);
	controller_goto(ctl, 9, err, sizeof(err)); /* Black to play e6's position before it */
	controller_goto(ctl, 8, err, sizeof(err));
	hint(ctl, "8");
	m = controller_node(ctl)->child;
	n = controller_node_scores(ctl, controller_node(ctl), h, 32);
	cr_assert_gt(n, 1);
	for (int i = 0; i < n; i++)
		if (h[i].move == m->move)
			played = h[i].score;
	cr_assert(m->analysis.valid);
	cr_assert_eq(m->analysis.best_move, h[0].move, "the best move is the hints' best");
	cr_assert_eq(m->analysis.best_score, h[0].score);
	cr_assert_eq(m->analysis.played_score, played, "the played score is the hints'");
	cr_assert_eq(m->analysis.depth, 8);
	cr_assert_eq(m->analysis.loss, h[0].score - played);
	cr_assert_eq(m->analysis.verdict,
		     m->analysis.loss >= 800   ? MARK_VERY_BAD
		     : m->analysis.loss >= 400 ? MARK_BAD
		     : m->analysis.loss >= 200 ? MARK_DUBIOUS
					       : MARK_NONE,
		     "no verdict contradicts the scores shown");
	cr_assert(controller_analysis(ctl, sides));
	for (const struct game_node *k = controller_line_end(ctl); k->parent; k = k->parent)
		if (k->analysis.valid && k->player == m->player)
			total += k->analysis.loss;
	cr_assert_eq(sides[m->player].total_loss, total, "the totals follow");
	controller_free(ctl);
}

/* The drill hides every score of the position it asks, even those a hint stored there
   before, until it is answered; it refuses a hint there. */
Test(score_views, a_drill_hides_the_scores_of_its_position)
{
	struct controller *ctl = make("human", 2);
	struct ctl_hint h[32], v;
	char msg[256];

	play(ctl, "f5d6c3d3c4f4c5b3c2e6c6b4");
	cr_assert_geq(controller_analyze(ctl, 4, 0, false, err, sizeof(err)), 0, "%s", err);
	settle(ctl);
	cr_assert_gt(controller_drill_start(ctl, -1, 0, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(controller_hint_scores(ctl, h, 32), 0, "the squares show nothing");
	cr_assert_not(controller_node_value(ctl, controller_node(ctl), &v), "nor the caption");
	cr_assert_not(controller_move_score(ctl, controller_node(ctl)->child, &v),
		      "nor the score of the move played there");
	cr_assert_lt(controller_hint(ctl, 0, msg, sizeof(msg)), 0, "a hint is refused");
	cr_assert_geq(controller_drill_stop(ctl, msg, sizeof(msg)), 0);
	cr_assert_gt(controller_hint_scores(ctl, h, 32), 0, "the scores are back after it");
	controller_free(ctl);
}

/* Watching engines, paused: the clock of the engine to move stands still (it counted up,
   then fell back to the search's time when `go` played). */
Test(score_views, a_paused_engine_clock_stands_still)
{
	struct controller *ctl = make("beginner", 1);

	controller_pause(ctl, true);
	usleep(100000);
	cr_assert_gt(controller_turn_seconds(ctl), 0.09, "a person's clock runs");
	play(ctl, "f5");
	usleep(100000);
	cr_assert_lt(controller_turn_seconds(ctl), 0.05, "the paused engine's clock stands still");
	controller_free(ctl);
}
