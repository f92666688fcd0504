/*
 * eval-toy.h — the tests' toy kind of evaluation (eval-toy.c) and its count
 * of the positions it scored.
 */
#ifndef OTHELLO_EVAL_TOY_H
#define OTHELLO_EVAL_TOY_H

#include "eval-kind.h"

extern const struct eval_kind eval_toy_kind;
long eval_toy_calls(void);

#endif
