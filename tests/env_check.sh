#!/bin/sh
# Runs tests/test_env.c in each environment (one process each; the loader reads its
# environment once). $1: the test_env binary, $2: the same built with a missing loader name.
# $VALGRIND, when set, prefixes every run.
status=0
run() { # VAR=value (or -), binary, mode
  echo "-- $1 $2 $3"
  if [ "$1" = - ]; then $VALGRIND "$2" "$3" || status=1
  else env "$1" $VALGRIND "$2" "$3" || status=1; fi
}
run - "$1" idle
run ZE_ENABLE_ALT_DRIVERS=/nonexistent/libze_none.so "$1" nodriver
run ZE_ENABLE_TRACING_LAYER=0 "$1" notracing
run - "$2" noloader
exit $status
