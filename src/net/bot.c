/*
 * bot.c — an engine at the server's table (bot.h).
 *
 * The bot is an ordinary client: it connects, says hello as KIND bot, and
 * then answers what comes: an offer made to it by name is accepted (a
 * challenge or a rematch, at the offer's clock), a request in its game
 * (takeback, abort, adjourn, resume) is granted, and when its game is in
 * play and it is to move it asks its player (batch's match_player: our
 * levels, or an external engine over GTP or NBoard) for a move, with its
 * clock as the server last gave it, and sends it with the time it took.
 *
 * The player follows the game: before it moves, it is told every move since
 * the last one it knows (its own moves it made itself); a game it does not
 * know, or one that went back (a takeback, a move the server refused), is
 * told again from the start.
 */
#include "config.h"

#include "bot.h"

#include "evalspec.h"
#include "match.h"
#include "netconn.h"
#include "timer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What the bot knows of its player's view of the game. */
struct bot {
	const struct bot_options *o;   /* as run */
	char name[PROTO_NAME_MAX + 1]; /* its handle */
	const char *spec;	       /* its player's specification */
	struct match_player *player;   /* the player */
	struct match_opening start;    /* the standard start, for new_game */
	long synced_id;		       /* the game the player follows (0: none) */
	int synced;		       /* moves of it the player knows */
	long ended;		       /* games ended since the start */
	long last_over;		       /* the last game counted as ended */
};

/* A line to the log, made with printf's format. */
static void say(const struct bot *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const struct bot *b, const char *fmt, ...)
{
	va_list ap;

	if (!b->o->log)
		return;
	fprintf(b->o->log, "othello bot %s: ", b->name);
	va_start(ap, fmt);
	vfprintf(b->o->log, fmt, ap);
	va_end(ap);
	fputc('\n', b->o->log);
	fflush(b->o->log);
}

/* Brings the player to the game's moves (see the file comment). 0, or -1
   with a message. */
static int follow(struct bot *b, const struct netgame *g, char *err, size_t errlen)
{
	if (b->synced_id != g->id || b->synced > g->n_moves) {
		if (match_player_new_game(b->player, &b->start, (uint64_t)g->id, err, errlen) < 0)
			return -1;
		b->synced_id = g->id;
		b->synced = 0;
	}
	for (; b->synced < g->n_moves; b->synced++)
		if (match_player_tell(b->player, b->synced % 2 ? WHITE : BLACK,
				      g->move[b->synced].sq, err, errlen) < 0)
			return -1;
	return 0;
}

/* Moves in game g when it is the bot's turn; a player that fails resigns. */
static void maybe_move(struct bot *b, struct netconn *c, const struct netgame *g)
{
	struct match_move mv;
	char err[512], sq[4], ms[32];
	const char *words[3];
	double t0;

	if (g->state != NETGAME_PLAY || g->you != (int)g->turn || netconn_unanswered(c) > 0)
		return;
	if (b->synced_id == g->id && b->synced > g->n_moves)
		b->synced_id = 0; /* the move we sent was not played: follow again */
	if (follow(b, g, err, sizeof err) < 0)
		goto fail;
	match_player_set_clock(b->player, netgame_clock(g, g->turn, timer_now()) / 1000.0);
	t0 = timer_now();
	if (match_player_genmove(b->player, &g->pos, g->turn, &mv, err, sizeof err) < 0)
		goto fail;
	if (mv.move == SQ_PASS || !netgame_legal(g, mv.move)) {
		snprintf(err, sizeof err, "the player chose %s, not a legal move",
			 proto_square_name(mv.move, sq));
		goto fail;
	}
	b->synced++;
	snprintf(ms, sizeof ms, "%ld", (long)((timer_now() - t0) * 1000));
	words[0] = "move";
	words[1] = proto_square_name(mv.move, sq);
	words[2] = ms;
	if (netconn_send(c, 3, words, err, sizeof err) < 0)
		say(b, "%s", err);
	return;
fail:
	say(b, "its player failed (%s); it resigns", err);
	words[0] = "resign";
	netconn_send(c, 1, words, err, sizeof err);
	b->synced_id = 0;
}

