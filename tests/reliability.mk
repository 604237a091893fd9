# tests/reliability.mk - reliability tests (included by the top Makefile):
#
#   $(BUILD)/test_stress    threads appending while subscribers churn; exactly-once completion
#   $(BUILD)/run_stress_inorder  the same with every thread on in-order lists, counter-based events
#   $(BUILD)/test_badinput  every public function with bad arguments, and calls from callbacks
#   $(BUILD)/test_faults    Level Zero calls the library makes failing, one function at a time
#   $(BUILD)/test_fork      fork() after subscribing
#   $(BUILD)/test_diff      one workload run without and with the library: identical results
#   $(BUILD)/fuzz_replay    the fuzzer's seed corpus replayed (any compiler, any sanitizer)
#   $(BUILD)/fuzz_replay_newest  the same with today's calls (newest loader's leg)
#   $(BUILD)/test_config    environment variables parsed strictly; the library after its destructor
#   $(BUILD)/test_throw     the implementation compiled as C++, a callback that throws
#   $(BUILD)/test_memory    library memory per pending operation; memory given back after a backlog
#
#   make stress                       the full stress run (1 M appends, 10 k churn rounds), half the
#                                     threads in order, then all in order with counter-based events
#   make fuzz [FUZZ_SECONDS=600]      libFuzzer (clang) on tests/fuzz/fuzz_api.c, on the system's loader
#                                     and then (FUZZ_NEWEST, today's calls) on the newest
#
# The stress test reads STRESS_APPENDS, STRESS_ROUNDS, STRESS_THREADS, STRESS_INORDER and STRESS_TIMEOUT; the
# defaults keep `make test` (and its sanitizer runs) short.

REL_DEPS := $(TEST_COMMON) tests/sim/ze_sim.h tests/reliability.mk

$(BUILD)/test_stress: tests/test_stress.c $(REL_DEPS) $(IMPL_O) | $(BUILD) $(ZE_SIM)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/test_badinput: tests/test_badinput.c $(REL_DEPS) | $(BUILD) $(ZE_SIM)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/test_faults: tests/test_faults.c $(REL_DEPS) $(IMPL_O) | $(BUILD) $(ZE_SIM)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/test_fork: tests/test_fork.c $(REL_DEPS) $(IMPL_O) | $(BUILD) $(ZE_SIM)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/test_diff: tests/test_diff.c $(REL_DEPS) $(IMPL_O) | $(BUILD) $(ZE_SIM)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/test_config: tests/test_config.c $(REL_DEPS) | $(BUILD) $(ZE_SIM)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/test_memory: tests/test_memory.c $(REL_DEPS) | $(BUILD) $(ZE_SIM)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/test_throw: tests/test_throw.cpp $(REL_DEPS) | $(BUILD) $(ZE_SIM)
	$(CXX_T) -std=c++11 $(WARN) $(CFLAGS) $(SANFLAGS) $(TEST_OPT) -I. -Itests -Itests/sim -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

FUZZ_CORPUS := $(abspath tests/fuzz/corpus)

$(BUILD)/fuzz_replay: tests/fuzz/fuzz_api.c $(REL_DEPS) $(IMPL_O) | $(BUILD) $(ZE_SIM)
	$(CC) $(ALLCFLAGS) -DFUZZ_REPLAY_MAIN '-DFUZZ_CORPUS_DIR="$(FUZZ_CORPUS)"' -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

# the stress test again with every thread on in-order lists and counter-based events
$(BUILD)/run_stress_inorder: $(BUILD)/test_stress | $(BUILD)
	printf '#!/bin/sh\nSTRESS_INORDER=all exec $$VALGRIND %s "$$@"\n' "$(abspath $(BUILD)/test_stress)" > $@

# the same corpus with today's calls (FUZZ_NEWEST), on the newest loader's leg
$(BUILD)/fuzz_replay_newest: tests/fuzz/fuzz_api.c $(REL_DEPS) $(ZE_NEW_STAMP) $(IMPL_O_NEWEST) | $(BUILD) $(ZE_SIM)
	$(CC) $(ALLCFLAGS) $(NEWEST_CFLAGS) -DFUZZ_NEWEST -DFUZZ_REPLAY_MAIN '-DFUZZ_CORPUS_DIR="$(FUZZ_CORPUS)"' -o $@ $< $(IMPL_O_NEWEST) $(NEWEST_LDLIBS)

NEWEST_TEST_BINS += $(BUILD)/fuzz_replay_newest

