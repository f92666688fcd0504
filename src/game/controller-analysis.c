/*
 * controller-analysis.c — `analyze`: the engine scores every position of the
 * current line, and each move gets the best move, its score, the played
 * move's score and the disc loss; the analysis gives each move its verdict.
 *
 * Every position is searched once, in the worker thread, with every legal
 * move searched with a full window to the same depth (the search's multipv
 * covering all root moves): by a midgame search of the chosen depth (or
 * time) while many squares are empty, exactly once the empties are within
 * `analyze_exact`. For the move from position i-1 to position i: best = the
 * first of position i-1's scored moves, played = the played move's own score
 * in that same list, so best >= played and loss = best - played is never
 * negative. The fast analysis (`analyze --fast`) searches only the best move
 * with a full window: the others then have bounds (usually "at most"), and
 * the played move's score and the loss are shown as such.
 *
 * Verdicts follow GNU Backgammon's idea: a loss of 2+ discs ?!, 4+ ?, 8+ ??
 * (settings). The verdict is stored apart from the mark a person set (SGF
 * OMV beside TE/BM/IT/DO), so a user's mark is never replaced and both show.
 * The scores and verdicts are the store of results' (controller-state.c's
 * ctl_judge): when a deeper search (a hint, the overlay) scores a position
 * again, the analysis of its move is judged again from it.
 */
#include "controller-int.h"

#include "square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Scores the current line in the worker: every position with `depth` plies
 * (or `seconds` each when depth is 0; both 0 = the settings), exactly from
 * the settings' number of empties; every legal move with a full window
 * unless `fast`. Results come with ANALYSIS_DONE.
 */
int controller_analyze(struct controller *ctl, int depth, double seconds, bool fast, char *err,
		       size_t errlen)
{
	struct worker_job job = {.kind = WORKER_SCORE};
	struct pos *positions;
	int rc;

	if (ctl_net_check(ctl, true, "analyze", err, errlen) < 0)
		return -1;
	if (ctl->edit.on) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (!ctl->tip->parent) {
		snprintf(err, errlen, "no moves to analyse");
		return -1;
	}
	ctl_cancel(ctl);
	job.n_positions = ctl->tip->ply + 1;
	positions = calloc((size_t)job.n_positions, sizeof(*positions));
	if (!positions) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (const struct game_node *t = ctl->tip; t; t = t->parent)
		positions[t->ply] = t->pos;
	job.eval = ctl_board_eval(ctl, ctl->game->variant, NULL);
	job.positions = positions;
	if (depth <= 0 && seconds <= 0) {
		depth = ctl->opt.analyze_depth;
		seconds = ctl->opt.analyze_time;
	}
	if (depth <= 0 && seconds <= 0)
		depth = 10;
	job.limits.depth = depth;
	job.limits.time = depth > 0 ? 0 : seconds;
	job.limits.endgame = ctl->opt.analyze_exact;
	engine_limit_analysis(ctl->game->variant, &job.limits); /* the other boards' caps */
	job.limits.multipv = fast ? 1 : 64;
	ctl->job.node = ctl->tip;
	rc = ctl_job_start(ctl, JOB_ANALYZE, &job, err, errlen);
	free(positions);
	return rc;
}

/* Stores the scores of one analysed position (node n's) in the store of results. */
static void scores_from_worker(struct controller *ctl, const struct game_node *n,
			       const struct engine_score *sc)
{
	struct search_result r;

	memset(&r, 0, sizeof r);
	r.n_moves = sc->n_moves;
	memcpy(r.moves, sc->moves, sizeof(r.moves[0]) * (size_t)sc->n_moves);
	r.depth = sc->depth;
	r.endgame = sc->exact;
	r.selectivity = 100;
	ctl_scores_from_search(ctl, n, &r);
}

/* The analysis of the move `n`: the analysis's own results (its best line; the played
   move's score from the position after it, for a fast search that left the move unscored),
   then judged from the best known scores of the position before it (ctl_judge: the store
   of results, which the analysis has just fed, so that the saved analysis shows what the
   screen shows). */
static void analysis_set(struct controller *ctl, struct game_node *n,
			 const struct engine_score *before, const struct engine_score *after)
{
	struct game_analysis a = {.valid = true, .played_bound = GAME_BOUND_UPPER};

	a.best_move = before->best_move;
	a.best_score = before->score;
	a.depth = before->depth;
	a.exact = before->exact;
	a.played_score = -after->score < a.best_score ? -after->score : a.best_score;
	a.loss = a.best_score - a.played_score;
	a.pv_len = before->pv_len < GAME_ANALYSIS_PV ? before->pv_len : GAME_ANALYSIS_PV;
	memcpy(a.pv, before->pv, sizeof(int) * (size_t)a.pv_len);
	game_set_analysis(n, &a);
	ctl_judge(ctl, n);
}

