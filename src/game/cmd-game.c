/*
 * cmd-game.c — commands that play: new, move, pass, go, stop, hint, resign,
 * the players and levels, analyze, help (and `help keys`) and quit.
 */
#include "cmd-int.h"

#include "board.h"
#include "controller.h"
#include "keymap.h"
#include "parse.h"
#include "square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* `new [--variant NAME]`: a new game on the board named, else on the current game's board */
int cmd_new(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	enum variant v = controller_variant(ctl);
	char err[256];

	if (argc > 1 && cmd_parse_variant(argc, argv, 1, &v, res) < 0)
		return -1;
	if (cmd_flags(res, controller_new_game_on(ctl, v, err, sizeof(err)), err) < 0)
		return -1;
	if (v == VARIANT_8X8)
		cmd_message(res, "new game");
	else
		cmd_message(res, "new game on %s", vboard_geom(v)->name);
	return 0;
}

/* A move typed during a drill: the answer to its position (one square or pass). */
static int drill_answer(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	int sq = SQ_PASS;
	char msg[sizeof(res->message)];

	if (argc != 2)
		return cmd_fail(res, "drill: answer with one move");
	if (strcasecmp(argv[1], "pass") && strcasecmp(argv[1], "pa") &&
	    (sq = square_parse_word(controller_variant(ctl), argv[1])) < 0)
		return cmd_fail(res, "not a square: `%s` (%s)", argv[1],
				square_range(controller_variant(ctl)));
	if (cmd_flags(res, controller_drill_answer(ctl, sq, msg, sizeof(msg)), msg) < 0)
		return -1;
	cmd_message(res, "%s", msg);
	return 0;
}

/* `drill [black|white|both] [--within D]`, `drill skip`, `drill stop`: learning from the
   analysed mistakes (controller-drill.c). */
int cmd_drill(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	int side = -2, within = 200;
	char msg[sizeof(res->message)];

	if (argc == 2 && (strcmp(argv[1], "skip") == 0 || strcmp(argv[1], "stop") == 0)) {
		int rc = argv[1][1] == 'k' ? controller_drill_skip(ctl, msg, sizeof(msg))
					   : controller_drill_stop(ctl, msg, sizeof(msg));
		if (cmd_flags(res, rc, msg) < 0)
			return -1;
		cmd_message(res, "%s", msg);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		double d;

		if (strcasecmp(argv[i], "black") == 0 || strcasecmp(argv[i], "white") == 0)
			side = strcasecmp(argv[i], "black") == 0 ? BLACK : WHITE;
		else if (strcasecmp(argv[i], "both") == 0)
			side = -1;
		else if ((strcmp(argv[i], "--within") == 0 || strcmp(argv[i], "-w") == 0) &&
			 i + 1 < argc && parse_decimal(argv[i + 1], &d) && d >= 0 && d <= 64) {
			within = (int)(d * 100 + 0.5);
			i++;
		} else {
			return cmd_fail(res, "usage: drill [black|white|both] [-w|--within D] | "
					     "drill skip | drill stop");
		}
	}
	if (cmd_flags(res, controller_drill_start(ctl, side, within, msg, sizeof(msg)), msg) < 0)
		return -1;
	cmd_message(res, "%s", msg);
	return 0;
}

/* `move SQUARE...`: each word is a square, a run of squares (f5d6c3) or `pass`, played in
   turn for whichever side is to move (an engine thinking meanwhile is stopped). */
int cmd_move(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256], last[8] = "";
	enum variant v = controller_variant(ctl);

	if (controller_drilling(ctl, NULL))
		return drill_answer(ctl, argc, argv, res);
	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];

		if (strcasecmp(w, "pass") == 0 || strcasecmp(w, "pa") == 0) {
			if (cmd_flags(res, controller_play(ctl, SQ_PASS, err, sizeof(err)), err) <
			    0)
				return -1;
			snprintf(last, sizeof(last), "pass");
			continue;
		}
		int sq[128], n = square_run_parse(v, w, sq, 128);

		if (n < 0)
			return cmd_fail(res, "not a square: `%s` (%s)", w, square_range(v));
		for (int k = 0; k < n; k++) {
			if (cmd_flags(res, controller_play(ctl, sq[k], err, sizeof(err)), err) < 0)
				return -1;
			square_name(v, sq[k], last);
		}
	}
	cmd_message(res, "played %s", last);
	return 0;
}

