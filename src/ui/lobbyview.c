/*
 * lobbyview.c — the game server's lobby on the screen (`othello join`): who
 * is on, the open challenges and the games in progress, kept live from the
 * server's lines (lobby.h), with the keys to challenge, accept and watch.
 *
 * It shows while the screen is connected to a server and the board holds no
 * game: no game of the server (played or watched) and nothing played on the
 * board (after a game, `new` brings it back). On the full screen it takes the
 * place of the move list and the engine panel (the right-hand column, 44
 * columns at 80x24); on the compact screen it takes the whole screen above
 * the message line. Its rows, from the top: the challenges (those to the
 * user first, then the user's own, then the others'), the people on (name
 * and login, free or playing which game), the games (number, players,
 * clocks, the side to move's marked and running, move number, watchers); the
 * last row says what Enter does with the entry chosen.
 *
 * Up and Down choose an entry (ui->lobby_sel counts the entries from the
 * top, section headers not counted) and Enter acts through the command
 * table: a challenge to the user or another's seek is accepted (`accept
 * NAME`), the user's own offer withdrawn, a game or a playing user's game
 * watched (`watch GAME`), a free user challenged (the command bar opens with
 * `challenge NAME `, for a time control and a colour before Enter).
 *
 * Every name, login and list comes from other people through the server:
 * each is cleaned (proto_clean: no control byte reaches the terminal) and
 * every row is cut to the panel's width.
 */
#include "ui.h"

#include "gametree.h"
#include "lobby.h"
#include "proto.h"
#include "timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum entry_kind { ENTRY_OFFER, ENTRY_USER, ENTRY_GAME };

/* One chosen row: the kind and its index in the lobby's array. */
struct entry {
	enum entry_kind kind; /* which list */
	int at;		      /* index in that list */
};

/* True when the lobby takes the screen (see the file comment). */
bool ui_lobby_shown(const struct ui *ui)
{
	return ui->ctl && controller_lobby(ui->ctl) && !controller_net_game(ui->ctl) &&
	       controller_line_end(ui->ctl)->ply == 0;
}

/* The rank of an offer in the list: to the user first, then the user's, then others'. */
static int offer_rank(const struct lobby_offer *o, const char *me)
{
	if (proto_name_equal(o->to, me) ||
	    (strcmp(o->to, "*") == 0 && !proto_name_equal(o->from, me)))
		return 0;
	return proto_name_equal(o->from, me) ? 1 : 2;
}

/* The entries in the order shown into out (room for the lobby's entries); their number. */
static int entries(const struct lobby *lb, const char *me, struct entry *out)
{
	int n = 0;

	for (int rank = 0; rank < 3; rank++)
		for (int i = 0; i < lb->n_offers; i++)
			if (offer_rank(&lb->offers[i], me) == rank)
				out[n++] = (struct entry){ENTRY_OFFER, i};
	for (int i = 0; i < lb->n_users; i++)
		out[n++] = (struct entry){ENTRY_USER, i};
	for (int i = 0; i < lb->n_games; i++)
		out[n++] = (struct entry){ENTRY_GAME, i};
	return n;
}

/* The entries of the lobby on the screen, malloc'd (NULL when none or out of memory). */
static struct entry *list_entries(const struct ui *ui, const struct lobby *lb, int *n)
{
	int total = lb->n_offers + lb->n_users + lb->n_games;
	struct entry *e = total ? malloc(sizeof *e * (size_t)total) : NULL;

	*n = e ? entries(lb, controller_net_me(ui->ctl), e) : 0;
	return e;
}

/* A text from the wire cleaned for the terminal (cut to fit out). */
static const char *clean(const char *text, char *out, size_t len)
{
	proto_clean(text, strlen(text), out, len);
	return out;
}

/* "bob (alice)" cleaned (lobby_person); "you" for the user. */
static const char *person(const char *name, const char *login, const char *me, char out[200])
{
	if (me && proto_name_equal(name, me))
		return strcpy(out, "you");
	return lobby_person(name, login, out, 200);
}

/* The row of an offer: who offers to whom, the time control and the offerer's colour
   ("alice (al) → you: 5+3, alice black"). */
static void offer_row(const struct ui *ui, const struct lobby_offer *o, const char *me, char *out,
		      size_t len)
{
	char from[200], to[200], control[32], color[100], name[80];
	int c = proto_color_parse(o->color);

	person(o->from, o->from_login, me, from);
	if (strcmp(o->to, "*") == 0)
		snprintf(to, sizeof to, "anyone");
	else
		person(o->to, "", me, to);
	clean(o->control, control, sizeof control);
	if (c < 0)
		snprintf(color, sizeof color, "colours drawn");
	else
		snprintf(color, sizeof color, "%s %s",
			 strcmp(from, "you") ? clean(o->from, name, sizeof name) : "you",
			 c == BLACK ? "black" : "white");
	snprintf(out, len, "%s%s %s %s: %s, %s", strcmp(o->kind, "rematch") ? "" : "rematch ", from,
		 ui->utf8 ? "\u2192" : "->", to, control, color);
}

