/*
 * netload.c — the game server's load benchmark: one process, one poll()
 * loop, many connections to `othello serve` (bench/run starts the server
 * and this program; `make bench BENCH=server`).
 *
 * The connections: 2 × --games players, who pair off, challenge, accept and
 * play every game to its end (each plays the first legal move after a think
 * time drawn around --think ms); --watchers watchers spread over the games;
 * --hostile clients beside them, each of one kind in turn: a flood of
 * lines, lines over the limit, a watcher that never reads, moves for others'
 * seats and by a watcher, a line that never ends, a silent peer that never
 * answers a ping, connections opened and dropped again and again.
 *
 * Every player and watcher mirrors its game (netgame.h) and applies each
 * update the rules' way, so a move the server should have refused would be
 * seen; a hostile move that gets `ok` is counted too. What is measured: the
 * time from a move sent to the opponent's update of it (p50, p99, max), the
 * games ended and their records, the server's memory with every connection
 * open (its VmRSS over that of the idle server, per connection).
 */
#include "netgame.h"
#include "proto.h"
#include "timer.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

enum role { PLAYER, WATCHER, HOSTILE };

enum hostile_kind {
	H_FLOOD,    /* bursts of lines: refused, then closed */
	H_LONG,	    /* lines of 10 KB */
	H_DEAF,	    /* watches a game and never reads */
	H_IMPOSTOR, /* moves in games it does not play, and as a watcher */
	H_ENDLESS,  /* a line that never ends, a byte at a time */
	H_SILENT,   /* says hello, then never a word: the ping closes it */
	H_CHURN,    /* connects and drops, again and again */
	H_KINDS
};

struct client {
	enum role role;		/* what it is */
	enum hostile_kind kind; /* a hostile one's kind */
	int fd;			/* its socket, -1 when closed */
	char name[PROTO_NAME_MAX + 1];
	char in[1 << 17]; /* bytes read, not yet lines (a deaf one reads none) */
	size_t in_len;
	char *out; /* bytes to send */
	size_t out_len, out_cap;
	bool welcomed;	      /* got `welcome` */
	struct netgame *game; /* its game's mirror (player, watcher) */
	long game_id;	      /* the game it plays or watches (0: none yet) */
	int opponent;	      /* a player's opponent (index) */
	int color;	      /* a player's colour, or -1 */
	double move_at;	      /* when to move (0: not its turn / sent) */
	bool sent;	      /* a move sent, its update not seen */
	double next_act;      /* a hostile one's next act */
	int acts;	      /* acts done */
};

static struct client *cl;
static int n_cl;
static const char *sock_path;
static uint64_t rng = 12345;
static double think_ms = 100;

/* Latencies, ms. */
static double *lat;
static long n_lat, cap_lat;

static long games_started, games_ended, desyncs, illegal_accepted, hostile_closed;
static long refused_moves, floods_seen, too_long_seen;

/* The time each game's last move was sent (indexed by game id). */
static double *sent_at;
static long max_id = 100000;

static uint64_t next_rand(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545F4914F6CDD1DULL;
}

static void die(const char *what)
{
	fprintf(stderr, "netload: %s: %s\n", what, strerror(errno));
	exit(2);
}

static int connect_unix(void)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock_path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0)
		die("connect");
	fcntl(fd, F_SETFL, O_NONBLOCK);
	return fd;
}

static void put(struct client *c, const char *s, size_t n)
{
	if (c->fd < 0)
		return;
	if (c->out_len + n > c->out_cap) {
		c->out_cap = (c->out_len + n) * 2 + 4096;
		if (!(c->out = realloc(c->out, c->out_cap)))
			die("memory");
	}
	memcpy(c->out + c->out_len, s, n);
	c->out_len += n;
}

