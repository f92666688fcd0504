/*
 * controller-net.c — a game of the game server on the controller's board:
 * the connection the controller holds (netconn.h), the two kinds of player
 * of a server game, the server's lines taken as events, the lobby, and the
 * finished game kept in the user's save slots.
 *
 * The server is the authority and the connection keeps a mirror of each game
 * it follows (netgame.h), applied as its lines are read. The board shows one
 * of them (ctl->net->game: the game the user sits in, else the game last
 * watched): whenever its mirror moved on, the record on the board is made
 * again from the mirror (netgame_record: the moves, passes included, the time
 * of each and each side's clock after it), so the board is always the game as
 * the server last said, whatever was lost or taken back. The cursor stays
 * where the user left it when they were looking back.
 *
 * The user's own seat is played by the person at this screen (ctl_net_seat):
 * a move typed there is sent as `move SQUARE MS` (MS: the time since the turn
 * came, which the server uses to cap the lag it allows) and shows on the
 * board only when the server's update comes; until then the side's clock is
 * frozen at the moment of sending (controller_clock). The other seat, and
 * both for a watcher, is the remote player (ctl_net_remote): asking it starts
 * nothing (the server sends its move) and a move typed for it is refused.
 *
 * While the user sits in a game in play, the controller refuses what would
 * help them (hints, the overlay, analysis, an engine's move) or replace the
 * game (ctl_net_check); a watcher may run the engine on the position, and
 * after the game everyone may. When a game on the board ends, its record is
 * saved in a slot `net-GAME` (a unique name when one is taken: games of
 * another server have the same numbers), for players and watchers alike.
 */
#include "controller-int.h"

#include "lobby.h"
#include "netconn.h"
#include "slots.h"
#include "timer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The game on the board's mirror, or NULL (none, or the connection dropped it). */
static struct netgame *shown(const struct controller *ctl)
{
	if (!ctl->net || !ctl->net->game)
		return NULL;
	return netconn_game(ctl->net->conn, ctl->net->game);
}

/* The cleaned name of colour c's player in g, "bob (alice)" when the login differs. */
static const char *seat_name(const struct netgame *g, enum color c, char *out, size_t len)
{
	char name[64], login[96];

	proto_clean(g->player[c].name, strlen(g->player[c].name), name, sizeof name);
	proto_clean(g->player[c].login, strlen(g->player[c].login), login, sizeof login);
	if (strcmp(name, login) == 0)
		snprintf(out, len, "%s", name);
	else
		snprintf(out, len, "%s (%s)", name, login);
	return out;
}

/* A duration in ms as M:SS. */
static const char *mmss(long ms, char out[24])
{
	long s = ms > 0 ? (ms + 999) / 1000 : 0;

	snprintf(out, 24, "%ld:%02ld", s / 60, s % 60);
	return out;
}

/* A field of the wire cleaned for a terminal into out (cut to fit). */
static const char *clean(const char *text, char *out, size_t len)
{
	proto_clean(text, strlen(text), out, len);
	return out;
}

static const char *net_name(const struct controller *ctl, enum color c)
{
	struct netgame *g = shown(ctl);

	if (!g)
		return "remote";
	return seat_name(g, c, ctl->net->names[c], sizeof ctl->net->names[c]);
}

static int net_fd(const struct controller *ctl, enum color c)
{
	(void)c;
	return ctl->net && !ctl->net->lost ? netconn_fd(ctl->net->conn) : -1;
}

/* The remote player is asked by the server, not by us: its move comes as an update. */
static int remote_ask(struct controller *ctl, enum color c, char *err, size_t errlen)
{
	(void)ctl;
	(void)c;
	(void)err;
	(void)errlen;
	return 0;
}

static int remote_offer(struct controller *ctl, enum color c, int sq, char *err, size_t errlen)
{
	char name[200];
	struct netgame *g = shown(ctl);

	(void)sq;
	if (g && g->you == NETGAME_WATCHER)
		snprintf(err, errlen, "you watch game %ld: its players move", g->id);
	else if (g)
		snprintf(err, errlen, "it is %s's move, not yours", net_name(ctl, c));
	else
		snprintf(err, errlen, "no game of the server is on the board");
	(void)name;
	return -1;
}