TEST_BINS += $(BUILD)/test_stress $(BUILD)/run_stress_inorder $(BUILD)/test_badinput $(BUILD)/test_faults $(BUILD)/test_fork \
             $(BUILD)/test_diff $(BUILD)/fuzz_replay $(BUILD)/test_config \
             $(BUILD)/test_throw $(BUILD)/test_memory

# ---- make stress ----
STRESS_APPENDS ?= 1000000
STRESS_ROUNDS  ?= 10000

.PHONY: stress
stress: deps $(BUILD)/test_stress $(ZE_SIM)
	$(RUN_ENV) STRESS_APPENDS=$(STRESS_APPENDS) STRESS_ROUNDS=$(STRESS_ROUNDS) STRESS_INORDER=mixed \
	  STRESS_TIMEOUT=$${STRESS_TIMEOUT:-1800} sh tests/run.sh $(BUILD)/test_stress
	$(RUN_ENV) STRESS_APPENDS=$(STRESS_APPENDS) STRESS_ROUNDS=$(STRESS_ROUNDS) STRESS_INORDER=all \
	  STRESS_TIMEOUT=$${STRESS_TIMEOUT:-1800} sh tests/run.sh $(BUILD)/test_stress

# ---- make fuzz ----
# libFuzzer needs clang and its runtime (Debian: clang, libclang-rt-14-dev). The corpus grows in
# $(BUILD)/fuzz-corpus (seeded from tests/fuzz/corpus); crashes land in $(BUILD)/fuzz-artifacts.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -std=c11 -Wall -Wextra -Wpedantic -Werror -O1 -g -fno-omit-frame-pointer \
                -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I. -Itests -Itests/sim

# The implementation instrumented as the harness is (coverage, sanitizers), once per headers.
$(BUILD)/ptic_impl_fuzz.o: tests/ptic_impl.c $(LIB_HDRS) | $(BUILD)
	$(FUZZ_CC) $(FUZZ_FLAGS) -c -o $@ $<
$(BUILD)/ptic_impl_fuzz_newest.o: tests/ptic_impl.c $(LIB_HDRS) $(ZE_NEW_STAMP) | $(BUILD)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(NEWEST_CFLAGS) -c -o $@ $<

$(BUILD)/fuzz_api: tests/fuzz/fuzz_api.c $(REL_DEPS) $(BUILD)/ptic_impl_fuzz.o | $(BUILD) $(ZE_SIM)
	$(FUZZ_CC) $(FUZZ_FLAGS) '-DFUZZ_SIM_PATH="$(ZE_SIM)"' -o $@ $< $(BUILD)/ptic_impl_fuzz.o -lze_loader $(LDLIBS_T)

.PHONY: fuzz
fuzz: deps newest $(BUILD)/fuzz_api $(ZE_SIM)
	@mkdir -p $(BUILD)/fuzz-corpus $(BUILD)/fuzz-artifacts
	$(RUN_ENV) $(BUILD)/fuzz_api -max_total_time=$(FUZZ_SECONDS) \
	  -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz-artifacts/ $(BUILD)/fuzz-corpus $(FUZZ_CORPUS)
	@$(MAKE) --no-print-directory fuzz-newest

# The harness with today's calls (FUZZ_NEWEST) on the newest loader, through its C runtime.
# Leak checking is off there: the newest loader leaves a few allocations at exit that ASan cannot
# attribute (its own); the system loader's run above keeps it on.
$(BUILD)/fuzz_api_newest: tests/fuzz/fuzz_api.c $(REL_DEPS) $(ZE_NEW_STAMP) $(BUILD)/ptic_impl_fuzz_newest.o | $(BUILD) $(ZE_SIM)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(NEWEST_CFLAGS) -DFUZZ_NEWEST '-DFUZZ_SIM_PATH="$(ZE_SIM)"' -o $@ $< \
	  $(BUILD)/ptic_impl_fuzz_newest.o -L$(ZE_NEW_LIB) -Wl,--allow-shlib-undefined -lze_loader $(LDLIBS_T)

.PHONY: fuzz-newest
fuzz-newest: $(BUILD)/fuzz_api_newest $(ZE_SIM)
	@mkdir -p $(BUILD)/fuzz-corpus-newest $(BUILD)/fuzz-artifacts
	$(RUN_ENV) ASAN_OPTIONS=detect_leaks=0 $(ZE_NEW_LDSO) --library-path $(ZE_NEW_LIB) $(BUILD)/fuzz_api_newest \
	  -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz-artifacts/ $(BUILD)/fuzz-corpus-newest $(FUZZ_CORPUS)
