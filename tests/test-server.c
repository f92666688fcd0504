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
#include <poll.h>
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
	if (getenv("TEST_SERVER_KEEP")) { /* for a look at the log and the directory */
		cr_log_warn("kept %s", dir);
		return;
	}
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
	struct stat st;

	/* the records are written by a thread of the server, then the journal
	   becomes N.done */
	snprintf(path, sizeof path, "%s/games/%ld.done", games_dir, id);
	for (int i = 0; i < WAIT * 100 && stat(path, &st) != 0; i++)
		usleep(10000);
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
	/* seek: anyone accepts (bob follows the lobby, having asked who is on) */
	ok(p[BLACK], "who");
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

/* ---- hostile clients: raw sockets */

/* A raw connection to the test's socket. */
static int raw_connect(void)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	strcpy(sa.sun_path, sock);
	cr_assert_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0, "%s", strerror(errno));
	return fd;
}

/* Sends bytes on a raw connection. */
static void raw_send(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = send(fd, text, len, MSG_NOSIGNAL);

		cr_assert_gt(n, 0, "%s", strerror(errno));
		text += n;
		len -= (size_t)n;
	}
}

/* Reads a raw connection until a line starting with `start` came (it is
   returned, without its LF), or the connection closed (NULL), within
   `seconds`. */
static const char *raw_until(int fd, const char *start, double seconds)
{
	static char buf[1 << 16];
	static size_t have;
	static int buf_fd = -1;
	static char line[1 << 16];
	double until = timer_now() + seconds;

	if (buf_fd != fd)
		have = 0, buf_fd = fd;
	for (;;) {
		char *nl;

		while ((nl = memchr(buf, '\n', have))) {
			size_t n = (size_t)(nl - buf);

			memcpy(line, buf, n);
			line[n] = '\0';
			memmove(buf, nl + 1, have - n - 1);
			have -= n + 1;
			if (strncmp(line, start, strlen(start)) == 0)
				return line;
		}
		struct timeval tv = {0, 100000};
		ssize_t got;

		cr_assert_lt(timer_now(), until, "no '%s' line in %g s", start, seconds);
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
		got = recv(fd, buf + have, sizeof buf - have - 1, 0);
		if (got == 0)
			return NULL;
		if (got > 0)
			have += (size_t)got;
	}
}

/* A raw connection welcomed as `name`. */
static int raw_join(const char *name)
{
	int fd = raw_connect();
	char line[100];

	cr_assert_not_null(raw_until(fd, "hello ", WAIT));
	snprintf(line, sizeof line, "hello 1 %s\n", name);
	raw_send(fd, line, strlen(line));
	cr_assert_not_null(raw_until(fd, "welcome ", WAIT));
	return fd;
}

Test(server, lines_over_the_limit_are_dropped_then_the_connection)
{
	int fd;
	char *big = malloc(5001);
	const char *l;

	start(NULL);
	fd = raw_join("bob");
	memset(big, 'a', 5000);
	big[5000] = '\n';
	raw_send(fd, big, 5001);
	l = raw_until(fd, "error ", WAIT);
	cr_assert(strstr(l, "too-long"), "%s", l);
	raw_send(fd, "who\n", 4);
	cr_assert_not_null(raw_until(fd, "ok who", WAIT), "the connection goes on");
	/* a long line in pieces, with no end for a while */
	raw_send(fd, big, 3000);
	usleep(50000);
	raw_send(fd, big, 3000);
	usleep(50000);
	raw_send(fd, "x\n", 2);
	l = raw_until(fd, "error ", WAIT);
	cr_assert(strstr(l, "too-long"), "%s", l);
	raw_send(fd, big, 5001);
	l = raw_until(fd, "bye ", WAIT);
	cr_assert(strstr(l, "too-long"), "%s", l);
	cr_assert_null(raw_until(fd, "never", WAIT), "closed after the third");
	close(fd);
	free(big);
}

