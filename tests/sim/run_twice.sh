#!/bin/sh
# Runs one test binary of the simulated device in each environment the suite needs, since the
# loader reads ZE_ENABLE_* once per process: plain, under the tracing layer, and (for test_sim)
# with two devices. $VALGRIND, when set, prefixes every run. Each run prints its own cmocka
# summary; the exit status is non-zero if any run failed.
bin=$1
status=0
run() {
  echo "-- $* $bin"
  env "$@" $VALGRIND "$bin" || status=1
}
run ZE_ENABLE_TRACING_LAYER=0
run ZE_ENABLE_TRACING_LAYER=1
run ZE_SIM_DEVICES=2 ZE_SIM_FAIL=zeKernelSuggestMaxCooperativeGroupCount:1-2:ZE_RESULT_ERROR_DEVICE_LOST
exit $status
