/*
 * test-player.c — the kinds of player of the controller: a toy kind written
 * here (a player that moves by itself, whose asks are counted and may fail,
 * with its own fd and a refusal of moves typed for it) takes a colour, and
 * the controller asks it exactly when ctl_turn says it is its turn, once per
 * position; a failed ask reaches the front end once (controller_step, or an
 * event after an operation) and is not tried again until the game changes;
 * a move typed for its colour goes through it; its fd is polled beside the
 * engine's.
 */
#include "controller-int.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char err[256];

/* The toy player's state (one at a time). */
static struct {
	int asks;   /* times it was asked */
	bool fail;  /* its asks fail */
	int fds[2]; /* a pipe: its fd is the read end */
	int offers; /* moves typed for it */
} toy;

static int toy_ask(struct controller *ctl, enum color c, char *e, size_t elen)
{
	(void)ctl;
	toy.asks++;
	if (toy.fail) {
		snprintf(e, elen, "the toy %s cannot move", c == BLACK ? "Black" : "White");
		return -1;
	}
	return CTL_CHANGED_STATUS;
}

static int toy_fd(const struct controller *ctl, enum color c)
{
	(void)ctl;
	(void)c;
	return toy.fds[0];
}

static int toy_offer(struct controller *ctl, enum color c, int sq, char *e, size_t elen)
{
	(void)ctl;
	(void)sq;
	toy.offers++;
	snprintf(e, elen, "%s is the toy's colour", c == BLACK ? "Black" : "White");
	return -1;
}

static const char *toy_name(const struct controller *ctl, enum color c)
{
	(void)ctl;
	(void)c;
	return "toy";
}

static const struct ctl_player toy_player = {
    .kind = PLAYER_ENGINE,
    .moves_itself = true,
    .ask = toy_ask,
    .fd = toy_fd,
    .offer = toy_offer,
    .name = toy_name,
};

static struct controller *make(void)
{
	struct controller_options opt;
	struct controller *ctl;

	memset(&toy, 0, sizeof toy);
	cr_assert_eq(pipe(toy.fds), 0);
	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "controller_new: %s", err);
	return ctl;
}

static void done(struct controller *ctl)
{
	controller_free(ctl);
	close(toy.fds[0]);
	close(toy.fds[1]);
}

/* The state ctl_turn gives at the cursor. */
static enum ctl_turn_state turn_state(const struct controller *ctl)
{
	struct ctl_turn t;

	ctl_turn(ctl, &t);
	return t.state;
}

Test(player, asked_once_per_position_on_its_turn)
{
	struct controller *ctl = make();
	const char *name;

	ctl->player[WHITE] = &toy_player;
	cr_assert_eq(turn_state(ctl), TURN_PERSON, "Black, the person here, is to move");
	cr_assert_eq(controller_step(ctl, err, sizeof err), 0);
	cr_assert_eq(toy.asks, 0, "a person is never asked");
	cr_assert_eq(controller_player(ctl, WHITE, &name), PLAYER_ENGINE);
	cr_assert_str_eq(name, "toy", "the name comes from the kind");

	cr_assert_geq(controller_play(ctl, board_square_parse("f5"), err, sizeof err), 0, "%s",
		      err);
	cr_assert_eq(toy.asks, 1, "the move asks the toy at once");
	cr_assert_eq(turn_state(ctl), TURN_ASKED);
	cr_assert_eq(controller_step(ctl, err, sizeof err), 0);
	cr_assert_eq(controller_step_wait(ctl), -1, "nothing waits: it was asked");
	cr_assert_eq(toy.asks, 1, "and only once at this position");
	done(ctl);
}

Test(player, not_asked_in_study_replay_pause_or_at_the_end)
{
	struct controller *ctl = make();
	char msg[256];

	cr_assert_geq(controller_play(ctl, board_square_parse("f5"), err, sizeof err), 0);
	ctl->player[WHITE] = &toy_player;
	controller_pause(ctl, true);
	cr_assert_eq(turn_state(ctl), TURN_HELD, "paused: the toy waits");
	cr_assert_eq(controller_step(ctl, err, sizeof err), 0);
	cr_assert_eq(toy.asks, 0);
	controller_pause(ctl, false);
	cr_assert_eq(toy.asks, 1, "leaving the pause asks it");

	cr_assert_geq(controller_undo(ctl, 1, err, sizeof err), 0, "%s", err);
	cr_assert_eq(turn_state(ctl), TURN_NONE, "inside the line no turn runs");
	cr_assert_geq(controller_redo(ctl, 1, err, sizeof err), 0, "%s", err);
	cr_assert_eq(toy.asks, 2, "back at the end of the line: the toy is asked again");
	cr_assert_eq(turn_state(ctl), TURN_ASKED);
	cr_assert_geq(controller_new_game(ctl, err, sizeof err), 0);
	cr_assert_eq(turn_state(ctl), TURN_PERSON, "Black, the person here, at the start");
	cr_assert_geq(controller_play(ctl, board_square_parse("f5"), err, sizeof err), 0);
	cr_assert_eq(toy.asks, 3);

	cr_assert_geq(controller_set_study(ctl, true, msg, sizeof msg), 0);
	cr_assert_eq(turn_state(ctl), TURN_NONE, "a study asks nobody");
	cr_assert_eq(controller_step(ctl, err, sizeof err), 0);
	cr_assert_eq(toy.asks, 3, "the study asked nobody");
	done(ctl);
}

