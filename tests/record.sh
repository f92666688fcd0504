#!/bin/sh
# record.sh — `othello convert` end to end: sgf -> ggf -> txt -> sgf keeps the
# game; --to overrides the extension; bad input exits 2 with FILE:LINE:COL.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${OTHELLO:=../src/othello}"
: "${TESTDATA:=$(dirname "$0")/data}"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/othello-record.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

game=$TOP_SRCDIR/saves/corners-and-pass.sgf
moves=f5d6c3f4f3e3d3e2f2c2e1c4e6g4g3h3c5d1c1f1g1c6d2f7h5b5a6a4b6b4f6b3f8h4h2g5h6g6a3a2a5a7h7c7d7c8d8e8e7g8b2g7h8b1a1g2a8b8b7h1

ok "sgf -> ggf" "$OTHELLO" convert "$game" "$tmp/a.ggf"
grep -q '^(;GM\[Othello\].*RE\[+24.000\].*W\[PA\]' "$tmp/a.ggf"; check "the GGF holds the result and the pass" $?
ok "ggf -> txt" "$OTHELLO" convert "$tmp/a.ggf" "$tmp/b.txt"
[ "$(cat "$tmp/b.txt")" = "$moves" ]; check "the transcript is the game" $?
ok "txt -> sgf" "$OTHELLO" convert "$tmp/b.txt" "$tmp/c.sgf"
grep -q '^;W\[\]$' "$tmp/c.sgf"; check "the SGF has the pass back as W[]" $?
"$OTHELLO" convert "$tmp/c.sgf" - --to txt >"$tmp/d.txt" 2>/dev/null
[ "$(cat "$tmp/d.txt")" = "$moves" ]; check "and the same moves (to standard output with --to)" $?

"$OTHELLO" convert "$game" "$tmp/e.sgf" && "$OTHELLO" convert "$tmp/e.sgf" "$tmp/f.sgf"
cmp -s "$tmp/e.sgf" "$tmp/f.sgf"; check "sgf -> sgf keeps every annotation (a second pass changes nothing)" $?
grep -q 'BM\[2\]C\[b1 is a C-square' "$tmp/e.sgf"; check "marks and comments survive" $?

"$OTHELLO" convert "$TOP_SRCDIR/saves/corner-handicap.sgf" "$tmp/h.obf"
grep -q '^X' "$tmp/h.obf"; check "sgf -> obf writes the final position" $?
"$OTHELLO" convert "$tmp/h.obf" - --to sgf | grep -q 'AB\[a1\]'; check "obf -> sgf writes a set-up" $?

printf '(;GM[2]SZ[8]\n;B[f5]\n;W[d6]\n;B[d3])\n' >"$tmp/bad.sgf"
"$OTHELLO" convert "$tmp/bad.sgf" "$tmp/out.ggf" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "bad.sgf:4:2: illegal move d3 for Black" "$tmp/err"; check "an illegal move exits 2 with FILE:LINE:COL" $?
[ ! -e "$tmp/out.ggf" ]; check "and writes nothing" $?
"$OTHELLO" convert "$tmp/b.txt" "$tmp/x.pdf" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "unknown file type" "$tmp/err"; check "an unknown extension exits 2" $?
"$OTHELLO" convert --to pdf "$tmp/b.txt" "$tmp/x" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "unknown format 'pdf'" "$tmp/err"; check "an unknown --to exits 2" $?
"$OTHELLO" convert "$tmp/missing.sgf" "$tmp/x.sgf" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "missing.sgf: No such file" "$tmp/err"; check "a missing file exits 2" $?
"$OTHELLO" convert "$tmp/b.txt" 2>/dev/null; st=$?
[ $st -eq 2 ]; check "a missing OUT exits 2" $?

