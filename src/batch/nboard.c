/*
 * nboard.c — the engine side of the NBoard protocol.
 *
 * One command a line from the GUI; every reply line is flushed at once.
 *
 *   GUI sends                 engine does / answers
 *   ------------------------  ----------------------------------------------
 *   nboard VERSION            `set myname NAME`
 *   set depth N               midgame depth of later searches (1-60); the
 *                             endgame is solved exactly from N + 8 empties
 *                             (at most 24) on
 *   set game GGF              the position at the end of the game becomes the
 *                             current one (board setup BO[] and moves; GGF as
 *                             read by record-ggf.c)
 *   set contempt N            ignored
 *   move MOVE[/EVAL/TIME]     plays MOVE (F5, or PA for a pass) on the board
 *   go                        searches, then `=== MOVE/EVAL/TIME`; the board
 *                             is not changed (the GUI sends `move` after)
 *   hint N                    the N best moves: `book MOVE EVAL 0 DEPTH` lines
 *                             for a book position, else a search scoring N
 *                             moves, then `search PV EVAL 0 DEPTH` for each
 *                             (DEPTH as 18@87% for a selective search, see
 *                             --selectivity)
 *   analyze                   scores every position of the game (`set game`
 *                             and the moves after it), from its end back to
 *                             its start: `analysis N EVAL` for each, N the
 *                             moves played before it (passes count), EVAL
 *                             for the side to move there; then `status`
 *   ping N                    stops any search, then `pong N`
 *   learn                     `learned` (nothing is learned)
 *   quit                      stops, and the session ends
 *   (anything else)           ignored, as the protocol asks
 *
 * The commands are one table (nboard_table: name, usage, flags, handler)
 * looked up by exact name, and `set` finds its variable in a second table of
 * the same shape.
 *
 * While thinking the engine sends `status TEXT` (and an empty `status` when
 * done), `search PV EVAL 0 DEPTH` after every finished iteration, and
 * `nodestats NODES SECONDS` at the end. EVAL is in discs from the side to
 * move's point of view, two decimals; a PV is squares without spaces,
 * upper case (F5D6C3), passes as PA.
 *
 * Searches run in a second thread, so that the reading thread sees `ping`
 * (and any other command) at once: a new command first stops the search
 * under way and waits for it, so replies keep the order of the commands.
 * At the end of the input the last search is allowed to finish. When no one
 * reads the replies any more (a reply cannot be written, or the pipe's
 * reader has gone: outwatch.c), the search is stopped at once and the
 * session ends at the next command or the end of the input. A read error
 * on the commands ends it too, and is not taken for the end of the input.
 *
 * A line of NBOARD_LINE_MAX bytes (1 MiB) or more is ignored whole, like an
 * unknown command; the next line is the next command.
 */
#include "nboard.h"

#include "gametree.h"
#include "lineread.h"
#include "outwatch.h"
#include "parse.h"
#include "record.h"
#include "search.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum job { JOB_GO, JOB_HINT, JOB_ANALYZE };

enum { NBOARD_GAME_MAX = 130 }; /* positions of a game: 60 moves, passes, the start */

enum { NBOARD_LINE_MAX = 1 << 20 }; /* a command line has fewer bytes than this */

enum nboard_flags {
	NBOARD_ENDS_SESSION = 1 << 0, /* the session ends (after the search is stopped) */
};

struct nboard {
	const struct nboard_options *opt;   /* options of the session */
	FILE *out;			    /* replies */
	pthread_mutex_t out_lock;	    /* both threads write to out */
	struct search *search;		    /* the searcher, used by one thread at a time */
	struct board board;		    /* current position, side to move's view */
	enum color side;		    /* side to move */
	int depth;			    /* `set depth` */
	pthread_t thread;		    /* the search thread, while running */
	bool running;			    /* a search thread exists (not yet joined) */
	enum job job;			    /* what it does */
	int hint_n;			    /* moves asked for by `hint` */
	int out_lost;			    /* errno of a lost reply, EPIPE: no reader (atomic) */
	struct board game[NBOARD_GAME_MAX]; /* the game's positions, game[n_game - 1] = board */
	int n_game;			    /* entries in game (at least 1) */
	atomic_bool halt;		    /* stop_search asked the analysis to end */
};

