/*
 * controller-state.c — the part of the controller every other part shares:
 * the cursor and the current line, playing one move there, replacing the
 * record, the read-only state a front end draws from, and the one engine
 * job that may run (what it is for; stopping it).
 *
 * The record (src/game/gametree.h) is a tree; the controller keeps two
 * pointers into it: `cur`, the position shown, and `tip`, the end of the
 * current line. `cur` always lies on the path from the root to `tip`, so
 * going back and forth moves only `cur` and never loses a move. Passes are
 * explicit moves in the record: when the side to move has no move but the
 * opponent has, the pass is played at once after the move that caused it.
 *
 * This file calls nothing of the other controller files, only the record
 * and the worker (see controller-int.h for the order of the parts).
 */
#include "controller-int.h"

#include "datadir.h"
#include "netconn.h"
#include "square.h"
#include "timer.h"

#include <stdio.h>
#include <string.h>

static const char *const color_word[2] = {"Black", "White"};

/* Moves the cursor to n; the line is kept when n lies on it, else it becomes n's line. */
void ctl_set_cursor(struct controller *ctl, struct game_node *n)
{
	struct game_node *t;

	for (t = ctl->tip; t && t != n; t = t->parent)
		;
	if (!t)
		ctl->tip = game_line_end(n);
	ctl->cur = n;
	ctl_turn_begin(ctl);
}

/* The side to move at the cursor gets the move now (its clock starts); what the opening book
   knows of the position there and of the one before it goes to the store of results, so
   that every view shows the book's scores without a search asking for them. */
void ctl_turn_begin(struct controller *ctl)
{
	ctl->turn_node = ctl->cur;
	ctl->turn_since = timer_now();
	ctl_scores_from_book(ctl, ctl->cur);
	if (ctl->cur->parent)
		ctl_scores_from_book(ctl, ctl->cur->parent);
}

/* Feeds the store of results with what the record of node n and the nodes below it keeps:
   the engines' reasoning and the analysis of each move (for the position before it). */
static void scores_from_record(struct controller *ctl, const struct game_node *n)
{
	ctl->judge_held = true; /* the analyses are judged once, after the whole record */
	for (; n; n = n->next) {
		const struct game_reasoning *r = n->reasoning;
		const struct game_analysis *a = &n->analysis;

		if (n->parent && r)
			ctl_scores_from_reasoning(ctl, n->parent, r);
		if (n->parent && a->valid)
			ctl_scores_from_candidates(ctl, n->parent, a->moves, a->n_moves, 100,
						   a->exact ? SCORED_EXACT : SCORED_SEARCH);
		scores_from_record(ctl, n->child);
	}
	ctl->judge_held = false;
}

/* Replaces the record by g (taken over), cursor at the end of its main line. */
void ctl_reset_game(struct controller *ctl, struct game *g)
{
	ctl_cancel(ctl);
	game_free(ctl->game);
	ctl->game = g;
	ctl->from_db = false;
	ctl->slot[0] = '\0';
	ctl->file[0] = '\0';
	ctl->opening_auto = false;
	ctl->names_auto[BLACK] = ctl->names_auto[WHITE] = false;
	ctl->tip = game_line_end(g->root);
	ctl->cur = ctl->tip;
	ctl_turn_begin(ctl);
	ctl->resigned = -1;
	ctl->ended = false;
	if (ctl->net && ctl->net->game) { /* a server's game leaves the board */
		for (int c = BLACK; c <= WHITE; c++)
			ctl->player[c] = ctl->net->own[c];
		ctl->net->game = 0;
	}
	ctl->engine_moved_at = 0;
	ctl->edit.on = false;
	ctl->hint.n = 0;
	ctl->hint.node = NULL;
	ctl->have_analysis = false;
	memset(&ctl->drill, 0, sizeof(ctl->drill)); /* its positions were in the old record */
	scores_from_record(ctl, g->root->child);
	ctl_judge_all(ctl);
	if (strchr(game_info(g, INFO_RESULT), 'R') && game_line_end(g->root) == ctl->cur &&
	    !game_is_over(ctl->cur))
		ctl->resigned = game_info(g, INFO_RESULT)[0] == 'B' ? WHITE : BLACK;
	if (!game_info(g, INFO_RESULT)[0])
		ctl_result_update(ctl); /* a finished game read without its result */
}

