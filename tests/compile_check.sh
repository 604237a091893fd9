#!/bin/sh
# Compile-only checks, in three parts that make runs as separate jobs (tests/tests.mk):
#
#   compile_check.sh coexist   the header beside Intel PTI's headers, in every order (stand-ins in
#                              tests/compile/pti_standin, see below)
#   compile_check.sh variants  the header pair in C99, C11, C++11 and C++17 with gcc and clang,
#                              -Wall -Wextra -Wpedantic -Werror, against the system's Level Zero
#                              headers (spec 1.4): the header included twice, two translation units
#                              of which one defines the implementation; one variant per compiler
#                              linked and run, the others checked without code (-fsyntax-only);
#                              built as a shared library (the TLS model)
#   compile_check.sh newest    the same variants against the newest headers (spec 1.17, as a plain
#                              -I folder, when tools/newest_loader.sh has fetched them); the
#                              generated tables and pti_callback_impl.h up to date; PTIC_NO_OPENCL
#
# No part argument: all three, one after the other. Each prints its results and cmocka-style
# summary lines for tests/run.sh. Objects, programs and logs go to $BUILD/compile.
part=${1:-all}
if [ "$part" = all ]; then
  status=0
  for p in coexist variants newest; do sh "$0" "$p" || status=1; done
  exit $status
fi
out=${BUILD:-build}/compile
mkdir -p "$out"
newest=build/zenew/root/usr/include
log=$out/$part.log
: >"$log"; rm -f "$log.2"

ok() { echo "[       OK ] $1" >>"$log"; }
failed() { echo "[  FAILED  ] $1" >>"$log"; }
check() { # name, compiler, std, lang[, extra flags]
  name=$1; cc=$2; std=$3; lang=$4
  if ! command -v "$cc" >/dev/null 2>&1; then echo "skip $name ($cc missing)" >>"$log"; return; fi
  flags="-std=$std -Wall -Wextra -Wpedantic -Werror -I. $5 -c"
  if [ "$syntax_only" = 1 ]; then # the warnings, without code (each compiler links and runs elsewhere)
    if $cc $flags -fsyntax-only -x "$lang" tests/compile/tu_impl.c &&
       $cc $flags -fsyntax-only -x "$lang" tests/compile/tu_user.c; then ok "$name (syntax)"; else failed "$name"; fi
    return
  fi
  if $cc $flags -x "$lang" tests/compile/tu_impl.c -o "$out/$name-impl.o" &&
     $cc $flags -x "$lang" tests/compile/tu_user.c -o "$out/$name-user.o" &&
     $cc "$out/$name-impl.o" "$out/$name-user.o" -o "$out/$name" -ldl -lpthread &&
     "$out/$name"; then
    ok "$name"
  else
    failed "$name"
  fi
} >>"$log" 2>&1
syntax_only=0
syntax() { syntax_only=1; check "$@"; syntax_only=0; } # check, without code
# built as a shared library (a tool for LD_PRELOAD): the hot thread-local is initial-exec, so
# the library needs no __tls_get_addr; PTIC_TLS_MODEL="global-dynamic" builds too
so_check() { # name, extra flags, whether __tls_get_addr may be used (0/1)
  name=$1; extra=$2; may=$3
  if gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -I. -fPIC -shared $extra tests/compile/tu_impl.c \
       -o "$out/$name.so" -ldl -lpthread; then
    uses=0
    nm -D "$out/$name.so" | grep -q ' U __tls_get_addr' && uses=1
    if [ "$may" = 1 ] || [ "$uses" = 0 ]; then
      ok "$name"; return
    fi
    echo "$name: the shared library calls __tls_get_addr"
  fi
  failed "$name"
} >>"$log" 2>&1

case $part in
variants) # in two halves at once (the second's log appended when it is done)
  ( log=$log.2; : >"$log"
    syntax gcc-c99 gcc c99 c; check g++-c++11 g++ c++11 c++; check clang-c99 clang c99 c
    syntax clang++-c++17 clang++ c++17 c++; so_check gcc-shared-initial-exec "" 0 ) &
  check gcc-c11 gcc c11 c; syntax g++-c++17 g++ c++17 c++; syntax clang-c11 clang c11 c
  check clang++-c++11 clang++ c++11 c++
  so_check gcc-shared-global-dynamic "-DPTIC_TLS_MODEL=\"global-dynamic\"" 1
  wait; cat "$log.2" >>"$log"
  ;;
