#!/bin/bash
# CPU of the real app while bots play (salon --demo) in a window, as a share of one core over 30 s,
# split by thread: the app's own, Mesa's llvmpipe (software OpenGL, where SDL's window goes without a GPU)
# and the rest. Usage: DISPLAY=:99 tools/demo_cpu.sh 1920x1080 uragan [--paint-whole]
# (run under Xvfb: Xvfb :99 -screen 0 1920x1080x24 &; PYTHON=... picks the interpreter)
set -u
size=$1; game=$2; shift 2
export SDL_AUDIODRIVER=dummy
d=$(mktemp -d)
"${PYTHON:-python}" -m game --demo --game "$game" --size "$size" --data-dir "$d" --seed 7 "$@" >/dev/null 2>&1 &
pid=$!
sleep 8
snap() { for t in /proc/"$pid"/task/*; do echo "$(tr ' ' _ < "$t/comm") $(awk '{print $14+$15}' "$t/stat")"; done; }
snap > "$d.a0"; sleep 30; snap > "$d.a1"
kill "$pid"; wait "$pid" 2>/dev/null
paste "$d.a0" "$d.a1" | awk -v tck="$(getconf CLK_TCK)" -v args="$size $game $*" '{d=$4-$2; k=($1=="python"?"main+python":($1 ~ /llvmpipe/?"llvmpipe":"other")); s[k]+=d; tot+=d} END {printf "%s: all %.1f%%", args, tot/tck/30*100; for (k in s) printf ", %s %.1f%%", k, s[k]/tck/30*100; print ""}'
rm -rf "$d" "$d.a0" "$d.a1"
