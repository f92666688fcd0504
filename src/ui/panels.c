/*
 * panels.c — the move list, the engine panel and the evaluation graph.
 *
 * Move list: the current line as a grid of plies read left to right (an
 * even number of columns, so Black's and White's moves line up until a
 * pass), each cell "12 ○d6?!✎+": ply number, who played, the square (--
 * for a pass), the mark, a sign when the move has a comment and a + when
 * other moves were tried there (variations). The replay cursor's move is
 * highlighted and kept in view unless the list was scrolled by hand.
 *
 * Engine panel, from the top: the opening's name; while a search runs, its
 * iterations (depth, score, nodes, speed, principal variation); the hint
 * list when there is one for this position; the progress of an analysis;
 * then what is known of the move that led to the cursor: who played it, the
 * engine's reasoning (level, source, depth, score, PV, nodes, time, the
 * other candidates), the analysis verdict and the comment.
 *
 * Graph: one column per ply (sampled when the game is longer than the
 * graph is wide), a bar from the bottom whose height is the score from
 * Black's point of view, the middle height being an even game. Scores come
 * from the analysis of each move, else from the engine's own reasoning.
 */
#include "ui.h"

#include "gametree.h"
#include "opening-names.h"
#include "timer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MOVE_CELL = 10, LINE_MAX = 128 };

/* Draws the move list box. */
void ui_draw_moves(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	const struct game_node *line[LINE_MAX];
	int n = ui_line(ui, line, LINE_MAX), cursor = controller_cursor(ui->ctl);
	int inner = l->moves_w - 3, ncols = inner / MOVE_CELL, rows = l->moves_h - 2, total_rows;
	char title[64];

	if (ncols > 2)
		ncols &= ~1;
	if (ncols < 1)
		ncols = 1;
	total_rows = (n - 1 + ncols - 1) / ncols;
	if (ui->moves_follow && cursor > 0) {
		int r = (cursor - 1) / ncols;
		if (r < ui->moves_top)
			ui->moves_top = r;
		if (r >= ui->moves_top + rows)
			ui->moves_top = r - rows + 1;
	}
	if (ui->moves_top > total_rows - rows)
		ui->moves_top = total_rows - rows;
	if (ui->moves_top < 0)
		ui->moves_top = 0;
	snprintf(title, sizeof title, "Moves %d", n - 1);
	ui_draw_box(ui, l->moves_y, l->moves_x, l->moves_h, l->moves_w, title);
	if (n <= 1) {
		attron(ui_style(ui, PAIR_DIM, A_NORMAL));
		ui_put(l->moves_y + 1, l->moves_x + 2, inner, "no moves yet");
		attroff(ui_style(ui, PAIR_DIM, A_NORMAL));
	}
	for (int r = 0; r < rows; r++) {
		for (int c = 0; c < ncols; c++) {
			int ply = (ui->moves_top + r) * ncols + c + 1;
			const struct game_node *m;
			char sq[3], num[16];
			const char *mark;
			int x = l->moves_x + 2 + c * MOVE_CELL, y = l->moves_y + 1 + r;
			attr_t sel = ui_style(ui, PAIR_SELECT, A_REVERSE);
			if (ply >= n)
				break;
			m = line[ply];
			if (ply == cursor)
				attron(sel);
			snprintf(num, sizeof num, "%2d ", ply);
			mvaddstr(y, x, num);
			addstr(ui_disc(ui, m->player));
			addstr(m->move == SQ_PASS ? "--" : ui_square_name(m->move, sq));
			mark = m->mark != MARK_NONE ? game_mark_symbol(m->mark) : "";
			if (ply != cursor && mark[0]) {
				bool bad = m->mark == MARK_BAD || m->mark == MARK_VERY_BAD ||
					   m->mark == MARK_DUBIOUS;
				attron(ui_style(ui, bad ? PAIR_BAD : PAIR_GOOD, A_BOLD));
				printw("%-2s", mark);
				attroff(ui_style(ui, bad ? PAIR_BAD : PAIR_GOOD, A_BOLD));
			} else {
				printw("%-2s", mark);
			}
			addstr(m->comment && m->comment[0] ? (ui->utf8 ? "\u270e" : "*") : " ");
			addstr(m->parent && game_child_count(m->parent) > 1 ? "+" : " ");
			if (ply == cursor)
				attroff(sel);
		}
	}
	if (total_rows > rows) {
		char more[48];
		snprintf(more, sizeof more, " %d-%d/%d ", ui->moves_top + 1,
			 ui->moves_top + rows < total_rows ? ui->moves_top + rows : total_rows,
			 total_rows);
		mvaddstr(l->moves_y + l->moves_h - 1,
			 l->moves_x + l->moves_w - (int)strlen(more) - 2, more);
	}
}

