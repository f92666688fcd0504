/*
 * proto.c — the game server's wire (doc/protocol.md): the two tables (what
 * a client sends, what the server sends), a line split into words and
 * written from words, the cleaning of text for a terminal, and the values
 * the messages share.
 *
 * Words are read as the command bar reads them (parse_words: blanks
 * between words, "..." groups, \ escapes the next character), so a line a
 * person types at a raw connection means what it means in a script; words
 * are written quoted only when they need it. Text from another person is
 * cleaned (proto_clean) before it is written: a client that printed a field
 * raw would still put no escape sequence on its terminal.
 */
#include "config.h"

#include "proto.h"

#include "parse.h"
#include "square.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The commands a client sends (doc/protocol.md, "Commands"). */
static const struct proto_def commands[] = {
    {.name = "hello",
     .id = PROTO_HELLO,
     .lower = 2,
     .upper = 4,
     .usage = "PROTO NAME [TOKEN] [KIND]",
     .help = "says who connects",
     .who = PROTO_ANYONE},
    {.name = "ping",
     .id = PROTO_PING,
     .lower = 1,
     .upper = 1,
     .usage = "N",
     .help = "asks for `pong N`",
     .who = PROTO_ANYONE},
    {.name = "pong",
     .id = PROTO_PONG,
     .lower = 1,
     .upper = 1,
     .usage = "N",
     .help = "answers the server's ping",
     .who = PROTO_ANYONE},
    {.name = "quit",
     .id = PROTO_QUIT,
     .usage = "",
     .help = "leaves the server",
     .who = PROTO_ANYONE},
    {.name = "who",
     .id = PROTO_WHO,
     .usage = "",
     .help = "lists the users and the offers",
     .who = PROTO_USER},
    {.name = "games",
     .id = PROTO_GAMES,
     .usage = "",
     .help = "lists the games in play and adjourned",
     .who = PROTO_USER},
    {.name = "challenge",
     .id = PROTO_CHALLENGE,
     .lower = 1,
     .upper = 3,
     .usage = "NAME [MIN[+INC]] [black|white]",
     .help = "offers NAME a game",
     .who = PROTO_USER},
    {.name = "seek",
     .id = PROTO_SEEK,
     .lower = 0,
     .upper = 2,
     .usage = "[MIN[+INC]] [black|white]",
     .help = "offers a game to anyone",
     .who = PROTO_USER},
    {.name = "accept",
     .id = PROTO_ACCEPT,
     .lower = 0,
     .upper = 1,
     .usage = "[NAME]",
     .help = "accepts an offer",
     .who = PROTO_USER},
    {.name = "decline",
     .id = PROTO_DECLINE,
     .lower = 0,
     .upper = 1,
     .usage = "[NAME]",
     .help = "refuses an offer or a request",
     .who = PROTO_USER},
    {.name = "withdraw",
     .id = PROTO_WITHDRAW,
     .usage = "",
     .help = "takes back your offer",
     .who = PROTO_USER},
    {.name = "move",
     .id = PROTO_MOVE,
     .lower = 1,
     .upper = 2,
     .usage = "SQUARE [MS]",
     .help = "plays a move",
     .who = PROTO_PLAYER},
    {.name = "resign",
     .id = PROTO_RESIGN,
     .usage = "",
     .help = "gives up the game",
     .who = PROTO_PLAYER},
    {.name = "takeback",
     .id = PROTO_TAKEBACK,
     .usage = "",
     .help = "asks to take back your last move",
     .who = PROTO_PLAYER},
    {.name = "abort",
     .id = PROTO_ABORT,
     .usage = "",
     .help = "ends the game without a result",
     .who = PROTO_PLAYER},
    {.name = "adjourn",
     .id = PROTO_ADJOURN,
     .usage = "",
     .help = "asks to stop and keep the game",
     .who = PROTO_PLAYER},
    {.name = "claim",
     .id = PROTO_CLAIM,
     .usage = "",
     .help = "takes the win from an opponent who is gone",
     .who = PROTO_PLAYER},
    {.name = "resume",
     .id = PROTO_RESUME,
     .lower = 0,
     .upper = 1,
     .usage = "[NAME]",
     .help = "asks to go on with an adjourned game",
     .who = PROTO_USER},
    {.name = "rematch",
     .id = PROTO_REMATCH,
     .usage = "",
     .help = "offers the last opponent another game",
     .who = PROTO_USER},
    {.name = "watch",
     .id = PROTO_WATCH,
     .lower = 1,
     .upper = 1,
     .usage = "GAME",
     .help = "watches a game",
     .who = PROTO_USER},
    {.name = "unwatch",
     .id = PROTO_UNWATCH,
     .lower = 0,
     .upper = 1,
     .usage = "[GAME]",
     .help = "stops watching",
     .who = PROTO_USER},
    {.name = "say",
     .id = PROTO_SAY,
     .lower = 1,
     .upper = 1,
     .usage = "TEXT",
     .help = "talks to the players and watchers",
     .who = PROTO_PLAYER | PROTO_WATCHER,
     .text_tail = true},
};

