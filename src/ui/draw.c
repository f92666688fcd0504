/*
 * draw.c — the screen's layout and drawing: the header with the players,
 * the board, the message line, the command bar, pop-ups and the message
 * shown while the terminal is too small. The move list, the engine panel and
 * the graph are drawn by panels.c.
 *
 * Layout (rows top to bottom): header; column letters; the board grid with
 * row numbers on its left; the evaluation graph under the board; the message
 * line; the command bar. The move list and the engine panel share the column
 * right of the board. The board's squares grow with the terminal: 3x1
 * characters inside the grid lines at 80x24, 5x1, then 7x3 from about
 * 112x40 up. Everything is redrawn from the controller's state at each
 * redraw; curses sends only the characters that changed.
 *
 * Styles: colour pairs when the terminal has colours (8 or 256), else
 * attributes only (reverse, bold, underline) so that every mark stays
 * visible in monochrome; Unicode discs ●/○ and box lines, else X/O and
 * +-|.
 */
#define _GNU_SOURCE /* wcwidth */
#include "ui.h"

#include "cmdbar.h"
#include "gametree.h"
#include "timer.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* Sets the colour pairs when colours are on and the terminal has them. */
void ui_colors_init(struct ui *ui)
{
	short board = COLOR_GREEN, last = COLOR_RED, flip = COLOR_YELLOW, header = COLOR_BLUE;
	short white = COLOR_WHITE, black = COLOR_BLACK;
	short dim = COLOR_CYAN; /* secondary text: blue was unreadable on a black terminal */

	ui->color = ui->opt.color && has_colors();
	if (!ui->color)
		return;
	start_color();
	use_default_colors();
	if (COLORS >= 256) {
		board = 28;
		last = 124;
		flip = 100;
		header = 24;
		white = 231;
		black = 16;
		dim = 245; /* a middle grey: readable on dark and light backgrounds */
	}
	init_pair(PAIR_BOARD, black, board);
	init_pair(PAIR_BLACK, black, board);
	init_pair(PAIR_WHITE, white, board);
	init_pair(PAIR_LEGAL, COLOR_YELLOW, board);
	init_pair(PAIR_LAST_B, black, last);
	init_pair(PAIR_LAST_W, white, last);
	init_pair(PAIR_FLIP_B, black, flip);
	init_pair(PAIR_FLIP_W, white, flip);
	init_pair(PAIR_CURSOR, COLOR_MAGENTA, board);
	init_pair(PAIR_HINT, COLOR_CYAN, board);
	init_pair(PAIR_HEADER, COLOR_WHITE, header);
	init_pair(PAIR_ERROR, COLOR_RED, -1);
	init_pair(PAIR_TITLE, COLOR_CYAN, -1);
	init_pair(PAIR_DIM, dim, -1);
	init_pair(PAIR_GOOD, COLOR_GREEN, -1);
	init_pair(PAIR_BAD, COLOR_RED, -1);
	init_pair(PAIR_SELECT, COLOR_BLACK, COLOR_CYAN);
	init_pair(PAIR_HINT_BEST, COLOR_YELLOW, board);
	init_pair(PAIR_BAR_BLACK, COLOR_BLACK, COLOR_GREEN);
	init_pair(PAIR_BAR_WHITE, COLOR_WHITE, -1);
	init_pair(PAIR_HOLE, COLOR_WHITE, COLOR_BLACK);
}

/* An attribute for one role: a colour pair, or its monochrome stand-in. */
attr_t ui_style(const struct ui *ui, int pair, attr_t mono)
{
	return ui->color ? (attr_t)COLOR_PAIR(pair) : mono;
}

/* Places the parts of the screen for a rows x cols terminal and the 8x8 board. */
void ui_layout_compute(struct ui_layout *lay, int rows, int cols)
{
	ui_layout_board(lay, rows, cols, VARIANT_8X8);
}

/* Lays the screen out again for the terminal's size and the game's board. */
void ui_layout_update(struct ui *ui)
{
	ui_layout_board(&ui->lay, LINES, COLS, controller_variant(ui->ctl));
	ui_dbpanel_layout(ui);
}

/* The smallest terminal that shows board v (the compact screen): rows and columns. */
void ui_layout_min(enum variant v, int *rows, int *cols)
{
	int n = square_size(v);

	*rows = n + 4 > UI_COMPACT_ROWS ? n + 4 : UI_COMPACT_ROWS; /* header, letters, 2 lines */
	*cols = (n >= 10 ? 3 : 2) + 2 * n + 1;
	if (*cols < UI_COMPACT_COLS)
		*cols = UI_COMPACT_COLS;
}

/*
 * Places the parts of the screen for a rows x cols terminal and board v: the
 * largest squares with which the board and the panels fit. When even the
 * smallest do not fit in height (10x10 on 24 rows), the rows go without grid
 * lines between them (row_gap 0); the columns keep theirs.
 */
void ui_layout_board(struct ui_layout *lay, int rows, int cols, enum variant v)
{
	static const int cells[][2] = {{7, 3}, {5, 1}, {3, 1}};
	int right_min = 44, n = square_size(v);

	memset(lay, 0, sizeof *lay);
	lay->rows = rows;
	lay->cols = cols;
	lay->variant = v;
	lay->row_gap = 1;
	if (rows < UI_MIN_ROWS || cols < UI_MIN_COLS) {
		int min_rows, min_cols;
		ui_layout_min(v, &min_rows, &min_cols);
		lay->too_small = rows < min_rows || cols < min_cols;
		if (!lay->too_small)
			ui_layout_compact(lay);
		return;
	}
	for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
		int w = n * (cells[i][0] + 1) + 1, h = n * (cells[i][1] + 1) + 1;
		if (3 + w + right_min <= cols && h + 7 <= rows) {
			lay->cell_w = cells[i][0];
			lay->cell_h = cells[i][1];
			break;
		}
	}
	if (!lay->cell_w) {
		lay->cell_w = 3;
		lay->cell_h = 1;
		if (n * 2 + 1 + 7 > rows)
			lay->row_gap = 0;
	}
	lay->board_w = n * (lay->cell_w + 1) + 1;
	lay->board_h = n * (lay->cell_h + lay->row_gap) + 2 - lay->row_gap;
	lay->board_y = 2;
	lay->board_x = 2;
	lay->status_y = rows - 2;
	lay->bar_y = rows - 1;
	lay->graph_y = lay->board_y + lay->board_h;
	lay->graph_x = lay->board_x;
	lay->graph_w = lay->board_w;
	lay->graph_h = lay->status_y - lay->graph_y;
	lay->moves_x = lay->board_x + lay->board_w + 1;
	lay->moves_w = cols - lay->moves_x;
	lay->moves_y = 1;
	lay->moves_h = (lay->status_y - 1) / 2;
	if (lay->moves_h > 18)
		lay->moves_h = 18;
	lay->eval_x = lay->moves_x;
	lay->eval_w = lay->moves_w;
	lay->eval_y = lay->moves_y + lay->moves_h;
	lay->eval_h = lay->status_y - lay->eval_y;
}

