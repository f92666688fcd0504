/*
 * controller.h — one game in progress: whose turn it is, who plays each side,
 * the replay cursor, undo/redo, hints, board editing, handicaps, resigning,
 * analysis, save slots; engine searches in a worker thread.
 *
 * The game itself lives in a record (`struct game`, src/game/gametree.h): the tree of
 * moves with variations, annotations and engine reasoning. The controller
 * holds a cursor into the current line of that tree and the position at the
 * cursor. Moves after the cursor are kept: stepping back and forward never
 * loses them. A different move played in the past starts a variation; in play
 * (not a study) its line becomes the main line, the old one kept beside it.
 *
 * Every operation returns what changed as `enum ctl_change` bits (>= 0)
 * or -1 with a message in `err`, and every event carries its own; a front
 * end redraws from the read-only state below the parts those bits name (the
 * command layer turns an operation's changes into its result's flags).
 * All functions are for the main thread only; the engine worker (worker.h)
 * only searches a copy of a position and posts its result, which the main
 * thread applies when it polls events (controller_poll_event).
 */
#ifndef OTHELLO_CONTROLLER_H
#define OTHELLO_CONTROLLER_H

#include "board.h"
#include "search.h"
#include "square.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct game;
struct game_node;
struct controller;

/* Who plays a colour: the person at this screen, our engine, or a player of the game server
   (the opponent, or both players for a watcher). */
enum player_kind { PLAYER_HUMAN, PLAYER_ENGINE, PLAYER_REMOTE };

/* What an operation or an event changed, as bits. */
enum ctl_change {
	CTL_CHANGED_BOARD = 1 << 0,    /* the position, its legal moves or the last move */
	CTL_CHANGED_MOVES = 1 << 1,    /* the move list, the cursor or annotations */
	CTL_CHANGED_EVAL = 1 << 2,     /* engine reasoning, search progress, hints or analysis */
	CTL_CHANGED_STATUS = 1 << 3,   /* players, mode, game information, the event's message */
	CTL_CHANGED_ENGINE = 1 << 4,   /* the engine started a job: events will follow */
	CTL_CHANGED_PROGRESS = 1 << 5, /* a search's progress (the engine's live lines) only */
	CTL_CHANGED_ALL =
	    CTL_CHANGED_BOARD | CTL_CHANGED_MOVES | CTL_CHANGED_EVAL | CTL_CHANGED_STATUS,
};

enum ctl_mode {
	MODE_PLAY,     /* cursor at the end of the line: moves are played here */
	MODE_REPLAY,   /* cursor inside the line: later moves are kept */
	MODE_EDIT,     /* editing the position (set/side/clear, then done) */
	MODE_ANALYSIS, /* an analysis of the whole game is running */
};

/* Settings of a new controller; controller_options_default fills them. */
enum { CTL_MAX_BOOKS = 16 }; /* --book files at most */

struct controller_options {
	const char *black;    /* player of Black: "human" or a level; NULL = human */
	const char *white;    /* player of White: "human" or a level; NULL = default level */
	const char *save_dir; /* save slot directory; NULL = $OTHELLO_SAVE_DIR or the default */
	const char *eval;     /* evaluation: pattern, classic or a weights file (evalspec.c);
				 NULL = pattern */
	size_t tt_megabytes;  /* transposition table size; 0 = default */
	int hint_count;	      /* moves shown by `hint` without a number */
	int hint_depth;	      /* midgame depth of hint searches; 0 = by hint_time */
	double hint_time;     /* seconds of a hint search when hint_depth is 0 */
	int overlay_depth;    /* the overlay deepens to this depth; 0 = no depth limit */
	double overlay_time;  /* ... and for at most this many seconds a position; 0 = none
				 (both 0: until the position is solved exactly) */
	int analyze_depth;    /* midgame depth of `analyze`; 0 = use analyze_time */
	double analyze_time;  /* seconds per position of `analyze` when analyze_depth is 0 */
	int analyze_exact;    /* solve exactly with this many empties or fewer */
	int mark_doubtful;    /* disc loss marked ?! by analysis (centidiscs) */
	int mark_mistake;     /* disc loss marked ? (centidiscs) */
	int mark_blunder;     /* disc loss marked ?? (centidiscs) */
	const char *const *book_files; /* opening books to combine; none = the shipped book */
	int n_book_files;	       /* entries of book_files */
	bool no_book;		       /* engines play without any opening book */
	int threads;	   /* search threads of the engine (default 1); 0 = one per online core */
	double game_time;  /* seconds on each side's game clock (--game-time); 0 = none */
	double move_delay; /* seconds at least between an engine's move and the next engine
			      move it starts by itself (--delay: watching engines); 0 = none */
	enum variant variant; /* the board of the first game and of `new` without --variant */
};

