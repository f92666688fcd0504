/*
 * ui.c — the terminal interface's main loop: the screen opened (ui_open),
 * run (ui_loop) and closed (ui_close); keys, the command bar, engine events,
 * signals and resizes.
 *
 * One thread calls curses: this one. It waits in poll() on the terminal
 * (keys), the controller's event fds (the engine thread's progress and moves,
 * the players') and the self-pipe that the signal handlers
 * write (term.c: SIGWINCH, SIGHUP, SIGTERM, SIGINT, SIGQUIT). A key is
 * looked up in the key map (keys.c, src/game/keymap.c) and its command line
 * runs through ui_execute, like a line typed in the command bar: a word
 * naming one of the screen's verbs (verbs.c) runs it, every other line goes
 * to command_execute, after a y/n question when the command's flags call for
 * one. The command bar completes words through complete.c.
 * Losing the terminal (SIGHUP, or a hang-up on stdin) writes the autosave
 * slot before leaving. Fatal signals restore the terminal, then die.
 */
#include "ui.h"

#include "cmdbar.h"
#include "command.h"
#include "datadir.h"
#include "gametree.h"
#include "opening-names.h"
#include "parse.h"
#include "timer.h"

#include <errno.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* Sets the message line (an error when `error`). */
void ui_set_message(struct ui *ui, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->message, sizeof ui->message, fmt, ap);
	va_end(ap);
	ui->message_error = error;
	ui->redraw |= UI_PART_STATUS;
}

/* Marks for redrawing the parts of the screen that show what `changes` (enum ctl_change)
   says changed. */
void ui_changed(struct ui *ui, unsigned changes)
{
	ui->redraw |= ui_parts_changed(changes);
}

/* Keeps ui->thinking true while the engine searches (its live lines and elapsed time in
   the panel), from the moment a search starts; the panel and the header show the
   change. */
static void thinking_update(struct ui *ui)
{
	bool busy = controller_engine_busy(ui->ctl);

	if (busy && !ui->thinking) {
		ui->think_start = timer_now();
		ui->n_live = 0;
	}
	if (busy != ui->thinking)
		ui->redraw |= UI_PART_EVAL | UI_PART_HEADER;
	ui->thinking = busy;
}

/* The rows the message line takes to show s whole (it wraps over the rows above it). */
static int message_rows(const struct ui *ui, const char *s)
{
	char *wrapped = ui_wrap(s, ui->lay.cols - 2);
	int n = 1;

	for (const char *q = wrapped ? wrapped : ""; (q = strchr(q, '\n')); q++)
		n++;
	free(wrapped);
	return n;
}

static void popup_show(struct ui *ui, char *text)
{
	free(ui->popup);
	ui->popup = text;
	ui->popup_top = 0;
	ui->redraw |= UI_PART_ALL;
}

/* The end of the game at the cursor in words ("White wins 35–29", an en
   dash in Unicode), or "" while it goes on. */
void ui_result_words(const struct ui *ui, char *out, size_t len)
{
	controller_result_text(ui->ctl, ui->utf8 ? "\u2013" : "-", out, len);
}

/* Says the result on the message line once, when the game at the end of the
   line has just ended (by a move, a pass or a resignation, whoever made it). */
static void announce_end(struct ui *ui)
{
	bool over = controller_mode(ui->ctl) == MODE_PLAY && controller_game_over(ui->ctl, NULL);
	int ply = controller_cursor(ui->ctl);

	if (over && ui->ended_ply != ply && !controller_engine_busy(ui->ctl)) {
		char words[64];
		ui_result_words(ui, words, sizeof words);
		ui_set_message(ui, false, "Game over: %s.", words);
	}
	ui->ended_ply = over ? ply : -1;
}

/* Takes the terminal's new size (after SIGWINCH, or `redraw`). resizeterm
   queues a KEY_RESIZE when the size changed; that key only lays the screen
   out again (handle_key), so the two never call each other in a loop. */
