/*
 * eval.h — static evaluation of a position, on any board: the engine's one
 * handle of an evaluation, as position.h is of a position.
 *
 * An evaluation is one opaque handle for one board, whatever its kind (the
 * classic features, the trained patterns of 8×8, the linear weights of the
 * other boards: eval-kind.h). It is loaded by one call for any board
 * (eval_load: the file tells its kind) or made from the built-in weights
 * (eval_builtin), then shared read-only between threads and handed to the
 * searches of its board. Scores are in hundredths of a disc (centidiscs),
 * from the side to move's point of view.
 */
#ifndef OTHELLO_EVAL_H
#define OTHELLO_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "board.h"
#include "square.h"

struct eval;
struct pattern_weights;
struct probcut;

/* eval-load.c */
struct eval *eval_load(enum variant v, FILE *f, const char *name, char *err, size_t errlen);
struct eval *eval_builtin(enum variant v);
/* eval.c */
struct eval *eval_new_default(void);
void eval_free(struct eval *ev);
enum variant eval_variant(const struct eval *ev);
const char *eval_kind_name(const struct eval *ev);
int eval_write(const struct eval *ev, FILE *f);

/* eval-fit.c */
enum {
	EVAL_FIT_STAGES = 4,	/* the stages of the other boards' linear weights */
	EVAL_FIT_STAGE_MIN = 70 /* positions a stage needs, else its built-in weights stay */
};

struct eval *eval_fit_linear(enum variant v, FILE *const *in, const char *const *names, int n_in,
			     double ridge, int counts[EVAL_FIT_STAGES], char *err, size_t errlen);
/* eval.c */
void eval_set_probcut(struct eval *ev, struct probcut *pc);
const struct probcut *eval_probcut(const struct eval *ev);
int eval_set_feature(struct eval *ev, const char *feature, bool on, char *err, size_t errlen);
const char *const *eval_feature_names(void);
int eval_board(const struct eval *ev, const struct board *b);
int eval_vboard(const struct eval *ev, vbits own, vbits opp);
/* pattern.c */
struct eval *eval_new_pattern(struct pattern_weights *w);
bool eval_is_pattern(const struct eval *ev);
uint64_t eval_pattern_checksum(const struct eval *ev);

#endif