/* `pass` */
CMD_CALL(cmd_pass, controller_pass, "passed")

/* `go` */
CMD_CALL(cmd_go, controller_go, "thinking")

/* `play` and `study`: the players take their turns, or the engine waits for `go` */
static int set_study(struct controller *ctl, bool on, struct command_result *res)
{
	char msg[256];

	if (cmd_flags(res, controller_set_study(ctl, on, msg, sizeof(msg)), msg) < 0)
		return -1;
	cmd_message(res, "%s", msg);
	return 0;
}

/* `play` */
int cmd_play(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	return set_study(ctl, false, res);
}

/* `study` */
int cmd_study(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	return set_study(ctl, true, res);
}

/* `pause [on|off]`: engines wait for `go` (no word: the other state) */
int cmd_pause(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	bool on = !controller_paused(ctl);

	if (argc > 1) {
		if (strcasecmp(argv[1], "on") != 0 && strcasecmp(argv[1], "off") != 0)
			return cmd_fail(res, "pause: on or off, not `%s`", argv[1]);
		on = strcasecmp(argv[1], "on") == 0;
	}
	if (cmd_flags(res, controller_pause(ctl, on), "") < 0)
		return -1;
	cmd_message(res, "%s",
		    on ? "paused: G plays one move, P goes on"
		       : "going on: the engines take their turns");
	return 0;
}

/* `stop` */
int cmd_stop(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	if (!controller_engine_busy(ctl))
		return cmd_fail(res, "the engine is not thinking");
	controller_stop(ctl);
	cmd_message(res, "stopping");
	return 0;
}

/* `hint [N]` */
int cmd_hint(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	int n = 0;

	if (argc > 1 && !cmd_parse_count(argv[1], 1, 32, &n))
		return cmd_fail(res, "hint: N is a number of moves, 1 to 32 (not `%s`)", argv[1]);
	return cmd_changed(res, controller_hint(ctl, n, err, sizeof(err)), err,
			   "looking for hints");
}

/* `overlay [on|off]`: the score of every legal move on its square (alone: switches it). */
int cmd_overlay(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	bool on = !controller_overlay(ctl);

	if (argc > 1) {
		if (strcasecmp(argv[1], "on") == 0)
			on = true;
		else if (strcasecmp(argv[1], "off") == 0)
			on = false;
		else
			return cmd_fail(res, "overlay: `%s` is not on or off", argv[1]);
	}
	if (cmd_flags(res, controller_overlay_set(ctl, on, err, sizeof(err)), err) < 0)
		return -1;
	cmd_message(res, on ? "all moves: every legal move's score on its square, deepening"
			    : "all moves: off");
	return 0;
}

/* `depth [hint|overlay] [N|Ss|+N]`: the limit of hints and the overlay; alone, shows them. */
int cmd_depth(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256], now[96];
	const char *which = argc > 2 ? argv[1] : NULL, *limit = argc > 1 ? argv[argc - 1] : NULL;

	if (limit &&
	    cmd_flags(res, controller_set_depth(ctl, which, limit, err, sizeof(err)), err) < 0)
		return cmd_fail(res, "depth: %s", err);
	controller_depth_text(ctl, now, sizeof now);
	cmd_message(res, "%s", now);
	return 0;
}

/* `resign` */
int cmd_resign(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];

	(void)argc;
	(void)argv;
	if (cmd_flags(res, controller_resign(ctl, err, sizeof(err)), err) < 0)
		return -1;
	cmd_message(res, "resigned: %s", controller_result(ctl));
	return 0;
}

static int set_player(struct controller *ctl, enum color c, int argc, char **argv,
		      struct command_result *res)
{
	char err[256];
	char *who = cmd_join(argc, argv);
	int rc;