/* One entry of a command table: `name`, then `usage`, runs `exec`. */
struct nboard_command {
	const char *name;  /* exact name of the command (or of the `set` variable) */
	const char *usage; /* its arguments, "" if none */
	unsigned flags;	   /* enum nboard_flags */
	void (*exec)(struct nboard *nb, const char *rest); /* `rest`: the words after the name */
};

static void say(struct nboard *nb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes one reply line and flushes it. */
static void say(struct nboard *nb, const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&nb->out_lock);
	va_start(ap, fmt);
	vfprintf(nb->out, fmt, ap);
	va_end(ap);
	fputc('\n', nb->out);
	errno = 0;
	if (fflush(nb->out) != 0 || ferror(nb->out)) {
		__atomic_store_n(&nb->out_lost, errno ? errno : EIO, __ATOMIC_SEQ_CST);
		search_stop(nb->search); /* no one will read what it finds */
	}
	pthread_mutex_unlock(&nb->out_lock);
}

/* Writes a PV as NBoard wants it: no spaces, passes as PA. */
static void format_pv(const int *pv, int n, char *out, size_t len)
{
	size_t k = 0;

	out[0] = '\0';
	for (int i = 0; i < n && k + 3 < len; i++) {
		const char *m = pv[i] == SQ_PASS ? "PA" : board_square_name_upper(pv[i]);

		out[k++] = m[0];
		out[k++] = m[1];
		out[k] = '\0';
	}
}

static int endgame_depth(int depth)
{
	return depth + 8 < 24 ? depth + 8 : 24;
}

static void on_progress(const struct search_info *info, void *user)
{
	struct nboard *nb = user;
	char pv[200], depth[16];

	if (__atomic_load_n(&nb->out_lost, __ATOMIC_SEQ_CST) || atomic_load(&nb->halt))
		search_stop(nb->search); /* the reader went, or a command came, before this
					    search cleared the request (search_run does): it
					    ends after its first iteration, with its move */
	if (info->pv_len == 0 || info->bound != BOUND_EXACT)
		return;
	format_pv(info->pv, info->pv_len, pv, sizeof pv);
	search_depth_text(info->depth, info->selectivity, depth, sizeof depth);
	say(nb, "search %s %.2f 0 %s", pv, info->score / 100.0, depth);
}