enum ctl_event_kind {
	CTL_EVENT_PROGRESS,	     /* a search finished one more iteration */
	CTL_EVENT_MOVE_PLAYED,	     /* an engine move was played on the board */
	CTL_EVENT_HINTS_READY,	     /* controller_hints has new results */
	CTL_EVENT_ANALYSIS_PROGRESS, /* one more position of `analyze` is scored */
	CTL_EVENT_ANALYSIS_DONE,     /* the analysis is finished and stored */
	CTL_EVENT_ERROR,	     /* a search failed; `message` says why */
	CTL_EVENT_NET,		     /* a line of the game server: `message` holds its start,
					controller_net_line all of it, cleaned */
	CTL_EVENT_NOTICE,	     /* news of the server's game in `message` (where it was
					saved) */
};

/* Search progress as the engine reports it, and an analysis's count. */
struct ctl_progress {
	struct search_info search; /* the search's last iteration (search.h) */
	int done;		   /* analysis: positions scored so far */
	int total;		   /* analysis: positions to score */
};

struct ctl_event {
	enum ctl_event_kind kind;     /* what happened */
	unsigned changes;	      /* enum ctl_change: what changed */
	struct ctl_progress progress; /* search or analysis progress */
	char message[256];	      /* one line for the status bar ("" if none) */
};

/* One scored move: its best known score (the controller's store of results, scorestore.h). */
struct ctl_hint {
	int move;	 /* square, or SQ_PASS */
	int score;	 /* centidiscs, side to move */
	int bound;	 /* enum bound of search.h */
	int depth;	 /* depth searched (the book's depth; empties when exact) */
	bool endgame;	 /* exact endgame score */
	int selectivity; /* ProbCut confidence of the search, percent; 100 = none */
	bool book;	 /* the opening book's score */
};

/* Where a drill is (controller_drilling). */
struct ctl_drill_state {
	int at;	      /* the position asked, 0-based */
	int n;	      /* positions of the drill */
	int right;    /* right answers so far */
	int answered; /* answers given */
	int within;   /* an answer is right within this loss, centidiscs */
};

/* What `analyze` found for one side. */
struct ctl_analysis_side {
	int moves;	/* moves of this side that were scored */
	int total_loss; /* discs lost against the best moves, centidiscs */
	int doubtful;	/* moves marked ?! */
	int mistakes;	/* moves marked ? */
	int blunders;	/* moves marked ?? */
};

void controller_options_default(struct controller_options *opt);
struct controller *controller_new(const struct controller_options *opt, char *err, size_t errlen);
void controller_free(struct controller *ctl);

/* Read-only state for drawing. */
/* The position at the cursor, seen from the side to move there. */
const struct board *controller_board(const struct controller *ctl);
enum color controller_side(const struct controller *ctl);
sqset controller_legal_moves(const struct controller *ctl);
enum variant controller_variant(const struct controller *ctl);
void controller_colors(const struct controller *ctl, sqset *black, sqset *white);
bool controller_clock(const struct controller *ctl, enum color c, double *left);
double controller_turn_seconds(const struct controller *ctl);
/* The move that led to the cursor (SQ_PASS, or SQ_NONE at the start) and its flips. */
int controller_last_move(const struct controller *ctl, sqset *flipped);
enum ctl_mode controller_mode(const struct controller *ctl);
const struct game *controller_game(const struct controller *ctl);
/* Plies from the start to the cursor / to the end of the current line. */
int controller_cursor(const struct controller *ctl);
int controller_line_length(const struct controller *ctl);
/* The record's node at the cursor, and the last node of the current line (read-only). */
const struct game_node *controller_node(const struct controller *ctl);
const struct game_node *controller_line_end(const struct controller *ctl);
/* Who plays colour c; *name (optional) is "human" or the level name. */
enum player_kind controller_player(const struct controller *ctl, enum color c, const char **name);
/* The name of colour c's player as every view gives it: one a person or a file gave, the
   record's in a study, else who plays it now ("Human", "Othello Master expert (depth 2)"). */