/* Records the result in the game information once the game at the tip is over. */
void ctl_result_update(struct controller *ctl)
{
	char res[32];

	if (ctl->resigned >= 0)
		return;
	if (ctl->cur == ctl->tip && game_result_string(ctl->tip, res, sizeof(res)) == 0)
		game_set_info(ctl->game, INFO_RESULT, res);
}

/*
 * Plays sq (a square or SQ_PASS) at the cursor, following the line when it is
 * the next move there, and then a forced pass if one follows. In play (not a
 * study) the line played is the game: a move that leaves the main line (one
 * played after undo) makes its line the main line, the old one kept as a
 * variation, and a result recorded for the old line goes unless this one is
 * over too. Returns 0 or -1 with a message; the game is unchanged on error.
 */
int ctl_add_move(struct controller *ctl, int sq, char *err, size_t errlen)
{
	struct game_node *n;

	if (ctl->resigned >= 0 && ctl->cur == ctl->tip) {
		snprintf(err, errlen, "the game is over: %s resigned", color_word[ctl->resigned]);
		return -1;
	}
	if (game_is_over(ctl->cur)) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	n = game_add_move(ctl->game, ctl->cur, sq, err, errlen);
	if (!n)
		return -1;
	if (ctl->resigned >= 0) {
		ctl->resigned = -1;
		game_set_info(ctl->game, INFO_RESULT, "");
	}
	ctl_set_cursor(ctl, n);
	if (!game_is_over(n) && !game_legal_moves(n)) {
		struct game_node *p = game_add_move(ctl->game, n, SQ_PASS, err, errlen);
		if (p)
			ctl_set_cursor(ctl, p);
	}
	if (!ctl->study) {
		if (!game_on_main_line(ctl->cur))
			game_promote(ctl->cur);
		if (!game_is_over(ctl->cur))
			game_set_info(ctl->game, INFO_RESULT, "");
	}
	ctl->dirty = true;
	ctl_result_update(ctl);
	return 0;
}

/* The 8×8 position at the cursor, seen from the side to move there; NULL when the game is on
   another board (read controller_node's position, or controller_colors). */
const struct board *controller_board(const struct controller *ctl)
{
	if (!game_board(ctl->cur, NULL))
		return NULL;
	if (ctl->edit.on)
		return &ctl->edit.view;
	return game_board(ctl->cur, NULL);
}

/* The side to move at the cursor (in edit mode: the side chosen for the set-up). */
enum color controller_side(const struct controller *ctl)
{
	return ctl->edit.on ? ctl->edit.side : ctl->cur->side;
}

/* The legal moves at the cursor as a mask of square.h's squares (none in edit mode, nor
   after a resignation). */
sqset controller_legal_moves(const struct controller *ctl)
{
	if (ctl->edit.on || (ctl->resigned >= 0 && ctl->cur == ctl->tip))
		return 0;
	return game_legal_moves(ctl->cur);
}

/* The board the game at the cursor is played on. */
enum variant controller_variant(const struct controller *ctl)
{
	return ctl->game->variant;
}

/* The black and white discs shown (the edited position in edit mode), as masks of square.h's
   squares, on any board. */
void controller_colors(const struct controller *ctl, sqset *black, sqset *white)
{
	if (ctl->edit.on) {
		*black = ctl->edit.black;
		*white = ctl->edit.white;
		return;
	}
	game_colors(ctl->cur, black, white);
}

/* The seconds colour c has spent on its moves from the start to the cursor (the recorded
   times of the moves of the line; a move of unknown time counts nothing). */
static double clock_used(const struct game_node *n, enum color c)
{
	double used = 0;

	for (; n && n->parent; n = n->parent)
		if (n->player == c && n->time > 0)
			used += n->time;
	return used;
}

/* The seconds the side to move has spent on its move so far, counted as its move will record
   them: a person's (a remote player's) since the move came, an engine's while it searches (nothing
   while it waits: paused, held by the delay); 0 out of play (away from the end of the line,
   editing, analysing) and when the game is over. */