/* A flood is refused line by line, then closed; a game beside it goes on. */
Test(server, a_flood_is_cut_and_the_others_play_on)
{
	struct netconn *p[2];
	int fd, errors = 0;
	char lines[40 * 10];
	const char *l;
	long id;

	start("--rate", "5", "--burst", "10", NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10");
	fd = raw_join("mallory");
	lines[0] = '\0';
	for (int i = 0; i < 40; i++)
		strcat(lines, "ping 1\n");
	raw_send(fd, lines, strlen(lines));
	while ((l = raw_until(fd, "", WAIT)) && strncmp(l, "bye", 3) != 0)
		errors += strstr(l, " flood ") != NULL;
	cr_assert_not_null(l);
	cr_assert(strstr(l, "flood"), "%s", l);
	cr_assert_geq(errors, 19, "an error line for each line dropped");
	for (int i = 0; i < 6; i++)
		play_one(p, id);
	close(fd);
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
}

/* A watcher that never reads is dropped when its waiting output passes the
   cap; the players never wait for it. */
Test(server, a_watcher_that_does_not_read_is_dropped)
{
	struct netconn *p[2];
	int fd, small = 4096;
	char line[200];
	const struct netconn_msg *m;
	long id;

	start("--rate", "100000", "--burst", "100000", "--max-output", "16", NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10");
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
	{
		struct sockaddr_un sa = {.sun_family = AF_UNIX};

		strcpy(sa.sun_path, sock);
		cr_assert_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	}
	snprintf(line, sizeof line, "hello 1 slow\nwatch %ld\n", id);
	raw_send(fd, line, strlen(line));
	expect(p[BLACK], "update", "watch");
	/* chat goes to the watcher, which reads none of it */
	memset(line, 'x', sizeof line - 1);
	line[sizeof line - 1] = '\0';
	for (int i = 0; i < 5000; i++) {
		char err[200];
		const char *words[2] = {"say", line};

		cr_assert_eq(netconn_send(p[BLACK], 2, words, err, sizeof err), 0, "%s", err);
		while (netconn_unanswered(p[BLACK]) > 20) {
			struct pollfd pf = {netconn_fd(p[BLACK]), POLLIN, 0};

			poll(&pf, 1, 1000);
			cr_assert_eq(netconn_pump(p[BLACK], err, sizeof err), 0, "%s", err);
			cr_assert_eq(netconn_pump(p[WHITE], err, sizeof err), 0, "%s", err);
		}
		if (netconn_game(p[BLACK], id)->n_watchers == 0)
			break;
	}
	while (netconn_game(p[BLACK], id)->n_watchers > 0)
		m = expect(p[BLACK], "update", "watch");
	(void)m;
	play_one(p, id);
	close(fd);
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
}

/* A peer that says nothing is pinged, and closed when it does not answer; one
   that never says hello is closed too. */
Test(server, silent_peers_are_pinged_then_closed)
{
	int fd, quiet;
	const char *l;
	double t0 = timer_now();

	start("--ping", "0.5", NULL);
	quiet = raw_connect();
	fd = raw_join("bob");
	l = raw_until(fd, "ping ", WAIT);
	cr_assert_not_null(l);
	l = raw_until(fd, "bye ", WAIT);
	cr_assert(strstr(l, "timeout"), "%s", l);
	cr_assert_lt(timer_now() - t0, 4);
	l = raw_until(quiet, "bye ", WAIT);
	cr_assert(strstr(l, "timeout"), "%s", l);
	close(fd);
	close(quiet);
	/* one that answers stays */
	struct netconn *c = join("carol");
	char err[200];

	while (timer_now() - t0 < 4.5)
		netconn_wait(c, 0.1, err, sizeof err); /* reads, and answers the pings */
	ok(c, "who");
	netconn_close(c);
}

/* One login holds at most --max-per-login connections. */
Test(server, connections_of_one_login_are_capped)
{
	int fd[4];
	const char *l;

	start("--max-per-login", "3", NULL);
	for (int i = 0; i < 3; i++) {
		char name[16];

		snprintf(name, sizeof name, "p%d", i);
		fd[i] = raw_join(name);
	}
	fd[3] = raw_connect();
	l = raw_until(fd[3], "bye ", WAIT);
	cr_assert(strstr(l, "limit"), "%s", l);
	for (int i = 0; i < 4; i++)
		close(fd[i]);
}

/* Names are checked; chat and names with escapes reach others as visible
   text, never raw. */
Test(server, escapes_never_reach_another_terminal)
{
	struct netconn *p[2];
	int fd;
	const char *l;
	char line[200];
	long id;

	start(NULL);
	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10");
	fd = raw_connect();
	raw_until(fd, "hello", WAIT);
	raw_send(fd, "hello 1 \"b\x1b[2Job\"\n", strlen("hello 1 \"b\x1b[2Job\"\n"));
	l = raw_until(fd, "bye ", WAIT);
	cr_assert(strstr(l, " name "), "%s", l);
	close(fd);
	fd = raw_join("mallory");
	snprintf(line, sizeof line,
		 "watch %ld\nsay \"\x1b]0;owned\x07 \xff\xfe \xe2\x80\xae hi\"\n", id);
	raw_send(fd, line, strlen(line));
	const struct netconn_msg *m = expect(p[BLACK], "said", NULL);

	cr_assert_str_eq(m->line.word[4], "\\x1b]0;owned\\x07 \\xff\\xfe \\u202e hi");
	for (const char *s = m->line.word[4]; *s; s++)
		cr_assert((unsigned char)*s >= 0x20 && *s != 0x7f);
	close(fd);
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
}

/* A move cut in the middle of its line by a closed connection is not played. */
Test(server, half_a_line_is_never_run)
{
	struct netconn *c, *b;
	int fd;
	const struct netconn_msg *m;
	long id;

	start(NULL);
	c = join("carol");
	fd = raw_join("bob");
	ok(c, "challenge bob 10 white");
	raw_send(fd, "accept\n", 7);
	m = expect(c, "snapshot", NULL);
	id = m->game->id;
	raw_until(fd, "ok accept", WAIT);
	raw_send(fd, "move f5", 7);
	usleep(100000);
	close(fd);
	m = expect(c, "update", "presence");
	cr_assert_eq(m->game->n_moves, 0);
	b = join("bob");
	m = expect(b, "snapshot", NULL);
	cr_assert_eq(m->game->id, id);
	cr_assert_eq(m->game->n_moves, 0);
	netconn_close(b);
	netconn_close(c);
}

/* Before hello only hello; a bad version or name ends the connection; the
   same user connecting again replaces the older connection. */
Test(server, hello_first_and_one_connection_a_user)
{
	int fd;
	const char *l;
	struct netconn *a, *a2;

	start(NULL);
	fd = raw_connect();
	raw_until(fd, "hello", WAIT);
	raw_send(fd, "who\n", 4);
	l = raw_until(fd, "error ", WAIT);
	cr_assert(strstr(l, "state"), "%s", l);
	raw_send(fd, "hello 0 bob\n", 12);
	l = raw_until(fd, "bye ", WAIT);
	cr_assert(strstr(l, "version"), "%s", l);
	close(fd);
	a = join("bob");
	a2 = join("bob");
	expect(a, "bye", "replaced");
	ok(a2, "who");
	refused(a2, "who", "flood"); /* a list a second */
	ok(a2, "games");
	netconn_close(a);
	netconn_close(a2);
}

/* ---- TCP, tokens, stopping, bots */

/* A free TCP port of the loopback (bound, then let go: the server takes it
   a moment later). */
static int free_port(void)
{
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0), port;

	cr_assert_eq(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	getsockname(fd, (struct sockaddr *)&sa, &len);
	port = ntohs(sa.sin_port);
	close(fd);
	return port;
}

/* On the loopback the kernel names the user of a TCP connection, as on the
   Unix socket. */
Test(server, a_loopback_connection_is_its_owner)
{
	char where[128], listen[64];
	struct netconn_options o = {.where = where, .name = "bob", .timeout = WAIT};
	struct netconn *t, *u;
	char err[300];

	snprintf(listen, sizeof listen, "%d", free_port());
	snprintf(where, sizeof where, "127.0.0.1:%s", listen);
	start("--listen", listen, NULL);
	t = netconn_open(&o, err, sizeof err);
	cr_assert_not_null(t, "%s", err);
	u = join("carol");
	cr_assert_str_eq(netconn_login(t), netconn_login(u));
	ok(t, "challenge carol");
	netconn_close(t);
	netconn_close(u);
}

/* Tokens: made by --new-token, kept hashed; a token names its login (over
   TCP), a wrong one is refused, and a name is its login's. */
Test(server, tokens_name_the_login_over_tcp)
{
	char tokens[400], token[200], where[128], listen[64], bad[220], cmd[800];
	struct netconn_options o = {.where = where, .timeout = WAIT};
	struct netconn *t, *b;
	char err[300];
	FILE *f;
	size_t len;
	char *file;

	snprintf(tokens, sizeof tokens, "%s/tokens", dir);
	snprintf(cmd, sizeof cmd, "'%s' serve --token-file '%s' --new-token mallory",
		 getenv("OTHELLO"), tokens);
	cr_assert_not_null(f = popen(cmd, "r"));
	cr_assert_not_null(fgets(token, sizeof token, f));
	cr_assert_eq(pclose(f), 0);
	token[strcspn(token, "\n")] = '\0';
	cr_assert(strncmp(token, "mallory:", 8) == 0, "%s", token);
	file = slurp(tokens, &len);
	cr_assert_null(strstr(file, token + 8), "the secret itself is not stored");
	cr_assert(strncmp(file, "mallory ", 8) == 0, "%s", file);
	free(file);
	snprintf(listen, sizeof listen, "%d", free_port());
	snprintf(where, sizeof where, "127.0.0.1:%s", listen);
	start("--listen", listen, "--token-file", tokens, "--allow", "*", NULL);
	b = join("bob");
	o.name = "mallory";
	o.token = token;
	t = netconn_open(&o, err, sizeof err);
	cr_assert_not_null(t, "%s", err);
	cr_assert_str_eq(netconn_login(t), "mallory");
	netconn_close(t);
	snprintf(bad, sizeof bad, "%.*sx", (int)strlen(token) - 1, token);
	o.token = bad;
	cr_assert_null(netconn_open(&o, err, sizeof err));
	cr_assert(strstr(err, "token"), "%s", err);
	/* bob is root's (or whoever runs the test): mallory cannot take the name */
	o.token = token;
	o.name = "bob";
	cr_assert_null(netconn_open(&o, err, sizeof err));
	cr_assert(strstr(err, "belongs to another login"), "%s", err);
	netconn_close(b);
}

/* Another address than the loopback needs tokens. */
Test(server, tcp_beyond_the_loopback_needs_tokens)
{
	char cmd[2000];

	snprintf(cmd, sizeof cmd, "'%s' serve --socket '%s' --dir '%s' --listen 0.0.0.0:%d 2>'%s'",
		 getenv("OTHELLO"), sock, games_dir, free_port(), logfile);
	cr_assert_eq(WEXITSTATUS(system(cmd)), 1);
	{
		size_t len;
		char *log = slurp(logfile, &len);

		cr_assert(strstr(log, "needs --token-file"), "%s", log);
		free(log);
	}
}

/* SIGTERM: every client is told, the server ends with status 0, its socket
   is gone, and the game in play comes back at the next start. */
/* bob and carol join, start a game of 10 minutes and play its first move;
   then SIGTERM stops the server, which must exit 0. The game's number. */
static long one_move_then_sigterm(struct netconn *p[2])
{
	long id;
	int st;

	p[BLACK] = join("bob");
	p[WHITE] = join("carol");
	id = play_game(p[BLACK], p[WHITE], "10");
	play_one(p, id);
	st = stop_server(SIGTERM);
	cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %d", st);
	return id;
}

Test(server, sigterm_stops_cleanly_and_keeps_the_games)
{
	struct netconn *p[2];
	long id;
	struct stat sst;
	const struct netconn_msg *m;

	start(NULL);
	id = one_move_then_sigterm(p);
	expect(p[BLACK], "bye", "shutdown");
	cr_assert_neq(stat(sock, &sst), 0, "the socket is removed");
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
	start(NULL);
	p[WHITE] = join("carol");
	m = expect(p[WHITE], "snapshot", NULL);
	cr_assert_eq(m->game->id, id);
	cr_assert_eq(m->game->n_moves, 1);
	netconn_close(p[WHITE]);
}

/* Starts the server as systemd's socket activation does: the listening
   socket `lfd` as fd 3, LISTEN_PID and LISTEN_FDS; its own --socket names a
   path that must stay unused. */
static void start_activated(int lfd, const char *unused)
{
	server = fork();
	cr_assert_geq(server, 0);
	if (server == 0) {
		int fd = open(logfile, O_WRONLY | O_CREAT | O_APPEND, 0600);
		char pid[32];

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		dup2(fd, 2);
		if (lfd != 3) {
			dup2(lfd, 3);
			close(lfd);
		}
		snprintf(pid, sizeof pid, "%ld", (long)getpid());
		setenv("LISTEN_PID", pid, 1);
		setenv("LISTEN_FDS", "1", 1);
		execl(getenv("OTHELLO"), "othello", "serve", "--socket", unused, "--dir", games_dir,
		      (char *)NULL);
		_exit(127);
	}
}

/* The service's way (debian/othello-master.othello.socket): the server takes
   the socket systemd opened, serves on it, leaves it in place when SIGTERM
   stops it, and the next start on the same socket has the games back. */
Test(server, a_socket_from_systemd_is_served_and_left_to_it)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	char unused[400];
	struct netconn *p[2];
	struct stat sst;
	long id;
	int lfd = socket(AF_UNIX, SOCK_STREAM, 0);

	snprintf(unused, sizeof unused, "%s/unused", dir);
	strcpy(sa.sun_path, sock);
	cr_assert_geq(lfd, 0);
	cr_assert_eq(bind(lfd, (struct sockaddr *)&sa, sizeof sa), 0, "%s", strerror(errno));
	cr_assert_eq(listen(lfd, 16), 0);
	start_activated(lfd, unused);
	id = one_move_then_sigterm(p);
	netconn_close(p[BLACK]);
	netconn_close(p[WHITE]);
	cr_assert_eq(stat(sock, &sst), 0, "the socket is systemd's: it stays");
	cr_assert_neq(stat(unused, &sst), 0, "--socket is not used beside systemd's");
	start_activated(lfd, unused);
	p[WHITE] = join("carol");
	const struct netconn_msg *m = expect(p[WHITE], "snapshot", NULL);
	cr_assert_eq(m->game->id, id);
	cr_assert_eq(m->game->n_moves, 1);
	netconn_close(p[WHITE]);
	close(lfd);
}

/* A bot seat takes a challenge and plays a whole game, which is recorded. */
Test(server, a_bot_plays_a_whole_game)
{
	struct netconn *c;
	const struct netconn_msg *m;
	struct netgame *g;
	long id;
	char line[32], sq[4];

	start("--bot", "novice", NULL);
	c = join("carol");
	for (int i = 0;; i++) {
		char reply[300], err[300];

		if (netconn_call(c, "challenge novice 5 black", WAIT, reply, sizeof reply, err,
				 sizeof err) == 0)
			break;
		cr_assert_lt(i, 100, "no bot: %s%s", reply, err);
		usleep(100000); /* the bot is still connecting */
	}
	m = expect(c, "snapshot", NULL);
	id = m->game->id;
	cr_assert_str_eq(m->game->player[WHITE].name, "novice");
	while ((g = netconn_game(c, id))->state != NETGAME_OVER) {
		if (g->turn == BLACK && g->state == NETGAME_PLAY && !netconn_unanswered(c)) {
			snprintf(line, sizeof line, "move %s",
				 proto_square_name(first_move(g), sq));
			ok(c, line);
		} else {
			expect(c, "update", NULL);
		}
	}
	cr_assert(g->result[0]);
	{
		struct game *r = server_record(id, "sgf", RECORD_SGF);

		cr_assert_eq(game_main_line_length(r), g->n_moves);
		game_free(r);
	}
	netconn_close(c);
}
