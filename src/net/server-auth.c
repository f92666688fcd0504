/*
 * server-auth.c — who is at the other end of a connection, and whether they
 * may come in. A client never says who it is; the server finds out:
 *
 *   - a Unix socket: the kernel gives the peer's user id (SO_PEERCRED), as
 *     tmux's server does; unix(7) warns against trusting the socket file's
 *     permissions alone;
 *   - TCP from the loopback: the peer is a socket of this machine, and the
 *     kernel's table of TCP sockets (/proc/net/tcp, tcp6) names its owner;
 *   - TCP from another address: only a token the client gives in its hello,
 *     LOGIN:SECRET, checked against the token file.
 *
 * The token file (--token-file) holds one line a token, `LOGIN SALT HASH`,
 * HASH the SHA-256 of `SALT:SECRET` in hex; lines starting with # are
 * comments. `othello serve --new-token LOGIN` makes a secret and adds its
 * line. The secret itself is never stored.
 *
 * Who may come in (--allow): logins, @groups or `*`; by default only the
 * server's own user, so that a server started by a user is that user's.
 */
#define _GNU_SOURCE /* struct ucred */
#include "config.h"

#include "server-int.h"

#include "record.h"
#include "sha256.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

/* One line of the token file. */
struct token {
	char login[PROTO_LOGIN_MAX + 1]; /* whose */
	char salt[33];			 /* hex */
	char hash[SHA256_HEX];		 /* hex SHA-256 of SALT:SECRET */
};

/* The login of uid into login[len] ("uid1234" when it has none). */
static void login_of(uid_t uid, char *login, size_t len)
{
	struct passwd pw, *res = NULL;
	char buf[4096];

	if (getpwuid_r(uid, &pw, buf, sizeof buf, &res) == 0 && res)
		snprintf(login, len, "%s", res->pw_name);
	else
		snprintf(login, len, "uid%lu", (unsigned long)uid);
}

/* The peer of Unix socket fd, from the kernel: its uid and login. 0, or -1. */
int auth_peer_unix(int fd, uid_t *uid, char *login, size_t loginlen)
{
	struct ucred cred;
	socklen_t len = sizeof cred;

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0)
		return -1;
	*uid = cred.uid;
	login_of(cred.uid, login, loginlen);
	return 0;
}

/* True for an address of the loopback (127.0.0.0/8, ::1, ::ffff:127.x.x.x). */
bool auth_loopback(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
	if (sa->sa_family == AF_INET6) {
		const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;

		return IN6_IS_ADDR_LOOPBACK(a) ||
		       (IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127);
	}
	return false;
}

/* The four 32-bit words of an address as /proc/net/tcp* prints them (the
   words as they lie in memory); IPv4 is one word. */
static int addr_words(const struct sockaddr *sa, uint32_t w[4], unsigned *port)
{
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)sa;

		w[0] = in->sin_addr.s_addr;
		*port = ntohs(in->sin_port);
		return 1;
	}
	const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;

	memcpy(w, &in6->sin6_addr, 16);
	*port = ntohs(in6->sin6_port);
	return 4;
}

/* Reads "HEX:PORT" of /proc/net/tcp* into words and a port; false if it is not. */
static bool proc_addr(const char *s, int words, uint32_t w[4], unsigned *port)
{
	char hex[9];

	for (int i = 0; i < words; i++) {
		unsigned long v;
		char *end;

		memcpy(hex, s + 8 * i, 8);
		hex[8] = '\0';
		v = strtoul(hex, &end, 16);
		if (*end)
			return false;
		w[i] = (uint32_t)v;
	}
	return s[8 * words] == ':' && sscanf(s + 8 * words + 1, "%x", port) == 1;
}

/*
 * The owner of the loopback TCP socket at the other end of our connection
 * (our address `local`, its address `peer`): the kernel's table lists that
 * socket with peer as its local address and ours as its remote one, and its
 * uid. 0 with its uid and login, or -1 when it is not found.
 */
