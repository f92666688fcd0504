/*
 * test-book.c — the opening book: the text format (scores, positions as
 * transcripts or board strings), lookups under all 8 symmetries, combining
 * books, the choice among close moves, writing and reading back, and malformed
 * lines refused with FILE:LINE:COL and the book left unchanged; the line
 * reader the book and the opening names share (parse_next_line).
 */
#include "book-build.h"
#include "book-score.h"
#include "book.h"
#include "opening-names.h"
#include "parse.h"
#include "rng.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

static int load_text(struct book *bk, const char *name, const char *text, char *err, size_t errlen)
{
	FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
	int rc = book_load(bk, f, name, err, errlen);

	fclose(f);
	return rc;
}

static struct book *book_of(const char *text)
{
	struct book *bk = book_new();
	char err[300];

	cr_assert_not_null(bk);
	cr_assert_eq(load_text(bk, "t.book", text, err, sizeof err), 0, "%s", err);
	return bk;
}

static struct board after(const char *moves)
{
	struct board b;
	enum color side = BLACK;
	char err[200];
	int n;

	board_start(&b);
	cr_assert_geq(openings_parse_moves(moves, &b, &side, NULL, 0, &n, err, sizeof err), 0, "%s",
		      err);
	return b;
}

static int sq(const char *name)
{
	return board_square_parse(name);
}

Test(book, scores_parse_in_discs_to_centidiscs)
{
	static const struct {
		const char *s;
		int score, chars;
	} ok[] = {
	    {"+1.25", 125, 5},	  {"-0.5", -50, 4}, {"0", 0, 1},     {"64", 6400, 2},
	    {"-64.00", -6400, 6}, {"3/12", 300, 1}, {"+0.07", 7, 5},
	};
	static const char *const bad[] = {"", "+", "1.", "1.234", "64.01", "-65", "x", "1000"};
	int score, chars;
	char out[8];

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		cr_assert_eq(book_parse_score(ok[i].s, &score, &chars), 0, "%s", ok[i].s);
		cr_assert_eq(score, ok[i].score, "%s", ok[i].s);
		cr_assert_eq(chars, ok[i].chars, "%s", ok[i].s);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_assert_eq(book_parse_score(bad[i], &score, &chars), -1, "'%s'", bad[i]);
	book_format_score(-125, out);
	cr_assert_str_eq(out, "-1.25");
	book_format_score(7, out);
	cr_assert_str_eq(out, "+0.07");
	book_format_score(0, out);
	cr_assert_str_eq(out, "+0.00");
}

Test(book, lookup_finds_a_position_under_all_8_symmetries)
{
	struct book *bk = book_of("f5d6c3 d3:+0.50/12 g5:-1.00/12 f4:-3/10 # Tiger move\n");
	struct board b = after("f5d6c3");

	for (int sym = 0; sym < BOARD_SYMMETRIES; sym++) {
		struct book_move m[BOOK_MAX_MOVES];
		struct board t;

		board_symmetry(&b, sym, &t);
		cr_assert_eq(book_lookup(bk, &t, m), 3, "symmetry %d", sym);
		cr_assert_eq(m[0].move, board_symmetry_square(sq("d3"), sym));
		cr_assert_eq(m[0].score, 50);
		cr_assert_eq(m[0].depth, 12);
		cr_assert_eq(m[1].move, board_symmetry_square(sq("g5"), sym));
		cr_assert_eq(m[2].move, board_symmetry_square(sq("f4"), sym));
		cr_assert_eq(m[2].score, -300);
		for (int i = 0; i < 3; i++)
			cr_assert(board_is_legal(&t, m[i].move));
	}
	book_free(bk);
}

Test(book, a_line_written_for_another_first_move_serves_f5)
{
	/* d3 c5 is the image of f5 d6 under the anti-diagonal; c6 answers as c3 does. */
	struct book *bk = book_of("d3c5 f6:+0.10/6\n");
	struct book_move m[BOOK_MAX_MOVES];
	struct board b = after("f5d6");

	cr_assert_eq(book_lookup(bk, &b, m), 1);
	cr_assert_eq(m[0].move, sq("c3"));
	book_free(bk);
}