void ui_resize(struct ui *ui)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0 &&
	    (ws.ws_row != LINES || ws.ws_col != COLS))
		resizeterm(ws.ws_row, ws.ws_col);
	ui_layout_update(ui);
	clearok(curscr, TRUE);
	ui->redraw |= UI_PART_ALL;
}

/* Lets the game go on (controller_step: the player to move is asked when it is its turn,
   else the overlay deepens); says why when the player could not be asked. */
static void engine_step(struct ui *ui)
{
	char err[256];
	int changes = controller_step(ui->ctl, err, sizeof err);

	if (changes < 0)
		ui_set_message(ui, true, "%s", err);
	else
		ui_changed(ui, (unsigned)changes);
	thinking_update(ui);
}

static void apply_result(struct ui *ui, struct command_result *res)
{
	if (res->message[0])
		ui_set_message(ui, (res->flags & CMD_ERROR) != 0, "%s", res->message);
	if ((res->flags & CMD_OUTPUT) && res->output) {
		popup_show(ui, res->output);
		res->output = NULL;
	} else if (res->message[0] && message_rows(ui, res->message) > UI_STATUS_LINES) {
		/* the message line would cut it, wrapped over the rows it may take: the whole
		   text in a pop-up too (a pop-up would hide the board and the clocks for a
		   message the line can hold) */
		char *text = ui_wrap(res->message, ui->lay.cols - 8);
		if (text)
			popup_show(ui, text);
	}
	if (res->flags & CMD_REDRAW_MOVES)
		ui->moves_follow = true;
	if (res->flags & CMD_ENGINE_STARTED) {
		ui->thinking = true;
		ui->think_start = timer_now();
		ui->n_live = 0;
	}
	if (res->flags & CMD_QUIT) {
		if (controller_unsaved(ui->ctl))
			ui->confirm_quit = true;
		else
			ui->quit = true;
		ui->redraw |= UI_PART_BAR;
	}
	ui->redraw |= ui_parts_flagged(res->flags);
}

/* Holds `line` until the player answers y to `ask`; `kept` is said on any other key. */
static void confirm_first(struct ui *ui, const char *line, const char *ask, const char *kept)
{
	snprintf(ui->confirm_line, sizeof ui->confirm_line, "%s", line);
	snprintf(ui->confirm_ask, sizeof ui->confirm_ask, "%s", ask);
	snprintf(ui->confirm_kept, sizeof ui->confirm_kept, "%s", kept);
	ui->redraw |= UI_PART_BAR;
}

/* Holds command line `line` until the player answers y to `ask` (shown on the
   message line); `kept` is said on any other key. */
void ui_confirm(struct ui *ui, const char *line, const char *ask, const char *kept)
{
	confirm_first(ui, line, ask, kept);
}

/* True when `line` writes a file (its first word, `rest` split as the
   command layer splits it) that exists: it waits for a y first. */
static bool asks_before_file(struct ui *ui, const char *line, const char *rest)
{
	char copy[sizeof ui->confirm_line], *argv[2], err[64], ask[128], kept[128];
	struct stat st;

	snprintf(copy, sizeof copy, "%s", rest);
	if (parse_words(copy, argv, 2, err, sizeof err) < 1 || stat(argv[0], &st) != 0)
		return false;
	snprintf(ask, sizeof ask, " %.80s exists. Replace it? (y/n)", argv[0]);
	snprintf(kept, sizeof kept, "Kept %.80s as it was.", argv[0]);
	confirm_first(ui, line, ask, kept);
	return true;
}

/* True when `line` (command `def`, arguments `rest`) must wait for a y first,
   as the command's flags say: it replaces an unsaved game, it saves into
   a slot that holds another game, or it writes over a file. */
