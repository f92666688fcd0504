/*
 * server-int.h — what the files of the game server share: the server, its
 * connections, its games and the offers in the lobby.
 *
 *   server.c          the loop: listeners, connections' lines in, caps, pings,
 *                     signals, the bots' processes, start and stop
 *   server-cmd.c      the commands' table of handlers and the lobby's commands
 *                     (hello, who, games, offers, watching, chat)
 *   server-game.c     games: made, moved, clocks, presence, requests, ends
 *   server-store.c    the directory: journals, restore after a crash, records
 *   server-auth.c     who connects: the kernel's word, loopback owners, tokens
 *   server-conn.c     lines out to connections, closing them, the log, the
 *                     lobby's lines
 *
 * They call down this list and never up it: server.c calls the handlers,
 * which call the games, which call the directory; all of them call
 * server-conn.c, which calls none of them (a closed connection is freed by
 * server.c's reaper, which conn_kill wakes through the loop).
 */
#ifndef OTHELLO_SERVER_INT_H
#define OTHELLO_SERVER_INT_H

#include "netgame.h"
#include "proto.h"
#include "server.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct event_base;
struct event;
struct sockaddr;
struct bufferevent;
struct evconnlistener;

/* Requests a player makes of the other in a game (sgame.asked). */
enum ask_kind {
	ASK_TAKEBACK = 1 << 0,
	ASK_ABORT = 1 << 1,
	ASK_ADJOURN = 1 << 2,
	ASK_RESUME = 1 << 3,
};

enum offer_kind { OFFER_CHALLENGE, OFFER_SEEK, OFFER_REMATCH };

struct conn;

/* An open offer of a game (a challenge, a seek, a rematch). */
struct offer {
	long id;		      /* its number */
	enum offer_kind kind;	      /* challenge, seek, rematch */
	struct conn *from;	      /* who offers */
	char to[PROTO_NAME_MAX + 1];  /* who may accept ("" for a seek) */
	struct proto_control control; /* the clock */
	int color;		      /* the offerer's colour, or -1: drawn */
};

/* A game the server holds. */
struct sgame {
	struct server *srv;	/* the server */
	struct netgame *g;	/* the game itself */
	int journal;		/* its journal, open for appending (-1 while adjourned) */
	struct conn *seat[2];	/* Black's and White's connections while here */
	struct conn **watchers; /* the watchers' connections */
	int n_watchers;		/* entries in watchers */
	struct event *timer;	/* the next deadline: a clock or a time to come back */
	long turn_clock;	/* the mover's clock when the turn began */
	long left_clock[2];	/* each clock when its player left */
	unsigned asked[2];	/* enum ask_kind bits each colour has asked */
	int takeback_to[2];	/* the plies a takeback asked by each colour keeps */
	bool restored;		/* back from a restart: no clock runs until both are here */
	struct sgame *next;	/* the next game of the server */
};

/* A client's connection. */
struct conn {
	struct server *srv;		 /* the server */
	struct bufferevent *bev;	 /* the socket and its buffers */
	long serial;			 /* its number in the log */
	char login[PROTO_LOGIN_MAX + 1]; /* who it is ("" until known: TCP before hello) */
	char name[PROTO_NAME_MAX + 1];	 /* its handle once welcomed */
	char peer[64];			 /* "unix" or the TCP address, for the log */
	bool tcp;			 /* came on the TCP listener */
	bool welcomed;			 /* said hello and was welcomed */
	bool bot;			 /* said KIND bot */
	bool dead;			 /* closed: freed by the reaper */
	double closing;			 /* when it was told bye (0: not yet) */
	double since;			 /* when it connected */
	double heard;			 /* when its last line came */
	double pinged;			 /* when a ping went unanswered, 0 when none */
	long ping_no;			 /* the number of the last ping */
	double tokens;			 /* rate limit: lines it may send now */
	double tokens_at;		 /* when tokens was counted */
	int floods;			 /* lines dropped by the rate limit */
	int too_long;			 /* lines dropped for their length */
	bool follows_lobby;		 /* asked for who or games: gets the lobby's events */
	double listed[2];		 /* when it last asked for who, for games */
	bool discarding;		 /* the rest of a line over the limit is being dropped */
	struct sgame *playing;		 /* the game it is seated in, in progress */
	struct sgame **watching;	 /* the games it watches, the last one the newest */
	int n_watching;			 /* entries in watching */
	struct offer *offer;		 /* its open offer, or NULL */
	char last_opponent[PROTO_NAME_MAX + 1]; /* the opponent of its last game ended */
	int last_color;				/* its colour in that game */
	struct proto_control last_control;	/* and its clock */
	struct conn *prev, *next;		/* the server's list */
};