const struct ctl_player ctl_net_remote = {
    .kind = PLAYER_REMOTE,
    .moves_itself = true,
    .ask = remote_ask,
    .fd = net_fd,
    .offer = remote_offer,
    .name = net_name,
};

/* The user's seat: nothing to ask (the screen shows the turn). */
static int seat_ask(struct controller *ctl, enum color c, char *err, size_t errlen)
{
	return remote_ask(ctl, c, err, errlen);
}

/* A move typed for the user's own seat: sent to the server with the time it took; the board
   changes when the server's update comes. */
static int seat_offer(struct controller *ctl, enum color c, int sq, char *err, size_t errlen)
{
	struct ctl_net *n = ctl->net;
	struct netgame *g = shown(ctl);
	char ms[24], name[4];
	const char *argv[3] = {"move", name, ms};

	if (!g || g->state == NETGAME_OVER) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (ctl->cur != ctl->tip) {
		snprintf(err, errlen, "you are looking back: `last` goes to the game's position");
		return -1;
	}
	if (g->state != NETGAME_PLAY) {
		snprintf(err, errlen, "game %ld is %s: no move now", g->id,
			 netgame_state_name(g->state));
		return -1;
	}
	if ((int)g->turn != (int)c || n->sent_at > 0) {
		snprintf(err, errlen,
			 n->sent_at > 0 ? "your move is on its way to the server"
					: "it is not your turn");
		return -1;
	}
	if (sq == SQ_PASS) {
		snprintf(err, errlen, "the server passes for a side without a move");
		return -1;
	}
	if (!netgame_legal(g, sq)) {
		snprintf(err, errlen, "%s is not a legal move here", proto_square_name(sq, name));
		return -1;
	}
	proto_square_name(sq, name);
	snprintf(ms, sizeof ms, "%ld", (long)((timer_now() - n->turn_since) * 1000));
	if (netconn_send(n->conn, 3, argv, err, errlen) < 0)
		return -1;
	n->sent_at = timer_now();
	n->sent_plies = g->n_moves;
	return CTL_CHANGED_STATUS;
}

const struct ctl_player ctl_net_seat = {
    .kind = PLAYER_HUMAN,
    .moves_itself = false,
    .ask = seat_ask,
    .fd = net_fd,
    .offer = seat_offer,
    .name = net_name,
};

/*
 * Takes a connection that said hello (netconn_open) for the controller,
 * which closes it in controller_free. The board keeps its game until the
 * server sends one. 0, or -1 when out of memory (the connection is then
 * closed).
 */
