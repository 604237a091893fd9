# Tests of the library itself (pti_callback.h). Included by the top Makefile.

LIB_HDRS := pti_callback.h pti_callback_impl.h
TEST_COMMON := tests/common.h $(LIB_HDRS)

# The implementation compiled once per configuration and linked into every test that uses it as
# it comes: its 470 KB are most of a test's build time. Tests that configure it (-D options,
# PTIC_MALLOC), read its private ptic__ names or its configuration macros (PTIC_MAX_SUBSCRIBERS,
# PTIC_LOADER_NAME), or are C++, still define PTI_CALLBACK_IMPLEMENTATION themselves, as do the
# multi-copy tools and the examples. IMPL_O: the default; IMPL_O_NOCTOR: without the environment
# constructor (PTIC_NO_ENV_CONSTRUCTOR); IMPL_O_NEWEST: against the newest headers, for the
# newest leg's tests (NEWEST_CFLAGS), built with TEST_OPT (the system leg runs the optimised copy).
IMPL_O        := $(BUILD)/ptic_impl.o
IMPL_O_NOCTOR := $(BUILD)/ptic_impl_noctor.o
IMPL_O_NEWEST := $(BUILD)/ptic_impl_newest.o

$(IMPL_O): tests/ptic_impl.c $(LIB_HDRS) | $(BUILD)
	$(CC) $(ALLCFLAGS) -c -o $@ $<
$(IMPL_O_NOCTOR): tests/ptic_impl.c $(LIB_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -DPTIC_NO_ENV_CONSTRUCTOR -c -o $@ $<
$(IMPL_O_NEWEST): tests/ptic_impl.c $(LIB_HDRS) $(ZE_NEW_STAMP) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) $(NEWEST_CFLAGS) -c -o $@ $<

$(BUILD)/test_core: tests/test_core.c $(TEST_COMMON) $(ZE_SIM) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_core

$(BUILD)/test_env: tests/test_env.c $(LIB_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lcmocka $(LDLIBS_T)

$(BUILD)/test_env_noloader: tests/test_env.c $(LIB_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) '-DPTIC_LOADER_NAME="libze_loader_missing.so.1"' -o $@ $< -lcmocka $(LDLIBS_T)

$(BUILD)/run_test_env: tests/env_check.sh $(BUILD)/test_env $(BUILD)/test_env_noloader | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s\n' "$(abspath tests/env_check.sh)" "$(abspath $(BUILD)/test_env)" "$(abspath $(BUILD)/test_env_noloader)" > $@

# The compile checks (tests/compile_check.sh) build programs of their own, with their own
# compilers and flags, and run none of them through a Level Zero loader or $$VALGRIND: the
# suite's targets run them once, while the tests build, in three parts that make runs as
# separate jobs (compile-check-PART; the coexistence part, the longest, needs nothing fetched and
# starts first), and run_compile_check_PART reports that part's output and status in each leg.
COMPILE_CHECK_PARTS := coexist variants newest
COMPILE_CHECKS := $(addprefix compile-check-,$(COMPILE_CHECK_PARTS))
.PHONY: compile-check $(COMPILE_CHECKS)
compile-check: $(COMPILE_CHECKS)
$(COMPILE_CHECKS): compile-check-%: | $(BUILD)
	@rm -f $(BUILD)/compile_check_$*.out $(BUILD)/compile_check_$*.status
	@BUILD=$(BUILD) sh tests/compile_check.sh $* >$(BUILD)/compile_check_$*.out 2>&1; \
	  echo $$? >$(BUILD)/compile_check_$*.status
$(BUILD)/run_compile_check_%: | $(BUILD)
	printf '#!/bin/sh\ncat %s || exit 1\nexit "$$(cat %s)"\n' "$(abspath $(BUILD)/compile_check_$*.out)" \
	  "$(abspath $(BUILD)/compile_check_$*.status)" > $@

TEST_BINS += $(BUILD)/run_test_env $(addprefix $(BUILD)/run_compile_check_,$(COMPILE_CHECK_PARTS))

$(BUILD)/test_domains: tests/test_domains.c $(TEST_COMMON) tests/sim/ze_sim.h $(IMPL_O) | $(BUILD) $(ZE_SIM)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_domains

$(BUILD)/test_gpuops: tests/test_gpuops.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_SIM) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

