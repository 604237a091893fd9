# Examples (included by the top Makefile): a sample Level Zero workload, a tool preloaded into
# it, and a check that the tool saw every operation the workload appended.
#
#   make demo-run    run build/workload with build/libdemo_tool.so preloaded, on the sim

EXAMPLE_BINS := $(BUILD)/workload $(BUILD)/libdemo_tool.so

$(BUILD)/workload: examples/workload.c | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< -lze_loader $(LDLIBS_T)

$(BUILD)/libdemo_tool.so: examples/demo_tool.c pti_callback.h pti_callback_impl.h | $(BUILD)
	$(CC) $(ALLCFLAGS) -fPIC -shared -o $@ $< $(LDLIBS_T)

.PHONY: demo-run
demo-run: $(EXAMPLE_BINS) $(ZE_SIM)
	$(RUN_ENV) LD_PRELOAD=$(abspath $(BUILD)/libdemo_tool.so) $(BUILD)/workload

$(BUILD)/run_demo_check: examples/demo_check.sh $(EXAMPLE_BINS) $(ZE_SIM) | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s\n' "$(abspath examples/demo_check.sh)" "$(abspath $(BUILD)/workload)" "$(abspath $(BUILD)/libdemo_tool.so)" > $@
	chmod +x $@

TEST_BINS += $(BUILD)/run_demo_check
