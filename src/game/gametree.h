/*
 * gametree.h — the game record: a start position and a tree of moves with their
 * annotations, plus the game information.
 *
 * Representation. A record is a tree of nodes. The root stands for the start
 * position (standard or edited) and carries no move; every other node is one
 * move (a square or SQ_PASS: passes are explicit moves) and holds the position
 * after it, so the board at any node is read without replaying. Children are a
 * singly linked list (`child`, then `next`): the first child continues the main
 * line, the others are variations, kept in the order they were made until one
 * is promoted. Per node: the player, who played the move (a person or a level),
 * a comment, a mark, the time the move took, the engine's reasoning for engine moves, analysis
 * results, and the SGF properties this program does not know (kept verbatim, written back).
 *
 * The structs are public so that drawing code can read them; change a record
 * only through the functions below (they keep boards, plies and links right).
 * Scores are int centidiscs (1/100 disc) from the point of view of the side
 * that was to move in the position searched, as the engine gives them.
 *
 * Boards. A record is played on one board (`variant`, the same in every node):
 * every node holds its position as the engine facade's one type (`pos`,
 * position.h), with the squares numbered as square.h says. The game_*
 * functions below that read positions work on every board; the ones named for
 * 8×8 (game_board, game_board_colors) only on 8×8.
 */
#ifndef OTHELLO_GAMETREE_H
#define OTHELLO_GAMETREE_H

#include "board.h"
#include "level.h"
#include "position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Move marks; SGF writes them as TE/BM/DO/IT (see record-sgf.c). */
enum game_mark {
	MARK_NONE = 0,
	MARK_GOOD,	  /* !  (TE[1]) */
	MARK_VERY_GOOD,	  /* !! (TE[2]) */
	MARK_BAD,	  /* ?  (BM[1]) */
	MARK_VERY_BAD,	  /* ?? (BM[2]) */
	MARK_INTERESTING, /* !? (IT[]) */
	MARK_DUBIOUS,	  /* ?! (DO[]) */
	MARK_COUNT
};

/* Where an engine move came from. */
enum game_source {
	SOURCE_NONE = 0, /* unknown */
	SOURCE_BOOK,	 /* opening book */
	SOURCE_SEARCH,	 /* midgame search */
	SOURCE_ENDGAME,	 /* exact or win/loss/draw endgame solver */
	SOURCE_RANDOM,	 /* random legal move */
	SOURCE_COUNT
};

/* Bounds, with the values of `enum bound` in search.h. */
enum game_bound { GAME_BOUND_EXACT = 0, GAME_BOUND_LOWER = 1, GAME_BOUND_UPPER = 2 };

/* GAME_LEVEL_LEN: room for a level as typed with its settings and the name of
   its evaluation ("expert --depth 2 --random 5 --seed 3 (pattern)"). */
enum { GAME_LEVEL_LEN = 192, GAME_MAX_CANDIDATES = 32, GAME_ANALYSIS_PV = 16 };

/* One root move the engine looked at (search.h's struct search_move). */
struct game_candidate {
	int move;  /* square or SQ_PASS */
	int score; /* centidiscs, side to move */
	int bound; /* enum game_bound */
	int depth; /* plies searched (empties when solved) */
};

/* What the engine thought when it chose a move (search.h's struct search_result,
   plus the level and the source). */
struct game_reasoning {
	char level[GAME_LEVEL_LEN]; /* level name ("" if unknown) */
	enum game_source source;    /* book, search, endgame, random */
	int depth;		    /* plies searched, or empties when solved */
	bool endgame;		    /* the score is an endgame result */
	int selectivity;	    /* ProbCut confidence of the search, percent; 0 or 100 exact */
	int score;		    /* centidiscs, side to move */
	int bound;		    /* enum game_bound */
	int pv[64];		    /* principal variation (squares, SQ_PASS) */
	int pv_len;		    /* moves in pv */
	uint64_t nodes;		    /* nodes searched */
	double time;		    /* seconds searched */
	int n_moves;		    /* candidates in moves[] */
	struct game_candidate moves[GAME_MAX_CANDIDATES]; /* best first */
};

/* Results of the analysis of a played move (filled by the analysis feature). Every legal
   move of the position before it is scored at one depth with a full window (bounds only
   when the analysis was asked to be fast), so best_score >= played_score always. */
struct game_analysis {
	bool valid;		/* false until analysed */
	int best_move;		/* best move found in the position before the move */
	int best_score;		/* its score, centidiscs, mover's view */
	int played_score;	/* score of the move played, same view */
	int played_bound;	/* enum game_bound of played_score (exact unless fast) */
	int loss;		/* best_score - played_score, centidiscs (>= 0) */
	int depth;		/* depth of the analysis (plies or empties) */
	bool exact;		/* the scores are exact endgame results */
	enum game_mark verdict; /* the analysis's own mark from the loss (MARK_NONE if none);
				   kept apart from the user's mark */
	int n_moves;		/* legal moves scored in moves[] */
	struct game_candidate moves[GAME_MAX_CANDIDATES]; /* every legal move, best first */
	int pv[GAME_ANALYSIS_PV]; /* the best line from the position before the move */
	int pv_len;		  /* moves in pv */
};