Test(book, a_position_can_be_given_as_a_board_string)
{
	struct board b = after("f5d6c3");
	char line[200], s[BOARD_STRING_LEN + 1];
	struct book_move m[BOOK_MAX_MOVES];
	struct book *bk;

	board_format(&b, WHITE, s);
	snprintf(line, sizeof line, "%s d3:+0.25/9\n", s);
	bk = book_of(line);
	cr_assert_eq(book_lookup(bk, &b, m), 1);
	cr_assert_eq(m[0].move, sq("d3"));
	cr_assert_eq(m[0].score, 25);
	book_free(bk);
}

Test(book, positions_not_in_the_book_are_not_found)
{
	struct book *bk = book_of("start f5:0/2\n");
	struct book_move m[BOOK_MAX_MOVES], out;
	struct board b = after("f5d6");

	cr_assert_eq(book_lookup(bk, &b, m), 0);
	cr_assert_eq(book_choose(bk, &b, 100, NULL, &out), -1);
	b = after("");
	cr_assert_eq(book_lookup(bk, &b, m), 1);
	cr_assert_eq(m[0].move, sq("f5"));
	book_free(bk);
}

Test(book, combining_two_books_keeps_all_moves_and_the_deeper_score)
{
	struct book *a = book_of("f5d6 c3:+0.50/10 c5:-2.00/10\n"
				 "f5f6 e6:+0.20/8\n");
	struct book *b = book_of("f5d6 c3:+0.10/14 c4:+0.00/14 c5:-1.00/10\n"
				 "f5f4 e3:+0.30/8\n");
	struct book_move m[BOOK_MAX_MOVES];
	struct board p = after("f5d6");
	char err[200];

	cr_assert_eq(book_merge(a, b, err, sizeof err), 0);
	cr_assert_eq(book_size(a), 3);
	cr_assert_eq(book_lookup(a, &p, m), 3);
	/* c3: the deeper (14) wins; c5: equal depth, the later book wins; c4 added. */
	cr_assert_eq(m[0].move, sq("c3"));
	cr_assert_eq(m[0].score, 10);
	cr_assert_eq(m[0].depth, 14);
	cr_assert_eq(m[1].move, sq("c4"));
	cr_assert_eq(m[2].move, sq("c5"));
	cr_assert_eq(m[2].score, -100);
	p = after("f5f6");
	cr_assert_eq(book_lookup(a, &p, m), 1);
	p = after("f5f4");
	cr_assert_eq(book_lookup(a, &p, m), 1);
	cr_assert_eq(m[0].score, 30);
	book_free(a);
	book_free(b);
}