/* Answers one message (see the file comment). */
static void answer(struct bot *b, struct netconn *c, const struct netconn_msg *m)
{
	char *const *w = m->line.word;
	char err[256];
	const char *words[2];

	switch (m->def->id) {
	case PROTO_MSG_OFFER: /* OFFER STATE FROM FROMLOGIN TO CONTROL COLOR KIND */
		if (strcmp(w[2], "open") == 0 && proto_name_equal(w[5], b->name) &&
		    !netconn_seated_game(c)) {
			words[0] = "accept";
			words[1] = w[3];
			netconn_send(c, 2, words, err, sizeof err);
		}
		break;
	case PROTO_MSG_ASK: /* GAME KIND NAME */
		words[0] = w[2];
		words[1] = w[3];
		if (strcmp(w[2], "takeback") == 0 || strcmp(w[2], "abort") == 0 ||
		    strcmp(w[2], "adjourn") == 0 || strcmp(w[2], "resume") == 0)
			netconn_send(c, strcmp(w[2], "resume") == 0 ? 2 : 1, words, err,
				     sizeof err);
		break;
	case PROTO_MSG_SNAPSHOT:
	case PROTO_MSG_UPDATE:
		if (!m->game || m->game->you == NETGAME_WATCHER)
			break;
		if (m->game->state == NETGAME_OVER && b->last_over != m->game->id) {
			b->last_over = m->game->id;
			b->ended++;
			say(b, "game %s: %s", w[1], m->game->result);
			netconn_forget_game(c, m->game->id);
			break;
		}
		maybe_move(b, c, m->game);
		break;
	default:
		break;
	}
}

/* Plays on one connection until it closes (-1) or the games asked for are
   done (0). */
static int serve_table(struct bot *b, struct netconn *c, char *err, size_t errlen)
{
	for (;;) {
		const struct netconn_msg *m = netconn_wait(c, 1.0, err, errlen);
		struct netgame *g;

		if (!m) {
			if (netconn_fd(c) < 0 && netconn_pump(c, err, errlen) < 0)
				return -1;
			/* a quiet second: a move the bot still owes (its last send was
			   answered since) */
			if ((g = netconn_seated_game(c)))
				maybe_move(b, c, g);
			continue;
		}
		answer(b, c, m);
		if (b->o->games && b->ended >= b->o->games)
			return 0;
	}
}

/*
 * Runs a bot (see bot.h) until the connection ends (or, with o->reconnect,
 * forever; with o->games, until that many games ended). Returns 0, or -1 with
 * a message (a player that cannot be made, a server that cannot be reached
 * or that closed the connection).
 */
int bot_run(const struct bot_options *o, char *err, size_t errlen)
{
	struct bot b = {.o = o};
	struct match_player_options opt = {0};
	struct netconn_options co = {.where = o->where, .token = o->token, .bot = true};
	const char *eq = strchr(o->spec, '=');
	char eval_name[EVALSPEC_NAME_LEN], note[512];
	struct eval *ev = NULL;
	double backoff = 1;
	int st = -1;

	if (eq && (size_t)(eq - o->spec) <= PROTO_NAME_MAX) {
		memcpy(b.name, o->spec, (size_t)(eq - o->spec));
		b.name[eq - o->spec] = '\0';
	}
	b.spec = eq && proto_name_valid(b.name) ? eq + 1 : o->spec;
	if (!eq || !proto_name_valid(b.name)) {
		size_t n = strcspn(b.spec, " :");

		snprintf(b.name, sizeof b.name, "%.*s",
			 (int)(n > PROTO_NAME_MAX ? PROTO_NAME_MAX : n), b.spec);
		if (!proto_name_valid(b.name))
			snprintf(b.name, sizeof b.name, "bot");
	}
	if (!match_player_check_spec(b.spec, err, errlen))
		return -1;
	if (match_player_is_level(b.spec)) {
		if (!(ev = evalspec_open(o->eval_spec ? o->eval_spec : EVALSPEC_DEFAULT, eval_name,
					 sizeof eval_name, note, sizeof note, err, errlen)))
			return -1;
		opt.eval = ev;
		opt.eval_name = eval_name;
	}
	if (!(b.player = match_player_new(b.spec, &opt, err, errlen)) ||
	    match_opening_parse(VARIANT_8X8, "-", &b.start, err, errlen) < 0)
		goto out;
	co.name = b.name;
	for (;;) {
		struct netconn *c = netconn_open(&co, err, errlen);

		if (c) {
			backoff = 1;
			say(&b, "at the table of %s (%s)",
			    o->where ? o->where : "the default socket", b.spec);
			st = serve_table(&b, c, err, errlen);
			netconn_close(c);
			b.synced_id = 0;
			if (st == 0)
				break;
		}
		if (!o->reconnect)
			break;
		say(&b, "%s; again in a moment", err);
		sleep((unsigned)backoff);
		backoff = backoff < 30 ? backoff * 2 : 30;
	}
out:
	match_player_free(b.player);
	eval_free(ev);
	return st;
}
