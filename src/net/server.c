/*
 * server.c — `othello serve`'s loop: one libevent loop owns every
 * connection, every game's timer and the signals; no handler blocks.
 *
 * Why libevent (src/README says it too): buffered sockets with their input
 * and output kept for us (each connection's lines in, its capped output),
 * timers for clocks and pings, signals folded into the loop, and a backend
 * (epoll here) chosen out of sight, as tmux, memcached and Tor use it. A
 * hand-written poll() loop would need all of that written again.
 *
 * A connection: accepted (its identity found at once on a Unix socket, see
 * server-auth.c), greeted with `hello`, then its lines are read one by one:
 * a line over PROTO_LINE_MAX is dropped with an error (three close the
 * connection), a line beyond the rate limit (a token bucket: --rate lines a
 * second, --burst at once) is dropped with an error (twenty in a row close
 * it), the others go to the command table (server-cmd.c). The tick, four
 * times a second, closes connections that did not say hello in time, pings
 * silent ones and closes those that do not answer (a half-open connection),
 * and closes those told bye that do not read it. A dead connection is freed
 * by the reaper, outside every handler.
 *
 * The bots (--bot) are child processes that connect to the Unix socket as
 * any client does (bot.c); one that dies is started again, later each time.
 */
#include "config.h"

#include "server-int.h"

#include "bot.h"
#include "netconn.h"
#include "timer.h"

#include <errno.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <fcntl.h>
#include <math.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
	FLOODS_MAX = 20,  /* lines dropped by the rate limit in a row before the close */
	TOO_LONG_MAX = 3, /* lines dropped for their length before the close */
};

/* The options of a server nobody tuned. */
void server_options_default(struct server_options *o)
{
	memset(o, 0, sizeof *o);
	o->socket_mode = 0600;
	o->control.base_ms = 5 * 60 * 1000;
	o->grace = 60;
	o->ping = 30;
	o->lag = 1;
	o->hello_timeout = 10;
	o->max_connections = 4096;
	o->max_per_login = 32;
	o->max_watch = 16;
	o->max_watchers = 1000;
	o->max_output = 256 * 1024;
	o->rate = 20;
	o->burst = 60;
	o->log = stderr;
}

/* Frees a dead connection (the reaper's part). */
static void conn_free(struct conn *c)
{
	struct server *s = c->srv;

	if (c->prev)
		c->prev->next = c->next;
	else
		s->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	s->n_conns--;
	bufferevent_free(c->bev);
	free(c->watching);
	free(c);
}

/* The reaper: lets every dead connection's games and offers go (which may
   kill others: it goes round until none is left) and frees them. */
static void reap(evutil_socket_t fd, short what, void *arg)
{
	struct server *s = arg;
	bool again = true;

	(void)fd;
	(void)what;
	while (again) {
		again = false;
		for (struct conn *c = s->conns, *next; c; c = next) {
			next = c->next;
			if (!c->dead)
				continue;
			if (s->opt.verbose)
				srv_log(s, "connection %ld (%s): closed", c->serial,
					c->name[0]    ? c->name
					: c->login[0] ? c->login
						      : c->peer);
			cmd_gone(c);
			conn_free(c);
			again = true;
			break; /* cmd_gone may have killed `next` */
		}
	}
	if (s->stopping && !s->conns)
		event_base_loopexit(s->base, NULL);
}

/* A line dropped for its length; the third closes the connection. */
static void too_long(struct conn *c)
{
	if (++c->too_long >= TOO_LONG_MAX) {
		conn_bye(c, "too-long", "lines over 4096 bytes, again and again");
		return;
	}
	conn_error(c, "-", "too-long", "a line over %d bytes was dropped", PROTO_LINE_MAX - 1);
}

/* Takes one line's token from c's bucket; false (an error line sent, the
   line to be dropped) when it has none. */
static bool take_token(struct conn *c, double now)
{
	const struct server_options *o = &c->srv->opt;

	c->tokens += (now - c->tokens_at) * o->rate;
	c->tokens_at = now;
	if (c->tokens > o->burst) {
		c->tokens = o->burst;
		c->floods = 0;
	}
	if (c->tokens >= 1) {
		c->tokens -= 1;
		return true;
	}
	if (++c->floods >= FLOODS_MAX)
		conn_bye(c, "flood", "too many lines too fast");
	else
		conn_error(c, "-", "flood", "more than %g lines a second: the line was dropped",
			   o->rate);
	return false;
}