/* The messages the server sends (doc/protocol.md, "Events"). */
static const struct proto_def messages[] = {
    {.name = "hello",
     .id = PROTO_MSG_HELLO,
     .lower = 3,
     .upper = 3,
     .usage = "PROTO SOFTWARE VERSION"},
    {.name = "welcome",
     .id = PROTO_MSG_WELCOME,
     .lower = 3,
     .upper = 3,
     .usage = "PROTO NAME LOGIN"},
    {.name = "ok",
     .id = PROTO_MSG_OK,
     .lower = 1,
     .upper = PROTO_MAX_WORDS - 1,
     .usage = "COMMAND [FIELDS]"},
    {.name = "error", .id = PROTO_MSG_ERROR, .lower = 3, .upper = 3, .usage = "COMMAND CODE TEXT"},
    {.name = "bye", .id = PROTO_MSG_BYE, .lower = 2, .upper = 2, .usage = "CODE TEXT"},
    {.name = "ping", .id = PROTO_MSG_PING, .lower = 1, .upper = 1, .usage = "N"},
    {.name = "pong", .id = PROTO_MSG_PONG, .lower = 1, .upper = 1, .usage = "N"},
    {.name = "user",
     .id = PROTO_MSG_USER,
     .lower = 5,
     .upper = 5,
     .usage = "NAME LOGIN STATE GAME KIND"},
    {.name = "offer",
     .id = PROTO_MSG_OFFER,
     .lower = 8,
     .upper = 8,
     .usage = "OFFER STATE FROM FROMLOGIN TO CONTROL COLOR KIND"},
    {.name = "table",
     .id = PROTO_MSG_TABLE,
     .lower = 13,
     .upper = 13,
     .usage = "GAME STATE BLACK BLOGIN WHITE WLOGIN CONTROL PLIES CLOCKB CLOCKW TURN RESULT "
	      "WATCHERS"},
    {.name = "snapshot",
     .id = PROTO_MSG_SNAPSHOT,
     .lower = 18,
     .upper = 18,
     .usage = "GAME SEQ YOU STATE BLACK BLOGIN WHITE WLOGIN CONTROL START MOVES CLOCKB CLOCKW "
	      "TURN RESULT PRESB PRESW WATCHERS"},
    {.name = "update",
     .id = PROTO_MSG_UPDATE,
     .lower = 3,
     .upper = PROTO_MAX_WORDS - 1,
     .usage = "GAME SEQ KIND FIELDS..."},
    {.name = "ask", .id = PROTO_MSG_ASK, .lower = 3, .upper = 3, .usage = "GAME KIND NAME"},
    {.name = "declined",
     .id = PROTO_MSG_DECLINED,
     .lower = 3,
     .upper = 3,
     .usage = "GAME KIND NAME"},
    {.name = "said", .id = PROTO_MSG_SAID, .lower = 4, .upper = 4, .usage = "GAME NAME LOGIN TEXT"},
    {.name = "notice", .id = PROTO_MSG_NOTICE, .lower = 1, .upper = 1, .usage = "TEXT"},
};

