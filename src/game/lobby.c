/*
 * lobby.c — the lobby as a client sees it (lobby.h): the server's `user`,
 * `offer` and `table` lines kept by key, and the text the screen and `lobby`
 * show of them.
 *
 * The fields are read by their places in doc/protocol.md's table of events
 * (word[0] is the message's name); a line too short or with a number that
 * does not read is left out, as a field added by a later version is.
 */
#include "lobby.h"

#include "grow.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copies a field of the wire into a fixed field (cut to fit). */
static void field(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src);
}

/* The index of the user, offer or game of that name or number; -1 when there is none. */
static int find_user(const struct lobby *l, const char *name)
{
	for (int i = 0; i < l->n_users; i++)
		if (proto_name_equal(l->users[i].name, name))
			return i;
	return -1;
}

static int find_offer(const struct lobby *l, long id)
{
	for (int i = 0; i < l->n_offers; i++)
		if (l->offers[i].id == id)
			return i;
	return -1;
}

static int find_game(const struct lobby *l, long id)
{
	for (int i = 0; i < l->n_games; i++)
		if (l->games[i].id == id)
			return i;
	return -1;
}

/* Removes entry i of an array of n entries of `size` bytes. */
static void drop(void *base, int *n, int i, size_t size)
{
	char *b = base;

	memmove(b + (size_t)i * size, b + (size_t)(i + 1) * size, (size_t)(*n - i - 1) * size);
	(*n)--;
}

/* The slot for a new entry at the end of an array (its count not yet raised); NULL when out
   of memory. */
static void *room(void **base, size_t *cap, int n, size_t size)
{
	void *p = grow_room(*base, cap, (size_t)n, size, 8);

	if (!p)
		return NULL;
	*base = p;
	return (char *)p + (size_t)n * size;
}

/* `user NAME LOGIN STATE GAME KIND` */
static int take_user(struct lobby *l, const struct proto_line *w)
{
	int i = find_user(l, w->word[1]);
	struct lobby_user *u;
	long game = 0;

	if (strcmp(w->word[3], "off") == 0) {
		if (i >= 0)
			drop(l->users, &l->n_users, i, sizeof *u);
		return 0;
	}
	if (strcmp(w->word[4], "-") != 0 && !proto_ms_parse(w->word[4], &game))
		return -1;
	if (i < 0) {
		if (!(u = room((void **)&l->users, &l->cap_users, l->n_users, sizeof *u)))
			return -1;
		l->n_users++;
	} else {
		u = &l->users[i];
	}
	field(u->name, sizeof u->name, w->word[1]);
	field(u->login, sizeof u->login, w->word[2]);
	u->playing = strcmp(w->word[3], "playing") == 0;
	u->game = game;
	u->bot = strcmp(w->word[5], "bot") == 0;
	u->mark = l->lines;
	return 0;
}

/* `offer OFFER STATE FROM FROMLOGIN TO CONTROL COLOR KIND` */
static int take_offer(struct lobby *l, const struct proto_line *w)
{
	long id;
	int i;
	struct lobby_offer *o;

	if (!proto_ms_parse(w->word[1], &id))
		return -1;
	i = find_offer(l, id);
	if (strcmp(w->word[2], "open") != 0) {
		if (i >= 0)
			drop(l->offers, &l->n_offers, i, sizeof *o);
		return 0;
	}
	if (i < 0) {
		if (!(o = room((void **)&l->offers, &l->cap_offers, l->n_offers, sizeof *o)))
			return -1;
		l->n_offers++;
	} else {
		o = &l->offers[i];
	}
	o->id = id;
	field(o->from, sizeof o->from, w->word[3]);
	field(o->from_login, sizeof o->from_login, w->word[4]);
	field(o->to, sizeof o->to, w->word[5]);
	field(o->control, sizeof o->control, w->word[6]);
	field(o->color, sizeof o->color, w->word[7]);
	field(o->kind, sizeof o->kind, w->word[8]);
	o->mark = l->lines;
	return 0;
}

