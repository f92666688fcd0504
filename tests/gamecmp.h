/*
 * gamecmp.h — test helpers: compare two records in full (tree, boards,
 * annotations, reasoning, analysis, kept properties, information), play
 * transcripts into a record, read test files, let a controller's engine finish.
 */
#ifndef OTHELLO_TEST_GAMECMP_H
#define OTHELLO_TEST_GAMECMP_H

#include "gametree.h"

#include <stdbool.h>
#include <stddef.h>

bool games_equal(const struct game *a, const struct game *b, char *why, size_t whylen);
struct game_node *play_line(struct game *g, struct game_node *at, const char *moves);
char *read_test_file(const char *name, size_t *len);

struct controller;
int settle_engine(struct controller *ctl, char *err, size_t errlen);

#endif
