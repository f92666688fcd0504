/*
 * netconn.h — a client's connection to the game server (doc/protocol.md):
 * connect to a Unix socket or HOST:PORT, say hello, then send command lines
 * and take the server's messages one by one, without ever blocking the
 * caller's loop (the descriptor is polled by the caller), or waiting for
 * them with a time limit (bots, scripts, tests).
 *
 * The connection keeps a mirror of each game it gets a snapshot of (the game
 * played, the games watched) and applies each update to it as soon as it is
 * read, so the mirror is always the game as the server last said; the
 * caller reads the game's state from the mirror and uses the messages to
 * know what changed. Pings are answered inside.
 */
#ifndef OTHELLO_NETCONN_H
#define OTHELLO_NETCONN_H

#include "netgame.h"
#include "proto.h"

#include <stdbool.h>
#include <stddef.h>

struct netconn;

/* How to connect. */
struct netconn_options {
	const char *where; /* a socket's path (holds a '/'), HOST:PORT, or NULL: the default
			      socket (netconn_default_socket) */
	const char *name;  /* the handle asked for; NULL: the login */
	const char *token; /* LOGIN:SECRET for TCP from another host, or NULL */
	bool bot;	   /* says KIND bot in the hello */
	double timeout;	   /* seconds for connect and hello, 0 = 10 */
};

/* One message from the server, as netconn_next hands it out. */
struct netconn_msg {
	const struct proto_def *def; /* its entry in the messages' table (id: enum
					proto_msg_kind) */
	struct proto_line line;	     /* its words: word[0] is the name */
	struct netgame *game;	     /* snapshot or update: its game's mirror, as the
					server last said (owned by the connection), else
					NULL */
};

int netconn_default_socket(char *out, size_t outlen);
struct netconn *netconn_open(const struct netconn_options *opt, char *err, size_t errlen);
int netconn_reconnect(struct netconn *c, char *err, size_t errlen);
void netconn_close(struct netconn *c);

const char *netconn_name(const struct netconn *c);
const char *netconn_login(const struct netconn *c);
int netconn_fd(const struct netconn *c);
short netconn_poll_events(const struct netconn *c);
int netconn_pump(struct netconn *c, char *err, size_t errlen);

int netconn_send(struct netconn *c, int argc, const char *const *argv, char *err, size_t errlen);
int netconn_send_line(struct netconn *c, const char *line, char *err, size_t errlen);
long netconn_unanswered(const struct netconn *c);

const struct netconn_msg *netconn_next(struct netconn *c);
const struct netconn_msg *netconn_wait(struct netconn *c, double timeout, char *err, size_t errlen);
int netconn_call(struct netconn *c, const char *line, double timeout, char *reply, size_t replylen,
		 char *err, size_t errlen);

struct netgame *netconn_game(struct netconn *c, long id);
struct netgame *netconn_seated_game(struct netconn *c);
void netconn_forget_game(struct netconn *c, long id);

#endif
