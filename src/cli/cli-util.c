/*
 * cli-util.c — helpers shared by the subcommands: parsing whole numbers and
 * numbers of seconds (option values and arguments; the option messages are
 * cli-options.c's), and giving a searcher the threads --threads asks for.
 */
#include "cli.h"

#include "parse.h"
#include "probcut.h"
#include "search.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* True, with the number in `out`, when `s` is a whole decimal number in [lo, hi]. */
bool cli_parse_int(const char *s, long lo, long hi, long *out)
{
	return parse_long(s, lo, hi, out);
}

/* True, with the number in `out`, when `s` is a finite decimal number >= 0. */
bool cli_parse_seconds(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s)
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !isfinite(v) || v < 0)
		return false;
	*out = v;
	return true;
}

/* The number of search threads --threads N asks for: N, or the online cores when N is 0. */
int cli_threads(long n)
{
	return n > 0 ? (int)n : search_default_threads();
}

/*
 * Gives searcher `s` the threads --threads N asks for (0: the online cores).
 * If they cannot be started it says so on stderr, naming `command`, and `s`
 * searches with one thread; the command goes on.
 */
void cli_search_threads(const char *command, struct search *s, long n)
{
	int want = cli_threads(n);

	if (search_set_threads(s, want) != 0)
		fprintf(stderr, "othello %s: cannot start %d search threads; searching with one\n",
			command, want);
}

/*
 * The selectivity `text` names (73, 87, 95, 98, 99, a trailing % allowed, 100
 * or exact) in percent, or -1 after saying on stderr why it is none
 * ("othello COMMAND: --selectivity: ...").
 */
int cli_selectivity(const char *command, const char *text)
{
	int p = probcut_parse_level(text);

	if (p < 0)
		fprintf(stderr,
			"othello %s: --selectivity: '%s' is not a selectivity (73, 87, 95, 98, 99 "
			"or exact)\n",
			command, text);
	return p;
}
