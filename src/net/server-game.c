/*
 * server-game.c — the games of the game server: made from an offer, moved,
 * timed, left and come back to, adjourned and resumed, watched, ended.
 *
 * Every change of a game is an `update` line (doc/protocol.md, "Updates"):
 * update() makes it, applies it to a copy of the game (netgame_apply checks
 * it as every client will), writes it to the game's journal, and only then
 * keeps the copy and sends the line to the players and the watchers. So a
 * move a client sees is on disk, and a change the disk refused is not made.
 *
 * Clocks. The server's clock is the only one: the side to move's clock runs
 * while the game is in play. A move is charged the clock time since its turn
 * began (turn_clock is the mover's clock then) less the lag the client
 * claims, that allowance capped at --lag; the increment follows. Each game
 * has one timer, set to its next deadline: the mover's clock reaching 0, or
 * an away player's time to come back running out (arm).
 */
#include "config.h"

#include "server-int.h"

#include <event2/event.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void deadline(evutil_socket_t fd, short what, void *arg);
static void detach(struct sgame *sg, struct conn *c);

/* The game numbered id, or NULL. */
struct sgame *sgame_find(struct server *s, long id)
{
	for (struct sgame *sg = s->games; sg; sg = sg->next)
		if (sg->g->id == id)
			return sg;
	return NULL;
}

/* BLACK or WHITE for the seat c holds in sg (by its name and login), or -1. */
int sgame_seat_of(const struct sgame *sg, const struct conn *c)
{
	return netgame_seat_of(sg->g, c->name, c->login);
}

/* Sends a line to the players here and to the watchers. */
static void tell_table(struct sgame *sg, const char *line, size_t n)
{
	for (int col = 0; col < 2; col++)
		if (sg->seat[col])
			conn_send(sg->seat[col], line, n);
	for (int i = 0; i < sg->n_watchers; i++)
		conn_send(sg->watchers[i], line, n);
}

/*
 * Makes the next update of sg from printf's format (the fields after
 * "update GAME SEQ"), applies it, journals it and sends it (see the file
 * comment). Returns its SEQ, or -1 when it could not be kept (logged; the
 * game is unchanged).
 */
