/*
 * test-proto.c — the game server's wire in the game layer: words read and
 * written (every word comes back as it went), text cleaned for a terminal,
 * names and time controls, the tables against doc/protocol.md, and one game
 * (netgame) driven by update lines: moves checked by a slow reference board,
 * snapshots and journals read back to the same game, the record with its
 * clocks.
 */
#include "gamecmp.h"
#include "gametree.h"
#include "netgame.h"
#include "proto.h"
#include "record.h"
#include "refboard.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct proto_line line; /* too big for a test's stack */

/* Splits text, which must be read. */
static int split(const char *text)
{
	char err[200];
	int n = proto_split(text, strlen(text), &line, err, sizeof err);

	cr_assert_geq(n, 0, "%s: %s", text, err);
	return n;
}

Test(proto, split_reads_words_quotes_and_escapes)
{
	cr_assert_eq(split("say \"a  b\" c\\ d \"\"\r\n"), 4);
	cr_assert_str_eq(line.word[0], "say");
	cr_assert_str_eq(line.word[1], "a  b");
	cr_assert_str_eq(line.word[2], "c d");
	cr_assert_str_eq(line.word[3], "");
	cr_assert_eq(split("   \n"), 0);
}

Test(proto, split_refuses_a_nul_an_open_quote_and_too_many_words)
{
	char err[200];
	char text[200];

	cr_assert_lt(proto_split("move\0f5\n", 8, &line, err, sizeof err), 0);
	cr_assert(strstr(err, "NUL"), "%s", err);
	cr_assert_lt(proto_split("say \"open", 9, &line, err, sizeof err), 0);
	text[0] = '\0';
	for (int i = 0; i < PROTO_MAX_WORDS + 1; i++)
		strcat(text, "w ");
	cr_assert_lt(proto_split(text, strlen(text), &line, err, sizeof err), 0);
}

/* Every word written by proto_out_word is read back the same by
   proto_split, whatever printable characters it holds. */
Test(proto, written_words_read_back_the_same)
{
	static const char alphabet[] = " \"\\#abc-+:/é";
	uint64_t rng = 7;

	for (int round = 0; round < 3000; round++) {
		char words[4][24], buf[256];
		struct proto_out o;
		int n = 1 + (int)(test_rand(&rng) % 4);

		proto_out_start(&o, buf, sizeof buf);
		for (int i = 0; i < n; i++) {
			int len = (int)(test_rand(&rng) % 8);
			size_t at = 0;

			for (int j = 0; j < len; j++) {
				size_t k = test_rand(&rng) % (sizeof alphabet - 1);

				/* é is two bytes: take both */
				if ((unsigned char)alphabet[k] >= 0x80)
					k = sizeof alphabet - 3;
				words[i][at++] = alphabet[k];
				if ((unsigned char)alphabet[k] >= 0x80)
					words[i][at++] = alphabet[k + 1];
			}
			words[i][at] = '\0';
			proto_out_word(&o, words[i]);
		}
		cr_assert_gt(proto_out_end(&o), 0);
		cr_assert_eq(split(buf), n, "%s", buf);
		for (int i = 0; i < n; i++)
			cr_assert_str_eq(line.word[i], words[i], "%s", buf);
	}
}

Test(proto, a_line_that_does_not_fit_is_marked)
{
	char buf[16];
	struct proto_out o;

	proto_out_start(&o, buf, sizeof buf);
	proto_out_word(&o, "watch");
	proto_out_word(&o, "a-rather-long-word");
	cr_assert_lt(proto_out_end(&o), 0);
}

/* The cleaned form of text. */
static const char *clean(const char *text, size_t len)
{
	static char out[512];

	proto_clean(text, len, out, sizeof out);
	return out;
}

