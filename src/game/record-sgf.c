/*
 * record-sgf.c — SGF (Smart Game Format, FF[4]) for Othello: the native save
 * format. Every annotation of the record round-trips, and properties of other
 * programs are kept verbatim and written back.
 *
 * Syntax: `(` a sequence of nodes `;PROP[value][value]...`, then sub-trees
 * `(...)` for variations, `)`. In values `\` escapes the next character and
 * `\` before a line break removes it. Only the first game of a collection is
 * read. Lower-case letters in property names (FF[3] style) are ignored.
 *
 * Coordinates: a square is column letter + row number, `f5`, `j10` (as Edax
 * and other Othello programs write it); two SGF letters `fe` (column, row:
 * e = 5) are read too. On the other boards (SZ[6], SZ[10]) the squares are
 * numbered as square.h says; the record is made on the board SZ names. A pass is `B[]`; `B[tt]` and
 * `B[PA]` are read as passes. A move by the side not to move, when the side to move has no move,
 * reads as a pass followed by the move (files that leave passes out).
 *
 * Property  Where  Meaning
 * --------  -----  -------------------------------------------------------
 * FF        root   file format: written 4, any read
 * GM        root   game: 2 = Othello (anything else is refused)
 * SZ        root   board size: 8 (the default), 6, or 10 with OMHO (the others are
 *                  refused)
 * OMHO      root   the holes of the 10×10 board, one square a value, row by row:
 *                  OMHO[e1][f1][a5][j5][a6][j6][e10][f10]; it must list exactly
 *                  those with SZ[10] and is refused with the other sizes
 * AP        root   application: written `Othello Master:VERSION`, dropped on read
 * AB AW AE  root   set-up: with AB or AW the node lists every disc of the start
 *                  position (the rest is empty), as Edax writes it; without
 *                  them the start is the standard one, less the AE squares.
 *                  Point lists `[a1:b2]` are read.
 * PL        root   side to move in the set-up: B or W (default B)
 * PB PW     root   black / white player
 * DT EV RE  root   date, event, result (B+12, W+2, 0 = draw)
 * GC GN PC  root   free text, game name, place
 * RO ON TM  root   round, opening, time control
 * B W       move   the move: square, or empty for a pass
 * C         any    comment
 * TE        move   good move: TE[1] !, TE[2] !!
 * BM        move   bad move: BM[1] ?, BM[2] ??
 * IT DO     move   interesting !? / doubtful ?! (IT[], DO[]); one mark a node,
 *                  and one move: a second, or a mark of another value, is
 *                  refused rather than dropped
 * (others)  any    kept verbatim on the node, written back after ours
 *
 * Private properties of Othello Master (names starting with OM):
 * OMLB OMLW root   engine level name of black / white (empty = human)
 * OMSD      root   random seed the game was played with (decimal)
 * OMTM      root   seconds per engine move (decimal)
 * OMDS      root   save-slot description
 * OMT       move   seconds the move took (decimal)
 * OMP       move   who played the move: human, or the level as typed
 *                  (expert --depth 2); absent when not known
 * OMR       move   the engine's reasoning: space-separated KEY:VALUE fields,
 *                  unknown keys ignored on read:
 *                    level:NAME (spaces as _)  source:book|search|endgame|random
 *                    depth:N  endgame:0|1  score:CENTIDISCS  bound:exact|lower|upper
 *                    selectivity:PERCENT (only when below 100: a ProbCut search)
 *                    nodes:N  time:SECONDS  pv:d6c3pa...  (pa = pass)
 *                    moves:d6=-150/exact/12,c3=-310/upper/12  (candidate
 *                    move=score/bound/depth, best first)
 * OMA       move   analysis of the move: best:SQ best_score:N played_score:N
 *                  played_bound:exact|lower|upper loss:N depth:N exact:0|1
 *                  pv:d6c3... moves:d6=-150/exact/12,... (every legal move of
 *                  the position before the move, best first; centidiscs,
 *                  mover's view)
 * OMV       move   the analysis's verdict on the move: ! !! ? ?? !? ?! (kept
 *                  apart from TE/BM/IT/DO, which are the user's marks)
 *
 * Scores are centidiscs from the point of view of the player of the move.
 */
#include "config.h"
#include "parse.h"

#include "record-int.h"
#include "record.h"
#include "square.h"

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { ID_MAX = 16 };

/* One property of the node being read: offsets into the text. */
struct sprop {
	char id[ID_MAX + 1]; /* upper-case identifier */
	size_t off;	     /* offset of the identifier */
	size_t raw;	     /* offset of the first '[' */
	size_t end;	     /* offset just past the last ']' */
	int first;	     /* index of its first value in parser.vals */
	int n;		     /* number of values */
};

/* One comment (C) read, joined to the others of its node when the game is read:
   joining as they come would copy the node's comment again for each one. */
struct spiece {
	struct game_node *at; /* the node it belongs to */
	char *text;	      /* malloc'd, unescaped */
	size_t seq;	      /* its place in the file */
};

/* One value: offsets of its brackets. */
struct sval {
	size_t open;  /* offset of '[' */
	size_t close; /* offset of ']' */
};

struct parser {
	struct record_reader r; /* the text, the read position, messages */
	struct game *g;		/* record being built */
	struct sprop *props;	/* properties of the pending node */
	int n_props;		/* properties read */
	int cap_props;		/* room in props */
	struct sval *vals;	/* their values */
	int n_vals;		/* values read */
	int cap_vals;		/* room in vals */
	size_t node_off;	/* offset of the pending node's ';' */
	bool pending;		/* a node has been read but not applied */
	bool root_done;		/* the first node has been applied */
	struct game_node *cur;	/* node the pending node follows */
	struct spiece *pieces;	/* comments read, in file order */
	size_t n_pieces;	/* comments read */
	size_t cap_pieces;	/* room in pieces */
};

