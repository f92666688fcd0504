/*
 * controller-drill.c — learning from mistakes: after `analyze`, the drill
 * puts the user at the position before each mistake of the analysed line
 * and asks for a move.
 *
 * A mistake is a move whose analysed loss is more than the tolerance
 * (`within`, 2 discs unless asked otherwise), by one side or both (by
 * default the human side when only one side is human). The analysis of the
 * mistaken move holds the score of every legal move of the position before
 * it, at one depth with a full window, so an answer is judged without a new
 * search: it is right when it loses at most `within` discs against the best;
 * otherwise the engine's line (the analysis's best line) is shown. Either
 * way the drill goes on to the next mistake and keeps the score: right
 * answers of those given. `drill skip` passes over a position, `drill stop`
 * ends the drill. While a drill runs, a move typed or clicked is an answer
 * and is not added to the game.
 */
#include "controller-int.h"

#include "square.h"

#include <stdio.h>
#include <string.h>

/* Puts the cursor at the position of the current item and says what is asked in `msg`. */
static void drill_ask(struct controller *ctl, char *msg, size_t msglen, size_t len)
{
	const struct game_node *m = ctl->drill.items[ctl->drill.at];

	ctl_cancel(ctl);
	ctl_set_cursor(ctl, m->parent);
	snprintf(msg + len, msglen - len, "Drill %d/%d: %s, better than %s", ctl->drill.at + 1,
		 ctl->drill.n, m->player == BLACK ? "Black" : "White",
		 square_text(m->pos.variant, m->move).s);
}

/* Ends the drill with its score in `msg` (after `len` characters already there). */
static void drill_end(struct controller *ctl, char *msg, size_t msglen, size_t len)
{
	ctl->drill.on = false;
	snprintf(msg + len, msglen - len, "Drill over: %d of %d right", ctl->drill.right,
		 ctl->drill.answered);
}

/* Moves on to the next item, or ends the drill after the last. */
static void drill_next(struct controller *ctl, char *msg, size_t msglen, size_t len)
{
	if (++ctl->drill.at >= ctl->drill.n)
		drill_end(ctl, msg, msglen, len);
	else
		drill_ask(ctl, msg, msglen, len);
}

/*
 * Starts a drill on the mistakes of `side` (BLACK, WHITE, -1 for both, -2 for
 * the human side if only one side is human and the game is played, else both:
 * a study plays both sides by hand) in the analysed
 * current line: those losing more than `within` centidiscs. Puts the cursor
 * at the first and says what is asked in `msg`. The changes, or -1 with the
 * reason in `msg` (no analysis, no mistake, edit mode).
 */
int controller_drill_start(struct controller *ctl, int side, int within, char *msg, size_t msglen)
{
	struct game_node *path[128];
	int n = 0;
	bool analysed = false;

	if (ctl_net_check(ctl, true, "drill", msg, msglen) < 0)
		return -1;
	if (ctl->edit.on) {
		snprintf(msg, msglen, "finish editing first (`done`)");
		return -1;
	}
	if (side == -2)
		side = ctl->study || (ctl->player[BLACK] == &ctl_human) ==
					 (ctl->player[WHITE] == &ctl_human)
			   ? -1
		       : ctl->player[BLACK] == &ctl_human ? BLACK
							  : WHITE;
	memset(&ctl->drill, 0, sizeof(ctl->drill));
	for (struct game_node *m = ctl->tip; m->parent && n < 128; m = m->parent)
		path[n++] = m; /* the line backwards */
	for (int i = n - 1; i >= 0 && ctl->drill.n < 64; i--) {
		struct game_node *m = path[i];

		analysed |= m->analysis.valid;
		if (m->analysis.valid && m->move != SQ_PASS && m->analysis.loss > within &&
		    m->analysis.n_moves > 1 && (side < 0 || (int)m->player == side))
			ctl->drill.items[ctl->drill.n++] = m;
	}
	if (!analysed) {
		snprintf(msg, msglen, "no analysis of this line: `analyze` it first");
		return -1;
	}
	if (ctl->drill.n == 0) {
		snprintf(msg, msglen, "no mistake of %s losing more than %.2f discs to drill",
			 side < 0	 ? "either side"
			 : side == BLACK ? "Black"
					 : "White",
			 within / 100.0);
		return -1;
	}
	ctl->drill.on = true;
	ctl->drill.side = side;
	ctl->drill.within = within;
	drill_ask(ctl, msg, msglen, 0);
	return CTL_CHANGED_ALL;
}

