/*
 * parallel.c — the helper threads of a searcher and the split points where
 * they join the search: Young Brothers Wait (Feldmann 1993), as in the old
 * Stockfish and in Edax.
 *
 * A node of the midgame search or of the solver with enough depth searches
 * its eldest brother alone; if that does not cut off and a thread is free, the
 * node becomes a split point (struct split, on the stack of the thread that
 * owns the node) and the free threads are booked for it. Owner and helpers
 * then take its remaining moves one at a time (a null window at the node's
 * alpha, a re-search when it fails high), and raise its alpha and best score
 * as they finish. A beta cut-off marks the split point cut; every thread polls
 * the chain of split points it works under (struct search's `sp` and their
 * parents) and unwinds when one of them is cut or the search must stop. The
 * owner waits for its helpers before it returns; while it waits it may be
 * booked for a split point below its own (a "helpful master"), so that no
 * thread waits idle while its own helpers split further.
 *
 * Threads are `struct worker`s of a `struct pool`; worker 0 is the thread
 * that called search_run, on the searcher itself; the others are pthreads
 * that sleep between jobs, each with its own `struct search` that shares the
 * transposition table and the evaluation. One mutex guards the pool, the split
 * points' windows and move lists; the `cut` flags are atomics that pollers
 * read without it. Nodes are counted per thread and published at each poll.
 * With one thread there is no pool and the search is the serial one.
 */
#include "parallel.h"
#include "search-int.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

enum worker_state {
	WORKER_IDLE,	/* a helper with nothing to do */
	WORKER_BUSY,	/* searching */
	WORKER_WAITING, /* owner of a split point, waiting for its helpers */
};

struct worker;

struct split {
	struct split_node *node; /* the owner's node: moves, window, best */
	int next;		 /* index of the next move to hand out */
	int helpers;		 /* threads booked for it (not counting the owner) */
	atomic_bool cut;	 /* a cut-off happened: all work under it is void */
	struct split *parent;	 /* the split point the owner worked under, or NULL */
	struct worker *owner;	 /* the thread whose node this is */
	int sel;		 /* selectivity level of the search (probcut.h) */
};

struct worker {
	pthread_t thread;	 /* the thread (helpers only) */
	pthread_cond_t wake;	 /* signalled when booked or when a helper leaves */
	struct search *s;	 /* its searcher */
	struct pool *pool;	 /* the pool it belongs to */
	enum worker_state state; /* what it does */
	struct split *offer;	 /* a split point it was booked for and has not taken */
	struct split *waiting;	 /* the split point it waits on (WORKER_WAITING) */
};

struct pool {
	pthread_mutex_t lock; /* guards everything here and in the split points */
	atomic_int available; /* workers that could be booked (a hint, read without lock) */
	bool quit;	      /* helpers must exit */
	int n;		      /* workers, main included */
	struct worker w[];    /* n of them; w[0] is the main thread */
};

/* Whether the split point `sp` or one above it was cut off. */
static bool split_chain_cut(const struct split *sp)
{
	for (; sp; sp = sp->parent)
		if (atomic_load_explicit(&sp->cut, memory_order_relaxed))
			return true;
	return false;
}

/* Returns whether the work of `s` under its split points is void: one of them was cut. */
bool parallel_cut(const struct search *s)
{
	return split_chain_cut(s->sp);
}

/* Whether `s` must unwind: a stop request or a cut split point above it. */
static bool split_stopped(const struct search *s)
{
	return atomic_load_explicit(&s->main->stop_request, memory_order_relaxed) ||
	       split_chain_cut(s->sp);
}

/* Recounts the workers that could be booked; with the lock held. */
static void pool_recount(struct pool *p)
{
	int n = 0;

	for (int i = 0; i < p->n; i++)
		n += !p->w[i].offer &&
		     (p->w[i].state == WORKER_IDLE || p->w[i].state == WORKER_WAITING);
	atomic_store_explicit(&p->available, n, memory_order_relaxed);
}

/* Returns whether a thread of the pool of `s` may be free to help (a hint, without locking). */
bool parallel_idle(const struct search *s)
{
	return atomic_load_explicit(&s->pool->available, memory_order_relaxed) > 0;
}

/* Publishes the node count of `s` for the other threads. */
static void split_publish(struct search *s)
{
	atomic_store_explicit(&s->published, s->nodes, memory_order_relaxed);
}