static bool asks_first(struct ui *ui, const struct command_def *def, const char *line,
		       const char *rest)
{
	char ask[128], kept[128], slot[64];

	if ((def->flags & CMD_REPLACES_GAME) && controller_unsaved(ui->ctl)) {
		ui->confirm_name = def->name;
		snprintf(ask, sizeof ask, " The game is not saved. `%s` replaces it: go on? (y/n)",
			 def->name);
		confirm_first(ui, line, ask, "Kept the game. `save` keeps it in a slot.");
		return true;
	}
	if (def->flags & CMD_WRITES_FILE)
		return asks_before_file(ui, line, rest);
	if (!(def->flags & CMD_FILLS_SLOT))
		return false;
	snprintf(slot, sizeof slot, "%.*s", (int)strcspn(rest, " \t"), rest);
	if (!controller_slot_taken(ui->ctl, slot))
		return false;
	snprintf(ask, sizeof ask, " Slot %s holds another game. Replace it? (y/n)", slot);
	snprintf(kept, sizeof kept, "Kept slot %s as it was.", slot);
	confirm_first(ui, line, ask, kept);
	return true;
}

/* Runs one command line: a word that no game command starts with may be one
   of the screen's verbs (verbs.c); every other line goes to the command
   layer, unless its command's flags say it must wait for a y first
   (confirm_line). Returns 0, or -1 when the command failed. */
int ui_execute(struct ui *ui, const char *line)
{
	struct command_result res;
	const struct command_def *def;
	const struct ui_verb *verb;
	char word[32], err[256];
	const char *rest;
	size_t n;
	int rc;

	line += strspn(line, " \t");
	n = strcspn(line, " \t");
	if (n == 0)
		return 0;
	snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), line);
	rest = line + n;
	rest += strspn(rest, " \t");
	def = command_find(word, err, sizeof err);
	if (!def && !command_name_match(word, 0) && (verb = ui_verb_find(word, err, sizeof err)))
		return ui_verb_run(ui, verb, rest);
	if (def && !ui->replace_confirmed && asks_first(ui, def, line, rest))
		return 0;
	rc = command_execute(ui->ctl, line, &res);
	apply_result(ui, &res);
	command_result_free(&res);
	engine_step(ui);
	return rc;
}

static void run_key_command(struct ui *ui, const char *cmd)
{
	char line[300], sq[SQUARE_NAME_LEN];
	const char *at = strstr(cmd, "{square}");

	if (at) {
		snprintf(line, sizeof line, "%.*s%s%s", (int)(at - cmd), cmd,
			 ui_square_name(ui, ui_cursor_square(ui), sq), at + strlen("{square}"));
		cmd = line;
	}
	ui_execute(ui, cmd);
}

static void popup_key(struct ui *ui, int key)
{
	int page = ui->lay.rows - 4;

	switch (key) {
	case KEY_UP:
	case 'k':
		ui->popup_top--;
		break;
	case KEY_DOWN:
	case 'j':
		ui->popup_top++;
		break;
	case KEY_PPAGE:
	case 'b':
		ui->popup_top -= page;
		break;
	case KEY_NPAGE:
	case ' ':
		ui->popup_top += page;
		break;
	case KEY_HOME:
	case 'g':
		ui->popup_top = 0;
		break;
	case KEY_END:
	case 'G':
		ui->popup_top = ui->popup_lines;
		break;
	default:
		free(ui->popup);
		ui->popup = NULL;
		break;
	}
	ui->redraw |= UI_PART_ALL;
}

static void mouse_key(struct ui *ui)
{
	MEVENT ev;
	int sq;

	if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
		return;
	sq = ui_square_at(ui, ev.y, ev.x);
	if (sq < 0)
		return;
	ui->cursor = sq;
	run_key_command(ui, "select");
}

/* Ctrl-C on the board (the key, or SIGINT): stops the engine when it
   thinks, else asks whether to quit (as `quit` does when the game is not
   saved), so that it is never silently ignored. */
void ui_interrupt(struct ui *ui)
{
	if (controller_engine_busy(ui->ctl)) {
		ui_execute(ui, "stop");
		ui_set_message(ui, false, "Ctrl-C stopped the engine; q quits");
	} else if (controller_unsaved(ui->ctl)) {
		ui_execute(ui, "quit");
	} else {
		confirm_first(ui, "quit", " Ctrl-C: quit? (y/n)", "Not quitting: q quits.");
	}
}