Test(proto, clean_shows_controls_and_bad_bytes_as_text)
{
	cr_assert_str_eq(clean("\x1b[31mred", 8), "\\x1b[31mred");
	cr_assert_str_eq(clean("a\nb\tc\x7f", 6), "a\\x0ab\\x09c\\x7f");
	cr_assert_str_eq(clean("caf\xc3\xa9", 5), "caf\xc3\xa9");	    /* é kept */
	cr_assert_str_eq(clean("\xff", 1), "\\xff");			    /* not UTF-8 */
	cr_assert_str_eq(clean("\xc0\xaf", 2), "\\xc0\\xaf");		    /* overlong */
	cr_assert_str_eq(clean("\xed\xa0\x80", 3), "\\xed\\xa0\\x80");	    /* a surrogate */
	cr_assert_str_eq(clean("\xc2\x9b", 2), "\\x9b");		    /* C1: CSI */
	cr_assert_str_eq(clean("x\xe2\x80\xaey", 5), "x\\u202ey");	    /* RTL override */
	cr_assert_str_eq(clean("\xe2\x82\xac", 3), "\xe2\x82\xac");	    /* € kept */
	cr_assert_str_eq(clean("\xf0\x9f\x98\x80", 4), "\xf0\x9f\x98\x80"); /* an emoji kept */
	cr_assert_str_eq(clean("\xe2\x82", 2), "\\xe2\\x82");		    /* cut short */
}

/* Cleaned text holds no control byte and is its own cleaning, for any bytes. */
Test(proto, clean_leaves_nothing_a_terminal_acts_on)
{
	uint64_t rng = 11;

	for (int round = 0; round < 5000; round++) {
		unsigned char in[24];
		char out[200], again[400];
		size_t n = test_rand(&rng) % sizeof in;

		for (size_t i = 0; i < n; i++)
			in[i] = (unsigned char)test_rand(&rng);
		proto_clean((const char *)in, n, out, sizeof out);
		for (const unsigned char *p = (const unsigned char *)out; *p; p++)
			cr_assert(*p >= 0x20 && *p != 0x7f, "byte %02x in the cleaned text", *p);
		proto_clean(out, strlen(out), again, sizeof again);
		cr_assert_str_eq(again, out);
	}
}

Test(proto, clean_cuts_between_characters)
{
	char out[6];

	proto_clean("ab\xc3\xa9\xc3\xa9", 6, out, sizeof out);
	cr_assert_str_eq(out, "ab\xc3\xa9");
	proto_clean("a\x01", 2, out, 4);
	cr_assert_str_eq(out, "a");
}

Test(proto, names)
{
	const char *good[] = {"bob", "Bob_2", "a.b-c", "x", "abcdefghijklmnopqrst"};
	const char *bad[] = {"",	   "-bob",	  ".bob",
			     "bob smith",  "b\x1b",	  "abcdefghijklmnopqrstu",
			     "bob(alice)", "caf\xc3\xa9", "b\"o"};

	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		cr_assert(proto_name_valid(good[i]), "%s", good[i]);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		cr_assert_not(proto_name_valid(bad[i]), "%s", bad[i]);
	cr_assert(proto_name_equal("Bob", "bOB"));
	cr_assert_not(proto_name_equal("bob", "bob2"));
}