_Static_assert(sizeof commands / sizeof commands[0] == PROTO_CMD_COUNT,
	       "one entry per enum proto_cmd");
_Static_assert(sizeof messages / sizeof messages[0] == PROTO_MSG_COUNT,
	       "one entry per enum proto_msg_kind");

/* The commands' table, in the order of enum proto_cmd, and its length. */
const struct proto_def *proto_commands(size_t *count)
{
	*count = sizeof commands / sizeof commands[0];
	return commands;
}

/* The messages' table, in the order of enum proto_msg_kind, and its length. */
const struct proto_def *proto_messages(size_t *count)
{
	*count = sizeof messages / sizeof messages[0];
	return messages;
}

/* The entry of `t` named exactly `name` (the wire takes whole names), or NULL. */
static const struct proto_def *find(const struct proto_def *t, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}

/* The command named `name`, or NULL. */
const struct proto_def *proto_find_command(const char *name)
{
	return find(commands, PROTO_CMD_COUNT, name);
}

/* The server message named `name`, or NULL. */
const struct proto_def *proto_find_message(const char *name)
{
	return find(messages, PROTO_MSG_COUNT, name);
}

/*
 * Splits the line text[0..len) (its LF, and a CR before it, may be there or
 * not) into out->word[0..argc) as the command bar splits a line. Returns the
 * number of words, or -1 with a message: a NUL byte, a line over
 * PROTO_SERVER_LINE_MAX, an open quote, too many words.
 */
int proto_split(const char *text, size_t len, struct proto_line *out, char *err, size_t errlen)
{
	int n;

	out->argc = 0;
	if (len > 0 && text[len - 1] == '\n')
		len--;
	if (len > 0 && text[len - 1] == '\r')
		len--;
	if (len >= sizeof out->buf) {
		snprintf(err, errlen, "line over %d bytes", (int)sizeof out->buf);
		return -1;
	}
	if (memchr(text, '\0', len)) {
		snprintf(err, errlen, "a NUL byte in the line");
		return -1;
	}
	memcpy(out->buf, text, len);
	out->buf[len] = '\0';
	n = parse_words(out->buf, out->word, PROTO_MAX_WORDS, err, errlen);
	if (n < 0)
		return -1;
	out->argc = n;
	return n;
}

/*
 * Checks the fields of line `l` (its first word names `d`) against the
 * entry: at least `lower`; more than `upper` are dropped (a later version's
 * fields), except that an entry with a text tail joins its last fields into
 * one, with a space between them. 0, or -1 with "usage: NAME FIELDS".
 */
int proto_check_fields(const struct proto_def *d, struct proto_line *l, char *err, size_t errlen)
{
	struct proto_line *w = l;
	int fields = l->argc - 1;

	if (fields < d->lower) {
		snprintf(err, errlen, "usage: %s%s%s", d->name, *d->usage ? " " : "", d->usage);
		return -1;
	}
	if (d->text_tail && fields > d->upper) {
		/* The words after the tail's first are joined back into it, in place: they
		   follow it in buf, each after a NUL that becomes a space. */
		char *first = w->word[d->upper];

		for (int i = d->upper + 1; i < l->argc; i++) {
			size_t at = strlen(first);

			first[at] = ' ';
			memmove(first + at + 1, w->word[i], strlen(w->word[i]) + 1);
		}
		w->argc = d->upper + 1;
	} else if (fields > d->upper) {
		w->argc = d->upper + 1;
	}
	return 0;
}

/* Starts writing a line into buf[0..cap). */
void proto_out_start(struct proto_out *o, char *buf, size_t cap)
{
	o->buf = buf;
	o->len = 0;
	o->cap = cap;
	o->overflow = cap < 2;
	if (cap)
		buf[0] = '\0';
}