/* `table GAME STATE BLACK BLOGIN WHITE WLOGIN CONTROL PLIES CLOCKB CLOCKW TURN RESULT
   WATCHERS` */
static int take_table(struct lobby *l, const struct proto_line *w, double now)
{
	long id, plies, clock[2];
	int i;
	struct lobby_table *t;

	if (!proto_ms_parse(w->word[1], &id) || !proto_ms_parse(w->word[8], &plies) ||
	    !proto_ms_parse(w->word[9], &clock[0]) || !proto_ms_parse(w->word[10], &clock[1]))
		return -1;
	i = find_game(l, id);
	if (strcmp(w->word[2], "over") == 0) {
		if (i >= 0)
			drop(l->games, &l->n_games, i, sizeof *t);
		return 0;
	}
	if (i < 0) {
		if (!(t = room((void **)&l->games, &l->cap_games, l->n_games, sizeof *t)))
			return -1;
		l->n_games++;
	} else {
		t = &l->games[i];
	}
	t->id = id;
	field(t->state, sizeof t->state, w->word[2]);
	for (int c = 0; c < 2; c++) {
		field(t->name[c], sizeof t->name[c], w->word[3 + 2 * c]);
		field(t->login[c], sizeof t->login[c], w->word[4 + 2 * c]);
		t->clock[c] = clock[c];
	}
	field(t->control, sizeof t->control, w->word[7]);
	t->plies = (int)plies;
	t->turn = proto_color_parse(w->word[11]);
	t->stamp = now;
	field(t->watchers, sizeof t->watchers, w->word[13]);
	t->mark = l->lines;
	return 0;
}

/* Notes that list `which` was asked for now: at its reply, what no line named since goes. */
void lobby_asked(struct lobby *l, enum lobby_list which)
{
	l->asked[which] = l->lines;
}

/* Drops the entries of an array whose mark (a long at offset `at` of each) is at most
   `since`; true when one went. */
static bool sweep(void *base, int *n, size_t size, size_t at, long since)
{
	bool gone = false;

	for (int i = *n - 1; i >= 0; i--)
		if (*(const long *)((const char *)base + (size_t)i * size + at) <= since) {
			drop(base, n, i, size);
			gone = true;
		}
	return gone;
}

/* The reply `ok who ...` or `ok games ...`, after a whole list: what it did not name
   goes. True when something went. */
static bool take_reply(struct lobby *l, const struct proto_line *w)
{
	if (strcmp(w->word[1], "who") == 0) {
		bool a = sweep(l->users, &l->n_users, sizeof *l->users,
			       offsetof(struct lobby_user, mark), l->asked[LOBBY_WHO]);
		bool b = sweep(l->offers, &l->n_offers, sizeof *l->offers,
			       offsetof(struct lobby_offer, mark), l->asked[LOBBY_WHO]);

		return a || b;
	}
	if (strcmp(w->word[1], "games") == 0)
		return sweep(l->games, &l->n_games, sizeof *l->games,
			     offsetof(struct lobby_table, mark), l->asked[LOBBY_GAMES]);
	return false;
}

/*
 * Takes one line of the server into the lobby when it is a `user`, `offer`
 * or `table` line with all its fields, or the `ok` that ends a list (others
 * are not the lobby's): 1 when the lobby changed, 0 when the line is not one
 * of them or changed nothing, -1 when it could not be read or kept (the lobby
 * is as it was, but for an entry cut short).
 */
int lobby_take(struct lobby *l, const struct proto_line *line, double now)
{
	const char *name = line->argc > 0 ? line->word[0] : "";
	int rc;

	if (strcmp(name, "ok") == 0 && line->argc >= 2)
		return take_reply(l, line) ? 1 : 0;
	l->lines++;
	if (strcmp(name, "user") == 0 && line->argc >= 6)
		rc = take_user(l, line);
	else if (strcmp(name, "offer") == 0 && line->argc >= 9)
		rc = take_offer(l, line);
	else if (strcmp(name, "table") == 0 && line->argc >= 14)
		rc = take_table(l, line, now);
	else
		return 0;
	return rc < 0 ? -1 : 1;
}

