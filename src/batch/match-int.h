/*
 * match-int.h — what match-player.c and match-extern.c share: the player
 * structure and the external-engine half of it.
 */
#ifndef OTHELLO_MATCH_INT_H
#define OTHELLO_MATCH_INT_H

#include "match.h"

struct extproc;
struct search;

enum { MATCH_NOTES_LEN = 1024 };

/* A GTP engine's clock for one game (Canadian byo-yomi, as GTP has it): a
   main time, then periods of `byo` seconds for `stones` moves each. */
struct match_clock {
	int main;      /* time_settings: main time, whole seconds (0 = clock off) */
	int byo;       /* time_settings: seconds of a byo-yomi period */
	int stones;    /* time_settings: moves of a byo-yomi period */
	double bank;   /* main time left */
	bool in_byo;   /* the main time is spent */
	double period; /* time left in the byo-yomi period */
	int left;      /* moves left in the byo-yomi period */
	bool told;     /* the engine accepts time_left (else it is not sent) */
};

enum match_player_kind {
	MP_LEVEL,  /* one of our levels, played in this process */
	MP_RANDOM, /* a uniformly random legal move (a test opponent) */
	MP_GTP,	   /* an external engine speaking GTP */
	MP_NBOARD, /* an external engine speaking NBoard */
	MP_SEARCH, /* a fixed-depth search of its own (match_player_new_search) */
	MP_CALL	   /* the caller's choice (match_player_new_call) */
};

struct match_player {
	enum match_player_kind kind;	 /* what plays */
	char spec[REPORT_NAME_LEN];	 /* the specification it was made from */
	struct match_player_options opt; /* time, depth, noise, time-out */
	double base_time;		 /* the time per move it was made with */
	uint64_t rng;			 /* random state (MP_RANDOM, noise seeds) */
	uint64_t seed;			 /* seed of the game under way */
	void *level;			 /* MP_LEVEL: the level's state */
	char command[REPORT_NAME_LEN];	 /* MP_GTP / MP_NBOARD: the shell command */
	struct extproc *proc;		 /* the running engine, or NULL */
	int ping;			 /* NBoard: last ping number sent */
	struct match_clock clock;	 /* GTP: the engine's clock in the game under way */
	unsigned noted;			 /* notes given once (enum match_extern_note bits) */
	char notes[MATCH_NOTES_LEN];	 /* notes not yet taken, one a line */
	struct search *search;		 /* MP_SEARCH: the searcher */
	int depth;			 /* MP_SEARCH: midgame depth, plies */
	int endgame;			 /* MP_SEARCH: exact from this many empties */
	int noise;			 /* MP_SEARCH: evaluation noise percent (seed != 0) */
	match_choose_fn choose;		 /* MP_CALL: chooses the moves */
	void *choose_state;		 /* MP_CALL: its argument */
};

int match_extern_new_game(struct match_player *p, const struct match_opening *o, char *err,
			  size_t errlen);
int match_extern_genmove(struct match_player *p, const struct board *b, enum color side,
			 struct match_move *out, char *err, size_t errlen);
int match_extern_tell(struct match_player *p, enum color who, int move, char *err, size_t errlen);
void match_extern_stop(struct match_player *p);

#endif