/* Reads c's whole lines and runs them (see the file comment). */
static void conn_read(struct bufferevent *bev, void *arg)
{
	struct conn *c = arg;
	struct server *s = c->srv;
	struct evbuffer *in = bufferevent_get_input(bev);
	char line[PROTO_LINE_MAX];

	while (!c->dead && !c->closing) {
		size_t eol_len = 0, have = evbuffer_get_length(in);
		struct evbuffer_ptr at = evbuffer_search_eol(in, NULL, &eol_len, EVBUFFER_EOL_LF);
		char why[200];
		double now;

		if (at.pos < 0) {
			if (have >= PROTO_LINE_MAX) {
				evbuffer_drain(in, have);
				if (!c->discarding)
					too_long(c);
				c->discarding = true;
			}
			return;
		}
		if (c->discarding || (size_t)at.pos + 1 > PROTO_LINE_MAX) {
			evbuffer_drain(in, (size_t)at.pos + 1);
			if (!c->discarding)
				too_long(c);
			c->discarding = false;
			continue;
		}
		evbuffer_remove(in, line, (size_t)at.pos + 1);
		now = srv_now();
		c->heard = now;
		if (!take_token(c, now))
			continue;
		if (proto_split(line, (size_t)at.pos + 1, s->line, why, sizeof why) < 0) {
			conn_error(c, "-", "syntax", "%s", why);
			continue;
		}
		cmd_run(c, s->line);
	}
}

/* The socket closed or broke: the connection goes. */
static void conn_event(struct bufferevent *bev, short what, void *arg)
{
	(void)bev;
	if (what & (BEV_EVENT_EOF | BEV_EVENT_ERROR))
		conn_kill(arg);
}

/* Refuses a connection that is not taken into the loop: one line, then the
   socket is closed. */
