/*
 * controller-engine.c — engine work off the main thread: engine moves, hints
 * and analyses run in one worker thread at a time, which reports through a
 * queue of events.
 *
 * The worker gets a copy of what it needs (the position, the limits) in
 * ctl->job, searches with ctl->search, posts progress events as the search
 * observer is called, and posts a final `done` event. The main thread takes
 * events with controller_poll_event; on the `done` event it joins the worker
 * and only then applies the result to the record (plays the move, stores the
 * hints or the analysis), so the record is only ever touched by the main
 * thread. A pipe carries one byte per queued event so that a front end can
 * wait on it beside the keyboard. ctl_cancel stops the search, joins the
 * worker and drops its events: every change of the game calls it first.
 *
 * Engine moves are chosen by the mover's level (level.h: level_choose_move
 * with that colour's level state, the shipped book if any); hints and the
 * analysis search directly with ctl->search at the settings' depths.
 */
#include "controller-int.h"

#include "datadir.h"
#include "eval.h"
#include "opening-names.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* True if `level` is a level description level_parse accepts ("expert", "master --time 2"). */
bool ctl_level_valid(const char *level)
{
	struct level_spec spec;
	char err[128];

	return level_parse(level, &spec, err, sizeof(err)) == 0;
}

/* Table size of every searcher, in megabytes. */
static size_t tt_size(const struct controller *ctl)
{
	return ctl->opt.tt_megabytes ? ctl->opt.tt_megabytes : 16;
}

/* The seed of colour c's level state: the level's own, else one per colour. */
uint64_t ctl_level_seed(const struct level_spec *spec, enum color c)
{
	return spec->has_seed ? spec->seed : 1 + (uint64_t)c;
}

/*
 * Gives colour c the level described by `level` (see level.h); its level
 * state (searcher, random generator) is dropped and made afresh by the worker
 * before the colour's next move. The caller has stopped the worker. Returns
 * 0, or -1 with a message naming the levels or the unknown feature.
 */
int ctl_player_set(struct controller *ctl, enum color c, const char *level, char *err,
		   size_t errlen)
{
	const char *const *names = eval_feature_names();
	struct level_spec spec;
	char why[192];

	if (level_parse(level, &spec, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "unknown player: %s; or human", why);
		return -1;
	}
	for (int i = 0; i < spec.n_disabled; i++) {
		int k = 0;
		while (names[k] && strcmp(names[k], spec.disabled[i]) != 0)
			k++;
		if (!names[k]) {
			snprintf(err, errlen, "no evaluation feature '%s'", spec.disabled[i]);
			return -1;
		}
	}
	level_state_free(ctl->lstate[c]);
	ctl->lstate[c] = NULL;
	ctl->spec[c] = spec;
	snprintf(ctl->level[c], CTL_LEVEL_LEN, "%s", level);
	return 0;
}

/* The searcher for hints and analyses, created on first use (by the worker); NULL if out of
   memory. */
struct search *ctl_search_get(struct controller *ctl)
{
	if (!ctl->search)
		ctl->search = search_new(tt_size(ctl), ctl->eval);
	return ctl->search;
}

/* Adds one book file to the controller's book. 0, or -1 with a `file:line:col:` message. */
static int book_add_file(struct controller *ctl, FILE *f, const char *path, char *err,
			 size_t errlen)
{
	if (!ctl->book && !(ctl->book = book_new())) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return book_load(ctl->book, f, path, err, errlen);
}

/*
 * Loads the opening books: the files of --book, combined in order, or else the
 * shipped book when there is one (none is fine); nothing with --no-book. Also
 * loads the opening names. 0, or -1 with a message when a named book fails.
 */
