/*
 * match.c — the one game loop of the series (match_play_game: match,
 * tournament, ladder, `train match`, the self-play of `train generate` on
 * every board), and running a plan (match-schedule.c)
 * one game at a time or with several games at once.
 *
 * Parallel games. With jobs > 1 the parent forks that many worker
 * processes, so that an external engine that crashes or hangs takes down
 * only its worker, and drives each from one thread of the job pool (jobs.h),
 * which hands out the games in order. A worker reads game indices on a pipe,
 * plays them with players of its own (so an external engine runs once per
 * worker), writes the game's SGF log itself, and answers with the game's
 * report line on another pipe, after a comment line (`# NOTE`) for each note
 * its players gathered. The parent passes each distinct note on once, and
 * its pool hands each report line to the caller under the pool's lock, so
 * lines never interleave.
 */
#include "jobs.h"
#include "match.h"
#include "reaper.h"

#include "record.h"
#include "square.h"
#include "timer.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Ends the game `out` describes as a forfeit of `loser` with `reason`: every square of
   `board` to the other side. */
static void forfeit(struct report_game *out, enum color loser, const char *reason,
		    enum variant board)
{
	out->black_discs = loser == BLACK ? 0 : square_count(board);
	out->white_discs = square_count(board) - out->black_discs;
	out->gap = out->black_discs - out->white_discs;
	snprintf(out->end, sizeof out->end, "forfeit %s: %.100s",
		 loser == BLACK ? "black" : "white", reason);
}

/* Adds `move` to the record (if any) after `*node`. */
static void record_move(struct game *g, struct game_node **node, int move,
			const struct match_move *m, double seconds)
{
	char msg[100];
	struct game_node *n;

	if (!g || !*node)
		return;
	n = game_add_move(g, *node, move, msg, sizeof msg);
	if (!n)
		return;
	if (seconds >= 0)
		game_set_time(n, seconds);
	if (m && m->has_reasoning)
		game_set_reasoning(n, &m->reasoning);
	*node = n;
}

/* Starts the record of a game: its start, the opening, the game information. */
static struct game *record_start(const struct match_opening *o, const char *black_name,
				 const char *white_name, int number, uint64_t seed,
				 struct game_node **node)
{
	struct game *g = game_new_variant(o->start.variant);
	char msg[100], text[64];
	time_t now = time(NULL);
	struct tm tm;

	*node = NULL;
	if (!g)
		return NULL;
	if (!o->standard && game_set_start_pos(g, &o->start, o->start_side, msg, sizeof msg) < 0) {
		game_free(g);
		return NULL;
	}
	*node = g->root;
	for (int i = 0; i < o->n_moves; i++)
		record_move(g, node, o->moves[i], NULL, -1);
	game_set_info(g, INFO_BLACK, black_name);
	game_set_info(g, INFO_WHITE, white_name);
	game_set_info(g, INFO_EVENT, "othello match");
	snprintf(text, sizeof text, "game %d", number);
	game_set_info(g, INFO_NAME, text);
	if (strcmp(o->text, "-") != 0)
		game_set_info(g, INFO_OPENING, o->text);
	if (gmtime_r(&now, &tm)) {
		strftime(text, sizeof text, "%Y-%m-%d", &tm);
		game_set_info(g, INFO_DATE, text);
	}
	g->has_seed = true;
	g->seed = seed;
	return g;
}

/* Fills the head of the report line of game `t` and counts the opening's moves. */
static void report_start(const struct match_table *t, struct report_game *out)
{
	const struct match_opening *o = t->opening;

	memset(out, 0, sizeof *out);
	out->number = t->number;
	out->seed = t->seed[BLACK];
	snprintf(out->opening, sizeof out->opening, "%s", o->text);
	snprintf(out->black, sizeof out->black, "%s", t->name[BLACK]);
	snprintf(out->white, sizeof out->white, "%s", t->name[WHITE]);
	for (int i = 0; i < o->n_moves; i++)
		out->moves += o->moves[i] != SQ_PASS;
}