/* A square's name on the game's board ("f5", "j10", "pass" for SQ_PASS, "--" otherwise) in
   `buf`. */
const char *ui_square_name(const struct ui *ui, int sq, char buf[SQUARE_NAME_LEN])
{
	enum variant v = ui->ctl ? controller_variant(ui->ctl) : ui->lay.variant;

	if (sq == SQ_PASS)
		return "pass";
	if (!square_valid(v, sq))
		return "--";
	return square_name(v, sq, buf);
}

/* The board cursor, first moved onto the game's board when the board changed (to the
   top-left square of the centre); the square. */
int ui_cursor_square(struct ui *ui)
{
	enum variant v = controller_variant(ui->ctl);
	int n = square_size(v);

	if (!square_valid(v, ui->cursor))
		ui->cursor = square_at(v, n / 2 - 1, n / 2 - 1);
	return ui->cursor;
}

/* Formats a centidisc score: "+2.34", or "+18" when exact, with >= or <= for
   bounds. */
void ui_format_score(char *out, size_t outlen, int score, int bound, bool endgame)
{
	const char *b = bound == 1 ? ">=" : bound == 2 ? "<=" : "";

	if (endgame && score % 100 == 0)
		snprintf(out, outlen, "%s%+d", b, score / 100);
	else
		snprintf(out, outlen, "%s%+.2f", b, score / 100.0);
}

/* Fills line[0..n) with the current line (line[k] = the node k plies from
   the start, line[0] = the root) and returns n (at most max); the cursor's
   node is line[controller_cursor]. */
int ui_line(struct ui *ui, const struct game_node **line, int max)
{
	const struct game_node *tip = controller_line_end(ui->ctl);
	int n = tip->ply + 1;

	if (n > max)
		n = max;
	for (const struct game_node *p = tip; p; p = p->parent)
		if (p->ply < n)
			line[p->ply] = p;
	return n;
}

/* Draws `s` (UTF-8) at y,x clipped to `width` columns; returns the columns used. */
int ui_put(int y, int x, int width, const char *s)
{
	mbstate_t st;
	int used = 0;

	memset(&st, 0, sizeof st);
	move(y, x);
	while (*s && used < width) {
		wchar_t wc;
		size_t len = mbrtowc(&wc, s, MB_CUR_MAX, &st);
		int w;
		if (len == (size_t)-1 || len == (size_t)-2 || len == 0) {
			memset(&st, 0, sizeof st);
			addch('?');
			s++;
			used++;
			continue;
		}
		w = wcwidth(wc);
		if (w < 0)
			w = 1;
		if (used + w > width)
			break;
		addnstr(s, (int)len);
		s += len;
		used += w;
	}
	return used;
}

/* Line-drawing glyphs, drawn as text rather than through the terminal's
   alternate character set, which some terminal and multiplexer pairs mangle. */
enum glyph { G_H, G_V, G_UL, G_UR, G_LL, G_LR, G_TT, G_BT, G_LT, G_RT, G_PLUS };

static const char *glyph(const struct ui *ui, enum glyph g)
{
	static const char *const uni[] = {"\u2500", "\u2502", "\u250c", "\u2510",
					  "\u2514", "\u2518", "\u252c", "\u2534",
					  "\u251c", "\u2524", "\u253c"};
	static const char *const ascii[] = {"-", "|", "+", "+", "+", "+", "+", "+", "+", "+", "+"};

	return ui->utf8 ? uni[g] : ascii[g];
}

static void hline_at(const struct ui *ui, int y, int x, int w)
{
	move(y, x);
	for (int i = 0; i < w; i++)
		addstr(glyph(ui, G_H));
}

static void vline_at(const struct ui *ui, int y, int x, int h)
{
	for (int i = 0; i < h; i++)
		mvaddstr(y + i, x, glyph(ui, G_V));
}

/* Draws a box with an optional title on its top line (panels, pop-ups). */
void ui_draw_box(const struct ui *ui, int y, int x, int h, int w, const char *title)
{
	if (h < 2 || w < 2)
		return;
	mvaddstr(y, x, glyph(ui, G_UL));
	hline_at(ui, y, x + 1, w - 2);
	addstr(glyph(ui, G_UR));
	vline_at(ui, y + 1, x, h - 2);
	vline_at(ui, y + 1, x + w - 1, h - 2);
	mvaddstr(y + h - 1, x, glyph(ui, G_LL));
	hline_at(ui, y + h - 1, x + 1, w - 2);
	addstr(glyph(ui, G_LR));
	if (title) {
		attron(ui_style(ui, PAIR_TITLE, A_BOLD) | A_BOLD);
		mvaddch(y, x + 2, ' ');
		ui_put(y, x + 3, w - 6, title);
		addch(' ');
		attroff(ui_style(ui, PAIR_TITLE, A_BOLD) | A_BOLD);
	}
}

/* A board row and column to the screen's, or back (the same map both ways): as they are,
   or half a turn round when the view is flipped (`flip`). */
void ui_view_rc(const struct ui *ui, int n, int *r, int *c)
{
	if (ui->flipped) {
		*r = n - 1 - *r;
		*c = n - 1 - *c;
	}
}