Test(player, a_failed_ask_is_reported_once_and_not_tried_again)
{
	struct controller *ctl = make();
	struct ctl_event ev;

	ctl->player[WHITE] = &toy_player;
	toy.fail = true;
	cr_assert_geq(controller_play(ctl, board_square_parse("f5"), err, sizeof err), 0,
		      "the move stands though the toy cannot answer");
	cr_assert_eq(controller_cursor(ctl), 1);
	cr_assert_eq(controller_step(ctl, err, sizeof err), -1, "the step says it failed");
	cr_assert_str_eq(err, "the toy White cannot move");
	cr_assert_eq(controller_step(ctl, err, sizeof err), 0, "said once");
	cr_assert_not(controller_poll_event(ctl, &ev));
	cr_assert_eq(toy.asks, 1, "not asked again at the same position");

	/* after a change of the game it is asked again; the failure comes as an event */
	cr_assert_geq(controller_new_game(ctl, err, sizeof err), 0);
	cr_assert_geq(controller_play(ctl, board_square_parse("f5"), err, sizeof err), 0);
	cr_assert_eq(toy.asks, 2);
	cr_assert(controller_poll_event(ctl, &ev), "the failure waits as an event");
	cr_assert_eq(ev.kind, CTL_EVENT_ERROR);
	cr_assert_str_eq(ev.message, "the toy White cannot move");
	cr_assert(ev.changes & CTL_CHANGED_STATUS);
	cr_assert_not(controller_poll_event(ctl, &ev), "once");
	cr_assert_not(controller_wait_event(ctl, &ev), "and nothing is left to wait for");
	done(ctl);
}

Test(player, a_move_typed_for_its_colour_goes_through_it)
{
	struct controller *ctl = make();

	cr_assert_geq(controller_play(ctl, board_square_parse("f5"), err, sizeof err), 0);
	ctl->player[WHITE] = &toy_player;
	cr_assert_eq(controller_play(ctl, board_square_parse("d6"), err, sizeof err), -1);
	cr_assert_str_eq(err, "White is the toy's colour");
	cr_assert_eq(toy.offers, 1);
	cr_assert_eq(controller_cursor(ctl), 1, "the game is as it was");
	done(ctl);
}

Test(player, its_fd_is_polled_beside_the_engines)
{
	struct controller *ctl = make();
	int fds[4], n;

	n = controller_event_fds(ctl, fds, 4);
	cr_assert_eq(n, 1, "two humans: the engine's fd alone");
	cr_assert_eq(fds[0], controller_event_fd(ctl));
	ctl->player[WHITE] = &toy_player;
	ctl->player[BLACK] = &toy_player;
	n = controller_event_fds(ctl, fds, 4);
	cr_assert_eq(n, 2, "the toy's fd once for both colours");
	cr_assert_eq(fds[1], toy.fds[0]);
	cr_assert_eq(controller_event_fds(ctl, fds, 1), 1, "never more than asked for");
	done(ctl);
}

/* The engine, a real kind: asked once per position, held by the delay after its move. */
Test(player, the_engine_waits_for_the_delay_between_its_moves)
{
	struct controller_options opt;
	struct controller *ctl;
	struct ctl_event ev;
	int moved = 0;

	controller_options_default(&opt);
	opt.black = "beginner";
	opt.white = "beginner";
	opt.tt_megabytes = 1;
	opt.move_delay = 30;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "%s", err);
	cr_assert_eq(turn_state(ctl), TURN_DUE);
	cr_assert_eq(controller_step_wait(ctl), 0, "the first move starts now");
	cr_assert(controller_step(ctl, err, sizeof err) & CTL_CHANGED_ENGINE);
	cr_assert_eq(turn_state(ctl), TURN_ASKED);
	while (!moved && controller_wait_event(ctl, &ev))
		moved = ev.kind == CTL_EVENT_MOVE_PLAYED;
	cr_assert(moved);
	cr_assert_eq(turn_state(ctl), TURN_HELD, "White waits for the delay");
	cr_assert_gt(controller_step_wait(ctl), 25);
	cr_assert_not(controller_engine_busy(ctl));
	controller_free(ctl);
}
