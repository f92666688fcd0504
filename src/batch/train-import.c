/*
 * train-import.c — training data from collected games (gamedb.h): WTHOR
 * tournament games and Logistello's book lines become labelled positions in
 * the data file of train.c.
 *
 * The games are merged into one tree of positions: a position is keyed by
 * its canonical image under the 8 symmetries (board_canonical), so the same
 * position reached by another move order or seen in a mirror is one node.
 * Labels, all in discs from the side to move's view:
 *
 * - exact leaves: the position of a WTHOR game at its theoretical score's
 *   empties (24) takes that score; a finished game's last position its
 *   final score, counted from the board (empty squares to the winner, the
 *   solver's rule, whatever the file's rule). They are never changed
 *   afterwards (flag exact).
 * - back-up: every position on a game's path to a leaf takes the best value
 *   among the children the games played from it (negamax over the observed
 *   tree, children first: a node of e empties after all nodes of fewer).
 *   It is exact where the games took the best move at every step below, and
 *   a lower bound otherwise: the error of this label is measured per empties
 *   in eval/pattern.md. Positions of a WTHOR game after its leaf (played
 *   by people, with mistakes) are not backed up.
 * - solved: with `solve_empties` E, every position of a game with
 *   `solve_from` .. E empties and no exact label, and with `sibling_empties` S
 *   the positions after the moves not played from the games' positions of
 *   S + 1 empties, are solved by the exact solver (flag exact). With
 *   `shards` N, a run solves only the records r with r mod N = `shard`, so
 *   that several machines share the work.
 *
 * Output: records of the data file (train.c) of at most IMPORT_RECORD
 * positions. Records 0 .. of the labelled tree come first, in node order;
 * the solved positions follow in records numbered from IMPORT_SOLVED_ID, in an
 * order shuffled by position so that a run stopped early has solved a fair
 * sample. Each record is written whole and flushed, and a run that finds
 * records in its output (train_data_read's `done`) skips them: resumable.
 */
#include "train-import.h"
#include "eval.h"
#include "jobs.h"
#include "rng.h"
#include "search.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	IMPORT_RECORD = 64,   /* positions in one record of the output */
	NO_VALUE = INT16_MIN, /* a node not yet labelled */
	FLAG_EXACT = 1,	      /* the value is exact (leaf or solved) */
	FLAG_PATH = 2,	      /* the node is on a path to a leaf (backed up) */
	FLAG_SOLVE = 4,	      /* the node is to be solved */
	NO_NODE = UINT32_MAX  /* an empty slot of the hash table */
};

struct node {
	uint64_t own, opp; /* the canonical position, side to move's view */
	int16_t value;	   /* discs, side to move; NO_VALUE until labelled */
	uint8_t empties;   /* empty squares */
	uint8_t flags;	   /* FLAG_* */
	uint32_t games;	   /* games through the position */
};

struct tree {
	struct node *node; /* nodes */
	size_t n, cap;	   /* held, allocated */
	uint32_t *slot;	   /* open-addressing table of node indices (NO_NODE: empty) */
	size_t mask;	   /* slots - 1 */
};

/* The index of position `b` (any image of it) in `t`, added if new;
   NO_NODE when memory runs out. */
static uint32_t tree_find(struct tree *t, const struct board *b)
{
	struct board c;
	int sym;
	size_t h;

	board_canonical(b, &c, &sym);
	if (2 * (t->n + 1) > t->mask + 1) {
		size_t slots = 2 * (t->mask + 1);
		uint32_t *s = malloc(slots * sizeof(*s));

		if (!s)
			return NO_NODE;
		memset(s, 0xff, slots * sizeof(*s));
		for (size_t i = 0; i < t->n; i++) {
			h = board_hash(&(struct board){t->node[i].own, t->node[i].opp}) &
			    (slots - 1);
			while (s[h] != NO_NODE)
				h = (h + 1) & (slots - 1);
			s[h] = (uint32_t)i;
		}
		free(t->slot);
		t->slot = s;
		t->mask = slots - 1;
	}
	for (h = board_hash(&c) & t->mask; t->slot[h] != NO_NODE; h = (h + 1) & t->mask) {
		const struct node *n = &t->node[t->slot[h]];

		if (n->own == c.own && n->opp == c.opp)
			return t->slot[h];
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1 << 16;
		struct node *p = realloc(t->node, cap * sizeof(*p));

		if (!p || cap > UINT32_MAX - 1)
			return NO_NODE;
		t->node = p;
		t->cap = cap;
	}
	t->node[t->n] = (struct node){c.own, c.opp, NO_VALUE, (uint8_t)board_empty_count(&c), 0, 0};
	t->slot[h] = (uint32_t)t->n;
	return (uint32_t)t->n++;
}