double controller_turn_seconds(const struct controller *ctl)
{
	struct ctl_turn t;

	if (controller_mode(ctl) != MODE_PLAY || controller_game_over(ctl, NULL))
		return 0;
	if (ctl_job_is(ctl, JOB_MOVE) && ctl->job.node == ctl->cur)
		return timer_now() - ctl->job.started;
	ctl_turn(ctl, &t);
	if (t.state == TURN_HELD || (t.state != TURN_NONE && t.player->kind == PLAYER_ENGINE))
		return 0; /* held, or our engine between its searches */
	return timer_now() - ctl->turn_since;
}

/* With a game clock (--game-time): true, and *left the seconds colour c has left at the
   cursor (negative past its time); false without one. */
bool controller_clock(const struct controller *ctl, enum color c, double *left)
{
	const struct ctl_net *n = ctl->net;
	const struct netgame *g = n && n->game ? netconn_game(n->conn, n->game) : NULL;

	if (g) { /* the server's clocks; the user's frozen while their move is on its way */
		double now = timer_now();

		if (n->sent_at > 0 && (int)c == g->you && g->n_moves == n->sent_plies)
			now = n->sent_at;
		*left = netgame_clock(g, c, now) / 1000.0;
		return true;
	}
	if (ctl->opt.game_time <= 0)
		return false;
	*left = ctl->opt.game_time - clock_used(ctl->cur, c);
	return true;
}

/* The move that led to the cursor (SQ_PASS, or SQ_NONE at the start) and its flips. */
int controller_last_move(const struct controller *ctl, sqset *flipped)
{
	bool has = ctl->cur->parent && !ctl->edit.on;

	if (flipped)
		*flipped = has ? ctl->cur->flips : 0;
	return has ? ctl->cur->move : SQ_NONE;
}

/* What the controller is doing (see the file comment). */
/* True while a loaded game is studied: the engine moves only when asked (`go`). */
bool controller_study(const struct controller *ctl)
{
	return ctl->study;
}

enum ctl_mode controller_mode(const struct controller *ctl)
{
	if (ctl->edit.on)
		return MODE_EDIT;
	if (ctl_job_is(ctl, JOB_ANALYZE))
		return MODE_ANALYSIS;
	return ctl->cur == ctl->tip ? MODE_PLAY : MODE_REPLAY;
}

/* The record, read-only (change it through the controller). */
const struct game *controller_game(const struct controller *ctl)
{
	return ctl->game;
}

/* The record's node at the cursor (read-only; valid until the game changes). */
const struct game_node *controller_node(const struct controller *ctl)
{
	return ctl->cur;
}

/* The last node of the current line (the cursor lies on its path from the root). */
const struct game_node *controller_line_end(const struct controller *ctl)
{
	return ctl->tip;
}

/* Plies from the start to the cursor. */
int controller_cursor(const struct controller *ctl)
{
	return ctl->cur->ply;
}

/* Plies from the start to the end of the current line. */
int controller_line_length(const struct controller *ctl)
{
	return ctl->tip->ply;
}

/* Who plays colour c; *name (if not NULL) is "human" or the level name. */
enum player_kind controller_player(const struct controller *ctl, enum color c, const char **name)
{
	if (name)
		*name = ctl->player[c]->name(ctl, c);
	return ctl->player[c]->kind;
}

/* True when the game at the cursor is over (nobody can move, or a resignation
   at the end of the line); *black_minus_white gets the final disc difference. */
bool controller_game_over(const struct controller *ctl, int *black_minus_white)
{
	bool over =
	    game_is_over(ctl->cur) || ((ctl->resigned >= 0 || ctl->ended) && ctl->cur == ctl->tip);

	if (black_minus_white) {
		int s = game_final_score(ctl->cur);
		*black_minus_white = ctl->cur->side == BLACK ? s : -s;
	}
	return over && !ctl->edit.on;
}

/* The result as SGF writes it ("B+12", "W+R", "0"), or "" while the game goes on. */
const char *controller_result(const struct controller *ctl)
{
	if (!controller_game_over(ctl, NULL))
		return "";
	return game_info(ctl->game, INFO_RESULT);
}