static void handle_key(struct ui *ui, int key, int meta)
{
	const char *cmd;

	if (key == KEY_RESIZE) {
		ui_layout_update(ui);
		ui->redraw |= UI_PART_ALL;
		return;
	}
	if (ui->confirm_line[0]) {
		char line[sizeof ui->confirm_line];
		snprintf(line, sizeof line, "%s", ui->confirm_line);
		ui->confirm_line[0] = '\0';
		if (key == 'y' || key == 'Y') {
			ui->replace_confirmed = true;
			ui_execute(ui, line);
			ui->replace_confirmed = false;
		} else {
			ui_set_message(ui, false, "%s", ui->confirm_kept);
		}
		ui->redraw |= UI_PART_BAR | UI_PART_STATUS;
		return;
	}
	if (ui->confirm_quit) {
		ui->confirm_quit = false;
		if (key == 'y' || key == 'Y')
			ui->quit = true;
		else
			ui_set_message(ui, false, "Not quitting. `save` keeps the game in a slot.");
		ui->redraw |= UI_PART_BAR | UI_PART_STATUS;
		return;
	}
	if (ui->lay.too_small) {
		if (key == 'q')
			ui_execute(ui, "quit");
		return;
	}
	if (ui->popup) {
		popup_key(ui, key);
		return;
	}
	if (cmdbar_is_open()) {
		enum cmdbar_status st = meta >= 0 ? cmdbar_meta_key(meta) : cmdbar_key(key);
		ui->redraw |= UI_PART_BAR | UI_PART_STATUS; /* the line, and its completions */
		if (st == CMDBAR_LINE) {
			char *line = cmdbar_take_line();
			ui->message[0] = '\0';
			if (line)
				ui_execute(ui, line);
			free(line);
		}
		return;
	}
	if (key == KEY_MOUSE) {
		mouse_key(ui);
		return;
	}
	cmd = ui_keys_lookup(ui, key);
	if (ui->message[0] && !ui->message_error) {
		ui->message[0] = '\0';
		ui->redraw |= UI_PART_STATUS;
	}
	if (!cmd) {
		ui_set_message(ui, false, "%s is not bound: F1 or `help keys` lists the keys",
			       keyname(key) ? keyname(key) : "this key");
		return;
	}
	ui->message[0] = '\0';
	ui->redraw |= UI_PART_STATUS;
	if (strncmp(cmd, "column ", 7) != 0 && strncmp(cmd, "row ", 4) != 0)
		ui->typed_column = 0; /* a square's name was not going on */
	run_key_command(ui, cmd);
}

/* Takes one event of the controller into the screen: the engine's live lines, the message,
   and the parts its changes name to redraw. */
void ui_event(struct ui *ui, const struct ctl_event *ev)
{
	switch (ev->kind) {
	case CTL_EVENT_PROGRESS:
		if (ui->n_live == UI_LIVE_MAX) {
			memmove(ui->live, ui->live + 1, sizeof ui->live[0] * (UI_LIVE_MAX - 1));
			ui->n_live--;
		}
		ui->live[ui->n_live++] = ev->progress;
		break;
	case CTL_EVENT_MOVE_PLAYED:
	case CTL_EVENT_HINTS_READY:
	case CTL_EVENT_NET:
		ui->moves_follow = true;
		ui->n_live = 0;
		break;
	case CTL_EVENT_ANALYSIS_PROGRESS:
		ui_set_message(ui, false, "Analysing: %d/%d positions", ev->progress.done,
			       ev->progress.total);
		break;
	case CTL_EVENT_ANALYSIS_DONE:
	case CTL_EVENT_ERROR:
	case CTL_EVENT_NOTICE:
		break;
	}
	if (ev->message[0])
		ui_set_message(ui, ev->kind == CTL_EVENT_ERROR, "%s", ev->message);
	ui_changed(ui, ev->changes);
	thinking_update(ui);
	if (ev->kind == CTL_EVENT_MOVE_PLAYED)
		engine_step(ui); /* the overlay, for the person to move next */
}

/* $XDG_DATA_HOME/othello-master/history (or under ~/.local/share), with its
   directory created; false when there is no home. */
