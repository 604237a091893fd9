#!/bin/sh
# Runs tests/test_tracing_on.c in every environment: ZE_ENABLE_TRACING_LAYER unset, 0 or 1, and
# the library or the application first to call zeInit. $1: the test built as usual, $2: built
# with PTIC_NO_ENV_CONSTRUCTOR (the variable stays unset). With the variable at 1 every loader
# must trace; otherwise the enable may fail, but only with PTI_ERROR_TRACING_NOT_INITIALIZED
# and no record. $VALGRIND, when set, prefixes every run.
status=0
run() { # value of ZE_ENABLE_TRACING_LAYER (- for unset), binary, who first, must/may
  echo "-- ZE_ENABLE_TRACING_LAYER=$1 $3 first ($4 succeed)"
  if [ "$1" = - ]; then env -u ZE_ENABLE_TRACING_LAYER $VALGRIND "$2" "$3" "$4" || status=1
  else env ZE_ENABLE_TRACING_LAYER="$1" $VALGRIND "$2" "$3" "$4" || status=1; fi
}
for who in lib app; do
  run 1 "$1" $who must
  run 0 "$1" $who may
  run - "$2" $who may
  run - "$1" $who must # the library's constructor sets the variable
done
exit $status
