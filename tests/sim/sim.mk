# tests/sim/sim.mk - the simulated Level Zero driver and its own tests (included by Makefile).
#
# $(BUILD)/libze_sim.so   the driver; programs reach it through ZE_ENABLE_ALT_DRIVERS=$(ZE_SIM)
# $(BUILD)/libze_sim2.so  a second driver (another device id and timer), for two drivers at once
# $(BUILD)/test_sim       the sim's cmocka suite, run by tests/sim/run_twice.sh without and with
#                         the tracing layer, plus once more with ZE_SIM_DEVICES=2
# $(BUILD)/test_sim_memory  virtual and physical memory, memory IPC, free policies (both legs),
#                         without and with the tracing layer
# $(BUILD)/test_sim_modern  the event and list kinds of newer specs, against the newest headers
#                         and loader (newest leg only), without and with the tracing layer
# $(BUILD)/spirv_kernels.spv  SPIR-V compiled from tests/sim/spirv_kernels.cl (clang-14 and
#                         llvm-spirv-14, Debian packages that .ci/run installs)
# $(BUILD)/test_sim_spirv SPIR-V modules on the sim: plain, with the tracing layer, and with
#                         ZE_SIM_SPIRV_KERNEL_NS set

SIM_SRC  := tests/sim/ze_sim.c
SIM_HDR  := tests/sim/ze_sim.h
# Built against the newest headers when tools/newest_loader.sh fetched them: one driver then
# serves loader 1.8 (tables of spec 1.4) and the newest (its newer entry points too).
SIM_NEW  = $(wildcard $(ZE_NEW_STAMP))

$(ZE_SIM): $(SIM_SRC) $(SIM_HDR) tests/sim/sim.mk $(SIM_NEW) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(if $(SIM_NEW),-isystem $(ZE_NEW_INC)) -fPIC -shared -fvisibility=hidden -o $@ $(SIM_SRC) -lpthread

# A second driver for tests of several drivers in one process (tests/test_drivers.c): the same
# source with ZE_SIM_DRIVER2 (another device id, uuid and timer: ze_sim.h).
ZE_SIM2 := $(abspath $(BUILD)/libze_sim2.so)
$(ZE_SIM2): $(SIM_SRC) $(SIM_HDR) tests/sim/sim.mk $(SIM_NEW) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(if $(SIM_NEW),-isystem $(ZE_NEW_INC)) -DZE_SIM_DRIVER2 -fPIC -shared -fvisibility=hidden -o $@ $(SIM_SRC) -lpthread

$(BUILD)/test_sim: tests/test_sim.c $(SIM_HDR) $(ZE_SIM) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ tests/test_sim.c -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/test_sim_tracer: tests/test_sim_tracer.c $(SIM_HDR) $(ZE_SIM) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ tests/test_sim_tracer.c -lze_loader -lcmocka $(LDLIBS_T)

# Each entry is a command run.sh executes; the wrapper runs the binary in several environments
# (ZE_ENABLE_* variables are read once per process) and prints each run's cmocka summary.
$(BUILD)/run_test_sim: tests/sim/run_twice.sh $(BUILD)/test_sim | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s\n' "$(abspath tests/sim/run_twice.sh)" "$(abspath $(BUILD)/test_sim)" > $@
	chmod +x $@

$(BUILD)/run_test_sim_tracer: $(BUILD)/test_sim_tracer | $(BUILD)
	printf '#!/bin/sh\nZE_ENABLE_TRACING_LAYER=1 exec $$VALGRIND %s\n' "$(abspath $(BUILD)/test_sim_tracer)" > $@
	chmod +x $@

TEST_BINS += $(BUILD)/run_test_sim $(BUILD)/run_test_sim_tracer

# Virtual and physical memory, memory IPC (also with a second process) and free policies, with
# the spec 1.4 headers: both legs, plain and under the tracing layer.
$(BUILD)/test_sim_memory: tests/test_sim_memory.c $(SIM_HDR) $(ZE_SIM) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ tests/test_sim_memory.c -lze_loader -lcmocka $(LDLIBS_T)

