/*
 * controller-file.c — the controller's files: save slots (save, load, the
 * list, the autosave), export and import of game files, and the plain-text
 * views of the position and of the game that `board` and `moves` print.
 *
 * Slots and formats belong to the record (src/game/slots.h, src/game/record.h); here
 * they are tied to the game in progress: the players' levels travel in the
 * record's private information fields so that loading a slot restores who
 * plays, and a load that fails leaves the current game as it was.
 */
#include "controller-int.h"

#include "square.h"

#include "opening-names.h"
#include "record.h"
#include "slots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *dir_or_null(const struct controller *ctl)
{
	return ctl->save_dir[0] ? ctl->save_dir : NULL;
}

static int resolve_dir(const struct controller *ctl, char *dir, size_t len, char *err,
		       size_t errlen)
{
	return slots_dir(dir_or_null(ctl), dir, len, err, errlen);
}

static bool slot_exists(const char *dir, const char *name)
{
	char path[SLOT_PATH_MAX], err[64];

	return slots_path(dir, name, path, sizeof(path), err, sizeof(err)) == 0 &&
	       access(path, F_OK) == 0;
}

/*
 * The name of the player `by` ("human" or one of our levels as typed, with
 * its settings) as every view and record gives it: "Human", or "Othello
 * Master expert" with the level's settings in brackets after it, their
 * dashes dropped ("expert --depth 2 --time 5" is "Othello Master expert
 * (depth 2, time 5)"), so that no number of a setting reads as the disc
 * count or clock beside the name; without the program's name when `program`
 * is false.
 */
void controller_player_title(const char *by, bool program, char *out, size_t len)
{
	size_t n, word;
	const char *p;
	int settings = 0;

	if (len == 0)
		return;
	if (strcmp(by, "human") == 0) {
		snprintf(out, len, "Human");
		return;
	}
	word = strcspn(by, " ");
	n = (size_t)snprintf(out, len, "%s%.*s", program ? "Othello Master " : "", (int)word, by);
	for (p = by + word; *p && n < len;) {
		p += strspn(p, " ");
		word = strcspn(p, " ");
		if (!word)
			break;
		if (strncmp(p, "--", 2) == 0) { /* a setting: its name, then its value if any */
			n += (size_t)snprintf(out + n, len - n, "%s%.*s", settings++ ? ", " : " (",
					      (int)word - 2, p + 2);
		} else {
			n += (size_t)snprintf(out + n, len - n, "%s%.*s", settings++ ? " " : " (",
					      (int)word, p);
		}
		p += word;
	}
	if (settings && n < len)
		snprintf(out + n, len - n, ")");
}

/* Appends to out (len) the header name of player `by`; after `prev` (the name before it, or
   NULL) the program's name is not said twice. */
static void name_append(char *out, size_t len, const char *by, const char *prev)
{
	size_t n = strlen(out);

	controller_player_title(by, !prev || strcmp(prev, "human") == 0, out + n, len - n);
}

/*
 * The header name of colour c (PB, PW) from who played its moves along the
 * main line: one name ("Othello Master master", "Human"), or when the player
 * changed during the game each in turn with the move it took over at
 * ("Othello Master master; expert --depth 2 from move 31"). Without any move
 * of c whose player is known (none played yet), the player of c now.
 */
void controller_record_player(const struct controller *ctl, enum color c, char *out, size_t len)
{
	const char *prev = NULL;

	out[0] = '\0';
	for (const struct game_node *n = ctl->game->root->child; n; n = n->child) {
		size_t k = strlen(out);

		if (n->player != c || !n->by || (prev && strcmp(prev, n->by) == 0))
			continue;
		if (prev)
			snprintf(out + k, len - k, "; ");
		name_append(out, len, n->by, prev);
		if (prev) {
			k = strlen(out);
			snprintf(out + k, len - k, " from move %d", n->ply);
		}
		prev = n->by;
	}
	if (!prev)
		name_append(out, len, ctl->player[c] == &ctl_engine ? ctl->level[c] : "human",
			    NULL);
}

/*
 * The name of colour c's player, one for every view: a name a person (`info
 * black Ann`) or a file gave; in a study the record's (who played the
 * colour's moves, as a save names them); else who plays the colour now
 * (controller_player_title, or a server's player's name), the same in play
 * and stepping back through the game.
 */