/* The book's moves for the current position, best first; returns how many. */
static int book_moves(struct nboard *nb, struct book_move out[BOOK_MAX_MOVES])
{
	int n;

	if (!nb->opt->book)
		return 0;
	n = book_lookup(nb->opt->book, &nb->board, out);
	for (int i = 1; i < n; i++) /* insertion sort, best score first */
		for (int j = i; j > 0 && out[j].score > out[j - 1].score; j--) {
			struct book_move t = out[j];

			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n;
}

/* The analysis's observer: a stop that came while one search ended and the
   next began (search_run clears the request) is asked again. */
static void analysis_progress(const struct search_info *info, void *user)
{
	struct nboard *nb = user;

	(void)info;
	if (atomic_load(&nb->halt))
		search_stop(nb->search);
}

/* `analyze`: scores the game's positions from the last back to the first at the
   session's depth, one `analysis N EVAL` line each, until done or stopped. */
static void analyze_game(struct nboard *nb)
{
	struct search_limits lim;

	memset(&lim, 0, sizeof lim);
	lim.depth = nb->depth;
	lim.time = nb->opt->time;
	lim.endgame = endgame_depth(nb->depth);
	lim.multipv = 1;
	lim.selectivity = nb->opt->selectivity;
	say(nb, "status analysing");
	for (int i = nb->n_game - 1; i >= 0 && !atomic_load(&nb->halt); i--) {
		struct board b = nb->game[i];
		struct search_result res;
		int sign = 1, score;

		if (board_game_over(&b)) {
			score = board_final_score(&b) * 100;
		} else {
			if (!board_can_move(&b)) { /* a pass: the other side's view, negated */
				board_pass(&b);
				sign = -1;
			}
			if (search_run(nb->search, &b, &lim, analysis_progress, nb, &res) != 0 ||
			    atomic_load(&nb->halt))
				break;
			score = sign * res.score;
		}
		say(nb, "analysis %d %.2f", i, score / 100.0);
	}
	say(nb, "status");
}

static void *search_thread(void *arg)
{
	struct nboard *nb = arg;
	struct search_limits lim;
	struct search_result res;
	struct book_move bm[BOOK_MAX_MOVES];
	int n_book = book_moves(nb, bm);
	char pv[200];

	if (nb->job == JOB_ANALYZE) {
		analyze_game(nb);
		return NULL;
	}
	say(nb, "status %s", nb->job == JOB_GO ? "thinking" : "analysing");
	if (!board_can_move(&nb->board)) {
		if (nb->job == JOB_GO)
			say(nb, "=== PA");
		else
			say(nb, "search PA 0.00 0 0");
		say(nb, "status");
		return NULL;
	}
	if (n_book > 0) {
		int k = nb->job == JOB_GO ? 1 : (n_book < nb->hint_n ? n_book : nb->hint_n);

		for (int i = 0; i < k; i++)
			say(nb, "book %s %.2f 0 %d", board_square_name_upper(bm[i].move),
			    bm[i].score / 100.0, bm[i].depth);
		if (nb->job == JOB_GO)
			say(nb, "=== %s/%.2f/0.0", board_square_name_upper(bm[0].move),
			    bm[0].score / 100.0);
		say(nb, "status");
		return NULL;
	}
	memset(&lim, 0, sizeof lim);
	lim.depth = nb->depth;
	lim.time = nb->opt->time;
	lim.endgame = endgame_depth(nb->depth);
	lim.multipv = nb->job == JOB_HINT ? nb->hint_n : 1;
	lim.selectivity = nb->opt->selectivity;
	if (search_run(nb->search, &nb->board, &lim, on_progress, nb, &res) != 0 ||
	    res.move == SQ_NONE) {
		say(nb, "status search failed");
		return NULL;
	}
	say(nb, "nodestats %llu %.2f", (unsigned long long)res.nodes, res.time);
	if (nb->job == JOB_GO) {
		say(nb, "=== %s/%.2f/%.1f",
		    res.move == SQ_PASS ? "PA" : board_square_name_upper(res.move),
		    res.score / 100.0, res.time);
	} else {
		int k = res.n_moves < nb->hint_n ? res.n_moves : nb->hint_n;

		for (int i = 0; i < k; i++) {
			const struct search_move *m = &res.moves[i];
			char depth[16];

			if (m->move == res.move)
				format_pv(res.pv, res.pv_len, pv, sizeof pv);
			else
				format_pv(&m->move, 1, pv, sizeof pv);
			search_depth_text(m->depth, res.selectivity, depth, sizeof depth);
			say(nb, "search %s %.2f 0 %s", pv, m->score / 100.0, depth);
		}
	}
	say(nb, "status");
	return NULL;
}

/* Stops the search under way, if any, and waits for its thread. */
static void stop_search(struct nboard *nb)
{
	if (!nb->running)
		return;
	atomic_store(&nb->halt, true);
	search_stop(nb->search);
	pthread_join(nb->thread, NULL);
	nb->running = false;
	atomic_store(&nb->halt, false);
}

static void start_search(struct nboard *nb, enum job job, int hint_n)
{
	nb->job = job;
	nb->hint_n = hint_n;
	if (pthread_create(&nb->thread, NULL, search_thread, nb) != 0) {
		say(nb, "status cannot start a search thread");
		return;
	}
	nb->running = true;
}

/* `set depth N`: the midgame depth of later searches, 1 to 60. */
static void exec_set_depth(struct nboard *nb, const char *rest)
{
	long d;

	if (parse_long(rest, 1, 60, &d))
		nb->depth = (int)d;
	else
		say(nb, "status set depth: '%s' is not a depth (1 to 60)", rest);
}

/* `set game GGF`: the position at the end of the game's main line. */
static void exec_set_game(struct nboard *nb, const char *ggf)
{
	char err[256];
	struct game *g = record_read_ggf(ggf, strlen(ggf), "set game", err, sizeof err);
	const struct board *b;

	if (!g) {
		say(nb, "status cannot read the game: %s", err);
		return;
	}
	b = game_board(game_line_end(g->root), &nb->side);
	nb->board = *b;
	nb->n_game = 0;
	for (const struct game_node *n = g->root; n && nb->n_game < NBOARD_GAME_MAX; n = n->child)
		nb->game[nb->n_game++] = *game_board(n, NULL);
	game_free(g);
	search_clear(nb->search);
}

/* The variables of `set`; others (contempt ...) are ignored. */
static const struct nboard_command nboard_set_table[] = {
    {.name = "depth", .usage = "N", .exec = exec_set_depth},
    {.name = "game", .usage = "GGF", .exec = exec_set_game},
    {.name = NULL},
};

/* The entry of `table` (ended by a NULL name) named exactly `name`, or NULL. */
static const struct nboard_command *find_command(const struct nboard_command *table,
						 const char *name)
{
	for (; table->name; table++)
		if (!strcmp(name, table->name))
			return table;
	return NULL;
}

/* Reads the first word of `*rest` into `word` (at most 31 characters, as
   sscanf's %31s) and moves `*rest` past it and the blanks after it. Returns
   false if there is no word. */
static bool take_word(const char **rest, char word[32])
{
	int n = 0;

	if (sscanf(*rest, "%31s%n", word, &n) != 1)
		return false;
	*rest += n;
	while (**rest == ' ' || **rest == '\t')
		(*rest)++;
	return true;
}

/* `nboard VERSION`: announces our name. */
static void exec_nboard(struct nboard *nb, const char *rest)
{
	(void)rest;
	say(nb, "set myname %s", nb->opt->name ? nb->opt->name : "OthelloMaster");
}

/* `set VARIABLE VALUE`: the handler of VARIABLE in nboard_set_table, if any. */
static void exec_set(struct nboard *nb, const char *rest)
{
	char name[32];
	const struct nboard_command *var;

	if (take_word(&rest, name) && (var = find_command(nboard_set_table, name)))
		var->exec(nb, rest);
}

/* `move MOVE[/EVAL/TIME]`. */
static void exec_move(struct nboard *nb, const char *arg)
{
	char word[8];
	size_t n = strcspn(arg, "/ \t");
	int sq;

	if (n == 0 || n >= sizeof word) {
		say(nb, "status bad move");
		return;
	}
	memcpy(word, arg, n);
	word[n] = '\0';
	if (!strcasecmp(word, "pa") || !strcasecmp(word, "pass")) {
		if (board_can_move(&nb->board)) {
			say(nb, "status illegal pass");
			return;
		}
		board_pass(&nb->board);
	} else {
		sq = board_square_parse(word);
		if (sq < 0 || !board_is_legal(&nb->board, sq)) {
			say(nb, "status illegal move %s", word);
			return;
		}
		board_play(&nb->board, sq, board_flips(nb->board.own, nb->board.opp, sq));
	}
	nb->side = (enum color) !nb->side;
	if (nb->n_game < NBOARD_GAME_MAX)
		nb->game[nb->n_game++] = nb->board;
}

/* `go`: a search for the move to play, answered by `=== MOVE/EVAL/TIME`. */
static void exec_go(struct nboard *nb, const char *rest)
{
	(void)rest;
	start_search(nb, JOB_GO, 1);
}

/* `hint N`: a search scoring the N best moves (1 to 32). */
static void exec_hint(struct nboard *nb, const char *rest)
{
	int k = atoi(rest);

	start_search(nb, JOB_HINT, k < 1 ? 1 : k > 32 ? 32 : k);
}

/* `analyze`: every position of the game scored (analyze_game). */
static void exec_analyze(struct nboard *nb, const char *rest)
{
	(void)rest;
	start_search(nb, JOB_ANALYZE, 1);
}

/* `ping N`: `pong N` (any search was stopped before). */
static void exec_ping(struct nboard *nb, const char *rest)
{
	say(nb, "pong %s", rest);
}

/* `learn`: nothing is learned, but the GUI waits for `learned`. */
static void exec_learn(struct nboard *nb, const char *rest)
{
	(void)rest;
	say(nb, "learned");
}

/* `quit`: nothing to answer; the entry's flag ends the session. */
static void exec_quit(struct nboard *nb, const char *rest)
{
	(void)nb;
	(void)rest;
}

/* The commands served; any other is ignored, as the protocol asks. */
static const struct nboard_command nboard_table[] = {
    {.name = "nboard", .usage = "VERSION", .exec = exec_nboard},
    {.name = "set", .usage = "VARIABLE VALUE", .exec = exec_set},
    {.name = "move", .usage = "MOVE[/EVAL/TIME]", .exec = exec_move},
    {.name = "go", .usage = "", .exec = exec_go},
    {.name = "hint", .usage = "N", .exec = exec_hint},
    {.name = "analyze", .usage = "", .exec = exec_analyze},
    {.name = "ping", .usage = "N", .exec = exec_ping},
    {.name = "learn", .usage = "", .exec = exec_learn},
    {.name = "quit", .usage = "", .flags = NBOARD_ENDS_SESSION, .exec = exec_quit},
    {.name = NULL},
};

/* Called by the output watch when the reader of the replies has gone. */
static void reader_gone(void *arg)
{
	struct nboard *nb = arg;

	__atomic_store_n(&nb->out_lost, EPIPE, __ATOMIC_SEQ_CST);
	search_stop(nb->search);
}

/* Serves NBoard on `in`/`out` until `quit` or the end of the input, or until
   the replies can no longer be written. Returns 0, or -1 with a message in
   `err` if the searcher could not be made, reading the commands failed or
   replies were lost. */
int nboard_serve(FILE *in, FILE *out, const struct nboard_options *opt, char *err, size_t errlen)
{
	struct nboard nb;
	char *line = malloc(NBOARD_LINE_MAX);
	struct outwatch *watch;
	long len = 0;
	int rc = 0, lost;

	memset(&nb, 0, sizeof nb);
	nb.opt = opt;
	nb.out = out;
	nb.depth = 12;
	board_start(&nb.board);
	nb.side = BLACK;
	nb.game[0] = nb.board;
	nb.n_game = 1;
	atomic_init(&nb.halt, false);
	nb.search = line ? search_new(opt->hash_mb ? opt->hash_mb : 16, opt->eval) : NULL;
	if (!nb.search) {
		free(line);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (opt->threads > 1)
		search_set_threads(nb.search, opt->threads); /* one thread if more cannot start */
	pthread_mutex_init(&nb.out_lock, NULL);
	watch = outwatch_start(fileno(out), reader_gone, &nb);
	while ((len = lineread_next(in, line, NBOARD_LINE_MAX)) != LINEREAD_EOF) {
		const char *rest = line;
		const struct nboard_command *cmd;
		char name[32];

		if (len == LINEREAD_ERROR) {
			snprintf(err, errlen, "error reading the commands: %s", strerror(errno));
			rc = -1;
			break;
		}
		if (__atomic_load_n(&nb.out_lost, __ATOMIC_SEQ_CST))
			break;
		if (len == LINEREAD_TOOLONG || !take_word(&rest, name))
			continue; /* ignored whole, as anything the engine does not know */
		stop_search(&nb); /* every command stops the search under way first */
		cmd = find_command(nboard_table, name);
		if (!cmd)
			continue;
		cmd->exec(&nb, rest);
		if (cmd->flags & NBOARD_ENDS_SESSION)
			break;
	}
	if (len == LINEREAD_EOF && nb.running) { /* end of input: let the last search finish */
		pthread_join(nb.thread, NULL);
		nb.running = false;
	}
	stop_search(&nb);
	outwatch_end(watch);
	if (rc == 0 && (lost = __atomic_load_n(&nb.out_lost, __ATOMIC_SEQ_CST))) {
		snprintf(err, errlen,
			 "the replies could not be written (%s); the search was stopped",
			 lost == EPIPE ? "no one reads them" : strerror(lost));
		rc = -1;
	}
	free(line);
	search_free(nb.search);
	pthread_mutex_destroy(&nb.out_lock);
	return rc;
}
