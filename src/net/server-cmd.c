/*
 * server-cmd.c — the game server's commands (doc/protocol.md, "Commands"):
 * the handlers, an array indexed by the protocol table's ids (proto.c holds
 * each command's name, fields and who may send it; this file what it does),
 * and the lobby's own work: hello and names, who and games, the offers
 * (challenge, seek, rematch, accept, decline, withdraw), watching, chat, and
 * what a connection leaves behind when it goes.
 *
 * Each handler answers its command with exactly one `ok` or `error` line
 * (cmd_run checks that the sender may send it and that the fields are there
 * before the handler runs); the games' work is server-game.c's.
 */
#include "config.h"

#include "server-int.h"

#include "rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void (*cmd_exec)(struct conn *c, struct proto_line *l);

/* The handlers' words after the command's name. */
#define ARG(l, i) ((l)->argc > (i) ? (l)->word[i] : NULL)

/* Tells the lobby that c's state changed (lobby, playing, off). */
static void tell_user(struct conn *c, const char *state)
{
	char line[512];
	struct proto_out o;

	proto_out_start(&o, line, sizeof line);
	srv_user_line(c, state, &o);
	srv_lobby(c->srv, &o);
}

/* The login that holds `name` in a game in progress or adjourned, or NULL. */
static const char *name_holder(struct server *s, const char *name)
{
	for (struct sgame *sg = s->games; sg; sg = sg->next)
		for (int col = 0; col < 2; col++)
			if (proto_name_equal(sg->g->player[col].name, name))
				return sg->g->player[col].login;
	return NULL;
}

/* Drops c's watching, offer and asks without telling its seat's opponent
   that it left (it is replaced by a newer connection of the same user). */
static void hand_over(struct conn *old, struct conn *c)
{
	struct sgame *sg = old->playing;

	srv_offer_close(old);
	while (old->n_watching)
		sgame_unwatch(old->watching[old->n_watching - 1], old);
	if (sg) {
		sg->seat[sgame_seat_of(sg, old)] = NULL;
		old->playing = NULL;
	}
	if (old->last_opponent[0] && !c->last_opponent[0]) {
		memcpy(c->last_opponent, old->last_opponent, sizeof c->last_opponent);
		c->last_color = old->last_color;
		c->last_control = old->last_control;
	}
	conn_bye(old, "replaced", "you connected again from another place");
}

/* hello PROTO NAME [TOKEN] [KIND]: see doc/protocol.md, "Starting". */
static void cmd_hello(struct conn *c, struct proto_line *l)
{
	struct server *s = c->srv;
	const char *name = l->word[2], *token = ARG(l, 3), *kind = ARG(l, 4), *holder;
	char login[PROTO_LOGIN_MAX + 1], line[512];
	struct proto_out o;
	struct conn *old;
	long version;

	if (c->welcomed) {
		conn_error(c, "hello", "state", "you said hello already");
		return;
	}
	if (!proto_ms_parse(l->word[1], &version) || version < 1) {
		conn_bye(c, "version", "this server speaks protocol 1");
		return;
	}
	if (!proto_name_valid(name)) {
		conn_bye(c, "name",
			 "a name is 1 to 20 letters, digits, _ - or ., not starting with - or .");
		return;
	}
	if (token && strcmp(token, "-") != 0 && c->tcp) {
		if (!auth_token(s, token, login, sizeof login)) {
			srv_log(s, "connection %ld (%s): a token that is not known", c->serial,
				c->peer);
			conn_bye(c, "auth", "that token is not known here");
			return;
		}
		if (!auth_allowed(s, (uid_t)-1, login)) {
			conn_bye(c, "auth", "this server does not let you in");
			return;
		}
		proto_clean(login, strlen(login), c->login, sizeof c->login);
	}
	if (!c->login[0]) {
		conn_bye(
		    c, "auth",
		    "a TCP connection from another host needs a token (hello 1 NAME LOGIN:SECRET)");
		return;
	}
	if (srv_login_count(s, c->login) > s->opt.max_per_login) {
		conn_bye(c, "limit", "too many connections of your login");
		return;
	}
	old = srv_user(s, name);
	if ((old && strcmp(old->login, c->login) != 0) ||
	    ((holder = name_holder(s, name)) && strcmp(holder, c->login) != 0)) {
		char why[200];

		snprintf(why, sizeof why, "the name %s belongs to another login", name);
		conn_bye(c, "name", why);
		return;
	}
	snprintf(c->name, sizeof c->name, "%s", name);
	c->bot = kind && strcmp(kind, "bot") == 0;
	if (old)
		hand_over(old, c);
	c->welcomed = true;
	proto_out_start(&o, line, sizeof line);
	proto_out_word(&o, "welcome");
	proto_out_fmt(&o, "%d", PROTO_VERSION);
	proto_out_word(&o, c->name);
	proto_out_text(&o, c->login);
	conn_send_out(c, &o);
	if (s->opt.verbose)
		srv_log(s, "connection %ld: %s (%s)%s", c->serial, c->name, c->login,
			old ? ", replacing the older one" : "");
	tell_user(c, "lobby");
	for (struct sgame *sg = s->games; sg; sg = sg->next) {
		int col = netgame_seat_of(sg->g, c->name, c->login);

		if (col < 0)
			continue;
		if (netgame_in_progress(sg->g) && !c->playing) {
			sgame_arrive(sg, c);
		} else if (sg->g->state == NETGAME_ADJOURNED) {
			struct conn *opp = srv_user(s, sg->g->player[!col].name);

			conn_notice(c, "you have an adjourned game, %ld, with %s", sg->g->id,
				    sg->g->player[!col].name);
			if (opp && strcmp(opp->login, sg->g->player[!col].login) == 0)
				conn_notice(opp, "%s, with whom you have adjourned game %ld, is on",
					    c->name, sg->g->id);
		}
	}
}

