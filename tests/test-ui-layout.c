/*
 * test-ui-layout.c — the screen's layout at every terminal size from the
 * minimum up: nothing overlaps or leaves the screen, squares only grow with
 * the terminal, and a click on any square's centre finds that square.
 */
#include "ui.h"

#include <criterion/criterion.h>
#include <string.h>

static void check_layout(const struct ui_layout *l)
{
	cr_assert_not(l->too_small);
	cr_assert_geq(l->board_x, 2, "room for the row numbers");
	cr_assert_geq(l->board_y, 2, "room for the header and the column letters");
	cr_assert_leq(l->board_x + l->board_w, l->moves_x, "board and move list overlap");
	cr_assert_leq(l->moves_x + l->moves_w, l->cols, "move list leaves the screen");
	cr_assert_leq(l->eval_x + l->eval_w, l->cols, "engine panel leaves the screen");
	cr_assert_geq(l->moves_w, 42, "move list narrower than 4 moves");
	cr_assert_leq(l->moves_y + l->moves_h, l->eval_y, "move list and engine panel overlap");
	cr_assert_leq(l->eval_y + l->eval_h, l->status_y, "engine panel covers the message line");
	cr_assert_leq(l->board_y + l->board_h, l->graph_y, "board and graph overlap");
	cr_assert_leq(l->graph_y + l->graph_h, l->status_y, "graph covers the message line");
	cr_assert_geq(l->moves_h, 5);
	cr_assert_geq(l->eval_h, 7);
	cr_assert_eq(l->status_y, l->rows - 2);
	cr_assert_eq(l->bar_y, l->rows - 1);
}

Test(ui_layout, every_size_from_the_minimum_fits)
{
	for (int rows = UI_MIN_ROWS; rows <= 70; rows++) {
		for (int cols = UI_MIN_COLS; cols <= 220; cols += 3) {
			struct ui_layout l;
			ui_layout_compute(&l, rows, cols);
			cr_assert_eq(l.rows, rows);
			check_layout(&l);
		}
	}
}

/* Below 80x24 the compact screen (60x20 and 40x15 showed only "Terminal too
   small"): the board, its letters, the message and command lines fit, the
   move list beside the board when there is room; below the compact minimum,
   only the message. */
Test(ui_layout, small_terminals_get_the_compact_screen)
{
	struct ui_layout l;

	for (int rows = UI_COMPACT_ROWS; rows <= UI_MIN_ROWS + 10; rows++) {
		for (int cols = UI_COMPACT_COLS; cols <= 200; cols++) {
			if (rows >= UI_MIN_ROWS && cols >= UI_MIN_COLS)
				continue;
			ui_layout_compute(&l, rows, cols);
			cr_assert_not(l.too_small, "%dx%d", cols, rows);
			cr_assert(l.compact, "%dx%d", cols, rows);
			cr_assert_geq(l.board_y, 2, "room for the header and the letters");
			cr_assert_leq(l.board_x + l.board_w, cols, "%dx%d: the board fits", cols,
				      rows);
			cr_assert_leq(l.board_y + l.board_h, l.status_y, "%dx%d: message line",
				      cols, rows);
			cr_assert_eq(l.status_y, rows - 2);
			cr_assert_eq(l.bar_y, rows - 1);
			cr_assert(l.moves_w == 0 || l.moves_x + l.moves_w <= cols);
			cr_assert(l.moves_w == 0 || l.moves_x >= l.board_x + l.board_w + 1);
			cr_assert(l.moves_w == 0 || l.moves_y + l.moves_h <= l.status_y);
		}
	}
	ui_layout_compute(&l, 20, 60);
	cr_assert(l.compact && l.moves_w >= 20, "60x20 has the move list");
	ui_layout_compute(&l, 15, 40);
	cr_assert(l.compact && l.moves_w >= 12, "40x15 too");
	cr_assert_eq(l.cell_w, 3, "40x15: squares wide enough for a score of the overlay");
	cr_assert_geq(l.graph_h, 3, "40x15: rows under the board for clocks, score, engine");
	struct ui ui;
	memset(&ui, 0, sizeof ui);
	ui.lay = l;
	for (int flip = 0; flip < 2; flip++) {
		ui.flipped = flip;
		for (int sq = 0; sq < 64; sq++) {
			int r = sq / 8, c = sq % 8;
			if (flip) {
				r = 7 - r;
				c = 7 - c;
			}
			cr_assert_eq(ui_compact_square_at(&ui, l.board_y + r,
							  l.board_x + c * l.cell_w + l.cell_w / 2),
				     sq, "a click finds square %d (flipped %d)", sq, flip);
		}
	}
	ui_layout_board(&l, 13, 60, VARIANT_10X10_HOLES);
	cr_assert(l.too_small, "the 10x10 board needs 14 rows");
	ui_layout_board(&l, 14, 60, VARIANT_10X10_HOLES);
	cr_assert(l.compact && l.board_y + l.board_h <= l.status_y, "and fits in 14");
	ui_layout_compute(&l, UI_COMPACT_ROWS - 1, 200);
	cr_assert(l.too_small);
	ui_layout_compute(&l, 60, UI_COMPACT_COLS - 1);
	cr_assert(l.too_small);
	ui_layout_compute(&l, 1, 1);
	cr_assert(l.too_small);
	ui_layout_compute(&l, 24, 80);
	cr_assert_not(l.compact, "80x24 is the full screen");
}

