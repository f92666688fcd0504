/*
 * controller-analysis.c — `analyze`: the engine scores every position of the
 * current line, and each move gets the best move, its score, the played
 * move's score and the disc loss; moves are marked by their loss.
 *
 * Every position is searched once, in the worker thread: by a midgame search
 * of the chosen depth (or time) while many squares are empty, exactly once
 * the empties are within `analyze_exact`. For the move from position i-1 to
 * position i: best = score(i-1) with its best move; played = -score(i) (the
 * opponent is to move at i: passes are explicit moves of the record), or
 * best itself when the best move was played; loss = best - played, at least 0.
 * With exact scores on both sides the loss is exact. Marks follow GNU
 * Backgammon's idea: a loss of 2+ discs ?!, 4+ ?, 8+ ?? (settings). A mark
 * that a person set is never replaced: only an empty mark, or the mark an
 * earlier analysis set from its loss, is.
 */
#include "controller-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The mark for a disc loss under the thresholds of `opt` (MARK_NONE below them). */
static enum game_mark loss_mark(const struct controller_options *opt, int loss)
{
	if (loss >= opt->mark_blunder)
		return MARK_VERY_BAD;
	if (loss >= opt->mark_mistake)
		return MARK_BAD;
	if (loss >= opt->mark_doubtful)
		return MARK_DUBIOUS;
	return MARK_NONE;
}

/* Worker thread: scores the positions of job->items in order, stopping early on job->stop. */
void ctl_analysis_run(struct controller *ctl, struct ctl_job *job)
{
	struct search *s = ctl_search_get(ctl);

	for (int i = 0; s && i < job->n_items && !atomic_load(&job->stop); i++) {
		struct ctl_analysis_item *it = &job->items[i];
		struct search_limits lim;
		struct search_result res;
		struct ctl_event ev = {.kind = CTL_EVENT_ANALYSIS_PROGRESS,
				       .changes = CTL_CHANGED_STATUS};

		if (board_game_over(&it->board)) {
			it->score = board_final_score(&it->board) * 100;
			it->best_move = SQ_NONE;
			it->depth = board_empty_count(&it->board);
			it->exact = true;
			it->done = true;
		} else {
			memset(&lim, 0, sizeof(lim));
			lim.depth = ctl->analysis_depth;
			lim.time = ctl->analysis_depth > 0 ? 0 : ctl->analysis_time;
			lim.endgame = job->exact_empties;
			if (search_run(s, &it->board, &lim, NULL, NULL, &res) == 0 &&
			    !atomic_load(&job->stop)) {
				it->score = res.score;
				it->best_move = res.move;
				it->depth = res.depth;
				it->exact = res.endgame;
				it->done = true;
			}
		}
		ev.progress.done = i + 1;
		ev.progress.total = job->n_items;
		ev.progress.score = it->score;
		ev.progress.depth = it->depth;
		ev.progress.endgame = it->exact;
		snprintf(ev.message, sizeof(ev.message), "analysing: %d/%d", i + 1, job->n_items);
		ctl_post(ctl, &ev, false);
	}
}

/*
 * Scores the current line in the worker: every position with `depth` plies
 * (or `seconds` each when depth is 0; both 0 = the settings), exactly from
 * the settings' number of empties. Results come with ANALYSIS_DONE.
 */
int controller_analyze(struct controller *ctl, int depth, double seconds, char *err, size_t errlen)
{
	int n;

	if (ctl->editing) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (!ctl->tip->parent) {
		snprintf(err, errlen, "no moves to analyse");
		return -1;
	}
	ctl_cancel(ctl);
	n = ctl->tip->ply + 1;
	ctl->job.items = calloc((size_t)n, sizeof(*ctl->job.items));
	if (!ctl->job.items) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (struct game_node *t = ctl->tip; t; t = t->parent) {
		ctl->job.items[t->ply].node = t;
		ctl->job.items[t->ply].board = t->board;
	}
	ctl->job.kind = JOB_ANALYZE;
	ctl->job.n_items = n;
	ctl->job.exact_empties = ctl->opt.analyze_exact;
	if (depth <= 0 && seconds <= 0) {
		depth = ctl->opt.analyze_depth;
		seconds = ctl->opt.analyze_time;
	}
	if (depth <= 0 && seconds <= 0)
		depth = 10;
	ctl->analysis_depth = depth;
	ctl->analysis_time = seconds;
	return ctl_job_start(ctl, err, errlen) < 0 ? -1 : CTL_CHANGED_ENGINE | CTL_CHANGED_STATUS;
}

