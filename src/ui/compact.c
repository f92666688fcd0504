/*
 * compact.c — the screen of a small terminal (below 80x24, down to
 * UI_COMPACT_COLS x UI_COMPACT_ROWS, more for the 10x10 board: see
 * ui_layout_min): a one-line header, the board without grid lines (two or
 * three columns a square, one row) with the hints' and the overlay's scores
 * on its squares, the move list beside it when there is room, under the
 * board the players with their clocks, the score at the cursor and the
 * engine's line (its live search, else the reasoning of the move), and the
 * message and command lines that the full screen has (draw.c draws those and
 * the pop-ups at any size).
 *
 * Representation: the layout's board_x, board_y and cell_w place the
 * squares (square c,r at board_x + c * cell_w, board_y + r); moves_x,
 * moves_y, moves_w and moves_h place the list, moves_w 0 when it does not
 * fit; graph_y and graph_h are the rows under the board for the players,
 * the score and the engine (one row holds all three, shortened). The cursor
 * is the square in reverse video, the last move is bold.
 */
#include "ui.h"

#include "board.h"
#include "gametree.h"
#include "search.h"
#include "timer.h"

#include <stdio.h>
#include <string.h>

/* Lays out the compact screen in `lay` (rows, cols set, at least the compact minimum). */
void ui_layout_compact(struct ui_layout *lay)
{
	int n = square_size(lay->variant);

	lay->compact = true;
	lay->board_x = n >= 10 ? 3 : 2;
	/* three columns a square hold a score of the overlay ("+12") */
	lay->cell_w = lay->cols >= lay->board_x + 3 * n + 2 + 12 ? 3 : 2;
	lay->cell_h = 1;
	lay->board_y = 2;
	lay->board_w = n * lay->cell_w;
	lay->board_h = n;
	lay->status_y = lay->rows - 2;
	lay->bar_y = lay->rows - 1;
	lay->moves_x = lay->board_x + lay->board_w + 2;
	lay->moves_y = 1;
	lay->moves_w = lay->cols - lay->moves_x;
	lay->moves_h = lay->status_y - lay->moves_y;
	lay->graph_x = 0;
	lay->graph_y = lay->board_y + n;
	lay->graph_w = lay->cols;
	lay->graph_h = lay->status_y - lay->graph_y;
	/* the list stops above the rows under the board, whose lines (the players, the
	   engine's line) take the whole width */
	lay->moves_h = lay->graph_y - lay->moves_y;
	if (lay->moves_w < 10) {
		lay->moves_w = 0;
		lay->moves_h = 0;
	}
}

/* The square at y,x of the compact board, or -1. */
int ui_compact_square_at(const struct ui *ui, int y, int x)
{
	const struct ui_layout *l = &ui->lay;
	int n = square_size(l->variant), r = y - l->board_y, c = x - l->board_x;

	if (r < 0 || c < 0 || r >= n || c / l->cell_w >= n)
		return -1;
	c /= l->cell_w;
	ui_view_rc(ui, n, &r, &c);
	return square_at(l->variant, r, c);
}

/* The header: the disc counts, the side to move or the result, then the
   move number and the mode when they fit. */
static void compact_header(const struct ui *ui)
{
	enum color side = controller_side(ui->ctl);
	int discs[2], cols = ui->lay.cols;
	sqset black, white;
	char left[96], right[48], words[64];
	attr_t hdr = ui_style(ui, PAIR_HEADER, A_REVERSE);

	controller_colors(ui->ctl, &black, &white);
	discs[BLACK] = sqset_count(black);
	discs[WHITE] = sqset_count(white);
	ui_result_words(ui, words, sizeof words);
	if (!words[0])
		snprintf(words, sizeof words, "%s to move", side == BLACK ? "Black" : "White");
	snprintf(left, sizeof left, " %s%d %s%d  %s", ui_disc(ui, BLACK), discs[BLACK],
		 ui_disc(ui, WHITE), discs[WHITE], words);
	snprintf(right, sizeof right, "%d/%d %s", controller_cursor(ui->ctl),
		 controller_line_length(ui->ctl), ui_mode_word(ui));
	attron(hdr);
	mvhline(0, 0, ' ', cols);
	ui_put(0, 0, cols, left);
	if ((int)strlen(right) + 1 < cols - (int)strlen(words) - 12)
		mvaddstr(0, cols - (int)strlen(right) - 1, right);
	attroff(hdr);
}

/* The board: letters above, numbers on the left, a disc, a legal-move dot
   or a blank per square. */
