/*
 * train-label.c — a data file labelled again by searches.
 *
 * A self-play game's positions before its exact solve carry the game's
 * result (or a blend with the shallow search that chose the move), a label
 * several discs from the exact score at 21-28 empties. A deeper search of
 * each gives a label that agrees with the search the evaluation serves.
 * train_label copies the records of a data file (the format is train.c's)
 * to a new one, giving each position of lo .. hi empties that no solve
 * labelled (neither exact nor selective) the score of a depth-D search
 * from a cleared table, blended with its old label by `blend` percent, or
 * with `solve` the exact score of those of at most that many empties, or
 * of at most D (then marked exact); the positions outside the range and the solved ones keep
 * their labels. Records already in the output (by id) are passed over, so
 * an interrupted run resumes. Each search starts from a cleared table, so a
 * label does not depend on the threads or the order, and the records are
 * written in the input's order (a record that ends early waits for those
 * before it): the output is the same file for any number of threads, and
 * a resumed run ends with the file an uninterrupted one writes.
 */
#include "train-label.h"
#include "jobs.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A record of the input: its first position and how many it holds. */
struct label_record {
	size_t first; /* index of its first position in the data */
	int n;	      /* positions */
};

/* A labelled record: the record, then its old labels and which of them changed (a
   thread's work, or one that waits for the records before it). */
struct label_pending {
	struct train_game g;		      /* the record */
	int8_t old[TRAIN_MAX_POSITIONS];      /* old labels */
	bool relabelled[TRAIN_MAX_POSITIONS]; /* new ones */
};

/* What the labelling threads share. */
struct label_shared {
	const struct train_data *d;	     /* the input */
	const struct label_record *rec;	     /* its records */
	const struct train_label_options *o; /* options */
	const uint8_t *done;		     /* ids already in the output, or NULL */
	size_t done_len;		     /* entries of done */
	FILE *out;			     /* output */
	train_progress progress;	     /* called after each record, or NULL */
	void *user;			     /* its argument */
	size_t records;			     /* records of the input */
	uint64_t records_done;		     /* records finished; under the lock */
	uint64_t positions;		     /* positions labelled again; under the lock */
	struct train_label_report *rep;	     /* the report; under the lock */
	struct label_pending **pending;	     /* [records]: ended, waiting for those before */
	size_t next;			     /* the next record to write; under the lock */
};

/* A thread's own: its search and the record it fills. */
struct label_state {
	struct search *s;	/* the search (first: jobs_searcher_new) */
	struct label_pending p; /* the record it labels */
};

/* Centidiscs to whole discs, rounded half away from zero, within -64 .. 64. */
static int label_discs(int cd)
{
	int v = cd >= 0 ? (cd + 50) / 100 : -((-cd + 50) / 100);

	return v > 64 ? 64 : v < -64 ? -64 : v;
}

/* Records already in the output are passed over. */
static bool label_skip(void *ctx, size_t r)
{
	const struct label_shared *sh = ctx;
	uint32_t id = sh->d->game[sh->rec[r].first];

	return sh->done && id < sh->done_len && sh->done[id];
}

/* The new label of `b` (INT_MIN when the search fails) for a position labelled `old`;
   `solve`: its exact score. */
static int label_one(struct search *s, const struct board *b, const struct train_label_options *o,
		     int old, bool solve)
{
	struct search_limits lim = {.depth = o->depth, .endgame = 0};
	struct search_result r;
	int by_depth[64], v;

	for (int i = 0; i < 64; i++)
		by_depth[i] = INT_MIN;
	search_clear(s);
	if (solve) {
		lim = (struct search_limits){.endgame = 64};
		if (search_run(s, b, &lim, NULL, NULL, &r) != 0 || !r.endgame)
			return INT_MIN;
		return label_discs(r.score);
	}
	if (search_run(s, b, &lim, o->two ? train_observe_depths : NULL, by_depth, &r) != 0)
		return INT_MIN;
	v = r.score;
	if (o->two && !r.endgame && r.depth == o->depth && o->depth >= 2 &&
	    by_depth[o->depth] != INT_MIN && by_depth[o->depth - 1] != INT_MIN)
		v = (by_depth[o->depth] + by_depth[o->depth - 1]) / 2;
	/* blended in centidiscs, then rounded once */
	return label_discs((o->blend * v + (100 - o->blend) * 100 * old) / 100);
}