void controller_player_name(const struct controller *ctl, enum color c, char *out, size_t len)
{
	const char *file = game_info(ctl->game, c == BLACK ? INFO_BLACK : INFO_WHITE);
	const char *now = ctl->player[c]->name(ctl, c);

	if (file[0] && (!ctl->names_auto[c] || ctl->study))
		snprintf(out, len, "%s", file);
	else if (ctl->study)
		controller_record_player(ctl, c, out, len);
	else if (ctl->player[c] == &ctl_engine || ctl->player[c] == &ctl_human) {
		controller_player_title(now, true, out, len);
	} else {
		snprintf(out, len, "%s", now);
	}
}

/*
 * Before a record leaves the program: its players (PB, PW) and its date (DT)
 * when the game has none. A player is named after who played the colour's
 * moves (controller_record_player), and named again at each save while the program
 * chose the name (a person's `info black NAME` or a file's name stays); the
 * date is the day of the first save or export.
 */
static void stamp_players_and_date(struct controller *ctl)
{
	static const enum game_info_field key[2] = {INFO_BLACK, INFO_WHITE};
	struct game *g = ctl->game;

	for (int c = BLACK; c <= WHITE; c++) {
		char name[1024];
		if (*game_info(g, key[c]) && !ctl->names_auto[c])
			continue;
		controller_record_player(ctl, (enum color)c, name, sizeof name);
		game_set_info(g, key[c], name);
		ctl->names_auto[c] = true;
	}
	if (!*game_info(g, INFO_DATE)) {
		char date[16];
		time_t now = time(NULL);
		struct tm tm;
		if (localtime_r(&now, &tm) && strftime(date, sizeof date, "%Y-%m-%d", &tm) > 0)
			game_set_info(g, INFO_DATE, date);
	}
}

/*
 * Before a record leaves the program: names its opening (SGF ON) after the
 * longest named line its main line follows, unless a person named it, and
 * records the seed of an engine player that plays with randomness (Black's
 * first), so that a randomized game can be replayed.
 */
static void stamp_record(struct controller *ctl)
{
	struct game *g = ctl->game;
	const char *on = game_info(g, INFO_OPENING);

	stamp_players_and_date(ctl);

	if (ctl->openings && game_board(g->root, NULL) && g->standard_start && /* 8×8 names */
	    (!on || !*on || ctl->opening_auto)) {
		int moves[64], n = 0, plies = 0;
		const struct game_node *node;
		const char *name;

		while (n < 60 && (node = game_main_line(g, n + 1)) && node->move != SQ_PASS)
			moves[n++] = node->move;
		name = openings_match(ctl->openings, moves, n, &plies);
		game_set_info(g, INFO_OPENING, name);
		ctl->opening_auto = true;
	}
	for (int c = BLACK; c <= WHITE; c++) {
		if (ctl->player[c] == &ctl_engine && ctl->spec[c].random_percent > 0) {
			g->has_seed = true;
			g->seed = ctl_level_seed(&ctl->spec[c], (enum color)c);
			break;
		}
	}
}

/* True when `slot` names an existing save slot that holds another game than this one (a
   slot it was neither saved to nor loaded from since it was started). */
bool controller_slot_taken(const struct controller *ctl, const char *slot)
{
	char dir[SLOT_PATH_MAX], err[SLOT_PATH_MAX + 64];

	if (!slot || !*slot || strcmp(slot, ctl->slot) == 0 || !slots_name_valid(slot))
		return false;
	if (resolve_dir(ctl, dir, sizeof dir, err, sizeof err) < 0)
		return false;
	return slot_exists(dir, slot);
}

/* Writes the game back to the SGF file it was loaded from; the changes, or -1 with a
   message (the file as it was). */
static int save_to_file(struct controller *ctl, char *err, size_t errlen)
{
	stamp_record(ctl);
	if (record_save_file(ctl->file, ctl->game, RECORD_SGF, err, errlen) < 0)
		return -1;
	ctl->dirty = false;
	snprintf(err, errlen, "saved in %s", ctl->file);
	return CTL_CHANGED_STATUS;
}

/*
 * Saves the game in `slot` with a description (may be NULL). Without a slot
 * (NULL or "") the game goes back where it came from: the slot it was loaded
 * from or last saved to, or the SGF file it was loaded from; else to the
 * first free slot of 1-10. Returns the changes, or -1 with a message; the
 * message of a success names the slot or file through `err` too (as "saved
 * in slot 3").
 */
