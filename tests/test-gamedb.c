/*
 * test-gamedb.c — the game collections: WTHOR files written by our writer and
 * by hand read back, their refusals with file and record, Logistello's book
 * lines with passes and bad lines, collected games as game records, and the
 * shared WTHOR and Logistello files where ../shared/data is present.
 */
#include <criterion/criterion.h>

#include "bytes.h"
#include "gamedb.h"
#include "refboard.h"

#include <stdlib.h>
#include <string.h>

/* Plays a transcript ("f5d6c3") into the moves of a game. */
static struct gamedb_game game_of(const char *line, int result, int theory)
{
	struct gamedb_game g = {0};
	int moves[60], n = 0;
	char err[128];

	for (size_t i = 0; line[i]; i += 2)
		moves[n++] = (line[i + 1] - '1') * 8 + line[i] - 'a';
	cr_assert_eq(gamedb_play_moves(moves, n, &g, err, sizeof(err)), 0, "%s", err);
	g.result = (int8_t)result;
	g.theory = (int8_t)theory;
	g.theory_empties = 24;
	return g;
}

/* A memory file holding `len` bytes of `data`. */
static FILE *mem_file(const void *data, size_t len)
{
	void *p;
	FILE *f;

	memcpy(&p, &data, sizeof(p)); /* read only: "rb" */
	f = fmemopen(p, len, "rb");

	cr_assert_not_null(f);
	return f;
}

/* The bytes that `write` put in a memory stream. */
struct buf {
	char *p;
	size_t len;
};

/* A complete 60-move game without a pass that ends on a full board, 32-32. */
static const char *const FULL =
    "f5d6c5f4e3c6f3g6e6f6d7b5e7c3d3c7b3e2b4g5g4c4f7a4f2d2g3h4h6f1h5h3a5a3b6a6c8h7e1a7c1"
    "d1g1g7g2d8a2a1e8f8b7c2b2b1h8g8h2h1a8b8";

Test(gamedb, wthor_games_round_trip_through_our_writer)
{
	struct gamedb_game in[3] = {game_of("f5d6c3d3c4", 10, -4),
				    game_of("f5f6e6f4e3c5c4", -64, 0), game_of(FULL, 0, 8)};
	struct gamedb_games out = {0};
	struct buf b = {0};
	char err[256];
	FILE *f = open_memstream(&b.p, &b.len);

	in[1].black = 7;
	in[1].white = 300;
	in[1].tournament = 2;
	cr_assert_eq(gamedb_wthor_write(f, in, 3, 2011), 0);
	fclose(f);
	cr_assert_eq(b.len, (size_t)(16 + 3 * 68));
	f = mem_file(b.p, b.len);
	cr_assert_eq(gamedb_wthor_read(f, "t.wtb", &out, err, sizeof(err)), 3, "%s", err);
	fclose(f);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(out.g[i].n_moves, in[i].n_moves);
		cr_assert_eq(memcmp(out.g[i].moves, in[i].moves, in[i].n_moves), 0);
		cr_assert_eq(out.g[i].result, in[i].result);
		cr_assert_eq(out.g[i].theory, in[i].theory);
		cr_assert_eq(out.g[i].year, 2011);
		cr_assert_eq(out.g[i].theory_empties, 24);
	}
	cr_assert_eq(out.g[1].black, 7);
	cr_assert_eq(out.g[1].white, 300);
	cr_assert_eq(out.g[1].tournament, 2);
	gamedb_games_free(&out);
	free(b.p);
}

/* A hand-made .wtb of one game: the header fields and one record, the
   moves given as WTHOR bytes (10 x row + column). */
static size_t hand_file(uint8_t *p, int p1, int p2, uint32_t n1, const uint8_t *moves, int n)
{
	memset(p, 0, 16 + 68);
	p[0] = 20;
	p[1] = 12;
	p[2] = 3;
	p[3] = 4;
	bytes_put_le(p + 4, n1, 4);
	bytes_put_le(p + 10, 1999, 2);
	p[12] = (uint8_t)p1;
	p[13] = (uint8_t)p2;
	p[14] = 24;
	p[16 + 6] = 40;
	p[16 + 7] = 33;
	memcpy(p + 16 + 8, moves, (size_t)n);
	return 16 + 68;
}

