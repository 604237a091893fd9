#!/bin/sh
# Compile-only checks: the header pair in C99, C11, C++11 and C++17 with gcc and clang,
# -Wall -Wextra -Wpedantic -Werror, against the system's Level Zero headers (spec 1.4) and, when
# tools/newest_loader.sh has fetched them, the newest ones (spec 1.17, as a plain -I folder);
# the header included twice; two translation units of which one defines the implementation.
# Each variant links and runs a tiny program. Then the header beside Intel PTI's headers, in
# every order (stand-ins in tests/compile/pti_standin, see below). The variants build in the
# background while the coexistence checks run (xargs -P), each part's results printed in order.
# Prints cmocka-style summary lines for tests/run.sh.
out=${BUILD:-build}/compile
mkdir -p "$out"
pass=0; fail=0; failed=""
newest=build/zenew/root/usr/include
check() { # name, compiler, std, lang[, extra flags]
  name=$1; cc=$2; std=$3; lang=$4
  if ! command -v "$cc" >/dev/null 2>&1; then echo "skip $name ($cc missing)"; return; fi
  flags="-std=$std -Wall -Wextra -Wpedantic -Werror -I. $5 -c"
  if $cc $flags -x "$lang" tests/compile/tu_impl.c -o "$out/$name-impl.o" &&
     $cc $flags -x "$lang" tests/compile/tu_user.c -o "$out/$name-user.o" &&
     $cc "$out/$name-impl.o" "$out/$name-user.o" -o "$out/$name" -ldl -lpthread &&
     "$out/$name"; then
    echo "[       OK ] $name"
  else
    echo "[  FAILED  ] $name"
  fi
}
{ # the variants, in the background
for cc in gcc clang; do
  check "$cc-c99" $cc c99 c
  check "$cc-c11" $cc c11 c
done
for cxx in g++ clang++; do
  check "$cxx-c++11" $cxx c++11 c++
  check "$cxx-c++17" $cxx c++17 c++
done
if [ -f "$newest/level_zero/ze_api.h" ]; then
  for cc in gcc clang; do
    check "$cc-c99-spec1.17" $cc c99 c "-I$newest"
    check "$cc-c11-spec1.17" $cc c11 c "-I$newest"
  done
  for cxx in g++ clang++; do check "$cxx-c++17-spec1.17" $cxx c++17 c++ "-I$newest"; done
else
  echo "skip the spec 1.17 header checks (no $newest: tools/newest_loader.sh fetches it)"
fi
# built as a shared library (a tool for LD_PRELOAD): the hot thread-local is initial-exec, so
# the library needs no __tls_get_addr; PTIC_TLS_MODEL="global-dynamic" builds too
so_check() { # name, extra flags, whether __tls_get_addr may be used (0/1)
  name=$1; extra=$2; may=$3
  if gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -I. -fPIC -shared $extra tests/compile/tu_impl.c \
       -o "$out/$name.so" -ldl -lpthread; then
    uses=0
    nm -D "$out/$name.so" | grep -q ' U __tls_get_addr' && uses=1
    if [ "$may" = 1 ] || [ "$uses" = 0 ]; then
      echo "[       OK ] $name"; return
    fi
    echo "$name: the shared library calls __tls_get_addr"
  fi
  echo "[  FAILED  ] $name"
}
so_check gcc-shared-initial-exec "" 0
so_check gcc-shared-global-dynamic "-DPTIC_TLS_MODEL=\"global-dynamic\"" 1
} >"$out/variants.log" 2>&1 & # (counted from its lines once it is done, below)
variants=$!
# the generated tables agree with the generator run on the newest headers
{
if [ ! -f "$newest/level_zero/ze_api.h" ]; then
  echo "skip: generated tables up to date (no $newest)"
elif python3 tools/gen_ze_tables.py --check --include "$newest/level_zero"; then
  echo "[       OK ] generated tables up to date"
else
  echo "[  FAILED  ] generated tables up to date"
fi
# the OpenCL tables agree with the generator run on the OpenCL headers
if [ ! -f /usr/include/CL/cl_icd.h ]; then
  echo "skip: OpenCL tables up to date (no CL/cl_icd.h)"
elif python3 tools/gen_cl_tables.py --check; then
  echo "[       OK ] OpenCL tables up to date"; pass=$((pass + 1))
else
  echo "[  FAILED  ] OpenCL tables up to date"; fail=$((fail + 1))
fi
# without the OpenCL backend (PTIC_NO_OPENCL): Level Zero alone compiles warning-free
if gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -I. -DPTIC_NO_OPENCL -c -x c tests/compile/tu_impl.c -o "$out/no-opencl.o"; then
  echo "[       OK ] PTIC_NO_OPENCL"; pass=$((pass + 1))
else
  echo "[  FAILED  ] PTIC_NO_OPENCL"; fail=$((fail + 1))
fi
# pti_callback_impl.h is what tools/amalgamate.py makes from src/
if python3 tools/amalgamate.py --check; then
  echo "[       OK ] pti_callback_impl.h made from src/"
else
  echo "[  FAILED  ] pti_callback_impl.h made from src/"
fi
} >"$out/tables.log" 2>&1
# beside Intel PTI's headers: stand-ins with PTI's guards, names and values
# (tests/compile/pti_standin/pti), each before and after pti_callback.h, with the implementation
# defined before and after them; PTI's test order (pti_callback.h, pti_view.h) and all at once;
# with PTIC_NO_PTI_INCLUDE where this header comes first (PTI's pti_view.h then cannot follow).
co=$out/coexist
rm -rf "$co"; mkdir -p "$co"
OURS='#include "pti_callback.h"'
IMPL='#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"'
NOINC='#define PTIC_NO_PTI_INCLUDE'
ALL='#include "pti/pti_callback.h"
#include "pti/pti_view.h"
#include "pti/pti.h"
#include "pti/pti_driver_levelzero_api_ids.h"
#include "pti/pti_version.h"
#include "pti/pti_export.h"'
tu() { # name, lines of the translation unit before tests/compile/coexist_body.h
  f="$co/$1.c"; shift
  for l in "$@"; do printf '%s\n' "$l"; done > "$f"
  echo '#include "coexist_body.h"' >> "$f"
}
for h in pti_export pti_version pti pti_driver_levelzero_api_ids pti_view pti_callback; do
  H="#include \"pti/$h.h\""
  tu "$h-impl" "$H" "$IMPL"
  tu "impl-$h" "$IMPL" "$H"
  tu "ours-$h-impl" "$OURS" "$H" "$IMPL"
  tu "$h-ours" "$H" "$OURS"
  tu "ours-$h" "$OURS" "$H"
  case $h in pti_view|pti_callback) continue ;; esac
  tu "noinc-impl-$h" "$NOINC" "$IMPL" "$H"
  tu "noinc-ours-$h-impl" "$NOINC" "$OURS" "$H" "$IMPL"
  tu "noinc-ours-$h" "$NOINC" "$OURS" "$H"
