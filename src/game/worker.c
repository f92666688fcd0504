/*
 * worker.c — the engine worker: the thread, its job and the queue of events
 * it posts (see worker.h for what a job is).
 *
 * One thread per job: worker_start copies the job and creates the thread,
 * which runs the job, posts progress events and posts a DONE event last.
 * worker_poll joins the thread when it hands out the DONE event, so the
 * owner reads worker_result only after the thread has ended. worker_cancel
 * stops the search, joins the thread and drops the queued events; the
 * result of a cancelled job is never handed out.
 *
 * Threads: the queue is guarded by `lock`; everything else is the main
 * thread's while no job runs and the job thread's while one runs, except
 * `stop`, `search` and `state`, which the main thread reads to stop a
 * search that the job thread may be creating at that moment.
 *
 * The queue is a ring of WORKER_QUEUE events. A progress event replaces one
 * of the same kind still waiting at the end of the queue, and a full queue
 * drops its oldest event, so a slow reader never blocks the search; the
 * DONE event is never replaced and is always the last of a job.
 */
#include "worker.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { WORKER_QUEUE = 64 };

struct worker {
	const struct eval *eval;	   /* evaluation of every searcher (borrowed) */
	const struct book *book;	   /* opening book of the levels (borrowed), or NULL */
	size_t tt_megabytes;		   /* table size of every searcher */
	int threads;			   /* search threads of every searcher (>= 1) */
	struct search *_Atomic search;	   /* searcher of SEARCH and SCORE jobs, made on use */
	struct level_state *lstate[2];	   /* each player's level state, made on use */
	struct level_state *_Atomic state; /* the running MOVE job's level state, once made */
	struct vsearch *_Atomic vsearch[VARIANT_COUNT]; /* searcher of each other board's jobs,
							   made on use, kept to the end */
	atomic_int stop;				/* set by the main thread: stop soon */
	pthread_t thread;				/* the job's thread */
	bool running;					/* the thread exists and must be joined */
	struct worker_job job;				/* the job (positions points to `positions`) */
	struct pos *positions;				/* SCORE: the positions, copied */
	struct worker_score *scores;		 /* SCORE: their scores */
	struct worker_result result;		 /* what the job found */
	pthread_mutex_t lock;			 /* guards the queue */
	struct worker_event queue[WORKER_QUEUE]; /* pending events, a ring */
	int q_head, q_count;			 /* first pending event, number pending */
	int pipe_fd[2];				 /* [0] readable while events are pending */
};

/*
 * A worker whose searchers will use evaluation `ev` and book `bk` (both
 * borrowed: they must outlive the worker; bk may be NULL) with tables of
 * tt_megabytes. NULL with a message when the event pipe cannot be made.
 */
