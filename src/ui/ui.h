/*
 * ui.h — the terminal interface: the curses screen, its key bindings and
 * its main loop, shared by the ui*.c files (not used outside the program).
 *
 * The screen draws what the controller says (src/game/controller.h) and sends it
 * command strings (src/game/command.h); it keeps only what is its own: the board
 * cursor, the scroll position of the move list, the engine's live progress,
 * the message line, a pop-up for long text, and the terminal settings.
 * Only the main thread calls curses.
 */
#ifndef OTHELLO_UI_H
#define OTHELLO_UI_H

#include "command.h"
#include "controller.h"
#include "square.h"

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

struct game_node;
struct openings;

enum { UI_MIN_COLS = 80, UI_MIN_ROWS = 24, UI_LIVE_MAX = 64 };
/* Below UI_MIN_COLS x UI_MIN_ROWS, down to this (more for the 10x10 board: ui_layout_min),
   the compact screen (compact.c). */
enum { UI_COMPACT_COLS = 24, UI_COMPACT_ROWS = 12 };

/* Options of the screen, set from the command line. */
struct ui_options {
	bool ascii;	   /* ASCII discs and lines (also when the locale is not UTF-8) */
	bool color;	   /* colours, unless --no-color, NO_COLOR or a terminal without them */
	bool mouse;	   /* ask the terminal for mouse clicks */
	bool debug_timing; /* append start-up and redraw times to timing_file */
	const char *timing_file; /* where debug timings go (--debug-timing FILE) */
	const char *load;	 /* slot or file to open (as `load` does), or NULL */
	const char *black;	 /* the player named by --black (with --load: plays on), or NULL */
	const char *white;	 /* the player named by --white, or NULL */
	const char *db_dir;	 /* the game database's folder (--db), NULL = the default */
	const char *notice;	 /* the first screen's message (an error of the settings file) */
	double start_time;	 /* timer_now() when the program started (start-up timing) */
};

/* Where each part of the screen goes; recomputed at each resize. */
struct ui_layout {
	int rows, cols;	      /* terminal size */
	bool too_small;	      /* below the compact minimum: only a message is drawn */
	bool compact;	      /* below UI_MIN_COLS x UI_MIN_ROWS: board, moves, message, bar */
	enum variant variant; /* the board laid out (its squares a side: square_size) */
	int row_gap;	      /* 1: a grid line between rows; 0: none (10x10 on 24 rows) */
	int cell_w, cell_h;   /* one square, inside the grid lines */
	int board_y, board_x; /* top-left corner of the grid (column letters above it) */
	int board_w, board_h; /* grid size with its lines */
	int graph_y, graph_x, graph_w, graph_h; /* evaluation graph under the board */
	int moves_y, moves_x, moves_w, moves_h; /* move list box */
	int eval_y, eval_x, eval_w, eval_h;	/* engine panel box (height 0: not drawn) */
	int db_y, db_x, db_w, db_h;		/* database panel box (height 0: hidden) */
	int status_y;				/* message line */
	int bar_y;				/* command bar / key hints line */
};

/* The parts of the screen, each drawn alone (ui_draw): what changed says which (ui_changed,
   ui_flagged); anything else redraws all of them. */
enum ui_part {
	UI_PART_HEADER = 1 << 0, /* players, discs, clocks, mode, move number */
	UI_PART_BOARD = 1 << 1,	 /* the board with its letters, numbers and scores */
	UI_PART_GRAPH = 1 << 2,	 /* the evaluation graph under the board */
	UI_PART_MOVES = 1 << 3,	 /* the move list */
	UI_PART_EVAL = 1 << 4,	 /* the engine panel */
	UI_PART_DB = 1 << 5,	 /* the database panel */
	UI_PART_STATUS = 1 << 6, /* the message line */
	UI_PART_BAR = 1 << 7,	 /* the command bar, or the key hints and questions */
	UI_PART_COUNT = 8,
	UI_PART_ALL = (1 << UI_PART_COUNT) - 1,
};

/* The most rows the message line takes, wrapped over the rows above it; a longer message
   opens a pop-up. */
enum { UI_STATUS_LINES = 3 };

struct ui_dbpanel; /* dbpanel.c */

/* The terminal the screen holds while it runs (term.c). */
struct ui_term {
	SCREEN *screen; /* the curses screen (newterm), NULL when not open */
};

