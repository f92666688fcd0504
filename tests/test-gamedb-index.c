/*
 * test-gamedb-index.c — the game database: a folder of WTHOR files written
 * here (many games sharing openings), read and indexed, queried from many
 * positions and their 8 images, each answer checked against a slow count
 * that replays every game with the reference rules (refboard.c) and compares
 * boards square by square; transpositions, filters, a lenient read of bad
 * files, the user's own records, and the shared WTHOR files where present.
 */
#define _GNU_SOURCE /* strcasestr */
#include <criterion/criterion.h>

#include "gamedb-index.h"
#include "gametree.h"
#include "record.h"
#include "refboard.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { N_GAMES = 600 };

/* A position as colours: 0 empty, 1 Black, 2 White, and the side to move (1 or 2). */
struct cells {
	int c[64];
	int side;
};

/* Square `sq` under the k-th of the 8 symmetries, by rows and columns. */
static int image_square(int sq, int k)
{
	int r = sq / 8, c = sq % 8, t;

	if (k & 4) {
		t = r;
		r = c;
		c = t;
	}
	if (k & 1)
		r = 7 - r;
	if (k & 2)
		c = 7 - c;
	return r * 8 + c;
}

/* The square that image_square(., k) sends to `sq`. */
static int image_back(int sq, int k)
{
	for (int s = 0; s < 64; s++)
		if (image_square(s, k) == sq)
			return s;
	return -1;
}

static void image(const struct cells *a, int k, struct cells *out)
{
	for (int s = 0; s < 64; s++)
		out->c[image_square(s, k)] = a->c[s];
	out->side = a->side;
}

static bool same(const struct cells *a, const struct cells *b)
{
	return a->side == b->side && memcmp(a->c, b->c, sizeof(a->c)) == 0;
}

/* The colours of a reference board whose mover is `side`. */
static void cells_of(const struct refboard *r, int side, struct cells *out)
{
	for (int s = 0; s < 64; s++)
		out->c[s] = r->cell[s] == REF_EMPTY ? 0 : r->cell[s] == REF_MOVER ? side : 3 - side;
	out->side = side;
}

/* The engine board of `a` (side to move's view). */
static void board_of(const struct cells *a, struct board *b)
{
	b->own = b->opp = 0;
	for (int s = 0; s < 64; s++) {
		if (a->c[s] == a->side)
			b->own |= 1ULL << s;
		else if (a->c[s])
			b->opp |= 1ULL << s;
	}
}

/* Random games that share their openings: at each move the first legal
   square (in a1..h8 order) with probability 3/4, else any. */
static void make_games(struct gamedb_game *g, int n, uint64_t seed)
{
	uint64_t rng = seed;

	for (int i = 0; i < n; i++) {
		struct refboard r;
		struct board start;
		int moves[60], count = 0, side = 1, len = 20 + (int)(test_rand(&rng) % 41);
		char err[128];

		board_start(&start);
		refboard_from_bits(&r, start.own, start.opp);
		memset(&g[i], 0, sizeof(g[i]));
		while (count < len) {
			uint64_t m = refboard_moves(&r);
			int k, sq = -1;

			if (!m) {
				refboard_pass(&r);
				side = 3 - side;
				if (!(m = refboard_moves(&r)))
					break;
			}
			k = test_rand(&rng) % 4
				? 0
				: (int)(test_rand(&rng) % (uint64_t)__builtin_popcountll(m));
			for (int s = 0; s < 64; s++)
				if ((m >> s & 1) && k-- == 0) {
					sq = s;
					break;
				}
			refboard_play(&r, sq);
			side = 3 - side;
			moves[count++] = sq;
		}
		cr_assert_eq(gamedb_play_moves(moves, count, &g[i], err, sizeof(err)), 0, "%s",
			     err);
		g[i].result =
		    (int8_t)(2 * (int)(test_rand(&rng) % 65) - 64); /* WTHOR keeps discs */
		g[i].theory = (int8_t)((int)(test_rand(&rng) % 65) - 32) * 2;
		g[i].theory_empties = 24;
		g[i].black = (uint16_t)(test_rand(&rng) % 4);
		g[i].white = (uint16_t)(test_rand(&rng) % 4);
		g[i].tournament = (uint16_t)(i % 2);
	}
}

