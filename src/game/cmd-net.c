/*
 * cmd-net.c — the commands of the game server (`othello join`): the lobby
 * (who, games, lobby, challenge, seek, accept, decline, withdraw), watching
 * (watch, unwatch), talking (say) and the requests of a game (takeback,
 * abort, adjourn, claim, resume, rematch). `resign` and `quit` are the game's
 * own commands, which know a server's game.
 *
 * Each is sent as the protocol spells it (doc/protocol.md) through the
 * connection the controller holds; its words are checked here first, so a
 * mistyped time control or colour gets a message before anything is sent.
 * The server's reply and what follows come as events (CTL_EVENT_NET). With no
 * connection each says so.
 */
#include "cmd-int.h"

#include "controller.h"
#include "proto.h"

#include <stdio.h>
#include <string.h>

/* Sends `name` with the words after argv[0]; the message says what went. */
static int net_send(struct controller *ctl, const char *name, int argc, char **argv,
		    struct command_result *res)
{
	const char *words[8] = {name};
	char err[256];
	int n = 1;

	for (int i = 1; i < argc && n < 8; i++)
		words[n++] = argv[i];
	if (controller_net_send(ctl, n, words, err, sizeof err) < 0)
		return cmd_fail(res, "%s", err);
	res->flags |= CMD_REDRAW_STATUS;
	cmd_message(res, "sent `%s`: the server's answer follows", name);
	return 0;
}

/* Checks the optional `[MIN[+INC]] [black|white]` of challenge and seek, from word `at`. */
static int check_terms(int argc, char **argv, int at, struct command_result *res)
{
	struct proto_control control;
	char err[256];

	for (int i = at; i < argc; i++) {
		if (proto_color_parse(argv[i]) >= 0)
			continue;
		if (proto_control_parse(argv[i], &control, err, sizeof err) < 0)
			return cmd_fail(res,
					"%s: `%s` is neither a time control (MIN[+INC]) nor a "
					"colour (black, white): %s",
					argv[0], argv[i], err);
	}
	return 0;
}

/* `challenge NAME [TIME] [COLOR]`: TIME is MIN[+INC] */
static int cmd_challenge(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	if (!proto_name_valid(argv[1]))
		return cmd_fail(res, "challenge: `%s` is not a name (1 to %d of A-Z a-z 0-9 _ - .)",
				argv[1], PROTO_NAME_MAX);
	if (check_terms(argc, argv, 2, res) < 0)
		return -1;
	return net_send(ctl, "challenge", argc, argv, res);
}

/* `seek [TIME] [COLOR]` */
static int cmd_seek(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	if (check_terms(argc, argv, 1, res) < 0)
		return -1;
	return net_send(ctl, "seek", argc, argv, res);
}

/* `watch GAME`, `unwatch [GAME]`: a game's number */
static int check_game(int argc, char **argv, struct command_result *res)
{
	long id;

	if (argc > 1 && (!proto_ms_parse(argv[1], &id) || id < 1))
		return cmd_fail(res, "%s: `%s` is not a game's number", argv[0], argv[1]);
	return 0;
}

static int cmd_watch(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	if (check_game(argc, argv, res) < 0)
		return -1;
	return net_send(ctl, "watch", argc, argv, res);
}

static int cmd_unwatch(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	if (check_game(argc, argv, res) < 0)
		return -1;
	return net_send(ctl, "unwatch", argc, argv, res);
}

/* `accept [NAME]`, `decline [NAME]`, `resume [NAME]`: a user's name */
static int check_name(int argc, char **argv, struct command_result *res)
{
	if (argc > 1 && !proto_name_valid(argv[1]))
		return cmd_fail(res, "%s: `%s` is not a name", argv[0], argv[1]);
	return 0;
}

/* The commands sent as they are: one function each, since a handler is told the name as
   typed (a prefix) and the wire takes whole names. */
#define CMD_NET(fn, name, check)                                                                   \
	static int fn(struct controller *ctl, int argc, char **argv, struct command_result *res)   \
	{                                                                                          \
		if (check(argc, argv, res) < 0)                                                    \
			return -1;                                                                 \
		return net_send(ctl, name, argc, argv, res);                                       \
	}

static int no_check(int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	(void)res;
	return 0;
}

