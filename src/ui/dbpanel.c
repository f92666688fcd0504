/*
 * dbpanel.c — the database panel: the moves masters played from the position
 * on the board, and the games through it (gamedb-index.h).
 *
 * The panel is off until the `database` verb (key L) shows it; the first time
 * it reads and indexes the collection (--db DIR, else the default folder,
 * with the save slots), which takes about a second for the whole WTHOR base.
 * At 80x24 it takes the place of the engine panel; on a taller screen the
 * move list gives it room under the engine panel; on a wide one it is a
 * column of its own. From the top: the moves played here with their games,
 * Black's share of the points and mean final score, the most played first;
 * then the games, the latest first. Tab (`dbfocus`) moves the keys to the
 * list of games: Up and Down choose, Enter opens the game for study at this
 * position (the game on the board is kept aside: `back` returns to it), Tab
 * or Esc gives the keys back to the board. The database's moves are marked
 * on the board's empty squares with their number of games.
 *
 * The answer is kept for the position it was asked for (its board and side
 * to move), so a redraw does not query again.
 */
#include "ui.h"

#include "settings.h"

#include "gamedb-index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DB_COLUMN_MIN = 40 }; /* columns of the panel as a column of its own */

struct ui_dbpanel {
	bool shown;			    /* on the screen */
	bool loaded;			    /* `db` holds the collection */
	bool focus;			    /* the keys move in the list of games */
	struct gamedb_index db;		    /* the collection and its index */
	bool have;			    /* the answer below is for (own, opp, side) */
	uint64_t own, opp;		    /* the position queried */
	enum color side;		    /* its side to move */
	struct gamedb_hit *hits;	    /* the games through it, the latest first */
	size_t n_hits;			    /* their number */
	struct gamedb_move_stats moves[64]; /* the moves played from it */
	int n_moves;			    /* their number */
	size_t selected;		    /* the game chosen in the list */
	size_t top;			    /* the first game shown */
};

/* The panel, created on first use; NULL when out of memory. */
static struct ui_dbpanel *panel(struct ui *ui)
{
	if (!ui->dbp)
		ui->dbp = calloc(1, sizeof(*ui->dbp));
	return ui->dbp;
}

/* True when the panel is on the screen. */
bool ui_dbpanel_shown(const struct ui *ui)
{
	return ui->dbp && ui->dbp->shown;
}

/* True when the keys move in the panel's list of games. */
bool ui_dbpanel_focused(const struct ui *ui)
{
	return ui_dbpanel_shown(ui) && ui->dbp->focus && !ui->lay.compact && !ui->lay.too_small;
}

/* Frees the panel and its collection. */
void ui_dbpanel_free(struct ui *ui)
{
	if (!ui->dbp)
		return;
	gamedb_index_free(&ui->dbp->db);
	free(ui->dbp->hits);
	free(ui->dbp);
	ui->dbp = NULL;
}

/* Gives the panel its box in `ui->lay` when it is shown (see the file comment). */
void ui_dbpanel_layout(struct ui *ui)
{
	struct ui_layout *l = &ui->lay;
	int region;

	l->db_h = 0;
	if (!ui_dbpanel_shown(ui) || l->compact || l->too_small)
		return;
	if (l->moves_w >= 44 + DB_COLUMN_MIN) {
		l->moves_w = l->eval_w = 44;
		l->db_x = l->moves_x + 44;
		l->db_w = l->cols - l->db_x;
		l->db_y = l->moves_y;
		l->db_h = l->status_y - l->db_y;
		return;
	}
	l->db_x = l->eval_x;
	l->db_w = l->eval_w;
	if (l->moves_h > 10)
		l->moves_h = 10;
	l->eval_y = l->moves_y + l->moves_h;
	region = l->status_y - l->eval_y;
	if (region >= 24) {
		l->eval_h = region / 2 - 2;
		l->db_y = l->eval_y + l->eval_h;
		l->db_h = region - l->eval_h;
	} else {
		l->db_y = l->eval_y;
		l->db_h = region;
		l->eval_h = 0; /* at 80x24 the database takes the engine's place */
	}
}

