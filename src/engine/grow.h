/*
 * grow.h — the one way the program grows an array it appends to: an array of
 * `cap` elements, `n` of them used, doubled when full (from a first size when
 * empty), so that appending n elements costs O(n) copies in all.
 */
#ifndef OTHELLO_GROW_H
#define OTHELLO_GROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/*
 * Makes room for one more element of `size` bytes in the array `v` of *cap
 * elements, `n` of them used: returns v itself when there is room, else the
 * array reallocated to twice *cap elements (`first` when *cap is 0), with *cap
 * updated. Returns NULL when memory runs out or the size would overflow; v and
 * *cap are then as they were (the caller still owns v).
 */
static inline void *grow_room(void *v, size_t *cap, size_t n, size_t size, size_t first)
{
	size_t c = *cap ? 2 * *cap : first;
	void *p;

	if (n < *cap)
		return v;
	if (c < *cap || c > SIZE_MAX / size || !(p = realloc(v, c * size)))
		return NULL;
	*cap = c;
	return p;
}

#endif
