/*
 * netgame.h — one game of the game server, as the server holds it and as
 * each client mirrors it: the players and their presence, the time control
 * and both clocks, the moves with the time each took, the state, the result
 * and the watchers. The server changes its copy only by the same `update`
 * lines it sends (netgame_apply), and a client applies them to its mirror,
 * so both hold the same game move for move; the server's journal of a game
 * is those lines too (netgame_read_journal replays them).
 *
 * The record (netgame_record) is a game record of the game layer with the
 * time of each move and each side's clock after it (SGF's BL and WL), so the
 * server's SGF and GGF and the players' saved games are one record.
 */
#ifndef OTHELLO_NETGAME_H
#define OTHELLO_NETGAME_H

#include "gametree.h"
#include "position.h"
#include "proto.h"

#include <stdbool.h>
#include <stddef.h>

enum {
	NETGAME_MAX_PLIES = 128, /* 60 moves and the passes between them, with room */
	NETGAME_RESULT_LEN = 16, /* "B+64", "Void" and the end, with room */
	NETGAME_WATCHER = 2,	 /* the snapshot's YOU for a watcher (BLACK, WHITE are 0, 1) */
};

enum netgame_state {
	NETGAME_PLAY,	   /* the clock of the side to move runs */
	NETGAME_PAUSED,	   /* no clock runs: both players away, or back from a restart */
	NETGAME_ADJOURNED, /* kept, to be resumed */
	NETGAME_OVER,	   /* ended; `result` says how */
};

enum netgame_presence {
	NETGAME_HERE, /* connected */
	NETGAME_AWAY, /* left; `away_ms` to come back */
	NETGAME_GONE, /* did not come back in time */
};

/* One move as the server charged it. */
struct netgame_move {
	int sq;	      /* square, or SQ_PASS */
	long took_ms; /* time charged */
	long left_ms; /* the mover's clock after it, increment included */
};

struct netgame_player {
	char name[PROTO_NAME_MAX + 1];	 /* handle */
	char login[PROTO_LOGIN_MAX + 1]; /* Unix login */
	enum netgame_presence presence;	 /* here, away, gone */
	long away_ms;			 /* AWAY: ms left to come back, as of `stamp` */
};

struct netgame {
	long id;			 /* game number */
	long seq;			 /* the last update applied */
	enum netgame_state state;	 /* play, paused, adjourned, over */
	struct netgame_player player[2]; /* Black's and White's */
	struct proto_control control;	 /* time control */
	long clock[2];			 /* ms left on each clock as of `stamp` */
	double stamp;			 /* timer_now() when clock[] and away_ms were set */
	struct netgame_move move[NETGAME_MAX_PLIES]; /* the moves, passes included */
	int n_moves;				     /* entries in move */
	struct pos pos;				     /* the position after them */
	enum color turn;			     /* the side to move in pos */
	char result[NETGAME_RESULT_LEN];	     /* RE form, "" while it goes on */
	char reason[16];			     /* how it ended ("" while it goes on) */
	int you;	 /* BLACK, WHITE or NETGAME_WATCHER (a mirror's; the server's: -1) */
	char **watchers; /* names of the watchers (malloc'd) */
	int n_watchers;	 /* entries in watchers */
	long created;	 /* when it was made, seconds since 1970 (the record's date) */
};

struct netgame *netgame_new(long id, const char *const names[2], const char *const logins[2],
			    const struct proto_control *control, long created, double now);
void netgame_free(struct netgame *g);

int netgame_apply(struct netgame *g, const struct proto_line *l, double now, char *err,
		  size_t errlen);
bool netgame_legal(const struct netgame *g, int sq);
bool netgame_must_pass(const struct netgame *g);
bool netgame_board_over(const struct netgame *g);
void netgame_board_result(const struct netgame *g, char out[NETGAME_RESULT_LEN]);
long netgame_clock(const struct netgame *g, enum color c, double now);
long netgame_away_left(const struct netgame *g, enum color c, double now);
int netgame_seat_of(const struct netgame *g, const char *name, const char *login);
bool netgame_in_progress(const struct netgame *g);

const char *netgame_state_name(enum netgame_state s);
void netgame_presence_word(const struct netgame *g, enum color c, double now, char out[32]);

void netgame_snapshot(const struct netgame *g, int you, double now, struct proto_out *o);
struct netgame *netgame_from_snapshot(const struct proto_line *l, double now, char *err,
				      size_t errlen);
void netgame_table(const struct netgame *g, double now, struct proto_out *o);

int netgame_watcher_add(struct netgame *g, const char *name);
bool netgame_watcher_remove(struct netgame *g, const char *name);

struct game *netgame_record(const struct netgame *g);

void netgame_journal_header(const struct netgame *g, struct proto_out *o);
struct netgame *netgame_read_journal(const char *text, size_t len, const char *name, size_t *whole,
				     char *err, size_t errlen);

#endif
