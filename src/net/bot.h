/*
 * bot.h — an engine at the server's table: a client of the game server
 * (netconn.h) that sits in the lobby, accepts every challenge made to it and
 * plays with one of our levels or an external engine (batch's players). It
 * is `othello serve --bot` (a child of the server) and `othello join --bot`.
 */
#ifndef OTHELLO_BOT_H
#define OTHELLO_BOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct bot_options {
	const char *where;     /* the server: a socket's path, HOST:PORT, or NULL (default) */
	const char *spec;      /* [NAME=]PLAYER: a level or "engine:COMMAND" (as for match) */
	const char *token;     /* LOGIN:SECRET for TCP from another host, or NULL */
	const char *eval_spec; /* a level's evaluation, NULL: the default (pattern) */
	bool reconnect;	       /* connects again when the server goes (else returns) */
	long games;	       /* returns after this many games ended (0: never) */
	FILE *log;	       /* one line a game and a problem, or NULL */
};

int bot_run(const struct bot_options *o, char *err, size_t errlen);

#endif
