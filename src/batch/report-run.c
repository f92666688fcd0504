/*
 * report-run.c — the "# run:" comment line of a report (see report.c for the
 * file): one for each run that appended to the report, written when the run
 * opens it, before its games.
 *
 *   # run: time=TEXT; openings=TEXT; seed=N; players=NAME, NAME...
 *
 *   key       meaning
 *   --------  ---------------------------------------------------------------
 *   time      the time control as the run's options gave it ("1 s a move",
 *             "depth 4", "the levels' own"); no ';' inside
 *   openings  the openings file as given on the command line, or "the
 *             shipped balanced set", "the start position"; no ';' inside
 *   seed      the run's seed (decimal); absent in older reports
 *   players   the players' names in the report, in the order given, joined
 *             by ", "; absent in older reports
 *
 * Keys are read in any order and unknown keys are skipped, so that later
 * versions may add some. The shards of one run write the same line, so the
 * merge of their reports keeps one, and a run resumed into its report writes
 * the line it wrote before. The games below a run line (up to the next one)
 * are that run's: readers tell runs apart by their lines (report.c).
 */
#include "report-run.h"
#include "parse.h"

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
	char t[REPORT_RUN_TEXT], o[REPORT_RUN_TEXT], sd[sizeof run->seed], p[REPORT_RUN_TEXT];
	int n;

	clean(t, sizeof t, run->time);
	clean(o, sizeof o, run->openings);
	clean(sd, sizeof sd, run->seed);
	clean(p, sizeof p, run->players);
	n = snprintf(out, outlen, "%stime=%s; openings=%s%s%s%s%s\n", prefix, t, o,
		     sd[0] ? "; seed=" : "", sd, p[0] ? "; players=" : "", p);
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
		else if (!strncmp(p, "seed=", 5))
			field = out->seed, cap = sizeof out->seed, key = 5;
		else if (!strncmp(p, "players=", 8))
			field = out->players, cap = sizeof out->players, key = 8;
		else
			key = 0;
		if (field) { /* control bytes shown as \xNN: the fields reach messages */
			char raw[REPORT_RUN_TEXT];
			size_t v = len - key < sizeof raw ? len - key : sizeof raw - 1;

			memcpy(raw, p + key, v);
			raw[v] = '\0';
			parse_show_text(raw, field, cap);
		}
		p += len;
		if (*p != ';')
			break;
		p += 1 + strspn(p + 1, " ");
	}
	return true;
}

/* True when `a` and `b` are one run: every field alike. */
bool report_run_same(const struct report_run *a, const struct report_run *b)
{
	return !strcmp(a->time, b->time) && !strcmp(a->openings, b->openings) &&
	       !strcmp(a->seed, b->seed) && !strcmp(a->players, b->players);
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

/* Joins the `n` runs into `out`: time, openings and seed each the run's
   value when they agree, else the distinct values in order, separated by
   commas (players are left empty: a list of lists would say nothing). */
void report_run_join(const struct report_run *runs, int n, struct report_run *out)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < n; i++) {
		join_one(out->time, sizeof out->time, runs[i].time);
		join_one(out->openings, sizeof out->openings, runs[i].openings);
		join_one(out->seed, sizeof out->seed, runs[i].seed);
	}
}
