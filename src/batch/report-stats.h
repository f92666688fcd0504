/*
 * report-stats.h — what a series of games says about the players: wins, draws and
 * losses per player and colour, points, mean disc difference with its 95 %
 * interval, score percentage and Elo difference with error bars; and the
 * cross table and ranking of a tournament. Formulas are in report-stats.c.
 */
#ifndef OTHELLO_REPORT_STATS_H
#define OTHELLO_REPORT_STATS_H

#include "report.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The result of a match between two players, seen from the first one. */
struct stats_match {
	char names[2][REPORT_NAME_LEN]; /* the two players, first as given */
	int games;			/* games between them */
	int wins[2];			/* games won by each */
	int draws;			/* drawn games */
	int wins_as[2][2];		/* [player][BLACK/WHITE]: games won with that colour */
	int draws_as[2][2];		/* [player][colour]: draws with that colour */
	int losses_as[2][2];		/* [player][colour]: games lost with that colour */
	int forfeits[2];		/* games lost by forfeit */
	double points[2];		/* 1 a win, 1/2 a draw */
	double score_pct;		/* points of the first in percent of the games */
	double score_ci;		/* half-width of the 95 % interval of score_pct */
	double score_lo, score_hi;	/* that interval (Wilson's), percent */
	double mean_diff;		/* mean gap, first player's discs minus the second's */
	double diff_ci;			/* half-width of the 95 % interval of mean_diff */
	double elo;			/* Elo difference, first minus second */
	double elo_error;		/* half-width of its 95 % interval */
	bool elo_bound;			/* a 0 % or 100 % score: elo is a bound, not an estimate */
	double sum_d, sum_dd, sum_xx;	/* running sums of d, d^2, x^2 (stats_match_add) */
	double longest[2];		/* seconds of each player's longest move; -1 unknown */
};

void stats_match_start(struct stats_match *s, const char *first, const char *second);
bool stats_match_add(struct stats_match *s, const struct report_game *g);
void stats_match_add_result(struct stats_match *s, int color, int d, bool forfeit);
void stats_match_finish(struct stats_match *s);
int stats_match_compute(const struct report_game *games, int n, const char *first,
			const char *second, struct stats_match *out);
bool stats_bound_above(const struct stats_match *s);
void stats_match_print(const struct stats_match *s, FILE *f);
void stats_elo_format(const struct stats_match *s, char *out, size_t outlen);
int stats_players(const struct report_game *games, int n, const char ***names);
int stats_forfeited_all(const struct report_game *games, int n, const char *name, char *reason,
			size_t len);
void stats_match_print_json(const struct stats_match *s, FILE *f);

/* A tournament: every player against every other. */
struct stats_table {
	int n;				/* players */
	char (*names)[REPORT_NAME_LEN]; /* [n] player names, in the order given */
	struct stats_match *cells;	/* [n_cells] the pairs that played: see stats_table_cell */
	uint64_t *keys;			/* [n_cells] i * 2^32 + j of each cell (i against j),
					   ascending */
	int n_cells;			/* pairs that played, each in both directions */
	struct stats_match empty;	/* the cell of a pair that did not play */
	double *points;			/* [n] total points */
	int *games;			/* [n] games played */
	double *mean_diff;		/* [n] mean gap over all its games */
	struct stats_match *overall;	/* [n] each player against the field (all its opponents) */
	int *rank;			/* [n] player indices, best first */
};

enum stats_format { STATS_TEXT, STATS_CSV, STATS_JSON };

bool stats_format_parse(const char *name, enum stats_format *out);

int stats_table_compute(const struct report_game *games, int n, const char *const *names,
			int n_names, struct stats_table *out);
void stats_table_free(struct stats_table *t);
const struct stats_match *stats_table_cell(const struct stats_table *t, int i, int j);
void stats_table_print(const struct stats_table *t, enum stats_format fmt, FILE *f);
int stats_print_summary(const struct report_game *games, int n, const char *const *names,
			int n_names, bool series, enum stats_format fmt, FILE *f);

double stats_t95(int df);
double stats_elo(double score);
void stats_json_string(FILE *f, const char *s);

#endif