static long update(struct sgame *sg, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static long update(struct sgame *sg, const char *fmt, ...)
{
	struct server *s = sg->srv;
	struct netgame copy = *sg->g;
	char line[512], why[200];
	va_list ap;
	int n = snprintf(line, sizeof line, "update %ld %ld ", sg->g->id, sg->g->seq + 1), m;

	va_start(ap, fmt);
	m = vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
	va_end(ap);
	if (m < 0 || (size_t)(n + m) >= sizeof line - 1)
		return -1;
	n += m;
	line[n++] = '\n';
	line[n] = '\0';
	if (proto_split(line, (size_t)n, s->line, why, sizeof why) < 0 ||
	    netgame_apply(&copy, s->line, srv_now(), why, sizeof why) != 1) {
		srv_log(s, "game %ld: an update refused (%s): %.*s", sg->g->id, why, n - 1, line);
		return -1;
	}
	if (sg->journal >= 0 && store_append(s, sg->journal, line, (size_t)n) < 0) {
		srv_log(s, "game %ld: the journal could not be written: update %ld not made",
			sg->g->id, copy.seq);
		if (strncmp(fmt, "watch", 5) != 0)
			return -1;
		/* the list of watchers changed in place (the copy shares it): kept, sent */
	}
	*sg->g = copy;
	tell_table(sg, line, (size_t)n);
	return copy.seq;
}

/* Both clocks at `now`, for an update's CLOCKB CLOCKW. */
static void clocks(const struct sgame *sg, double now, long out[2])
{
	out[BLACK] = netgame_clock(sg->g, BLACK, now);
	out[WHITE] = netgame_clock(sg->g, WHITE, now);
}

/* Sets the game's timer to its next deadline, or none. */
static void arm(struct sgame *sg)
{
	const struct netgame *g = sg->g;
	double now = srv_now(), next = -1;
	struct timeval tv;

	if (g->state == NETGAME_PLAY && g->player[g->turn].presence != NETGAME_GONE)
		next = netgame_clock(g, g->turn, now) / 1000.0;
	for (int col = 0; col < 2; col++)
		if (netgame_in_progress(g) && g->player[col].presence == NETGAME_AWAY) {
			double away = netgame_away_left(g, (enum color)col, now) / 1000.0;

			if (next < 0 || away < next)
				next = away;
		}
	if (next < 0) {
		evtimer_del(sg->timer);
		return;
	}
	tv.tv_sec = (time_t)next;
	tv.tv_usec = (suseconds_t)((next - (double)tv.tv_sec) * 1e6) + 1000;
	evtimer_add(sg->timer, &tv);
}

/* Writes the game's lobby line and the players' user lines to the lobby. */
static void tell_lobby(struct sgame *sg)
{
	struct server *s = sg->srv;
	struct proto_out o;

	proto_out_start(&o, s->big, PROTO_SERVER_LINE_MAX);
	netgame_table(sg->g, srv_now(), &o);
	srv_lobby(s, &o);
	for (int col = 0; col < 2; col++)
		if (sg->seat[col]) {
			char line[512];

			proto_out_start(&o, line, sizeof line);
			srv_user_line(sg->seat[col], sg->seat[col]->playing ? "playing" : "lobby",
				      &o);
			srv_lobby(s, &o);
		}
}

/* Sends c the snapshot of sg, as its player or as a watcher. */
void sgame_send_snapshot(struct sgame *sg, struct conn *c)
{
	struct proto_out o;
	int col = sgame_seat_of(sg, c);

	proto_out_start(&o, sg->srv->big, PROTO_SERVER_LINE_MAX);
	netgame_snapshot(sg->g, col >= 0 ? col : NETGAME_WATCHER, srv_now(), &o);
	conn_send_out(c, &o);
}

/* Makes the server's part of a game around g (journal open on fd, or -1),
   linked first in the server's list; NULL when out of memory. */
static struct sgame *sgame_new(struct server *s, struct netgame *g, int fd)
{
	struct sgame *sg = calloc(1, sizeof *sg);

	if (!sg || !(sg->timer = evtimer_new(s->base, deadline, sg))) {
		free(sg);
		return NULL;
	}
	sg->srv = s;
	sg->g = g;
	sg->journal = fd;
	sg->turn_clock = g->clock[g->turn];
	sg->next = s->games;
	s->games = sg;
	return sg;
}

/* Unlinks sg from the server and frees it; its connections let go of it. */
void sgame_free(struct sgame *sg)
{
	struct sgame **p;

	for (p = &sg->srv->games; *p && *p != sg; p = &(*p)->next)
		;
	if (*p)
		*p = sg->next;
	for (int col = 0; col < 2; col++)
		if (sg->seat[col] && sg->seat[col]->playing == sg)
			sg->seat[col]->playing = NULL;
	while (sg->n_watchers)
		detach(sg, sg->watchers[sg->n_watchers - 1]);
	if (sg->journal >= 0)
		store_finish(sg->srv, NULL, sg->journal);
	event_free(sg->timer);
	free(sg->watchers);
	netgame_free(sg->g);
	free(sg);
}

/*
 * Starts a game between two welcomed connections with `control`: its
 * journal is made, both get its snapshot, the lobby its line. Returns it, or
 * NULL when its journal could not be made (logged).
 */
struct sgame *sgame_start(struct server *s, struct conn *black, struct conn *white,
			  const struct proto_control *control)
{
	const char *names[2] = {black->name, white->name},
		   *logins[2] = {black->login, white->login};
	struct netgame *g =
	    netgame_new(s->next_game, names, logins, control, (long)time(NULL), srv_now());
	char err[300], tc[PROTO_CONTROL_LEN];
	struct sgame *sg;
	int fd;

	if (!g)
		return NULL;
	if ((fd = store_new_journal(s, g, err, sizeof err)) < 0) {
		srv_log(s, "game %ld: %s", g->id, err);
		netgame_free(g);
		return NULL;
	}
	if (!(sg = sgame_new(s, g, fd))) {
		store_finish(s, NULL, fd);
		netgame_free(g);
		return NULL;
	}
	s->next_game++;
	sg->seat[BLACK] = black;
	sg->seat[WHITE] = white;
	black->playing = white->playing = sg;
	sgame_send_snapshot(sg, black);
	sgame_send_snapshot(sg, white);
	tell_lobby(sg);
	proto_control_format(control, tc);
	srv_log(s, "game %ld: %s (%s) - %s (%s), %s", g->id, black->name, black->login, white->name,
		white->login, tc);
	arm(sg);
	return sg;
}

/* Ends sg with `result` for `reason`: the end update, the records, the
   lobby; the players are free again and the watchers let go. sg is freed. */
static void end(struct sgame *sg, const char *result, const char *reason)
{
	struct server *s = sg->srv;
	long cl[2];

	clocks(sg, srv_now(), cl);
	if (update(sg, "end %s %s %ld %ld", result, reason, cl[BLACK], cl[WHITE]) < 0) {
		/* the disk refused: the game stays in its journal as it was, and comes
		   back at the next start; here it ends for the players all the same */
		snprintf(sg->g->result, sizeof sg->g->result, "%s", result);
		snprintf(sg->g->reason, sizeof sg->g->reason, "%s", reason);
		sg->g->state = NETGAME_OVER;
		store_finish(s, NULL, sg->journal);
	} else {
		store_finish(s, sg->g, sg->journal);
	}
	sg->journal = -1;
	srv_log(s, "game %ld: %s (%s) after %d moves", sg->g->id, result, reason, sg->g->n_moves);
	for (int col = 0; col < 2; col++) {
		struct conn *c = sg->seat[col];

		if (!c)
			continue;
		c->playing = NULL;
		snprintf(c->last_opponent, sizeof c->last_opponent, "%s", sg->g->player[!col].name);
		c->last_color = col;
		c->last_control = sg->g->control;
	}
	while (sg->n_watchers)
		detach(sg, sg->watchers[sg->n_watchers - 1]);
	tell_lobby(sg);
	sgame_free(sg);
}

/* The result word of a win by colour `winner` ("B+T", "W+R" ...). */
static const char *win(int winner, char how, char out[8])
{
	snprintf(out, 8, "%c+%c", winner == BLACK ? 'B' : 'W', how);
	return out;
}

/* Passes for every side without a move, then ends a board that is over. */
static void after_move(struct sgame *sg)
{
	long cl[2];

	while (sg->g->state == NETGAME_PLAY && netgame_must_pass(sg->g)) {
		clocks(sg, srv_now(), cl);
		if (update(sg, "move %s pa 0 %ld %ld", proto_color_name(sg->g->turn), cl[BLACK],
			   cl[WHITE]) < 0)
			break;
	}
	sg->turn_clock = sg->g->clock[sg->g->turn];
	if (netgame_board_over(sg->g)) {
		char result[NETGAME_RESULT_LEN];

		netgame_board_result(sg->g, result);
		end(sg, result, "normal");
		return;
	}
	arm(sg);
}

/*
 * move SQUARE [MS] from player c: checked (the game in play, c's turn, a
 * legal move), charged (see the file comment), journaled and sent; the
 * passes that follow are made and a board that is over ends the game.
 * Answers `ok move SEQ` or an error.
 */
void sgame_move(struct sgame *sg, struct conn *c, int sq, long client_ms, bool has_ms)
{
	struct netgame *g = sg->g;
	int col = sgame_seat_of(sg, c);
	double now = srv_now();
	long elapsed, charged, lag = 0, cl[2], seq;
	char name[4];

	if (g->state != NETGAME_PLAY) {
		conn_error(c, "move", "state", "the game is %s: %s", netgame_state_name(g->state),
			   g->state == NETGAME_PAUSED ? "waiting for the other player to come back"
						      : "no moves now");
		return;
	}
	if (col != (int)g->turn) {
		conn_error(c, "move", "turn", "it is %s's turn", g->player[g->turn].name);
		return;
	}
	if (!netgame_legal(g, sq)) {
		conn_error(c, "move", "illegal", "%s is not a legal move here",
			   proto_square_name(sq, name));
		return;
	}
	elapsed = sg->turn_clock - netgame_clock(g, g->turn, now);
	if (elapsed < 0)
		elapsed = 0;
	if (has_ms && client_ms < elapsed) {
		lag = elapsed - client_ms;
		if (lag > lround(sg->srv->opt.lag * 1000))
			lag = lround(sg->srv->opt.lag * 1000);
	}
	charged = elapsed - lag;
	if (charged >= sg->turn_clock) {
		/* the clock ran out before the move came, the allowance counted */
		char result[8];

		conn_error(c, "move", "state", "your time ran out");
		end(sg, win(!col, 'T', result), "time");
		return;
	}
	clocks(sg, now, cl);
	cl[col] = sg->turn_clock - charged + g->control.inc_ms;
	seq = update(sg, "move %s %s %ld %ld %ld", proto_color_name((enum color)col),
		     proto_square_name(sq, name), charged, cl[BLACK], cl[WHITE]);
	if (seq < 0) {
		conn_error(c, "move", "internal", "the server could not keep the move");
		return;
	}
	sg->srv->moves++;
	sg->asked[BLACK] = sg->asked[WHITE] = 0;
	conn_sendf(c, "ok move %ld", seq);
	after_move(sg);
}

/* resign from player c: the opponent wins. */
void sgame_resign(struct sgame *sg, struct conn *c)
{
	char result[8];

	conn_sendf(c, "ok resign");
	end(sg, win(!sgame_seat_of(sg, c), 'R', result), "resign");
}

/* Adjourns sg: no clock runs, the seats and the watchers are let go; a
   player who is not here gets back the clock it had when it left. */
static void adjourn(struct sgame *sg)
{
	long cl[2];

	clocks(sg, srv_now(), cl);
	for (int col = 0; col < 2; col++)
		if (sg->g->player[col].presence != NETGAME_HERE)
			cl[col] = sg->left_clock[col];
	if (update(sg, "state adjourned %ld %ld", cl[BLACK], cl[WHITE]) < 0)
		return;
	srv_log(sg->srv, "game %ld: adjourned after %d moves", sg->g->id, sg->g->n_moves);
	store_finish(sg->srv, NULL, sg->journal);
	sg->journal = -1;
	sg->asked[BLACK] = sg->asked[WHITE] = 0;
	evtimer_del(sg->timer);
	while (sg->n_watchers)
		detach(sg, sg->watchers[sg->n_watchers - 1]);
	for (int col = 0; col < 2; col++)
		if (sg->seat[col]) {
			sg->seat[col]->playing = NULL;
			sg->seat[col] = NULL;
		}
	tell_lobby(sg);
}

/* The plies a takeback by colour col keeps: those before col's last move
   (not a pass), or -1 when col has made none. */
static int takeback_target(const struct netgame *g, int col)
{
	for (int i = g->n_moves - 1; i >= 0; i--)
		if (i % 2 == col && g->move[i].sq != SQ_PASS)
			return i;
	return -1;
}

/* The wire's name of a request. */
static const char *ask_name(enum ask_kind kind)
{
	return kind == ASK_TAKEBACK  ? "takeback"
	       : kind == ASK_ABORT   ? "abort"
	       : kind == ASK_ADJOURN ? "adjourn"
				     : "resume";
}

/* Does what both players agreed to (the request `kind` the opponent of c
   made); answers `ok CMD done`. */
static void agreed(struct sgame *sg, struct conn *c, enum ask_kind kind, const char *cmd)
{
	int asker = !sgame_seat_of(sg, c);
	long cl[2];

	conn_sendf(c, "ok %s done", cmd);
	if (kind == ASK_ABORT) {
		end(sg, "Void", "abort");
	} else if (kind == ASK_ADJOURN) {
		adjourn(sg);
	} else if (kind == ASK_TAKEBACK) {
		clocks(sg, srv_now(), cl);
		sg->asked[BLACK] = sg->asked[WHITE] = 0;
		if (update(sg, "takeback %d %ld %ld", sg->takeback_to[asker], cl[BLACK],
			   cl[WHITE]) < 0)
			return;
		sg->turn_clock = sg->g->clock[sg->g->turn];
		arm(sg);
	}
}

/*
 * A request of player c (takeback, abort, adjourn), from its command `cmd`
 * (`accept` agrees to the opponent's): done at once when the rules let one
 * player do it (abort before the second move, adjourn when the opponent is
 * gone) or when the opponent asked for it too; else the opponent is asked.
 */
void sgame_request(struct sgame *sg, struct conn *c, enum ask_kind kind, const char *cmd)
{
	struct netgame *g = sg->g;
	int col = sgame_seat_of(sg, c), target = -1;

	if (kind == ASK_ABORT && g->n_moves < 2) {
		conn_sendf(c, "ok %s done", cmd);
		end(sg, "Void", "abort");
		return;
	}
	if (kind == ASK_ADJOURN && g->player[!col].presence == NETGAME_GONE) {
		conn_sendf(c, "ok %s done", cmd);
		adjourn(sg);
		return;
	}
	if (sg->asked[!col] & kind) {
		agreed(sg, c, kind, cmd);
		return;
	}
	if (kind == ASK_TAKEBACK && (target = takeback_target(g, col)) < 0) {
		conn_error(c, cmd, "state", "you have no move to take back");
		return;
	}
	if (g->state != NETGAME_PLAY && kind != ASK_ADJOURN) {
		conn_error(c, cmd, "state", "the game is %s", netgame_state_name(g->state));
		return;
	}
	sg->asked[col] |= kind;
	if (kind == ASK_TAKEBACK)
		sg->takeback_to[col] = target;
	if (sg->seat[!col])
		conn_sendf(sg->seat[!col], "ask %ld %s %s", g->id, ask_name(kind), c->name);
	conn_sendf(c, "ok %s asked", cmd);
}

/* Refuses the requests the opponent of c made in sg (and, for an adjourned
   game, its request to resume); the opponent hears `declined`. */
void sgame_decline(struct sgame *sg, struct conn *c)
{
	int col = sgame_seat_of(sg, c);
	struct conn *opp = sg->seat[!col];

	if (!opp && sg->g->state == NETGAME_ADJOURNED) {
		opp = srv_user(sg->srv, sg->g->player[!col].name);
		if (opp && strcmp(opp->login, sg->g->player[!col].login) != 0)
			opp = NULL;
	}
	for (unsigned k = 1; k <= ASK_RESUME; k <<= 1)
		if ((sg->asked[!col] & k) && opp)
			conn_sendf(opp, "declined %ld %s %s", sg->g->id, ask_name((enum ask_kind)k),
				   c->name);
	sg->asked[!col] = 0;
}

/* claim from player c: the win when the opponent is gone (on time when its
   clock ran out, else by abandonment). */
void sgame_claim(struct sgame *sg, struct conn *c)
{
	int col = sgame_seat_of(sg, c);
	char result[8];
	bool flagged = netgame_clock(sg->g, (enum color) !col, srv_now()) == 0;

	if (sg->g->player[!col].presence != NETGAME_GONE) {
		conn_error(c, "claim", "state", "%s is %s", sg->g->player[!col].name,
			   sg->g->player[!col].presence == NETGAME_HERE
			       ? "here"
			       : "away, and may still come back");
		return;
	}
	conn_sendf(c, "ok claim");
	end(sg, win(col, flagged ? 'T' : 'F', result), flagged ? "time" : "abandon");
}

/* The presence word an update writes for colour col now. */
static void presence(struct sgame *sg, int col, const char *word)
{
	long cl[2];

	clocks(sg, srv_now(), cl);
	update(sg, "presence %s %s %ld %ld", proto_color_name((enum color)col), word, cl[BLACK],
	       cl[WHITE]);
}

/* Sets the state (play, paused) by the players here: none here, or back
   from a restart without both, is paused. */
static void settle(struct sgame *sg)
{
	struct netgame *g = sg->g;
	int here = (g->player[BLACK].presence == NETGAME_HERE) +
		   (g->player[WHITE].presence == NETGAME_HERE);
	enum netgame_state want =
	    here == 0 || (sg->restored && here < 2) ? NETGAME_PAUSED : NETGAME_PLAY;
	long cl[2];

	if (here == 2)
		sg->restored = false;
	if (!netgame_in_progress(g) || g->state == want)
		return;
	clocks(sg, srv_now(), cl);
	update(sg, "state %s %ld %ld", netgame_state_name(want), cl[BLACK], cl[WHITE]);
}

/* Seats c (a player of sg, just welcomed or back) in sg: it is here again,
   the game goes on if it waited, and c gets the snapshot. */
void sgame_arrive(struct sgame *sg, struct conn *c)
{
	int col = sgame_seat_of(sg, c);

	if (sg->g->player[col].presence != NETGAME_HERE)
		presence(sg, col, "here");
	settle(sg);
	sg->seat[col] = c;
	c->playing = sg;
	sgame_send_snapshot(sg, c);
	if (sg->asked[!col] && sg->g->state != NETGAME_ADJOURNED)
		conn_sendf(c, "ask %ld %s %s", sg->g->id,
			   ask_name((enum ask_kind)(sg->asked[!col] & -sg->asked[!col])),
			   sg->g->player[!col].name);
	arm(sg);
}

/* Player c's connection went: its seat is away, with --grace to come back
   (its clock runs on if it is to move); with nobody here the game pauses. */
void sgame_leave(struct sgame *sg, struct conn *c)
{
	int col = sgame_seat_of(sg, c);
	char word[32];

	sg->seat[col] = NULL;
	c->playing = NULL;
	if (!netgame_in_progress(sg->g))
		return;
	sg->left_clock[col] = netgame_clock(sg->g, (enum color)col, srv_now());
	snprintf(word, sizeof word, "away:%ld", lround(sg->srv->opt.grace * 1000));
	presence(sg, col, word);
	settle(sg);
	arm(sg);
}

/* The timer of sg: a clock ran out or a time to come back did. A player
   here whose clock runs out loses on time; one away is gone (the opponent
   may claim or adjourn); with both gone the game is adjourned. */
static void deadline(evutil_socket_t fd, short what, void *arg)
{
	struct sgame *sg = arg;
	struct netgame *g = sg->g;
	double now = srv_now();

	(void)fd;
	(void)what;
	if (g->state == NETGAME_PLAY && netgame_clock(g, g->turn, now) == 0) {
		if (g->player[g->turn].presence == NETGAME_HERE) {
			char result[8];

			end(sg, win(!g->turn, 'T', result), "time");
			return;
		}
		if (g->player[g->turn].presence == NETGAME_AWAY)
			presence(sg, g->turn, "gone");
	}
	for (int col = 0; col < 2; col++)
		if (g->player[col].presence == NETGAME_AWAY &&
		    netgame_away_left(g, (enum color)col, now) == 0)
			presence(sg, col, "gone");
	if (g->player[BLACK].presence == NETGAME_GONE && g->player[WHITE].presence == NETGAME_GONE)
		adjourn(sg);
	else
		arm(sg);
}

/* Goes on with adjourned game sg, both of whose players are on and free:
   its journal opens again, both are seated and get the snapshot. */
void sgame_resume(struct sgame *sg)
{
	struct server *s = sg->srv;
	struct conn *c[2];
	long cl[2];

	for (int col = 0; col < 2; col++) {
		c[col] = srv_user(s, sg->g->player[col].name);
		if (!c[col] || strcmp(c[col]->login, sg->g->player[col].login) != 0 ||
		    c[col]->playing)
			return;
	}
	if ((sg->journal = store_reopen(s, sg->g->id)) < 0)
		return;
	sg->asked[BLACK] = sg->asked[WHITE] = 0;
	sg->restored = false;
	for (int col = 0; col < 2; col++)
		if (sg->g->player[col].presence != NETGAME_HERE)
			presence(sg, col, "here");
	clocks(sg, srv_now(), cl);
	if (update(sg, "state play %ld %ld", cl[BLACK], cl[WHITE]) < 0)
		return;
	sg->turn_clock = sg->g->clock[sg->g->turn];
	for (int col = 0; col < 2; col++) {
		sg->seat[col] = c[col];
		c[col]->playing = sg;
		sgame_send_snapshot(sg, c[col]);
	}
	srv_log(s, "game %ld: resumed at move %d", sg->g->id, sg->g->n_moves + 1);
	tell_lobby(sg);
	arm(sg);
}

/* c watches sg: the watchers are told, c gets the snapshot. 0, or -1 after
   an error line (a cap). */
int sgame_watch(struct sgame *sg, struct conn *c)
{
	struct conn **w;
	struct sgame **cw;

	for (int i = 0; i < c->n_watching; i++)
		if (c->watching[i] == sg) {
			sgame_send_snapshot(sg, c);
			return 0;
		}
	if (c->n_watching >= sg->srv->opt.max_watch ||
	    sg->n_watchers >= sg->srv->opt.max_watchers) {
		conn_error(c, "watch", "limit", "%s",
			   c->n_watching >= sg->srv->opt.max_watch
			       ? "you watch as many games as you may"
			       : "that game has as many watchers as it may");
		return -1;
	}
	if (!(w = realloc(sg->watchers, sizeof *w * (size_t)(sg->n_watchers + 1))))
		goto oom;
	sg->watchers = w;
	if (!(cw = realloc(c->watching, sizeof *cw * (size_t)(c->n_watching + 1))))
		goto oom;
	c->watching = cw;
	update(sg, "watch %s on", c->name);
	sg->watchers[sg->n_watchers++] = c;
	c->watching[c->n_watching++] = sg;
	sgame_send_snapshot(sg, c);
	return 0;
oom:
	conn_error(c, "watch", "internal", "out of memory");
	return -1;
}

/* c stops watching sg (nobody told: the game ended or was adjourned, which
   every watcher saw). */
static void detach(struct sgame *sg, struct conn *c)
{
	netgame_watcher_remove(sg->g, c->name);
	for (int i = 0; i < sg->n_watchers; i++)
		if (sg->watchers[i] == c) {
			memmove(sg->watchers + i, sg->watchers + i + 1,
				sizeof *sg->watchers * (size_t)(sg->n_watchers - i - 1));
			sg->n_watchers--;
			break;
		}
	for (int i = 0; i < c->n_watching; i++)
		if (c->watching[i] == sg) {
			memmove(c->watching + i, c->watching + i + 1,
				sizeof *c->watching * (size_t)(c->n_watching - i - 1));
			c->n_watching--;
			break;
		}
}

/* c stops watching sg; the others are told. */
void sgame_unwatch(struct sgame *sg, struct conn *c)
{
	detach(sg, c);
	update(sg, "watch %s off", c->name);
}

/* Takes in a game read back from the directory (store_restore): one in
   progress waits, paused, for both players (each away with a fresh
   --grace); one adjourned is listed. */
void sgame_adopt(struct server *s, struct netgame *g, int fd)
{
	struct sgame *sg;
	char word[32];

	for (int i = 0; i < g->n_watchers; i++)
		free(g->watchers[i]);
	g->n_watchers = 0;
	if (g->id >= s->next_game)
		s->next_game = g->id + 1;
	if (!(sg = sgame_new(s, g, fd))) {
		srv_log(s, "game %ld: out of memory", g->id);
		netgame_free(g);
		return;
	}
	if (!netgame_in_progress(g))
		return;
	sg->restored = true;
	/* paused at the clocks the journal ends with: no clock runs from the
	   moment the journal was read (its stamp) to the moment both are back */
	if (g->state == NETGAME_PLAY &&
	    update(sg, "state paused %ld %ld", g->clock[BLACK], g->clock[WHITE]) < 0)
		g->state = NETGAME_PAUSED;
	snprintf(word, sizeof word, "away:%ld", lround(s->opt.grace * 1000));
	for (int col = 0; col < 2; col++) {
		sg->left_clock[col] = g->clock[col];
		presence(sg, col, word);
	}
	settle(sg);
	sg->turn_clock = g->clock[g->turn];
	arm(sg);
}

/* Before the server stops: each game in play is paused with its clocks as
   they stand, so that the journal holds them. */
void sgame_stop_all(struct server *s)
{
	for (struct sgame *sg = s->games; sg; sg = sg->next)
		if (sg->g->state == NETGAME_PLAY) {
			long cl[2];

			clocks(sg, srv_now(), cl);
			update(sg, "state paused %ld %ld", cl[BLACK], cl[WHITE]);
		}
}
