/*
 * panels.c — the move list, the engine panel and the evaluation graph.
 *
 * Move list: the current line as a grid of plies read left to right (an
 * even number of columns, so Black's and White's moves line up until a
 * pass), each cell "12 ○d6?!✎+": ply number, who played, the square (--
 * for a pass), the user's mark in bold or else the analysis's verdict
 * underlined, a sign when the move has a comment and a + when
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
 * graph is wide) around a zero line: Black's advantage rises above it,
 * White's hangs below it, in their own colours, on a scale of 2, 4, 8 ...
 * discs that fits the game. Scores come from the analysis of each move,
 * else from that of the next move or the engine's reasoning for it (so a
 * human move has the score the engine gave its answer), else from the
 * engine's reasoning for the move itself.
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

/* The mark slot of a move-list cell: the user's mark in bold, else the analysis's verdict
   underlined (so the two never read alike). */
static void move_mark(struct ui *ui, const struct game_node *m, bool selected)
{
	enum game_mark shown = m->mark != MARK_NONE ? m->mark : m->analysis.verdict;
	bool bad = shown == MARK_BAD || shown == MARK_VERY_BAD || shown == MARK_DUBIOUS;
	attr_t a = m->mark != MARK_NONE ? ui_style(ui, bad ? PAIR_BAD : PAIR_GOOD, A_BOLD)
					: ui_style(ui, PAIR_DIM, A_NORMAL) | A_UNDERLINE;

	if (shown == MARK_NONE || (int)shown < 0) {
		addstr("  ");
		return;
	}
	if (selected)
		a = m->mark != MARK_NONE ? A_NORMAL : A_UNDERLINE;
	attron(a);
	printw("%-2s", game_mark_symbol(shown));
	attroff(a);
}

