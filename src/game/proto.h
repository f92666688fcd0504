/*
 * proto.h — the game server's wire, shared by the server (src/net) and its
 * clients (netconn.h, the remote player, the bots): the table of commands a
 * client sends and of messages the server sends, the reading and writing of
 * a line's words, the cleaning of text before a terminal shows it, and the
 * values every message uses (names, time controls, squares, results).
 *
 * doc/protocol.md is the protocol's reference; the tables of proto.c follow
 * it entry by entry.
 */
#ifndef OTHELLO_PROTO_H
#define OTHELLO_PROTO_H

#include "board.h"

#include <stdbool.h>
#include <stddef.h>

enum {
	PROTO_VERSION = 1,	       /* the protocol this program speaks */
	PROTO_LINE_MAX = 4096,	       /* longest client line, its LF included */
	PROTO_SERVER_LINE_MAX = 65536, /* longest server line, its LF included */
	PROTO_MAX_WORDS = 24,	       /* words of a line, beyond which the rest is one word */
	PROTO_NAME_MAX = 20,	       /* longest handle */
	PROTO_LOGIN_MAX = 64,	       /* longest login kept (a longer one is refused) */
	PROTO_TEXT_MAX = 1024,	       /* longest chat text kept, after cleaning */
	PROTO_CONTROL_LEN = 24,	       /* "600+600" and its end, with room */
};

/* Who may send a command (doc/protocol.md: the `who` column). */
enum proto_who {
	PROTO_ANYONE = 1 << 0,	/* before `hello` too */
	PROTO_USER = 1 << 1,	/* after `welcome` */
	PROTO_PLAYER = 1 << 2,	/* seated in a game that is not over */
	PROTO_WATCHER = 1 << 3, /* watching a game */
};

/* The commands a client sends, in the order of the table. */
enum proto_cmd {
	PROTO_HELLO,
	PROTO_PING,
	PROTO_PONG,
	PROTO_QUIT,
	PROTO_WHO,
	PROTO_GAMES,
	PROTO_CHALLENGE,
	PROTO_SEEK,
	PROTO_ACCEPT,
	PROTO_DECLINE,
	PROTO_WITHDRAW,
	PROTO_MOVE,
	PROTO_RESIGN,
	PROTO_TAKEBACK,
	PROTO_ABORT,
	PROTO_ADJOURN,
	PROTO_CLAIM,
	PROTO_RESUME,
	PROTO_REMATCH,
	PROTO_WATCH,
	PROTO_UNWATCH,
	PROTO_SAY,
	PROTO_CMD_COUNT
};

/* The messages the server sends, in the order of their table. */
enum proto_msg_kind {
	PROTO_MSG_HELLO,
	PROTO_MSG_WELCOME,
	PROTO_MSG_OK,
	PROTO_MSG_ERROR,
	PROTO_MSG_BYE,
	PROTO_MSG_PING,
	PROTO_MSG_PONG,
	PROTO_MSG_USER,
	PROTO_MSG_OFFER,
	PROTO_MSG_TABLE,
	PROTO_MSG_SNAPSHOT,
	PROTO_MSG_UPDATE,
	PROTO_MSG_ASK,
	PROTO_MSG_DECLINED,
	PROTO_MSG_SAID,
	PROTO_MSG_NOTICE,
	PROTO_MSG_COUNT
};

/*
 * One entry of either table, in the shape of every command set of the
 * program (command.h): the name, the number of fields after it, their usage,
 * a line of help, and for commands which seats may send it. The server's
 * handlers are an array indexed by `id` beside its own code (src/net).
 */
struct proto_def {
	const char *name;  /* as sent */
	const char *alias; /* always NULL: the wire takes whole names only */
	int id;		   /* enum proto_cmd or enum proto_msg_kind */
	int lower;	   /* fields required */
	int upper;	   /* fields read (more are ignored: later versions append) */
	const char *usage; /* the fields, e.g. "SQUARE [MS]" */
	const char *help;  /* one line */
	unsigned who;	   /* commands: enum proto_who bits; messages: 0 */
	bool text_tail;	   /* the last field is the rest of the line (say TEXT) */
};

const struct proto_def *proto_commands(size_t *count);
const struct proto_def *proto_messages(size_t *count);
const struct proto_def *proto_find_command(const char *name);
const struct proto_def *proto_find_message(const char *name);

/* A line read into words (the words point into `buf`, which it owns). */
struct proto_line {
	char buf[PROTO_SERVER_LINE_MAX]; /* the line's words, NUL-separated */
	char *word[PROTO_MAX_WORDS];	 /* argc of them */
	int argc;			 /* 0 for an empty line */
};

int proto_split(const char *line, size_t len, struct proto_line *out, char *err, size_t errlen);
int proto_check_fields(const struct proto_def *d, struct proto_line *l, char *err, size_t errlen);

/*
 * Writing a line: words appended one by one (quoted as needed), the LF added
 * by proto_out_end. A line that would pass `cap` bytes is cut, marked
 * `overflow`, and must not be sent.
 */
struct proto_out {
	char *buf;     /* the line being written (the caller's storage) */
	size_t len;    /* bytes in buf */
	size_t cap;    /* size of buf */
	bool overflow; /* a word did not fit */
};

void proto_out_start(struct proto_out *o, char *buf, size_t cap);
void proto_out_word(struct proto_out *o, const char *word);
void proto_out_text(struct proto_out *o, const char *text);
void proto_out_fmt(struct proto_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int proto_out_end(struct proto_out *o);

size_t proto_clean(const char *in, size_t len, char *out, size_t outlen);
bool proto_name_valid(const char *name);
bool proto_name_equal(const char *a, const char *b);

/* A time control: the time each side has and what a move adds. */
struct proto_control {
	long base_ms; /* the game's time for each side */
	long inc_ms;  /* added after each of a side's moves */
};

int proto_control_parse(const char *s, struct proto_control *out, char *err, size_t errlen);
void proto_control_format(const struct proto_control *c, char out[PROTO_CONTROL_LEN]);
int proto_color_parse(const char *s);
const char *proto_color_name(enum color c);
int proto_square_parse(const char *s);
const char *proto_square_name(int sq, char buf[4]);
bool proto_ms_parse(const char *s, long *out);

#endif
