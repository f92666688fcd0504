/*
 * controller-int.h — inside the controller: the state shared by its parts.
 * Not for use elsewhere.
 *
 * The parts call one another one way only, down this list (a part never
 * calls a part above it):
 *
 *   controller-drill.c                the drill on the analysed mistakes
 *   controller.c, controller-file.c   the operations on the game; the files
 *   controller-player.c               the kinds of player, asking the one to move,
 *                                     the events of every player
 *   controller-engine.c               engine moves, hints, levels; the worker's events
 *   controller-overlay.c              the all-moves overlay (hints deepening)
 *   controller-analysis.c             `analyze` and its results
 *   controller-net.c                  a game of the game server, its players, its lines
 *   controller-state.c                the cursor, the line, read-only state
 *   worker.c                          the engine thread (knows no game)
 *
 * Threads: all of this belongs to the main thread. The worker (worker.h)
 * searches copies of positions; its results are applied here when the
 * main thread takes its DONE event, the move and hint results by
 * controller-engine.c, the analysis by controller-analysis.c.
 */
#ifndef OTHELLO_CONTROLLER_INT_H
#define OTHELLO_CONTROLLER_INT_H

#include "book.h"
#include "controller.h"
#include "evalspec.h"
#include "gametree.h"
#include "level.h"
#include "lobby.h"
#include "scorestore.h"
#include "settings.h"
#include "worker.h"

enum { CTL_LEVEL_LEN = 128, CTL_PATH_LEN = 4096 };
enum { CTL_JOB_LEVEL_LEN = CTL_LEVEL_LEN + EVALSPEC_NAME_LEN + 4 };

/*
 * A kind of player (controller-player.c): what the controller does with
 * whoever plays a colour. Whose turn it is, and whether that player must be
 * asked now, is decided in one place (ctl_turn, controller-state.c); a kind
 * says only how it is asked, how its answers reach the controller and how a
 * move typed at this screen for its colour reaches the game.
 */
struct ctl_player {
	enum player_kind kind; /* as controller_player reports it */
	bool moves_itself;     /* it answers without the person at this screen (an engine): the
				  turn waits for it; false: the person at the screen moves */
	/* It is colour c's turn at the end of the line: start its move. The changes, or -1.
	   What it starts is withdrawn by ctl_cancel, which every change of the game calls
	   (the engine's job is dropped; the other kinds start nothing here). */
	int (*ask)(struct controller *ctl, enum color c, char *err, size_t errlen);
	/* Readable when an answer of this player waits (controller_poll_event takes it); -1
	   for none. */
	int (*fd)(const struct controller *ctl, enum color c);
	/* A move typed at this screen for colour c (the side to move at the cursor): played,
	   or refused with a message. The changes, or -1. */
	int (*offer)(struct controller *ctl, enum color c, int sq, char *err, size_t errlen);
	/* The name shown for colour c: "human", the level. */
	const char *(*name)(const struct controller *ctl, enum color c);
};

extern const struct ctl_player ctl_human;  /* the person at this screen */
extern const struct ctl_player ctl_engine; /* our engine at the colour's level */
extern const struct ctl_player ctl_net_seat;   /* the user's seat in a server game */
extern const struct ctl_player ctl_net_remote; /* a server game's other player */

/* The game server the controller is connected to (controller-net.c). */
struct ctl_net {
	struct netconn *conn;		  /* the connection (netconn.h) */
	bool lost;			  /* it closed: nothing is read until it is made again */
	long game;			  /* the server game on the board, 0 for none */
	long seq;			  /* the update of it the board shows */
	const struct ctl_player *own[2];  /* the players before a server game came on the board,
					     given back when another game replaces it */
	double sent_at;			  /* timer_now() when the user's move was sent, 0: none
					     on its way */
	int sent_plies;			  /* the game's plies then */
	double turn_since;		  /* timer_now() when the user's turn began */
	int turn_plies;			  /* the game's plies then */
	long saved;			  /* the last game saved in the slots */
	char note[256];			  /* news to give as an event ("" for none) */
	bool note_error;		  /* ... as an error */
	char names[2][200];		  /* the players' names as shown */
	char line[PROTO_SERVER_LINE_MAX]; /* the last line of the server, cleaned */
	struct lobby lobby;		  /* who is on, the offers, the games */
	bool follows;			  /* the lobby was asked for: asked again when it went
					     stale (a new connection, the end of a game played) */
	double listed[2];		  /* timer_now() when `who` and `games` were last sent */
};

/* What the game waits for at the cursor (ctl_turn). */
enum ctl_turn_state {
	TURN_NONE,   /* no turn runs: a position inside the line, a finished game, editing, a
			study */
	TURN_PERSON, /* the person at this screen is to move */
	TURN_HELD,   /* the player to move waits: paused, the engine busy with other work, or
			the delay after an engine move */
	TURN_DUE,    /* the player to move must be asked now (ctl_autostep) */
	TURN_ASKED,  /* it was asked here: its answer comes as an event (or asking failed,
			and it waits until the game changes) */
};

