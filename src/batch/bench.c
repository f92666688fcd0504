/*
 * bench.c — the positions of the bench signature and the loop that searches
 * them (bench.h).
 *
 * The 8×8 midgame positions are six of bench/midgame-40.txt (40 empties, 20
 * random moves from the start) searched to depth 9 without cuts, and two
 * more to depth 12 with ProbCut at 87 %; the endgames are three positions
 * of tests/data/fforum-20-39.obf (17 to 19 empties), solved exactly; the
 * other boards give their start, a midgame and an endgame each. Changing this table changes the
 * signature: bench/signature goes with it.
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

static const struct bench_position positions[] = {
    {VARIANT_8X8, "----O------OO-----XXO------XO-----XOXOXX--O-OOOO-O---XX-O---X--- X", 9, 0},
    {VARIANT_8X8, "---------OOO-----XOOO-----XOOO---XXOXXXXXXOO-----OX------------- X", 9, 0},
    {VARIANT_8X8, "------------O-------O-X--OOOOX---XOOXO----OXOOO---OOOO----OX---- X", 9, 0},
    {VARIANT_8X8, "------------X------OOO----XOO-X----OXX----OOX-X--OOXXXO--OX-X--- X", 9, 0},
    {VARIANT_8X8, "----------O--------O-------XO---OOOOOOX---X-XOX----XOXXO--XOO-X- X", 9, 0},
    {VARIANT_8X8, "-----------------XXXX------XXO---OOOOO---XOXOXX--XOO--X---O----X X", 9, 0},
    {VARIANT_8X8, "--O-OX---OO-O-----OXOX---XXOX---XXXXXX-----OXX----O------------- X", 12, 87},
    {VARIANT_8X8, "--XXX------O----OOOO------XOOO---XXXO-----XOXO------OO------XO-- X", 12, 87},
    {VARIANT_8X8, "--OOOO--X-OOOOO-XXOOXOXXXOXOXXXXXXXOXXXX-XXOXOXX--OXXX-X----X--- O", 0, 0},
    {VARIANT_8X8, "--O-------OOX---OOOXXXO-OOOOXOXXXXXOOXOXXXXXXOOXX-XXXXOX--XXXX-- X", 0, 0},
    {VARIANT_8X8, "--O--O-----OOOX--X-XOXOO--XXXOOOXXXXOOOOXXXOXXOOXXXXXX--XOXX-O-- O", 0, 0},
    {VARIANT_6X6, "--------------OX----XO-------------- X", 10, 0},
    {VARIANT_6X6, "---O-----OO-XXXO--XXOO--XO-O--O---O- X", 12, 0},
    {VARIANT_6X6, "XO-O---OOO-XOOXOOXXOOO-XXO-OX-----OX X", 0, 0},
    {VARIANT_10X10_HOLES,
     "----##---- ---------- ---------- ---------- #---OX---# #---XO---# ---------- ---------- "
     "---------- ----##---- X",
     7, 0},
    {VARIANT_10X10_HOLES,
     "-XO-##OX-X-OOOXXX--XOOOOOXXXXXOOOXXOOOO-#XOXXXOOO##XOOXOXOO#XXOOOXOXOXXXXXXXXOXXOX-OOXXXOX"
     "OXOO##--XO X",
     0, 0},
};

enum { BENCH_COUNT = sizeof(positions) / sizeof(positions[0]) };

/* The number of positions of the set. */
size_t bench_count(void)
{
	return BENCH_COUNT;
}

/* Position i of the set (static data), or NULL past the last. */
const struct bench_position *bench_position(size_t i)
{
	return i < BENCH_COUNT ? &positions[i] : NULL;
}

/*
 * Searches every position of the set with `e` (which must hold an evaluation
 * for each board), clearing its tables before each, and calls `each` (if not
 * NULL) after each search. *nodes gets the sum of the searches' nodes (the
 * signature when `e` runs one thread) and *seconds their time. 0, or -1 with
 * a message when a position cannot be read or searched.
 */
int bench_run(struct engine *e, bench_each each, void *user, uint64_t *nodes, double *seconds,
	      char *err, size_t errlen)
{
	*nodes = 0;
	*seconds = 0;
	for (size_t i = 0; i < BENCH_COUNT; i++) {
		const struct bench_position *bp = &positions[i];
		struct search_limits lim = {.depth = bp->depth, .selectivity = bp->selectivity};
		struct bench_line line = {.index = i, .what = bp};
		char why[160];
		enum color side;
		struct pos p;

		if (pos_parse(bp->variant, bp->board, &p, &side, why, sizeof why) < 0) {
			snprintf(err, errlen, "bench position %zu: %s", i + 1, why);
			return -1;
		}
		lim.endgame = bp->depth == 0 ? pos_empty_count(&p) : 0;
		engine_clear_search(e);
		if (engine_search(e, &p, &lim, NULL, NULL, &line.result) != 0) {
			snprintf(err, errlen,
				 "bench position %zu: the search failed (out of memory)", i + 1);
			return -1;
		}
		*nodes += line.result.nodes;
		*seconds += line.result.time;
		if (each)
			each(&line, user);
	}
	return 0;
}
