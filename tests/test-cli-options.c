/*
 * test-cli-options.c — the subcommands' option parser (src/cli/cli-options.c):
 * values of each kind and their ranges, missing values, unknown and foreign
 * options (also after file arguments), repeatable options, and the usage and
 * --help text printed from a table.
 *
 * The parser writes its messages to stderr and the help to stdout; each test
 * catches them in a temporary file put in place of the descriptor.
 */
#include "cli-options.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The options of the made-up command `othello demo`. */
struct demo {
	bool verbose;	      /* -v, --verbose */
	const char *name;     /* -n, --name TEXT */
	long count;	      /* --count N, 1..9 */
	double wait;	      /* --wait S */
	double ratio;	      /* --ratio X, above 0, at most 2 */
	int colour;	      /* --colour red|green|blue */
	struct cli_list tags; /* --tag T... (two at most) */
	int calls;	      /* --call values taken */
	const char *other;    /* --other X, refused */
	long level;	      /* --level N, "bad value" form */
	long strict;	      /* --strict N, "bad value" form with the usage */
};

/* --call TEXT: takes "ok" only, saying nothing else. */
static bool demo_call(void *opts, const char *text)
{
	struct demo *d = opts;

	d->calls++;
	return strcmp(text, "ok") == 0;
}

static const char *const colours[] = {"red", "green", "blue", NULL};

static const struct cli_option demo_list[] = {
    {.name = "verbose",
     .letter = 'v',
     .kind = CLI_OPT_FLAG,
     .offset = offsetof(struct demo, verbose),
     .help = "say more"},
    {.name = "name",
     .letter = 'n',
     .kind = CLI_OPT_STRING,
     .offset = offsetof(struct demo, name),
     .arg = "TEXT",
     .help = "the name"},
    {.name = "count",
     .kind = CLI_OPT_INT,
     .offset = offsetof(struct demo, count),
     .lo = 1,
     .hi = 9,
     .arg = "N",
     .help = "how many\n(from 1 to 9)"},
    {.name = "wait", .kind = CLI_OPT_NUMBER, .offset = offsetof(struct demo, wait)},
    {.name = "ratio",
     .kind = CLI_OPT_NUMBER,
     .offset = offsetof(struct demo, ratio),
     .max = 2,
     .above_zero = true,
     .what = "a ratio up to 2"},
    {.name = "colour",
     .alias = "color",
     .kind = CLI_OPT_CHOICE,
     .offset = offsetof(struct demo, colour),
     .choices = colours},
    {.name = "tag",
     .kind = CLI_OPT_LIST,
     .offset = offsetof(struct demo, tags),
     .hi = 2,
     .what = "tags",
     .arg = "T",
     .help = "a tag (repeatable)"},
    {.name = "call", .kind = CLI_OPT_CALL, .call = demo_call, .bad = "--call: refused: "},
    {.name = "other",
     .kind = CLI_OPT_STRING,
     .offset = offsetof(struct demo, other),
     .foreign = true,
     .help = "not listed"},
    {.name = "level",
     .kind = CLI_OPT_INT,
     .offset = offsetof(struct demo, level),
     .lo = 0,
     .hi = 5,
     .form = CLI_VALUE_BAD},
    {.name = "strict",
     .kind = CLI_OPT_INT,
     .offset = offsetof(struct demo, strict),
     .lo = 0,
     .hi = 5,
     .form = CLI_VALUE_BAD_USAGE},
    {.name = "help", .letter = 'h', .kind = CLI_OPT_HELP, .help = "show this help"},
    {0},
};

#define DEMO_USAGE "usage: othello demo [OPTIONS] FILE...\n\n"

static const struct cli_options demo = {
    .command = "demo",
    .usage = DEMO_USAGE,
    .footer = "The end.\n",
    .column = 22,
    .letters = true,
    .options = demo_list,
};

/* What the demo's usage prints: the text, the listed options, the footer. */
static const char demo_help[] = DEMO_USAGE "  -v, --verbose       say more\n"
					   "  -n, --name TEXT     the name\n"
					   "      --count N       how many\n"
					   "                      (from 1 to 9)\n"
					   "      --tag T         a tag (repeatable)\n"
					   "  -h, --help          show this help\n"
					   "The end.\n";

/* One run of the parser: its result, the first argument left, what it wrote. */
struct run {
	int status;	    /* cli_options_parse's answer */
	int first;	    /* argv index of the first other argument */
	char out[4096];	    /* standard output */
	char err[4096];	    /* standard error */
	char *argv[16];	    /* the arguments after permutation */
	char store[16][64]; /* their text */
};

