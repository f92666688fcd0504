/*
 * cmd-game.c — commands that play: new, move, pass, the players and levels,
 * go, pause, play, study, stop, resign, and drill (answering its positions
 * goes through `move`).
 */
#include "cmd-int.h"

#include "board.h"
#include "controller.h"
#include "parse.h"
#include "square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* `new [--variant NAME]`: a new game on the board named, else on the current game's board */
static int cmd_new(struct controller *ctl, int argc, char **argv, struct command_result *res)
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
		cmd_message(res, "new game on %s", square_variant_name(v));
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
static int cmd_drill(struct controller *ctl, int argc, char **argv, struct command_result *res)
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
static int cmd_move(struct controller *ctl, int argc, char **argv, struct command_result *res)
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
static int cmd_play(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	return set_study(ctl, false, res);
}

/* `study` */
static int cmd_study(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	return set_study(ctl, true, res);
}

/* `pause [on|off]`: engines wait for `go` (no word: the other state) */
static int cmd_pause(struct controller *ctl, int argc, char **argv, struct command_result *res)
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
static int cmd_stop(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	if (!controller_engine_busy(ctl))
		return cmd_fail(res, "the engine is not thinking");
	controller_stop(ctl);
	cmd_message(res, "stopping");
	return 0;
}

/* `resign` */
static int cmd_resign(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	char err[256];
	bool server = controller_net_seated(ctl);

	(void)argc;
	(void)argv;
	if (cmd_flags(res, controller_resign(ctl, err, sizeof(err)), err) < 0)
		return -1;
	if (server)
		cmd_message(res, "resign sent: the server ends the game");
	else
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
static int cmd_black(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	return set_player(ctl, BLACK, argc - 1, argv + 1, res);
}

/* `white PLAYER [OPTIONS]` */
static int cmd_white(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	return set_player(ctl, WHITE, argc - 1, argv + 1, res);
}

/* `level [black|white] LEVEL [OPTIONS]`: a colour first sets that side's player,
   else the level of both engine sides */
static int cmd_level(struct controller *ctl, int argc, char **argv, struct command_result *res)
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

static const struct command_def entries[] = {
    {
	.name = "new",
	.args = {0, 2},
	.usage = "[--variant NAME]",
	.help = "Start a new game with the same players, on the board NAME (8x8, 6x6 or\n"
		"10x10-holes) or else on the board of the current game.",
	.flags = CMD_REPLACES_GAME,
	.exec = cmd_new,
    },
    {
	.name = "move",
	.args = {1, -1, {CMD_ARG_MOVE, CMD_ARG_MOVE}},
	.usage = "SQUARE...",
	.help = "Play a move (f5), or several in a row (f5d6c3). A square alone on a line\n"
		"is a move too. In the past of the game a new move is the game from there\n"
		"on in play (the later moves kept as a variation), a variation in a study.",
	.exec = cmd_move,
    },
    {
	.name = "pass",
	.args = {0, 0},
	.usage = "",
	.help = "Pass (only when the side to move has no legal move).",
	.exec = cmd_pass,
    },
    {
	.name = "black",
	.args = {1, -1, {CMD_ARG_PLAYER}},
	.usage = "human|LEVEL [OPTIONS]",
	.help = "Choose who plays Black: human, or a level (beginner, novice, expert,\n"
		"pre-master, master), with options if wanted: expert --depth 5 --random 5.",
	.exec = cmd_black,
    },
    {
	.name = "white",
	.args = {1, -1, {CMD_ARG_PLAYER}},
	.usage = "human|LEVEL [OPTIONS]",
	.help = "Choose who plays White: human, or a level (see `help black`).",
	.exec = cmd_white,
    },
    {
	.name = "level",
	.args = {1, -1, {CMD_ARG_SIDE_OR_LEVEL, CMD_ARG_LEVEL}},
	.usage = "[black|white] LEVEL...",
	.help = "Set the level of the engine (of both engine sides, or of one colour):\n"
		"level white master --time 10.",
	.exec = cmd_level,
    },
    {
	.name = "go",
	.args = {0, 0},
	.usage = "",
	.help = "Let the engine play the side to move now.",
	.exec = cmd_go,
    },
    {
	.name = "pause",
	.args = {0, 1},
	.usage = "[on|off]",
	.help = "Engines make no move by themselves while paused (G, `go`, plays one: a\n"
		"step); `pause` again goes on. P on the board.",
	.exec = cmd_pause,
    },
    {
	.name = "play",
	.args = {0, 0},
	.usage = "",
	.help = "Play on: the players take their turns (the engine answers for its\n"
		"sides), after a game was opened for study.",
	.exec = cmd_play,
    },
    {
	.name = "study",
	.args = {0, 0},
	.usage = "",
	.help = "Study the game: moves are tried by hand for both sides and the engine\n"
		"moves only on `go` (`play` goes back to playing).",
	.exec = cmd_study,
    },
    {
	.name = "stop",
	.args = {0, 0},
	.usage = "",
	.help = "Stop the engine: it plays its best move so far.",
	.exec = cmd_stop,
    },
    {
	.name = "resign",
	.args = {0, 0},
	.usage = "",
	.help = "The side to move resigns (in a game of the server: you resign).",
	.exec = cmd_resign,
    },
    {
	.name = "drill",
	.args = {0, 3},
	.usage = "[SIDE] [-w D]|skip|stop",
	.help = "After `analyze`, answer at the position before each mistake of SIDE\n"
		"(black, white, both) with a move: right within D discs of the best (2),\n"
		"else the engine's line shows. `drill skip` passes a position, `drill stop`\n"
		"ends it with the score.",
	.exec = cmd_drill,
    },
};

const struct command_part cmd_game_part = COMMAND_PART("Playing", entries);