Test(book, loading_two_files_into_one_book_combines_them)
{
	struct book *bk = book_of("start f5:+0.00/20\n");
	struct book_move m[BOOK_MAX_MOVES];
	struct board p = after("f5");
	char err[200];

	cr_assert_eq(
	    load_text(bk, "second.book", "f5 d6:+0.00/6 f6:-0.10/6 f4:-0.30/6\n", err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(book_size(bk), 2);
	cr_assert_eq(book_lookup(bk, &p, m), 3);
	book_free(bk);
}

Test(book, choice_is_the_best_without_randomness_and_close_moves_with_it)
{
	struct book *bk = book_of("f5d6 c3:+0.50/9 c5:+0.20/9 c4:-0.10/9 c7:-3.00/9\n");
	struct board b = after("f5d6");
	struct book_move out;
	int seen[64] = {0};
	uint64_t rng = 7;

	cr_assert_eq(book_choose(bk, &b, 100, NULL, &out), 0);
	cr_assert_eq(out.move, sq("c3"));
	for (int i = 0; i < 300; i++) {
		cr_assert_eq(book_choose(bk, &b, 60, &rng, &out), 0);
		seen[out.move]++;
	}
	cr_assert_gt(seen[sq("c3")], 0);
	cr_assert_gt(seen[sq("c4")], 0);
	cr_assert_gt(seen[sq("c5")], 0);
	cr_assert_eq(seen[sq("c7")], 0, "a move 3.5 discs worse was chosen");
	/* Tolerance 0: only the best even with randomness. */
	cr_assert_eq(book_choose(bk, &b, 0, &rng, &out), 0);
	cr_assert_eq(out.move, sq("c3"));
	book_free(bk);
}

Test(book, writing_then_reading_gives_the_same_book)
{
	static const char text[] = "start f5:+0.00/20\n"
				   "f5 d6:+0.00/18 f6:-0.20/18 f4:-0.40/18\n"
				   "f5d6 c3:+0.10/16 c5:-0.30/16\n"
				   "f5f6 e6:-0.10/16\n"
				   /* not reachable through book moves: written as a board string */
				   "f5f4e3 f6:+1.00/12\n";
	struct book *bk = book_of(text), *back;
	char *buf = NULL, err[300];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const char *const probes[] = {"", "f5", "f5d6", "f5f6", "f5f4e3", "e6f4"};

	cr_assert_eq(book_write(bk, f, NULL), 0);
	fclose(f);
	cr_assert_not_null(strstr(buf, "\nstart f5:+0.00/20\n"), "%s", buf);
	cr_assert_not_null(strstr(buf, "\nf5d6 c3:+0.10/16 c5:-0.30/16\n"), "%s", buf);
	back = book_new();
	cr_assert_eq(load_text(back, "w.book", buf, err, sizeof err), 0, "%s\n%s", err, buf);
	cr_assert_eq(book_size(back), book_size(bk));
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		struct book_move m1[BOOK_MAX_MOVES], m2[BOOK_MAX_MOVES];
		struct board b = after(probes[i]);
		int n = book_lookup(bk, &b, m1);

		cr_assert_gt(n, 0, "%s", probes[i]);
		cr_assert_eq(book_lookup(back, &b, m2), n);
		cr_assert_eq(memcmp(m1, m2, (size_t)n * sizeof m1[0]), 0, "%s", probes[i]);
	}
	free(buf);
	book_free(bk);
	book_free(back);
}

Test(book, malformed_lines_are_refused_with_file_line_column)
{
	static const char *const cases[][2] = {
	    {"start f5:+0.00/4\nf5 d6:+0.10/4 d6:0/4\n", "t.book:2:15: d6 is given twice"},
	    {"f5 d6+0.10\n", "t.book:1:6: expected ':'"},
	    {"f5 d6:abc\n", "t.book:1:7: expected a score"},
	    {"f5 d6:+65\n", "t.book:1:7: expected a score"},
	    {"f5 a1:+1\n", "t.book:1:4: a1 is not a legal move here"},
	    {"f5d6c3d3c3 e3:+1\n", "t.book:1:9: c3 is not a legal move here"},
	    {"f5\n", "t.book:1:3: expected a space"},
	    {"f5   # no moves\n", "t.book:1:6: the position has no book moves"},
	    {"f5 d6:+1/x\n", "t.book:1:10: expected a depth"},
	    {"f5 d6:+1/3x\n", "t.book:1:11: unexpected 'x'"},
	    {"f5 d6:+1/3\x1a\n", "t.book:1:11: unexpected '\\x1a'"},
	    {"f5 d6:+1/3\xc3\xa9\n", "t.book:1:11: unexpected '\\xc3'"},
	    {"f5 f4:-1\n", "t.book:1:9: expected '/' and the depth searched"},
	    {"start f5:0/4\nf5 d6:+0.1/4\nf5 f6:0/2\n", "t.book:3:1: the position of line 2 again"},
	    {"f5 d6:0/1\n# e6 is f5 turned over\ne6 f4:0/1\n",
	     "t.book:3:1: the position of line 1 again"},
	    {"f5 zz\n", "t.book:1:4: expected a move"},
	    {"XX-- d6:0\n", "t.book:1:"},
	    {"\n\n# ok\nstart f5:0/1\n  f5 d6:1/1 f6:2/1 q\n", "t.book:5:20: expected a move"},
	};
	char err[300];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct book *bk = book_of("start f5:+0.00/20\n");

		cr_assert_eq(load_text(bk, "t.book", cases[i][0], err, sizeof err), -1,
			     "case %zu loaded", i);
		cr_assert_eq(strncmp(err, cases[i][1], strlen(cases[i][1])), 0,
			     "case %zu: got '%s'", i, err);
		/* A failed load changes nothing. */
		cr_assert_eq(book_size(bk), 1);
		book_free(bk);
	}
}

