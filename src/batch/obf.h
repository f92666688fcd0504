/*
 * obf.h — one line of an OBF file (see REFERENCE.md): a position, its side to
 * move, and optionally the exact final score of each legal move, on any board
 * (the other boards' files use their own board strings and square names).
 * `solve` reads these files, `train testset` writes them and `train test`
 * measures an evaluation against them.
 */
#ifndef OTHELLO_OBF_H
#define OTHELLO_OBF_H

#include "position.h"
#include "square.h"

#include <stddef.h>

#define OBF_LINE_MAX 1024 /* bytes a line may hold, newline included */

struct obf_position {
	struct pos pos;		       /* the position, side to move's view */
	enum color side;	       /* the side to move */
	int n_moves;		       /* moves with a score in the line */
	int moves[VBOARD_MAX_SQ];      /* their squares (SQ_PASS for PS) */
	int scores[VBOARD_MAX_SQ];     /* their exact scores, discs */
	int best;		       /* best score of the line (discs); -99 when it gives none */
};

int obf_parse_line(enum variant v, char *line, struct obf_position *pos, int *column, char *err,
		   size_t errlen);
int obf_format(const struct obf_position *pos, const char *comment, char *out, size_t outlen);
const char *obf_move_name(enum variant v, int sq, char buf[SQUARE_NAME_LEN]);
int obf_score_of(const struct obf_position *pos, int move);

#endif