struct ui {
	struct controller *ctl;		       /* the game; owned by the caller */
	struct openings *openings;	       /* opening names (openings/names.txt), or NULL */
	struct ui_options opt;		       /* display options */
	struct ui_layout lay;		       /* current layout */
	bool utf8;			       /* Unicode discs and box characters */
	bool color;			       /* colours in use */
	bool mouse;			       /* mouse clicks reported */
	int cursor;			       /* board cursor: a square (square.h) */
	char typed_column;		       /* a-j typed, waiting for its row; 0 if none */
	int moves_top;			       /* first row of the move list on screen */
	bool moves_follow;		       /* keep the replay cursor's move in view */
	double net_tried;		       /* timer_now() of the last try to reach the lost server */
	int lobby_sel;			       /* the lobby's entry chosen (lobbyview.c) */
	char message[256];		       /* message line */
	bool message_error;		       /* the message is an error */
	char *popup;			       /* long text shown over the screen, or NULL */
	int popup_top;			       /* first line of the pop-up on screen */
	int popup_lines;		       /* lines in `popup` */
	bool confirm_quit;		       /* waiting for y/n: quit with an unsaved game */
	char confirm_line[300];		       /* waiting for y/n: this replaces the game */
	const char *confirm_name;	       /* its command ("new", "load" ...) */
	char confirm_ask[128];		       /* the question shown meanwhile */
	char confirm_kept[128];		       /* the message when the answer is no */
	bool replace_confirmed;		       /* y given: run the line as it is */
	bool quit;			       /* leave the main loop */
	int ended_ply;			       /* ply of the game end last announced, or -1 */
	bool thinking;			       /* the engine is searching (live progress shown) */
	double think_start;		       /* when the current search started (timer_now) */
	struct ctl_progress live[UI_LIVE_MAX]; /* iterations of the current search, oldest first */
	int n_live;			       /* entries in live */
	double last_draw;		       /* seconds the last redraw took */
	unsigned redraw;		       /* enum ui_part: what the next ui_draw draws */
	unsigned drawn;			       /* enum ui_part: what the last ui_draw drew */
	int status_rows;		       /* rows the message took at the last draw */
	bool flipped;			       /* `flip`: the board seen from White's side */
	struct ui_dbpanel *dbp;		       /* the database panel, NULL until first shown */
	struct ui_term term;		       /* the terminal, while the screen runs */
};