# The same tests with one clock synchronisation for the whole run (PTIC_RESYNC_NS = 1 h): every
# completed operation's times come from the estimate of the device time, none from a fresh sync.
$(BUILD)/test_gpuops_onesync: tests/test_gpuops.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_SIM) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -DPTIC_RESYNC_NS=3600000000000ull -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_gpuops $(BUILD)/test_gpuops_onesync

# The same tests with the loader's validation layer: the library's own calls go through the loader.
$(BUILD)/run_test_gpuops_validation: $(BUILD)/test_gpuops | $(BUILD)
	printf '#!/bin/sh\nZE_ENABLE_VALIDATION_LAYER=1 exec $$VALGRIND %s\n' "$(abspath $(BUILD)/test_gpuops)" > $@

TEST_BINS += $(BUILD)/run_test_gpuops_validation

# Kernels of a real SPIR-V module (tests/sim/spirv_kernels.cl, built by sim.mk) traced by name.
$(BUILD)/test_spirv: tests/test_spirv.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_SIM) $(SIM_SPV) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(SIM_SPV_DEF) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_spirv

$(BUILD)/test_tracing_on: tests/test_tracing_on.c $(TEST_COMMON) $(ZE_SIM) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)
$(BUILD)/test_tracing_on_noctor: tests/test_tracing_on.c $(TEST_COMMON) $(ZE_SIM) $(IMPL_O_NOCTOR) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O_NOCTOR) -lze_loader -lcmocka $(LDLIBS_T)
$(BUILD)/run_test_tracing_on: tests/tracing_on_check.sh $(BUILD)/test_tracing_on $(BUILD)/test_tracing_on_noctor | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s\n' "$(abspath tests/tracing_on_check.sh)" "$(abspath $(BUILD)/test_tracing_on)" "$(abspath $(BUILD)/test_tracing_on_noctor)" > $@

TEST_BINS += $(BUILD)/run_test_tracing_on

# Our domains beyond PTI's: the drivers' initialisation, and queues, lists, pools and fences.
$(BUILD)/test_newdomains: tests/test_newdomains.c $(TEST_COMMON) $(ZE_SIM) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_newdomains

# The ITT collector and PTIC_CB_DOMAIN_MARKER (tests/itt/itt_check.py): tool a subscribes only,
# b and c are collectors too (hidden visibility, as a tool is built); an ITT client of the
# test's own; a oneTBB program when Debian's libtbb-dev is there.
ITT_TOOLS := $(BUILD)/libitt_tool_a.so $(BUILD)/libitt_tool_b.so $(BUILD)/libitt_tool_c.so
$(BUILD)/libitt_tool_%.so: tests/itt/itt_tool.c $(LIB_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -fPIC -shared -fvisibility=hidden $(if $(filter a,$*),,-DPTIC_ITT_COLLECTOR) \
	  '-DTOOL_NAME="$*"' -o $@ $< $(LDLIBS_T)
$(BUILD)/itt_client: tests/itt/itt_client.c | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< -lze_loader $(LDLIBS_T)
TBB_PRESENT := $(wildcard /usr/include/oneapi/tbb/flow_graph.h)
$(BUILD)/tbb_client: tests/itt/tbb_client.cpp | $(BUILD)
	$(CXX) -std=c++17 -O1 -g -o $@ $< -ltbb $(LDLIBS_T)
$(BUILD)/run_itt_check: tests/itt/itt_check.py $(ITT_TOOLS) $(BUILD)/itt_client $(if $(TBB_PRESENT),$(BUILD)/tbb_client) \
    $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec $(PYTHON) %s %s\n' "$(abspath tests/itt/itt_check.py)" "$(abspath $(BUILD))" > $@
	chmod +x $@

TEST_BINS += $(BUILD)/run_itt_check

$(BUILD)/test_late_attach: tests/test_late_attach.c $(TEST_COMMON) $(ZE_SIM) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_late_attach

$(BUILD)/test_timestamps: tests/test_timestamps.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_SIM) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_timestamps

# An application event reset where the library cannot see it (tests/test_reset.c).
$(BUILD)/test_reset: tests/test_reset.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_SIM) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_reset

# Out of memory: a PTIC_MALLOC that fails (tests/test_oom.c, its own copy of the implementation).
$(BUILD)/test_oom: tests/test_oom.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_SIM) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_oom

$(BUILD)/test_syncdeliver: tests/test_syncdeliver.c $(TEST_COMMON) $(ZE_SIM) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_syncdeliver

