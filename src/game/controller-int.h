/*
 * controller-int.h — inside the controller: the state shared by controller.c
 * (cursor, moves, editing), controller-engine.c (worker thread, events,
 * players), controller-analysis.c (whole-game analysis) and
 * controller-file.c (slots, files, text views). Not for use elsewhere.
 *
 * Threads: everything here belongs to the main thread except `job`, which
 * the worker thread fills while `job_running` is set, and the event queue,
 * which `lock` guards. The main thread reads a job's results only after
 * joining the worker (ctl_job_join). The search tables are big (16 MB by
 * default) and slow to clear, so the worker creates them on the first job
 * that needs them: `search` and `job.state` are atomic because the main
 * thread may stop a search while the worker is creating it.
 */
#ifndef OTHELLO_CONTROLLER_INT_H
#define OTHELLO_CONTROLLER_INT_H

#include "book.h"
#include "controller.h"
#include "evalspec.h"
#include "gametree.h"
#include "level.h"
#include "search.h"

#include <pthread.h>
#include <stdatomic.h>

enum { CTL_QUEUE = 64, CTL_LEVEL_LEN = 128, CTL_PATH_LEN = 4096 };

enum ctl_job_kind { JOB_NONE, JOB_MOVE, JOB_HINT, JOB_ANALYZE };

/* One position of an analysis: what was searched and what came back. */
struct ctl_analysis_item {
	struct game_node *node; /* the position (the move that led to it is node->move) */
	struct board board;	/* node's position, side to move's view */
	int best_move;		/* best move found (SQ_PASS / SQ_NONE when none) */
	int score;		/* centidiscs, side to move at node */
	int depth;		/* depth searched, empties when exact */
	bool exact;		/* exact endgame score */
	bool done;		/* searched */
};

/* The work handed to the worker thread and what it brings back. */
struct ctl_job {
	enum ctl_job_kind kind;		   /* what to do */
	struct board board;		   /* position to search (move and hint jobs) */
	struct game_node *node;		   /* where the move will be played (main thread only) */
	struct search_limits limits;	   /* how deep / long */
	char level[CTL_LEVEL_LEN];	   /* level of an engine move */
	struct search_result result;	   /* hint jobs: the result */
	struct level_move move;		   /* move jobs: the level's choice */
	struct level_state **slot;	   /* move jobs: where the mover's level state lives */
	uint64_t seed;			   /* move jobs: seed of a level state made for the job */
	struct level_state *_Atomic state; /* move jobs: the mover's level state, once made */
	const struct level_spec *spec;	   /* move jobs: the mover's level */
	int rc;				   /* search_run's return */
	struct ctl_analysis_item *items;   /* analysis: the positions, root first */
	int n_items;			   /* entries in items */
	int exact_empties;		   /* analysis: solve with this many empties or fewer */
	atomic_int stop;		   /* set by the main thread: stop soon */
};

/* An event in the queue; `done` marks the end of a job (handled by the main thread). */
struct ctl_qevent {
	struct ctl_event ev; /* the event as poll returns it */
	bool done;	     /* the worker finished its job */
};

struct controller {
	struct controller_options opt;	 /* settings (strings copied below) */
	char save_dir[CTL_PATH_LEN];	 /* save slot directory, "" = the default */
	struct game *game;		 /* the record */
	struct game_node *cur;		 /* the cursor */
	struct game_node *tip;		 /* end of the current line (cur is on its path) */
	enum player_kind kind[2];	 /* who plays each colour */
	char level[2][CTL_LEVEL_LEN];	 /* level of each colour, as typed (kept for `go` too) */
	struct level_spec spec[2];	 /* level of each colour, parsed */
	struct level_state *lstate[2];	 /* searcher and generator of each colour, NULL until
					    its first move (made by the worker) */
	struct openings *openings;	 /* opening names (SGF ON), or NULL if not shipped */
	bool opening_auto;		 /* the game's ON was set by the program, not a person */
	struct book *book;		 /* the shipped opening book, or NULL */
	int resigned;			 /* colour that resigned, -1 if none */
	bool dirty;			 /* changed since the last save or load */
	char slot[64];			 /* the save slot this game was saved to or loaded from, or "" */
	bool editing;			 /* in edit mode */
	uint64_t edit_black, edit_white; /* the position being edited */
	enum color edit_side;		 /* side to move in the edited position */
	struct board edit_view; /* the edited position from its side to move, for drawing */
	struct eval *eval;	/* evaluation, shared with the searcher */
	char eval_name[EVALSPEC_NAME_LEN];  /* its name (evalspec.c) */
	char eval_note[512];		    /* why it is not the one asked for, or "" */
	struct search *_Atomic search;	    /* the searcher for hints and analyses, NULL until the
					       first one (made by the worker) */
	pthread_t thread;		    /* the worker */
	bool job_running;		    /* the worker thread exists and must be joined */
	struct ctl_job job;		    /* the worker's job */
	pthread_mutex_t lock;		    /* guards the queue */
	struct ctl_qevent queue[CTL_QUEUE]; /* pending events, a ring */
	int q_head, q_count;		    /* first pending event, number pending */
	int pipe_fd[2];			    /* [0] readable while events are pending */
	struct ctl_hint hints[32];	    /* last hints */
	int n_hints;			    /* entries in hints */
	struct game_node *hint_node;	    /* position the hints are for */
	bool have_analysis;		    /* sides[] holds the last analysis */
	struct ctl_analysis_side sides[2];  /* totals of the last analysis */
	int analysis_depth;		    /* settings of the running analysis */
	double analysis_time;		    /* seconds per position of the running analysis */
};

/* controller.c */
void ctl_set_cursor(struct controller *ctl, struct game_node *n);
int ctl_add_move(struct controller *ctl, int sq, char *err, size_t errlen);
void ctl_reset_game(struct controller *ctl, struct game *g);

/* controller-engine.c */
int ctl_engine_init(struct controller *ctl, char *err, size_t errlen);
uint64_t ctl_level_seed(const struct level_spec *spec, enum color c);
void ctl_engine_free(struct controller *ctl);
void ctl_cancel(struct controller *ctl);
int ctl_job_start(struct controller *ctl, char *err, size_t errlen);
int ctl_autostep(struct controller *ctl);
int ctl_player_set(struct controller *ctl, enum color c, const char *level, char *err,
		   size_t errlen);
bool ctl_level_valid(const char *level);
struct search *ctl_search_get(struct controller *ctl);

/* controller-analysis.c */
void ctl_analysis_apply(struct controller *ctl, struct ctl_event *ev);
void ctl_analysis_run(struct controller *ctl, struct ctl_job *job);

/* controller-engine.c, from the worker */
void ctl_post(struct controller *ctl, const struct ctl_event *ev, bool done);

#endif
