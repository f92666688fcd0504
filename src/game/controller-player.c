/*
 * controller-player.c — the players of the controller: the kinds of player
 * that can hold a colour, asking the one to move, and the events of every
 * player, taken by the front end.
 *
 * A kind of player (struct ctl_player, controller-int.h) is a small table of
 * operations: ask (its turn began: start its move; ctl_cancel withdraws it),
 * fd (readable when its answer waits), offer (a move typed at this screen for
 * its colour) and name. The person at this screen (ctl_human) is never asked:
 * the screen shows that it is their turn, and the move they type is played.
 * The engine (ctl_engine) is asked by starting a worker job at its level; its
 * answer comes through the worker's fd as an event. ctl->player[c] holds the
 * kind of colour c; the rest of the controller asks the kind, never which
 * kind it is, except where only an engine has the thing asked for (a level).
 *
 * Whose turn it is and whether its player must be asked now is decided by
 * ctl_turn (controller-state.c) alone; ctl_autostep asks, once per position.
 * When asking fails the game stands as it is and the message waits in
 * ctl->turn_error until a front end takes it: controller_step returns it, or
 * controller_poll_event gives it as an error event.
 */
#include "controller-int.h"

#include "netconn.h"
#include "timer.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

/* Gives a person's move just played (the cursor's node, or the one before a
   forced pass) its player, and the seconds it took when `timed`, as the
   engine's moves have theirs: the clock of a human adds up over the game and
   the saved game keeps the time of each move. */
static void human_move_mark(struct controller *ctl, int sq, bool timed, double took)
{
	struct game_node *n = ctl->cur;

	if (n->move != sq && n->parent)
		n = n->parent; /* a forced pass followed it: that gets no time */
	if (timed)
		game_set_time(n, took);
	game_set_by(n, "human");
}

/* A move typed at this screen, played here for the side to move at the cursor (any player's
   colour: the engine thinking meanwhile is stopped); the player to move next is asked. The
   move's time counts from when its side got the move there: at the end of the line, or in
   play after an undo (a study's tries in the past are not timed). The changes, or -1 with a
   message for an illegal move or a finished game. */
static int play_here(struct controller *ctl, enum color c, int sq, char *err, size_t errlen)
{
	bool timed = ctl->turn_node == ctl->cur && (ctl->cur == ctl->tip || !ctl->study);
	double took = timer_now() - ctl->turn_since;
	bool fresh = !game_find_child(ctl->cur, sq);

	(void)c;
	ctl_cancel(ctl); /* the engine's search, a hint: they were for the position before */
	if (ctl_add_move(ctl, sq, err, errlen) < 0)
		return -1;
	if (fresh) /* a move that was on the line already keeps what it had */
		human_move_mark(ctl, sq, timed, took);
	ctl->engine_moved_at = 0; /* a person's move is answered at once */
	return CTL_CHANGED_ALL | ctl_autostep(ctl);
}

/* The person at this screen is never asked: the screen shows the turn. */
static int human_ask(struct controller *ctl, enum color c, char *err, size_t errlen)
{
	(void)ctl;
	(void)c;
	(void)err;
	(void)errlen;
	return 0;
}

static int human_fd(const struct controller *ctl, enum color c)
{
	(void)ctl;
	(void)c;
	return -1;
}

static const char *human_name(const struct controller *ctl, enum color c)
{
	(void)ctl;
	(void)c;
	return "human";
}

const struct ctl_player ctl_human = {
    .kind = PLAYER_HUMAN,
    .moves_itself = false,
    .ask = human_ask,
    .fd = human_fd,
    .offer = play_here,
    .name = human_name,
};

static int engine_fd(const struct controller *ctl, enum color c)
{
	(void)c;
	return worker_fd(ctl->worker);
}

static const char *engine_name(const struct controller *ctl, enum color c)
{
	return ctl->level[c];
}

const struct ctl_player ctl_engine = {
    .kind = PLAYER_ENGINE,
    .moves_itself = true,
    .ask = ctl_engine_move,
    .fd = engine_fd,
    .offer = play_here,
    .name = engine_name,
};

/* Asks the player to move at the cursor for its move when ctl_turn says it is due (once per
   position); the changes (CTL_CHANGED_ENGINE ...) or 0. When asking fails, the message waits
   in ctl->turn_error (see the file comment) and 0 is returned: the operation that led here
   stands. */
int ctl_autostep(struct controller *ctl)
{
	struct ctl_turn t;
	char err[sizeof ctl->turn_error];
	int rc;

	ctl_turn(ctl, &t);
	if (t.state != TURN_DUE)
		return 0;
	rc = t.player->ask(ctl, t.side, err, sizeof err);
	ctl->asked = ctl->cur;
	if (rc >= 0)
		return rc;
	snprintf(ctl->turn_error, sizeof ctl->turn_error, "%s", err);
	return 0;
}

