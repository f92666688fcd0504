/*
 * gamedb-collect.c — the game database's collection: every game of a folder
 * and of the save slots, read leniently into one array (gamedb-index.h).
 *
 * The folder (--db DIR, else $OTHELLO_DB_DIR, else
 * $XDG_DATA_HOME/othello-master/db, else ~/.local/share/othello-master/db)
 * and its subfolders (three levels, hidden ones left out) are read in the
 * order of their paths:
 *
 * | file                      | read as                                        |
 * |---------------------------|------------------------------------------------|
 * | *.wtb                     | WTHOR games (gamedb-wthor.c)                   |
 * | WTHOR.JOU, WTHOR.TRN      | the players' and tournaments' names (top only) |
 * | *.gam, *.gam.gz           | Logistello's book lines (gamedb-logbook.c)     |
 * | *.sgf, *.ggf, *.txt       | the user's own games: each file's main line    |
 * | anything else             | skipped, with why (a .zip: unzip it there)     |
 *
 * then every save slot (NAME.sgf of the save folder). A record's names and
 * event join the name tables at their end. What cannot be read is skipped
 * with `file:record: why` in `skips`; the rest still loads. gamedb_index_open
 * collects, then has gamedb-index.c index what it collected.
 */
#include "config.h"

#include "datadir.h"
#include "gamedb-index.h"
#include "grow.h"
#include "record.h"
#include "slots.h"
#include "timer.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

enum { DIR_DEPTH = 3 }; /* subfolder levels read below the collection folder */

/* A list of paths, grown as the folder is walked. */
struct paths {
	char **p;      /* malloc'd paths */
	size_t n, cap; /* held, allocated */
};

/* Resolves the collection folder into `out`: $OTHELLO_DB_DIR, else
   $XDG_DATA_HOME/othello-master/db (when absolute), else
   ~/.local/share/othello-master/db. 0, or -1 with a message when none can be
   named. Nothing is created. */
int gamedb_default_dir(char *out, size_t outlen, char *err, size_t errlen)
{
	int n = datadir_user("OTHELLO_DB_DIR", "db", out, outlen);

	if (n == DATADIR_UNNAMED) {
		snprintf(err, errlen,
			 "no database folder: set HOME or OTHELLO_DB_DIR, or use --db");
		return -1;
	}
	if (n < 0 || (size_t)n >= outlen) {
		snprintf(err, errlen, "database folder name too long");
		return -1;
	}
	return 0;
}

/* What to do without games: where the WTHOR files come from and where they go. */
const char *gamedb_how_to_get(void)
{
	return "The WTHOR database of the Federation Francaise d'Othello (over 100,000\n"
	       "tournament games since 1977) is free to download from the federation's\n"
	       "website (www.ffothello.org, \"Base WTHOR\"): unzip WTH_YYYY.wtb, WTHOR.JOU\n"
	       "and WTHOR.TRN into the database folder (--db DIR, $OTHELLO_DB_DIR, or\n"
	       "~/.local/share/othello-master/db). Your own SGF, GGF and transcript\n"
	       "files may go there too; your save slots are always included. See othello(6).\n";
}

/* True when `path` ends with `ext` (any case). */
static bool ends_with(const char *path, const char *ext)
{
	size_t n = strlen(path), k = strlen(ext);

	return n >= k && strcasecmp(path + n - k, ext) == 0;
}

/* Appends a copy of `path` to `ps`; 0, or -1 when out of memory. */
static int paths_add(struct paths *ps, const char *path)
{
	char **p = grow_room(ps->p, &ps->cap, ps->n, sizeof(*p), 64), *copy;

	if (!p)
		return -1;
	ps->p = p;
	if (!(copy = strdup(path)))
		return -1;
	ps->p[ps->n++] = copy;
	return 0;
}

static void paths_free(struct paths *ps)
{
	for (size_t i = 0; i < ps->n; i++)
		free(ps->p[i]);
	free(ps->p);
	memset(ps, 0, sizeof(*ps));
}

