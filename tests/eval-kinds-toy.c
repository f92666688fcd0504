/*
 * eval-kinds-toy.c — the table of the kinds of evaluation for the tests that
 * add the toy kind (eval-toy.c): the program's table (src/engine/eval-kinds.c)
 * and one row. Linked before the engine's library, it stands in its place.
 */
#include "eval-toy.h"

const struct eval_kind *const eval_kinds[] = {
    &eval_pattern_kind, &eval_linear_kind, &eval_toy_kind, &eval_classic_kind, NULL,
};