Test(book, add_checks_moves_and_merges)
{
	struct book *bk = book_new();
	struct board b = after("f5");
	struct book_move good[2] = {{sq("d6"), 10, 4}, {sq("f6"), -20, 4}};
	struct book_move illegal[1] = {{sq("a1"), 0, 0}};
	struct book_move twice[2] = {{sq("d6"), 0, 0}, {sq("d6"), 0, 0}};
	struct book_move m[BOOK_MAX_MOVES];
	char err[200];

	cr_assert_eq(book_add(bk, &b, WHITE, illegal, 1, err, sizeof err), -1);
	cr_assert_eq(book_add(bk, &b, WHITE, twice, 2, err, sizeof err), -1);
	cr_assert_eq(book_size(bk), 0);
	cr_assert_eq(book_add(bk, &b, WHITE, good, 2, err, sizeof err), 0, "%s", err);
	good[0].score = 99;
	good[0].depth = 3; /* shallower: ignored */
	cr_assert_eq(book_add(bk, &b, WHITE, good, 1, err, sizeof err), 0);
	cr_assert_eq(book_lookup(bk, &b, m), 2);
	cr_assert_eq(m[0].score, 10);
	book_free(bk);
}

Test(book, many_positions_grow_the_table)
{
	struct book *bk = book_new();
	uint64_t rng = 3;
	char err[200];
	struct board seen[400];
	int n = 0;

	for (int g = 0; g < 40; g++) {
		struct board b;

		board_start(&b);
		for (int ply = 0; ply < 10 && board_can_move(&b); ply++) {
			uint64_t moves = board_moves(b.own, b.opp);
			int k = (int)rng_below(&rng, (uint64_t)board_popcount(moves)), s;
			struct book_move bm;

			while (k--)
				moves &= moves - 1;
			s = board_first_square(moves);
			bm.move = s;
			bm.score = ply * 10;
			bm.depth = 1;
			cr_assert_eq(book_add(bk, &b, BLACK, &bm, 1, err, sizeof err), 0);
			seen[n++] = b;
			board_play(&b, s, board_flips(b.own, b.opp, s));
		}
	}
	cr_assert_leq(book_size(bk), (size_t)n);
	for (int i = 0; i < n; i++) {
		struct book_move m[BOOK_MAX_MOVES];

		cr_assert_gt(book_lookup(bk, &seen[i], m), 0);
	}
	book_free(bk);
}

/* Checks that the book built from the start holds every sensible position and agrees with itself.
 */
static void check_built(const struct book *bk, const struct board *b, int ply, int plies,
			int tolerance)
{
	struct book_move m[BOOK_MAX_MOVES], cm[BOOK_MAX_MOVES];
	int n = book_lookup(bk, b, m);

	cr_assert_eq(n, board_popcount(board_moves(b->own, b->opp)), "ply %d: not every move", ply);
	for (int i = 0; i < n; i++) {
		struct board c = *b;
		int cn;

		board_play(&c, m[i].move, board_flips(c.own, c.opp, m[i].move));
		cn = book_lookup(bk, &c, cm);
		if (cn > 0)
			cr_assert_eq(m[i].score, -cm[0].score, "ply %d: not backed up", ply);
		if (ply < plies && m[i].score >= m[0].score - tolerance) {
			cr_assert_gt(cn, 0, "ply %d: a sensible move leaves the book", ply);
			check_built(bk, &c, ply + 1, plies, tolerance);
		}
	}
}