# Comments of one node are joined in file order, also when merged variations
# give the same node comments in turns.
printf '(;GM[2]C[r1]C[r2](;B[f5]C[a];W[f6]C[b])(;B[f5]C[c];W[f6]C[d]))' >"$tmp/cm.sgf"
"$OTHELLO" convert "$tmp/cm.sgf" - --to sgf 2>/dev/null | tr '\n' '|' >"$tmp/cm.out"
grep -q 'C\[r1|r2\]|;B\[f5\]C\[a|c\]|;W\[f6\]C\[b|d\]' "$tmp/cm.out"; check "comments of one node are joined in file order" $?
# 500 000 comment nodes (2.5 MB), all kept. That reading them is linear (73 s
# when each comment copied the node's comment again, now a tenth of a second)
# is measured by `make bench BENCH=readers`, not here: tests are never timed.
awk 'BEGIN { printf "(;GM[2]FF[4]"; for (i = 0; i < 500000; i++) printf ";C[x]"; print ")" }' >"$tmp/many.sgf"
"$OTHELLO" convert "$tmp/many.sgf" "$tmp/many-out.sgf" 2>/dev/null; st=$?
[ $st -eq 0 ] && [ "$(grep -c "x" "$tmp/many-out.sgf")" -eq 500000 ]; check "500 000 comment nodes are read and all kept" $?

# Game collections: Logistello's book lines and WTHOR files (made here, byte
# by byte), every game or one, with their names; bad ones refused.
printf '+f5-d6+c3-d3: +02 10\n+f5-f6+e6-f4: -04 7\n' >"$tmp/lb.gam"
ok "a .gam converts" "$OTHELLO" convert "$tmp/lb.gam" "$tmp/lb.ggf"
[ "$(grep -c '^(;GM\[Othello\].*B\[F5\]' "$tmp/lb.ggf")" -eq 2 ]; check "every game, one a line" $?
"$OTHELLO" convert "$tmp/lb.gam" "$tmp/lb.txt" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/lb.txt" ] &&
  grep -q "lb.gam holds 2 games and a transcript holds one: choose it with --game N" "$tmp/err"
check "a collection is not written as one transcript, which would read as one game" $?
: >"$tmp/none.gam"
"$OTHELLO" convert "$tmp/none.gam" "$tmp/none.sgf" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/none.sgf" ] && grep -q "none.gam holds no games" "$tmp/err"
check "a collection with no games writes nothing (an empty SGF reads as nothing)" $?
gzip -c "$tmp/lb.gam" >"$tmp/lb.gam.gz"
"$OTHELLO" convert --game 2 "$tmp/lb.gam.gz" - --to sgf >"$tmp/lb2.sgf" 2>"$tmp/err"
grep -q 'RE\[W+4\]' "$tmp/lb2.sgf" && grep -q ';W\[f4\]' "$tmp/lb2.sgf" && ! grep -q 'd6' "$tmp/lb2.sgf"
check "--game 2 of a .gam.gz gives that game alone with its result" $?
PATH="$tmp/nowhere" "$OTHELLO" convert "$tmp/lb.gam.gz" "$tmp/lb3.sgf" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "lb.gam.gz: cannot read it: gzip is not installed" "$tmp/err" &&
  [ ! -e "$tmp/lb3.sgf" ]
check "a .gam.gz without gzip installed says so" $?
printf '(;GM[Go\033[2J]PB[a];)\n' >"$tmp/esc.ggf"
printf -- '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; Z9\033[2J:+18;\n' >"$tmp/esc.obf"
"$OTHELLO" convert "$tmp/esc.ggf" "$tmp/esc.sgf" 2>"$tmp/err"; st=$?
"$OTHELLO" solve "$tmp/esc.obf" >/dev/null 2>>"$tmp/err"; st2=$?
[ $st -eq 2 ] && [ $st2 -eq 2 ] && ! LC_ALL=C grep -q "$(printf '\033')" "$tmp/err" &&
  grep -q 'not an Othello game: GM\[Go\\x1b\[2J\]' "$tmp/err" &&
  grep -q "'Z9\\\\x1b\[2J' is not a square" "$tmp/err"
