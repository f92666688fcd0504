/*
 * cli-join.c — `othello join [SOCKET|HOST:PORT]`: a player (or a watcher) at
 * the game server (doc/protocol.md).
 *
 * On a terminal it is the game's screen (ui.c) with the server as the other
 * player: the controller holds the connection (controller-net.c) and the
 * board follows the server's game. With --script FILE|- (or when standard
 * input is not a terminal) it runs the same commands one per line, and prints
 * every line of the server as one line: a line typed is echoed "> LINE", the
 * server's lines as they come, "note: ..." for what the client did itself
 * (a game saved, the connection made again) and "error: ..." for a command
 * refused here or by the server (also on stderr as "othello join: FILE:LINE:
 * ..."). Each command waits for the server's reply before the next line runs;
 * a move (a square) waits until it is the user's turn in their game, or that
 * game has ended; at the end of the script it waits until the game played or
 * watched has ended, then says `quit`. When the game on the board ends, its
 * record is saved in the user's slots and its last position printed.
 *
 * With --bot [NAME=]PLAYER it is a bot at the server instead (src/net/bot.c):
 * it accepts every challenge and plays with one of our levels or an external
 * engine.
 */
#include "cli-options.h"
#include "cli.h"

#include "bot.h"
#include "command.h"
#include "controller.h"
#include "netconn.h"
#include "netgame.h"
#include "proto.h"
#include "timer.h"
#include "ui.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { JOIN_LINE_MAX = PROTO_LINE_MAX };

/* The options of `othello join`. */
struct join_options {
	const char *name;      /* --name NAME */
	const char *token;     /* --token LOGIN:SECRET */
	const char *script;    /* --script FILE|- */
	const char *bot;       /* --bot [NAME=]PLAYER */
	const char *eval_spec; /* --eval SPEC */
	const char *save_dir;  /* --save-dir DIR */
	double timeout;	       /* --timeout S: connecting */
	double reconnect;      /* --reconnect S: a script's tries after a drop, -1 = 60 */
	bool ascii;	       /* --ascii */
	bool no_color;	       /* --no-color */
	bool no_mouse;	       /* --no-mouse */
};

