/*
 * rng.h — a small pseudo-random generator whose whole state is one uint64_t
 * the caller owns (a game, a batch worker), so runs are reproducible from a
 * seed and nothing is shared between threads.
 *
 * The generator is SplitMix64 (Steele, Lea and Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014): a Weyl sequence passed
 * through a 64-bit mixing function. Every seed, 0 included, is a good one.
 */
#ifndef OTHELLO_RNG_H
#define OTHELLO_RNG_H

#include <stdint.h>

/* The program's hash mixer: SplitMix64's output for state `x` (a step of
   the Weyl sequence, then the mixing function), which spreads every input
   bit over the result. Seeds of games and streams derive from it. */
static inline uint64_t rng_mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

/* Returns the next 64 random bits and advances the state. */
static inline uint64_t rng_next(uint64_t *state)
{
	uint64_t x = *state;

	*state += 0x9E3779B97F4A7C15ULL;
	return rng_mix(x);
}

/* Returns a number in [0, n) for n >= 1, and 0 for n = 0 (the state still
   advances); the bias, below 2^-32 for small n, is ignored. */
static inline uint64_t rng_below(uint64_t *state, uint64_t n)
{
	uint64_t r = rng_next(state) >> 11;

	return n ? r % n : 0;
}

#endif