void controller_player_name(const struct controller *ctl, enum color c, char *out, size_t len);
/* The user's settings (`set`, `bind`, the settings file): the controller's, for the commands
   to change and the screen to read. */
struct settings *controller_settings(struct controller *ctl);
/* The players of colour c as a record names them (PB, PW): who played its moves, each in
   turn with the move it took over at, else who plays it now. */
void controller_record_player(const struct controller *ctl, enum color c, char *out, size_t len);
/* A player "human" or a level as typed ("expert --depth 2") as names give it: "Human",
   "Othello Master expert (depth 2)", or without the program's name when `program` is false. */
void controller_player_title(const char *by, bool program, char *out, size_t len);
/* True when the game at the cursor is over (no moves, or resigned); the disc difference. */
bool controller_game_over(const struct controller *ctl, int *black_minus_white);
/* The result as SGF writes it ("B+12", "W+R", "0") or "" if the game goes on. */
const char *controller_result(const struct controller *ctl);
/* The end of the game at the cursor in words ("White wins 35-29"), "" if not over. */
void controller_result_text(const struct controller *ctl, const char *dash, char *out, size_t len);
bool controller_engine_busy(const struct controller *ctl);
/* The last hints for the cursor position, best first; returns how many (0 if none). */
int controller_hints(const struct controller *ctl, struct ctl_hint *out, int max);
int controller_hint_scores(const struct controller *ctl, struct ctl_hint *out, int max);
/* The best known scores of the moves of node n's position, best first (every view reads
   these: one score per move); how many. */
int controller_node_scores(const struct controller *ctl, const struct game_node *n,
			   struct ctl_hint *out, int max);
/* The one score of node n's position (side to move there), as every view shows it: a finished
   game's result, else the move's score from the position before or the position's own best,
   the deeper; false if unknown. controller_move_score: the score of the move that led to n. */
bool controller_node_value(const struct controller *ctl, const struct game_node *n,
			   struct ctl_hint *out);
bool controller_move_score(const struct controller *ctl, const struct game_node *n,
			   struct ctl_hint *out);
/* Where a score comes from, as the screen shows it: "book", "exact", "d14", "d18@87%". */
void controller_score_label(const struct ctl_hint *h, char *out, size_t outlen);
/* The search limits of hints and the overlay (controller-overlay.c). */
int controller_set_depth(struct controller *ctl, const char *which, const char *limit, char *err,
			 size_t errlen);
void controller_depth_text(const struct controller *ctl, char *out, size_t outlen);
int controller_parse_limit(const char *text, int *depth, double *seconds, char *err, size_t errlen);
/* The depth the overlay reached at the cursor (0 if none), and whether it is exact. */
int controller_overlay_depth(const struct controller *ctl, bool *exact);
/* The all-moves overlay (controller-overlay.c). */
int controller_overlay_set(struct controller *ctl, bool on, char *err, size_t errlen);
bool controller_overlay(const struct controller *ctl);
bool controller_overlay_searching(const struct controller *ctl);
int controller_overlay_step(struct controller *ctl);
/* Each side's totals of the last analysis (index = enum color); false if none. */
bool controller_analysis(const struct controller *ctl, struct ctl_analysis_side out[2]);
bool controller_unsaved(const struct controller *ctl);
bool controller_study(const struct controller *ctl);
/* What the mode means and how to switch, one sentence ("STUDY: ... `play` ..."). */
void controller_mode_note(const struct controller *ctl, char *out, size_t len);
char *controller_info_text(const struct controller *ctl);
const char *controller_save_dir(const struct controller *ctl);
/* The evaluation in use ("pattern", "classic" or the weights file), and why it is not the one
   asked for ("" when it is: the front end shows it once). */