struct ctl_turn {
	enum color side;		 /* the side to move at the cursor */
	const struct ctl_player *player; /* who plays it */
	enum ctl_turn_state state;	 /* what the game waits for */
	double wait;			 /* TURN_HELD by the delay: seconds left; else 0 */
};

/* The drill (controller-drill.c): the positions before the mistakes of the analysed line. */
struct ctl_drill {
	bool on;		     /* a drill runs */
	int side;		     /* whose mistakes: BLACK, WHITE, or -1 for both */
	int within;		     /* an answer is right within this loss, centidiscs */
	struct game_node *items[64]; /* the mistaken moves, in the order of the game */
	int n;			     /* entries in items */
	int at;			     /* the item being asked */
	int right;		     /* answers within `within` of the best */
	int answered;		     /* answers given (skips not counted) */
};

/* What the running worker job is for. */
enum ctl_job_kind { JOB_NONE, JOB_MOVE, JOB_HINT, JOB_ANALYZE };

/* The worker's job (controller-state.c starts it, controller-engine.c and
   controller-analysis.c apply its result). */
struct ctl_job {
	enum ctl_job_kind kind;		  /* what it is for, JOB_NONE if none */
	struct game_node *node;		  /* where its result goes: the mover's position, the
					     hinted position, the end of the analysed line */
	char level[CTL_JOB_LEVEL_LEN];	  /* JOB_MOVE: the level and its evaluation, for the
					     record */
	int hints;			  /* JOB_HINT: how many moves were asked for */
	bool overlay;			  /* JOB_HINT: a depth of the overlay's search */
	double started;			  /* timer_now() when it started */
};

/* The hints and the all-moves overlay (controller-engine.c, controller-overlay.c). */
struct ctl_hints {
	struct ctl_hint moves[32];	  /* last hints: every legal move, best first */
	int n;				  /* entries in moves */
	int want;			  /* how many of them the hint list shows */
	struct game_node *node;		  /* position the hints are for */
	bool overlay;			  /* the all-moves overlay is on */
	double overlay_start;		  /* timer_now() when the overlay began at node */
	bool overlay_stalled;		  /* its last search there got no deeper: it stops */
};

/* The position editor (controller.c). */
struct ctl_edit {
	bool on;		/* in edit mode */
	sqset black, white;	/* the position being edited (square.h's squares) */
	enum color side;	/* side to move in it */
	struct board view;	/* the edited position from its side to move, for drawing */
};

/* The game put aside while a game of the database is studied (controller-aside.c). */
struct ctl_aside {
	struct game *game;	/* the other game, or NULL */
	struct game_node *cur;	/* its cursor */
	struct game_node *tip;	/* the end of its current line */
	char slot[64];		/* its save slot, or "" */
	char file[CTL_PATH_LEN]; /* the SGF file it came from, or "" */
	bool dirty;		/* changed since it was saved */
	bool study;		/* opened for study */
	int resigned;		/* who resigned in it, -1 if none */
};