struct worker *worker_new(const struct eval *ev, const struct book *bk, size_t tt_megabytes,
			  char *err, size_t errlen)
{
	struct worker *w = calloc(1, sizeof(*w));

	if (!w) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (pipe(w->pipe_fd) < 0) {
		snprintf(err, errlen, "cannot start the engine: %s", strerror(errno));
		free(w);
		return NULL;
	}
	fcntl(w->pipe_fd[0], F_SETFL, fcntl(w->pipe_fd[0], F_GETFL) | O_NONBLOCK);
	fcntl(w->pipe_fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(w->pipe_fd[1], F_SETFD, FD_CLOEXEC);
	pthread_mutex_init(&w->lock, NULL);
	w->eval = ev;
	w->book = bk;
	w->tt_megabytes = tt_megabytes;
	w->threads = 1;
	return w;
}

/*
 * Searches with `threads` threads (0: one per online core) from the next
 * searcher made on; a level whose text says --threads keeps its own. Call it
 * right after worker_new.
 */
void worker_set_threads(struct worker *w, int threads)
{
	w->threads = threads > 0 ? threads : search_default_threads();
}

/* Cancels the running job, if any, and frees the worker and its searchers; NULL is ignored. */
void worker_free(struct worker *w)
{
	if (!w)
		return;
	worker_cancel(w);
	level_state_free(w->lstate[0]);
	level_state_free(w->lstate[1]);
	search_free(w->search);
	for (int v = 0; v < VARIANT_COUNT; v++)
		vsearch_free(w->vsearch[v]);
	free(w->positions);
	free(w->scores);
	close(w->pipe_fd[0]);
	close(w->pipe_fd[1]);
	pthread_mutex_destroy(&w->lock);
	free(w);
}

/* Queues an event (job thread). */
static void post(struct worker *w, const struct worker_event *ev)
{
	bool wake = true;

	pthread_mutex_lock(&w->lock);
	if (w->q_count > 0) {
		struct worker_event *last = &w->queue[(w->q_head + w->q_count - 1) % WORKER_QUEUE];
		if (ev->kind != WORKER_EVENT_DONE && last->kind == ev->kind) {
			*last = *ev;
			wake = false;
		}
	}
	if (wake) {
		if (w->q_count == WORKER_QUEUE) {
			/* full: drop the oldest progress event (DONE is always the last) */
			w->q_head = (w->q_head + 1) % WORKER_QUEUE;
			w->q_count--;
			wake = false;
		}
		w->queue[(w->q_head + w->q_count) % WORKER_QUEUE] = *ev;
		w->q_count++;
	}
	pthread_mutex_unlock(&w->lock);
	if (wake) {
		char c = 'e';
		while (write(w->pipe_fd[1], &c, 1) < 0 && errno == EINTR)
			;
	}
}

/* Takes the first queued event; false if none. */
static bool queue_pop(struct worker *w, struct worker_event *ev)
{
	bool got = false;
	char c;

	pthread_mutex_lock(&w->lock);
	if (w->q_count > 0) {
		*ev = w->queue[w->q_head];
		w->q_head = (w->q_head + 1) % WORKER_QUEUE;
		w->q_count--;
		got = true;
	}
	pthread_mutex_unlock(&w->lock);
	if (got)
		(void)!read(w->pipe_fd[0], &c, 1);
	return got;
}

/* The searcher of SEARCH and SCORE jobs, made on first use (job thread); NULL if out of memory. */
static struct search *search_get(struct worker *w)
{
	if (!w->search) {
		struct search *s = search_new(w->tt_megabytes, w->eval);

		if (s)
			search_set_threads(s, w->threads); /* one thread if more cannot start */
		w->search = s;
	}
	return w->search;
}

/* Search observer (job thread): posts the progress and obeys a stop asked for before the
   search began (or before its table was made). */
static void observe(const struct search_info *info, void *user)
{
	struct worker *w = user;
	struct worker_event ev = {.kind = WORKER_EVENT_PROGRESS, .job = w->job.kind};

	ev.progress = *info;
	post(w, &ev);
	if (atomic_load(&w->stop)) {
		if (w->job.kind == WORKER_MOVE)
			level_stop(w->state);
		else
			search_stop(w->search);
	}
}

/* MOVE: makes the player's level state if it has none yet, then lets the level choose.
   level_choose_move's code, or -1 when the state cannot be made. */
static int run_move(struct worker *w)
{
	struct level_state **slot = &w->lstate[w->job.player];
	struct level_spec spec = w->job.spec;
	char err[256];

	if (!spec.threads)
		spec.threads = w->threads;
	if (!*slot)
		*slot = level_state_new(&spec, w->eval, w->book, w->job.seed, w->tt_megabytes, err,
					sizeof(err));
	if (!*slot)
		return -1;
	atomic_store(&w->state, *slot);
	return level_choose_move(&w->job.spec, *slot, pos_board8(&w->job.pos),
				 w->job.clock > 0 ? &(struct level_clock){w->job.clock} : NULL,
				 observe, w, &w->result.move);
}

/* The searcher of the job's board, made on first use with the job's evaluation (the board's
   built-in weights without one) (job thread); NULL if out of memory. */
static struct vsearch *vsearch_get(struct worker *w, enum variant v)
{
	if (!w->vsearch[v]) {
		struct veval ev;

		if (w->job.veval)
			ev = *w->job.veval;
		else
			veval_default(vboard_geom(v), &ev);
		w->vsearch[v] = vsearch_new(&ev, w->tt_megabytes);
		if (w->vsearch[v])
			vsearch_watch(w->vsearch[v], &w->stop);
	}
	return w->vsearch[v];
}

/* A move of vsearch.h as the game writes it: VSQ_PASS is SQ_PASS, VSQ_NONE SQ_NONE. */
static int vmove_to_game(int move)
{
	return move == VSQ_PASS ? SQ_PASS : move == VSQ_NONE ? SQ_NONE : move;
}

/* Writes a search of another board as search.h's result (its best move as the one root move
   scored), so that the controller reads every board's result alike. */
static void vresult_copy(const struct vsearch_result *v, struct search_result *out)
{
	memset(out, 0, sizeof(*out));
	out->move = vmove_to_game(v->move);
	out->score = v->score;
	out->bound = BOUND_EXACT;
	out->depth = v->depth;
	out->endgame = v->exact;
	out->selectivity = 100;
	out->pv_len = v->pv_len < 64 ? v->pv_len : 64;
	for (int i = 0; i < out->pv_len; i++)
		out->pv[i] = vmove_to_game(v->pv[i]);
	out->nodes = v->nodes;
	out->time = v->time;
	if (out->move != SQ_NONE && out->move != SQ_PASS && v->depth > 0) {
		out->n_moves = 1;
		out->moves[0] = (struct search_move){
		    .move = out->move, .score = v->score, .bound = BOUND_EXACT, .depth = v->depth};
	}
}

static void vsearch_all(struct worker *w, struct vsearch *s, struct search_result *out);

/* MOVE, SEARCH on a board other than 8×8: the level's choice, or one search of the position; -1 when the searcher
   cannot be made or the level is not one of the five. The result goes to result.move or
   result.search as on 8×8, and to result.vsearch as the search gave it. */
static int run_vjob(struct worker *w)
{
	const struct vgeom *g = vboard_geom(w->job.pos.variant);
	struct vsearch *s = vsearch_get(w, w->job.pos.variant);
	struct vlevel lv;

	if (!s)
		return -1;
	if (w->job.kind == WORKER_SEARCH) {
		vsearch_all(w, s, &w->result.search);
		return 0;
	}
	if (!vlevel_get(g, w->job.spec.name, &lv))
		return -1;
	if (w->job.spec.depth > 0)
		lv.depth = w->job.spec.depth;
	vlevel_choose(&lv, s, pos_vboard(&w->job.pos), w->job.clock, &w->result.vsearch);
	vresult_copy(&w->result.vsearch, &w->result.move.result);
	w->result.move.move = w->result.move.result.move;
	w->result.move.source = w->result.vsearch.exact	      ? LEVEL_SOURCE_ENDGAME
				: w->result.vsearch.depth > 0 ? LEVEL_SOURCE_SEARCH
							      : LEVEL_SOURCE_SCAN;
	if (w->result.move.move == SQ_PASS || w->result.move.move == SQ_NONE)
		w->result.move.source = LEVEL_SOURCE_FORCED;
	w->result.move.scored = w->result.move.source == LEVEL_SOURCE_SEARCH ||
				w->result.move.source == LEVEL_SOURCE_ENDGAME;
	w->result.move.score = w->result.vsearch.score;
	return 0;
}

/* SEARCH: one search of the position; -1 when the searcher cannot be made. */
static int run_search(struct worker *w)
{
	if (!search_get(w))
		return -1;
	if (atomic_load(&w->stop))
		return 0;
	return search_run(w->search, pos_board8(&w->job.pos), &w->job.limits, observe, w,
			  &w->result.search);
}

/* SCORE: one position; a finished game is scored without a search. */
static void score_one(struct worker *w, struct search *s, const struct board *b,
		      struct worker_score *out)
{
	struct search_result res;

	if (board_game_over(b)) {
		out->score = board_final_score(b) * 100;
		out->best_move = SQ_NONE;
		out->depth = board_empty_count(b);
		out->exact = true;
		out->done = true;
	} else if (search_run(s, b, &w->job.limits, NULL, NULL, &res) == 0 &&
		   !atomic_load(&w->stop)) {
		out->score = res.score;
		out->best_move = res.move;
		out->depth = res.depth;
		out->exact = res.endgame;
		out->bound = (int)res.bound;
		out->n_moves = res.n_moves;
		memcpy(out->moves, res.moves, sizeof(res.moves[0]) * (size_t)res.n_moves);
		out->pv_len = res.pv_len < 16 ? res.pv_len : 16;
		memcpy(out->pv, res.pv, sizeof(int) * (size_t)out->pv_len);
		out->done = true;
	}
}

/* SCORE on another board: one root move m of b, searched in the position after it (side to
   move's view of b); false when the search was stopped. */
static bool vscore_move(struct worker *w, struct vsearch *s, const struct pos *p, int m,
			const struct vsearch_limits *lim, struct search_move *out, int *pv,
			int *pv_len, bool *exact)
{
	const struct vgeom *g = vboard_geom(p->variant);
	const struct vboard *b = pos_vboard(p);
	struct vboard child = *b;
	struct vsearch_result r;

	vboard_play(&child, m, vboard_flips(g, b->own, b->opp, m));
	if (vboard_game_over(g, &child)) {
		r = (struct vsearch_result){.move = VSQ_NONE,
					    .score = vboard_final_score(g, &child) * 100,
					    .exact = true,
					    .depth = vboard_empty_count(g, &child)};
	} else {
		vsearch_run(s, &child, lim, &r);
		if (atomic_load(&w->stop))
			return false;
	}
	*out = (struct search_move){
	    .move = m, .score = -r.score, .bound = BOUND_EXACT, .depth = r.depth + 1};
	*exact = *exact && r.exact;
	pv[0] = m;
	*pv_len = 1;
	for (int i = 0; i < r.pv_len && *pv_len < 16; i++)
		pv[(*pv_len)++] = vmove_to_game(r.pv[i]);
	return true;
}

/* SCORE on another board: one position, every legal move searched one ply down (the best
   only when the limits' multipv is 1), best first; a finished game without a search. */
static void vscore_one(struct worker *w, struct vsearch *s, const struct pos *p,
		       struct worker_score *out)
{
	const struct vgeom *g = vboard_geom(p->variant);
	const struct vboard *b = pos_vboard(p);
	vbits moves = vboard_moves(g, b->own, b->opp);
	int n = vboard_popcount(moves), pv[16], pv_len;
	int depth = w->job.limits.depth; /* 0: no limit but the time */
	struct vsearch_limits lim = {.depth = depth > 1 ? depth - 1 : depth,
				     .endgame = w->job.limits.endgame,
				     .time = n > 0 ? w->job.limits.time / n : 0};
	bool exact = true;

	if (vboard_game_over(g, b)) {
		*out = (struct worker_score){.score = vboard_final_score(g, b) * 100,
					     .best_move = SQ_NONE,
					     .depth = vboard_empty_count(g, b),
					     .exact = true,
					     .done = true};
		return;
	}
	if (!moves || w->job.limits.multipv == 1) {
		struct vsearch_result r;

		lim.depth = depth;
		vsearch_run(s, b, &lim, &r);
		*out = (struct worker_score){.score = r.score,
					     .best_move = vmove_to_game(r.move),
					     .depth = r.depth,
					     .exact = r.exact,
					     .done = !atomic_load(&w->stop),
					     .n_moves = moves ? 1 : 0};
		out->moves[0] = (struct search_move){out->best_move, r.score, BOUND_EXACT, r.depth};
		out->pv_len = r.pv_len < 16 ? r.pv_len : 16;
		for (int i = 0; i < out->pv_len; i++)
			out->pv[i] = vmove_to_game(r.pv[i]);
		return;
	}
	memset(out, 0, sizeof(*out));
	out->best_move = SQ_NONE;
	for (vbits m = moves; m && out->n_moves < 32; m &= m - 1) {
		struct search_move sm;
		int k;

		if (!vscore_move(w, s, p, vboard_first_square(m), &lim, &sm, pv, &pv_len, &exact))
			break; /* stopped: what was scored stays, not done */
		for (k = out->n_moves++; k > 0 && out->moves[k - 1].score < sm.score; k--)
			out->moves[k] = out->moves[k - 1];
		out->moves[k] = sm;
		if (k == 0) {
			memcpy(out->pv, pv, sizeof(int) * (size_t)pv_len);
			out->pv_len = pv_len;
		}
	}
	if (out->n_moves == 0)
		return;
	out->best_move = out->moves[0].move;
	out->score = out->moves[0].score;
	out->depth = out->moves[0].depth;
	out->exact = exact;
	out->done = !atomic_load(&w->stop);
}

/* SEARCH on another board: every legal move of the job's position scored one ply down (as a SCORE job
   scores a position), written as search.h's result with every root move. */
static void vsearch_all(struct worker *w, struct vsearch *s, struct search_result *out)
{
	struct worker_score sc;

	vscore_one(w, s, &w->job.pos, &sc);
	memset(out, 0, sizeof(*out));
	out->move = sc.best_move;
	out->score = sc.score;
	out->bound = BOUND_EXACT;
	out->depth = sc.depth;
	out->endgame = sc.exact;
	out->selectivity = 100;
	out->n_moves = sc.n_moves;
	memcpy(out->moves, sc.moves, sizeof(sc.moves[0]) * (size_t)sc.n_moves);
	out->pv_len = sc.pv_len;
	memcpy(out->pv, sc.pv, sizeof(int) * (size_t)sc.pv_len);
}

/* SCORE: the positions in order, one SCORED event each, until the end or a stop. */
static void run_score(struct worker *w)
{
	bool on8 = pos_board8(&w->positions[0]) != NULL; /* all are on one board */
	struct search *s = on8 ? search_get(w) : NULL;
	struct vsearch *vs = on8 ? NULL : vsearch_get(w, w->positions[0].variant);

	for (int i = 0; (s || vs) && i < w->job.n_positions && !atomic_load(&w->stop); i++) {
		struct worker_event ev = {.kind = WORKER_EVENT_SCORED, .job = WORKER_SCORE};

		if (vs)
			vscore_one(w, vs, &w->positions[i], &w->scores[i]);
		else
			score_one(w, s, pos_board8(&w->positions[i]), &w->scores[i]);
		ev.index = i;
		ev.total = w->job.n_positions;
		ev.score = w->scores[i];
		post(w, &ev);
	}
}

/* The job's thread. */
static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct worker_event done = {.kind = WORKER_EVENT_DONE, .job = w->job.kind};

	if (w->job.kind == WORKER_SCORE)
		run_score(w);
	else if (!pos_board8(&w->job.pos))
		w->result.rc = run_vjob(w);
	else if (w->job.kind == WORKER_MOVE)
		w->result.rc = run_move(w);
	else
		w->result.rc = run_search(w);
	post(w, &done);
	return NULL;
}