Test(gamedb, a_hand_written_wthor_record_reads_as_its_moves)
{
	/* f5 = row 5, column 6: 56; d6 = 64; c3 = 33. */
	static const uint8_t moves[] = {56, 64, 33};
	uint8_t file[16 + 68];
	struct gamedb_games out = {0};
	char err[256];
	size_t len = hand_file(file, 0, 0, 1, moves, 3);
	FILE *f = mem_file(file, len);

	cr_assert_eq(gamedb_wthor_read(f, "h.wtb", &out, err, sizeof(err)), 1, "%s", err);
	fclose(f);
	cr_assert_eq(out.g[0].n_moves, 3);
	cr_assert_eq(out.g[0].moves[0], 37); /* f5 */
	cr_assert_eq(out.g[0].moves[1], 43); /* d6 */
	cr_assert_eq(out.g[0].moves[2], 18); /* c3 */
	cr_assert_eq(out.g[0].result, 16);   /* 40 discs */
	cr_assert_eq(out.g[0].theory, 2);    /* 33 discs */
	cr_assert_eq(out.g[0].year, 1999);
	gamedb_games_free(&out);
}

/* Reads `len` bytes of `file` as a .wtb and returns the message of its refusal. */
static void refused(const uint8_t *file, size_t len, const char *expect)
{
	struct gamedb_games out = {0};
	struct gamedb_game keep = game_of("f5", 0, 0);
	char err[256] = "";
	FILE *f = mem_file(file, len);

	cr_assert_eq(gamedb_games_add(&out, &keep), 0);
	cr_assert_eq(gamedb_wthor_read(f, "WTH_1999.wtb", &out, err, sizeof(err)), -1);
	fclose(f);
	cr_assert_str_eq(err, expect);
	cr_assert_eq(out.n, 1, "a failed read leaves what was there");
	gamedb_games_free(&out);
}

Test(gamedb, bad_wthor_files_are_refused_with_file_record_and_reason)
{
	static const uint8_t ok[] = {56, 64, 33}, illegal[] = {56, 64, 11}, hole[] = {56, 0, 33},
			     off[] = {56, 99};
	uint8_t file[16 + 68];
	size_t len;

	len = hand_file(file, 10, 0, 1, ok, 3);
	refused(file, len, "WTH_1999.wtb: a 10x10 WTHOR file (only 8x8 games are read)");
	len = hand_file(file, 8, 1, 1, ok, 3);
	refused(file, len, "WTH_1999.wtb: a file of solitaires (only games are read)");
	len = hand_file(file, 0, 0, 2, ok, 3);
	refused(file, len,
		"WTH_1999.wtb: the header announces 2 games but the file holds 1 (truncated?)");
	len = hand_file(file, 0, 0, 1, illegal, 3);
	refused(file, len, "WTH_1999.wtb: record 1: move 3 (a1) is illegal");
	len = hand_file(file, 0, 0, 1, hole, 3);
	refused(file, len, "WTH_1999.wtb: record 1: move 3 comes after an empty move");
	len = hand_file(file, 0, 0, 1, off, 2);
	refused(file, len, "WTH_1999.wtb: record 1: move 2: 99 is not a square");
	refused(file, 10, "WTH_1999.wtb: not a WTHOR file (no header)");
	len = hand_file(file, 0, 0, 1, ok, 3);
	file[16 + 6] = 65;
	refused(file, len, "WTH_1999.wtb: record 1: a score of 65 discs");
	/* a stream with more than its header announces stops at the first byte too many */
	len = hand_file(file, 0, 0, 0, ok, 3);
	refused(file, len, "WTH_1999.wtb: more bytes than the 0 games the header announces");
	file[8] = 2; /* no games, two names */
	refused(file, len, "WTH_1999.wtb: a file of names, not of games");
}

