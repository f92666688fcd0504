/*
 * controller-overlay.c — the all-moves overlay: the score of every legal move
 * at the cursor, shown on its square, deepening while the user looks.
 *
 * The overlay is a chain of hint searches of the cursor's position: depth 1,
 * then 2, ... up to the hint depth of the settings, each scoring every legal
 * move with a full window (multipv over all root moves), the transposition
 * table keeping the work of the one before; an exact solve ends the chain.
 * Each finished depth replaces the hint scores, so the board shows the last
 * finished depth while the next runs. A new link starts when the worker is
 * idle: after each finished depth, and when the front end calls
 * controller_overlay_step after the cursor moved. It runs where hints are
 * allowed: on a human's turn in play (or any turn while a game is studied),
 * and in replay; never during an engine's move, an analysis or edit mode.
 */
#include "controller-int.h"

#include "square.h"

#include <stdio.h>

/* True when the overlay may search the cursor's position now. */
static bool overlay_due(const struct controller *ctl)
{
	const struct game_node *cur = ctl->cur;

	vbits black, white;

	if (!ctl->overlay || ctl->editing || worker_busy(ctl->worker) || game_is_over(cur) ||
	    !game_legal_moves(cur))
		return false;
	if (cur == ctl->tip && !ctl->study && ctl->kind[cur->side] == PLAYER_ENGINE)
		return false; /* the engine is to move here: its move comes first */
	if (ctl->hint_node != cur || ctl->n_hints == 0)
		return true;
	game_colors(cur, &black, &white);
	return !ctl->hints[0].endgame && ctl->hints[0].depth < ctl->opt.hint_depth &&
	       ctl->hints[0].depth < square_count(cur->variant) - vboard_popcount(black | white);
}

/* Starts the overlay's next depth at the cursor when it is due; the changes, or 0. */
int ctl_overlay_step(struct controller *ctl)
{
	struct worker_job job;
	char err[256];
	int depth = 1, rc;

	if (!overlay_due(ctl))
		return 0;
	if (ctl->hint_node == ctl->cur && ctl->n_hints > 0)
		depth = ctl->hints[0].depth + 1;
	ctl_search_job(ctl, depth, ctl->opt.hint_depth + 6, &job);
	ctl->job_node = ctl->cur;
	ctl->job_hints = 32;
	ctl->job_overlay = true;
	rc = ctl_job_start(ctl, JOB_HINT, &job, err, sizeof(err));
	return rc < 0 ? 0 : rc;
}

/* Starts the overlay's next search if it is due (call it after the cursor moved); the
   changes (CTL_CHANGED_ENGINE ...) or 0. */
int controller_overlay_step(struct controller *ctl)
{
	return ctl_overlay_step(ctl);
}

/* Turns the overlay on (and starts its search if it is due) or off (stopping its search);
   the changes, or -1 with a message in edit mode. */
int controller_overlay_set(struct controller *ctl, bool on, char *err, size_t errlen)
{
	if (on && ctl->editing) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (!on && ctl_job_is(ctl, JOB_HINT) && ctl->job_overlay)
		ctl_cancel(ctl);
	ctl->overlay = on;
	return CTL_CHANGED_BOARD | CTL_CHANGED_EVAL | CTL_CHANGED_STATUS |
	       (on ? ctl_overlay_step(ctl) : 0);
}

/* True while a search of the overlay runs. */
bool controller_overlay_searching(const struct controller *ctl)
{
	return ctl_job_is(ctl, JOB_HINT) && ctl->job_overlay;
}

/* True while the overlay is on. */
bool controller_overlay(const struct controller *ctl)
{
	return ctl->overlay;
}
