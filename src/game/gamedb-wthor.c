/*
 * gamedb-wthor.c — the WTHOR database of the French Othello Federation:
 * games (.wtb), players (.jou) and tournaments (.trn), read and written.
 *
 * Every file starts with the same 16-byte header; integers are little-endian:
 *
 * | offset | size | meaning                                                   |
 * |--------|------|-----------------------------------------------------------|
 * | 0      | 1    | century the file was written (20)                         |
 * | 1      | 1    | year in the century                                       |
 * | 2      | 1    | month                                                     |
 * | 3      | 1    | day                                                       |
 * | 4      | 4    | N1: game records (.wtb; 0 in .jou and .trn)               |
 * | 8      | 2    | N2: name records (.jou and .trn; 0 in .wtb)               |
 * | 10     | 2    | year of the games (.wtb)                                  |
 * | 12     | 1    | P1: board size: 0 or 8 for 8x8, 10 for 10x10              |
 * | 13     | 1    | P2: 0 games, 1 solitaires                                 |
 * | 14     | 1    | P3: empties of the theoretical score (24)                 |
 * | 15     | 1    | reserved                                                  |
 *
 * A .wtb game record, 68 bytes (the file is 16 + 68 x N1 bytes):
 *
 * | offset | size | meaning                                                   |
 * |--------|------|-----------------------------------------------------------|
 * | 0      | 2    | tournament: record number in the .trn file                |
 * | 2      | 2    | Black: record number in the .jou file                     |
 * | 4      | 2    | White: the same                                           |
 * | 6      | 1    | Black's discs at the end (empty squares to the winner)    |
 * | 7      | 1    | Black's discs under perfect play from P3 empties          |
 * | 8      | 60   | moves: 10 x row + column, both from 1 (a1 = 11, h8 = 88); |
 * |        |      | 0 after the last move; passes are not written             |
 *
 * A .jou record is a player's name in 20 bytes, a .trn record a tournament's
 * in 26, NUL-padded, in ISO-8859-1 (read into UTF-8). Only 8x8 games are
 * read: a 10x10 file or a file of solitaires is refused with its reason.
 */
#include "config.h"

#include "bytes.h"
#include "gamedb.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Reads the 16-byte header at `p` into `*h`; 0, or -1 when the date is not one
   (a file of another kind). */
int gamedb_wthor_header_parse(const uint8_t *p, struct gamedb_wthor_header *h)
{
	h->written = (p[0] * 100 + p[1]) * 10000 + p[2] * 100 + p[3];
	h->records = (uint32_t)bytes_get_le(p + 4, 4);
	h->names = (uint16_t)bytes_get_le(p + 8, 2);
	h->year = (uint16_t)bytes_get_le(p + 10, 2);
	h->board_size = p[12];
	h->solitaire = p[13];
	h->depth = p[14];
	return p[2] <= 12 && p[3] <= 31 ? 0 : -1;
}

/*
 * Reads a WTHOR file: its header into *h, then the records it announces
 * (`record_len` bytes each, counted by N2 when `names`, else N1), into a new
 * buffer of the header and those records (*len bytes in all). Never more is
 * read: a device (/dev/zero) is refused before a byte is read, a file longer
 * than its header says is refused without reading its tail, and a stream
 * with more bytes is refused at the first one too many. A shorter file is
 * left to the caller (*len tells). NULL with a message on any of these, a
 * read error, a header that is not a WTHOR one, or no memory.
 */
static uint8_t *read_file(FILE *f, const char *name, bool names, size_t record_len,
			  struct gamedb_wthor_header *h, size_t *len, char *err, size_t errlen)
{
	uint8_t head[GAMEDB_WTB_HEADER], *buf;
	size_t count, want, n, cap, got;
	struct stat st;
	bool known = fileno(f) >= 0 && fstat(fileno(f), &st) == 0; /* not in memory */
	bool regular = known && S_ISREG(st.st_mode);