/* Draws the move list box. */
void ui_draw_moves(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	const struct game_node *line[LINE_MAX];
	int n = ui_line(ui, line, LINE_MAX), cursor = controller_cursor(ui->ctl);
	int wide = square_size(controller_variant(ui->ctl)) >= 10, cell = MOVE_CELL + 2 * wide;
	int inner = l->moves_w - 3, ncols = inner / cell, rows = l->moves_h - 2, total_rows;
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
			char sq[SQUARE_NAME_LEN], num[16];
			int x = l->moves_x + 2 + c * cell, y = l->moves_y + 1 + r;
			attr_t sel = ui_style(ui, PAIR_SELECT, A_REVERSE);
			if (ply >= n)
				break;
			m = line[ply];
			if (ply == cursor)
				attron(sel);
			snprintf(num, sizeof num, "%*d ", 2 + wide, ply);
			mvaddstr(y, x, num);
			addstr(ui_disc(ui, m->player));
			printw("%-*s", 2 + wide,
			       m->move == SQ_PASS ? "--" : ui_square_name(ui, m->move, sq));
			move_mark(ui, m, ply == cursor);
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
/* panel_wrap within at most `max` lines; true when the text filled them (and may go on). */
static bool panel_wrap_lines(struct panel *p, attr_t a, const char *prefix, const char *text,
			     int max)
{
	int end = p->end, limit = p->y + (max > 0 ? max : 0);

	if (limit < p->end)
		p->end = limit;
	panel_wrap(p, a, prefix, text);
	p->end = end;
	return p->y >= limit && limit < end;
}

static void panel_pieces(struct panel *p, attr_t a, const char *const *pieces, int n)
{
	char buf[512];
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t w = strlen(pieces[i]);
		if (w > (size_t)p->w) { /* wider than the panel: wrapped, never cut */
			if (len > 0)
				panel_line(p, a, "%s", buf);
			len = 0;
			buf[0] = '\0';
			panel_wrap(p, a, "", pieces[i]);
			continue;
		}
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

static void format_pv(const struct ui *ui, char *out, size_t outlen, const int *pv, int n)
{
	size_t len = 0;

	out[0] = '\0';
	for (int i = 0; i < n && len + 6 < outlen; i++) {
		char sq[SQUARE_NAME_LEN];
		len += (size_t)snprintf(out + len, outlen - len, "%s%s", i ? " " : "",
					pv[i] == SQ_PASS ? "pa" : ui_square_name(ui, pv[i], sq));
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
	char name[256];
	int first, room;

	ui_player_name(ui, controller_side(ui->ctl), name, sizeof name);
	panel_line(p, A_BOLD, "%s is thinking%s %.1fs", ui_player_short(name),
		   ui->utf8 ? "\u2026" : "...", timer_now() - ui->think_start);
	panel_line(p, ui_style(ui, PAIR_DIM, A_NORMAL), " depth   score   nodes  speed  PV");
	room = p->end - p->y;
	first = ui->n_live > room ? ui->n_live - room : 0;
	for (int i = first; i < ui->n_live; i++) {
		const struct ctl_progress *g = &ui->live[i];
		char score[24], nodes[16], speed[16], pv[200], depth[16];
		ui_format_score(score, sizeof score, g->search.score, g->search.bound,
				g->search.endgame);
		search_depth_text(g->search.depth, g->search.selectivity, depth, sizeof depth);
		format_count(nodes, sizeof nodes, (double)g->search.nodes);
		format_count(speed, sizeof speed,
			     g->search.time > 0 ? g->search.nodes / g->search.time : 0);
		format_pv(ui, pv, sizeof pv, g->search.pv, g->search.pv_len);
		panel_line(p, i == ui->n_live - 1 ? A_BOLD : A_NORMAL, "%6s%s %7s %7s %5s/s %s",
			   depth, g->search.endgame ? "e" : " ", score, nodes, speed, pv);
	}
}

static void draw_hints(struct panel *p)
{
	struct ui *ui = p->ui;
	struct ctl_hint h[32];
	int n = controller_overlay(ui->ctl) ? controller_hint_scores(ui->ctl, h, 32)
					    : controller_hints(ui->ctl, h, 32);
	const char *side = controller_side(ui->ctl) == BLACK ? "Black" : "White";

	if (n <= 0)
		return;
	if (controller_overlay(ui->ctl)) {
		bool exact, searching = controller_overlay_searching(ui->ctl);
		int depth = controller_overlay_depth(ui->ctl, &exact);
		char how[48] = "";

		if (exact)
			snprintf(how, sizeof how, ", solved");
		else if (depth > 0 || searching)
			snprintf(how, sizeof how, ", searched to d%d%s", depth,
				 searching ? (ui->utf8 ? "\u2026" : "...") : "");
		panel_line(p, A_BOLD, "All moves for %s%s", side, how);
	} else {
		panel_line(p, A_BOLD, "Hints for %s", side);
	}
	for (int i = 0; i < n; i++) {
		char sq[SQUARE_NAME_LEN], score[24], label[24];

		ui_format_score(score, sizeof score, h[i].score, h[i].bound, h[i].endgame);
		controller_score_label(&h[i], label, sizeof label);
		panel_line(p, i == 0 ? ui_style(ui, PAIR_GOOD, A_BOLD) : A_NORMAL,
			   "%2d. %-4s %7s  %s", i + 1,
			   h[i].move == SQ_PASS ? "pass" : ui_square_name(ui, h[i].move, sq), score,
			   label);
	}
}

/* The other moves of the position an engine moved from, with their best known scores and
   where each comes from (the controller's store of results, as every view shows them);
   bounds tell nothing of a move and are left out. */
static void draw_others(struct panel *p, const struct game_node *m)
{
	struct ctl_hint h[32];
	char exact[400], sq[SQUARE_NAME_LEN], score[24], label[24];
	size_t le = 0;
	int n = m->parent ? controller_node_scores(p->ui->ctl, m->parent, h, 32) : 0;

	exact[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (h[i].move == m->move || h[i].move == SQ_PASS || h[i].bound != BOUND_EXACT ||
		    le + 24 >= sizeof exact)
			continue;
		ui_format_score(score, sizeof score, h[i].score, 0, h[i].endgame);
		controller_score_label(&h[i], label, sizeof label);
		le += (size_t)snprintf(exact + le, sizeof exact - le, "%s%s %s %s", le ? ", " : "",
				       ui_square_name(p->ui, h[i].move, sq), score, label);
	}
	if (exact[0])
		panel_wrap(p, ui_style(p->ui, PAIR_DIM, A_NORMAL), "Others ", exact);
}

/* The analysis of a move: best, played (a bound after a fast analysis, marked so), loss,
   depth and the verdict, which is the analysis's and not the user's mark. */
static void draw_analysis(struct panel *p, const struct game_analysis *a)
{
	struct ui *ui = p->ui;
	char sq[SQUARE_NAME_LEN], best[24], played[24], played_text[40], head[48], loss[24],
	    how[48];
	bool bound = a->played_bound != GAME_BOUND_EXACT;

	ui_format_score(best, sizeof best, a->best_score, 0, false);
	ui_format_score(played, sizeof played, a->played_score, bound ? a->played_bound : 0, false);
	snprintf(head, sizeof head, "Analysis: best %s %s,", ui_square_name(ui, a->best_move, sq),
		 best);
	snprintf(played_text, sizeof played_text, "played %s,", played);
	snprintf(loss, sizeof loss, "loss %s%.2f,", bound ? ">=" : "", a->loss / 100.0);
	if (a->exact)
		snprintf(how, sizeof how, "exact (%d %s)", a->depth,
			 a->depth == 1 ? "empty" : "empties");
	else
		snprintf(how, sizeof how, "depth %d%s", a->depth, bound ? " (fast: bounds)" : "");
	if (a->verdict != MARK_NONE) {
		size_t n = strlen(how);
		snprintf(how + n, sizeof how - n, ", verdict %s", game_mark_symbol(a->verdict));
	}
	panel_pieces(p, a->loss > 0 ? ui_style(ui, PAIR_BAD, A_BOLD) : A_NORMAL,
		     (const char *const[]){head, played_text, loss, how}, 4);
}

static void draw_reasoning(struct panel *p, const struct game_node *m, int ply)
{
	struct ui *ui = p->ui;
	const struct game_reasoning *r = m->reasoning;
	char sq[SQUARE_NAME_LEN], score[24], pv[200], nodes[16];
	const char *player = "human";
	enum player_kind kind = controller_player(ui->ctl, m->player, &player);

	panel_line(p, A_BOLD, "Move %d: %s %s %s%s%s", ply, m->player == BLACK ? "Black" : "White",
		   ui_disc(ui, m->player),
		   m->move == SQ_PASS ? "pass" : ui_square_name(ui, m->move, sq),
		   m->mark ? "  your mark " : "", m->mark ? game_mark_symbol(m->mark) : "");
	if (r) {
		char line[400];
		char level[GAME_LEVEL_LEN + 1], how[48], depth[16], label[24] = "";
		struct ctl_hint known;

		/* the one score every view shows, else the engine's own */
		if (controller_move_score(ui->ctl, m, &known)) {
			ui_format_score(score, sizeof score, known.score, known.bound,
					known.endgame);
			controller_score_label(&known, label, sizeof label);
		} else {
			ui_format_score(score, sizeof score, r->score, r->bound, r->endgame);
		}
		snprintf(level, sizeof level, "%s,", r->level[0] ? r->level : "engine");
		search_depth_text(r->depth, r->selectivity, depth, sizeof depth);
		if (r->source == SOURCE_BOOK || r->source == SOURCE_RANDOM)
			snprintf(how, sizeof how, "%s move,", game_source_name(r->source));
		else
			snprintf(how, sizeof how, "%s: %s %s,", game_source_name(r->source),
				 r->endgame ? "empties" : "depth", depth);
		snprintf(line, sizeof line, "score %s%s%s", score, label[0] ? " " : "", label);
		panel_pieces(p, A_NORMAL, (const char *const[]){level, how, line}, 3);
		if (r->source != SOURCE_BOOK && r->source != SOURCE_RANDOM) {
			format_count(nodes, sizeof nodes, (double)r->nodes);
			panel_line(p, A_NORMAL, "%s nodes in %.2fs", nodes, r->time);
		}
		if (r->pv_len > 0) {
			format_pv(ui, pv, sizeof pv, r->pv, r->pv_len);
			panel_wrap(p, A_NORMAL, "PV ", pv);
		}
		draw_others(p, m);
	} else if (kind == PLAYER_HUMAN || m->move == SQ_PASS) {
		panel_line(p, ui_style(ui, PAIR_DIM, A_NORMAL), "%s",
			   m->time > 0 ? "played by hand" : "no engine reasoning for this move");
	}
	if (m->analysis.valid)
		draw_analysis(p, &m->analysis);
	if (m->comment && m->comment[0])
		panel_wrap(p, A_NORMAL, ui->utf8 ? "\u270e " : "* ", m->comment);
}

/* The name of the opening the line reaches by the cursor (the latest named
   position along it), else the game's ON property, else NULL. */
static const char *opening_name(const struct ui *ui, const struct game_node *const *line, int n)
{
	int moves[LINE_MAX], count = 0, plies;
	const char *name = NULL;

	if (ui->openings && controller_game(ui->ctl)->standard_start &&
	    n > 0 && game_board(line[0], NULL)) { /* the names are of 8x8 openings */
		for (int i = 1; i < n && line[i]->move != SQ_PASS; i++)
			moves[count++] = line[i]->move;
		name = openings_match(ui->openings, moves, count, &plies);
	}
	if (!name)
		name = game_info(controller_game(ui->ctl), INFO_OPENING);
	return name && name[0] ? name : NULL;
}

/* At move 0: the game's information (players, event, date, result, its text) and the comment
   of move 0, as far as the box holds them; false when the game has none. */
static bool draw_game_info(struct panel *p)
{
	const struct game *g = controller_game(p->ui->ctl);
	const char *pb = game_info(g, INFO_BLACK), *pw = game_info(g, INFO_WHITE);
	const char *ev = game_info(g, INFO_EVENT), *dt = game_info(g, INFO_DATE);
	const char *re = game_info(g, INFO_RESULT), *gc = game_info(g, INFO_TEXT);
	const char *gn = game_info(g, INFO_NAME);
	const char *c = g->root->comment;
	char line[512];
	bool cut;

	if (!pb[0] && !pw[0] && !ev[0] && !dt[0] && !re[0] && !gc[0] && !gn[0] && !(c && c[0]))
		return false;
	if (gn[0])
		panel_wrap_lines(p, A_BOLD, "Game: ", gn, 1);
	else
		panel_line(p, A_BOLD, "Game information");
	if (pb[0] || pw[0]) {
		snprintf(line, sizeof line, "%s %s - %s %s", ui_disc(p->ui, BLACK),
			 pb[0] ? pb : "?", ui_disc(p->ui, WHITE), pw[0] ? pw : "?");
		panel_wrap(p, A_NORMAL, "", line);
	}
	if (ev[0] || dt[0] || re[0]) {
		snprintf(line, sizeof line, "%s%s%s%s%s%s", ev, ev[0] && dt[0] ? ", " : "", dt,
			 re[0] ? "  result " : "", re, "");
		panel_wrap(p, A_NORMAL, "", line);
	}
	cut = c && c[0] &&
	      panel_wrap_lines(p, A_NORMAL, p->ui->utf8 ? "\u270e " : "* ", c,
			       gc[0] ? (p->end - p->y) / 2 : p->end - p->y - 1);
	if (gc[0])
		cut |= panel_wrap_lines(p, ui_style(p->ui, PAIR_DIM, A_NORMAL), "", gc,
					p->end - p->y - 1);
	if (cut)
		panel_line(p, ui_style(p->ui, PAIR_DIM, A_NORMAL), "(more: `info`)");
	return true;
}

/* While a drill runs: where it is and its score. */
static void draw_drill(struct panel *p)
{
	struct ctl_drill_state d;

	if (!controller_drilling(p->ui->ctl, &d))
		return;
	panel_line(p, ui_style(p->ui, PAIR_TITLE, A_BOLD),
		   "Drill %d/%d: right %d of %d (within %.2f)", d.at + 1, d.n, d.right, d.answered,
		   d.within / 100.0);
	panel_line(p, A_NORMAL, "Your move; or drill skip, drill stop");
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
	draw_drill(&p);
	if (opening)
		panel_line(&p, ui_style(ui, PAIR_TITLE, A_NORMAL), "Opening: %s", opening);
	if (ui->thinking && !controller_overlay_searching(ui->ctl)) {
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
	else if (draw_game_info(&p))
		;
	else if (p.y == l->eval_y + 1 + (opening != NULL))
		panel_wrap(&p, ui_style(ui, PAIR_DIM, A_NORMAL), "",
			   "The engine's reasoning for each move shows here. Press ? for hints, "
			   ": for the command bar, F1 for help.");
}

/* Score of the position after ply i of `line` from Black's point of view, the one the
   controller gives every view (controller_node_value); false when nothing is known.
   *label (optional) gets where it comes from ("book", "d14", "exact"). */
static bool ply_score(const struct controller *ctl, const struct game_node *const *line, int i,
		      int *out, char *label, size_t labellen)
{
	const struct game_node *m = line[i];
	struct ctl_hint v;

	if (!controller_node_value(ctl, m, &v))
		return false;
	if (label)
		controller_score_label(&v, label, labellen);
	*out = m->side == BLACK ? v.score : -v.score;
	return true;
}

/* The score the graph's caption gives at the cursor (Black's view, centidiscs) and where it
   comes from (label, labellen); false when nothing is known there. The compact screen shows
   the same. */
bool ui_cursor_score(struct ui *ui, int *black_view, char *label, size_t labellen)
{
	const struct game_node *line[LINE_MAX];
	int n = ui_line(ui, line, LINE_MAX), cursor = controller_cursor(ui->ctl);

	return cursor < n && ply_score(ui->ctl, line, cursor, black_view, label, labellen);
}

/* The graph's scale in centidiscs: the least of 2, 4, 8, 16, 32, 64 discs that holds every
   score of the line. */
static int graph_scale(const struct controller *ctl, const struct game_node *const *line, int n)
{
	int top = 0, scale = 200, s;

	for (int i = 1; i < n; i++)
		if (ply_score(ctl, line, i, &s, NULL, 0) && abs(s) > top)
			top = abs(s);
	while (scale < top && scale < 6400)
		scale *= 2;
	return scale;
}

/* One column of the graph: `s` (Black's view) as a bar up from the zero line for Black or down
   from it for White, over `up` rows above the line and `down` rows below it; a column
   without a bar shows the zero line alone. */
static void graph_column(struct ui *ui, int x, int s, bool known, int scale, int up, int down,
			 attr_t sel)
{
	static const char *const blocks[] = {" ",      "\u2581", "\u2582", "\u2583", "\u2584",
					     "\u2585", "\u2586", "\u2587", "\u2588"};
	static const char *const ascii_up[] = {"_", "_", ".", ".", "-", "-", "=", "=", "#"};
	static const char *const ascii_down[] = {" ", "'", "'", "-", "-", "=", "=", "#", "#"};
	const struct ui_layout *l = &ui->lay;
	int rows = s >= 0 ? up : down;
	int level = known ? (int)((double)abs(s) / scale * rows * 8 + 0.5) : 0;
	attr_t bar = ui_style(ui, s >= 0 ? PAIR_BAR_BLACK : PAIR_BAR_WHITE, A_BOLD);

	if (!known) {
		for (int r = 0; r < up + down; r++) {
			attron(sel);
			mvaddstr(l->graph_y + 1 + r, x, " "); /* nothing known: a gap */
			attroff(sel);
		}
		return;
	}
	if (level == 0 && s != 0)
		level = 1;	       /* a score not 0 always shows */
	for (int r = 0; r < up; r++) { /* r = 0 is the row just above the line */
		int fill = s > 0 ? level - r * 8 : 0, y = l->graph_y + up - r;
		fill = fill < 0 ? 0 : fill > 8 ? 8 : fill;
		attron(sel ? sel : fill ? bar : ui_style(ui, PAIR_DIM, A_NORMAL));
		if (fill == 0 && r == 0)
			mvaddstr(y, x, ui->utf8 ? blocks[1] : ascii_up[0]); /* the zero line */
		else
			mvaddstr(y, x, ui->utf8 ? blocks[fill] : ascii_up[fill]);
		attroff(sel ? sel : fill ? bar : ui_style(ui, PAIR_DIM, A_NORMAL));
	}
	for (int r = 0; r < down; r++) { /* r = 0 is the row just below the line */
		int fill = s < 0 ? level - r * 8 : 0, y = l->graph_y + up + 1 + r;
		fill = fill < 0 ? 0 : fill > 8 ? 8 : fill;
		if (fill == 0) {
			attron(sel);
			mvaddstr(y, x, " ");
			attroff(sel);
			continue;
		}
		/* a bar hanging from the line: the inverse of a block rising from the bottom */
		attron((sel ? sel : bar) | (ui->utf8 && fill < 8 ? A_REVERSE : A_NORMAL));
		mvaddstr(y, x,
			 ui->utf8 ? (fill < 8 ? blocks[8 - fill] : blocks[8]) : ascii_down[fill]);
		attroff((sel ? sel : bar) | A_REVERSE);
	}
}

/*
 * Draws the evaluation graph under the board: a caption with the score at
 * the cursor and the scale, then the bars: Black's advantage rises above the
 * zero line, White's hangs below it, each in its own colour, on a scale of
 * 2, 4, 8 ... discs that fits the game. It takes every row the layout gives.
 */
void ui_draw_graph(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	const struct game_node *line[LINE_MAX];
	int n = ui_line(ui, line, LINE_MAX), cursor = controller_cursor(ui->ctl);
	int h = l->graph_h - 1, w = l->graph_w, plies = n - 1, now = 0, scale, up, down;
	char cap[128], sc[24], label[24] = "", shown[48];
	bool known = cursor < n && ply_score(ui->ctl, line, cursor, &now, label, sizeof label);

	if (h < 2 || w < 8)
		return;
	scale = graph_scale(ui->ctl, line, n);
	up = h / 2;
	down = h - up;
	ui_format_score(sc, sizeof sc, now, 0, false);
	snprintf(shown, sizeof shown, "%s%s%s", known ? sc : "--", label[0] ? " " : "", label);
	/* the score and its label always; the legend goes first where room is short, then
	   the word Eval */
	snprintf(cap, sizeof cap, "Eval %s  %sBlack %sWhite %s%d", shown, ui->utf8 ? "\u25b2" : "^",
		 ui->utf8 ? "\u25bc" : "v", ui->utf8 ? "\u00b1" : "+-", scale / 100);
	if ((int)mbstowcs(NULL, cap, 0) > w)
		snprintf(cap, sizeof cap, "Eval %s  %s%d", shown, ui->utf8 ? "\u00b1" : "+-",
			 scale / 100);
	if ((int)mbstowcs(NULL, cap, 0) > w)
		snprintf(cap, sizeof cap, "%s %s%d", shown, ui->utf8 ? "\u00b1" : "+-",
			 scale / 100);
	attron(ui_style(ui, PAIR_DIM, A_NORMAL));
	ui_put(l->graph_y, l->graph_x, w, cap);
	attroff(ui_style(ui, PAIR_DIM, A_NORMAL));
	if (plies <= 0)
		return;
	for (int col = 0; col < w && col < plies; col++) {
		int ply = plies <= w ? col + 1 : 1 + col * plies / w, s = 0;
		bool at = ply == cursor ||
			  (plies > w && cursor >= ply && cursor < 1 + (col + 1) * plies / w);
		bool have = ply_score(ui->ctl, line, ply, &s, NULL, 0);

		graph_column(ui, l->graph_x + col, s, have, scale, up, down,
			     at ? ui_style(ui, PAIR_SELECT, A_REVERSE) : 0);
	}
}
