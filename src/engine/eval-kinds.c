/*
 * eval-kinds.c — the table of the kinds of evaluation (eval-kind.h), in the
 * order eval_load asks them which reads a weights file: a kind that tells
 * its files by their first byte comes before one that takes any file of its
 * board. A new kind is its own file and a row here. This file holds the
 * table alone, so that a program may link another table in its place (the
 * tests add a kind of their own so).
 */
#include "eval-kind.h"

const struct eval_kind *const eval_kinds[] = {
    &eval_pattern_kind,
    &eval_linear_kind,
    &eval_classic_kind,
    NULL,
};
