/*
 * match.h — batch games between players: the list of starting openings, the
 * game schedule (openings x colour swap, a seed per game, shards), the
 * players (our levels, or external engines over GTP or NBoard), playing one
 * game into a report line and a game record, and running a whole schedule in
 * parallel worker processes.
 */
#ifndef OTHELLO_MATCH_H
#define OTHELLO_MATCH_H

#include "board.h"
#include "gametree.h"
#include "position.h"
#include "report.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- openings (match-openings.c) */

struct eval;

/* The most entries of match_opening.moves: a game's 60 moves and a pass
   between any two of them. */
enum { MATCH_OPENING_MOVES = 120 };

struct match_opening {
	char text[REPORT_OPENING_LEN]; /* as written: a transcript, a board string, or "-" */
	struct pos start;	       /* position before the moves (standard start or board), on
					  the series' board */
	enum color start_side;	       /* side to move in start */
	bool standard;		       /* start is the standard start position */
	int moves[MATCH_OPENING_MOVES]; /* moves from start, SQ_PASS for passes */
	int n_moves;		       /* entries in moves */
	struct pos board;	       /* position after the moves: where play begins */
	enum color side;	       /* side to move in board */
};

struct match_openings {
	struct match_opening *v; /* malloc'd */
	int n;			 /* entries in v */
};

int match_opening_parse(enum variant v, const char *text, struct match_opening *o, char *err,
			   size_t errlen);
int match_openings_read(enum variant v, FILE *f, const char *name, struct match_openings *out,
			   char *err, size_t errlen);
int match_opening_moves(const struct pos *start, enum color side, const int *moves, int n,
			struct match_opening *o, char *err, size_t errlen);
int match_openings_start(enum variant v, struct match_openings *out);
int match_openings_draw(enum variant v, const struct eval *ev, int n, int plies, uint64_t seed,
			struct match_openings *out, char *err, size_t errlen);
void match_openings_free(struct match_openings *o);

/* ---- balanced openings (match-balanced.c) */

/* What match_balanced_run draws (othello balanced-openings' options). */
struct match_balanced_options { /* the whole numbers are longs, as the option parser writes */
	long count;	    /* openings wanted */
	int min_plies;	    /* shortest sequence */
	int max_plies;	    /* longest sequence */
	long depth;	    /* depth of the deep search that judges a sequence */
	long pick_depth;    /* depth of the searches that pick its moves */
	double pick_window; /* discs below the best a picked move may be */
	double window;	    /* |score| bound in discs for a kept opening */
	long seed;	    /* the draw's seed (from 0) */
	long attempts;	    /* candidates tried at most */
};

/* Takes one kept opening (see match_balanced_run); false stops the run. */
typedef bool (*match_balanced_fn)(const char *moves, int score, int depth, long kept, long tried,
				  void *user);

struct search;
struct eval;
int match_balanced_pick(struct search *s, int plies, int depth, int window, uint64_t *rng,
			int *moves, struct board *out);
long match_balanced_run(const struct eval *ev, const struct match_balanced_options *o,
			match_balanced_fn fn, void *user, long *tried);

/* ---- players (match-player.c, match-extern.c) */

struct match_player;
struct eval;
struct book;

struct match_player_options {
	double time;		 /* seconds per move, 0 = the level's own */
	double game_time;	 /* seconds a side has for each whole game (--game-time);
				    0 = no game clock */
	int depth;		 /* search depth, 0 = the level's own */
	int random_pct;		 /* evaluation noise in percent (search noise), 0 = none */
	double timeout;		 /* seconds an external engine may take for a reply, 0 = default */
	const struct eval *eval; /* a level's evaluation, of the board it plays (shared,
				    read-only, outlives the player); NULL = the built-in
				    classic weights */
	const char *eval_name;	 /* its name, given in the reasoning of each move; NULL = none */
	const char *setup;	 /* an external engine's setup commands, sent once it is
				    started, separated by `;`; NULL = none */
	int threads;		 /* a level's search threads, 0 = the level's own (one) */
	const char *book;	 /* a level's opening book file; NULL = the shipped one */
	const struct book *shared_book; /* a level's opening book, loaded by the caller (shared,
					   read-only, outlives the player); wins over book */
	size_t hash_mb;			/* a level's search table, megabytes; 0 = sized by the
					   level (match-level.c) */
};

