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
 * Coordinates: a square is column letter + row digit, `f5` (as Edax and other
 * Othello programs write it); two SGF letters `fe` (column, row: e = 5) are
 * read too. A pass is `B[]`; `B[tt]` and `B[PA]` are read as passes. A move
 * by the side not to move, when the side to move has no move, reads as a pass
 * followed by the move (files that leave passes out).
 *
 * Property  Where  Meaning
 * --------  -----  -------------------------------------------------------
 * FF        root   file format: written 4, any read
 * GM        root   game: 2 = Othello (anything else is refused)
 * SZ        root   board size: 8 (anything else is refused)
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
 * IT DO     move   interesting !? / doubtful ?!
 * (others)  any    kept verbatim on the node, written back after ours
 *
 * Private properties of Othello Master (names starting with OM):
 * OMLB OMLW root   engine level name of black / white (empty = human)
 * OMSD      root   random seed the game was played with (decimal)
 * OMTM      root   seconds per engine move (decimal)
 * OMDS      root   save-slot description
 * OMT       move   seconds the move took (decimal)
 * OMR       move   the engine's reasoning: space-separated KEY:VALUE fields,
 *                  unknown keys ignored on read:
 *                    level:NAME (spaces as _)  source:book|search|endgame|random
 *                    depth:N  endgame:0|1  score:CENTIDISCS  bound:exact|lower|upper
 *                    selectivity:PERCENT (only when below 100: a ProbCut search)
 *                    nodes:N  time:SECONDS  pv:d6c3pa...  (pa = pass)
 *                    moves:d6=-150/exact/12,c3=-310/upper/12  (candidate
 *                    move=score/bound/depth, best first)
 * OMA       move   analysis of the move: best:SQ best_score:N played_score:N
 *                  loss:N depth:N (centidiscs, mover's view)
 *
 * Scores are centidiscs from the point of view of the player of the move.
 */
#include "config.h"
#include "parse.h"

#include "record-int.h"
#include "record.h"

#include <inttypes.h>
#include <math.h>
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

/* Parses a move value: a square, or a pass (empty, tt, pa). */
static int parse_move(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || strcasecmp(s, "tt") == 0 || strcasecmp(s, "pa") == 0 ||
	    strcasecmp(s, "pass") == 0)
		return SQ_PASS;
	return record_parse_square(s, n);
}

/* Adds the squares of a point-list value ("f5", "fe" or "a1:c3") to *mask. */
static int parse_points(struct parser *p, const struct sval *v, uint64_t *mask)
{
	char s[16], *colon;
	int a, b;

	if (!value_short(p, v, s, sizeof(s)))
		goto bad;
	if (!s[0])
		return 0;
	colon = strchr(s, ':');
	if (colon) {
		*colon = '\0';
		a = record_parse_square(s, strlen(s));
		b = record_parse_square(colon + 1, strlen(colon + 1));
		if (a < 0 || b < 0)
			goto bad;
		for (int r = a / 8 < b / 8 ? a / 8 : b / 8; r <= (a / 8 > b / 8 ? a / 8 : b / 8);
		     r++)
			for (int c = a % 8 < b % 8 ? a % 8 : b % 8;
			     c <= (a % 8 > b % 8 ? a % 8 : b % 8); c++)
				*mask |= board_bit(r * 8 + c);
		return 0;
	}
	a = record_parse_square(s, strlen(s));
	if (a < 0)
		goto bad;
	*mask |= board_bit(a);
	return 0;
bad:
	record_fail(&p->r, v->open + 1, "not a square: expected a square such as f5");
	return -1;
}

