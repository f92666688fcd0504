/*
 * test-ui-verbs.c — the screen's command lines without a terminal: its verbs
 * are found like the game's commands (exact name or unique prefix) and never
 * hide one, every key runs a line that reaches a command or a verb, and the
 * screen asks before running what the command table flags (replacing an
 * unsaved game, saving over another game's slot).
 */
#include "board.h"
#include "command.h"
#include "keymap.h"
#include "ui.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct controller *ctl;
static struct ui ui;
static char save_dir[] = "/tmp/test-ui-verbs-XXXXXX";

static void setup(void)
{
	struct controller_options opt;
	char err[256];

	cr_assert(mkdtemp(save_dir), "temporary save directory");
	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	opt.save_dir = save_dir;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "%s", err);
	memset(&ui, 0, sizeof ui);
	ui.ctl = ctl;
	ui.cursor = 3 * 8 + 3;
	ui_layout_compute(&ui.lay, 24, 80);
}

static void teardown(void)
{
	char cmd[128];

	controller_free(ctl);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", save_dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(ui_verbs, .init = setup, .fini = teardown);

Test(ui_verbs, found_by_name_or_unique_prefix)
{
	char err[256];
	const struct ui_verb *v;

	v = ui_verb_find("scroll", err, sizeof err);
	cr_assert(v && strcmp(v->name, "scroll") == 0);
	v = ui_verb_find("scr", err, sizeof err);
	cr_assert(v && strcmp(v->name, "scroll") == 0, "a unique prefix is enough");
	v = ui_verb_find("cu", err, sizeof err);
	cr_assert(v && strcmp(v->name, "cursor") == 0);
	cr_assert_null(ui_verb_find("s", err, sizeof err));
	cr_assert_str_eq(err, "ambiguous command `s`: select scroll");
	cr_assert_null(ui_verb_find("zap", err, sizeof err));
	cr_assert_str_eq(err, "unknown command `zap` (try `help`)");
}

Test(ui_verbs, no_verb_hides_or_is_hidden_by_a_game_command)
{
	size_t n;
	const struct ui_verb *verbs = ui_verb_table(&n);

	cr_assert_gt(n, 0);
	for (size_t i = 0; i < n; i++) {
		cr_assert_not_null(verbs[i].exec, "%s runs something", verbs[i].name);
		cr_assert_null(command_name_match(verbs[i].name, 0),
			       "no game command starts with `%s`", verbs[i].name);
	}
}

Test(ui_verbs, every_key_reaches_a_command_or_a_verb)
{
	size_t n;
	const struct keymap_binding *keys = keymap_table(&n);

	for (size_t i = 0; i < n; i++) {
		char word[32], err[256];

		snprintf(word, sizeof word, "%.*s", (int)strcspn(keys[i].command, " "),
			 keys[i].command);
		cr_assert(command_find(word, err, sizeof err) ||
			      ui_verb_find(word, err, sizeof err),
			  "key %s runs `%s`: %s", keys[i].name, keys[i].command, err);
	}
}

Test(ui_verbs, run_through_ui_execute_with_their_arguments_checked)
{
	cr_assert_eq(ui_execute(&ui, "cursor left"), 0);
	cr_assert_eq(ui.cursor, 3 * 8 + 2);
	cr_assert_eq(ui_execute(&ui, "cur a1"), 0, "by prefix, to a square");
	cr_assert_eq(ui.cursor, 0);
	cr_assert_eq(ui_execute(&ui, "cursor up"), 0, "wraps around");
	cr_assert_eq(ui.cursor, 7 * 8);
	cr_assert_eq(ui_execute(&ui, "cursor"), -1);
	cr_assert_str_eq(ui.message, "usage: cursor left|right|up|down|SQUARE");
	cr_assert(ui.message_error);
	ui.moves_follow = true;
	cr_assert_eq(ui_execute(&ui, "sc 1"), 0);
	cr_assert_eq(ui.moves_top, ui.lay.moves_h - 2);
	cr_assert_not(ui.moves_follow);
	cr_assert_eq(ui_execute(&ui, "c"), -1, "a prefix of game commands is theirs");
	cr_assert_str_eq(ui.message, "ambiguous command `c`: comment clear cancel challenge claim");
	ui_execute(&ui, "cursor f5");
	cr_assert_eq(ui_execute(&ui, "select"), 0, "plays the cursor's square");
	cr_assert_eq(controller_cursor(ctl), 1);
}

Test(ui_verbs, commands_that_replace_the_game_ask_first_when_it_is_unsaved)
{
	size_t asked = 0;
	const struct command_def *d;

	cr_assert_eq(ui_execute(&ui, "f5"), 0);
	cr_assert(controller_unsaved(ctl));
	for (size_t i = 0; (d = command_at(i)); i++) {
		char line[64], ask[128];

		if (!(d->flags & CMD_REPLACES_GAME))
			continue;
		snprintf(line, sizeof line, "%s 1", d->name);
		snprintf(ask, sizeof ask, " The game is not saved. `%s` replaces it: go on? (y/n)",
			 d->name);
		cr_assert_eq(ui_execute(&ui, line), 0);
		cr_assert_str_eq(ui.confirm_line, line, "`%s` waits for y", d->name);
		cr_assert_str_eq(ui.confirm_ask, ask);
		cr_assert_eq(controller_cursor(ctl), 1, "the game is still there");
		ui.confirm_line[0] = '\0';
		asked++;
	}
	cr_assert_geq(asked, 4, "new, load, import, handicap");
	cr_assert_eq(ui_execute(&ui, "undo"), 0, "a command without the flag runs at once");
	cr_assert_eq(ui.confirm_line[0], '\0');
	cr_assert_eq(controller_cursor(ctl), 0);
}

Test(ui_verbs, saving_over_another_games_slot_asks_first)
{
	cr_assert_eq(ui_execute(&ui, "f5"), 0);
	cr_assert_eq(ui_execute(&ui, "save 1"), 0);
	cr_assert_eq(ui.confirm_line[0], '\0', "a free slot is written at once");
	cr_assert_eq(ui_execute(&ui, "save 1"), 0);
	cr_assert_eq(ui.confirm_line[0], '\0', "this game's own slot too");
	cr_assert_eq(ui_execute(&ui, "new"), 0);
	cr_assert_eq(ui_execute(&ui, "d3"), 0);
	cr_assert_eq(ui_execute(&ui, "save 1 another"), 0);
	cr_assert_str_eq(ui.confirm_line, "save 1 another");
	cr_assert_str_eq(ui.confirm_ask, " Slot 1 holds another game. Replace it? (y/n)");
	cr_assert_str_eq(ui.confirm_kept, "Kept slot 1 as it was.");
}

/* A square typed by its name: `column` then `row` play it; a row alone says
   how to type one (issue 14: f 5 said "f is not bound"). */
Test(ui_verbs, a_square_typed_by_name_is_played)
{
	cr_assert_eq(ui_execute(&ui, "column f"), 0);
	cr_assert_eq(ui.typed_column, 'f');
	cr_assert_eq(ui.cursor % 8, 5, "the cursor goes to the column");
	cr_assert_eq(controller_cursor(ctl), 0, "nothing played yet");
	cr_assert_eq(ui_execute(&ui, "row 5"), 0);
	cr_assert_eq(controller_cursor(ctl), 1);
	cr_assert_eq(controller_last_move(ctl, NULL), 4 * 8 + 5, "f5 was played");
	cr_assert_eq(ui.typed_column, 0);
	cr_assert_eq(ui_execute(&ui, "row 6"), 0);
	cr_assert(strstr(ui.message, "column first"), "%s", ui.message);
	cr_assert_eq(controller_cursor(ctl), 1);
	ui_execute(&ui, "column a");
	cr_assert_eq(ui_execute(&ui, "row 1"), -1, "a1 is illegal");
	cr_assert(strstr(ui.message, "illegal move a1"), "%s", ui.message);
	cr_assert_eq(ui_execute(&ui, "column z"), -1);
}

/* In the game modes no key but the square's own is a column letter or a row
   digit, so that typing a square never runs something else. */
Test(ui_verbs, no_game_key_collides_with_a_square_name)
{
	static const enum ctl_mode modes[] = {MODE_PLAY, MODE_REPLAY, MODE_ANALYSIS};
	char key[2] = "";

	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		for (char c = 'a'; c <= 'h'; c++) {
			char want[16];
			key[0] = c;
			snprintf(want, sizeof want, "column %c", c);
			cr_assert_str_eq(keymap_command(key, modes[m]), want);
		}
		for (char c = '1'; c <= '8'; c++) {
			char want[16];
			key[0] = c;
			snprintf(want, sizeof want, "row %c", c);
			cr_assert_str_eq(keymap_command(key, modes[m]), want);
		}
	}
	cr_assert_str_eq(keymap_command("E", MODE_PLAY), "edit");
	cr_assert_str_eq(keymap_command("C", MODE_PLAY), "prompt comment {comment}");
	cr_assert_str_eq(keymap_command("G", MODE_PLAY), "go");
	cr_assert_str_eq(keymap_command("Esc", MODE_EDIT), "cancel", "Esc leaves edit mode");
}

