/*
 * test-ui-redraw.c — the screen redraws from what changed: the parts drawn
 * after a move, a comment and a hint are those their changes name (counted
 * from ui->drawn; a deeper hint that judges analysed moves again adds the
 * move list), and a screen drawn part by part is the screen drawn whole
 * (every row but the header's clocks compared, character by character, on a
 * curses screen written to /dev/null); a player that cannot be asked for its
 * move says why on the message line, as an error.
 */
#include "board.h"
#include "command.h"
#include "controller-int.h"
#include "ui.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct controller *ctl;
static struct ui ui;
static SCREEN *scr;
static FILE *out, *in;

static void setup(void)
{
	struct controller_options opt;
	char err[256];

	setenv("LINES", "30", 1);
	setenv("COLUMNS", "100", 1);
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	cr_assert(out && in);
	scr = newterm("xterm", out, in);
	if (!scr)
		cr_skip_test("no terminfo entry for xterm");
	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	opt.hint_depth = 2;
	opt.save_dir = "/nonexistent";
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "%s", err);
	memset(&ui, 0, sizeof ui);
	ui.ctl = ctl;
	ui.cursor = -1;
	ui.moves_follow = true;
	ui.ended_ply = -1;
	ui_layout_update(&ui);
	cr_assert_not(ui.lay.compact || ui.lay.too_small, "the full screen at 100x30");
	ui.redraw = UI_PART_ALL;
	ui_draw(&ui);
}

static void teardown(void)
{
	controller_free(ctl);
	free(ui.popup);
	if (scr) {
		endwin();
		delscreen(scr);
	}
	fclose(out);
	fclose(in);
}

TestSuite(ui_redraw, .init = setup, .fini = teardown);

/* The screen's characters below the header, row after row, into buf. */
static void capture(char *buf, size_t len)
{
	size_t at = 0;

	for (int y = 1; y < LINES && at + (size_t)COLS + 2 < len; y++) {
		for (int x = 0; x < COLS; x++)
			buf[at++] = (char)(mvinch(y, x) & A_CHARTEXT);
		buf[at++] = '\n';
	}
	buf[at] = '\0';
}

/* Draws what changed and checks it against the whole screen drawn again: the parts drawn. */
static unsigned draw_and_compare(const char *what)
{
	static char part[100 * 40], whole[100 * 40];
	unsigned drawn;

	ui_draw(&ui);
	drawn = ui.drawn;
	capture(part, sizeof part);
	ui.redraw = UI_PART_ALL;
	ui_draw(&ui);
	capture(whole, sizeof whole);
	cr_assert_str_eq(part, whole, "%s: the parts drawn left the screen as a whole redraw",
			 what);
	return drawn;
}

/* draw_and_compare, and the parts drawn must be `want`: how many they are. */
static int expect_drawn(const char *what, unsigned want)
{
	unsigned drawn = draw_and_compare(what);

	cr_assert_eq(drawn, want, "%s: drew %#x, not %#x", what, drawn, want);
	return __builtin_popcount(drawn);
}

/* The parts a change of the engine's scores redraws, with the message's. */
enum {
	SCORES_SHOWN = UI_PART_EVAL | UI_PART_BOARD | UI_PART_GRAPH | UI_PART_HEADER |
		       UI_PART_STATUS | UI_PART_BAR
};

Test(ui_redraw, a_move_redraws_every_part_shown)
{
	cr_assert_eq(ui_execute(&ui, "f5"), 0);
	cr_assert_eq(
	    expect_drawn("a move: all but the hidden database panel", UI_PART_ALL & ~UI_PART_DB),
	    7);
}

Test(ui_redraw, a_comment_leaves_the_board_alone)
{
	cr_assert_eq(ui_execute(&ui, "f5"), 0);
	ui_draw(&ui);
	cr_assert_eq(ui_execute(&ui, "comment a classic start"), 0);
	cr_assert_eq(expect_drawn("a comment", UI_PART_MOVES | UI_PART_EVAL | UI_PART_GRAPH |
						   UI_PART_HEADER | UI_PART_STATUS | UI_PART_BAR),
		     6);
}