/* Lines of the engine panel, filled top to bottom and clipped to the box. */
struct panel {
	struct ui *ui;
	int y, x, w, end; /* next row, left column, width, first row past the box */
};

static void panel_line(struct panel *p, attr_t a, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void panel_line(struct panel *p, attr_t a, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (p->y >= p->end)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	attron(a);
	ui_put(p->y++, p->x, p->w, buf);
	attroff(a);
}

/* Word-wraps `text` over as many lines as it needs (and the box allows); the
   lines after the first are indented by the width of `prefix`. */
static void panel_wrap(struct panel *p, attr_t a, const char *prefix, const char *text)
{
	char buf[512];
	size_t len, base = strlen(prefix);
	int indent = (int)mbstowcs(NULL, prefix, 0);

	if (indent < 0)
		indent = (int)base;
	snprintf(buf, sizeof buf, "%s", prefix);
	len = base;
	while (*text && p->y < p->end) {
		size_t word = strcspn(text, " \n");
		if (len > base && len + 1 + word > (size_t)p->w) {
			panel_line(p, a, "%s", buf);
			snprintf(buf, sizeof buf, "%*s", indent, "");
			len = base = (size_t)indent;
		}
		if (len > base && len < sizeof buf - 1)
			buf[len++] = ' ';
		if (len + word >= sizeof buf)
			word = sizeof buf - len - 1;
		memcpy(buf + len, text, word);
		len += word;
		buf[len] = '\0';
		text += word;
		if (*text == '\n') {
			panel_line(p, a, "%s", buf);
			snprintf(buf, sizeof buf, "%*s", indent, "");
			len = base = (size_t)indent;
		}
		while (*text == ' ' || *text == '\n')
			text++;
	}
	if (len > base)
		panel_line(p, a, "%s", buf);
}

/* Puts `n` pieces of text on lines, separated by spaces, breaking a line only
   between pieces (a piece wider than the box is cut at its edge). */
static void panel_pieces(struct panel *p, attr_t a, const char *const *pieces, int n)
{
	char buf[512];
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t w = strlen(pieces[i]);
		if (len > 0 && len + 1 + w > (size_t)p->w) {
			panel_line(p, a, "%s", buf);
			len = 0;
		}
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", len ? " " : "",
					pieces[i]);
		if (len >= sizeof buf)
			len = sizeof buf - 1;
	}
	if (len > 0)
		panel_line(p, a, "%s", buf);
}

static void format_pv(char *out, size_t outlen, const int *pv, int n)
{
	size_t len = 0;

	out[0] = '\0';
	for (int i = 0; i < n && len + 6 < outlen; i++) {
		char sq[3];
		len += (size_t)snprintf(out + len, outlen - len, "%s%s", i ? " " : "",
					pv[i] == SQ_PASS ? "pa" : ui_square_name(pv[i], sq));
	}
}