static void count_progress(const struct book_build_stats *st, void *user)
{
	*(struct book_build_stats *)user = *st;
}

Test(book, build_scores_every_move_and_follows_the_sensible_ones)
{
	struct book_build_options opt = {3, 3, 150, 1};
	struct book_build_stats st = {0};
	struct eval *ev = eval_new_default();
	struct book *bk = book_new(), *more = book_new();
	struct board start = after("");
	char err[200];
	size_t first;

	cr_assert_eq(book_build(bk, ev, &start, BLACK, &opt, count_progress, &st, err, sizeof err),
		     0, "%s", err);
	cr_assert_gt(book_size(bk), 4);
	cr_assert_eq(st.searched, book_size(bk));
	check_built(bk, &start, 0, opt.plies, opt.tolerance);
	/* All first moves are equal by symmetry. */
	{
		struct book_move m[BOOK_MAX_MOVES];

		cr_assert_eq(book_lookup(bk, &start, m), 4);
		cr_assert_eq(m[0].score, m[3].score);
	}
	/* Extending by a ply keeps what is there and adds the next ply. */
	first = book_size(bk);
	opt.plies = 4;
	cr_assert_eq(book_merge(more, bk, err, sizeof err), 0);
	cr_assert_eq(
	    book_build(more, ev, &start, BLACK, &opt, count_progress, &st, err, sizeof err), 0,
	    "%s", err);
	/* Positions once sensible may no longer be, once deeper scores are backed up. */
	cr_assert_gt(st.kept, first / 2);
	cr_assert_leq(st.kept, first);
	cr_assert_gt(book_size(more), first);
	check_built(more, &start, 0, opt.plies, opt.tolerance);
	book_free(bk);
	book_free(more);
	eval_free(ev);
}

Test(parse, next_line_passes_over_blank_and_comment_lines_and_counts_them)
{
	const char *text = "# a comment\n\n  \t# indented comment\n\r\nf5 +2\n   \nlast";
	FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
	char line[64], err[100] = "";
	int lineno = 0;

	cr_assert_eq(parse_next_line(f, line, sizeof line, "b", &lineno, err, sizeof err), 1);
	cr_assert_str_eq(line, "f5 +2\n");
	cr_assert_eq(lineno, 5);
	cr_assert_eq(parse_next_line(f, line, sizeof line, "b", &lineno, err, sizeof err), 1);
	cr_assert_str_eq(line, "last", "a last line without a newline is a line");
	cr_assert_eq(lineno, 7);
	cr_assert_eq(parse_next_line(f, line, sizeof line, "b", &lineno, err, sizeof err), 0);
	cr_assert_str_eq(err, "");
	fclose(f);
}

Test(parse, next_line_refuses_a_line_longer_than_the_buffer)
{
	const char *text = "f5\n0123456789abcdef\n";
	FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
	char line[8], err[100];
	int lineno = 0;

	cr_assert_eq(parse_next_line(f, line, sizeof line, "b.txt", &lineno, err, sizeof err), 1);
	cr_assert_eq(parse_next_line(f, line, sizeof line, "b.txt", &lineno, err, sizeof err), -1);
	cr_assert_str_eq(err, "b.txt:2:1: line too long");
	fclose(f);
}

/* A NUL byte was taken for a line too long, a read error for the end of the
   file, and a byte order mark for part of the first line (issue 33). */
