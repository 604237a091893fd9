#!/bin/sh
# make test: the whole suite on the system's Level Zero loader and, at the same time (one pool
# of TEST_JOBS, tests/run.sh), on the newest one (tools/newest_loader.sh, run through its own C
# runtime's dynamic loader, which every test wrapper applies like $VALGRIND), plus the tests only
# the newest loader can run. Each test's output is one block headed "== [LEG] TEST". Ends with
# each leg's count, the wall time of the whole `make test` and one "N passed, N failed" line
# covering both legs.
# Environment: ZE_NEW (the newest loader's root; the leg is skipped when it holds no loader),
# NEWEST_TEST_BINS (binaries for the newest leg only), SYSTEM_LEG_TEST_BINS (for the system leg
# only: those that do not use Level Zero, the OpenCL group's), ZE_NEW_REQUIRED=1 (a skipped newest leg
# counts as a failure: CI), TEST_T0 (when `make test` started, in seconds since the epoch;
# default: now), and tests/run.sh's TEST_JOBS, TEST_ALONE, TEST_FIRST, TEST_TIMEOUT.
# Arguments: the suite's binaries.
here=$(cd "$(dirname "$0")" && pwd)
t0=${TEST_T0:-$(date +%s)}
lib=$ZE_NEW/usr/lib/x86_64-linux-gnu
system_version=$(dpkg-query -W -f '${Version}' libze1 2>/dev/null)
name_system="system loader ${system_version:-?}"
tally=$(mktemp) || exit 1
trap 'rm -f "$tally"' EXIT

if [ -x "$lib/ld-linux-x86-64.so.2" ] && [ -e "$lib/libze_loader.so.1" ]; then
  new_version=$(ls "$lib"/libze_loader.so.1.* | sed -n 's/.*\.so\.//p' | head -n 1)
  name_newest="newest loader $new_version ($ZE_NEW)"
  echo "==== [system] $name_system, [newest] $name_newest"
  # shellcheck disable=SC2086
  RUN_TALLY=$tally sh "$here/run.sh" -l system "" "$@" $SYSTEM_LEG_TEST_BINS \
    -l newest "$lib/ld-linux-x86-64.so.2 --library-path $lib" "$@" $NEWEST_TEST_BINS
else
  echo "==== [system] $name_system"
  # shellcheck disable=SC2086
  RUN_TALLY=$tally sh "$here/run.sh" -l system "" "$@" $SYSTEM_LEG_TEST_BINS
fi
status=$?

passed=0; failed=0; subtotals=""
while read -r leg p f; do
  eval "name=\$name_$leg"
  passed=$((passed + p)); failed=$((failed + f))
  subtotals="$subtotals
  $name: $p passed, $f failed"
done <"$tally"
if [ -z "$name_newest" ]; then
  subtotals="$subtotals
  newest loader: skipped (not fetched: see tools/newest_loader.sh above)"
  if [ "${ZE_NEW_REQUIRED:-0}" = 1 ]; then failed=$((failed + 1)); status=1; fi
fi
[ -s "$tally" ] || { failed=$((failed + 1)); status=1; } # run.sh did not get to its end
s=$(($(date +%s) - t0))
echo "==== both legs$subtotals"
what="the test run"; [ -z "$TEST_T0" ] || what="make test"
echo "wall time of $what: $((s / 60)) min $((s % 60)) s"
echo "$passed passed, $failed failed"
exit $status
