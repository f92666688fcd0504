/*
 * netconn.c — a client's connection to the game server (netconn.h).
 *
 * The socket is non-blocking once the hello is done. Bytes read go to `in`,
 * cut into lines; each whole line is queued as text (a server line is at
 * most PROTO_SERVER_LINE_MAX bytes: a longer one ends the connection as a
 * broken server), and a snapshot or an update is applied to its game's
 * mirror as it is read, so the mirrors are always as the server last said.
 * netconn_next takes the oldest line, splits it and hands it out with its
 * game's mirror. Lines to send wait in `out` until the socket takes them.
 *
 * Replies are counted: each command sent but `pong` expects one final reply
 * (ok, error, or pong for a ping), in order, so netconn_call knows which
 * queued line answers its command and takes that one out of the queue,
 * leaving the events around it for netconn_next.
 */
#include "config.h"

#include "netconn.h"

#include "timer.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

enum { IN_CAP = PROTO_SERVER_LINE_MAX + 4096 };

/* A queued line from the server. */
struct queued {
	char *text;	     /* the line, without its LF (malloc'd) */
	long reply;	     /* the number of the command it answers, 0 for an event */
	struct queued *next; /* the next newer one */
};

struct netconn {
	struct netconn_options opt;	 /* as opened (strings owned below) */
	char *where, *name, *token;	 /* copies of the options' strings */
	int fd;				 /* the socket, -1 when closed */
	char login[PROTO_LOGIN_MAX + 1]; /* as the server named us */
	char handle[PROTO_NAME_MAX + 1]; /* as the server welcomed us */
	char in[IN_CAP];		 /* bytes read, not yet whole lines */
	size_t in_len;			 /* bytes in `in` */
	char *out;			 /* bytes to send */
	size_t out_len, out_cap;	 /* in out, and its size */
	struct queued *head, *tail;	 /* lines read, oldest first */
	long sent;			 /* commands sent that expect a reply */
	long answered;			 /* replies read */
	struct netgame **games;		 /* the mirrors */
	int n_games;			 /* entries in games */
	struct netconn_msg msg;		 /* the message netconn_next handed out last */
	struct proto_line scratch;	 /* the words of a line read, to mirror it */
	bool closed;			 /* the server closed, or the connection broke */
	char why[256];			 /* why it closed */
};

/*
 * Names the default socket into out: $OTHELLO_SOCKET when set, else
 * $XDG_RUNTIME_DIR/othello/socket, else /tmp/othello-UID/socket. For a
 * client, a shared host's /run/othello/socket is taken when the user's own
 * does not exist (see netconn_open). Returns the length, or -1 when it does
 * not fit.
 */
int netconn_default_socket(char *out, size_t outlen)
{
	const char *env = getenv("OTHELLO_SOCKET");
	int n;

	if (env && *env)
		n = snprintf(out, outlen, "%s", env);
	else if ((env = getenv("XDG_RUNTIME_DIR")) && env[0] == '/')
		n = snprintf(out, outlen, "%s/othello/socket", env);
	else
		n = snprintf(out, outlen, "/tmp/othello-%u/socket", (unsigned)getuid());
	return n < 0 || (size_t)n >= outlen ? -1 : n;
}

/* Waits until fd is ready for `events` or `deadline` (timer_now) passes:
   1 ready, 0 time out, -1 error. */
static int wait_fd(int fd, short events, double deadline)
{
	for (;;) {
		struct pollfd p = {.fd = fd, .events = events};
		double left = deadline - timer_now();
		int r;

		if (left <= 0)
			return 0;
		r = poll(&p, 1, (int)(left * 1000) + 1);
		if (r < 0 && errno == EINTR)
			continue;
		return r < 0 ? -1 : r > 0 ? 1 : 0;
	}
}