Test(ui_layout, squares_grow_with_the_terminal)
{
	struct ui_layout small, large;

	ui_layout_compute(&small, 24, 80);
	ui_layout_compute(&large, 40, 120);
	cr_assert_eq(small.cell_w, 3);
	cr_assert_eq(small.cell_h, 1);
	cr_assert_gt(large.cell_w, small.cell_w);
	cr_assert_gt(large.cell_h, small.cell_h);
	for (int rows = 24; rows < 70; rows++) {
		struct ui_layout a, b;
		ui_layout_compute(&a, rows, 150);
		ui_layout_compute(&b, rows + 1, 150);
		cr_assert_geq(b.cell_w * b.cell_h, a.cell_w * a.cell_h);
	}
}

Test(ui_layout, a_click_on_a_square_finds_it)
{
	static const int sizes[][2] = {{24, 80}, {30, 100}, {40, 120}, {60, 200}};

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct ui ui;
		memset(&ui, 0, sizeof ui);
		ui_layout_compute(&ui.lay, sizes[i][0], sizes[i][1]);
		for (int sq = 0; sq < 64; sq++) {
			int y =
			    ui.lay.board_y + 1 + (sq / 8) * (ui.lay.cell_h + 1) + ui.lay.cell_h / 2;
			int x =
			    ui.lay.board_x + 1 + (sq % 8) * (ui.lay.cell_w + 1) + ui.lay.cell_w / 2;
			cr_assert_eq(ui_square_at(&ui, y, x), sq, "square %d at %dx%d", sq,
				     sizes[i][1], sizes[i][0]);
		}
		cr_assert_eq(ui_square_at(&ui, ui.lay.board_y, ui.lay.board_x), -1, "grid corner");
		cr_assert_eq(ui_square_at(&ui, 0, 0), -1, "header");
		cr_assert_eq(ui_square_at(&ui, ui.lay.bar_y, ui.lay.cols - 1), -1, "command bar");
	}
}

/* The other boards at 80x24 and larger: the board, the graph and the panels all fit (10x10
   without lines between its rows at 24 rows), and a click finds every square; a hole is none. */
Test(ui_layout, the_other_boards_fit_and_clicks_find_their_squares)
{
	static const int sizes[][2] = {{24, 80}, {30, 100}, {40, 120}, {60, 200}};

	for (int v = VARIANT_6X6; v <= VARIANT_10X10_HOLES; v++)
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			struct ui ui;
			int n = square_size((enum variant)v), holes = 0;

			memset(&ui, 0, sizeof ui);
			ui_layout_board(&ui.lay, sizes[i][0], sizes[i][1], (enum variant)v);
			cr_assert_not(ui.lay.compact);
			cr_assert_leq(ui.lay.board_y + ui.lay.board_h + 1, ui.lay.status_y,
				      "the board and a graph line above the message line");
			cr_assert_leq(ui.lay.board_x + ui.lay.board_w, ui.lay.moves_x);
			cr_assert_geq(ui.lay.moves_w, 30, "the panels keep their room");
			cr_assert_geq(ui.lay.eval_h, 5);
			for (int r = 0; r < n; r++)
				for (int c = 0; c < n; c++) {
					int y = ui.lay.board_y + 1 +
						r * (ui.lay.cell_h + ui.lay.row_gap) +
						ui.lay.cell_h / 2;
					int x = ui.lay.board_x + 1 + c * (ui.lay.cell_w + 1) +
						ui.lay.cell_w / 2;
					int sq = square_at((enum variant)v, r, c);

					holes += sq < 0;
					cr_assert_eq(ui_square_at(&ui, y, x), sq, "%d,%d on %dx%d",
						     r, c, sizes[i][1], sizes[i][0]);
				}
			cr_assert_eq(holes, v == VARIANT_10X10_HOLES ? 8 : 0);
		}
}
