/*
 * position.c — the facade's one position type over the two board
 * implementations (position.h). Each call looks at the variant once and goes
 * to board.h (8×8) or vboard.h (the other boards); nothing here is on a
 * search's inner loop.
 */
#include "config.h"

#include "position.h"
#include "square.h"

#include <stdio.h>
#include <string.h>

/* The start position of board v. */
void pos_start(struct pos *p, enum variant v)
{
	memset(p, 0, sizeof(*p));
	p->variant = v;
	if (v == VARIANT_8X8)
		board_start(&p->b8);
	else
		vboard_start(vboard_geom(v), &p->bv);
}

/* Makes p the position of board v with these discs for the side to move and
   the other side (on 8×8, masks of its 64 squares). */
void pos_set(struct pos *p, enum variant v, vbits own, vbits opp)
{
	memset(p, 0, sizeof(*p));
	p->variant = v;
	if (v == VARIANT_8X8) {
		p->b8.own = (uint64_t)own;
		p->b8.opp = (uint64_t)opp;
	} else {
		p->bv.own = own;
		p->bv.opp = opp;
	}
}

/* Makes p the 8×8 position b. */
void pos_set_board(struct pos *p, const struct board *b)
{
	memset(p, 0, sizeof(*p));
	p->variant = VARIANT_8X8;
	p->b8 = *b;
}

/* Makes p the position b of board v (v not 8×8). */
void pos_set_vboard(struct pos *p, enum variant v, const struct vboard *b)
{
	memset(p, 0, sizeof(*p));
	p->variant = v;
	p->bv = *b;
}

/* The 8×8 bitboards of p, or NULL when p is on another board. The pointer
   lives as long as p. */
const struct board *pos_board8(const struct pos *p)
{
	return p->variant == VARIANT_8X8 ? &p->b8 : NULL;
}

/* The position of another board, or NULL when p is an 8×8 position. */
const struct vboard *pos_vboard(const struct pos *p)
{
	return p->variant == VARIANT_8X8 ? NULL : &p->bv;
}

/* The discs of the side to move. */
vbits pos_own(const struct pos *p)
{
	return p->variant == VARIANT_8X8 ? (vbits)p->b8.own : p->bv.own;
}

/* The discs of the other side. */
vbits pos_opp(const struct pos *p)
{
	return p->variant == VARIANT_8X8 ? (vbits)p->b8.opp : p->bv.opp;
}

/* The legal moves of the side to move. */
vbits pos_moves(const struct pos *p)
{
	if (p->variant == VARIANT_8X8)
		return board_moves(p->b8.own, p->b8.opp);
	return vboard_moves(vboard_geom(p->variant), p->bv.own, p->bv.opp);
}

/* The legal moves the other side would have if it were to move. */
vbits pos_opponent_moves(const struct pos *p)
{
	if (p->variant == VARIANT_8X8)
		return board_moves(p->b8.opp, p->b8.own);
	return vboard_moves(vboard_geom(p->variant), p->bv.opp, p->bv.own);
}

/* The discs a move at sq would flip: 0 when sq is not an empty square of the
   board from which the move flips something (so 0 means illegal). */
vbits pos_flips(const struct pos *p, int sq)
{
	if (p->variant == VARIANT_8X8) {
		if (sq < 0 || sq >= 64 || ((p->b8.own | p->b8.opp) & board_bit(sq)))
			return 0;
		return board_flips(p->b8.own, p->b8.opp, sq);
	}
	const struct vgeom *g = vboard_geom(p->variant);

	if (sq < 0 || sq >= 128 || !(vboard_empties(g, &p->bv) & vboard_bit(sq)))
		return 0;
	return vboard_flips(g, p->bv.own, p->bv.opp, sq);
}

/* Plays sq with the flips pos_flips gave (non-zero); the sides swap. */
void pos_play(struct pos *p, int sq, vbits flips)
{
	if (p->variant == VARIANT_8X8)
		board_play(&p->b8, sq, (uint64_t)flips);
	else
		vboard_play(&p->bv, sq, flips);
}