/* The node of position `b` (any image of it) in `t`, or NULL. */
static const struct node *tree_lookup(const struct tree *t, const struct board *b)
{
	struct board c;
	int sym;

	board_canonical(b, &c, &sym);
	for (size_t h = board_hash(&c) & t->mask; t->slot[h] != NO_NODE; h = (h + 1) & t->mask) {
		const struct node *n = &t->node[t->slot[h]];

		if (n->own == c.own && n->opp == c.opp)
			return n;
	}
	return NULL;
}

/* One game's positions in the tree: node[i] is the position after i moves;
   sign[i] is -1 when the side to move changes from position i to i + 1 (no
   pass between), +1 when a pass keeps it. */
struct path {
	uint32_t node[61]; /* node indices, n + 1 of them */
	int8_t sign[60];   /* see above */
	int n;		   /* moves */
	int leaf;	   /* the position of the exact leaf (backed up down to it), -1: none */
};

/* Replays game `g` into `t` and `*p`, marking its leaf and the positions to
   solve (options `o`); 0, or -1 when memory runs out. */
static int add_game(struct tree *t, const struct gamedb_game *g,
		    const struct train_import_options *o, struct path *p)
{
	struct board b;
	enum color side = BLACK;

	board_start(&b);
	p->n = g->n_moves;
	p->leaf = -1;
	for (int i = 0; i <= g->n_moves; i++) {
		enum color before = side;
		int e = 60 - i;

		if (i > 0) {
			int sq = g->moves[i - 1];

			board_play(&b, sq, board_flips(b.own, b.opp, sq));
			side = side == BLACK ? WHITE : BLACK;
			if (!board_can_move(&b) && board_opponent_can_move(&b)) {
				board_pass(&b);
				side = side == BLACK ? WHITE : BLACK;
			}
			p->sign[i - 1] = (int8_t)(side == before ? 1 : -1);
		} else {
			before = side;
		}
		if ((p->node[i] = tree_find(t, &b)) == NO_NODE)
			return -1;
		struct node *n = &t->node[p->node[i]];

		n->games++;
		int value = NO_VALUE;

		if (p->leaf < 0 && g->theory != GAMEDB_NO_SCORE && e == g->theory_empties)
			value = side == BLACK ? g->theory : -g->theory;
		else if (p->leaf < 0 && i == g->n_moves && board_game_over(&b))
			value = board_final_score(&b);
		if (value != NO_VALUE) {
			p->leaf = i;
			if (!(n->flags & FLAG_EXACT)) {
				n->value = (int16_t)value;
				n->flags |= FLAG_EXACT;
			}
		}
		if (e <= o->solve_empties && e >= o->solve_from && e > 0 &&
		    !(n->flags & FLAG_EXACT))
			n->flags |= FLAG_SOLVE;
	}
	for (int i = 0; i <= p->leaf; i++)
		t->node[p->node[i]].flags |= FLAG_PATH;
	return 0;
}

/* The siblings of game `g`'s position of `o->sibling_empties` + 1 empties:
   the positions after its other moves, added to `t` to be solved. 0, or -1
   when memory runs out. */
static int add_siblings(struct tree *t, const struct gamedb_game *g,
			const struct train_import_options *o)
{
	int i = 60 - (o->sibling_empties + 1);
	struct board b;
	enum color side;
	char err[64];

	if (o->sibling_empties <= 0 || i < 0 || i >= g->n_moves ||
	    gamedb_replay(g, &b, &side, i, err, sizeof(err)) < 0)
		return 0;
	for (uint64_t m = board_moves(b.own, b.opp); m; m &= m - 1) {
		int sq = board_first_square(m);
		struct board c = b;
		uint32_t k;

		if (sq == g->moves[i])
			continue;
		board_play(&c, sq, board_flips(c.own, c.opp, sq));
		if (!board_can_move(&c))
			continue; /* a pass: the position after it is another game's */
		if ((k = tree_find(t, &c)) == NO_NODE)
			return -1;
		if (!(t->node[k].flags & FLAG_EXACT))
			t->node[k].flags |= FLAG_SOLVE;
	}
	return 0;
}