Test(proto, time_controls)
{
	struct proto_control c;
	char err[200], text[PROTO_CONTROL_LEN];

	cr_assert_eq(proto_control_parse("5", &c, err, sizeof err), 0);
	cr_assert_eq(c.base_ms, 300000);
	cr_assert_eq(c.inc_ms, 0);
	cr_assert_eq(proto_control_parse("5+3", &c, err, sizeof err), 0);
	cr_assert_eq(c.inc_ms, 3000);
	cr_assert_eq(proto_control_parse("0.05+0", &c, err, sizeof err), 0);
	cr_assert_eq(c.base_ms, 3000);
	const char *bad[] = {"", "0", "0.001", "601", "5+601", "5+", "+3", "five", "5+3.5", "-1"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		cr_assert_lt(proto_control_parse(bad[i], &c, err, sizeof err), 0, "%s", bad[i]);
	/* written as it is read */
	for (long s = 1; s <= 36000; s = s < 100 ? s + 1 : s * 3 + 7)
		for (long inc = 0; inc <= 600; inc += 299) {
			struct proto_control a = {s * 1000, inc * 1000}, b;

			proto_control_format(&a, text);
			cr_assert_eq(proto_control_parse(text, &b, err, sizeof err), 0, "%s: %s",
				     text, err);
			cr_assert_eq(b.base_ms, a.base_ms, "%s", text);
			cr_assert_eq(b.inc_ms, a.inc_ms, "%s", text);
		}
}

Test(proto, fields_checked_extra_ones_dropped_text_joined)
{
	const struct proto_def *say = proto_find_command("say"), *move = proto_find_command("move");
	char err[200];

	cr_assert_not_null(say);
	split("say hello   there you");
	cr_assert_eq(proto_check_fields(say, &line, err, sizeof err), 0);
	cr_assert_eq(line.argc, 2);
	cr_assert_str_eq(line.word[1], "hello there you");
	split("move f5 100 later-field");
	cr_assert_eq(proto_check_fields(move, &line, err, sizeof err), 0);
	cr_assert_eq(line.argc, 3);
	split("move");
	cr_assert_lt(proto_check_fields(move, &line, err, sizeof err), 0);
	cr_assert(strstr(err, "usage: move SQUARE"), "%s", err);
	cr_assert_null(proto_find_command("mov"), "the wire takes whole names only");
}

/* doc/protocol.md names every command and message of the tables. */
/* The table's field counts agree with its usage (which doc/protocol.md
   shows): `lower` the words outside brackets but a list's (`WORD...`),
   `upper` all of them, unless the usage ends in a list (`...`, FIELDS). */
static void counts_agree(const struct proto_def *d)
{
	int depth = 0, needed = 0, all = 0;
	const char *p = d->usage;

	while (*p) {
		size_t n = strcspn(p, " ");

		all++;
		needed += depth == 0 && *p != '[' && !(n > 3 && strncmp(p + n - 3, "...", 3) == 0);
		for (size_t i = 0; i < n; i++)
			depth += (p[i] == '[') - (p[i] == ']');
		p += n + strspn(p + n, " ");
	}
	cr_assert_eq(d->lower, needed, "%s %s: %d fields needed, the table says %d", d->name,
		     d->usage, needed, d->lower);
	if (!strstr(d->usage, "...") && !strstr(d->usage, "FIELDS"))
		cr_assert_eq(d->upper, all, "%s %s: %d fields at most, the table says %d", d->name,
			     d->usage, all, d->upper);
}

Test(proto, the_protocol_file_lists_every_command_and_message)
{
	size_t len, count;
	char *doc = read_test_file("../../doc/protocol.md", &len);
	const struct proto_def *t;

	cr_assert_not_null(doc, "doc/protocol.md");
	t = proto_commands(&count);
	for (size_t i = 0; i < count; i++) {
		char row[64];

		cr_assert_eq(t[i].id, (int)i);
		cr_assert_leq(t[i].lower, t[i].upper);
		cr_assert_neq(t[i].who, 0u);
		counts_agree(&t[i]);
		snprintf(row, sizeof row, "| `%s` | ", t[i].name);
		cr_assert(strstr(doc, row), "doc/protocol.md has no row for command %s", t[i].name);
	}
	t = proto_messages(&count);
	for (size_t i = 0; i < count; i++) {
		char row[64], row2[64];

		cr_assert_eq(t[i].id, (int)i);
		counts_agree(&t[i]);
		snprintf(row, sizeof row, "| `%s` |", t[i].name);
		snprintf(row2, sizeof row2, "`%s`,", t[i].name);
		cr_assert(strstr(doc, row) || strstr(doc, row2),
			  "doc/protocol.md has no row for message %s", t[i].name);
	}
	free(doc);
}

/* ---- one game, by update lines */

static struct netgame *new_game(void)
{
	const char *names[2] = {"bob", "carol"}, *logins[2] = {"alice", "carol"};
	struct proto_control c = {300000, 2000};
	struct netgame *g = netgame_new(12, names, logins, &c, 1700000000, 100.0);

	cr_assert_not_null(g);
	return g;
}

/* Applies one update line at time `now`; the result of netgame_apply. */
static int apply(struct netgame *g, const char *text, double now)
{
	char err[200];

	split(text);
	return netgame_apply(g, &line, now, err, sizeof err);
}

Test(netgame, moves_are_checked_as_the_rules_say)
{
	struct netgame *g = new_game();

	cr_assert_eq(apply(g, "update 12 1 move black f5 1000 301000 300000", 101), 1);
	cr_assert_eq(g->n_moves, 1);
	cr_assert_eq(g->turn, WHITE);
	cr_assert_eq(g->clock[BLACK], 301000);
	/* out of turn, an illegal square, a pass with moves: refused, nothing changes */
	cr_assert_lt(apply(g, "update 12 2 move black d6 1 1 1", 102), 0);
	cr_assert_lt(apply(g, "update 12 2 move white a1 1 1 1", 102), 0);
	cr_assert_lt(apply(g, "update 12 2 move white pa 1 1 1", 102), 0);
	cr_assert_eq(g->seq, 1);
	cr_assert_eq(g->n_moves, 1);
	cr_assert_eq(g->clock[BLACK], 301000);
	/* a repeated update is harmless, a gap is an error, another game's too */
	cr_assert_eq(apply(g, "update 12 1 move black f5 1000 301000 300000", 103), 0);
	cr_assert_eq(g->n_moves, 1);
	cr_assert_lt(apply(g, "update 12 3 move white d6 1 1 1", 103), 0);
	cr_assert_lt(apply(g, "update 13 2 move white d6 1 1 1", 103), 0);
	cr_assert_eq(apply(g, "update 12 2 move white d6 4000 301000 298000", 104), 1);
	netgame_free(g);
}

/* An end holds a result and a reason of the protocol's form, nothing else
   (they reach the screen and the record's RE). */
Test(netgame, an_end_has_a_result_of_the_protocol)
{
	static const char *const bad[] = {
	    "B+65", "W+0", "B+012", "B+X", "B-12", "b+12", "Draw", "W+\\x1b", "-", "B+123",
	};
	static const char *const good[] = {"B+12", "W+64", "0", "Void", "B+R", "W+T", "B+F"};
	char text[200];

	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct netgame *g = new_game();

		snprintf(text, sizeof text, "update 12 1 end \"%s\" normal 1 1", bad[i]);
		cr_assert_lt(apply(g, text, 101), 0, "%s", text);
		cr_assert_eq(g->state, NETGAME_PLAY);
		netgame_free(g);
	}
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		struct netgame *g = new_game();

		snprintf(text, sizeof text, "update 12 1 end %s resign 1 1", good[i]);
		cr_assert_eq(apply(g, text, 101), 1, "%s", text);
		cr_assert_str_eq(g->result, good[i]);
		netgame_free(g);
	}
	struct netgame *g = new_game();

	cr_assert_lt(apply(g, "update 12 1 end B+12 \"no\\\\x1b\" 1 1", 101), 0);
	cr_assert_lt(apply(g, "update 12 1 end B+12 sixteenlettersab 1 1", 101), 0);
	netgame_free(g);
}