/* The unescaped text of value v, malloc'd; NULL when out of memory. */
static char *value_text(const struct parser *p, const struct sval *v)
{
	char *s = malloc(v->close - v->open);
	size_t k = 0;

	if (!s)
		return NULL;
	for (size_t i = v->open + 1; i < v->close; i++) {
		char c = p->r.text[i];

		if (c == '\\' && i + 1 < v->close) {
			c = p->r.text[++i];
			if (c == '\n' || c == '\r') {
				if (i + 1 < v->close &&
				    (p->r.text[i + 1] == '\n' || p->r.text[i + 1] == '\r') &&
				    p->r.text[i + 1] != c)
					i++;
				continue;
			}
		}
		s[k++] = c;
	}
	s[k] = '\0';
	return s;
}

/* The value text with surrounding white space removed, into a fixed buffer;
   false if it does not fit. */
static bool value_short(const struct parser *p, const struct sval *v, char *out, size_t outlen)
{
	char *s = value_text(p, v);
	size_t a = 0, b;

	if (!s)
		return false;
	b = strlen(s);
	while (a < b && record_is_space((unsigned char)s[a]))
		a++;
	while (b > a && record_is_space((unsigned char)s[b - 1]))
		b--;
	if (b - a >= outlen) {
		free(s);
		return false;
	}
	memcpy(out, s + a, b - a);
	out[b - a] = '\0';
	free(s);
	return true;
}

/* Reads one property (identifier and values) into the pending node. */
static int read_property(struct parser *p)
{
	struct sprop *pr;
	size_t k = 0;

	if (p->n_props == p->cap_props) {
		int cap = p->cap_props ? 2 * p->cap_props : 16;
		struct sprop *np = realloc(p->props, (size_t)cap * sizeof(*np));

		if (!np) {
			record_fail(&p->r, p->r.pos, "out of memory");
			return -1;
		}
		p->props = np;
		p->cap_props = cap;
	}
	pr = &p->props[p->n_props];
	pr->off = p->r.pos;
	while (p->r.pos < p->r.len) {
		char c = p->r.text[p->r.pos];

		if (c >= 'A' && c <= 'Z') {
			if (k == ID_MAX) {
				record_fail(&p->r, pr->off, "property name too long");
				return -1;
			}
			pr->id[k++] = c;
		} else if (!(c >= 'a' && c <= 'z')) {
			break;
		}
		p->r.pos++;
	}
	pr->id[k] = '\0';
	if (k == 0) {
		record_fail(&p->r, pr->off, "property name without upper-case letters");
		return -1;
	}
	record_skip_space(&p->r);
	if (p->r.pos >= p->r.len || p->r.text[p->r.pos] != '[') {
		record_fail(&p->r, p->r.pos, "expected '[' after property %s", pr->id);
		return -1;
	}
	pr->raw = p->r.pos;
	pr->first = p->n_vals;
	pr->n = 0;
	while (p->r.pos < p->r.len && p->r.text[p->r.pos] == '[') {
		size_t open = p->r.pos++;

		while (p->r.pos < p->r.len && p->r.text[p->r.pos] != ']') {
			if (p->r.text[p->r.pos] == '\\')
				p->r.pos++;
			p->r.pos++;
		}
		if (p->r.pos >= p->r.len) {
			record_fail(&p->r, open, "value of %s has no closing ']'", pr->id);
			return -1;
		}
		if (p->n_vals == p->cap_vals) {
			int cap = p->cap_vals ? 2 * p->cap_vals : 32;
			struct sval *nv = realloc(p->vals, (size_t)cap * sizeof(*nv));

			if (!nv) {
				record_fail(&p->r, open, "out of memory");
				return -1;
			}
			p->vals = nv;
			p->cap_vals = cap;
		}
		p->vals[p->n_vals].open = open;
		p->vals[p->n_vals].close = p->r.pos;
		p->n_vals++;
		pr->n++;
		p->r.pos++;
		pr->end = p->r.pos;
		record_skip_space(&p->r);
	}
	p->n_props++;
	return 0;
}

static const struct sprop *find_prop(const struct parser *p, const char *id)
{
	for (int i = 0; i < p->n_props; i++)
		if (strcmp(p->props[i].id, id) == 0)
			return &p->props[i];
	return NULL;
}

/* Parses a move value of board v: a square, or a pass (empty, tt, pa). */
static int parse_move(enum variant v, const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || strcasecmp(s, "tt") == 0 || strcasecmp(s, "pa") == 0 ||
	    strcasecmp(s, "pass") == 0)
		return SQ_PASS;
	return record_parse_vsquare(v, s, n);
}

/* Adds the squares of a point-list value ("f5", "fe" or "a1:c3") of the game's board to
 *mask (a rectangle skips the holes). */
static int parse_points(struct parser *p, const struct sval *v, sqset *mask)
{
	enum variant var = p->g->variant;
	char s[16], *colon;
	int a, b, ra, ca, rb, cb;

	if (!value_short(p, v, s, sizeof(s)))
		goto bad;
	if (!s[0])
		return 0;
	colon = strchr(s, ':');
	if (colon) {
		*colon = '\0';
		a = record_parse_vsquare(var, s, strlen(s));
		b = record_parse_vsquare(var, colon + 1, strlen(colon + 1));
		if (a < 0 || b < 0)
			goto bad;
		square_row_col(var, a, &ra, &ca);
		square_row_col(var, b, &rb, &cb);
		for (int r = ra < rb ? ra : rb; r <= (ra > rb ? ra : rb); r++)
			for (int c = ca < cb ? ca : cb; c <= (ca > cb ? ca : cb); c++)
				if (square_at(var, r, c) >= 0)
					*mask |= sqset_of(square_at(var, r, c));
		return 0;
	}
	a = record_parse_vsquare(var, s, strlen(s));
	if (a < 0)
		goto bad;
	*mask |= sqset_of(a);
	return 0;
bad:
	record_fail(&p->r, v->open + 1, "not a square: expected a square such as f5");
	return -1;
}

/* The holes of board v as OMHO writes them: each square name in brackets, in the order of
   the rows ("[e1][f1][a5][j5][a6][j6][e10][f10]"), or "" when it has none. */