/* Negamax over the paths, children first: each node on a path takes the best
   of its children's values the games reached (exact nodes keep theirs). */
static void back_up(struct tree *t, const struct path *paths, size_t n_paths)
{
	for (int e = 1; e <= 60; e++) {
		int i = 60 - e; /* the ply of positions with e empties */

		for (size_t k = 0; k < n_paths; k++) {
			const struct path *p = &paths[k];
			struct node *parent, *child;
			int v;

			if (i >= p->leaf || i >= p->n)
				continue;
			parent = &t->node[p->node[i]];
			child = &t->node[p->node[i + 1]];
			if ((parent->flags & FLAG_EXACT) || child->value == NO_VALUE)
				continue;
			v = p->sign[i] * child->value;
			if (parent->value == NO_VALUE || v > parent->value)
				parent->value = (int16_t)v;
		}
	}
}

/* Builds the tree of the `n` games (options `o`) into `t` (empty) with their
   paths, labelled and backed up; `*leaves` counts the games with a leaf.
   0, or -1 when memory runs out (what `t` holds is then still to be freed). */
static int tree_build(struct tree *t, const struct gamedb_game *games, size_t n,
		      const struct train_import_options *o, struct path *paths, size_t *leaves)
{
	memset(t, 0, sizeof(*t));
	if (!(t->slot = malloc(sizeof(uint32_t) * 1024)))
		return -1;
	memset(t->slot, 0xff, sizeof(uint32_t) * 1024);
	t->mask = 1023;
	*leaves = 0;
	for (size_t i = 0; i < n; i++) {
		if (add_game(t, &games[i], o, &paths[i]) < 0 || add_siblings(t, &games[i], o) < 0)
			return -1;
		*leaves += paths[i].leaf >= 0;
	}
	back_up(t, paths, n);
	return 0;
}

/* Appends a record of positions to `out` (numbered `id`); 0 or -1. */
static int write_record(FILE *out, uint32_t id, const struct train_position *pos, int n)
{
	struct train_game g;

	g.id = id;
	g.n = n;
	memcpy(g.pos, pos, (size_t)n * sizeof(*pos));
	return train_data_write_game(out, &g);
}

/* What the solving threads share. */
struct solve_shared {
	struct tree *t;			      /* the tree */
	const uint32_t *todo;		      /* nodes to solve, in order */
	size_t n_todo;			      /* their number */
	size_t records;			      /* records they make */
	const uint8_t *done;		      /* records already in the output (by id), or NULL */
	size_t done_len;		      /* entries of done */
	const struct train_import_options *o; /* options */
	FILE *out;			      /* output */
	train_progress progress;	      /* called after each record, or NULL */
	void *user;			      /* its argument */
	uint64_t records_done;		      /* records finished; under the lock */
	uint64_t positions;		      /* positions written; under the lock */
};

/* A solving thread's own: its search and the record it fills. */
struct solve_state {
	struct search *s;			  /* the solver (first: jobs_searcher_new) */
	struct train_position pos[IMPORT_RECORD]; /* the record's positions */
	int n;					  /* how many */
};

/* Records of another shard, and those already in the output, are passed over. */
static bool solve_skip(void *ctx, size_t r)
{
	const struct solve_shared *sh = ctx;
	size_t id = IMPORT_SOLVED_ID + r;

	return (int)(r % (size_t)sh->o->shards) != sh->o->shard ||
	       (id < sh->done_len && sh->done[id]);
}

/* Solves the positions of record r; 0, or -1 when a solve fails. */
static int solve_work(void *ctx, void *state, size_t r)
{
	const struct solve_shared *sh = ctx;
	struct solve_state *st = state;
	struct search_limits lim = {.endgame = 64};

	st->n = 0;
	for (size_t k = r * IMPORT_RECORD; k < sh->n_todo && k < (r + 1) * IMPORT_RECORD; k++) {
		const struct node *nd = &sh->t->node[sh->todo[k]];
		struct board b = {nd->own, nd->opp};
		struct search_result res;

		if (search_run(st->s, &b, &lim, NULL, NULL, &res) != 0 || !res.endgame)
			return -1;
		st->pos[st->n++] = (struct train_position){
		    b.own, b.opp,
		    (int8_t)(res.score >= 0 ? (res.score + 50) / 100 : -((-res.score + 50) / 100)),
		    1, 0};
	}
	return 0;
}