/* The end of the game at the cursor in words: "White wins 35-29" (the
   empty squares counted for the winner, as the score of RE counts them),
   "Draw 32-32", or "White wins: Black resigned"; `dash` stands between the
   two counts. "" when the game there is not over. */
void controller_result_text(const struct controller *ctl, const char *dash, char *out, size_t len)
{
	sqset black, white;
	int b, w, empty;

	out[0] = '\0';
	if (!controller_game_over(ctl, NULL))
		return;
	if (ctl->resigned >= 0 && ctl->cur == ctl->tip) {
		snprintf(out, len, "%s wins: %s resigned",
			 ctl->resigned == BLACK ? "White" : "Black", color_word[ctl->resigned]);
		return;
	}
	if (ctl->ended && ctl->cur == ctl->tip && !game_is_over(ctl->cur)) {
		const char *re = game_info(ctl->game, INFO_RESULT);
		const char *how = strchr(re, 'T')   ? "on time"
				  : strchr(re, 'F') ? "by abandonment"
						    : "";

		if (re[0] == 'B' || re[0] == 'W')
			snprintf(out, len, "%s wins %s", re[0] == 'B' ? "Black" : "White", how);
		else
			snprintf(out, len, "No result: the game was aborted");
		return;
	}
	game_colors(ctl->cur, &black, &white);
	b = sqset_count(black);
	w = sqset_count(white);
	empty = square_count(ctl->game->variant) - b - w;
	if (b > w)
		snprintf(out, len, "Black wins %d%s%d", b + empty, dash, w);
	else if (w > b)
		snprintf(out, len, "White wins %d%s%d", w + empty, dash, b);
	else
		snprintf(out, len, "Draw %d%s%d", b + empty / 2, dash, w + empty / 2);
}

/* True when the game changed since it was last saved, loaded or exported. */
bool controller_unsaved(const struct controller *ctl)
{
	return ctl->dirty;
}

/* The save directory given in the options, or "" for the default. */
const char *controller_save_dir(const struct controller *ctl)
{
	return ctl->save_dir;
}

/* The name of the evaluation in use: "pattern", "classic" or the weights file. */
const char *controller_eval_name(const struct controller *ctl)
{
	return ctl->eval_name;
}

/* Why the evaluation is not the one the options asked for (the pattern weights
   are missing or corrupt), or "" when it is. */
const char *controller_eval_note(const struct controller *ctl)
{
	return ctl->eval_note;
}

/* Why the shipped opening book is left out (it is there but cannot be read:
   the engines play without it), or "" when it is in use or absent. */
const char *controller_book_note(const struct controller *ctl)
{
	return ctl->book_note;
}

/* The evaluation of the games of board v and, in *name (if not NULL), where it came from: on
   8×8 the controller's; on the other boards the one evalspec_open_board gives, loaded on first
   use (its built-in weights when the shipped ones are corrupt); NULL when memory ran out. */
const struct eval *ctl_board_eval(struct controller *ctl, enum variant v, const char **name)
{
	char note[256], err[512];

	if (v == VARIANT_8X8 || ctl->board_eval[v]) {
		if (name)
			*name = v == VARIANT_8X8 ? ctl->eval_name : ctl->board_eval_name[v];
		return v == VARIANT_8X8 ? ctl->eval : ctl->board_eval[v];
	}
	ctl->board_eval[v] =
	    evalspec_open_board(v, NULL, ctl->board_eval_name[v], sizeof ctl->board_eval_name[v],
				note, sizeof note, err, sizeof err);
	if (!ctl->board_eval[v]) {
		snprintf(ctl->board_eval_name[v], sizeof ctl->board_eval_name[v],
			 "built-in weights");
		ctl->board_eval[v] = eval_builtin(v);
	}
	if (name)
		*name = ctl->board_eval_name[v];
	return ctl->board_eval[v];
}

/* Fills `job` with a search of the cursor's position that scores every legal move with a
   full window at `depth` plies, exactly from `endgame` empties: on 8×8 one multi-PV search,
   on the other boards each move searched one ply down (worker.c). */