void lobby_free(struct lobby *l)
{
	free(l->users);
	free(l->offers);
	free(l->games);
	memset(l, 0, sizeof *l);
}

/* A text being built, growing as needed; `bad` once memory ran out. */
struct text {
	char *buf;
	size_t len, cap;
	bool bad;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->bad)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	while (n >= 0 && t->cap < t->len + (size_t)n + 1) {
		char *p = grow_room(t->buf, &t->cap, t->cap, 1, 1024);

		if (!p)
			break;
		t->buf = p;
	}
	if (n < 0 || t->cap < t->len + (size_t)n + 1) {
		t->bad = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

/* A name and its login as the lobby shows them, "bob (alice)", cleaned for a terminal into
   out (the login left out when it is the name, or empty); out. */
const char *lobby_person(const char *name, const char *login, char *out, size_t len)
{
	char a[64], b[80];

	proto_clean(name, strlen(name), a, sizeof a);
	proto_clean(login, strlen(login), b, sizeof b);
	if (strcmp(a, b) == 0 || !b[0])
		snprintf(out, len, "%s", a);
	else
		snprintf(out, len, "%.63s (%.79s)", a, b);
	return out;
}

/* A clock in ms as M:SS into out; out. */
const char *lobby_clock(long ms, char out[24])
{
	long s = ms > 0 ? (ms + 999) / 1000 : 0;

	snprintf(out, 24, "%ld:%02ld", s / 60, s % 60);
	return out;
}

/*
 * The lobby as text (malloc'd; NULL when out of memory): who is on, the open
 * offers, and the games with their players, clocks (the side to move's
 * running from when its line came, for a game in play), move number and
 * watchers. Every field from the wire is cleaned.
 */
char *lobby_text(const struct lobby *l, double now)
{
	struct text t = {0};
	char a[160], b[160], c0[24], c1[24], watchers[PROTO_TEXT_MAX];

	put(&t, "Users (%d):\n", l->n_users);
	for (int i = 0; i < l->n_users; i++) {
		const struct lobby_user *u = &l->users[i];

		put(&t, "  %-28s %s%s", lobby_person(u->name, u->login, a, sizeof a),
		    u->bot ? "bot, " : "", u->playing ? "playing" : "in the lobby");
		if (u->game)
			put(&t, " game %ld", u->game);
		put(&t, "\n");
	}
	put(&t, "Open offers (%d):\n", l->n_offers);
	for (int i = 0; i < l->n_offers; i++) {
		const struct lobby_offer *o = &l->offers[i];

		proto_clean(o->to, strlen(o->to), b, sizeof b);
		put(&t, "  %ld: %s %s %s, %s, %s plays %s\n", o->id,
		    lobby_person(o->from, o->from_login, a, sizeof a), o->kind,
		    strcmp(o->to, "*") ? "to" : "for", strcmp(o->to, "*") ? b : "anyone",
		    o->control, strcmp(o->color, "-") ? o->color : "a drawn colour");
	}
	put(&t, "Games (%d):\n", l->n_games);
	for (int i = 0; i < l->n_games; i++) {
		const struct lobby_table *g = &l->games[i];
		long ms[2] = {g->clock[0], g->clock[1]};

		if (strcmp(g->state, "play") == 0 && g->turn >= 0)
			ms[g->turn] -= (long)((now - g->stamp) * 1000);
		proto_clean(g->watchers, strlen(g->watchers), watchers, sizeof watchers);
		put(&t, "  game %ld (%s, %s): %s %s - %s %s, move %d%s, watchers: %s\n", g->id,
		    g->state, g->control, lobby_person(g->name[0], g->login[0], a, sizeof a),
		    lobby_clock(ms[0], c0), lobby_person(g->name[1], g->login[1], b, sizeof b),
		    lobby_clock(ms[1], c1), g->plies + 1,
		    g->turn == 0   ? " (Black to move)"
		    : g->turn == 1 ? " (White to move)"
				   : "",
		    strcmp(watchers, "-") ? watchers : "none");
	}
	if (t.bad) {
		free(t.buf);
		return NULL;
	}
	return t.buf;
}