static void format_count(char *out, size_t len, double v)
{
	if (v >= 1e9)
		snprintf(out, len, "%.1fG", v / 1e9);
	else if (v >= 1e6)
		snprintf(out, len, "%.1fM", v / 1e6);
	else if (v >= 1e3)
		snprintf(out, len, "%.1fk", v / 1e3);
	else
		snprintf(out, len, "%.0f", v);
}

static void draw_live(struct panel *p)
{
	struct ui *ui = p->ui;
	const char *name = "engine";
	int first, room;

	controller_player(ui->ctl, controller_side(ui->ctl), &name);
	panel_line(p, A_BOLD, "%s is thinking%s %.1fs", name, ui->utf8 ? "\u2026" : "...",
		   timer_now() - ui->think_start);
	panel_line(p, ui_style(ui, PAIR_DIM, A_NORMAL), " depth   score   nodes  speed  PV");
	room = p->end - p->y;
	first = ui->n_live > room ? ui->n_live - room : 0;
	for (int i = first; i < ui->n_live; i++) {
		const struct ctl_progress *g = &ui->live[i];
		char score[24], nodes[16], speed[16], pv[200], depth[16];
		ui_format_score(score, sizeof score, g->score, g->bound, g->endgame);
		search_depth_text(g->depth, g->selectivity, depth, sizeof depth);
		format_count(nodes, sizeof nodes, (double)g->nodes);
		format_count(speed, sizeof speed, g->time > 0 ? g->nodes / g->time : 0);
		format_pv(pv, sizeof pv, g->pv, g->pv_len);
		panel_line(p, i == ui->n_live - 1 ? A_BOLD : A_NORMAL, "%6s%s %7s %7s %5s/s %s",
			   depth, g->endgame ? "e" : " ", score, nodes, speed, pv);
	}
}

static void draw_hints(struct panel *p)
{
	struct ui *ui = p->ui;
	struct ctl_hint h[16];
	int n = controller_hints(ui->ctl, h, 16);

	if (n <= 0)
		return;
	panel_line(p, A_BOLD, "Hints for %s",
		   controller_side(ui->ctl) == BLACK ? "Black" : "White");
	for (int i = 0; i < n; i++) {
		char sq[3], score[24];
		ui_format_score(score, sizeof score, h[i].score, h[i].bound, h[i].endgame);
		panel_line(p, i == 0 ? ui_style(ui, PAIR_GOOD, A_BOLD) : A_NORMAL,
			   "%2d. %-4s %7s  %s %d", i + 1,
			   h[i].move == SQ_PASS ? "pass" : ui_square_name(h[i].move, sq), score,
			   h[i].endgame ? "exact, empties" : "depth", h[i].depth);
	}
}