/* Reads the collection (once), saying what it found on the message line. */
static void load(struct ui *ui, struct ui_dbpanel *p)
{
	const char *set = controller_settings(ui->ctl)->db_dir; /* `set db-dir`, the file's */
	struct gamedb_sources src = {ui->opt.db_dir ? ui->opt.db_dir
				     : set[0]	    ? set
						    : NULL,
				     controller_save_dir(ui->ctl)};
	char err[512];

	if (src.save_dir && !src.save_dir[0])
		src.save_dir = NULL; /* the default slots */
	ui_set_message(ui, false, "Reading the game database...");
	ui_draw(ui);
	if (gamedb_index_open(&p->db, &src, err, sizeof(err)) < 0) {
		ui_set_message(ui, true, "database: %s", err);
		return;
	}
	p->loaded = true;
	if (!p->db.games.n) {
		char *text = malloc(2048);

		if (text) {
			snprintf(text, 2048, "No game collection in %s%s.\n\n%s", p->db.dir,
				 p->db.dir_missing ? " (the folder does not exist)" : "",
				 gamedb_how_to_get());
			free(ui->popup);
			ui->popup = text;
			ui->popup_top = 0;
		}
	}
	if (p->db.skips.n)
		ui_set_message(ui, false,
			       "Database: %zu games, %zu skipped (`othello db info` says why). "
			       "Tab: the games",
			       p->db.games.n, p->db.skips.n);
	else
		ui_set_message(ui, false, "Database: %zu games (%.1f s). Tab: the games",
			       p->db.games.n, p->db.load_seconds + p->db.index_seconds);
}

/* Queries the position at the cursor unless the answer is already for it. */
static void query(struct ui *ui, struct ui_dbpanel *p)
{
	const struct board *b;
	enum color side;
	char err[128];

	if (!p->loaded || !(b = controller_board(ui->ctl))) /* the database is of 8×8 games */
		return;
	side = controller_side(ui->ctl);
	if (p->have && p->own == b->own && p->opp == b->opp && p->side == side)
		return;
	free(p->hits);
	p->hits = NULL;
	p->n_hits = 0;
	p->n_moves = 0;
	p->selected = p->top = 0;
	p->have = true;
	p->own = b->own;
	p->opp = b->opp;
	p->side = side;
	if (gamedb_index_find(&p->db, b, side, NULL, &p->hits, &p->n_hits, err, sizeof(err)) < 0 ||
	    gamedb_index_sort_recent(&p->db, p->hits, p->n_hits) < 0) {
		ui_set_message(ui, true, "database: %s", err);
		return;
	}
	p->n_moves = gamedb_index_stats(&p->db, p->hits, p->n_hits, p->moves, 64);
}

/* `database`: shows or hides the panel (reading the collection the first time). */
int ui_dbpanel_toggle(struct ui *ui, const char *rest)
{
	struct ui_dbpanel *p = panel(ui);

	(void)rest;
	if (!p) {
		ui_set_message(ui, true, "database: out of memory");
		return -1;
	}
	p->shown = !p->shown;
	p->focus = false;
	ui_layout_update(ui);
	if (p->shown && !p->loaded)
		load(ui, p);
	else if (!p->shown)
		ui_set_message(ui, false, "Database panel hidden (L shows it)");
	ui->redraw |= UI_PART_ALL;
	return 0;
}

/* `dbfocus`: gives the keys to the panel's list of games, or back to the board. */
int ui_dbpanel_focus(struct ui *ui, const char *rest)
{
	(void)rest;
	if (!ui_dbpanel_shown(ui)) {
		ui_set_message(ui, false, "the database panel is hidden: L shows it");
		return 0;
	}
	ui->dbp->focus = !ui->dbp->focus;
	ui_set_message(ui, false, "%s",
		       ui->dbp->focus ? "Games: Up/Down choose, Enter opens it for study, Tab or "
					"Esc back to the board"
				      : "Keys back to the board");
	ui->redraw |= UI_PART_ALL;
	return 0;
}

/* Moves the choice in the list of games by `delta` (the panel has the keys). */
void ui_dbpanel_move(struct ui *ui, int delta)
{
	struct ui_dbpanel *p = ui->dbp;

	if (!p->n_hits)
		return;
	if (delta < 0 && p->selected < (size_t)-delta)
		p->selected = 0;
	else
		p->selected += (size_t)(long)delta;
	if (p->selected >= p->n_hits)
		p->selected = p->n_hits - 1;
	ui->redraw |= UI_PART_ALL;
}