/* The row of a user: name (login) and what they do. */
static void user_row(const struct lobby_user *u, const char *me, char *out, size_t len)
{
	char who[200];
	bool mine = me && proto_name_equal(u->name, me);

	person(u->name, u->login, NULL, who);
	if (u->playing && u->game)
		snprintf(out, len, "%s%s: %splaying game %ld", who, mine ? " (you)" : "",
			 u->bot ? "bot, " : "", u->game);
	else
		snprintf(out, len, "%s%s: %s%s", who, mine ? " (you)" : "", u->bot ? "bot, " : "",
			 u->playing ? "playing" : "free");
}

/* The row of a game: number, players with their clocks (the side to move's running and
   marked), move number, watchers. */
static void game_row(const struct lobby_table *g, double now, char *out, size_t len)
{
	char b[80], w[80], cb[24], cw[24], watchers[200];
	long ms[2] = {g->clock[0], g->clock[1]};
	bool play = strcmp(g->state, "play") == 0;
	int n_watch = 0;

	if (play && g->turn >= 0)
		ms[g->turn] -= (long)((now - g->stamp) * 1000);
	clean(g->name[0], b, sizeof b);
	clean(g->name[1], w, sizeof w);
	clean(g->watchers, watchers, sizeof watchers);
	if (strcmp(g->watchers, "-") != 0)
		for (const char *p = g->watchers; p; p = strchr(p + 1, ','))
			n_watch++;
	if (play)
		snprintf(out, len, "%ld %s %s%s - %s %s%s, move %d%s%s", g->id, b,
			 lobby_clock(ms[0], cb), g->turn == BLACK ? "*" : "", w,
			 lobby_clock(ms[1], cw), g->turn == WHITE ? "*" : "", g->plies + 1,
			 n_watch ? ", watched by " : "", n_watch ? watchers : "");
	else
		snprintf(out, len, "%ld %s - %s, %s at move %d", g->id, b, w,
			 clean(g->state, cb, sizeof cb), g->plies + 1);
}

/* The text of entry e into out. */
static void entry_row(const struct ui *ui, const struct lobby *lb, struct entry e, char *out,
		      size_t len)
{
	const char *me = controller_net_me(ui->ctl);

	if (e.kind == ENTRY_OFFER)
		offer_row(ui, &lb->offers[e.at], me, out, len);
	else if (e.kind == ENTRY_USER)
		user_row(&lb->users[e.at], me, out, len);
	else
		game_row(&lb->games[e.at], timer_now(), out, len);
}

/* What Enter does with entry e, as a command line into line ("" for nothing) and in words
   into what. */
static void entry_action(const struct ui *ui, const struct lobby *lb, struct entry e, char *line,
			 size_t linelen, char *what, size_t whatlen)
{
	const char *me = controller_net_me(ui->ctl);

	line[0] = '\0';
	if (e.kind == ENTRY_GAME) {
		snprintf(line, linelen, "watch %ld", lb->games[e.at].id);
		snprintf(what, whatlen, "watch game %ld", lb->games[e.at].id);
	} else if (e.kind == ENTRY_USER) {
		const struct lobby_user *u = &lb->users[e.at];

		if (proto_name_equal(u->name, me))
			snprintf(what, whatlen, "nothing (it is you)");
		else if (u->playing && u->game) {
			snprintf(line, linelen, "watch %ld", u->game);
			snprintf(what, whatlen, "watch game %ld", u->game);
		} else if (!proto_name_valid(u->name))
			snprintf(what, whatlen, "nothing (not a name the server takes)");
		else {
			snprintf(line, linelen, "prompt challenge %s ", u->name);
			snprintf(what, whatlen, "challenge %s (the bar opens)", u->name);
		}
	} else {
		const struct lobby_offer *o = &lb->offers[e.at];

		if (proto_name_equal(o->from, me)) {
			snprintf(line, linelen, "withdraw");
			snprintf(what, whatlen, "withdraw your offer");
		} else if (offer_rank(o, me) != 0) {
			snprintf(what, whatlen, "nothing (an offer to another)");
		} else if (!proto_name_valid(o->from)) {
			snprintf(what, whatlen, "nothing (not a name the server takes)");
		} else {
			snprintf(line, linelen, "accept %s", o->from);
			snprintf(what, whatlen, "accept %s's %s", o->from,
				 strcmp(o->to, "*") ? o->kind : "seek");
		}
	}
}

/* Draws the section header `title (n)` at row y unless it is past the bottom; the next row. */
static int section(const struct ui *ui, int y, int bottom, int x, int w, const char *title, int n)
{
	char text[64];

	if (y < bottom) {
		snprintf(text, sizeof text, "%s (%d)", title, n);
		attron(ui_style(ui, PAIR_TITLE, A_BOLD));
		ui_put(y, x, w, text);
		attroff(ui_style(ui, PAIR_TITLE, A_BOLD));
	}
	return y + 1;
}

/* The row of entry `sel` counting from the first section's header (each section a header,
   then its entries or a "none" row). */
