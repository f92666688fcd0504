/*
 * test-command.c — the command layer: names and unique prefixes, ambiguity
 * and unknown-command errors, argument checks with their messages, bare
 * squares as moves, word splitting, completion and help; the shape of the
 * table (one lookup for any table of it, flags) and `help keys`.
 */
#include "command.h"
#include "controller.h"
#include "gametree.h"
#include "keymap.h"
#include "parse.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct controller *ctl;

static void setup(void)
{
	struct controller_options opt;
	char err[256];

	controller_options_default(&opt);
	opt.black = opt.white = "human";
	opt.tt_megabytes = 1;
	ctl = controller_new(&opt, err, sizeof(err));
	cr_assert(ctl, "%s", err);
}

static void teardown(void)
{
	controller_free(ctl);
}

/* Runs a line; returns its status and keeps the message in `msg`. */
static int run(const char *line, char *msg, size_t len)
{
	struct command_result res;
	int rc = command_execute(ctl, line, &res);

	if (msg)
		snprintf(msg, len, "%s", res.message);
	cr_assert_eq(rc < 0, (res.flags & CMD_ERROR) != 0, "`%s`: status and flag agree", line);
	command_result_free(&res);
	return rc;
}

TestSuite(command, .init = setup, .fini = teardown);

Test(command, full_names_and_unique_prefixes)
{
	cr_assert_eq(run("move f5", NULL, 0), 0);
	cr_assert_eq(run("move d6", NULL, 0), 0);
	cr_assert_eq(run("mov d3", NULL, 0), -1, "mov: move or moves");
	cr_assert_eq(run("und", NULL, 0), 0);
	cr_assert_eq(controller_cursor(ctl), 1);
	cr_assert_eq(run("re", NULL, 0), -1, "re: redo or resign");
	cr_assert_eq(run("red", NULL, 0), 0);
	cr_assert_eq(controller_cursor(ctl), 2);
	cr_assert_eq(run("fi", NULL, 0), 0);
	cr_assert_eq(controller_cursor(ctl), 0);
	cr_assert_eq(run("la", NULL, 0), 0);
	cr_assert_eq(controller_cursor(ctl), 2);
	cr_assert_eq(run("  goto   1  ", NULL, 0), 0);
	cr_assert_eq(controller_cursor(ctl), 1);
}

Test(command, ambiguous_and_unknown_names_are_errors)
{
	char msg[256];

	cr_assert_eq(run("s", msg, sizeof(msg)), -1);
	cr_assert(strstr(msg, "ambiguous command `s`"), "%s", msg);
	cr_assert(strstr(msg, "save") && strstr(msg, "saves") && strstr(msg, "side"), "%s", msg);
	cr_assert_eq(run("frobnicate", msg, sizeof(msg)), -1);
	cr_assert(strstr(msg, "unknown command `frobnicate`"), "%s", msg);
	cr_assert_null(command_find("sa", msg, sizeof(msg)), "sa: save or saves");
	cr_assert_str_eq(command_find("save", msg, sizeof(msg))->name, "save",
			 "an exact name wins");
	cr_assert_str_eq(command_find("?", msg, sizeof(msg))->name, "help", "aliases");
}

Test(command, bad_arguments_say_what_is_wrong)
{
	static const struct {
		const char *line, *needle;
	} cases[] = {
	    {"undo x", "N is a number"},
	    {"undo 1 2", "usage: undo [N]"},
	    {"goto", "usage: goto N"},
	    {"goto 5", "move number from 0 to 0"},
	    {"move", "usage: move"},
	    {"move z9", "not a square"},
	    {"move f6", "illegal move f6"},
	    {"mark ?!?", "unknown mark"},
	    {"mark !", "no move to mark"},
	    {"set a1 black", "not editing"},
	    {"set z9 black", "not a square"},
	    {"handicap 5", "1 to 4"},
	    {"hint 0", "1 to 32"},
	    {"black robot", "unknown player"},
	    {"level black", "usage: level"},
	    {"level white robot --time 10", "unknown"},
	    {"analyze --depth x", "depth is 1 to 60"},
	    {"analyze", "no moves to analyse"},
	    {"info foo bar", "unknown information key `foo`"},
	    {"line 1", "no variation 1"},
	    {"pass", "cannot pass"},
	    {"say \"hello", "unclosed quote"},
	    {"stop", "not thinking"},
	    {"help nosuch", "unknown command"},
	    {"load", "usage: load"},
	};
	char msg[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cr_assert_eq(run(cases[i].line, msg, sizeof(msg)), -1, "`%s` fails", cases[i].line);
		cr_assert(strstr(msg, cases[i].needle), "`%s`: got `%s`, want `%s`", cases[i].line,
			  msg, cases[i].needle);
	}
	cr_assert_eq(controller_cursor(ctl), 0, "nothing was played");
}

