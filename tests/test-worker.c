/*
 * test-worker.c — the engine worker on its own, without a controller: a job
 * posted comes back as its events (progress, then DONE, last) on the
 * descriptor, with its result; a scoring job scores each position in turn;
 * an engine move is legal; a stop ends an endless search with its best move
 * so far; a cancel leaves no event behind; one job follows another.
 */
#include "eval.h"
#include "worker.h"

#include <criterion/criterion.h>
#include <poll.h>
#include <string.h>

static struct eval *ev;
static struct worker *w;

static void setup(void)
{
	char err[256];

	ev = eval_new_default();
	cr_assert_not_null(ev);
	w = worker_new(ev, NULL, 1, err, sizeof err);
	cr_assert_not_null(w, "worker_new: %s", err);
}

static void teardown(void)
{
	worker_free(w);
	eval_free(ev);
}

TestSuite(worker, .init = setup, .fini = teardown, .timeout = 60);

/* The next event, waiting on the descriptor up to 30 s; fails the test when none comes. */
static struct worker_event next_event(void)
{
	struct worker_event e;

	for (int waited = 0; !worker_poll(w, &e); waited++) {
		struct pollfd p = {.fd = worker_fd(w), .events = POLLIN};

		cr_assert_lt(waited, 300, "no event within 30 s");
		poll(&p, 1, 100);
	}
	return e;
}

/* Takes events up to DONE; how many PROGRESS events came before it. */
static int run_to_done(enum worker_job_kind kind)
{
	int progress = 0;

	for (;;) {
		struct worker_event e = next_event();

		cr_assert_eq(e.job, kind);
		if (e.kind == WORKER_EVENT_DONE)
			break;
		progress += e.kind == WORKER_EVENT_PROGRESS;
	}
	cr_assert_not(worker_busy(w), "busy after DONE");
	return progress;
}

/* b after the move at `square` (a legal one). */
static struct board after(struct board b, const char *square)
{
	int sq = board_square_parse(square);

	board_play(&b, sq, board_flips(b.own, b.opp, sq));
	return b;
}

static void start(const struct worker_job *job)
{
	char err[256];

	cr_assert_eq(worker_start(w, job, err, sizeof err), 0, "worker_start: %s", err);
	cr_assert(worker_busy(w));
}

Test(worker, search_job_reports_progress_then_its_result)
{
	struct worker_job job = {.kind = WORKER_SEARCH};
	const struct worker_result *res;
	struct worker_event e;
	int progress;

	pos_start(&job.pos, VARIANT_8X8);
	job.limits.depth = 4;
	start(&job);
	progress = run_to_done(WORKER_SEARCH);
	res = worker_result(w);
	cr_assert_geq(progress, 1, "no progress event");
	cr_assert_eq(res->rc, 0);
	cr_assert(board_is_legal(&job.pos.b8, res->search.move), "move %d", res->search.move);
	cr_assert_eq(res->search.depth, 4);
	cr_assert_not(worker_poll(w, &e), "an event after DONE");
}

Test(worker, scoring_job_scores_each_position_in_order)
{
	struct board boards[3], first;
	struct pos positions[3];
	struct worker_job job = {.kind = WORKER_SCORE, .positions = positions, .n_positions = 3};
	const struct worker_result *res;
	int last = -1;

	board_start(&first);
	boards[0] = first;
	boards[1] = after(first, "f5");
	boards[2] = (struct board){.own = ~0ULL, .opp = 0}; /* a finished game */
	for (int i = 0; i < 3; i++)
		pos_set_board(&positions[i], &boards[i]);
	job.limits.depth = 3;
	start(&job);
	memset(positions, 0, sizeof positions); /* the worker keeps its own copy */
	for (;;) {
		struct worker_event e = next_event();

		cr_assert_eq(e.job, WORKER_SCORE);
		if (e.kind == WORKER_EVENT_DONE)
			break;
		cr_assert_eq(e.kind, WORKER_EVENT_SCORED);
		cr_assert_gt(e.index, last, "positions out of order");
		cr_assert_eq(e.total, 3);
		last = e.index;
	}
	cr_assert_eq(last, 2, "the last position's event is missing");
	res = worker_result(w);
	cr_assert_eq(res->n_scores, 3);
	for (int i = 0; i < 3; i++)
		cr_assert(res->scores[i].done, "position %d not scored", i);
	cr_assert(board_is_legal(&first, res->scores[0].best_move));
	cr_assert(res->scores[2].exact);
	cr_assert_eq(res->scores[2].score, 6400);
	cr_assert_eq(res->scores[2].best_move, SQ_NONE);
}

Test(worker, move_job_plays_a_legal_move_at_its_level)
{
	struct worker_job job = {.kind = WORKER_MOVE, .player = 1, .seed = 7};
	char err[256];

	cr_assert_eq(level_parse("novice", &job.spec, err, sizeof err), 0, "%s", err);
	pos_start(&job.pos, VARIANT_8X8);
	for (int round = 0; round < 2; round++) { /* the second reuses the level state */
		start(&job);
		run_to_done(WORKER_MOVE);
		cr_assert_eq(worker_result(w)->rc, 0);
		cr_assert(board_is_legal(&job.pos.b8, worker_result(w)->move.move));
	}
	worker_forget_level(w, 1);
	start(&job);
	run_to_done(WORKER_MOVE);
	cr_assert(board_is_legal(&job.pos.b8, worker_result(w)->move.move));
}

Test(worker, stop_ends_an_endless_search_with_its_best_move)
{
	struct worker_job job = {.kind = WORKER_SEARCH};
	struct worker_event e;

	pos_start(&job.pos, VARIANT_8X8); /* no limit: only a stop ends it */
	start(&job);
	e = next_event();
	cr_assert_eq(e.kind, WORKER_EVENT_PROGRESS);
	worker_stop(w);
	run_to_done(WORKER_SEARCH);
	cr_assert_eq(worker_result(w)->rc, 0);
	cr_assert(board_is_legal(&job.pos.b8, worker_result(w)->search.move));
}

Test(worker, stop_before_the_search_begins_is_obeyed)
{
	struct worker_job job = {.kind = WORKER_MOVE, .player = 0, .seed = 1};
	char err[256];

	/* far too deep to end by itself: only the stop, seen once the level's searcher is made,
	   ends it */
	cr_assert_eq(level_parse("expert --depth 40", &job.spec, err, sizeof err), 0, "%s", err);
	pos_start(&job.pos, VARIANT_8X8);
	job.pos.b8 = after(job.pos.b8, "f5");
	start(&job);
	worker_stop(w);
	run_to_done(WORKER_MOVE);
}

Test(worker, cancel_drops_the_job_and_its_events)
{
	struct worker_job job = {.kind = WORKER_SEARCH};
	struct worker_event e;
	struct pollfd p;

	pos_start(&job.pos, VARIANT_8X8);
	start(&job);
	next_event();
	worker_cancel(w);
	cr_assert_not(worker_busy(w));
	cr_assert_not(worker_poll(w, &e), "an event after a cancel");
	p = (struct pollfd){.fd = worker_fd(w), .events = POLLIN};
	cr_assert_eq(poll(&p, 1, 0), 0, "the descriptor is readable after a cancel");
	worker_cancel(w); /* nothing runs: nothing happens */
	worker_stop(w);
	job.limits.depth = 2; /* and the worker takes the next job */
	start(&job);
	run_to_done(WORKER_SEARCH);
	cr_assert(board_is_legal(&job.pos.b8, worker_result(w)->search.move));
}
