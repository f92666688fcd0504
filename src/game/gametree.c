/*
 * gametree.c — the game record: a tree of moves from a start position, with
 * annotations and game information (representation in gametree.h).
 *
 * Every node stores the position after its move, so adding a move costs one
 * board_flips and reading any position is free. The tree is shallow (a move
 * places a disc and two passes never follow each other, so a line has at most
 * about 120 plies); recursion follows depth only, siblings are walked in loops.
 */
#include "config.h"

#include "gametree.h"
#include "square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_string(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

static struct game_node *node_new(void)
{
	struct game_node *n = calloc(1, sizeof(*n));

	if (n) {
		n->move = SQ_NONE;
		n->time = -1;
	}
	return n;
}

static void node_free_one(struct game_node *n)
{
	free(n->comment);
	free(n->by);
	free(n->reasoning);
	for (int i = 0; i < n->n_props; i++) {
		free(n->props[i].name);
		free(n->props[i].value);
	}
	free(n->props);
	free(n);
}

/* Frees n, its subtree and its later siblings. */
static void node_free_list(struct game_node *n)
{
	while (n) {
		struct game_node *next = n->next;

		node_free_list(n->child);
		node_free_one(n);
		n = next;
	}
}

/* Creates an 8×8 record at the standard start position with no moves and no
   information; NULL when out of memory. Free it with game_free. */
struct game *game_new(void)
{
	return game_new_variant(VARIANT_8X8);
}

/* Creates a record on board v at its start position (the four centre discs),
   Black to move, with no moves and no information; NULL when out of memory. */
struct game *game_new_variant(enum variant v)
{
	struct game *g = calloc(1, sizeof(*g));

	if (!g)
		return NULL;
	g->root = node_new();
	if (!g->root) {
		free(g);
		return NULL;
	}
	g->variant = v;
	pos_start(&g->root->pos, v);
	g->root->side = BLACK;
	g->root->player = BLACK;
	g->standard_start = true;
	return g;
}

/* Frees a record and everything it owns; NULL is ignored. */
void game_free(struct game *g)
{
	if (!g)
		return;
	node_free_list(g->root);
	for (int i = 0; i < INFO_COUNT; i++)
		free(g->info[i]);
	free(g);
}

/* Copies one node's own data (not its links) into a fresh node: its values
   as they are, and a copy of each thing it owns (comment, player,
   reasoning, properties). */
static struct game_node *node_clone(const struct game_node *src)
{
	struct game_node *n = malloc(sizeof(*n));

	if (!n)
		return NULL;
	*n = *src;
	n->parent = n->child = n->next = NULL;
	n->comment = NULL;
	n->by = NULL;
	n->reasoning = NULL;
	n->props = NULL;
	n->n_props = 0;
	if (src->comment && !(n->comment = dup_string(src->comment)))
		goto fail;
	if (src->by && !(n->by = dup_string(src->by)))
		goto fail;
	if (src->reasoning) {
		n->reasoning = malloc(sizeof(*n->reasoning));
		if (!n->reasoning)
			goto fail;
		*n->reasoning = *src->reasoning;
	}
	for (int i = 0; i < src->n_props; i++)
		if (game_add_prop(n, src->props[i].name, src->props[i].value) < 0)
			goto fail;
	return n;
fail:
	node_free_one(n);
	return NULL;
}

/* Copies the subtree under src (children only) below dst. */
static int clone_children(struct game_node *dst, const struct game_node *src)
{
	struct game_node **tail = &dst->child;

	for (const struct game_node *c = src->child; c; c = c->next) {
		struct game_node *n = node_clone(c);

		if (!n)
			return -1;
		n->parent = dst;
		*tail = n;
		tail = &n->next;
		if (clone_children(n, c) < 0)
			return -1;
	}
	return 0;
}

/* Returns a deep copy of g (tree, annotations, information), or NULL when out
   of memory. The copy shares nothing with g. */