struct server {
	struct server_options opt;     /* as started */
	struct event_base *base;       /* the loop */
	struct evconnlistener *unix_l; /* the Unix socket's listener */
	struct evconnlistener *tcp_l;  /* the TCP listener, or NULL */
	char socket_path[108];	       /* the socket made (removed at the end), "" if
					  inherited */
	struct event *tick;	       /* pings, hello time-outs: every quarter second */
	struct event *reaper;	       /* frees dead connections */
	struct event *sig_term, *sig_int, *sig_chld, *sig_hup; /* signals */
	struct conn *conns;				       /* every connection */
	long n_conns;					       /* entries in conns */
	long next_serial;				       /* the next connection's number */
	struct sgame *games;				       /* games in progress and adjourned */
	long next_game;					       /* the next game's number */
	long next_offer;				       /* the next offer's number */
	uint64_t rng;					       /* colours drawn */
	int lock_fd;					       /* the directory's lock */
	struct store_writer *writer;			       /* the thread that writes records */
	uid_t uid;					       /* the server's own user */
	char login[PROTO_LOGIN_MAX + 1];		       /* and its login */
	struct token *tokens;				       /* the token file's entries */
	int n_tokens;					       /* entries in tokens */
	pid_t bot_pid[SERVER_LIST_MAX];			       /* the bots' processes (0: none) */
	double bot_started[SERVER_LIST_MAX];		       /* when each was started */
	struct event *bot_timer;			       /* starts the bots that are due */
	bool stopping;					       /* SIGTERM came: no new games */
	long moves;		 /* moves played since the start (the log's end) */
	char *big;		 /* room for one long line (snapshot, table) */
	struct proto_line *line; /* room for one line's words */
};

/* ---- server-conn.c: talking to connections */
double srv_now(void);
void conn_send(struct conn *c, const char *line, size_t len);
void conn_sendf(struct conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void conn_send_out(struct conn *c, struct proto_out *o);
void conn_error(struct conn *c, const char *cmd, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void conn_bye(struct conn *c, const char *code, const char *text);
void conn_notice(struct conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void conn_kill(struct conn *c);
void srv_log(struct server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
struct conn *srv_user(struct server *s, const char *name);
long srv_login_count(struct server *s, const char *login);
void srv_lobby(struct server *s, struct proto_out *o);
void srv_user_line(const struct conn *c, const char *state, struct proto_out *o);
void srv_offer_line(const struct offer *of, bool open, struct proto_out *o);
void srv_offer_open(struct conn *c, struct offer *of);
void srv_offer_close(struct conn *c);

/* ---- server-cmd.c: the handlers */
void cmd_run(struct conn *c, struct proto_line *l);
void cmd_gone(struct conn *c);

/* ---- server-game.c: games */
struct sgame *sgame_start(struct server *s, struct conn *black, struct conn *white,
			  const struct proto_control *control);
struct sgame *sgame_find(struct server *s, long id);
int sgame_seat_of(const struct sgame *sg, const struct conn *c);
void sgame_move(struct sgame *sg, struct conn *c, int sq, long client_ms, bool has_ms);
void sgame_resign(struct sgame *sg, struct conn *c);
void sgame_request(struct sgame *sg, struct conn *c, enum ask_kind kind, const char *cmd);
void sgame_decline(struct sgame *sg, struct conn *c);
void sgame_claim(struct sgame *sg, struct conn *c);
void sgame_arrive(struct sgame *sg, struct conn *c);
void sgame_leave(struct sgame *sg, struct conn *c);
int sgame_watch(struct sgame *sg, struct conn *c);
void sgame_unwatch(struct sgame *sg, struct conn *c);
void sgame_resume(struct sgame *sg);
void sgame_send_snapshot(struct sgame *sg, struct conn *c);
void sgame_adopt(struct server *s, struct netgame *g, int journal);
void sgame_free(struct sgame *sg);
void sgame_stop_all(struct server *s);

/* ---- server-store.c: the directory */
int store_open(struct server *s, char *err, size_t errlen);
void store_close(struct server *s);
int store_restore(struct server *s, void (*adopt)(struct server *s, struct netgame *g, int fd),
		  char *err, size_t errlen);
int store_new_journal(struct server *s, const struct netgame *g, char *err, size_t errlen);
int store_append(struct server *s, int fd, const char *line, size_t len);
int store_reopen(struct server *s, long id);
void store_finish(struct server *s, const struct netgame *g, int fd);

/* ---- server-auth.c: who connects */
struct token;
int auth_peer_unix(int fd, uid_t *uid, char *login, size_t loginlen);
int auth_peer_tcp(const struct sockaddr *local, const struct sockaddr *peer, uid_t *uid,
		  char *login, size_t loginlen);
bool auth_allowed(const struct server *s, uid_t uid, const char *login);
int auth_load_tokens(struct server *s, char *err, size_t errlen);
bool auth_token(const struct server *s, const char *token, char *login, size_t loginlen);
void auth_free_tokens(struct server *s);
bool auth_loopback(const struct sockaddr *sa);

#endif