/* A game under way: the position, the record, the clocks, and who lost. */
struct table_play {
	const struct match_table *t; /* the game */
	struct pos b;		     /* the position, on the series' board */
	enum color side;	     /* side to move in b */
	struct game *g;		     /* the record, or NULL */
	struct game_node *node;	     /* its last node */
	double clock[2];	     /* game clock left of Black and White; 0 = none */
	double spent[2];	     /* seconds Black and White spent on their moves */
	int lost;		     /* the colour that lost by forfeit, -1 none */
	enum match_end end;	     /* how the game ended */
	char msg[REPORT_END_LEN];    /* the reason of the forfeit */
};

/* Both players are told of the pass of the side to move, which is played. */
static void play_pass(struct table_play *tp)
{
	for (int i = 0; i < 2 && tp->lost < 0; i++)
		if (match_player_tell(tp->t->player[i], tp->side, SQ_PASS, tp->msg,
				      sizeof tp->msg) < 0)
			tp->lost = i;
	record_move(tp->g, &tp->node, SQ_PASS, NULL, 0);
	pos_pass(&tp->b);
	tp->side = (enum color) !tp->side;
}

/* The side to move chooses a move, which is checked, told to the other side
   and played; a failure, an illegal move or a spent clock sets tp->lost. */
static void play_move(struct table_play *tp, struct report_game *out)
{
	enum color side = tp->side;
	struct match_player *p = tp->t->player[side];
	struct match_move m;
	double t = timer_now();

	memset(&m, 0, sizeof m);
	match_player_set_clock(p, tp->clock[side]);
	if (match_player_genmove(p, &tp->b, side, &m, tp->msg, sizeof tp->msg) < 0) {
		tp->lost = side;
		return;
	}
	t = timer_now() - t;
	tp->spent[side] += t;
	if (t > out->longest[side])
		out->longest[side] = t;
	if (tp->clock[side] > 0 && (tp->clock[side] -= t) <= 0) {
		snprintf(tp->msg, sizeof tp->msg, "out of time");
		tp->end = MATCH_END_TIME;
		tp->lost = side;
		return;
	}
	if (!square_valid(tp->b.variant, m.move) || !pos_flips(&tp->b, m.move)) {
		snprintf(tp->msg, sizeof tp->msg, "illegal move %s",
			 m.move == SQ_PASS			    ? "pass"
			 : square_valid(tp->b.variant, m.move) ? square_text(tp->b.variant, m.move).s
								    : "(none)");
		tp->lost = side;
		return;
	}
	if (match_player_tell(tp->t->player[!side], side, m.move, tp->msg, sizeof tp->msg) < 0) {
		tp->lost = !side;
		return;
	}
	record_move(tp->g, &tp->node, m.move, &m, t);
	pos_play(&tp->b, m.move, pos_flips(&tp->b, m.move));
	tp->side = (enum color) !side;
	out->moves++;
}

/* Counts the discs of the final position into `out` (empties to the winner). */
static void count_discs(const struct table_play *tp, struct report_game *out)
{
	const struct pos *b = &tp->b;
	int own = sqset_count(pos_own(b)), opp = sqset_count(pos_opp(b));
	int score = pos_final_score(b); /* side to move's view */
	int black_n = tp->side == BLACK ? own : opp, white_n = tp->side == BLACK ? opp : own;
	int empty = pos_empty_count(b), black_score = tp->side == BLACK ? score : -score;

	if (black_score > 0)
		black_n += empty;
	else if (black_score < 0)
		white_n += empty;
	out->black_discs = black_n;
	out->white_discs = white_n;
	out->gap = black_n - white_n;
	snprintf(out->end, sizeof out->end, "end");
}

/* Writes the result into the record. */
static void record_result(const struct table_play *tp, const struct report_game *out)
{
	char result[32];

	if (tp->lost >= 0) {
		snprintf(result, sizeof result, "%s+F", tp->lost == BLACK ? "W" : "B");
		if (tp->node)
			game_set_comment(tp->node, out->end);
	} else if (out->gap == 0) {
		snprintf(result, sizeof result, "0");
	} else {
		snprintf(result, sizeof result, "%s+%d", out->gap > 0 ? "B" : "W", abs(out->gap));
	}
	game_set_info(tp->g, INFO_RESULT, result);
}

