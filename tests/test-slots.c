/*
 * test-slots.c — save slots: names, the save directory, atomic saves, the
 * listing, loading back.
 */
#include "gamecmp.h"
#include "gametree.h"
#include "record.h"
#include "slots.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char dir[64];

static void make_dir(void)
{
	strcpy(dir, "/tmp/othello-slots-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(slots, .init = make_dir, .fini = remove_dir);

Test(slots, names_are_digits_letters_underscore_and_dash_only)
{
	static const char *const good[] = {"0", "9", "autosave", "my_game-2", "A"};
	static const char *const bad[] = {
	    "",	   "../x",
	    "a/b", "a.sgf",
	    "a b", "é",
	    ".",   "..",
	    "x\n", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"};

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		cr_assert(slots_name_valid(good[i]), "%s", good[i]);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_not(slots_name_valid(bad[i]), "%s", bad[i]);
	cr_assert(slots_name_valid(SLOTS_AUTOSAVE));
}

Test(slots, save_refuses_a_path_and_writes_nothing)
{
	struct game *g = game_new();
	char err[256];
	int n;
	struct slot_info *list;

	cr_assert_eq(slots_save(dir, "../escape", g, NULL, err, sizeof(err)), -1);
	cr_assert_str_eq(err,
			 "'../escape' is not a slot name (0-9, or letters, digits, '_' and '-')");
	cr_assert_eq(slots_list(dir, &list, &n, err, sizeof(err)), 0);
	cr_assert_eq(n, 0);
	free(list);
	game_free(g);
}

Test(slots, directory_comes_from_option_environment_then_xdg)
{
	char out[SLOT_PATH_MAX], err[256];

	setenv("OTHELLO_SAVE_DIR", "/env/saves", 1);
	setenv("XDG_DATA_HOME", "/xdg", 1);
	setenv("HOME", "/home/u", 1);
	cr_assert_eq(slots_dir("/opt/saves", out, sizeof(out), err, sizeof(err)), 0);
	cr_assert_str_eq(out, "/opt/saves");
	cr_assert_eq(slots_dir(NULL, out, sizeof(out), err, sizeof(err)), 0);
	cr_assert_str_eq(out, "/env/saves");
	unsetenv("OTHELLO_SAVE_DIR");
	cr_assert_eq(slots_dir(NULL, out, sizeof(out), err, sizeof(err)), 0);
	cr_assert_str_eq(out, "/xdg/othello-master/saves");
	setenv("XDG_DATA_HOME", "relative", 1);
	cr_assert_eq(slots_dir(NULL, out, sizeof(out), err, sizeof(err)), 0);
	cr_assert_str_eq(out, "/home/u/.local/share/othello-master/saves",
			 "a relative XDG_DATA_HOME is ignored");
	unsetenv("XDG_DATA_HOME");
	unsetenv("HOME");
	cr_assert_eq(slots_dir(NULL, out, sizeof(out), err, sizeof(err)), -1);
}

Test(slots, save_creates_the_directory_and_loads_back)
{
	char sub[128], err[512], why[256];
	struct game *g = game_new(), *back;

	play_line(g, g->root, "f5d6c3d3c4");
	game_set_comment(game_line_end(g->root), "Tiger");
	snprintf(sub, sizeof(sub), "%s/a/b", dir);
	cr_assert_eq(slots_save(sub, "3", g, "before the break", err, sizeof(err)), 0, "%s", err);
	back = slots_load(sub, "3", err, sizeof(err));
	cr_assert_not_null(back, "%s", err);
	cr_assert_str_eq(game_info(back, INFO_DESCRIPTION), "before the break");
	game_set_info(back, INFO_DESCRIPTION, NULL);
	cr_assert(games_equal(g, back, why, sizeof(why)), "%s", why);
	cr_assert_str_eq(game_info(g, INFO_DESCRIPTION), "", "the caller's record is untouched");
	game_free(back);
	cr_assert_null(slots_load(sub, "4", err, sizeof(err)));
	cr_assert_str_eq(err, "slot 4 is empty");
	game_free(g);
}

Test(slots, save_replaces_atomically_and_leaves_no_temporary_file)
{
	char err[512];
	struct game *g = game_new();
	struct dirent *e;
	DIR *d;
	int files = 0;

	cr_assert_eq(slots_save(dir, "1", g, "first", err, sizeof(err)), 0, "%s", err);
	play_line(g, g->root, "f5");
	cr_assert_eq(slots_save(dir, "1", g, "second", err, sizeof(err)), 0, "%s", err);
	d = opendir(dir);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
			files++;
			cr_assert_str_eq(e->d_name, "1.sgf");
		}
	closedir(d);
	cr_assert_eq(files, 1);
	game_free(g);
	g = slots_load(dir, "1", err, sizeof(err));
	cr_assert_str_eq(game_info(g, INFO_DESCRIPTION), "second");
	cr_assert_eq(game_main_line_length(g), 1);
	game_free(g);
}

/* The mode of slot `name`'s file in dir. */
static mode_t slot_mode(const char *name)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s.sgf", dir, name);
	cr_assert_eq(stat(path, &st), 0, "%s", path);
	return st.st_mode & 07777;
}

Test(slots, a_new_save_follows_the_umask_and_a_resave_keeps_the_mode)
{
	char err[512], path[256];
	struct game *g = game_new();
	mode_t old = umask(077);

	cr_assert_eq(slots_save(dir, "1", g, NULL, err, sizeof(err)), 0, "%s", err);
	cr_expect_eq(slot_mode("1"), 0600, "umask 077: %o", (unsigned)slot_mode("1"));
	umask(002);
	cr_assert_eq(slots_save(dir, "2", g, NULL, err, sizeof(err)), 0, "%s", err);
	cr_expect_eq(slot_mode("2"), 0664, "umask 002: %o", (unsigned)slot_mode("2"));
	/* a slot its owner made private stays private when saved again */
	snprintf(path, sizeof(path), "%s/2.sgf", dir);
	cr_assert_eq(chmod(path, 0600), 0);
	play_line(g, g->root, "f5");
	cr_assert_eq(slots_save(dir, "2", g, NULL, err, sizeof(err)), 0, "%s", err);
	cr_expect_eq(slot_mode("2"), 0600, "re-saved: %o", (unsigned)slot_mode("2"));
	umask(old);
	game_free(g);
}

/* A directory component over 255 bytes: the reason survives in a message
   buffer of the size the commands use, the path cut in its middle (the
   message once ended inside the path; issue 33). */
Test(slots, an_overlong_directory_name_keeps_the_reason_in_the_message)
{
	char sub[512], err[256];
	struct game *g = game_new();
	int n = snprintf(sub, sizeof(sub), "%s/", dir);

	memset(sub + n, 'a', 300);
	strcpy(sub + n + 300, "/x");
	cr_assert_eq(slots_save(sub, "1", g, NULL, err, sizeof(err)), -1);
	cr_assert_geq(strlen(err), 20);
	cr_assert_str_eq(err + strlen(err) - 20, ": File name too long", "%s", err);
	cr_assert(strncmp(err, dir, strlen(dir)) == 0, "%s", err);
	cr_assert(strstr(err, "...") != NULL, "%s", err);
	game_free(g);
}

/* A save directory whose name leaves no room for a slot's path is refused by
   name, for `saves` too (which said "no saved games"). */
Test(slots, a_directory_name_too_long_for_a_slot_is_refused)
{
	static char name[SLOT_PATH_MAX], out[SLOT_PATH_MAX];
	char err[256];

	memset(name, 'b', SLOT_DIR_MAX + 1);
	name[0] = '/';
	cr_assert_eq(slots_dir(name, out, sizeof(out), err, sizeof(err)), -1);
	cr_assert(strstr(err, "save directory name too long") == err, "%s", err);
	name[SLOT_DIR_MAX] = '\0';
	cr_assert_eq(slots_dir(name, out, sizeof(out), err, sizeof(err)), 0, "%s", err);
}

Test(slots, list_gives_date_players_moves_result_and_description)
{
	char err[512], path[256];
	struct game *g = game_new();
	struct slot_info *list;
	FILE *f;
	int n;

	game_set_info(g, INFO_BLACK, "Ann");
	game_set_info(g, INFO_WHITE, "Bob");
	game_set_info(g, INFO_DATE, "2026-11-22");
	cr_assert_eq(slots_save(dir, "zeta", g, "named", err, sizeof(err)), 0);
	play_line(
	    g, g->root,
	    "f5d6c3f4f3e3d3e2f2c2e1c4e6g4g3h3c5d1c1f1g1c6d2f7h5b5a6a4b6b4f6b3f8h4h2g5h6g6a3a2a5"
	    "a7h7c7d7c8d8e8e7g8b2g7h8b1a1g2a8pab8b7h1");
	cr_assert_eq(slots_save(dir, "7", g, "finished", err, sizeof(err)), 0);
	cr_assert_eq(slots_save(dir, SLOTS_AUTOSAVE, g, NULL, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/2.sgf", dir);
	f = fopen(path, "w");
	fputs("(;GM[1])", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/notes.txt", dir);
	f = fopen(path, "w");
	fclose(f);
	cr_assert_eq(slots_list(dir, &list, &n, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(n, 4);
	cr_assert_str_eq(list[0].name, "2");
	cr_assert(list[0].broken);
	cr_assert(strstr(list[0].description, "GM must be 2") != NULL, "%s", list[0].description);
	cr_assert_str_eq(list[1].name, "7");
	cr_assert_eq(list[1].moves, 60, "60 moves and a pass: the pass is no move (it said 61)");
	cr_assert_str_eq(list[1].result, "B+24", "from the final position when RE is unset");
	cr_assert_str_eq(list[1].black, "Ann");
	cr_assert_str_eq(list[1].date, "2026-11-22");
	cr_assert_str_eq(list[1].description, "finished");
	cr_assert_str_eq(list[2].name, "autosave");
	cr_assert_str_eq(list[3].name, "zeta");
	cr_assert_eq(list[3].moves, 0);
	cr_assert_str_eq(list[3].result, "");
	free(list);
	game_free(g);
}

/* The start's notice of the autosave came at every start: it is offered once per save. */
Test(slots, an_autosave_is_offered_once_per_save)
{
	char err[512], path[256];
	struct game *g = game_new();
	struct timespec t[2] = {{0, UTIME_OMIT}, {1000000000, 0}};

	cr_assert_not(slots_offer_once(dir, SLOTS_AUTOSAVE), "no autosave, nothing to offer");
	cr_assert_eq(slots_save(dir, SLOTS_AUTOSAVE, g, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert(slots_offer_once(dir, SLOTS_AUTOSAVE));
	cr_assert_not(slots_offer_once(dir, SLOTS_AUTOSAVE), "not twice");
	cr_assert_not(slots_offer_once(dir, SLOTS_AUTOSAVE));
	/* a new autosave (another modification time) is offered again */
	snprintf(path, sizeof(path), "%s/%s.sgf", dir, SLOTS_AUTOSAVE);
	cr_assert_eq(utimensat(AT_FDCWD, path, t, 0), 0);
	cr_assert(slots_offer_once(dir, SLOTS_AUTOSAVE));
	cr_assert_not(slots_offer_once(dir, SLOTS_AUTOSAVE));
	game_free(g);
}

Test(slots, missing_directory_lists_nothing)
{
	char sub[128], err[256];
	struct slot_info *list;
	int n = -1;

	snprintf(sub, sizeof(sub), "%s/none", dir);
	cr_assert_eq(slots_list(sub, &list, &n, err, sizeof(err)), 0);
	cr_assert_eq(n, 0);
	cr_assert_null(list);
}

/* Creates dir/file with `age` seconds of age; returns its descriptor. */
static int make_aged(const char *file, int age)
{
	char path[256];
	struct timespec t[2];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	cr_assert(fd >= 0, "%s", path);
	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= age;
	t[1] = t[0];
	cr_assert_eq(futimens(fd, t), 0);
	return fd;
}

static bool exists(const char *file)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return access(path, F_OK) == 0;
}

Test(slots, stale_temporaries_that_carry_our_mark_are_swept_and_only_those)
{
	static const char *const kept[] = {
	    ".othello-tmp-3.sgf.Fresh1",      /* a save under way elsewhere */
	    ".othello-tmp-locked.sgf.Ab12Cd", /* held by a writer */
	    "game.sgf.backup",		      /* the user's own files */
	    "x.sgf.ABCDEF",
	    "3.sgf.Ab12Cd",
	    "autosave.sgf.zZ9yY8",
	    "notes.sgf.ab12",
	    "my game.sgf.Ab12Cd",
	    ".othello-tmp-3.sgf.ab_2cd",
	    ".othello-tmp-3.txt.Ab12Cd",
	    ".othello-tmp-a b.sgf.Ab12Cd",
	    "othello-tmp-3.sgf.Ab12Cd",
	    ".othello-tmp-3.sgf.Ab12Cd.bak"};
	enum { KEPT = sizeof kept / sizeof kept[0] };
	struct slot_info *list;
	int count, locked;
	char err[256];

	close(make_aged(".othello-tmp-3.sgf.Ab12Cd", 120)); /* killed during a save */
	close(make_aged(".othello-tmp-autosave.sgf.zZ9yY8", 3600));
	close(make_aged(kept[0], 5));
	locked = make_aged(kept[1], 3600);
	cr_assert_eq(flock(locked, LOCK_EX), 0);
	for (int i = 2; i < KEPT; i++)
		close(make_aged(kept[i], 3600));
	cr_assert_eq(slots_list(dir, &list, &count, err, sizeof(err)), 0, "%s", err);
	free(list);
	cr_assert(!exists(".othello-tmp-3.sgf.Ab12Cd"), "a stale temporary is removed");
	cr_assert(!exists(".othello-tmp-autosave.sgf.zZ9yY8"));
	for (int i = 0; i < KEPT; i++)
		cr_assert(exists(kept[i]), "%s is kept", kept[i]);
	close(locked); /* the writer is gone: now it is stale */
	close(make_aged(".othello-tmp-4.sgf.Qw3rTy", 120));
	struct game *g = game_new();

	cr_assert_eq(slots_save(dir, "5", g, NULL, err, sizeof(err)), 0, "%s", err);
	game_free(g);
	cr_assert(!exists(".othello-tmp-4.sgf.Qw3rTy"), "a save sweeps too");
	cr_assert(!exists(kept[1]), "once unlocked, a stale temporary goes");
	cr_assert(exists("5.sgf"));
	for (int i = 2; i < KEPT; i++)
		cr_assert(exists(kept[i]), "%s is kept", kept[i]);
}

/* The temporary file a save really makes (record_create_temp) is one the
   sweep knows, once it is stale and unlocked. */
Test(slots, a_real_temporary_of_a_save_is_swept_when_stale)
{
	char path[256], tmp[256 + RECORD_TEMP_EXTRA], err[256];
	struct timespec t[2];
	struct slot_info *list;
	const char *base;
	int count, fd;

	snprintf(path, sizeof path, "%s/7.sgf", dir);
	fd = record_create_temp(path, tmp);
	cr_assert(fd >= 0);
	base = strrchr(tmp, '/') + 1;
	cr_assert_eq(strncmp(base, RECORD_TEMP_PREFIX "7.sgf.", 19), 0, "%s", base);
	cr_assert_eq(strlen(base), 19 + 6, "%s", base);
	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= SLOT_TEMP_STALE + 5;
	t[1] = t[0];
	cr_assert_eq(futimens(fd, t), 0);
	close(fd);
	cr_assert(exists(base));
	cr_assert_eq(slots_list(dir, &list, &count, err, sizeof(err)), 0, "%s", err);
	free(list);
	cr_assert_eq(count, 0);
	cr_assert(!exists(base), "%s is swept", base);
}

/* A file name near NAME_MAX still saves: its temporary's name is cut. */
Test(slots, a_file_with_a_long_name_saves)
{
	char path[512], err[512], name[256];
	struct game *g = game_new();

	memset(name, 'n', 250);
	strcpy(name + 250, ".sgf");
	snprintf(path, sizeof path, "%s/%s", dir, name);
	cr_assert_eq(record_save_file(path, g, RECORD_SGF, err, sizeof err), 0, "%s", err);
	cr_assert(exists(name));
	game_free(g);
}