CMD_NET(cmd_who, "who", no_check)
CMD_NET(cmd_games, "games", no_check)
CMD_NET(cmd_accept, "accept", check_name)
CMD_NET(cmd_decline, "decline", check_name)
CMD_NET(cmd_withdraw, "withdraw", no_check)
CMD_NET(cmd_takeback, "takeback", no_check)
CMD_NET(cmd_abort, "abort", no_check)
CMD_NET(cmd_adjourn, "adjourn", no_check)
CMD_NET(cmd_claim, "claim", no_check)
CMD_NET(cmd_resume, "resume", check_name)
CMD_NET(cmd_rematch, "rematch", no_check)
CMD_NET(cmd_say, "say", no_check)

/* `lobby`: who is on, the offers and the games, as the server last said */
static int cmd_lobby(struct controller *ctl, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	if (!controller_net_connected(ctl) && !controller_lobby_text(ctl))
		return cmd_fail(res, "lobby: not connected to a game server (`othello join`)");
	return cmd_output(res, controller_lobby_text(ctl));
}

static const struct command_def entries[] = {
    {
	.name = "who",
	.args = {0, 0},
	.usage = "",
	.help = "List the users on the game server and the open offers.",
	.exec = cmd_who,
    },
    {
	.name = "games",
	.args = {0, 0},
	.usage = "",
	.help = "List the server's games in play or adjourned: players, clocks, move,\n"
		"watchers.",
	.exec = cmd_games,
    },
    {
	.name = "lobby",
	.args = {0, 0},
	.usage = "",
	.help = "Show the lobby as the server last said it (users, offers, games).",
	.exec = cmd_lobby,
    },
    {
	.name = "challenge",
	.args = {1, 3},
	.usage = "NAME [TIME] [COLOR]",
	.help = "Offer NAME a game: TIME is MIN[+INC], minutes a side and seconds added\n"
		"a move (the server's default: 5), COLOR yours, black or white (drawn\n"
		"by default).",
	.exec = cmd_challenge,
    },
    {
	.name = "seek",
	.args = {0, 2},
	.usage = "[TIME] [COLOR]",
	.help = "Offer a game anyone may accept (TIME and COLOR as for `challenge`).",
	.exec = cmd_seek,
    },
    {
	.name = "accept",
	.args = {0, 1},
	.usage = "[NAME]",
	.help = "Accept NAME's offer (a challenge, a seek, a rematch) or, in a game, the\n"
		"opponent's request; the game starts.",
	.exec = cmd_accept,
    },
    {
	.name = "decline",
	.args = {0, 1},
	.usage = "[NAME]",
	.help = "Refuse NAME's offer or request (none: every one to you).",
	.exec = cmd_decline,
    },
    {
	.name = "withdraw",
	.args = {0, 0},
	.usage = "",
	.help = "Take back your own open offer.",
	.exec = cmd_withdraw,
    },
    {
	.name = "watch",
	.args = {1, 1},
	.usage = "GAME",
	.help = "Watch game GAME of the server live (`games` lists them).",
	.exec = cmd_watch,
    },
    {
	.name = "unwatch",
	.args = {0, 1},
	.usage = "[GAME]",
	.help = "Stop watching GAME (none: every game).",
	.exec = cmd_unwatch,
    },
    {
	.name = "say",
	.args = {1, -1},
	.usage = "TEXT",
	.help = "Say TEXT to the players and watchers of your game.",
	.flags = CMD_TEXT_TAIL,
	.exec = cmd_say,
    },
    {
	.name = "takeback",
	.args = {0, 0},
	.usage = "",
	.help = "Ask to take back your last move (the opponent agrees with `takeback`\n"
		"or `accept`).",
	.exec = cmd_takeback,
    },
    {
	.name = "abort",
	.args = {0, 0},
	.usage = "",
	.help = "End the game without a result: at once before its second move, later\n"
		"if the opponent agrees.",
	.exec = cmd_abort,
    },
    {
	.name = "adjourn",
	.args = {0, 0},
	.usage = "",
	.help = "Ask to stop the game and keep it for later (at once when the opponent\n"
		"is gone); `resume` goes on.",
	.exec = cmd_adjourn,
    },
    {
	.name = "claim",
	.args = {0, 0},
	.usage = "",
	.help = "Claim the win when the opponent left and did not come back in time.",
	.exec = cmd_claim,
    },
    {
	.name = "resume",
	.args = {0, 1},
	.usage = "[NAME]",
	.help = "Go on with the adjourned game with NAME when both asked.",
	.exec = cmd_resume,
    },
    {
	.name = "rematch",
	.args = {0, 0},
	.usage = "",
	.help = "After a game: offer the opponent the next one, colours swapped.",
	.exec = cmd_rematch,
    },
};

const struct command_part cmd_net_part = COMMAND_PART("The game server (othello join)", entries);