static bool history_path(char *out, size_t len)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char dir[4096];

	if (xdg && xdg[0] == '/')
		snprintf(dir, sizeof dir, "%s/othello-master", xdg);
	else if (home && home[0])
		snprintf(dir, sizeof dir, "%s/.local/share/othello-master", home);
	else
		return false;
	for (char *p = dir + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0755);
			*p = '/';
		}
	}
	mkdir(dir, 0755);
	return snprintf(out, len, "%s/history", dir) < (int)len;
}

static void timing_note(const struct ui *ui, const char *what, double seconds)
{
	FILE *f;

	if (!ui->opt.timing_file)
		return;
	f = fopen(ui->opt.timing_file, "a");
	if (!f)
		return;
	fprintf(f, "%s %.3f ms\n", what, seconds * 1000);
	fclose(f);
}

/* After an Esc: the key it starts (see ui_keys_escape), in *key and *meta
   (Alt+key in the command bar); false when it was a sequence to drop. */
static bool read_escape(struct ui *ui, int *key, int *meta)
{
	char seq[32];
	int next = ERR, k = ui_keys_escape(&next, seq, sizeof seq);

	if (k == -1) {
		ui_set_message(ui, false, "ignored a key this terminal sent as Esc %s", seq);
		return false;
	}
	if (k != -2)
		*key = k;
	else if (cmdbar_is_open() && !ui->popup && !ui->confirm_quit)
		*meta = next;
	else
		ungetch(next); /* Esc, then that key */
	return true;
}

/* Reads every key waiting; Esc followed at once by a key is Alt+key, and an
   escape sequence curses does not know is read whole (read_escape). */
static void read_keys(struct ui *ui)
{
	int key;

	while (!ui->quit && (key = getch()) != ERR) {
		double start = timer_now();
		int meta = -1;
		if (key == 27 && !read_escape(ui, &key, &meta)) {
			ui_draw(ui);
			continue;
		}
		handle_key(ui, key, meta);
		if (ui->redraw && !ui->quit) {
			ui_draw(ui);
			if (ui->opt.debug_timing)
				timing_note(ui, "key", timer_now() - start);
		}
	}
}

/* Reads the signals the handlers queued; true when the terminal is gone or
   the program must stop, with the signal in *stopped_by. */
static bool read_signals(struct ui *ui, int *stopped_by)
{
	unsigned char sigs[32];
	ssize_t n;
	bool stop = false;

	while ((n = ui_term_signals(sigs, (int)sizeof sigs)) > 0) {
		for (ssize_t i = 0; i < n; i++) {
			switch (sigs[i]) {
			case SIGWINCH:
				ui_resize(ui);
				break;
			case SIGINT: /* as the key Ctrl-C */
				handle_key(ui, 3, -1);
				break;
			default: /* SIGHUP, SIGTERM, SIGQUIT */
				*stopped_by = sigs[i];
				stop = true;
				break;
			}
		}
	}
	return stop;
}

/* Stops the engine and, if the game is not saved, writes the autosave
   (controller_autosave): 0, or -1 when it failed everywhere; `msg` gets what
   to say once curses has ended ("" for nothing). */
static int autosave(struct controller *ctl, char *msg, size_t len)
{
	char path[4096];

	controller_stop(ctl);
	if (!controller_unsaved(ctl))
		return 0;
	return controller_autosave(ctl, path, sizeof path, msg, len) < 0 ? -1 : 0;
}

/* Opens the game of --load SLOT or FILE as `load` does (played on at its end
   when it goes on and this program saved it, else studied from its start);
   the players named on the command line then take their turns from its end.
   The message says which it is and how to switch. */