/* Writes record r. */
static int solve_finish(void *ctx, void *state, size_t r, int rc)
{
	struct solve_shared *sh = ctx;
	struct solve_state *st = state;

	if (rc < 0 || write_record(sh->out, (uint32_t)(IMPORT_SOLVED_ID + r), st->pos, st->n) < 0)
		return -1;
	sh->records_done++;
	sh->positions += (uint64_t)st->n;
	if (sh->progress)
		sh->progress(sh->records_done, sh->records, sh->positions, sh->user);
	return 0;
}

/* A node to solve and the hash of its position, which orders the solving. */
struct keyed {
	uint64_t hash;	/* board_hash of the position */
	uint32_t index; /* the node */
};

static int cmp_keyed(const void *a, const void *b)
{
	uint64_t ha = ((const struct keyed *)a)->hash, hb = ((const struct keyed *)b)->hash;

	return ha < hb ? -1 : ha > hb;
}

/* The nodes of `t` to solve (FLAG_SOLVE), ordered by a hash of their
   position (a fair sample first), into a new array of `*n`; counted by
   empties in `rep`. NULL when memory runs out. */
static uint32_t *solve_order(const struct tree *t, size_t *n, struct train_import_report *rep)
{
	struct keyed *k;
	uint32_t *todo;
	size_t m = 0;

	for (size_t i = 0; i < t->n; i++)
		m += (t->node[i].flags & FLAG_SOLVE) != 0;
	k = malloc((m ? m : 1) * sizeof(*k));
	todo = malloc((m ? m : 1) * sizeof(*todo));
	if (!k || !todo) {
		free(k);
		free(todo);
		return NULL;
	}
	m = 0;
	for (size_t i = 0; i < t->n; i++)
		if (t->node[i].flags & FLAG_SOLVE) {
			k[m++] = (struct keyed){
			    board_hash(&(struct board){t->node[i].own, t->node[i].opp}),
			    (uint32_t)i};
			rep->to_solve[t->node[i].empties]++;
		}
	qsort(k, m, sizeof(*k), cmp_keyed);
	for (size_t i = 0; i < m; i++)
		todo[i] = k[i].index;
	free(k);
	*n = m;
	return todo;
}

/*
 * Labels the positions of the `n` games of `games` (see the top of this file)
 * and appends their records to `out` (a data file, its header written),
 * skipping the records whose id has `done[id]` set (`done` NULL: none).
 * `ev` orders the solver's moves. Fills `rep` with the counts. Returns 0, or
 * -1 with a message when memory runs out, a thread cannot start, a solve
 * fails or a write fails.
 */
int train_import(const struct gamedb_game *games, size_t n, const struct eval *ev,
		 const struct train_import_options *o, const uint8_t *done, size_t done_len,
		 FILE *out, train_progress progress, void *user, struct train_import_report *rep,
		 char *err, size_t errlen)
{
	struct tree t = {0};
	struct path *paths = malloc((n ? n : 1) * sizeof(*paths));
	struct train_position rec[IMPORT_RECORD];
	uint32_t *todo = NULL, id = 0;
	struct solve_shared sh;
	size_t n_todo = 0;
	int k = 0, st = -1;

	memset(rep, 0, sizeof(*rep));
	if (!paths || tree_build(&t, games, n, o, paths, &rep->leaves) < 0)
		goto oom;
	rep->nodes = t.n;
	/* The labelled tree, in node order. */
	for (size_t i = 0; i < t.n; i++) {
		const struct node *nd = &t.node[i];
		bool exact = nd->flags & FLAG_EXACT;

		if (nd->value == NO_VALUE || (nd->flags & FLAG_SOLVE) ||
		    nd->empties < o->min_empties || nd->empties > o->max_empties ||
		    !(exact || (nd->flags & FLAG_PATH)))
			continue;
		rep->labelled[nd->empties][exact ? 0 : 1]++;
		rec[k++] = (struct train_position){nd->own, nd->opp, (int8_t)nd->value, exact, 0};
		if (k == IMPORT_RECORD) {
			if (!(id < done_len && done && done[id]) &&
			    write_record(out, id, rec, k) < 0)
				goto write_failed;
			id++;
			k = 0;
		}
	}
	if (k && !(id < done_len && done && done[id]) && write_record(out, id, rec, k) < 0)
		goto write_failed;
	if (id + 1 >= IMPORT_SOLVED_ID) {
		snprintf(err, errlen, "too many positions (%zu)", t.n);
		goto done;
	}
	/* The positions to solve, shuffled. */
	if (!(todo = solve_order(&t, &n_todo, rep)))
		goto oom;
	sh = (struct solve_shared){.t = &t,
				   .todo = todo,
				   .n_todo = n_todo,
				   .records = (n_todo + IMPORT_RECORD - 1) / IMPORT_RECORD,
				   .done = done,
				   .done_len = done ? done_len : 0,
				   .o = o,
				   .out = out,
				   .progress = progress,
				   .user = user};
	for (size_t r = 0; r < sh.records && done; r++) /* the progress counts those done before */
		sh.records_done += IMPORT_SOLVED_ID + r < done_len && done[IMPORT_SOLVED_ID + r];
	if (n_todo &&
	    jobs_run(&(struct jobs){.items = sh.records,
				    .threads = o->jobs,
				    .ctx = &sh,
				    .skip = solve_skip,
				    .searcher = {sizeof(struct solve_state), o->tt_mb, ev},
				    .work = solve_work,
				    .finish = solve_finish}) < 0) {
		snprintf(err, errlen,
			 "a solve failed, the data file could not be written, or memory or threads "
			 "ran out");
		goto done;
	}
	rep->solved = sh.positions;
	st = 0;
	goto done;
write_failed:
	snprintf(err, errlen, "the data file could not be written");
	goto done;
oom:
	snprintf(err, errlen, "out of memory");
done:
	free(todo);
	free(paths);
	free(t.node);
	free(t.slot);
	return st;
}