static void draw_reasoning(struct panel *p, const struct game_node *m, int ply)
{
	struct ui *ui = p->ui;
	const struct game_reasoning *r = m->reasoning;
	char sq[3], score[24], pv[200], nodes[16];
	const char *player = "human";
	enum player_kind kind = controller_player(ui->ctl, m->player, &player);

	panel_line(p, A_BOLD, "Move %d: %s %s %s%s%s", ply, m->player == BLACK ? "Black" : "White",
		   ui_disc(ui, m->player),
		   m->move == SQ_PASS ? "pass" : ui_square_name(m->move, sq), m->mark ? " " : "",
		   m->mark ? game_mark_symbol(m->mark) : "");
	if (r) {
		char line[400];
		size_t len = 0;
		char level[GAME_LEVEL_LEN + 1], how[48], depth[16];

		ui_format_score(score, sizeof score, r->score, r->bound, r->endgame);
		snprintf(level, sizeof level, "%s,", r->level[0] ? r->level : "engine");
		search_depth_text(r->depth, r->selectivity, depth, sizeof depth);
		snprintf(how, sizeof how, "%s: %s %s,", game_source_name(r->source),
			 r->endgame ? "empties" : "depth", depth);
		snprintf(line, sizeof line, "score %s", score);
		panel_pieces(p, A_NORMAL, (const char *const[]){level, how, line}, 3);
		if (r->source != SOURCE_BOOK && r->source != SOURCE_RANDOM) {
			format_count(nodes, sizeof nodes, (double)r->nodes);
			panel_line(p, A_NORMAL, "%s nodes in %.2fs", nodes, r->time);
		}
		if (r->pv_len > 0) {
			format_pv(pv, sizeof pv, r->pv, r->pv_len);
			panel_wrap(p, A_NORMAL, "PV ", pv);
		}
		line[0] = '\0';
		for (int i = 0; i < r->n_moves && len + 16 < sizeof line; i++) {
			if (r->moves[i].move == m->move)
				continue;
			ui_format_score(score, sizeof score, r->moves[i].score, r->moves[i].bound,
					r->endgame);
			len += (size_t)snprintf(line + len, sizeof line - len, "%s%s %s",
						len ? ", " : "",
						ui_square_name(r->moves[i].move, sq), score);
		}
		if (line[0])
			panel_wrap(p, ui_style(ui, PAIR_DIM, A_NORMAL), "Others ", line);
	} else if (kind == PLAYER_HUMAN || m->move == SQ_PASS) {
		panel_line(p, ui_style(ui, PAIR_DIM, A_NORMAL), "%s",
			   m->time > 0 ? "played by hand" : "no engine reasoning for this move");
	}
	if (m->analysis.valid) {
		char best[24], played[24], played_text[40];
		char head[48], loss[24];

		ui_format_score(best, sizeof best, m->analysis.best_score, 0, false);
		ui_format_score(played, sizeof played, m->analysis.played_score, 0, false);
		snprintf(head, sizeof head, "Analysis: best %s %s,",
			 ui_square_name(m->analysis.best_move, sq), best);
		snprintf(played_text, sizeof played_text, "played %s,", played);
		snprintf(loss, sizeof loss, "loss %.2f", m->analysis.loss / 100.0);
		panel_pieces(p, m->analysis.loss > 0 ? ui_style(ui, PAIR_BAD, A_BOLD) : A_NORMAL,
			     (const char *const[]){head, played_text, loss}, 3);
	}
	if (m->comment && m->comment[0])
		panel_wrap(p, A_NORMAL, ui->utf8 ? "\u270e " : "* ", m->comment);
}

/* The name of the opening the line reaches by the cursor (the latest named
   position along it), else the game's ON property, else NULL. */
static const char *opening_name(const struct ui *ui, const struct game_node *const *line, int n)
{
	int moves[LINE_MAX], count = 0, plies;
	const char *name = NULL;

	if (ui->openings && controller_game(ui->ctl)->standard_start) {
		for (int i = 1; i < n && line[i]->move != SQ_PASS; i++)
			moves[count++] = line[i]->move;
		name = openings_match(ui->openings, moves, count, &plies);
	}
	if (!name)
		name = game_info(controller_game(ui->ctl), INFO_OPENING);
	return name && name[0] ? name : NULL;
}

/* Draws the engine panel box. */
void ui_draw_eval(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	const struct game_node *line[LINE_MAX];
	int n = ui_line(ui, line, LINE_MAX), cursor = controller_cursor(ui->ctl);
	const char *opening = opening_name(ui, line, n < cursor + 1 ? n : cursor + 1);
	struct panel p = {ui, l->eval_y + 1, l->eval_x + 2, l->eval_w - 4,
			  l->eval_y + l->eval_h - 1};
	struct ctl_analysis_side an[2];

	ui_draw_box(ui, l->eval_y, l->eval_x, l->eval_h, l->eval_w, "Engine");
	if (opening)
		panel_line(&p, ui_style(ui, PAIR_TITLE, A_NORMAL), "Opening: %s", opening);
	if (ui->thinking) {
		draw_live(&p);
		return;
	}
	draw_hints(&p);
	if (controller_analysis(ui->ctl, an)) {
		for (int c = BLACK; c <= WHITE; c++) {
			char loss[64], marks[48];
			snprintf(loss, sizeof loss, "%s: loss %.1f in %d move%s;",
				 c == BLACK ? "Black" : "White", an[c].total_loss / 100.0,
				 an[c].moves, an[c].moves == 1 ? "" : "s");
			snprintf(marks, sizeof marks, "?! %d  ? %d  ?? %d", an[c].doubtful,
				 an[c].mistakes, an[c].blunders);
			panel_pieces(&p, A_NORMAL, (const char *const[]){loss, marks}, 2);
		}
	}
	if (cursor > 0)
		draw_reasoning(&p, controller_node(ui->ctl), cursor);
	else if (p.y == l->eval_y + 1 + (opening != NULL))
		panel_wrap(&p, ui_style(ui, PAIR_DIM, A_NORMAL), "",
			   "The engine's reasoning for each move shows here. Press ? for hints, "
			   ": for the command bar, F1 for help.");
}

