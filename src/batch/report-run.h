/*
 * report-run.h — the comment line a run writes into its report saying what
 * was played (time control, openings, seed, players), so that a report read
 * back, or the merge of a sharded run's reports, can title its pictures and
 * tell the games of one run from another's. The line is a comment: readers
 * that do not know it skip it.
 */
#ifndef OTHELLO_REPORT_RUN_H
#define OTHELLO_REPORT_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { REPORT_RUN_TEXT = 256 };

/* What a run played, as text (a field not given is empty). */
struct report_run {
	char time[REPORT_RUN_TEXT];	/* the time control, e.g. "1 s a move" */
	char openings[REPORT_RUN_TEXT]; /* the openings file or "the start position" */
	char seed[24];			/* the run's seed, in decimal */
	char players[REPORT_RUN_TEXT];	/* the players' names, separated by ", " */
};

int report_run_format(const struct report_run *run, char *out, size_t outlen);
bool report_run_parse(const char *line, struct report_run *out);
bool report_run_same(const struct report_run *a, const struct report_run *b);
void report_run_join(const struct report_run *runs, int n, struct report_run *out);

#endif
