/*
 * test-score-views.c — what the screen shows of a position and its scores:
 * an engine's clock stands still while it waits.
 */
#include "controller.h"

#include <criterion/criterion.h>
#include <unistd.h>

static char err[256];

/* Plays `moves` ("f5d6..."), each of which must be legal. */
static void play(struct controller *ctl, const char *moves)
{
	for (const char *p = moves; *p; p += 2) {
		char sq[3] = {p[0], p[1], '\0'};
		cr_assert_geq(controller_play(ctl, board_square_parse(sq), err, sizeof(err)), 0,
			      "%s: %s", sq, err);
	}
}

/* Watching engines, paused: the clock of the engine to move stands still (it counted up,
   then fell back to the search's time when `go` played). */
Test(score_views, a_paused_engine_clock_stands_still)
{
	struct controller_options opt;
	struct controller *ctl;

	controller_options_default(&opt);
	opt.black = "human";
	opt.white = "beginner";
	opt.tt_megabytes = 1;
	opt.no_book = true;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "%s", err);
	controller_pause(ctl, true);
	usleep(100000);
	cr_assert_gt(controller_turn_seconds(ctl), 0.09, "a person's clock runs");
	play(ctl, "f5");
	usleep(100000);
	cr_assert_lt(controller_turn_seconds(ctl), 0.05, "the paused engine's clock stands still");
	controller_free(ctl);
}