static void compact_board(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	enum variant v = l->variant;
	int n = square_size(v), cursor = ui_cursor_square(ui);
	bool edit = controller_mode(ui->ctl) == MODE_EDIT;
	sqset black, white, legal = edit ? 0 : controller_legal_moves(ui->ctl);
	int last = edit ? SQ_NONE : controller_last_move(ui->ctl, NULL);
	struct square_note notes[128];

	controller_colors(ui->ctl, &black, &white);
	ui_square_notes(ui, notes);
	for (int c = 0; c < n; c++) {
		int br = 0, bc = c;
		ui_view_rc(ui, n, &br, &bc);
		mvaddch(l->board_y - 1, l->board_x + c * l->cell_w + l->cell_w / 2,
			(chtype)('a' + bc));
	}
	for (int r = 0; r < n; r++) {
		int br = r, bc = 0;
		bool noted = false; /* the square on the left shows a score, up to its right edge */

		ui_view_rc(ui, n, &br, &bc);
		mvprintw(l->board_y + r, 0, "%d", br + 1);
		for (int c = 0; c < n; c++) {
			int y = l->board_y + r, x = l->board_x + c * l->cell_w, sq;
			int note_w = 0;
			br = r;
			bc = c;
			ui_view_rc(ui, n, &br, &bc);
			sq = square_at(v, br, bc);
			sqset bit = sq >= 0 ? sqset_of(sq) : 0;
			int who = (black & bit) ? BLACK : (white & bit) ? WHITE : -1;
			attr_t a = ui_style(ui,
					    sq < 0	   ? PAIR_HOLE
					    : who == BLACK ? PAIR_BLACK
					    : who == WHITE ? PAIR_WHITE
							   : PAIR_BOARD,
					    sq < 0 ? A_DIM : A_NORMAL);
			if (sq >= 0 && sq == last)
				a |= A_BOLD | A_UNDERLINE;
			if (sq >= 0 && sq == cursor)
				a |= A_REVERSE;
			attron(a);
			for (int k = 0; k < l->cell_w; k++)
				mvaddstr(y, x + k, sq < 0 ? (ui->utf8 ? "\u2592" : "#") : " ");
			if (sq >= 0 && !edit)
				note_w = (int)strlen(notes[sq].text);
			/* a score ends at its square's right edge; one that fills the square
			   only where the square on its left shows none (they would run
			   together: "-12-1") */
			if (note_w > l->cell_w || (note_w == l->cell_w && noted))
				note_w = 0;
			if (who >= 0) {
				mvaddstr(y, x + l->cell_w / 2, ui_disc(ui, (enum color)who));
			} else if (note_w > 0) {
				attr_t h = ui_style(ui, notes[sq].best ? PAIR_HINT_BEST : PAIR_HINT,
						    A_BOLD);
				attron(h | (notes[sq].best ? A_BOLD : A_NORMAL));
				mvaddstr(y, x + l->cell_w - note_w, notes[sq].text);
				attroff(h | A_BOLD);
			} else if (legal & bit)
				mvaddstr(y, x + l->cell_w / 2, ui->utf8 ? "\u00b7" : ".");
			attroff(a);
			noted = who < 0 && note_w > 0;
		}
	}
}

/* The move list beside the board: two plies a row, the rows that end at
   the cursor's move (or the first ones); "  11 >●c6  ○b4", or where that
   does not fit "11>●c6 ○b4" (the marker of the cursor's move, or a blank,
   parts the plies). */
static void compact_moves(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	const struct game_node *line[128];
	int n = ui_line(ui, line, 128), cursor = controller_cursor(ui->ctl);
	int rows = (n - 1 + 1) / 2, first = 0, name_w = square_size(l->variant) >= 10 ? 3 : 2;
	/* the widest row: number, then two plies of (blank,) marker, disc and square */
	bool narrow = 3 + 2 * (3 + name_w) > l->moves_w;
	char sq[SQUARE_NAME_LEN];

	if (!l->moves_w || 2 + 2 * (2 + name_w) > l->moves_w)
		return;
	if (cursor > 0 && (cursor + 1) / 2 > l->moves_h)
		first = (cursor + 1) / 2 - l->moves_h;
	for (int r = first; r < rows && r - first < l->moves_h; r++) {
		char text[64];
		int len = snprintf(text, sizeof text, narrow ? "%2d" : "%3d", 2 * r + 1);
		for (int p = 2 * r + 1; p <= 2 * r + 2 && p < n; p++)
			len += snprintf(text + len, sizeof text - (size_t)len, "%s%s%s%s",
					narrow ? "" : " ", p == cursor ? ">" : " ",
					ui_disc(ui, line[p]->player),
					ui_square_name(ui, line[p]->move, sq));
		ui_put(l->moves_y + r - first, l->moves_x, l->moves_w, text);
	}
}

/* The engine's line: its live search (level, depth, score, PV), else the reasoning of the
   move that led to the cursor, else the best of the hints or the overlay; "" when none. */