Test(gamedb, names_are_read_from_latin1_into_utf8)
{
	const char *names[] = {"Tamenori Hideshi", "L\xe9vy Fran\xe7ois ", "Ab"};
	struct gamedb_names ns;
	struct buf b = {0};
	char err[256];
	FILE *f = open_memstream(&b.p, &b.len);

	cr_assert_eq(gamedb_wthor_write_names(f, names, 3, GAMEDB_JOU_RECORD), 0);
	fclose(f);
	cr_assert_eq(b.len, (size_t)(16 + 3 * 20));
	f = mem_file(b.p, b.len);
	cr_assert_eq(
	    gamedb_wthor_read_names(f, "WTHOR.JOU", GAMEDB_JOU_RECORD, &ns, err, sizeof(err)), 3,
	    "%s", err);
	fclose(f);
	cr_assert_str_eq(ns.name[0], "Tamenori Hideshi");
	cr_assert_str_eq(ns.name[1], "L\xc3\xa9vy Fran\xc3\xa7ois");
	cr_assert_str_eq(ns.name[2], "Ab");
	gamedb_names_free(&ns);
	/* A .jou file read as tournaments holds a size the header does not account for. */
	f = mem_file(b.p, b.len);
	cr_assert_eq(
	    gamedb_wthor_read_names(f, "WTHOR.TRN", GAMEDB_TRN_RECORD, &ns, err, sizeof(err)), -1);
	fclose(f);
	cr_assert_str_eq(
	    err, "WTHOR.TRN: the header announces 3 names but the file holds 2 (truncated?)");
	free(b.p);
}

