/*
 * vboard.h — the boards other than 8×8 (6×6, and 10×10 with eight holes), as
 * two 128-bit words, and their rules.
 *
 * The 8×8 game keeps its own bitboards (board.h); this module serves the
 * variants, and can also hold 8×8 so that its rules are checked against the
 * fast ones. A board of side n is stored row by row with one blank bit after
 * each row (a stride of n + 1 bits): square (row r, column c) is bit
 * r * (n + 1) + c. The blank column and the holes never hold a disc, so a run
 * of discs ends there, shifts need no column masks, and a hole is a wall, as
 * the board's edge is. 10×10 uses 110 of the 128 bits.
 *
 * Square names run a1 (top-left) to j10, column letter then row number. As on
 * 8×8 a position is seen from the side to move (`own`, `opp`), a pass counts
 * as a ply in perft, and a finished game gives the empty squares to the winner.
 */
#ifndef OTHELLO_VBOARD_H
#define OTHELLO_VBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef unsigned __int128 vbits;

/* The boards the program plays. */
enum variant { VARIANT_8X8 = 0, VARIANT_6X6 = 1, VARIANT_10X10_HOLES = 2, VARIANT_COUNT = 3 };

enum {
	VSQ_PASS = 126,		/* a pass, as a move */
	VSQ_NONE = 127,		/* no move */
	VBOARD_MAX_SQ = 100,	/* squares of the largest board */
	VBOARD_SYMMETRIES = 8,	/* rotations and reflections of a square board */
	VBOARD_STRING_MAX = 104 /* the longest board string: 100 squares, a space, the side */
};

/* The shape of one board: what the rules need to know about it. */
struct vgeom {
	enum variant variant; /* which board this is */
	const char *name;     /* its name on the command line: "6x6", "10x10-holes" */
	int size;	      /* squares a side */
	int stride;	      /* bits a row: size + 1 */
	int squares;	      /* playable squares (holes excluded) */
	vbits valid;	      /* the playable squares */
	vbits holes;	      /* the removed squares (empty on 6×6 and 8×8) */
	vbits corners;	      /* the corners: the four true ones and those beside the holes */
};

/* A position, from the side to move's view. */
struct vboard {
	vbits own; /* discs of the side to move */
	vbits opp; /* discs of the other side */
};

const struct vgeom *vboard_geom(enum variant v);

static inline vbits vboard_bit(int sq)
{
	return (vbits)1 << sq;
}

static inline int vboard_popcount(vbits x)
{
	return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

/* The lowest square of a non-empty mask. */
static inline int vboard_first_square(vbits x)
{
	uint64_t lo = (uint64_t)x;

	return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

static inline vbits vboard_empties(const struct vgeom *g, const struct vboard *b)
{
	return g->valid & ~(b->own | b->opp);
}

static inline int vboard_empty_count(const struct vgeom *g, const struct vboard *b)
{
	return g->squares - vboard_popcount(b->own | b->opp);
}

vbits vboard_moves(const struct vgeom *g, vbits own, vbits opp);
vbits vboard_flips(const struct vgeom *g, vbits own, vbits opp, int sq);

/* Plays a move whose flips were computed by vboard_flips (non-empty); sides swap. */
static inline void vboard_play(struct vboard *b, int sq, vbits flips)
{
	vbits own = b->own ^ flips ^ vboard_bit(sq);

	b->own = b->opp ^ flips;
	b->opp = own;
}

/* Undoes vboard_play with the same square and flips. */
static inline void vboard_unplay(struct vboard *b, int sq, vbits flips)
{
	vbits own = b->opp ^ flips ^ vboard_bit(sq);

	b->opp = b->own ^ flips;
	b->own = own;
}

static inline void vboard_pass(struct vboard *b)
{
	vbits t = b->own;

	b->own = b->opp;
	b->opp = t;
}

void vboard_start(const struct vgeom *g, struct vboard *b);
bool vboard_game_over(const struct vgeom *g, const struct vboard *b);
int vboard_final_score(const struct vgeom *g, const struct vboard *b);
uint64_t vboard_hash(const struct vboard *b);

int vboard_square(const struct vgeom *g, int row, int col);
int vboard_symmetry_square(const struct vgeom *g, int t, int sq);
int vboard_square_parse(const struct vgeom *g, const char *s, int *len);
const char *vboard_square_name(const struct vgeom *g, int sq, char buf[4]);

int vboard_parse(const struct vgeom *g, const char *s, struct vboard *b, int *black_to_move,
		 char *err, size_t errlen);
void vboard_format(const struct vgeom *g, const struct vboard *b, int black_to_move,
		   char out[VBOARD_STRING_MAX + 1]);

int vboard_transcript_play(const struct vgeom *g, const char *text, struct vboard *b,
			   int *black_to_move, char *err, size_t errlen);

uint64_t vboard_perft(const struct vgeom *g, const struct vboard *b, int depth);

#endif