/* Appends raw bytes, keeping room for the LF and the NUL. */
static void put(struct proto_out *o, const char *s, size_t n)
{
	if (o->overflow || o->len + n + 2 > o->cap) {
		o->overflow = true;
		return;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = '\0';
}

/* True when `w` can be written bare: not empty, no blank, quote, backslash
   or control byte, and not starting with `#`. */
static bool bare(const char *w)
{
	if (!*w || *w == '#')
		return false;
	for (const unsigned char *p = (const unsigned char *)w; *p; p++)
		if (*p <= ' ' || *p == '"' || *p == '\\' || *p == 0x7F)
			return false;
	return true;
}

/*
 * Appends one word, after a space unless it is the first: bare when it can
 * be, else in double quotes with `"` and `\` escaped. A word must hold no
 * control character (callers clean text first with proto_out_text); any that
 * is there is written as its visible escape, so that no line is ever broken.
 */
void proto_out_word(struct proto_out *o, const char *word)
{
	if (o->len)
		put(o, " ", 1);
	if (bare(word)) {
		put(o, word, strlen(word));
		return;
	}
	put(o, "\"", 1);
	for (const char *p = word; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == '"' || c == '\\') {
			char esc[2] = {'\\', (char)c};

			put(o, esc, 2);
		} else if (c < 0x20 || c == 0x7F) {
			char hex[8];

			snprintf(hex, sizeof hex, "\\\\x%02x", c);
			put(o, hex, strlen(hex));
		} else {
			put(o, p, 1);
		}
	}
	put(o, "\"", 1);
}

/* Appends text that people typed, cleaned (proto_clean) and cut to
   PROTO_TEXT_MAX bytes, as one word. */
void proto_out_text(struct proto_out *o, const char *text)
{
	char clean[PROTO_TEXT_MAX + 1];

	proto_clean(text, strlen(text), clean, sizeof clean);
	proto_out_word(o, clean);
}

/* Appends one word made with printf's format (a number, a field the caller
   knows to be bare). */
void proto_out_fmt(struct proto_out *o, const char *fmt, ...)
{
	char word[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(word, sizeof word, fmt, ap);
	va_end(ap);
	proto_out_word(o, word);
}

/* Ends the line with its LF. Returns its length with the LF, or -1 when a
   word did not fit (the line must not be sent). */
int proto_out_end(struct proto_out *o)
{
	if (o->overflow)
		return -1;
	o->buf[o->len++] = '\n';
	o->buf[o->len] = '\0';
	return (int)o->len;
}

/* The length of the UTF-8 character at s[0..n) and its code point in *cp;
   0 when the bytes there are not one (a stray or missing continuation, an
   overlong form, a surrogate, past U+10FFFF). */
static size_t utf8_char(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len;
	uint32_t c, min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xE0) == 0xC0)
		len = 2, c = s[0] & 0x1F, min = 0x80;
	else if ((s[0] & 0xF0) == 0xE0)
		len = 3, c = s[0] & 0x0F, min = 0x800;
	else if ((s[0] & 0xF8) == 0xF0)
		len = 4, c = s[0] & 0x07, min = 0x10000;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}

/* True for the characters a terminal acts on or that reorder what it shows:
   C0 and C1 controls, DEL, the bidirectional embeddings, overrides and
   isolates, and the line and paragraph separators. */
static bool hidden(uint32_t c)
{
	return c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) ||
	       (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F || c == 0x061C ||
	       c == 0x2028 || c == 0x2029;
}

/*
 * Cleans text[0..len) for a terminal into out[0..outlen) (always
 * NUL-terminated): valid UTF-8 that a terminal only shows is kept; each byte
 * that is not valid UTF-8 becomes `\xHH`, each control or reordering
 * character `\xHH` or `\uHHHH`, and a backslash stays a backslash. The text
 * is cut between characters when out is full. Returns the length written.
 */
size_t proto_clean(const char *text, size_t len, char *out, size_t outlen)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t w = 0, i = 0;

	if (!outlen)
		return 0;
	while (i < len) {
		uint32_t c;
		size_t n = utf8_char(s + i, len - i, &c);
		char esc[12];
		const char *piece = (const char *)s + i;
		size_t plen = n;

		if (n == 0) {
			snprintf(esc, sizeof esc, "\\x%02x", s[i]);
			piece = esc, plen = 4, n = 1;
		} else if (hidden(c)) {
			if (c < 0x100)
				snprintf(esc, sizeof esc, "\\x%02x", (unsigned)c);
			else
				snprintf(esc, sizeof esc, "\\u%04x", (unsigned)c);
			piece = esc, plen = strlen(esc);
		}
		if (w + plen + 1 > outlen)
			break;
		memcpy(out + w, piece, plen);
		w += plen;
		i += n;
	}
	out[w] = '\0';
	return w;
}