/* Applies AB/AW/AE/PL of the first node. */
static int apply_setup(struct parser *p)
{
	const struct sprop *ab = find_prop(p, "AB"), *aw = find_prop(p, "AW");
	const struct sprop *ae = find_prop(p, "AE"), *pl = find_prop(p, "PL");
	uint64_t black = 0, white = 0, empty = 0;
	enum color side = BLACK;
	struct board b;
	char s[16], msg[128];

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
				    board_square_name(board_first_square(black & white)));
			return -1;
		}
	} else {
		board_start(&b);
		black = b.own;
		white = b.opp;
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
	b.own = side == BLACK ? black : white;
	b.opp = side == BLACK ? white : black;
	if (game_set_start(p->g, &b, side, msg, sizeof(msg)) < 0) {
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

/* Parses "d6c3pa" into at most max squares. */
static bool parse_pv(const char *s, int *pv, int max, int *len)
{
	size_t n = strlen(s);

	if (n % 2 || n / 2 > (size_t)max)
		return false;
	*len = 0;
	for (size_t i = 0; i < n; i += 2) {
		int sq = (s[i] | 0x20) == 'p' && (s[i + 1] | 0x20) == 'a'
			     ? SQ_PASS
			     : record_parse_square(s + i, 2);

		if (sq < 0)
			return false;
		pv[(*len)++] = sq;
	}
	return true;
}

/* Parses "d6=-150/exact/12,c3=..." into candidates. */
static bool parse_candidates(char *s, struct game_reasoning *r)
{
	r->n_moves = 0;
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
		if (r->n_moves == GAME_MAX_CANDIDATES)
			return false;
		c = &r->moves[r->n_moves];
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
		if (!parse_pv(tok, pv, 1, &n) || n != 1)
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
		r->n_moves++;
	}
	return true;
}

/* Splits "key:value key:value" text in place; calls field() for each pair. */
static bool parse_fields(char *s, bool (*field)(const char *key, char *val, void *data), void *data)
{
	char *save = NULL;

	for (char *tok = strtok_r(s, " \t\r\n", &save); tok;
	     tok = strtok_r(NULL, " \t\r\n", &save)) {
		char *colon = strchr(tok, ':');

		if (!colon)
			return false;
		*colon = '\0';
		if (!field(tok, colon + 1, data))
			return false;
	}
	return true;
}

static bool reasoning_field(const char *key, char *val, void *data)
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
		if (!parse_pv(val, r->pv, 64, &r->pv_len))
			return false;
	} else if (strcmp(key, "moves") == 0) {
		if (!parse_candidates(val, r))
			return false;
	}
	return true;
}