static void holes_text(enum variant v, char *out, size_t len)
{
	size_t k = 0;

	out[0] = '\0';
	for (int r = 0; r < square_size(v); r++)
		for (int c = 0; c < square_size(v); c++)
			if (square_is_hole(v, r, c))
				k += (size_t)snprintf(out + k, len - k, "[%c%d]", 'a' + c, r + 1);
}

/*
 * Reads the board of the first node: SZ (8 when missing) and the holes (OMHO), which must
 * be one of the boards this program plays: SZ[8], SZ[6], or SZ[10] with the eight holes of
 * the 10×10 board. The record is made again on that board. 0, or -1 with a message.
 */
static int board_read(struct parser *p)
{
	const struct sprop *sz = find_prop(p, "SZ"), *ho = find_prop(p, "OMHO");
	char s[16] = "8", want[64], got[160] = ""; /* SZ is 8 when missing */
	enum variant v;
	struct game *g;
	size_t k = 0;

	if (sz && (!value_short(p, &p->vals[sz->first], s, sizeof s) ||
		   (strcmp(s, "8") != 0 && strcmp(s, "6") != 0 && strcmp(s, "10") != 0))) {
		record_fail(&p->r, p->vals[sz->first].open + 1,
			    "board size must be 8, 6 or 10 (SZ[8], SZ[6], SZ[10] with OMHO)");
		return -1;
	}
	v = (enum variant)square_variant_of_side(atoi(s));
	for (int i = 0; ho && i < ho->n; i++) {
		char h[8];

		if (!value_short(p, &p->vals[ho->first + i], h, sizeof h))
			h[0] = '?', h[1] = '\0';
		k += (size_t)snprintf(got + k, sizeof got - k, "[%s]", h);
		if (k >= sizeof got)
			k = sizeof got - 1;
	}
	holes_text(v, want, sizeof want);
	if (strcasecmp(got, want) != 0 && v == VARIANT_10X10_HOLES) {
		record_fail(&p->r, ho ? ho->off : sz->off,
			    "SZ[10] is the 10x10 board with holes: OMHO must list them, OMHO%s",
			    want);
		return -1;
	}
	if (strcasecmp(got, want) != 0) {
		record_fail(&p->r, ho->off, "the %s board has no holes (no OMHO)",
			    square_variant_name(v));
		return -1;
	}
	if (v == p->g->variant) /* the record is already on that board */
		return 0;
	if (!(g = game_new_variant(v))) {
		record_fail(&p->r, p->node_off, "out of memory");
		return -1;
	}
	game_free(p->g);
	p->g = g;
	return 0;
}

/* Applies AB/AW/AE/PL of the first node. */
static int apply_setup(struct parser *p)
{
	const struct sprop *ab = find_prop(p, "AB"), *aw = find_prop(p, "AW");
	const struct sprop *ae = find_prop(p, "AE"), *pl = find_prop(p, "PL");
	sqset black = 0, white = 0, empty = 0;
	enum color side = BLACK;
	char s[16], msg[128], name[SQUARE_NAME_LEN];
	struct pos start;
	int rc;

	if (!ab && !aw && !ae && !pl)
		return 0;
	if (ab || aw) {
		for (int i = 0; ab && i < ab->n; i++)
			if (parse_points(p, &p->vals[ab->first + i], &black) < 0)
				return -1;
		for (int i = 0; aw && i < aw->n; i++)
			if (parse_points(p, &p->vals[aw->first + i], &white) < 0)
				return -1;
		if (black & white) {
			record_fail(&p->r, (ab->off < aw->off ? aw : ab)->off,
				    "square %s is both in AB and AW",
				    square_name(p->g->variant, sqset_first(black & white), name));
			return -1;
		}
	} else {
		game_colors(p->g->root, &black, &white);
	}
	for (int i = 0; ae && i < ae->n; i++)
		if (parse_points(p, &p->vals[ae->first + i], &empty) < 0)
			return -1;
	black &= ~empty;
	white &= ~empty;
	if (pl) {
		if (!value_short(p, &p->vals[pl->first], s, sizeof(s)) ||
		    (strcasecmp(s, "B") != 0 && strcasecmp(s, "W") != 0 &&
		     strcasecmp(s, "black") != 0 && strcasecmp(s, "white") != 0)) {
			record_fail(&p->r, p->vals[pl->first].open + 1, "PL must be B or W");
			return -1;
		}
		side = (s[0] | 0x20) == 'b' ? BLACK : WHITE;
	}
	pos_set(&start, p->g->variant, side == BLACK ? black : white,
		side == BLACK ? white : black);
	if ((rc = game_set_start_pos(p->g, &start, side, msg, sizeof(msg))) < 0) {
		record_fail(&p->r, p->node_off, "%s", msg);
		return -1;
	}
	return 0;
}

/*
 * Parses a time in seconds (0 <= t < 1e12). Times are written to the
 * millisecond, so they are read to the millisecond too: what is read is what
 * will be written back.
 */
static bool parse_seconds(const char *s, double *out)
{
	char *end;
	double v;

	if (!*s)
		return false;
	v = strtod(s, &end);
	if (*end || !(v >= 0 && v < 1e12))
		return false;
	*out = round(v * 1000.0) / 1000.0;
	return true;
}

static const char *const bound_names[] = {"exact", "lower", "upper"};

static int parse_bound(const char *s)
{
	for (int i = 0; i < 3; i++)
		if (strcmp(s, bound_names[i]) == 0)
			return i;
	return -1;
}

/* Parses "d6c3pa" (squares of board v, pa a pass) into at most max squares. */
static bool parse_pv(enum variant v, const char *s, int *pv, int max, int *len)
{
	*len = 0;
	while (*s) {
		int n = 2, sq;

		if ((s[0] | 0x20) == 'p' && (s[1] | 0x20) == 'a')
			sq = SQ_PASS;
		else if (isalpha((unsigned char)s[0]) && isalpha((unsigned char)s[1]))
			sq = record_parse_vsquare(v, s, 2); /* SGF's column and row letters */
		else
			sq = square_parse(v, s, &n);
		if (sq < 0 || *len == max)
			return false;
		pv[(*len)++] = sq;
		s += n;
	}
	return true;
}