/* An SGF property this program does not interpret, kept to be written back. */
struct game_prop {
	char *name;  /* property identifier, upper case letters */
	char *value; /* raw text of its values, brackets included: "[a][b]" */
};

struct game_node {
	struct game_node *parent;	  /* NULL at the root */
	struct game_node *child;	  /* first child: the main continuation */
	struct game_node *next;		  /* next sibling (a variation of this node) */
	int move;			  /* square, SQ_PASS, or SQ_NONE at the root */
	enum color player;		  /* who played `move` (at the root: the side to move) */
	sqset flips;			  /* discs the move flipped (square.h's squares) */
	struct pos pos;			  /* position after the move, from `side`'s view */
	enum color side;		  /* side to move in `board` */
	int ply;			  /* moves from the root (root = 0) */
	char *comment;			  /* malloc'd, or NULL */
	enum game_mark mark;		  /* MARK_NONE if none */
	double time;			  /* seconds the move took, < 0 if unknown */
	char *by;			  /* who played the move as the program named them when
					     it was played: "human" or a level as typed
					     ("expert --depth 2"); malloc'd, NULL if unknown */
	struct game_reasoning *reasoning; /* engine moves only, else NULL */
	struct game_analysis analysis;	  /* analysis results (valid flag) */
	struct game_prop *props;	  /* unknown SGF properties, in file order */
	int n_props;			  /* entries in props */
};

/* Game information (SGF game-info properties; see record-sgf.c for the names). */
enum game_info_field {
	INFO_BLACK = 0,	  /* PB: black player */
	INFO_WHITE,	  /* PW: white player */
	INFO_DATE,	  /* DT: date, YYYY-MM-DD */
	INFO_EVENT,	  /* EV: event */
	INFO_RESULT,	  /* RE: result, "B+12", "W+2", "0" (draw), "B+R" ... */
	INFO_TEXT,	  /* GC: free text about the game */
	INFO_NAME,	  /* GN: game name */
	INFO_PLACE,	  /* PC: place */
	INFO_ROUND,	  /* RO: round */
	INFO_OPENING,	  /* ON: opening */
	INFO_TIME,	  /* TM: time control, as text */
	INFO_BLACK_LEVEL, /* private: engine level of black ("" = human) */
	INFO_WHITE_LEVEL, /* private: engine level of white */
	INFO_DESCRIPTION, /* private: save-slot description */
	INFO_COUNT
};

struct game {
	struct game_node *root; /* start position; never NULL */
	char *info[INFO_COUNT]; /* malloc'd strings or NULL */
	bool has_seed;		/* `seed` is set */
	uint64_t seed;		/* random seed the game was played with */
	double time_per_move;	/* seconds per engine move, 0 = not set */
	bool standard_start;	/* the root is the standard start position */
	enum variant variant;	/* the board the game is played on */
	int other_games;	/* games after this one in the file it was read from
				   (an SGF collection, a GGF list): not read */
};

struct game *game_new(void);
struct game *game_new_variant(enum variant v);
void game_free(struct game *g);
struct game *game_copy(const struct game *g);

int game_set_start(struct game *g, const struct board *b, enum color side, char *err,
		   size_t errlen);

struct game_node *game_add_move(struct game *g, struct game_node *at, int move, char *err,
				size_t errlen);
struct game_node *game_find_child(const struct game_node *at, int move);
int game_child_count(const struct game_node *n);
int game_child_index(const struct game_node *n);
struct game_node *game_line_end(const struct game_node *n);
struct game_node *game_main_line(const struct game *g, int ply);
int game_main_line_length(const struct game *g);
bool game_on_main_line(const struct game_node *n);
int game_path(const struct game_node *n, const struct game_node **path, int max);
void game_promote(struct game_node *n);
struct game_node *game_delete(struct game *g, struct game_node *n);
bool game_is_over(const struct game_node *n);

const struct board *game_board(const struct game_node *n, enum color *side);
sqset game_legal_moves(const struct game_node *n);
int game_final_score(const struct game_node *n);
void game_colors(const struct game_node *n, sqset *black, sqset *white);
int game_set_vstart(struct game *g, enum variant v, const struct vboard *b, enum color side,
		    char *err, size_t errlen);
int game_set_start_pos(struct game *g, const struct pos *p, enum color side, char *err,
		       size_t errlen);
enum variant game_node_variant(const struct game_node *n);
void game_board_colors(const struct game_node *n, uint64_t *black, uint64_t *white);

int game_set_comment(struct game_node *n, const char *text);
void game_set_mark(struct game_node *n, enum game_mark mark);
void game_set_time(struct game_node *n, double seconds);
int game_set_by(struct game_node *n, const char *who);
int game_set_reasoning(struct game_node *n, const struct game_reasoning *r);
void game_set_analysis(struct game_node *n, const struct game_analysis *a);
int game_add_prop(struct game_node *n, const char *name, const char *value);
int game_set_info(struct game *g, enum game_info_field f, const char *value);
const char *game_info(const struct game *g, enum game_info_field f);

const char *game_mark_symbol(enum game_mark mark);
enum game_mark game_mark_parse(const char *s);
const char *game_source_name(enum game_source src);
enum game_source game_source_of(enum level_source src);
enum game_source game_source_parse(const char *s);
const char *game_color_name(enum color c);
int game_result_string(const struct game_node *n, char *out, size_t outlen);

#endif
