/*
 * controller-overlay.c — the all-moves overlay: the score of every legal move
 * at the cursor, shown on its square, deepening while the user looks; and the
 * limits of hints and the overlay (`depth`).
 *
 * The overlay is a chain of hint searches of the cursor's position: depth 1,
 * then 2, ... each scoring every legal move with a full window (multipv over
 * all root moves), the transposition table keeping the work of the one
 * before; an exact solve ends the chain, and so does the overlay's limit
 * (a depth, or seconds of search at this position: the settings'
 * overlay_depth and overlay_time, set by `depth`). Each finished depth goes
 * to the store of results (scorestore.h), which keeps the deepest score of
 * each move, with the opening book's where the book knows the position, so
 * the board shows the best known score of each move while the next depth
 * runs. A new link starts when the worker is idle: after each finished
 * depth, and when the front end calls controller_step (or
 * controller_overlay_step) after the cursor moved. It runs where hints are
 * allowed: on a human's turn in play
 * (or any turn while a game is studied), and in replay; never during an
 * engine's move, an analysis or edit mode.
 */
#include "controller-int.h"

#include "square.h"
#include "timer.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* True when the overlay may search the cursor's position now: it is on, the worker idle, and
   the last depth at the cursor below the limit (a new position always starts). */
static bool overlay_due(const struct controller *ctl)
{
	const struct game_node *cur = ctl->cur;
	const struct ctl_hint *last = &ctl->hint.moves[0];
	sqset black, white;

	if (!ctl->hint.overlay || ctl->edit.on || worker_busy(ctl->worker) || game_is_over(cur) ||
	    !game_legal_moves(cur) || ctl->drill.on) /* a drill's position is not searched */
		return false;
	if (cur == ctl->tip && !ctl->study && ctl->player[cur->side]->moves_itself)
		return false; /* its player is to move here: its move comes first */
	if (ctl->hint.node != cur || ctl->hint.n == 0)
		return true;
	game_colors(cur, &black, &white);
	if (last->endgame ||
	    last->depth >= square_count(cur->pos.variant) - sqset_count(black | white))
		return false;
	if (ctl->hint.overlay_stalled ||
	    (ctl->opt.overlay_depth > 0 && last->depth >= ctl->opt.overlay_depth))
		return false;
	return !(ctl->opt.overlay_time > 0 &&
		 timer_now() - ctl->hint.overlay_start >= ctl->opt.overlay_time);
}

/* Starts the overlay's next depth at the cursor when it is due; the changes, or 0. A new
   position first gets what the opening book knows of it. */
int ctl_overlay_step(struct controller *ctl)
{
	struct worker_job job;
	char err[256];
	int depth = 1, rc;

	if (!overlay_due(ctl))
		return 0;
	if (ctl_net_check(ctl, true, "the overlay", err, sizeof err) < 0)
		return 0; /* a player in a server game gets no help */
	if (ctl->hint.node == ctl->cur && ctl->hint.n > 0) {
		depth = ctl->hint.moves[0].depth + 1;
	} else {
		ctl->hint.overlay_start = timer_now();
		ctl->hint.overlay_stalled = false;
		ctl_scores_from_book(ctl, ctl->cur);
	}
	ctl_search_job(ctl, depth, depth + 6, &job);
	if (ctl->opt.overlay_time > 0)
		job.limits.time = ctl->opt.overlay_time - (timer_now() - ctl->hint.overlay_start);
	ctl->job.node = ctl->cur;
	ctl->job.hints = 32;
	ctl->job.overlay = true;
	rc = ctl_job_start(ctl, JOB_HINT, &job, err, sizeof(err));
	return rc < 0 ? 0 : rc | CTL_CHANGED_EVAL; /* the book's scores are known at once */
}

/* The depth of the overlay's last finished search at the cursor (0 if none yet); *exact
   (optional) tells whether it was an exact solve (the depth is then the empties). */
int controller_overlay_depth(const struct controller *ctl, bool *exact)
{
	bool have = ctl->hint.node == ctl->cur && ctl->hint.n > 0 && !ctl->edit.on;

	if (exact)
		*exact = have && ctl->hint.moves[0].endgame;
	return have ? ctl->hint.moves[0].depth : 0;
}

/*
 * Reads a search limit: "N" plies (1 to 60) or "Ss" seconds ("10s", "2.5s";
 * up to a day). Sets the one given and zeroes the other; 0, or -1 with a
 * message that says what a limit is.
 */