	if (!who)
		return cmd_fail(res, "out of memory");
	rc = cmd_flags(res, controller_set_player(ctl, c, who, err, sizeof(err)), err);
	if (rc == 0)
		cmd_message(res, "%s: %s", c == BLACK ? "Black" : "White", who);
	free(who);
	return rc;
}

/* `black PLAYER [OPTIONS]`: the words after the name are the player, quoted or not */
int cmd_black(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	return set_player(ctl, BLACK, argc - 1, argv + 1, res);
}

/* `white PLAYER [OPTIONS]` */
int cmd_white(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	return set_player(ctl, WHITE, argc - 1, argv + 1, res);
}

/* `level [black|white] LEVEL [OPTIONS]`: a colour first sets that side's player,
   else the level of both engine sides */
int cmd_level(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	char *level;
	int rc;

	if (strcasecmp(argv[1], "black") == 0 || strcasecmp(argv[1], "white") == 0) {
		if (argc < 3)
			return cmd_fail(res, "usage: level [black|white] LEVEL...");
		return set_player(ctl, strcasecmp(argv[1], "black") == 0 ? BLACK : WHITE, argc - 2,
				  argv + 2, res);
	}
	level = cmd_join(argc - 1, argv + 1);
	if (!level)
		return cmd_fail(res, "out of memory");
	rc = cmd_flags(res, controller_set_level(ctl, level, err, sizeof(err)), err);
	if (rc == 0)
		cmd_message(res, "level %s", level);
	free(level);
	return rc;
}

/* Reads one option of `analyze` at argv[*i] (moving *i past its value); false with the message
   in `res` when it is wrong. */
static bool analyze_option(int argc, char **argv, int *i, int *depth, double *secs, bool *fast,
			   struct command_result *res)
{
	const char *opt = argv[*i];

	if (strcmp(opt, "--fast") == 0 || strcmp(opt, "-f") == 0) {
		*fast = true;
		return true;
	}
	if (*i + 1 >= argc || (strcmp(opt, "--depth") && strcmp(opt, "-d") &&
			       strcmp(opt, "--time") && strcmp(opt, "-t"))) {
		cmd_fail(res, "usage: analyze [--depth N | --time S] [--fast]");
		return false;
	}
	(*i)++;
	if (opt[1] == 'd' || opt[2] == 'd') {
		if (cmd_parse_count(argv[*i], 1, 60, depth))
			return true;
		cmd_fail(res, "analyze: depth is 1 to 60 (not `%s`)", argv[*i]);
		return false;
	}
	if (!parse_decimal(argv[*i], secs) || !(*secs > 0)) {
		cmd_fail(res, "analyze: time is a positive number of seconds (not `%s`)", argv[*i]);
		return false;
	}
	return true;
}

/* `analyze [--depth N | --time S] [--fast]` */
int cmd_analyze(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	int depth = 0;
	double secs = 0;
	bool fast = false;

	for (int i = 1; i < argc; i++)
		if (!analyze_option(argc, argv, &i, &depth, &secs, &fast, res))
			return -1;
	if (cmd_flags(res, controller_analyze(ctl, depth, secs, fast, err, sizeof(err)), err) < 0)
		return -1;
	cmd_message(res, fast ? "analysing the game (fast: other moves as bounds)"
			      : "analysing the game");
	return 0;
}

/* `quit` */
int cmd_quit(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)ctl;
	(void)argc;
	(void)argv;
	res->flags |= CMD_QUIT;
	return 0;
}

/* `help [COMMAND]` */
int cmd_help(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];

	(void)ctl;
	if (argc > 1 && strcmp(argv[1], "keys") == 0)
		res->output = keymap_help();
	else if (argc > 1 && !command_find(argv[1], err, sizeof(err)))
		return cmd_fail(res, "%s", err);
	else
		res->output = command_help(argc > 1 ? argv[1] : NULL);
	if (!res->output)
		return cmd_fail(res, "out of memory");
	res->flags |= CMD_OUTPUT;
	return 0;
}
