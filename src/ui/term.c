/*
 * term.c — the terminal the screen runs in: curses set up and given back,
 * and the signals the main loop hears (struct ui_term).
 *
 * A signal handler does no more than write the signal's number, one byte, to
 * a self-pipe (SIGWINCH, SIGHUP, SIGTERM, SIGINT, SIGQUIT); the main loop
 * polls the pipe's read end (ui_term_signals) and acts on what it reads.
 * The pipe is this file's one global, because a handler is handed nothing
 * else. Fatal signals (SIGSEGV ...) end curses, so that the terminal is
 * usable again, and then die as they would have.
 */
#include "ui.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int signal_pipe[2] = {-1, -1}; /* read end, write end; -1 when closed */

static void on_signal(int sig)
{
	int saved = errno;
	unsigned char c = (unsigned char)sig;

	if (write(signal_pipe[1], &c, 1) < 0) {
		/* The pipe is full: the loop has signals to read already. */
	}
	errno = saved;
}

static void on_fatal(int sig)
{
	endwin();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void signals_install(void)
{
	static const int caught[] = {SIGWINCH, SIGHUP, SIGTERM, SIGINT, SIGQUIT};
	static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++)
		sigaction(caught[i], &sa, NULL);
	sa.sa_handler = on_fatal;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		sigaction(fatal[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static void signals_restore(void)
{
	static const int all[] = {SIGWINCH, SIGHUP, SIGTERM, SIGINT,  SIGQUIT, SIGSEGV,
				  SIGBUS,   SIGFPE, SIGILL,  SIGABRT, SIGPIPE};

	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		signal(all[i], SIG_DFL);
}

/* The mouse events the screen asks for. The release of the button is among
   them although a press is what plays: when the terminal reports a release
   that the mask leaves out, ncurses reads on for an event it may return and
   its getch() blocks in spite of nodelay, so that the screen froze after a
   click (no engine progress, no clocks) until the next key. */
#define MOUSE_EVENTS (BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED)

/* Takes the terminal: newterm on stdin and stdout, keys read raw and without
   waiting, colours and (with --mouse) clicks. 0, or -1 with a message. */
static int terminal_open(struct ui *ui, char *err, size_t errlen)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, errlen, "the game needs a terminal (try `othello --help`)");
		return -1;
	}
	ui->term.screen = newterm(NULL, stdout, stdin);
	if (!ui->term.screen) {
		snprintf(err, errlen, "cannot use the terminal (TERM=%s)",
			 getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	ui_colors_init(ui);
	if (ui->opt.mouse && mousemask(MOUSE_EVENTS, NULL) != 0) {
		mouseinterval(0);
		ui->mouse = true;
	}
	return 0;
}

static void pipe_close(void)
{
	close(signal_pipe[0]);
	close(signal_pipe[1]);
	signal_pipe[0] = signal_pipe[1] = -1;
}

/* Takes the terminal for the screen `ui` and starts hearing signals: the
   self-pipe, then curses (terminal_open), then the handlers. 0, or -1 with
   a message (nothing is left taken). */
int ui_term_open(struct ui *ui, char *err, size_t errlen)
{
	ui->term.screen = NULL;
	if (pipe(signal_pipe) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
		fcntl(signal_pipe[i], F_SETFD, FD_CLOEXEC);
	}
	if (terminal_open(ui, err, errlen) < 0) {
		pipe_close();
		return -1;
	}
	signals_install();
	return 0;
}

/* The descriptor the main loop polls for signals (the pipe's read end). */
int ui_term_signal_fd(void)
{
	return signal_pipe[0];
}

/* Reads up to `max` queued signal numbers into sigs without waiting: how
   many (0 when none is queued). */
int ui_term_signals(unsigned char *sigs, int max)
{
	ssize_t n = read(signal_pipe[0], sigs, (size_t)max);

	return n > 0 ? (int)n : 0;
}

/* Gives the terminal back (cursor shown, curses ended) and the signals their
   default handling; closes the self-pipe. */
void ui_term_close(struct ui *ui)
{
	curs_set(1);
	endwin();
	delscreen(ui->term.screen);
	ui->term.screen = NULL;
	signals_restore();
	pipe_close();
}