static char dir[256];
static struct gamedb_game games[N_GAMES];
static const char *const player_names[] = {"Alpha One", "Beta Two", "Gamma Three", "Delta Four"};
static const char *const tournament_names[] = {"Open de Paris", "Coupe du Nord"};

static void write_file(const char *name, const struct gamedb_game *g, size_t n, int year)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	cr_assert_not_null(f = fopen(path, "wb"));
	cr_assert_eq(gamedb_wthor_write(f, g, n, year), 0);
	fclose(f);
}

static void write_names(const char *name, const char *const *names, size_t n, int len)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	cr_assert_not_null(f = fopen(path, "wb"));
	cr_assert_eq(gamedb_wthor_write_names(f, names, n, len), 0);
	fclose(f);
}

/* A folder holding the games: WTH_1990.wtb (the first half), WTH_2000.wtb. */
static void make_folder(void)
{
	snprintf(dir, sizeof(dir), "/tmp/test-gamedb-index-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	make_games(games, N_GAMES, 42);
	for (int i = 0; i < N_GAMES; i++)
		games[i].year = i < N_GAMES / 2 ? 1990 : 2000;
	write_file("WTH_1990.wtb", games, N_GAMES / 2, 1990);
	write_file("WTH_2000.wtb", games + N_GAMES / 2, N_GAMES - N_GAMES / 2, 2000);
	write_names("WTHOR.JOU", player_names, 4, GAMEDB_JOU_RECORD);
	write_names("WTHOR.TRN", tournament_names, 2, GAMEDB_TRN_RECORD);
}

static void remove_folder(void)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

static void open_db(struct gamedb_index *db)
{
	struct gamedb_sources src = {dir, ""};
	char err[256];

	cr_assert_eq(gamedb_index_open(db, &src, err, sizeof(err)), 0, "%s", err);
}

/* Every game's positions, replayed once with the reference rules (a forced
   pass played): trail[i][p] after p moves of game i. */
static struct cells (*trail)[61];

static void replay_all(const struct gamedb_game *g, int n)
{
	trail = calloc((size_t)n, sizeof(*trail));
	cr_assert_not_null(trail);
	for (int i = 0; i < n; i++) {
		struct refboard r;
		struct board start;
		int side = 1;

		board_start(&start);
		refboard_from_bits(&r, start.own, start.opp);
		for (int p = 0; p <= g[i].n_moves; p++) {
			if (!refboard_moves(&r)) {
				struct refboard t = r;

				refboard_pass(&t);
				if (refboard_moves(&t)) {
					r = t;
					side = 3 - side;
				}
			}
			cells_of(&r, side, &trail[i][p]);
			if (p < g[i].n_moves) {
				refboard_play(&r, g[i].moves[p]);
				side = 3 - side;
			}
		}
	}
}

/* The slow count: for each game, the ply where its position is an image of
   `q` (looked for at every ply) and its next move brought back to `q`'s
   board; next[i] = -2 when game i never gets there, -1 when it ends there. */
static void slow_find(const struct gamedb_game *g, int n, const struct cells *q, int *next)
{
	struct cells im[8];

	for (int k = 0; k < 8; k++)
		image(q, k, &im[k]);
	for (int i = 0; i < n; i++) {
		next[i] = -2;
		for (int p = 0; p <= g[i].n_moves && next[i] == -2; p++)
			for (int k = 0; k < 8; k++)
				if (same(&trail[i][p], &im[k])) {
					next[i] =
					    p < g[i].n_moves ? image_back(g[i].moves[p], k) : -1;
					break;
				}
	}
}

/* The symmetries (by image_square) that leave `q` as it is. */
static int stabiliser(const struct cells *q, int *ks)
{
	int n = 0;

	for (int k = 0; k < 8; k++) {
		struct cells t;

		image(q, k, &t);
		if (same(&t, q))
			ks[n++] = k;
	}
	return n;
}

/* True when moves a and b are the same up to the symmetries `ks` of the position. */
static bool same_move(int a, int b, const int *ks, int nk)
{
	if (a < 0 || b < 0)
		return a == b;
	for (int j = 0; j < nk; j++)
		if (image_square(a, ks[j]) == b)
			return true;
	return false;
}

/* The position of game `g` after `ply` moves, as colours (forced passes played). */
static void position_of(const struct gamedb_game *g, int ply, struct cells *out)
{
	struct board b;
	enum color side;
	char err[128];

	cr_assert_geq(gamedb_replay(g, &b, &side, ply, err, sizeof(err)), 0, "%s", err);
	for (int s = 0; s < 64; s++)
		out->c[s] = (b.own >> s & 1)   ? (side == BLACK ? 1 : 2)
			    : (b.opp >> s & 1) ? (side == BLACK ? 2 : 1)
					       : 0;
	out->side = side == BLACK ? 1 : 2;
}

/* Checks the index's answer for `q` against the slow count, game by game and
   in the move table; returns the games found. */
static size_t check_query(const struct gamedb_index *db, const struct cells *q)
{
	struct gamedb_hit *hits;
	struct gamedb_move_stats st[64];
	int next[N_GAMES], ks[8], nk = stabiliser(q, ks), count;
	struct board b;
	size_t n, found = 0;
	char err[128];

	board_of(q, &b);
	slow_find(games, N_GAMES, q, next);
	cr_assert_eq(gamedb_index_find(db, &b, q->side == 1 ? BLACK : WHITE, NULL, &hits, &n, err,
				       sizeof(err)),
		     0);
	for (size_t h = 0; h < n; h++) {
		cr_assert_neq(next[hits[h].game], -2, "game %u found but not through it",
			      hits[h].game);
		cr_assert(same_move(hits[h].next, next[hits[h].game], ks, nk),
			  "game %u: next %d, slow count %d", hits[h].game, hits[h].next,
			  next[hits[h].game]);
	}
	for (int i = 0; i < N_GAMES; i++)
		found += next[i] != -2;
	cr_assert_eq(n, found, "index %zu games, slow count %zu", n, found);
	count = gamedb_index_stats(db, hits, n, st, 64);
	if (nk == 1) { /* the moves are then told apart: the table, move by move */
		for (int m = 0; m < count; m++) {
			uint32_t games_n = 0, bw = 0, dr = 0, ww = 0;
			double sum = 0, th = 0;

			for (int i = 0; i < N_GAMES; i++) {
				if (next[i] != st[m].move)
					continue;
				games_n++;
				bw += games[i].result > 0;
				dr += games[i].result == 0;
				ww += games[i].result < 0;
				sum += games[i].result;
				th += games[i].theory;
			}
			cr_assert_eq(st[m].games, games_n);
			cr_assert_eq(st[m].black_wins, bw);
			cr_assert_eq(st[m].draws, dr);
			cr_assert_eq(st[m].white_wins, ww);
			cr_assert_float_eq(st[m].mean_result, sum / games_n, 1e-9);
			cr_assert_float_eq(st[m].mean_theory, th / games_n, 1e-9);
			cr_assert(m == 0 || st[m - 1].games >= st[m].games);
		}
	}
	free(hits);
	return n;
}

Test(gamedb_index, every_answer_agrees_with_a_slow_count_in_all_eight_images)
{
	struct gamedb_index db;
	size_t many = 0;

	make_folder();
	open_db(&db);
	cr_assert_eq(db.games.n, N_GAMES);
	cr_assert_eq(db.skips.n, 0, "%s", db.skips.n ? db.skips.msg[0] : "");
	replay_all(games, N_GAMES);
	for (int i = 0; i < N_GAMES; i += 23) {
		for (int ply = 0; ply <= games[i].n_moves; ply += 1 + ply / 3) {
			struct cells q, t;

			position_of(&games[i], ply, &q);
			for (int k = i % 3; k < 8; k += 3) {
				size_t n;

				image(&q, k, &t);
				n = check_query(&db, &t);
				cr_assert_geq(n, 1);
				many += n > 1;
			}
		}
	}
	cr_assert_gt(many, 50); /* the queries met shared openings, not just their own game */
	free(trail);
	gamedb_index_free(&db);
	remove_folder();
}

Test(gamedb_index, a_transposed_and_a_mirrored_position_find_the_same_games)
{
	struct gamedb_index db;
	struct cells q, t;
	struct gamedb_hit *a, *b;
	struct board bq, bt;
	size_t na, nb;
	char err[128];

	make_folder();
	open_db(&db);
	position_of(&games[3], 6, &q);
	board_of(&q, &bq);
	cr_assert_eq(gamedb_index_find(&db, &bq, q.side == 1 ? BLACK : WHITE, NULL, &a, &na, err,
				       sizeof(err)),
		     0);
	for (int k = 1; k < 8; k++) {
		image(&q, k, &t);
		board_of(&t, &bt);
		cr_assert_eq(gamedb_index_find(&db, &bt, t.side == 1 ? BLACK : WHITE, NULL, &b, &nb,
					       err, sizeof(err)),
			     0);
		cr_assert_eq(na, nb);
		for (size_t h = 0; h < na; h++) {
			cr_assert_eq(a[h].game, b[h].game);
			cr_assert_eq(a[h].next < 0 ? -1 : image_square(a[h].next, k), b[h].next,
				     "image %d: the next move is turned with the board", k);
		}
		free(b);
	}
	free(a);
	gamedb_index_free(&db);
	remove_folder();
}

/* Every line of `depth` moves from `b` (no passes this early) into `lines`
   (4 squares each) with the board each reaches; returns the count. */
static int all_lines(struct board b, int depth, int *prefix, int at, int (*lines)[4],
		     struct board *ends, int n)
{
	if (at == depth) {
		memcpy(lines[n], prefix, sizeof(lines[n]));
		ends[n] = b;
		return n + 1;
	}
	for (uint64_t m = board_moves(b.own, b.opp); m; m &= m - 1) {
		struct board c = b;
		int sq = board_first_square(m);

		board_play(&c, sq, board_flips(c.own, c.opp, sq));
		prefix[at] = sq;
		n = all_lines(c, depth, prefix, at + 1, lines, ends, n);
	}
	return n;
}

/* Two move orders from the start that reach one position (found among all
   4-move lines): a game through each is found from either. */
Test(gamedb_index, a_position_reached_by_another_move_order_finds_both_games)
{
	static int lines[4096][4];
	static struct board ends[4096];
	struct gamedb_index db;
	struct gamedb_hit *hits;
	struct board start;
	int prefix[4], n, a = -1, b = -1;
	char err[128];
	size_t nh;

	board_start(&start);
	n = all_lines(start, 4, prefix, 0, lines, ends, 0);
	cr_assert_lt(n, 4096);
	for (int i = 0; i < n && a < 0; i++)
		for (int j = i + 1; j < n && a < 0; j++)
			if (ends[i].own == ends[j].own && ends[i].opp == ends[j].opp) {
				a = i;
				b = j;
			}
	cr_assert_geq(a, 0, "no two 4-move lines meet");
	memset(&db, 0, sizeof(db));
	for (int k = 0; k < 2; k++) {
		struct gamedb_game g = {0};
		int *l = lines[k ? b : a];

		cr_assert_eq(gamedb_play_moves(l, 4, &g, err, sizeof(err)), 0, "%s", err);
		g.result = (int8_t)(k ? 10 : -10);
		g.theory = GAMEDB_NO_SCORE;
		cr_assert_eq(gamedb_games_add(&db.games, &g), 0);
	}
	cr_assert_eq(gamedb_index_build(&db, err, sizeof(err)), 0);
	for (int k = 0; k < 2; k++) {
		cr_assert_eq(gamedb_index_find(&db, &ends[k ? b : a], BLACK, NULL, &hits, &nh, err,
					       sizeof(err)),
			     0);
		cr_assert_eq(nh, 2, "line %d: %zu games", k, nh);
		cr_assert_eq(hits[0].game, 0);
		cr_assert_eq(hits[1].game, 1);
		free(hits);
	}
	gamedb_index_free(&db);
}

/* The games that pass `f`, counted the slow way over the games of the folder
   (names as make_folder wrote them). */
static size_t slow_filter(const struct gamedb_filter *f)
{
	size_t n = 0;

	for (int i = 0; i < N_GAMES; i++) {
		const struct gamedb_game *g = &games[i];
		const char *b = player_names[g->black], *w = player_names[g->white];

		if (f->year_min && g->year < f->year_min)
			continue;
		if (f->year_max && g->year > f->year_max)
			continue;
		if (f->result == 'b' && g->result <= 0)
			continue;
		if (f->result == 'w' && g->result >= 0)
			continue;
		if (f->result == 'd' && g->result != 0)
			continue;
		if (f->player && !strcasestr(b, f->player) && !strcasestr(w, f->player))
			continue;
		if (f->black && !strcasestr(b, f->black))
			continue;
		if (f->white && !strcasestr(w, f->white))
			continue;
		if (f->tournament && !strcasestr(tournament_names[g->tournament], f->tournament))
			continue;
		n++;
	}
	return n;
}

Test(gamedb_index, filters_keep_the_games_a_slow_count_keeps)
{
	const struct gamedb_filter filters[] = {
	    {.player = "alpha"},
	    {.black = "TWO"},
	    {.white = "three"},
	    {.tournament = "nord"},
	    {.year_min = 1990, .year_max = 1990},
	    {.year_min = 1995},
	    {.result = 'b'},
	    {.result = 'w'},
	    {.result = 'd'},
	    {.player = "delta", .result = 'w', .year_min = 2000, .tournament = "paris"},
	    {.player = "nobody"},
	};
	struct gamedb_index db;
	struct board start;
	char err[128];

	make_folder();
	open_db(&db);
	board_start(&start);
	for (size_t k = 0; k < sizeof(filters) / sizeof(filters[0]); k++) {
		struct gamedb_hit *hits;
		size_t n;

		cr_assert_eq(
		    gamedb_index_find(&db, &start, BLACK, &filters[k], &hits, &n, err, sizeof(err)),
		    0);
		cr_assert_eq(n, slow_filter(&filters[k]), "filter %zu", k);
		cr_assert(k == 10 || n > 0, "filter %zu keeps no game: a weak test", k);
		free(hits);
	}
	gamedb_index_free(&db);
	remove_folder();
}

/* A game without a year (a Logistello line) is in no range of years: `--year
   -1985` listed every one of them. */
Test(gamedb_index, a_game_without_a_year_is_in_no_range)
{
	struct gamedb_index db = {0};
	struct gamedb_game g = {.year = 0, .black = GAMEDB_NO_NAME, .white = GAMEDB_NO_NAME};
	const struct gamedb_filter up_to = {.year_max = 1985}, from = {.year_min = 1985},
				   any = {.result = 0};

	cr_assert(!gamedb_filter_match(&db, &g, &up_to));
	cr_assert(!gamedb_filter_match(&db, &g, &from));
	cr_assert(gamedb_filter_match(&db, &g, &any), "no year asked: every game");
	g.year = 1980;
	cr_assert(gamedb_filter_match(&db, &g, &up_to));
	cr_assert(!gamedb_filter_match(&db, &g, &from));
}

Test(gamedb_index, years_and_results_are_read_from_their_words)
{
	int lo, hi;

	cr_assert_eq(gamedb_filter_years("1990", &lo, &hi), 0);
	cr_assert(lo == 1990 && hi == 1990);
	cr_assert_eq(gamedb_filter_years("1990-1999", &lo, &hi), 0);
	cr_assert(lo == 1990 && hi == 1999);
	cr_assert_eq(gamedb_filter_years("2000-", &lo, &hi), 0);
	cr_assert(lo == 2000 && hi == 0);
	cr_assert_eq(gamedb_filter_years("-1985", &lo, &hi), 0);
	cr_assert(lo == 0 && hi == 1985);
	cr_assert_eq(gamedb_filter_years("1999-1990", &lo, &hi), -1);
	cr_assert_eq(gamedb_filter_years("-", &lo, &hi), -1);
	cr_assert_eq(gamedb_filter_years("nineteen", &lo, &hi), -1);
	cr_assert_eq(gamedb_filter_result("White"), 'w');
	cr_assert_eq(gamedb_filter_result("draw"), 'd');
	cr_assert_eq(gamedb_filter_result("both"), -1);
}

/* Writes `len` bytes of `text` to file `path`. */
static void put_file(const char *path, const char *text, size_t len)
{
	FILE *f;

	cr_assert_not_null(f = fopen(path, "wb"), "%s", path);
	cr_assert_eq(fwrite(text, 1, len, f), len);
	fclose(f);
}

/* Writes `text` to file `name` of the folder. */
static void put_text(const char *name, const char *text, size_t len)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	put_file(path, text, len);
}