const char *controller_eval_name(const struct controller *ctl);
const char *controller_eval_note(const struct controller *ctl);
/* Why the shipped opening book is left out (a corrupt file), or "": shown once, as above. */
const char *controller_book_note(const struct controller *ctl);

/* Engine work and events. */
/* Readable when an engine event is queued: put it in the poll set beside stdin. */
int controller_event_fd(const struct controller *ctl);
/* Every fd to poll for the controller's events (the engine's, the players'); how many. */
int controller_event_fds(const struct controller *ctl, int *fds, int max);
/* Takes one queued event without blocking (false if none); applies engine moves. */
bool controller_poll_event(struct controller *ctl, struct ctl_event *ev);
/* Blocks until an event comes; false at once when no engine work is running. */
bool controller_wait_event(struct controller *ctl, struct ctl_event *ev);
/* Esc / `stop`: the engine plays its best move so far; a hint or analysis is cut short. */
void controller_stop(struct controller *ctl);
/* Asks the player to move when it is its turn at the end of the line (an engine starts),
   else lets the overlay deepen: the changes, or -1 with why the player could not be asked.
   Call it once after controller_new so that an engine playing Black begins, and after each
   command (the operations ask by themselves, but a failure waits for this call or for
   controller_poll_event to report it). */
int controller_step(struct controller *ctl, char *err, size_t errlen);
/* Seconds until an engine move held back by the delay (or 0 for now) may start, through
   controller_step; -1 when none waits. */
double controller_step_wait(const struct controller *ctl);
/* `pause`: engines make no move by themselves (`go` still plays one); the changes. */
int controller_pause(struct controller *ctl, bool on);
bool controller_paused(const struct controller *ctl);

/* Playing. Each returns enum ctl_change bits (>= 0), or -1 with `err` set. */
int controller_new_game(struct controller *ctl, char *err, size_t errlen);
int controller_new_game_on(struct controller *ctl, enum variant v, char *err, size_t errlen);
int controller_play(struct controller *ctl, int sq, char *err, size_t errlen);
int controller_pass(struct controller *ctl, char *err, size_t errlen);
int controller_resign(struct controller *ctl, char *err, size_t errlen);
int controller_go(struct controller *ctl, char *err, size_t errlen);
int controller_hint(struct controller *ctl, int n, char *err, size_t errlen);
int controller_set_player(struct controller *ctl, enum color c, const char *player, char *err,
			  size_t errlen);
int controller_set_level(struct controller *ctl, const char *level, char *err, size_t errlen);

/* Moving through the game; the moves after the cursor are kept. */
int controller_undo(struct controller *ctl, int n, char *err, size_t errlen);
int controller_redo(struct controller *ctl, int n, char *err, size_t errlen);
int controller_goto(struct controller *ctl, int ply, char *err, size_t errlen);
int controller_variation(struct controller *ctl, int n, char *err, size_t errlen);
int controller_promote(struct controller *ctl, char *err, size_t errlen);
char *controller_variations_text(const struct controller *ctl);

/* Annotating the move that led to the cursor position. */
int controller_comment(struct controller *ctl, const char *text, char *err, size_t errlen);
int controller_mark(struct controller *ctl, const char *mark, char *err, size_t errlen);
int controller_info(struct controller *ctl, const char *key, const char *value, char *err,
		    size_t errlen);