/* The glyph of a disc of colour `c`: ● or ○, X or O in ASCII. */
const char *ui_disc(const struct ui *ui, enum color c)
{
	if (ui->utf8)
		return c == BLACK ? "\u25cf" : "\u25cb";
	return c == BLACK ? "X" : "O";
}

/* Seconds each colour spent on the line up to the cursor, plus the running
   turn at the end of the line as its move will record it (controller_turn_seconds: an
   engine's clock stands still while it waits, paused). */
static void clocks(struct ui *ui, const struct game_node *const *line, int n, double out[2])
{
	int cursor = controller_cursor(ui->ctl);

	out[0] = out[1] = 0;
	for (int i = 1; i < n && i <= cursor; i++)
		if (line[i]->time > 0)
			out[line[i]->player] += line[i]->time;
	out[controller_side(ui->ctl)] += controller_turn_seconds(ui->ctl);
	for (int c = BLACK; c <= WHITE; c++) {
		double left, running = out[c];

		if (!controller_clock(ui->ctl, (enum color)c, &left))
			continue;
		for (int i = 1; i < n && i <= cursor; i++)
			if (line[i]->time > 0 && (int)line[i]->player == c)
				running -= line[i]->time;
		out[c] = left - running; /* a game clock counts down */
	}
}

static void format_clock(char *out, size_t len, double s)
{
	int t = (int)(s < 0 ? -s : s);
	const char *sign = s < 0 && t > 0 ? "-" : ""; /* a clock never reads -0:00 */

	if (t >= 3600)
		snprintf(out, len, "%s%d:%02d:%02d", sign, t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(out, len, "%s%d:%02d", sign, t / 60, t % 60);
}

/* Each side's clock as the header shows it ("1:05", "-0:12" past a game clock's end). */
void ui_clock_texts(struct ui *ui, char out[2][16])
{
	const struct game_node *line[128];
	int n = ui_line(ui, line, 128);
	double t[2];

	clocks(ui, line, n, t);
	for (int c = BLACK; c <= WHITE; c++)
		format_clock(out[c], 16, t[c]);
}

static const char *mode_name(enum ctl_mode m)
{
	switch (m) {
	case MODE_PLAY:
		return "PLAY";
	case MODE_REPLAY:
		return "REPLAY";
	case MODE_EDIT:
		return "EDIT";
	case MODE_ANALYSIS:
		return "ANALYSIS";
	}
	return "";
}

/* The word the headers (full and compact) give the mode: STUDY for a game opened for study
   (but ANALYSIS while it is analysed), PAUSED for a game in play held by `pause`, else the
   controller's mode. */
const char *ui_mode_word(const struct ui *ui)
{
	enum ctl_mode m = controller_mode(ui->ctl);

	if (controller_study(ui->ctl) && m != MODE_ANALYSIS && m != MODE_EDIT)
		return "STUDY";
	if (controller_paused(ui->ctl) && m == MODE_PLAY)
		return "PAUSED";
	return mode_name(m);
}

/* The name the headers give colour c's player (controller_player_name), in buf. */
const char *ui_player_name(const struct ui *ui, enum color c, char *buf, size_t size)
{
	controller_player_name(ui->ctl, c, buf, size);
	return buf;
}

/* `name` without the program's own name before a level ("expert (depth 2)" for "Othello
   Master expert (depth 2)"), for a line that has no room for both. */
const char *ui_player_short(const char *name)
{
	static const char program[] = "Othello Master ";

	return strncmp(name, program, sizeof program - 1) == 0 && name[sizeof program - 1]
		   ? name + sizeof program - 1
		   : name;
}

/* The header: both players with their discs and clocks, the side to move,
   the mode and the move number. */
static void draw_header(struct ui *ui, const struct game_node *const *line, int n)
{
	enum color side = controller_side(ui->ctl);
	int discs[2], diff, cursor = controller_cursor(ui->ctl), x = 0, fixed = 0;
	sqset black, white;
	int room, right_w, name_w[2], pad_w[2];
	double t[2];
	char buf[320], right[96], clocks_text[2][16], full[2][256];
	const char *names[2];
	attr_t hdr = ui_style(ui, PAIR_HEADER, A_REVERSE);
	bool over = controller_game_over(ui->ctl, &diff);

	controller_colors(ui->ctl, &black, &white);
	discs[BLACK] = sqset_count(black);
	discs[WHITE] = sqset_count(white);
	clocks(ui, line, n, t);
	if (over) {
		ui_result_words(ui, right, sizeof right);
	} else if (controller_mode(ui->ctl) == MODE_EDIT) {
		snprintf(right, sizeof right, "%s to move  EDIT",
			 side == BLACK ? "Black" : "White");
	} else {
		snprintf(right, sizeof right, "move %d/%d  %s", cursor,
			 controller_line_length(ui->ctl), ui_mode_word(ui));
	}
	/* The names share the room the rest of the line leaves: whole when they
	   fit ("pre-master" does at 80 columns), else cut, the longer first;
	   padded to 8 columns when there is room, so that the line keeps still. */
	for (int c = BLACK; c <= WHITE; c++) {
		const char *name = ui_player_name(ui, (enum color)c, full[c], sizeof full[c]);
		format_clock(clocks_text[c], sizeof clocks_text[c], t[c]);
		names[c] = name;
		fixed += 3 + (int)strlen(" White   00  ") + (int)strlen(clocks_text[c]) + 1;
	}
	right_w = (int)mbstowcs(NULL, right, 0); /* columns: a result holds an en dash */
	if (right_w < 0)
		right_w = (int)strlen(right);
	room = ui->lay.cols - fixed - right_w - 2;
	for (int c = BLACK; c <= WHITE; c++)
		name_w[c] = (int)strlen(names[c]);
	/* "Othello Master expert" and "Othello Master (3 plies)" were cut to "Othello Ma":
	   the program's own name goes first when the two do not fit, then a level's
	   settings in brackets (never half of them: "expert (depth 1") */
	for (int c = BLACK; c <= WHITE && name_w[0] + name_w[1] > room; c++) {
		names[c] = ui_player_short(names[c]);
		name_w[c] = (int)strlen(names[c]);
	}
	for (int c = BLACK; c <= WHITE && name_w[0] + name_w[1] > room; c++) {
		const char *settings = strstr(names[c], " ("); /* then a level's settings */
		if (settings && names[c] + name_w[c] > settings)
			name_w[c] = (int)(settings - names[c]);
	}
	while (name_w[0] + name_w[1] > room && name_w[0] + name_w[1] > 16)
		name_w[name_w[0] >= name_w[1] ? 0 : 1]--;
	for (int c = BLACK; c <= WHITE; c++)
		pad_w[c] = name_w[c];
	for (int c = BLACK; c <= WHITE; c++)
		if (pad_w[c] < 8 && (pad_w[0] + pad_w[1] + 8 - pad_w[c] <= room || room < 16))
			pad_w[c] = 8;
	attron(hdr);
	mvhline(0, 0, ' ', ui->lay.cols);
	for (int c = BLACK; c <= WHITE; c++) {
		bool to_move = !over && c == (int)side && controller_mode(ui->ctl) != MODE_EDIT;
		mvaddstr(0, x, to_move ? (ui->utf8 ? " \u25b6" : " >") : "  ");
		if (to_move)
			attron(A_BOLD);
		addstr(ui_disc(ui, (enum color)c));
		snprintf(buf, sizeof buf, " %s %-*.*s %2d  %s ", c == BLACK ? "Black" : "White",
			 pad_w[c], name_w[c], names[c], discs[c], clocks_text[c]);
		addstr(buf);
		if (to_move)
			attroff(A_BOLD);
		x += 2 + 1 + (int)strlen(buf) + 1;
	}
	if (right_w + 1 < ui->lay.cols - x)
		mvaddstr(0, ui->lay.cols - right_w - 1, right);
	attroff(hdr);
}

/* The score `centi` as text of at most `width` columns: "+3" at 3, "+2.5" at 5, "+2.50" at 7. */
static void note_text(char *out, size_t outlen, int centi, int width)
{
	if (width >= 7)
		snprintf(out, outlen, "%+.2f", centi / 100.0);
	else if (width >= 5)
		snprintf(out, outlen, "%+.1f", centi / 100.0);
	else
		snprintf(out, outlen, "%+d", (centi >= 0 ? centi + 50 : centi - 50) / 100);
	if ((int)strlen(out) > width)
		snprintf(out, outlen, "%+d", (centi >= 0 ? centi + 50 : centi - 50) / 100);
}

/* The database's moves on the squares no score holds: their games ("742",
   "39k"; "*" when the square has no room for the number). */
static void db_notes(const struct ui *ui, struct square_note notes[128])
{
	int sq[64], n, w = ui->lay.cell_w;
	unsigned games[64];

	n = ui_dbpanel_marks(ui, sq, games, 64);
	for (int i = 0; i < n; i++) {
		struct square_note *note = &notes[sq[i]];

		if (note->text[0])
			continue;
		if (games[i] < 1000)
			snprintf(note->text, sizeof note->text, "%u", games[i]);
		else
			snprintf(note->text, sizeof note->text, "%uk", games[i] / 1000);
		if ((int)strlen(note->text) > w)
			snprintf(note->text, sizeof note->text, "*");
		note->db = true;
	}
}

/* The notes of the squares at the cursor: the hints shown, or with the overlay on every scored
   legal move (the best known scores: the controller's store of results, else the analysis of
   the move played from here as the record keeps it). */
void ui_square_notes(const struct ui *ui, struct square_note notes[128])
{
	struct ctl_hint h[32];
	const struct game_node *at = controller_node(ui->ctl);
	int n, w = ui->lay.cell_w;

	memset(notes, 0, sizeof(*notes) * 128);
	n = controller_overlay(ui->ctl) ? controller_hint_scores(ui->ctl, h, 32)
					: controller_hints(ui->ctl, h, 32);
	if (n == 0 && controller_overlay(ui->ctl) && at->child && at->child->analysis.valid) {
		const struct game_analysis *a = &at->child->analysis;

		for (int i = 0; i < a->n_moves && n < 32; i++, n++)
			h[n] = (struct ctl_hint){.move = a->moves[i].move,
						 .score = a->moves[i].score,
						 .bound = a->moves[i].bound,
						 .depth = a->moves[i].depth,
						 .endgame = a->exact,
						 .selectivity = 100};
	}
	for (int i = 0; i < n; i++) {
		if (h[i].move < 0 || h[i].move >= 128 || h[i].move == SQ_PASS)
			continue;
		note_text(notes[h[i].move].text, sizeof notes[0].text, h[i].score, w);
		notes[h[i].move].best = h[i].score == h[0].score;
	}
	db_notes(ui, notes);
}

/* The grid: lines around every square, or with row_gap 0 a frame whose columns keep their
   lines and whose rows have none between them. */
static void draw_grid(const struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	int n = square_size(l->variant), pw = l->cell_w + 1, ph = l->cell_h + l->row_gap;
	attr_t a = ui_style(ui, PAIR_BOARD, A_NORMAL);

	attron(a);
	for (int r = 0; r <= n; r++) {
		int y = l->board_y + r * ph + (r == n && !l->row_gap);
		if (!l->row_gap && r > 0 && r < n)
			continue;
		for (int c = 0; c <= n; c++) {
			int x = l->board_x + c * pw;
			enum glyph g;
			if (r == 0)
				g = c == 0 ? G_UL : c == n ? G_UR : G_TT;
			else if (r == n)
				g = c == 0 ? G_LL : c == n ? G_LR : G_BT;
			else
				g = c == 0 ? G_LT : c == n ? G_RT : G_PLUS;
			mvaddstr(y, x, glyph(ui, g));
			if (c < n)
				hline_at(ui, y, x + 1, l->cell_w);
			if (r < n)
				vline_at(ui, y + 1, x, l->row_gap ? l->cell_h : n * l->cell_h);
		}
	}
	attroff(a);
}

/* A hole of the board: its square filled with a shade (# without Unicode), in its own
   colour, so that it never looks like an empty square. */
static void draw_hole(const struct ui *ui, int y0, int x0)
{
	const struct ui_layout *l = &ui->lay;
	attr_t a = ui_style(ui, PAIR_HOLE, A_DIM);

	attron(a);
	for (int y = y0; y < y0 + l->cell_h; y++)
		for (int x = x0; x < x0 + l->cell_w; x++)
			mvaddstr(y, x, ui->utf8 ? "\u2592" : "#");
	attroff(a);
}

/* One square: background, disc or mark, cursor brackets. */
static void draw_square(const struct ui *ui, int sq, int who, bool legal, bool last, bool flipped,
			const struct square_note *note)
{
	const struct ui_layout *l = &ui->lay;
	int row, col;

	square_row_col(l->variant, sq, &row, &col);
	ui_view_rc(ui, square_size(l->variant), &row, &col);
	int y0 = l->board_y + 1 + row * (l->cell_h + l->row_gap);
	int x0 = l->board_x + 1 + col * (l->cell_w + 1);
	int mid = y0 + l->cell_h / 2, cx = x0 + l->cell_w / 2;
	attr_t bg = ui_style(ui, PAIR_BOARD, A_NORMAL);

	if (who >= 0 && last)
		bg = ui_style(ui, who == BLACK ? PAIR_LAST_B : PAIR_LAST_W, A_REVERSE);
	else if (who >= 0 && flipped)
		bg = ui_style(ui, who == BLACK ? PAIR_FLIP_B : PAIR_FLIP_W, A_UNDERLINE);
	else if (who >= 0)
		bg = ui_style(ui, who == BLACK ? PAIR_BLACK : PAIR_WHITE, A_NORMAL);
	attron(bg);
	for (int y = y0; y < y0 + l->cell_h; y++)
		mvhline(y, x0, ' ', l->cell_w);
	if (who >= 0 && ui->color && ui->utf8 && l->cell_h >= 3 && l->cell_w >= 7) {
		/* A round disc of block characters; the colour tells the sides apart. */
		mvaddstr(mid - 1, cx - 2, "\u2584\u2588\u2588\u2588\u2584");
		mvaddstr(mid, cx - 2, "\u2588\u2588\u2588\u2588\u2588");
		mvaddstr(mid + 1, cx - 2, "\u2580\u2588\u2588\u2588\u2580");
	} else if (who >= 0) {
		if (who == WHITE || !ui->color)
			attron(A_BOLD);
		mvaddstr(mid, cx, ui_disc(ui, (enum color)who));
		attroff(A_BOLD);
	}
	attroff(bg);
	if (who < 0 && note && note->text[0]) {
		int len = (int)strlen(note->text);
		attr_t h = note->db ? ui_style(ui, PAIR_TITLE, A_UNDERLINE)
				    : ui_style(ui, note->best ? PAIR_HINT_BEST : PAIR_HINT, A_BOLD) |
					  (note->best ? A_BOLD : A_NORMAL);

		if (sq == ui->cursor && len > l->cell_w - 2)
			h = ui_style(ui, PAIR_CURSOR, A_REVERSE) | A_REVERSE; /* no room for [ ] */
		attron(h);
		mvaddstr(mid, x0 + (l->cell_w - len) / 2, note->text);
		attroff(h);
		if (sq == ui->cursor && len > l->cell_w - 2)
			return;
	} else if (who < 0 && legal) {
		attr_t g = ui_style(ui, PAIR_LEGAL, A_NORMAL);
		attron(g);
		mvaddstr(mid, cx, ui->utf8 ? "\u00b7" : ".");
		attroff(g);
	}
	if (sq == ui->cursor) {
		attr_t c = ui_style(ui, PAIR_CURSOR, A_BOLD) | A_BOLD;
		attron(c);
		mvaddch(mid, x0, '[');
		mvaddch(mid, x0 + l->cell_w - 1, ']');
		attroff(c);
	}
}

/* The board: column letters and row numbers, the grid, the holes and every square. */
static void draw_board(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	enum variant v = l->variant;
	int n = square_size(v);
	sqset black, white, legal = controller_legal_moves(ui->ctl), flipped = 0;
	int last = controller_last_move(ui->ctl, &flipped);
	bool edit = controller_mode(ui->ctl) == MODE_EDIT;
	struct square_note notes[128];

	ui_cursor_square(ui);
	controller_colors(ui->ctl, &black, &white);
	ui_square_notes(ui, notes);
	for (int c = 0; c < n; c++) {
		int br = 0, bc = c;
		ui_view_rc(ui, n, &br, &bc);
		mvaddch(l->board_y - 1, l->board_x + 1 + c * (l->cell_w + 1) + l->cell_w / 2,
			(chtype)('a' + bc));
	}
	for (int r = 0; r < n; r++) {
		int br = r, bc = 0;
		ui_view_rc(ui, n, &br, &bc);
		mvprintw(l->board_y + 1 + r * (l->cell_h + l->row_gap) + l->cell_h / 2,
			 l->board_x - 2, n >= 10 ? "%2d" : "%d", br + 1);
	}
	draw_grid(ui);
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int br = r, bc = c, sq;
			sqset bit;
			int who;

			ui_view_rc(ui, n, &br, &bc);
			sq = square_at(v, br, bc);
			if (sq < 0) {
				draw_hole(ui, l->board_y + 1 + r * (l->cell_h + l->row_gap),
					  l->board_x + 1 + c * (l->cell_w + 1));
				continue;
			}
			bit = sqset_of(sq);
			who = (black & bit) ? BLACK : (white & bit) ? WHITE : -1;
			draw_square(ui, sq, who, !edit && (legal & bit), !edit && sq == last,
				    !edit && (flipped & bit), edit ? NULL : &notes[sq]);
		}
}