/* Parses "d6=-150/exact/12,c3=..." into candidates. */
static bool parse_candidates(enum variant var, char *s, struct game_candidate *moves, int *n_moves)
{
	*n_moves = 0;
	if (!*s)
		return true;
	for (char *tok = s, *next; tok; tok = next) {
		struct game_candidate *c;
		char *eq, *sl1, *sl2;
		long v;
		int pv[1], n;

		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		if (*n_moves == GAME_MAX_CANDIDATES)
			return false;
		c = &moves[*n_moves];
		eq = strchr(tok, '=');
		if (!eq)
			return false;
		*eq = '\0';
		sl1 = strchr(eq + 1, '/');
		if (!sl1)
			return false;
		*sl1 = '\0';
		sl2 = strchr(sl1 + 1, '/');
		if (!sl2)
			return false;
		*sl2 = '\0';
		if (!parse_pv(var, tok, pv, 1, &n) || n != 1)
			return false;
		c->move = pv[0];
		if (!parse_long(eq + 1, -100000, 100000, &v))
			return false;
		c->score = (int)v;
		if ((c->bound = parse_bound(sl1 + 1)) < 0)
			return false;
		if (!parse_long(sl2 + 1, 0, 128, &v))
			return false;
		c->depth = (int)v;
		(*n_moves)++;
	}
	return true;
}

/* Splits "key:value key:value" text in place; calls field() for each pair. */
static bool parse_fields(char *s,
			 bool (*field)(const char *key, char *val, void *data, enum variant v),
			 void *data, enum variant v)
{
	char *save = NULL;

	for (char *tok = strtok_r(s, " \t\r\n", &save); tok;
	     tok = strtok_r(NULL, " \t\r\n", &save)) {
		char *colon = strchr(tok, ':');

		if (!colon)
			return false;
		*colon = '\0';
		if (!field(tok, colon + 1, data, v))
			return false;
	}
	return true;
}

static bool reasoning_field(const char *key, char *val, void *data, enum variant var)
{
	struct game_reasoning *r = data;
	long v;

	if (strcmp(key, "level") == 0) {
		/* The writer turns these into '_', which reads back as a space. */
		if (strlen(val) >= GAME_LEVEL_LEN || strpbrk(val, "]\\\t\r\n"))
			return false;
		strcpy(r->level, val);
		for (char *c = r->level; *c; c++)
			if (*c == '_')
				*c = ' ';
	} else if (strcmp(key, "source") == 0) {
		r->source = game_source_parse(val);
		if (r->source == SOURCE_NONE && *val)
			return false;
	} else if (strcmp(key, "depth") == 0) {
		if (!parse_long(val, 0, 128, &v))
			return false;
		r->depth = (int)v;
	} else if (strcmp(key, "endgame") == 0) {
		if (!parse_long(val, 0, 1, &v))
			return false;
		r->endgame = v;
	} else if (strcmp(key, "selectivity") == 0) {
		if (!parse_long(val, 1, 100, &v))
			return false;
		r->selectivity = (int)v;
	} else if (strcmp(key, "score") == 0) {
		if (!parse_long(val, -100000, 100000, &v))
			return false;
		r->score = (int)v;
	} else if (strcmp(key, "bound") == 0) {
		if ((r->bound = parse_bound(val)) < 0)
			return false;
	} else if (strcmp(key, "nodes") == 0) {
		char *end;

		if (!*val || *val == '-')
			return false;
		r->nodes = strtoull(val, &end, 10);
		if (*end)
			return false;
	} else if (strcmp(key, "time") == 0) {
		if (!parse_seconds(val, &r->time))
			return false;
	} else if (strcmp(key, "pv") == 0) {
		if (!parse_pv(var, val, r->pv, 64, &r->pv_len))
			return false;
	} else if (strcmp(key, "moves") == 0) {
		if (!parse_candidates(var, val, r->moves, &r->n_moves))
			return false;
	}
	return true;
}

static bool analysis_field(const char *key, char *val, void *data, enum variant var)
{
	struct game_analysis *a = data;
	long v;
	int pv[1], n;

	if (strcmp(key, "best") == 0) {
		if (!parse_pv(var, val, pv, 1, &n) || n != 1)
			return false;
		a->best_move = pv[0];
		return true;
	}
	if (strcmp(key, "moves") == 0)
		return parse_candidates(var, val, a->moves, &a->n_moves);
	if (strcmp(key, "pv") == 0)
		return parse_pv(var, val, a->pv, GAME_ANALYSIS_PV, &a->pv_len);
	if (strcmp(key, "played_bound") == 0)
		return (a->played_bound = parse_bound(val)) >= 0;
	if (strcmp(key, "exact") == 0) {
		if (!parse_long(val, 0, 1, &v))
			return false;
		a->exact = v;
		return true;
	}
	if (strcmp(key, "best_score") != 0 && strcmp(key, "played_score") != 0 &&
	    strcmp(key, "loss") != 0 && strcmp(key, "depth") != 0)
		return true;
	if (!parse_long(val, -100000, 100000, &v))
		return false;
	if (strcmp(key, "best_score") == 0)
		a->best_score = (int)v;
	else if (strcmp(key, "played_score") == 0)
		a->played_score = (int)v;
	else if (strcmp(key, "loss") == 0)
		a->loss = (int)v;
	else
		a->depth = (int)v;
	return true;
}

static const struct {
	const char *id;
	enum game_info_field field;
} info_props[] = {
    {"PB", INFO_BLACK},		{"PW", INFO_WHITE},	    {"DT", INFO_DATE},
    {"EV", INFO_EVENT},		{"RE", INFO_RESULT},	    {"GC", INFO_TEXT},
    {"GN", INFO_NAME},		{"PC", INFO_PLACE},	    {"RO", INFO_ROUND},
    {"ON", INFO_OPENING},	{"TM", INFO_TIME},	    {"OMLB", INFO_BLACK_LEVEL},
    {"OMLW", INFO_WHITE_LEVEL}, {"OMDS", INFO_DESCRIPTION},
};

