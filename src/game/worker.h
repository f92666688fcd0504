/*
 * worker.h — the engine worker: searches off the main thread, one job at a
 * time, reported through a queue of events.
 *
 * A job is one of three kinds: an engine move chosen by a level, a search of
 * one position, or the scoring of a list of positions one after the other.
 * It carries everything it needs (positions, limits, level), so the worker
 * knows boards, searches and levels and nothing of the game record or of
 * who asked. While the job runs the worker posts progress events; its last
 * event is WORKER_EVENT_DONE, after which worker_result holds the result
 * until the next job starts. A pipe carries one byte per queued event so
 * that a front end can poll worker_fd beside the keyboard.
 *
 * All functions are for the main thread (the one that starts jobs). The
 * searches are the engine facade's (engine.h): one engine, kept for the
 * worker's life, makes each searcher on the first job that needs it, and
 * picks it by the job's board.
 */
#ifndef OTHELLO_WORKER_H
#define OTHELLO_WORKER_H

#include "board.h"
#include "engine.h"
#include "level.h"
#include "position.h"
#include "search.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct book;
struct eval;
struct worker;

enum worker_job_kind {
	WORKER_MOVE,   /* a level chooses a move (engine_choose) */
	WORKER_SEARCH, /* one position is searched (engine_search: on the other boards every
			  move is scored one ply down) */
	WORKER_SCORE,  /* each position of a list is searched in turn */
};

/* What to do; worker_start copies it (and the positions of a scoring job). Every position is
   the facade's one type (position.h), on any board: the worker picks the searcher. */
struct worker_job {
	enum worker_job_kind kind; /* what to do */
	struct pos pos;		   /* MOVE, SEARCH: the position, seen by the side to move */
	struct search_limits
	    limits;		/* SEARCH: the limits; SCORE: those of every position */
	struct level_spec spec; /* MOVE: the mover's level */
	int player;		/* MOVE: whose level state to use, 0 or 1 */
	uint64_t seed;		/* MOVE: seed of a level state made for this job */
	const struct pos *positions; /* SCORE: the positions, all on one board, each seen by
					its side to move */
	int n_positions;	     /* SCORE: entries in positions */
	double clock;		     /* MOVE: seconds left on the mover's clock; 0 none */
	const struct eval *eval;     /* the evaluation of the job's board, for its searcher when
					the worker first makes it (on 8×8 the worker's own stays);
					NULL: the built-in weights */
};

/* The result of the last finished job. */
struct worker_result {
	int rc;				   /* MOVE, SEARCH: 0, or nonzero when the search failed */
	struct level_move move;		   /* MOVE: the level's choice */
	struct search_result search;	   /* SEARCH: the search's result */
	const struct engine_score *scores; /* SCORE: one per position, in order */
	int n_scores;			   /* SCORE: entries in scores */
};

enum worker_event_kind {
	WORKER_EVENT_PROGRESS, /* MOVE, SEARCH: the search finished one more iteration */
	WORKER_EVENT_SCORED,   /* SCORE: one more position is scored */
	WORKER_EVENT_DONE,     /* the job is over; worker_result holds what it found */
};

struct worker_event {
	enum worker_event_kind kind; /* what happened */
	enum worker_job_kind job;    /* the kind of job it comes from */
	struct search_info progress; /* PROGRESS: the search so far, as its observer saw it */
	int index;		     /* SCORED: the position just scored (0-based) */
	int total;		     /* SCORED: positions of the job */
	struct engine_score score;   /* SCORED: what it came to */
};

struct worker *worker_new(const struct eval *ev, const struct book *bk, size_t tt_megabytes,
			  char *err, size_t errlen);
void worker_free(struct worker *w);
void worker_set_threads(struct worker *w, int threads);

int worker_start(struct worker *w, const struct worker_job *job, char *err, size_t errlen);
bool worker_busy(const struct worker *w);
void worker_stop(struct worker *w);
void worker_cancel(struct worker *w);

int worker_fd(const struct worker *w);
bool worker_poll(struct worker *w, struct worker_event *ev);
const struct worker_result *worker_result(const struct worker *w);

void worker_forget_level(struct worker *w, int player);
void worker_clear_search(struct worker *w);

#endif