/* The one game loop of every series (match, tournament, ladder, `train
   match`): plays game `t` and fills `out`, its report line. Each player
   starts the game with its seed; a player that must pass is not asked.
   A player that fails (an engine that exits, hangs, or answers an illegal
   move) loses the game by forfeit, with the reason in `out->end`; so does a
   player with a game clock (its options' game_time) whose moves use up that
   time ("out of time"), each move being told the time left. An external
   engine that forfeits is stopped, and started again for its next game.
   `spent` (may be NULL) receives the seconds Black and White spent on their
   moves. If `record` is not NULL, *record receives the game record (the
   caller frees it) or NULL when memory ran out. Returns how the game ended. */
enum match_end match_play_game(const struct match_table *t, struct report_game *out,
			       double spent[2], struct game **record)
{
	struct table_play tp = {.t = t,
				.b = t->opening->board,
				.side = t->opening->side,
				.lost = -1,
				.end = MATCH_END_NORMAL};
	double t0 = timer_now();

	report_start(t, out);
	if (record)
		tp.g = record_start(t->opening, t->name[BLACK], t->name[WHITE], t->number,
				    t->seed[BLACK], &tp.node);
	for (int i = 0; i < 2; i++) {
		tp.clock[i] = match_player_game_time(t->player[i]);
		if (tp.lost < 0 && match_player_new_game(t->player[i], t->opening, t->seed[i],
							 tp.msg, sizeof tp.msg) < 0)
			tp.lost = i;
	}
	while (tp.lost < 0 && !pos_game_over(&tp.b)) {
		if (pos_moves(&tp.b))
			play_move(&tp, out);
		else
			play_pass(&tp);
	}
	out->seconds = timer_now() - t0;
	if (tp.lost >= 0) {
		forfeit(out, (enum color)tp.lost, tp.msg, tp.b.variant);
		match_player_forfeited(t->player[tp.lost]);
		if (tp.end == MATCH_END_NORMAL)
			tp.end = MATCH_END_FORFEIT;
	} else {
		count_discs(&tp, out);
	}
	if (tp.g)
		record_result(&tp, out);
	if (record)
		*record = tp.g;
	if (spent) {
		spent[0] = tp.spent[0];
		spent[1] = tp.spent[1];
	}
	return tp.end;
}

/* The players of one process (the parent, or one worker), created when first needed. */
struct roster {
	const struct match_plan *plan;	/* what is played */
	struct match_player **players;	/* [n_players], NULL until needed */
	char (*failed)[REPORT_END_LEN]; /* [n_players] why a player could not start */
};

static int roster_init(struct roster *r, const struct match_plan *plan)
{
	r->plan = plan;
	r->players = calloc((size_t)plan->n_players, sizeof *r->players);
	r->failed = calloc((size_t)plan->n_players, sizeof *r->failed);
	return r->players && r->failed ? 0 : -1;
}

static void roster_free(struct roster *r)
{
	for (int i = 0; r->players && i < r->plan->n_players; i++)
		match_player_free(r->players[i]);
	free(r->players);
	free(r->failed);
}

static struct match_player *roster_get(struct roster *r, int i)
{
	if (!r->players[i])
		r->players[i] = match_player_new(r->plan->specs[i], &r->plan->opt[i], r->failed[i],
						 sizeof r->failed[i]);
	return r->players[i];
}

/* Writes the SGF log of a game into the plan's log directory; a failure goes to plan->warn. */
static void write_log(const struct match_plan *plan, const struct game *g, int number)
{
	char path[4096], msg[256];

	if (!plan->log_dir || !g)
		return;
	snprintf(path, sizeof path, "%s/game-%05d.sgf", plan->log_dir, number);
	if (record_save_file(path, g, RECORD_SGF, msg, sizeof msg) < 0 && plan->warn)
		plan->warn(msg, plan->warn_user);
}

typedef void (*note_fn)(const char *msg, void *user);

/* Hands the notes gathered by the players of game `mg` to `emit`, a line at a time. */
static void pass_notes(struct roster *r, const struct match_game *mg, note_fn emit, void *user)
{
	int who[2] = {mg->black, mg->white};
	char notes[1024];

	for (int i = 0; i < 2; i++) {
		struct match_player *p = r->players[who[i]];

		if (!p || !match_player_take_notes(p, notes, sizeof notes))
			continue;
		for (char *s = strtok(notes, "\n"); s; s = strtok(NULL, "\n"))
			if (emit)
				emit(s, user);
	}
}

