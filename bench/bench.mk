# bench/bench.mk - `make bench`: what tracing costs per Level Zero call (issue 6).
# Included by the top Makefile after tests/tests.mk (it uses LIB_HDRS, SIM_HDR, ZE_SIM) and
# before the `all` rule (it adds the smoke test to TEST_BINS). The benchmark never runs in
# `make test`; only run_bench_smoke does: a tiny run that checks the bench binary works.
#
#   make bench                   the table on the system's loader and on the newest (about 2
#                                minutes each on 2 cores); see bench/run.sh
#   make bench BENCH_ARGS=-q     10x shorter runs, for a quick look
#   BENCH_SPLIT=misses make bench   where the instructions go for missed rows only (default:
#                                every L row)
#   UNITRACE=DIR make bench      the ze_trace rows (bench/zt_run.sh) also against unitrace, built
#                                in DIR (bench/README.md, "ze_trace and unitrace")

BENCH_ARGS ?=

$(BUILD)/bench_ze: bench/bench.c $(SIM_HDR) bench/bench.mk | $(BUILD)
	$(CC) $(ALLCFLAGS) -DBENCH_NO_PTIC -o $@ $< -lze_loader $(LDLIBS_T)

# The workload of the ze_trace rows (bench/zt_run.sh): Level Zero only, for any tool.
$(BUILD)/zt_workload: bench/zt_workload.c | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< -lze_loader $(LDLIBS_T)

$(BUILD)/bench_ptic: bench/bench.c $(SIM_HDR) $(LIB_HDRS) bench/bench.mk | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< -lze_loader $(LDLIBS_T)

# The OpenCL table (bench/run_cl.sh): the program, the floor layer, the library as a layer. (Before
# bench-legs: a rule's prerequisites are expanded when make reads it.)
ifneq ($(CL_PRESENT),)
BENCH_CL_BINS := $(BUILD)/bench_cl $(BUILD)/libbench_cl_floor.so $(BUILD)/libbench_cl_tool.so
$(BUILD)/bench_cl: bench/bench_cl.c | $(BUILD)
	$(CC) $(filter-out -std=c11,$(ALLCFLAGS)) -std=gnu11 -o $@ $< -lOpenCL $(LDLIBS_T)
$(BUILD)/libbench_cl_floor.so: bench/bench_cl.c | $(BUILD)
	$(CC) $(filter-out -std=c11,$(ALLCFLAGS)) -std=gnu11 -fPIC -shared -DBENCH_FLOOR -o $@ $< $(LDLIBS_T)
$(BUILD)/libbench_cl_tool.so: bench/bench_cl.c $(LIB_HDRS) | $(BUILD)
	$(CC) $(filter-out -std=c11,$(ALLCFLAGS)) -std=gnu11 -fPIC -shared -DBENCH_TOOL -o $@ $< $(LDLIBS_T)
endif

# The table on the system's loader, then on the newest (tools/newest_loader.sh), each against
# its own floor F (a second make reads the Makefile again once the fetch is done).
.PHONY: bench bench-legs
bench: newest
	@$(MAKE) --no-print-directory bench-legs
bench-legs: deps $(BUILD)/bench_ze $(BUILD)/bench_ptic $(ZE_SIM) $(BENCH_CL_BINS) $(BUILD)/zt_workload \
    $(BUILD)/libze_trace.so
	@$(RUN_ENV) BUILD=$(BUILD) sh bench/run.sh $(BENCH_ARGS)
	@echo
	@$(RUN_ENV) BUILD=$(BUILD) sh bench/zt_run.sh $(BENCH_ARGS)
	@echo
	@if [ -x "$(ZE_NEW_LDSO)" ]; then \
	  for s in run zt_run; do \
	  $(RUN_ENV) BUILD=$(BUILD) BENCH_LEG=newest BENCH_PREFIX="$(ZE_NEW_LDSO) --library-path $(ZE_NEW_LIB)" \
	    BENCH_LOADER="libze1 $$(ls $(ZE_NEW_LIB)/libze_loader.so.1.* | sed 's/.*\.so\.//') (newest, $(ZE_NEW))" \
	    sh bench/$$s.sh $(BENCH_ARGS); echo; \
	  done; \
	else echo "newest loader: not fetched (tools/newest_loader.sh): no second table"; fi
	@if [ -n "$(BENCH_CL_BINS)" ]; then BUILD=$(BUILD) sh bench/run_cl.sh $(BENCH_ARGS); \
	else echo "OpenCL: no ICD loader or headers: no OpenCL table"; fi

# The ze_trace rows alone, on both loaders (UNITRACE=DIR: against unitrace too).
.PHONY: bench-zt bench-zt-legs
bench-zt: newest
	@$(MAKE) --no-print-directory bench-zt-legs
bench-zt-legs: deps $(ZE_SIM) $(BUILD)/zt_workload $(BUILD)/libze_trace.so
	@$(RUN_ENV) BUILD=$(BUILD) sh bench/zt_run.sh $(BENCH_ARGS)
	@if [ -x "$(ZE_NEW_LDSO)" ]; then echo; \
	  $(RUN_ENV) BUILD=$(BUILD) BENCH_LEG=newest BENCH_PREFIX="$(ZE_NEW_LDSO) --library-path $(ZE_NEW_LIB)" \
	    BENCH_LOADER="libze1 $$(ls $(ZE_NEW_LIB)/libze_loader.so.1.* | sed 's/.*\.so\.//') (newest, $(ZE_NEW))" \
	    sh bench/zt_run.sh $(BENCH_ARGS); fi

# The OpenCL table alone.
.PHONY: bench-cl
bench-cl: $(BENCH_CL_BINS)
	@BUILD=$(BUILD) sh bench/run_cl.sh $(BENCH_ARGS)

$(BUILD)/run_bench_smoke: bench/smoke.sh $(BUILD)/bench_ptic $(BUILD)/bench_ze $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s\n' "$(abspath bench/smoke.sh)" "$(abspath $(BUILD)/bench_ptic)" \
	  "$(abspath $(BUILD)/bench_ze)" > $@
	chmod +x $@

TEST_BINS += $(BUILD)/run_bench_smoke
