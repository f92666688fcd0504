/*
 * test-cmdbar.c — the readline command bar fed key by key, as the screen
 * feeds it: editing, cancelling, history (in memory and in its file) and
 * Tab completion through a completer.
 */
#include "cmdbar.h"

#include <criterion/criterion.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static enum cmdbar_status type(const char *s)
{
	enum cmdbar_status st = CMDBAR_EDITING;

	for (; *s; s++)
		st = cmdbar_key((unsigned char)*s);
	return st;
}

static void setup_plain(void)
{
	char err[128];

	cr_assert_eq(cmdbar_init(NULL, NULL, NULL, err, sizeof err), 0, "%s", err);
}

static void teardown_plain(void)
{
	cmdbar_free();
}

Test(cmdbar, enter_gives_the_typed_line, .init = setup_plain, .fini = teardown_plain)
{
	char *line;

	cmdbar_open(NULL);
	cr_assert(cmdbar_is_open());
	cr_assert_eq(type("move f5"), CMDBAR_EDITING);
	cr_assert_eq(cmdbar_key('\n'), CMDBAR_LINE);
	cr_assert_not(cmdbar_is_open());
	line = cmdbar_take_line();
	cr_assert_str_eq(line, "move f5");
	free(line);
	cr_assert_null(cmdbar_take_line());
}

Test(cmdbar, arrow_keys_move_the_point_and_edit_in_the_middle, .init = setup_plain,
     .fini = teardown_plain)
{
	const char *prompt, *text;
	int point;
	char *line;

	cmdbar_open(NULL);
	type("udo");
	cmdbar_key(KEY_HOME);
	cmdbar_key(KEY_RIGHT);
	cmdbar_key('n');
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(prompt, ":");
	cr_assert_str_eq(text, "undo");
	cr_assert_eq(point, 2);
	cmdbar_key(KEY_END);
	cmdbar_key(KEY_BACKSPACE);
	cmdbar_key(KEY_LEFT);
	cmdbar_key(KEY_DC);
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "un");
	cr_assert_eq(cmdbar_key(KEY_ENTER), CMDBAR_LINE);
	line = cmdbar_take_line();
	cr_assert_str_eq(line, "un");
	free(line);
}

Test(cmdbar, initial_text_is_typed_in, .init = setup_plain, .fini = teardown_plain)
{
	char *line;

	cmdbar_open("comment ");
	type("nice");
	cr_assert_eq(cmdbar_key('\r'), CMDBAR_LINE);
	line = cmdbar_take_line();
	cr_assert_str_eq(line, "comment nice");
	free(line);
}

Test(cmdbar, escape_and_ctrl_c_cancel_and_forget_the_line, .init = setup_plain,
     .fini = teardown_plain)
{
	const char *prompt, *text;
	int point;

	cmdbar_open(NULL);
	type("save one");
	cr_assert_eq(cmdbar_key(27), CMDBAR_CANCEL);
	cr_assert_not(cmdbar_is_open());
	cr_assert_null(cmdbar_take_line());
	cmdbar_open(NULL);
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "");
	type("x");
	cr_assert_eq(cmdbar_key(3), CMDBAR_CANCEL);
	cmdbar_open(NULL);
	cr_assert_eq(cmdbar_key(4), CMDBAR_CANCEL, "Ctrl-D on an empty line closes the bar");
}

Test(cmdbar, alt_b_moves_back_a_word, .init = setup_plain, .fini = teardown_plain)
{
	const char *prompt, *text;
	int point;

	cmdbar_open(NULL);
	type("level expert");
	cmdbar_meta_key('b');
	cmdbar_view(&prompt, &text, &point);
	cr_assert_eq(point, 6);
}

Test(cmdbar, up_arrow_recalls_earlier_lines, .init = setup_plain, .fini = teardown_plain)
{
	const char *prompt, *text;
	int point;

	cmdbar_open(NULL);
	type("hint 3\n");
	free(cmdbar_take_line());
	cmdbar_open(NULL);
	type("undo\n");
	free(cmdbar_take_line());
	cmdbar_open(NULL);
	cmdbar_key(KEY_UP);
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "undo");
	cmdbar_key(KEY_UP);
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "hint 3");
	cmdbar_key(KEY_DOWN);
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "undo");
}

Test(cmdbar, history_survives_in_its_file)
{
	char path[] = "/tmp/test-cmdbar-XXXXXX";
	char err[128];
	const char *prompt, *text;
	int point, fd = mkstemp(path);

	cr_assert(fd >= 0);
	close(fd);
	cr_assert_eq(cmdbar_init(path, NULL, NULL, err, sizeof err), 0, "%s", err);
	cmdbar_open(NULL);
	type("save first\n");
	free(cmdbar_take_line());
	cmdbar_free();

	cr_assert_eq(cmdbar_init(path, NULL, NULL, err, sizeof err), 0, "%s", err);
	cmdbar_open(NULL);
	cmdbar_key(KEY_UP);
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "save first");
	cmdbar_free();
	unlink(path);
}

static const char *complete_words(const char *line, int word, const char *prefix, int n, void *user)
{
	static const char *const commands[] = {"hint", "help", "undo", NULL};
	static const char *const squares[] = {"c4", "d3", "e6", "f5", NULL};
	const char *const *list = word == 0 ? commands : squares;
	size_t len = strlen(prefix);

	(void)line;
	(*(int *)user)++;
	for (; *list; list++)
		if (strncmp(*list, prefix, len) == 0 && n-- == 0)
			return *list;
	return NULL;
}

Test(cmdbar, tab_completes_names_and_lists_ambiguous_ones)
{
	char err[128];
	const char *prompt, *text;
	int point, calls = 0;

	cr_assert_eq(cmdbar_init(NULL, complete_words, &calls, err, sizeof err), 0, "%s", err);
	cmdbar_open(NULL);
	type("u\t");
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "undo ");
	cr_assert_gt(calls, 0);
	cmdbar_close();

	cmdbar_open(NULL);
	type("h\t");
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "h");
	cr_assert_str_eq(cmdbar_matches(), "help  hint");
	type("i\t");
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "hint ");
	type("f\t");
	cmdbar_view(&prompt, &text, &point);
	cr_assert_str_eq(text, "hint f5 ", "the second word completes from its own list");
	cmdbar_free();
}

Test(cmdbar, history_file_replaces_a_symlink_and_never_writes_through_it)
{
	char dir[] = "/tmp/othello-cmdbar-XXXXXX", target[64], link[64], buf[256], err[128];
	struct stat st;
	FILE *f;
	size_t n;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(target, sizeof target, "%s/victim", dir);
	snprintf(link, sizeof link, "%s/history", dir);
	f = fopen(target, "w");
	fputs("precious\n", f);
	fclose(f);
	cr_assert_eq(symlink(target, link), 0);
	cr_assert_eq(cmdbar_init(link, NULL, NULL, err, sizeof err), 0, "%s", err);
	cmdbar_open(NULL);
	type("new game\n");
	free(cmdbar_take_line());
	cmdbar_free();
	f = fopen(target, "r");
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	cr_assert_str_eq(buf, "precious\n", "the symlink's target is untouched");
	cr_assert_eq(lstat(link, &st), 0);
	cr_assert(S_ISREG(st.st_mode), "the history is a file of its own now");
	f = fopen(link, "r");
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	cr_assert(strstr(buf, "new game") != NULL, "%s", buf);
	unlink(link);
	unlink(target);
	cr_assert_eq(rmdir(dir), 0, "no temporary file is left");
}
