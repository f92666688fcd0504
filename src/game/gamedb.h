/*
 * gamedb.h — game collections from outside the program: the WTHOR tournament
 * database (.wtb games, .jou players, .trn tournaments) and Logistello's book
 * lines (.gam), read into one compact game type that the converter, the
 * training tools and the game database share.
 *
 * A collected game is its moves from the standard start (squares; passes are
 * not stored, as in both formats: a side with no move passes), the indices of
 * its players and tournament in the name tables, its year, and two scores
 * from Black's side: the final disc difference as played and, where the file
 * gives one, the theoretical difference (perfect play from the position at
 * `theory_empties` empties). Every game is replayed when read: an illegal move
 * is an error that names the file, the record and the move.
 */
#ifndef OTHELLO_GAMEDB_H
#define OTHELLO_GAMEDB_H

#include "board.h"
#include "gametree.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
	GAMEDB_NO_SCORE = -128,	      /* a score the file does not give */
	GAMEDB_NO_NAME = 0xffff,      /* a player or tournament the file does not name */
	GAMEDB_WTB_HEADER = 16,	      /* bytes of a WTHOR header */
	GAMEDB_WTB_RECORD = 68,	      /* bytes of a .wtb game record */
	GAMEDB_JOU_RECORD = 20,	      /* bytes of a .jou player name */
	GAMEDB_TRN_RECORD = 26,	      /* bytes of a .trn tournament name */
	GAMEDB_NAME_LEN = 2 * 26 + 1, /* a name in UTF-8 (every Latin-1 byte takes at most two) */
	GAMEDB_SKIP_LEN = 320	      /* one message of what a lenient read skipped */
};

/* The kinds of collection file. */
enum gamedb_kind {
	GAMEDB_WTHOR = 0, /* WTHOR games, .wtb */
	GAMEDB_LOGBOOK	  /* Logistello's book lines, .gam (or .gam.gz) */
};

struct gamedb_game {
	uint8_t moves[60];	/* squares 0..63 in order, passes left out */
	uint8_t n_moves;	/* moves played */
	int8_t result;		/* Black's final disc difference, or GAMEDB_NO_SCORE */
	int8_t theory;		/* Black's disc difference under perfect play from
				   `theory_empties` empties, or GAMEDB_NO_SCORE */
	uint8_t theory_empties; /* the empties of that position (WTHOR: 24) */
	uint16_t year;		/* the year of the game, 0 if unknown */
	uint16_t tournament;	/* index in the tournament names, or GAMEDB_NO_NAME */
	uint16_t black;		/* index of Black's name in the player names, or GAMEDB_NO_NAME */
	uint16_t white;		/* the same for White */
};

/* A growing array of games. */
struct gamedb_games {
	struct gamedb_game *g; /* games */
	size_t n;	       /* games held */
	size_t cap;	       /* allocated */
};

/* A table of names (players or tournaments), indexed by their record number. */
struct gamedb_names {
	char (*name)[GAMEDB_NAME_LEN]; /* UTF-8 names */
	size_t n;		       /* names */
};

/* What a lenient read skipped, a message each ("WTH_2001.wtb: record 3: ..."). */
struct gamedb_skips {
	char (*msg)[GAMEDB_SKIP_LEN]; /* messages */
	size_t n, cap;		      /* held, allocated */
};

/* What the header of a WTHOR file says. */
struct gamedb_wthor_header {
	int written;	    /* the date the file was written, YYYYMMDD */
	uint32_t records;   /* N1: game records (.wtb) */
	uint16_t names;	    /* N2: name records (.jou, .trn) */
	uint16_t year;	    /* year of the games (.wtb) */
	uint8_t board_size; /* P1: 0 or 8 for 8x8, 10 for 10x10 */
	uint8_t solitaire;  /* P2: 1 for solitaires */
	uint8_t depth;	    /* P3: empties of the theoretical score */
};

int gamedb_games_add(struct gamedb_games *gs, const struct gamedb_game *g);
void gamedb_games_free(struct gamedb_games *gs);
void gamedb_names_free(struct gamedb_names *ns);
int gamedb_skips_add(struct gamedb_skips *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int gamedb_skip(struct gamedb_skips *skips, const char *name, char *err, size_t errlen);
int gamedb_keep(struct gamedb_games *out, const struct gamedb_game *g, int rc,
		struct gamedb_skips *skips, const char *name, char *err, size_t errlen);
void gamedb_skips_free(struct gamedb_skips *s);

int gamedb_replay(const struct gamedb_game *g, struct board *b, enum color *side, int upto,
		  char *err, size_t errlen);
int gamedb_play_moves(const int *moves, int n, struct gamedb_game *out, char *err, size_t errlen);

int gamedb_wthor_header_parse(const uint8_t *p, struct gamedb_wthor_header *h);
int gamedb_wthor_read(FILE *f, const char *name, struct gamedb_games *out, char *err,
		      size_t errlen);
int gamedb_wthor_read_lenient(FILE *f, const char *name, struct gamedb_games *out,
			      struct gamedb_skips *skips, char *err, size_t errlen);
int gamedb_wthor_read_names(FILE *f, const char *name, int record_len, struct gamedb_names *out,
			    char *err, size_t errlen);
int gamedb_wthor_write(FILE *f, const struct gamedb_game *games, size_t n, int year);
int gamedb_wthor_write_names(FILE *f, const char *const *names, size_t n, int record_len);

int gamedb_logbook_parse(const char *line, size_t len, struct gamedb_game *out, char *err,
			 size_t errlen);
int gamedb_logbook_read(FILE *f, const char *name, struct gamedb_games *out, char *err,
			size_t errlen);
int gamedb_logbook_read_lenient(FILE *f, const char *name, struct gamedb_games *out,
				struct gamedb_skips *skips, char *err, size_t errlen);

int gamedb_kind_from_path(const char *path);
int gamedb_load(const char *path, struct gamedb_games *out, char *err, size_t errlen);
int gamedb_load_lenient(const char *path, struct gamedb_games *out, struct gamedb_skips *skips,
			char *err, size_t errlen);
int gamedb_load_names(const char *dir, struct gamedb_names *players,
		      struct gamedb_names *tournaments, char *err, size_t errlen);

struct game *gamedb_to_record(const struct gamedb_game *g, const struct gamedb_names *players,
			      const struct gamedb_names *tournaments, char *err, size_t errlen);

#endif
