# pti-callback — build, test and demo.
#
#   make            build tests and examples
#   make test       run the whole suite on the simulated Level Zero device, on the system's
#                   Level Zero loader and on the newest Debian has (fetched into build/zenew),
#                   both legs at once; the OpenCL tests on PoCL, through ocl-icd and the
#                   Khronos loader (build/clnew); ends with the wall time and "N passed, N failed"
#   make demo       run an example tool over a sample workload
#   make asan | ubsan | tsan | valgrind   the suite under a sanitizer
#   make install PREFIX=/usr/local        copy the two headers
#   make amalgamate  pti_callback_impl.h from src/ (edit src/, not the amalgamation)
#   make tables      regenerate the Level Zero tables from the newest headers and the OpenCL
#                    tables from CL/cl_icd.h, then amalgamate
#
# Everything runs in parallel: make builds with one job per core unless given -j (make -j1 for
# one at a time), and tests/run.sh runs TEST_JOBS tests at once (default: one per core), each
# test's output printed as one block when it ends; the tests in TEST_ALONE run alone, after the
# others. The implementation is compiled once per configuration (tests/tests.mk, IMPL_O) and
# linked into the tests that use it as it comes.
#
# Variables: CC, BUILD (output folder), SAN (sanitizer list for -fsanitize=), TEST_JOBS, TEST_OPT,
# CC_T and CXX_T (the optimisation and the compilers of the tests' own copies of the
# implementation), ZE_NEW
# (the newest loader's root, tools/newest_loader.sh: ZE_NEW_INC its headers, ZE_NEW_LIB its
# libraries and C runtime, ZE_NEW_LDSO that runtime's dynamic loader; tests in NEWEST_TEST_BINS
# need it).

# Parallel by default: one job per core, unless -j was given. GNU make 4.3 shows the makefile a
# -j of the command line (or of MAKEFLAGS in the environment) only once recipes run, so the
# top-level make reads its own from /proc; the sub-makes share its job slots (jobserver).
NPROC := $(shell nproc 2>/dev/null || echo 2)
ifeq ($(MAKELEVEL),0)
ifeq ($(filter -j% --jobs%,$(shell tr '\0' '\n' </proc/$$PPID/cmdline; \
                              sed -z -n 's/^MAKEFLAGS=//p' /proc/$$PPID/environ 2>/dev/null)),)
MAKEFLAGS += -j$(NPROC)
endif
endif
# `make clean all`: one goal after the other (in parallel, clean would remove what all builds).
ifneq ($(filter clean,$(MAKECMDGOALS)),)
.NOTPARALLEL:
endif
# When this make started: `make test` ends with its wall time (tests/legs.sh).
MAKE_T0 := $(shell date +%s)

CC      ?= cc
CXX     ?= c++
BUILD   ?= build
PREFIX  ?= /usr/local
SAN     ?=
PYTHON  ?= python3

ZE_INC  ?= /usr/include
WARN    := -Wall -Wextra -Wpedantic -Werror
CFLAGS  ?= -O2 -g
SANFLAGS := $(if $(SAN),-fsanitize=$(SAN) -fno-omit-frame-pointer -fno-sanitize-recover=all,)
ALLCFLAGS := -std=c11 $(WARN) $(CFLAGS) $(SANFLAGS) -I. -Itests -Itests/sim
# The tests' own copies of the implementation (a test that configures it or reads its private
# names, the tools of several copies, the hub's), the newest leg's shared copy (IMPL_O_NEWEST) and
# the two examples the tests only run (minimal, external_correlation) are built by CC_T/CXX_T
# with TEST_OPT after CFLAGS: clang at -O0 without debug information compiles one in 2.6 s where
# gcc -O2 -g takes 12 (gcc -O0 4.1), and the suite runs no slower for it; the suite then runs
# code of both compilers (CC builds IMPL_O, which the system leg's tests link, ze_trace and the
# benchmark, with CFLAGS). TEST_OPT=-O0 keeps the debug information. The sanitizer runs keep CC
# and their CFLAGS (-O1 -g).
TEST_OPT ?= $(if $(SAN),,-O0 -g0)
HAVE_CLANG := $(if $(SAN),,$(shell command -v clang >/dev/null 2>&1 && command -v clang++ >/dev/null 2>&1 && echo 1))
CC_T  ?= $(if $(HAVE_CLANG),clang,$(CC))
CXX_T ?= $(if $(HAVE_CLANG),clang++,$(CXX))
ALLCFLAGS_T := $(ALLCFLAGS) $(TEST_OPT)
LDLIBS_T := -lpthread -ldl

