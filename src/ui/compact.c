/*
 * compact.c — the screen of a small terminal (below 80x24, down to
 * UI_COMPACT_COLS x UI_COMPACT_ROWS): a one-line header, the board without
 * grid lines (two or three columns a square, one row), the move list beside
 * it when there is room, and the message and command lines that the full
 * screen has (draw.c draws those and the pop-ups at any size).
 *
 * Representation: the layout's board_x, board_y and cell_w place the
 * squares (square c,r at board_x + c * cell_w, board_y + r); moves_x,
 * moves_y, moves_w and moves_h place the list, moves_w 0 when it does not
 * fit. The cursor is the square in reverse video, the last move is bold.
 */
#include "ui.h"

#include "board.h"
#include "gametree.h"

#include <stdio.h>
#include <string.h>

/* Lays out the compact screen in `lay` (rows, cols set, at least the compact minimum). */
void ui_layout_compact(struct ui_layout *lay)
{
	int n = square_size(lay->variant);

	lay->compact = true;
	lay->cell_w = lay->cols >= 2 + 3 * n + 2 + 20 ? 3 : 2;
	lay->cell_h = 1;
	lay->board_x = n >= 10 ? 3 : 2;
	lay->board_y = 2;
	lay->board_w = n * lay->cell_w;
	lay->board_h = n;
	lay->status_y = lay->rows - 2;
	lay->bar_y = lay->rows - 1;
	lay->moves_x = lay->board_x + lay->board_w + 2;
	lay->moves_y = 1;
	lay->moves_w = lay->cols - lay->moves_x;
	lay->moves_h = lay->status_y - lay->moves_y;
	if (lay->moves_w < 12) {
		lay->moves_w = 0;
		lay->moves_h = 0;
	}
}

/* The square at y,x of the compact board, or -1. */
int ui_compact_square_at(const struct ui_layout *l, int y, int x)
{
	int r = y - l->board_y, c = x - l->board_x;

	if (r < 0 || c < 0)
		return -1;
	return square_at(l->variant, r, c / l->cell_w);
}

/* The header: the disc counts, the side to move or the result, then the
   move number and the mode when they fit. */
static void compact_header(const struct ui *ui)
{
	enum color side = controller_side(ui->ctl);
	int discs[2], cols = ui->lay.cols;
	vbits black, white;
	char left[96], right[48], words[64];
	attr_t hdr = ui_style(ui, PAIR_HEADER, A_REVERSE);
	static const char *const modes[] = {"PLAY", "REPLAY", "EDIT", "ANALYSIS"};
	enum ctl_mode mode = controller_mode(ui->ctl);

	controller_colors(ui->ctl, &black, &white);
	discs[BLACK] = vboard_popcount(black);
	discs[WHITE] = vboard_popcount(white);
	ui_result_words(ui, words, sizeof words);
	if (!words[0])
		snprintf(words, sizeof words, "%s to move", side == BLACK ? "Black" : "White");
	snprintf(left, sizeof left, " %s%d %s%d  %s", ui_disc(ui, BLACK), discs[BLACK],
		 ui_disc(ui, WHITE), discs[WHITE], words);
	snprintf(right, sizeof right, "%d/%d %s", controller_cursor(ui->ctl),
		 controller_line_length(ui->ctl), modes[mode < 4 ? mode : 0]);
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
	vbits black, white, legal = edit ? 0 : controller_legal_moves(ui->ctl);
	int last = edit ? SQ_NONE : controller_last_move(ui->ctl, NULL);

	controller_colors(ui->ctl, &black, &white);
	for (int c = 0; c < n; c++)
		mvaddch(l->board_y - 1, l->board_x + c * l->cell_w + l->cell_w / 2,
			(chtype)('a' + c));
	for (int r = 0; r < n; r++) {
		mvprintw(l->board_y + r, 0, "%d", r + 1);
		for (int c = 0; c < n; c++) {
			int sq = square_at(v, r, c), y = l->board_y + r,
			    x = l->board_x + c * l->cell_w;
			vbits bit = sq >= 0 ? vboard_bit(sq) : 0;
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
			if (who >= 0)
				mvaddstr(y, x + l->cell_w / 2, ui_disc(ui, (enum color)who));
			else if (legal & bit)
				mvaddstr(y, x + l->cell_w / 2, ui->utf8 ? "\u00b7" : ".");
			attroff(a);
		}
	}
}

/* The move list beside the board: two plies a row, the rows that end at
   the cursor's move (or the first ones). */
static void compact_moves(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	const struct game_node *line[128];
	int n = ui_line(ui, line, 128), cursor = controller_cursor(ui->ctl);
	int rows = (n - 1 + 1) / 2, first = 0;

	if (!l->moves_w)
		return;
	if (cursor > 0 && (cursor + 1) / 2 > l->moves_h)
		first = (cursor + 1) / 2 - l->moves_h;
	for (int r = first; r < rows && r - first < l->moves_h; r++) {
		char text[64], sq[SQUARE_NAME_LEN];
		int len = snprintf(text, sizeof text, "%3d", 2 * r + 1);
		for (int p = 2 * r + 1; p <= 2 * r + 2 && p < n; p++)
			len += snprintf(text + len, sizeof text - (size_t)len, " %s%s%s",
					p == cursor ? ">" : " ", ui_disc(ui, line[p]->player),
					ui_square_name(ui, line[p]->move, sq));
		ui_put(l->moves_y + r - first, l->moves_x, l->moves_w, text);
	}
}

/* Draws the compact screen's own parts (draw.c adds the message line, the
   pop-up and the command bar). */
void ui_draw_compact(struct ui *ui)
{
	compact_header(ui);
	compact_board(ui);
	compact_moves(ui);
}
