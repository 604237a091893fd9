#!/bin/sh
# One translation unit of the coexistence check (tests/compile_check.sh): $2 the .c file written
# there, $1 the object of a translation unit holding the implementation (for TUs without it).
# Checked in C99, C11, C++11 and C++17 with gcc and clang (-fsyntax-only), then built with clang,
# linked and run. Prints "[       OK ] name" or "[  FAILED  ] name" and the compiler's errors.
impl_obj=$1; src=$2
name=$(basename "$src" .c)
inc="-I. -Itests/compile -Itests/compile/pti_standin"
warn="-Wall -Wextra -Wpedantic -Werror"
log=${src%.c}.log
rm -f "$log"
ok=1
for v in "gcc -std=c99 -x c" "clang -std=c11 -x c" "g++ -std=c++17 -x c++" "clang++ -std=c++11 -x c++"; do
  # shellcheck disable=SC2086
  $v $warn $inc -fsyntax-only "$src" >>"$log" 2>&1 || { echo "$name: $v" >>"$log"; ok=0; }
done
if [ $ok = 1 ]; then
  if grep -q PTI_CALLBACK_IMPLEMENTATION "$src"; then impl_obj=""; fi
  # shellcheck disable=SC2086
  clang -std=c11 $warn $inc -c "$src" -o "${src%.c}.o" >>"$log" 2>&1 &&
    clang "${src%.c}.o" $impl_obj -o "${src%.c}" -ldl -lpthread >>"$log" 2>&1 &&
    "${src%.c}" >>"$log" 2>&1 || { echo "$name: build or run failed (exit $?)" >>"$log"; ok=0; }
fi
if [ $ok = 1 ]; then echo "[       OK ] coexist $name"
else echo "[  FAILED  ] coexist $name"; head -n 20 "$log"; fi
