/*
 * record-ggf.c — GGF, the Generic Game Format of the Generic Game Server, as
 * NBoard and Edax use it for Othello. One game is one line:
 *
 *   (;GM[Othello]PC[place]DT[date]PB[black]PW[white]RE[+2.000]TI[15:00]TY[8]
 *     BO[8 <64 squares> *]B[F5//2.449]W[F6]...;)
 *
 * Property  Meaning
 * --------  ---------------------------------------------------------------
 * GM        game: Othello (any case; Edax writes `othello`)
 * PC DT     place, date (kept as text)
 * PB PW     black / white player
 * RE        result, discs from black's view: +2.000 black won by 2 (read into
 *           the SGF style B+2, W+4, 0)
 * TI        time control (kept as text)
 * TY        game type: 8 for the 8x8 board (written 8; read and ignored)
 * BO        start position: the size 8, then 64 squares row by row from a1
 *           (`*` black, `O` white, `-` empty; white space between rows, as
 *           Edax writes, is ignored), then the side to move (`*` or `O`)
 * B W       a move: SQUARE[/EVAL[/TIME]], eval in discs from the mover's view,
 *           time in seconds; the square is `F5` (any case) or `PA` for a pass
 * (others)  kept as uninterpreted properties of the start (ratings BR/WR ...)
 *
 * Values have no escapes and cannot hold `]`. GGF has no comments, marks or
 * variations: the writer writes the main line only, with the engine's score
 * (from its reasoning) and the time of each move. Only the first game of a
 * file is read.
 */
#include "config.h"

#include "parse.h"
#include "record-int.h"
#include "record.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Reads the BO value [start, end) into the record's start position. */
static int read_board(struct record_reader *r, struct game *g, size_t start, size_t end)
{
	uint64_t black, white;
	size_t i = start, used;
	int n, kind;
	struct board b;
	char msg[128];

	while (i < end && record_is_space((unsigned char)r->text[i]))
		i++;
	if (i >= end || r->text[i] != '8' ||
	    (i + 1 < end && !record_is_space((unsigned char)r->text[i + 1]))) {
		record_fail(r, i, "BO must start with the board size 8");
		return -1;
	}
	i++;
	n = board_parse_squares(r->text + i, end - i, record_is_space, &black, &white, &used);
	i += used;
	if (n < 0) {
		record_fail(r, i, "'%s' is not a square (expected *, O or -)",
			    PARSE_SHOW(r->text[i]));
		return -1;
	}
	while (i < end && record_is_space((unsigned char)r->text[i]))
		i++;
	if (n < 64) {
		record_fail(r, i, "BO has %d squares, expected 64", n);
		return -1;
	}
	kind = i < end ? board_parse_disc((unsigned char)r->text[i]) : -1;
	if (kind != 0 && kind != 1) {
		record_fail(r, i, "expected the side to move (* or O) after the 64 squares of BO");
		return -1;
	}
	for (i++; i < end; i++)
		if (!record_is_space((unsigned char)r->text[i])) {
			record_fail(r, i, "unexpected '%s' after the side to move in BO",
				    PARSE_SHOW(r->text[i]));
			return -1;
		}
	b.own = kind == 0 ? black : white;
	b.opp = kind == 0 ? white : black;
	if (game_set_start(g, &b, kind == 0 ? BLACK : WHITE, msg, sizeof(msg)) < 0) {
		record_fail(r, start, "%s", msg);
		return -1;
	}
	return 0;
}

/* Parses a number field of a move; an empty field leaves *out unset. */
static int move_number(const char *s, size_t n, double lo, double hi, bool *set, double *out)
{
	char buf[32], *end;

	*set = false;
	if (n == 0)
		return 0;
	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*out = strtod(buf, &end);
	if (*end || !(*out >= lo && *out <= hi))
		return -1;
	*set = true;
	return 0;
}