/* Esc in edit mode leaves it and the game is as before `edit`. */
Test(ui_verbs, cancel_leaves_edit_mode_unchanged)
{
	cr_assert_eq(ui_execute(&ui, "f5"), 0);
	cr_assert_eq(ui_execute(&ui, "edit"), 0);
	cr_assert_str_eq(ui.confirm_line, "edit", "an unsaved game: `edit` waits for y");
	ui.confirm_line[0] = '\0';
	ui.replace_confirmed = true; /* y */
	cr_assert_eq(ui_execute(&ui, "edit"), 0);
	ui.replace_confirmed = false;
	cr_assert_eq(controller_mode(ctl), MODE_EDIT);
	cr_assert_eq(ui_execute(&ui, "clear"), 0);
	cr_assert_eq(ui_execute(&ui, keymap_command("Esc", MODE_EDIT)), 0);
	cr_assert_eq(controller_mode(ctl), MODE_PLAY);
	cr_assert_eq(controller_line_length(ctl), 1);
	cr_assert_eq(board_popcount(controller_board(ctl)->own | controller_board(ctl)->opp), 5);
	cr_assert_eq(ui_execute(&ui, "cancel"), -1, "not editing");
}

/* `export` over an existing file waits for a y; a new file is written at once. */
Test(ui_verbs, export_asks_before_replacing_a_file)
{
	char path[256], line[300];

	cr_assert_eq(ui_execute(&ui, "f5"), 0);
	snprintf(path, sizeof path, "%s/game.sgf", save_dir);
	snprintf(line, sizeof line, "export \"%s\"", path);
	cr_assert_eq(ui_execute(&ui, line), 0);
	cr_assert_eq(ui.confirm_line[0], '\0', "a new file is written at once");
	cr_assert_eq(access(path, F_OK), 0);
	cr_assert_eq(ui_execute(&ui, line), 0);
	cr_assert_str_eq(ui.confirm_line, line, "an existing file waits for y");
	cr_assert(strstr(ui.confirm_ask, "game.sgf exists. Replace it? (y/n)"), "%s",
		  ui.confirm_ask);
}

/* Ctrl-C with the engine idle asks whether to quit (it was silently ignored). */
Test(ui_verbs, interrupt_asks_to_quit)
{
	cr_assert_eq(ui_execute(&ui, keymap_command("Ctrl-C", MODE_PLAY)), 0);
	cr_assert_str_eq(ui.confirm_line, "quit", "a saved (empty) game: asks to quit");
	cr_assert_not(ui.quit);
	ui.confirm_line[0] = '\0';
	cr_assert_eq(ui_execute(&ui, "f5"), 0);
	cr_assert_eq(ui_execute(&ui, "interrupt"), 0);
	cr_assert(ui.confirm_quit, "an unsaved game: the quit question");
	cr_assert_not(ui.quit);
}
