/*
 * controller-engine.c — the controller's engine part: the evaluation, the
 * opening books and the worker they serve, each colour's level, engine moves
 * and hints, and what the worker's events do to the game.
 *
 * An engine move or a hint is a job for the worker (worker.h): a copy of
 * the position and the level or the limits. The worker's events come back
 * through controller_poll_event (controller-player.c), which hands them to
 * ctl_engine_event here: search progress as it comes, and at the end of a
 * job its result, applied to the record on the main thread (the move played
 * with its reasoning; the hints stored) or, for an analysis, by
 * controller-analysis.c. The engine as a player (asked for a move when it is
 * its turn) is one of the kinds of controller-player.c. Every change
 * of the game cancels the running job first (ctl_cancel), so a result
 * always belongs to the position it was asked for.
 *
 * Engine moves are chosen by the mover's level (level.h: level_choose_move
 * with that colour's level state, kept by the worker, and the shipped book
 * if any); hints search directly at the settings' depths.
 */
#include "controller-int.h"

#include "datadir.h"
#include "eval.h"
#include "opening-names.h"
#include "square.h"
#include "timer.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

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
	worker_forget_level(ctl->worker, c);
	ctl->spec[c] = spec;
	snprintf(ctl->level[c], CTL_LEVEL_LEN, "%s", level);
	return 0;
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
		snprintf(ctl->book_note, sizeof ctl->book_note, "the opening book is left out: %s",
			 msg);
		book_free(ctl->book);
		ctl->book = NULL;
	}
	fclose(f);
	return 0;
}

/* Creates the evaluation (evalspec.c), loads the books and makes the worker (the searchers
   come later). 0, or -1 with a message and nothing left to free. */
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
	ctl->scores = scorestore_new();
	if (!ctl->scores) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	ctl->worker = worker_new(ctl->eval, ctl->book, tt_size(ctl), err, errlen);
	if (!ctl->worker)
		goto fail;
	worker_set_threads(ctl->worker, ctl->opt.threads);
	return 0;
fail:
	scorestore_free(ctl->scores);
	ctl->scores = NULL;
	eval_free(ctl->eval);
	book_free(ctl->book);
	openings_free(ctl->openings);
	ctl->eval = NULL;
	ctl->book = NULL;
	ctl->openings = NULL;
	return -1;
}

/* Stops the worker and frees the engine side of the controller. */
void ctl_engine_free(struct controller *ctl)
{
	worker_free(ctl->worker);
	ctl->worker = NULL;
	ctl->job.kind = JOB_NONE;
	book_free(ctl->book);
	openings_free(ctl->openings);
	eval_free(ctl->eval);
	for (int v = 0; v < VARIANT_COUNT; v++) {
		eval_free(ctl->board_eval[v]);
		ctl->board_eval[v] = NULL;
	}
	scorestore_free(ctl->scores);
	ctl->scores = NULL;
}

/* Esc / `stop`: the engine plays its best move so far; a hint or an analysis is cut short
   and keeps what it found. Nothing happens when the engine is idle. */
void controller_stop(struct controller *ctl)
{
	worker_stop(ctl->worker);
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
							      GAME_BOUND_EXACT, lm->book[i].depth};
	}
	if (!searched || res->n_moves == 0)
		return;
	r->depth = res->depth;
	r->endgame = res->endgame;
	r->selectivity = res->selectivity;
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

/* The name of a move of the game's board in messages ("pass" for a pass); buf holds it. */
static const char *move_name(const struct controller *ctl, int sq, char buf[SQUARE_NAME_LEN])
{
	return sq == SQ_PASS ? "pass" : square_name(ctl->game->variant, sq, buf);
}

/* An error event: the engine failed. */
static void engine_error(struct ctl_event *ev, const char *why)
{
	ev->kind = CTL_EVENT_ERROR;
	ev->changes = CTL_CHANGED_STATUS;
	snprintf(ev->message, sizeof(ev->message), "%s", why);
}

/* Stores the hints of a finished hint search (and its scores in the store of results); fills
   ev with what to report. */
static void hints_apply(struct controller *ctl, const struct worker_result *res,
			struct ctl_event *ev)
{
	const struct search_result *r = &res->search;
	int n = r->n_moves < 32 ? r->n_moves : 32;
	char name[SQUARE_NAME_LEN], label[24];
	struct ctl_hint best;