Test(netgame, the_side_to_move_has_the_running_clock)
{
	struct netgame *g = new_game();

	cr_assert_eq(netgame_clock(g, BLACK, 102.5), 297500);
	cr_assert_eq(netgame_clock(g, WHITE, 102.5), 300000);
	cr_assert_eq(apply(g, "update 12 1 state paused 297000 300000", 103), 1);
	cr_assert_eq(netgame_clock(g, BLACK, 200), 297000, "a paused clock stands");
	cr_assert_eq(apply(g, "update 12 2 state play 297000 300000", 200), 1);
	cr_assert_eq(netgame_clock(g, BLACK, 200 + 1000), 0, "and stops at 0");
	netgame_free(g);
}

/* Plays a random game through update lines: each move of the slow reference
   board, the passes when it has none; the game's position follows the
   reference, and its final result is the reference's count. */
Test(netgame, random_games_follow_the_reference_board)
{
	uint64_t rng = 99;

	for (int round = 0; round < 40; round++) {
		struct netgame *g = new_game();
		struct refboard r;
		char text[200], sq[4], result[NETGAME_RESULT_LEN];
		long seq = 0;
		int passes = 0;
		enum color mover = BLACK;

		refboard_from_bits(&r, pos_own(&g->pos), pos_opp(&g->pos));
		while (passes < 2) {
			uint64_t moves = refboard_moves(&r);
			int pick;

			if (!moves) {
				cr_assert(netgame_must_pass(g) || netgame_board_over(g));
				if (netgame_board_over(g))
					break;
				snprintf(text, sizeof text, "update 12 %ld move %s pa 0 1 1", ++seq,
					 proto_color_name(mover));
				cr_assert_eq(apply(g, text, 100), 1, "%s", text);
				refboard_pass(&r);
				passes++;
			} else {
				int k =
				    (int)(test_rand(&rng) % (uint64_t)__builtin_popcountll(moves));

				for (pick = 0; pick < 64; pick++)
					if (((moves >> pick) & 1) && k-- == 0)
						break;
				cr_assert(netgame_legal(g, pick));
				snprintf(text, sizeof text, "update 12 %ld move %s %s 10 1 1",
					 ++seq, proto_color_name(mover),
					 proto_square_name(pick, sq));
				cr_assert_eq(apply(g, text, 100), 1, "%s", text);
				refboard_play(&r, pick);
				passes = 0;
			}
			mover = (enum color) !mover;
			for (int i = 0; i < 64; i++) {
				bool own = (pos_own(&g->pos) >> i) & 1,
				     opp = (pos_opp(&g->pos) >> i) & 1;

				cr_assert_eq(own, r.cell[i] == REF_MOVER, "ply %d square %d",
					     g->n_moves, i);
				cr_assert_eq(opp, r.cell[i] == REF_OTHER, "ply %d square %d",
					     g->n_moves, i);
			}
		}
		cr_assert(netgame_board_over(g));
		netgame_board_result(g, result);
		{
			int black = 0, white = 0, empty = 0;

			for (int i = 0; i < 64; i++) {
				int cell = r.cell[i];

				if (cell == REF_EMPTY)
					empty++;
				else if ((cell == REF_MOVER) == (g->turn == BLACK))
					black++;
				else
					white++;
			}
			if (black > white)
				black += empty;
			else if (white > black)
				white += empty;
			if (black == white)
				snprintf(text, sizeof text, "0");
			else
				snprintf(text, sizeof text, "%c+%d", black > white ? 'B' : 'W',
					 abs(black - white));
			cr_assert_str_eq(result, text);
		}
		netgame_free(g);
	}
}