struct controller {
	struct controller_options opt; /* settings (strings copied below) */
	char save_dir[CTL_PATH_LEN];   /* save slot directory, "" = the default */
	struct game *game;	       /* the record */
	struct game_node *cur;	       /* the cursor */
	struct game_node *tip;	       /* end of the current line (cur is on its path) */
	const struct ctl_player *player[2]; /* who plays each colour */
	const struct game_node *asked; /* where the player to move was last asked (ctl_autostep);
					  NULL after ctl_cancel */
	char turn_error[256];	       /* why asking it failed, until a front end takes it
					  (controller_step, controller_poll_event); "" */
	char level[2][CTL_LEVEL_LEN];  /* level of each colour, as typed (kept for `go` too) */
	struct level_spec spec[2];     /* level of each colour, parsed */
	struct openings *openings;     /* opening names (SGF ON), or NULL if not shipped */
	bool opening_auto;	       /* the game's ON was set by the program, not a person */
	bool names_auto[2]; /* the game's PB, PW were set by the program from the players */
	struct settings settings; /* `set`, `bind`: the settings file's and the user's */
	const struct game_node *turn_node; /* where the side to move got the move last */
	double turn_since; /* timer_now() then: a human move's time counts from it */
	struct book *book; /* the shipped opening book, or NULL */
	char book_note[600]; /* why the shipped book is left out (it cannot be read), or "" */
	int resigned;	   /* colour that resigned, -1 if none */
	bool dirty;	   /* changed since the last save or load */
	char slot[64];	   /* the save slot this game was saved to or loaded from, or "" */
	char file[CTL_PATH_LEN];   /* the SGF file it was loaded from (a plain `save` writes it
				      back), or "" */
	struct ctl_edit edit;	   /* the position editor */
	struct eval *eval;	      /* evaluation, shared with the searcher */
	char eval_name[EVALSPEC_NAME_LEN]; /* its name (evalspec.c) */
	char eval_note[512];		   /* why it is not the one asked for, or "" */
	struct worker *worker;		   /* the engine thread and its events */
	struct ctl_job job;		   /* the worker's job */
	struct ctl_hints hint;		   /* the hints and the overlay */
	struct scorestore *scores;	   /* the best known score of each move of each position:
					      what every view shows (scorestore.h) */
	bool have_analysis;		   /* sides[] holds the last analysis */
	struct ctl_drill drill;		   /* the drill, when one runs */
	bool study; /* a game opened for study (load, import, `study`): the engine moves only when
		       asked
		       (`go`), until `new` or a player is set with black/white */
	struct ctl_analysis_side sides[2]; /* totals of the last analysis */
	bool paused;			   /* `pause`: engines wait for `go` */
	double engine_moved_at; /* timer_now() when an engine's move was played, 0 = a human's */
	struct eval *board_eval[VARIANT_COUNT]; /* each other board's evaluation, once loaded */
	char board_eval_name[VARIANT_COUNT][EVALSPEC_NAME_LEN]; /* where it came from:
								   "eval/variant-6x6.txt" or
								   "built-in weights" */
	struct ctl_aside aside; /* the other game of `back`, see controller-aside.c */
	bool from_db;		/* the game on the board was opened from the database */
	struct ctl_net *net;	/* the game server, or NULL */
	bool ended;		/* the game at the tip was ended by the server before the board
				   was full (time, abandonment, abort): no turn runs */
	bool judge_held;	/* a record is being read into the store: its analyses are
				   judged once at the end (ctl_judge_all) */
	bool rejudged;		/* ctl_judge changed an analysis (its verdict shows in the move
				   list): the next event says the moves changed */
};

/* controller-state.c: the cursor and the line */
void ctl_set_cursor(struct controller *ctl, struct game_node *n);
void ctl_turn_begin(struct controller *ctl);
int ctl_add_move(struct controller *ctl, int sq, char *err, size_t errlen);
void ctl_reset_game(struct controller *ctl, struct game *g);
void ctl_result_update(struct controller *ctl);
void ctl_cancel(struct controller *ctl);
void ctl_turn(const struct controller *ctl, struct ctl_turn *t);
bool ctl_job_is(const struct controller *ctl, enum ctl_job_kind kind);
const struct eval *ctl_board_eval(struct controller *ctl, enum variant v, const char **name);
void ctl_search_job(struct controller *ctl, int depth, int endgame, struct worker_job *job);
int ctl_job_start(struct controller *ctl, enum ctl_job_kind kind, const struct worker_job *job,
		  char *err, size_t errlen);
void ctl_score_key(const struct game_node *n, struct score_key *k);
void ctl_scores_from_search(struct controller *ctl, const struct game_node *n,
			    const struct search_result *r);
void ctl_scores_from_candidates(struct controller *ctl, const struct game_node *n,
				const struct game_candidate *c, int count, int selectivity,
				enum scored_by by);
void ctl_scores_from_reasoning(struct controller *ctl, const struct game_node *n,
			       const struct game_reasoning *r);
void ctl_scores_from_book(struct controller *ctl, const struct game_node *n);
void ctl_judge(struct controller *ctl, struct game_node *n);
void ctl_judge_all(struct controller *ctl);
void ctl_analysis_totals(struct controller *ctl);
bool ctl_drill_hides(const struct controller *ctl, const struct game_node *n);

/* controller-net.c: a game of the game server */
void ctl_net_free(struct controller *ctl);
bool ctl_net_poll(struct controller *ctl, struct ctl_event *ev);
int ctl_net_check(const struct controller *ctl, bool help, const char *what, char *err,
		  size_t errlen);

/* controller-overlay.c: the all-moves overlay */
int ctl_overlay_step(struct controller *ctl);

/* controller-analysis.c: `analyze` */
void ctl_analysis_event(struct controller *ctl, const struct worker_event *wev,
			struct ctl_event *ev);

/* controller-engine.c: the engine, its levels and the worker's events */
int ctl_engine_init(struct controller *ctl, char *err, size_t errlen);
void ctl_engine_free(struct controller *ctl);
uint64_t ctl_level_seed(const struct level_spec *spec, enum color c);
int ctl_player_set(struct controller *ctl, enum color c, const char *level, char *err,
		   size_t errlen);
int ctl_engine_move(struct controller *ctl, enum color c, char *err, size_t errlen);
void ctl_engine_event(struct controller *ctl, const struct worker_event *wev, struct ctl_event *ev);

/* controller-player.c: the kinds of player, the turn, the events */
int ctl_autostep(struct controller *ctl);
int ctl_offer(struct controller *ctl, int sq, char *err, size_t errlen);

#endif