/* Copies the positions of a scoring job and makes room for their scores; 0 or -1. */
static int score_setup(struct worker *w)
{
	size_t n = w->job.n_positions > 0 ? (size_t)w->job.n_positions : 1;

	free(w->positions);
	free(w->scores);
	w->positions = malloc(n * sizeof(*w->positions));
	w->scores = calloc(n, sizeof(*w->scores));
	if (!w->positions || !w->scores)
		return -1;
	if (w->job.n_positions > 0)
		memcpy(w->positions, w->job.positions,
		       (size_t)w->job.n_positions * sizeof(*w->positions));
	else
		pos_start(&w->positions[0], w->job.pos.variant);
	w->job.positions = w->positions;
	w->result.scores = w->scores;
	w->result.n_scores = w->job.n_positions;
	return 0;
}

/*
 * Starts `job` (copied) in a new thread; no job may be running (stop it with
 * worker_cancel first). The result of the previous job is dropped. 0, or -1
 * with a message when memory runs out or the thread cannot be created.
 */
int worker_start(struct worker *w, const struct worker_job *job, char *err, size_t errlen)
{
	int rc;

	w->job = *job;
	memset(&w->result, 0, sizeof(w->result));
	w->result.search.move = SQ_NONE;
	w->result.move.move = SQ_NONE;
	w->result.vsearch.move = VSQ_NONE;
	if (job->kind == WORKER_SCORE && score_setup(w) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	atomic_store(&w->stop, 0);
	atomic_store(&w->state, NULL);
	rc = pthread_create(&w->thread, NULL, worker_main, w);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start the engine thread: %s", strerror(rc));
		return -1;
	}
	w->running = true;
	return 0;
}

