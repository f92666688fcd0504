/*
 * cli-vposition.c — `othello analyze-position --variant NAME "BOARD STRING"`:
 * searches one position of another board with vsearch.h and prints the best
 * move, its score (exact when solved), the depth, nodes, time and the
 * principal variation.
 *
 * --moves TRANSCRIPT gives the position as the moves from the start instead
 * (vboard_transcript_play). --depth N plies (default 8) or --time S seconds; --exact E solves
 * exactly from E empties (default 20 on 6x6, 14 on 10x10-holes); the evaluation is the board's
 * shipped one (--weights FILE, or builtin).
 */
#include "cli-options.h"
#include "cli-variant.h"
#include "cli.h"
#include "vsearch.h"

#include <stdio.h>
#include <string.h>

/* The options of `othello analyze-position --variant`. */
struct vposition_options {
	const char *variant; /* --variant NAME (already read) */
	long depth;	     /* --depth N, 0 = by time */
	double time;	     /* --time S, 0 = by depth */
	long exact;	     /* --exact E, -1 = the board's default */
	long hash_mb;	     /* --hash MB */
	const char *weights; /* --weights FILE */
	const char *moves;   /* --moves TRANSCRIPT: played from the start instead of a board */
};

static const struct cli_options vposition_options = {
    .command = "analyze-position --variant",
    .usage =
	"usage: othello analyze-position --variant NAME \"BOARD STRING\" | --moves TRANSCRIPT\n"
	"                                [--depth N | --time S] [--exact E] [--hash MB]\n"
	"                                [--weights FILE]\n"
	"Searches one position of another board (squares row by row, # a hole, X or O).\n",
    .column = 20,
    .options =
	(const struct cli_option[]){
	    CLI_STRING("variant", 'V', offsetof(struct vposition_options, variant), "NAME",
		       "the board: 6x6 or 10x10-holes"),
	    CLI_INT("depth", 'd', offsetof(struct vposition_options, depth), 1, VSEARCH_MAX_DEPTH,
		    "N", "plies (default 8)"),
	    CLI_NUMBER("time", 't', offsetof(struct vposition_options, time), "S",
		       "seconds, deepening as far as they allow"),
	    CLI_INT("exact", 'e', offsetof(struct vposition_options, exact), 0, 100, "E",
		    "solve exactly from E empties (6x6: 20, 10x10-holes: 14)"),
	    CLI_INT("hash", 'H', offsetof(struct vposition_options, hash_mb), 1, 65536, "MB",
		    "table size (default 64)"),
	    CLI_STRING("moves", 'M', offsetof(struct vposition_options, moves), "TRANSCRIPT",
		       "the position these moves reach from the start\n"
		       "(c2b3..., instead of a board string)"),
	    CLI_STRING("weights", 'w', offsetof(struct vposition_options, weights), "FILE",
		       "evaluation weights (default: shipped; builtin)"),
	    CLI_HELP('h', NULL),
	    {0},
	},
};

/* Prints the search's result. */
static void vposition_print(const struct vgeom *g, const struct vsearch_result *r)
{
	char name[4];

	printf("best %s %+.2f%s depth %d  %llu nodes %.3f s  pv",
	       vboard_square_name(g, r->move, name), (double)r->score / VSEARCH_DISC,
	       r->exact ? " exact" : "", r->depth, (unsigned long long)r->nodes, r->time);
	for (int i = 0; i < r->pv_len; i++)
		printf(" %s", vboard_square_name(g, r->pv[i], name));
	printf("\n");
}

/* `othello analyze-position --variant`: 0, or 2 on bad usage or a bad board. */
int cli_vposition(const struct vgeom *g, int argc, char **argv)
{
	struct vposition_options o = {.exact = -1, .hash_mb = 64};
	struct vsearch_limits lim = {0};
	struct vsearch_result r;
	struct vsearch *s;
	struct vboard b;
	struct veval ev;
	char err[200], *args[64];
	const char *board = NULL;
	int first, st, black, n = 0;

	/* a board string may start with '-' (an empty a1): the argument that reads
	   as a board is taken out before the options */
	for (int i = 0; i < argc && n < 63; i++) {
		if (!board && i > 0 && vboard_parse(g, argv[i], &b, &black, err, sizeof err) >= 0)
			board = argv[i];
		else
			args[n++] = argv[i];
	}
	args[n] = NULL;
	if ((st = cli_options_parse(&vposition_options, n, args, &o, &first)) >= 0)
		return st;
	if (!board && first == n && o.moves) {
		black = 1;
		vboard_start(g, &b);
		if (vboard_transcript_play(g, o.moves, &b, &black, err, sizeof err) < 0) {
			fprintf(stderr, "othello analyze-position: --moves: %s\n", err);
			return 2;
		}
		board = o.moves;
	} else if (!board && first + 1 == n) {
		vboard_parse(g, args[first], &b, &black, err, sizeof err);
		fprintf(stderr, "othello analyze-position: %s\n", err);
		return 2;
	}
	if (!board || first != n || (o.moves && board != o.moves)) {
		fprintf(stderr, "othello analyze-position: expected one board string of %s\n",
			g->name);
		cli_options_usage(&vposition_options, stderr);
		return 2;
	}
	if (board != o.moves && vboard_parse(g, board, &b, &black, err, sizeof err) < 0) {
		fprintf(stderr, "othello analyze-position: %s\n", err);
		return 2;
	}
	if (!cli_variant_eval("analyze-position", g, o.weights, &ev))
		return 2;
	lim.depth = o.time > 0 && !o.depth ? 0 : o.depth ? (int)o.depth : 8;
	lim.time = o.time;
	lim.endgame = o.exact >= 0 ? (int)o.exact : g->variant == VARIANT_6X6 ? 20 : 14;
	s = vsearch_new(&ev, (size_t)o.hash_mb);
	if (!s) {
		fprintf(stderr, "othello analyze-position: out of memory\n");
		return 2;
	}
	vsearch_run(s, &b, &lim, &r);
	vposition_print(g, &r);
	vsearch_free(s);
	return 0;
}