Test(parse, next_line_names_a_nul_byte_a_read_error_and_skips_a_bom)
{
	const char bom[] = "\xEF\xBB\xBF# c\nf5 +2\n", nul[] = "f5\nd3\0e2\n";
	char line[64], err[100];
	int lineno = 0;
	FILE *f = fmemopen((void *)(uintptr_t)bom, sizeof bom - 1, "r");

	cr_assert_eq(parse_next_line(f, line, sizeof line, "b", &lineno, err, sizeof err), 1);
	cr_assert_str_eq(line, "f5 +2\n");
	fclose(f);
	lineno = 0;
	f = fmemopen((void *)(uintptr_t)nul, sizeof nul - 1, "r");
	cr_assert_eq(parse_next_line(f, line, sizeof line, "b", &lineno, err, sizeof err), 1);
	cr_assert_eq(parse_next_line(f, line, sizeof line, "b", &lineno, err, sizeof err), -1);
	cr_assert_str_eq(err, "b:2:3: NUL byte: this is not a text file");
	fclose(f);
	lineno = 0;
	f = fopen("/", "r");
	cr_assert_not_null(f);
	cr_assert_eq(parse_next_line(f, line, sizeof line, "/", &lineno, err, sizeof err), -1);
	cr_assert_str_eq(err, "/: Is a directory");
	fclose(f);
}

Test(book, a_book_that_starts_with_a_byte_order_mark_loads)
{
	struct book *bk = book_new();
	char err[300];

	cr_assert_eq(load_text(bk, "bom.book",
			       "\xEF\xBB\xBF"
			       "f5 d6:+1.5/20\n",
			       err, sizeof err),
		     0, "%s", err);
	cr_assert_eq(book_size(bk), 1);
	book_free(bk);
}

/* Numbers of seconds are decimal: strtod's hexadecimal, inf and nan are
   refused (`--time 0x10` was 16 s; issue 33). */
Test(parse, decimal_numbers_only)
{
	static const char *const good[] = {"16", "0.5", ".25", "2.", "1e3", "+3", "0"};
	static const double value[] = {16, 0.5, 0.25, 2, 1000, 3, 0};
	static const char *const bad[] = {"0x10", "inf", "nan", "",	 "1e",	  "e3",
					  ".",	  "1 ",	 " 1",	"1e999", "0x1p3", "1,5"};
	double v;

	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		cr_assert(parse_decimal(good[i], &v), "%s", good[i]);
		cr_assert_eq(v, value[i], "%s", good[i]);
	}
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		cr_assert(!parse_decimal(bad[i], &v), "'%s' taken", bad[i]);
}

/* What a file or an engine says is shown escaped: a control byte would act
   on the terminal ("\033[2J" clears it), a lone byte of UTF-8 garble the
   message. */
Test(parse, control_bytes_are_shown_escaped)
{
	char out[32], c[8];

	cr_assert_str_eq(parse_show_char('x', c), "x");
	cr_assert_str_eq(parse_show_char('\x1a', c), "\\x1a");
	cr_assert_str_eq(parse_show_char(0xe9, c), "\\xe9");
	cr_assert_eq(parse_show_text("a\033[2J\tb\x7f\xc3\xa9", out, sizeof out), 16);
	cr_assert_str_eq(out, "a\\x1b[2J\tb\\x7f\xc3\xa9");
	cr_assert_eq(parse_show_text("abc\033[2J", out, 6), 3, "cut at a whole character");
	cr_assert_str_eq(out, "abc");
}

Test(book, a_line_too_long_is_refused_with_its_number)
{
	struct book *bk = book_new();
	char text[5000], err[300];

	memset(text, ' ', sizeof text);
	memcpy(text, "# x\n", 4);
	text[sizeof text - 1] = '\0';
	cr_assert_eq(load_text(bk, "long.book", text, err, sizeof err), -1);
	cr_assert_str_eq(err, "long.book:2:1: line too long");
	cr_assert_eq(book_size(bk), 0);
	book_free(bk);
}

/* The book that `book import` could make of three games: moves as played, the
   games' results as scores (depth 0: not a search's). Each position has at most
   one move that leaves the book. */
static const char *const imported = "start f5:+1/0\n"
				    "f5 d6:+1/0 f6:-2/0\n"
				    "f5d6 c3:+0/0 c5:+1/0\n"
				    "f5d6c3 d3:+0/0\n";

static const char *const imported_lines[] = {"", "f5", "f5d6", "f5d6c3"};

static void score_stats(const struct book_score_stats *st, void *user)
{
	*(struct book_score_stats *)user = *st;
}