struct game *game_copy(const struct game *g)
{
	struct game *c = malloc(sizeof(*c));

	if (!c)
		return NULL;
	*c = *g; /* the values; the tree and the strings are copied below */
	memset(c->info, 0, sizeof(c->info));
	c->root = node_clone(g->root);
	if (!c->root || clone_children(c->root, g->root) < 0)
		goto fail;
	for (int i = 0; i < INFO_COUNT; i++)
		if (g->info[i] && !(c->info[i] = dup_string(g->info[i])))
			goto fail;
	return c;
fail:
	game_free(c);
	return NULL;
}

/* Replaces the start position by p (on any board) with `side` to move: the
   game is now on p's board, and every move is deleted (root annotations are
   kept). Returns 0, or -1 with a message if p has a square taken by both sides
   or a disc off the board. */
int game_set_start_pos(struct game *g, const struct pos *p, enum color side, char *err,
		       size_t errlen)
{
	struct pos start;
	sqset own = pos_own(p), opp = pos_opp(p);

	if (own & opp) {
		snprintf(err, errlen, "a square holds both colours");
		return -1;
	}
	pos_start(&start, p->variant);
	for (sqset discs = own | opp; discs; discs &= discs - 1)
		if (!square_valid(p->variant, sqset_first(discs))) {
			snprintf(err, errlen, "a disc lies off the board");
			return -1;
		}
	node_free_list(g->root->child);
	g->root->child = NULL;
	g->variant = p->variant;
	g->root->pos = *p;
	g->root->side = side;
	g->root->player = side;
	g->standard_start = side == BLACK && pos_same(p, &start);
	return 0;
}

/* Replaces the start position by the 8×8 position b with `side` to move (as
   game_set_start_pos). */
int game_set_start(struct game *g, const struct board *b, enum color side, char *err, size_t errlen)
{
	struct pos p;

	pos_set_board(&p, b);
	return game_set_start_pos(g, &p, side, err, errlen);
}

/* Replaces the start position by b, a position of board v (not 8×8), with `side`
   to move (as game_set_start_pos). */
int game_set_vstart(struct game *g, enum variant v, const struct vboard *b, enum color side,
		    char *err, size_t errlen)
{
	struct pos p;

	pos_set_vboard(&p, v, b);
	return game_set_start_pos(g, &p, side, err, errlen);
}

/* The board n's position is on (every node of a record has its record's board). */
enum variant game_node_variant(const struct game_node *n)
{
	return n->pos.variant;
}

/* The child of `at` reached by `move`, or NULL. */
struct game_node *game_find_child(const struct game_node *at, int move)
{
	for (struct game_node *c = at->child; c; c = c->next)
		if (c->move == move)
			return c;
	return NULL;
}

/* Plays `move` (a square or SQ_PASS) at node `at` and returns the node after
   it: the existing child if that move was already played there, else a new
   child, added after the others (a new variation if there were any). Returns
   NULL with a message ("illegal move d3 for Black") if the move is illegal or
   memory runs out; the record is then unchanged. */
/* Plays `move` at at's position into n's position and flips. Returns 0, or -1
   with a message. */
static int move_play(const struct game_node *at, int move, struct game_node *n, char *err,
		     size_t errlen)
{
	struct pos p = at->pos;
	char name[SQUARE_NAME_LEN];
	sqset flips = 0;

	if (move == SQ_PASS) {
		if (pos_moves(&p)) {
			snprintf(err, errlen, "%s cannot pass: it has a legal move",
				 game_color_name(at->side));
			return -1;
		}
		if (!pos_opponent_moves(&p)) {
			snprintf(err, errlen, "cannot pass: the game is over");
			return -1;
		}
		pos_pass(&p);
	} else if (square_valid(p.variant, move)) {
		if (!(flips = pos_flips(&p, move))) {
			snprintf(err, errlen, "illegal move %s for %s",
				 square_name(p.variant, move, name), game_color_name(at->side));
			return -1;
		}
		pos_play(&p, move, flips);
	} else {
		snprintf(err, errlen, "not a move");
		return -1;
	}
	n->pos = p;
	n->flips = flips;
	return 0;
}