/* Editing the position and handicaps. */
int controller_edit_begin(struct controller *ctl, char *err, size_t errlen);
int controller_edit_set(struct controller *ctl, int sq, int what, char *err, size_t errlen);
int controller_edit_side(struct controller *ctl, enum color side, char *err, size_t errlen);
int controller_edit_clear(struct controller *ctl, char *err, size_t errlen);
int controller_edit_done(struct controller *ctl, char *err, size_t errlen);
int controller_edit_cancel(struct controller *ctl, char *err, size_t errlen);
int controller_handicap(struct controller *ctl, int corners, char *err, size_t errlen);
int controller_handicap_on(struct controller *ctl, enum variant v, int corners, char *err,
			   size_t errlen);

/* Analysis of the whole game (`analyze`). */
int controller_analyze(struct controller *ctl, int depth, double seconds, bool fast, char *err,
		       size_t errlen);
char *controller_analysis_text(const struct controller *ctl);

/* The drill on the analysed mistakes (controller-drill.c). */
int controller_drill_start(struct controller *ctl, int side, int within, char *msg, size_t msglen);
int controller_drill_answer(struct controller *ctl, int sq, char *msg, size_t msglen);
int controller_drill_skip(struct controller *ctl, char *msg, size_t msglen);
int controller_drill_stop(struct controller *ctl, char *msg, size_t msglen);
bool controller_drilling(const struct controller *ctl, struct ctl_drill_state *out);

/* Files and save slots. */
int controller_save(struct controller *ctl, const char *slot, const char *description, char *err,
		    size_t errlen);
int controller_load(struct controller *ctl, const char *slot_or_file, char *err, size_t errlen);
/* `study` (on) or `play` (off): whether the engine waits for `go`; the mode note in msg. */
int controller_set_study(struct controller *ctl, bool on, char *msg, size_t msglen);
bool controller_slot_taken(const struct controller *ctl, const char *slot);
char *controller_slots_text(const struct controller *ctl, char *err, size_t errlen);
int controller_export(struct controller *ctl, const char *file, char *err, size_t errlen);
int controller_import(struct controller *ctl, const char *file, char *err, size_t errlen);
int controller_study_record(struct controller *ctl, struct game *g, int moves, char *err,
			    size_t errlen);
int controller_back(struct controller *ctl, char *err, size_t errlen);
bool controller_has_aside(const struct controller *ctl);
/* Writes the `autosave` slot (call from the main loop after SIGHUP/SIGTERM); 0 or -1. */
int controller_autosave(struct controller *ctl, char *where, size_t wherelen, char *err,
			size_t errlen);
/* True when the save directory holds an `autosave` slot (offer it at start: `load autosave`). */
bool controller_has_autosave(const struct controller *ctl);
/* True the first time an autosave is asked about (once per autosave: the start's notice). */
bool controller_autosave_offer(const struct controller *ctl);

/* A game server (controller-net.c): the controller holds the connection, shows the game the
   user sits in or watches, and takes the server's lines as events (CTL_EVENT_NET). */
struct netconn;
struct netgame;
int controller_net_attach(struct controller *ctl, struct netconn *c, char *err, size_t errlen);
bool controller_net_connected(const struct controller *ctl);
bool controller_net_lost(const struct controller *ctl);
bool controller_net_away(const struct controller *ctl, char *out, size_t len);
int controller_net_reconnect(struct controller *ctl, char *err, size_t errlen);
int controller_net_send(struct controller *ctl, int argc, const char *const *argv, char *err,
			size_t errlen);
const struct netgame *controller_net_game(const struct controller *ctl);
bool controller_net_seated(const struct controller *ctl);
bool controller_net_to_move(const struct controller *ctl);
long controller_net_unanswered(const struct controller *ctl);
const char *controller_net_line(const struct controller *ctl);
struct lobby;
const struct lobby *controller_lobby(const struct controller *ctl);
const char *controller_net_me(const struct controller *ctl);
int controller_lobby_follow(struct controller *ctl, double every);
char *controller_lobby_text(const struct controller *ctl);

/* Text views for scripts and pop-ups (malloc'd). */
char *controller_board_text(const struct controller *ctl);
char *controller_moves_text(const struct controller *ctl);

/* A square's content for controller_edit_set. */
enum { EDIT_EMPTY = 0, EDIT_BLACK = 1, EDIT_WHITE = 2 };

#endif
