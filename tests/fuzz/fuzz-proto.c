/*
 * fuzz-proto.c — libFuzzer target for the game server's line parser
 * (proto.h, netgame.h): the input is taken as lines of the wire, as a
 * client or the server would read them, and whole as a game's journal.
 *
 * Each line is split into words (or refused with a message); its words,
 * written back by proto_out_word, must split to the same words; its text
 * cleaned for a terminal must hold no control byte and be its own cleaning;
 * a message of the table has its fields checked; a snapshot that reads must
 * write a snapshot that reads back to the same game; an update is applied to
 * the game of the last snapshot (or a fresh one) and must leave it a game
 * whose snapshot reads back. No input may crash, leak or abort.
 */
#include "netgame.h"
#include "proto.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct proto_line line, again;
static char out[PROTO_SERVER_LINE_MAX + 16];

/* The words of `line`, written and split again, must be the same. */
static void words_round_trip(void)
{
	struct proto_out o;
	char err[200];
	int n;

	for (int i = 0; i < line.argc; i++)
		for (const char *p = line.word[i]; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				return; /* proto_out_word shows control bytes as text: not kept */
	proto_out_start(&o, out, sizeof out);
	for (int i = 0; i < line.argc; i++)
		proto_out_word(&o, line.word[i]);
	if ((n = proto_out_end(&o)) < 0)
		return;
	if (proto_split(out, (size_t)n, &again, err, sizeof err) != line.argc)
		abort();
	for (int i = 0; i < line.argc; i++)
		if (strcmp(again.word[i], line.word[i]) != 0)
			abort();
}

/* Cleaned text holds no control byte and cleans to itself. */
static void clean_check(const char *text, size_t len)
{
	static char a[4 * PROTO_LINE_MAX + 8], b[8 * PROTO_LINE_MAX + 8];

	proto_clean(text, len, a, sizeof a);
	for (const unsigned char *p = (const unsigned char *)a; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			abort();
	proto_clean(a, strlen(a), b, sizeof b);
	if (strcmp(a, b) != 0)
		abort();
}

/* g's snapshot must read back to a game with the same moves, clocks, state. */
static void snapshot_round_trip(const struct netgame *g)
{
	struct proto_out o;
	struct netgame *back;
	char err[200];
	int n;

	proto_out_start(&o, out, sizeof out);
	netgame_snapshot(g, g->you < 0 ? NETGAME_WATCHER : g->you, 1000.0, &o);
	if ((n = proto_out_end(&o)) < 0)
		return; /* a snapshot too long for a line is not sent */
	if (proto_split(out, (size_t)n, &again, err, sizeof err) < 0 ||
	    !(back = netgame_from_snapshot(&again, 1000.0, err, sizeof err))) {
		fprintf(stderr, "a snapshot does not read back: %s\n%s", err, out);
		abort();
	}
	if (back->n_moves != g->n_moves || back->seq != g->seq || back->state != g->state ||
	    !pos_same(&back->pos, &g->pos) ||
	    netgame_clock(back, BLACK, 1000.0) != netgame_clock(g, BLACK, 1000.0) ||
	    netgame_clock(back, WHITE, 1000.0) != netgame_clock(g, WHITE, 1000.0))
		abort();
	netgame_free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *names[2] = {"bob", "carol"}, *logins[2] = {"alice", "carol"};
	struct proto_control c = {60000, 1000};
	struct netgame *g = netgame_new(1, names, logins, &c, 0, 1000.0);
	size_t at = 0, whole;
	char err[300];

	if (!g)
		abort();
	while (at < size) {
		const char *nl = memchr(text + at, '\n', size - at);
		size_t n = nl ? (size_t)(nl - text) + 1 - at : size - at;
		const struct proto_def *d;

		if (n <= PROTO_LINE_MAX * 4)
			clean_check(text + at, n);
		if (proto_split(text + at, n, &line, err, sizeof err) > 0) {
			words_round_trip();
			if ((d = proto_find_command(line.word[0])))
				proto_check_fields(d, &line, err, sizeof err);
			else if ((d = proto_find_message(line.word[0])) &&
				 proto_check_fields(d, &line, err, sizeof err) == 0) {
				if (d->id == PROTO_MSG_SNAPSHOT) {
					struct netgame *s =
					    netgame_from_snapshot(&line, 1000.0, err, sizeof err);

					if (s) {
						netgame_free(g);
						g = s;
					}
				} else if (d->id == PROTO_MSG_UPDATE) {
					netgame_apply(g, &line, 1000.0, err, sizeof err);
				}
				snapshot_round_trip(g);
			}
		}
		at += n;
	}
	netgame_free(g);
	g = netgame_read_journal(text, size, "fuzz.journal", &whole, err, sizeof err);
	if (g) {
		if (whole > size)
			abort();
		snapshot_round_trip(g);
		netgame_free(g);
	} else if (strncmp(err, "fuzz.journal", 12) != 0) {
		abort();
	}
	return 0;
}
