/*
 * datadir.c — data files are looked up by a relative name such as
 * "openings/names.txt", in this order:
 *
 *   1. $OTHELLO_DATADIR/NAME  (tests and experiments)
 *   2. $(pkgdatadir)/NAME     (the installed program)
 *   3. SRCDIR/NAME            (the program run from its build tree, uninstalled;
 *                              empty when configured --disable-build-tree-data,
 *                              as packages are)
 *
 * The user's own folders (the save slots, the game collection) are named by
 * datadir_user: $VAR, else $XDG_DATA_HOME/othello-master/SUB, else
 * ~/.local/share/othello-master/SUB.
 */
#include "datadir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static FILE *try_open(const char *dir, const char *name, char *path, size_t pathlen)
{
	char buf[4096];
	FILE *f;

	if (!dir || !*dir)
		return NULL;
	snprintf(buf, sizeof buf, "%s/%s", dir, name);
	f = fopen(buf, "r");
	if (f && path && pathlen)
		snprintf(path, pathlen, "%s", buf);
	return f;
}

/*
 * Opens the data file NAME for reading. Returns the stream (the caller closes
 * it) and the path it came from in `path` (may be NULL), or NULL with a message
 * listing where it looked in `err`.
 */
FILE *datadir_open(const char *name, char *path, size_t pathlen, char *err, size_t errlen)
{
	const char *env = getenv("OTHELLO_DATADIR");
	FILE *f;

	if ((f = try_open(env, name, path, pathlen)) != NULL)
		return f;
	if ((f = try_open(OTHELLO_PKGDATADIR, name, path, pathlen)) != NULL)
		return f;
	if ((f = try_open(OTHELLO_SRCDIR, name, path, pathlen)) != NULL)
		return f;
	snprintf(err, errlen, "%s: not found in %s%s%s%s%s (set OTHELLO_DATADIR)", name,
		 env ? env : "", env ? ", " : "", OTHELLO_PKGDATADIR, *OTHELLO_SRCDIR ? " or " : "",
		 OTHELLO_SRCDIR);
	return NULL;
}

/*
 * Names the user's folder SUB of the program's data into `out`: $VAR when set
 * and not empty, else $XDG_DATA_HOME/othello-master/SUB (when absolute), else
 * ~/.local/share/othello-master/SUB. Returns the length of the name as
 * snprintf counts it (outlen or more: it was cut; below 0: it could not be
 * written), or DATADIR_UNNAMED when neither VAR nor HOME is set. Nothing is
 * created.
 */
int datadir_user(const char *var, const char *sub, char *out, size_t outlen)
{
	const char *env;

	if ((env = getenv(var)) && *env)
		return snprintf(out, outlen, "%s", env);
	if ((env = getenv("XDG_DATA_HOME")) && env[0] == '/')
		return snprintf(out, outlen, "%s/othello-master/%s", env, sub);
	if ((env = getenv("HOME")) && *env)
		return snprintf(out, outlen, "%s/.local/share/othello-master/%s", env, sub);
	return DATADIR_UNNAMED;
}

/*
 * Names the settings file into `out`: $XDG_CONFIG_HOME/othello-master/config
 * (when absolute), else ~/.config/othello-master/config. Returns as
 * datadir_user does (DATADIR_UNNAMED without HOME).
 */
int datadir_config(char *out, size_t outlen)
{
	const char *env;

	if ((env = getenv("XDG_CONFIG_HOME")) && env[0] == '/')
		return snprintf(out, outlen, "%s/othello-master/config", env);
	if ((env = getenv("HOME")) && *env)
		return snprintf(out, outlen, "%s/.config/othello-master/config", env);
	return DATADIR_UNNAMED;
}
