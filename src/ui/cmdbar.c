/*
 * cmdbar.c — GNU readline in callback mode, fed key by key from curses.
 *
 * Representation. Keys from curses are translated into the bytes readline's
 * default (emacs) key map understands (KEY_LEFT becomes Ctrl-B, KEY_HOME
 * Ctrl-A ...) and pushed on a small queue; our rl_getc_function pops that
 * queue and our rl_input_available_hook reports whether it holds more, so a
 * multi-byte sequence (Esc b, a UTF-8 character) is read in one go.
 * rl_callback_read_char is called while the queue holds bytes. Readline's own
 * terminal preparation, signal handlers and redisplay are replaced by
 * no-ops; its output stream is /dev/null, so nothing it prints can disturb
 * the curses screen. `rl_change_environment = 0` keeps it from exporting
 * LINES and COLUMNS, which would freeze curses at the start-up size.
 *
 * References: the GNU Readline Library manual, "Alternate Interface"
 * (rl_callback_handler_install, rl_callback_read_char) and "Readline
 * Signal Handling" (rl_catch_signals, rl_callback_sigcleanup).
 */
#include "cmdbar.h"
#include "record.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

enum { QUEUE_SIZE = 64, MATCHES_LEN = 512, HISTORY_MAX = 1000 };

static const char PROMPT[] = ":";

static struct {
	bool ready;			 /* cmdbar_init succeeded */
	bool open;			 /* the bar has focus; the handler is installed */
	unsigned char queue[QUEUE_SIZE]; /* bytes waiting for readline */
	int head, tail;			 /* queue[head..tail) are pending */
	enum cmdbar_status status;	 /* set by the line handler */
	char *line;			 /* entered line waiting for cmdbar_take_line */
	char *history_path;		 /* malloc'd, or NULL */
	cmdbar_completer complete;	 /* completion source, or NULL */
	void *user;			 /* passed to `complete` */
	int complete_word;		 /* index of the word being completed */
	char matches[MATCHES_LEN];	 /* last listed candidates, "" if none */
	FILE *devnull;			 /* readline's input and output streams */
} bar;

static void queue_push(int byte)
{
	if ((bar.tail + 1) % QUEUE_SIZE == bar.head)
		return;
	bar.queue[bar.tail] = (unsigned char)byte;
	bar.tail = (bar.tail + 1) % QUEUE_SIZE;
}

static bool queue_empty(void)
{
	return bar.head == bar.tail;
}

static int bar_getc(FILE *f)
{
	int c;

	(void)f;
	if (queue_empty())
		return EOF;
	c = bar.queue[bar.head];
	bar.head = (bar.head + 1) % QUEUE_SIZE;
	return c;
}

static int bar_input_available(void)
{
	return !queue_empty();
}

static void bar_redisplay(void)
{
}

static void bar_prep_term(int meta)
{
	(void)meta;
}

static void bar_deprep_term(void)
{
}

static void bar_on_line(char *line)
{
	if (!line) {
		bar.status = CMDBAR_CANCEL;
		return;
	}
	if (line[strspn(line, " \t")] != '\0') {
		HIST_ENTRY *last =
		    history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
		if (!last || strcmp(last->line, line) != 0)
			add_history(line);
	}
	free(bar.line);
	bar.line = line;
	bar.status = CMDBAR_LINE;
}

static char *bar_generate(const char *text, int state)
{
	static int n;
	const char *word;

	if (state == 0)
		n = 0;
	if (!bar.complete)
		return NULL;
	word = bar.complete(rl_line_buffer, bar.complete_word, text, n++, bar.user);
	return word ? strdup(word) : NULL;
}

static char **bar_attempt_completion(const char *text, int start, int end)
{
	int words = 0;
	bool in_word = false;

	(void)end;
	for (int i = 0; i < start; i++) {
		bool space = rl_line_buffer[i] == ' ' || rl_line_buffer[i] == '\t';
		if (!space && !in_word)
			words++;
		in_word = !space;
	}
	bar.complete_word = words;
	rl_attempted_completion_over = 1;
	return rl_completion_matches(text, bar_generate);
}

static void bar_show_matches(char **matches, int count, int max_length)
{
	size_t len = 0;

	(void)max_length;
	bar.matches[0] = '\0';
	for (int i = 1; i <= count && matches[i]; i++) {
		int w = snprintf(bar.matches + len, sizeof bar.matches - len, "%s%s",
				 len ? "  " : "", matches[i]);
		if (w < 0 || (size_t)w >= sizeof bar.matches - len)
			break;
		len += (size_t)w;
	}
}

/* Sets readline up for the bar; `history_path` (may be NULL) is read now and
   written by cmdbar_free. 0, or -1 with a message in `err`. */
int cmdbar_init(const char *history_path, cmdbar_completer complete, void *user, char *err,
		size_t errlen)
{
	if (bar.ready) {
		snprintf(err, errlen, "the command bar is already set up");
		return -1;
	}
	memset(&bar, 0, sizeof bar);
	bar.devnull = fopen("/dev/null", "r+");
	if (!bar.devnull) {
		snprintf(err, errlen, "/dev/null: cannot open");
		return -1;
	}
	bar.complete = complete;
	bar.user = user;
	rl_readline_name = "othello";
	rl_instream = bar.devnull;
	rl_outstream = bar.devnull;
	rl_getc_function = bar_getc;
	rl_input_available_hook = bar_input_available;
	rl_redisplay_function = bar_redisplay;
	rl_prep_term_function = bar_prep_term;
	rl_deprep_term_function = bar_deprep_term;
	rl_catch_signals = 0;
	rl_catch_sigwinch = 0;
	rl_change_environment = 0;
	rl_attempted_completion_function = bar_attempt_completion;
	rl_completion_display_matches_hook = bar_show_matches;
	rl_variable_bind("bell-style", "none");
	rl_variable_bind("show-all-if-ambiguous", "on");
	rl_variable_bind("completion-ignore-case", "on");
	rl_variable_bind("horizontal-scroll-mode", "on");
	using_history();
	stifle_history(HISTORY_MAX);
	if (history_path) {
		bar.history_path = strdup(history_path);
		read_history(history_path);
	}
	bar.ready = true;
	return 0;
}