static void open_loaded(struct ui *ui)
{
	const char *named[2] = {ui->opt.black, ui->opt.white};
	char line[4200], what[sizeof ui->message], note[200];

	snprintf(line, sizeof line, "load \"%s\"", ui->opt.load);
	if (ui_execute(ui, line) < 0 || (!named[BLACK] && !named[WHITE]))
		return;
	snprintf(what, sizeof what, "%.*s", (int)strcspn(ui->message, ";"), ui->message);
	for (int c = BLACK; c <= WHITE; c++) {
		if (!named[c])
			continue;
		snprintf(line, sizeof line, "%s %s", c == BLACK ? "black" : "white", named[c]);
		if (ui_execute(ui, line) < 0)
			return; /* its message says why */
	}
	ui_execute(ui, "last");
	controller_mode_note(ui->ctl, note, sizeof note);
	ui_set_message(ui, false, "%s; %s", what, note);
}

/* The screen's state for `ctl` with options `opt`, before the terminal is
   taken. */
static void ui_init(struct ui *ui, struct controller *ctl, const struct ui_options *opt)
{
	const char *codeset = nl_langinfo(CODESET);

	memset(ui, 0, sizeof *ui);
	ui->ctl = ctl;
	ui->opt = *opt;
	ui->cursor = -1; /* ui_cursor_square puts it at the centre of the game's board */
	ui->moves_follow = true;
	ui->ended_ply = -1;
	ui->redraw = UI_PART_ALL;
	ui->utf8 = !opt->ascii && codeset && strcmp(codeset, "UTF-8") == 0;
}

/* The opening names (openings/names.txt of the data directory), or NULL
   when there are none. */
static struct openings *load_openings(void)
{
	struct openings *names = NULL;
	char path[4096], err[256];
	FILE *f = datadir_open("openings/names.txt", path, sizeof path, err, sizeof err);

	if (f) {
		names = openings_load(f, path, err, sizeof err);
		fclose(f);
	}
	return names;
}

/* Opens the screen for `ctl`: takes the terminal (term.c), loads the opening
   names and the command bar's history, opens the game --load names, says
   what the player should know first, and draws the first screen. 0, or -1
   with the message on stderr when the terminal cannot be had (nothing is
   then left to close). */
static int ui_open(struct ui *ui, struct controller *ctl, const struct ui_options *opt)
{
	char err[256], hist[4200];
	bool have_hist;
	double entered = timer_now();

	ui_init(ui, ctl, opt);
	if (ui_term_open(ui, err, sizeof err) < 0) {
		fprintf(stderr, "othello: %s\n", err);
		return -1;
	}
	ui->openings = load_openings();
	have_hist = history_path(hist, sizeof hist);
	if (cmdbar_init(have_hist ? hist : NULL, ui_complete, ui, err, sizeof err) < 0)
		ui_set_message(ui, true, "command bar: %s", err);
	ui_layout_update(ui);
	if (opt->load)
		open_loaded(ui);
	else if (controller_autosave_offer(ctl))
		ui_set_message(ui, false,
			       "A game was saved when the program last stopped: `load autosave` "
			       "plays it on");
	if (controller_eval_note(ctl)[0] || controller_book_note(ctl)[0])
		ui_set_message(ui, true, "%s%s%s", controller_eval_note(ctl),
			       controller_eval_note(ctl)[0] && controller_book_note(ctl)[0] ? "; "
											    : "",
			       controller_book_note(ctl));
	if (opt->notice)
		ui_set_message(ui, true, "%s", opt->notice);
	engine_step(ui);
	ui_draw(ui);
	if (opt->debug_timing) {
		timing_note(ui, "first-screen", timer_now() - opt->start_time);
		timing_note(ui, "screen-setup", timer_now() - entered);
	}
	return 0;
}

/* A game server's part of the loop (othello join): a player who left, with the time they
   have to come back ticking down in the status line (unless another message is there), the
   lobby asked for while it shows (again every five seconds: the games' moves and clocks),
   and a lost connection made again every two seconds. */
static void net_tick(struct ui *ui)
{
	char text[256], err[256];

	if (controller_net_away(ui->ctl, text, sizeof text) &&
	    (!ui->message[0] || strstr(ui->message, " to come back")))
		ui_set_message(ui, false, "%s", text);
	if (ui_lobby_shown(ui))
		controller_lobby_follow(ui->ctl, 5); /* the lists, again: the games' clocks */
	if (controller_net_lost(ui->ctl) && timer_now() - ui->net_tried >= 2) {
		ui->net_tried = timer_now();
		if (controller_net_reconnect(ui->ctl, err, sizeof err) == 0)
			ui_set_message(ui, false, "connected to the server again");
		else
			ui_set_message(ui, true, "the server: %s (trying again)", err);
	}
}

