/*
 * server.h — `othello serve`: the game server (doc/protocol.md). One
 * process holds the lobby and every game; clients connect on a Unix socket
 * (identity from the kernel) or on TCP (loopback, or tokens); every game is
 * kept in a directory (a journal per game, records when it ends) and comes
 * back after a crash.
 */
#ifndef OTHELLO_SERVER_H
#define OTHELLO_SERVER_H

#include "proto.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { SERVER_LIST_MAX = 16 }; /* entries of --allow and --bot */

struct server_options {
	const char *socket_path;	    /* --socket: the Unix socket; NULL = the default */
	int socket_mode;		    /* the socket file's mode (0600, 0660 ...) */
	const char *dir;		    /* --dir: journals and records */
	const char *listen;		    /* --listen ADDR:PORT or PORT, or NULL */
	const char *token_file;		    /* --token-file, or NULL */
	const char *allow[SERVER_LIST_MAX]; /* --allow LOGIN or @GROUP or '*' */
	int n_allow;			    /* entries in allow (0: the server's own login) */
	const char *bots[SERVER_LIST_MAX];  /* --bot [NAME=]SPEC */
	int n_bots;			    /* entries in bots */
	struct proto_control control;	    /* the time control when none is asked */
	double grace;			    /* seconds an away player has to come back */
	double ping;			    /* seconds of silence before a ping (the time-out
					       is twice it) */
	double lag;			    /* most lag allowance of a move, seconds */
	double hello_timeout;		    /* seconds to say hello */
	long max_connections;		    /* connections at once */
	long max_per_login;		    /* connections of one login at once */
	long max_watch;			    /* games one user watches at once */
	long max_watchers;		    /* watchers of one game */
	long max_output;		    /* bytes waiting for a slow reader before it is
					       dropped */
	double rate;			    /* lines a second a connection may send */
	double burst;			    /* lines it may send at once */
	bool sync;			    /* fdatasync each journal line before the update */
	bool verbose;			    /* logs each connection */
	FILE *log;			    /* where the log goes (stderr) */
};

void server_options_default(struct server_options *o);
int server_run(const struct server_options *o, char *err, size_t errlen);
int server_new_token(const char *token_file, const char *login, char *token, size_t tokenlen,
		     char *err, size_t errlen);

#endif
