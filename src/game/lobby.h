/*
 * lobby.h — the game server's lobby as a client sees it: who is on, the
 * open offers, the games in play or adjourned, kept from the server's `user`,
 * `offer` and `table` lines (doc/protocol.md), which come as answers to `who`
 * and `games` and as events while the user is not playing.
 *
 * Each list is keyed (a user by name, an offer and a game by number): a line
 * replaces the entry of its key, and a user `off`, an offer `closed` or a
 * game `over` removes it. Every text kept is as the server sent it; the text
 * view (lobby_text) cleans it for a terminal.
 *
 * A list asked for again (lobby_asked, then the server's `user`/`offer` or
 * `table` lines and its `ok who` or `ok games`) replaces the old one: an
 * entry no line named since the question is dropped at the reply, so an
 * event missed while the user was playing leaves nothing stale behind.
 */
#ifndef OTHELLO_LOBBY_H
#define OTHELLO_LOBBY_H

#include "proto.h"

#include <stdbool.h>
#include <stddef.h>

struct lobby_user {
	char name[PROTO_NAME_MAX + 1];	 /* handle */
	char login[PROTO_LOGIN_MAX + 1]; /* Unix login */
	bool playing;			 /* seated in a game in play */
	long game;			 /* that game, 0 for none */
	bool bot;			 /* says it is a bot */
	long mark;			 /* lobby.lines when a line last named it */
};

struct lobby_offer {
	long id;			      /* offer number */
	char from[PROTO_NAME_MAX + 1];	      /* who offers */
	char from_login[PROTO_LOGIN_MAX + 1]; /* their login */
	char to[PROTO_NAME_MAX + 1];	      /* to whom, "*" for a seek */
	char control[PROTO_CONTROL_LEN];      /* MIN+INC */
	char color[8];			      /* the offerer's colour, "-" for the draw */
	char kind[12];			      /* challenge, seek, rematch */
	long mark;			      /* lobby.lines when a line last named it */
};

struct lobby_table {
	long id;			    /* game number */
	char state[12];			    /* play, paused, adjourned */
	char name[2][PROTO_NAME_MAX + 1];   /* Black's and White's handles */
	char login[2][PROTO_LOGIN_MAX + 1]; /* their logins */
	char control[PROTO_CONTROL_LEN];    /* MIN+INC */
	int plies;			    /* moves played, passes included */
	long clock[2];			    /* each clock in ms when the line came */
	int turn;			    /* BLACK, WHITE, or -1 */
	double stamp;			    /* timer_now() when the line came */
	char watchers[PROTO_TEXT_MAX];	    /* the LIST as sent */
	long mark;			    /* lobby.lines when a line last named it */
};

struct lobby {
	struct lobby_user *users;   /* by name */
	int n_users;		    /* entries in users */
	size_t cap_users;	    /* room in users */
	struct lobby_offer *offers; /* by number */
	int n_offers;		    /* entries in offers */
	size_t cap_offers;	    /* room in offers */
	struct lobby_table *games;  /* by number */
	int n_games;		    /* entries in games */
	size_t cap_games;	    /* room in games */
	long lines;		    /* lobby lines taken so far */
	long asked[2];		    /* lines when `who` (0) and `games` (1) were last sent */
};

enum lobby_list { LOBBY_WHO, LOBBY_GAMES };

void lobby_free(struct lobby *l);
void lobby_asked(struct lobby *l, enum lobby_list which);
int lobby_take(struct lobby *l, const struct proto_line *line, double now);
char *lobby_text(const struct lobby *l, double now);
const char *lobby_person(const char *name, const char *login, char *out, size_t len);
const char *lobby_clock(long ms, char out[24]);

#endif