/* Plays `move` (a square or SQ_PASS) at node `at` and returns the node after
   it: the existing child if that move was already played there, else a new
   child, added after the others (a new variation if there were any). Returns
   NULL with a message ("illegal move d3 for Black") if the move is illegal or
   memory runs out; the record is then unchanged. */
struct game_node *game_add_move(struct game *g, struct game_node *at, int move, char *err,
				size_t errlen)
{
	struct game_node *n, **tail;

	(void)g;
	if ((n = game_find_child(at, move)))
		return n;
	n = node_new();
	if (!n) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (move_play(at, move, n, err, errlen) < 0) {
		node_free_one(n);
		return NULL;
	}
	n->parent = at;
	n->move = move;
	n->player = at->side;
	n->side = at->side == BLACK ? WHITE : BLACK;
	n->ply = at->ply + 1;
	for (tail = &at->child; *tail; tail = &(*tail)->next)
		;
	*tail = n;
	return n;
}

/* The number of children of n (1 + its variations, or 0 at the end of a line). */
int game_child_count(const struct game_node *n)
{
	int k = 0;

	for (const struct game_node *c = n->child; c; c = c->next)
		k++;
	return k;
}

/* The position of n among its parent's children (0 = main continuation); 0 at
   the root. */
int game_child_index(const struct game_node *n)
{
	int k = 0;

	if (!n->parent)
		return 0;
	for (const struct game_node *c = n->parent->child; c != n; c = c->next)
		k++;
	return k;
}

/* The last node reached from n by following first children. */
struct game_node *game_line_end(const struct game_node *n)
{
	while (n->child)
		n = n->child;
	return (struct game_node *)(uintptr_t)n;
}

/* The main-line node `ply` moves from the root (0 = the root), or NULL if the
   main line is shorter. */
struct game_node *game_main_line(const struct game *g, int ply)
{
	struct game_node *n = g->root;

	if (ply < 0)
		return NULL;
	while (n && ply-- > 0)
		n = n->child;
	return n;
}

/* The number of moves (passes included) on the main line. */
int game_main_line_length(const struct game *g)
{
	return game_line_end(g->root)->ply;
}

/* True if n lies on the main line (every node on its path is a first child). */
bool game_on_main_line(const struct game_node *n)
{
	for (; n->parent; n = n->parent)
		if (n->parent->child != n)
			return false;
	return true;
}

/* Stores the nodes from the root to n (both included) in path[0..], at most
   `max` of them, and returns their number (n->ply + 1), which may exceed max. */
int game_path(const struct game_node *n, const struct game_node **path, int max)
{
	int len = n->ply + 1;

	for (int i = len - 1; n; n = n->parent, i--)
		if (i < max)
			path[i] = n;
	return len;
}

/* Makes the line through n the main line: n and each of its ancestors become
   the first child of their parent; the other lines keep their order. */
void game_promote(struct game_node *n)
{
	for (; n->parent; n = n->parent) {
		struct game_node **p = &n->parent->child;

		while (*p != n)
			p = &(*p)->next;
		*p = n->next;
		n->next = n->parent->child;
		n->parent->child = n;
	}
}

/* Deletes n and everything after it, and returns its parent. The root cannot
   be deleted: for it this deletes every move and returns the root. */
struct game_node *game_delete(struct game *g, struct game_node *n)
{
	struct game_node *parent = n->parent, **p;

	if (!parent) {
		node_free_list(g->root->child);
		g->root->child = NULL;
		return g->root;
	}
	for (p = &parent->child; *p != n; p = &(*p)->next)
		;
	*p = n->next;
	n->next = NULL;
	node_free_list(n);
	return parent;
}