/* Labels the positions of record r again; 0, or -1 when a search fails. */
static int label_work(void *ctx, void *state, size_t r)
{
	const struct label_shared *sh = ctx;
	struct label_state *st = state;
	struct label_pending *lp = &st->p;
	const struct label_record *rc = &sh->rec[r];

	lp->g.id = sh->d->game[rc->first];
	lp->g.n = rc->n;
	for (int i = 0; i < rc->n; i++) {
		struct train_position *p = &lp->g.pos[i];
		struct board b;
		int e, v;
		bool solve;

		*p = sh->d->pos[rc->first + (size_t)i];
		b = (struct board){p->own, p->opp};
		e = board_empty_count(&b);
		lp->old[i] = p->score;
		lp->relabelled[i] = false;
		if (p->exact || p->selective || e < sh->o->lo || e > sh->o->hi ||
		    board_game_over(&b))
			continue;
		/* a search as deep as the empties reaches the end: solved, which also
		   scores the full boards it reaches by their discs (the midgame search
		   evaluates them) */
		solve = e <= sh->o->solve || e <= sh->o->depth;
		if ((v = label_one(st->s, &b, sh->o, p->score, solve)) == INT_MIN)
			return -1;
		p->score = (int8_t)v;
		p->exact = solve;
		lp->relabelled[i] = true;
	}
	return 0;
}

/* Writes record `lp` and counts its new labels. */
static int label_write(struct label_shared *sh, const struct label_pending *lp)
{
	const struct train_game *g = &lp->g;

	if (train_data_write_game(sh->out, g) < 0)
		return -1;
	for (int i = 0; i < g->n; i++) {
		const struct train_position *p = &g->pos[i];
		int e = board_empty_count(&(struct board){p->own, p->opp}),
		    diff = p->score - lp->old[i];

		if (!lp->relabelled[i])
			continue;
		sh->rep->labelled[e]++;
		sh->rep->solved[e] += p->exact;
		sh->rep->moved[e] += abs(diff);
		sh->rep->moved_sign[e] += diff;
		sh->positions++;
	}
	sh->rep->records++;
	sh->records_done++;
	if (sh->progress)
		sh->progress(sh->records_done, sh->records, sh->positions, sh->user);
	return 0;
}

/* Record r has ended: writes it and those after it that wait, in order, or keeps it. */
static int label_finish(void *ctx, void *state, size_t r, int rc)
{
	struct label_shared *sh = ctx;
	struct label_state *st = state;

	if (rc < 0)
		return -1;
	if (r != sh->next) {
		struct label_pending *pd = malloc(sizeof(*pd));

		if (!pd)
			return -1;
		*pd = st->p;
		sh->pending[r] = pd;
		return 0;
	}
	if (label_write(sh, &st->p) < 0)
		return -1;
	for (sh->next++; sh->next < sh->records; sh->next++) {
		struct label_pending *pd = sh->pending[sh->next];

		if (label_skip(sh, sh->next))
			continue;
		if (!pd)
			break;
		sh->pending[sh->next] = NULL;
		rc = label_write(sh, pd);
		free(pd);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/*
 * Labels the positions of `d` again with searches of `ev` (see the top of
 * this file) and appends its records to `out` (a data file, its header
 * written), passing over the records whose id has done[id] set (`done`
 * NULL: none). Fills `rep`. Returns 0, or -1 with a message when memory or
 * threads run out, a search fails or a write fails.
 */
int train_label(const struct train_data *d, const struct eval *ev,
		const struct train_label_options *o, const uint8_t *done, size_t done_len,
		FILE *out, train_progress progress, void *user, struct train_label_report *rep,
		char *err, size_t errlen)
{
	struct label_record *rec = malloc((d->n ? d->n : 1) * sizeof(*rec));
	struct label_pending **pending = NULL;
	struct label_shared sh;
	size_t n = 0;
	int st = -1;

	memset(rep, 0, sizeof(*rep));
	if (!rec)
		goto oom;
	/* A record: the consecutive positions of one game id (as the reader read them). */
	for (size_t k = 0; k < d->n; k++) {
		if (n && d->game[k] == d->game[rec[n - 1].first] &&
		    rec[n - 1].n < TRAIN_MAX_POSITIONS) {
			rec[n - 1].n++;
			continue;
		}
		rec[n++] = (struct label_record){k, 1};
	}
	if (!(pending = calloc(n ? n : 1, sizeof(*pending))))
		goto oom;
	sh = (struct label_shared){.d = d,
				   .rec = rec,
				   .o = o,
				   .done = done,
				   .done_len = done ? done_len : 0,
				   .out = out,
				   .progress = progress,
				   .user = user,
				   .records = n,
				   .rep = rep,
				   .pending = pending};
	for (size_t r = 0; r < n; r++) /* the progress counts the records done before */
		sh.records_done += label_skip(&sh, r);
	while (sh.next < n && label_skip(&sh, sh.next))
		sh.next++;
	if (n && jobs_run(&(struct jobs){.items = n,
					 .threads = o->jobs,
					 .ctx = &sh,
					 .skip = label_skip,
					 .searcher = {sizeof(struct label_state), o->tt_mb, ev},
					 .work = label_work,
					 .finish = label_finish}) < 0) {
		snprintf(
		    err, errlen,
		    "a search failed, the data file could not be written, or memory or threads "
		    "ran out");
		goto out;
	}
	st = 0;
	goto out;
oom:
	snprintf(err, errlen, "out of memory");
out:
	for (size_t r = 0; pending && r < n; r++) /* left by a failed run */
		free(pending[r]);
	free(pending);
	free(rec);
	return st;
}
