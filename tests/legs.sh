#!/bin/sh
# make test: the whole suite on the system's Level Zero loader, then again on the newest one
# (tools/newest_loader.sh, run through its own C runtime's dynamic loader, which every test
# wrapper applies like $VALGRIND), plus the tests only the newest loader can run. Ends with one
# "N passed, N failed" line covering both legs.
# Environment: ZE_NEW (the newest loader's root; the leg is skipped when it holds no loader),
# NEWEST_TEST_BINS (binaries for the newest leg only), ZE_NEW_REQUIRED=1 (a skipped newest leg
# counts as a failure: CI). Arguments: the suite's binaries.
here=$(cd "$(dirname "$0")" && pwd)
lib=$ZE_NEW/usr/lib/x86_64-linux-gnu
system_version=$(dpkg-query -W -f '${Version}' libze1 2>/dev/null)
passed=0; failed=0; status=0; subtotals=""

leg() { # name, runner prefix, binaries...
  name=$1; runner=$2; shift 2
  echo "==== $name"
  out=$(mktemp)
  VALGRIND=$runner sh "$here/run.sh" "$@" | tee "$out"
  last=$(tail -n 1 "$out")
  rm -f "$out"
  p=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
  f=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
  [ -n "$p" ] || { p=0; f=1; }
  passed=$((passed + p)); failed=$((failed + f))
  [ "$f" -eq 0 ] || status=1
  subtotals="$subtotals
  $name: $p passed, $f failed"
}

leg "system loader ${system_version:-?}" "" "$@"
if [ -x "$lib/ld-linux-x86-64.so.2" ] && [ -e "$lib/libze_loader.so.1" ]; then
  new_version=$(ls "$lib"/libze_loader.so.1.* | sed -n 's/.*\.so\.//p' | head -n 1)
  # shellcheck disable=SC2086
  leg "newest loader $new_version ($ZE_NEW)" "$lib/ld-linux-x86-64.so.2 --library-path $lib" "$@" $NEWEST_TEST_BINS
else
  subtotals="$subtotals
  newest loader: skipped (not fetched: see tools/newest_loader.sh above)"
  if [ "${ZE_NEW_REQUIRED:-0}" = 1 ]; then failed=$((failed + 1)); status=1; fi
fi
echo "==== both legs$subtotals"
echo "$passed passed, $failed failed"
exit $status