/* Passes: the sides swap. */
void pos_pass(struct pos *p)
{
	if (p->variant == VARIANT_8X8)
		board_pass(&p->b8);
	else
		vboard_pass(&p->bv);
}

/* True when neither side can move. */
bool pos_game_over(const struct pos *p)
{
	if (p->variant == VARIANT_8X8)
		return board_game_over(&p->b8);
	return vboard_game_over(vboard_geom(p->variant), &p->bv);
}

/* The final score for the side to move, the empty squares to the winner. */
int pos_final_score(const struct pos *p)
{
	if (p->variant == VARIANT_8X8)
		return board_final_score(&p->b8);
	return vboard_final_score(vboard_geom(p->variant), &p->bv);
}

/* The empty playable squares. */
int pos_empty_count(const struct pos *p)
{
	if (p->variant == VARIANT_8X8)
		return board_empty_count(&p->b8);
	return vboard_empty_count(vboard_geom(p->variant), &p->bv);
}

/* True when a and b are the same board with the same discs for each side. */
bool pos_same(const struct pos *a, const struct pos *b)
{
	return a->variant == b->variant && pos_own(a) == pos_own(b) && pos_opp(a) == pos_opp(b);
}

/* The leaf count of the game tree `depth` plies deep (a pass is a ply; a
   finished game is a leaf). */
uint64_t pos_perft(const struct pos *p, int depth)
{
	if (p->variant == VARIANT_8X8)
		return board_perft(&p->b8, depth);
	return vboard_perft(vboard_geom(p->variant), &p->bv, depth);
}

/* Parses a position text of board v (its squares row by row from a1, then the
   side to move: the formats of board_parse and vboard_parse). Returns the
   characters read, or -1 with a message in err. */
int pos_parse(enum variant v, const char *s, struct pos *p, enum color *side, char *err,
	      size_t errlen)
{
	int n, black_to_move;

	memset(p, 0, sizeof(*p));
	p->variant = v;
	if (v == VARIANT_8X8)
		return board_parse(s, &p->b8, side, err, errlen);
	n = vboard_parse(vboard_geom(v), s, &p->bv, &black_to_move, err, errlen);
	if (n >= 0)
		*side = black_to_move ? BLACK : WHITE;
	return n;
}

/* Parses a whole position text as pos_parse does: after the side to move
   only blanks may follow. Returns 0, or -1 with a message in err. */
int pos_parse_all(enum variant v, const char *s, struct pos *p, enum color *side, char *err,
		  size_t errlen)
{
	int n = pos_parse(v, s, p, side, err, errlen);

	if (n < 0)
		return -1;
	while (s[n] == ' ' || s[n] == '\t')
		n++;
	if (s[n]) {
		snprintf(err, errlen, "column %d: unexpected text after the side to move", n + 1);
		return -1;
	}
	return 0;
}

/* The board a board string s[0, len) is for, by the count of its square and side
   characters (holes included): the board whose strings have that many, else 8×8 (whose
   reader then says what is wrong). */
enum variant pos_string_variant(const char *s, size_t len)
{
	int n = 0;

	for (size_t i = 0; i < len && s[i]; i++)
		n += strchr("XxOo*-.bw#", s[i]) != NULL;
	for (int v = 0; v < VARIANT_COUNT; v++)
		if (square_size((enum variant)v) * square_size((enum variant)v) + 1 == n)
			return (enum variant)v;
	return VARIANT_8X8;
}

/* Writes p as a position text (as pos_parse reads it), with `side` to move. */
void pos_format(const struct pos *p, enum color side, char out[POS_STRING_MAX + 1])
{
	if (p->variant == VARIANT_8X8)
		board_format(&p->b8, side, out);
	else
		vboard_format(vboard_geom(p->variant), &p->bv, side == BLACK, out);
}