/* A game with moves, a pass, clocks, presence and watchers. */
static struct netgame *played(void)
{
	struct netgame *g = new_game();

	cr_assert_eq(apply(g, "update 12 1 move black f5 1500 300500 300000", 101), 1);
	cr_assert_eq(apply(g, "update 12 2 move white d6 2500 300500 299500", 102), 1);
	cr_assert_eq(apply(g, "update 12 3 watch dave on", 102), 1);
	cr_assert_eq(apply(g, "update 12 4 watch erin on", 102), 1);
	cr_assert_eq(apply(g, "update 12 5 presence white away:60000 300000 299500", 102.5), 1);
	cr_assert_eq(apply(g, "update 12 6 move black c3 500 301500 299500", 103), 1);
	return g;
}

/* Two games hold the same thing. */
static void same(const struct netgame *a, const struct netgame *b, double now)
{
	cr_assert_eq(a->id, b->id);
	cr_assert_eq(a->seq, b->seq);
	cr_assert_eq(a->state, b->state);
	cr_assert_eq(a->n_moves, b->n_moves);
	for (int i = 0; i < a->n_moves; i++) {
		cr_assert_eq(a->move[i].sq, b->move[i].sq);
		cr_assert_eq(a->move[i].took_ms, b->move[i].took_ms);
		cr_assert_eq(a->move[i].left_ms, b->move[i].left_ms);
	}
	cr_assert(pos_same(&a->pos, &b->pos));
	cr_assert_eq(a->turn, b->turn);
	for (int c = 0; c < 2; c++) {
		cr_assert_str_eq(a->player[c].name, b->player[c].name);
		cr_assert_str_eq(a->player[c].login, b->player[c].login);
		cr_assert_eq(a->player[c].presence, b->player[c].presence);
		cr_assert_eq(netgame_away_left(a, (enum color)c, now),
			     netgame_away_left(b, (enum color)c, now));
		cr_assert_eq(netgame_clock(a, (enum color)c, now),
			     netgame_clock(b, (enum color)c, now));
	}
	cr_assert_eq(a->control.base_ms, b->control.base_ms);
	cr_assert_eq(a->control.inc_ms, b->control.inc_ms);
	cr_assert_str_eq(a->result, b->result);
}