# Two drivers in one process (libze_sim.so and libze_sim2.so): the wrapper names both.
$(BUILD)/test_drivers: tests/test_drivers.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_SIM) $(ZE_SIM2) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)
$(BUILD)/run_test_drivers: $(BUILD)/test_drivers | $(BUILD)
	printf '#!/bin/sh\nZE_ENABLE_ALT_DRIVERS=%s,%s exec $$VALGRIND %s\n' "$(ZE_SIM)" "$(ZE_SIM2)" "$(abspath $(BUILD)/test_drivers)" > $@

TEST_BINS += $(BUILD)/run_test_drivers

# PTI's pti_result values and the strings of the ...ToString helpers (no Level Zero needed)
$(BUILD)/test_pti_strings: tests/test_pti_strings.c $(LIB_HDRS) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_pti_strings

# ---- the newest loader's leg only (built against its headers; see NEWEST_TEST_BINS) ----
$(BUILD)/test_newest: tests/test_newest.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_NEW_STAMP) $(IMPL_O_NEWEST) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(NEWEST_CFLAGS) -o $@ $< $(IMPL_O_NEWEST) $(NEWEST_LDLIBS)

NEWEST_TEST_BINS += $(BUILD)/test_newest

$(BUILD)/test_modern: tests/test_modern.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_NEW_STAMP) $(IMPL_O_NEWEST) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(NEWEST_CFLAGS) -o $@ $< $(IMPL_O_NEWEST) $(NEWEST_LDLIBS)

NEWEST_TEST_BINS += $(BUILD)/test_modern

# test_diff's workload with today's event and list kinds added (tests/test_diff.c, DIFF_MODERN)
$(BUILD)/test_diff_modern: tests/test_diff.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_NEW_STAMP) $(IMPL_O_NEWEST) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(NEWEST_CFLAGS) -DDIFF_MODERN -o $@ $< $(IMPL_O_NEWEST) $(NEWEST_LDLIBS)

NEWEST_TEST_BINS += $(BUILD)/test_diff_modern