/* Main thread, after the worker is joined: stores each move's results and marks, sums up. */
void ctl_analysis_apply(struct controller *ctl, struct ctl_event *ev)
{
	struct ctl_job *job = &ctl->job;
	int scored = 0;

	memset(ctl->sides, 0, sizeof(ctl->sides));
	for (int i = 1; i < job->n_items; i++) {
		struct ctl_analysis_item *before = &job->items[i - 1], *after = &job->items[i];
		struct game_node *n = after->node;
		struct ctl_analysis_side *side = &ctl->sides[n->player];
		struct game_analysis a = {.valid = true};
		enum game_mark auto_mark;

		if (n->move == SQ_PASS || !before->done || !after->done)
			continue;
		a.best_move = before->best_move;
		a.best_score = before->score;
		a.played_score = n->move == before->best_move ? before->score : -after->score;
		a.loss = a.best_score > a.played_score ? a.best_score - a.played_score : 0;
		a.depth = before->depth;
		if (n->mark == MARK_NONE ||
		    (n->analysis.valid && n->mark == loss_mark(&ctl->opt, n->analysis.loss)))
			game_set_mark(n, loss_mark(&ctl->opt, a.loss));
		game_set_analysis(n, &a);
		auto_mark = loss_mark(&ctl->opt, a.loss);
		side->moves++;
		side->total_loss += a.loss;
		side->doubtful += auto_mark == MARK_DUBIOUS;
		side->mistakes += auto_mark == MARK_BAD;
		side->blunders += auto_mark == MARK_VERY_BAD;
		scored++;
	}
	ctl->have_analysis = true;
	ctl->dirty = true;
	ev->kind = CTL_EVENT_ANALYSIS_DONE;
	ev->changes = CTL_CHANGED_ALL;
	ev->progress.done = job->n_items;
	ev->progress.total = job->n_items;
	snprintf(ev->message, sizeof(ev->message),
		 "analysis: %d moves; Black lost %.2f discs, White %.2f", scored,
		 ctl->sides[BLACK].total_loss / 100.0, ctl->sides[WHITE].total_loss / 100.0);
}

/* Each side's totals of the last analysis (index: enum color); false if there is none. */
bool controller_analysis(const struct controller *ctl, struct ctl_analysis_side out[2])
{
	if (!ctl->have_analysis)
		return false;
	out[0] = ctl->sides[0];
	out[1] = ctl->sides[1];
	return true;
}

/*
 * The last analysis as text: each side's total and mean loss and its
 * doubtful moves, mistakes and blunders, then every move that lost 2 discs or
 * more with the best move. Malloc'd; NULL if there is no analysis or memory.
 */
char *controller_analysis_text(const struct controller *ctl)
{
	size_t cap = 512 + 96 * (size_t)(ctl->tip->ply + 1), len = 0;
	const struct game_node **path;
	char *s;
	int n;

	if (!ctl->have_analysis)
		return NULL;
	s = malloc(cap);
	path = malloc(sizeof(*path) * (size_t)(ctl->tip->ply + 1));
	if (!s || !path) {
		free(s);
		free(path);
		return NULL;
	}
	for (int c = 0; c < 2; c++) {
		const struct ctl_analysis_side *d = &ctl->sides[c];
		len += (size_t)snprintf(
		    s + len, cap - len,
		    "%s: %d moves, loss %.2f (mean %.2f), %d doubtful, "
		    "%d mistake%s, %d blunder%s\n",
		    c == BLACK ? "Black" : "White", d->moves, d->total_loss / 100.0,
		    d->moves ? d->total_loss / 100.0 / d->moves : 0.0, d->doubtful, d->mistakes,
		    d->mistakes == 1 ? "" : "s", d->blunders, d->blunders == 1 ? "" : "s");
	}
	n = game_path(ctl->tip, path, ctl->tip->ply + 1);
	for (int i = 1; i < n; i++) {
		const struct game_node *m = path[i];
		if (!m->analysis.valid || m->analysis.loss < ctl->opt.mark_doubtful)
			continue;
		len += (size_t)snprintf(
		    s + len, cap - len, "%3d. %s %-4s%-2s best %s %+.2f, played %+.2f, loss %.2f\n",
		    m->ply, m->player == BLACK ? "Black" : "White", board_square_name(m->move),
		    game_mark_symbol(m->mark),
		    m->analysis.best_move < 64 ? board_square_name(m->analysis.best_move) : "--",
		    m->analysis.best_score / 100.0, m->analysis.played_score / 100.0,
		    m->analysis.loss / 100.0);
	}
	free(path);
	return s;
}