/* Returns the nodes searched by all threads so far, exact for the calling thread `s`. */
uint64_t parallel_nodes(const struct search *s)
{
	uint64_t n = s->nodes;

	for (int i = 0; i < s->pool->n; i++)
		if (i != s->thread_id)
			n +=
			    atomic_load_explicit(&s->pool->w[i].s->published, memory_order_relaxed);
	return n;
}

/*
 * Takes moves of `sp` one at a time and searches them until none is left, the
 * split point is cut or `s` must unwind; raises the node's window and best.
 * It ends: each turn takes a new move (sp->next only grows, under the lock),
 * and a move gets at most one re-search, whatever the two searches return.
 */
static void split_work(struct search *s, struct split *sp)
{
	struct pool *p = s->pool;
	struct split_node *nd = sp->node;

	pthread_mutex_lock(&p->lock);
	while (sp->next < nd->n && !atomic_load(&sp->cut) && !s->abort) {
		int i = sp->next++, alpha = nd->alpha, beta = nd->beta, v;
		uint64_t f = nd->flips[i];
		uint64_t own = nd->opp ^ f, opp = nd->own ^ f ^ (1ULL << nd->sq[i]);

		pthread_mutex_unlock(&p->lock);
		v = -nd->child(s, own, opp, nd->depth, -alpha - 1, -alpha);
		if (v > alpha && v < beta && !s->abort)
			v = -nd->child(s, own, opp, nd->depth, -beta, -alpha);
		pthread_mutex_lock(&p->lock);
		if (s->abort)
			break;
		if (v > nd->best) {
			nd->best = v;
			nd->best_move = nd->sq[i];
			if (v > nd->alpha) {
				nd->alpha = v;
				if (v >= nd->beta)
					atomic_store(&sp->cut, true);
			}
		}
	}
	pthread_mutex_unlock(&p->lock);
}

/* Works on split point `job` as a helper, then returns to the split point `s` worked under. */
static void split_help(struct search *s, struct split *job)
{
	struct split *old = s->sp;

	s->sp = job;
	s->sel = job->sel; /* the selectivity of the running iteration */
	s->abort = split_stopped(s);
	split_work(s, job);
	split_publish(s);
	s->sp = old;
	s->abort = split_stopped(s);
}

/* Takes the offer of `w` and works on it; with the lock held, which it drops meanwhile. */
static void worker_take_offer(struct pool *p, struct worker *w)
{
	struct split *job = w->offer;
	enum worker_state back = w->state;

	w->offer = NULL;
	w->state = WORKER_BUSY;
	pool_recount(p);
	pthread_mutex_unlock(&p->lock);
	split_help(w->s, job);
	pthread_mutex_lock(&p->lock);
	job->helpers--;
	pthread_cond_signal(&job->owner->wake);
	w->state = back;
	pool_recount(p);
}