/* Connects a non-blocking socket of `ai` before deadline; the socket or -1. */
static int connect_to(int family, const struct sockaddr *sa, socklen_t len, double deadline,
		      char *err, size_t errlen, const char *where)
{
	int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0), soerr = 0, r;
	socklen_t sl = sizeof soerr;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", where, strerror(errno));
		return -1;
	}
	if (connect(fd, sa, len) == 0)
		return fd;
	if (errno != EINPROGRESS && errno != EAGAIN) {
		snprintf(err, errlen, "%s: %s", where, strerror(errno));
		close(fd);
		return -1;
	}
	r = wait_fd(fd, POLLOUT, deadline);
	if (r <= 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) < 0 || soerr) {
		snprintf(err, errlen, "%s: %s", where,
			 r == 0 ? "no answer" : strerror(soerr ? soerr : errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* Connects to a Unix socket's path. */
static int connect_unix(const char *path, double deadline, char *err, size_t errlen)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};

	if (strlen(path) >= sizeof sa.sun_path) {
		snprintf(err, errlen, "%s: a socket's path is at most %zu bytes", path,
			 sizeof sa.sun_path - 1);
		return -1;
	}
	strcpy(sa.sun_path, path);
	return connect_to(AF_UNIX, (const struct sockaddr *)&sa, sizeof sa, deadline, err, errlen,
			  path);
}

/* Connects to HOST:PORT ([HOST]:PORT for an IPv6 address). */
static int connect_tcp(const char *where, double deadline, char *err, size_t errlen)
{
	char host[256];
	const char *colon = strrchr(where, ':');
	struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *res, *ai;
	size_t n;
	int fd = -1, r;

	if (!colon || colon == where || !colon[1] || (size_t)(colon - where) >= sizeof host) {
		snprintf(err, errlen, "'%s' is neither a socket's path nor HOST:PORT", where);
		return -1;
	}
	n = (size_t)(colon - where);
	memcpy(host, where, n);
	host[n] = '\0';
	if (host[0] == '[' && n > 2 && host[n - 1] == ']') {
		memmove(host, host + 1, n - 2);
		host[n - 2] = '\0';
	}
	if ((r = getaddrinfo(host, colon + 1, &hints, &res)) != 0) {
		snprintf(err, errlen, "%s: %s", where, gai_strerror(r));
		return -1;
	}
	for (ai = res; ai && fd < 0; ai = ai->ai_next)
		fd = connect_to(ai->ai_family, ai->ai_addr, ai->ai_addrlen, deadline, err, errlen,
				where);
	freeaddrinfo(res);
	return fd;
}

/* Appends bytes to the output; -1 when out of memory. */
static int out_put(struct netconn *c, const char *s, size_t n)
{
	if (c->out_len + n > c->out_cap) {
		size_t cap = c->out_cap ? c->out_cap : 4096;
		char *p;

		while (cap < c->out_len + n)
			cap *= 2;
		if (!(p = realloc(c->out, cap)))
			return -1;
		c->out = p;
		c->out_cap = cap;
	}
	memcpy(c->out + c->out_len, s, n);
	c->out_len += n;
	return 0;
}

/* Marks the connection closed with a reason (the first one is kept). */
static void broke(struct netconn *c, const char *why)
{
	if (!c->closed)
		snprintf(c->why, sizeof c->why, "%s", why);
	c->closed = true;
}

/* Sends what the socket takes now. */
static void flush_out(struct netconn *c)
{
	while (c->out_len && !c->closed) {
		ssize_t n = send(c->fd, c->out, c->out_len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n < 0) {
			broke(c, strerror(errno));
			return;
		}
		memmove(c->out, c->out + n, c->out_len - (size_t)n);
		c->out_len -= (size_t)n;
	}
}

/* The first word of line s, into w[16] (cut). */
static void first_word(const char *s, char w[16])
{
	size_t n = strcspn(s, " \t");

	if (n > 15)
		n = 15;
	memcpy(w, s, n);
	w[n] = '\0';
}

static void mirror(struct netconn *c, const char *text);

/* Queues one line (without its LF) read from the server. A `ping` is
   answered at once and not queued; a reply gets its command's number. */
static void take_line(struct netconn *c, char *s, size_t n)
{
	struct queued *q;
	char w[16];

	if (n && s[n - 1] == '\r')
		n--;
	s[n] = '\0';
	first_word(s, w);
	if (strcmp(w, "ping") == 0) {
		char pong[64];
		const char *arg = s + 4 + strspn(s + 4, " \t");

		snprintf(pong, sizeof pong, "pong %.40s\n", arg);
		if (out_put(c, pong, strlen(pong)) < 0)
			broke(c, "out of memory");
		return;
	}
	if (!(q = calloc(1, sizeof *q)) || !(q->text = strdup(s))) {
		free(q);
		broke(c, "out of memory");
		return;
	}
	if (strcmp(w, "ok") == 0 || strcmp(w, "error") == 0 || strcmp(w, "pong") == 0)
		q->reply = ++c->answered;
	if (strcmp(w, "snapshot") == 0 || strcmp(w, "update") == 0)
		mirror(c, s);
	if (c->tail)
		c->tail->next = q;
	else
		c->head = q;
	c->tail = q;
}

/* Reads what the socket has, queuing whole lines. */
static void read_in(struct netconn *c)
{
	for (;;) {
		ssize_t n = recv(c->fd, c->in + c->in_len, sizeof c->in - c->in_len, 0);
		size_t start = 0;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n <= 0) {
			broke(c, n == 0 ? "the server closed the connection" : strerror(errno));
			return;
		}
		c->in_len += (size_t)n;
		for (size_t i = c->in_len - (size_t)n; i < c->in_len; i++)
			if (c->in[i] == '\n') {
				take_line(c, c->in + start, i - start);
				start = i + 1;
			}
		memmove(c->in, c->in + start, c->in_len - start);
		c->in_len -= start;
		if (c->in_len >= PROTO_SERVER_LINE_MAX) {
			broke(c, "the server sent a line over the protocol's limit");
			return;
		}
	}
}