/* ping N: pong N. */
static void cmd_ping(struct conn *c, struct proto_line *l)
{
	char line[96];
	struct proto_out o;

	proto_out_start(&o, line, sizeof line);
	proto_out_word(&o, "pong");
	proto_out_text(&o, strlen(l->word[1]) > 40 ? "-" : l->word[1]);
	conn_send_out(c, &o);
}

/* pong N: the answer to our ping (any line shows the client is there; this
   one needs no reply). */
static void cmd_pong(struct conn *c, struct proto_line *l)
{
	(void)l;
	c->pinged = 0;
}

/* quit: bye, and the connection closes. */
static void cmd_quit(struct conn *c, struct proto_line *l)
{
	(void)l;
	conn_bye(c, "quit", "goodbye");
}

/* False, after an error line, when c asked for list `which` (0: who, 1:
   games) less than a second ago: a list is a line per user or game, so a
   client that asked for lists as fast as the rate limit lets it would make
   the server write a thousand lines for each line it sends. */
static bool list_allowed(struct conn *c, int which, const char *cmd)
{
	double now = srv_now();

	if (c->listed[which] && now - c->listed[which] < 1) {
		conn_error(c, cmd, "flood", "one %s a second", cmd);
		return false;
	}
	c->listed[which] = now;
	c->follows_lobby = true;
	return true;
}

/* who: every user, every open offer. */
static void cmd_who(struct conn *c, struct proto_line *l)
{
	char line[1024];
	struct proto_out o;
	long users = 0, offers = 0;

	(void)l;
	if (!list_allowed(c, 0, "who"))
		return;
	for (struct conn *u = c->srv->conns; u; u = u->next)
		if (u->welcomed && !u->dead && !u->closing) {
			proto_out_start(&o, line, sizeof line);
			srv_user_line(u, u->playing ? "playing" : "lobby", &o);
			conn_send_out(c, &o);
			users++;
		}
	for (struct conn *u = c->srv->conns; u; u = u->next)
		if (u->offer && !u->dead) {
			proto_out_start(&o, line, sizeof line);
			srv_offer_line(u->offer, true, &o);
			conn_send_out(c, &o);
			offers++;
		}
	conn_sendf(c, "ok who %ld %ld", users, offers);
}

/* games: every game in progress or adjourned. */
static void cmd_games(struct conn *c, struct proto_line *l)
{
	struct proto_out o;
	double now = srv_now();
	long n = 0;

	(void)l;
	if (!list_allowed(c, 1, "games"))
		return;
	for (struct sgame *sg = c->srv->games; sg; sg = sg->next) {
		proto_out_start(&o, c->srv->big, PROTO_SERVER_LINE_MAX);
		netgame_table(sg->g, now, &o);
		conn_send_out(c, &o);
		n++;
	}
	conn_sendf(c, "ok games %ld", n);
}

/* Reads the optional [MIN[+INC]] [black|white] of challenge and seek from
   words w[0..n); false after an error line. */