/* Scores `in` into a new book (or into `out` when given) with `threads` threads. */
static struct book *scored(const struct book *in, struct book *out, int threads,
			   struct book_score_stats *st)
{
	struct book_score_options o = {3, threads, 1, 0};
	struct eval *ev = eval_new_default();
	char err[200] = "";

	if (!out)
		out = book_new();
	cr_assert_eq(book_score(in, out, ev, &o, score_stats, NULL, st, err, sizeof err), 0, "%s",
		     err);
	eval_free(ev);
	return out;
}

/* The score of `b` by a fresh search `depth` plies deep, and its best move. */
static int fresh_search(const struct board *b, int depth, int *move)
{
	struct eval *ev = eval_new_default();
	struct search *s = search_new(1, ev);
	struct search_limits lim = {.depth = depth};
	struct search_result r;

	cr_assert_eq(search_run(s, b, &lim, NULL, NULL, &r), 0);
	search_free(s);
	eval_free(ev);
	if (move)
		*move = r.move;
	return r.score;
}

Test(book, score_searches_the_moves_leaving_the_book_and_backs_up_the_others)
{
	struct book *in = book_of(imported);
	struct book_score_stats st = {0};
	struct book *out = scored(in, NULL, 1, &st);

	cr_assert_eq(st.total, 4);
	cr_assert_eq(st.scored, 4);
	cr_assert_eq(st.before, 0);
	for (size_t i = 0; i < 4; i++) {
		struct board b = after(imported_lines[i]), c;
		struct book_move m[BOOK_MAX_MOVES], im[BOOK_MAX_MOVES], cm[BOOK_MAX_MOVES];
		int n = book_lookup(out, &b, m), ni = book_lookup(in, &b, im), best;
		bool has_best = false;

		cr_assert_geq(n, ni, "%s: every move the games played stays", imported_lines[i]);
		fresh_search(&b, 3, &best);
		for (int j = 0; j < n; j++) {
			cr_assert_gt(m[j].depth, 0, "%s %s: no imported score is left",
				     imported_lines[i], board_square_name(m[j].move));
			has_best |= m[j].move == best;
			c = b;
			board_play(&c, m[j].move, board_flips(c.own, c.opp, m[j].move));
			if (book_lookup(in, &c, cm) > 0) {
				/* into the book: minus the best score of the position after it */
				cr_assert_eq(book_lookup(out, &c, cm) > 0, true);
				cr_assert_eq(m[j].score, -cm[0].score, "%s %s", imported_lines[i],
					     board_square_name(m[j].move));
				cr_assert_eq(m[j].depth, cm[0].depth + 1);
			} else {
				bool played = false;

				for (int k = 0; k < ni; k++)
					played |= im[k].move == m[j].move;
				cr_assert_eq(m[j].depth, 3);
				if (played) /* leaves the book: a search of the position after it */
					cr_assert_eq(m[j].score, -fresh_search(&c, 2, NULL),
						     "%s %s", imported_lines[i],
						     board_square_name(m[j].move));
			}
		}
		cr_assert(has_best, "%s: the search's best move %s is in the book",
			  imported_lines[i], board_square_name(best));
	}
	book_free(out);
	book_free(in);
}

/* True when books `a` and `b` hold the same moves, scores and depths for `lines`. */
static void same_scores(const struct book *a, const struct book *b)
{
	for (size_t i = 0; i < 4; i++) {
		struct board p = after(imported_lines[i]);
		struct book_move ma[BOOK_MAX_MOVES], mb[BOOK_MAX_MOVES];
		int n = book_lookup(a, &p, ma);

		cr_assert_eq(book_lookup(b, &p, mb), n, "%s", imported_lines[i]);
		for (int j = 0; j < n; j++) {
			cr_assert_eq(ma[j].move, mb[j].move, "%s", imported_lines[i]);
			cr_assert_eq(ma[j].score, mb[j].score, "%s", imported_lines[i]);
			cr_assert_eq(ma[j].depth, mb[j].depth, "%s", imported_lines[i]);
		}
	}
}