int auth_peer_tcp(const struct sockaddr *local, const struct sockaddr *peer, uid_t *uid,
		  char *login, size_t loginlen)
{
	uint32_t lw[4], pw[4];
	unsigned lport, pport;
	int words = addr_words(local, lw, &lport);
	FILE *f;
	char line[512];
	int found = -1;

	addr_words(peer, pw, &pport);
	if (!(f = fopen(words == 1 ? "/proc/net/tcp" : "/proc/net/tcp6", "r")))
		return -1;
	while (found < 0 && fgets(line, sizeof line, f)) {
		char a[64], b[64];
		unsigned long u;
		uint32_t aw[4], bw[4];
		unsigned ap, bp;

		/* sl local rem st tx:rx tr:when retrnsmt uid */
		if (sscanf(line, "%*s %63s %63s %*s %*s %*s %*s %lu", a, b, &u) != 3 ||
		    !proc_addr(a, words, aw, &ap) || !proc_addr(b, words, bw, &bp))
			continue;
		if (ap == pport && bp == lport && memcmp(aw, pw, 4 * (size_t)words) == 0 &&
		    memcmp(bw, lw, 4 * (size_t)words) == 0) {
			*uid = (uid_t)u;
			login_of(*uid, login, loginlen);
			found = 0;
		}
	}
	fclose(f);
	return found;
}

/* True when user `login` (uid, or (uid_t)-1 when only the login is known) is
   in group `name` (as its primary group or a member). */
static bool in_group(const char *name, uid_t uid, const char *login)
{
	struct group gr, *g = NULL;
	struct passwd pw, *p = NULL;
	char buf[16384], pbuf[4096];

	if (getgrnam_r(name, &gr, buf, sizeof buf, &g) != 0 || !g)
		return false;
	for (char **m = g->gr_mem; *m; m++)
		if (strcmp(*m, login) == 0)
			return true;
	if (uid != (uid_t)-1)
		getpwuid_r(uid, &pw, pbuf, sizeof pbuf, &p);
	else
		getpwnam_r(login, &pw, pbuf, sizeof pbuf, &p);
	return p && p->pw_gid == g->gr_gid;
}

/* True when the user may come in (see the file comment). */
bool auth_allowed(const struct server *s, uid_t uid, const char *login)
{
	if (s->opt.n_allow == 0)
		return uid == s->uid || (uid == (uid_t)-1 && strcmp(login, s->login) == 0);
	for (int i = 0; i < s->opt.n_allow; i++) {
		const char *a = s->opt.allow[i];

		if (strcmp(a, "*") == 0 || strcmp(a, login) == 0 ||
		    (a[0] == '@' && in_group(a + 1, uid, login)))
			return true;
	}
	return false;
}

/* True for a word of hex digits of length n. */
static bool hex_word(const char *s, size_t n)
{
	return strlen(s) == n && strspn(s, "0123456789abcdef") == n;
}

/*
 * Reads the token file into s->tokens. 0, or -1 with `FILE:LINE: what` (a
 * line that is not `LOGIN SALT HASH`).
 */
