/*
 * controller-aside.c — a game of the database opened for study while the
 * game that was on the board waits aside: `back` swaps the two.
 *
 * The controller holds at most two games: the one on the board and the one
 * aside (struct ctl_aside: the record with its cursor, slot, saved state,
 * study flag and resignation), and remembers whether the one on the board
 * came from the database (`from_db`). Opening a database game while one is
 * studied replaces that one and leaves the game aside alone, so the player's
 * own game is never dropped by browsing the database.
 */
#include "config.h"

#include "controller-int.h"
#include "gametree.h"

#include <stdio.h>
#include <string.h>

/* What the game on the board is, to be put aside. */
static struct ctl_aside current(const struct controller *ctl)
{
	struct ctl_aside a = {.game = ctl->game,
			      .cur = ctl->cur,
			      .tip = ctl->tip,
			      .dirty = ctl->dirty,
			      .study = ctl->study,
			      .resigned = ctl->resigned};

	snprintf(a.slot, sizeof(a.slot), "%s", ctl->slot);
	snprintf(a.file, sizeof(a.file), "%s", ctl->file);
	return a;
}

/* Puts `a` on the board (the game there is not freed: the caller keeps it). */
static void install(struct controller *ctl, const struct ctl_aside *a)
{
	ctl_cancel(ctl);
	ctl->game = a->game;
	ctl->cur = a->cur;
	ctl->tip = a->tip;
	snprintf(ctl->slot, sizeof(ctl->slot), "%s", a->slot);
	snprintf(ctl->file, sizeof(ctl->file), "%s", a->file);
	ctl->dirty = a->dirty;
	ctl->study = a->study;
	ctl->resigned = a->resigned;
	ctl->opening_auto = false;
	ctl->names_auto[BLACK] = ctl->names_auto[WHITE] = false;
	ctl->edit.on = false;
	ctl->hint.n = 0;
	ctl->hint.node = NULL;
	ctl->have_analysis = false;
	memset(&ctl->drill, 0, sizeof(ctl->drill));
	ctl_turn_begin(ctl);
}

/* Opens record `g` (taken over) for study, the cursor after `moves` moves of
   its main line, passes not counted (and after the pass that follows them, if
   one does; its end if shorter). The game on the board goes aside,
   unless it came from the database itself: then it is dropped and the game
   aside stays. The changes, or -1 with a message (`g` is then freed). */
int controller_study_record(struct controller *ctl, struct game *g, int moves, char *err,
			    size_t errlen)
{
	struct game_node *at = g->root;

	if (ctl_net_check(ctl, false, "study", err, errlen) < 0)
		return -1;
	if (ctl->edit.on) {
		game_free(g);
		snprintf(err, errlen, "finish editing the position first (`done` or `cancel`)");
		return -1;
	}
	if (!ctl->from_db) {
		game_free(ctl->aside.game);
		ctl->aside = current(ctl);
		ctl->game = NULL; /* now aside: ctl_reset_game must not free it */
	}
	ctl_reset_game(ctl, g);
	ctl->study = true;
	ctl->dirty = false;
	ctl->from_db = true;
	for (int k = 0; at->child && (k < moves || at->child->move == SQ_PASS); at = at->child)
		k += at->child->move != SQ_PASS;
	ctl_set_cursor(ctl, at);
	snprintf(err, errlen, "opened for study; `back` returns to the game kept aside");
	return CTL_CHANGED_ALL;
}

/* Swaps the game on the board with the one aside; the changes, or -1 with a
   message when there is none. */
int controller_back(struct controller *ctl, char *err, size_t errlen)
{
	struct ctl_aside was;

	if (ctl_net_check(ctl, false, "back", err, errlen) < 0)
		return -1;
	if (!ctl->aside.game) {
		snprintf(err, errlen,
			 "no game kept aside (opening a game of the database keeps one)");
		return -1;
	}
	if (ctl->edit.on) {
		snprintf(err, errlen, "finish editing the position first (`done` or `cancel`)");
		return -1;
	}
	was = current(ctl);
	install(ctl, &ctl->aside);
	ctl->aside = was;
	ctl->from_db = !ctl->from_db;
	snprintf(err, errlen, "back to %s; `back` again returns to %s",
		 ctl->from_db ? "the database game" : "your game",
		 ctl->from_db ? "your game" : "the database game");
	return CTL_CHANGED_ALL;
}

/* True when a game is kept aside (`back` has somewhere to go). */
bool controller_has_aside(const struct controller *ctl)
{
	return ctl->aside.game != NULL;
}