/* Plays game `k` of the plan with the roster's players; their notes go to `emit`. */
static void play_one(struct roster *r, int k, struct report_game *out, note_fn emit, void *user)
{
	const struct match_plan *plan = r->plan;
	const struct match_game *mg = &plan->games[k];
	struct match_table t = {.player = {roster_get(r, mg->black), roster_get(r, mg->white)},
				.name = {plan->names[mg->black], plan->names[mg->white]},
				.opening = &plan->openings->v[mg->opening],
				.number = mg->number,
				.seed = {mg->seed, mg->seed}};
	struct game *g = NULL;

	if (!t.player[BLACK] || !t.player[WHITE]) {
		bool black = t.player[BLACK] != NULL;

		memset(out, 0, sizeof *out);
		out->number = mg->number;
		out->seed = mg->seed;
		snprintf(out->opening, sizeof out->opening, "%s", t.opening->text);
		snprintf(out->black, sizeof out->black, "%s", plan->names[mg->black]);
		snprintf(out->white, sizeof out->white, "%s", plan->names[mg->white]);
		forfeit(out, black ? WHITE : BLACK,
			black ? r->failed[mg->white] : r->failed[mg->black],
			t.opening->board.variant);
		return;
	}
	match_play_game(&t, out, NULL, plan->log_dir ? &g : NULL);
	pass_notes(r, mg, emit, user);
	write_log(plan, g, mg->number);
	game_free(g);
}