/* Stores each move's results and verdict from the scores of the line's positions
   (index = ply), and each side's totals; the number of moves scored. The marks a person
   set are left as they are. */
static int analysis_store(struct controller *ctl, const struct engine_score *scores)
{
	int scored = 0;

	for (struct game_node *n = ctl->job.node; n; n = n->parent)
		if (scores[n->ply].done && scores[n->ply].n_moves > 0)
			scores_from_worker(ctl, n, &scores[n->ply]);
	for (struct game_node *n = ctl->job.node; n->parent; n = n->parent) {
		const struct engine_score *before = &scores[n->ply - 1], *after = &scores[n->ply];

		if (n->move == SQ_PASS || !before->done || !after->done)
			continue;
		analysis_set(ctl, n, before, after);
		scored++;
	}
	ctl_analysis_totals(ctl);
	return scored;
}

/*
 * An event of the analysis job as the front end sees it: a scored position
 * becomes ANALYSIS_PROGRESS; the end of the job (its worker thread joined)
 * stores the results in the record and becomes ANALYSIS_DONE.
 */
void ctl_analysis_event(struct controller *ctl, const struct worker_event *wev,
			struct ctl_event *ev)
{
	const struct worker_result *res = worker_result(ctl->worker);
	int scored;

	memset(ev, 0, sizeof(*ev));
	if (wev->kind != WORKER_EVENT_DONE) {
		ev->kind = CTL_EVENT_ANALYSIS_PROGRESS;
		ev->changes = CTL_CHANGED_STATUS;
		ev->progress.done = wev->index + 1;
		ev->progress.total = wev->total;
		ev->progress.search.score = wev->score.score;
		ev->progress.search.depth = wev->score.depth;
		ev->progress.search.endgame = wev->score.exact;
		snprintf(ev->message, sizeof(ev->message), "analysing: %d/%d", wev->index + 1,
			 wev->total);
		return;
	}
	scored = analysis_store(ctl, res->scores);
	ctl->have_analysis = true;
	ctl->dirty = true;
	ev->kind = CTL_EVENT_ANALYSIS_DONE;
	ev->changes = CTL_CHANGED_ALL;
	ev->progress.done = res->n_scores;
	ev->progress.total = res->n_scores;
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

/* One analysed move as a line of the analysis text ("27. Black c1  best d1 +2.00 played
   -8.45 loss 10.45 d10  verdict ??  mark !?": d = depth, exact@N = solved with N empties);
   its length. A bound reads "<=" (the played score) and ">=" (the loss). */
static size_t analysis_line(char *out, size_t outlen, const struct game_node *m)
{
	const struct game_analysis *a = &m->analysis;
	bool bound = a->played_bound != GAME_BOUND_EXACT;
	int len;

	len = snprintf(out, outlen, "%3d. %s %-3s best %s %+.2f played %s%+.2f loss %s%.2f %s%d",
		       m->ply, m->player == BLACK ? "Black" : "White",
		       square_text(m->pos.variant, m->move).s,
		       a->best_move != SQ_PASS ? square_text(m->pos.variant, a->best_move).s : "--",
		       a->best_score / 100.0, bound ? "<=" : "", a->played_score / 100.0,
		       bound ? ">=" : "", a->loss / 100.0, a->exact ? "exact@" : "d", a->depth);
	if (a->verdict != MARK_NONE)
		len += snprintf(out + len, outlen - (size_t)len, " verdict %s",
				game_mark_symbol(a->verdict));
	if (m->mark != MARK_NONE)
		len += snprintf(out + len, outlen - (size_t)len, " mark %s",
				game_mark_symbol(m->mark));
	len += snprintf(out + len, outlen - (size_t)len, "\n");
	return (size_t)len;
}

/*
 * The last analysis as text: each side's total and mean loss and its
 * doubtful moves, mistakes and blunders, then every move that lost 2 discs or
 * more with the best move. Malloc'd; NULL if there is no analysis or memory.
 */
char *controller_analysis_text(const struct controller *ctl)
{
	size_t cap = 512 + 160 * (size_t)(ctl->tip->ply + 1), len = 0;
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
		len += analysis_line(s + len, cap - len, m);
	}
	free(path);
	return s;
}