/* Reads a move value [start, end) by `player`. */
static int read_move(struct record_reader *r, struct game *g, struct game_node **cur,
		     enum color player, size_t start, size_t end)
{
	const char *s = r->text + start;
	size_t n = end - start, f1, f2;
	struct game_node *at;
	char msg[160];
	double eval = 0, t = 0;
	bool has_eval = false, has_time = false;
	int sq;

	for (f1 = 0; f1 < n && s[f1] != '/'; f1++)
		;
	for (f2 = f1 + (f1 < n); f2 < n && s[f2] != '/'; f2++)
		;
	if (f1 == 2 && (s[0] | 0x20) == 'p' && (s[1] | 0x20) == 'a')
		sq = SQ_PASS;
	else
		sq = record_parse_square(s, f1);
	if (sq < 0 || (f1 == 2 && sq >= 0 && !(s[1] >= '1' && s[1] <= '8') && sq != SQ_PASS)) {
		record_fail(r, start, "not a move: expected a square such as F5, or PA");
		return -1;
	}
	if (f1 < n && move_number(s + f1 + 1, f2 - f1 - 1, -1000, 1000, &has_eval, &eval) < 0) {
		record_fail(r, start + f1 + 1, "bad evaluation in the move");
		return -1;
	}
	if (f2 < n && move_number(s + f2 + 1, n - f2 - 1, 0, 1e9, &has_time, &t) < 0) {
		record_fail(r, start + f2 + 1, "bad time in the move");
		return -1;
	}
	if (f1 >= n)
		has_eval = false;
	if (f2 >= n)
		has_time = false;
	at = record_play(g, *cur, player, sq, msg, sizeof(msg));
	if (!at) {
		record_fail(r, start, "%s", msg);
		return -1;
	}
	if (has_eval) {
		struct game_reasoning rs;

		memset(&rs, 0, sizeof(rs));
		rs.score = (int)lround(eval * 100);
		if (game_set_reasoning(at, &rs) < 0)
			goto oom;
	}
	if (has_time)
		game_set_time(at, t);
	*cur = at;
	return 0;
oom:
	record_fail(r, start, "out of memory");
	return -1;
}

/* Turns a GGF result (+2.000, black's view) into the SGF style. */
static void result_from_ggf(const char *v, char *out, size_t outlen)
{
	char *end;
	double d = strtod(v, &end);

	if (end == v || !isfinite(d) || fabs(d) > 64) {
		snprintf(out, outlen, "%s", v);
		return;
	}
	if (d == 0)
		snprintf(out, outlen, "0");
	else if (d == floor(d))
		snprintf(out, outlen, "%c+%d", d > 0 ? 'B' : 'W', (int)fabs(d));
	else
		snprintf(out, outlen, "%c+%g", d > 0 ? 'B' : 'W', fabs(d));
}

static int set_info(struct record_reader *r, struct game *g, enum game_info_field f, const char *v,
		    size_t off)
{
	if (game_set_info(g, f, v) < 0) {
		record_fail(r, off, "out of memory");
		return -1;
	}
	return 0;
}

/* Keeps an unknown property on the root, as an SGF value. */
static int keep_prop(struct record_reader *r, struct game *g, const char *id, const char *v,
		     size_t off)
{
	size_t n = strlen(v);
	char *raw = malloc(2 * n + 3), *q = raw;
	int rc;

	if (!raw) {
		record_fail(r, off, "out of memory");
		return -1;
	}
	*q++ = '[';
	for (size_t i = 0; i < n; i++) {
		if (v[i] == '\\')
			*q++ = '\\';
		*q++ = v[i];
	}
	*q++ = ']';
	*q = '\0';
	rc = game_add_prop(g->root, id, raw);
	free(raw);
	if (rc < 0)
		record_fail(r, off, "out of memory");
	return rc;
}

/* Reads a property name and finds its value: the name (upper-cased) into `id`,
   its offset into `id_off`, the offsets of `[` and `]` into `open` and `close`. */