	if (res->rc != 0) {
		engine_error(ev, "the engine failed to search this position");
		return;
	}
	if (ctl->job.overlay) /* a search that got no deeper (a time limit, a capped board) */
		ctl->hint.overlay_stalled = ctl->hint.node == ctl->job.node && ctl->hint.n > 0 &&
				       r->depth <= ctl->hint.moves[0].depth && !r->endgame;
	ctl->hint.want = ctl->job.hints;
	ctl->hint.n = 0;
	for (int i = 0; i < n; i++)
		ctl->hint.moves[ctl->hint.n++] = (struct ctl_hint){
		    r->moves[i].move,
		    r->moves[i].score,
		    (int)r->moves[i].bound,
		    r->moves[i].depth,
		    r->endgame,
		    r->selectivity,
		    false,
		};
	if (n == 0 && r->move != SQ_NONE)
		ctl->hint.moves[ctl->hint.n++] = (struct ctl_hint){
		    r->move, r->score, (int)r->bound, r->depth, r->endgame, r->selectivity, false};
	ctl->hint.node = ctl->job.node;
	ctl_scores_from_search(ctl, ctl->job.node, r);
	ev->kind = CTL_EVENT_HINTS_READY;
	ev->changes = CTL_CHANGED_EVAL | CTL_CHANGED_STATUS; /* the scores, and the message */
	if (controller_node_scores(ctl, ctl->job.node, &best, 1) < 1)
		best = (struct ctl_hint){r->move,    r->score,	     (int)r->bound, r->depth,
					 r->endgame, r->selectivity, false};
	controller_score_label(&best, label, sizeof label);
	if (ctl->job.overlay)
		snprintf(ev->message, sizeof(ev->message), "all moves: %s %d, best %s %+.2f %s",
			 r->endgame ? "exact, empties" : "depth", r->depth,
			 move_name(ctl, best.move, name), best.score / 100.0, label);
	else
		snprintf(ev->message, sizeof(ev->message), "hint: %s %+.2f %s",
			 move_name(ctl, best.move, name), best.score / 100.0, label);
}

/* Plays the move a level chose, with its reasoning; fills ev with what to report. */
static void move_apply(struct controller *ctl, const struct worker_result *res,
		       struct ctl_event *ev)
{
	struct game_reasoning reason;
	const struct level_move *lm = &res->move;
	enum color side = ctl->job.node->side;
	int move = lm->move;
	char how[64] = "", err[256], name[SQUARE_NAME_LEN];

	if (res->rc != 0) {
		engine_error(ev, "the engine failed to search this position");
		return;
	}
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
	reasoning_from(&reason, lm, ctl->job.level);
	game_set_reasoning(played, &reason);
	game_set_by(played, ctl->level[side]);
	if (played->parent)
		ctl_scores_from_reasoning(ctl, played->parent, &reason);
	if (reason.time >= 0)
		game_set_time(played, reason.time);
	if (lm->source == LEVEL_SOURCE_SEARCH && lm->result.n_moves > 0) {
		char depth[16];

		search_depth_text(lm->result.depth, lm->result.selectivity, depth, sizeof depth);
		snprintf(how, sizeof(how), ", depth %s", depth);
	} else if (lm->source == LEVEL_SOURCE_ENDGAME)
		snprintf(how, sizeof(how), ", exact");
	ev->kind = CTL_EVENT_MOVE_PLAYED;
	ev->changes = CTL_CHANGED_ALL;
	if (lm->scored)
		snprintf(ev->message, sizeof(ev->message), "%s plays %s (%s %+.2f%s)",
			 side == BLACK ? "Black" : "White", move_name(ctl, move, name),
			 level_source_name(lm->source), lm->score / 100.0, how);
	else
		snprintf(ev->message, sizeof(ev->message), "%s plays %s (%s)",
			 side == BLACK ? "Black" : "White", move_name(ctl, move, name),
			 level_source_name(lm->source));
}

/* A search's progress as the front end sees it. */
static void progress_event(const struct search_info *p, struct ctl_event *ev)
{
	ev->kind = CTL_EVENT_PROGRESS;
	ev->changes = CTL_CHANGED_PROGRESS;
	ev->progress.search = *p;
}

/*
 * Applies one event of the worker (taken by controller_poll_event) and fills
 * ev with what to report. The end of a job is handled here: an engine move is
 * played on the board, hints are stored (and the overlay goes on); an
 * analysis's events go to controller-analysis.c.
 */
void ctl_engine_event(struct controller *ctl, const struct worker_event *wev, struct ctl_event *ev)
{
	memset(ev, 0, sizeof(*ev));
	if (wev->kind == WORKER_EVENT_DONE)
		ctl->job.kind = JOB_NONE;
	if (wev->job == WORKER_SCORE) {
		ctl_analysis_event(ctl, wev, ev);
	} else if (wev->kind != WORKER_EVENT_DONE) {
		progress_event(&wev->progress, ev);
	} else if (wev->job == WORKER_SEARCH) {
		hints_apply(ctl, worker_result(ctl->worker), ev);
		ev->changes |= (unsigned)ctl_overlay_step(ctl);
	} else {
		move_apply(ctl, worker_result(ctl->worker), ev);
		if (ev->kind == CTL_EVENT_MOVE_PLAYED)
			ctl->engine_moved_at = timer_now();
	}
}