int controller_save(struct controller *ctl, const char *slot, const char *description, char *err,
		    size_t errlen)
{
	char dir[SLOT_PATH_MAX], name[SLOT_NAME_MAX];

	if (!(slot && *slot) && !ctl->slot[0] && ctl->file[0])
		return save_to_file(ctl, err, errlen);
	if (resolve_dir(ctl, dir, sizeof(dir), err, errlen) < 0)
		return -1;
	if (!(slot && *slot) && ctl->slot[0])
		slot = ctl->slot;
	if (slot && *slot) {
		if (!slots_name_valid(slot)) {
			snprintf(err, errlen, "bad slot name `%s` (letters, digits, _ and -)",
				 slot);
			return -1;
		}
		snprintf(name, sizeof(name), "%s", slot);
	} else {
		int i;
		for (i = 1; i <= 10; i++) {
			snprintf(name, sizeof(name), "%d", i);
			if (!slot_exists(dir, name))
				break;
		}
		if (i > 10) {
			snprintf(err, errlen, "slots 1-10 are all used: name the slot (`save 3`)");
			return -1;
		}
	}
	stamp_record(ctl);
	if (slots_save(dir, name, ctl->game, description, err, errlen) < 0)
		return -1;
	ctl->dirty = false;
	snprintf(ctl->slot, sizeof ctl->slot, "%s", name);
	ctl->file[0] = '\0';
	snprintf(err, errlen, "saved in slot %s", name);
	return CTL_CHANGED_STATUS;
}

/* True when the record names an engine level for a side (written by this program). */
static bool record_has_levels(const struct game *g)
{
	return *game_info(g, INFO_BLACK_LEVEL) || *game_info(g, INFO_WHITE_LEVEL);
}

/* Takes the players back from a record's level fields (a slot written by this program). */
static void players_from_info(struct controller *ctl)
{
	for (int c = 0; c < 2; c++) {
		const char *lv =
		    game_info(ctl->game, c == BLACK ? INFO_BLACK_LEVEL : INFO_WHITE_LEVEL);
		char err[256];

		if (*lv && ctl_player_set(ctl, (enum color)c, lv, err, sizeof(err)) == 0) {
			ctl->player[c] = &ctl_engine;
		} else {
			ctl->player[c] = &ctl_human;
		}
	}
}

/* The last part of a path (its file name). */
static const char *file_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

/* True when the game at the end of its line is over: no moves, resigned, or a
   result recorded (a game stopped on time or by agreement). */
static bool line_over(const struct controller *ctl)
{
	return ctl->resigned >= 0 || game_is_over(ctl->tip) || *game_info(ctl->game, INFO_RESULT);
}

/*
 * A few words on the game's mode and how to switch, short enough to follow a
 * file's name on the message line: a study says `play` plays on (the engine
 * waits for `go`); a game played on says who answers and that `study` stops
 * it.
 */
void controller_mode_note(const struct controller *ctl, char *out, size_t len)
{
	static const char *const word[2] = {"Black", "White"};
	int engines = (ctl->player[BLACK] == &ctl_engine) + (ctl->player[WHITE] == &ctl_engine);

	if (ctl->study)
		snprintf(out, len, "%s",
			 line_over(ctl) ? "STUDY: the game is over" : "STUDY: `play` plays on");
	else if (line_over(ctl))
		snprintf(out, len, "the game is over");
	else if (engines == 2)
		snprintf(out, len, "PLAY: %s and %s move; `study` stops them", ctl->level[BLACK],
			 ctl->level[WHITE]);
	else if (engines == 1) {
		int c = ctl->player[BLACK] == &ctl_engine ? BLACK : WHITE;
		snprintf(out, len, "PLAY: %s %s answers; `study` stops it", word[c], ctl->level[c]);
	} else
		snprintf(out, len, "PLAY: two humans; `study` studies");
}

/*
 * Opens record `g` (taken over), read from slot `slot` or else from `file`:
 * the one rule of every way a game arrives (load, import, the command line).
 * A game this program saved (a slot, or a file that names its players'
 * levels) that goes on is played on at the end of its line by the players it
 * was saved with; a finished game, or one from elsewhere, opens for study at
 * its start (the engine moves only when asked, see controller_study). The
 * game remembers where it came from, to be saved back there (a slot; an SGF
 * file that holds this one game; not the autosave, which the next stop
 * overwrites). The message ("loaded slot 2; ...") says `verb`, where from,
 * the mode and how to switch (controller_mode_note). The changes.
 */
