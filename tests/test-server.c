/*
 * test-server.c — `othello serve` driven over its Unix socket and the
 * loopback by scripted clients (netconn.h) and hostile ones (raw sockets):
 * whole games with a watcher against the server's records, the seats and
 * turns it refuses, clocks, disconnects, adjournment, kill -9 and restart,
 * takebacks and the other requests, caps on lines, floods, slow readers and
 * silent peers, identities and tokens, a clean stop, a bot at the table.
 *
 * Each test starts its own server (the program in $OTHELLO) on a socket in
 * a fresh temporary directory, with short times; the server dies with the
 * test (PR_SET_PDEATHSIG, and the fixture's end kills it and removes the
 * directory), and every test is bounded by Criterion's time-out.
 */
#include "netconn.h"
#include "netgame.h"
#include "proto.h"
#include "record.h"
#include "timer.h"

#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

enum { WAIT = 5 }; /* seconds any expected line may take */

static char dir[256], sock[300], games_dir[300], logfile[300];
static char serve_words[3][16] = {"serve", "--socket", "--dir"};
static pid_t server = -1;

/* Starts the server on the test's socket and directory with more options
   (NULL-terminated), and waits until it answers. */
static void start(const char *first, ...)
{
	char *argv[40];
	int n = 0;
	va_list ap;

	argv[n++] = getenv("OTHELLO");
	argv[n++] = serve_words[0];
	argv[n++] = serve_words[1];
	argv[n++] = sock;
	argv[n++] = serve_words[2];
	argv[n++] = games_dir;
	va_start(ap, first);
	for (char *a = (char *)(uintptr_t)first; a && n < 38; a = va_arg(ap, char *))
		argv[n++] = a;
	va_end(ap);
	argv[n] = NULL;
	cr_assert_not_null(argv[0], "OTHELLO is not set");
	server = fork();
	cr_assert_geq(server, 0);
	if (server == 0) {
		int fd = open(logfile, O_WRONLY | O_CREAT | O_APPEND, 0600);

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		dup2(fd, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	for (int i = 0; i < 500; i++) {
		struct sockaddr_un sa = {.sun_family = AF_UNIX};
		int fd = socket(AF_UNIX, SOCK_STREAM, 0), ok;

		strcpy(sa.sun_path, sock);
		ok = connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0;
		close(fd);
		if (ok)
			return;
		cr_assert_eq(waitpid(server, NULL, WNOHANG), 0, "the server ended at its start");
		usleep(10000);
	}
	cr_assert_fail("the server did not answer on %s", sock);
}

/* Kills the server with sig and waits for it; its exit status. */
static int stop_server(int sig)
{
	int st = 0;

	if (server > 0) {
		kill(server, sig);
		waitpid(server, &st, 0);
	}
	server = -1;
	return st;
}

static void setup(void)
{
	snprintf(dir, sizeof dir, "%s/othello-test-server.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	cr_assert_not_null(mkdtemp(dir));
	snprintf(sock, sizeof sock, "%s/socket", dir);
	snprintf(games_dir, sizeof games_dir, "%s/games", dir);
	snprintf(logfile, sizeof logfile, "%s/log", dir);
	signal(SIGPIPE, SIG_IGN);
}

static void teardown(void)
{
	char cmd[400];

	stop_server(SIGKILL);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		cr_log_warn("could not remove %s", dir);
}

TestSuite(server, .init = setup, .fini = teardown, .timeout = 60);

/* Connects as `name`. */
static struct netconn *join(const char *name)
{
	struct netconn_options o = {.where = sock, .name = name, .timeout = WAIT};
	char err[300];
	struct netconn *c = netconn_open(&o, err, sizeof err);

	cr_assert_not_null(c, "%s: %s", name, err);
	return c;
}

/* Waits for the next message named `name` whose line holds `part` (NULL:
   any), skipping others; fails after WAIT seconds. */
static const struct netconn_msg *expect(struct netconn *c, const char *name, const char *part)
{
	double until = timer_now() + WAIT;
	char err[300];

	for (;;) {
		const struct netconn_msg *m = netconn_wait(c, until - timer_now(), err, sizeof err);
		bool match = true;

		cr_assert_not_null(m, "%s waits for '%s %s': %s", netconn_name(c), name,
				   part ? part : "", err);
		if (strcmp(m->line.word[0], name) != 0)
			continue;
		if (part) {
			match = false;
			for (int i = 1; i < m->line.argc && !match; i++)
				match = strcmp(m->line.word[i], part) == 0;
		}
		if (match)
			return m;
	}
}

/* Sends a command and returns its reply, which must be `ok`. */
static const char *ok(struct netconn *c, const char *line)
{
	static char reply[4096];
	char err[300];
	int st = netconn_call(c, line, WAIT, reply, sizeof reply, err, sizeof err);

	cr_assert_eq(st, 0, "%s: '%s': %s%s", netconn_name(c), line, st < 0 ? err : "", reply);
	return reply;
}

/* Sends a command whose reply must be `error COMMAND CODE ...`. */
static void refused(struct netconn *c, const char *line, const char *code)
{
	char reply[4096], err[300], want[64];
	int st = netconn_call(c, line, WAIT, reply, sizeof reply, err, sizeof err);

	cr_assert_eq(st, 1, "%s: '%s' was not refused: %s%s", netconn_name(c), line,
		     st < 0 ? err : "", reply);
	snprintf(want, sizeof want, " %s ", code);
	cr_assert(strstr(reply, want), "'%s': %s (not %s)", line, reply, code);
}

/* Starts a game: `black` challenges `white` with `control`, who accepts;
   both have the game's snapshot. Its number. */
static long play_game(struct netconn *black, struct netconn *white, const char *control)
{
	char line[200];
	const struct netconn_msg *m;
	long id;

	snprintf(line, sizeof line, "challenge %s %s black", netconn_name(white), control);
	ok(black, line);
	expect(white, "offer", "open");
	ok(white, "accept");
	m = expect(black, "snapshot", NULL);
	id = m->game->id;
	expect(white, "snapshot", NULL);
	return id;
}

/* The first legal move of the game's position (a square). */
static int first_move(const struct netgame *g)
{
	for (int sq = 0; sq < 64; sq++)
		if (netgame_legal(g, sq))
			return sq;
	cr_assert_fail("no legal move");
	return -1;
}

/* The player whose turn it is plays its first legal move; both mirrors move. */
static void play_one(struct netconn *p[2], long id)
{
	struct netgame *g = netconn_game(p[0], id);
	char line[32], sq[4];
	int side = g->turn;
	int before = g->n_moves;

	snprintf(line, sizeof line, "move %s", proto_square_name(first_move(g), sq));
	ok(p[side], line);
	while (netconn_game(p[!side], id)->n_moves <= before)
		expect(p[!side], "update", "move");
	/* the passes the server made follow at once */
	while (netconn_game(p[side], id)->n_moves < netconn_game(p[!side], id)->n_moves)
		expect(p[side], "update", "move");
}

/* Reads a file of the test's directory into a malloc'd string. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	cr_assert_not_null(f, "%s: %s", path, strerror(errno));
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* The server's record of game id in a format, read back. */
static struct game *server_record(long id, const char *ext, int fmt)
{
	char path[400], err[300], *text;
	size_t len;
	struct game *r;

	snprintf(path, sizeof path, "%s/records/%ld.%s", games_dir, id, ext);
	text = slurp(path, &len);
	r = record_read(fmt, text, len, path, err, sizeof err);
	cr_assert_not_null(r, "%s", err);
	free(text);
	return r;
}

/* Two players and a watcher: a whole game, every mirror the same move for
   move, the result the board's, the server's SGF and GGF the same moves. */
Test(server, a_whole_game_with_a_watcher)
{
	struct netconn *p[2], *w;
	long id;
	char line[64], result[NETGAME_RESULT_LEN];
	struct netgame *g;

	start(NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	w = join("dave");
	id = play_game(p[BLACK], p[WHITE], "10");
	snprintf(line, sizeof line, "watch %ld", id);
	ok(w, line);
	cr_assert_not_null(netconn_game(w, id));
	while (!netgame_board_over(netconn_game(p[BLACK], id))) {
		play_one(p, id);
		g = netconn_game(p[BLACK], id);
		while (netconn_game(w, id)->n_moves < g->n_moves)
			expect(w, "update", "move");
		cr_assert(pos_same(&netconn_game(w, id)->pos, &g->pos));
		cr_assert(pos_same(&netconn_game(p[WHITE], id)->pos, &g->pos));
	}
	expect(p[BLACK], "update", "end");
	expect(p[WHITE], "update", "end");
	expect(w, "update", "end");
	g = netconn_game(w, id);
	netgame_board_result(g, result);
	cr_assert_str_eq(g->result, result);
	cr_assert_str_eq(netconn_game(p[BLACK], id)->result, result);
	for (int f = 0; f < 2; f++) {
		struct game *r = server_record(id, f ? "ggf" : "sgf", f ? RECORD_GGF : RECORD_SGF);
		const struct game_node *n = r->root;

		for (int i = 0; i < g->n_moves; i++) {
			n = n->child;
			cr_assert_not_null(n, "the record stops at move %d of %d", i, g->n_moves);
			cr_assert_eq(n->move, g->move[i].sq, "move %d", i + 1);
			cr_assert_float_eq(n->time, g->move[i].took_ms / 1000.0, 0.006);
		}
		cr_assert_null(n->child);
		if (!f)
			cr_assert_str_eq(game_info(r, INFO_RESULT), result);
		game_free(r);
	}
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
	netconn_close(w);
}

/* A player never moves for another, nor out of turn; a watcher never moves;
   nothing changes for it. */
Test(server, moves_out_of_turn_for_another_seat_or_by_a_watcher_are_refused)
{
	struct netconn *b, *c, *w, *x;
	long id;
	char line[64];

	start(NULL);
	b = join("bob");
	c = join("carol");
	w = join("dave");
	x = join("erin");
	id = play_game(b, c, "10");
	snprintf(line, sizeof line, "watch %ld", id);
	ok(w, line);
	refused(c, "move f5", "turn");
	refused(w, "move f5", "seat");
	refused(x, "move f5", "state");
	refused(b, "move a1", "illegal");
	refused(b, "move pa", "illegal");
	refused(b, "move z9", "usage");
	ok(b, "move f5");
	refused(b, "move d6", "turn");
	cr_assert_eq(netconn_game(b, id)->n_moves, 1);
	expect(w, "update", "move");
	cr_assert_eq(netconn_game(w, id)->n_moves, 1);
	refused(x, "say hello", "state");
	netconn_close(b);
	netconn_close(c);
	netconn_close(w);
	netconn_close(x);
}

/* The clock of colour col in game id as mirrored by c, at the moment of the
   last update (what the server said, not counted on). */
static long said_clock(struct netconn *c, long id, int col)
{
	return netconn_game(c, id)->clock[col];
}

/* kill -9 after move 20, a start again on the same directory: both come
   back, the game goes on from move 21 with the clocks it had, and the
   record has every move. */
Test(server, kill_9_and_a_restart_keep_every_game_and_both_clocks)
{
	struct netconn *p[2];
	long id, clocks[2];
	struct netgame *g;
	const struct netconn_msg *m;
	struct netgame before;

	start("--grace", "30", NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10+2");
	for (int i = 0; i < 20; i++)
		play_one(p, id);
	g = netconn_game(p[WHITE], id);
	cr_assert_geq(g->n_moves, 20);
	before = *g;
	clocks[BLACK] = said_clock(p[WHITE], id, BLACK);
	clocks[WHITE] = said_clock(p[WHITE], id, WHITE);
	stop_server(SIGKILL);
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
	usleep(300000); /* time passes while the server is down: it is not charged */
	start("--grace", "30", NULL);
	p[BLACK] = join("bob");
	m = expect(p[BLACK], "snapshot", NULL);
	cr_assert_eq(m->game->n_moves, before.n_moves);
	cr_assert_eq(m->game->state, NETGAME_PAUSED, "one player back: no clock runs");
	cr_assert_eq(netgame_clock(m->game, BLACK, timer_now()), clocks[BLACK]);
	cr_assert_eq(netgame_clock(m->game, WHITE, timer_now()), clocks[WHITE]);
	cr_assert_eq(m->game->player[WHITE].presence, NETGAME_AWAY);
	p[WHITE] = join("carol");
	m = expect(p[WHITE], "snapshot", NULL);
	cr_assert_eq(m->game->state, NETGAME_PLAY, "both back: play goes on");
	for (int i = 0; i < before.n_moves; i++)
		cr_assert_eq(m->game->move[i].sq, before.move[i].sq);
	expect(p[BLACK], "update", "play");
	play_one(p, id); /* move 21 */
	cr_assert_eq(netconn_game(p[BLACK], id)->n_moves, before.n_moves + 1);
	ok(p[BLACK], netconn_game(p[BLACK], id)->turn == BLACK ? "resign" : "who");
	if (netconn_game(p[BLACK], id)->state != NETGAME_OVER)
		ok(p[WHITE], "resign");
	expect(p[BLACK], "update", "end");
	{
		struct game *r = server_record(id, "sgf", RECORD_SGF);

		cr_assert_eq(game_main_line_length(r), before.n_moves + 1);
		game_free(r);
	}
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
}

/* A player whose connection drops is away; the opponent is told, with the
   time to come back; coming back puts it straight into the game. */
Test(server, a_player_who_drops_comes_back_to_the_game)
{
	struct netconn *p[2];
	const struct netconn_msg *m;
	long id, left;

	start("--grace", "20", NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10");
	play_one(p, id);
	netconn_close(p[BLACK]);
	m = expect(p[WHITE], "update", "presence");
	cr_assert_str_eq(m->line.word[4], "black");
	cr_assert(strncmp(m->line.word[5], "away:", 5) == 0, "%s", m->line.word[5]);
	left = netgame_away_left(m->game, BLACK, timer_now());
	cr_assert(left > 18000 && left <= 20000, "%ld ms to come back", left);
	cr_assert_eq(m->game->state, NETGAME_PLAY, "the opponent is here: clocks run");
	{
		struct netgame *g = netconn_game(p[WHITE], id);
		char line[32], sq[4];

		/* the one who stayed plays on */
		snprintf(line, sizeof line, "move %s", proto_square_name(first_move(g), sq));
		ok(p[WHITE], line);
	}
	p[BLACK] = join("bob");
	m = expect(p[BLACK], "snapshot", NULL);
	cr_assert_eq(m->game->id, id);
	cr_assert_eq(m->game->n_moves, 2);
	cr_assert_eq(m->game->you, BLACK);
	m = expect(p[WHITE], "update", "presence");
	cr_assert_str_eq(m->line.word[5], "here");
	play_one(p, id);
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
}

/* An opponent who does not come back in time is gone: the win may be
   claimed, by abandonment (its clock did not run out). */
Test(server, a_player_gone_past_the_grace_loses_when_claimed)
{
	struct netconn *p[2];
	const struct netconn_msg *m;
	long id;

	start("--grace", "1", NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10");
	play_one(p, id);
	refused(p[BLACK], "claim", "state");
	netconn_close(p[WHITE]);
	expect(p[BLACK], "update", "presence");
	m = expect(p[BLACK], "update", "gone");
	cr_assert_eq(m->game->player[WHITE].presence, NETGAME_GONE);
	ok(p[BLACK], "claim");
	m = expect(p[BLACK], "update", "end");
	cr_assert_str_eq(m->game->result, "B+F");
	cr_assert_str_eq(m->game->reason, "abandon");
	netconn_close(p[BLACK]);
}

/* Both players gone: the game is adjourned, listed, and goes on when both
   ask to resume, with the clocks it had. */
Test(server, both_gone_adjourns_and_resume_goes_on)
{
	struct netconn *p[2];
	const struct netconn_msg *m;
	long id, clocks[2];
	char line[64];

	start("--grace", "1", NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10");
	play_one(p, id);
	play_one(p, id);
	netconn_close(p[WHITE]);
	expect(p[BLACK], "update", "presence");
	clocks[BLACK] = netgame_clock(netconn_game(p[BLACK], id), BLACK, timer_now());
	netconn_close(p[BLACK]);
	usleep(1800000);
	p[BLACK] = join("bob");
	expect(p[BLACK], "notice", NULL);
	ok(p[BLACK], "games");
	p[WHITE] = join("carol");
	refused(p[WHITE], "move c3", "state");
	ok(p[WHITE], "resume bob");
	expect(p[BLACK], "ask", "resume");
	ok(p[BLACK], "resume");
	m = expect(p[BLACK], "snapshot", NULL);
	cr_assert_eq(m->game->id, id);
	cr_assert_eq(m->game->state, NETGAME_PLAY);
	cr_assert_eq(m->game->n_moves, 2);
	/* the player who left last gets back the clock it had when it left */
	cr_assert_leq(labs(netgame_clock(m->game, BLACK, timer_now()) - clocks[BLACK]), 300);
	expect(p[WHITE], "snapshot", NULL);
	play_one(p, id);
	snprintf(line, sizeof line, "%ld", id);
	(void)line;
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
}

/* A clock that reaches 0 while its player is here loses the game on time. */
Test(server, the_flag_falls)
{
	struct netconn *p[2];
	const struct netconn_msg *m;

	start(NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	play_game(p[BLACK], p[WHITE], "0.02"); /* one second */
	m = expect(p[WHITE], "update", "end");
	cr_assert_str_eq(m->game->result, "W+T");
	cr_assert_str_eq(m->game->reason, "time");
	cr_assert_eq(m->game->clock[BLACK], 0);
	refused(p[BLACK], "move f5", "state");
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
}

/* A move is charged the server's time less the lag the client claims, and
   that allowance is capped by --lag. */
Test(server, the_lag_allowance_is_capped)
{
	struct netconn *p[2];
	const struct netconn_msg *m;
	long id, took;

	start("--lag", "0.1", NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10");
	usleep(400000);
	ok(p[BLACK], "move f5 0");
	m = expect(p[WHITE], "update", "move");
	took = m->game->move[0].took_ms;
	cr_assert(took >= 300 && took < 2000, "charged %ld ms for 400 ms, 100 ms allowed", took);
	usleep(200000);
	ok(p[WHITE], "move d6 150");
	while (netconn_game(p[BLACK], id)->n_moves < 2)
		expect(p[BLACK], "update", "move");
	took = netconn_game(p[BLACK], id)->move[1].took_ms;
	cr_assert(took >= 150 && took < 1500, "charged %ld ms", took);
	cr_assert_eq(netconn_game(p[BLACK], id)->clock[WHITE], 600000 - took);
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
}

/* takeback, abort, rematch, seek, decline: what one asks and the other
   grants or refuses. */
Test(server, requests_between_the_players)
{
	struct netconn *p[2], *x;
	const struct netconn_msg *m;
	long id, id2;
	char line[64];

	start(NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	x = join("dave");
	id = play_game(p[BLACK], p[WHITE], "10");
	refused(p[BLACK], "takeback", "state"); /* nothing to take back */
	play_one(p, id);
	play_one(p, id);
	play_one(p, id); /* bob, carol, bob */
	cr_assert_str_eq(ok(p[WHITE], "takeback"), "ok takeback asked");
	expect(p[BLACK], "ask", "takeback");
	ok(p[BLACK], "decline");
	expect(p[WHITE], "declined", "takeback");
	ok(p[WHITE], "takeback");
	ok(p[BLACK], "accept");
	m = expect(p[WHITE], "update", "takeback");
	cr_assert_eq(m->game->n_moves, 1, "carol's move and what followed are gone");
	cr_assert_eq(m->game->turn, WHITE);
	/* abort after the second move asks */
	play_one(p, id);
	cr_assert_str_eq(ok(p[BLACK], "abort"), "ok abort asked");
	ok(p[WHITE], "abort");
	m = expect(p[BLACK], "update", "end");
	cr_assert_str_eq(m->game->result, "Void");
	/* rematch: colours swapped */
	refused(x, "rematch", "state");
	ok(p[BLACK], "rematch");
	expect(p[WHITE], "offer", "rematch");
	ok(p[WHITE], "rematch");
	m = expect(p[BLACK], "snapshot", NULL);
	id2 = m->game->id;
	cr_assert_neq(id2, id);
	cr_assert_eq(m->game->you, WHITE);
	cr_assert_eq(m->game->control.base_ms, 600000);
	/* abort before the second move needs nobody */
	ok(p[WHITE], "abort");
	expect(p[BLACK], "update", "end");
	/* seek: anyone accepts */
	ok(x, "seek 3+1 white");
	expect(p[BLACK], "offer", "seek");
	refused(x, "accept dave", "offer");
	ok(p[BLACK], "accept dave");
	m = expect(x, "snapshot", NULL);
	cr_assert_eq(m->game->you, WHITE);
	cr_assert_eq(m->game->control.inc_ms, 1000);
	refused(p[WHITE], "challenge dave", "busy");
	refused(p[BLACK], "seek", "busy");
	ok(p[BLACK], "resign");
	/* decline a challenge */
	ok(p[WHITE], "challenge dave");
	expect(x, "offer", "challenge");
	ok(x, "decline carol");
	expect(p[WHITE], "declined", "challenge");
	refused(x, "accept carol", "offer");
	refused(p[WHITE], "challenge nobody", "name");
	refused(p[WHITE], "challenge carol", "name");
	refused(p[WHITE], "challenge dave 5+3 blue", "usage");
	refused(p[WHITE], "challenge dave 0", "usage");
	snprintf(line, sizeof line, "watch %ld", id);
	refused(x, line, "game"); /* over: gone from the list */
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
	netconn_close(x);
}