Test(netgame, a_snapshot_reads_back_to_the_same_game)
{
	struct netgame *g = played(), *back;
	char buf[4096], err[200];
	struct proto_out o;

	proto_out_start(&o, buf, sizeof buf);
	netgame_snapshot(g, WHITE, 110, &o);
	cr_assert_gt(proto_out_end(&o), 0);
	split(buf);
	back = netgame_from_snapshot(&line, 110, err, sizeof err);
	cr_assert_not_null(back, "%s: %s", buf, err);
	same(g, back, 115);
	cr_assert_eq(back->you, WHITE);
	cr_assert_eq(back->n_watchers, 2);
	cr_assert_str_eq(back->watchers[0], "dave");
	/* one without its last field is refused */
	*strrchr(buf, ' ') = '\0';
	split(buf);
	cr_assert_null(netgame_from_snapshot(&line, 110, err, sizeof err));
	cr_assert(strstr(err, "18 fields"), "%s", err);
	split(strcat(buf, " -\n"));
	netgame_free(back);
	back = netgame_from_snapshot(&line, 110, err, sizeof err);
	cr_assert_not_null(back, "%s", err);
	/* a snapshot whose moves are not legal is refused */
	strcpy(strstr(buf, "f5/"), "a1/1/1 300000 300000 black - here here -\n");
	split(buf);
	cr_assert_null(netgame_from_snapshot(&line, 110, err, sizeof err));
	cr_assert(strstr(err, "not legal"), "%s", err);
	netgame_free(back);
	netgame_free(g);
}

/* g's snapshot for seat `you` at `now`, read back; fails when it does not. */
static struct netgame *read_back(const struct netgame *g, int you, double now)
{
	char buf[4096], err[200];
	struct proto_out o;
	struct netgame *back;

	proto_out_start(&o, buf, sizeof buf);
	netgame_snapshot(g, you, now, &o);
	cr_assert_gt(proto_out_end(&o), 0);
	split(buf);
	back = netgame_from_snapshot(&line, now, err, sizeof err);
	cr_assert_not_null(back, "%s: %s", buf, err);
	return back;
}

/* A login is kept as the lines show it, so a game whose login holds bytes a
   terminal would act on (or long ones, which grow when shown) reads back. */
Test(netgame, a_login_of_any_bytes_reads_back_the_same)
{
	char login[PROTO_LOGIN_MAX + 1];
	const char *names[2] = {"bob", "carol"}, *logins[2] = {"alice", login};
	struct proto_control c = {60000, 0};
	struct netgame *g, *back, *again;

	memset(login, 0xff, 30);
	strcpy(login + 30, "\x1b[2Jcarol");
	g = netgame_new(1, names, logins, &c, 0, 100);
	cr_assert(strncmp(g->player[WHITE].login, "\\xff\\xff", 8) == 0, "%s",
		  g->player[WHITE].login);
	cr_assert_leq(strlen(g->player[WHITE].login), PROTO_LOGIN_MAX);
	back = read_back(g, BLACK, 100);
	cr_assert_str_eq(back->player[WHITE].login, g->player[WHITE].login);
	again = read_back(back, BLACK, 100);
	cr_assert_str_eq(again->player[WHITE].login, g->player[WHITE].login);
	netgame_free(again);
	netgame_free(back);
	netgame_free(g);
}

/* The longest times a field may hold read back in a snapshot's moves. */
Test(netgame, a_snapshot_with_the_longest_times_reads_back)
{
	struct netgame *g = new_game(), *back;

	cr_assert_eq(apply(g, "update 12 1 move black f5 31622400000 31622400000 300000", 101), 1);
	back = read_back(g, BLACK, 101);
	cr_assert_eq(back->move[0].took_ms, 31622400000);
	cr_assert_eq(back->move[0].left_ms, 31622400000);
	netgame_free(back);
	netgame_free(g);
}