/* True when a message of `db` holds every one of the words. */
static bool skipped(const struct gamedb_index *db, const char *a, const char *b)
{
	for (size_t i = 0; i < db->skips.n; i++)
		if (strstr(db->skips.msg[i], a) && strstr(db->skips.msg[i], b))
			return true;
	return false;
}

Test(gamedb_index, bad_files_and_records_are_skipped_with_where_and_why_and_the_rest_loads)
{
	struct gamedb_index db;
	struct gamedb_game two[3];
	char path[512];
	FILE *f;
	long size;

	make_folder();
	/* a truncated file: the header says 3 games, 2 and a half are there */
	memcpy(two, games, sizeof(two));
	write_file("WTH_2005.wtb", two, 3, 2005);
	snprintf(path, sizeof(path), "%s/WTH_2005.wtb", dir);
	cr_assert_eq(truncate(path, 16 + 68 * 2 + 30), 0);
	/* a bad record: its third move is on an occupied square */
	write_file("WTH_2006.wtb", two, 2, 2006);
	snprintf(path, sizeof(path), "%s/WTH_2006.wtb", dir);
	cr_assert_not_null(f = fopen(path, "r+b"));
	fseek(f, 16 + 68 + 8 + 2, SEEK_SET);
	fputc(44, f); /* d4 */
	fclose(f);
	/* a foreign file with a game's name, a zip, a text file, a bad transcript */
	put_text("WTH_2007.wtb", "PK\x03\x04 not a WTHOR file at all", 27);
	put_text("wthor.zip", "PK\x03\x04", 4);
	put_text("notes.md", "# notes\n", 8);
	put_text("mine.txt", "f5d6c3zz\n", 9);
	put_text("book.gam", "+f5-d6+c3: +04 1\n+f5-f5: +00 0\n+f5-f6: -02 0\n", 45);
	mkdir(strcat(strcpy(path, dir), "/own"), 0755);
	put_text("own/game.txt", "f5d6c3d3c4f4\n", 13);
	open_db(&db);
	cr_assert(skipped(&db, "WTH_2005.wtb", "truncated"));
	cr_assert(skipped(&db, "WTH_2006.wtb", "record 2: move 3 (d4) is illegal"));
	cr_assert(skipped(&db, "WTH_2007.wtb", "in the header"));
	cr_assert(skipped(&db, "wthor.zip", "unzip"));
	cr_assert(skipped(&db, "notes.md", "not a game file"));
	cr_assert(skipped(&db, "mine.txt", ""));
	cr_assert(skipped(&db, "book.gam:2:4:", "f5 is not a legal move"));
	cr_assert_eq(db.skips.n, 7, "%zu skipped", db.skips.n);
	/* the rest: the folder's games, 2 lines of the book, 2 games of the truncated
	   file, 1 of the bad one, own/game.txt */
	size = (long)db.games.n;
	cr_assert_eq(size, N_GAMES + 2 + 2 + 1 + 1);
	cr_assert_eq(db.games.g[db.games.n - 1].n_moves, 6);
	cr_assert(db.files[db.n_files - 1].user);
	gamedb_index_free(&db);
	remove_folder();
}