static int book_open(struct controller *ctl, char *err, size_t errlen)
{
	char path[CTL_PATH_LEN], msg[256];
	FILE *f;

	if ((f = datadir_open("openings/names.txt", path, sizeof(path), msg, sizeof(msg)))) {
		ctl->openings = openings_load(f, path, msg, sizeof(msg));
		fclose(f);
	}
	if (ctl->opt.no_book)
		return 0;
	for (int i = 0; i < ctl->opt.n_book_files; i++) {
		const char *file = ctl->opt.book_files[i];
		int rc;

		if (!(f = fopen(file, "r"))) {
			snprintf(err, errlen, "%s: %s", file, strerror(errno));
			return -1;
		}
		rc = book_add_file(ctl, f, file, err, errlen);
		fclose(f);
		if (rc < 0)
			return -1;
	}
	if (ctl->opt.n_book_files > 0)
		return 0;
	if (!(f = datadir_open("openings/book.txt", path, sizeof(path), msg, sizeof(msg))))
		return 0;
	if (book_add_file(ctl, f, path, msg, sizeof(msg)) < 0) {
		book_free(ctl->book);
		ctl->book = NULL;
	}
	fclose(f);
	return 0;
}

/* Creates the evaluation (evalspec.c) and the event pipe and loads the book (the searchers come
   later). 0, or -1 with a message. */