	if (known && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
		snprintf(err, errlen, "%s: a device, not a WTHOR file", name);
		return NULL;
	}
	n = fread(head, 1, sizeof head, f);
	if (n < sizeof head && ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", name, strerror(errno ? errno : EIO));
		return NULL;
	}
	if (n < sizeof head || gamedb_wthor_header_parse(head, h) < 0) {
		snprintf(err, errlen, "%s: not a WTHOR file (no header)", name);
		return NULL;
	}
	if (!names && h->records == 0 && h->names > 0) {
		snprintf(err, errlen, "%s: a file of names, not of games", name);
		return NULL;
	}
	if (names && h->records > 0) {
		snprintf(err, errlen, "%s: a file of games, not of names", name);
		return NULL;
	}
	count = names ? h->names : h->records;
	want = count * record_len;
	if (regular && (uintmax_t)st.st_size > GAMEDB_WTB_HEADER + want) {
		snprintf(err, errlen, "%s: %ju bytes after the %zu %s the header announces", name,
			 (uintmax_t)st.st_size - GAMEDB_WTB_HEADER - want, count,
			 names ? "names" : "games");
		return NULL;
	}
	if (regular && (uintmax_t)st.st_size < GAMEDB_WTB_HEADER + want)
		want = (size_t)st.st_size - GAMEDB_WTB_HEADER; /* room for what is there */
	cap = want < ((size_t)1 << 16) ? want : (size_t)1 << 16; /* a stream grows it */
	if (!(buf = malloc(GAMEDB_WTB_HEADER + cap))) {
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	memcpy(buf, head, sizeof head);
	for (n = 0; n < want; n += got) {
		if (n == cap) {
			uint8_t *more;

			cap = want - cap < cap ? want : 2 * cap;
			if (!(more = realloc(buf, GAMEDB_WTB_HEADER + cap))) {
				snprintf(err, errlen, "%s: out of memory", name);
				free(buf);
				return NULL;
			}
			buf = more;
		}
		if (!(got = fread(buf + GAMEDB_WTB_HEADER + n, 1, cap - n, f)))
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", name, strerror(errno ? errno : EIO));
		free(buf);
		return NULL;
	}
	if (n == want && getc(f) != EOF) {
		snprintf(err, errlen, "%s: more bytes than the %zu %s the header announces", name,
			 count, names ? "names" : "games");
		free(buf);
		return NULL;
	}
	*len = GAMEDB_WTB_HEADER + n;
	return buf;
}

/* Reads the game record at `p` (record `index` of the file, from 0) into `*g`;
   0, or -1 with a message. */
static int read_record(const uint8_t *p, const char *name, size_t index, int year, int depth,
		       struct gamedb_game *g, char *err, size_t errlen)
{
	int moves[60], n = 0;
	char msg[160];

	memset(g, 0, sizeof(*g));
	g->tournament = (uint16_t)bytes_get_le(p, 2);
	g->black = (uint16_t)bytes_get_le(p + 2, 2);
	g->white = (uint16_t)bytes_get_le(p + 4, 2);
	if (p[6] > 64 || p[7] > 64) {
		snprintf(err, errlen, "%s: record %zu: a score of %u discs", name, index + 1,
			 p[6] > 64 ? p[6] : p[7]);
		return -1;
	}
	g->result = (int8_t)(2 * p[6] - 64);
	g->theory = (int8_t)(2 * p[7] - 64);
	g->theory_empties = (uint8_t)depth;
	g->year = (uint16_t)year;
	for (int i = 0; i < 60; i++) {
		int b = p[8 + i], row = b / 10, col = b % 10;

		if (b == 0)
			continue;
		if (row < 1 || row > 8 || col < 1 || col > 8) {
			snprintf(err, errlen, "%s: record %zu: move %d: %u is not a square", name,
				 index + 1, i + 1, b);
			return -1;
		}
		if (n != i) {
			snprintf(err, errlen, "%s: record %zu: move %d comes after an empty move",
				 name, index + 1, i + 1);
			return -1;
		}
		moves[n++] = (row - 1) * 8 + col - 1;
	}
	if (gamedb_play_moves(moves, n, g, msg, sizeof(msg)) < 0) {
		snprintf(err, errlen, "%s: record %zu: %s", name, index + 1, msg);
		return -1;
	}
	return 0;
}

/* Reads the WTHOR game file `f` (named `name` in messages) into `out`. With
   `skips` NULL (strict), any fault fails the whole file; else a bad record is
   skipped with its message in `skips`, and so is the tail of a file shorter
   than its header says (the whole records it holds are read). Returns the
   games read, or -1 with a message when the file is not one that can be
   read at all (or, strict, on any fault); `out` then keeps what it held. */
static int read_games(FILE *f, const char *name, struct gamedb_games *out,
		      struct gamedb_skips *skips, char *err, size_t errlen)
{
	struct gamedb_wthor_header h;
	size_t len, before = out->n, records, read = 0;
	uint8_t *buf = read_file(f, name, false, GAMEDB_WTB_RECORD, &h, &len, err, errlen);
	int st = -1;