Test(book, score_is_the_same_on_two_threads_and_after_a_stopped_run)
{
	struct book *in = book_of(imported), *part = book_new();
	struct book_score_stats st = {0};
	struct book *one = scored(in, NULL, 1, &st), *two = scored(in, NULL, 2, &st), *resumed;
	struct board deep = after("f5d6c3");
	struct book_move m[BOOK_MAX_MOVES];
	enum color side = BLACK;
	char err[200];
	int n = book_lookup(one, &deep, m);

	same_scores(one, two);
	/* A stopped run had scored the deepest position (before the back-up). */
	cr_assert_eq(book_add(part, &deep, side, m, n, err, sizeof err), 0, "%s", err);
	resumed = scored(in, part, 1, &st);
	cr_assert_eq(st.before, 1);
	cr_assert_eq(st.scored, 3);
	same_scores(one, resumed);
	book_free(one);
	book_free(two);
	book_free(resumed);
	book_free(in);
}

/* The text book_write writes for `bk`; the caller frees it. */
static char *written(const struct book *bk)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_not_null(f);
	cr_assert_eq(book_write(bk, f, NULL), 0);
	fclose(f);
	return text;
}

Test(book, write_puts_the_positions_off_the_start_in_one_order_however_they_were_added)
{
	/* no `start` line: every position is written as a board string */
	struct book *a = book_of("f5d6c3 d3:+0.10/10\nf5f6 e6:+0.20/10\nf5d6 c3:+0/10\n"),
		    *b = book_of("f5d6 c3:+0/10\nf5f6 e6:+0.20/10\nf5d6c3 d3:+0.10/10\n");
	char *ta = written(a), *tb = written(b);

	cr_assert_str_eq(ta, tb);
	/* fewest discs first: the two positions after two moves, then the one after three
	   (moves in the canonical orientation, told apart here by their scores) */
	cr_assert_not_null(strstr(ta, ":+0.10/10\n"), "%s", ta);
	cr_assert_lt(strstr(ta, ":+0.00/10\n"), strstr(ta, ":+0.10/10\n"), "%s", ta);
	cr_assert_lt(strstr(ta, ":+0.20/10\n"), strstr(ta, ":+0.10/10\n"), "%s", ta);
	free(ta);
	free(tb);
	book_free(a);
	book_free(b);
}

Test(book, a_position_that_gains_moves_one_at_a_time_keeps_them_all)
{
	/* each add of f5's position grows its block of moves while other positions are added
	   between them */
	static const char *const replies[] = {"d6", "f6", "f4"};
	struct book *bk = book_new();
	struct board f5 = after("f5");
	char err[200];

	for (int i = 0; i < 3; i++) {
		struct book_move m = {sq(replies[i]), 10 * (i + 1), 4};
		struct board other = after(i == 0 ? "f5d6" : i == 1 ? "f5f6" : "f5f4");
		struct book_move om = {board_first_square(board_moves(other.own, other.opp)), -5,
				       3};

		cr_assert_eq(book_add(bk, &f5, WHITE, &m, 1, err, sizeof err), 0, "%s", err);
		cr_assert_eq(book_add(bk, &other, BLACK, &om, 1, err, sizeof err), 0, "%s", err);
	}
	{
		struct book_move m[BOOK_MAX_MOVES];

		cr_assert_eq(book_lookup(bk, &f5, m), 3);
		cr_assert_eq(m[0].move, sq("f4"));
		cr_assert_eq(m[0].score, 30);
		cr_assert_eq(m[1].move, sq("f6"));
		cr_assert_eq(m[2].move, sq("d6"));
		cr_assert_eq(m[2].score, 10);
		for (int i = 0; i < 3; i++) {
			struct board other = after(i == 0 ? "f5d6" : i == 1 ? "f5f6" : "f5f4");

			cr_assert_eq(book_lookup(bk, &other, m), 1);
			cr_assert_eq(m[0].score, -5);
		}
	}
	cr_assert_eq(book_size(bk), 4);
	book_free(bk);
}