/* ui.c */
int ui_run(struct controller *ctl, const struct ui_options *opt);
int ui_execute(struct ui *ui, const char *line);
void ui_resize(struct ui *ui);
void ui_interrupt(struct ui *ui);
void ui_result_words(const struct ui *ui, char *out, size_t len);
void ui_set_message(struct ui *ui, bool error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ui_confirm(struct ui *ui, const char *line, const char *ask, const char *kept);
void ui_changed(struct ui *ui, unsigned changes);
void ui_event(struct ui *ui, const struct ctl_event *ev);

/* term.c */
int ui_term_open(struct ui *ui, char *err, size_t errlen);
int ui_term_signal_fd(void);
int ui_term_signals(unsigned char *sigs, int max);
void ui_term_close(struct ui *ui);

/* complete.c */
const char *ui_complete(const char *line, int word, const char *prefix, int n, void *user);

/* draw.c */
/* Colour pairs (attributes alone in monochrome, see ui_style). */
enum ui_pair {
	PAIR_BOARD = 1, /* grid and empty squares */
	PAIR_BLACK,	/* black disc */
	PAIR_WHITE,	/* white disc */
	PAIR_LEGAL,	/* legal move dot */
	PAIR_LAST_B,	/* black disc on the last move's square */
	PAIR_LAST_W,	/* white disc on the last move's square */
	PAIR_FLIP_B,	/* black disc just flipped */
	PAIR_FLIP_W,	/* white disc just flipped */
	PAIR_CURSOR,	/* cursor brackets */
	PAIR_HINT,	/* hint and overlay scores on the board */
	PAIR_HEADER,	/* header line */
	PAIR_ERROR,	/* error message */
	PAIR_TITLE,	/* panel titles */
	PAIR_DIM,	/* key hints, secondary text */
	PAIR_GOOD,	/* positive scores, good marks */
	PAIR_BAD,	/* negative scores, bad marks */
	PAIR_SELECT,	/* highlighted move of the move list */
	PAIR_HINT_BEST, /* the best move's score on the board */
	PAIR_BAR_BLACK, /* graph bars of Black's advantage (above the zero line) */
	PAIR_BAR_WHITE, /* graph bars of White's advantage (below it) */
	PAIR_HOLE,	/* a hole of the 10x10 board */
};

/* What an empty square shows besides the legal-move dot: a score of the hints or of the
   all-moves overlay (the mover's view, in discs to the precision the square's width holds),
   and whether it is the best move. */
struct square_note {
	char text[16]; /* the score, "" for none */
	bool best;     /* the best of the scored moves */
	bool db;       /* not a score: the games of the database that played it */
};

void ui_layout_compute(struct ui_layout *lay, int rows, int cols);
void ui_layout_min(enum variant v, int *rows, int *cols);
void ui_layout_board(struct ui_layout *lay, int rows, int cols, enum variant v);
void ui_layout_update(struct ui *ui);
void ui_colors_init(struct ui *ui);
void ui_draw(struct ui *ui);
unsigned ui_parts_changed(unsigned changes);
unsigned ui_parts_flagged(unsigned flags);
int ui_square_at(const struct ui *ui, int y, int x);
int ui_line(struct ui *ui, const struct game_node **line, int max);
void ui_format_score(char *out, size_t outlen, int score, int bound, bool endgame);
const char *ui_square_name(const struct ui *ui, int sq, char buf[SQUARE_NAME_LEN]);
int ui_cursor_square(struct ui *ui);
int ui_put(int y, int x, int width, const char *s);
void ui_draw_box(const struct ui *ui, int y, int x, int h, int w, const char *title);
attr_t ui_style(const struct ui *ui, int pair, attr_t mono);
const char *ui_disc(const struct ui *ui, enum color c);
void ui_view_rc(const struct ui *ui, int n, int *r, int *c);
void ui_square_notes(const struct ui *ui, struct square_note notes[128]);
void ui_clock_texts(struct ui *ui, char out[2][16]);
const char *ui_mode_word(const struct ui *ui);
const char *ui_player_name(const struct ui *ui, enum color c, char *buf, size_t size);
const char *ui_player_short(const char *name);

/* compact.c */
void ui_layout_compact(struct ui_layout *lay);
int ui_compact_square_at(const struct ui *ui, int y, int x);
void ui_draw_compact(struct ui *ui);

/* panels.c */
void ui_draw_moves(struct ui *ui);
void ui_draw_eval(struct ui *ui);
void ui_draw_graph(struct ui *ui);
bool ui_cursor_score(struct ui *ui, int *black_view, char *label, size_t labellen);

/* lobbyview.c */
bool ui_lobby_shown(const struct ui *ui);
void ui_lobby_draw(struct ui *ui, int y, int x, int h, int w, bool box);
void ui_lobby_move(struct ui *ui, int delta);
int ui_lobby_select(struct ui *ui);

/* dbpanel.c */
bool ui_dbpanel_shown(const struct ui *ui);
bool ui_dbpanel_focused(const struct ui *ui);
void ui_dbpanel_free(struct ui *ui);
void ui_dbpanel_layout(struct ui *ui);
void ui_dbpanel_draw(struct ui *ui);
void ui_dbpanel_refresh(struct ui *ui);
int ui_dbpanel_marks(const struct ui *ui, int *sq, unsigned *games, int max);
int ui_dbpanel_toggle(struct ui *ui, const char *rest);
int ui_dbpanel_focus(struct ui *ui, const char *rest);
int ui_dbpanel_open(struct ui *ui, const char *rest);
void ui_dbpanel_move(struct ui *ui, int delta);
void ui_dbpanel_unfocus(struct ui *ui);

/* keys.c */
/* The command string bound to `key` in the current mode, or NULL. */
const char *ui_keys_lookup(const struct ui *ui, int key);
int ui_keys_escape(int *next, char *seq, size_t seqlen);

/* wrap.c */
char *ui_wrap(const char *text, int width);

/* verbs.c */
/* One of the screen's own commands, in the command table's shape (command.h). */
struct ui_verb {
	const char *name;			      /* full name, as typed */
	const char *alias;			      /* a short form, or NULL */
	struct command_args args;		      /* words after the name */
	const char *usage;			      /* arguments, e.g. "N" */
	const char *help;			      /* what it does */
	unsigned flags;				      /* none of the verbs needs one yet */
	int (*exec)(struct ui *ui, const char *rest); /* rest: the text after the name */
};

const struct ui_verb *ui_verb_table(size_t *count);
const struct ui_verb *ui_verb_find(const char *name, char *err, size_t errlen);
int ui_verb_run(struct ui *ui, const struct ui_verb *verb, const char *rest);

#endif