/* The life of a helper thread: sleep, take offers, until the pool quits. */
static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->pool;

	pthread_mutex_lock(&p->lock);
	while (!p->quit) {
		if (w->offer)
			worker_take_offer(p, w);
		else
			pthread_cond_wait(&w->wake, &p->lock);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Whether a split point made under `parent` lies below `sp` (so its owner can help there). */
static bool split_below(const struct split *parent, const struct split *sp)
{
	for (; parent; parent = parent->parent)
		if (parent == sp)
			return true;
	return false;
}

/* Books free workers for `sp` (at most `max`); returns how many; with the lock held. */
static int split_book(struct pool *p, struct split *sp, int max)
{
	for (int i = 0; i < p->n && sp->helpers < max; i++) {
		struct worker *w = &p->w[i];

		if (w == sp->owner || w->offer)
			continue;
		if (w->state == WORKER_IDLE ||
		    (w->state == WORKER_WAITING && split_below(sp->parent, w->waiting))) {
			w->offer = sp;
			sp->helpers++;
			pthread_cond_signal(&w->wake);
		}
	}
	pool_recount(p);
	return sp->helpers;
}

/*
 * Shares out the moves of `node` with the free threads and searches them
 * with them; returns false (and does nothing) when no thread was free, else
 * true once all of them are done, with node->best, best_move and alpha
 * updated. The caller checks s->abort as after any search.
 */
bool parallel_split(struct search *s, struct split_node *node)
{
	struct pool *p = s->pool;
	struct worker *me = &p->w[s->thread_id];
	struct split sp = {node, 0, 0, false, s->sp, me, s->sel};
	enum worker_state state;
	struct split *waiting;

	pthread_mutex_lock(&p->lock);
	if (!split_book(p, &sp, node->n - 1)) {
		pthread_mutex_unlock(&p->lock);
		return false;
	}
	s->sp = &sp;
	pthread_mutex_unlock(&p->lock);
	split_work(s, &sp);
	pthread_mutex_lock(&p->lock);
	state = me->state;
	waiting = me->waiting;
	me->state = WORKER_WAITING;
	me->waiting = &sp;
	pool_recount(p);
	while (sp.helpers > 0 || me->offer) {
		if (me->offer)
			worker_take_offer(p, me);
		else
			pthread_cond_wait(&me->wake, &p->lock);
	}
	me->state = state;
	me->waiting = waiting;
	pool_recount(p);
	s->sp = sp.parent;
	pthread_mutex_unlock(&p->lock);
	s->abort = split_stopped(s);
	return true;
}

/* Copies the settings of the main searcher into a helper's for a new search. */
static void pool_sync(struct search *h, const struct search *m)
{
	h->tt = m->tt;
	h->tt_mask = m->tt_mask;
	h->age = m->age;
	h->ev = m->ev;
	h->flags = m->flags;
	h->noise_percent = m->noise_percent;
	h->noise_seed = m->noise_seed;
	h->t0 = m->t0;
	h->abort = false;
	h->nodes = 0;
	h->next_poll = POLL_NODES_SPLIT;
	h->sp = NULL;
	atomic_store(&h->published, 0);
}

/* Gets the helpers of `s` ready for a new search (they are asleep); call after its settings. */
void parallel_prepare(struct search *s)
{
	struct pool *p = s->pool;

	atomic_store(&s->published, 0);
	s->sp = NULL;
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	for (int i = 1; i < p->n; i++)
		pool_sync(p->w[i].s, s);
	pthread_mutex_unlock(&p->lock);
}

/* Frees the helpers' searchers and the pool; the threads must have been joined. */
static void pool_free(struct pool *p)
{
	for (int i = 1; i < p->n; i++) {
		pthread_cond_destroy(&p->w[i].wake);
		free(p->w[i].s);
	}
	pthread_cond_destroy(&p->w[0].wake);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

/* Stops and joins the first `started` helpers of `p`, then frees it. */
static void pool_end(struct pool *p, int started)
{
	pthread_mutex_lock(&p->lock);
	p->quit = true;
	for (int i = 1; i < p->n; i++)
		pthread_cond_signal(&p->w[i].wake);
	pthread_mutex_unlock(&p->lock);
	for (int i = 1; i <= started; i++)
		pthread_join(p->w[i].thread, NULL);
	pool_free(p);
}

/*
 * Gives `s` (which has none) `threads` - 1 helper threads; returns 0, or -1
 * when memory or threads ran out (then `s` stays single-threaded).
 */
int parallel_start(struct search *s, int threads)
{
	struct pool *p = calloc(1, sizeof *p + (size_t)threads * sizeof p->w[0]);
	int started = 0;

	if (!p)
		return -1;
	p->n = threads;
	pthread_mutex_init(&p->lock, NULL);
	for (int i = 0; i < threads; i++) {
		struct worker *w = &p->w[i];

		pthread_cond_init(&w->wake, NULL);
		w->pool = p;
		w->state = i ? WORKER_IDLE : WORKER_BUSY;
		if (i == 0) {
			w->s = s;
			continue;
		}
		w->s = calloc(1, sizeof *w->s);
		if (!w->s) {
			p->n = i + 1;
			pool_free(p);
			return -1;
		}
		w->s->pool = p;
		w->s->main = s;
		w->s->thread_id = i;
	}
	for (started = 0; started + 1 < threads; started++) {
		if (pthread_create(&p->w[started + 1].thread, NULL, worker_main,
				   &p->w[started + 1])) {
			pool_end(p, started);
			return -1;
		}
	}
	pool_recount(p);
	s->pool = p;
	s->thread_id = 0;
	return 0;
}

/* Joins and frees the helper threads of `s`, if any; not while it searches. */
void parallel_stop(struct search *s)
{
	if (!s->pool)
		return;
	pool_end(s->pool, s->pool->n - 1);
	s->pool = NULL;
}

/* Returns the number of threads `s` searches with. */
int parallel_threads(const struct search *s)
{
	return s->pool ? s->pool->n : 1;
}

/* Returns the number of online processors (at least 1). */
int parallel_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS : (int)n;
}