static bool offer_terms(struct conn *c, const char *cmd, char *const *w, int n, struct offer *of)
{
	char err[200];

	of->control = c->srv->opt.control;
	of->color = -1;
	for (int i = 0; i < n; i++) {
		int col = proto_color_parse(w[i]);

		if (col >= 0 && of->color < 0) {
			of->color = col;
		} else if (col >= 0 || i > 0 ||
			   proto_control_parse(w[i], &of->control, err, sizeof err) < 0) {
			conn_error(c, cmd, "usage", "%s",
				   col >= 0 || i > 0
				       ? "usage: the time control first, then the colour"
				       : err);
			return false;
		}
	}
	return true;
}

/* False, after an error line, when c may not offer or take a game now. */
static bool free_to_play(struct conn *c, const char *cmd)
{
	if (c->srv->stopping) {
		conn_error(c, cmd, "state", "the server is stopping");
		return false;
	}
	if (c->playing) {
		conn_error(c, cmd, "busy", "you are playing game %ld", c->playing->g->id);
		return false;
	}
	return true;
}

/* Opens an offer from c (kind, to: "" for a seek) and answers `ok CMD ID`. */
static void open_offer(struct conn *c, const char *cmd, enum offer_kind kind, const char *to,
		       const struct offer *terms)
{
	struct offer *of = malloc(sizeof *of);

	if (!of) {
		conn_error(c, cmd, "internal", "out of memory");
		return;
	}
	*of = *terms;
	of->id = ++c->srv->next_offer;
	of->kind = kind;
	of->from = c;
	snprintf(of->to, sizeof of->to, "%s", to);
	srv_offer_open(c, of);
	conn_sendf(c, "ok %s %ld", cmd, of->id);
}

/* The user `name` when c may offer them a game; NULL after an error line. */
static struct conn *opponent(struct conn *c, const char *cmd, const char *name)
{
	struct conn *to = srv_user(c->srv, name);

	if (!to) {
		conn_error(c, cmd, "name", "no user %s is on",
			   proto_name_valid(name) ? name : "by that name");
		return NULL;
	}
	if (to == c) {
		conn_error(c, cmd, "name", "you cannot play yourself");
		return NULL;
	}
	if (to->playing) {
		conn_error(c, cmd, "busy", "%s is playing game %ld", to->name, to->playing->g->id);
		return NULL;
	}
	return to;
}

/* challenge NAME [MIN[+INC]] [black|white] */
static void cmd_challenge(struct conn *c, struct proto_line *l)
{
	struct offer terms;
	struct conn *to;

	if (!free_to_play(c, "challenge") ||
	    !offer_terms(c, "challenge", l->word + 2, l->argc - 2, &terms) ||
	    !(to = opponent(c, "challenge", l->word[1])))
		return;
	open_offer(c, "challenge", OFFER_CHALLENGE, to->name, &terms);
}

/* seek [MIN[+INC]] [black|white] */
static void cmd_seek(struct conn *c, struct proto_line *l)
{
	struct offer terms;

	if (!free_to_play(c, "seek") || !offer_terms(c, "seek", l->word + 1, l->argc - 1, &terms))
		return;
	open_offer(c, "seek", OFFER_SEEK, "", &terms);
}

/* True when `of` may be taken by c: a seek of another user, or an offer made
   to c. */
static bool offer_for(const struct offer *of, const struct conn *c)
{
	return of->from != c && (!of->to[0] || proto_name_equal(of->to, c->name));
}

/* Starts the game of offer `of` (its offerer's) taken by c; answers
   `ok CMD GAME` after the game's snapshot. */
static void take_offer(struct conn *c, const char *cmd, struct offer *of)
{
	struct conn *from = of->from;
	struct proto_control control = of->control;
	int color = of->color;
	struct sgame *sg;

	if (color < 0)
		color = (int)rng_below(&c->srv->rng, 2);
	srv_offer_close(from);
	srv_offer_close(c);
	sg = color == BLACK ? sgame_start(c->srv, from, c, &control)
			    : sgame_start(c->srv, c, from, &control);
	if (!sg) {
		conn_error(c, cmd, "internal", "the game could not be kept on disk");
		return;
	}
	conn_sendf(c, "ok %s %ld", cmd, sg->g->id);
}

/* The one offer made to c by name (not a seek), or NULL; *count says how many
   there are. */
static struct offer *offer_to(struct conn *c, int *count)
{
	struct offer *found = NULL;

	*count = 0;
	for (struct conn *u = c->srv->conns; u; u = u->next)
		if (u->offer && !u->dead && u->offer->to[0] && offer_for(u->offer, c)) {
			found = u->offer;
			(*count)++;
		}
	return found;
}

