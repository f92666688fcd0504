/*
 * cli-vtrain.c — `othello train generate|fit --variant NAME`: the weights of
 * the other boards' evaluation from our own self-play (vtrain.h).
 *
 *   generate OUT.txt --variant NAME [--games N] [--plies P] [--seed S]
 *            [--level LEVEL] [--eval FILE]
 *       LEVEL (default expert) plays N games (default 200) against itself
 *       from random openings of P plies (6x6: 4, 10x10-holes: 6) with the
 *       weights given (default: the shipped or built-in ones); every position
 *       is appended to OUT.txt with the game's result.
 *   fit OUT.txt DATA.txt... --variant NAME [--ridge X]
 *       least-squares weights a stage (ridge X, default 0.01) into OUT.txt,
 *       a weights file of that board (eval_fit_linear), with the positions a
 *       stage.
 */
#include "cli-eval.h"
#include "cli-variant.h"
#include "cli.h"
#include "match.h"
#include "record.h"
#include "vtrain.h"

#include <stdio.h>
#include <string.h>

/* `train generate --variant`: appends self-play positions to argv[0]. */
static int vtrain_generate_run(enum variant v, const struct cli_vtrain_options *o, const char *path)
{
	char err[200], name[EVALSPEC_NAME_LEN];
	struct eval *ev;
	FILE *f;
	int n;

	if (!match_player_is_level(o->level)) {
		fprintf(stderr, "othello train: --level: '%s' is not a level\n", o->level);
		return 2;
	}
	if (!match_player_check_spec(o->level, err, sizeof err)) {
		fprintf(stderr, "othello train: --level: %s\n", err);
		return 2;
	}
	if (!(ev = cli_eval_board("train", "eval", v, o->eval, name, sizeof name)))
		return 2;
	f = fopen(path, "a");
	if (!f) {
		perror(path);
		eval_free(ev);
		return 2;
	}
	n = vtrain_generate(v, ev, o->level, (int)o->games, (int)o->plies, (uint64_t)o->seed, f,
			    err, sizeof err);
	eval_free(ev);
	if (fclose(f) != 0 && n >= 0) {
		snprintf(err, sizeof err, "write error");
		n = -1;
	}
	if (n < 0) {
		fprintf(stderr, "othello train: %s: %s\n", path, err);
		return 2;
	}
	printf("%s: %d positions of %ld games added\n", path, n, o->games);
	return 0;
}

/* Writes the weights of the evaluation `data` to `f`, for record_write_atomic. */
static int write_weights(FILE *f, const void *data)
{
	return eval_write(data, f);
}

/* `train fit --variant`: fits the weights of the data files into out (temp file, then rename). */
static int vtrain_fit_run(enum variant v, const struct cli_vtrain_options *o, const char *out,
			  int n_in, char **names)
{
	FILE *in[64];
	int counts[EVAL_FIT_STAGES], rc = 0;
	char err[400];
	struct eval *ev;

	if (n_in < 1 || n_in > 64) {
		fprintf(stderr, "othello train fit: give 1 to 64 data files\n");
		return 2;
	}
	for (int i = 0; i < n_in; i++) {
		in[i] = fopen(names[i], "r");
		if (!in[i]) {
			perror(names[i]);
			while (i--)
				fclose(in[i]);
			return 2;
		}
	}
	if (!(ev = eval_fit_linear(v, in, (const char *const *)names, n_in, o->ridge, counts, err,
				   sizeof err))) {
		fprintf(stderr, "othello train fit: %s\n", err);
		rc = 2;
	}
	for (int i = 0; i < n_in; i++)
		fclose(in[i]);
	if (rc)
		return rc;
	rc = record_write_atomic(out, write_weights, ev, err, sizeof err);
	eval_free(ev);
	if (rc < 0) {
		fprintf(stderr, "othello train fit: %s\n", err);
		return 2;
	}
	for (int s = 0; s < EVAL_FIT_STAGES; s++)
		printf("stage %d: %d positions%s\n", s, counts[s],
		       counts[s] < EVAL_FIT_STAGE_MIN ? " (too few: built-in weights kept)" : "");
	return 0;
}

/* `othello train ACTION --variant NAME` with the options o and the arguments rest[0..n-1]
   (cli-train.c has read them): 0, or 2 on bad usage or a bad file. */
int cli_vtrain(enum variant v, const char *action, struct cli_vtrain_options *o, int n, char **rest)
{
	if (o->plies < 0)
		o->plies = square_size(v) <= 6 ? 4 : 6;
	if (!o->level)
		o->level = "expert";
	if (strcmp(action, "generate") == 0 && n == 1)
		return vtrain_generate_run(v, o, rest[0]);
	if (strcmp(action, "fit") == 0 && n >= 2)
		return vtrain_fit_run(v, o, rest[0], n - 1, rest + 1);
	fprintf(stderr, "othello train %s: with --variant: generate OUT or fit OUT DATA...\n",
		action);
	return 2;
}