/* The journal of `g`: its header and the lines given. */
static char *journal(const struct netgame *g, const char *lines)
{
	char head[1024], *text = malloc(8192);
	struct proto_out o;

	proto_out_start(&o, head, sizeof head);
	netgame_journal_header(g, &o);
	cr_assert_gt(proto_out_end(&o), 0);
	snprintf(text, 8192, "%s%s", head, lines);
	return text;
}

Test(netgame, a_journal_reads_back_and_a_cut_last_line_is_left_out)
{
	struct netgame *g = new_game(), *back;
	const char *lines = "update 12 1 move black f5 1500 300500 300000\n"
			    "update 12 2 move white d6 2500 300500 299500\n"
			    "update 12 3 move black c3 5";
	char *text = journal(g, lines), err[300];
	size_t whole;

	back = netgame_read_journal(text, strlen(text), "12.journal", &whole, err, sizeof err);
	cr_assert_not_null(back, "%s", err);
	cr_assert_eq(back->n_moves, 2);
	cr_assert_eq(whole, strlen(text) - strlen("update 12 3 move black c3 5"));
	cr_assert_eq(back->clock[WHITE], 299500);
	cr_assert_eq(back->created, 1700000000);
	netgame_free(back);
	free(text);
	/* a line the rules refuse names its line */
	text = journal(g, "update 12 1 move black f5 1 1 1\nupdate 12 2 move white a1 1 1 1\n");
	cr_assert_null(
	    netgame_read_journal(text, strlen(text), "12.journal", &whole, err, sizeof err));
	cr_assert(strstr(err, "12.journal:3: a1 is not a legal move"), "%s", err);
	free(text);
	netgame_free(g);
}

Test(netgame, a_takeback_replays_the_moves_it_keeps)
{
	struct netgame *g = played(), *ref = new_game();

	cr_assert_eq(apply(g, "update 12 7 takeback 1 301500 299500", 104), 1);
	cr_assert_eq(g->n_moves, 1);
	cr_assert_eq(g->turn, WHITE);
	cr_assert_eq(apply(ref, "update 12 1 move black f5 1500 300500 300000", 101), 1);
	cr_assert(pos_same(&g->pos, &ref->pos));
	cr_assert_lt(apply(g, "update 12 8 takeback 5 1 1", 105), 0);
	netgame_free(g);
	netgame_free(ref);
}

/* The record carries each move's time and each side's clock after it, the
   players, the clock and the result, and reads back with the same moves. */
Test(netgame, the_record_has_times_clocks_and_result)
{
	struct netgame *g = played();
	struct game *r, *back;
	char *text = NULL, err[300];
	size_t len = 0;
	FILE *f;

	cr_assert_eq(apply(g, "update 12 7 end B+R resign 301500 299000", 104), 1);
	cr_assert_eq(g->state, NETGAME_OVER);
	cr_assert_not_null(r = netgame_record(g));
	f = open_memstream(&text, &len);
	cr_assert_eq(record_write_sgf(r, f), 0);
	fclose(f);
	cr_assert(strstr(text, "PB[bob (alice)]"), "%s", text);
	cr_assert(strstr(text, "PW[carol]"), "%s", text);
	cr_assert(strstr(text, "RE[B+R]"), "%s", text);
	cr_assert(strstr(text, "TM[300]"), "%s", text);
	cr_assert(strstr(text, "DT[2023-11-14]"), "%s", text);
	cr_assert(strstr(text, "B[f5]"), "%s", text);
	cr_assert(strstr(text, "BL[300.500]"), "%s", text);
	cr_assert(strstr(text, "WL[299.500]"), "%s", text);
	cr_assert_not_null(back = record_read_sgf(text, len, "r.sgf", err, sizeof err), "%s", err);
	cr_assert_eq(game_main_line_length(back), 3);
	cr_assert_eq(game_main_line(back, 3)->move, g->move[2].sq);
	cr_assert_float_eq(game_main_line(back, 2)->time, 2.5, 1e-9);
	game_free(back);
	game_free(r);
	free(text);
	netgame_free(g);
}