/* Gives the keys back to the board (Esc in the list). */
void ui_dbpanel_unfocus(struct ui *ui)
{
	if (ui->dbp)
		ui->dbp->focus = false;
	ui->redraw |= UI_PART_ALL;
}

/* `dbopen [N]`: opens game N of the database (default: the one chosen in the
   list) for study at the position on the board, turned as the board is when
   its start allows, the game on the board kept aside. Asks first when that
   game is not saved. */
int ui_dbpanel_open(struct ui *ui, const char *rest)
{
	struct ui_dbpanel *p = ui->dbp;
	const struct gamedb_hit *h = NULL;
	struct gamedb_game g;
	struct board start, t;
	struct game *r;
	char err[256], line[64], what[200];
	int moves, rc;
	long want = 0;

	if (!p || !p->loaded) {
		ui_set_message(ui, true, "dbopen: the database is not read (L shows its panel)");
		return -1;
	}
	query(ui, p);
	if (*rest) {
		char *end;

		want = strtol(rest, &end, 10);
		if (*end || want < 1) {
			ui_set_message(ui, true, "dbopen: a game number (from 1)");
			return -1;
		}
		for (size_t i = 0; i < p->n_hits && !h; i++)
			if (p->hits[i].game + 1 == (uint32_t)want)
				h = &p->hits[i];
		if (!h) {
			ui_set_message(ui, true,
				       "dbopen: game %ld does not go through this position", want);
			return -1;
		}
	} else if (p->selected < p->n_hits) {
		h = &p->hits[p->selected];
	}
	if (!h) {
		ui_set_message(ui, true, "dbopen: no game goes through this position");
		return -1;
	}
	snprintf(line, sizeof(line), "dbopen %u", h->game + 1);
	if (controller_unsaved(ui->ctl) && !controller_has_aside(ui->ctl) &&
	    !ui->replace_confirmed) {
		char ask[128];

		snprintf(ask, sizeof(ask),
			 " Your game is not saved: it goes aside (`back` returns). Open game %u? "
			 "(y/n)",
			 h->game + 1);
		ui_confirm(ui, line, ask, "Kept your game on the board.");
		return 0;
	}
	g = p->db.games.g[h->game];
	board_start(&start);
	board_symmetry(&start, h->sym, &t);
	if (t.own == start.own && t.opp == start.opp)
		for (int i = 0; i < g.n_moves; i++)
			g.moves[i] = (uint8_t)board_symmetry_square(g.moves[i], h->sym);
	moves = board_popcount(p->own | p->opp) - 4;
	if (!(r = gamedb_to_record(&g, &p->db.players, &p->db.tournaments, err, sizeof(err)))) {
		ui_set_message(ui, true, "dbopen: %s", err);
		return -1;
	}
	rc = controller_study_record(ui->ctl, r, moves, err, sizeof(err));
	if (rc < 0) {
		ui_set_message(ui, true, "dbopen: %s", err);
		return -1;
	}
	snprintf(what, sizeof(what), "%s - %s, %s %u", gamedb_player_name(&p->db, g.black),
		 gamedb_player_name(&p->db, g.white), gamedb_tournament_name(&p->db, g.tournament),
		 g.year);
	ui_set_message(ui, false, "Game %u (%s)%s; `back` returns to your game", h->game + 1, what,
		       t.own == start.own && t.opp == start.opp ? "" : ", shown as it was played");
	p->focus = false;
	ui->moves_follow = true;
	ui->redraw |= UI_PART_ALL;
	return 0;
}

/* Brings the panel's answer up to the position on the board (before a redraw). */
void ui_dbpanel_refresh(struct ui *ui)
{
	if (ui_dbpanel_shown(ui))
		query(ui, ui->dbp);
}

/* The database's moves from the position on the board as last queried
   (ui_dbpanel_refresh): their squares and games in `sq` and `games` (at most
   `max`); their number. */
int ui_dbpanel_marks(const struct ui *ui, int *sq, unsigned *games, int max)
{
	const struct ui_dbpanel *p = ui->dbp;
	int n = 0;

	const struct board *b;

	if (!ui_dbpanel_shown(ui) || ui->lay.compact || controller_mode(ui->ctl) == MODE_EDIT ||
	    !p->have || !(b = controller_board(ui->ctl)))
		return 0;
	if (b->own != p->own || b->opp != p->opp || controller_side(ui->ctl) != p->side)
		return 0; /* an answer for another position */
	for (int i = 0; i < p->n_moves && n < max; i++, n++) {
		sq[n] = p->moves[i].move;
		games[n] = p->moves[i].games;
	}
	return n;
}