Test(ui_redraw, a_hint_leaves_the_move_list_alone)
{
	struct ctl_event ev;
	bool ready = false;

	cr_assert_eq(ui_execute(&ui, "f5"), 0);
	ui_draw(&ui);
	cr_assert_eq(ui_execute(&ui, "hint"), 0);
	expect_drawn("a hint asked: the search starts, the book's scores are known", SCORES_SHOWN);
	while (controller_wait_event(ctl, &ev)) {
		ui_event(&ui, &ev);
		ready |= ev.kind == CTL_EVENT_HINTS_READY;
		if (ev.kind == CTL_EVENT_PROGRESS) {
			ui_draw(&ui);
			cr_assert_eq(ui.drawn, UI_PART_EVAL, "progress: the engine panel alone");
		}
	}
	cr_assert(ready);
	cr_assert_eq(expect_drawn("a hint found", SCORES_SHOWN), 6);
}

/* A deeper hint on an analysed game judges its moves again (their verdicts are in the move
   list): the list is drawn again with the scores. */
Test(ui_redraw, a_deeper_hint_redraws_the_verdicts_it_judges_again)
{
	struct ctl_event ev;
	const char *moves[] = {"f5", "d6", "c3", "d3", "c4", "f4", "c5", "b3", "c2", "e6"};

	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
		cr_assert_eq(ui_execute(&ui, moves[i]), 0, "%s", moves[i]);
	cr_assert_eq(ui_execute(&ui, "analyze --depth 1"), 0);
	while (controller_wait_event(ctl, &ev))
		ui_event(&ui, &ev);
	cr_assert_eq(ui_execute(&ui, "goto 8"), 0);
	cr_assert_eq(ui_execute(&ui, "depth hint 8"), 0);
	draw_and_compare("the analysed game at move 8");
	cr_assert_eq(ui_execute(&ui, "hint"), 0);
	while (controller_wait_event(ctl, &ev))
		ui_event(&ui, &ev);
	cr_assert(draw_and_compare("a deeper hint found") & UI_PART_MOVES,
		  "the move list, whose verdicts were judged again, is drawn");
}

Test(ui_redraw, a_long_message_wrapped_over_the_panels_is_cleared_whole)
{
	char long_msg[200];

	memset(long_msg, 'x', sizeof long_msg - 1);
	long_msg[sizeof long_msg - 1] = '\0';
	for (int i = 10; i < 190; i += 11)
		long_msg[i] = ' ';
	ui_set_message(&ui, false, "%s", long_msg);
	ui_draw(&ui);
	cr_assert_eq(ui.drawn, UI_PART_ALL & ~UI_PART_DB, "a wrapped message redraws all");
	ui_set_message(&ui, false, "short");
	draw_and_compare("a short message after a long one");
	ui_set_message(&ui, false, "shorter");
	expect_drawn("a short message", UI_PART_STATUS);
}

/* A player whose asks fail, as an engine whose thread cannot start. */
static int broken_ask(struct controller *c, enum color side, char *err, size_t errlen)
{
	(void)c;
	(void)side;
	snprintf(err, errlen, "cannot start the engine thread: no room");
	return -1;
}

Test(ui_redraw, a_player_that_cannot_be_asked_says_why)
{
	struct ctl_player broken = ctl_engine;

	broken.ask = broken_ask;
	ctl->player[WHITE] = &broken;
	cr_assert_eq(ui_execute(&ui, "f5"), 0, "the move itself is played");
	cr_assert_eq(controller_cursor(ctl), 1);
	cr_assert(ui.message_error);
	cr_assert_str_eq(ui.message, "cannot start the engine thread: no room");
	ui_draw(&ui);
	cr_assert(ui.drawn & UI_PART_STATUS);
	ctl->player[WHITE] = &ctl_human;
}