/* The scored moves of node `nd` of `t` whose positions the games reached at
   least `min_games` times, into `moves`; their number. A move's score is the
   value of the position after it, turned to the mover's view, in centidiscs. */
static int node_moves(const struct tree *t, const struct node *nd, int min_games,
		      struct book_move *moves)
{
	struct board b = {nd->own, nd->opp};
	int n = 0;

	for (uint64_t m = board_moves(b.own, b.opp); m && n < BOOK_MAX_MOVES; m &= m - 1) {
		int sq = board_first_square(m), sign = -1;
		struct board c = b;
		const struct node *child;

		board_play(&c, sq, board_flips(c.own, c.opp, sq));
		if (!board_can_move(&c) && board_opponent_can_move(&c)) {
			board_pass(&c);
			sign = 1;
		}
		child = tree_lookup(t, &c);
		if (!child || child->value == NO_VALUE || child->games < (uint32_t)min_games ||
		    !(child->flags & (FLAG_PATH | FLAG_EXACT)))
			continue;
		moves[n++] = (struct book_move){sq, sign * child->value * 100, 0};
	}
	return n;
}

/*
 * Adds to `bk` the positions of the `n` games of `games` with at most
 * `o->max_plies` moves played (60 - empties) that at least `o->min_games`
 * games reached, each with the moves whose positions at least
 * `o->min_move_games` games reached, scored by the values backed up over the
 * tree (see the top of this file; depth 0: not a search's). `*positions` gets
 * the positions added. Returns 0, or -1 with a message.
 */
int train_import_book(const struct gamedb_game *games, size_t n, const struct train_book_options *o,
		      struct book *bk, size_t *positions, char *err, size_t errlen)
{
	const struct train_import_options none = {.min_empties = 0, .max_empties = 60, .shards = 1};
	struct path *paths = malloc((n ? n : 1) * sizeof(*paths));
	struct tree t;
	size_t leaves;
	int st = -1;

	*positions = 0;
	memset(&t, 0, sizeof(t));
	if (!paths || tree_build(&t, games, n, &none, paths, &leaves) < 0) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	for (size_t i = 0; i < t.n; i++) {
		const struct node *nd = &t.node[i];
		struct book_move moves[BOOK_MAX_MOVES];
		struct board b = {nd->own, nd->opp};
		char msg[128];
		int k;

		if (60 - nd->empties > o->max_plies || nd->games < (uint32_t)o->min_games ||
		    !(nd->flags & FLAG_PATH) || (nd->flags & FLAG_EXACT))
			continue;
		if ((k = node_moves(&t, nd, o->min_move_games, moves)) == 0)
			continue;
		/* The side to move's colour only names it in a board string. */
		if (book_add(bk, &b, nd->empties % 2 == 0 ? BLACK : WHITE, moves, k, msg,
			     sizeof(msg)) < 0) {
			snprintf(err, errlen, "%s", msg);
			goto done;
		}
		(*positions)++;
	}
	st = 0;
done:
	free(paths);
	free(t.node);
	free(t.slot);
	return st;
}