int auth_load_tokens(struct server *s, char *err, size_t errlen)
{
	FILE *f = fopen(s->opt.token_file, "r");
	char line[512];
	int lineno = 0;

	auth_free_tokens(s);
	if (!f) {
		record_path_error(err, errlen, s->opt.token_file, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		struct token t, *p;
		char login[256], salt[64], hash[128], extra[8];
		int n;

		lineno++;
		if (line[strspn(line, " \t")] == '#' || line[strspn(line, " \t\r\n")] == '\0')
			continue;
		n = sscanf(line, "%255s %63s %127s %7s", login, salt, hash, extra);
		if (n != 3 || strlen(login) > PROTO_LOGIN_MAX || !hex_word(salt, 32) ||
		    !hex_word(hash, 64)) {
			snprintf(
			    err, errlen,
			    "%s:%d: expected LOGIN SALT HASH (made by othello serve --new-token)",
			    s->opt.token_file, lineno);
			fclose(f);
			auth_free_tokens(s);
			return -1;
		}
		snprintf(t.login, sizeof t.login, "%s", login);
		memcpy(t.salt, salt, sizeof t.salt);
		memcpy(t.hash, hash, sizeof t.hash);
		if (!(p = realloc(s->tokens, sizeof *p * (size_t)(s->n_tokens + 1)))) {
			snprintf(err, errlen, "out of memory");
			fclose(f);
			return -1;
		}
		s->tokens = p;
		s->tokens[s->n_tokens++] = t;
	}
	fclose(f);
	return 0;
}

/* Forgets the tokens. */
void auth_free_tokens(struct server *s)
{
	free(s->tokens);
	s->tokens = NULL;
	s->n_tokens = 0;
}

/* The hash of a salt and a secret, as the token file holds it. */
static void token_hash(const char *salt, const char *secret, char out[SHA256_HEX])
{
	char buf[512];
	int n = snprintf(buf, sizeof buf, "%s:%s", salt, secret);

	sha256_hex(buf, n > 0 && (size_t)n < sizeof buf ? (size_t)n : 0, out);
}

/* Compares two strings of one length in a time that does not depend on
   where they differ. */
static bool same_secretly(const char *a, const char *b, size_t n)
{
	unsigned char d = 0;

	for (size_t i = 0; i < n; i++)
		d |= (unsigned char)(a[i] ^ b[i]);
	return d == 0;
}

/* True when `token` (LOGIN:SECRET) is in the token file; its login then in
   login[len]. */
bool auth_token(const struct server *s, const char *token, char *login, size_t loginlen)
{
	const char *colon = strchr(token, ':');
	char hash[SHA256_HEX];
	bool ok = false;

	if (!colon || strlen(colon + 1) > 200)
		return false;
	for (int i = 0; i < s->n_tokens; i++) {
		const struct token *t = &s->tokens[i];

		if (strlen(t->login) != (size_t)(colon - token) ||
		    strncmp(t->login, token, (size_t)(colon - token)) != 0)
			continue;
		token_hash(t->salt, colon + 1, hash);
		if (same_secretly(hash, t->hash, SHA256_HEX - 1)) {
			snprintf(login, loginlen, "%s", t->login);
			ok = true;
		}
	}
	return ok;
}

/* Fills hex[2 * n + 1] with n random bytes in hex; -1 when the kernel gives
   none. */
static int random_hex(char *hex, size_t n)
{
	unsigned char b[64];

	if (n > sizeof b || getrandom(b, n, 0) != (ssize_t)n)
		return -1;
	for (size_t i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", b[i]);
	return 0;
}

/* What record_write_atomic writes for server_new_token: the old lines and the
   new one. */
struct token_file_text {
	const char *old;  /* the file as it was ("" if none) */
	const char *line; /* the new line */
};

static int write_tokens(FILE *f, const void *data)
{
	const struct token_file_text *t = data;

	fputs(t->old, f);
	if (t->old[0] && t->old[strlen(t->old) - 1] != '\n')
		fputc('\n', f);
	fputs(t->line, f);
	return ferror(f) ? -1 : 0;
}

/*
 * Makes a token for `login`: a random secret, whose salted hash is added to
 * the token file (made, private, when missing; rewritten atomically). The
 * token to give the user, LOGIN:SECRET, comes back in token[len]. 0, or -1
 * with a message.
 */
int server_new_token(const char *token_file, const char *login, char *token, size_t tokenlen,
		     char *err, size_t errlen)
{
	char salt[33], secret[49], hash[SHA256_HEX], line[512], *old = NULL;
	struct token_file_text t;
	FILE *f;
	int st;

	if (!proto_name_valid(login) &&
	    strspn(login, "abcdefghijklmnopqrstuvwxyz0123456789_.-") != strlen(login)) {
		snprintf(err, errlen, "'%s' is not a login", login);
		return -1;
	}
	if (random_hex(salt, 16) < 0 || random_hex(secret, 24) < 0) {
		snprintf(err, errlen, "no random bytes from the kernel: %s", strerror(errno));
		return -1;
	}
	token_hash(salt, secret, hash);
	snprintf(line, sizeof line, "%s %s %s\n", login, salt, hash);
	if ((f = fopen(token_file, "r"))) {
		size_t cap = 4096, len = 0, got;

		old = malloc(cap);
		while (old && (got = fread(old + len, 1, cap - len - 1, f)) > 0) {
			len += got;
			if (cap - len < 2) {
				char *p = realloc(old, cap *= 2);

				if (!p) {
					free(old);
					old = NULL;
				}
				old = p;
			}
		}
		fclose(f);
		if (!old) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		old[len] = '\0';
	} else {
		int fd;

		if (errno != ENOENT) {
			record_path_error(err, errlen, token_file, strerror(errno));
			return -1;
		}
		/* made private first: record_write_atomic keeps the mode it finds */
		if ((fd = open(token_file, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0) {
			record_path_error(err, errlen, token_file, strerror(errno));
			return -1;
		}
		close(fd);
	}
	t.old = old ? old : "";
	t.line = line;
	st = record_write_atomic(token_file, write_tokens, &t, err, errlen);
	free(old);
	if (st < 0)
		return -1;
	snprintf(token, tokenlen, "%s:%s", login, secret);
	return 0;
}