check "a GGF value and an OBF word with control bytes are quoted escaped" $?
"$OTHELLO" convert --game 3 "$tmp/lb.gam" "$tmp/x.txt" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q 'lb.gam: no game 3 (the file holds 2)' "$tmp/err" && [ ! -e "$tmp/x.txt" ]
check "a game the file lacks exits 2 and writes nothing" $?
printf '+f5-d6+c3-d3: +02 10\n+f5-f6-e6: -04 7\n' >"$tmp/bad.gam"
"$OTHELLO" convert "$tmp/bad.gam" "$tmp/x.txt" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q 'bad.gam:2:7: White plays e6 but Black has a move' "$tmp/err"
check "a bad book line exits 2 with FILE:LINE:COL" $?
mkdir "$tmp/wthor"
# Header: written 2012-01-01, 1 game, year 2012 (0x07dc), 8x8, games, 24 empties.
# Record: tournament 0, Black 1, White 0, 40 and 33 discs, f5 d6 c3 (56 64 33).
{ printf '\024\014\001\001\001\000\000\000\000\000\334\007\010\000\030\000'
  printf '\000\000\001\000\000\000\050\041\070\100\041'
  head -c 57 /dev/zero; } >"$tmp/wthor/WTH_2012.wtb"
{ printf '\024\014\001\001\000\000\000\000\002\000\000\000\000\000\000\000'
  printf 'White Player\000\000\000\000\000\000\000\000'
  printf 'L\351vy\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000'; } >"$tmp/wthor/WTHOR.JOU"
{ printf '\024\014\001\001\000\000\000\000\001\000\000\000\000\000\000\000'
  printf 'Open de Paris'; head -c 13 /dev/zero; } >"$tmp/wthor/wthor.trn"
ok "a .wtb converts" "$OTHELLO" convert "$tmp/wthor/WTH_2012.wtb" "$tmp/w.sgf"
grep -q 'PB\[Lévy\]PW\[White Player\]DT\[2012\]EV\[Open de Paris\]RE\[B+16\]' "$tmp/w.sgf" &&
  grep -q 'GC\[Theoretical score at 24 empties: Black +2\]' "$tmp/w.sgf"
check "with its players, tournament, year, result and theoretical score" $?
head -c 50 "$tmp/wthor/WTH_2012.wtb" >"$tmp/cut.wtb"
"$OTHELLO" convert "$tmp/cut.wtb" "$tmp/x.txt" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q 'cut.wtb: the header announces 1 games but the file holds 0 (truncated?)' "$tmp/err"
check "a truncated .wtb exits 2 and says so" $?
if [ -n "${SHARED_DATA:-}" ] && [ -f "$SHARED_DATA/wthor/WTH_2005.wtb" ]; then
  "$OTHELLO" convert "$SHARED_DATA/wthor/WTH_2005.wtb" "$tmp/all.ggf"
  [ "$(grep -c '^(;GM\[Othello\]' "$tmp/all.ggf")" -gt 1000 ]; check "a whole shared WTHOR year converts to GGF" $?
else
  tap_n=$((tap_n + 1)); echo "ok $tap_n - # SKIP a whole shared WTHOR year converts to GGF (no ../shared/data)"
fi
# Collections that would never end: a device is refused before a byte is
# read, a stream with no end of line stops at its limit, a WTHOR file longer
# than its header says is refused without reading its tail (a bound of 20 s
# on each: before, /dev/zero was read until memory ran out).
ln -s /dev/zero "$tmp/z.gam"
ln -s /dev/zero "$tmp/z.wtb"
for f in z.gam z.wtb; do
  timeout 20 "$OTHELLO" convert "$tmp/$f" "$tmp/z.txt" 2>"$tmp/err"; st=$?
  [ $st -eq 2 ] && grep -q "$f: a device, not a" "$tmp/err" && [ ! -e "$tmp/z.txt" ]
  check "convert $f (/dev/zero) is refused at once" $?