/* One move a player chose, with what it thought. */
struct match_move {
	int move;			 /* square, or SQ_PASS */
	bool has_reasoning;		 /* reasoning is filled */
	struct game_reasoning reasoning; /* the engine's reasoning for the move */
};

struct match_player *match_player_new(const char *spec, const struct match_player_options *opt,
				      char *err, size_t errlen);
struct match_player *match_player_new_search(const struct eval *ev, int depth, int endgame,
					     int noise, size_t tt_mb, char *err, size_t errlen);

/* How a player of the caller's (match_player_new_call) chooses: a move of `b`, where `side`
   is to move and has a legal move, into *move; 0, or -1 with a message (it then loses). */
typedef int (*match_choose_fn)(void *state, const struct pos *b, enum color side, int *move,
			       char *err, size_t errlen);
struct match_player *match_player_new_call(match_choose_fn choose, void *state, char *err,
					   size_t errlen);
void match_player_free(struct match_player *p);
void match_player_forfeited(struct match_player *p);
bool match_player_check_spec(const char *spec, char *err, size_t errlen);
bool match_player_is_level(const char *spec);
int match_player_new_game(struct match_player *p, const struct match_opening *o, uint64_t seed,
			  char *err, size_t errlen);
int match_player_genmove(struct match_player *p, const struct pos *b, enum color side,
			 struct match_move *out, char *err, size_t errlen);
int match_player_tell(struct match_player *p, enum color who, int move, char *err, size_t errlen);
void match_player_set_time(struct match_player *p, double seconds);
void match_player_set_clock(struct match_player *p, double seconds);
double match_player_game_time(const struct match_player *p);
bool match_player_take_notes(struct match_player *p, char *out, size_t len);

/* ---- schedule (match-schedule.c), play and run (match.c) */

struct match_game {
	int number;    /* game number in the whole list, from 1 */
	int black;     /* index of the player with Black */
	int white;     /* index of the player with White */
	int opening;   /* index into the openings */
	uint64_t seed; /* the game's random seed */
};

struct match_plan {
	int n_players;				   /* players */
	const char *const *specs;		   /* [n_players] player specifications */
	const char *const *names;		   /* [n_players] names in reports (distinct) */
	const struct match_player_options *opt;	   /* [n_players] per-player options */
	const struct match_openings *openings;	   /* starting positions */
	struct match_game *games;		   /* the games to play, in order */
	int n_games;				   /* entries in games */
	int jobs;				   /* games played at once (worker processes) */
	const char *log_dir;			   /* directory for one SGF per game, or NULL */
	void (*warn)(const char *msg, void *user); /* told of a log that cannot be written
						      (in the worker process), or NULL */
	void (*note)(const char *msg, void *user); /* told once of each note on a player (an
						      engine going on without a command it
						      refused), for the report's comments; or
						      NULL */
	void *warn_user;			   /* passed to warn and note */
};

uint64_t match_game_seed(uint64_t seed, int number);
int match_schedule_pair(int games, int n_openings, uint64_t seed, int a, int b, int first_number,
			struct match_game *out);
int match_shard_parse(const char *s, int *shard, int *shards);
void match_shard_range(int n, int shard, int shards, int *first, int *last);
void match_names_distinct(const char *const *labels, int n, char (*names)[REPORT_NAME_LEN]);

/* One game for the game loop: the players at the table, where it starts. */
struct match_table {
	struct match_player *player[2];	     /* Black's and White's */
	const char *name[2];		     /* their names in the report and the record */
	const struct match_opening *opening; /* where the game starts */
	int number;			     /* game number, for the report and the record */
	uint64_t seed[2];		     /* Black's and White's seed for the game; the report
						and the record give Black's */
};

/* How a game ended. */
enum match_end {
	MATCH_END_NORMAL,  /* played to the end */
	MATCH_END_FORFEIT, /* a player failed: could not start, move, or moved illegally */
	MATCH_END_TIME	   /* a player ran out of its game clock */
};

enum match_end match_play_game(const struct match_table *t, struct report_game *out,
			       double spent[2], struct game **record);

int match_plan_schedule(struct match_plan *plan, int per_pair, uint64_t seed, int shard,
			int shards, struct match_game **all, char *err, size_t errlen);

typedef bool (*match_result_fn)(const struct report_game *g, void *user);
int match_run(const struct match_plan *plan, match_result_fn fn, void *user, char *err,
	      size_t errlen);

#endif