/* Reads what `f` holds from the start into `buf`. */
static void slurp(FILE *f, char *buf, size_t len)
{
	size_t n;

	rewind(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* Parses the NULL-terminated `args` (after the command name) into `d`. */
static struct run *parse(struct demo *d, const char *const *args)
{
	static struct run r;
	FILE *out = tmpfile(), *err = tmpfile();
	int argc = 1, saved_out, saved_err;

	cr_assert(out && err);
	memset(&r, 0, sizeof r);
	snprintf(r.store[0], sizeof r.store[0], "demo");
	r.argv[0] = r.store[0];
	for (; args[argc - 1]; argc++) {
		snprintf(r.store[argc], sizeof r.store[argc], "%s", args[argc - 1]);
		r.argv[argc] = r.store[argc];
	}
	fflush(stdout);
	fflush(stderr);
	saved_out = dup(1);
	saved_err = dup(2);
	dup2(fileno(out), 1);
	dup2(fileno(err), 2);
	r.first = -1;
	r.status = cli_options_parse(&demo, argc, r.argv, d, &r.first);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
	slurp(out, r.out, sizeof r.out);
	slurp(err, r.err, sizeof r.err);
	return &r;
}

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

Test(cli_options, takes_values_of_each_kind)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("-v", "--name=x", "--count", "7", "--wait", "1.5", "--ratio",
				       "0.5", "--color", "blue", "--call", "ok"));

	cr_assert_eq(r->status, -1);
	cr_assert_eq(r->first, 13);
	cr_assert(d.verbose);
	cr_assert_str_eq(d.name, "x");
	cr_assert_eq(d.count, 7);
	cr_assert_float_eq(d.wait, 1.5, 1e-9);
	cr_assert_float_eq(d.ratio, 0.5, 1e-9);
	cr_assert_eq(d.colour, 2);
	cr_assert_eq(d.calls, 1);
	cr_assert_str_empty(r->err);
	cr_assert_str_empty(r->out);
}

Test(cli_options, options_after_file_arguments_and_prefixes)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("a.txt", "--cou", "3", "b.txt", "-nfoo"));

	cr_assert_eq(r->status, -1);
	cr_assert_eq(d.count, 3);
	cr_assert_str_eq(d.name, "foo");
	cr_assert_eq(r->first, 4);
	cr_assert_str_eq(r->argv[4], "a.txt");
	cr_assert_str_eq(r->argv[5], "b.txt");
}

Test(cli_options, int_range)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("--count", "10"));

	cr_assert_eq(r->status, 2);
	cr_assert_str_eq(r->err, "othello demo: --count: '10' is not a whole number from 1 to 9\n");
	r = parse(&d, ARGS("--count", "1", "--count=9"));
	cr_assert_eq(r->status, -1);
	cr_assert_eq(d.count, 9);
	r = parse(&d, ARGS("--count", "x"));
	cr_assert_eq(r->status, 2);
	cr_assert_str_eq(r->err, "othello demo: --count: 'x' is not a whole number from 1 to 9\n");
}

Test(cli_options, number_range)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("--wait", "-1"));

	cr_assert_eq(r->status, 2);
	cr_assert_str_eq(r->err, "othello demo: --wait: '-1' is not a number of seconds\n");
	r = parse(&d, ARGS("--ratio", "0"));
	cr_assert_str_eq(r->err, "othello demo: --ratio: '0' is not a ratio up to 2\n");
	r = parse(&d, ARGS("--ratio", "2.5"));
	cr_assert_str_eq(r->err, "othello demo: --ratio: '2.5' is not a ratio up to 2\n");
	r = parse(&d, ARGS("--ratio", "2"));
	cr_assert_eq(r->status, -1);
}

Test(cli_options, choice_names_its_choices)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("--colour", "pink"));

	cr_assert_eq(r->status, 2);
	cr_assert_str_eq(r->err, "othello demo: --colour: 'pink' is not red, green or blue\n");
}

Test(cli_options, value_forms)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("--call", "no"));
	char want[4096];

	cr_assert_eq(r->status, 2);
	cr_assert_str_eq(r->err, "othello demo: --call: refused: no\n");
	r = parse(&d, ARGS("--level", "6"));
	cr_assert_str_eq(r->err, "othello demo: --level: bad value '6'\n");
	r = parse(&d, ARGS("--strict", "6"));
	snprintf(want, sizeof want, "othello demo: bad value '6'\n%s", demo_help);
	cr_assert_str_eq(r->err, want);
}