static int open_game(struct controller *ctl, struct game *g, const char *slot, const char *file,
		     const char *verb, char *err, size_t errlen)
{
	static const enum game_info_field key[2] = {INFO_BLACK, INFO_WHITE};
	bool ours = slot || record_has_levels(g);
	char note[200];

	ctl_reset_game(ctl, g);
	if (ours)
		players_from_info(ctl);
	if (slot && strcmp(slot, SLOTS_AUTOSAVE) != 0)
		snprintf(ctl->slot, sizeof ctl->slot, "%s", slot);
	if (!slot && record_format_from_path(file) == RECORD_SGF && g->other_games == 0)
		snprintf(ctl->file, sizeof ctl->file, "%s", file);
	for (int c = BLACK; c <= WHITE; c++) { /* names the program wrote are its to renew */
		char name[1024];

		controller_record_player(ctl, (enum color)c, name, sizeof name);
		ctl->names_auto[c] = ours && strcmp(name, game_info(g, key[c])) == 0;
	}
	ctl->study = !ours || line_over(ctl);
	if (ctl->study && ctl->tip != ctl->game->root)
		ctl_set_cursor(ctl, ctl->game->root); /* studied from its start */
	ctl->dirty = false;
	controller_mode_note(ctl, note, sizeof note);
	snprintf(err, errlen, "%s %s %s; %s", verb, slot ? "slot" : "file",
		 slot ? slot : file_name(file), note);
	return CTL_CHANGED_ALL | ctl_autostep(ctl);
}

/*
 * Loads a save slot, or a game file when no slot has that name (SGF, GGF,
 * transcript or board string), as open_game says. Returns the changes, or
 * -1 with a message and the current game untouched.
 */
int controller_load(struct controller *ctl, const char *slot_or_file, char *err, size_t errlen)
{
	char dir[SLOT_PATH_MAX];
	struct game *g;
	bool slot = false;

	if (ctl_net_check(ctl, false, "load", err, errlen) < 0)
		return -1;
	if (slots_name_valid(slot_or_file) &&
	    resolve_dir(ctl, dir, sizeof(dir), err, errlen) == 0 && slot_exists(dir, slot_or_file))
		slot = true;
	if (slot)
		g = slots_load(dir, slot_or_file, err, errlen);
	else if (access(slot_or_file, F_OK) == 0)
		g = record_load_file(slot_or_file, -1, err, errlen);
	else {
		snprintf(err, errlen, "no save slot or file named `%s`", slot_or_file);
		return -1;
	}
	if (!g)
		return -1;
	return open_game(ctl, g, slot ? slot_or_file : NULL, slot_or_file, "loaded", err, errlen);
}

/* Reads a game file (any format the record reads; never a slot) and opens it as `load`
   does (open_game). The changes, or -1 with the current game untouched. */
int controller_import(struct controller *ctl, const char *file, char *err, size_t errlen)
{
	struct game *g;

	if (ctl_net_check(ctl, false, "import", err, errlen) < 0)
		return -1;
	g = record_load_file(file, -1, err, errlen);

	if (!g)
		return -1;
	return open_game(ctl, g, NULL, file, "imported", err, errlen);
}

/* Writes the game to `file` in the format its extension names (.sgf, .ggf, .txt, .obf). */
int controller_export(struct controller *ctl, const char *file, char *err, size_t errlen)
{
	int fmt = record_format_from_path(file);

	if (fmt < 0) {
		snprintf(err, errlen, "%s: unknown extension (.sgf .ggf .txt .obf)", file);
		return -1;
	}
	stamp_record(ctl);
	if (record_save_file(file, ctl->game, fmt, err, errlen) < 0)
		return -1;
	snprintf(err, errlen, "exported %s", file);
	return CTL_CHANGED_STATUS;
}

/* Appends "; " (unless at the start) and the text to msg[len]. */
static void add_reason(char *msg, size_t len, const char *text)
{
	size_t n = strlen(msg);

	if (n + 1 < len)
		snprintf(msg + n, len - n, "%s%s", n ? "; " : "", text);
}

/* Writes the game to the `autosave` slot of the save directory or, when that
   fails, to the autosave slot of the state directory (slots_state_dir), then
   to a file of its own in $TMPDIR or /tmp. Returns 0 (saved in the slot; the
   file in `where`), 1 (saved elsewhere: the file in `where`, and in `err` a
   sentence saying why the slot failed and how to resume) or -1 (`err` says
   where it tried and why each place failed). */
