/*
 * cmdbar.h — the command bar: one line of GNU readline editing inside the
 * curses screen.
 *
 * Readline runs in callback mode with its terminal, signal and environment
 * handling switched off. It never reads the terminal itself: the screen's
 * main loop hands each key it got from curses to cmdbar_key, which queues the
 * bytes readline expects and lets readline consume them. Readline never
 * writes to the terminal either: the screen draws the bar from cmdbar_view.
 * Readline is one global state, so there is one command bar per process.
 */
#ifndef OTHELLO_CMDBAR_H
#define OTHELLO_CMDBAR_H

#include <stdbool.h>
#include <stddef.h>

/* What a key did to the bar. */
enum cmdbar_status {
	CMDBAR_EDITING, /* still editing (the view may have changed) */
	CMDBAR_LINE,	/* a line was entered: take it with cmdbar_take_line */
	CMDBAR_CANCEL,	/* Esc, Ctrl-C, or Ctrl-D on an empty line: the bar is closed */
};

/* Completion candidates: the n-th (0-based) word that may stand at word
   `word_index` (0 = the command name) of `line` and starts with `prefix`, or
   NULL after the last. The returned text is copied at once. */
typedef const char *(*cmdbar_completer)(const char *line, int word_index, const char *prefix, int n,
					void *user);

/* Sets readline up for the bar; `history_path` (may be NULL) is read now and
   written by cmdbar_free. 0, or -1 with a message. */
int cmdbar_init(const char *history_path, cmdbar_completer complete, void *user, char *err,
		size_t errlen);
void cmdbar_free(void);

/* Opens the bar with an empty line (`initial` may pre-fill it, e.g. "hint "). */
void cmdbar_open(const char *initial);
bool cmdbar_is_open(void);
/* Closes the bar, dropping the line being edited. */
void cmdbar_close(void);

/* Feeds one key as curses returns it (characters, UTF-8 bytes, KEY_* codes). */
enum cmdbar_status cmdbar_key(int key);
/* Feeds Alt+key (Esc then key) as a readline meta sequence. */
enum cmdbar_status cmdbar_meta_key(int key);
/* The entered line after CMDBAR_LINE (malloc'd, the caller frees), else NULL. */
char *cmdbar_take_line(void);

/* What to draw: the prompt, the line (UTF-8) and the cursor's byte offset in it. */
void cmdbar_view(const char **prompt, const char **line, int *point);
/* The completion candidates readline listed last (one line, "" if none);
   cleared by the next key. */
const char *cmdbar_matches(void);

#endif
