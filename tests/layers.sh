#!/bin/sh
# layers.sh — the walls between the layers of src/ (src/README): each layer is
# compiled with an include path that holds only itself and the layers below
# it, so a header from above does not compile. Every header of a layer also
# compiles alone with its layer's path (it includes what it uses).
#
# The include paths come from the Makefile (ENGINE_INCLUDES ...); run by hand,
# they default to the source tree's folders.
. "${TOP_SRCDIR:-$(dirname "$0")/..}/tests/tap.sh"
: "${TOP_SRCDIR:=$(dirname "$0")/..}"
: "${CC:=cc}"
src=$TOP_SRCDIR/src
: "${ENGINE_INCLUDES:=-I$src/engine}"
: "${GAME_INCLUDES:=$ENGINE_INCLUDES -I$src/game}"
: "${BATCH_INCLUDES:=$GAME_INCLUDES -I$src/batch}"
: "${UI_INCLUDES:=$GAME_INCLUDES -I$src/ui}"
: "${NET_INCLUDES:=$BATCH_INCLUDES -I$src/net}"

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# compiles LAYER-INCLUDES HEADER: 0 when a file holding only `#include "HEADER"` compiles.
compiles() {
  printf '#include "%s"\nint layers_probe(void);\nint layers_probe(void) { return 0; }\n' "$2" >"$tmp/probe.c"
  # shellcheck disable=SC2086
  $CC -std=gnu11 -fsyntax-only $1 "$tmp/probe.c" 2>"$tmp/err"
}

headers() { # headers FOLDER: the header names of one layer
  for h in "$src/$1"/*.h; do basename "$h"; done
}

# Each layer's own headers compile with its own include path.
for layer in engine game batch ui net; do
  case $layer in
    engine) inc=$ENGINE_INCLUDES ;; game) inc=$GAME_INCLUDES ;;
    batch) inc=$BATCH_INCLUDES ;; ui) inc=$UI_INCLUDES ;; net) inc=$NET_INCLUDES ;;
  esac
  bad=
  for h in $(headers $layer); do compiles "$inc" "$h" || bad="$bad $h"; done
  [ -z "$bad" ] || echo "# not self-contained in $layer:$bad"
  check "every $layer header compiles alone with the $layer include path" "$([ -z "$bad" ]; echo $?)"
done

# refused INCLUDES LAYER FOLDER...: no header of FOLDER compiles with LAYER's path.
refused() {
  inc=$1; layer=$2; shift 2
  for folder in "$@"; do
    leaked=
    for h in $(headers "$folder"); do
      if compiles "$inc" "$h"; then
        leaked="$leaked $h"
      elif ! grep -q "$h" "$tmp/err"; then
        leaked="$leaked $h(failed-for-another-reason)"
      fi
    done
    [ -z "$leaked" ] || echo "# $layer reaches $folder:$leaked"
    check "code of the $layer layer cannot include a $folder header" "$([ -z "$leaked" ]; echo $?)"
  done
}
refused "$ENGINE_INCLUDES" engine game batch ui net cli
refused "$GAME_INCLUDES" game batch ui net cli
refused "$BATCH_INCLUDES" batch ui net cli
refused "$UI_INCLUDES" ui batch net cli
refused "$NET_INCLUDES" net ui cli

# libevent is the server's alone: no file outside src/net (and the cli's
# `serve`, which only calls it) includes it.
out=$(grep -lE '#include *<event2/' "$src"/engine/* "$src"/game/* "$src"/batch/* "$src"/ui/* "$src"/cli/* 2>/dev/null)
[ -z "$out" ] || echo "# libevent outside src/net: $out"
check "libevent is included only in src/net" "$([ -z "$out" ]; echo $?)"

# No file of src/engine, src/game or src/ui names a curses or readline header
# outside src/ui, and no file outside src/cli and src/ui includes the screen.
out=$(grep -lE '#include *<(n?curses|ncursesw/|readline/)' "$src"/engine/* "$src"/game/* "$src"/batch/* "$src"/net/* "$src"/cli/* 2>/dev/null)
[ -z "$out" ] || echo "# curses or readline outside src/ui: $out"
check "curses and readline are included only in src/ui" "$([ -z "$out" ]; echo $?)"

# Nothing outside src/ui reaches curses or readline through any header (the
# screen's ui.h included) but cli-play.c and cli-join.c, which run the screen: each file's
# dependencies with the program's include path, where -MG names a header it
# cannot find instead of failing. `othello script` prints `help keys` from
# the curses-free key map (src/game/keymap.h).
: "${CLI_INCLUDES:=$NET_INCLUDES -I$src/ui -I$src/cli}"
pulled=
for f in "$src"/engine/*.c "$src"/game/*.c "$src"/batch/*.c "$src"/net/*.c "$src"/cli/*.c; do
  case ${f##*/} in cli-play.c | cli-join.c) continue ;; esac
  # shellcheck disable=SC2086
  if ! $CC -std=gnu11 -M -MG $CLI_INCLUDES "$f" >"$tmp/deps" 2>"$tmp/err"; then
    pulled="$pulled ${f#"$src"/}(no-deps)"
  elif tr ' \\' '\n\n' <"$tmp/deps" | grep -qE '(^|/)(n?curses|ui|cmdbar)\.h$|(^|/)n?cursesw?/|(^|/)readline/'; then
    pulled="$pulled ${f#"$src"/}"
  fi
done
[ -z "$pulled" ] || echo "# curses, readline or the screen reached from:$pulled"
check "no file outside src/ui but cli-play.c and cli-join.c pulls in curses, readline or the screen" "$([ -z "$pulled" ]; echo $?)"

tap_done