Test(gamedb_index, the_users_records_and_save_slots_join_with_their_names)
{
	char slots[512], path[600], err[256];
	struct gamedb_sources src;
	struct gamedb_index db;
	struct gamedb_hit *hits;
	struct board b;
	enum color side;
	size_t n;
	const char *sgf = "(;FF[4]GM[2]SZ[8]PB[Ann Example]PW[Bob Sample]EV[Club night]"
			  "DT[2023-05-01]RE[B+10];B[f5];W[d6];B[c3];W[d3];B[c4])";
	const char *setup = "(;FF[4]GM[2]SZ[8]AB[d5][e4][a1]AW[d4][e5]PL[B])";

	make_folder();
	put_text("club.sgf", sgf, strlen(sgf));
	snprintf(slots, sizeof(slots), "%s-slots", dir);
	cr_assert_eq(mkdir(slots, 0755), 0);
	snprintf(path, sizeof(path), "%s/3.sgf", slots);
	put_file(path, sgf, strlen(sgf));
	snprintf(path, sizeof(path), "%s/odd.sgf", slots);
	put_file(path, setup, strlen(setup));
	snprintf(path, sizeof(path), "%s/not a slot.sgf", slots);
	put_file(path, sgf, strlen(sgf));
	src.dir = dir;
	src.save_dir = slots;
	cr_assert_eq(gamedb_index_open(&db, &src, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(db.games.n, N_GAMES + 2, "%zu games; %s", db.games.n,
		     db.skips.n ? db.skips.msg[0] : "");
	cr_assert(skipped(&db, "odd.sgf", "set-up position"));
	cr_assert_str_eq(gamedb_player_name(&db, db.games.g[N_GAMES].black), "Ann Example");
	cr_assert_str_eq(gamedb_tournament_name(&db, db.games.g[N_GAMES].tournament), "Club night");
	cr_assert_eq(db.games.g[N_GAMES].year, 2023);
	cr_assert_eq(db.games.g[N_GAMES].result, 10);
	board_start(&b);
	side = BLACK;
	for (const char *m = "f5d6c3d3c4"; *m; m += 2) {
		int sq = board_square_parse((char[]){m[0], m[1], 0});
		board_play(&b, sq, board_flips(b.own, b.opp, sq));
		side = side == BLACK ? WHITE : BLACK;
	}
	cr_assert_eq(gamedb_index_find(&db, &b, side, &(struct gamedb_filter){.player = "bob"},
				       &hits, &n, err, sizeof(err)),
		     0);
	cr_assert_eq(n, 2, "the folder's record and the slot");
	cr_assert_eq(hits[0].next, -1);
	free(hits);
	gamedb_index_free(&db);
	remove_folder();
	snprintf(path, sizeof(path), "rm -rf '%s'", slots);
	cr_assert_eq(system(path), 0);
}

/* The folder of the shared WTHOR files, or NULL when it is absent. */
static const char *shared_wthor(void)
{
	const char *d = getenv("SHARED_DATA");
	static char path[4096];
	struct stat st;

	if (!d)
		return NULL;
	snprintf(path, sizeof(path), "%s/wthor", d);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? path : NULL;
}

Test(gamedb_index, the_shared_wthor_files_agree_with_a_naive_count)
{
	const char *d = shared_wthor();
	struct gamedb_sources src = {d, ""};
	struct gamedb_index db;
	struct gamedb_hit *hits;
	struct gamedb_move_stats st[64];
	struct board b;
	enum color side = BLACK;
	uint32_t count[64] = {0}, through = 0;
	char err[256];
	size_t n;
	int moves;

	if (!d) {
		cr_skip_test("../shared/data/wthor is absent");
		return;
	}
	cr_assert_eq(gamedb_index_open(&db, &src, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(db.games.n, 111296);
	cr_assert_eq(db.skips.n, 0);
	board_start(&b);
	for (const char *m = "f5d6c3d3c4"; *m; m += 2) {
		int sq = board_square_parse((char[]){m[0], m[1], 0});
		board_play(&b, sq, board_flips(b.own, b.opp, sq));
		side = side == BLACK ? WHITE : BLACK;
	}
	/* naive: every game replayed 5 moves, compared with the 8 images */
	for (size_t i = 0; i < db.games.n; i++) {
		struct board p, t;
		enum color s;

		if (gamedb_replay(&db.games.g[i], &p, &s, 5, err, sizeof(err)) != 5 || s != side)
			continue;
		for (int k = 0; k < 8; k++) {
			board_symmetry(&b, k, &t);
			if (t.own == p.own && t.opp == p.opp) {
				through++;
				if (db.games.g[i].n_moves > 5)
					count[board_symmetry_square(db.games.g[i].moves[5],
								    board_symmetry_inverse(k))]++;
				break;
			}
		}
	}
	cr_assert_eq(gamedb_index_find(&db, &b, side, NULL, &hits, &n, err, sizeof(err)), 0);
	cr_assert_eq(n, through);
	moves = gamedb_index_stats(&db, hits, n, st, 64);
	cr_assert_geq(moves, 3);
	for (int m = 0; m < moves; m++)
		cr_assert_eq(st[m].games, count[st[m].move], "%s", board_square_name(st[m].move));
	free(hits);
	gamedb_index_free(&db);
}