void ctl_search_job(struct controller *ctl, int depth, int endgame, struct worker_job *job)
{
	memset(job, 0, sizeof(*job));
	job->kind = WORKER_SEARCH;
	job->limits.depth = depth;
	job->limits.endgame = endgame;
	job->limits.multipv = 64; /* every legal move with a full window: scores, not bounds */
	job->pos = ctl->cur->pos;
	job->eval = ctl_board_eval(ctl, job->pos.variant, NULL);
}

/* True while the worker runs a job for `kind` (its DONE event not yet taken). */
bool ctl_job_is(const struct controller *ctl, enum ctl_job_kind kind)
{
	return worker_busy(ctl->worker) && ctl->job.kind == kind;
}

/* True while the worker is searching. */
bool controller_engine_busy(const struct controller *ctl)
{
	return worker_busy(ctl->worker);
}

/*
 * Starts `job` in the worker for `kind` (ctl->job.node set by the caller); no
 * job may run. Returns CTL_CHANGED_ENGINE | CTL_CHANGED_STATUS, or -1 with a
 * message.
 */
int ctl_job_start(struct controller *ctl, enum ctl_job_kind kind, const struct worker_job *job,
		  char *err, size_t errlen)
{
	if (worker_start(ctl->worker, job, err, errlen) < 0) {
		ctl->job.kind = JOB_NONE;
		return -1;
	}
	ctl->job.kind = kind;
	ctl->job.started = timer_now();
	return CTL_CHANGED_ENGINE | CTL_CHANGED_STATUS;
}

/* Stops the running job, if any, without applying its result, and drops its events; the
   player to move is asked again when it is its turn (ctl_turn). */
void ctl_cancel(struct controller *ctl)
{
	worker_cancel(ctl->worker);
	ctl->job.kind = JOB_NONE;
	ctl->asked = NULL;
}

/* Seconds the delay after an engine's move (--delay) still holds the next move back; 0 for
   none. */
static double delay_left(const struct controller *ctl)
{
	double left;

	if (ctl->opt.move_delay <= 0 || ctl->engine_moved_at <= 0)
		return 0;
	left = ctl->engine_moved_at + ctl->opt.move_delay - timer_now();
	return left > 0 ? left : 0;
}

/*
 * Whose turn it is at the cursor and what the game waits for: the one place
 * that decides it. A turn runs only at the end of the line of a game that
 * goes on, neither edited nor studied. A player that moves by itself is
 * asked once per position (ctl->asked), not while the game is paused or the
 * worker does other work, and not before the delay after an engine's move
 * has passed.
 */
void ctl_turn(const struct controller *ctl, struct ctl_turn *t)
{
	const struct game_node *cur = ctl->cur;

	t->side = cur->side;
	t->player = ctl->player[cur->side];
	t->wait = 0;
	if (ctl->study || ctl->edit.on || cur != ctl->tip || ctl->resigned >= 0 || ctl->ended ||
	    game_is_over(cur))
		t->state = TURN_NONE;
	else if (!t->player->moves_itself)
		t->state = TURN_PERSON;
	else if (ctl->asked == cur)
		t->state = TURN_ASKED;
	else if (ctl->paused || worker_busy(ctl->worker) || (t->wait = delay_left(ctl)) > 0)
		t->state = TURN_HELD;
	else
		t->state = TURN_DUE;
}

/* The key of node n's position in the store of results. */
void ctl_score_key(const struct game_node *n, struct score_key *k)
{
	memset(k, 0, sizeof(*k));
	k->variant = n->pos.variant;
	k->side = n->side;
	game_colors(n, &k->black, &k->white);
}

/*
 * After new results for node n's position: when every legal move there has a
 * score, the position's value (its best exact score) is also the score of the
 * move that led to it in the parent's position, stored there unless the
 * parent knows one as deep. Its depth is the shallowest of the scores it
 * is the best of (so mixed depths never pass for a deeper search, and a
 * score keeps the depth of the search that gave it wherever it shows);
 * exact when they all are (then the parent's empties, as exact scores count).
 */