static int compare_paths(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts the paths of `ps` (an empty list has no array to hand qsort). */
static void paths_sort(struct paths *ps)
{
	if (ps->n > 1)
		qsort(ps->p, ps->n, sizeof(*ps->p), compare_paths);
}

/* True when `path` is a file the collection reads. */
static bool is_game_file(const char *path)
{
	return gamedb_kind_from_path(path) >= 0 || record_format_from_path(path) >= 0;
}

/* Adds the game files of folder `dir` and its subfolders (`depth` levels more)
   to `ps`, and what it leaves out to `skips`; 0, or -1 when out of memory. */
static int walk(const char *dir, int depth, bool top, struct paths *ps, struct gamedb_skips *skips)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int st = 0;

	if (!d)
		return gamedb_skips_add(skips, "%s: %s", dir, strerror(errno));
	while (st == 0 && (e = readdir(d))) {
		char path[GAMEDB_PATH_LEN];
		struct stat sb;

		if (e->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= (int)sizeof(path)) {
			st = gamedb_skips_add(skips, "%s/%.64s...: path too long", dir, e->d_name);
			continue;
		}
		if (stat(path, &sb) != 0) {
			st = gamedb_skips_add(skips, "%s: %s", path, strerror(errno));
		} else if (S_ISDIR(sb.st_mode)) {
			if (depth > 0)
				st = walk(path, depth - 1, false, ps, skips);
		} else if (top && (strcasecmp(e->d_name, "WTHOR.JOU") == 0 ||
				   strcasecmp(e->d_name, "WTHOR.TRN") == 0)) {
			continue; /* the names, read by gamedb_load_names */
		} else if (ends_with(path, ".zip")) {
			st = gamedb_skips_add(skips,
					      "%s: a zip archive (unzip it into this folder to "
					      "read its games)",
					      path);
		} else if (!S_ISREG(sb.st_mode) || !is_game_file(path)) {
			st = gamedb_skips_add(
			    skips, "%s: not a game file (.wtb, .gam, .gam.gz, .sgf, .ggf, .txt)",
			    path);
		} else {
			st = paths_add(ps, path);
		}
	}
	closedir(d);
	return st;
}

/* The index of `name` in `ns`, appended when it is not there yet;
   GAMEDB_NO_NAME for an empty name or when the table is full or memory runs
   out. */
static uint16_t name_index(struct gamedb_names *ns, const char *name)
{
	char(*p)[GAMEDB_NAME_LEN];

	if (!name[0])
		return GAMEDB_NO_NAME;
	for (size_t i = ns->n; i-- > 0;)
		if (strcmp(ns->name[i], name) == 0)
			return (uint16_t)i;
	if (ns->n + 1 >= GAMEDB_NO_NAME || !(p = realloc(ns->name, (ns->n + 1) * sizeof(*p))))
		return GAMEDB_NO_NAME;
	ns->name = p;
	snprintf(ns->name[ns->n], GAMEDB_NAME_LEN, "%s", name);
	return (uint16_t)ns->n++;
}

/* Black's disc difference a record's result says ("B+12", "W+2", "0"), or
   GAMEDB_NO_SCORE when it gives none (a resignation, time, nothing). */
static int result_of(const char *re)
{
	char *end;
	long v;

	if (strcmp(re, "0") == 0 || strcasecmp(re, "draw") == 0)
		return 0;
	if ((re[0] != 'B' && re[0] != 'W') || re[1] != '+')
		return GAMEDB_NO_SCORE;
	v = strtol(re + 2, &end, 10);
	if (end == re + 2 || *end || v < 0 || v > 64)
		return GAMEDB_NO_SCORE;
	return re[0] == 'B' ? (int)v : (int)-v;
}

/* Adds the main line of record `r` (named `name` in messages) to the
   collection, with its players, event, year and result. 0; 1 when it cannot
   be a collected game (another board, a set-up start, an illegal move), with
   why in `err`; -1 with a message when memory runs out. */