int ctl_engine_init(struct controller *ctl, char *err, size_t errlen)
{
	if (book_open(ctl, err, errlen) < 0)
		goto fail;
	ctl->eval = evalspec_open(ctl->opt.eval, ctl->eval_name, sizeof ctl->eval_name,
				  ctl->eval_note, sizeof ctl->eval_note, err, errlen);
	ctl->opt.eval = NULL;
	if (!ctl->eval) {
		char why[256];

		snprintf(why, sizeof why, "%s", err);
		snprintf(err, errlen, "evaluation: %s", why);
		goto fail;
	}
	if (pipe(ctl->pipe_fd) < 0) {
		snprintf(err, errlen, "cannot start the engine: %s", strerror(errno));
		goto fail;
	}
	fcntl(ctl->pipe_fd[0], F_SETFL, fcntl(ctl->pipe_fd[0], F_GETFL) | O_NONBLOCK);
	fcntl(ctl->pipe_fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(ctl->pipe_fd[1], F_SETFD, FD_CLOEXEC);
	pthread_mutex_init(&ctl->lock, NULL);
	return 0;
fail:
	search_free(ctl->search);
	eval_free(ctl->eval);
	book_free(ctl->book);
	openings_free(ctl->openings);
	ctl->search = NULL;
	ctl->eval = NULL;
	ctl->book = NULL;
	ctl->openings = NULL;
	return -1;
}

/* Stops the worker and frees the engine side of the controller. */
void ctl_engine_free(struct controller *ctl)
{
	ctl_cancel(ctl);
	level_state_free(ctl->lstate[BLACK]);
	level_state_free(ctl->lstate[WHITE]);
	book_free(ctl->book);
	openings_free(ctl->openings);
	search_free(ctl->search);
	eval_free(ctl->eval);
	if (ctl->pipe_fd[0] >= 0) {
		close(ctl->pipe_fd[0]);
		close(ctl->pipe_fd[1]);
	}
	pthread_mutex_destroy(&ctl->lock);
}

/* Queues an event (from either thread). A progress event replaces a progress
   event still waiting at the end of the queue, so a slow reader never blocks the worker. */
void ctl_post(struct controller *ctl, const struct ctl_event *ev, bool done)
{
	bool wake = true;

	pthread_mutex_lock(&ctl->lock);
	if (ctl->q_count > 0) {
		struct ctl_qevent *last = &ctl->queue[(ctl->q_head + ctl->q_count - 1) % CTL_QUEUE];
		if (!done && !last->done && last->ev.kind == ev->kind &&
		    (ev->kind == CTL_EVENT_PROGRESS || ev->kind == CTL_EVENT_ANALYSIS_PROGRESS)) {
			last->ev = *ev;
			wake = false;
		}
	}
	if (wake) {
		if (ctl->q_count == CTL_QUEUE) {
			/* full: drop the oldest progress event (a done event is never dropped) */
			ctl->q_head = (ctl->q_head + 1) % CTL_QUEUE;
			ctl->q_count--;
			wake = false;
		}
		ctl->queue[(ctl->q_head + ctl->q_count) % CTL_QUEUE] =
		    (struct ctl_qevent){*ev, done};
		ctl->q_count++;
	}
	pthread_mutex_unlock(&ctl->lock);
	if (wake) {
		char c = 'e';
		while (write(ctl->pipe_fd[1], &c, 1) < 0 && errno == EINTR)
			;
	}
}

static bool queue_pop(struct controller *ctl, struct ctl_qevent *q)
{
	bool got = false;
	char c;

	pthread_mutex_lock(&ctl->lock);
	if (ctl->q_count > 0) {
		*q = ctl->queue[ctl->q_head];
		ctl->q_head = (ctl->q_head + 1) % CTL_QUEUE;
		ctl->q_count--;
		got = true;
	}
	pthread_mutex_unlock(&ctl->lock);
	if (got)
		(void)!read(ctl->pipe_fd[0], &c, 1);
	return got;
}

static void progress_from(struct ctl_progress *p, const struct search_info *info)
{
	memset(p, 0, sizeof(*p));
	p->depth = info->depth;
	p->endgame = info->endgame;
	p->score = info->score;
	p->bound = (int)info->bound;
	p->pv_len = info->pv_len < 64 ? info->pv_len : 64;
	memcpy(p->pv, info->pv, sizeof(int) * (size_t)p->pv_len);
	p->nodes = info->nodes;
	p->time = info->time;
}

static void observe(const struct search_info *info, void *user)
{
	struct controller *ctl = user;
	struct ctl_event ev = {.kind = CTL_EVENT_PROGRESS, .changes = CTL_CHANGED_EVAL};

	progress_from(&ev.progress, info);
	ctl_post(ctl, &ev, false);
	if (atomic_load(&ctl->job.stop)) {
		/* a stop asked for before the search began (or its table was made) */
		if (ctl->job.kind == JOB_MOVE)
			level_stop(ctl->job.state);
		else
			search_stop(ctl->search);
	}
}

/* The worker's engine move: makes the mover's level state if it has none yet, then lets
   the level choose. Returns level_choose_move's code, -1 when the state cannot be made. */
static int move_run(struct controller *ctl, struct ctl_job *job)
{
	char err[256];

	if (!*job->slot)
		*job->slot = level_state_new(job->spec, ctl->eval, ctl->book, job->seed,
					     tt_size(ctl), err, sizeof(err));
	if (!*job->slot)
		return -1;
	job->state = *job->slot;
	return level_choose_move(job->spec, job->state, &job->board, NULL, observe, ctl,
				 &job->move);
}

static void *worker(void *arg)
{
	struct controller *ctl = arg;
	struct ctl_job *job = &ctl->job;
	struct ctl_event ev = {.kind = CTL_EVENT_PROGRESS};

	if (job->kind == JOB_ANALYZE)
		ctl_analysis_run(ctl, job);
	else if (job->kind == JOB_MOVE)
		job->rc = move_run(ctl, job);
	else if (!ctl_search_get(ctl))
		job->rc = -1;
	else if (!atomic_load(&job->stop))
		job->rc =
		    search_run(ctl->search, &job->board, &job->limits, observe, ctl, &job->result);
	ctl_post(ctl, &ev, true);
	return NULL;
}

/* Starts ctl->job (filled by the caller) in the worker. The changes, or -1 with a message. */
int ctl_job_start(struct controller *ctl, char *err, size_t errlen)
{
	int rc;

	atomic_store(&ctl->job.stop, 0);
	rc = pthread_create(&ctl->thread, NULL, worker, ctl);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start the engine thread: %s", strerror(rc));
		ctl->job.kind = JOB_NONE;
		return -1;
	}
	ctl->job_running = true;
	return CTL_CHANGED_ENGINE | CTL_CHANGED_STATUS;
}

static void job_join(struct controller *ctl)
{
	if (ctl->job_running) {
		pthread_join(ctl->thread, NULL);
		ctl->job_running = false;
	}
}