static int run_serial(const struct match_plan *plan, match_result_fn fn, void *user, char *err,
		      size_t errlen)
{
	struct roster r;
	int k;

	if (roster_init(&r, plan) < 0) {
		roster_free(&r);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (k = 0; k < plan->n_games; k++) {
		struct report_game g;

		play_one(&r, k, &g, plan->note, plan->warn_user);
		if (!fn(&g, user))
			break;
	}
	roster_free(&r);
	return k < plan->n_games ? 1 : 0;
}

/* In a worker: sends a note to the parent as a comment line ("# note"). */
static void worker_note(const char *msg, void *user)
{
	if (fprintf(user, "# %.1000s\n", msg) < 0)
		_exit(1);
}

/* In a worker: sends a warning (a game log not written) to the parent ("! "). */
static void worker_warn(const char *msg, void *user)
{
	if (fprintf(user, "! %.1000s\n", msg) < 0)
		_exit(1);
}

/* A worker process: plays the games whose indices arrive on `in` and writes
   their report lines to `out`, each after its players' notes (`# ` lines)
   and the warnings of its game (`! ` lines, which the parent passes to the
   plan's warn); exits when `in` closes. */
static void worker_main(const struct match_plan *parent_plan, int in, int out)
{
	FILE *f = fdopen(in, "r"), *o = fdopen(out, "w");
	char line[64], text[REPORT_LINE_LEN];
	struct match_plan wp = *parent_plan, *plan = &wp;
	struct roster r;

	wp.warn = worker_warn;
	wp.warn_user = o;
	if (!f || !o || roster_init(&r, plan) < 0)
		_exit(1);
	while (fgets(line, sizeof line, f)) {
		struct report_game g;
		int k = atoi(line);

		if (k < 0 || k >= plan->n_games)
			break;
		play_one(&r, k, &g, worker_note, o);
		if (report_format_line(&g, text, sizeof text) < 0 || fputs(text, o) < 0 ||
		    fflush(o) != 0)
			_exit(1);
	}
	roster_free(&r);
	fclose(f);
	fclose(o);
	_exit(0);
}

/* The notes a parallel run has passed on, so that each is given once
   (every worker has its own players, which note things once each). */
struct notes_seen {
	char text[64][256]; /* the first 255 bytes of each note passed on */
	int n;		    /* entries in text */
};

/* Passes a worker's note on to the plan, unless an equal one was passed on. */
static void note_once(const struct match_plan *plan, struct notes_seen *seen, const char *msg)
{
	for (int i = 0; i < seen->n; i++)
		if (!strncmp(seen->text[i], msg, sizeof seen->text[i] - 1))
			return;
	if (seen->n < (int)(sizeof seen->text / sizeof seen->text[0]))
		snprintf(seen->text[seen->n++], sizeof seen->text[0], "%s", msg);
	if (plan->note)
		plan->note(msg, plan->warn_user);
}

struct worker {
	pid_t pid;		       /* the worker process */
	int cmd;		       /* write end: game indices to it */
	int res;		       /* read end: report lines from it */
	char buf[REPORT_LINE_LEN * 2]; /* partial output */
	size_t len;		       /* bytes in buf */
	struct report_game g;	       /* the game it reported last */
	char err[300];		       /* why its last game failed */
};

/* A parallel run: the worker processes, forked before the job pool starts, each driven by
   one thread of the pool (jobs.h), and what the parent keeps of them. */
struct parallel {
	const struct match_plan *plan; /* what is played */
	struct worker *w;	       /* [jobs] the workers */
	int jobs;		       /* workers started */
	atomic_int taken;	       /* workers claimed by the pool's threads */
	pthread_mutex_t lines;	       /* held while a thread passes notes and warnings on */
	struct notes_seen *seen;       /* the notes passed on */
	struct sigaction old;	       /* SIGPIPE's action before the run */
	match_result_fn fn;	       /* takes each game's report */
	void *user;		       /* fn's */
	int status;		       /* 0, 1 when fn asked to stop, -1 failed (under the pool's
					  lock) */
	char *err;		       /* the failure's message */
	size_t errlen;
};

/* Takes the next complete line of worker `w`'s output: notes are passed on
   (once) and warnings too, a report line is parsed into w->g. Returns 1 with
   a game, 0 when no game line is complete yet, -1 with a message for a bad
   line. */
static int take_result(struct parallel *pl, struct worker *w, char *err, size_t errlen)
{
	const struct match_plan *plan = pl->plan;
	char *nl, msg[200];
	int got = 0;

	while (!got && (nl = strchr(w->buf, '\n'))) {
		*nl = '\0';
		pthread_mutex_lock(&pl->lines);
		if (w->buf[0] == '#') {
			note_once(plan, pl->seen, w->buf + 2);
		} else if (w->buf[0] == '!') {
			if (plan->warn)
				plan->warn(w->buf + 2, plan->warn_user);
		} else if (report_parse_line(w->buf, &w->g, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "worker: %s", msg);
			got = -1;
		} else {
			got = 1;
		}
		pthread_mutex_unlock(&pl->lines);
		w->len -= (size_t)(nl + 1 - w->buf);
		memmove(w->buf, nl + 1, w->len + 1);
	}
	return got;
}

/* Forks worker `i` of the run. Returns 0, or -1 with a message. */
static int worker_start(struct parallel *pl, int i, char *err, size_t errlen)
{
	struct worker *w = pl->w;
	int cmd[2], res[2];
	sigset_t all, old_mask;
	pid_t parent = getpid();

	w[i].cmd = w[i].res = -1;
	if (pipe(cmd) < 0 || pipe(res) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old_mask); /* the table is the parent's until reset */
	w[i].pid = fork();
	if (w[i].pid == 0) {
		reaper_forget_all();
		reaper_child(parent, SIGTERM); /* its handler then ends its engines */
		sigprocmask(SIG_SETMASK, &old_mask, NULL);
		for (int j = 0; j < i; j++) {
			close(w[j].cmd);
			close(w[j].res);
		}
		close(cmd[1]);
		close(res[0]);
		sigaction(SIGPIPE, &pl->old, NULL);
		worker_main(pl->plan, cmd[0], res[1]);
	}
	if (w[i].pid > 0)
		reaper_add(w[i].pid, false);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	close(cmd[0]);
	close(res[1]);
	w[i].cmd = cmd[1];
	w[i].res = res[0];
	if (w[i].pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		close(w[i].cmd);
		close(w[i].res);
		w[i].cmd = w[i].res = -1;
		return -1;
	}
	return 0;
}

/* The pool's `start`: the worker process this thread drives. */
static void *worker_claim(void *ctx)
{
	struct parallel *pl = ctx;
	int i = atomic_fetch_add(&pl->taken, 1);

	return i < pl->jobs ? &pl->w[i] : NULL;
}

/* The pool's `work`: game `item` played by the thread's worker; reads its output (passing
   its notes and warnings on as they come) until the game's report line. 1 with the game in
   w->g, -1 when the worker died or wrote a bad line (the message in w->err). */
static int worker_play(void *ctx, void *state, size_t item)
{
	struct parallel *pl = ctx;
	struct worker *w = state;
	char line[32];
	int len = snprintf(line, sizeof line, "%zu\n", item), r = 0;

	if (write(w->cmd, line, (size_t)len) != len)
		r = -2;
	while (r == 0) {
		ssize_t n = read(w->res, w->buf + w->len, sizeof w->buf - 1 - w->len);

		if (n < 0 && errno == EINTR)
			continue; /* a signal the reaper handles */
		if (n <= 0) {
			r = -2;
			break;
		}
		w->len += (size_t)n;
		w->buf[w->len] = '\0';
		r = take_result(pl, w, w->err, sizeof w->err);
	}
	if (r == -2)
		snprintf(w->err, sizeof w->err, "the worker playing game %d died",
			 pl->plan->games[item].number);
	return r;
}

/* Ends every worker at once (a failure, or fn asked to stop): the games under way are
   abandoned, and the threads that wait for them see their workers die. */
static void workers_end(struct parallel *pl)
{
	for (int i = 0; i < pl->jobs; i++)
		kill(pl->w[i].pid, SIGTERM);
}

/* The pool's `finish`, under its lock: hands the game to fn, or records why the run ends.
   -1 ends the run. */
static int worker_done(void *ctx, void *state, size_t item, int rc)
{
	struct parallel *pl = ctx;
	struct worker *w = state;

	(void)item;
	if (pl->status != 0)
		return -1; /* the run is ending: what comes now is not reported */
	if (rc < 0) {
		snprintf(pl->err, pl->errlen, "%s", w->err);
		pl->status = -1;
	} else if (!pl->fn(&w->g, pl->user)) {
		pl->status = 1;
	}
	if (pl->status != 0)
		workers_end(pl);
	return pl->status != 0 ? -1 : 0;
}

/* Forks the workers, then plays the plan on one thread of the job pool for each (see the
   top of the file); returns as match_run does. */
static int run_parallel(const struct match_plan *plan, match_result_fn fn, void *user, char *err,
			size_t errlen)
{
	struct parallel pl = {.plan = plan, .fn = fn, .user = user, .err = err, .errlen = errlen};
	int jobs = plan->jobs < plan->n_games ? plan->jobs : plan->n_games;
	struct sigaction ign;

	pl.w = calloc((size_t)jobs, sizeof *pl.w);
	pl.seen = calloc(1, sizeof *pl.seen);
	if (!pl.w || !pl.seen) {
		free(pl.w);
		free(pl.seen);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, &pl.old);
	reaper_install(); /* a signal that ends us ends the workers, and they their engines */
	reaper_adopt();	  /* what a worker that died leaves behind comes to us, not to init */
	pthread_mutex_init(&pl.lines, NULL);
	while (pl.jobs < jobs && (pl.status = worker_start(&pl, pl.jobs, err, errlen)) == 0)
		pl.jobs++;
	if (pl.status == 0 && jobs_run(&(struct jobs){.items = (size_t)plan->n_games,
						      .threads = pl.jobs,
						      .ctx = &pl,
						      .start = worker_claim,
						      .work = worker_play,
						      .finish = worker_done}) < 0 &&
	    pl.status == 0) {
		snprintf(err, errlen, "every worker process failed");
		pl.status = -1;
	}
	for (int i = 0; i < pl.jobs; i++) {
		close(pl.w[i].cmd);
		waitpid(pl.w[i].pid, NULL, 0);
		reaper_remove(pl.w[i].pid);
		close(pl.w[i].res);
	}
	reaper_end_orphans(); /* the engines' trees of a worker that died */
	pthread_mutex_destroy(&pl.lines);
	sigaction(SIGPIPE, &pl.old, NULL);
	free(pl.w);
	free(pl.seen);
	return pl.status;
}

/* Plays the games of `plan` and calls `fn` with each report line as the game
   ends (in the order they end when jobs > 1); when `fn` returns false the run
   stops (games under way are abandoned). Returns 0, 1 when `fn` stopped it,
   or -1 with a message if the run could not go on (the games reported so far
   stand). */
int match_run(const struct match_plan *plan, match_result_fn fn, void *user, char *err,
	      size_t errlen)
{
	if (plan->n_games == 0)
		return 0;
	if (plan->jobs <= 1)
		return run_serial(plan, fn, user, err, errlen);
	return run_parallel(plan, fn, user, err, errlen);
}