/* The main loop: waits in poll() on the terminal, the signal pipe and the
   controller's events, and handles what comes, until `quit` or until a
   signal or the terminal's hang-up stops it. Returns that signal, or 0 after
   `quit` (ui->quit set) or a failed poll (ui->quit not set). */
enum { UI_EVENT_FDS = 4 }; /* the controller's event fds polled at most */

static int ui_loop(struct ui *ui)
{
	struct controller *ctl = ui->ctl;
	int stopped_by = 0;

	while (!ui->quit) {
		struct pollfd fds[2 + UI_EVENT_FDS] = {
		    {STDIN_FILENO, POLLIN, 0},
		    {ui_term_signal_fd(), POLLIN, 0},
		};
		int events[UI_EVENT_FDS], n = controller_event_fds(ctl, events, UI_EVENT_FDS);
		struct ctl_event ev;
		int timeout = ui->thinking ? 250 : 1000;
		double held = controller_step_wait(ctl); /* an engine move the delay holds */

		if (held >= 0 && held * 1000 < timeout)
			timeout = (int)(held * 1000) + 1;
		for (int i = 0; i < n; i++)
			fds[2 + i] = (struct pollfd){events[i], POLLIN, 0};

		announce_end(ui);
		if (ui->redraw)
			ui_draw(ui);
		if (poll(fds, (nfds_t)(2 + n), timeout) < 0 && errno != EINTR)
			break;
		if (read_signals(ui, &stopped_by))
			break;
		while (controller_poll_event(ctl, &ev))
			ui_event(ui, &ev);
		if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
			stopped_by = SIGHUP;
			break;
		}
		if (fds[0].revents & POLLIN)
			read_keys(ui);
		if (controller_step_wait(ctl) == 0)
			engine_step(ui); /* the delay between engine moves has passed */
		net_tick(ui);
		/* Clocks and the thinking time tick on the screen. */
		if (!ui->lay.too_small && (ui->thinking || controller_mode(ctl) == MODE_PLAY))
			ui->redraw |= UI_PART_HEADER | (ui->thinking ? UI_PART_EVAL : 0);
	}
	return stopped_by;
}

/* Closes the screen after ui_loop stopped (by signal `stopped_by`, or 0):
   writes the autosave unless the player quit, frees what the screen holds,
   gives the terminal and the signals back, and only then says what the
   autosave did (stderr is the terminal again, or wherever it was
   redirected). Returns the exit status (see ui_run). */
static int ui_close(struct ui *ui, int stopped_by)
{
	char autosave_msg[2048] = "";
	int status = 0;

	if (stopped_by || !ui->quit) {
		status = 128 + (stopped_by ? stopped_by : SIGHUP);
		if (autosave(ui->ctl, autosave_msg, sizeof autosave_msg) < 0)
			status = 1;
	}
	cmdbar_free();
	ui_dbpanel_free(ui);
	free(ui->popup);
	openings_free(ui->openings);
	ui_term_close(ui);
	if (autosave_msg[0])
		fprintf(stderr, "othello: %s\n", autosave_msg);
	return status;
}

/* Runs the terminal game on `ctl` until the user quits or the terminal goes
   away. Returns the exit status: 0 after `quit`; 128 + the signal's number
   when SIGHUP, SIGTERM or SIGQUIT (or the terminal hanging up: SIGHUP)
   stopped it, after the autosave; 1 when the terminal could not be set up
   or the autosave failed (message on stderr, after curses has ended). The
   terminal is restored in every case. */
int ui_run(struct controller *ctl, const struct ui_options *opt)
{
	struct ui ui;

	if (ui_open(&ui, ctl, opt) < 0)
		return 1;
	return ui_close(&ui, ui_loop(&ui));
}