Test(command, squares_alone_are_moves)
{
	cr_assert_eq(run("f5", NULL, 0), 0);
	cr_assert_eq(run("D6", NULL, 0), 0);
	cr_assert_eq(run("c3d3c4", NULL, 0), 0);
	cr_assert_eq(controller_cursor(ctl), 5);
	cr_assert_eq(controller_last_move(ctl, NULL), board_square_parse("c4"));
	cr_assert_eq(run("move f4 e3", NULL, 0), 0);
	cr_assert_eq(controller_cursor(ctl), 7);
	cr_assert_eq(run("", NULL, 0), 0, "an empty line does nothing");
	cr_assert_eq(run("# a comment", NULL, 0), 0);
	cr_assert_eq(controller_cursor(ctl), 7);
}

Test(command, quoted_words_and_the_rest_of_the_line)
{
	const struct game_node *n;

	run("f5", NULL, 0);
	cr_assert_eq(run("comment a \"quoted  text\" here", NULL, 0), 0);
	n = game_main_line(controller_game(ctl), 1);
	cr_assert_str_eq(n->comment, "a \"quoted  text\" here", "a comment keeps its quotes");
	cr_assert_eq(run("  comment   it's #1, \\o/ \"  ", NULL, 0), 0);
	cr_assert_str_eq(n->comment, "it's #1, \\o/ \"", "and #, backslashes, a lone quote");
	cr_assert_eq(run("info event The \"Open\"", NULL, 0), 0);
	cr_assert_str_eq(game_info(controller_game(ctl), INFO_EVENT), "The \"Open\"");
	cr_assert_eq(run("info event", NULL, 0), 0);
	cr_assert(!game_info(controller_game(ctl), INFO_EVENT) ||
		      !*game_info(controller_game(ctl), INFO_EVENT),
		  "no value clears it");
	cr_assert_eq(run("mark ??", NULL, 0), 0);
	cr_assert_eq(n->mark, MARK_VERY_BAD);
	cr_assert_eq(run("mark none", NULL, 0), 0);
	cr_assert_eq(n->mark, MARK_NONE);
}