/* True if neither side can move at n. */
bool game_is_over(const struct game_node *n)
{
	return pos_game_over(&n->pos);
}

/* The final score at n for the side to move there, empties to the winner (any board). */
int game_final_score(const struct game_node *n)
{
	return pos_final_score(&n->pos);
}

/* The legal moves of the side to move at n, as a mask of square.h's squares. */
sqset game_legal_moves(const struct game_node *n)
{
	return pos_moves(&n->pos);
}

/* The black and white discs at n on any board, as masks of square.h's squares. */
void game_colors(const struct game_node *n, sqset *black, sqset *white)
{
	sqset own = pos_own(&n->pos), opp = pos_opp(&n->pos);

	*black = n->side == BLACK ? own : opp;
	*white = n->side == BLACK ? opp : own;
}

/* The 8×8 position at n (after its move), and the side to move in it if `side`
   is not NULL; NULL when the record is on another board. The pointer lives as
   long as the node. */
const struct board *game_board(const struct game_node *n, enum color *side)
{
	if (side)
		*side = n->side;
	return pos_board8(&n->pos);
}

/* The black and white discs at n, an 8×8 position. */
void game_board_colors(const struct game_node *n, uint64_t *black, uint64_t *white)
{
	sqset b, w;

	game_colors(n, &b, &w);
	*black = (uint64_t)b;
	*white = (uint64_t)w;
}

/* Replaces the string *field by a copy of text (NULL or "": none). Returns 0, or -1 when out
   of memory (the old string is then kept). */
static int set_string(char **field, const char *text)
{
	char *c = NULL;

	if (text && text[0] && !(c = dup_string(text)))
		return -1;
	free(*field);
	*field = c;
	return 0;
}

/* Sets (or with NULL or "" clears) the comment of n. Returns 0, or -1 when out
   of memory (the old comment is then kept). */
int game_set_comment(struct game_node *n, const char *text)
{
	return set_string(&n->comment, text);
}

/* Sets the mark of n (MARK_NONE clears it). */
void game_set_mark(struct game_node *n, enum game_mark mark)
{
	n->mark = mark >= 0 && mark < MARK_COUNT ? mark : MARK_NONE;
}

/* Sets the time n's move took, in seconds (< 0: unknown). */
void game_set_time(struct game_node *n, double seconds)
{
	n->time = seconds >= 0 ? seconds : -1;
}

/* Sets (or with NULL or "" clears) who played n's move: "human" or a level as typed. Returns
   0, or -1 when out of memory (the old one is then kept). */
int game_set_by(struct game_node *n, const char *who)
{
	return set_string(&n->by, who);
}

/* Stores a copy of the engine's reasoning for n's move (NULL removes it).
   Returns 0, or -1 when out of memory. */
int game_set_reasoning(struct game_node *n, const struct game_reasoning *r)
{
	if (!r) {
		free(n->reasoning);
		n->reasoning = NULL;
		return 0;
	}
	if (!n->reasoning && !(n->reasoning = malloc(sizeof(*n->reasoning))))
		return -1;
	*n->reasoning = *r;
	n->reasoning->level[GAME_LEVEL_LEN - 1] = '\0';
	if (n->reasoning->pv_len < 0 || n->reasoning->pv_len > 64)
		n->reasoning->pv_len = 0;
	if (n->reasoning->n_moves < 0 || n->reasoning->n_moves > GAME_MAX_CANDIDATES)
		n->reasoning->n_moves = 0;
	return 0;
}

/* Stores the analysis results of n's move. */
void game_set_analysis(struct game_node *n, const struct game_analysis *a)
{
	n->analysis = *a;
}

/* Appends an uninterpreted SGF property (name, raw bracketed values) to n.
   Returns 0, or -1 when out of memory (n unchanged). */