/* Score of a ply from Black's point of view; false when nothing is known. */
static bool ply_score(const struct game_node *m, int *out)
{
	int s;

	if (m->analysis.valid)
		s = m->analysis.played_score;
	else if (m->reasoning && m->reasoning->source != SOURCE_RANDOM &&
		 m->reasoning->source != SOURCE_NONE)
		s = m->reasoning->score;
	else
		return false;
	*out = m->player == BLACK ? s : -s;
	return true;
}

/* Draws the evaluation graph under the board. */
void ui_draw_graph(struct ui *ui)
{
	static const char *const blocks[] = {" ",      "\u2581", "\u2582", "\u2583", "\u2584",
					     "\u2585", "\u2586", "\u2587", "\u2588"};
	static const char *const ascii[] = {" ", ".", ".", "-", "-", "=", "=", "#", "#"};
	const struct ui_layout *l = &ui->lay;
	const struct game_node *line[LINE_MAX];
	int n = ui_line(ui, line, LINE_MAX), cursor = controller_cursor(ui->ctl);
	int h = l->graph_h - 1, w = l->graph_w, scale = 400, plies = n - 1, now = 0;
	bool have = false, known = cursor > 0 && ply_score(controller_node(ui->ctl), &now);

	if (h < 1 || w < 8)
		return;
	for (int i = 1; i < n; i++) {
		int s;
		if (ply_score(line[i], &s)) {
			have = true;
			if (abs(s) > scale)
				scale = abs(s);
		}
	}
	{
		char cap[64], sc[24];
		ui_format_score(sc, sizeof sc, now, 0, false);
		snprintf(cap, sizeof cap,
			 known ? "Evaluation for Black  %s" : "Evaluation for Black", sc);
		attron(ui_style(ui, PAIR_DIM, A_NORMAL));
		ui_put(l->graph_y, l->graph_x, w, cap);
		attroff(ui_style(ui, PAIR_DIM, A_NORMAL));
	}
	if (!have || plies <= 0)
		return;
	for (int col = 0; col < w && col < plies; col++) {
		int ply = plies <= w ? col + 1 : 1 + col * plies / w, s;
		int level;
		attr_t a = (ply == cursor ||
			    (plies > w && cursor >= ply && cursor < 1 + (col + 1) * plies / w))
			       ? ui_style(ui, PAIR_SELECT, A_REVERSE)
			       : ui_style(ui, PAIR_GOOD, A_NORMAL);
		if (!ply_score(line[ply], &s))
			continue;
		level = (int)((double)(s + scale) / (2.0 * scale) * h * 8 + 0.5);
		attron(a);
		for (int r = 0; r < h; r++) {
			int fill = level - r * 8;
			fill = fill < 0 ? 0 : fill > 8 ? 8 : fill;
			mvaddstr(l->graph_y + h - r, l->graph_x + col,
				 ui->utf8 ? blocks[fill] : ascii[fill]);
		}
		attroff(a);
	}
}