ZE_SIM  := $(abspath $(BUILD)/libze_sim.so)

# The newest Level Zero loader and headers (tools/newest_loader.sh), one copy for every BUILD.
ZE_NEW      ?= $(abspath build/zenew/root)
ZE_NEW_INC  := $(ZE_NEW)/usr/include
ZE_NEW_LIB  := $(ZE_NEW)/usr/lib/x86_64-linux-gnu
ZE_NEW_LDSO := $(ZE_NEW_LIB)/ld-linux-x86-64.so.2
ZE_NEW_HDR  := $(ZE_NEW_INC)/level_zero/ze_api.h
ZE_NEW_STAMP := $(dir $(ZE_NEW))fetched
# Tests built against the newest headers and loader, run on the newest leg only.
NEWEST_TEST_BINS :=
NEWEST_CFLAGS = -isystem $(ZE_NEW_INC)
NEWEST_LDLIBS = -L$(ZE_NEW_LIB) -Wl,--allow-shlib-undefined -lze_loader -lcmocka $(LDLIBS_T)
# What every test and demo run needs: the simulated device as the only driver.
RUN_ENV := ZE_ENABLE_ALT_DRIVERS=$(ZE_SIM)
# tests/run.sh: how many tests at once; those that must run alone (they read the process's
# resident memory); those started first (the longest, so that the pool ends with short ones).
TEST_JOBS ?= $(NPROC)
TEST_ALONE = $(BUILD)/test_memory
TEST_FIRST = $(BUILD)/test_objchurn $(BUILD)/run_multi_check $(BUILD)/run_trace_check $(BUILD)/run_examples_check \
             $(BUILD)/test_stress $(BUILD)/run_cl_programs_check
RUN_OPTS = TEST_JOBS=$(TEST_JOBS) TEST_ALONE="$(TEST_ALONE)" TEST_FIRST="$(TEST_FIRST)"

TEST_BINS :=
# Tests that do not use Level Zero (the OpenCL group's): run on the system leg only.
SYSTEM_LEG_TEST_BINS :=
.DEFAULT_GOAL := all