/* The request (enum ask_kind bit) the opponent of c's game has made, or 0. */
static unsigned pending_ask(const struct conn *c)
{
	const struct sgame *sg = c->playing;
	unsigned a;

	if (!sg)
		return 0;
	a = sg->asked[!sgame_seat_of(sg, c)];
	return a & -a;
}

/* accept [NAME]: agrees to the opponent's request, or takes an offer. */
static void cmd_accept(struct conn *c, struct proto_line *l)
{
	const char *name = ARG(l, 1);
	unsigned ask = pending_ask(c);
	struct offer *of = NULL;
	struct conn *from;
	int count;

	if (ask &&
	    (!name ||
	     proto_name_equal(name, c->playing->g->player[!sgame_seat_of(c->playing, c)].name))) {
		sgame_request(c->playing, c, (enum ask_kind)ask, "accept");
		return;
	}
	if (!free_to_play(c, "accept"))
		return;
	if (name) {
		from = srv_user(c->srv, name);
		of = from && from->offer && offer_for(from->offer, c) ? from->offer : NULL;
		if (!of) {
			conn_error(c, "accept", "offer", "%s has no offer for you",
				   proto_name_valid(name) ? name : "that user");
			return;
		}
	} else if (!(of = offer_to(c, &count)) || count > 1) {
		conn_error(c, "accept", "offer", "%s",
			   count ? "several offers: say whose (accept NAME)" : "no offer for you");
		return;
	}
	take_offer(c, "accept", of);
}

/* decline [NAME]: refuses offers made to c (NAME's, or all) and the
   requests of its opponents. */
static void cmd_decline(struct conn *c, struct proto_line *l)
{
	const char *name = ARG(l, 1);
	long n = 0;

	if (c->playing && pending_ask(c)) {
		const char *opp = c->playing->g->player[!sgame_seat_of(c->playing, c)].name;

		if (!name || proto_name_equal(name, opp)) {
			sgame_decline(c->playing, c);
			n++;
		}
	}
	for (struct sgame *sg = c->srv->games; sg; sg = sg->next) {
		int col = netgame_seat_of(sg->g, c->name, c->login);

		if (col >= 0 && sg->g->state == NETGAME_ADJOURNED && sg->asked[!col] &&
		    (!name || proto_name_equal(name, sg->g->player[!col].name))) {
			sgame_decline(sg, c);
			n++;
		}
	}
	for (struct conn *u = c->srv->conns; u; u = u->next) {
		struct offer *of = u->offer;

		if (!of || u->dead || !of->to[0] || !offer_for(of, c) ||
		    (name && !proto_name_equal(name, u->name)))
			continue;
		conn_sendf(u, "declined - %s %s",
			   of->kind == OFFER_REMATCH ? "rematch" : "challenge", c->name);
		srv_offer_close(u);
		n++;
	}
	conn_sendf(c, "ok decline %ld", n);
}

/* withdraw: takes back c's own offer. */
static void cmd_withdraw(struct conn *c, struct proto_line *l)
{
	long n = c->offer ? 1 : 0;

	(void)l;
	srv_offer_close(c);
	conn_sendf(c, "ok withdraw %ld", n);
}

/* move SQUARE [MS] */
static void cmd_move(struct conn *c, struct proto_line *l)
{
	int sq = proto_square_parse(l->word[1]);
	long ms = 0;
	bool has_ms = l->argc > 2;

	if (sq < 0 || (has_ms && !proto_ms_parse(l->word[2], &ms))) {
		conn_error(c, "move", "usage", "usage: move SQUARE [MS] (a square a1 to h8)");
		return;
	}
	if (sq == SQ_PASS) {
		conn_error(c, "move", "illegal", "the server passes for a side without a move");
		return;
	}
	sgame_move(c->playing, c, sq, ms, has_ms);
}

/* resign */
static void cmd_resign(struct conn *c, struct proto_line *l)
{
	(void)l;
	sgame_resign(c->playing, c);
}

/* takeback */
static void cmd_takeback(struct conn *c, struct proto_line *l)
{
	(void)l;
	sgame_request(c->playing, c, ASK_TAKEBACK, "takeback");
}

/* abort */
static void cmd_abort(struct conn *c, struct proto_line *l)
{
	(void)l;
	sgame_request(c->playing, c, ASK_ABORT, "abort");
}