/* True, with the message, when no drill runs. */
static bool no_drill(const struct controller *ctl, char *msg, size_t msglen)
{
	if (!ctl->drill.on)
		snprintf(msg, msglen, "no drill runs (`drill` starts one)");
	return !ctl->drill.on;
}

/*
 * Judges `sq` as the answer to the current position of the drill: right when
 * it loses at most `within` against the best, else the engine's line is
 * given. Then the next position (or the end and the score). The message goes
 * to `msg`; the changes, or -1 when no drill runs or `sq` is not legal there.
 */
int controller_drill_answer(struct controller *ctl, int sq, char *msg, size_t msglen)
{
	const struct game_node *m;
	const struct game_analysis *a;
	const struct game_candidate *c = NULL;
	size_t len;

	if (no_drill(ctl, msg, msglen))
		return -1;
	m = ctl->drill.items[ctl->drill.at];
	a = &m->analysis;
	for (int i = 0; i < a->n_moves; i++)
		if (a->moves[i].move == sq)
			c = &a->moves[i];
	if (!c) {
		snprintf(msg, msglen, "%s is not a legal move here (drill %d/%d)",
			 sq != SQ_PASS ? square_text(m->pos.variant, sq).s : "pass", ctl->drill.at + 1,
			 ctl->drill.n);
		ctl_set_cursor(ctl, m->parent);
		return -1;
	}
	ctl->drill.answered++;
	if (a->moves[0].score - c->score <= ctl->drill.within) {
		ctl->drill.right++;
		len = (size_t)snprintf(msg, msglen, "Right: %s %+.2f (best %s %+.2f). ",
				       square_text(m->pos.variant, sq).s, c->score / 100.0,
				       square_text(m->pos.variant, a->moves[0].move).s,
				       a->moves[0].score / 100.0);
	} else {
		len = (size_t)snprintf(msg, msglen,
				       "No: %s %+.2f, best %+.2f:", square_text(m->pos.variant, sq).s,
				       c->score / 100.0, a->moves[0].score / 100.0);
		for (int i = 0; i < a->pv_len && i < 4 && len + 4 < msglen; i++)
			len += (size_t)snprintf(
			    msg + len, msglen - len, " %s",
			    a->pv[i] == SQ_PASS ? "pa" : square_text(m->pos.variant, a->pv[i]).s);
		len += (size_t)snprintf(msg + len, msglen - len, ". ");
	}
	if (len >= msglen)
		len = msglen - 1;
	drill_next(ctl, msg, msglen, len);
	return CTL_CHANGED_ALL;
}

/* Passes over the current position of the drill (not counted); the changes, or -1. */
int controller_drill_skip(struct controller *ctl, char *msg, size_t msglen)
{
	if (no_drill(ctl, msg, msglen))
		return -1;
	drill_next(ctl, msg, msglen, 0);
	return CTL_CHANGED_ALL;
}

/* Ends the drill with its score in `msg`; the changes, or -1 when none runs. */
int controller_drill_stop(struct controller *ctl, char *msg, size_t msglen)
{
	if (no_drill(ctl, msg, msglen))
		return -1;
	drill_end(ctl, msg, msglen, 0);
	return CTL_CHANGED_STATUS;
}

/* True while a drill runs; its progress in *out when out is not NULL. */
bool controller_drilling(const struct controller *ctl, struct ctl_drill_state *out)
{
	if (out)
		*out = (struct ctl_drill_state){ctl->drill.at, ctl->drill.n, ctl->drill.right,
						ctl->drill.answered, ctl->drill.within};
	return ctl->drill.on;
}
