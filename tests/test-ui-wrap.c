/*
 * test-ui-wrap.c — text wrapped to the screen's width (src/ui/wrap.c): no
 * line wider than asked, no word lost or reordered, tables keep their
 * second column on continuation lines, UTF-8 counted in columns, and a
 * word wider than the room cut rather than left to overflow.
 */
#include "ui.h"

#include <criterion/criterion.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static void utf8(void)
{
	cr_assert(setlocale(LC_ALL, "C.UTF-8") || setlocale(LC_ALL, "en_US.UTF-8"),
		  "a UTF-8 locale");
}

TestSuite(ui_wrap, .init = utf8);

/* The widest line of `text`, in columns. */
static int widest(const char *text)
{
	int most = 0;

	while (*text) {
		size_t n = strcspn(text, "\n");
		char *line = strndup(text, n);
		int w = (int)mbstowcs(NULL, line, 0);
		free(line);
		if (w > most)
			most = w;
		text += n + (text[n] == '\n');
	}
	return most;
}

/* The words of `text` (blanks and newlines squeezed to one space). */
static char *words(const char *text)
{
	char *out = malloc(strlen(text) + 1);
	size_t o = 0;

	for (; *text; text++) {
		bool blank = *text == ' ' || *text == '\n';
		if (blank && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = blank ? ' ' : *text;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return out;
}

Test(ui_wrap, no_line_wider_and_no_word_lost)
{
	const char *text = "The engine's reasoning for each move shows here. Press ? for hints, : "
			   "for the command bar, F1 for help; a square typed by its name is "
			   "played, as f then 5 plays f5.\nA short line.\n";

	for (int width = 10; width <= 90; width++) {
		char *w = ui_wrap(text, width);
		char *a = words(text), *b = words(w);
		cr_assert_leq(widest(w), width, "width %d:\n%s", width, w);
		cr_assert_str_eq(a, b, "width %d: the words are kept in order", width);
		cr_assert_eq(w[strlen(w) - 1], '\n', "the final newline stays");
		free(a);
		free(b);
		free(w);
	}
}

Test(ui_wrap, a_table_keeps_its_second_column)
{
	char *w =
	    ui_wrap("  move SQUARE...       Play a move (f5), or several in a row (f5d6c3).", 50);

	cr_assert_str_eq(w, "  move SQUARE...       Play a move (f5), or\n"
			    "                       several in a row (f5d6c3).");
	free(w);
}

Test(ui_wrap, columns_not_bytes)
{
	/* 20 columns of discs and dashes, 50 bytes: fits in 20 */
	const char *s = "●○●○● 35–29 ●○●○● ○";
	char *w = ui_wrap(s, 20);

	cr_assert_str_eq(w, s, "one line: %s", w);
	free(w);
	w = ui_wrap(s, 12);
	cr_assert_str_eq(w, "●○●○● 35–29\n●○●○● ○");
	free(w);
}

Test(ui_wrap, a_word_wider_than_the_room_is_cut)
{
	char *w = ui_wrap("see /a/very/long/path/to/a/saved/game.sgf now", 12);

	cr_assert_leq(widest(w), 12, "%s", w);
	cr_assert_str_eq(w, "see\n/a/very/long\n/path/to/a/s\naved/game.sg\nf now");
	free(w);
}

/* A table row already broken for 79 columns flows again at a narrower width:
   its continuation lines are joined to it, no word is left alone on a line. */
Test(ui_wrap, continuation_lines_flow_again)
{
	const char *help = "  pass     Pass (only when the side to move has no legal\n"
			   "           move).\n"
			   "  first    Go to the start.\n";
	char *w = ui_wrap(help, 40);

	cr_assert_str_eq(w, "  pass     Pass (only when the side to\n"
			    "           move has no legal move).\n"
			    "  first    Go to the start.\n");
	free(w);
	w = ui_wrap(help, 79);
	cr_assert_str_eq(w, help, "a text that fits is left as it is");
	free(w);
}
