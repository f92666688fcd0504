/*
 * cli-serve.c — `othello serve`: the game server (src/net/server.c) with its
 * options, and `--new-token LOGIN` to make a token for TCP.
 */
#include "cli-options.h"
#include "cli.h"

#include "datadir.h"
#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the command line says, before it becomes server_options. */
struct serve_options {
	const char *socket;	/* --socket */
	const char *mode;	/* --socket-mode, octal */
	const char *dir;	/* --dir */
	const char *listen;	/* --listen */
	const char *token_file; /* --token-file */
	const char *new_token;	/* --new-token LOGIN */
	struct cli_list allow;	/* --allow */
	struct cli_list bots;	/* --bot */
	const char *control;	/* --control */
	double grace;		/* --grace */
	double ping;		/* --ping */
	double lag;		/* --lag */
	long max_connections;	/* --max-connections */
	long max_per_login;	/* --max-per-login */
	long max_watch;		/* --max-watch */
	long max_output;	/* --max-output, KiB */
	double rate;		/* --rate */
	double burst;		/* --burst */
	bool sync;		/* --sync */
	bool verbose;		/* --verbose */
};

#define NUM(NAME, FIELD, MAX, ARG, HELP)                                                           \
	{                                                                                          \
		.name = NAME, .kind = CLI_OPT_NUMBER,                                              \
		.offset = offsetof(struct serve_options, FIELD), .above_zero = true, .max = MAX,   \
		.arg = ARG, .help = HELP                                                           \
	}

static const struct cli_options serve_options = {
    .command = "serve",
    .usage = "usage: othello serve [--socket PATH] [--dir DIR] [--listen [ADDR:]PORT] [OPTIONS]\n"
	     "       othello serve --token-file FILE --new-token LOGIN\n\n"
	     "The game server: players connect with `othello join`, play, watch and talk;\n"
	     "every game is kept in DIR and comes back if the server is killed.\n",
    .column = 28,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("socket", 's', offsetof(struct serve_options, socket), "PATH",
		       "the Unix socket (default $XDG_RUNTIME_DIR/othello/socket)"),
	    CLI_STRING("socket-mode", 0, offsetof(struct serve_options, mode), "MODE",
		       "its permissions, octal (default 600: you alone)"),
	    CLI_STRING("dir", 'd', offsetof(struct serve_options, dir), "DIR",
		       "journals and records (default\n~/.local/share/othello-master/server)"),
	    CLI_STRING("listen", 'l', offsetof(struct serve_options, listen), "[ADDR:]PORT",
		       "also TCP, on the loopback unless ADDR says\n(another address needs "
		       "--token-file; not encrypted)"),
	    CLI_STRING("token-file", 0, offsetof(struct serve_options, token_file), "FILE",
		       "tokens for TCP: LOGIN SALT HASH lines"),
	    CLI_STRING("new-token", 0, offsetof(struct serve_options, new_token), "LOGIN",
		       "adds a token for LOGIN to --token-file, prints it"),
	    {.name = "allow",
	     .kind = CLI_OPT_LIST,
	     .offset = offsetof(struct serve_options, allow),
	     .hi = SERVER_LIST_MAX,
	     .arg = "WHO",
	     .help = "who may connect: a login, @group or '*'\n(repeatable; default: you alone)"},
	    {.name = "bot",
	     .kind = CLI_OPT_LIST,
	     .offset = offsetof(struct serve_options, bots),
	     .hi = SERVER_LIST_MAX,
	     .arg = "[NAME=]PLAYER",
	     .help = "a seat that takes challenges: a level or\nengine:COMMAND (repeatable)"},
	    CLI_STRING("control", 'c', offsetof(struct serve_options, control), "MIN[+INC]",
		       "the clock of an offer that names none (5)"),
	    NUM("grace", grace, 86400, "S", "seconds a player who left has to come back (60)"),
	    NUM("ping", ping, 3600, "S",
		"seconds of silence before a ping; twice that\ncloses "
		"(30)"),
	    {.name = "lag",
	     .kind = CLI_OPT_NUMBER,
	     .offset = offsetof(struct serve_options, lag),
	     .max = 60,
	     .arg = "S",
	     .help = "the most lag allowance of a move, seconds (1)"},
	    CLI_INT("max-connections", 0, offsetof(struct serve_options, max_connections), 1,
		    1000000, "N", "connections at once (4096)"),
	    CLI_INT("max-per-login", 0, offsetof(struct serve_options, max_per_login), 1, 1000000,
		    "N", "connections of one login at once (32)"),
	    CLI_INT("max-watch", 0, offsetof(struct serve_options, max_watch), 1, 10000, "N",
		    "games one user watches at once (16)"),
	    CLI_INT("max-output", 0, offsetof(struct serve_options, max_output), 16, 1048576, "KIB",
		    "output a slow reader may leave unread before\nit is dropped (256)"),
	    NUM("rate", rate, 100000, "N", "lines a second a connection may send (20)"),
	    NUM("burst", burst, 1000000, "N", "lines it may send at once (60)"),
	    CLI_FLAG("sync", 0, offsetof(struct serve_options, sync),
		     "puts each move on the disk (fdatasync) before\nit is sent"),
	    CLI_FLAG("verbose", 'v', offsetof(struct serve_options, verbose),
		     "logs every connection"),
	    CLI_HELP('h', NULL),
	    {0},
	},
    .footer = "\nSIGTERM or SIGINT stops it cleanly (games in play are kept and come back\n"
	      "at the next start); SIGHUP reads the token file again. doc/protocol.md is\n"
	      "the protocol; othello(6) says more.\n",
};