/* adjourn */
static void cmd_adjourn(struct conn *c, struct proto_line *l)
{
	(void)l;
	sgame_request(c->playing, c, ASK_ADJOURN, "adjourn");
}

/* claim */
static void cmd_claim(struct conn *c, struct proto_line *l)
{
	(void)l;
	sgame_claim(c->playing, c);
}

/* resume [NAME]: asks to go on with an adjourned game; both asking, it goes
   on. */
static void cmd_resume(struct conn *c, struct proto_line *l)
{
	const char *name = ARG(l, 1);
	struct sgame *found = NULL;
	struct conn *opp;
	int count = 0, col = -1;

	if (!free_to_play(c, "resume"))
		return;
	for (struct sgame *sg = c->srv->games; sg; sg = sg->next) {
		int k = netgame_seat_of(sg->g, c->name, c->login);

		if (k >= 0 && sg->g->state == NETGAME_ADJOURNED &&
		    (!name || proto_name_equal(name, sg->g->player[!k].name))) {
			found = sg, col = k;
			count++;
		}
	}
	if (!found || count > 1) {
		conn_error(c, "resume", "state", "%s",
			   count > 1 ? "several adjourned games: say with whom (resume NAME)"
				     : "no adjourned game of yours with that player");
		return;
	}
	opp = srv_user(c->srv, found->g->player[!col].name);
	if (!opp || strcmp(opp->login, found->g->player[!col].login) != 0) {
		conn_error(c, "resume", "name", "%s is not on", found->g->player[!col].name);
		return;
	}
	if (opp->playing) {
		conn_error(c, "resume", "busy", "%s is playing game %ld", opp->name,
			   opp->playing->g->id);
		return;
	}
	if (found->asked[!col] & ASK_RESUME) {
		sgame_resume(found);
		if (c->playing == found)
			conn_sendf(c, "ok resume %ld", found->g->id);
		else
			conn_error(c, "resume", "internal", "the game could not be opened again");
		return;
	}
	found->asked[col] |= ASK_RESUME;
	conn_sendf(opp, "ask %ld resume %s", found->g->id, c->name);
	conn_sendf(c, "ok resume asked");
}

/* rematch: offers the last opponent the next game, colours swapped. */
static void cmd_rematch(struct conn *c, struct proto_line *l)
{
	struct offer terms;
	struct conn *to;

	(void)l;
	if (!free_to_play(c, "rematch"))
		return;
	if (!c->last_opponent[0]) {
		conn_error(c, "rematch", "state", "no game to play again");
		return;
	}
	if (!(to = opponent(c, "rematch", c->last_opponent)))
		return;
	if (to->offer && to->offer->kind == OFFER_REMATCH && offer_for(to->offer, c)) {
		take_offer(c, "rematch", to->offer);
		return;
	}
	terms.control = c->last_control;
	terms.color = !c->last_color;
	open_offer(c, "rematch", OFFER_REMATCH, to->name, &terms);
}

/* The game a GAME field names, or NULL after an error line. */
static struct sgame *named_game(struct conn *c, const char *cmd, const char *word)
{
	long id;
	struct sgame *sg;

	if (!proto_ms_parse(word, &id) || !(sg = sgame_find(c->srv, id))) {
		conn_error(c, cmd, "game", "no game %s",
			   proto_ms_parse(word, &id) ? word : "by that number");
		return NULL;
	}
	return sg;
}

/* watch GAME */
static void cmd_watch(struct conn *c, struct proto_line *l)
{
	struct sgame *sg = named_game(c, "watch", l->word[1]);

	if (!sg)
		return;
	if (netgame_seat_of(sg->g, c->name, c->login) >= 0) {
		conn_error(c, "watch", "seat", "you play in game %ld", sg->g->id);
		return;
	}
	if (sgame_watch(sg, c) < 0)
		return;
	conn_sendf(c, "ok watch %ld", sg->g->id);
}

/* unwatch [GAME] */
static void cmd_unwatch(struct conn *c, struct proto_line *l)
{
	struct sgame *sg = NULL;
	long n = 0;

	if (l->argc > 1 && !(sg = named_game(c, "unwatch", l->word[1])))
		return;
	for (int i = c->n_watching - 1; i >= 0; i--)
		if (!sg || c->watching[i] == sg) {
			sgame_unwatch(c->watching[i], c);
			n++;
		}
	conn_sendf(c, "ok unwatch %ld", n);
}

/* say TEXT: to the players here and the watchers of c's game (the one it
   plays, else the one it watched last). */