static int info_field(const char *id)
{
	for (size_t i = 0; i < sizeof(info_props) / sizeof(info_props[0]); i++)
		if (strcmp(id, info_props[i].id) == 0)
			return (int)info_props[i].field;
	return -1;
}

/* What the helpers of apply_property return when memory ran out; the caller
   writes the message. */
enum { APPLY_OOM = -2 };

/* Checks that a root property holds `want`; -1 with `msg` if not. */
static int expect_value(struct parser *p, const struct sval *v, const char *want, const char *msg)
{
	char raw[32];

	if (!value_short(p, v, raw, sizeof(raw)) || strcmp(raw, want) != 0) {
		record_fail(&p->r, v->open + 1, "%s", msg);
		return -1;
	}
	return 0;
}

/* Applies a setting of the root, OMSD (the seed) or OMTM (time per move). */
static int apply_root_setting(struct parser *p, const char *id, const struct sval *v,
			      const char *text)
{
	if (strcmp(id, "OMSD") == 0) {
		char *end;

		p->g->seed = strtoull(text, &end, 10);
		p->g->has_seed = true;
		if (!*text || *end || *text == '-') {
			record_fail(&p->r, v->open + 1, "OMSD must be a decimal seed");
			return -1;
		}
	} else if (!parse_seconds(text, &p->g->time_per_move)) {
		record_fail(&p->r, v->open + 1, "OMTM must be a number of seconds");
		return -1;
	}
	return 0;
}

/* Notes a comment of node `at`, taking `text` (malloc'd) over; the comments of
   a node are joined by join_comments. Returns 0 or APPLY_OOM. */
static int add_comment(struct parser *p, struct game_node *at, char *text)
{
	if (!*text) {
		free(text);
		return 0;
	}
	if (p->n_pieces == p->cap_pieces) {
		size_t cap = p->cap_pieces ? 2 * p->cap_pieces : 64;
		struct spiece *np = realloc(p->pieces, cap * sizeof(*np));

		if (!np) {
			free(text);
			return APPLY_OOM;
		}
		p->pieces = np;
		p->cap_pieces = cap;
	}
	p->pieces[p->n_pieces].at = at;
	p->pieces[p->n_pieces].text = text;
	p->pieces[p->n_pieces].seq = p->n_pieces;
	p->n_pieces++;
	return 0;
}