/* ---- train measure: an evaluation, or the labels, against the labels or exact solves */

/* What the threads of an exact measure share. */
struct measure_shared {
	const struct train_position *const *pos; /* the positions to solve */
	int *value;				 /* their exact values, discs */
};

/* Solves position i; 0, or -1 when the solve fails. */
static int measure_work(void *ctx, void *state, size_t i)
{
	struct measure_shared *sh = ctx;
	struct board b = {sh->pos[i]->own, sh->pos[i]->opp};
	struct search_limits lim = {.endgame = 64};
	struct search_result r;

	if (search_run(*(struct search **)state, &b, &lim, NULL, NULL, &r) != 0 || !r.endgame)
		return -1;
	sh->value[i] = r.score >= 0 ? (r.score + 50) / 100 : -((-r.score + 50) / 100);
	return 0;
}

/* A position and the hash that orders the sample. */
struct sampled {
	uint64_t hash;			  /* board_hash of the position */
	const struct train_position *pos; /* the position */
};

static int cmp_sampled(const void *a, const void *b)
{
	uint64_t ha = ((const struct sampled *)a)->hash, hb = ((const struct sampled *)b)->hash;

	return ha < hb ? -1 : ha > hb;
}

/* The positions of `d` measured (exact labels unless o->all, o->lo to o->hi empties),
   ordered by their hash, at most o->sample of each number of empties: an array of `*n`
   (the caller frees it), or NULL when memory runs out. */
static const struct train_position **measure_pick(const struct train_data *d,
						  const struct train_measure_options *o, size_t *n)
{
	const struct train_position **pick = malloc((d->n ? d->n : 1) * sizeof(*pick));
	struct sampled *order = malloc((d->n ? d->n : 1) * sizeof(*order));
	long count[61] = {0};
	size_t n_order = 0;

	*n = 0;
	if (!order || !pick) {
		free(order);
		free(pick);
		return NULL;
	}
	for (size_t i = 0; i < d->n; i++) {
		struct board b = {d->pos[i].own, d->pos[i].opp};
		int e = board_empty_count(&b);

		if ((o->all || d->pos[i].exact) && e >= o->lo && e <= o->hi)
			order[n_order++] = (struct sampled){board_hash(&b), &d->pos[i]};
	}
	qsort(order, n_order, sizeof(*order), cmp_sampled);
	for (size_t i = 0; i < n_order; i++) {
		struct board b = {order[i].pos->own, order[i].pos->opp};
		int e = board_empty_count(&b);

		if (o->sample && count[e] >= o->sample)
			continue;
		count[e]++;
		pick[(*n)++] = order[i].pos;
	}
	free(order);
	return pick;
}

/*
 * Measures the positions of `d` that the options pick: per number of empties
 * (rows[0..60]), the error of ev's static evaluation against their labels,
 * or with o->exact the error of the labels against exact solves (o->jobs
 * threads; ev orders their moves) and how many labels are exact. Returns 0,
 * or -1 with the message (memory ran out, or a solve failed).
 */
int train_measure(const struct train_data *d, const struct eval *ev,
		  const struct train_measure_options *o, struct train_measure_row rows[61],
		  char *err, size_t errlen)
{
	size_t n = 0;
	const struct train_position **pick = measure_pick(d, o, &n);
	int *value = malloc((n ? n : 1) * sizeof(*value));
	int rc = 0;

	memset(rows, 0, 61 * sizeof(*rows));
	if (!pick || !value) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
	} else if (o->exact &&
		   jobs_run(&(struct jobs){.items = n,
					   .threads = o->jobs,
					   .ctx = &(struct measure_shared){pick, value},
					   .searcher = {sizeof(struct search *), 16, ev},
					   .work = measure_work}) < 0) {
		snprintf(err, errlen, "a solve failed, or memory or threads ran out");
		rc = -1;
	}
	for (size_t i = 0; rc == 0 && i < n; i++) {
		struct board b = {pick[i]->own, pick[i]->opp};
		struct train_measure_row *r = &rows[board_empty_count(&b)];
		double diff = (o->exact ? value[i] : eval_board(ev, &b) / 100.0) - pick[i]->score;

		r->abs_err += diff < 0 ? -diff : diff;
		r->bias += diff;
		r->right += diff == 0;
		r->n++;
	}
	free(pick);
	free(value);
	return rc;
}