/* True when `name` is a handle: 1 to PROTO_NAME_MAX of A-Z a-z 0-9 _ - .,
   not starting with - or . (so that it is never taken for an option or a
   hidden file's name, and is the same on every terminal). */
bool proto_name_valid(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > PROTO_NAME_MAX || name[0] == '-' || name[0] == '.')
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = name[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '-' || c == '.'))
			return false;
	}
	return true;
}

/* True when two handles are the same name (case does not count). */
bool proto_name_equal(const char *a, const char *b)
{
	return strcasecmp(a, b) == 0;
}

/*
 * Reads a time control `MIN[+INC]`: MIN minutes (a decimal), INC whole
 * seconds. The total is at least 1 second; MIN at most 600, INC at most 600.
 * 0, or -1 with a message.
 */
int proto_control_parse(const char *s, struct proto_control *out, char *err, size_t errlen)
{
	char min[32];
	const char *plus = strchr(s, '+');
	size_t n = plus ? (size_t)(plus - s) : strlen(s);
	double m;
	long inc = 0;

	if (n == 0 || n >= sizeof min) {
		snprintf(err, errlen, "'%s' is not a time control (MIN[+INC]: 5, 5+3, 0.5+2)", s);
		return -1;
	}
	memcpy(min, s, n);
	min[n] = '\0';
	if (!parse_decimal(min, &m) || !(m >= 0 && m <= 600) ||
	    (plus && !parse_long(plus + 1, 0, 600, &inc))) {
		snprintf(
		    err, errlen,
		    "'%s' is not a time control (MIN[+INC]: MIN minutes up to 600, INC seconds "
		    "up to 600)",
		    s);
		return -1;
	}
	out->base_ms = lround(m * 60.0) * 1000;
	out->inc_ms = inc * 1000;
	if (out->base_ms < 1000) {
		snprintf(err, errlen, "'%s': a game needs at least a second on each clock", s);
		return -1;
	}
	return 0;
}

/* Writes a time control as proto_control_parse reads it: "5+3", "0.5+0"
   (the minutes in the fewest digits that give the seconds back). */
void proto_control_format(const struct proto_control *c, char out[PROTO_CONTROL_LEN])
{
	long s = c->base_ms / 1000;

	for (int digits = 0; digits <= 6; digits++) {
		snprintf(out, PROTO_CONTROL_LEN, "%.*f+%ld", digits, s / 60.0, c->inc_ms / 1000);
		if (lround(strtod(out, NULL) * 60.0) == s)
			return;
	}
}

/* BLACK or WHITE for "black" or "white", -1 for anything else. */
int proto_color_parse(const char *s)
{
	return strcmp(s, "black") == 0 ? BLACK : strcmp(s, "white") == 0 ? WHITE : -1;
}

/* "black" or "white". */
const char *proto_color_name(enum color c)
{
	return c == BLACK ? "black" : "white";
}

/* The square `s` names ("a1".."h8", either case), SQ_PASS for "pa", -1 for
   anything else. */
int proto_square_parse(const char *s)
{
	if (strcasecmp(s, "pa") == 0)
		return SQ_PASS;
	return square_parse_word(VARIANT_8X8, s);
}

/* The wire's name of a square ("f5") or of SQ_PASS ("pa"), into buf. */
const char *proto_square_name(int sq, char buf[4])
{
	if (sq == SQ_PASS)
		return strcpy(buf, "pa");
	return square_name(VARIANT_8X8, sq, buf);
}

/* Reads MS: a whole number of milliseconds from 0 to a year. */
bool proto_ms_parse(const char *s, long *out)
{
	return parse_long(s, 0, 366L * 24 * 3600 * 1000, out);
}