done
timeout 20 "$OTHELLO" train import "$tmp/z.dat" "$tmp/z.gam" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "z.gam: a device, not a file of games" "$tmp/err"
check "train import of /dev/zero as a .gam is refused at once" $?
head -c 3000000 /dev/zero | gzip -c >"$tmp/zeros.gam.gz"
timeout 20 "$OTHELLO" convert "$tmp/zeros.gam.gz" "$tmp/z.txt" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "zeros.gam.gz:1: no end of line in 1048576 bytes" "$tmp/err"
check "a .gam.gz with no end of line stops at the line limit" $?
cp "$tmp/wthor/WTH_2012.wtb" "$tmp/long.wtb" && head -c 200 /dev/zero >>"$tmp/long.wtb"
"$OTHELLO" convert "$tmp/long.wtb" "$tmp/z.txt" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "long.wtb: 200 bytes after the 1 games the header announces" "$tmp/err"
check "a .wtb longer than its header says is refused" $?
"$OTHELLO" convert - "$tmp/dir.sgf" --from txt <"$tmp" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "standard input: read error: Is a directory" "$tmp/err" &&
  [ ! -e "$tmp/dir.sgf" ]
check "convert of a standard input that cannot be read (a directory) writes nothing" $?
# Every output convert writes reads back, from every kind of input: a file
# of several records names what it leaves out (an FFO file: 19 positions).
"$OTHELLO" convert "$TESTDATA/fforum-1-19.obf" "$tmp/ff.sgf" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && grep -q "fforum-1-19.obf holds 19 positions; only the first is converted" "$tmp/err"
check "an OBF file of 19 positions: the first is converted, the others counted" $?
printf '%s\n' "---------------------------OX------XO--------------------------- X;" \
  "---------------------------OX------XO--------------------------- Z;" >"$tmp/bad2.obf"
"$OTHELLO" convert "$tmp/bad2.obf" "$tmp/x.sgf" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "bad2.obf:2:" "$tmp/err"; check "a malformed second OBF line is refused with its place" $?
rt=0
for in in "$tmp/lb.gam" "$tmp/wthor/WTH_2012.wtb" "$TOP_SRCDIR/saves/tiger-variation.sgf" \
  "$TESTDATA/edax.ggf" "$TESTDATA/positions.obf" \
  "$TESTDATA/edax.txt"; do
  for to in sgf ggf txt obf; do
    rm -f "$tmp/rt.$to"
    "$OTHELLO" convert "$in" "$tmp/rt.$to" 2>/dev/null
    [ -e "$tmp/rt.$to" ] || continue
    "$OTHELLO" convert "$tmp/rt.$to" "$tmp/back.sgf" 2>"$tmp/err" ||
      { rt=1; echo "# $in -> .$to does not read back: $(cat "$tmp/err")"; }
  done
done
check "every file convert writes reads back" $rt
# a collection of three games: the first is converted and the others are
# counted on stderr, not dropped without a word (issue 33)
printf '(;GM[2];B[f5])\n(;GM[2];B[d3])\n(;GM[2];B[c4])\n' >"$tmp/three.sgf"
"$OTHELLO" convert "$tmp/three.sgf" "$tmp/three.txt" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && [ "$(cat "$tmp/three.txt")" = "f5" ] &&
  grep -q "three.sgf holds 3 games; only the first is converted" "$tmp/err"
check "a collection of 3 games: the first is converted, the others counted" $?
printf '(;GM[2];B[f5])\n;B[d3])\n' >"$tmp/junk.sgf"
"$OTHELLO" convert "$tmp/junk.sgf" "$tmp/junk.txt" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "junk.sgf:2:1: unexpected text after the game" "$tmp/err"
check "text after the game is refused with its place" $?

tap_done