int controller_autosave(struct controller *ctl, char *where, size_t wherelen, char *err,
			size_t errlen)
{
	static const char desc[] = "saved when the program was stopped";
	const char *tmp = getenv("TMPDIR");
	char dir[SLOT_PATH_MAX], msg[512], why[1024] = "";

	err[0] = where[0] = '\0';
	stamp_record(ctl);
	for (int place = 0; place < 3; place++) {
		int rc = -1;

		if (place == 2)
			rc = slots_save_unique(tmp && tmp[0] == '/' ? tmp : "/tmp", SLOTS_AUTOSAVE,
					       ctl->game, desc, where, wherelen, msg, sizeof(msg));
		else if ((place == 0 ? resolve_dir(ctl, dir, sizeof(dir), msg, sizeof(msg))
				     : slots_state_dir(dir, sizeof(dir), msg, sizeof(msg))) == 0 &&
			 slots_save(dir, SLOTS_AUTOSAVE, ctl->game, desc, msg, sizeof(msg)) == 0) {
			rc = slots_path(dir, SLOTS_AUTOSAVE, where, wherelen, msg, sizeof(msg));
		}
		if (rc == 0 && place == 0)
			return 0;
		if (rc == 0) {
			snprintf(
			    err, errlen,
			    "the autosave slot could not be written (%s); the game is saved in "
			    "%s instead: `load %s` resumes it",
			    why, where, where);
			return 1;
		}
		add_reason(why, sizeof(why), msg);
	}
	where[0] = '\0';
	snprintf(err, errlen, "the autosave failed, the game is lost: %s", why);
	return -1;
}

/* True when the save directory holds an `autosave` slot. */
bool controller_has_autosave(const struct controller *ctl)
{
	char dir[SLOT_PATH_MAX], err[256];

	return resolve_dir(ctl, dir, sizeof(dir), err, sizeof(err)) == 0 &&
	       slot_exists(dir, SLOTS_AUTOSAVE);
}

/* True once per autosave: when the save directory holds an `autosave` slot
   that was not offered yet (slots_offer_once); the screen says so then. */
bool controller_autosave_offer(const struct controller *ctl)
{
	char dir[SLOT_PATH_MAX], err[256];

	return resolve_dir(ctl, dir, sizeof(dir), err, sizeof(err)) == 0 &&
	       slots_offer_once(dir, SLOTS_AUTOSAVE);
}

