/*
 * bytes.h — little-endian integers in byte buffers, for the binary files of
 * the engine (the pattern weights file, the training data file). Both sides
 * of a file use these, so a file reads the same on any host.
 */
#ifndef OTHELLO_BYTES_H
#define OTHELLO_BYTES_H

#include <stdint.h>

/* Writes the `n` low bytes of `v` to p[0..n-1], least significant first. */
static inline void bytes_put_le(uint8_t *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Reads the `n`-byte little-endian number at `p`. */
static inline uint64_t bytes_get_le(const uint8_t *p, int n)
{
	uint64_t v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

#endif
