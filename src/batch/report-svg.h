/*
 * report-svg.h — match results as pictures: a tournament's cross table as a
 * heat map with its ranking as Elo bars, a ladder's Elo bars, and a match as
 * its running score and a histogram of disc differences. The figures are
 * those of report-stats.c, computed by its functions.
 */
#ifndef OTHELLO_REPORT_SVG_H
#define OTHELLO_REPORT_SVG_H

#include "report-stats.h"
#include "report.h"

#include <stdbool.h>
#include <stdio.h>

/* What was played, for the titles (the players and games come from the results). */
struct report_svg_info {
	const char *time;     /* the time control as text ("1 s a move"), or NULL: not known */
	const char *openings; /* the openings file or a description, or NULL: not known */
};

/* One bar of a ranking. */
struct report_svg_bar {
	char label[REPORT_NAME_LEN]; /* player or level */
	double elo;		     /* its Elo, the bar's length */
	double error;		     /* half-width of the 95 % interval (the error bar) */
	bool bound;		     /* elo is a bound only (a clean sweep somewhere) */
	char value[64];		     /* the number as the text summary prints it */
};

/* Which picture a report gives. */
enum report_svg_kind {
	REPORT_SVG_MATCH, /* two players: running score and disc differences */
	REPORT_SVG_TABLE  /* any number: cross table and ranking */
};

void report_svg_match(FILE *f, const struct report_game *games, int n, const char *first,
		      const char *second, const struct report_svg_info *info);
void report_svg_table(FILE *f, const struct stats_table *t, const struct report_svg_info *info);
void report_svg_ladder(FILE *f, const struct report_svg_bar *bars, int n, const char *title,
		       const char *subtitle, const char *axis);

int report_svg_save(const char *path, enum report_svg_kind kind, const struct report_game *games,
		    int n, const char *const *names, int n_names,
		    const struct report_svg_info *info, char *err, size_t errlen);
int report_svg_save_ladder(const char *path, const struct report_svg_bar *bars, int n,
			   const char *title, const char *subtitle, const char *axis, char *err,
			   size_t errlen);

#endif