static void refuse(evutil_socket_t fd, const char *code, const char *text)
{
	char line[300];
	int n = snprintf(line, sizeof line, "bye %s \"%s\"\n", code, text);

	if (send(fd, line, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
		/* it closes all the same */
	}
	evutil_closesocket(fd);
}

/* A new connection on either listener (arg: the server; the listener tells
   which). */
static void accept_conn(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa,
			int salen, void *arg)
{
	struct server *s = arg;
	struct conn *c;
	double now = srv_now();
	uid_t uid = (uid_t)-1;
	char login[PROTO_LOGIN_MAX + 1] = "";
	bool tcp = sa->sa_family == AF_INET || sa->sa_family == AF_INET6;

	(void)l;
	if (s->stopping) {
		refuse(fd, "shutdown", "the server is stopping");
		return;
	}
	if (s->n_conns >= s->opt.max_connections) {
		refuse(fd, "limit", "the server has as many connections as it takes");
		return;
	}
	if (!tcp) {
		if (auth_peer_unix(fd, &uid, login, sizeof login) < 0) {
			refuse(fd, "auth", "the kernel does not say who you are");
			return;
		}
	} else if (auth_loopback(sa)) {
		struct sockaddr_storage local;
		socklen_t len = sizeof local;

		if (getsockname(fd, (struct sockaddr *)&local, &len) < 0 ||
		    auth_peer_tcp((struct sockaddr *)&local, sa, &uid, login, sizeof login) < 0)
			login[0] = '\0'; /* a token must say */
	}
	if (login[0] && !auth_allowed(s, uid, login)) {
		srv_log(s, "%s refused: not allowed in (--allow)", login);
		refuse(fd, "auth", "this server does not let you in");
		return;
	}
	if (login[0]) { /* kept as every line shows it (a login may hold any byte) */
		char raw[sizeof login];

		snprintf(raw, sizeof raw, "%s", login);
		proto_clean(raw, strlen(raw), login, sizeof login);
	}
	if (login[0] && srv_login_count(s, login) >= s->opt.max_per_login) {
		refuse(fd, "limit", "too many connections of your login");
		return;
	}
	if (!(c = calloc(1, sizeof *c)) ||
	    !(c->bev = bufferevent_socket_new(s->base, fd, BEV_OPT_CLOSE_ON_FREE))) {
		free(c);
		evutil_closesocket(fd);
		return;
	}
	c->srv = s;
	c->serial = ++s->next_serial;
	c->tcp = tcp;
	snprintf(c->login, sizeof c->login, "%s", login);
	if (tcp) {
		char host[64] = "?";

		getnameinfo(sa, (socklen_t)salen, host, sizeof host, NULL, 0, NI_NUMERICHOST);
		snprintf(c->peer, sizeof c->peer, "%s", host);
	} else {
		snprintf(c->peer, sizeof c->peer, "unix");
	}
	c->since = c->heard = c->tokens_at = now;
	c->tokens = s->opt.burst;
	c->next = s->conns;
	if (s->conns)
		s->conns->prev = c;
	s->conns = c;
	s->n_conns++;
	bufferevent_setcb(c->bev, conn_read, NULL, conn_event, c);
	bufferevent_enable(c->bev, EV_READ | EV_WRITE);
	if (s->opt.verbose)
		srv_log(s, "connection %ld from %s%s%s", c->serial, c->peer, login[0] ? " by " : "",
			login);
	conn_sendf(c, "hello %d othello-master %s", PROTO_VERSION, PACKAGE_VERSION);
}

/* The tick: hello time-outs, pings, closes that did not happen (see the file
   comment). */
static void tick(evutil_socket_t fd, short what, void *arg)
{
	struct server *s = arg;
	double now = srv_now();

	(void)fd;
	(void)what;
	for (struct conn *c = s->conns; c; c = c->next) {
		if (c->dead)
			continue;
		if (c->closing) {
			if (now - c->closing > 2)
				conn_kill(c);
		} else if (!c->welcomed &&
			   now - c->since > fmin(s->opt.hello_timeout, s->opt.ping)) {
			conn_bye(c, "timeout", "no hello in time");
		} else if (c->pinged && now - c->pinged > s->opt.ping) {
			srv_log(s, "connection %ld (%s): no answer to a ping, closed", c->serial,
				c->name[0] ? c->name : c->peer);
			conn_bye(c, "timeout", "no answer to a ping");
		} else if (!c->pinged && c->welcomed && now - c->heard > s->opt.ping) {
			c->pinged = now;
			conn_sendf(c, "ping %ld", ++c->ping_no);
		}
	}
}

/* Starts bot i: a child process that plays as a client (bot.c). */
static void bot_start(struct server *s, int i)
{
	pid_t pid;

	fflush(NULL);
	if ((pid = fork()) < 0) {
		srv_log(s, "bot %s: %s", s->opt.bots[i], strerror(errno));
		return;
	}
	if (pid == 0) {
		struct bot_options bo = {0};
		struct sigaction dfl = {.sa_handler = SIG_DFL};
		char err[512];
		int st;

		prctl(PR_SET_PDEATHSIG, SIGTERM);
		for (int sig = 1; sig < NSIG; sig++)
			if (sig != SIGKILL && sig != SIGSTOP)
				sigaction(sig, &dfl, NULL);
		signal(SIGPIPE, SIG_IGN);
		for (int f = 3; f < 65536; f++)
			close(f);
		bo.where = s->socket_path;
		bo.spec = s->opt.bots[i];
		bo.log = s->opt.log;
		bo.reconnect = false;
		st = bot_run(&bo, err, sizeof err);
		if (st != 0)
			fprintf(stderr, "othello serve: bot %s: %s\n", bo.spec, err);
		fflush(NULL);
		_exit(st ? 1 : 0);
	}
	s->bot_pid[i] = pid;
	s->bot_started[i] = srv_now();
}

/* Starts the bots that are not running (the timer's callback: a bot that
   died waits a little before it starts again). */
static void bots_due(evutil_socket_t fd, short what, void *arg)
{
	struct server *s = arg;

	(void)fd;
	(void)what;
	for (int i = 0; i < s->opt.n_bots; i++)
		if (!s->bot_pid[i] && !s->stopping)
			bot_start(s, i);
}

/* SIGCHLD: a bot ended; it starts again in 5 seconds. */
static void child_ended(evutil_socket_t fd, short what, void *arg)
{
	struct server *s = arg;
	struct timeval later = {5, 0};
	pid_t pid;
	int st;

	(void)fd;
	(void)what;
	while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
		for (int i = 0; i < s->opt.n_bots; i++)
			if (s->bot_pid[i] == pid) {
				s->bot_pid[i] = 0;
				if (!s->stopping) {
					srv_log(s, "bot %s ended (%s %d); it starts again in 5 s",
						s->opt.bots[i], WIFEXITED(st) ? "status" : "signal",
						WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
					evtimer_add(s->bot_timer, &later);
				}
			}
}

/* Ends the bots' processes: asked, then told. */
static void bots_stop(struct server *s)
{
	double until = srv_now() + 3;

	for (int i = 0; i < s->opt.n_bots; i++)
		if (s->bot_pid[i])
			kill(s->bot_pid[i], SIGTERM);
	for (int i = 0; i < s->opt.n_bots; i++)
		while (s->bot_pid[i]) {
			pid_t r = waitpid(s->bot_pid[i], NULL, WNOHANG);

			if (r == s->bot_pid[i] || (r < 0 && errno != EINTR)) {
				s->bot_pid[i] = 0;
			} else if (srv_now() > until) {
				kill(s->bot_pid[i], SIGKILL);
				waitpid(s->bot_pid[i], NULL, 0);
				s->bot_pid[i] = 0;
			} else {
				usleep(20000);
			}
		}
}

/* SIGTERM, SIGINT: the server stops cleanly. Every game in play is paused
   in its journal with its clocks (it comes back at the next start), every
   client is told, and the loop ends once they are gone (or a second later). */
static void stop(evutil_socket_t fd, short what, void *arg)
{
	struct server *s = arg;
	struct timeval second = {1, 0};
	long kept = 0;

	(void)fd;
	(void)what;
	if (s->stopping) {
		event_base_loopexit(s->base, NULL);
		return;
	}
	s->stopping = true;
	for (struct sgame *sg = s->games; sg; sg = sg->next)
		kept += netgame_in_progress(sg->g);
	srv_log(s, "stopping: %ld games in play kept, %ld moves played since the start", kept,
		s->moves);
	sgame_stop_all(s);
	for (struct conn *c = s->conns; c; c = c->next) {
		conn_notice(c, "the server stops; games in play are kept");
		conn_bye(c, "shutdown", "the server stops");
	}
	if (s->unix_l)
		evconnlistener_disable(s->unix_l);
	if (s->tcp_l)
		evconnlistener_disable(s->tcp_l);
	event_base_loopexit(s->base, &second);
	event_active(s->reaper, EV_TIMEOUT, 0);
}

/* SIGHUP: the token file is read again. */
static void reload(evutil_socket_t fd, short what, void *arg)
{
	struct server *s = arg;
	char err[512];

	(void)fd;
	(void)what;
	if (!s->opt.token_file)
		return;
	if (auth_load_tokens(s, err, sizeof err) < 0)
		srv_log(s, "%s: tokens not reloaded", err);
	else
		srv_log(s, "%d tokens", s->n_tokens);
}

/* The sockets systemd passed (socket activation): how many, from fd 3. */
static int inherited_sockets(void)
{
	const char *pid = getenv("LISTEN_PID"), *fds = getenv("LISTEN_FDS");

	if (!pid || !fds || strtol(pid, NULL, 10) != (long)getpid())
		return 0;
	return (int)strtol(fds, NULL, 10);
}

/* Makes the Unix socket at path: a stale one (nobody answers) is replaced, a
   live one is an error. The listening descriptor, or -1 with a message. */
static int unix_socket(struct server *s, const char *path, char *err, size_t errlen)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	char dir[sizeof sa.sun_path];
	char *slash;
	int fd;
	mode_t old;

	if (strlen(path) >= sizeof sa.sun_path) {
		snprintf(err, errlen, "%s: a socket's path is at most %zu bytes", path,
			 sizeof sa.sun_path - 1);
		return -1;
	}
	strcpy(sa.sun_path, path);
	snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", dir, strerror(errno));
			return -1;
		}
	}
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0) {
		snprintf(err, errlen, "%s: a server is running there already", path);
		close(fd);
		return -1;
	}
	if (errno == ECONNREFUSED)
		unlink(path); /* a socket nobody listens on: left by a crash */
	old = umask(0777 & ~(mode_t)s->opt.socket_mode);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		umask(old);
		close(fd);
		return -1;
	}
	umask(old);
	chmod(path, (mode_t)s->opt.socket_mode);
	snprintf(s->socket_path, sizeof s->socket_path, "%s", path);
	return fd;
}

