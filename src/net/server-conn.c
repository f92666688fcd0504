/*
 * server-conn.c — the game server's lines out: to one connection (with the
 * cap on what a slow reader may leave waiting), to the lobby, a `bye` and a
 * close; the lobby's `user` and `offer` lines; the log.
 *
 * A connection is never freed here: conn_kill marks it dead, stops its
 * input and wakes the reaper of server.c, which lets its games and offers go
 * and frees it when no handler holds it any more. A line to a dead
 * connection is dropped.
 */
#include "config.h"

#include "server-int.h"

#include "timer.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The server's clock: monotonic seconds. */
double srv_now(void)
{
	return timer_now();
}

/* Writes a line to the log (stderr, which journald takes for a service),
   whole, with one call (the records' writer thread logs too). */
void srv_log(struct server *s, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n = snprintf(line, sizeof line, "othello serve: ");

	if (!s->opt.log)
		return;
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
	va_end(ap);
	strcat(line, "\n");
	fputs(line, s->opt.log);
	fflush(s->opt.log);
}

/* Closes c now, without a word: it is marked dead, and the reaper frees it. */
void conn_kill(struct conn *c)
{
	if (c->dead)
		return;
	c->dead = true;
	bufferevent_disable(c->bev, EV_READ | EV_WRITE);
	event_active(c->srv->reaper, EV_TIMEOUT, 0);
}

/*
 * Queues a line (with its LF) for c. A connection whose waiting output would
 * pass the cap (--max-output) does not read what it is sent: it is dropped,
 * so that it never holds up anyone else.
 */
void conn_send(struct conn *c, const char *line, size_t len)
{
	struct evbuffer *out;

	if (c->dead)
		return;
	out = bufferevent_get_output(c->bev);
	if (evbuffer_get_length(out) + len > (size_t)c->srv->opt.max_output) {
		srv_log(c->srv, "connection %ld (%s): dropped, %zu bytes it did not read",
			c->serial, c->name[0] ? c->name : c->login, evbuffer_get_length(out));
		conn_kill(c);
		return;
	}
	if (evbuffer_add(out, line, len) < 0)
		conn_kill(c);
}

/* Sends a line that proto_out wrote (dropped if it overflowed). */
void conn_send_out(struct conn *c, struct proto_out *o)
{
	int n = proto_out_end(o);

	if (n > 0)
		conn_send(c, o->buf, (size_t)n);
}

/* Sends a line made with printf's format (its words bare: numbers, names,
   words of the protocol); the LF is added. */
void conn_sendf(struct conn *c, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof line - 1)
		return;
	line[n++] = '\n';
	conn_send(c, line, (size_t)n);
}

/* Sends a line of the words given (n of them) and a text made with
   printf's format, cleaned. */
static void send_text(struct conn *c, const char *const *words, int n, const char *fmt, va_list ap)
{
	char text[512], line[1024];
	struct proto_out o;

	vsnprintf(text, sizeof text, fmt, ap);
	proto_out_start(&o, line, sizeof line);
	for (int i = 0; i < n; i++)
		proto_out_word(&o, words[i]);
	proto_out_text(&o, text);
	conn_send_out(c, &o);
}

/* Sends `error CMD CODE TEXT`. */
void conn_error(struct conn *c, const char *cmd, const char *code, const char *fmt, ...)
{
	const char *words[3] = {"error", cmd, code};
	va_list ap;

	va_start(ap, fmt);
	send_text(c, words, 3, fmt, ap);
	va_end(ap);
}

/* Sends `notice TEXT`, TEXT made with printf's format. */
void conn_notice(struct conn *c, const char *fmt, ...)
{
	const char *words[1] = {"notice"};
	va_list ap;

	va_start(ap, fmt);
	send_text(c, words, 1, fmt, ap);
	va_end(ap);
}

/* Counts the live connections of a login. */
long srv_login_count(struct server *s, const char *login)
{
	long n = 0;

	for (struct conn *c = s->conns; c; c = c->next)
		if (!c->dead && strcmp(c->login, login) == 0)
			n++;
	return n;
}

/* The write callback of a connection that said bye: closes it once its
   output is gone. */
static void bye_written(struct bufferevent *bev, void *arg)
{
	(void)bev;
	conn_kill(arg);
}