/* `othello serve --new-token LOGIN`: prints the token. */
static int new_token(const struct serve_options *so)
{
	char token[256], err[512];

	if (!so->token_file) {
		fprintf(stderr, "othello serve: --new-token needs --token-file\n");
		return 2;
	}
	if (server_new_token(so->token_file, so->new_token, token, sizeof token, err, sizeof err) <
	    0) {
		fprintf(stderr, "othello serve: %s\n", err);
		return 1;
	}
	printf("%s\n", token);
	return 0;
}

/* `othello serve`: see serve_options. */
int cli_serve(int argc, char **argv)
{
	struct serve_options so = {.lag = -1};
	struct server_options o;
	char dir[4096], err[1024];
	int first, st;

	if ((st = cli_options_parse(&serve_options, argc, argv, &so, &first)) >= 0)
		return st;
	if (first < argc) {
		fprintf(stderr, "othello serve: unexpected argument '%s'\n", argv[first]);
		return 2;
	}
	if (so.new_token)
		return new_token(&so);
	server_options_default(&o);
	o.socket_path = so.socket;
	o.listen = so.listen;
	o.token_file = so.token_file;
	o.sync = so.sync;
	o.verbose = so.verbose;
	if (so.mode) {
		char *end;
		long m = strtol(so.mode, &end, 8);

		if (end == so.mode || *end || m < 0 || m > 0777) {
			fprintf(stderr, "othello serve: --socket-mode: '%s' is not an octal mode\n",
				so.mode);
			return 2;
		}
		o.socket_mode = (int)m;
	}
	if (so.control && proto_control_parse(so.control, &o.control, err, sizeof err) < 0) {
		fprintf(stderr, "othello serve: --control: %s\n", err);
		return 2;
	}
	for (int i = 0; i < so.allow.n; i++)
		o.allow[o.n_allow++] = so.allow.item[i];
	for (int i = 0; i < so.bots.n; i++)
		o.bots[o.n_bots++] = so.bots.item[i];
	if (so.grace > 0)
		o.grace = so.grace;
	if (so.ping > 0)
		o.ping = so.ping;
	if (so.lag >= 0)
		o.lag = so.lag;
	if (so.max_connections)
		o.max_connections = so.max_connections;
	if (so.max_per_login)
		o.max_per_login = so.max_per_login;
	if (so.max_watch)
		o.max_watch = so.max_watch;
	if (so.max_output)
		o.max_output = so.max_output * 1024;
	if (so.rate > 0)
		o.rate = so.rate;
	if (so.burst > 0)
		o.burst = so.burst;
	if (so.dir) {
		o.dir = so.dir;
	} else {
		int n = datadir_user("OTHELLO_SERVER_DIR", "server", dir, sizeof dir);

		if (n < 0 || (size_t)n >= sizeof dir) {
			fprintf(stderr, "othello serve: no directory for the games: give --dir\n");
			return 2;
		}
		o.dir = dir;
	}
	if (server_run(&o, err, sizeof err) < 0) {
		fprintf(stderr, "othello serve: %s\n", err);
		return 1;
	}
	return 0;
}