/* Makes the TCP listener of --listen ADDR:PORT (or PORT: the loopback). Any
   address but the loopback needs tokens. The descriptor, or -1. */
static int tcp_socket(struct server *s, char *err, size_t errlen)
{
	char host[256] = "127.0.0.1";
	const char *spec = s->opt.listen, *colon = strrchr(spec, ':'),
		   *port = colon ? colon + 1 : spec;
	struct addrinfo hints = {.ai_socktype = SOCK_STREAM,
				 .ai_flags = AI_PASSIVE | AI_NUMERICHOST},
			*res;
	int fd, one = 1, r;

	if (colon) {
		size_t n = (size_t)(colon - spec);

		if (n >= sizeof host) {
			snprintf(err, errlen, "--listen: '%s' is not ADDR:PORT", spec);
			return -1;
		}
		memcpy(host, spec, n);
		host[n] = '\0';
		if (host[0] == '[' && n > 2 && host[n - 1] == ']') {
			memmove(host, host + 1, n - 2);
			host[n - 2] = '\0';
		}
	}
	if ((r = getaddrinfo(host, port, &hints, &res)) != 0) {
		snprintf(err, errlen, "--listen: '%s': %s (a numeric address, and a port)", spec,
			 gai_strerror(r));
		return -1;
	}
	if (!auth_loopback(res->ai_addr) && !s->opt.token_file) {
		snprintf(err, errlen,
			 "--listen %s: an address that is not the loopback needs --token-file",
			 spec);
		freeaddrinfo(res);
		return -1;
	}
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
	    bind(fd, res->ai_addr, res->ai_addrlen) < 0) {
		snprintf(err, errlen, "--listen %s: %s", spec, strerror(errno));
		if (fd >= 0)
			close(fd);
		freeaddrinfo(res);
		return -1;
	}
	if (!auth_loopback(res->ai_addr))
		srv_log(s,
			"listening on %s: the traffic there is NOT encrypted (use SSH to reach the "
			"server from another host)",
			spec);
	freeaddrinfo(res);
	return fd;
}

