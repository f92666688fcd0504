/*
 * jobs.c — the job pool (jobs.h). The threads take items in order under one
 * mutex, work on each outside it, and finish each under it; after a
 * failure no thread takes another item. Which thread works an item, and so
 * the order in which items finish, depends on timing: a caller whose
 * output must not depend on it keeps results by item and uses them after
 * the run.
 */
#include "jobs.h"

#include "search.h"

#include <pthread.h>
#include <stdlib.h>

/* A run in progress: the spec and what the threads share. */
struct pool {
	const struct jobs *j; /* the spec */
	pthread_mutex_t lock; /* guards what follows, and every call of finish and skip */
	size_t next;	      /* the next item to consider */
	bool failed;	      /* a state, a work or a finish failed */
};

static void *pool_thread(void *arg)
{
	struct pool *p = arg;
	const struct jobs *j = p->j;
	const struct jobs_searcher *sr = &j->searcher;
	bool searcher = !j->start && sr->size > 0;
	void *state = j->start	 ? j->start(j->ctx)
		      : searcher ? jobs_searcher_new(sr->size, sr->tt_mb, sr->ev)
				 : NULL;

	pthread_mutex_lock(&p->lock);
	if ((j->start || searcher) && !state)
		p->failed = true;
	pthread_mutex_unlock(&p->lock);
	for (;;) {
		size_t item;
		int rc;

		pthread_mutex_lock(&p->lock);
		while (!p->failed && p->next < j->items &&
		       ((j->done && j->done[p->next]) || (j->skip && j->skip(j->ctx, p->next))))
			p->next++;
		if (p->failed || p->next >= j->items) {
			pthread_mutex_unlock(&p->lock);
			break;
		}
		item = p->next++;
		pthread_mutex_unlock(&p->lock);
		rc = j->work(j->ctx, state, item);
		pthread_mutex_lock(&p->lock);
		if (j->finish ? j->finish(j->ctx, state, item, rc) < 0 : rc < 0)
			p->failed = true;
		pthread_mutex_unlock(&p->lock);
	}
	if (state && searcher)
		jobs_searcher_free(state);
	else if (state && j->stop)
		j->stop(state);
	return NULL;
}

/* Works the items of `j` on its threads and waits for them (when no thread
   can start, the calling thread works them all). Returns 0, or -1 when a
   state, a work or a finish failed (the items not yet taken then are not
   worked). */
int jobs_run(const struct jobs *j)
{
	pthread_t th[JOBS_MAX_THREADS];
	struct pool p = {.j = j};
	int n = j->threads < 1 ? 1 : j->threads > JOBS_MAX_THREADS ? JOBS_MAX_THREADS : j->threads;
	int started = 0;

	pthread_mutex_init(&p.lock, NULL);
	for (int i = 0; i < n; i++)
		if (pthread_create(&th[i], NULL, pool_thread, &p) == 0)
			started++;
	if (started == 0)
		pool_thread(&p); /* no thread: this one works every item */
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	pthread_mutex_destroy(&p.lock);
	return p.failed ? -1 : 0;
}

/* A thread's state of `size` bytes whose first member is a `struct search *`,
   set to a new search (`tt_mb` megabytes of table, evaluation `ev`); the rest
   is left for the caller. NULL when memory runs out. The common `start` of
   the pool's users that search. */
void *jobs_searcher_new(size_t size, size_t tt_mb, const struct eval *ev)
{
	struct search **st = malloc(size);

	if (st && !(*st = search_new(tt_mb, ev))) {
		free(st);
		st = NULL;
	}
	return st;
}

/* Frees a state made by jobs_searcher_new (the pool's `stop`). */
void jobs_searcher_free(void *state)
{
	struct search **st = state;

	search_free(*st);
	free(st);
}
