#!/bin/sh
# engine-longline.sh — a GTP engine that answers genmove with one line of
# 5 MB: the match reports an overlong answer (not a silence).
while read -r cmd rest; do
  case $cmd in
    genmove) printf '= '; head -c 5000000 /dev/zero | tr '\0' x; printf '\n\n' ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done