/* Makes a listener of fd in the loop. */
static struct evconnlistener *listener(struct server *s, int fd, char *err, size_t errlen)
{
	struct evconnlistener *l;

	evutil_make_socket_nonblocking(fd);
	l = evconnlistener_new(s->base, accept_conn, s,
			       LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, SOMAXCONN, fd);
	if (!l) {
		snprintf(err, errlen, "cannot listen: %s", strerror(errno));
		close(fd);
	}
	return l;
}

/* Opens the listeners: the sockets systemd passed, else the Unix socket and,
   with --listen, the TCP one. 0, or -1 with a message. */
static int listen_all(struct server *s, char *err, size_t errlen)
{
	int inherited = inherited_sockets();
	char path[4096];

	for (int fd = 3; fd < 3 + inherited; fd++) {
		struct sockaddr_storage sa;
		socklen_t len = sizeof sa;
		struct evconnlistener **slot;

		if (getsockname(fd, (struct sockaddr *)&sa, &len) < 0)
			continue;
		slot = sa.ss_family == AF_UNIX ? &s->unix_l : &s->tcp_l;
		if (*slot)
			continue;
		if (sa.ss_family == AF_UNIX) {
			struct sockaddr_un *un = (struct sockaddr_un *)&sa;

			snprintf(s->socket_path, sizeof s->socket_path, "%.*s",
				 (int)sizeof s->socket_path - 1, un->sun_path);
		}
		if (!(*slot = listener(s, fd, err, errlen)))
			return -1;
	}
	if (inherited) {
		srv_log(s, "%d sockets from systemd", inherited);
		return 0;
	}
	if (s->opt.socket_path)
		snprintf(path, sizeof path, "%s", s->opt.socket_path);
	else if (netconn_default_socket(path, sizeof path) < 0) {
		snprintf(err, errlen, "the default socket's path is too long: give --socket");
		return -1;
	}
	/* TCP first: the Unix socket appearing is the sign, to whoever waits
	   for it, that every listener is open */
	if (s->opt.listen) {
		int fd = tcp_socket(s, err, errlen);

		if (fd < 0 || listen(fd, SOMAXCONN) < 0 ||
		    !(s->tcp_l = listener(s, fd, err, errlen)))
			return -1;
	}
	{
		int fd = unix_socket(s, path, err, errlen);

		if (fd < 0 || listen(fd, SOMAXCONN) < 0 ||
		    !(s->unix_l = listener(s, fd, err, errlen)))
			return -1;
	}
	return 0;
}