static int read_prop(struct record_reader *r, char id[17], size_t *id_off, size_t *open,
		     size_t *close)
{
	const char *text = r->text;
	size_t k = 0, c;

	*id_off = r->pos;
	while (r->pos < r->len && ((text[r->pos] >= 'A' && text[r->pos] <= 'Z') ||
				   (text[r->pos] >= 'a' && text[r->pos] <= 'z'))) {
		if (k == 16) {
			record_fail(r, *id_off, "property name too long");
			return -1;
		}
		id[k++] = (char)(text[r->pos++] & ~0x20);
	}
	id[k] = '\0';
	if (k == 0) {
		record_fail(r, r->pos, "unexpected '%s': expected a property such as PB[...]",
			    PARSE_SHOW(text[r->pos]));
		return -1;
	}
	if (r->pos >= r->len || text[r->pos] != '[') {
		record_fail(r, r->pos, "expected '[' after %s", id);
		return -1;
	}
	*open = r->pos;
	for (c = *open + 1; c < r->len && text[c] != ']'; c++)
		;
	if (c >= r->len) {
		record_fail(r, *open, "value of %s has no closing ']'", id);
		return -1;
	}
	*close = c;
	r->pos = c + 1;
	return 0;
}

/* Applies a property other than a move or BO; its value is the text [open + 1,
   close). Sets *seen_gm on GM[Othello]. */
static int apply_text_prop(struct record_reader *r, struct game *g, const char *id, size_t open,
			   size_t close, bool *seen_gm)
{
	char value[256];

	if (close - open - 1 >= sizeof(value)) {
		record_fail(r, open + 1, "value of %s too long", id);
		return -1;
	}
	memcpy(value, r->text + open + 1, close - open - 1);
	value[close - open - 1] = '\0';
	if (strcmp(id, "GM") == 0) {
		if (strcasecmp(value, "othello") != 0) {
			record_fail(r, open + 1, "not an Othello game: GM[%s]",
				    PARSE_SHOW_TEXT(value));
			return -1;
		}
		*seen_gm = true;
	} else if (strcmp(id, "TY") == 0) {
		return 0;
	} else if (strcmp(id, "PB") == 0 || strcmp(id, "PW") == 0 || strcmp(id, "PC") == 0 ||
		   strcmp(id, "DT") == 0 || strcmp(id, "TI") == 0) {
		enum game_info_field f = id[0] == 'T'	? INFO_TIME
					 : id[1] == 'B' ? INFO_BLACK
					 : id[1] == 'W' ? INFO_WHITE
					 : id[1] == 'C' ? INFO_PLACE
							: INFO_DATE;

		return set_info(r, g, f, value, open);
	} else if (strcmp(id, "RE") == 0) {
		char res[300];

		result_from_ggf(value, res, sizeof(res));
		return set_info(r, g, INFO_RESULT, res, open);
	} else {
		return keep_prop(r, g, id, value, open);
	}
	return 0;
}

/* Reads the opening `(;` of a game. */
static int read_start(struct record_reader *r)
{
	record_skip_space(r);
	if (r->pos >= r->len || r->text[r->pos] != '(') {
		record_fail(r, r->pos, "expected '(;' to start a GGF game");
		return -1;
	}
	r->pos++;
	record_skip_space(r);
	if (r->pos >= r->len || r->text[r->pos] != ';') {
		record_fail(r, r->pos, "expected ';' after '('");
		return -1;
	}
	r->pos++;
	return 0;
}

/* Reads the first game of a GGF file; the games after it are counted
   (other_games), not read, and anything else after it is refused. Returns a
   new record, or NULL with `NAME:LINE:COL: what is wrong`. */