/* True from worker_start until its DONE event is taken (or the job is cancelled). */
bool worker_busy(const struct worker *w)
{
	return w->running;
}

/* Asks the running job to stop soon: an engine move comes with the best move found so far,
   a search or a scoring keeps what it found. Nothing happens when no job runs. */
void worker_stop(struct worker *w)
{
	struct search *s = w->search;
	struct level_state *st = w->state;

	if (!w->running)
		return;
	atomic_store(&w->stop, 1);
	if (s)
		search_stop(s);
	{
		enum variant v = w->job.kind == WORKER_SCORE ? w->positions[0].variant
							     : w->job.pos.variant;
		struct vsearch *vs = w->vsearch[v];

		if (vs)
			vsearch_stop(vs);
	}
	if (w->job.kind == WORKER_MOVE && st)
		level_stop(st);
}

/* Stops the running job, if any, waits for its thread and drops its events: its result is
   never handed out. */
void worker_cancel(struct worker *w)
{
	struct worker_event ev;

	if (!w->running)
		return;
	worker_stop(w);
	pthread_join(w->thread, NULL);
	w->running = false;
	while (queue_pop(w, &ev))
		;
}

/* The descriptor that is readable while events are queued (for poll). */
int worker_fd(const struct worker *w)
{
	return w->pipe_fd[0];
}

/* Takes one queued event without blocking; false if none. Handing out the DONE event ends
   the job (its thread is joined): worker_result then holds what it found. */
bool worker_poll(struct worker *w, struct worker_event *ev)
{
	if (!queue_pop(w, ev))
		return false;
	if (ev->kind == WORKER_EVENT_DONE && w->running) {
		pthread_join(w->thread, NULL);
		w->running = false;
	}
	return true;
}

/* The result of the last job whose DONE event was taken; valid until the next worker_start. */
const struct worker_result *worker_result(const struct worker *w)
{
	return &w->result;
}

/* Drops the level state of `player` (0 or 1), so that its next move makes a new one (after a
   change of level). No job may be running. */
void worker_forget_level(struct worker *w, int player)
{
	level_state_free(w->lstate[player]);
	w->lstate[player] = NULL;
}

/* Clears the table of the plain searcher, if it was made (a new game). No job may be running. */
void worker_clear_search(struct worker *w)
{
	if (w->search)
		search_clear(w->search);
}
