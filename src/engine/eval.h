/*
 * eval.h — static evaluation of a position.
 *
 * An evaluation is a set of weights plus feature switches. It is built once
 * (from the built-in defaults or from a weights file) and then shared
 * read-only between threads. Scores are in hundredths of a disc
 * (centidiscs), from the side to move's point of view.
 */
#ifndef OTHELLO_EVAL_H
#define OTHELLO_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "board.h"

struct eval;
struct pattern_weights;
struct probcut;

struct eval *eval_new_default(void);
struct eval *eval_load(FILE *f, const char *name, char *err, size_t errlen);
void eval_free(struct eval *ev);
void eval_set_probcut(struct eval *ev, struct probcut *pc);
const struct probcut *eval_probcut(const struct eval *ev);
int eval_set_feature(struct eval *ev, const char *feature, bool on, char *err, size_t errlen);
const char *const *eval_feature_names(void);
int eval_board(const struct eval *ev, const struct board *b);
struct eval *eval_new_pattern(struct pattern_weights *w);
bool eval_is_pattern(const struct eval *ev);
uint64_t eval_pattern_checksum(const struct eval *ev);

#endif