/* Orders comments by node, then by their place in the file. */
static int piece_cmp(const void *a, const void *b)
{
	const struct spiece *x = a, *y = b;
	uintptr_t nx = (uintptr_t)x->at, ny = (uintptr_t)y->at;

	if (nx != ny)
		return nx < ny ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Gives each node its comments, one a line in file order: a sort and one copy,
   so the time is linear in the text (but for the sort's log). Returns 0, or -1
   when out of memory. */
static int join_comments(struct parser *p)
{
	size_t i = 0;

	if (p->n_pieces > 1)
		qsort(p->pieces, p->n_pieces, sizeof(*p->pieces), piece_cmp);
	while (i < p->n_pieces) {
		size_t j = i, len = 0, k = 0;
		char *all;
		int rc;

		for (; j < p->n_pieces && p->pieces[j].at == p->pieces[i].at; j++)
			len += strlen(p->pieces[j].text) + 1;
		if (!(all = malloc(len)))
			return -1;
		for (; i < j; i++) {
			size_t n = strlen(p->pieces[i].text);

			if (k)
				all[k++] = '\n';
			memcpy(all + k, p->pieces[i].text, n);
			k += n;
		}
		all[k] = '\0';
		rc = game_set_comment(p->pieces[j - 1].at, all);
		free(all);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The properties that annotate a move (on a node without one they are kept raw). */
static bool is_move_prop(const char *id)
{
	static const char *const ids[] = {"TE",	 "BM",	"IT",  "DO", "OMT",
					  "OMP", "OMR", "OMA", "OMV"};

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		if (strcmp(id, ids[i]) == 0)
			return true;
	return false;
}

/* True for the properties that mark a move (at most one a node). */
static bool is_mark_prop(const char *id)
{
	return !strcmp(id, "TE") || !strcmp(id, "BM") || !strcmp(id, "IT") || !strcmp(id, "DO");
}

/*
 * Refuses what the pending node holds twice, which would be dropped: a
 * second move (B or W again) or a second mark; and a mark with a value it
 * cannot have: TE and BM take 1 or 2, IT and DO none. Returns 0, or -1 with
 * the place of the offending property.
 */
static int check_moves_and_marks(struct parser *p)
{
	const struct sprop *move = NULL, *mark = NULL;

	for (int i = 0; i < p->n_props; i++) {
		const struct sprop *pr = &p->props[i];
		const struct sval *v = &p->vals[pr->first];
		size_t len = v->close - v->open - 1;
		const char *text = p->r.text + v->open + 1;

		if (!strcmp(pr->id, "B") || !strcmp(pr->id, "W")) {
			if (move && strcmp(move->id, pr->id) == 0) {
				record_fail(&p->r, pr->off, "a node with two moves (%s twice)",
					    pr->id);
				return -1;
			}
			move = pr;
		}
		if (!is_mark_prop(pr->id))
			continue;
		if (mark) {
			record_fail(&p->r, pr->off, "a node with two marks (%s and %s)", mark->id,
				    pr->id);
			return -1;
		}
		mark = pr;
		if (pr->n != 1) {
			record_fail(&p->r, p->vals[pr->first + 1].open, "%s has one value", pr->id);
			return -1;
		}
		if ((pr->id[0] == 'T' || pr->id[0] == 'B') &&
		    !(len == 1 && (text[0] == '1' || text[0] == '2'))) {
			record_fail(&p->r, v->open + 1, "%s must be 1 or 2", pr->id);
			return -1;
		}
		if ((pr->id[0] == 'I' || pr->id[0] == 'D') && len != 0) {
			record_fail(&p->r, v->open + 1, "%s takes no value: %s[]", pr->id, pr->id);
			return -1;
		}
	}
	return 0;
}

/* Applies an annotation of the move of `at` (see is_move_prop). */
static int apply_move_prop(struct parser *p, const char *id, const struct sval *v,
			   struct game_node *at, char *text)
{
	if (strcmp(id, "TE") == 0) {
		game_set_mark(at, strcmp(text, "2") == 0 ? MARK_VERY_GOOD : MARK_GOOD);
	} else if (strcmp(id, "BM") == 0) {
		game_set_mark(at, strcmp(text, "2") == 0 ? MARK_VERY_BAD : MARK_BAD);
	} else if (strcmp(id, "IT") == 0) {
		game_set_mark(at, MARK_INTERESTING);
	} else if (strcmp(id, "DO") == 0) {
		game_set_mark(at, MARK_DUBIOUS);
	} else if (strcmp(id, "OMT") == 0) {
		double t;

		if (!parse_seconds(text, &t)) {
			record_fail(&p->r, v->open + 1, "OMT must be a number of seconds");
			return -1;
		}
		game_set_time(at, t);
	} else if (strcmp(id, "OMP") == 0) {
		if (game_set_by(at, text) < 0)
			return APPLY_OOM;
	} else if (strcmp(id, "OMR") == 0) {
		struct game_reasoning r;

		memset(&r, 0, sizeof(r));
		if (!parse_fields(text, reasoning_field, &r, at->pos.variant)) {
			record_fail(&p->r, v->open + 1, "bad engine reasoning (OMR)");
			return -1;
		}
		if (game_set_reasoning(at, &r) < 0)
			return APPLY_OOM;
	} else if (strcmp(id, "OMV") == 0) {
		struct game_analysis a = at->analysis;

		a.verdict = game_mark_parse(text);
		if ((int)a.verdict <= (int)MARK_NONE) {
			record_fail(&p->r, v->open + 1, "OMV must be a mark: ! !! ? ?? !? ?!");
			return -1;
		}
		game_set_analysis(at, &a);
	} else {
		struct game_analysis a;

		memset(&a, 0, sizeof(a));
		a.best_move = SQ_NONE;
		a.verdict = at->analysis.verdict; /* OMV may come first */
		if (!parse_fields(text, analysis_field, &a, at->pos.variant)) {
			record_fail(&p->r, v->open + 1, "bad analysis (OMA)");
			return -1;
		}
		a.valid = true;
		game_set_analysis(at, &a);
	}
	return 0;
}

/* Keeps a property the program does not interpret on `at`, as it was written. */
static int keep_raw(const struct parser *p, const struct sprop *pr, struct game_node *at)
{
	size_t n = pr->end - pr->raw;
	char *raw = malloc(n + 1);
	int rc;

	if (!raw)
		return APPLY_OOM;
	memcpy(raw, p->r.text + pr->raw, n);
	raw[n] = '\0';
	rc = game_add_prop(at, pr->id, raw);
	free(raw);
	return rc < 0 ? APPLY_OOM : 0;
}

/* The index of the mark property kept verbatim on `at` (a node without a
   move), or -1 when it has none. */
static int kept_mark(const struct game_node *at)
{
	for (int i = 0; i < at->n_props; i++)
		if (is_mark_prop(at->props[i].name))
			return i;
	return -1;
}

/* Applies one property of a node to `at` (the node after the move, or the node
   the annotations belong to). Returns 0 or -1 with a message. */
static int apply_property(struct parser *p, const struct sprop *pr, struct game_node *at,
			  bool first)
{
	const struct sval *v = &p->vals[pr->first];
	char *text;
	int f, rc;

	if (strcmp(pr->id, "B") == 0 || strcmp(pr->id, "W") == 0)
		return 0;
	if (first &&
	    (strcmp(pr->id, "AB") == 0 || strcmp(pr->id, "AW") == 0 || strcmp(pr->id, "AE") == 0 ||
	     strcmp(pr->id, "PL") == 0 || strcmp(pr->id, "FF") == 0 || strcmp(pr->id, "AP") == 0))
		return 0;
	if (first && strcmp(pr->id, "GM") == 0)
		return expect_value(p, v, "2", "not an Othello game: GM must be 2");
	if (first && strcmp(pr->id, "SZ") == 0)
		return 0; /* read with the holes (OMHO) before the set-up: board_read */
	if (first && strcmp(pr->id, "OMHO") == 0)
		return 0;
	if (!(text = value_text(p, v))) {
		record_fail(&p->r, pr->off, "out of memory");
		return -1;
	}
	if ((f = info_field(pr->id)) >= 0)
		rc = game_set_info(p->g, (enum game_info_field)f, text) < 0 ? APPLY_OOM : 0;
	else if (first && (strcmp(pr->id, "OMSD") == 0 || strcmp(pr->id, "OMTM") == 0))
		rc = apply_root_setting(p, pr->id, v, text);
	else if (strcmp(pr->id, "C") == 0) {
		rc = add_comment(p, at, text);
		text = NULL;
	} else if (at->move != SQ_NONE && is_move_prop(pr->id)) {
		rc = apply_move_prop(p, pr->id, v, at, text);
	} else if (is_mark_prop(pr->id) && (f = kept_mark(at)) >= 0) {
		/* a node without a move that took another's properties (the root and
		   a node after it): one mark there too, or the file does not read back */
		record_fail(&p->r, pr->off, "a node with two marks (%s and %s)", at->props[f].name,
			    pr->id);
		free(text);
		return -1;
	} else {
		rc = keep_raw(p, pr, at);
	}
	free(text);
	if (rc == APPLY_OOM) {
		record_fail(&p->r, pr->off, "out of memory");
		return -1;
	}
	return rc;
}

/* Applies the pending node to the record. */
static int apply_node(struct parser *p)
{
	const struct sprop *b = find_prop(p, "B"), *w = find_prop(p, "W"), *mv = b ? b : w;
	bool first = !p->root_done;
	struct game_node *at = p->cur;
	char s[16], msg[160];

	if (!p->pending)
		return 0;
	p->pending = false;
	if (check_moves_and_marks(p) < 0)
		return -1;
	if (first) {
		if (board_read(p) < 0 || apply_setup(p) < 0)
			return -1;
		p->cur = at = p->g->root;
		p->root_done = true;
	} else {
		static const char *const setup[] = {"AB", "AW", "AE", "PL"};

		for (int i = 0; i < 4; i++) {
			const struct sprop *pr = find_prop(p, setup[i]);

			if (pr) {
				record_fail(&p->r, pr->off,
					    "set-up (%s) is only read in the first node", setup[i]);
				return -1;
			}
		}
	}
	if (b && w) {
		record_fail(&p->r, (b->off > w->off ? b : w)->off,
			    "a node with both a black and a white move");
		return -1;
	}
	if (mv) {
		int sq;

		if (mv->n != 1) {
			record_fail(&p->r, p->vals[mv->first + 1].open, "a move has one value");
			return -1;
		}
		if (!value_short(p, &p->vals[mv->first], s, sizeof(s)) ||
		    (sq = parse_move(p->g->variant, s)) < 0) {
			record_fail(&p->r, p->vals[mv->first].open + 1,
				    "not a move: expected a square such as f5");
			return -1;
		}
		at = record_play(p->g, at, b ? BLACK : WHITE, sq, msg, sizeof(msg));
		if (!at) {
			record_fail(&p->r, mv->off, "%s", msg);
			return -1;
		}
		p->cur = at;
	}
	/* game-level properties (FF GM SZ AP OMSD OMTM) are read in the first node
	   and in any later node that adds to the root; elsewhere they are kept */
	first = first || at == p->g->root;
	for (int i = 0; i < p->n_props; i++)
		if (apply_property(p, &p->props[i], at, first) < 0)
			return -1;
	p->n_props = 0;
	p->n_vals = 0;
	return 0;
}

/* Reads the first game of an SGF collection; the games after it are counted
   (other_games), not read, and anything else after it is refused. Returns a
   new record, or NULL with `NAME:LINE:COL: what is wrong`. */
struct game *record_read_sgf(const char *text, size_t len, const char *name, char *err,
			     size_t errlen)
{
	struct parser p;
	struct game_node **stack = NULL;
	int depth = 0, cap = 0;
	bool ok = false, need_node = false;

	memset(&p, 0, sizeof(p));
	p.r.text = text;
	p.r.len = len;
	p.r.name = name;
	p.r.err = err;
	p.r.errlen = errlen;
	if (record_check_text(text, len, name, err, errlen) < 0)
		return NULL;
	if (!(p.g = game_new())) {
		record_fail(&p.r, 0, "out of memory");
		return NULL;
	}
	p.cur = p.g->root;
	record_skip_space(&p.r);
	if (p.r.pos >= len || text[p.r.pos] != '(') {
		record_fail(&p.r, p.r.pos, "expected '(' to start an SGF game");
		goto out;
	}
	for (;;) {
		char c;

		record_skip_space(&p.r);
		if (p.r.pos >= len) {
			record_fail(&p.r, p.r.pos, "missing ')' at the end of the game");
			goto out;
		}
		c = text[p.r.pos];
		if (need_node && c != ';') {
			record_fail(&p.r, p.r.pos, "expected ';' to start a node after '('");
			goto out;
		}
		need_node = false;
		if (c == '(') {
			if (apply_node(&p) < 0)
				goto out;
			if (depth == cap) {
				int ncap = cap ? 2 * cap : 16;
				struct game_node **ns = realloc(stack, (size_t)ncap * sizeof(*ns));

				if (!ns) {
					record_fail(&p.r, p.r.pos, "out of memory");
					goto out;
				}
				stack = ns;
				cap = ncap;
			}
			stack[depth++] = p.cur;
			need_node = true;
			p.r.pos++;
		} else if (c == ')') {
			if (apply_node(&p) < 0)
				goto out;
			p.cur = stack[--depth];
			p.r.pos++;
			if (depth == 0)
				break;
		} else if (c == ';') {
			if (apply_node(&p) < 0)
				goto out;
			p.pending = true;
			p.node_off = p.r.pos;
			p.r.pos++;
		} else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
			if (!p.pending) {
				record_fail(&p.r, p.r.pos, "property outside a node (missing ';')");
				goto out;
			}
			if (read_property(&p) < 0)
				goto out;
		} else {
			record_fail(&p.r, p.r.pos, "unexpected '%s'", PARSE_SHOW(c));
			goto out;
		}
	}
	if (join_comments(&p) < 0)
		record_fail(&p.r, 0, "out of memory");
	else if ((p.g->other_games = record_count_games(&p.r)) >= 0)
		ok = true;
out:
	free(stack);
	free(p.props);
	free(p.vals);
	for (size_t i = 0; i < p.n_pieces; i++)
		free(p.pieces[i].text);
	free(p.pieces);
	if (!ok) {
		game_free(p.g);
		return NULL;
	}
	return p.g;
}

/* ---------------------------------------------------------------- writing */

/* Writes text as an SGF value, brackets included. */
static void put_value(FILE *f, const char *s)
{
	fputc('[', f);
	for (; *s; s++) {
		if (*s == ']' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc(']', f);
}

/* True when sq is a square of board v or a pass. */
static bool move_valid(enum variant v, int sq)
{
	return sq == SQ_PASS || square_valid(v, sq);
}

/* Writes a square of board v or "pa" for a pass (the caller checks move_valid). */
static void put_square(FILE *f, enum variant v, int sq)
{
	char name[SQUARE_NAME_LEN];

	fputs(sq == SQ_PASS ? "pa" : square_name(v, sq, name), f);
}

/* Writes " moves:" and the candidates as move=score/bound/depth, comma-separated (nothing
   when there are none). */
static void put_candidates(FILE *f, enum variant v, const struct game_candidate *moves, int n)
{
	for (int i = 0, k = 0; i < n; i++) {
		const struct game_candidate *c = &moves[i];

		if (!move_valid(v, c->move))
			continue;
		fputs(k++ ? "," : " moves:", f);
		put_square(f, v, c->move);
		fprintf(f, "=%d/%s/%d", c->score,
			bound_names[c->bound >= 0 && c->bound < 3 ? c->bound : 0], c->depth);
	}
}

/* Writes " pv:" and the moves (nothing for an empty line). */
static void put_pv(FILE *f, enum variant v, const int *pv, int n)
{
	if (n > 0) {
		fputs(" pv:", f);
		for (int i = 0; i < n; i++)
			if (move_valid(v, pv[i]))
				put_square(f, v, pv[i]);
	}
}

static void put_reasoning(FILE *f, enum variant v, const struct game_reasoning *r)
{
	char level[GAME_LEVEL_LEN];

	fputs("OMR[", f);
	if (r->level[0]) {
		snprintf(level, sizeof(level), "%s", r->level);
		for (char *c = level; *c; c++)
			if (*c == ' ' || *c == ']' || *c == '\\' || *c == '\t' || *c == '\n' ||
			    *c == '\r')
				*c = '_';
		fprintf(f, "level:%s ", level);
	}
	if (r->source != SOURCE_NONE)
		fprintf(f, "source:%s ", game_source_name(r->source));
	fprintf(f, "depth:%d endgame:%d score:%d bound:%s nodes:%" PRIu64 " time:%.3f", r->depth,
		r->endgame ? 1 : 0, r->score,
		bound_names[r->bound >= 0 && r->bound < 3 ? r->bound : 0], r->nodes, r->time);
	if (r->selectivity > 0 && r->selectivity < 100)
		fprintf(f, " selectivity:%d", r->selectivity);
	put_pv(f, v, r->pv, r->pv_len);
	put_candidates(f, v, r->moves, r->n_moves);
	fputs("]", f);
}

/* Writes OMA (the analysis) and OMV (its verdict, when there is one). */
static void put_analysis(FILE *f, enum variant v, const struct game_analysis *a)
{
	fputs("OMA[", f);
	if (move_valid(v, a->best_move)) {
		fputs("best:", f);
		put_square(f, v, a->best_move);
		fputc(' ', f);
	}
	fprintf(f, "best_score:%d played_score:%d played_bound:%s loss:%d depth:%d exact:%d",
		a->best_score, a->played_score,
		bound_names[a->played_bound >= 0 && a->played_bound < 3 ? a->played_bound : 0],
		a->loss, a->depth, a->exact ? 1 : 0);
	put_pv(f, v, a->pv, a->pv_len);
	put_candidates(f, v, a->moves, a->n_moves);
	fputs("]", f);
	if (a->verdict > MARK_NONE && a->verdict < MARK_COUNT)
		fprintf(f, "OMV[%s]", game_mark_symbol(a->verdict));
}

static void put_node_props(FILE *f, const struct game_node *n)
{
	static const char *const marks[MARK_COUNT] = {"",      "TE[1]", "TE[2]", "BM[1]",
						      "BM[2]", "IT[]",	"DO[]"};

	if (n->move != SQ_NONE) {
		fprintf(f, ";%c[", n->player == BLACK ? 'B' : 'W');
		if (n->move != SQ_PASS)
			put_square(f, n->pos.variant, n->move);
		fputc(']', f);
	}
	if (n->move != SQ_NONE && n->mark > MARK_NONE && n->mark < MARK_COUNT)
		fputs(marks[n->mark], f);
	if (n->comment) {
		fputc('C', f);
		put_value(f, n->comment);
	}
	if (n->move != SQ_NONE && n->time >= 0)
		fprintf(f, "OMT[%.3f]", n->time);
	if (n->move != SQ_NONE && n->by) {
		fputs("OMP", f);
		put_value(f, n->by);
	}
	if (n->move != SQ_NONE && n->reasoning)
		put_reasoning(f, n->pos.variant, n->reasoning);
	if (n->move != SQ_NONE && n->analysis.valid)
		put_analysis(f, n->pos.variant, &n->analysis);
	for (int i = 0; i < n->n_props; i++)
		fprintf(f, "%s%s", n->props[i].name, n->props[i].value);
}

/* Writes the line starting at n (n included) and its variations. */
static void put_line(FILE *f, const struct game_node *n)
{
	for (;;) {
		put_node_props(f, n);
		fputc('\n', f);
		if (!n->child)
			return;
		if (!n->child->next) {
			n = n->child;
			continue;
		}
		for (const struct game_node *c = n->child; c; c = c->next) {
			fputc('(', f);
			put_line(f, c);
			fputs(")\n", f);
		}
		return;
	}
}

static void put_setup(FILE *f, const struct game *g)
{
	char name[SQUARE_NAME_LEN];
	sqset black, white;

	game_colors(g->root, &black, &white);
	fputs("AB", f);
	for (sqset m = black; m; m &= m - 1)
		fprintf(f, "[%s]", square_name(g->variant, sqset_first(m), name));
	if (!black)
		fputs("[]", f);
	fputs("AW", f);
	for (sqset m = white; m; m &= m - 1)
		fprintf(f, "[%s]", square_name(g->variant, sqset_first(m), name));
	if (!white)
		fputs("[]", f);
	fprintf(f, "PL[%c]", g->root->side == BLACK ? 'B' : 'W');
}

/* Writes g as one SGF game tree (root properties on the first line, then a
   node a line, variations as sub-trees). Returns 0, or -1 on a write error. */
int record_write_sgf(const struct game *g, FILE *f)
{
	const struct game_node *r = g->root;
	char holes[64];

	holes_text(g->variant, holes, sizeof holes);
	fprintf(f, "(;FF[4]GM[2]SZ[%d]%s%sAP[Othello Master:%s]", square_size(g->variant),
		holes[0] ? "OMHO" : "", holes, PACKAGE_VERSION);
	for (size_t i = 0; i < sizeof(info_props) / sizeof(info_props[0]); i++) {
		const char *v = game_info(g, info_props[i].field);

		if (*v) {
			fputs(info_props[i].id, f);
			put_value(f, v);
		}
	}
	if (g->has_seed)
		fprintf(f, "OMSD[%" PRIu64 "]", g->seed);
	if (g->time_per_move > 0)
		fprintf(f, "OMTM[%.3f]", g->time_per_move);
	if (!g->standard_start) {
		fputc('\n', f);
		put_setup(f, g);
	}
	put_line(f, r);
	fputs(")\n", f);
	return record_finish_output(f);
}
