/*
 * position.h — the engine's facade for the layers above it: one position type
 * for every board the program plays, and the calls that the game, the screen
 * and the batch tools make on it (moves, flips, play, pass, end, score, perft,
 * text), whichever board implementation holds it.
 *
 * The implementation is chosen here, by the position's `variant`, and only
 * here: 8×8 goes to the bitboards of board.h (the engine's fast paths, which
 * this file never enters), the other boards to vboard.h. Squares are numbered
 * as square.h says (board.h's a1 = 0 .. h8 = 63 on 8×8, vboard.h's row * stride
 * + column elsewhere), and a set of squares is square.h's sqset on every board
 * (an 8×8 set in its low 64 bits).
 *
 * Features that exist only on 8×8 (the opening book, the game database, the
 * pattern search) ask for the 8×8 board with pos_board8, which is NULL on the
 * other boards.
 */
#ifndef OTHELLO_POSITION_H
#define OTHELLO_POSITION_H

#include "board.h"
#include "square.h"
#include "vboard.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	POS_STRING_MAX = VBOARD_STRING_MAX /* the longest position text, on any board */
};

/* A position on one of the program's boards, from the side to move's view. */
struct pos {
	enum variant variant; /* which board, and so which member below holds it */
	union {
		struct board b8;  /* VARIANT_8X8 */
		struct vboard bv; /* every other board */
	};
};

void pos_start(struct pos *p, enum variant v);
void pos_set(struct pos *p, enum variant v, sqset own, sqset opp);
void pos_set_board(struct pos *p, const struct board *b);
void pos_set_vboard(struct pos *p, enum variant v, const struct vboard *b);
const struct board *pos_board8(const struct pos *p);
const struct vboard *pos_vboard(const struct pos *p);

sqset pos_own(const struct pos *p);
sqset pos_opp(const struct pos *p);
sqset pos_moves(const struct pos *p);
sqset pos_opponent_moves(const struct pos *p);
sqset pos_flips(const struct pos *p, int sq);
void pos_play(struct pos *p, int sq, sqset flips);
void pos_pass(struct pos *p);
bool pos_game_over(const struct pos *p);
int pos_final_score(const struct pos *p);
int pos_empty_count(const struct pos *p);
bool pos_same(const struct pos *a, const struct pos *b);
uint64_t pos_perft(const struct pos *p, int depth);

int pos_parse_all(enum variant v, const char *s, struct pos *p, enum color *side, char *err,
		  size_t errlen);
int pos_parse(enum variant v, const char *s, struct pos *p, enum color *side, char *err,
	      size_t errlen);
enum variant pos_string_variant(const char *s, size_t len);
void pos_format(const struct pos *p, enum color side, char out[POS_STRING_MAX + 1]);

#endif