/* The square at screen position y,x, or -1 (mouse clicks; a hole is no square). */
int ui_square_at(const struct ui *ui, int y, int x)
{
	const struct ui_layout *l = &ui->lay;
	int dy = y - l->board_y - 1, dx = x - l->board_x - 1;

	if (l->compact)
		return ui_compact_square_at(ui, y, x);
	if (l->too_small || dy < 0 || dx < 0)
		return -1;
	if (dy % (l->cell_h + l->row_gap) == l->cell_h || dx % (l->cell_w + 1) == l->cell_w)
		return -1;
	dy /= l->cell_h + l->row_gap;
	dx /= l->cell_w + 1;
	if (dy >= square_size(l->variant) || dx >= square_size(l->variant))
		return -1;
	ui_view_rc(ui, square_size(l->variant), &dy, &dx);
	return square_at(l->variant, dy, dx);
}

static const char *mode_help(const struct ui *ui)
{
	switch (controller_mode(ui->ctl)) {
	case MODE_EDIT:
		return "EDIT  b/w/. put black/white/empty  Space cycles  B/W side to move  "
		       "C clear  Enter done  Esc cancels";
	case MODE_REPLAY:
		return controller_study(ui->ctl)
			   ? "REPLAY  [ ] step  Home End  a move here starts a variation  "
			     "C comment  m mark"
			   : "REPLAY  [ ] step  Home End  a move here plays on from here  "
			     "C comment  m mark";
	case MODE_ANALYSIS:
		return "ANALYSIS  the engine scores every move; Esc stops";
	case MODE_PLAY:
		break;
	}
	return NULL;
}