/* Lifts the soft limit of open descriptors to the hard one (a thousand
   connections need more than the usual 1024). */
static void more_descriptors(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/* Frees what the server holds, the socket file removed. */
static void teardown(struct server *s)
{
	while (s->conns)
		conn_free(s->conns);
	while (s->games)
		sgame_free(s->games);
	if (s->unix_l)
		evconnlistener_free(s->unix_l);
	if (s->tcp_l)
		evconnlistener_free(s->tcp_l);
	if (s->socket_path[0] && !inherited_sockets())
		unlink(s->socket_path);
	struct event *evs[] = {s->tick,	    s->reaper,	s->sig_term, s->sig_int,
			       s->sig_chld, s->sig_hup, s->bot_timer};
	for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++)
		if (evs[i])
			event_free(evs[i]);
	if (s->base)
		event_base_free(s->base);
	auth_free_tokens(s);
	store_close(s);
	free(s->big);
	free(s->line);
}

/*
 * Runs the server until SIGTERM or SIGINT: the directory opened and its
 * games restored, the listeners made, the bots started, then the loop.
 * Returns 0 after a clean stop (SIGTERM and SIGINT then blocked, for the
 * caller to exit), -1 with a message when it cannot start.
 */
int server_run(const struct server_options *o, char *err, size_t errlen)
{
	struct server srv, *s = &srv;
	struct timeval quarter = {0, 250000};
	struct passwd pw, *res = NULL;
	char buf[4096];
	int restored, st = -1;

	memset(s, 0, sizeof *s);
	s->opt = *o;
	s->lock_fd = -1;
	s->uid = getuid();
	if (getpwuid_r(s->uid, &pw, buf, sizeof buf, &res) == 0 && res)
		snprintf(s->login, sizeof s->login, "%s", res->pw_name);
	s->rng = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	signal(SIGPIPE, SIG_IGN);
	more_descriptors();
	if (!(s->big = malloc(PROTO_SERVER_LINE_MAX)) || !(s->line = malloc(sizeof *s->line)) ||
	    !(s->base = event_base_new())) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (store_open(s, err, errlen) < 0)
		goto out;
	if (s->opt.token_file && auth_load_tokens(s, err, errlen) < 0)
		goto out;
	s->reaper = event_new(s->base, -1, 0, reap, s);
	s->tick = event_new(s->base, -1, EV_PERSIST, tick, s);
	s->sig_term = evsignal_new(s->base, SIGTERM, stop, s);
	s->sig_int = evsignal_new(s->base, SIGINT, stop, s);
	s->sig_hup = evsignal_new(s->base, SIGHUP, reload, s);
	s->sig_chld = evsignal_new(s->base, SIGCHLD, child_ended, s);
	s->bot_timer = evtimer_new(s->base, bots_due, s);
	if (!s->reaper || !s->tick || !s->sig_term || !s->sig_int || !s->sig_hup || !s->sig_chld ||
	    !s->bot_timer) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if ((restored = store_restore(s, sgame_adopt, err, errlen)) < 0)
		goto out;
	if (listen_all(s, err, errlen) < 0)
		goto out;
	evsignal_add(s->sig_term, NULL);
	evsignal_add(s->sig_int, NULL);
	evsignal_add(s->sig_hup, NULL);
	evsignal_add(s->sig_chld, NULL);
	evtimer_add(s->tick, &quarter);
	srv_log(s, "%s%s%s, directory %s, %d games back, %s", s->socket_path[0] ? "socket " : "",
		s->socket_path, s->tcp_l ? " and TCP" : "", s->opt.dir, restored,
		s->opt.sync ? "each move synced to the disk"
			    : "each move written before it is sent");
	bots_due(-1, 0, s);
	event_base_dispatch(s->base);
	/* The stop is under way: a late SIGTERM or SIGINT (timeout(1) and
	   systemd signal the whole process group, so one often comes twice)
	   must not cut the teardown short once the loop's handlers are gone
	   (freeing them puts back the default action). They stay blocked: the
	   caller exits after this returns. */
	{
		sigset_t late;

		sigemptyset(&late);
		sigaddset(&late, SIGTERM);
		sigaddset(&late, SIGINT);
		sigprocmask(SIG_BLOCK, &late, NULL);
	}
	bots_stop(s);
	srv_log(s, "stopped");
	st = 0;
out:
	teardown(s);
	return st;
}
