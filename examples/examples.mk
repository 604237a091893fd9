# Examples (included by the top Makefile).
#
#   make examples     build them all
#   make demo-run     the sample workload under ze_trace, on the simulated device
#
#   build/workload                a Level Zero program to trace (two threads, immediate and
#                                 regular lists, three kinds of host synchronisation)
#   build/libze_trace.so          the profiler: LD_PRELOAD it into any Level Zero program
#   build/ze_trace                its launcher: build/ze_trace [options] PROGRAM [ARGS...]
#   build/minimal                 the smallest complete subscriber, with its own workload
#   build/external_correlation    a tool's own ids attached to GPU operations
#
# Their checks (examples/check/) run in `make test` through the run_* wrappers below.

EXAMPLE_BINS := $(BUILD)/workload $(BUILD)/libze_trace.so $(BUILD)/ze_trace $(BUILD)/minimal \
                $(BUILD)/external_correlation
EXAMPLE_HDRS := pti_callback.h pti_callback_impl.h

.PHONY: examples demo-run
examples: deps $(EXAMPLE_BINS)

$(BUILD)/workload: examples/workload.c | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< -lze_loader $(LDLIBS_T)

$(BUILD)/libze_trace.so: examples/ze_trace.c $(EXAMPLE_HDRS) | $(BUILD)
	$(CC) $(ALLCFLAGS) -fPIC -shared -o $@ $< $(LDLIBS_T)

$(BUILD)/ze_trace: examples/ze_trace_launch.c | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $<

$(BUILD)/minimal: examples/minimal.c $(EXAMPLE_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader $(LDLIBS_T)

$(BUILD)/external_correlation: examples/external_correlation.c $(EXAMPLE_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader $(LDLIBS_T)

DEMO_RUN := $(RUN_ENV) ./$(BUILD)/ze_trace --merge -o $(BUILD)/trace.json ./$(BUILD)/workload
# Two tools in one process: the examples' own subscribers under ze_trace (README, "Several
# tools in one process"); each checks itself and prints OK.
DEMO_TWO := $(RUN_ENV) ./$(BUILD)/ze_trace -q
demo-run: $(BUILD)/workload $(BUILD)/libze_trace.so $(BUILD)/ze_trace $(BUILD)/minimal \
    $(BUILD)/external_correlation $(ZE_SIM)
	@echo '$(DEMO_RUN)'
	@$(DEMO_RUN)
	@echo '$(DEMO_TWO) ./$(BUILD)/minimal'
	@$(DEMO_TWO) ./$(BUILD)/minimal | tail -n 1
	@echo '$(DEMO_TWO) ./$(BUILD)/external_correlation'
	@$(DEMO_TWO) ./$(BUILD)/external_correlation | tail -n 1

# ---- checks ----

# Preloaded next to libze_trace.so by the check: writes the simulated device's own log of
# completed commands, the reference for the trace's timestamps.
$(BUILD)/libsim_log.so: examples/check/sim_log.c tests/sim/ze_sim.h | $(BUILD)
	$(CC) $(ALLCFLAGS) -fPIC -shared -o $@ $< $(LDLIBS_T)

$(BUILD)/run_ze_trace_check: examples/check/ze_trace_check.py $(BUILD)/workload \
    $(BUILD)/libze_trace.so $(BUILD)/libsim_log.so $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec $(PYTHON) %s %s %s %s\n' "$(abspath examples/check/ze_trace_check.py)" \
	  "$(abspath $(BUILD)/workload)" "$(abspath $(BUILD)/libze_trace.so)" \
	  "$(abspath $(BUILD)/libsim_log.so)" > $@
	chmod +x $@

$(BUILD)/run_examples_check: examples/check/examples_check.sh $(BUILD)/minimal \
    $(BUILD)/external_correlation $(BUILD)/libze_trace.so $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s %s\n' "$(abspath examples/check/examples_check.sh)" \
	  "$(abspath $(BUILD)/minimal)" "$(abspath $(BUILD)/external_correlation)" \
	  "$(abspath $(BUILD)/libze_trace.so)" > $@
	chmod +x $@

# Preloaded into the launcher by its check: getpid() returns $FIXED_PID, a pid reused on demand.
$(BUILD)/libfixed_pid.so: examples/check/fixed_pid.c | $(BUILD)
	$(CC) $(ALLCFLAGS) -fPIC -shared -o $@ $<

# The launcher's files when runs meet: concurrent merges, a reused pid, odd names, damaged
# traces, the event count (examples/check/launcher_check.sh; system loader leg).
$(BUILD)/run_launcher_check: examples/check/launcher_check.sh $(BUILD)/ze_trace $(BUILD)/libze_trace.so \
    $(BUILD)/workload $(BUILD)/libfixed_pid.so $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s %s\n' "$(abspath examples/check/launcher_check.sh)" \
	  "$(abspath $(BUILD)/ze_trace)" "$(abspath $(BUILD)/workload)" \
	  "$(abspath $(BUILD)/libfixed_pid.so)" > $@
	chmod +x $@

TEST_BINS += $(BUILD)/run_ze_trace_check $(BUILD)/run_examples_check $(BUILD)/run_launcher_check

# ze_trace's launcher and per-process output (tests/trace/trace_check.sh); on the newest leg
# also calls with pti-callback's own api ids (own_ids.c, built against the newest headers).
$(BUILD)/run_trace_check: tests/trace/trace_check.sh tests/trace/trace_json.py $(BUILD)/ze_trace \
    $(BUILD)/libze_trace.so $(BUILD)/workload $(BUILD)/itt_client $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s\n' "$(abspath tests/trace/trace_check.sh)" "$(abspath $(BUILD))" > $@
	chmod +x $@

$(BUILD)/own_ids: tests/trace/own_ids.c $(ZE_NEW_STAMP) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(NEWEST_CFLAGS) -o $@ $< $(NEWEST_LDLIBS)

$(BUILD)/run_trace_own_ids: tests/trace/trace_check.sh tests/trace/trace_json.py $(BUILD)/own_ids \
    $(BUILD)/ze_trace $(BUILD)/libze_trace.so | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s\n' "$(abspath tests/trace/trace_check.sh)" "$(abspath $(BUILD))" \
	  "$(abspath $(BUILD)/own_ids)" > $@
	chmod +x $@

TEST_BINS += $(BUILD)/run_trace_check
NEWEST_TEST_BINS += $(BUILD)/run_trace_own_ids