Test(cli_options, missing_value)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("a.txt", "--count"));
	char want[4096];

	cr_assert_eq(r->status, 2);
	snprintf(want, sizeof want, "othello demo: --count needs a value\n%s", demo_help);
	cr_assert_str_eq(r->err, want);
	r = parse(&d, ARGS("-n"));
	snprintf(want, sizeof want, "othello demo: -n needs a value\n%s", demo_help);
	cr_assert_str_eq(r->err, want);
}

Test(cli_options, unknown_option_after_a_file_argument)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("a.txt", "--bogus=1"));
	char want[4096];

	cr_assert_eq(r->status, 2);
	snprintf(want, sizeof want, "othello demo: unknown option '--bogus'\n%s", demo_help);
	cr_assert_str_eq(r->err, want);
	r = parse(&d, ARGS("a.txt", "b.txt", "-Z"));
	snprintf(want, sizeof want, "othello demo: unknown option '-Z'\n%s", demo_help);
	cr_assert_str_eq(r->err, want);
	r = parse(&d, ARGS("--verbose=yes"));
	snprintf(want, sizeof want, "othello demo: unknown option '--verbose'\n%s", demo_help);
	cr_assert_str_eq(r->err, want);
}

Test(cli_options, foreign_option_is_named_not_its_value)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("a.txt", "--other", "x"));
	char want[4096];

	cr_assert_eq(r->status, 2);
	snprintf(want, sizeof want, "othello demo: --other is not an option of demo\n%s",
		 demo_help);
	cr_assert_str_eq(r->err, want);
	cr_assert_null(d.other);
}

Test(cli_options, repeatable_option)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("--tag", "a", "f", "--tag=b"));

	cr_assert_eq(r->status, -1);
	cr_assert_eq(d.tags.n, 2);
	cr_assert_str_eq(d.tags.item[0], "a");
	cr_assert_str_eq(d.tags.item[1], "b");
	memset(&d, 0, sizeof d);
	r = parse(&d, ARGS("--tag", "a", "--tag", "b", "--tag", "c"));
	cr_assert_eq(r->status, 2);
	cr_assert_str_eq(r->err, "othello demo: --tag: at most 2 tags\n");
}

Test(cli_options, help_is_printed_from_the_table)
{
	struct demo d = {0};
	struct run *r = parse(&d, ARGS("a.txt", "--he"));

	cr_assert_eq(r->status, 0);
	cr_assert_str_eq(r->out, demo_help);
	cr_assert_str_empty(r->err);
	r = parse(&d, ARGS("-h"));
	cr_assert_eq(r->status, 0);
	cr_assert_str_eq(r->out, demo_help);
}

Test(cli_options, usage_without_letters_pads_to_the_column)
{
	static const struct cli_option list[] = {
	    {.name = "a", .kind = CLI_OPT_FLAG, .help = "first"},
	    {.name = "longer-name", .kind = CLI_OPT_STRING, .arg = "VALUE", .help = "second"},
	    {.name = "hidden", .kind = CLI_OPT_FLAG},
	    {0},
	};
	static const struct cli_options t = {.usage = "u\n", .column = 12, .options = list};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cli_options_usage(&t, f);
	fclose(f);
	cr_assert_str_eq(buf, "u\n"
			      "  --a       first\n"
			      "  --longer-name VALUE second\n");
	free(buf);
}

Test(cli_options, the_game_names_itself_othello)
{
	static const struct cli_option list[] = {
	    {.name = "seed", .kind = CLI_OPT_INT, .lo = 0, .hi = 5},
	    {0},
	};
	static const struct cli_options game = {.usage = "u\n", .options = list};
	long seed = 0;
	char a0[] = "othello", a1[] = "--seed", a2[] = "9";
	char *argv[] = {a0, a1, a2, NULL};
	FILE *err = tmpfile();
	int saved = dup(2), first;
	char buf[256];

	fflush(stderr);
	dup2(fileno(err), 2);
	cr_assert_eq(cli_options_parse(&game, 3, argv, &seed, &first), 2);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	slurp(err, buf, sizeof buf);
	cr_assert_str_eq(buf, "othello: --seed: '9' is not a whole number from 0 to 5\n");
}
