/*
 * controller.c — the game in progress: making and freeing a controller, and
 * what a player does to the game: playing moves, undo/redo and replay,
 * variations, annotations, editing the position, handicaps, resigning, the
 * players and their levels.
 *
 * The cursor and the line live in controller-state.c: going back and forth
 * (undo/redo, first/prev/next/last/goto) moves only the cursor and never
 * loses a move. Playing at the cursor the move that follows on the line
 * just steps forward; any other move adds a child (a variation, see
 * game_add_move) and the line then ends after it; in play that line becomes
 * the main line (ctl_add_move).
 *
 * Mode: MODE_EDIT while editing, MODE_ANALYSIS while an analysis runs,
 * MODE_REPLAY when moves follow the cursor, MODE_PLAY at the end of the line.
 * Engines move by themselves only in MODE_PLAY (controller-engine.c). Every
 * operation returns what it changed as enum ctl_change bits.
 */
#include "controller-int.h"

#include "square.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const color_word[2] = {"Black", "White"};

/* Fills `opt` with the defaults: human Black, engine White at a middle level. */
void controller_options_default(struct controller_options *opt)
{
	memset(opt, 0, sizeof(*opt));
	opt->black = "human";
	opt->white = "expert";
	opt->tt_megabytes = 16;
	opt->hint_count = 3;
	opt->hint_depth = 8;
	opt->overlay_time = 20;
	opt->analyze_depth = 10;
	opt->analyze_time = 0;
	opt->analyze_exact = 16;
	opt->mark_doubtful = 200;
	opt->mark_mistake = 400;
	opt->mark_blunder = 800;
	opt->threads = 1;
}

static int player_parse(struct controller *ctl, enum color c, const char *player, char *err,
			size_t errlen)
{
	if (!player || strcmp(player, "human") == 0) {
		ctl->player[c] = &ctl_human;
		return 0;
	}
	if (ctl_player_set(ctl, c, player, err, errlen) < 0)
		return -1;
	ctl->player[c] = &ctl_engine;
	return 0;
}

/* Writes the players into the record's information (levels and names of engines). */
static void players_to_info(struct controller *ctl)
{
	for (int c = 0; c < 2; c++) {
		enum game_info_field lf = c == BLACK ? INFO_BLACK_LEVEL : INFO_WHITE_LEVEL;
		game_set_info(ctl->game, lf, ctl->player[c] == &ctl_engine ? ctl->level[c] : "");
	}
}

/*
 * A new controller with a new game at the start position, players and
 * settings from `opt` (NULL = defaults). Returns NULL with a message when a
 * player or the evaluation file is bad, or memory runs out.
 */
struct controller *controller_new(const struct controller_options *opt, char *err, size_t errlen)
{
	struct controller *ctl = calloc(1, sizeof(*ctl));

	if (!ctl) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (opt)
		ctl->opt = *opt;
	else
		controller_options_default(&ctl->opt);
	snprintf(ctl->save_dir, sizeof(ctl->save_dir), "%s",
		 ctl->opt.save_dir ? ctl->opt.save_dir : "");
	ctl->opt.save_dir = NULL;
	ctl->resigned = -1;
	ctl->player[BLACK] = ctl->player[WHITE] = &ctl_human;
	settings_init(&ctl->settings);
	if (ctl_engine_init(ctl, err, errlen) < 0) {
		free(ctl);
		return NULL;
	}
	if (ctl_player_set(ctl, BLACK, "expert", err, errlen) < 0 ||
	    ctl_player_set(ctl, WHITE, "expert", err, errlen) < 0 ||
	    player_parse(ctl, BLACK, ctl->opt.black, err, errlen) < 0 ||
	    player_parse(ctl, WHITE, ctl->opt.white, err, errlen) < 0) {
		controller_free(ctl);
		return NULL;
	}
	ctl->opt.black = ctl->opt.white = NULL;
	ctl->game = game_new_variant(ctl->opt.variant);
	if (!ctl->game) {
		snprintf(err, errlen, "out of memory");
		controller_free(ctl);
		return NULL;
	}
	ctl->cur = ctl->tip = ctl->game->root;
	ctl_turn_begin(ctl);
	players_to_info(ctl);
	return ctl;
}