struct game *record_read_ggf(const char *text, size_t len, const char *name, char *err,
			     size_t errlen)
{
	struct record_reader r = {text, len, 0, name, err, errlen};
	struct game *g;
	struct game_node *cur;
	bool moved = false, seen_gm = false;

	if (record_check_text(text, len, name, err, errlen) < 0)
		return NULL;
	if (!(g = game_new())) {
		record_fail(&r, 0, "out of memory");
		return NULL;
	}
	cur = g->root;
	if (read_start(&r) < 0)
		goto fail;
	for (;;) {
		char id[17];
		size_t id_off, open, close;

		record_skip_space(&r);
		if (r.pos >= len) {
			record_fail(&r, r.pos, "missing ';)' at the end of the game");
			goto fail;
		}
		if (text[r.pos] == ';') {
			r.pos++;
			record_skip_space(&r);
			if (r.pos >= len || text[r.pos] != ')') {
				record_fail(&r, r.pos,
					    "expected ')' after ';' at the end of the game");
				goto fail;
			}
			break;
		}
		if (read_prop(&r, id, &id_off, &open, &close) < 0)
			goto fail;
		if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
			if (read_move(&r, g, &cur, id[0] == 'B' ? BLACK : WHITE, open + 1, close) <
			    0)
				goto fail;
			moved = true;
		} else if (strcmp(id, "BO") == 0) {
			if (moved) {
				record_fail(&r, id_off, "BO after the first move");
				goto fail;
			}
			if (read_board(&r, g, open + 1, close) < 0)
				goto fail;
		} else if (apply_text_prop(&r, g, id, open, close, &seen_gm) < 0) {
			goto fail;
		}
	}
	if (!seen_gm) {
		record_fail(&r, 0, "not a GGF game: GM[Othello] is missing");
		goto fail;
	}
	r.pos++;
	if ((g->other_games = record_count_games(&r)) < 0)
		goto fail;
	return g;
fail:
	game_free(g);
	return NULL;
}

/* Writes a text value with the characters GGF cannot hold replaced. */
static void put_text(FILE *f, const char *id, const char *s)
{
	if (!*s)
		return;
	fprintf(f, "%s[", id);
	for (; *s; s++)
		fputc(*s == ']' ? ')' : *s == '\n' || *s == '\r' ? ' ' : *s, f);
	fputc(']', f);
}

/* Writes g's start position and main line as one GGF line. Returns 0, or -1 on
   a write error. */
int record_write_ggf(const struct game *g, FILE *f)
{
	const char *re = game_info(g, INFO_RESULT);
	uint64_t black, white;

	fputs("(;GM[Othello]", f);
	put_text(f, "PC", game_info(g, INFO_PLACE));
	put_text(f, "DT", game_info(g, INFO_DATE));
	put_text(f, "PB", game_info(g, INFO_BLACK));
	put_text(f, "PW", game_info(g, INFO_WHITE));
	if (strcmp(re, "0") == 0 || strcasecmp(re, "draw") == 0) {
		fputs("RE[+0.000]", f);
	} else if ((re[0] == 'B' || re[0] == 'W') && re[1] == '+') {
		char *end;
		double d = strtod(re + 2, &end);

		if (end != re + 2 && !*end)
			fprintf(f, "RE[%+.3f]", re[0] == 'B' ? d : -d);
	}
	put_text(f, "TI", game_info(g, INFO_TIME));
	fputs("TY[8]BO[8 ", f);
	game_board_colors(g->root, &black, &white);
	for (int i = 0; i < 64; i++) {
		fputc((black & board_bit(i)) ? '*' : (white & board_bit(i)) ? 'O' : '-', f);
		if (i % 8 == 7)
			fputc(' ', f);
	}
	fprintf(f, "%c]", g->root->side == BLACK ? '*' : 'O');
	for (const struct game_node *n = g->root->child; n; n = n->child) {
		fprintf(f, "%c[%s", n->player == BLACK ? 'B' : 'W',
			n->move == SQ_PASS ? "PA" : board_square_name_upper(n->move));
		/* the evaluation: the engine's own, else the analysis's of the move played (the
		   moves of a person had none written) */
		bool eval = n->reasoning || n->analysis.valid;
		int score = n->reasoning ? n->reasoning->score : n->analysis.played_score;

		if (eval || n->time >= 0) {
			fputc('/', f);
			if (eval)
				fprintf(f, "%.2f", score / 100.0);
			if (n->time >= 0)
				fprintf(f, "/%.2f", n->time);
		}
		fputc(']', f);
	}
	fputs(";)\n", f);
	return record_finish_output(f);
}
