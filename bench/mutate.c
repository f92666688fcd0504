/*
 * mutate.c — writes a mutant of a file, for bench/mutants: `mutate
 * [--pattern] SEED IN OUT`. The same SEED and IN give the same OUT. One to
 * three changes, each drawn by the seed: bytes overwritten with random or
 * boundary values, a 16-bit little-endian number set to a boundary, a number
 * of a text file replaced by a large one, the file cut short, a piece
 * repeated or removed.
 *
 * --pattern: IN is a pattern weights file (src/engine/pattern.c); the
 * mutant's header then gives its payload's true size and checksum (FNV-1a),
 * so that the reader gets past them to the weights themselves.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next number of the generator `x` (xorshift). */
static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A number from 0 to n - 1 (n > 0). */
static size_t below(uint64_t *x, size_t n)
{
	return (size_t)(next(x) % n);
}

/* Replaces the `n` bytes at `at` of buf (of *len bytes, room for cap) by the
   `m` bytes of `with`. */
static void splice(unsigned char *buf, size_t *len, size_t cap, size_t at, size_t n,
		   const void *with, size_t m)
{
	if (*len - n + m > cap)
		return;
	memmove(buf + at + m, buf + at + n, *len - at - n);
	memcpy(buf + at, with, m);
	*len = *len - n + m;
}

/* One change of buf, drawn by `x`. */
static void mutate(unsigned char *buf, size_t *len, size_t cap, uint64_t *x)
{
	static const unsigned char edge[] = {0x00, 0xff, 0x7f, 0x80, 0x01, '-', '9', ' ', '\n'};
	static const char *const big[] = {"99999999999", "-2147483648", "2147483647", "100000",
					  "-100000",	 "32767",	"-32768",     "127",
					  "-129",	 "65"};
	size_t at = *len ? below(x, *len) : 0, n;

	switch (*len ? below(x, 7) : 6) {
	case 0: /* random bytes */
		for (n = 1 + below(x, 4); n-- && at < *len; at++)
			buf[at] = (unsigned char)next(x);
		break;
	case 1: /* boundary bytes */
		for (n = 1 + below(x, 4); n-- && at < *len; at++)
			buf[at] = edge[below(x, sizeof edge)];
		break;
	case 2: { /* a 16-bit number at an even offset set to a boundary */
		static const uint16_t v[] = {0x7fff, 0x8000, 0xffff, 0x0000, 0x8001};
		uint16_t w = v[below(x, sizeof v / sizeof v[0])];

		at &= ~(size_t)1;
		if (at + 1 < *len) {
			buf[at] = (unsigned char)(w & 0xff);
			buf[at + 1] = (unsigned char)(w >> 8);
		}
		break;
	}
	case 3: { /* a number of a text replaced by a large one */
		const char *s = big[below(x, sizeof big / sizeof big[0])];

		while (at < *len && !isdigit(buf[at]))
			at++;
		for (n = 0; at + n < *len && isdigit(buf[at + n]); n++)
			;
		if (n)
			splice(buf, len, cap, at, n, s, strlen(s));
		break;
	}
	case 4: /* cut short */
		*len = at;
		break;
	case 5: { /* a piece repeated */
		unsigned char piece[64];

		n = 1 + below(x, sizeof piece);
		if (at + n > *len)
			n = *len - at;
		memcpy(piece, buf + at, n);
		splice(buf, len, cap, below(x, *len + 1), 0, piece, n);
		break;
	}
	default: /* a piece removed */
		n = 1 + below(x, 64);
		if (at + n > *len)
			n = *len - at;
		splice(buf, len, cap, at, n, "", 0);
		break;
	}
}

/* Writes into the pattern weights file buf (of len bytes) its payload's
   size and checksum: the header of a file whose only fault is its payload. */
static void pattern_header(unsigned char *buf, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u;

	if (len < 32)
		return;
	for (size_t i = 32; i < len; i++)
		h = (h ^ buf[i]) * 0x100000001b3u;
	for (int i = 0; i < 4; i++)
		buf[20 + i] = (unsigned char)((len - 32) >> (8 * i));
	for (int i = 0; i < 8; i++)
		buf[24 + i] = (unsigned char)(h >> (8 * i));
}

int main(int argc, char **argv)
{
	bool pattern = argc > 1 && strcmp(argv[1], "--pattern") == 0;
	unsigned char *buf;
	size_t len, cap;
	uint64_t x;
	FILE *f;
	long size;

	argv += pattern;
	argc -= pattern;
	if (argc != 4) {
		fprintf(stderr, "usage: mutate [--pattern] SEED IN OUT\n");
		return 2;
	}
	x = strtoull(argv[1], NULL, 10) * 0x9e3779b97f4a7c15u + 1;
	if (!(f = fopen(argv[2], "rb")) || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0) {
		perror(argv[2]);
		return 2;
	}
	rewind(f);
	cap = (size_t)size + 4096;
	if (!(buf = malloc(cap)) || fread(buf, 1, (size_t)size, f) != (size_t)size) {
		perror(argv[2]);
		return 2;
	}
	fclose(f);
	len = (size_t)size;
	for (int i = 0, n = 1 + (int)below(&x, 3); i < n; i++)
		mutate(buf, &len, cap, &x);
	if (pattern)
		pattern_header(buf, len);
	if (!(f = fopen(argv[3], "wb")) || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
		perror(argv[3]);
		return 2;
	}
	free(buf);
	return 0;
}