/* The save slots as text, one a line; malloc'd, or NULL with a message. */
char *controller_slots_text(const struct controller *ctl, char *err, size_t errlen)
{
	char dir[SLOT_PATH_MAX];
	struct slot_info *list = NULL;
	size_t cap, len = 0;
	int count = 0;
	char *s;

	if (resolve_dir(ctl, dir, sizeof(dir), err, errlen) < 0 ||
	    slots_list(dir, &list, &count, err, errlen) < 0)
		return NULL;
	cap = 128 + (size_t)count * 400;
	s = malloc(cap);
	if (!s) {
		free(list);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (count == 0)
		len += (size_t)snprintf(s, cap, "no saved games in %s\n", dir);
	for (int i = 0; i < count; i++) {
		const struct slot_info *si = &list[i];
		if (si->broken)
			len += (size_t)snprintf(s + len, cap - len, "%-10s (unreadable: %s)\n",
						si->name, si->description);
		else
			len += (size_t)snprintf(
			    s + len, cap - len, "%-10s %-10s %s vs %s, %d move%s%s%s%s%s\n",
			    si->name, si->date, *si->black ? si->black : "Black",
			    *si->white ? si->white : "White", si->moves, si->moves == 1 ? "" : "s",
			    *si->result ? ", " : "", si->result, *si->description ? " — " : "",
			    si->description);
	}
	free(list);
	return s;
}

/*
 * The position at the cursor (or the one being edited) as text: a grid with
 * X for Black, O for White, . for empty, the disc counts and whose turn it
 * is, or the result. Malloc'd; NULL if out of memory.
 */
char *controller_board_text(const struct controller *ctl)
{
	enum variant v = ctl->game->variant;
	int size = square_size(v), wide = size >= 10;
	char *s = malloc(2048), name[SQUARE_NAME_LEN];
	sqset black, white, moves = controller_legal_moves(ctl);
	size_t len = 0;
	int diff;

	if (!s)
		return NULL;
	controller_colors(ctl, &black, &white);
	len += (size_t)snprintf(s + len, 2048 - len, "%*s", 1 + wide, "");
	for (int c = 0; c < size; c++)
		len += (size_t)snprintf(s + len, 2048 - len, " %c", 'a' + c);
	len += (size_t)snprintf(s + len, 2048 - len, "\n");
	for (int r = 0; r < size; r++) {
		len += (size_t)snprintf(s + len, 2048 - len, "%*d", 1 + wide, r + 1);
		for (int c = 0; c < size; c++) {
			int sq = square_at(v, r, c);
			sqset bit = sq >= 0 ? sqset_of(sq) : 0;

			len += (size_t)snprintf(s + len, 2048 - len, " %c",
						sq < 0		? '#'
						: (black & bit) ? 'X'
						: (white & bit) ? 'O'
								: '.');
		}
		len += (size_t)snprintf(s + len, 2048 - len, "\n");
	}
	len += (size_t)snprintf(s + len, 2048 - len, "Black %d, White %d, move %d. ",
				sqset_count(black), sqset_count(white), ctl->cur->ply);
	if (ctl->edit.on)
		len += (size_t)snprintf(s + len, 2048 - len, "Editing, %s to move.\n",
					ctl->edit.side == BLACK ? "Black" : "White");
	else if (controller_game_over(ctl, &diff)) {
		char words[64];
		controller_result_text(ctl, "-", words, sizeof words);
		len += (size_t)snprintf(s + len, 2048 - len, "Game over: %s (%s).\n", words,
					controller_result(ctl));
	} else {
		len += (size_t)snprintf(s + len, 2048 - len,
					"%s to move:", ctl->cur->side == BLACK ? "Black" : "White");
		for (sqset m = moves; m; m &= m - 1)
			len += (size_t)snprintf(s + len, 2048 - len, " %s",
						square_name(v, sqset_first(m), name));
		len += (size_t)snprintf(s + len, 2048 - len, "%s\n", moves ? "" : " pass");
	}
	return s;
}

/*
 * The current line as text, one move a line: ply, colour, move, mark, the
 * number of other moves played at that point, and the comment; `>` marks
 * the cursor. Malloc'd; NULL if out of memory.
 */
char *controller_moves_text(const struct controller *ctl)
{
	size_t cap = 256, len = 0;
	char *s = malloc(cap);
	const struct game_node **path;
	int n;

	path = malloc(sizeof(*path) * (size_t)(ctl->tip->ply + 1));
	if (!s || !path) {
		free(s);
		free(path);
		return NULL;
	}
	n = game_path(ctl->tip, path, ctl->tip->ply + 1);
	len += (size_t)snprintf(
	    s, cap, "%s vs %s%s%s\n",
	    *game_info(ctl->game, INFO_BLACK) ? game_info(ctl->game, INFO_BLACK) : "Black",
	    *game_info(ctl->game, INFO_WHITE) ? game_info(ctl->game, INFO_WHITE) : "White",
	    *game_info(ctl->game, INFO_RESULT) ? ", " : "", game_info(ctl->game, INFO_RESULT));
	for (int i = 0; i < n; i++) {
		const struct game_node *m = path[i];
		const char *comment = m->comment ? m->comment : "";
		char name[SQUARE_NAME_LEN];
		size_t need = 96 + strlen(comment);
		int others = m->parent ? game_child_count(m->parent) - 1 : 0;

		if (len + need >= cap) {
			char *ns;
			cap = (cap + need) * 2;
			ns = realloc(s, cap);
			if (!ns) {
				free(s);
				free(path);
				return NULL;
			}
			s = ns;
		}
		if (!m->parent) {
			if (*comment || m == ctl->cur)
				len += (size_t)snprintf(s + len, cap - len, "%c  0 start%s%s\n",
							m == ctl->cur ? '>' : ' ',
							*comment ? "  " : "", comment);
			continue;
		}
		len += (size_t)snprintf(
		    s + len, cap - len, "%c%3d %s %-4s%-2s", m == ctl->cur ? '>' : ' ', m->ply,
		    m->player == BLACK ? "Black" : "White",
		    m->move == SQ_PASS ? "pass" : square_name(m->pos.variant, m->move, name),
		    game_mark_symbol(m->mark));
		while (len > 0 && s[len - 1] == ' ')
			len--;
		if (others > 0)
			len += (size_t)snprintf(s + len, cap - len, " (+%d variation%s)", others,
						others > 1 ? "s" : "");
		while (len > 0 && s[len - 1] == ' ')
			len--;
		len +=
		    (size_t)snprintf(s + len, cap - len, "%s%s\n", *comment ? "  " : "", comment);
	}
	free(path);
	return s;
}