done
tu "all-impl" "$ALL" "$IMPL"
tu "impl-all" "$IMPL" "$ALL"
tu "ours-all-impl" "$OURS" "$ALL" "$IMPL"
tu "all-ours" "$ALL" "$OURS"
tu "static-impl-all" "#define PTI_STATIC_DEFINE" "$IMPL" "$ALL"
tu "static-noinc-impl-export" "#define PTI_STATIC_DEFINE" "$NOINC" "$IMPL" '#include "pti/pti_export.h"'
if gcc -std=c11 -I. -c tests/compile/tu_impl.c -o "$co/impl.o"; then
  ls "$co"/*.c | xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 sh tests/compile/coexist_one.sh "$co/impl.o" > "$co/results" 2>&1
else
  echo "[  FAILED  ] coexist (the implementation alone)" > "$co/results"
fi
wait "$variants"
cat "$out/variants.log" "$out/tables.log" "$co/results"
for log in "$out/variants.log" "$out/tables.log"; do
  pass=$((pass + $(grep -c '^\[       OK \]' "$log")))
  fail=$((fail + $(grep -c '^\[  FAILED  \]' "$log")))
  failed="$failed$(sed -n 's/^\[  FAILED  \] / /p' "$log" | tr -d '\n')"
done
pass=$((pass + $(grep -c '^\[       OK \]' "$co/results")))
cf=$(grep -c '^\[  FAILED  \]' "$co/results")
fail=$((fail + cf))
[ "$cf" -eq 0 ] || failed="$failed coexist($cf)"
echo "[  PASSED  ] $pass test(s)."
[ "$fail" -eq 0 ] || { echo "[  FAILED  ] $fail test(s), listed below:$failed"; exit 1; }