/* A number of games in at most 4 columns: 742, 9512, 39k, 111k. */
static void short_count(char *out, size_t len, unsigned n)
{
	if (n < 10000)
		snprintf(out, len, "%u", n);
	else
		snprintf(out, len, "%uk", n / 1000);
}

/* Draws the panel in its box. */
void ui_dbpanel_draw(struct ui *ui)
{
	struct ui_dbpanel *p = ui->dbp;
	const struct ui_layout *l = &ui->lay;
	int y = l->db_y + 1, end = l->db_y + l->db_h - 1, x = l->db_x + 2, w = l->db_w - 4;
	int move_rows, game_rows;
	char title[64], buf[256];
	attr_t dim = ui_style(ui, PAIR_DIM, A_NORMAL), head = ui_style(ui, PAIR_TITLE, A_NORMAL);

	if (!ui_dbpanel_shown(ui) || l->db_h < 3)
		return;
	query(ui, p);
	if (!p->loaded)
		snprintf(title, sizeof(title), "Database");
	else
		snprintf(title, sizeof(title), "Database: %zu game%s", p->n_hits,
			 p->n_hits == 1 ? "" : "s");
	ui_draw_box(ui, l->db_y, l->db_x, l->db_h, l->db_w, title);
	if (!p->loaded || !controller_board(ui->ctl)) {
		attron(dim);
		ui_put(y, x, w,
		       p->loaded ? "The database holds 8x8 games only." : "No database read.");
		attroff(dim);
		return;
	}
	if (!p->n_hits) {
		attron(dim);
		ui_put(y, x, w,
		       p->db.games.n ? "No game reached this position."
				     : "No games: see `othello db info`.");
		attroff(dim);
		return;
	}
	move_rows = p->n_moves;
	if (move_rows > (end - y) / 2 - 1)
		move_rows = (end - y) / 2 - 1;
	if (move_rows < 1 && p->n_moves)
		move_rows = 1;
	if (p->n_moves) {
		attron(head);
		ui_put(y++, x, w, "move  games  Black%   mean");
		attroff(head);
	}
	for (int i = 0; i < move_rows && y < end; i++) {
		const struct gamedb_move_stats *m = &p->moves[i];
		uint32_t decided = m->black_wins + m->draws + m->white_wins;
		char count[16];

		short_count(count, sizeof(count), m->games);
		snprintf(buf, sizeof(buf), "%-4s %6s  %5.1f  %+5.1f", board_square_name(m->move),
			 count, decided ? 100.0 * (m->black_wins + 0.5 * m->draws) / decided : 0.0,
			 m->mean_result);
		ui_put(y++, x, w, buf);
	}
	if (y >= end)
		return;
	attron(head);
	ui_put(y++, x, w, p->focus ? "games (Enter opens, Tab: board)" : "games (Tab: choose)");
	attroff(head);
	game_rows = end - y;
	if (game_rows < 1)
		return;
	if (p->selected < p->top)
		p->top = p->selected;
	if (p->selected >= p->top + (size_t)game_rows)
		p->top = p->selected - (size_t)game_rows + 1;
	for (size_t i = p->top; i < p->n_hits && y < end; i++) {
		const struct gamedb_game *g = &p->db.games.g[p->hits[i].game];
		char score[8], year[8] = "";
		bool sel = p->focus && i == p->selected;

		if (g->year)
			snprintf(year, sizeof(year), "%u", g->year);
		if (g->result == GAMEDB_NO_SCORE)
			snprintf(score, sizeof(score), "  -");
		else
			snprintf(score, sizeof(score), "%+3d", g->result);
		snprintf(buf, sizeof(buf), "%4.4s %s %-.*s - %-.*s", year, score, (w - 12) / 2,
			 gamedb_player_name(&p->db, g->black), (w - 12) / 2,
			 gamedb_player_name(&p->db, g->white));
		if (sel)
			attron(A_REVERSE);
		mvhline(y, x, ' ', w);
		ui_put(y++, x, w, buf);
		if (sel)
			attroff(A_REVERSE);
	}
}