$(BUILD)/run_test_sim_memory: $(BUILD)/test_sim_memory | $(BUILD)
	printf '#!/bin/sh\nstatus=0\nfor t in 0 1; do echo "-- ZE_ENABLE_TRACING_LAYER=$$t"; ZE_ENABLE_TRACING_LAYER=$$t $$VALGRIND %s || status=1; done\nexit $$status\n' "$(abspath $(BUILD)/test_sim_memory)" > $@
	chmod +x $@

TEST_BINS += $(BUILD)/run_test_sim_memory

$(BUILD)/test_sim_modern: tests/test_sim_modern.c $(SIM_HDR) $(ZE_SIM) $(ZE_NEW_STAMP) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(NEWEST_CFLAGS) -o $@ tests/test_sim_modern.c $(NEWEST_LDLIBS)

# Plain and under the tracing layer; $$VALGRIND is the newest leg's runner (its dynamic loader).
$(BUILD)/run_test_sim_modern: $(BUILD)/test_sim_modern | $(BUILD)
	printf '#!/bin/sh\nstatus=0\nfor t in 0 1; do echo "-- ZE_ENABLE_TRACING_LAYER=$$t"; ZE_ENABLE_TRACING_LAYER=$$t $$VALGRIND %s || status=1; done\nexit $$status\n' "$(abspath $(BUILD)/test_sim_modern)" > $@
	chmod +x $@

NEWEST_TEST_BINS += $(BUILD)/run_test_sim_modern

# SPIR-V from OpenCL C. Without the tools the recipe says so and leaves no .spv: the tests that
# load it (test_sim_spirv, test_spirv) then fail, each with a message naming the packages.
SPIRV_CLANG ?= clang-14
LLVM_SPIRV  ?= llvm-spirv-14
SIM_SPV     := $(abspath $(BUILD)/spirv_kernels.spv)
SIM_SPV_DEF  = '-DSIM_SPV_PATH="$(SIM_SPV)"'

$(SIM_SPV): tests/sim/spirv_kernels.cl tests/sim/sim.mk | $(BUILD)
	@if command -v $(SPIRV_CLANG) >/dev/null 2>&1 && command -v $(LLVM_SPIRV) >/dev/null 2>&1; then \
	  echo "$(SPIRV_CLANG) -cl-std=CL2.0 -target spir64 -emit-llvm -c $< && $(LLVM_SPIRV) -> $@"; \
	  $(SPIRV_CLANG) -cl-std=CL2.0 -target spir64 -emit-llvm -c -o $(@:.spv=.bc) $< && \
	  $(LLVM_SPIRV) $(@:.spv=.bc) -o $@; \
	else \
	  echo "sim.mk: $(SPIRV_CLANG) or $(LLVM_SPIRV) not found (Debian packages clang-14 and llvm-spirv-14):" \
	       "$@ not built, so test_sim_spirv and test_spirv will fail"; \
	fi

$(BUILD)/test_sim_spirv: tests/test_sim_spirv.c $(SIM_HDR) $(ZE_SIM) $(SIM_SPV) | $(BUILD)
	$(CC) $(ALLCFLAGS) $(SIM_SPV_DEF) -o $@ tests/test_sim_spirv.c -lze_loader -lcmocka $(LDLIBS_T)

# Plain, under the tracing layer, and with the SPIR-V kernel duration set by the environment.
$(BUILD)/run_test_sim_spirv: $(BUILD)/test_sim_spirv | $(BUILD)
	printf '#!/bin/sh\nstatus=0\nfor e in ZE_ENABLE_TRACING_LAYER=0 ZE_ENABLE_TRACING_LAYER=1 ZE_SIM_SPIRV_KERNEL_NS=30000; do echo "-- $$e"; env $$e $$VALGRIND %s || status=1; done\nexit $$status\n' "$(abspath $(BUILD)/test_sim_spirv)" > $@
	chmod +x $@

TEST_BINS += $(BUILD)/run_test_sim_spirv