/*
 * Does the connection's input and output that can be done now, without
 * waiting: call it when the descriptor is ready (netconn_poll_events says
 * for what). Returns 0, or -1 once the connection is closed, with the reason
 * (the server's `bye` text, or what broke) in err.
 */
int netconn_pump(struct netconn *c, char *err, size_t errlen)
{
	if (!c->closed) {
		read_in(c);
		flush_out(c);
	}
	if (c->closed && !c->head) {
		snprintf(err, errlen, "%s", c->why);
		return -1;
	}
	return 0;
}

/* The connection's socket, to poll (-1 when closed). */
int netconn_fd(const struct netconn *c)
{
	return c->closed ? -1 : c->fd;
}

/* What to poll the socket for: POLLIN, and POLLOUT while lines wait to go. */
short netconn_poll_events(const struct netconn *c)
{
	return (short)(POLLIN | (c->out_len ? POLLOUT : 0));
}

/* Queues a line the caller checked (no LF inside), with its LF; counts a
   reply to come unless it is a `pong`. */
static int queue_line(struct netconn *c, const char *line, size_t n, char *err, size_t errlen)
{
	if (c->closed) {
		snprintf(err, errlen, "%s", c->why);
		return -1;
	}
	if (n + 1 > PROTO_LINE_MAX) {
		snprintf(err, errlen, "a line over %d bytes", PROTO_LINE_MAX - 1);
		return -1;
	}
	if (out_put(c, line, n) < 0 || out_put(c, "\n", 1) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (strncmp(line, "pong", 4) != 0 || (line[4] && line[4] != ' '))
		c->sent++;
	flush_out(c);
	return 0;
}

/* Sends a command made of words (quoted as they need). 0, or -1 with a
   message (the connection is closed, the line is too long). */
int netconn_send(struct netconn *c, int argc, const char *const *argv, char *err, size_t errlen)
{
	char line[PROTO_LINE_MAX];
	struct proto_out o;
	int n;

	proto_out_start(&o, line, sizeof line);
	for (int i = 0; i < argc; i++)
		proto_out_word(&o, argv[i]);
	if ((n = proto_out_end(&o)) < 0) {
		snprintf(err, errlen, "a line over %d bytes", PROTO_LINE_MAX - 1);
		return -1;
	}
	return queue_line(c, line, (size_t)n - 1, err, errlen);
}

/* Sends a line as typed (a script's line): it must hold no LF, CR or NUL and
   one word at least. 0, or -1 with a message. */
int netconn_send_line(struct netconn *c, const char *line, char *err, size_t errlen)
{
	size_t n = strlen(line);

	if (strpbrk(line, "\r\n")) {
		snprintf(err, errlen, "a line break inside a command");
		return -1;
	}
	if (strspn(line, " \t") == n) {
		snprintf(err, errlen, "an empty command");
		return -1;
	}
	return queue_line(c, line, n, err, errlen);
}

/* Commands sent whose reply has not been read yet. */
long netconn_unanswered(const struct netconn *c)
{
	return c->sent - c->answered;
}

/* The mirror of game id, or NULL. */
struct netgame *netconn_game(struct netconn *c, long id)
{
	for (int i = 0; i < c->n_games; i++)
		if (c->games[i]->id == id)
			return c->games[i];
	return NULL;
}

/* The mirror of the game this user is seated in and that is not over (the
   newest), or NULL. */
struct netgame *netconn_seated_game(struct netconn *c)
{
	for (int i = c->n_games - 1; i >= 0; i--)
		if (c->games[i]->you != NETGAME_WATCHER && c->games[i]->state != NETGAME_OVER)
			return c->games[i];
	return NULL;
}

/* Drops the mirror of game id (a watcher's game it stopped watching). */
void netconn_forget_game(struct netconn *c, long id)
{
	for (int i = 0; i < c->n_games; i++)
		if (c->games[i]->id == id) {
			netgame_free(c->games[i]);
			memmove(c->games + i, c->games + i + 1,
				sizeof *c->games * (size_t)(c->n_games - i - 1));
			c->n_games--;
			return;
		}
}

/* Keeps g as the mirror of its game (replacing an older one); false when out
   of memory (g is then freed). */
static bool keep_game(struct netconn *c, struct netgame *g)
{
	struct netgame **p;

	netconn_forget_game(c, g->id);
	if (!(p = realloc(c->games, sizeof *p * (size_t)(c->n_games + 1)))) {
		netgame_free(g);
		return false;
	}
	c->games = p;
	c->games[c->n_games++] = g;
	return true;
}

/* Applies a snapshot or an update just read to its game's mirror (a new
   mirror for a snapshot; a mirror out of step is dropped: a new snapshot is
   needed). */
static void mirror(struct netconn *c, const char *text)
{
	struct proto_line *l = &c->scratch;
	char why[200];
	long id;

	if (proto_split(text, strlen(text), l, why, sizeof why) < 2)
		return;
	if (strcmp(l->word[0], "snapshot") == 0) {
		struct netgame *g = netgame_from_snapshot(l, timer_now(), why, sizeof why);

		if (g)
			keep_game(c, g);
	} else if (proto_ms_parse(l->word[1], &id)) {
		struct netgame *g = netconn_game(c, id);

		if (g && netgame_apply(g, l, timer_now(), why, sizeof why) < 0)
			netconn_forget_game(c, id);
	}
}

/* Splits q into c->msg, with its game's mirror; false for a line that is
   not a message of the table (it is skipped). */
static bool hand_out(struct netconn *c, const struct queued *q)
{
	struct netconn_msg *m = &c->msg;
	char why[200];
	long id;

	m->def = NULL;
	m->game = NULL;
	if (proto_split(q->text, strlen(q->text), &m->line, why, sizeof why) <= 0 ||
	    !(m->def = proto_find_message(m->line.word[0])) ||
	    proto_check_fields(m->def, &m->line, why, sizeof why) < 0)
		return false;
	if ((m->def->id == PROTO_MSG_SNAPSHOT || m->def->id == PROTO_MSG_UPDATE) &&
	    proto_ms_parse(m->line.word[1], &id))
		m->game = netconn_game(c, id);
	return true;
}

/* Unlinks and frees queued line q (prev: the one before it, or NULL). */
static void unqueue(struct netconn *c, struct queued *prev, struct queued *q)
{
	if (prev)
		prev->next = q->next;
	else
		c->head = q->next;
	if (c->tail == q)
		c->tail = prev;
	free(q->text);
	free(q);
}

/*
 * The next message read, oldest first, or NULL when none waits (it does not
 * read: netconn_pump or netconn_wait does). The message and its words stay
 * valid until the next call.
 */
const struct netconn_msg *netconn_next(struct netconn *c)
{
	while (c->head) {
		bool ok = hand_out(c, c->head);

		unqueue(c, NULL, c->head);
		if (ok)
			return &c->msg;
	}
	return NULL;
}

/* Waits up to `timeout` seconds for input and reads it; -1 when closed. */
static int wait_input(struct netconn *c, double deadline, char *err, size_t errlen)
{
	int r;

	if (c->closed)
		return netconn_pump(c, err, errlen);
	r = wait_fd(c->fd, netconn_poll_events(c), deadline);
	if (r < 0) {
		broke(c, strerror(errno));
	}
	return netconn_pump(c, err, errlen);
}

/* The next message, waiting up to `timeout` seconds for one; NULL with "no
   message in N s" or the reason the connection closed. */
const struct netconn_msg *netconn_wait(struct netconn *c, double timeout, char *err, size_t errlen)
{
	double deadline = timer_now() + timeout;
	const struct netconn_msg *m;

	for (;;) {
		if ((m = netconn_next(c)))
			return m;
		if (timer_now() >= deadline) {
			snprintf(err, errlen, "nothing from the server in %g s", timeout);
			return NULL;
		}
		if (wait_input(c, deadline, err, errlen) < 0)
			return NULL;
	}
}

/*
 * Sends a command line and waits up to `timeout` seconds for its reply,
 * keeping the events that come before it for netconn_next. Returns 0 for
 * `ok` (or `pong`), 1 for `error`, with the reply's line in `reply`; -1 with
 * a message when the connection closed or no reply came in time.
 */
int netconn_call(struct netconn *c, const char *line, double timeout, char *reply, size_t replylen,
		 char *err, size_t errlen)
{
	double deadline = timer_now() + timeout;
	long mine;

	if (netconn_send_line(c, line, err, errlen) < 0)
		return -1;
	mine = c->sent;
	for (;;) {
		struct queued *prev = NULL;

		for (struct queued *q = c->head; q; prev = q, q = q->next)
			if (q->reply == mine) {
				int st = strncmp(q->text, "error", 5) == 0 ? 1 : 0;

				snprintf(reply, replylen, "%s", q->text);
				unqueue(c, prev, q);
				return st;
			}
		if (c->closed || timer_now() >= deadline) {
			snprintf(err, errlen, "%s",
				 c->closed ? c->why : "no reply from the server in time");
			return -1;
		}
		if (wait_input(c, deadline, err, errlen) < 0 && c->closed && !c->head)
			return -1;
	}
}

/* Reads one line during the hello, before deadline, into line[len]; -1 with
   a message when none comes. */
static int hello_line(struct netconn *c, double deadline, struct proto_line *l, char *err,
		      size_t errlen)
{
	for (;;) {
		if (c->head) {
			struct queued *q = c->head;
			int n = proto_split(q->text, strlen(q->text), l, err, errlen);

			unqueue(c, NULL, q);
			if (n > 0)
				return n;
			continue;
		}
		if (c->closed || wait_fd(c->fd, POLLIN, deadline) <= 0) {
			snprintf(err, errlen, "%s",
				 c->closed ? c->why : "no hello from the server");
			return -1;
		}
		read_in(c);
	}
}

/* The user's login, for the name asked when none is given. */
static void own_login(char *out, size_t len)
{
	struct passwd pw, *res = NULL;
	char buf[4096];

	if (getpwuid_r(getuid(), &pw, buf, sizeof buf, &res) == 0 && res)
		snprintf(out, len, "%s", res->pw_name);
	else
		snprintf(out, len, "player");
}

/* Connects and says hello (see netconn_open); the socket stays in c->fd. */
static int start(struct netconn *c, char *err, size_t errlen)
{
	struct proto_line *l = &c->msg.line; /* the hello's lines */
	double deadline = timer_now() + (c->opt.timeout > 0 ? c->opt.timeout : 10);
	char path[4096], name[PROTO_LOGIN_MAX + 1], version[16];
	const char *where = c->where, *words[5];
	int n;

	if (!where) {
		if (netconn_default_socket(path, sizeof path) < 0) {
			snprintf(err, errlen, "the default socket's path is too long");
			return -1;
		}
		if (!getenv("OTHELLO_SOCKET") && access(path, F_OK) != 0 &&
		    access("/run/othello/socket", F_OK) == 0)
			snprintf(path, sizeof path, "/run/othello/socket");
		where = path;
	}
	c->fd = strchr(where, '/') ? connect_unix(where, deadline, err, errlen)
				   : connect_tcp(where, deadline, err, errlen);
	if (c->fd < 0)
		return -1;
	c->closed = false;
	c->in_len = c->out_len = 0;
	c->sent = c->answered = 0;
	if (hello_line(c, deadline, l, err, errlen) < 0)
		return -1;
	if (strcmp(l->word[0], "hello") != 0 || l->argc < 2) {
		snprintf(err, errlen, "%s does not speak the game server's protocol", where);
		return -1;
	}
	if (c->name)
		snprintf(name, sizeof name, "%s", c->name);
	else
		own_login(name, sizeof name);
	if (!proto_name_valid(name))
		snprintf(name, sizeof name, "player");
	snprintf(version, sizeof version, "%d", PROTO_VERSION);
	n = 0;
	words[n++] = "hello";
	words[n++] = version;
	words[n++] = name;
	if (c->token || c->opt.bot)
		words[n++] = c->token ? c->token : "-";
	if (c->opt.bot)
		words[n++] = "bot";
	if (netconn_send(c, n, words, err, errlen) < 0)
		return -1;
	c->sent = 0; /* the hello's answer is `welcome`, not a reply */
	while (!c->out_len || wait_fd(c->fd, POLLOUT, deadline) > 0) {
		flush_out(c);
		if (!c->out_len)
			break;
	}
	if (hello_line(c, deadline, l, err, errlen) < 0)
		return -1;
	if (strcmp(l->word[0], "welcome") != 0 || l->argc < 4) {
		snprintf(err, errlen, "%s: %s", where,
			 strcmp(l->word[0], "bye") == 0 && l->argc >= 3 ? l->word[2] : "refused");
		return -1;
	}
	snprintf(c->handle, sizeof c->handle, "%s", l->word[2]);
	snprintf(c->login, sizeof c->login, "%s", l->word[3]);
	return 0;
}

/* Frees what a connection holds but itself. */
static void clear(struct netconn *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	while (c->head)
		unqueue(c, NULL, c->head);
	for (int i = 0; i < c->n_games; i++)
		netgame_free(c->games[i]);
	free(c->games);
	c->games = NULL;
	c->n_games = 0;
}

/*
 * Connects to the server `opt` names and says hello, waiting at most the
 * options' time-out. Returns the connection, welcomed, or NULL with a message
 * (no server there, refused, the server's `bye` text).
 */
struct netconn *netconn_open(const struct netconn_options *opt, char *err, size_t errlen)
{
	struct netconn *c = calloc(1, sizeof *c);

	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->opt = *opt;
	c->fd = -1;
	if ((opt->where && !(c->where = strdup(opt->where))) ||
	    (opt->name && !(c->name = strdup(opt->name))) ||
	    (opt->token && !(c->token = strdup(opt->token)))) {
		snprintf(err, errlen, "out of memory");
		netconn_close(c);
		return NULL;
	}
	if (start(c, err, errlen) < 0) {
		netconn_close(c);
		return NULL;
	}
	return c;
}

/* Connects again after the connection broke, as it was opened; the mirrors
   and the lines not read are dropped (the server sends the game again).
   0, or -1 with a message. */
int netconn_reconnect(struct netconn *c, char *err, size_t errlen)
{
	clear(c);
	return start(c, err, errlen);
}

/* Closes the connection and frees it (NULL is fine). */
void netconn_close(struct netconn *c)
{
	if (!c)
		return;
	clear(c);
	free(c->out);
	free(c->where);
	free(c->name);
	free(c->token);
	free(c);
}

/* The handle the server welcomed us with. */
const char *netconn_name(const struct netconn *c)
{
	return c->handle;
}

/* The login the server found for us. */
const char *netconn_login(const struct netconn *c)
{
	return c->login;
}