int controller_net_attach(struct controller *ctl, struct netconn *c, char *err, size_t errlen)
{
	struct ctl_net *n = calloc(1, sizeof *n);

	if (!n) {
		netconn_close(c);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ctl_net_free(ctl);
	n->conn = c;
	ctl->net = n;
	snprintf(
	    n->note, sizeof n->note,
	    "connected to the server as %.40s (%.64s): `who` lists the users, `challenge NAME` "
	    "offers a game, `help` says more",
	    netconn_name(c), netconn_login(c));
	return 0;
}

void ctl_net_free(struct controller *ctl)
{
	if (!ctl->net)
		return;
	netconn_close(ctl->net->conn);
	lobby_free(&ctl->net->lobby);
	free(ctl->net);
	ctl->net = NULL;
}

/* The mirror of the game on the board (the one sat in, else the one watched), or NULL. */
const struct netgame *controller_net_game(const struct controller *ctl)
{
	return shown(ctl);
}

bool controller_net_connected(const struct controller *ctl)
{
	return ctl->net && !ctl->net->lost;
}

/* True while the user sits in a game of the server that has not ended. */
bool controller_net_seated(const struct controller *ctl)
{
	const struct netgame *g = shown(ctl);

	return g && g->you != NETGAME_WATCHER && g->state != NETGAME_OVER;
}

/* True when it is the user's turn in the game they sit in, in play, and no move of theirs
   is on its way. */
bool controller_net_to_move(const struct controller *ctl)
{
	const struct netgame *g = shown(ctl);

	return controller_net_seated(ctl) && g->state == NETGAME_PLAY && (int)g->turn == g->you &&
	       ctl->net->sent_at <= 0;
}

/* True when the connection was lost (and not made again). */
bool controller_net_lost(const struct controller *ctl)
{
	return ctl->net && ctl->net->lost;
}

/* "bob left, 0:42 to come back" for a player of the game on the board who is away, live;
   false when none is. */
bool controller_net_away(const struct controller *ctl, char *out, size_t len)
{
	const struct netgame *g = shown(ctl);
	char who[200], t[24];

	for (int c = BLACK; g && g->state != NETGAME_OVER && c <= WHITE; c++)
		if (g->player[c].presence == NETGAME_AWAY) {
			snprintf(out, len, "%s left, %s to come back",
				 seat_name(g, c, who, sizeof who),
				 mmss(netgame_away_left(g, (enum color)c, timer_now()), t));
			return true;
		}
	return false;
}

/* Commands sent to the server whose reply has not come (0 without a connection). */
long controller_net_unanswered(const struct controller *ctl)
{
	return controller_net_connected(ctl) ? netconn_unanswered(ctl->net->conn) : 0;
}

/* The whole of the server's line of the last CTL_EVENT_NET, cleaned for a terminal ("" before
   any). */
const char *controller_net_line(const struct controller *ctl)
{
	return ctl->net ? ctl->net->line : "";
}

/* The lobby as text (lobby.h, malloc'd), or NULL with no connection or memory. */
char *controller_lobby_text(const struct controller *ctl)
{
	return ctl->net ? lobby_text(&ctl->net->lobby, timer_now()) : NULL;
}

/* The user's handle on the server ("" without a connection). */
const char *controller_net_me(const struct controller *ctl)
{
	return ctl->net ? netconn_name(ctl->net->conn) : "";
}

/* The lobby as the server last said it (lobby.h), or NULL without a connection. */
const struct lobby *controller_lobby(const struct controller *ctl)
{
	return ctl->net ? &ctl->net->lobby : NULL;
}

/* Sends `who` (which = LOBBY_WHO) or `games` unless it went less than `every` seconds ago
   (the server answers each at most once a second); true when it was sent. */
static bool ask_list(struct ctl_net *n, enum lobby_list which, double every)
{
	static const char *const name[] = {"who", "games"};
	double now = timer_now();
	char err[128];

	if (n->lost || (n->listed[which] > 0 && now - n->listed[which] < every))
		return false;
	if (netconn_send(n->conn, 1, &name[which], err, sizeof err) < 0)
		return false;
	n->listed[which] = now;
	lobby_asked(&n->lobby, which);
	return true;
}

/*
 * Follows the lobby: asks the server for who is on and for its games (so
 * that its lines come as events from then on, doc/protocol.md), each at most
 * every `every` seconds (and never more than once in 1.5 s); later calls
 * refresh the games' clocks and moves, which the server sends only when a
 * game starts or ends. The number of lists asked for, or -1 with no
 * connection.
 */
int controller_lobby_follow(struct controller *ctl, double every)
{
	struct ctl_net *n = ctl->net;

	if (!n || n->lost)
		return -1;
	if (every < 1.5)
		every = 1.5;
	n->follows = true;
	return ask_list(n, LOBBY_WHO, every) + ask_list(n, LOBBY_GAMES, every);
}

/*
 * -1 with a message when the user sits in a server game in play and `what`
 * (the engine's help, a change of the players, another game on the board)
 * is not for them now, or when a watched game that goes on holds the board
 * and `what` would replace it; 0 otherwise. `help` says whether it is the
 * engine's help (allowed to watchers) or a change of the game (allowed to
 * neither until the game ends).
 */
int ctl_net_check(const struct controller *ctl, bool help, const char *what, char *err,
		  size_t errlen)
{
	const struct netgame *g = shown(ctl);

	if (!g || g->state == NETGAME_OVER)
		return 0;
	if (g->you != NETGAME_WATCHER) {
		snprintf(err, errlen, "%s: not while you play game %ld of the server", what, g->id);
		return -1;
	}
	if (help)
		return 0;
	snprintf(err, errlen, "%s: the board follows game %ld of the server (`unwatch` first)",
		 what, g->id);
	return -1;
}

/* The colour that resigned game g, from its result; -1 for none. */
static int resigned(const struct netgame *g)
{
	if (g->state != NETGAME_OVER || strcmp(g->result + 1, "+R") != 0)
		return -1;
	return g->result[0] == 'B' ? WHITE : BLACK;
}

/* Carries the user's notes on the record shown (a comment, a mark, the analysis of a move)
   over to r, the same game's record made again, move by move along the main lines while they
   agree (a move taken back and played otherwise ends them). 0, or -1 when out of memory. */
static int keep_notes(const struct game *old, struct game *r)
{
	const struct game_node *a = old->root;
	struct game_node *b = r->root;

	for (; a && b; a = a->child, b = b->child) {
		if (a != old->root && (a->move != b->move || a->player != b->player))
			break;
		if (a->comment && !b->comment && game_set_comment(b, a->comment) < 0)
			return -1;
		if (a->mark != MARK_NONE && b->mark == MARK_NONE)
			game_set_mark(b, a->mark);
		if (a->analysis.valid && !b->analysis.valid)
			b->analysis = a->analysis;
	}
	return 0;
}

/* Makes the board the record of game g as its mirror stands (see the file comment), with
   the notes the user wrote on it kept. The changes, or -1 when out of memory. */
static int show(struct controller *ctl, const struct netgame *g, char *err, size_t errlen)
{
	struct ctl_net *n = ctl->net;
	struct game *r = netgame_record(g);
	int back = ctl->cur != ctl->tip && n->game == g->id ? controller_cursor(ctl) : -1;

	if (!r || (n->game == g->id && keep_notes(ctl->game, r) < 0)) {
		game_free(r);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!n->game)
		for (int c = BLACK; c <= WHITE; c++)
			n->own[c] = ctl->player[c];
	ctl_reset_game(ctl, r); /* gives the players back, and n->game is 0 */
	ctl->study = false;
	ctl->paused = false;
	ctl->dirty = false;
	n->game = g->id;
	n->seq = g->seq;
	for (int c = BLACK; c <= WHITE; c++)
		ctl->player[c] = g->you == c ? &ctl_net_seat : &ctl_net_remote;
	ctl->resigned = resigned(g);
	ctl->ended = g->state == NETGAME_OVER;
	if (back >= 0) {
		struct game_node *at = game_main_line(r, back);

		if (at)
			ctl_set_cursor(ctl, at);
	}
	if (n->sent_at > 0 && (g->n_moves != n->sent_plies || g->state == NETGAME_OVER))
		n->sent_at = 0; /* the move came back (or the game ended without it) */
	if (g->you != NETGAME_WATCHER && g->state == NETGAME_PLAY && (int)g->turn == g->you) {
		if (n->turn_plies != g->n_moves || !n->turn_since)
			n->turn_since = timer_now();
		n->turn_plies = g->n_moves;
	}
	return CTL_CHANGED_ALL;
}

/* A slot name not taken in dir: `base`, else base-2, base-3 ... into out. */
static void free_slot(const char *dir, const char *base, char *out, size_t len)
{
	char path[SLOT_PATH_MAX], err[64];

	snprintf(out, len, "%s", base);
	for (int i = 2; i < 1000; i++) {
		if (slots_path(dir, out, path, sizeof path, err, sizeof err) < 0 ||
		    access(path, F_OK) != 0)
			return;
		snprintf(out, len, "%.40s-%d", base, i);
	}
}

/* Saves finished game g in the user's slots (once per game); the note says where. */
static void save_finished(struct controller *ctl, const struct netgame *g)
{
	struct ctl_net *n = ctl->net;
	struct game *r;
	char dir[SLOT_PATH_MAX], base[SLOT_NAME_MAX], slot[SLOT_NAME_MAX], desc[256], b[200],
	    w[200], err[256];

	if (n->saved == g->id)
		return;
	n->saved = g->id;
	snprintf(base, sizeof base, "net-%ld", g->id);
	snprintf(desc, sizeof desc, "server game %ld: %.90s - %.90s, %s", g->id,
		 seat_name(g, BLACK, b, sizeof b), seat_name(g, WHITE, w, sizeof w), g->result);
	if (n->game == g->id) { /* the board's record: the user's notes with the moves */
		r = ctl->game;
	} else if (!(r = netgame_record(g))) {
		snprintf(n->note, sizeof n->note, "game %ld not saved: out of memory", g->id);
		n->note_error = true;
		return;
	}
	n->note_error = false;
	if (slots_dir(ctl->save_dir[0] ? ctl->save_dir : NULL, dir, sizeof dir, err, sizeof err) <
	    0) {
		n->note_error = true;
	} else {
		free_slot(dir, base, slot, sizeof slot);
		n->note_error = slots_save(dir, slot, r, desc, err, sizeof err) < 0;
	}
	if (n->note_error)
		snprintf(n->note, sizeof n->note, "game %ld not saved: %.200s", g->id, err);
	else
		snprintf(n->note, sizeof n->note, "game %ld (%s) saved in slot %s", g->id,
			 g->result, slot);
	if (r != ctl->game)
		game_free(r);
}

/* The server's line m, cleaned, into n->line. */
static void keep_line(struct ctl_net *n, const struct netconn_msg *m)
{
	char raw[PROTO_SERVER_LINE_MAX];
	struct proto_out o;
	int len;

	proto_out_start(&o, raw, sizeof raw);
	for (int i = 0; i < m->line.argc; i++)
		proto_out_word(&o, m->line.word[i]);
	len = proto_out_end(&o);
	if (len <= 0)
		len = 1;
	proto_clean(raw, (size_t)len - 1, n->line, sizeof n->line);
}

/* A status line into out, cut to fit (the screen's line is shorter anyway). */
static void say(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void say(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out, len, fmt, ap);
	va_end(ap);
}

/* What an update of game g says, in words, into out ("" when nothing needs saying). */
static void describe_update(const struct netgame *g, const struct proto_line *l, char *out,
			    size_t len)
{
	const char *kind = l->word[3];
	int c = l->argc > 4 ? proto_color_parse(l->word[4]) : -1;
	char who[200], t[24], sq[4];

	if (c >= 0)
		seat_name(g, (enum color)c, who, sizeof who);
	if (strcmp(kind, "move") == 0 && c >= 0 && l->argc > 5) {
		int at = proto_square_parse(l->word[5]);

		if (at == SQ_PASS)
			say(out, len, "%s has no move: the server passes", who);
		else if (at >= 0)
			say(out, len, "%s played %s", who, proto_square_name(at, sq));
	} else if (strcmp(kind, "end") == 0) {
		say(out, len, "game %ld is over: %s (%s)", g->id, g->result, g->reason);
	} else if (strcmp(kind, "presence") == 0 && c >= 0) {
		if (g->player[c].presence == NETGAME_AWAY)
			say(out, len, "%s left, %s to come back", who,
			    mmss(netgame_away_left(g, (enum color)c, timer_now()), t));
		else if (g->player[c].presence == NETGAME_GONE)
			say(out, len, "%s did not come back in time%s", who,
			    g->you == NETGAME_WATCHER ? "" : ": `claim` the win, or `adjourn`");
		else
			say(out, len, "%s is back", who);
	} else if (strcmp(kind, "takeback") == 0) {
		say(out, len, "moves taken back: the game goes on from move %d", g->n_moves + 1);
	} else if (strcmp(kind, "state") == 0) {
		say(out, len, "game %ld: %s", g->id, netgame_state_name(g->state));
	} else if (strcmp(kind, "watch") == 0 && l->argc > 5) {
		char name[64];

		say(out, len, "%s %s", clean(l->word[4], name, sizeof name),
		    strcmp(l->word[5], "on") == 0 ? "watches" : "stopped watching");
	}
}

/* The status line's words for message m (every text from the wire cleaned); "" for what
   needs none (the lobby's lines, the replies a command already spoke of). */
static void describe(const struct controller *ctl, const struct netconn_msg *m, char *out,
		     size_t len)
{
	const struct proto_line *l = &m->line;
	const struct netgame *g = m->game;
	char a[200], b[200], c[PROTO_TEXT_MAX];

	out[0] = '\0';
	switch (m->def->id) {
	case PROTO_MSG_UPDATE:
		if (g)
			describe_update(g, l, out, len);
		break;
	case PROTO_MSG_SNAPSHOT:
		if (g)
			say(out, len, "game %ld: %s (black) - %s (white)%s", g->id,
			    seat_name(g, BLACK, a, sizeof a), seat_name(g, WHITE, b, sizeof b),
			    g->you == NETGAME_WATCHER ? ", watched" : "");
		break;
	case PROTO_MSG_ASK:
		say(out, len, "%s asks: %s (`%s` agrees, `decline` refuses)",
		    clean(l->word[3], a, sizeof a), clean(l->word[2], b, sizeof b),
		    clean(l->word[2], c, sizeof c));
		break;
	case PROTO_MSG_DECLINED:
		say(out, len, "%s declined: %s", clean(l->word[3], a, sizeof a),
		    clean(l->word[2], b, sizeof b));
		break;
	case PROTO_MSG_SAID:
		say(out, len, "%s: %s", clean(l->word[2], a, sizeof a),
		    clean(l->word[4], c, sizeof c));
		break;
	case PROTO_MSG_NOTICE:
	case PROTO_MSG_BYE:
		say(out, len, "server: %s", clean(l->word[l->argc - 1], c, sizeof c));
		break;
	case PROTO_MSG_ERROR:
		say(out, len, "%s: %s", clean(l->word[1], a, sizeof a),
		    clean(l->word[l->argc - 1], c, sizeof c));
		break;
	case PROTO_MSG_OFFER:
		if (strcmp(l->word[2], "open") == 0 &&
		    proto_name_equal(l->word[5], netconn_name(ctl->net->conn))) {
			clean(l->word[3], a, sizeof a);
			say(out, len,
			    "%s challenges you (%s, %s plays %s): `accept %s` or "
			    "`decline %s`",
			    a, clean(l->word[6], b, sizeof b), a,
			    proto_color_parse(l->word[7]) >= 0 ? l->word[7] : "a drawn colour", a,
			    a);
		}
		break;
	default:
		break;
	}
}

/* What message m changes on the board and in the lobby; the changes. */
static int take(struct controller *ctl, const struct netconn_msg *m, char *err, size_t errlen)
{
	struct ctl_net *n = ctl->net;
	const struct netgame *g = m->game, *on = shown(ctl);
	int id = m->def->id, rc;

	switch (id) {
	case PROTO_MSG_SNAPSHOT:
		if (!g || (g->you == NETGAME_WATCHER && on && on->id != g->id &&
			   controller_net_seated(ctl)))
			return 0; /* a game watched while one is played stays off the board */
		break;
	case PROTO_MSG_UPDATE:
		if (!g || !on || g->id != on->id || g->seq == n->seq)
			return 0;
		break;
	case PROTO_MSG_ERROR:
		if (m->line.argc > 1 && strcmp(m->line.word[1], "move") == 0 && n->sent_at > 0) {
			n->sent_at = 0; /* the move was refused: the clock runs again */
			return CTL_CHANGED_STATUS;
		}
		return CTL_CHANGED_STATUS;
	case PROTO_MSG_USER:
	case PROTO_MSG_OFFER:
	case PROTO_MSG_TABLE:
		rc = lobby_take(&n->lobby, &m->line, timer_now());
		return rc > 0 ? CTL_CHANGED_STATUS : 0;
	case PROTO_MSG_OK:
		lobby_take(&n->lobby, &m->line, timer_now());
		return CTL_CHANGED_STATUS;
	default:
		return CTL_CHANGED_STATUS;
	}
	rc = show(ctl, g, err, errlen);
	if (rc >= 0 && g->state == NETGAME_OVER) {
		/* no lobby lines came while it was played: ask for the lists again */
		if (n->follows && g->you != NETGAME_WATCHER && n->saved != g->id)
			controller_lobby_follow(ctl, 0);
		save_finished(ctl, g);
	}
	return rc;
}

/*
 * Takes one event of the connection without blocking (controller_poll_event
 * calls it before the worker's): what it has to say first (the connection
 * lost, a game saved), then the server's next line. False when none waits.
 */
bool ctl_net_poll(struct controller *ctl, struct ctl_event *ev)
{
	struct ctl_net *n = ctl->net;
	const struct netconn_msg *m;
	char err[256];
	int rc;

	if (!n)
		return false;
	memset(ev, 0, sizeof *ev);
	if (n->note[0]) {
		ev->kind = n->note_error ? CTL_EVENT_ERROR : CTL_EVENT_NOTICE;
		ev->changes = CTL_CHANGED_STATUS;
		snprintf(ev->message, sizeof ev->message, "%s", n->note);
		n->note[0] = '\0';
		return true;
	}
	if (n->lost)
		return false;
	if (netconn_pump(n->conn, err, sizeof err) < 0) {
		n->lost = true;
		n->sent_at = 0;
		ev->kind = CTL_EVENT_ERROR;
		ev->changes = CTL_CHANGED_ALL;
		snprintf(ev->message, sizeof ev->message,
			 "the connection to the server is lost: %.200s", err);
		return true;
	}
	if (!(m = netconn_next(n->conn)))
		return false;
	ev->kind = CTL_EVENT_NET;
	keep_line(n, m);
	rc = take(ctl, m, err, sizeof err);
	describe(ctl, m, ev->message, sizeof ev->message);
	if (rc < 0) {
		ev->kind = CTL_EVENT_ERROR;
		snprintf(ev->message, sizeof ev->message, "%s", err);
		rc = CTL_CHANGED_STATUS;
	}
	ev->changes = (unsigned)rc;
	return true;
}

/* Connects again after the connection was lost (netconn_reconnect: the server gives the
   game sat in back at once). 0, or -1 with why. */
int controller_net_reconnect(struct controller *ctl, char *err, size_t errlen)
{
	if (!ctl->net) {
		snprintf(err, errlen, "not connected to a game server (`othello join`)");
		return -1;
	}
	if (netconn_reconnect(ctl->net->conn, err, errlen) < 0)
		return -1;
	ctl->net->lost = false;
	ctl->net->listed[LOBBY_WHO] = ctl->net->listed[LOBBY_GAMES] = 0;
	if (ctl->net->follows)
		controller_lobby_follow(ctl, 0); /* a new connection is sent the lobby once asked */
	return 0;
}

/*
 * Sends a command of the protocol, its words as given (argv[0] the command's
 * name as the protocol spells it); its reply comes as an event. The changes
 * (0), or -1 with a message when there is no connection.
 */
int controller_net_send(struct controller *ctl, int argc, const char *const *argv, char *err,
			size_t errlen)
{
	if (!ctl->net) {
		snprintf(err, errlen, "%s: not connected to a game server (`othello join`)",
			 argv[0]);
		return -1;
	}
	if (ctl->net->lost) {
		snprintf(err, errlen, "%s: the connection to the server is lost", argv[0]);
		return -1;
	}
	if (netconn_send(ctl->net->conn, argc, argv, err, errlen) < 0)
		return -1;
	for (int which = LOBBY_WHO; which <= LOBBY_GAMES; which++)
		if (strcmp(argv[0], which == LOBBY_WHO ? "who" : "games") == 0) {
			ctl->net->follows = true;
			ctl->net->listed[which] = timer_now();
			lobby_asked(&ctl->net->lobby, (enum lobby_list)which);
		}
	return 0;
}