Test(gamedb, a_logbook_line_reads_with_its_passes_and_result)
{
	struct gamedb_game g, ref = game_of(FULL, 0, 0);
	char line[256] = "", err[128];
	size_t n = 0;

	/* The full game written with signs, each the colour of the side to move. */
	for (int i = 0; i < ref.n_moves; i++) {
		struct board b;
		enum color side;

		cr_assert_eq(gamedb_replay(&ref, &b, &side, i, err, sizeof(err)), i);
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%c%s", side == BLACK ? '+' : '-',
				      board_square_name(ref.moves[i]));
	}
	snprintf(line + n, sizeof(line) - n, ": +00 10"); /* a draw: its board's result */
	cr_assert_eq(gamedb_logbook_parse(line, strlen(line), &g, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(g.n_moves, 60);
	cr_assert_eq(memcmp(g.moves, ref.moves, 60), 0);
	cr_assert_eq(g.result, 0);
	cr_assert_eq(g.theory, GAMEDB_NO_SCORE);
	cr_assert_eq(g.black, GAMEDB_NO_NAME);
}

Test(gamedb, a_pass_in_a_logbook_line_is_two_moves_of_one_sign)
{
	/* Random legal games until one has a pass, written with signs, read back. */
	uint64_t rng = 7;
	for (int tries = 0; tries < 2000; tries++) {
		struct board b;
		enum color side = BLACK;
		char line[512] = "", err[128];
		int moves[60], n = 0, passes = 0;
		size_t len = 0;
		struct gamedb_game g;

		board_start(&b);
		while (!board_game_over(&b) && n < 60) {
			uint64_t m = board_moves(b.own, b.opp);
			int k, sq;

			if (!m) {
				board_pass(&b);
				side = side == BLACK ? WHITE : BLACK;
				passes++;
				continue;
			}
			rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
			k = (int)((rng >> 33) % (uint64_t)board_popcount(m));
			while (k--)
				m &= m - 1;
			sq = board_first_square(m);
			board_play(&b, sq, board_flips(b.own, b.opp, sq));
			len += (size_t)snprintf(line + len, sizeof(line) - len, "%c%s",
						side == BLACK ? '+' : '-', board_square_name(sq));
			side = side == BLACK ? WHITE : BLACK;
			moves[n++] = sq;
		}
		if (!passes)
			continue;
		snprintf(line + len, sizeof(line) - len, ": %+03d 0",
			 side == BLACK ? board_final_score(&b) : -board_final_score(&b));
		cr_assert_eq(gamedb_logbook_parse(line, strlen(line), &g, err, sizeof(err)), 0,
			     "%s: %s", line, err);
		cr_assert_eq(g.n_moves, n);
		for (int i = 0; i < n; i++)
			cr_assert_eq(g.moves[i], moves[i]);
		return;
	}
	cr_assert_fail("no random game with a pass");
}

/* Parses `line` as a book line and returns its message. */
static void bad_line(const char *line, const char *expect)
{
	struct gamedb_game g;
	char err[160] = "";

	cr_assert_eq(gamedb_logbook_parse(line, strlen(line), &g, err, sizeof(err)), -1, "%s",
		     line);
	cr_assert_str_eq(err, expect);
}

Test(gamedb, bad_logbook_lines_name_the_column)
{
	bad_line("+f5-d6+c3: +02x 0",
		 "12: expected the result (a disc difference from -64 to +64)");
	bad_line("+f5-d6+c3 +02 0", "10: expected a move (+ or - and a square)");
	bad_line("+f5-d6+c3", "10: expected ':' and the result after the moves");
	bad_line("+f5-d6-c3: +02 0", "7: White plays c3 but Black has a move");
	bad_line("+f5-d6+a1: +02 0", "7: a1 is not a legal move here");
	bad_line("+f5-z6: +02 0", "5: expected a square after '-'");
	bad_line("+f5: +99 0", "6: expected the result (a disc difference from -64 to +64)");
	bad_line("+f5-d6+c3: +02 0 junk", "18: unexpected text after the result and its number");
	bad_line("+f5-d6+c3: +02 0 1", "18: unexpected text after the result and its number");
	/* the shortest game: Black wins 13-0 with 51 empties (+64, or +13 as counted) */
	bad_line("+f5-f4+c3-c6+c5-d6+f3-c4+c7: +12 0",
		 "30: the result +12 is not the final board's (+13, with the empty squares to "
		 "the winner +64)");
	bad_line("+f5-f4+c3-c6+c5-d6+f3-c4+c7: -64 0",
		 "30: the result -64 is not the final board's (+13, with the empty squares to "
		 "the winner +64)");
}

/* A finished game's result is its final board's, empty squares counted to the
   winner or not at all (Logistello's book writes both); an unfinished line's
   cannot be checked. */
Test(gamedb, a_finished_logbook_line_has_its_board_s_result)
{
	struct gamedb_game g;
	char err[160];
	const char *ok[] = {"+f5-f4+c3-c6+c5-d6+f3-c4+c7: +64 0",
			    "+f5-f4+c3-c6+c5-d6+f3-c4+c7: +13 0",
			    "+f5-f4+c3-c6+c5-d6+f3-c4+c7: +13", "+f5-d6: -40 3  "};

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		cr_assert_eq(gamedb_logbook_parse(ok[i], strlen(ok[i]), &g, err, sizeof(err)), 0,
			     "%s: %s", ok[i], err);
}

Test(gamedb, a_logbook_file_reports_the_line_of_a_bad_game)
{
	static const char text[] = "% comment\n+f5-d6: +04 10\n\n+f5-d6+c3-d3: -02 7\n"
				   "+f5+d6: +00 1\n";
	struct gamedb_games out = {0};
	char err[256];
	FILE *f = mem_file(text, sizeof(text) - 1);

	cr_assert_eq(gamedb_logbook_read(f, "book.gam", &out, err, sizeof(err)), -1);
	fclose(f);
	cr_assert_str_eq(err, "book.gam:5:4: Black plays d6 but White has a move");
	cr_assert_eq(out.n, 0);
	f = mem_file(text, sizeof(text) - 1 - 14);
	cr_assert_eq(gamedb_logbook_read(f, "book.gam", &out, err, sizeof(err)), 2, "%s", err);
	fclose(f);
	cr_assert_eq(out.g[1].n_moves, 4);
	cr_assert_eq(out.g[1].result, -2);
	gamedb_games_free(&out);
}

Test(gamedb, a_logbook_file_may_start_with_a_byte_order_mark)
{
	static const char text[] = "\xef\xbb\xbf+f5-d6: +04 10\n+f5-d6+c3-d3: -02 7\n"
				   "\xef\xbb\xbf+f5-d6: +04 10\n";
	struct gamedb_games out = {0};
	char err[256];
	FILE *f = mem_file(text, sizeof(text) - 1 - 18);

	cr_assert_eq(gamedb_logbook_read(f, "book.gam", &out, err, sizeof(err)), 2, "%s", err);
	fclose(f);
	cr_assert_eq(out.g[0].n_moves, 2);
	cr_assert_eq(out.g[0].result, 4);
	/* only at the start of the file: elsewhere it is a byte out of place */
	f = mem_file(text, sizeof(text) - 1);
	cr_assert_eq(gamedb_logbook_read(f, "book.gam", &out, err, sizeof(err)), -1);
	fclose(f);
	cr_assert_str_eq(err, "book.gam:3:1: expected a move (+ or - and a square)");
	gamedb_games_free(&out);
}

Test(gamedb, a_collected_game_becomes_a_record_with_explicit_passes)
{
	struct gamedb_game g = game_of(FULL, 0, 8);
	struct gamedb_names players = {0}, trn = {0};
	struct game *r;
	char err[128];
	int plies;

	players.n = 2;
	players.name = calloc(2, sizeof(*players.name));
	strcpy(players.name[0], "Alpha");
	strcpy(players.name[1], "Beta");
	g.black = 1;
	g.white = 0;
	g.tournament = 5; /* not in the table: no event */
	g.year = 1988;
	r = gamedb_to_record(&g, &players, &trn, err, sizeof(err));
	cr_assert_not_null(r, "%s", err);
	plies = game_main_line_length(r);
	cr_assert_geq(plies, 60);
	cr_assert(game_is_over(game_main_line(r, plies)));
	cr_assert_str_eq(r->info[INFO_BLACK], "Beta");
	cr_assert_str_eq(r->info[INFO_WHITE], "Alpha");
	cr_assert_null(r->info[INFO_EVENT]);
	cr_assert_str_eq(r->info[INFO_DATE], "1988");
	cr_assert_str_eq(r->info[INFO_RESULT], "0");
	cr_assert_str_eq(r->info[INFO_TEXT], "Theoretical score at 24 empties: Black +8");
	/* The record's final position agrees with the reference board's replay. */
	{
		struct board b;
		enum color side;

		cr_assert_eq(gamedb_replay(&g, &b, &side, -1, err, sizeof(err)), 60);
		cr_assert_eq(board_final_score(&b), 0);
	}
	game_free(r);
	gamedb_names_free(&players);
}

/* The folder of the shared data, or NULL when it is absent. */
static const char *shared(void)
{
	const char *d = getenv("SHARED_DATA");
	char path[4096];
	FILE *f;

	if (!d)
		return NULL;
	snprintf(path, sizeof(path), "%s/wthor/WTH_2001.wtb", d);
	if (!(f = fopen(path, "rb")))
		return NULL;
	fclose(f);
	return d;
}

Test(gamedb, the_shared_wthor_files_read_and_their_scores_agree_with_the_replay)
{
	const char *d = shared();
	struct gamedb_games gs = {0};
	struct gamedb_names pl, tr;
	char path[4096], err[256];
	int n, finished = 0;

	if (!d)
		cr_skip_test("no ../shared/data (set SHARED_DATA)");
	snprintf(path, sizeof(path), "%s/wthor/WTH_2001.wtb", d);
	n = gamedb_load(path, &gs, err, sizeof(err));
	cr_assert_gt(n, 1000, "%s", err);
	snprintf(path, sizeof(path), "%s/wthor", d);
	cr_assert_eq(gamedb_load_names(path, &pl, &tr, err, sizeof(err)), 0, "%s", err);
	cr_assert_gt(pl.n, 1000);
	cr_assert_gt(tr.n, 100);
	for (size_t i = 0; i < gs.n; i++) {
		struct board b;
		enum color side;
		int s;

		cr_assert_lt(gs.g[i].black, pl.n);
		cr_assert_lt(gs.g[i].tournament, tr.n);
		cr_assert_geq(gamedb_replay(&gs.g[i], &b, &side, -1, err, sizeof(err)), 0);
		if (!board_game_over(&b))
			continue;
		s = board_final_score(&b) * (side == BLACK ? 1 : -1);
		cr_assert_eq(s, gs.g[i].result, "game %zu", i + 1);
		finished++;
	}
	cr_assert_gt(finished, n / 2);
	gamedb_games_free(&gs);
	gamedb_names_free(&pl);
	gamedb_names_free(&tr);
}

Test(gamedb, the_shared_logbook_reads_whole)
{
	const char *d = shared();
	struct gamedb_games gs = {0};
	char path[4096], err[256];

	if (!d)
		cr_skip_test("no ../shared/data (set SHARED_DATA)");
	snprintf(path, sizeof(path), "%s/logistello/logbook.gam.gz", d);
	cr_assert_eq(gamedb_load(path, &gs, err, sizeof(err)), 121123, "%s", err);
	gamedb_games_free(&gs);
}