static void job_release(struct controller *ctl)
{
	free(ctl->job.items);
	ctl->job.items = NULL;
	ctl->job.n_items = 0;
	ctl->job.kind = JOB_NONE;
}

/* Asks the worker's searches to stop soon (those not yet created see job.stop). */
static void stop_searches(struct controller *ctl)
{
	struct search *s = ctl->search;
	struct level_state *st = ctl->job.state;

	atomic_store(&ctl->job.stop, 1);
	if (s)
		search_stop(s);
	if (ctl->job.kind == JOB_MOVE && st)
		level_stop(st);
}

/* Stops the running job, if any, without applying its result, and drops queued events. */
void ctl_cancel(struct controller *ctl)
{
	struct ctl_qevent q;

	if (!ctl->job_running)
		return;
	stop_searches(ctl);
	job_join(ctl);
	while (queue_pop(ctl, &q))
		;
	job_release(ctl);
}

/* True while the worker is searching. */
bool controller_engine_busy(const struct controller *ctl)
{
	return ctl->job_running;
}

/* Esc / `stop`: the engine plays its best move so far; a hint or an analysis is cut short
   and keeps what it found. Nothing happens when the engine is idle. */
void controller_stop(struct controller *ctl)
{
	if (!ctl->job_running)
		return;
	stop_searches(ctl);
}

/* The reasoning kept with an engine move: the level, the source, and the search if there was one.
 */
static void reasoning_from(struct game_reasoning *r, const struct level_move *lm, const char *level)
{
	const struct search_result *res = &lm->result;
	bool searched = lm->source == LEVEL_SOURCE_SEARCH || lm->source == LEVEL_SOURCE_ENDGAME;

	memset(r, 0, sizeof(*r));
	snprintf(r->level, sizeof(r->level), "%.*s", (int)sizeof(r->level) - 1, level);
	r->source = game_source_of(lm->source);
	r->score = lm->scored ? lm->score : 0;
	r->time = 0;
	if (lm->source == LEVEL_SOURCE_BOOK) {
		r->n_moves = lm->n_book < GAME_MAX_CANDIDATES ? lm->n_book : GAME_MAX_CANDIDATES;
		for (int i = 0; i < r->n_moves; i++)
			r->moves[i] = (struct game_candidate){lm->book[i].move, lm->book[i].score,
							      GAME_BOUND_EXACT, 0};
	}
	if (!searched || res->n_moves == 0)
		return;
	r->depth = res->depth;
	r->endgame = res->endgame;
	r->score = res->score;
	r->bound = (int)res->bound;
	r->pv_len = res->pv_len;
	memcpy(r->pv, res->pv, sizeof(r->pv));
	r->nodes = res->nodes;
	r->time = res->time;
	r->n_moves = res->n_moves < GAME_MAX_CANDIDATES ? res->n_moves : GAME_MAX_CANDIDATES;
	for (int i = 0; i < r->n_moves; i++)
		r->moves[i] =
		    (struct game_candidate){res->moves[i].move, res->moves[i].score,
					    (int)res->moves[i].bound, res->moves[i].depth};
}

static const char *move_name(int sq)
{
	return sq == SQ_PASS ? "pass" : board_square_name(sq);
}