static void scores_settle(struct controller *ctl, const struct game_node *n)
{
	struct scored_move all[SCORESTORE_MOVES], best, up;
	struct score_key k;
	sqset moves = game_legal_moves(n);
	int count, shallowest = 1000;
	bool exact = true;

	ctl_score_key(n, &k);
	if (!n->parent || n->move == SQ_PASS || !moves ||
	    (count = scorestore_get(ctl->scores, &k, all, SCORESTORE_MOVES)) < sqset_count(moves) ||
	    !scorestore_value(ctl->scores, &k, &best))
		return;
	for (int i = 0; i < count; i++) {
		exact = exact && all[i].by == SCORED_EXACT;
		if (all[i].by != SCORED_EXACT && all[i].depth < shallowest)
			shallowest = all[i].depth;
	}
	up = best;
	up.move = n->move;
	up.score = -best.score;
	if (exact) {
		up.depth = best.depth + 1;
	} else {
		up.depth = shallowest;
		if (up.by == SCORED_EXACT)
			up.by = SCORED_SEARCH;
	}
	/* a score the parent's own search gave at the same depth stays: which of the two is
	   kept must not depend on the order the scores came in (a game played, then read) */
	ctl_score_key(n->parent, &k);
	count = scorestore_get(ctl->scores, &k, all, SCORESTORE_MOVES);
	for (int i = 0; i < count; i++)
		if (all[i].move == up.move && scorestore_deeper(&all[i], &up))
			return;
	scorestore_put(ctl->scores, &k, &up);
}

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

/*
 * Rewrites the analysis of move n (which has one) from the store of results,
 * so that it says what every view shows: the best move of the position
 * before it (its best exact score), every move's score, the played move's
 * score (a bound after a fast analysis; left as it was when the store has
 * none), the loss and the verdict. The best line stays while it starts with
 * the best move, else it is that move alone.
 */
void ctl_judge(struct controller *ctl, struct game_node *n)
{
	struct scored_move all[SCORESTORE_MOVES];
	struct game_analysis a = n->analysis;
	struct score_key k;
	int count, best = -1;

	ctl_score_key(n->parent, &k);
	count = scorestore_get(ctl->scores, &k, all, SCORESTORE_MOVES);
	for (int i = 0; i < count && best < 0; i++)
		if (all[i].bound == BOUND_EXACT)
			best = i;
	if (best < 0)
		return;
	a.best_move = all[best].move;
	a.best_score = all[best].score;
	a.depth = all[best].depth;
	a.exact = all[best].by == SCORED_EXACT;
	a.n_moves = 0;
	for (int i = 0; i < count && a.n_moves < GAME_MAX_CANDIDATES; i++) {
		a.moves[a.n_moves++] =
		    (struct game_candidate){all[i].move, all[i].score, all[i].bound, all[i].depth};
		if (all[i].move == n->move) {
			a.played_score = all[i].score;
			a.played_bound = all[i].bound;
		}
	}
	if (a.played_score > a.best_score)
		a.played_score = a.best_score; /* a lower bound above the best: not a loss */
	a.loss = a.best_score - a.played_score;
	a.verdict = loss_mark(&ctl->opt, a.loss);
	if (a.pv_len < 1 || a.pv[0] != a.best_move) {
		a.pv[0] = a.best_move;
		a.pv_len = 1;
	}
	if (memcmp(&a, &n->analysis, sizeof a) != 0)
		ctl->rejudged = true;
	game_set_analysis(n, &a);
}

/* ctl_judge for every analysed move under n and its later siblings. */
static void judge_tree(struct controller *ctl, struct game_node *n)
{
	for (; n; n = n->next) {
		if (n->analysis.valid && n->move != SQ_PASS)
			ctl_judge(ctl, n);
		judge_tree(ctl, n->child);
	}
}