newest)
  if [ -f "$newest/level_zero/ze_api.h" ]; then
    ( log=$log.2; : >"$log"
      syntax gcc-c99-spec1.17 gcc c99 c "-I$newest"; syntax clang-c99-spec1.17 clang c99 c "-I$newest"
      check clang++-c++17-spec1.17 clang++ c++17 c++ "-I$newest" ) &
    check gcc-c11-spec1.17 gcc c11 c "-I$newest"; syntax clang-c11-spec1.17 clang c11 c "-I$newest"
    syntax g++-c++17-spec1.17 g++ c++17 c++ "-I$newest"
  else
    echo "skip the spec 1.17 header checks (no $newest: tools/newest_loader.sh fetches it)" >>"$log"
  fi
  {
  # the generated tables agree with the generator run on the newest headers
  if [ ! -f "$newest/level_zero/ze_api.h" ]; then
    echo "skip: generated tables up to date (no $newest)"
  elif python3 tools/gen_ze_tables.py --check --include "$newest/level_zero"; then
    ok "generated tables up to date"
  else
    failed "generated tables up to date"
  fi
  # the OpenCL tables agree with the generator run on the OpenCL headers
  if [ ! -f /usr/include/CL/cl_icd.h ]; then
    echo "skip: OpenCL tables up to date (no CL/cl_icd.h)"
  elif python3 tools/gen_cl_tables.py --check; then
    ok "OpenCL tables up to date"
  else
    failed "OpenCL tables up to date"
  fi
  # pti_callback_impl.h is what tools/amalgamate.py makes from src/
  if python3 tools/amalgamate.py --check; then
    ok "pti_callback_impl.h made from src/"
  else
    failed "pti_callback_impl.h made from src/"
  fi
  } >>"$log" 2>&1
  # without the OpenCL backend (PTIC_NO_OPENCL): Level Zero alone compiles warning-free
  if gcc -std=c11 -Wall -Wextra -Wpedantic -Werror -I. -DPTIC_NO_OPENCL -c -x c tests/compile/tu_impl.c \
       -o "$out/no-opencl.o" >>"$log" 2>&1; then
    ok PTIC_NO_OPENCL
  else
    failed PTIC_NO_OPENCL
  fi
  wait; [ ! -f "$log.2" ] || cat "$log.2" >>"$log"
  ;;
coexist)
  # beside Intel PTI's headers: stand-ins with PTI's guards, names and values
  # (tests/compile/pti_standin/pti), each before and after pti_callback.h, with the implementation
  # defined before and after them; PTI's test order (pti_callback.h, pti_view.h) and all at once;
  # with PTIC_NO_PTI_INCLUDE where this header comes first (PTI's pti_view.h then cannot follow).
  # Each translation unit is checked by tests/compile/coexist_one.sh, one per core at a time.
  co=$out/coexist
  rm -rf "$co"; mkdir -p "$co/obj"
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
  # (the implementation alone, linked into the units without it)
  if clang -std=c11 -I. -c tests/compile/tu_impl.c -o "$co/impl.o" >>"$log" 2>&1; then
    ls "$co"/*.c | xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 sh tests/compile/coexist_one.sh "$co/impl.o" >>"$log" 2>&1
  else
    failed "coexist (the implementation alone)"
  fi
  ;;
*) echo "compile_check.sh: no part $part (coexist, variants, newest)"; exit 2 ;;
esac

cat "$log"
pass=$(grep -c '^\[       OK \]' "$log")
fail=$(grep -c '^\[  FAILED  \]' "$log")
echo "[  PASSED  ] $pass test(s)."
[ "$fail" -eq 0 ] || { echo "[  FAILED  ] $fail test(s), listed below:"; sed -n 's/^\[  FAILED  \] /  /p' "$log"; exit 1; }