static void cmd_say(struct conn *c, struct proto_line *l)
{
	struct sgame *sg = c->playing ? c->playing : c->watching[c->n_watching - 1];
	char line[PROTO_TEXT_MAX * 2 + 256];
	struct proto_out o;
	int n;

	proto_out_start(&o, line, sizeof line);
	proto_out_word(&o, "said");
	proto_out_fmt(&o, "%ld", sg->g->id);
	proto_out_word(&o, c->name);
	proto_out_text(&o, c->login);
	proto_out_text(&o, l->word[1]);
	if ((n = proto_out_end(&o)) < 0) {
		conn_error(c, "say", "usage", "the text is too long");
		return;
	}
	for (int col = 0; col < 2; col++)
		if (sg->seat[col])
			conn_send(sg->seat[col], line, (size_t)n);
	for (int i = 0; i < sg->n_watchers; i++)
		conn_send(sg->watchers[i], line, (size_t)n);
	conn_sendf(c, "ok say");
}

/* The handlers, by the ids of the protocol's table. */
static const cmd_exec handlers[PROTO_CMD_COUNT] = {
    [PROTO_HELLO] = cmd_hello,
    [PROTO_PING] = cmd_ping,
    [PROTO_PONG] = cmd_pong,
    [PROTO_QUIT] = cmd_quit,
    [PROTO_WHO] = cmd_who,
    [PROTO_GAMES] = cmd_games,
    [PROTO_CHALLENGE] = cmd_challenge,
    [PROTO_SEEK] = cmd_seek,
    [PROTO_ACCEPT] = cmd_accept,
    [PROTO_DECLINE] = cmd_decline,
    [PROTO_WITHDRAW] = cmd_withdraw,
    [PROTO_MOVE] = cmd_move,
    [PROTO_RESIGN] = cmd_resign,
    [PROTO_TAKEBACK] = cmd_takeback,
    [PROTO_ABORT] = cmd_abort,
    [PROTO_ADJOURN] = cmd_adjourn,
    [PROTO_CLAIM] = cmd_claim,
    [PROTO_RESUME] = cmd_resume,
    [PROTO_REMATCH] = cmd_rematch,
    [PROTO_WATCH] = cmd_watch,
    [PROTO_UNWATCH] = cmd_unwatch,
    [PROTO_SAY] = cmd_say,
};

/* False, after an error line, when c's seat may not send command d: before
   hello only the commands for anyone; a player's commands need a game in
   progress (a watcher is told that watchers do not play); say needs a game
   played or watched. */
static bool may_send(struct conn *c, const struct proto_def *d)
{
	if (d->who & PROTO_ANYONE)
		return true;
	if (!c->welcomed) {
		conn_error(c, d->name, "state", "say hello first");
		return false;
	}
	if (d->who & PROTO_USER)
		return true;
	if (c->playing && (d->who & PROTO_PLAYER))
		return true;
	if (c->n_watching && (d->who & PROTO_WATCHER))
		return true;
	if (c->n_watching)
		conn_error(c, d->name, "seat", "a watcher does not play");
	else
		conn_error(c, d->name, "state", "you are not in a game");
	return false;
}

/* Runs one command line from c (its words in l): finds the command, checks
   who sends it and its fields, and calls its handler. */
void cmd_run(struct conn *c, struct proto_line *l)
{
	const struct proto_def *d;
	char err[200];

	if (l->argc == 0)
		return;
	if (!(d = proto_find_command(l->word[0]))) {
		conn_error(c, "-", "unknown", "no command '%.40s' (doc/protocol.md lists them)",
			   l->word[0]);
		return;
	}
	if (!may_send(c, d))
		return;
	if (proto_check_fields(d, l, err, sizeof err) < 0) {
		conn_error(c, d->name, "usage", "%s", err);
		return;
	}
	handlers[d->id](c, l);
}

/* What a connection leaves when it goes: its offer, the offers made to it,
   its seat (away: the game waits for it), its watching, and the lobby is
   told. */
void cmd_gone(struct conn *c)
{
	srv_offer_close(c);
	if (c->welcomed)
		for (struct conn *u = c->srv->conns; u; u = u->next)
			if (u->offer && u != c && u->offer->to[0] &&
			    proto_name_equal(u->offer->to, c->name))
				srv_offer_close(u);
	if (c->playing)
		sgame_leave(c->playing, c);
	while (c->n_watching)
		sgame_unwatch(c->watching[c->n_watching - 1], c);
	if (c->welcomed)
		tell_user(c, "off");
}