/* Starts an engine move for colour c, the side to move at the cursor, at its level (a
   human side moved by `go` plays at the level kept for its colour). The changes, or -1 with
   a message (a level the board has not, a worker that cannot start). */
int ctl_engine_move(struct controller *ctl, enum color c, char *err, size_t errlen)
{
	enum color side = c;
	struct worker_job job = {
	    .kind = WORKER_MOVE,
	    .pos = ctl->cur->pos,
	    .spec = ctl->spec[side],
	    .player = (int)side,
	    .seed = ctl_level_seed(&ctl->spec[side], side),
	};
	enum variant v = job.pos.variant;
	const char *eval_name;

	if (controller_clock(ctl, side, &job.clock) && job.clock < 0.05)
		job.clock = 0.05; /* past its time: the quickest the time manager allows */

	if (engine_level_check(v, &job.spec, ctl->job.level, sizeof ctl->job.level) < 0) {
		snprintf(err, errlen, "%s: %s", ctl->level[side], ctl->job.level);
		return -1;
	}
	/* the level and its evaluation (a level switching features off has a classic one) */
	job.eval = ctl_board_eval(ctl, v, &eval_name);
	snprintf(ctl->job.level, sizeof(ctl->job.level), "%s (%s)", ctl->level[side],
		 ctl->spec[side].n_disabled > 0 ? "classic" : eval_name);
	ctl->job.node = ctl->cur;
	return ctl_job_start(ctl, JOB_MOVE, &job, err, errlen);
}

/* `go`: the engine plays the side to move at the cursor now, whoever plays it
   (a different move in the past is played as controller_play's are). The changes, or -1. */
int controller_go(struct controller *ctl, char *err, size_t errlen)
{
	if (ctl_net_check(ctl, false, "go", err, errlen) < 0)
		return -1;
	if (ctl->edit.on) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (controller_game_over(ctl, NULL)) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (ctl_job_is(ctl, JOB_MOVE) && ctl->job.node == ctl->cur)
		return CTL_CHANGED_ENGINE;
	ctl_cancel(ctl);
	return ctl_engine_move(ctl, ctl->cur->side, err, errlen);
}

/* Asks for the n best moves at the cursor (n <= 0: the default count); every legal move is
   scored (with a full window, at one depth) and the n best are shown. The result comes as a
   HINTS_READY event and through controller_hints and controller_hint_scores. */
int controller_hint(struct controller *ctl, int n, char *err, size_t errlen)
{
	struct worker_job job;
	int depth, rc;

	if (ctl_net_check(ctl, true, "hint", err, errlen) < 0)
		return -1;
	if (ctl->edit.on) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (game_is_over(ctl->cur)) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (ctl->drill.on) {
		snprintf(err, errlen, "the drill asks this position: answer it, or `drill skip`");
		return -1;
	}
	if (!game_legal_moves(ctl->cur)) {
		snprintf(err, errlen, "no move here: %s must pass",
			 ctl->cur->side == BLACK ? "Black" : "White");
		return -1;
	}
	ctl_cancel(ctl);
	if (n <= 0)
		n = ctl->opt.hint_count > 0 ? ctl->opt.hint_count : 1;
	if (n > 32)
		n = 32;
	depth = ctl->opt.hint_depth > 0 || ctl->opt.hint_time > 0 ? ctl->opt.hint_depth : 8;
	ctl_scores_from_book(ctl, ctl->cur);
	ctl_search_job(ctl, depth, depth > 0 ? depth + 6 : -1, &job);
	job.limits.time = depth > 0 ? 0 : ctl->opt.hint_time;
	ctl->hint.n = 0;
	ctl->hint.node = NULL;
	ctl->job.node = ctl->cur;
	ctl->job.hints = n;
	ctl->job.overlay = false;
	rc = ctl_job_start(ctl, JOB_HINT, &job, err, errlen);
	return rc < 0 ? -1 : rc | CTL_CHANGED_EVAL; /* the book's scores are known at once */
}

/* Copies the hints for the cursor position, best first, into out: the best known scores of
   as many moves as the last `hint` asked for; how many (0 if none was asked here). */
int controller_hints(const struct controller *ctl, struct ctl_hint *out, int max)
{
	if (ctl->hint.node != ctl->cur || ctl->edit.on || ctl->hint.n == 0)
		return 0;
	return controller_node_scores(ctl, ctl->cur, out,
				      max < ctl->hint.want ? max : ctl->hint.want);
}

/* Copies the best known scores of the legal moves at the cursor (the hint and overlay
   searches, the book, engine moves, the analysis: the store of results), best first, into
   out; how many (0 if none). */
int controller_hint_scores(const struct controller *ctl, struct ctl_hint *out, int max)
{
	if (ctl->edit.on)
		return 0;
	return controller_node_scores(ctl, ctl->cur, out, max);
}