/* `text` on the message line at row `y`, wrapped over the rows above it
   (at most STATUS_LINES in all, over what is drawn there) rather than cut at
   the right edge; the rows it took. */
enum { STATUS_LINES = UI_STATUS_LINES };

static int put_wrapped(int y, int cols, const char *text)
{
	char *wrapped = ui_wrap(text, cols - 2);
	const char *p = wrapped ? wrapped : text;
	int n = 1;

	for (const char *q = p; (q = strchr(q, '\n')) && n < STATUS_LINES; q++)
		n++;
	for (int row = y - n + 1; row <= y; row++) {
		size_t len = strcspn(p, "\n");
		char *line = strndup(p, len);
		move(row, 0);
		clrtoeol();
		ui_put(row, 1, cols - 2, line ? line : "");
		free(line);
		p += len + (p[len] == '\n');
	}
	free(wrapped);
	return n;
}

/* What the message line shows (NULL: nothing) and in which style: the command bar's
   completions, the message, else the mode's keys. */
static const char *status_text(const struct ui *ui, attr_t *a)
{
	*a = A_NORMAL;
	if (cmdbar_is_open() && cmdbar_matches()[0]) {
		*a = ui_style(ui, PAIR_DIM, A_NORMAL);
		return cmdbar_matches();
	}
	if (ui->message[0] && ui->message_error) {
		*a = ui_style(ui, PAIR_ERROR, A_BOLD) | A_BOLD;
		return ui->message;
	}
	if (!ui->message[0]) {
		*a = ui_style(ui, PAIR_DIM, A_NORMAL);
		return mode_help(ui);
	}
	return ui->message;
}