/* Applies the result of the finished job; fills ev with what to report. */
static void job_apply(struct controller *ctl, struct ctl_event *ev)
{
	struct ctl_job *job = &ctl->job;
	char err[256];

	memset(ev, 0, sizeof(*ev));
	if (job->kind == JOB_ANALYZE) {
		ctl_analysis_apply(ctl, ev);
		return;
	}
	if (job->rc != 0) {
		ev->kind = CTL_EVENT_ERROR;
		ev->changes = CTL_CHANGED_STATUS;
		snprintf(ev->message, sizeof(ev->message),
			 "the engine failed to search this position");
		return;
	}
	if (job->kind == JOB_HINT) {
		const struct search_result *r = &job->result;
		int n = r->n_moves < 32 ? r->n_moves : 32;
		int want = job->limits.multipv > 0 ? job->limits.multipv : 1;

		if (n > want)
			n = want;
		ctl->n_hints = 0;
		for (int i = 0; i < n; i++)
			ctl->hints[ctl->n_hints++] = (struct ctl_hint){
			    r->moves[i].move,  r->moves[i].score, (int)r->moves[i].bound,
			    r->moves[i].depth, r->endgame,
			};
		if (n == 0 && r->move != SQ_NONE)
			ctl->hints[ctl->n_hints++] = (struct ctl_hint){
			    r->move, r->score, (int)r->bound, r->depth, r->endgame};
		ctl->hint_node = job->node;
		ev->kind = CTL_EVENT_HINTS_READY;
		ev->changes = CTL_CHANGED_EVAL | CTL_CHANGED_BOARD | CTL_CHANGED_STATUS;
		snprintf(ev->message, sizeof(ev->message), "hint: %s %+.2f", move_name(r->move),
			 r->score / 100.0);
		return;
	}
	/* an engine move */
	struct game_reasoning reason;
	const struct level_move *lm = &job->move;
	enum color side = job->node->side;
	int move = lm->move;
	char how[64] = "", level[CTL_LEVEL_LEN + EVALSPEC_NAME_LEN + 4];

	if (move == SQ_NONE || ctl_add_move(ctl, move, err, sizeof(err)) < 0) {
		ev->kind = CTL_EVENT_ERROR;
		ev->changes = CTL_CHANGED_STATUS;
		snprintf(ev->message, sizeof(ev->message), "the engine found no move: %.200s",
			 move == SQ_NONE ? "the game is over" : err);
		return;
	}
	struct game_node *played = ctl->cur->move == SQ_PASS && ctl->cur->parent->move == move
				       ? ctl->cur->parent
				       : ctl->cur;
	/* the level and its evaluation (a level switching features off has a classic one) */
	snprintf(level, sizeof(level), "%s (%s)", job->level,
		 job->spec && job->spec->n_disabled > 0 ? "classic" : ctl->eval_name);
	reasoning_from(&reason, lm, level);
	game_set_reasoning(played, &reason);
	if (reason.time >= 0)
		game_set_time(played, reason.time);
	if (lm->source == LEVEL_SOURCE_SEARCH && lm->result.n_moves > 0)
		snprintf(how, sizeof(how), ", depth %d", lm->result.depth);
	else if (lm->source == LEVEL_SOURCE_ENDGAME)
		snprintf(how, sizeof(how), ", exact");
	ev->kind = CTL_EVENT_MOVE_PLAYED;
	ev->changes = CTL_CHANGED_ALL;
	if (lm->scored)
		snprintf(ev->message, sizeof(ev->message), "%s plays %s (%s %+.2f%s)",
			 side == BLACK ? "Black" : "White", move_name(move),
			 level_source_name(lm->source), lm->score / 100.0, how);
	else
		snprintf(ev->message, sizeof(ev->message), "%s plays %s (%s)",
			 side == BLACK ? "Black" : "White", move_name(move),
			 level_source_name(lm->source));
}

/*
 * Takes one event without blocking; false if none is queued. The end of a job
 * is handled here: an engine move is played on the board (and the next engine
 * started if it is again an engine's turn), hints and analyses are stored.
 */
bool controller_poll_event(struct controller *ctl, struct ctl_event *ev)
{
	struct ctl_qevent q;

	if (!queue_pop(ctl, &q))
		return false;
	if (!q.done) {
		*ev = q.ev;
		return true;
	}
	job_join(ctl);
	job_apply(ctl, ev);
	job_release(ctl);
	if (ev->kind == CTL_EVENT_MOVE_PLAYED)
		ev->changes |= (unsigned)ctl_autostep(ctl);
	return true;
}

/* Blocks until an event comes and takes it; false at once when no job runs and none is queued. */
bool controller_wait_event(struct controller *ctl, struct ctl_event *ev)
{
	for (;;) {
		struct pollfd p = {.fd = ctl->pipe_fd[0], .events = POLLIN};

		if (controller_poll_event(ctl, ev))
			return true;
		if (!ctl->job_running)
			return false;
		if (poll(&p, 1, -1) < 0 && errno != EINTR)
			return false;
	}
}

