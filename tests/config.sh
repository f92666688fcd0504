#!/bin/sh
# config.sh — the settings file ($XDG_CONFIG_HOME/othello-master/config, else
# ~/.config/othello-master/config): a list of the program's own commands read
# at start; its errors named config:LINE without stopping the program;
# --no-config; `source FILE`; and on the screen, a bound key and the first
# error on the first screen.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-config.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
OTHELLO_SAVE_DIR=$tmp/saves
export OTHELLO_SAVE_DIR
mkdir -p "$tmp/xdg/othello-master" "$tmp/home/.config/othello-master"

cat >"$tmp/xdg/othello-master/config" <<'END'
# hints deeper, the overlay by time, White an engine
depth hint 14
depth overlay 5s
white novice --no-book
set db-dir /srv/wthor
set color off
bind F5 hint
bind x overlay on
END
printf 'depth\nset\nf5\nmoves\n' >"$tmp/show.txt"
XDG_CONFIG_HOME=$tmp/xdg "$OTHELLO" script --no-board --no-book "$tmp/show.txt" >"$tmp/out1" 2>"$tmp/err1"; st=$?
[ $st -eq 0 ] && [ ! -s "$tmp/err1" ]; check "a config of commands and settings is read without a word" $?
grep -q "hints depth 14" "$tmp/out1" && grep -q "overlay 5" "$tmp/out1"
check "depth hint 14 and depth overlay 5s take effect" $?
grep -q "^db-dir  /srv/wthor$" "$tmp/out1" && grep -q "^color   off$" "$tmp/out1" &&
  grep -q "^mouse   (the default)$" "$tmp/out1"
check "set db-dir and set color are kept, \`set\` lists them" $?
grep -q "^  F5  *hint$" "$tmp/out1" && grep -q "^  x  *overlay on$" "$tmp/out1"
check "bind keeps the keys bound" $?
grep -q "^> *2 White " "$tmp/out1"; check "white novice: White's engine answers f5" $?
XDG_CONFIG_HOME=$tmp/xdg "$OTHELLO" script --no-board --white human "$tmp/show.txt" >"$tmp/out1c" 2>&1
! grep -q "^> *2 White " "$tmp/out1c" && grep -q "hints depth 14" "$tmp/out1c"
check "a player named on the command line wins over the file's" $?

# --no-config, and the file under ~/.config when XDG_CONFIG_HOME is not set
XDG_CONFIG_HOME=$tmp/xdg "$OTHELLO" script --no-config --no-board "$tmp/show.txt" >"$tmp/out2" 2>&1
grep -q "hints depth 8" "$tmp/out2" && grep -q "^db-dir  (the default)$" "$tmp/out2" &&
  ! grep -q "^> *2 White " "$tmp/out2"
check "--no-config: the file is not read" $?
cp "$tmp/xdg/othello-master/config" "$tmp/home/.config/othello-master/config"
env -u XDG_CONFIG_HOME HOME="$tmp/home" "$OTHELLO" script --no-board "$tmp/show.txt" >"$tmp/out3" 2>&1
grep -q "hints depth 14" "$tmp/out3"; check "without XDG_CONFIG_HOME: ~/.config/othello-master/config" $?

# errors: each named config:LINE, the other lines still read, the program runs
cat >"$tmp/xdg/othello-master/config" <<'END'
depth hint 12
frobnicate 3
set colour off
set mouse maybe
bind NoSuchKey hint
bind F5 hnt
quit
depth overlay 12
END
printf 'depth\nf5\n' | XDG_CONFIG_HOME=$tmp/xdg "$OTHELLO" script --no-board >"$tmp/out4" 2>"$tmp/err4"; st=$?
[ $st -eq 0 ] && grep -q "^> f5$" "$tmp/out4" && grep -q "^played f5" "$tmp/out4"
check "a config with errors: the program still runs (exit 0)" $?
grep -q "^config:2: unknown command .frobnicate" "$tmp/err4" &&
  grep -q "^config:3: set: .colour.: not a square (a1 to h8), nor a setting" "$tmp/err4" &&
  grep -q "^config:4: set mouse: .maybe. is not on or off" "$tmp/err4" &&
  grep -q "^config:5: bind: no key .NoSuchKey." "$tmp/err4" &&
  grep -q "^config:6: bind F5: unknown command .hnt." "$tmp/err4" &&
  grep -q "^config:7: .quit. is not for a file of commands" "$tmp/err4"
check "each error says config:LINE: why" $?
[ "$(grep -c '^config:' "$tmp/err4")" -eq 6 ] && grep -q "hints depth 12, overlay depth 12" "$tmp/out4"
check "and the lines around them are read" $?

# source FILE: the same lines, named by the file
printf 'depth hint 10\nnosuch\n' >"$tmp/more.txt"
printf 'source %s\ndepth\nsource %s/missing\n' "$tmp/more.txt" "$tmp" |
  "$OTHELLO" script --no-config --no-board >"$tmp/out5" 2>&1; st=$?
[ $st -eq 1 ] && grep -q "$tmp/more.txt:2: unknown command .nosuch." "$tmp/out5" &&
  grep -q "hints depth 10" "$tmp/out5" && grep -q "missing: No such file" "$tmp/out5"
check "source FILE runs its lines, naming FILE:LINE of each error" $?
printf 'source %s\n' "$tmp/loop.txt" >"$tmp/loop.txt"
printf 'source %s\n' "$tmp/loop.txt" | "$OTHELLO" script --no-config --no-board >"$tmp/out6" 2>&1
grep -q "deeper than 8" "$tmp/out6"; check "a file that sources itself stops, said" $?

# the screen: the bound key runs its command, the first error is the first message
if ! command -v tmux >/dev/null 2>&1; then
  echo "# tmux is not installed: the screen's part is not run"
  tap_done
  exit
fi
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tmux.sh"
trap 'cleanup; rm -rf "$tmp"' EXIT
mkdir -p "$HOME_DIR/.config/othello-master"
printf 'bind x overlay\nnosuchcommand\nbind F5 nosuch\n' >"$HOME_DIR/.config/othello-master/config"
start scr 80 24 -- --white human
wait_for scr "config:2: unknown command"; check "the screen's first message is the config's first error" $?
screen scr | grep -q "and more"; check "and says there are more" $?
keys scr x
wait_for scr "All moves for Black"; check "a key bound in the config runs its command (x: overlay)" $?
cmd scr "help keys"
wait_for scr "Your keys"; check "help keys lists the keys the user bound" $?
quit scr
tap_done