/* Stops any engine work and frees the controller and its game; NULL is ignored. */
void controller_free(struct controller *ctl)
{
	if (!ctl)
		return;
	ctl_engine_free(ctl);
	ctl_net_free(ctl);
	game_free(ctl->game);
	game_free(ctl->aside.game);
	free(ctl);
}

struct settings *controller_settings(struct controller *ctl)
{
	return &ctl->settings;
}

/* Starts a new game from the standard position with the same players. */
int controller_new_game(struct controller *ctl, char *err, size_t errlen)
{
	return controller_new_game_on(ctl, ctl->game->variant, err, errlen);
}

/* Starts a new game on board v (the players stay); the changes, or -1 when out of memory. */
int controller_new_game_on(struct controller *ctl, enum variant v, char *err, size_t errlen)
{
	struct game *g;

	if (ctl_net_check(ctl, false, "new", err, errlen) < 0)
		return -1;
	if (!(g = game_new_variant(v))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ctl_reset_game(ctl, g);
	ctl->study = false;
	players_to_info(ctl);
	worker_clear_search(ctl->worker);
	ctl->dirty = false;
	return CTL_CHANGED_ALL | ctl_autostep(ctl);
}

/* Plays sq (a square or SQ_PASS) for the side to move at the cursor, through its player
   (ctl_offer). Returns the changes, or -1 with a message for an illegal move or a finished
   game. */
int controller_play(struct controller *ctl, int sq, char *err, size_t errlen)
{
	if (ctl->edit.on) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	return ctl_offer(ctl, sq, err, errlen);
}

/* The side to move at the cursor passes: controller_play of SQ_PASS. */
int controller_pass(struct controller *ctl, char *err, size_t errlen)
{
	return controller_play(ctl, SQ_PASS, err, errlen);
}

/* The side to move at the cursor resigns; the game ends there. */
int controller_resign(struct controller *ctl, char *err, size_t errlen)
{
	enum color side = ctl->cur->side;
	static const char *const resign[] = {"resign"};

	if (controller_net_seated(ctl)) /* the server ends the game: its update shows it */
		return controller_net_send(ctl, 1, resign, err, errlen) < 0 ? -1
									    : CTL_CHANGED_STATUS;
	if (ctl->edit.on || controller_game_over(ctl, NULL)) {
		snprintf(err, errlen,
			 ctl->edit.on ? "finish editing first (`done`)" : "the game is over");
		return -1;
	}
	ctl_cancel(ctl);
	ctl->tip = ctl->cur;
	ctl->resigned = side;
	game_set_info(ctl->game, INFO_RESULT, side == BLACK ? "W+R" : "B+R");
	ctl->dirty = true;
	return CTL_CHANGED_ALL;
}

/* Makes c a human or an engine of level `player`; the engine moves at once if it is its turn.
   Naming a player ends the study of a loaded game: from here it is played. */
int controller_set_player(struct controller *ctl, enum color c, const char *player, char *err,
			  size_t errlen)
{
	if (ctl_net_check(ctl, false, c == BLACK ? "black" : "white", err, errlen) < 0)
		return -1;
	ctl_cancel(ctl);
	if (player_parse(ctl, c, player, err, errlen) < 0)
		return -1;
	ctl->study = false;
	players_to_info(ctl);
	return CTL_CHANGED_STATUS | ctl_autostep(ctl);
}

/* `study` (on) and `play` (off): the engine waits for `go`, or the players take their turns
   from here (written into the record, as a slot saved now plays on). The changes, with what
   the mode means in `msg`. */
int controller_set_study(struct controller *ctl, bool on, char *msg, size_t msglen)
{
	ctl_cancel(ctl);
	ctl->study = on;
	if (on) {
		snprintf(msg, msglen, "STUDY: the engine moves only on `go`; `play` plays on");
		return CTL_CHANGED_STATUS;
	}
	players_to_info(ctl);
	controller_mode_note(ctl, msg, msglen);
	return CTL_CHANGED_STATUS | ctl_autostep(ctl);
}

/* Sets the level of every engine player (of both colours when both are human: `go` uses it). */
int controller_set_level(struct controller *ctl, const char *level, char *err, size_t errlen)
{
	bool any = false;

	if (ctl_net_check(ctl, false, "level", err, errlen) < 0)
		return -1;
	ctl_cancel(ctl);
	for (int c = 0; c < 2; c++) {
		if (ctl->player[c] == &ctl_engine) {
			if (ctl_player_set(ctl, c, level, err, errlen) < 0)
				return -1;
			any = true;
		}
	}
	if (!any && (ctl_player_set(ctl, BLACK, level, err, errlen) < 0 ||
		     ctl_player_set(ctl, WHITE, level, err, errlen) < 0))
		return -1;
	players_to_info(ctl);
	return CTL_CHANGED_STATUS;
}

/* The ply to stop at when undoing once: one move back, and on to a human's turn
   when exactly one side is an engine; passes are stepped over. */
static struct game_node *undo_target(const struct controller *ctl)
{
	struct game_node *n = ctl->cur->parent;
	bool one_engine = !ctl->study && (ctl->player[BLACK] == &ctl_engine) !=
					     (ctl->player[WHITE] == &ctl_engine);

	while (n && n->parent &&
	       (n->move == SQ_PASS || (one_engine && ctl->player[n->side] == &ctl_engine)))
		n = n->parent;
	return n;
}

/*
 * Takes back n moves (n <= 0: back to the last human turn). The moves stay on
 * the line for redo. Returns the changes, or -1 when there is nothing to undo.
 */
int controller_undo(struct controller *ctl, int n, char *err, size_t errlen)
{
	struct game_node *t = ctl->cur;

	if (ctl->edit.on) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	if (!t->parent) {
		snprintf(err, errlen, "nothing to undo");
		return -1;
	}
	ctl_cancel(ctl);
	if (n <= 0)
		t = undo_target(ctl);
	else
		while (n-- > 0 && t->parent)
			t = t->parent;
	ctl->cur = t;
	ctl_turn_begin(ctl);
	return CTL_CHANGED_ALL;
}

/* Replays n moves along the line (n <= 0: one). Returns the changes, or -1 at the end of the line.
 */
int controller_redo(struct controller *ctl, int n, char *err, size_t errlen)
{
	if (ctl->cur == ctl->tip) {
		snprintf(err, errlen, "nothing to redo");
		return -1;
	}
	return controller_goto(ctl, ctl->cur->ply + (n <= 0 ? 1 : n), err, errlen);
}

/* Moves the cursor to ply (clamped to the line: 0 = start, the line's length =
   its end). Returns the changes, or -1 in edit mode. */
int controller_goto(struct controller *ctl, int ply, char *err, size_t errlen)
{
	struct game_node *t = ctl->tip;

	if (ctl->edit.on) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	ctl_cancel(ctl);
	if (ply < 0)
		ply = 0;
	while (t->ply > ply)
		t = t->parent;
	ctl->cur = t;
	ctl_turn_begin(ctl);
	return CTL_CHANGED_ALL | ctl_autostep(ctl);
}

/* Follows the n-th (1-based, as `variations` lists them) move played at the cursor. */
int controller_variation(struct controller *ctl, int n, char *err, size_t errlen)
{
	struct game_node *c = ctl->cur->child;

	if (ctl->edit.on) {
		snprintf(err, errlen, "finish editing first (`done`)");
		return -1;
	}
	for (int i = 1; c && i < n; i++)
		c = c->next;
	if (n < 1 || !c) {
		snprintf(err, errlen, "no variation %d here (there are %d)", n,
			 game_child_count(ctl->cur));
		return -1;
	}
	ctl_cancel(ctl);
	ctl->tip = game_line_end(c);
	ctl->cur = c;
	ctl_turn_begin(ctl);
	return CTL_CHANGED_ALL | ctl_autostep(ctl);
}

/* Makes the current line the main line of the game. */
int controller_promote(struct controller *ctl, char *err, size_t errlen)
{
	if (game_on_main_line(ctl->tip)) {
		snprintf(err, errlen, "this line is the main line already");
		return -1;
	}
	game_promote(ctl->tip);
	ctl->dirty = true;
	return CTL_CHANGED_MOVES;
}

/* The moves played at the cursor, numbered for `line N`, as malloc'd text (NULL if out of memory).
 */
char *controller_variations_text(const struct controller *ctl)
{
	size_t cap = 64 + 48 * (size_t)(game_child_count(ctl->cur) + 1), len = 0;
	char *s = malloc(cap);
	int i = 1;

	if (!s)
		return NULL;
	if (!ctl->cur->child) {
		snprintf(s, cap, "no move follows this position\n");
		return s;
	}
	for (const struct game_node *c = ctl->cur->child; c; c = c->next, i++) {
		const struct game_node *t;
		bool on_line = false;

		for (t = ctl->tip; t && !on_line; t = t->parent)
			on_line = t == c;
		len += (size_t)snprintf(s + len, cap - len, "%d. %s%s%s%s\n", i,
					c->move == SQ_PASS ? "pass"
							   : square_text(c->pos.variant, c->move).s,
					game_mark_symbol(c->mark), i == 1 ? " (main)" : "",
					on_line ? " (current)" : "");
	}
	return s;
}

/* Sets (or with "" removes) the comment of the move that led to the cursor (of the start at ply 0).
 */
int controller_comment(struct controller *ctl, const char *text, char *err, size_t errlen)
{
	if (game_set_comment(ctl->cur, text) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ctl->dirty = true;
	return CTL_CHANGED_MOVES;
}

/* Marks the move that led to the cursor: "!", "!!", "?", "??", "!?", "?!" or "none". */
int controller_mark(struct controller *ctl, const char *mark, char *err, size_t errlen)
{
	int m = game_mark_parse(mark);

	if (m < 0) {
		snprintf(err, errlen, "unknown mark `%s` (! !! ? ?? !? ?! none)", mark);
		return -1;
	}
	if (!ctl->cur->parent) {
		snprintf(err, errlen, "no move to mark at the start of the game");
		return -1;
	}
	game_set_mark(ctl->cur, (enum game_mark)m);
	ctl->dirty = true;
	return CTL_CHANGED_MOVES;
}

static const struct {
	const char *name; /* as typed */
	const char *sgf;  /* SGF property */
	enum game_info_field field;
} info_keys[] = {
    {"black", "PB", INFO_BLACK},     {"white", "PW", INFO_WHITE},   {"date", "DT", INFO_DATE},
    {"event", "EV", INFO_EVENT},     {"result", "RE", INFO_RESULT}, {"comment", "GC", INFO_TEXT},
    {"name", "GN", INFO_NAME},	     {"place", "PC", INFO_PLACE},   {"round", "RO", INFO_ROUND},
    {"opening", "ON", INFO_OPENING}, {"time", "TM", INFO_TIME},
};

/* True when `v` is a result as SGF writes them: "", "?", "0", "Draw", "Void", or B+ / W+
   alone, with a number of discs, or with R(esign), T(ime), F(orfeit). */
static bool result_valid(const char *v)
{
	static const char *const words[] = {"", "R", "Resign", "T", "Time", "F", "Forfeit"};
	const char *p;

	if (!*v || !strcmp(v, "?") || !strcmp(v, "0") || !strcmp(v, "Draw") || !strcmp(v, "Void"))
		return true;
	if ((v[0] != 'B' && v[0] != 'W') || v[1] != '+')
		return false;
	p = v + 2;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcmp(p, words[i]))
			return true;
	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	if (*p == '.' && isdigit((unsigned char)p[1]))
		for (p++; isdigit((unsigned char)*p); p++)
			;
	return *p == '\0';
}

/* Sets (with "" or NULL clears) a game information field, by name ("event") or SGF key ("EV"). */
int controller_info(struct controller *ctl, const char *key, const char *value, char *err,
		    size_t errlen)
{
	for (size_t i = 0; i < sizeof(info_keys) / sizeof(info_keys[0]); i++) {
		if (strcasecmp(key, info_keys[i].name) == 0 ||
		    strcasecmp(key, info_keys[i].sgf) == 0) {
			if (info_keys[i].field == INFO_RESULT && !result_valid(value)) {
				snprintf(err, errlen,
					 "result: `%s` is not a game result (B+12, W+4, B+R for a "
					 "resignation, W+T on time, 0 for a draw, ?, or nothing)",
					 value);
				return -1;
			}
			if (game_set_info(ctl->game, info_keys[i].field, value) < 0) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			if (info_keys[i].field == INFO_OPENING)
				ctl->opening_auto = false;
			if (info_keys[i].field == INFO_BLACK || info_keys[i].field == INFO_WHITE)
				ctl->names_auto[info_keys[i].field == INFO_WHITE] = false;
			ctl->dirty = true;
			return CTL_CHANGED_STATUS | CTL_CHANGED_MOVES;
		}
	}
	snprintf(err, errlen,
		 "unknown information key `%s` (black white date event result comment name "
		 "place round opening time)",
		 key);
	return -1;
}

/* Appends `text` to s (len, cap) in lines of at most `width` columns, each after `indent`
   spaces but the first (which follows what is there already). */
static size_t info_wrap(char *s, size_t len, size_t cap, int indent, int width, const char *text)
{
	int col = 0;

	while (*text) {
		size_t word = strcspn(text, " \n");

		if (col > 0 && col + 1 + (int)word > width) {
			len += (size_t)snprintf(s + len, cap - len, "\n%*s", indent, "");
			col = 0;
		}
		len +=
		    (size_t)snprintf(s + len, cap - len, "%s%.*s", col ? " " : "", (int)word, text);
		col += (col ? 1 : 0) + (int)word;
		text += word;
		if (*text == '\n' && col > 0) {
			len += (size_t)snprintf(s + len, cap - len, "\n%*s", indent, "");
			col = 0;
		}
		while (*text == ' ' || *text == '\n')
			text++;
	}
	len += (size_t)snprintf(s + len, cap - len, "\n");
	return len;
}

/*
 * The game's information as text, one field a line ("Black    Tiger"; the
 * fields set first, then the empty ones as "-"; players not named yet as a
 * save will name them), then the game's comment (the
 * comment of move 0), and how to edit both. Malloc'd; NULL if out of memory.
 */
char *controller_info_text(const struct controller *ctl)
{
	const char *root_comment = ctl->game->root->comment;
	size_t cap = 512, len = 0;
	char *s, players[2][1024];

	for (size_t i = 0; i < sizeof(info_keys) / sizeof(info_keys[0]); i++)
		cap += strlen(game_info(ctl->game, info_keys[i].field)) + 32;
	cap += root_comment ? 2 * strlen(root_comment) : 0;
	cap *= 2; /* room for the line breaks and indents of the wrapping */
	if (!(s = malloc(cap)))
		return NULL;
	s[0] = '\0';
	cap += 2 * sizeof players[0];
	for (int c = BLACK; c <= WHITE; c++) /* the names a save gives the players */
		controller_record_player(ctl, (enum color)c, players[c], sizeof players[c]);
	for (int set = 1; set >= 0; set--) {
		for (size_t i = 0; i < sizeof(info_keys) / sizeof(info_keys[0]); i++) {
			enum game_info_field f = info_keys[i].field;
			const char *v = game_info(ctl->game, f);

			if (!v[0] && (f == INFO_BLACK || f == INFO_WHITE))
				v = players[f == INFO_WHITE];
			if ((v[0] != '\0') != (set == 1))
				continue;
			len += (size_t)snprintf(s + len, cap - len, "%-8s %-2s  ",
						info_keys[i].name, info_keys[i].sgf);
			len = info_wrap(s, len, cap, 14, 56, set ? v : "-");
		}
	}
	len += (size_t)snprintf(s + len, cap - len, "\nComment of move 0:\n  ");
	len = info_wrap(s, len, cap, 2, 68, root_comment && root_comment[0] ? root_comment : "-");
	snprintf(s + len, cap - len,
		 "\nEdit: `info KEY VALUE` (no value clears), `comment TEXT` at move 0.\n");
	return s;
}

/* The edited position as a board seen from its side to move. */
static struct board edit_board(const struct controller *ctl)
{
	struct board b;

	b.own = (uint64_t)(ctl->edit.side == BLACK ? ctl->edit.black : ctl->edit.white);
	b.opp = (uint64_t)(ctl->edit.side == BLACK ? ctl->edit.white : ctl->edit.black);
	return b;
}

/* Refreshes the view of the edited position; returns `changes` for the caller to pass on. */
static int edit_sync(struct controller *ctl, int changes)
{
	ctl->edit.view = edit_board(ctl);
	return changes;
}

/* Enters edit mode with the position at the cursor. */
int controller_edit_begin(struct controller *ctl, char *err, size_t errlen)
{
	if (ctl_net_check(ctl, false, "edit", err, errlen) < 0)
		return -1;
	if (ctl->edit.on) {
		snprintf(err, errlen, "already editing (`done` to finish)");
		return -1;
	}
	ctl_cancel(ctl);
	game_colors(ctl->cur, &ctl->edit.black, &ctl->edit.white);
	ctl->edit.side = ctl->cur->side;
	ctl->edit.on = true;
	return edit_sync(ctl, CTL_CHANGED_ALL);
}

/* Puts EDIT_BLACK, EDIT_WHITE or EDIT_EMPTY on square sq of the edited position. */
int controller_edit_set(struct controller *ctl, int sq, int what, char *err, size_t errlen)
{
	if (!ctl->edit.on) {
		snprintf(err, errlen, "not editing (`edit` first)");
		return -1;
	}
	if (!square_valid(ctl->game->variant, sq)) {
		snprintf(err, errlen, "not a square");
		return -1;
	}
	ctl->edit.black &= ~sqset_of(sq);
	ctl->edit.white &= ~sqset_of(sq);
	if (what == EDIT_BLACK)
		ctl->edit.black |= sqset_of(sq);
	else if (what == EDIT_WHITE)
		ctl->edit.white |= sqset_of(sq);
	return edit_sync(ctl, CTL_CHANGED_BOARD);
}

/* Chooses the side to move of the edited position. */
int controller_edit_side(struct controller *ctl, enum color side, char *err, size_t errlen)
{
	if (!ctl->edit.on) {
		snprintf(err, errlen, "not editing (`edit` first)");
		return -1;
	}
	ctl->edit.side = side;
	return edit_sync(ctl, CTL_CHANGED_BOARD | CTL_CHANGED_STATUS);
}

/* Empties the edited board. */
int controller_edit_clear(struct controller *ctl, char *err, size_t errlen)
{
	if (!ctl->edit.on) {
		snprintf(err, errlen, "not editing (`edit` first)");
		return -1;
	}
	ctl->edit.black = ctl->edit.white = 0;
	return edit_sync(ctl, CTL_CHANGED_BOARD);
}

/*
 * Leaves edit mode and starts the game again from the edited position (the
 * moves are dropped; annotations of the start and the information stay). A
 * position where nobody can move is a finished game. Refused, with the
 * editor still open: a board without discs of both colours, or one where the
 * side to move has no move but the opponent has (set the other side to move).
 */
int controller_edit_done(struct controller *ctl, char *err, size_t errlen)
{
	struct pos p;

	pos_set(&p, ctl->game->variant, ctl->edit.side == BLACK ? ctl->edit.black : ctl->edit.white,
		ctl->edit.side == BLACK ? ctl->edit.white : ctl->edit.black);
	if (!ctl->edit.on) {
		snprintf(err, errlen, "not editing (`edit` first)");
		return -1;
	}
	if (!ctl->edit.black || !ctl->edit.white) {
		snprintf(err, errlen, "the position needs discs of both colours");
		return -1;
	}
	if (!pos_moves(&p) && pos_opponent_moves(&p)) {
		snprintf(err, errlen, "%s has no move here: set %s to move (`side %s`)",
			 color_word[ctl->edit.side], color_word[!ctl->edit.side],
			 ctl->edit.side == BLACK ? "white" : "black");
		return -1;
	}
	if (game_set_start_pos(ctl->game, &p, ctl->edit.side, err, errlen) < 0)
		return -1;
	game_set_info(ctl->game, INFO_RESULT, "");
	game_set_info(ctl->game, INFO_OPENING, ""); /* the old game's opening is not this one's */
	ctl->edit.on = false;
	ctl->cur = ctl->tip = ctl->game->root;
	ctl_turn_begin(ctl);
	ctl->resigned = -1;
	ctl->hint.n = 0;
	ctl->hint.node = NULL;
	ctl->dirty = true;
	ctl_result_update(ctl);
	return CTL_CHANGED_ALL | ctl_autostep(ctl);
}

/* Leaves edit mode without touching the game: the position and the moves
   are those from before `edit`. -1 with a message when not editing. */
int controller_edit_cancel(struct controller *ctl, char *err, size_t errlen)
{
	if (!ctl->edit.on) {
		snprintf(err, errlen, "not editing (`edit` first)");
		return -1;
	}
	ctl->edit.on = false;
	return CTL_CHANGED_ALL;
}

/* A handicap game (controller_handicap_on) on the board of the current game. */
int controller_handicap(struct controller *ctl, int corners, char *err, size_t errlen)
{
	return controller_handicap_on(ctl, ctl->game->variant, corners, err, errlen);
}

/*
 * Starts a new game on board v where the weaker side gets `corners` corners
 * (1-4: top left, bottom right, then top right, bottom left: a1, h8, h1, a8 on
 * 8×8), as in over-the-board handicap games. The weaker side is the human when
 * a human plays an engine, else Black. Black moves first.
 */
int controller_handicap_on(struct controller *ctl, enum variant v, int corners, char *err,
			   size_t errlen)
{
	int n = square_size(v) - 1;
	const int corner[4] = {square_at(v, 0, 0), square_at(v, n, n), square_at(v, 0, n),
			       square_at(v, n, 0)};
	enum color weak = BLACK;
	sqset own, opp;
	struct game *g;
	struct pos p;

	if (ctl_net_check(ctl, false, "handicap", err, errlen) < 0)
		return -1;
	if (corners < 1 || corners > 4) {
		snprintf(err, errlen, "a handicap is 1 to 4 corners");
		return -1;
	}
	if (ctl->player[BLACK] != ctl->player[WHITE])
		weak = ctl->player[BLACK] == &ctl_human ? BLACK : WHITE;
	g = game_new_variant(v);
	if (!g) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ctl->edit.on = false;
	ctl_reset_game(ctl, g);
	players_to_info(ctl);
	own = pos_own(&g->root->pos); /* Black to move at the start */
	opp = pos_opp(&g->root->pos);
	for (int i = 0; i < corners; i++)
		*(weak == BLACK ? &own : &opp) |= sqset_of(corner[i]);
	pos_set(&p, v, own, opp);
	if (game_set_start_pos(g, &p, BLACK, err, errlen) < 0)
		return -1;
	ctl->cur = ctl->tip = ctl->game->root;
	ctl_turn_begin(ctl);
	ctl->dirty = false;
	return CTL_CHANGED_ALL | ctl_autostep(ctl);
}