/* The rows the message line's text takes now (1 to STATUS_LINES): more than one when it wraps
   over the rows above, which belong to other parts. */
static int status_height(const struct ui *ui)
{
	attr_t a;
	const char *text = status_text(ui, &a);
	char *wrapped = text ? ui_wrap(text, ui->lay.cols - 2) : NULL;
	int n = 1;

	for (const char *q = wrapped; q && (q = strchr(q, '\n')) && n < STATUS_LINES; q++)
		n++;
	free(wrapped);
	return n;
}

static bool status_wraps(const struct ui *ui)
{
	return status_height(ui) > 1;
}

static void draw_status(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	attr_t a;
	const char *text = status_text(ui, &a);

	move(l->status_y, 0);
	clrtoeol();
	ui->status_rows = 1;
	if (!text)
		return;
	attron(a);
	ui->status_rows = put_wrapped(l->status_y, l->cols, text);
	attroff(a);
}

/* The command bar when it is open (the terminal cursor goes there), else
   the most useful keys. */
static void draw_bar(const struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	const char *prompt, *line;
	int point;

	move(l->bar_y, 0);
	clrtoeol();
	if (!cmdbar_is_open()) {
		/* the longest that fits, `q quit` always at the end (at 80 columns it was cut) */
		static const char *const play[] = {
		    " arrows+Enter play  : command  ? hint  u/r undo/redo  [ ] step  s save  F1 "
		    "help"
		    "  q quit",
		    " Enter play  : command  ? hint  u/r undo/redo  [ ] step  s save  F1  q quit",
		    " f5: play  : command  F1 help  q quit"};
		static const char *const over[] = {
		    " Game over:  [ ] step through it  :analyze reviews it  N new game  s save  q "
		    "quit",
		    " Game over:  [ ] step  :analyze reviews it  N new game  s save  q quit",
		    " [ ] step  N new  q quit"};
		static const char *const edit[] = {" arrows move  : command  F1 help  q quit",
						   " : command  q quit", " q quit"};
		const char *const *set = controller_mode(ui->ctl) == MODE_EDIT ? edit
					 : controller_game_over(ui->ctl, NULL) ? over
									       : play;
		const char *keys = set[2];

		for (int i = l->compact ? 2 : 0; i < 3; i++)
			if ((int)strlen(set[i]) <= l->cols - 1) {
				keys = set[i];
				break;
			}
		if (ui->confirm_quit)
			keys = " The game is not saved. Quit anyway? (y/n)";
		if (ui->confirm_line[0])
			keys = ui->confirm_ask;
		attron(ui->confirm_quit || ui->confirm_line[0] ? A_BOLD
							       : ui_style(ui, PAIR_DIM, A_NORMAL));
		ui_put(l->bar_y, 0, l->cols - 1, keys);
		attroff(A_BOLD | ui_style(ui, PAIR_DIM, A_NORMAL));
		curs_set(0);
		return;
	}
	cmdbar_view(&prompt, &line, &point);
	{
		int width = l->cols - 2 - (int)strlen(prompt), start = 0, cx;
		char *head = strndup(line, (size_t)point);
		int before = head ? (int)mbstowcs(NULL, head, 0) : point;
		free(head);
		if (before < 0)
			before = point;
		/* Scroll horizontally so that the cursor stays on the screen. */
		if (before >= width)
			start = before - width + 1;
		attron(A_BOLD);
		mvaddstr(l->bar_y, 0, prompt);
		attroff(A_BOLD);
		{
			const char *s = line;
			mbstate_t st;
			memset(&st, 0, sizeof st);
			for (int skip = start; skip > 0 && *s; skip--) {
				size_t n = mbrtowc(NULL, s, MB_CUR_MAX, &st);
				s += (n == (size_t)-1 || n == (size_t)-2 || n == 0) ? 1 : n;
			}
			ui_put(l->bar_y, (int)strlen(prompt), width, s);
		}
		cx = (int)strlen(prompt) + before - start;
		move(l->bar_y, cx);
		curs_set(1);
	}
}