# Several copies of the implementation in one process: tools a, b, c hidden, d default visibility.
# Each tool compiles its own copy of the implementation in its own translation unit, as a tool
# is built (its constructors and the implementation's in one unit, in that unit's order).
MULTI_TOOLS := $(BUILD)/libmt_a.so $(BUILD)/libmt_b.so $(BUILD)/libmt_c.so $(BUILD)/libmt_d.so
$(BUILD)/libmt_%.so: tests/multi/multi_tool.c $(LIB_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -fPIC -shared $(if $(filter d,$*),,-fvisibility=hidden) '-DTOOL_NAME="$*"' -o $@ $< $(LDLIBS_T)

$(BUILD)/run_multi_check: tests/multi/multi_check.sh $(MULTI_TOOLS) $(BUILD)/workload $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s\n' "$(abspath tests/multi/multi_check.sh)" "$(abspath $(BUILD))" > $@

TEST_BINS += $(BUILD)/run_multi_check

$(BUILD)/test_multi_pin: tests/multi/test_multi_pin.c $(BUILD)/libmt_a.so | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< -lcmocka $(LDLIBS_T)

$(BUILD)/run_multi_pin: $(BUILD)/test_multi_pin | $(BUILD)
	printf '#!/bin/sh\nexec %s %s\n' "$(abspath $(BUILD)/test_multi_pin)" "$(abspath $(BUILD)/libmt_a.so)" > $@

TEST_BINS += $(BUILD)/run_multi_pin

# Copies of other versions: this one with ptic_op_info one field longer (a layout changed without
# the hub's major: build/skew/ holds the two headers), and the copy of the commit that introduced
# the hub (major 1), from the repository's history: not built in a clone without that history (a
# shallow one; versions_check.sh then skips its runs).
$(BUILD)/skew/pti_callback.h: $(LIB_HDRS) | $(BUILD)
	@mkdir -p $(BUILD)/skew
	cp pti_callback_impl.h $(BUILD)/skew/
	sed 's/^} ptic_op_info;$$/  uint64_t layout_skew;\n} ptic_op_info;/' pti_callback.h > $@.tmp
	grep -q layout_skew $@.tmp && mv $@.tmp $@

$(BUILD)/libmt_skew.so: tests/multi/multi_tool.c $(BUILD)/skew/pti_callback.h | $(BUILD)
	$(CC_T) -I$(BUILD)/skew $(ALLCFLAGS_T) -fPIC -shared -fvisibility=hidden '-DTOOL_NAME="skew"' -o $@ $< $(LDLIBS_T)

$(BUILD)/libmt_v1.so: | $(BUILD)
	@if [ "$$(git rev-parse --is-shallow-repository 2>/dev/null)" != false ]; then \
	  echo "$@: no history of the hub here (a shallow clone?): not built"; exit 0; fi; \
	c=$$(git log --format=%H -S PTIC_HUB_MAJOR --reverse -- pti_callback_impl.h | head -n 1); \
	mkdir -p $(BUILD)/hub_v1 && \
	for f in pti_callback.h pti_callback_impl.h tests/multi/multi_tool.c; do \
	  git show $$c:$$f > $(BUILD)/hub_v1/$${f##*/} || exit 1; done; \
	echo "$@: from $$c"; \
	$(CC_T) $(ALLCFLAGS_T) -fPIC -shared -fvisibility=hidden '-DTOOL_NAME="v1"' -o $@ $(BUILD)/hub_v1/multi_tool.c $(LDLIBS_T)

$(BUILD)/run_versions_check: tests/multi/versions_check.sh $(BUILD)/libmt_a.so $(BUILD)/libmt_skew.so $(BUILD)/libmt_v1.so $(BUILD)/workload $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s\n' "$(abspath tests/multi/versions_check.sh)" "$(abspath $(BUILD))" > $@

TEST_BINS += $(BUILD)/run_versions_check

# The active copy torn down last: a host program with a copy of its own and without.
$(BUILD)/teardown_host: tests/multi/teardown_host.c | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(LDLIBS_T)
$(BUILD)/teardown_host_copy: tests/multi/teardown_host.c $(LIB_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -DHOST_COPY -o $@ $< $(LDLIBS_T)

$(BUILD)/run_teardown_check: tests/multi/teardown_check.sh $(BUILD)/teardown_host $(BUILD)/teardown_host_copy $(MULTI_TOOLS) $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s\n' "$(abspath tests/multi/teardown_check.sh)" "$(abspath $(BUILD))" > $@

TEST_BINS += $(BUILD)/run_teardown_check

# A program holding the active copy (built with one subscriber) beside tools that forward to it:
# tests/multi/hub_tool.c as C, as C++ and with another layout.
$(BUILD)/libhub_c.so: tests/multi/hub_tool.c $(LIB_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -fPIC -shared -fvisibility=hidden -o $@ $< $(LDLIBS_T)
$(BUILD)/libhub_cxx.so: tests/multi/hub_tool.c $(LIB_HDRS) | $(BUILD)
	$(CXX_T) -x c++ -std=c++11 $(WARN) $(CFLAGS) $(SANFLAGS) $(TEST_OPT) -I. -fPIC -shared -fvisibility=hidden -o $@ $< $(LDLIBS_T)
$(BUILD)/libhub_skew.so: tests/multi/hub_tool.c $(BUILD)/skew/pti_callback.h | $(BUILD)
	$(CC_T) -I$(BUILD)/skew $(ALLCFLAGS_T) -fPIC -shared -fvisibility=hidden -o $@ $< $(LDLIBS_T)
$(BUILD)/test_multi_hub: tests/multi/test_multi_hub.c $(TEST_COMMON) $(ZE_SIM) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -DPTIC_MAX_SUBSCRIBERS=1 -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/run_multi_hub: $(BUILD)/test_multi_hub $(BUILD)/libhub_c.so $(BUILD)/libhub_cxx.so $(BUILD)/libhub_skew.so | $(BUILD)
	printf '#!/bin/sh\nexec $$VALGRIND %s %s\n' "$(abspath $(BUILD)/test_multi_hub)" "$(abspath $(BUILD))" > $@

TEST_BINS += $(BUILD)/run_multi_hub

$(BUILD)/test_pti_layout: tests/test_pti_layout.c $(TEST_COMMON) $(ZE_SIM) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_pti_layout

# Launches over more lists than the thread's object cache holds while other threads destroy and
# create lists, kernels and modules (handles reused): every record names the launch's objects.
$(BUILD)/test_objchurn: tests/test_objchurn.c $(TEST_COMMON) $(ZE_SIM) $(IMPL_O) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(IMPL_O) -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_objchurn

# PTIC_CB_DOMAIN_MEMORY and the map of the application's memory.
$(BUILD)/test_memdomain: tests/test_memdomain.c $(TEST_COMMON) tests/sim/ze_sim.h $(ZE_SIM) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_memdomain
