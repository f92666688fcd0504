/*
 * pattern.h — the trained pattern evaluation: geometry of the patterns,
 * feature extraction (shared with the fitting tools), the weights and their
 * binary file.
 *
 * A position's value is the sum, over every symmetric copy of each pattern,
 * of the weight of the copy's configuration (3^n states: empty, own, opponent
 * from the side to move's view), plus bias, mobility, parity and disc terms, with
 * one weight set per phase (by number of empties). Values are centidiscs.
 */
#ifndef OTHELLO_PATTERN_H
#define OTHELLO_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "board.h"

enum {
	PATTERN_KINDS = 11,			    /* base patterns (before symmetry) */
	PATTERN_INSTANCES = 46,			    /* symmetric copies of all base patterns */
	PATTERN_MAX_SQUARES = 10,		    /* squares of the largest pattern */
	PATTERN_PHASES = 15,			    /* weight sets, by number of empties */
	PATTERN_TABLE = 167265,			    /* configurations of all base patterns */
	PATTERN_EXTRA_BIAS = PATTERN_TABLE,	    /* constant term */
	PATTERN_EXTRA_MOBILITY = PATTERN_TABLE + 1, /* own minus opponent legal moves */
	PATTERN_EXTRA_PARITY = PATTERN_TABLE + 2,   /* 1 when the number of empties is odd */
	PATTERN_EXTRA_DISCS = PATTERN_TABLE + 3,    /* own minus opponent discs */
	PATTERN_PARAMS = PATTERN_TABLE + 4,	    /* weights per phase */
	PATTERN_FILE_VERSION = 1		    /* version of the weights file */
};

/* The features of one position: a weight index per copy, and the extra terms. */
struct pattern_features {
	uint32_t param[PATTERN_INSTANCES]; /* canonical weight index of each copy's configuration */
	int mobility;			   /* own minus opponent legal moves */
	int parity;			   /* 1 when the number of empties is odd */
	int discs;			   /* own minus opponent discs */
	int phase;			   /* weight set */
};

struct pattern_weights;

int pattern_phase(int empties);
struct pattern_weights *pattern_new(void);
void pattern_free(struct pattern_weights *w);
void pattern_features(const struct pattern_weights *w, const struct board *b,
		      struct pattern_features *out);
int pattern_eval(const struct pattern_weights *w, const struct board *b);
bool pattern_check_indices(const struct pattern_weights *w, const struct board *b);
int pattern_eval_features(const struct pattern_weights *w, const struct pattern_features *f);
void pattern_set(struct pattern_weights *w, int phase, const double *params);
void pattern_get(const struct pattern_weights *w, int phase, double *params);
bool pattern_is_canonical(const struct pattern_weights *w, uint32_t param);
const char *pattern_kind_name(int kind);
int pattern_kind_of(uint32_t param);
int pattern_write(const struct pattern_weights *w, FILE *f, char *err, size_t errlen);
uint64_t pattern_checksum(const struct pattern_weights *w);
struct pattern_weights *pattern_read(FILE *f, const char *name, char *err, size_t errlen);

#endif
