/*
 * gamedb-index.h — the game database: every game of a folder of collections
 * (WTHOR, Logistello book lines, SGF/GGF/transcript records) and of the save
 * slots, searchable by position.
 *
 * The collection (gamedb-collect.c) reads the folder leniently: a bad record
 * or file is skipped with `file:record: why` and the rest loads. The index
 * (gamedb-index.c) holds, for every position of every game, its canonical
 * form under the 8 symmetries of the board (board_canonical): a query finds
 * the games through the position on the board however they were rotated or
 * mirrored, and turns each game's next move back to the board as shown.
 * Games are numbered from 1 in load order (files by name, games in file
 * order); the number is the one `db show N` takes.
 */
#ifndef OTHELLO_GAMEDB_INDEX_H
#define OTHELLO_GAMEDB_INDEX_H

#include "gamedb.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	GAMEDB_MAX_GAMES = 1 << 21, /* games an index can hold (21 bits of an entry) */
	GAMEDB_PATH_LEN = 4096,	    /* a file's path */
	GAMEDB_TOP_PLAYERS = 3	    /* best-known players kept for a move */
};

/* One file of the collection. */
struct gamedb_file {
	char path[GAMEDB_PATH_LEN]; /* as found in the folder */
	size_t first;		    /* index of its first game */
	size_t count;		    /* games read from it */
	size_t skipped;		    /* records of it skipped */
	bool user;		    /* a record of the user's (slot, SGF, GGF, transcript) */
};

/* Where the games come from. */
struct gamedb_sources {
	const char *dir;      /* the collection folder (--db), NULL = the default */
	const char *save_dir; /* the save slots' folder, NULL = the default, "" = none */
};

struct gamedb_index {
	char dir[GAMEDB_PATH_LEN];	    /* the collection folder read */
	bool dir_missing;		    /* it does not exist */
	struct gamedb_games games;	    /* every game, numbered from 0 here */
	struct gamedb_names players;	    /* WTHOR.JOU, then names from records */
	struct gamedb_names tournaments;    /* WTHOR.TRN, then events from records */
	uint32_t *player_games;		    /* games each player played (how known they are) */
	struct gamedb_file *files;	    /* the files read, in load order */
	size_t n_files;			    /* entries of files */
	struct gamedb_skips skips;	    /* what was skipped, and why */
	uint64_t *entries;		    /* sorted: key (40 bits), game (21), symmetry (3) */
	size_t n_entries;		    /* positions indexed */
	double load_seconds, index_seconds; /* time spent reading and indexing */
};

/* Which games a query keeps. */
struct gamedb_filter {
	const char *player;	/* part of either player's name (any case), or NULL */
	const char *black;	/* part of Black's name, or NULL */
	const char *white;	/* part of White's name, or NULL */
	const char *tournament; /* part of the tournament's name, or NULL */
	int year_min, year_max; /* years kept (0: no bound) */
	int result;		/* 'b' Black won, 'w' White won, 'd' drawn, 0 any */
};

/* A game through the queried position. */
struct gamedb_hit {
	uint32_t game; /* index in the collection */
	int next;      /* the move played next, on the board as queried; -1 when it ended */
	uint8_t mover; /* the colour to move there (enum color): who chose `next` */
	uint8_t sym;   /* the symmetry (board_symmetry) from the game's board to the one queried */
};

/* The moves played from a position. */
struct gamedb_move_stats {
	int move;				/* square on the board as queried */
	uint32_t games;				/* games that played it */
	uint32_t black_wins, draws, white_wins; /* their results */
	double mean_result;			/* Black's mean final disc difference */
	uint32_t n_theory;			/* games with a theoretical score */
	double mean_theory;			/* Black's mean theoretical score over them */
	int players[GAMEDB_TOP_PLAYERS];	/* best-known players who chose it (most games in
						   the collection first), -1 for none */
};

/* gamedb-collect.c */
int gamedb_default_dir(char *out, size_t outlen, char *err, size_t errlen);
int gamedb_collect(struct gamedb_index *db, const struct gamedb_sources *src, char *err,
		   size_t errlen);
int gamedb_add_record(struct gamedb_index *db, const struct game *r, const char *name, char *err,
		      size_t errlen);
const char *gamedb_how_to_get(void);
int gamedb_index_open(struct gamedb_index *db, const struct gamedb_sources *src, char *err,
		      size_t errlen);
const struct gamedb_file *gamedb_file_of(const struct gamedb_index *db, size_t game,
					 size_t *record);
const char *gamedb_player_name(const struct gamedb_index *db, unsigned index);
const char *gamedb_tournament_name(const struct gamedb_index *db, unsigned index);

/* gamedb-index.c */
int gamedb_index_build(struct gamedb_index *db, char *err, size_t errlen);
void gamedb_index_free(struct gamedb_index *db);
int gamedb_index_find(const struct gamedb_index *db, const struct board *b, enum color side,
		      const struct gamedb_filter *f, struct gamedb_hit **hits, size_t *n, char *err,
		      size_t errlen);
int gamedb_index_sort_recent(const struct gamedb_index *db, struct gamedb_hit *hits, size_t n);
int gamedb_index_stats(const struct gamedb_index *db, const struct gamedb_hit *hits, size_t n,
		       struct gamedb_move_stats *out, int max);
bool gamedb_filter_match(const struct gamedb_index *db, const struct gamedb_game *g,
			 const struct gamedb_filter *f);
int gamedb_filter_result(const char *text);
int gamedb_filter_years(const char *text, int *lo, int *hi);

#endif