static void draw_popup(struct ui *ui)
{
	const struct ui_layout *l = &ui->lay;
	int h = l->rows - 2, w = l->cols - 4, y = 1, x = 2, row = 0, longest = 0, lines = 0;
	char *wrapped = ui_wrap(ui->popup, w - 4); /* long lines wrap, never cut */
	const char *text = wrapped ? wrapped : ui->popup, *p;

	for (p = text; *p;) {
		const char *e = strchr(p, '\n');
		int len = e ? (int)(e - p) : (int)strlen(p);
		char *one = strndup(p, (size_t)len);
		int cols = one ? (int)mbstowcs(NULL, one, 0) : len;
		free(one);
		if (cols < 0)
			cols = len;
		if (cols > longest)
			longest = cols;
		lines++;
		p += len + (e ? 1 : 0);
	}
	ui->popup_lines = lines;
	if (longest + 4 < w) {
		w = longest + 4 < 40 ? 40 : longest + 4;
		x = (l->cols - w) / 2;
	}
	if (lines + 2 < h) {
		h = lines + 2;
		y = (l->rows - h) / 2;
	}
	if (ui->popup_top > lines - (h - 2))
		ui->popup_top = lines - (h - 2);
	if (ui->popup_top < 0)
		ui->popup_top = 0;
	/* the rows it covers are cleared from edge to edge: bits of the panels' borders
	   beside it looked like a broken frame */
	for (int r = y; r < y + h; r++)
		mvhline(r, 0, ' ', l->cols);
	ui_draw_box(ui, y, x, h, w, NULL);
	for (p = text; *p && row < ui->popup_top + h - 2;) {
		const char *e = strchr(p, '\n');
		int len = e ? (int)(e - p) : (int)strlen(p);
		if (row >= ui->popup_top) {
			char *s = strndup(p, (size_t)len);
			if (s)
				ui_put(y + 1 + row - ui->popup_top, x + 2, w - 4, s);
			free(s);
		}
		row++;
		p += len + (e ? 1 : 0);
	}
	attron(ui_style(ui, PAIR_TITLE, A_BOLD) | A_BOLD);
	{
		char foot[64];
		snprintf(foot, sizeof foot, " %s q closes ",
			 lines > h - 2 ? "arrows/PgUp/PgDn scroll," : "");
		mvaddstr(y + h - 1, x + w - (int)strlen(foot) - 2, foot);
	}
	attroff(ui_style(ui, PAIR_TITLE, A_BOLD) | A_BOLD);
	free(wrapped);
}

/* Centres `text` on row y (cut at the right edge when wider than the screen). */
static void put_centred(int y, int cols, const char *text)
{
	int len = (int)strlen(text);

	ui_put(y, len < cols ? (cols - len) / 2 : 0, cols, text);
}

/* Below the compact minimum: the size, the size needed (in words that fit the
   narrowest terminal), and how to go on. */
static void draw_too_small(const struct ui *ui)
{
	char a[96], b[96];
	const struct ui_layout *l = &ui->lay;
	int y = l->rows / 2 - 1, min_rows, min_cols;

	ui_layout_min(l->variant, &min_rows, &min_cols);
	snprintf(a, sizeof a, "Terminal too small: %dx%d", l->cols, l->rows);
	if ((int)strlen(a) > l->cols)
		snprintf(a, sizeof a, "Too small: %dx%d", l->cols, l->rows);
	snprintf(b, sizeof b, "Othello Master needs at least %dx%d.", min_cols, min_rows);
	if ((int)strlen(b) > l->cols)
		snprintf(b, sizeof b, "It needs at least %dx%d.", min_cols, min_rows);
	if ((int)strlen(b) > l->cols)
		snprintf(b, sizeof b, "Needs %dx%d", min_cols, min_rows);
	if (y < 0)
		y = 0;
	attron(A_BOLD);
	put_centred(y, l->cols, a);
	attroff(A_BOLD);
	put_centred(y + 1, l->cols, b);
	put_centred(y + 2, l->cols,
		    ui->confirm_quit ? "The game is not saved. Quit anyway? (y/n)"
		    : l->cols >= 23  ? "Enlarge it, or q quits."
				     : "q quits");
	curs_set(0);
}

/* What each kind of change redraws: a controller's change (enum ctl_change, of an event)
   or a command's flag (enum command_flags, of a command's result). */
static const struct part_change {
	unsigned change; /* enum ctl_change */
	unsigned flag;	 /* enum command_flags */
	unsigned parts;	 /* enum ui_part */
} part_map[] = {
    {CTL_CHANGED_BOARD, CMD_REDRAW_BOARD,
     UI_PART_BOARD | UI_PART_HEADER | UI_PART_DB | UI_PART_BAR},
    {CTL_CHANGED_MOVES, CMD_REDRAW_MOVES,
     UI_PART_MOVES | UI_PART_EVAL | UI_PART_GRAPH | UI_PART_HEADER},
    {CTL_CHANGED_EVAL, CMD_REDRAW_EVAL, UI_PART_EVAL | UI_PART_BOARD | UI_PART_GRAPH},
    {CTL_CHANGED_STATUS, CMD_REDRAW_STATUS, UI_PART_HEADER | UI_PART_STATUS | UI_PART_BAR},
    {CTL_CHANGED_ENGINE, CMD_ENGINE_STARTED, UI_PART_EVAL | UI_PART_HEADER},
    {CTL_CHANGED_PROGRESS, 0, UI_PART_EVAL},
};