static int choice_row(const int sizes[3], int sel)
{
	int row = 0;

	for (int s = 0; s < 3; s++) {
		row++;
		if (sel < sizes[s])
			return row + sel;
		sel -= sizes[s];
		row += sizes[s] ? sizes[s] : 1;
	}
	return row;
}

/*
 * Draws the lobby in the rectangle at y,x of h rows and w columns (a box
 * around it when `box`): the three lists from the entry chosen's page, the
 * choice in reverse video, and on the last row what Enter does. The choice
 * is kept within the entries.
 */
void ui_lobby_draw(struct ui *ui, int y, int x, int h, int w, bool box)
{
	const struct lobby *lb = controller_lobby(ui->ctl);
	int n = 0, top, bottom, row, k = 0, sel_row, sizes[3];
	struct entry *e;
	char text[600], line[128], what[160];
	static const char *const titles[] = {"Challenges", "On the server", "Games"};

	if (!lb || h < 3 || w < 8)
		return;
	e = list_entries(ui, lb, &n);
	if (ui->lobby_sel >= n)
		ui->lobby_sel = n - 1;
	if (ui->lobby_sel < 0)
		ui->lobby_sel = 0;
	if (box) {
		ui_draw_box(ui, y, x, h, w, "Lobby");
		y++, x += 2, h -= 2, w -= 4;
	} else {
		attron(ui_style(ui, PAIR_HEADER, A_BOLD));
		ui_put(y, x, w, "Lobby");
		attroff(ui_style(ui, PAIR_HEADER, A_BOLD));
		y++, h--;
	}
	bottom = y + h - 1; /* the last row says what Enter does */
	sizes[0] = lb->n_offers;
	sizes[1] = lb->n_users;
	sizes[2] = lb->n_games;
	sel_row = choice_row(sizes, ui->lobby_sel);
	top = sel_row >= bottom - y ? sel_row - (bottom - y) + 1 : 0;
	row = y - top;
	for (int s = 0; s < 3; s++) {
		if (row >= y)
			row = section(ui, row, bottom, x, w, titles[s], sizes[s]);
		else
			row++;
		if (!sizes[s]) {
			if (row >= y && row < bottom) {
				attron(ui_style(ui, PAIR_DIM, A_NORMAL));
				ui_put(row, x + 1, w - 1,
				       s == 0	? "none: `challenge NAME` or `seek` offers one"
				       : s == 1 ? "nobody (the list comes from the server)"
						: "none in progress");
				attroff(ui_style(ui, PAIR_DIM, A_NORMAL));
			}
			row++;
		}
		for (int j = 0; j < sizes[s]; j++, k++, row++) {
			attr_t a =
			    k == ui->lobby_sel ? ui_style(ui, PAIR_SELECT, A_REVERSE) : A_NORMAL;

			if (row < y || row >= bottom)
				continue;
			entry_row(ui, lb, e[k], text, sizeof text);
			attron(a);
			mvhline(row, x, ' ', w);
			ui_put(row, x + 1, w - 1, text);
			attroff(a);
		}
	}
	if (controller_net_lost(ui->ctl))
		snprintf(text, sizeof text, "the connection is lost: trying again");
	else if (n) {
		entry_action(ui, lb, e[ui->lobby_sel], line, sizeof line, what, sizeof what);
		snprintf(text, sizeof text, "%s Enter: %s", ui->utf8 ? "\u2191\u2193" : "Up/Down",
			 what);
	} else {
		snprintf(text, sizeof text, "`who` and `games` ask the server again");
	}
	attron(ui_style(ui, PAIR_DIM, A_NORMAL));
	ui_put(bottom, x, w, text);
	attroff(ui_style(ui, PAIR_DIM, A_NORMAL));
	free(e);
}

/* Moves the choice by delta entries (Up, Down while the lobby shows). */
void ui_lobby_move(struct ui *ui, int delta)
{
	ui->lobby_sel += delta;
	if (ui->lobby_sel < 0)
		ui->lobby_sel = 0;
	ui->redraw |= UI_PART_MOVES | UI_PART_EVAL;
}

/* Enter on the entry chosen: runs its command line (see the file comment); -1 when it has
   none, with the reason on the message line. */
int ui_lobby_select(struct ui *ui)
{
	const struct lobby *lb = controller_lobby(ui->ctl);
	char line[128], what[160];
	int n = 0, rc = -1;
	struct entry *e = lb ? list_entries(ui, lb, &n) : NULL;

	if (!e || !n) {
		free(e);
		ui_set_message(ui, false, "the lobby is empty: `who` and `games` ask the server");
		return -1;
	}
	if (ui->lobby_sel >= n)
		ui->lobby_sel = n - 1;
	entry_action(ui, lb, e[ui->lobby_sel], line, sizeof line, what, sizeof what);
	free(e);
	if (line[0])
		rc = ui_execute(ui, line);
	else
		ui_set_message(ui, false, "Enter does %s", what);
	ui->redraw |= UI_PART_MOVES | UI_PART_EVAL;
	return rc;
}