int gamedb_add_record(struct gamedb_index *db, const struct game *r, const char *name, char *err,
		      size_t errlen)
{
	const struct game_node *n = r->root, *last = r->root;
	struct gamedb_game g;
	struct board start;
	int moves[60], count = 0, res;
	const char *date = game_info(r, INFO_DATE);
	char msg[160];

	memset(&g, 0, sizeof(g));
	board_start(&start);
	if (!game_board(n, NULL)) {
		snprintf(err, errlen, "%s: not an 8x8 game", name);
		return 1;
	}
	if (n->side != BLACK || n->pos.b8.own != start.own || n->pos.b8.opp != start.opp) {
		snprintf(err, errlen, "%s: starts from a set-up position", name);
		return 1;
	}
	for (n = n->child; n; n = n->child) {
		last = n;
		if (n->move == SQ_PASS)
			continue;
		if (count == 60 || n->move < 0 || n->move > 63) {
			snprintf(err, errlen, "%s: move %d is not a square", name, n->ply);
			return 1;
		}
		moves[count++] = n->move;
	}
	if (gamedb_play_moves(moves, count, &g, msg, sizeof(msg)) < 0) {
		snprintf(err, errlen, "%s: %s", name, msg);
		return 1;
	}
	res = result_of(game_info(r, INFO_RESULT));
	if (res == GAMEDB_NO_SCORE && game_is_over(last))
		res = game_final_score(last);
	g.result = (int8_t)res;
	g.theory = GAMEDB_NO_SCORE;
	if (strlen(date) >= 4 && strspn(date, "0123456789") >= 4)
		g.year = (uint16_t)atoi((char[]){date[0], date[1], date[2], date[3], '\0'});
	g.black = name_index(&db->players, game_info(r, INFO_BLACK));
	g.white = name_index(&db->players, game_info(r, INFO_WHITE));
	g.tournament = name_index(&db->tournaments, game_info(r, INFO_EVENT));
	if (gamedb_games_add(&db->games, &g) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

/* Appends a file entry for `path` whose games start at `first`; -1 when out
   of memory. */
static int add_file(struct gamedb_index *db, const char *path, size_t first, bool user)
{
	struct gamedb_file *p = realloc(db->files, (db->n_files + 1) * sizeof(*p));

	if (!p)
		return -1;
	db->files = p;
	p += db->n_files++;
	memset(p, 0, sizeof(*p));
	snprintf(p->path, sizeof(p->path), "%s", path);
	p->first = first;
	p->user = user;
	return 0;
}

/* Reads one file of the collection into `db`; 0, or -1 when out of memory. */
static int read_file(struct gamedb_index *db, const char *path, bool user)
{
	size_t first = db->games.n, skipped = db->skips.n;
	char err[GAMEDB_SKIP_LEN];
	int n;

	if (gamedb_kind_from_path(path) >= 0) {
		n = gamedb_load_lenient(path, &db->games, &db->skips, err, sizeof(err));
		if (n < 0)
			return gamedb_skips_add(&db->skips, "%s", err);
	} else {
		struct game *r = record_load_file(path, -1, err, sizeof(err));

		if (!r)
			return gamedb_skips_add(&db->skips, "%s", err);
		n = gamedb_add_record(db, r, path, err, sizeof(err));
		game_free(r);
		if (n < 0)
			return -1;
		if (n > 0)
			return gamedb_skips_add(&db->skips, "%s", err);
	}
	if (add_file(db, path, first, user) < 0)
		return -1;
	db->files[db->n_files - 1].count = db->games.n - first;
	db->files[db->n_files - 1].skipped = db->skips.n - skipped;
	return 0;
}

/* Adds the save slots of folder `dir` (NAME.sgf with a slot's name) to `ps`; a
   missing folder has none. 0, or -1 when out of memory. */
static int slot_files(const char *dir, struct paths *ps)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int st = 0;

	if (!d)
		return 0;
	while (st == 0 && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char name[SLOT_NAME_MAX], path[GAMEDB_PATH_LEN];

		if (len <= 4 || len - 4 >= SLOT_NAME_MAX ||
		    strcmp(e->d_name + len - 4, ".sgf") != 0)
			continue;
		memcpy(name, e->d_name, len - 4);
		name[len - 4] = '\0';
		if (slots_name_valid(name) &&
		    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) < (int)sizeof(path))
			st = paths_add(ps, path);
	}
	closedir(d);
	return st;
}

/* Reads the collection of `src` into `db` (emptied first): the folder's files
   in the order of their paths, then the save slots, with the names of
   WTHOR.JOU and WTHOR.TRN. A missing folder sets `dir_missing`; bad files
   and records are skipped into `db->skips`. 0, or -1 with a message when no
   folder can be named or memory runs out. */