static bool analysis_field(const char *key, char *val, void *data)
{
	struct game_analysis *a = data;
	long v;
	int pv[1], n;

	if (strcmp(key, "best") == 0) {
		if (!parse_pv(val, pv, 1, &n) || n != 1)
			return false;
		a->best_move = pv[0];
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

/* Adds a comment to a node, after the one it has on a line of its own. */
static int add_comment(struct game_node *at, const char *text)
{
	size_t n;
	char *both;
	int rc;

	if (!*text)
		return 0;
	if (!at->comment)
		return game_set_comment(at, text) < 0 ? APPLY_OOM : 0;
	n = strlen(at->comment) + strlen(text) + 2;
	if (!(both = malloc(n)))
		return APPLY_OOM;
	snprintf(both, n, "%s\n%s", at->comment, text);
	rc = game_set_comment(at, both);
	free(both);
	return rc < 0 ? APPLY_OOM : 0;
}

/* The properties that annotate a move (on a node without one they are kept raw). */
static bool is_move_prop(const char *id)
{
	static const char *const ids[] = {"TE", "BM", "IT", "DO", "OMT", "OMR", "OMA"};

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		if (strcmp(id, ids[i]) == 0)
			return true;
	return false;
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
	} else if (strcmp(id, "OMR") == 0) {
		struct game_reasoning r;

		memset(&r, 0, sizeof(r));
		if (!parse_fields(text, reasoning_field, &r)) {
			record_fail(&p->r, v->open + 1, "bad engine reasoning (OMR)");
			return -1;
		}
		if (game_set_reasoning(at, &r) < 0)
			return APPLY_OOM;
	} else {
		struct game_analysis a;

		memset(&a, 0, sizeof(a));
		a.best_move = SQ_NONE;
		if (!parse_fields(text, analysis_field, &a)) {
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
		return expect_value(p, v, "8", "board size must be 8 (SZ[8])");
	if (!(text = value_text(p, v))) {
		record_fail(&p->r, pr->off, "out of memory");
		return -1;
	}
	if ((f = info_field(pr->id)) >= 0)
		rc = game_set_info(p->g, (enum game_info_field)f, text) < 0 ? APPLY_OOM : 0;
	else if (first && (strcmp(pr->id, "OMSD") == 0 || strcmp(pr->id, "OMTM") == 0))
		rc = apply_root_setting(p, pr->id, v, text);
	else if (strcmp(pr->id, "C") == 0)
		rc = add_comment(at, text);
	else if (at->move != SQ_NONE && is_move_prop(pr->id))
		rc = apply_move_prop(p, pr->id, v, at, text);
	else
		rc = keep_raw(p, pr, at);
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
	if (first) {
		if (apply_setup(p) < 0)
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
		    (sq = parse_move(s)) < 0) {
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

/* Reads the first game of an SGF collection. Returns a new record, or NULL
   with `NAME:LINE:COL: what is wrong`. */
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
			record_fail(&p.r, p.r.pos, "unexpected '%c'", c);
			goto out;
		}
	}
	ok = true;
out:
	free(stack);
	free(p.props);
	free(p.vals);
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

static bool move_valid(int sq)
{
	return sq >= 0 && sq <= SQ_PASS;
}

/* Writes a square or "pa" for a pass (the caller checks move_valid). */
static void put_square(FILE *f, int sq)
{
	fputs(sq == SQ_PASS ? "pa" : board_square_name(sq), f);
}

static void put_reasoning(FILE *f, const struct game_reasoning *r)
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
	if (r->pv_len > 0) {
		fputs(" pv:", f);
		for (int i = 0; i < r->pv_len; i++)
			if (move_valid(r->pv[i]))
				put_square(f, r->pv[i]);
	}
	for (int i = 0, k = 0; i < r->n_moves; i++) {
		const struct game_candidate *c = &r->moves[i];

		if (!move_valid(c->move))
			continue;
		fputs(k++ ? "," : " moves:", f);
		put_square(f, c->move);
		fprintf(f, "=%d/%s/%d", c->score,
			bound_names[c->bound >= 0 && c->bound < 3 ? c->bound : 0], c->depth);
	}
	fputs("]", f);
}

static void put_node_props(FILE *f, const struct game_node *n)
{
	static const char *const marks[MARK_COUNT] = {"",      "TE[1]", "TE[2]", "BM[1]",
						      "BM[2]", "IT[]",	"DO[]"};

	if (n->move != SQ_NONE) {
		fprintf(f, ";%c[", n->player == BLACK ? 'B' : 'W');
		if (n->move != SQ_PASS)
			fputs(board_square_name(n->move), f);
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
	if (n->move != SQ_NONE && n->reasoning)
		put_reasoning(f, n->reasoning);
	if (n->move != SQ_NONE && n->analysis.valid) {
		fputs("OMA[", f);
		if (move_valid(n->analysis.best_move)) {
			fputs("best:", f);
			put_square(f, n->analysis.best_move);
			fputc(' ', f);
		}
		fprintf(f, "best_score:%d played_score:%d loss:%d depth:%d]",
			n->analysis.best_score, n->analysis.played_score, n->analysis.loss,
			n->analysis.depth);
	}
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
	uint64_t black, white;

	game_board_colors(g->root, &black, &white);
	fputs("AB", f);
	for (uint64_t m = black; m; m &= m - 1)
		fprintf(f, "[%s]", board_square_name(board_first_square(m)));
	if (!black)
		fputs("[]", f);
	fputs("AW", f);
	for (uint64_t m = white; m; m &= m - 1)
		fprintf(f, "[%s]", board_square_name(board_first_square(m)));
	if (!white)
		fputs("[]", f);
	fprintf(f, "PL[%c]", g->root->side == BLACK ? 'B' : 'W');
}

/* Writes g as one SGF game tree (root properties on the first line, then a
   node a line, variations as sub-trees). Returns 0, or -1 on a write error. */
int record_write_sgf(const struct game *g, FILE *f)
{
	const struct game_node *r = g->root;

	fprintf(f, "(;FF[4]GM[2]SZ[8]AP[Othello Master:%s]", PACKAGE_VERSION);
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