static void putf(struct client *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(struct client *c, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	put(c, line, (size_t)n);
}

static void drop(struct client *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->out_len = c->in_len = 0;
}

static double t_start; /* when the games began */
static long bucket_n[1000], bucket_slow[1000];
static double bucket_max[1000];

static void add_latency(double ms)
{
	int b = (int)(timer_now() - t_start);

	if (b >= 0 && b < 1000) {
		bucket_n[b]++;
		bucket_slow[b] += ms > 20;
		if (ms > bucket_max[b])
			bucket_max[b] = ms;
	}
	if (n_lat == cap_lat) {
		cap_lat = cap_lat ? cap_lat * 2 : 4096;
		if (!(lat = realloc(lat, sizeof *lat * (size_t)cap_lat)))
			die("memory");
	}
	lat[n_lat++] = ms;
}

/* A player's turn: its move is due after a think time. */
static void schedule(struct client *c, double now)
{
	const struct netgame *g = c->game;

	if (!g || c->sent || g->state != NETGAME_PLAY || (int)g->turn != c->color || c->move_at > 0)
		return;
	c->move_at = now + think_ms * (0.5 + (double)(next_rand() % 1000) / 1000.0) / 1000.0;
}

static struct proto_line line;

/* One line from the server to client c. */
static void take(struct client *c, char *text, size_t n, double now)
{
	char err[200];
	const char *w0;

	if (proto_split(text, n, &line, err, sizeof err) <= 0)
		return;
	w0 = line.word[0];
	if (strcmp(w0, "welcome") == 0) {
		c->welcomed = true;
	} else if (strcmp(w0, "ping") == 0 && line.argc > 1) {
		if (!(c->role == HOSTILE && c->kind == H_SILENT))
			putf(c, "pong %s\n", line.word[1]);
	} else if (strcmp(w0, "snapshot") == 0 && c->role != HOSTILE) {
		struct netgame *g = netgame_from_snapshot(&line, now, err, sizeof err);

		if (!g) {
			desyncs++;
			return;
		}
		netgame_free(c->game);
		c->game = g;
		c->game_id = g->id;
		if (c->role == PLAYER) {
			c->color = g->you;
			games_started += c->color == BLACK;
		}
		schedule(c, now);
	} else if (strcmp(w0, "update") == 0 && c->game) {
		int r = netgame_apply(c->game, &line, now, err, sizeof err);

		if (r < 0) {
			fprintf(stderr, "netload: %s: %s\n", c->name, err);
			desyncs++;
			return;
		}
		if (r == 1 && strcmp(line.word[3], "move") == 0 &&
		    strcmp(line.word[5], "pa") != 0 && c->role == PLAYER &&
		    proto_color_parse(line.word[4]) != c->color && c->game_id < max_id &&
		    sent_at[c->game_id] > 0) {
			add_latency((now - sent_at[c->game_id]) * 1000);
			sent_at[c->game_id] = 0;
		}
		if (r == 1 && strcmp(line.word[3], "move") == 0 &&
		    proto_color_parse(line.word[4]) == c->color)
			c->sent = false;
		if (c->game->state == NETGAME_OVER && c->role == PLAYER && c->color == BLACK)
			games_ended++;
		if (c->role == PLAYER)
			schedule(c, now);
	} else if (strcmp(w0, "ok") == 0 && c->role == HOSTILE && line.argc > 1 &&
		   strcmp(line.word[1], "move") == 0) {
		illegal_accepted++;
	} else if (strcmp(w0, "error") == 0 && line.argc > 2) {
		if (strcmp(line.word[1], "move") == 0)
			refused_moves++;
		floods_seen += strcmp(line.word[2], "flood") == 0;
		too_long_seen += strcmp(line.word[2], "too-long") == 0;
		if (c->role == PLAYER && strcmp(line.word[1], "move") == 0)
			fprintf(stderr, "netload: %s: %s %s\n", c->name, line.word[2],
				line.argc > 3 ? line.word[3] : "");
	} else if (strcmp(w0, "ok") == 0 && c->role == PLAYER && line.argc > 2 &&
		   strcmp(line.word[1], "challenge") == 0) {
		putf(&cl[c->opponent], "accept %s\n", c->name);
	}
}

/* Reads what c has, line by line. */
static void read_client(struct client *c, double now)
{
	for (;;) {
		ssize_t n = recv(c->fd, c->in + c->in_len, sizeof c->in - c->in_len, 0);
		size_t start = 0;

		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			return;
		if (n <= 0) {
			if (c->role == HOSTILE)
				hostile_closed++;
			else
				fprintf(stderr, "netload: %s: the server closed the connection\n",
					c->name);
			drop(c);
			return;
		}
		c->in_len += (size_t)n;
		for (size_t i = c->in_len - (size_t)n; i < c->in_len; i++)
			if (c->in[i] == '\n') {
				take(c, c->in + start, i + 1 - start, now);
				start = i + 1;
			}
		memmove(c->in, c->in + start, c->in_len - start);
		c->in_len -= start;
		if (c->in_len == sizeof c->in)
			c->in_len = 0;
	}
}

static void write_client(struct client *c)
{
	while (c->out_len && c->fd >= 0) {
		ssize_t n = send(c->fd, c->out, c->out_len, MSG_NOSIGNAL);

		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			return;
		if (n <= 0) {
			if (c->role == HOSTILE)
				hostile_closed++;
			drop(c);
			return;
		}
		memmove(c->out, c->out + n, c->out_len - (size_t)n);
		c->out_len -= (size_t)n;
	}
}

/* A hostile client's next act. */
static void act(struct client *c, double now)
{
	char buf[10 * 1024 + 2];

	if (now < c->next_act)
		return;
	c->next_act = now + 0.2;
	c->acts++;
	switch (c->kind) {
	case H_FLOOD:
		for (int i = 0; i < 200; i++)
			put(c, "who\n", 4);
		break;
	case H_LONG:
		memset(buf, 'z', sizeof buf - 1);
		buf[sizeof buf - 1] = '\n';
		put(c, buf, sizeof buf);
		break;
	case H_DEAF:
		if (c->acts == 1)
			putf(c, "watch %ld\n",
			     1 + (long)(next_rand() % (uint64_t)(games_started + 1)));
		break;
	case H_IMPOSTOR:
		if (c->acts % 3 == 1)
			putf(c, "watch %ld\n",
			     1 + (long)(next_rand() % (uint64_t)(games_started + 1)));
		putf(c, "move %c%c\n", 'a' + (int)(next_rand() % 8), '1' + (int)(next_rand() % 8));
		break;
	case H_ENDLESS:
		put(c, "s", 1);
		c->next_act = now + 0.1;
		break;
	case H_SILENT:
		break;
	case H_CHURN:
		drop(c);
		c->fd = connect_unix();
		putf(c, "hello 1 %s\n", c->name);
		break;
	default:
		break;
	}
}

/* The memory the server holds, kB (VmRSS). */
static long server_rss(long pid)
{
	char path[64], row[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%ld/status", pid);
	if (!(f = fopen(path, "r")))
		return -1;
	while (fgets(row, sizeof row, f))
		if (sscanf(row, "VmRSS: %ld", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	long games = 300, watchers = 300, hostile = 400, pid = 0, idle_rss, full_rss = -1;
	double limit = 600, t0, now;
	struct pollfd *pf;
	struct rlimit rl;
	bool challenged = false;

	for (int i = 1; i < argc; i++) {
		if (i + 1 < argc && strcmp(argv[i], "--games") == 0)
			games = atol(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--watchers") == 0)
			watchers = atol(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--hostile") == 0)
			hostile = atol(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--think") == 0)
			think_ms = atof(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--server-pid") == 0)
			pid = atol(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--limit") == 0)
			limit = atof(argv[++i]);
		else if (!sock_path)
			sock_path = argv[i];
		else {
			fprintf(stderr,
				"usage: netload SOCKET [--games N] [--watchers N] [--hostile N] "
				"[--think MS] [--server-pid PID] [--limit S]\n");
			return 2;
		}
	}
	if (!sock_path) {
		fprintf(stderr, "netload: no socket\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	idle_rss = pid ? server_rss(pid) : -1;
	n_cl = (int)(2 * games + watchers + hostile);
	cl = calloc((size_t)n_cl, sizeof *cl);
	pf = calloc((size_t)n_cl, sizeof *pf);
	sent_at = calloc((size_t)max_id, sizeof *sent_at);
	if (!cl || !pf || !sent_at)
		die("memory");
	for (int i = 0; i < n_cl; i++) {
		struct client *c = &cl[i];

		c->color = -1;
		if (i < 2 * games) {
			c->role = PLAYER;
			c->opponent = i ^ 1;
			snprintf(c->name, sizeof c->name, "p%d", i);
		} else if (i < 2 * games + watchers) {
			c->role = WATCHER;
			snprintf(c->name, sizeof c->name, "w%d", i);
		} else {
			c->role = HOSTILE;
			c->kind = (enum hostile_kind)(i % H_KINDS);
			snprintf(c->name, sizeof c->name, "h%d", i);
		}
		c->fd = connect_unix();
		if (c->role == HOSTILE && c->kind == H_DEAF) {
			int small = 4096;

			setsockopt(c->fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
		}
		putf(c, "hello 1 %s\n", c->name);
	}
	t0 = t_start = timer_now();
	for (;;) {
		now = timer_now();
		if (games_ended >= games || now - t0 > limit)
			break;
		if (!challenged) {
			int welcomed = 0;

			for (int i = 0; i < 2 * games; i++)
				welcomed += cl[i].welcomed;
			if (welcomed == 2 * games) {
				for (int i = 0; i < 2 * games; i += 2)
					putf(&cl[i], "challenge p%d 30 black\n", i + 1);
				challenged = true;
			}
		}
		for (int i = 0; i < n_cl; i++) {
			struct client *c = &cl[i];

			if (c->role == WATCHER && !c->game_id && c->welcomed &&
			    games_started >= games && c->acts++ == 0)
				putf(c, "watch %ld\n", 1 + (i % games));
			if (c->role == HOSTILE && c->fd >= 0 && games_started >= games)
				act(c, now);
			if (c->role == PLAYER && c->move_at > 0 && now >= c->move_at && c->game) {
				int sq;
				char name[4];

				for (sq = 0; sq < 64 && !netgame_legal(c->game, sq); sq++)
					;
				c->move_at = 0;
				if (sq < 64 && c->game->state == NETGAME_PLAY &&
				    (int)c->game->turn == c->color) {
					putf(c, "move %s\n", proto_square_name(sq, name));
					c->sent = true;
					if (c->game_id < max_id)
						sent_at[c->game_id] = now;
				}
			}
			pf[i].fd = c->fd;
			pf[i].events =
			    (short)((c->role == HOSTILE && c->kind == H_DEAF ? 0 : POLLIN) |
				    (c->out_len ? POLLOUT : 0));
			pf[i].revents = 0;
			if (c->out_len)
				write_client(c);
		}
		if (full_rss < 0 && games_started >= games && now - t0 > 2 && pid)
			full_rss = server_rss(pid);
		if (poll(pf, (nfds_t)n_cl, 5) < 0 && errno != EINTR)
			die("poll");
		now = timer_now();
		for (int i = 0; i < n_cl; i++)
			if (cl[i].fd >= 0 && (pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
				read_client(&cl[i], now);
	}
	if (getenv("NETLOAD_TIMELINE"))
		for (int b = 0; b < 1000 && b <= (int)(timer_now() - t0); b++)
			fprintf(stderr, "second %d: %ld moves, %ld over 20 ms, max %.1f ms\n", b,
				bucket_n[b], bucket_slow[b], bucket_max[b]);
	qsort(lat, (size_t)n_lat, sizeof *lat, by_value);
	printf("connections: %d (%ld players, %ld watchers, %ld hostile)\n", n_cl, 2 * games,
	       watchers, hostile);
	printf("games: %ld started, %ld ended in %.1f s\n", games_started, games_ended,
	       timer_now() - t0);
	if (n_lat)
		printf("move to the opponent's update: %ld moves, p50 %.2f ms, p99 %.2f ms, max "
		       "%.2f ms\n",
		       n_lat, lat[n_lat / 2], lat[(long)(n_lat * 0.99)], lat[n_lat - 1]);
	printf("updates the rules refused (an illegal move accepted, or out of step): %ld\n",
	       desyncs);
	printf("hostile moves accepted: %ld (refused moves: %ld)\n", illegal_accepted,
	       refused_moves);
	printf("hostile: %ld connections closed by the server, %ld flood and %ld too-long errors\n",
	       hostile_closed, floods_seen, too_long_seen);
	if (pid && idle_rss > 0 && full_rss > 0)
		printf("server memory: %ld kB idle, %ld kB with every connection: %.1f kB a "
		       "connection\n",
		       idle_rss, full_rss, (double)(full_rss - idle_rss) / n_cl);
	return games_ended >= games && !desyncs && !illegal_accepted ? 0 : 1;
}