/* The fd that is readable while events are queued. */
int controller_event_fd(const struct controller *ctl)
{
	return ctl->pipe_fd[0];
}

/* Starts an engine move for the side to move at the cursor, at its level (a
   human side moved by `go` plays at the level kept for its colour). */
static int engine_move_start(struct controller *ctl, char *err, size_t errlen)
{
	enum color side = ctl->cur->side;

	ctl->job.kind = JOB_MOVE;
	ctl->job.board = ctl->cur->board;
	ctl->job.node = ctl->cur;
	ctl->job.spec = &ctl->spec[side];
	ctl->job.slot = &ctl->lstate[side];
	ctl->job.seed = ctl_level_seed(&ctl->spec[side], side);
	ctl->job.state = NULL;
	snprintf(ctl->job.level, sizeof(ctl->job.level), "%s", ctl->level[side]);
	return ctl_job_start(ctl, err, errlen);
}

/* Starts the engine when it is an engine's turn at the end of the line in a game
   that goes on; the changes (CTL_CHANGED_ENGINE ...) or 0. */
int ctl_autostep(struct controller *ctl)
{
	char err[256];
	int rc;

	if (ctl->job_running || ctl->editing || ctl->cur != ctl->tip || ctl->resigned >= 0 ||
	    game_is_over(ctl->cur) || ctl->kind[ctl->cur->side] != PLAYER_ENGINE)
		return 0;
	rc = engine_move_start(ctl, err, sizeof(err));
	return rc < 0 ? 0 : rc;
}

/* Starts the engine if it is an engine's turn (see ctl_autostep); the changes. */
int controller_step(struct controller *ctl, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	return ctl_autostep(ctl);
}

/* `go`: the engine plays the side to move at the cursor now, whoever plays it
   (a different move in the past starts a variation). The changes, or -1. */
int controller_go(struct controller *ctl, char *err, size_t errlen)
{
	if (ctl->editing) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (controller_game_over(ctl, NULL)) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (ctl->job_running && ctl->job.kind == JOB_MOVE && ctl->job.node == ctl->cur)
		return CTL_CHANGED_ENGINE;
	ctl_cancel(ctl);
	return engine_move_start(ctl, err, errlen);
}

/* Asks for the n best moves at the cursor (n <= 0: the default count); the
   result comes as a HINTS_READY event and through controller_hints. */
int controller_hint(struct controller *ctl, int n, char *err, size_t errlen)
{
	if (ctl->editing) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (game_is_over(ctl->cur)) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (!board_can_move(&ctl->cur->board)) {
		snprintf(err, errlen, "no move here: %s must pass",
			 ctl->cur->side == BLACK ? "Black" : "White");
		return -1;
	}
	ctl_cancel(ctl);
	if (n <= 0)
		n = ctl->opt.hint_count > 0 ? ctl->opt.hint_count : 1;
	if (n > 32)
		n = 32;
	ctl->job.kind = JOB_HINT;
	ctl->job.board = ctl->cur->board;
	ctl->job.node = ctl->cur;
	memset(&ctl->job.limits, 0, sizeof(ctl->job.limits));
	ctl->job.limits.depth = ctl->opt.hint_depth > 0 ? ctl->opt.hint_depth : 8;
	ctl->job.limits.endgame = ctl->job.limits.depth + 6;
	ctl->job.limits.multipv = n;
	ctl->n_hints = 0;
	ctl->hint_node = NULL;
	return ctl_job_start(ctl, err, errlen);
}

/* Copies the hints for the cursor position, best first, into out; how many (0 if none). */
int controller_hints(const struct controller *ctl, struct ctl_hint *out, int max)
{
	int n = 0;

	if (ctl->hint_node != ctl->cur || ctl->editing)
		return 0;
	for (; n < ctl->n_hints && n < max; n++)
		out[n] = ctl->hints[n];
	return n;
}