# ----------------------------------------------------------------------------
# Level Zero headers and loader (Debian libze-dev, libze1)
ZE_PRESENT := $(and $(wildcard $(ZE_INC)/level_zero/ze_api.h),$(wildcard /usr/lib/*/libze_loader.so.1))
# OpenCL: headers, the ICD loader, PoCL and the programs the OpenCL tests run (clinfo, clpeak)
CL_PKGS := pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo clpeak

.PHONY: deps
deps:
ifeq ($(ZE_PRESENT),)
	@if [ "$$(id -u)" = 0 ]; then \
	  echo "Level Zero missing: installing libze-dev libze1 libcmocka-dev"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libze-dev libze1 libcmocka-dev $(CL_PKGS) >/dev/null; \
	else \
	  echo "Level Zero headers or loader missing. Run:"; \
	  echo "  sudo apt-get install libze-dev libze1 libcmocka-dev $(CL_PKGS)"; exit 1; \
	fi
else
	@true
endif

# Every rule that builds waits for this folder (| $(BUILD)), hence for deps' install too.
$(BUILD): | deps
	@mkdir -p $(BUILD)

include tests/sim/sim.mk
include tests/tests.mk
include tests/cl.mk
-include examples/examples.mk
-include tests/reliability.mk
-include bench/bench.mk

.PHONY: all test test-legs test-system check-tools newest newest-cl newest-bins demo asan ubsan tsan valgrind install clean amalgamate tables

# pti_callback_impl.h from the sources in src/ (tools/amalgamate.py; `make test` checks it is
# current), and the generated tables from the newest Level Zero headers (tools/gen_ze_tables.py)
amalgamate:
	python3 tools/amalgamate.py
tables: newest
	python3 tools/gen_ze_tables.py --include $(ZE_NEW_INC)/level_zero
	python3 tools/gen_cl_tables.py
	python3 tools/amalgamate.py
all: deps $(TEST_BINS) $(SYSTEM_LEG_TEST_BINS) $(EXAMPLE_BINS)

# Fetch (once) the newest loader; offline, one line says the newest leg is skipped.
newest: newest-cl
	@sh tools/newest_loader.sh $(dir $(ZE_NEW))
# The Khronos OpenCL loader: the OpenCL tests run on it in every run, test-system's too.
newest-cl:
	@sh tools/newest_opencl_loader.sh $(dir $(CL_NEW))
newest-bins: $(NEWEST_TEST_BINS)

# Both legs; the sanitizer and valgrind targets run the system loader's only (test-system).
# (a second make reads the Makefile again once the fetch is done: the simulated device is then
# built against the newest headers, and the newest leg's binaries are known.) Meanwhile the
# compile checks (their coexistence part first, the longest job) and the longest compiles that
# need nothing fetched are made (FETCH_FREE: neither the newest headers nor the simulated
# device); the second make then has no compile check left to run (COMPILE_CHECKS_TODO).
FETCH_FREE := compile-check-coexist $(IMPL_O) $(IMPL_O_NOCTOR) $(BUILD)/test_env $(BUILD)/test_env_noloader \
              $(BUILD)/libze_trace.so $(BUILD)/minimal $(BUILD)/external_correlation $(BUILD)/bench_ptic \
              compile-check-variants compile-check-newest
COMPILE_CHECKS_TODO ?= $(COMPILE_CHECKS)
ifneq ($(filter test,$(MAKECMDGOALS)),)
compile-check-newest: | newest
endif
test: newest check-tools $(FETCH_FREE)
	@$(MAKE) --no-print-directory test-legs TEST_T0=$(MAKE_T0) COMPILE_CHECKS_TODO=
test-legs: $(COMPILE_CHECKS_TODO) all $(if $(wildcard $(ZE_NEW_HDR)),newest-bins)
	@$(RUN_ENV) BUILD=$(BUILD) ZE_NEW="$(ZE_NEW)" NEWEST_TEST_BINS="$(NEWEST_TEST_BINS)" \
	  SYSTEM_LEG_TEST_BINS="$(SYSTEM_LEG_TEST_BINS)" TEST_T0=$(TEST_T0) \
	  $(RUN_OPTS) sh tests/legs.sh $(TEST_BINS)
# The sanitizer and valgrind runs (NO_COMPILE_CHECKS=1) leave the compile checks out: those
# build programs of their own, with their own flags, which make test checks.
SYSTEM_TEST_BINS = $(if $(NO_COMPILE_CHECKS),$(filter-out $(BUILD)/run_compile_check_%,$(TEST_BINS)),$(TEST_BINS)) \
                   $(SYSTEM_LEG_TEST_BINS)
test-system: newest-cl $(if $(NO_COMPILE_CHECKS),,compile-check) all
	@$(RUN_ENV) BUILD=$(BUILD) VALGRIND="$(VALGRIND)" $(RUN_OPTS) sh tests/run.sh $(SYSTEM_TEST_BINS)

# The build's own tools (not the library): counted apart from the legs.
check-tools:
	@sh tests/archive_check.sh

demo: deps demo-run

asan:
	LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp) $(MAKE) --no-print-directory test-system NO_COMPILE_CHECKS=1 BUILD=build-asan SAN=address,undefined CFLAGS="-O1 -g"
ubsan:
	$(MAKE) --no-print-directory test-system NO_COMPILE_CHECKS=1 BUILD=build-ubsan SAN=undefined CFLAGS="-O1 -g"
tsan:
	$(MAKE) --no-print-directory test-system NO_COMPILE_CHECKS=1 BUILD=build-tsan SAN=thread CFLAGS="-O1 -g"
valgrind:
	$(MAKE) --no-print-directory test-system NO_COMPILE_CHECKS=1 BUILD=build-vg VALGRIND="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions=tests/valgrind.supp"

install:
	install -d $(DESTDIR)$(PREFIX)/include
	install -m 644 pti_callback.h pti_callback_impl.h $(DESTDIR)$(PREFIX)/include/

clean:
	rm -rf build build-asan build-ubsan build-tsan build-vg