	if (!buf)
		return -1;
	if (h.board_size == 10) {
		snprintf(err, errlen, "%s: a 10x10 WTHOR file (only 8x8 games are read)", name);
		goto done;
	}
	if (h.board_size != 0 && h.board_size != 8) {
		snprintf(err, errlen, "%s: board size %u in the header (0 or 8 expected)", name,
			 h.board_size);
		goto done;
	}
	if (h.solitaire) {
		snprintf(err, errlen, "%s: a file of solitaires (only games are read)", name);
		goto done;
	}
	records = h.records;
	if (len - GAMEDB_WTB_HEADER < records * GAMEDB_WTB_RECORD) {
		records = (len - GAMEDB_WTB_HEADER) / GAMEDB_WTB_RECORD;
		snprintf(err, errlen,
			 "%s: the header announces %u games but the file holds %zu (truncated?)",
			 name, h.records, records);
		if (gamedb_skip(skips, name, err, errlen) < 0)
			goto done;
	}
	for (size_t i = 0; i < records; i++) {
		struct gamedb_game g;
		int rc = read_record(buf + GAMEDB_WTB_HEADER + i * GAMEDB_WTB_RECORD, name, i,
				     h.year, h.depth, &g, err, errlen);

		if ((rc = gamedb_keep(out, &g, rc, skips, name, err, errlen)) < 0)
			goto done;
		read += (size_t)rc;
	}
	st = (int)read;
done:
	if (st < 0)
		out->n = before;
	free(buf);
	return st;
}

/* Reads the WTHOR game file `f` (named `name` in messages) and appends its
   games to `out`. Returns the games read, or -1 with a message ("WTH_1999.wtb:
   record 812: move 40 (c4) is illegal") on a read error, a header that is not
   a WTHOR one, a 10x10 or solitaire file, a size the header does not account
   for, or a bad record; `out` then keeps only what it held before. */
int gamedb_wthor_read(FILE *f, const char *name, struct gamedb_games *out, char *err, size_t errlen)
{
	return read_games(f, name, out, NULL, err, errlen);
}

/* As gamedb_wthor_read, but a bad record, or the missing tail of a truncated
   file, is skipped with its message added to `skips` and the rest is read.
   -1 with a message only when the file cannot be read as WTHOR games at all. */
int gamedb_wthor_read_lenient(FILE *f, const char *name, struct gamedb_games *out,
			      struct gamedb_skips *skips, char *err, size_t errlen)
{
	return read_games(f, name, out, skips, err, errlen);
}

/* Copies the NUL-padded Latin-1 name of `len` bytes at `p` into `out` as UTF-8,
   without trailing spaces. */
static void latin1_to_utf8(const uint8_t *p, int len, char out[GAMEDB_NAME_LEN])
{
	int n = 0;

	for (int i = 0; i < len && p[i]; i++) {
		if (p[i] < 0x80) {
			out[n++] = (char)p[i];
		} else {
			out[n++] = (char)(0xc0 | p[i] >> 6);
			out[n++] = (char)(0x80 | (p[i] & 0x3f));
		}
	}
	while (n > 0 && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

/* Reads a WTHOR name file (`record_len` GAMEDB_JOU_RECORD for players,
   GAMEDB_TRN_RECORD for tournaments) into `*out` (emptied first). Returns the
   names read, or -1 with a message. */
int gamedb_wthor_read_names(FILE *f, const char *name, int record_len, struct gamedb_names *out,
			    char *err, size_t errlen)
{
	struct gamedb_wthor_header h;
	size_t len;
	uint8_t *buf;
	int st = -1;

	memset(out, 0, sizeof(*out));
	if (!(buf = read_file(f, name, true, (size_t)record_len, &h, &len, err, errlen)))
		return -1;
	if (len - GAMEDB_WTB_HEADER < h.names * (size_t)record_len) {
		snprintf(err, errlen,
			 "%s: the header announces %u names but the file holds %zu (truncated?)",
			 name, h.names, (len - GAMEDB_WTB_HEADER) / (size_t)record_len);
		goto done;
	}
	if (h.names && !(out->name = calloc(h.names, sizeof(*out->name)))) {
		snprintf(err, errlen, "%s: out of memory", name);
		goto done;
	}
	for (size_t i = 0; i < h.names; i++)
		latin1_to_utf8(buf + GAMEDB_WTB_HEADER + i * (size_t)record_len, record_len,
			       out->name[i]);
	out->n = h.names;
	st = h.names;
done:
	free(buf);
	return st;
}

/* Writes a WTHOR header: game `records` or name `names`, the games' `year`. */
static int write_header(FILE *f, size_t records, size_t names, int year)
{
	uint8_t h[GAMEDB_WTB_HEADER] = {0};

	h[0] = (uint8_t)(year / 100);
	h[1] = (uint8_t)(year % 100);
	h[2] = 1;
	h[3] = 1;
	bytes_put_le(h + 4, records, 4);
	bytes_put_le(h + 8, names, 2);
	bytes_put_le(h + 10, (uint64_t)year, 2);
	h[14] = 24;
	return fwrite(h, sizeof(h), 1, f) == 1 ? 0 : -1;
}

/* Writes the `n` games of `games` as a WTHOR game file of `year` (the header
   dated January 1 of it, theoretical scores for 24 empties; a score the game
   lacks is written as 32 discs). 0, or -1 on a write error. */
int gamedb_wthor_write(FILE *f, const struct gamedb_game *games, size_t n, int year)
{
	if (write_header(f, n, 0, year) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const struct gamedb_game *g = &games[i];
		uint8_t r[GAMEDB_WTB_RECORD] = {0};

		bytes_put_le(r, g->tournament, 2);
		bytes_put_le(r + 2, g->black, 2);
		bytes_put_le(r + 4, g->white, 2);
		r[6] = (uint8_t)(g->result == GAMEDB_NO_SCORE ? 32 : (g->result + 64) / 2);
		r[7] = (uint8_t)(g->theory == GAMEDB_NO_SCORE ? 32 : (g->theory + 64) / 2);
		for (int k = 0; k < g->n_moves; k++)
			r[8 + k] = (uint8_t)((g->moves[k] / 8 + 1) * 10 + g->moves[k] % 8 + 1);
		if (fwrite(r, sizeof(r), 1, f) != 1)
			return -1;
	}
	return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

/* Writes the `n` names of `names` (bytes copied as they are, cut to the
   record) as a WTHOR name file of `record_len`-byte records. 0, or -1 on a
   write error. */
int gamedb_wthor_write_names(FILE *f, const char *const *names, size_t n, int record_len)
{
	if (write_header(f, 0, n, 0) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		uint8_t r[GAMEDB_TRN_RECORD] = {0};
		size_t len = strlen(names[i]);

		memcpy(r, names[i], len < (size_t)record_len - 1 ? len : (size_t)record_len - 1);
		if (fwrite(r, (size_t)record_len, 1, f) != 1)
			return -1;
	}
	return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