/* Writes the history to its file as the save slots are written: into a new
   temporary file beside it, then renamed over it, so that a symlink (or a
   hard link) at that name is replaced, never written through, and a crash
   leaves the old file whole. A history that cannot be written is dropped. */
static void save_history(const char *path)
{
	size_t n = strlen(path);
	char *tmp = malloc(n + RECORD_TEMP_EXTRA);
	int fd;

	if (!tmp)
		return;
	record_temp_name(path, tmp);
	if ((fd = mkstemp(tmp)) < 0) {
		free(tmp);
		return;
	}
	close(fd);
	if (write_history(tmp) != 0 || rename(tmp, path) != 0)
		unlink(tmp);
	free(tmp);
}

/* Writes the history file (if any), closes the bar and releases readline's state. */
void cmdbar_free(void)
{
	if (!bar.ready)
		return;
	cmdbar_close();
	if (bar.history_path)
		save_history(bar.history_path);
	clear_history();
	free(bar.history_path);
	free(bar.line);
	rl_instream = NULL;
	rl_outstream = NULL;
	fclose(bar.devnull);
	memset(&bar, 0, sizeof bar);
}

/* Opens the bar with an empty line, or with `initial` (may be NULL) typed in. */
void cmdbar_open(const char *initial)
{
	if (!bar.ready)
		return;
	if (bar.open)
		cmdbar_close();
	bar.head = bar.tail = 0;
	bar.matches[0] = '\0';
	bar.status = CMDBAR_EDITING;
	rl_callback_handler_install(PROMPT, bar_on_line);
	bar.open = true;
	if (initial && *initial)
		rl_insert_text(initial);
}

bool cmdbar_is_open(void)
{
	return bar.open;
}

/* Closes the bar, dropping the line being edited and any half-read key sequence. */
void cmdbar_close(void)
{
	if (!bar.open)
		return;
	rl_callback_sigcleanup();
	rl_replace_line("", 1);
	rl_point = rl_end = 0;
	rl_callback_handler_remove();
	using_history();
	bar.head = bar.tail = 0;
	bar.open = false;
}

/* Lets readline consume the queue; closes the bar when a line is done. */
static enum cmdbar_status bar_run(void)
{
	bar.status = CMDBAR_EDITING;
	while (!queue_empty() && bar.status == CMDBAR_EDITING)
		rl_callback_read_char();
	if (bar.status != CMDBAR_EDITING) {
		enum cmdbar_status st = bar.status;
		bar.head = bar.tail = 0;
		rl_callback_handler_remove();
		using_history();
		bar.open = false;
		return st;
	}
	return CMDBAR_EDITING;
}

/* Feeds one key as curses returns it; Esc, Ctrl-C and Ctrl-G close the bar. */
enum cmdbar_status cmdbar_key(int key)
{
	if (!bar.open)
		return CMDBAR_CANCEL;
	bar.matches[0] = '\0';
	switch (key) {
	case 27: /* Esc */
	case 3:	 /* Ctrl-C */
	case 7:	 /* Ctrl-G */
		cmdbar_close();
		return CMDBAR_CANCEL;
	case KEY_LEFT:
		queue_push(2);
		break;
	case KEY_RIGHT:
		queue_push(6);
		break;
	case KEY_UP:
		queue_push(16);
		break;
	case KEY_DOWN:
		queue_push(14);
		break;
	case KEY_HOME:
		queue_push(1);
		break;
	case KEY_END:
		queue_push(5);
		break;
	case KEY_BACKSPACE:
	case 8:
		queue_push(127);
		break;
	case KEY_DC:
		if (rl_point < rl_end)
			queue_push(4);
		break;
	case KEY_ENTER:
	case '\n':
		queue_push('\r');
		break;
	default:
		if (key >= 0 && key <= 255)
			queue_push(key);
		break;
	}
	return bar_run();
}

/* Feeds Alt+key (Esc then key), e.g. Alt-b moves back a word. */
enum cmdbar_status cmdbar_meta_key(int key)
{
	if (!bar.open)
		return CMDBAR_CANCEL;
	if (key < 0 || key > 255)
		return CMDBAR_EDITING;
	bar.matches[0] = '\0';
	queue_push(27);
	queue_push(key);
	return bar_run();
}

/* The entered line after CMDBAR_LINE (malloc'd, the caller frees), else NULL. */
char *cmdbar_take_line(void)
{
	char *line = bar.line;

	bar.line = NULL;
	return line;
}

/* What to draw: the prompt, the line being edited (UTF-8) and the cursor's
   byte offset in it; an empty line when the bar is closed. */
void cmdbar_view(const char **prompt, const char **line, int *point)
{
	*prompt = PROMPT;
	if (bar.open && rl_line_buffer) {
		*line = rl_line_buffer;
		*point = rl_point;
	} else {
		*line = "";
		*point = 0;
	}
}

/* The completion candidates readline listed last, "" if none. */
const char *cmdbar_matches(void)
{
	return bar.matches;
}