static void engine_line(struct ui *ui, char *out, size_t len)
{
	const struct game_node *m = controller_node(ui->ctl);
	const struct game_reasoning *r = m->reasoning;
	struct ctl_hint h[32];
	char score[24], depth[16], sq[SQUARE_NAME_LEN], label[24];
	char name[256];
	size_t at;
	int n;

	out[0] = '\0';
	if (ui->thinking && ui->n_live > 0) {
		const struct ctl_progress *g = &ui->live[ui->n_live - 1];
		ui_player_name(ui, controller_side(ui->ctl), name, sizeof name);
		ui_format_score(score, sizeof score, g->search.score, g->search.bound,
				g->search.endgame);
		search_depth_text(g->search.depth, g->search.selectivity, depth, sizeof depth);
		at = (size_t)snprintf(out, len, "%s %.0fs %s%s %s", ui_player_short(name),
				      timer_now() - ui->think_start, g->search.endgame ? "e" : "d",
				      depth, score);
		for (int i = 0; i < g->search.pv_len && at < len; i++)
			at += (size_t)snprintf(out + at, len - at, " %s",
					       ui_square_name(ui, g->search.pv[i], sq));
		return;
	}
	if (ui->thinking) {
		ui_player_name(ui, controller_side(ui->ctl), name, sizeof name);
		snprintf(out, len, "%s is thinking", ui_player_short(name));
		return;
	}
	n = controller_overlay(ui->ctl) ? controller_hint_scores(ui->ctl, h, 32)
					: controller_hints(ui->ctl, h, 32);
	if (n > 0) {
		ui_format_score(score, sizeof score, h[0].score, h[0].bound, h[0].endgame);
		controller_score_label(&h[0], label, sizeof label);
		snprintf(out, len, "best %s %s %s", ui_square_name(ui, h[0].move, sq), score,
			 label);
		return;
	}
	if (!r || m->player > WHITE)
		return;
	if (r->source == SOURCE_BOOK || r->source == SOURCE_RANDOM) {
		snprintf(out, len, "%s %s move", r->level[0] ? r->level : "engine",
			 game_source_name(r->source));
		return;
	}
	if (controller_move_score(ui->ctl, m, &h[0])) { /* the one score every view shows */
		ui_format_score(score, sizeof score, h[0].score, h[0].bound, h[0].endgame);
		controller_score_label(&h[0], label, sizeof label);
	} else {
		ui_format_score(score, sizeof score, r->score, r->bound, r->endgame);
		search_depth_text(r->depth, r->selectivity, depth, sizeof depth);
		snprintf(label, sizeof label, "%s%s", r->endgame ? "exact" : "d",
			 r->endgame ? "" : depth);
	}
	at =
	    (size_t)snprintf(out, len, "%s %s %s", r->level[0] ? r->level : "engine", score, label);
	for (int i = 0; i < r->pv_len && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s %s", i ? "" : " PV",
				       ui_square_name(ui, r->pv[i], sq));
}

/* Under the board: the players and their clocks, the score at the cursor, the engine's
   line; on a single row, all three shortened. */
static void compact_info(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	char clock[2][16], who[160], eval[64], engine[200], sc[24], label[24], names[2][256];
	int s, rows = l->graph_h;
	attr_t dim = ui_style(ui, PAIR_DIM, A_NORMAL);

	if (rows < 1)
		return;
	ui_clock_texts(ui, clock);
	snprintf(eval, sizeof eval, "Eval %s", "--");
	if (ui_cursor_score(ui, &s, label, sizeof label)) { /* the score with its label, always */
		ui_format_score(sc, sizeof sc, s, 0, false);
		snprintf(eval, sizeof eval, "Eval %s %s", sc, label);
	}
	engine_line(ui, engine, sizeof engine);
	if (rows == 1) {
		snprintf(who, sizeof who, "%s%s %s%s %s  %s", ui_disc(ui, BLACK), clock[BLACK],
			 ui_disc(ui, WHITE), clock[WHITE], eval, engine);
		ui_put(l->graph_y, 1, l->cols - 2, who);
		return;
	}
	for (int c = BLACK; c <= WHITE; c++) { /* the program's name goes first when long */
		ui_player_name(ui, (enum color)c, names[c], sizeof names[c]);
		if (strlen(names[c]) > 20)
			memmove(names[c], ui_player_short(names[c]),
				strlen(ui_player_short(names[c])) + 1);
	}
	snprintf(who, sizeof who, "%s %.20s %s  %s %.20s %s", ui_disc(ui, BLACK), names[BLACK],
		 clock[BLACK], ui_disc(ui, WHITE), names[WHITE], clock[WHITE]);
	ui_put(l->graph_y, 1, l->cols - 2, who);
	if (rows == 2) {
		char both[260];
		snprintf(both, sizeof both, "%s  %s", eval, engine);
		ui_put(l->graph_y + 1, 1, l->cols - 2, both);
		return;
	}
	attron(A_BOLD);
	ui_put(l->graph_y + 1, 1, l->cols - 2, eval);
	attroff(A_BOLD);
	attron(dim);
	ui_put(l->graph_y + 2, 1, l->cols - 2, engine);
	attroff(dim);
}

/* Draws the compact screen's own parts (draw.c adds the message line, the
   pop-up and the command bar). */
void ui_draw_compact(struct ui *ui)
{
	compact_header(ui);
	compact_board(ui);
	compact_moves(ui);
	compact_info(ui);
}