/* Each side's totals of the analysed moves of the current line (after an analysis). */
void ctl_analysis_totals(struct controller *ctl)
{
	memset(ctl->sides, 0, sizeof(ctl->sides));
	for (const struct game_node *n = ctl->tip; n->parent; n = n->parent) {
		struct ctl_analysis_side *side = &ctl->sides[n->player];
		const struct game_analysis *a = &n->analysis;

		if (!a->valid || n->move == SQ_PASS)
			continue;
		side->moves++;
		side->total_loss += a->loss;
		side->doubtful += a->verdict == MARK_DUBIOUS;
		side->mistakes += a->verdict == MARK_BAD;
		side->blunders += a->verdict == MARK_VERY_BAD;
	}
}

/* After new results in the store: every analysed move of the record judged again from the
   deepest scores now known (ctl_judge), and the totals with them. */
void ctl_judge_all(struct controller *ctl)
{
	if (ctl->judge_held || !ctl->game)
		return;
	judge_tree(ctl, ctl->game->root->child);
	if (ctl->have_analysis)
		ctl_analysis_totals(ctl);
}

/* Stores the root moves of a search of node n's position (an exact solve's as exact). */
void ctl_scores_from_search(struct controller *ctl, const struct game_node *n,
			    const struct search_result *r)
{
	struct score_key k;

	ctl_score_key(n, &k);
	for (int i = 0; i < r->n_moves; i++) {
		const struct search_move *m = &r->moves[i];
		struct scored_move sm = {m->move,
					 m->score,
					 (int)m->bound,
					 r->endgame ? r->depth : m->depth,
					 r->endgame ? 100 : r->selectivity,
					 r->endgame ? SCORED_EXACT : SCORED_SEARCH};

		if (m->move != SQ_PASS && m->move != SQ_NONE)
			scorestore_put(ctl->scores, &k, &sm);
	}
	scores_settle(ctl, n);
	ctl_judge_all(ctl);
}

/* Stores the candidates of node n's position as a record keeps them (an engine's reasoning,
   an analysis): from `by`, at `selectivity` percent. */
void ctl_scores_from_candidates(struct controller *ctl, const struct game_node *n,
				const struct game_candidate *c, int count, int selectivity,
				enum scored_by by)
{
	struct score_key k;

	ctl_score_key(n, &k);
	for (int i = 0; i < count; i++) {
		struct scored_move sm = {c[i].move,
					 c[i].score,
					 c[i].bound,
					 c[i].depth,
					 by != SCORED_SEARCH || selectivity <= 0 ? 100 : selectivity,
					 by};

		if (c[i].move != SQ_PASS && c[i].move != SQ_NONE && c[i].depth > 0)
			scorestore_put(ctl->scores, &k, &sm);
	}
	scores_settle(ctl, n);
	ctl_judge_all(ctl);
}

/* Stores the candidates of an engine's move from node n's position (its reasoning r). */
void ctl_scores_from_reasoning(struct controller *ctl, const struct game_node *n,
			       const struct game_reasoning *r)
{
	if (r->source == SOURCE_RANDOM || r->source == SOURCE_NONE)
		return;
	ctl_scores_from_candidates(ctl, n, r->moves, r->n_moves, r->selectivity,
				   r->source == SOURCE_BOOK ? SCORED_BOOK
				   : r->endgame		    ? SCORED_EXACT
							    : SCORED_SEARCH);
}

/* Stores what the opening book knows of node n's position (8×8 only; none without a book). */
void ctl_scores_from_book(struct controller *ctl, const struct game_node *n)
{
	struct book_move bm[BOOK_MAX_MOVES];
	struct score_key k;
	int count;

	if (!ctl->book || !game_board(n, NULL) ||
	    (count = book_lookup(ctl->book, game_board(n, NULL), bm)) <= 0)
		return;
	ctl_score_key(n, &k);
	for (int i = 0; i < count; i++) {
		struct scored_move sm = {bm[i].move,	      bm[i].score, BOUND_EXACT,
					 bm[i].depth ? bm[i].depth : 1, 100,	     SCORED_BOOK};

		scorestore_put(ctl->scores, &k, &sm);
	}
	scores_settle(ctl, n);
	ctl_judge_all(ctl);
}

/* A stored score as the front end sees it. */
static struct ctl_hint hint_of(const struct scored_move *m)
{
	return (struct ctl_hint){.move = m->move,
				 .score = m->score,
				 .bound = m->bound,
				 .depth = m->depth,
				 .endgame = m->by == SCORED_EXACT,
				 .selectivity = m->selectivity,
				 .book = m->by == SCORED_BOOK};
}