/* The parts that show the bits of `bits` read at offset `at` of part_map's entries. */
static unsigned parts_of(unsigned bits, size_t at)
{
	unsigned parts = 0;

	for (size_t i = 0; i < sizeof part_map / sizeof part_map[0]; i++)
		if (bits & *(const unsigned *)((const char *)&part_map[i] + at))
			parts |= part_map[i].parts;
	return parts;
}

/* The parts of the screen that show what `changes` (enum ctl_change) says changed. */
unsigned ui_parts_changed(unsigned changes)
{
	return parts_of(changes, offsetof(struct part_change, change));
}

/* The parts of the screen that show what a command's result flags (enum command_flags) say
   changed. */
unsigned ui_parts_flagged(unsigned flags)
{
	return parts_of(flags, offsetof(struct part_change, flag));
}

/* Blanks a rectangle of the screen (a part about to be drawn again). */
static void clear_rect(int y, int x, int h, int w)
{
	for (int r = y; r < y + h; r++)
		mvhline(r, x, ' ', w);
}

/* Draws the parts of the full screen named by `parts` (enum ui_part), each over its own
   rectangle, the bar last (the terminal's cursor stays there); returns those drawn. */
static unsigned draw_parts(struct ui *ui, unsigned parts)
{
	const struct ui_layout *l = &ui->lay;
	const struct game_node *line[128];
	unsigned drawn = 0;
	bool lobby = ui_lobby_shown(ui);

	if (parts & (UI_PART_DB | UI_PART_BOARD))
		ui_dbpanel_refresh(ui);
	if (parts & UI_PART_HEADER) {
		draw_header(ui, line, ui_line(ui, line, 128));
		drawn |= UI_PART_HEADER;
	}
	if (parts & UI_PART_BOARD) {
		clear_rect(l->board_y - 1, 0, l->board_h + 1, l->board_x + l->board_w);
		draw_board(ui);
		drawn |= UI_PART_BOARD;
	}
	if (parts & UI_PART_GRAPH) {
		clear_rect(l->graph_y, l->graph_x, l->graph_h, l->graph_w);
		ui_draw_graph(ui);
		drawn |= UI_PART_GRAPH;
	}
	if (lobby) { /* the lobby takes the move list's and the engine panel's column */
		/* above the rows a long message takes */
		int h = l->status_y - l->moves_y - (status_height(ui) - 1);

		if (parts & (UI_PART_HEADER | UI_PART_MOVES | UI_PART_EVAL | UI_PART_STATUS)) {
			clear_rect(l->moves_y, l->moves_x, h, l->moves_w);
			ui_lobby_draw(ui, l->moves_y, l->moves_x, h, l->moves_w, true);
			drawn |= UI_PART_MOVES | UI_PART_EVAL;
		}
	} else {
		if (parts & UI_PART_MOVES) {
			clear_rect(l->moves_y, l->moves_x, l->moves_h, l->moves_w);
			ui_draw_moves(ui);
			drawn |= UI_PART_MOVES;
		}
		if ((parts & UI_PART_EVAL) && l->eval_h > 0) {
			clear_rect(l->eval_y, l->eval_x, l->eval_h, l->eval_w);
			ui_draw_eval(ui);
			drawn |= UI_PART_EVAL;
		}
	}
	if ((parts & UI_PART_DB) && l->db_h > 0 && ui_dbpanel_shown(ui) &&
	    !(lobby && l->db_x < l->moves_x + l->moves_w)) {
		clear_rect(l->db_y, l->db_x, l->db_h, l->db_w);
		ui_dbpanel_draw(ui);
		drawn |= UI_PART_DB;
	}
	if (parts & UI_PART_STATUS) {
		draw_status(ui);
		drawn |= UI_PART_STATUS;
	}
	if (ui->popup)
		draw_popup(ui);
	if (parts & UI_PART_BAR) {
		draw_bar(ui);
		drawn |= UI_PART_BAR;
	}
	return drawn;
}

/*
 * Draws what changed since the last draw (ui->redraw, enum ui_part) from the
 * controller's state: each part over its own rectangle. The whole screen is
 * drawn again when the layout changed, in the compact and too-small screens,
 * under a pop-up, and when the message line wraps over the rows above it now
 * or did at the last draw. ui->drawn says which parts were drawn.
 */
void ui_draw(struct ui *ui)
{
	double start = timer_now();
	unsigned parts = ui->redraw;

	if (ui->ctl && ui->lay.variant != controller_variant(ui->ctl)) {
		ui_layout_update(ui); /* a game on another board */
		parts = UI_PART_ALL;
	}
	if (cmdbar_is_open())
		parts |= UI_PART_BAR; /* the terminal's cursor goes back to the bar */
	if (ui->lay.too_small || ui->lay.compact || ui->popup ||
	    ((parts & UI_PART_STATUS) && (ui->status_rows > 1 || status_wraps(ui))))
		parts = UI_PART_ALL;
	if (parts == UI_PART_ALL)
		erase();
	if (ui->lay.too_small) {
		draw_too_small(ui);
		ui->drawn = UI_PART_ALL;
	} else if (ui->lay.compact) {
		if (ui_lobby_shown(ui)) /* the lobby is the whole small screen */
			ui_lobby_draw(ui, 0, 0, ui->lay.status_y - (status_height(ui) - 1),
				      ui->lay.cols, false);
		else
			ui_draw_compact(ui);
		draw_status(ui);
		if (ui->popup)
			draw_popup(ui);
		draw_bar(ui);
		ui->drawn = UI_PART_ALL;
	} else {
		ui->drawn = draw_parts(ui, parts);
	}
	refresh();
	ui->last_draw = timer_now() - start;
	ui->redraw = 0;
}