/* A move typed at this screen for the side to move at the cursor, handed to the player of
   that side (ctl_player.offer). The changes, or -1 with a message. */
int ctl_offer(struct controller *ctl, int sq, char *err, size_t errlen)
{
	enum color c = ctl->cur->side;

	return ctl->player[c]->offer(ctl, c, sq, err, errlen);
}

/* Takes the message of a failed ask into err (when there is one): true if there was. */
static bool take_turn_error(struct controller *ctl, char *err, size_t errlen)
{
	if (!ctl->turn_error[0])
		return false;
	if (err && errlen)
		snprintf(err, errlen, "%s", ctl->turn_error);
	ctl->turn_error[0] = '\0';
	return true;
}

/* Lets the game go on at the cursor: the player to move is asked when it is its turn
   (ctl_turn), else the all-moves overlay deepens. The changes, or -1 with the message of a
   player that could not be asked (the engine's level does not exist on this board ...). */
int controller_step(struct controller *ctl, char *err, size_t errlen)
{
	int changes = ctl_autostep(ctl);

	if (take_turn_error(ctl, err, errlen))
		return -1;
	return changes | ctl_overlay_step(ctl);
}

/* Seconds until controller_step asks a player the delay holds back (0: now); -1 when none
   waits. */
double controller_step_wait(const struct controller *ctl)
{
	struct ctl_turn t;

	ctl_turn(ctl, &t);
	if (t.state == TURN_DUE)
		return 0;
	return t.state == TURN_HELD && t.wait > 0 ? t.wait : -1;
}

/* `pause on|off`: while paused no engine moves by itself (`go` plays one move); leaving the
   pause lets the engine to move start. The changes. */
int controller_pause(struct controller *ctl, bool on)
{
	ctl->paused = on;
	return CTL_CHANGED_STATUS | ctl_autostep(ctl);
}

bool controller_paused(const struct controller *ctl)
{
	return ctl->paused;
}

/*
 * Takes one event without blocking; false if none is queued. A player that
 * could not be asked gives its message first (CTL_EVENT_ERROR); then the game
 * server's lines (controller-net.c: the board follows the server's game);
 * then the worker's events, applied by controller-engine.c: an engine move is
 * played on the board, and the next player asked if it is its turn.
 */
bool controller_poll_event(struct controller *ctl, struct ctl_event *ev)
{
	struct worker_event wev;

	if (ctl->turn_error[0]) {
		memset(ev, 0, sizeof(*ev));
		ev->kind = CTL_EVENT_ERROR;
		ev->changes = CTL_CHANGED_STATUS;
		take_turn_error(ctl, ev->message, sizeof ev->message);
		return true;
	}
	if (ctl_net_poll(ctl, ev)) {
		if (ev->kind == CTL_EVENT_NET)
			ev->changes |= (unsigned)ctl_autostep(ctl);
		return true;
	}
	if (!worker_poll(ctl->worker, &wev))
		return false;
	ctl_engine_event(ctl, &wev, ev);
	if (ev->kind == CTL_EVENT_MOVE_PLAYED)
		ev->changes |= (unsigned)ctl_autostep(ctl);
	if (ctl->rejudged) /* a deeper score judged a move again: its verdict in the list */
		ev->changes |= CTL_CHANGED_MOVES;
	ctl->rejudged = false;
	return true;
}

/* Blocks until an event comes and takes it; false at once when no job runs and none is queued. */
bool controller_wait_event(struct controller *ctl, struct ctl_event *ev)
{
	for (;;) {
		struct pollfd p = {.fd = worker_fd(ctl->worker), .events = POLLIN};

		if (controller_poll_event(ctl, ev))
			return true;
		if (!worker_busy(ctl->worker))
			return false;
		if (poll(&p, 1, -1) < 0 && errno != EINTR)
			return false;
	}
}

/* The fd that is readable while the engine's events are queued. */
int controller_event_fd(const struct controller *ctl)
{
	return worker_fd(ctl->worker);
}

/* The game server's connection, -1 for none (controller-net.c): polled even when no game of
   it is on the board (the lobby's lines). */
static int server_fd(const struct controller *ctl)
{
	return ctl->net && !ctl->net->lost ? netconn_fd(ctl->net->conn) : -1;
}

/* The fds a front end polls for the controller's events (the worker's, and each player's
   that differs), at most max of them, in fds; how many. */
int controller_event_fds(const struct controller *ctl, int *fds, int max)
{
	int n = 0;

	if (max > 0)
		fds[n++] = worker_fd(ctl->worker);
	for (int c = BLACK; c <= WHITE + 1; c++) { /* the players', then the server's */
		int fd = c <= WHITE ? ctl->player[c]->fd(ctl, (enum color)c) : server_fd(ctl),
		    i = 0;

		while (i < n && fds[i] != fd)
			i++;
		if (fd >= 0 && i == n && n < max)
			fds[n++] = fd;
	}
	return n;
}