static const struct cli_options join_options = {
    .command = "join",
    .usage = "usage: othello join [OPTIONS] [SOCKET|HOST:PORT]\n"
	     "Play or watch at a game server (`othello serve`): the game's screen with the\n"
	     "server as the other player; with --script (or input that is not a terminal)\n"
	     "the commands one a line, each line of the server printed; with --bot a bot.\n"
	     "The default server is $OTHELLO_SOCKET, else the socket `othello serve` makes\n"
	     "by default (then /run/othello/socket).\n\n",
    .footer = "\nExit status: 0, 1 if a command failed or the connection was lost, 2 bad\n"
	      "usage. `help` in the game lists the server's commands (who, games,\n"
	      "challenge, accept, watch, say ...).\n",
    .column = 26,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("name", 'n', offsetof(struct join_options, name), "NAME",
		       "your handle at the server (default: your login)"),
	    CLI_STRING("script", 0, offsetof(struct join_options, script), "FILE|-",
		       "run the commands of FILE (- : standard input)"),
	    CLI_STRING("bot", 0, offsetof(struct join_options, bot), "[NAME=]PLAYER",
		       "be a bot: a level or engine:COMMAND that takes\nevery challenge"),
	    CLI_STRING("token", 0, offsetof(struct join_options, token), "LOGIN:SECRET",
		       "your token, for TCP from another host"),
	    CLI_STRING("save-dir", 's', offsetof(struct join_options, save_dir), "DIR",
		       "where finished games are saved (default\n$OTHELLO_SAVE_DIR, "
		       "~/.local/share/othello-master/saves)"),
	    CLI_STRING("eval", 0, offsetof(struct join_options, eval_spec), "SPEC",
		       "the evaluation of your engine (watching, after\na game) or of the bot"),
	    CLI_NUMBER("timeout", 0, offsetof(struct join_options, timeout), "S",
		       "seconds to connect and say hello (10)"),
	    CLI_NUMBER("reconnect", 0, offsetof(struct join_options, reconnect), "S",
		       "a script tries to connect again for S seconds\nafter a drop (60; 0: "
		       "stop)"),
	    CLI_FLAG("ascii", 'a', offsetof(struct join_options, ascii),
		     "ASCII discs and lines on the screen"),
	    CLI_FLAG("no-color", 0, offsetof(struct join_options, no_color), "no colours"),
	    CLI_FLAG("no-mouse", 0, offsetof(struct join_options, no_mouse),
		     "do not ask the terminal for mouse clicks"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* The signal that stops a script, 0 while none (a handler has no context). */
static volatile sig_atomic_t join_signal;

static void on_signal(int sig)
{
	join_signal = sig;
}

/* One run of a script. */
struct join_run {
	struct controller *ctl; /* holds the connection */
	const char *name;	/* the script's name, "-" for standard input */
	long line;		/* the line that runs, 0 before the first */
	double reconnect;	/* seconds to try to connect again after a drop */
	double lost_at;		/* timer_now() when the connection was lost, 0 while it is on */
	double tried_at;	/* the last try to connect again */
	int status;		/* 0, or 1 once something failed */
	long shown_over;	/* the last game whose end was printed */
};

/* A failure: "error: MESSAGE" on standard output, and on standard error with where. */
static void join_error(struct join_run *run, const char *message)
{
	printf("error: %s\n", message);
	fflush(stdout);
	if (run->line > 0)
		fprintf(stderr, "othello join: %s:%ld: %s\n", run->name, run->line, message);
	else
		fprintf(stderr, "othello join: %s\n", message);
	run->status = 1;
}

/* When the game on the board has just ended: its last position. */
static void show_end(struct join_run *run)
{
	const struct netgame *g = controller_net_game(run->ctl);
	char *board;

	if (!g || g->state != NETGAME_OVER || g->id == run->shown_over)
		return;
	run->shown_over = g->id;
	board = controller_board_text(run->ctl);
	printf("game %ld over: %s (%s)\n", g->id, g->result, g->reason);
	if (board)
		fputs(board, stdout);
	free(board);
}

/* Prints the events waiting, one line each. */
static void drain(struct join_run *run)
{
	struct ctl_event ev;

	while (controller_poll_event(run->ctl, &ev)) {
		switch (ev.kind) {
		case CTL_EVENT_NET: {
			const char *line = controller_net_line(run->ctl);

			printf("%s\n", line);
			if (strncmp(line, "error ", 6) == 0)
				join_error(run, line);
			break;
		}
		case CTL_EVENT_NOTICE:
			printf("note: %s\n", ev.message);
			break;
		case CTL_EVENT_ERROR:
			join_error(run, ev.message);
			break;
		default:
			break;
		}
		show_end(run);
	}
	fflush(stdout);
}

/* After a drop: tries to connect again every half second for run->reconnect seconds. False
   once that time is over (the run stops). */
static bool come_back(struct join_run *run)
{
	double now = timer_now();
	char err[256];

	if (controller_net_connected(run->ctl)) {
		run->lost_at = 0;
		return true;
	}
	if (!run->lost_at)
		run->lost_at = now;
	if (now - run->lost_at > run->reconnect)
		return false;
	if (now - run->tried_at < 0.5)
		return true;
	run->tried_at = now;
	if (controller_net_reconnect(run->ctl, err, sizeof err) == 0) {
		printf("note: connected again\n");
		run->lost_at = 0;
	}
	return true;
}

/* Waits, printing the server's lines, until `done(ctl)` holds; false when the connection is
   lost for good or a signal came. */
static bool wait_for(struct join_run *run, bool (*done)(const struct controller *))
{
	for (;;) {
		int fds[4], n;
		struct pollfd p[4];

		drain(run);
		if (done(run->ctl))
			return true;
		if (join_signal || !come_back(run))
			return false;
		n = controller_event_fds(run->ctl, fds, 4);
		for (int i = 0; i < n; i++)
			p[i] = (struct pollfd){fds[i], POLLIN, 0};
		if (poll(p, (nfds_t)n, 100) < 0 && errno != EINTR)
			return false;
	}
}

/* The conditions a script waits for. */
static bool answered(const struct controller *ctl)
{
	return controller_net_unanswered(ctl) == 0;
}

/* A move may go: it is the user's turn, or the game on the board has ended. */
static bool may_move(const struct controller *ctl)
{
	const struct netgame *g = controller_net_game(ctl);

	return controller_net_to_move(ctl) || (g && g->state == NETGAME_OVER);
}

/* The script may end: no game on the board goes on (played or watched). */
static bool settled(const struct controller *ctl)
{
	const struct netgame *g = controller_net_game(ctl);

	return answered(ctl) && (!g || g->state == NETGAME_OVER);
}

/* True when the line is a move: a square (or a run of them) or `move ...`. */
static bool is_move(const char *line)
{
	char word[16];
	size_t n;

	line += strspn(line, " \t");
	n = strcspn(line, " \t");
	if (n >= sizeof word)
		return false;
	memcpy(word, line, n);
	word[n] = '\0';
	return strcmp(word, "move") == 0 || (n >= 2 && proto_square_parse(word) >= 0) ||
	       (n % 2 == 0 && n > 2 && proto_square_parse((char[]){word[0], word[1], 0}) >= 0);
}

/* Runs one line of the script. False when it was `quit`, or the run must stop. */
static bool run_line(struct join_run *run, const char *line)
{
	struct command_result res;
	bool go_on = true;

	printf("> %s\n", line);
	if (is_move(line) && !wait_for(run, may_move))
		return false;
	if (command_execute(run->ctl, line, &res) < 0)
		join_error(run, res.message);
	if (res.output)
		fputs(res.output, stdout);
	if (res.flags & CMD_QUIT)
		go_on = false;
	command_result_free(&res);
	if (go_on && !wait_for(run, answered))
		return false;
	return go_on;
}

/* Says `quit` to the server and reads until it closes (a second at most). */
static void leave(struct join_run *run)
{
	static const char *const quit[] = {"quit"};
	char err[256];
	double until = timer_now() + 1;

	if (!controller_net_connected(run->ctl) ||
	    controller_net_send(run->ctl, 1, quit, err, sizeof err) < 0)
		return;
	run->reconnect = 0;
	while (controller_net_connected(run->ctl) && timer_now() < until) {
		struct ctl_event ev;

		while (controller_poll_event(run->ctl, &ev))
			if (ev.kind == CTL_EVENT_NET)
				printf("%s\n", controller_net_line(run->ctl));
		usleep(10000);
	}
	fflush(stdout);
}

/* The script's input, read with read(2) so that the server's lines are printed while the
   next line has not come (a pipe typed into). */
struct script_in {
	int fd;				 /* the script */
	char buf[2 * JOIN_LINE_MAX + 2]; /* what was read and not yet taken */
	size_t len;			 /* bytes in buf */
	bool eof;			 /* the end was read */
};

/*
 * The next line of the script (its LF dropped) into line; printing the
 * server's lines while it waits. 1, 0 at the end, -1 with errno for a read
 * error, -2 for a line too long, -3 when the run must stop (a signal, the
 * connection lost for good).
 */
static int next_line(struct join_run *run, struct script_in *in, char *line)
{
	for (;;) {
		char *nl = memchr(in->buf, '\n', in->len);
		size_t n = nl ? (size_t)(nl - in->buf) : in->len;
		int fds[4], k;
		struct pollfd p[5];
		ssize_t got;

		if (nl || (in->eof && in->len)) {
			if (n > JOIN_LINE_MAX)
				return -2;
			memcpy(line, in->buf, n);
			line[n] = '\0';
			n += nl ? 1 : 0;
			memmove(in->buf, in->buf + n, in->len - n);
			in->len -= n;
			return 1;
		}
		if (in->eof)
			return 0;
		if (in->len > JOIN_LINE_MAX)
			return -2;
		drain(run);
		if (join_signal || !come_back(run))
			return -3;
		p[0] = (struct pollfd){in->fd, POLLIN, 0};
		k = controller_event_fds(run->ctl, fds, 4);
		for (int i = 0; i < k; i++)
			p[1 + i] = (struct pollfd){fds[i], POLLIN, 0};
		if (poll(p, (nfds_t)(1 + k), 100) < 0 && errno != EINTR)
			return -1;
		if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		got = read(in->fd, in->buf + in->len, sizeof in->buf - in->len);
		if (got < 0 && errno != EINTR && errno != EAGAIN)
			return -1;
		if (got == 0)
			in->eof = true;
		if (got > 0)
			in->len += (size_t)got;
	}
}

/* The script mode (see the file comment); the exit status. */
static int run_script(struct join_run *run, int fd)
{
	struct script_in *in = calloc(1, sizeof *in);
	char *line = malloc(JOIN_LINE_MAX + 1);
	bool quit = false;

	if (!line || !in) {
		free(line);
		free(in);
		fprintf(stderr, "othello join: out of memory\n");
		return 1;
	}
	in->fd = fd;
	wait_for(run, answered);
	while (!join_signal && !quit) {
		int rc = next_line(run, in, line);

		if (rc == 0 || rc == -3)
			break;
		run->line++;
		if (rc < 0) {
			fprintf(stderr, "othello join: %s:%ld: %s\n", run->name, run->line,
				rc == -1 ? strerror(errno) : "line too long");
			free(line);
			free(in);
			return 2;
		}
		if (!line[strspn(line, " \t")] || line[strspn(line, " \t")] == '#')
			continue;
		if (!run_line(run, line))
			quit = true;
	}
	free(line);
	free(in);
	if (!quit && !join_signal && !wait_for(run, settled))
		run->status = 1;
	if (join_signal || !controller_net_connected(run->ctl))
		run->status = 1;
	leave(run);
	return run->status;
}

/* `othello join --bot [NAME=]PLAYER`. */
static int run_bot(const struct join_options *jo, const char *where)
{
	struct bot_options bo = {
	    .where = where,
	    .spec = jo->bot,
	    .token = jo->token,
	    .eval_spec = jo->eval_spec,
	    .reconnect = true,
	    .log = stderr,
	};
	char err[1024];

	if (bot_run(&bo, err, sizeof err) < 0) {
		fprintf(stderr, "othello join: %s\n", err);
		return 1;
	}
	return 0;
}

/* `othello join`: see the file comment. */
int cli_join(int argc, char **argv)
{
	struct join_options jo = {.reconnect = -1};
	struct netconn_options no = {0};
	struct controller_options copt;
	struct controller *ctl;
	struct netconn *conn;
	const char *where = NULL, *no_color = getenv("NO_COLOR");
	char err[1024];
	int first, status;
	bool screen;

	if ((status = cli_options_parse(&join_options, argc, argv, &jo, &first)) >= 0)
		return status;
	if (first + 1 < argc) {
		fprintf(stderr, "othello join: one server at most ('%s' is one too many)\n",
			argv[first + 1]);
		return 2;
	}
	if (first < argc)
		where = argv[first];
	if (jo.name && !proto_name_valid(jo.name)) {
		fprintf(stderr,
			"othello join: --name: '%s' is not a name (1 to %d of A-Z a-z 0-9 _ - ., "
			"not starting with - or .)\n",
			jo.name, PROTO_NAME_MAX);
		return 2;
	}
	if (jo.bot)
		return run_bot(&jo, where);
	screen = !jo.script && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	controller_options_default(&copt);
	copt.black = "human";
	copt.white = "human";
	copt.save_dir = jo.save_dir;
	copt.eval = jo.eval_spec;
	if (screen)
		setlocale(LC_ALL, "");
	no.where = where;
	no.name = jo.name;
	no.token = jo.token;
	no.timeout = jo.timeout > 0 ? jo.timeout : 10;
	if (!(conn = netconn_open(&no, err, sizeof err))) {
		fprintf(stderr, "othello join: %s\n", err);
		return 1;
	}
	if (!(ctl = controller_new(&copt, err, sizeof err))) {
		netconn_close(conn);
		fprintf(stderr, "othello join: %s\n", err);
		return 2;
	}
	if (controller_net_attach(ctl, conn, err, sizeof err) < 0) {
		controller_free(ctl);
		fprintf(stderr, "othello join: %s\n", err);
		return 1;
	}
	if (screen) {
		struct ui_options uopt = {
		    .color = !(no_color && no_color[0]) && !jo.no_color,
		    .mouse = !jo.no_mouse,
		    .ascii = jo.ascii,
		    .start_time = timer_now(),
		};

		controller_lobby_follow(ctl, 0); /* the screen's lobby, live from the start */
		status = ui_run(ctl, &uopt);
	} else {
		struct join_run run = {
		    .ctl = ctl,
		    .name = jo.script && strcmp(jo.script, "-") ? jo.script : "-",
		    .reconnect = jo.reconnect >= 0 ? jo.reconnect : 60,
		};
		struct sigaction sa = {.sa_handler = on_signal};
		int in = STDIN_FILENO;

		sigemptyset(&sa.sa_mask);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
		if (strcmp(run.name, "-") != 0 && (in = open(run.name, O_RDONLY | O_CLOEXEC)) < 0) {
			fprintf(stderr, "othello join: %s: %s\n", run.name, strerror(errno));
			controller_free(ctl);
			return 2;
		}
		status = run_script(&run, in);
		if (in != STDIN_FILENO)
			close(in);
	}
	controller_free(ctl);
	return status;
}
