/*
 * report-run.c — the "# run:" comment line of a report (see report.c for the
 * file): one for each run that appended to the report, written when the run
 * opens it, before its games.
 *
 *   # run: time=TEXT; openings=TEXT
 *
 *   key       meaning
 *   --------  ---------------------------------------------------------------
 *   time      the time control as the run's options gave it ("1 s a move",
 *             "depth 4", "the levels' own"); no ';' inside
 *   openings  the openings file as given on the command line, or "the
 *             shipped balanced set", "the start position"; no ';' inside
 *
 * Keys are read in any order and unknown keys are skipped, so that later
 * versions may add some. The shards of one run write the same line, so the
 * merge of their reports keeps one.
 */
#include "report-run.h"

#include <string.h>

static const char prefix[] = "# run: ";

/* Copies `s` into `out` with ';', TAB and line breaks made spaces. */
static void clean(char *out, size_t outlen, const char *s)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < outlen; i++)
		out[i] = strchr(";\t\r\n", s[i]) ? ' ' : s[i];
	out[i] = '\0';
}

/* Writes the run line of `run`, newline included, into `out`. Returns its
   length, or -1 if it does not fit. */
int report_run_format(const struct report_run *run, char *out, size_t outlen)
{
	char t[REPORT_RUN_TEXT], o[REPORT_RUN_TEXT];
	int n;

	clean(t, sizeof t, run->time);
	clean(o, sizeof o, run->openings);
	n = snprintf(out, outlen, "%stime=%s; openings=%s\n", prefix, t, o);
	return n < 0 || (size_t)n >= outlen ? -1 : n;
}

/* Reads a run line (with or without its newline) into `out`; false when
   `line` is not one (any other comment or a game). Keys not given are left
   empty. */
bool report_run_parse(const char *line, struct report_run *out)
{
	const char *p = line + strlen(prefix);

	if (strncmp(line, prefix, strlen(prefix)) != 0)
		return false;
	memset(out, 0, sizeof *out);
	while (*p) {
		size_t len = strcspn(p, ";\r\n");
		char *field = NULL;
		size_t cap = 0, key;

		if (!strncmp(p, "time=", 5))
			field = out->time, cap = sizeof out->time, key = 5;
		else if (!strncmp(p, "openings=", 9))
			field = out->openings, cap = sizeof out->openings, key = 9;
		else
			key = 0;
		if (field) {
			size_t v = len - key < cap ? len - key : cap - 1;

			memcpy(field, p + key, v);
			field[v] = '\0';
		}
		p += len;
		if (*p != ';')
			break;
		p += 1 + strspn(p + 1, " ");
	}
	return true;
}

/* Appends the distinct run lines of the report `f` (read from where it is
   to its end) to runs[n..max-1]. Returns the new count. */
int report_run_scan(FILE *f, struct report_run *runs, int max, int n)
{
	char line[1200];
	struct report_run r;

	while (fgets(line, sizeof line, f)) {
		int i;

		if (line[0] != '#' || !report_run_parse(line, &r))
			continue;
		for (i = 0; i < n &&
			    (strcmp(runs[i].time, r.time) || strcmp(runs[i].openings, r.openings));
		     i++)
			;
		if (i == n && n < max)
			runs[n++] = r;
	}
	return n;
}

/* Appends `s` to the list in `out` ("a, b") unless it is there already. */
static void join_one(char *out, size_t outlen, const char *s)
{
	size_t len = strlen(out), slen = strlen(s);

	for (const char *p = out; (p = strstr(p, s)) != NULL; p += slen)
		if ((p == out || p[-1] == ' ') && (p[slen] == '\0' || p[slen] == ','))
			return;
	if (s[0])
		snprintf(out + len, outlen - len, "%s%s", len ? ", " : "", s);
}

/* Joins the `n` runs into `out`: each field the run's value when they
   agree, else the distinct values in order, separated by commas. */
void report_run_join(const struct report_run *runs, int n, struct report_run *out)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < n; i++) {
		join_one(out->time, sizeof out->time, runs[i].time);
		join_one(out->openings, sizeof out->openings, runs[i].openings);
	}
}
