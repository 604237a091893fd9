#!/bin/sh
# One translation unit of the coexistence check (tests/compile_check.sh): $2 the .c file written
# there, $1 the object of a translation unit holding the implementation (for TUs without it).
# Checked as C11 with clang (built, linked and run) and as C++17 with g++ (-fsyntax-only; the
# variants part of tests/compile_check.sh has every compiler and standard).
# Prints "[       OK ] name" or "[  FAILED  ] name" and the compiler's errors.
#
# Most orders of the headers give the same text once preprocessed (their guards make the later
# ones empty): each unit is preprocessed by both compilers with the warnings on (what only the
# preprocessor sees, e.g. a macro defined twice, fails there), and the first unit with a given
# text checks it (g++ -fsyntax-only on its own file, clang's object) for the others: they
# take that verdict and link and run that object (done/, named by compiler and the text's
# checksum). The checks run in parallel (xargs -P): a unit that finds a text being checked
# waits for that verdict.
impl_obj=$1; src=$2
name=$(basename "$src" .c)
done_dir=$(dirname "$src")/done
inc="-I. -Itests/compile -Itests/compile/pti_standin"
warn="-Wall -Wextra -Wpedantic -Werror"
log=${src%.c}.log
rm -f "$log"
mkdir -p "$done_dir"
# once KEY COMMAND...: COMMAND's exit status, from its run by the first unit that got to KEY
once() {
  k=$done_dir/$1; shift
  if mkdir "$k.lock" 2>/dev/null; then
    "$@" >>"$log" 2>&1; echo $? >"$k.tmp"; mv "$k.tmp" "$k.status"
  else
    echo "$name: $* as done for the same text ($k)" >>"$log"
    while [ ! -e "$k.status" ]; do sleep 0.1; done
  fi
  return "$(cat "$k.status")"
}
ok=1
for v in "clang -std=c11 -x c" "g++ -std=c++17 -x c++"; do
  # shellcheck disable=SC2086
  if $v $warn $inc -E -P "$src" -o "${src%.c}.i" >>"$log" 2>&1; then
    key=$(printf '%s\n' "$v" | cat - "${src%.c}.i" | grep -v '^[[:space:]]*$' | md5sum | cut -d' ' -f1)
    case $v in
    clang*) obj=$done_dir/$key.o # (its object, built below, is its check)
      ;;
    *) # shellcheck disable=SC2086
      once "$key" $v $warn $inc -fsyntax-only "$src" || { echo "$name: $v" >>"$log"; ok=0; } ;;
    esac
  else
    echo "$name: $v (preprocessing)" >>"$log"; ok=0
  fi
done
if [ $ok = 1 ]; then
  if grep -q PTI_CALLBACK_IMPLEMENTATION "$src"; then impl_obj=""; fi
  # shellcheck disable=SC2086
  once "${obj##*/}" clang -std=c11 $warn $inc -c "$src" -o "$obj" || { echo "$name: clang -std=c11" >>"$log"; ok=0; }
fi
if [ $ok = 1 ]; then
  clang "$obj" $impl_obj -o "${src%.c}" -ldl -lpthread >>"$log" 2>&1 &&
    "${src%.c}" >>"$log" 2>&1 || { echo "$name: build or run failed (exit $?)" >>"$log"; ok=0; }
fi
if [ $ok = 1 ]; then echo "[       OK ] coexist $name"
else echo "[  FAILED  ] coexist $name"; head -n 20 "$log"; fi