/* Sends `bye CODE TEXT`, then closes c once the line is out (the tick
   closes it anyway a little later if it does not read). */
void conn_bye(struct conn *c, const char *code, const char *text)
{
	char line[600];
	struct proto_out o;

	if (c->dead || c->closing)
		return;
	proto_out_start(&o, line, sizeof line);
	proto_out_word(&o, "bye");
	proto_out_word(&o, code);
	proto_out_text(&o, text);
	conn_send_out(c, &o);
	if (c->dead)
		return;
	c->closing = srv_now();
	bufferevent_disable(c->bev, EV_READ);
	bufferevent_setcb(c->bev, NULL, bye_written, NULL, c);
	bufferevent_enable(c->bev, EV_WRITE);
	if (evbuffer_get_length(bufferevent_get_output(c->bev)) == 0)
		conn_kill(c);
}

/* The welcomed connection whose handle is `name` (any case), or NULL. */
struct conn *srv_user(struct server *s, const char *name)
{
	for (struct conn *c = s->conns; c; c = c->next)
		if (c->welcomed && !c->dead && !c->closing && proto_name_equal(c->name, name))
			return c;
	return NULL;
}

/* Sends a line to the lobby: every welcomed user that asked for `who` or
   `games` (a lobby's view) and is not seated in a game in progress. */
void srv_lobby(struct server *s, struct proto_out *o)
{
	int n = proto_out_end(o);

	if (n <= 0)
		return;
	for (struct conn *c = s->conns; c; c = c->next)
		if (c->welcomed && c->follows_lobby && !c->playing)
			conn_send(c, o->buf, (size_t)n);
}

/* Writes `user NAME LOGIN STATE GAME KIND` for c (STATE: lobby, playing, off). */
void srv_user_line(const struct conn *c, const char *state, struct proto_out *o)
{
	proto_out_word(o, "user");
	proto_out_word(o, c->name);
	proto_out_text(o, c->login);
	proto_out_word(o, state);
	if (c->playing && strcmp(state, "off") != 0)
		proto_out_fmt(o, "%ld", c->playing->g->id);
	else
		proto_out_word(o, "-");
	proto_out_word(o, c->bot ? "bot" : "human");
}

/* Writes `offer OFFER STATE FROM FROMLOGIN TO CONTROL COLOR KIND`. */
void srv_offer_line(const struct offer *of, bool open, struct proto_out *o)
{
	static const char *const kinds[] = {"challenge", "seek", "rematch"};
	char control[PROTO_CONTROL_LEN];

	proto_control_format(&of->control, control);
	proto_out_word(o, "offer");
	proto_out_fmt(o, "%ld", of->id);
	proto_out_word(o, open ? "open" : "closed");
	proto_out_word(o, of->from->name);
	proto_out_text(o, of->from->login);
	proto_out_word(o, of->to[0] ? of->to : "*");
	proto_out_word(o, control);
	proto_out_word(o, of->color < 0 ? "-" : proto_color_name((enum color)of->color));
	proto_out_word(o, kinds[of->kind]);
}

/* Sends an offer's line to the lobby, and to the user it is made to when
   the lobby's line does not reach that user. */
static void offer_tell(struct server *s, const struct offer *of, bool open)
{
	char line[1024];
	struct proto_out o;
	struct conn *to;

	proto_out_start(&o, line, sizeof line);
	srv_offer_line(of, open, &o);
	srv_lobby(s, &o);
	if (of->to[0] && (to = srv_user(s, of->to)) && (to->playing || !to->follows_lobby) &&
	    !o.overflow)
		conn_send(to, o.buf, o.len);
}

/* Opens c's offer `of` (c->offer is set to it, the old one closed first):
   the lobby and its addressee are told. */
void srv_offer_open(struct conn *c, struct offer *of)
{
	srv_offer_close(c);
	c->offer = of;
	offer_tell(c->srv, of, true);
}

/* Closes c's open offer, if any: the lobby and its addressee are told. */
void srv_offer_close(struct conn *c)
{
	struct offer *of = c->offer;

	if (!of)
		return;
	c->offer = NULL;
	offer_tell(c->srv, of, false);
	free(of);
}