/* Copies the best known scores of the moves of node n's position, best first, into out
   (at most max); how many, 0 when nothing is known. */
int controller_node_scores(const struct controller *ctl, const struct game_node *n,
			   struct ctl_hint *out, int max)
{
	struct scored_move all[SCORESTORE_MOVES];
	struct score_key k;
	int count;

	if (ctl_drill_hides(ctl, n))
		return 0;
	ctl_score_key(n, &k);
	count = scorestore_get(ctl->scores, &k, all, max < SCORESTORE_MOVES ? max : SCORESTORE_MOVES);
	for (int i = 0; i < count; i++)
		out[i] = hint_of(&all[i]);
	return count;
}

/* True while a drill asks the cursor's position and n is that position or one after it on
   the line: its scores stay hidden until the answer is given. */
bool ctl_drill_hides(const struct controller *ctl, const struct game_node *n)
{
	if (!ctl->drill.on)
		return false;
	for (; n; n = n->parent)
		if (n == ctl->cur)
			return true;
	return false;
}

/*
 * The one score of node n's position for its side to move, what the caption,
 * the graph and the panel show there: a finished game's result (exact); else
 * the score of the move that led to it in the position before (turned to
 * this side), unless the position's own best exact score is from a deeper
 * search. Its depth is the depth of the search that gave it, as the hints
 * show it. False when nothing is known (or a drill hides it).
 */
bool controller_node_value(const struct controller *ctl, const struct game_node *n,
			   struct ctl_hint *out)
{
	struct scored_move own, up, all[SCORESTORE_MOVES];
	struct score_key k;
	bool have_own, have_up = false;
	int count;

	if (ctl_drill_hides(ctl, n))
		return false;
	if (game_is_over(n)) {
		sqset black, white;

		game_colors(n, &black, &white);
		*out = (struct ctl_hint){.move = SQ_NONE,
					 .score = 100 * game_final_score(n),
					 .bound = BOUND_EXACT,
					 .depth = square_count(n->pos.variant) -
						  sqset_count(black | white),
					 .endgame = true,
					 .selectivity = 100};
		return true;
	}
	ctl_score_key(n, &k);
	have_own = scorestore_value(ctl->scores, &k, &own);
	if (n->parent && n->move != SQ_PASS) {
		ctl_score_key(n->parent, &k);
		count = scorestore_get(ctl->scores, &k, all, SCORESTORE_MOVES);
		for (int i = 0; i < count && !have_up; i++) {
			if (all[i].move != n->move || all[i].bound != BOUND_EXACT)
				continue;
			up = all[i];
			up.score = n->parent->side != n->side ? -up.score : up.score;
			have_up = true;
		}
	}
	if (!have_own && !have_up)
		return false;
	*out = hint_of(have_up && (!have_own || scorestore_deeper(&up, &own)) ? &up : &own);
	out->move = SQ_NONE;
	return true;
}

/* The best known score of the move that led to node n, in the position before it (the
   mover's view), with its source; false when none is known or a drill hides it. */
bool controller_move_score(const struct controller *ctl, const struct game_node *n,
			   struct ctl_hint *out)
{
	struct ctl_hint h[SCORESTORE_MOVES];
	int count = n->parent ? controller_node_scores(ctl, n->parent, h, SCORESTORE_MOVES) : 0;

	if (ctl_drill_hides(ctl, n))
		return false;
	for (int i = 0; i < count; i++) {
		if (h[i].move == n->move) {
			*out = h[i];
			return true;
		}
	}
	return false;
}

/* Where a score comes from, as the screen labels it: "book", "exact", "d14", "d18@87%". */
void controller_score_label(const struct ctl_hint *h, char *out, size_t outlen)
{
	struct scored_move m = {h->move, h->score, h->bound, h->depth, h->selectivity,
				h->book	     ? SCORED_BOOK
				: h->endgame ? SCORED_EXACT
					     : SCORED_SEARCH};

	scorestore_label(&m, out, outlen);
}