/* A level's options need no quotes: the words after the colour are the player. */
Test(command, levels_take_their_options_without_quotes)
{
	const char *name = NULL;
	char msg[256];

	cr_assert_eq(run("level white master --time 10", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(controller_player(ctl, WHITE, &name), PLAYER_ENGINE);
	cr_assert(strncmp(name, "master", 6) == 0, "%s", name);
	cr_assert(strstr(msg, "White: master --time 10"), "%s", msg);
	cr_assert_eq(run("black expert --depth 5 --random 5", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(controller_player(ctl, BLACK, &name), PLAYER_ENGINE);
	cr_assert_eq(run("level white \"novice --depth 2\"", msg, sizeof(msg)), 0,
		     "quotes still work: %s", msg);
	controller_player(ctl, WHITE, &name);
	cr_assert(strncmp(name, "novice", 6) == 0, "%s", name);
	cr_assert_eq(run("white human", NULL, 0), 0);
	cr_assert_eq(controller_player(ctl, WHITE, NULL), PLAYER_HUMAN);
	cr_assert_eq(run("level white master --depth x", msg, sizeof(msg)), -1);
	cr_assert_eq(controller_player(ctl, WHITE, NULL), PLAYER_HUMAN,
		     "a bad option changes nothing");
}

Test(command, split_handles_quotes_and_escapes)
{
	char line[] = "a \"b c\" d\\ e  # f";
	char *argv[8], err[64];

	cr_assert_eq(parse_words(line, argv, 8, err, sizeof(err)), 3);
	cr_assert_str_eq(argv[0], "a");
	cr_assert_str_eq(argv[1], "b c");
	cr_assert_str_eq(argv[2], "d e");
	char many[] = "a b c";
	cr_assert_eq(parse_words(many, argv, 2, err, sizeof(err)), -1);
}

Test(command, completion_lists_matching_names)
{
	cr_assert_str_eq(command_name_match("sa", 0), "save");
	cr_assert_str_eq(command_name_match("sa", 1), "saves");
	cr_assert_str_eq(command_name_match("sa", 2), "say");
	cr_assert_null(command_name_match("sa", 3));
	cr_assert_null(command_name_match("zz", 0));
	int n = 0;
	while (command_name_match("", n))
		n++;
	cr_assert_geq(n, 38, "every command completes from nothing");
}

/* The list fits in 80 columns and gives each command's first sentence whole
   (it used to cut the first line of the description at any width). */
Test(command, help_list_fits_80_columns_with_whole_sentences)
{
	char *h = command_help(NULL);
	const char *line = h;

	cr_assert(h);
	while (*line) {
		size_t n = strcspn(line, "\n");
		cr_expect_leq(n, 79, "too wide: %.*s", (int)n, line);
		line += n + (line[n] == '\n');
	}
	cr_expect(strstr(h, "(f5d6c3).\n"), "move's sentence whole:\n%s", h);
	cr_expect(strstr(h, "RO ON TM).\n"), "info's sentence whole:\n%s", h);
	cr_expect_null(strstr(h, "A square alone on a line\n"), "%s", h);
	free(h);
}

Test(command, help_for_one_command_or_all)
{
	struct command_result res;
	char *h = command_help("und");

	cr_assert(h && strncmp(h, "undo [N]\n", 9) == 0, "%s", h);
	free(h);
	cr_assert_null(command_help("nosuch"));
	cr_assert_eq(command_execute(ctl, "help", &res), 0);
	cr_assert(res.flags & CMD_OUTPUT);
	static const char *names[] = {
	    "new",     "move",	"pass",	 "undo",     "redo",	"first",      "prev",  "next",
	    "last",    "goto",	"hint",	 "comment",  "mark",	"info",	      "edit",  "set",
	    "side",    "clear", "done",	 "handicap", "black",	"white",      "level", "go",
	    "save",    "load",	"saves", "export",   "import",	"board",      "moves", "help",
	    "analyze", "quit",	"stop",	 "resign",   "promote", "variations", "line"};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char want[32];
		snprintf(want, sizeof(want), "\n  %s ", names[i]);
		cr_assert(strstr(res.output, want), "help lists %s", names[i]);
	}
	command_result_free(&res);
}

Test(command, results_say_what_to_redraw)
{
	struct command_result res;

	command_execute(ctl, "f5", &res);
	cr_assert(res.flags & CMD_REDRAW_BOARD);
	cr_assert(res.flags & CMD_REDRAW_MOVES);
	command_result_free(&res);
	command_execute(ctl, "comment x", &res);
	cr_assert(res.flags & CMD_REDRAW_MOVES);
	cr_assert_not(res.flags & CMD_REDRAW_BOARD);
	command_result_free(&res);
	command_execute(ctl, "board", &res);
	cr_assert(res.flags & CMD_OUTPUT);
	cr_assert(strstr(res.output, "4 . . . O X . . ."), "%s", res.output);
	cr_assert(strstr(res.output, "White to move: f4 d6 f6"), "%s", res.output);
	command_result_free(&res);
	command_execute(ctl, "quit", &res);
	cr_assert(res.flags & CMD_QUIT);
	command_result_free(&res);
}

/* A table of another entry type in the same shape: the lookup reads only its
   names and aliases. */
struct probe_entry {
	int before;	   /* something ahead of the names */
	const char *name;  /* name */
	const char *alias; /* alias or NULL */
};

static const struct probe_entry probes[] = {
    {1, "save", NULL},
    {2, "saves", NULL},
    {3, "stop", "x"},
    {4, "x-ray", NULL},
};

static const struct command_set probe_set = COMMAND_SET(struct probe_entry, probes);

Test(command, one_lookup_for_any_table_of_the_shape)
{
	const struct command_set set = probe_set;
	char err[128];

	cr_assert_eq(command_set_find(&set, "save", err, sizeof err), 0, "exact beats prefix");
	cr_assert_eq(command_set_find(&set, "saves", err, sizeof err), 1);
	cr_assert_eq(command_set_find(&set, "st", err, sizeof err), 2, "unique prefix");
	cr_assert_eq(command_set_find(&set, "x", err, sizeof err), 2, "alias beats prefix");
	cr_assert_eq(command_set_find(&set, "x-", err, sizeof err), 3);
	cr_assert_eq(command_set_find(&set, "sa", err, sizeof err), -1);
	cr_assert_str_eq(err, "ambiguous command `sa`: save saves");
	cr_assert_eq(command_set_find(&set, "", err, sizeof err), -1);
	cr_assert_str_eq(err, "unknown command `` (try `help`)");
	cr_assert_str_eq(command_set_match(&set, "s", 2), "stop");
	cr_assert_null(command_set_match(&set, "s", 3));
}

/* The same table cut in two parts (as the game's families are): indices count
   through the parts in order, and exact names, prefixes and ambiguities are
   looked for across them. */
static const struct probe_entry probes_more[] = {
    {5, "stopwatch", NULL},
    {6, "quit", "q"},
};
static const struct command_part probe_first = COMMAND_PART("first", probes);
static const struct command_part probe_second = COMMAND_PART("second", probes_more);
static const struct command_part *const probe_parts[] = {&probe_first, &probe_second};
static const struct command_set probe_parts_set =
    COMMAND_SET_PARTS(struct probe_entry, probe_parts);

Test(command, a_set_in_parts_is_one_table)
{
	const struct command_set *set = &probe_parts_set;
	const struct probe_entry *e;
	char err[128];

	cr_assert_eq(command_set_find(set, "q", err, sizeof err), 5, "an alias of the second part");
	cr_assert_eq(command_set_find(set, "qu", err, sizeof err), 5);
	cr_assert_eq(command_set_find(set, "stop", err, sizeof err), 2, "exact beats prefix");
	cr_assert_eq(command_set_find(set, "stopw", err, sizeof err), 4);
	cr_assert_eq(command_set_find(set, "sto", err, sizeof err), -1);
	cr_assert_str_eq(err, "ambiguous command `sto`: stop stopwatch");
	cr_assert_str_eq(command_set_match(set, "s", 3), "stopwatch");
	cr_assert_null(command_set_match(set, "s", 4));
	for (size_t i = 0; i < 6; i++) {
		e = command_set_entry(set, i);
		cr_assert(e && e->before == (int)i + 1, "entry %zu", i);
	}
	cr_assert_null(command_set_entry(set, 6));
}

/* `help` lists every command of the table once, in the table's order, each
   family under its title after a blank line (a family file's entries come
   together). */
Test(command, help_lists_the_table_in_order_under_family_titles)
{
	char *h = command_help(NULL);
	const char *at = h;
	const struct command_def *d;
	size_t i, titles = 0;

	cr_assert(h);
	for (i = 0; (d = command_at(i)); i++) {
		char want[32];
		const char *found;

		snprintf(want, sizeof want, "\n  %s ", d->name);
		found = strstr(at, want);
		cr_assert(found, "help lists `%s` after the one before it", d->name);
		cr_assert_null(strstr(found + 1, want), "`%s` once", d->name);
		for (const char *t = at; (t = strstr(t, "\n\n")) && t < found; t++)
			titles++;
		at = found + 1;
	}
	cr_assert_geq(i, 47);
	cr_assert_eq(titles, 8, "eight families, each under its title:\n%s", h);
	cr_assert(strstr(h, "\nSettings:\n  bind "), "%s", h);
	cr_assert(strstr(h, "\nPlaying:\n  new "), "%s", h);
	cr_assert(strstr(h, "\nThe game server (othello join):\n  who "), "%s", h);
	cr_assert(strstr(h, "\nHelp and leaving:\n  help "), "%s", h);
	free(h);
}

/* Each entry is whole, names are unique, and the argument bounds agree with
   the kinds of words they describe. */
Test(command, the_table_is_well_formed)
{
	const struct command_def *d;
	size_t i;
	char err[128];

	for (i = 0; (d = command_at(i)); i++) {
		cr_assert(d->name && d->usage && d->help && d->exec, "entry %zu is whole", i);
		cr_assert_eq(command_find(d->name, err, sizeof err), d, "%s finds itself", d->name);
		cr_assert(d->args.upper < 0 || d->args.lower <= d->args.upper, "%s bounds",
			  d->name);
		cr_assert(d->args.upper != 0 || d->args.kind[0] == CMD_ARG_NONE,
			  "%s takes no word yet names its kind", d->name);
		cr_assert_eq(d->args.upper == 0, d->usage[0] == '\0',
			     "%s: words allowed show in its usage `%s`", d->name, d->usage);
	}
	cr_assert_geq(i, 47);
}

/* Flags say what callers must ask about; a command that starts another game
   carries CMD_REPLACES_GAME, and only `save` fills a slot. */
Test(command, flags_mark_what_replaces_the_game_or_fills_a_slot)
{
	/* edit too: its `done` drops the moves (E discarded an unsaved game without asking) */
	static const char *const replacing[] = {"new", "load", "import", "handicap", "edit"};
	size_t flagged = 0;
	const struct command_def *d;
	char err[128];

	for (size_t i = 0; i < sizeof replacing / sizeof replacing[0]; i++)
		cr_assert(command_find(replacing[i], err, sizeof err)->flags & CMD_REPLACES_GAME,
			  "%s replaces the game", replacing[i]);
	for (size_t i = 0; (d = command_at(i)); i++)
		flagged += (d->flags & CMD_REPLACES_GAME) != 0;
	cr_assert_eq(flagged, sizeof replacing / sizeof replacing[0]);
	for (size_t i = 0; (d = command_at(i)); i++)
		cr_assert_eq((d->flags & CMD_FILLS_SLOT) != 0, strcmp(d->name, "save") == 0, "%s",
			     d->name);
	cr_assert_eq(run("f5", NULL, 0), 0);
	cr_assert_eq(run("new", NULL, 0), 0);
	cr_assert_eq(controller_line_length(ctl), 0, "`new` did replace the game");
}

/* `help keys` is the key map's text, through the command layer (so that
   `othello script` prints it without the screen). */
Test(command, help_keys_lists_the_key_map)
{
	struct command_result res;
	char *keys;

	cr_assert_eq(command_execute(ctl, "help keys", &res), 0);
	cr_assert(res.flags & CMD_OUTPUT);
	keys = res.output;
	res.output = NULL;
	command_result_free(&res);
	cr_assert(strstr(keys, "\n  Esc                stop the engine (it plays its best move)\n"),
		  "%s", keys);
	/* the table keeps within 79 columns, its text column straight, and names no screen
	   verb (it showed `column a`, `prompt comment`, `set {square} black`) */
	for (const char *l = keys; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] != 0)) {
		size_t len = strcspn(l, "\n");
		cr_assert_leq(len, 79, "%.*s", (int)len, l);
		const char *gap = len > 2 ? strstr(l + 2, "  ") : NULL;
		if (l[0] == ' ' && l[2] != ' ' && gap && gap < l + len) /* keys, then text */
			cr_assert(l[20] == ' ' && l[21] != ' ', "ragged: %.*s", (int)len, l);
	}
	cr_assert_null(strstr(keys, "column a"), "%s", keys);
	cr_assert_null(strstr(keys, "{square}"), "%s", keys);
	cr_assert_null(strstr(keys, "prompt"), "%s", keys);
	/* the letters a to j are all columns: the table said "a-i ... its column (a-j)" */
	cr_assert(strstr(keys, "\n  a-j                type a square"), "%s", keys);
	cr_assert(strstr(keys, "(on/off), `overlay`"), "%s", keys);
	/* every command it names is one the command table runs, so `othello script` (which has
	   no screen and its verbs) knows it: it named `database` and `dbfocus` */
	for (const char *q = strchr(keys, '`'); q; q = strchr(q + 1, '`')) {
		char line[64];
		size_t n = strcspn(q + 1, "`");

		cr_assert_lt(n, 40);
		snprintf(line, sizeof line, "help %.*s", (int)n, q + 1);
		q += n + 1;
		if (strcmp(line, "help help COMMAND") == 0) /* the title's */
			continue;
		cr_assert_eq(command_execute(ctl, line, &res), 0, "%s: %s", line, res.message);
		command_result_free(&res);
	}
	cr_assert_null(strstr(keys, "`database`"), "%s", keys);
	cr_assert(strstr(keys, "masters' moves and games\n"), "%s", keys);
	cr_assert_eq(command_execute(ctl, "? keys", &res), 0);
	cr_assert_str_eq(res.output, keys);
	command_result_free(&res);
	free(keys);
	cr_assert_str_eq(keymap_command("Enter", MODE_PLAY), "select");
	cr_assert_str_eq(keymap_command("Enter", MODE_EDIT), "done", "the mode picks the binding");
	cr_assert_str_eq(keymap_command("b", MODE_PLAY), "column b", "a column in play");
	cr_assert_str_eq(keymap_command("b", MODE_EDIT), "set {square} black", "a disc in edit");
	cr_assert_null(keymap_command("Z", MODE_EDIT));
	cr_assert_str_eq(keymap_command("O", MODE_REPLAY), "overlay", "the overlay has a key");
	cr_assert_str_eq(keymap_command("D", MODE_PLAY), "drill", "so has the drill");
}