int game_add_prop(struct game_node *n, const char *name, const char *value)
{
	struct game_prop *p = realloc(n->props, (size_t)(n->n_props + 1) * sizeof(*p));
	char *nm, *val;

	if (!p)
		return -1;
	n->props = p;
	nm = dup_string(name);
	val = dup_string(value);
	if (!nm || !val) {
		free(nm);
		free(val);
		return -1;
	}
	p[n->n_props].name = nm;
	p[n->n_props].value = val;
	n->n_props++;
	return 0;
}

/* Sets (or with NULL or "" clears) one field of the game information. Returns
   0, or -1 when out of memory or f is not a field. */
int game_set_info(struct game *g, enum game_info_field f, const char *value)
{
	char *v = NULL;

	if (f < 0 || f >= INFO_COUNT)
		return -1;
	if (value && value[0] && !(v = dup_string(value)))
		return -1;
	free(g->info[f]);
	g->info[f] = v;
	return 0;
}

/* One field of the game information, "" if it is not set. */
const char *game_info(const struct game *g, enum game_info_field f)
{
	if (f < 0 || f >= INFO_COUNT || !g->info[f])
		return "";
	return g->info[f];
}

static const char *const mark_symbols[MARK_COUNT] = {"", "!", "!!", "?", "??", "!?", "?!"};

/* The usual symbol of a mark ("!", "?!" ...), "" for MARK_NONE. */
const char *game_mark_symbol(enum game_mark mark)
{
	return mark >= 0 && mark < MARK_COUNT ? mark_symbols[mark] : "";
}

/* The mark written as `s` ("!!", "?" ..., or "" / "none" for none); -1 if s is
   not a mark. */
enum game_mark game_mark_parse(const char *s)
{
	if (strcmp(s, "none") == 0)
		return MARK_NONE;
	for (int m = 0; m < MARK_COUNT; m++)
		if (strcmp(s, mark_symbols[m]) == 0)
			return (enum game_mark)m;
	return (enum game_mark) - 1;
}

static const char *const source_names[SOURCE_COUNT] = {"", "book", "search", "endgame", "random"};

/* The name of a move source ("book", "search", "endgame", "random"), "" if unknown. */
const char *game_source_name(enum game_source src)
{
	return src >= 0 && src < SOURCE_COUNT ? source_names[src] : "";
}

/* The source to record for a move a level chose by `src` (level.h); SOURCE_NONE
   for a move that needed no choice (the only one, or scan order). */
enum game_source game_source_of(enum level_source src)
{
	switch (src) {
	case LEVEL_SOURCE_BOOK:
		return SOURCE_BOOK;
	case LEVEL_SOURCE_SEARCH:
		return SOURCE_SEARCH;
	case LEVEL_SOURCE_ENDGAME:
		return SOURCE_ENDGAME;
	case LEVEL_SOURCE_RANDOM:
		return SOURCE_RANDOM;
	default:
		return SOURCE_NONE;
	}
}

/* The source named s, SOURCE_NONE if s names none. */
enum game_source game_source_parse(const char *s)
{
	for (int i = 1; i < SOURCE_COUNT; i++)
		if (strcmp(s, source_names[i]) == 0)
			return (enum game_source)i;
	return SOURCE_NONE;
}

/* "Black" or "White". */
const char *game_color_name(enum color c)
{
	return c == BLACK ? "Black" : "White";
}

/* Writes the result of the finished game at n in SGF style ("B+12", "W+4",
   "0" for a draw; empties go to the winner) and returns 0, or returns -1 if
   the game is not over at n. */
int game_result_string(const struct game_node *n, char *out, size_t outlen)
{
	int score;

	if (!game_is_over(n))
		return -1;
	score = game_final_score(n);
	if (n->side == WHITE)
		score = -score;
	if (score == 0)
		snprintf(out, outlen, "0");
	else
		snprintf(out, outlen, "%c+%d", score > 0 ? 'B' : 'W', score > 0 ? score : -score);
	return 0;
}
