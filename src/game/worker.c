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
	struct engine *engine;			 /* the searches, on any board */
	atomic_int stop;			 /* set by the main thread: stop soon */
	pthread_t thread;			 /* the job's thread */
	bool running;				 /* the thread exists and must be joined */
	struct worker_job job;			 /* the job (positions points to `positions`) */
	struct pos *positions;			 /* SCORE: the positions, copied */
	struct engine_score *scores;		 /* SCORE: their scores */
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
	if (!(w->engine = engine_new(ev, bk, tt_megabytes))) {
		snprintf(err, errlen, "out of memory");
		close(w->pipe_fd[0]);
		close(w->pipe_fd[1]);
		free(w);
		return NULL;
	}
	pthread_mutex_init(&w->lock, NULL);
	return w;
}

/*
 * Searches with `threads` threads (0: one per online core) from the next
 * searcher made on; a level whose text says --threads keeps its own. Call it
 * right after worker_new.
 */
void worker_set_threads(struct worker *w, int threads)
{
	engine_set_threads(w->engine, threads > 0 ? threads : search_default_threads());
}

/* Cancels the running job, if any, and frees the worker and its searchers; NULL is ignored. */
void worker_free(struct worker *w)
{
	if (!w)
		return;
	worker_cancel(w);
	engine_free(w->engine);
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

/* The engine's observer (job thread): posts the progress. */
static void observe(const struct search_info *info, void *user)
{
	struct worker *w = user;
	struct worker_event ev = {.kind = WORKER_EVENT_PROGRESS, .job = w->job.kind};

	ev.progress = *info;
	post(w, &ev);
}

/* SCORE: the positions in order, one SCORED event each, until the end or a stop. */
static void run_score(struct worker *w)
{
	for (int i = 0; i < w->job.n_positions && !atomic_load(&w->stop); i++) {
		struct worker_event ev = {.kind = WORKER_EVENT_SCORED, .job = WORKER_SCORE};

		if (engine_score(w->engine, &w->positions[i], &w->job.limits, &w->scores[i]) < 0)
			break;
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
	else if (w->job.kind == WORKER_MOVE)
		w->result.rc = engine_choose(w->engine, w->job.player, &w->job.spec, w->job.seed,
					     &w->job.pos, w->job.clock, observe, w,
					     &w->result.move);
	else
		w->result.rc = engine_search(w->engine, &w->job.pos, &w->job.limits, observe, w,
					     &w->result.search);
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
	if (job->kind == WORKER_SCORE && score_setup(w) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	atomic_store(&w->stop, 0);
	engine_go(w->engine);
	if (job->eval)
		engine_set_eval(w->engine, job->eval);
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
	if (!w->running)
		return;
	atomic_store(&w->stop, 1);
	engine_stop(w->engine);
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
	engine_forget_level(w->engine, player);
}

/* Clears the table of the plain searcher, if it was made (a new game). No job may be running. */
void worker_clear_search(struct worker *w)
{
	engine_clear_search(w->engine);
}