int controller_parse_limit(const char *text, int *depth, double *seconds, char *err,
			   size_t errlen)
{
	size_t len = strlen(text);
	char *end;

	if (len > 1 && text[len - 1] == 's' && (isdigit((unsigned char)text[0]) || text[0] == '.')) {
		double v = strtod(text, &end);

		if (end == text + len - 1 && v > 0 && v <= 86400) {
			*seconds = v;
			*depth = 0;
			return 0;
		}
	} else if (len > 0 && len < 4 && isdigit((unsigned char)text[0])) {
		long v = strtol(text, &end, 10);

		if (*end == '\0' && v >= 1 && v <= 60) {
			*depth = (int)v;
			*seconds = 0;
			return 0;
		}
	}
	snprintf(err, errlen, "'%s' is not a limit: a depth in plies (1 to 60) or seconds (10s)",
		 text);
	return -1;
}

/* One limit as text: "depth 12", "10 s" or "no limit". */
static void limit_text(int depth, double seconds, char *out, size_t outlen)
{
	if (depth > 0)
		snprintf(out, outlen, "depth %d", depth);
	else if (seconds > 0)
		snprintf(out, outlen, "%g s", seconds);
	else
		snprintf(out, outlen, "until solved");
}

/* The limits of hints and of the overlay, as one line ("hints depth 8, overlay 20 s"). */
void controller_depth_text(const struct controller *ctl, char *out, size_t outlen)
{
	char h[32], o[32];

	limit_text(ctl->opt.hint_depth, ctl->opt.hint_time, h, sizeof h);
	limit_text(ctl->opt.overlay_depth, ctl->opt.overlay_time, o, sizeof o);
	snprintf(out, outlen, "hints %s, overlay %s", h, o);
}

/*
 * `depth [hint|overlay] LIMIT`: the limit of hints, of the overlay, or (which
 * NULL) of both; LIMIT is N plies, S seconds ("10s"), or +N: the overlay N
 * plies deeper than it reached here (for the key that deepens it). A raised
 * overlay limit resumes the overlay. The changes, or -1 with a message.
 */
int controller_set_depth(struct controller *ctl, const char *which, const char *limit, char *err,
			 size_t errlen)
{
	bool hint = !which || strcmp(which, "hint") == 0 || strcmp(which, "hints") == 0;
	bool overlay = !which || strcmp(which, "overlay") == 0;
	int depth;
	double seconds;

	if (!hint && !overlay) {
		snprintf(err, errlen, "'%s': say hint or overlay (or neither, for both)", which);
		return -1;
	}
	if (limit[0] == '+') {
		long more = strtol(limit + 1, NULL, 10);
		int reached = controller_overlay_depth(ctl, NULL);

		if (!isdigit((unsigned char)limit[1]) || more < 1 || more > 60 ||
		    controller_parse_limit(limit + 1, &depth, &seconds, err, errlen) < 0) {
			snprintf(err, errlen, "'%s': +N deepens by N plies (1 to 60)", limit);
			return -1;
		}
		depth = reached > ctl->opt.overlay_depth ? reached : ctl->opt.overlay_depth;
		depth = depth + (int)more > 60 ? 60 : depth + (int)more;
		seconds = 0;
		hint = false;
		overlay = true;
	} else if (controller_parse_limit(limit, &depth, &seconds, err, errlen) < 0) {
		return -1;
	}
	if (hint) {
		ctl->opt.hint_depth = depth;
		ctl->opt.hint_time = seconds;
	}
	if (overlay) {
		ctl->opt.overlay_depth = depth;
		ctl->opt.overlay_time = seconds;
		ctl->hint.overlay_start = timer_now();
		ctl->hint.overlay_stalled = false;
	}
	return CTL_CHANGED_STATUS | CTL_CHANGED_EVAL | (overlay ? ctl_overlay_step(ctl) : 0);
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
	if (on && ctl_net_check(ctl, true, "the overlay", err, errlen) < 0)
		return -1;
	if (on && ctl->edit.on) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (!on && ctl_job_is(ctl, JOB_HINT) && ctl->job.overlay)
		ctl_cancel(ctl);
	ctl->hint.overlay = on;
	return CTL_CHANGED_BOARD | CTL_CHANGED_EVAL | CTL_CHANGED_STATUS |
	       (on ? ctl_overlay_step(ctl) : 0);
}

/* True while a search of the overlay runs. */
bool controller_overlay_searching(const struct controller *ctl)
{
	return ctl_job_is(ctl, JOB_HINT) && ctl->job.overlay;
}

/* True while the overlay is on. */
bool controller_overlay(const struct controller *ctl)
{
	return ctl->hint.overlay;
}
