/*
 * cli-nboard.c — `othello nboard`: our engine on stdin/stdout speaking the
 * NBoard protocol (nboard.c), for the NBoard GUI and as an external engine
 * of our own matches (`othello match --white "nboard:othello nboard"`).
 */
#include "cli-eval.h"
#include "cli-options.h"
#include "cli.h"

#include "book.h"
#include "datadir.h"
#include "eval.h"
#include "nboard.h"

#include <errno.h>
#include <string.h>

/* The options of `othello nboard`. */
struct nboard_cli_options {
	double time;			  /* --time T, 0 = none */
	long hash_mb;			  /* --hash MB, 0 = the default */
	const char *book_path;		  /* --book FILE, NULL = the shipped book */
	bool no_book;			  /* --no-book */
	struct cli_engine_options engine; /* --eval, --selectivity, --threads */
};

static const struct cli_options nboard_cli_options = {
    .command = "nboard",
    .usage = "usage: othello nboard [--time T] [--hash MB] [--book FILE | --no-book]\n"
	     "         [--eval SPEC] [--selectivity P] [--threads N]\n\n"
	     "Speaks the NBoard protocol on stdin/stdout. The GUI sets the depth\n"
	     "(`set depth N`); --time also limits each move. Hints and moves of book\n"
	     "positions come from the opening book (--book FILE, default the shipped one).\n"
	     "SPEC: pattern (default), classic or a weights file.\n"
	     "P: ProbCut confidence of the midgame, 73, 87, 95, 98, 99 or exact (default).\n",
    .options =
	(const struct cli_option[]){
	    CLI_NUMBER("time", 0, offsetof(struct nboard_cli_options, time), NULL, NULL),
	    CLI_INT("hash", 0, offsetof(struct nboard_cli_options, hash_mb), 1, 4096, NULL, NULL),
	    CLI_STRING("book", 0, offsetof(struct nboard_cli_options, book_path), NULL, NULL),
	    CLI_FLAG("no-book", 0, offsetof(struct nboard_cli_options, no_book), NULL),
	    CLI_ENGINE_OPTIONS(offsetof(struct nboard_cli_options, engine)),
	    CLI_HELP(0, NULL),
	    {0},
	},
};

/* `othello nboard`: see nboard_cli_options. */
int cli_nboard(int argc, char **argv)
{
	struct nboard_cli_options no = {0};
	struct nboard_options opt = {0};
	struct book *bk = NULL;
	struct eval *ev;
	char err[512], eval_name[EVALSPEC_NAME_LEN];
	int first, st;

	if ((st = cli_options_parse(&nboard_cli_options, argc, argv, &no, &first)) >= 0)
		return st;
	opt.time = no.time;
	opt.hash_mb = (size_t)no.hash_mb;
	if (no.engine.selectivity &&
	    (opt.selectivity = cli_selectivity("nboard", "selectivity", no.engine.selectivity)) < 0)
		return 2;
	opt.threads = cli_threads(no.engine.threads);
	if (first < argc) {
		fprintf(stderr, "othello: nboard: unexpected argument '%s'\n", argv[first]);
		return 2;
	}
	ev = cli_eval_option("nboard", "eval", no.engine.eval_spec, eval_name, sizeof eval_name);
	if (!ev)
		return 2;
	bk = no.no_book ? NULL : book_new();
	/* the shipped book when there is one (a bad one is said and left out), or --book's */
	if (bk &&
	    cli_book_load("nboard", no.book_path ? "book" : NULL, no.book_path, false, bk) <= 0) {
		book_free(bk);
		bk = NULL;
		if (no.book_path) {
			eval_free(ev);
			return 2;
		}
	}
	opt.eval = ev;
	opt.book = bk;
	st = nboard_serve(stdin, stdout, &opt, err, sizeof err) == 0 ? 0 : 1;
	if (st)
		fprintf(stderr, "othello nboard: %s\n", err);
	book_free(bk);
	eval_free(ev);
	return st;
}