int gamedb_collect(struct gamedb_index *db, const struct gamedb_sources *src, char *err,
		   size_t errlen)
{
	struct paths ps = {0}, slots = {0};
	char slot_dir[SLOT_PATH_MAX], msg[GAMEDB_SKIP_LEN];
	struct stat sb;
	int st = -1;

	memset(db, 0, sizeof(*db));
	if (src->dir && src->dir[0])
		snprintf(db->dir, sizeof(db->dir), "%s", src->dir);
	else if (gamedb_default_dir(db->dir, sizeof(db->dir), err, errlen) < 0)
		return -1;
	if (stat(db->dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		db->dir_missing = true;
	} else {
		if (walk(db->dir, DIR_DEPTH, true, &ps, &db->skips) < 0)
			goto oom;
		paths_sort(&ps);
		if (gamedb_load_names(db->dir, &db->players, &db->tournaments, msg, sizeof(msg)) <
			0 &&
		    gamedb_skips_add(&db->skips, "%s (the games keep no names)", msg) < 0)
			goto oom;
	}
	if (!(src->save_dir && !src->save_dir[0]) &&
	    slots_dir(src->save_dir, slot_dir, sizeof(slot_dir), msg, sizeof(msg)) == 0) {
		if (slot_files(slot_dir, &slots) < 0)
			goto oom;
		paths_sort(&slots);
	}
	for (size_t i = 0; i < ps.n; i++)
		if (read_file(db, ps.p[i], record_format_from_path(ps.p[i]) >= 0) < 0)
			goto oom;
	for (size_t i = 0; i < slots.n; i++)
		if (read_file(db, slots.p[i], true) < 0)
			goto oom;
	if (db->games.n > GAMEDB_MAX_GAMES) {
		snprintf(err, errlen, "%zu games: the database holds at most %d", db->games.n,
			 GAMEDB_MAX_GAMES);
		goto fail;
	}
	if (db->players.n && !(db->player_games = calloc(db->players.n, sizeof(uint32_t))))
		goto oom;
	for (size_t i = 0; i < db->games.n; i++) {
		const struct gamedb_game *g = &db->games.g[i];

		if (g->black < db->players.n)
			db->player_games[g->black]++;
		if (g->white < db->players.n && g->white != g->black)
			db->player_games[g->white]++;
	}
	st = 0;
	goto done;
oom:
	snprintf(err, errlen, "out of memory reading the database");
fail:
	gamedb_index_free(db);
done:
	paths_free(&ps);
	paths_free(&slots);
	return st;
}

/* Reads the collection of `src` (gamedb_collect) and indexes it (gamedb_index_build); 0, or -1
   with a message (`db` then empty). */
int gamedb_index_open(struct gamedb_index *db, const struct gamedb_sources *src, char *err,
		      size_t errlen)
{
	double t0 = timer_now();

	if (gamedb_collect(db, src, err, errlen) < 0)
		return -1;
	db->load_seconds = timer_now() - t0;
	if (gamedb_index_build(db, err, errlen) < 0) {
		gamedb_index_free(db);
		return -1;
	}
	return 0;
}

/* The file that game `game` (from 0) came from and, in `*record` (if not
   NULL), the game's place in it from 1; NULL when there is no such game. */
const struct gamedb_file *gamedb_file_of(const struct gamedb_index *db, size_t game, size_t *record)
{
	size_t lo = 0, hi = db->n_files;

	if (game >= db->games.n)
		return NULL;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (db->files[mid].first <= game)
			lo = mid;
		else
			hi = mid;
	}
	if (lo >= db->n_files)
		return NULL;
	if (record)
		*record = game - db->files[lo].first + 1;
	return &db->files[lo];
}

/* The name of player `index`, or "?" when the collection has none. */
const char *gamedb_player_name(const struct gamedb_index *db, unsigned index)
{
	return index < db->players.n && db->players.name[index][0] ? db->players.name[index] : "?";
}

/* The name of tournament `index`, or "" when the collection has none. */
const char *gamedb_tournament_name(const struct gamedb_index *db, unsigned index)
{
	return index < db->tournaments.n ? db->tournaments.name[index] : "";
}
