# The OpenCL group on PoCL (Debian's pocl-opencl-icd), through both ICD loaders: the system's
# ocl-icd and Debian unstable's Khronos loader (tools/newest_opencl_loader.sh, build/clnew).
# Included by the top Makefile; skipped when the OpenCL headers or loader are missing.

CL_NEW ?= $(abspath build/clnew/root)
CL_PRESENT := $(and $(wildcard /usr/include/CL/cl_layer.h),$(wildcard /usr/lib/*/libOpenCL.so))

ifneq ($(CL_PRESENT),)
# The implementation as a shared library: only a shared object can be the OpenCL layer.
$(BUILD)/libptic_cl.so: tests/cl/cl_tool.c $(LIB_HDRS) | $(BUILD)
	$(CC_T) $(ALLCFLAGS_T) -fPIC -shared -o $@ $< $(LDLIBS_T)

CL_TEST_LIBS := -L$(BUILD) -lptic_cl -Wl,-rpath,'$$ORIGIN' -lOpenCL -lcmocka $(LDLIBS_T)

$(BUILD)/test_cl: tests/test_cl.c $(LIB_HDRS) $(BUILD)/libptic_cl.so | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< $(CL_TEST_LIBS)

$(BUILD)/run_test_cl: tests/cl/cl_check.sh $(BUILD)/test_cl | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s\n' "$(abspath tests/cl/cl_check.sh)" "$(CL_NEW)" "$(abspath $(BUILD)/test_cl)" > $@

SYSTEM_LEG_TEST_BINS += $(BUILD)/run_test_cl

# Real programs under ze_trace: cl_workload (traced and untraced give the same results),
# clinfo, clpeak --kernel-latency (tests/cl/cl_programs_check.sh).
$(BUILD)/cl_workload: tests/cl/cl_workload.c | $(BUILD)
	$(CC) $(filter-out -std=c11,$(ALLCFLAGS)) -std=gnu11 -o $@ $< $(LDLIBS_T)

$(BUILD)/run_cl_programs_check: tests/cl/cl_programs_check.sh $(BUILD)/cl_workload $(BUILD)/libze_trace.so | $(BUILD)
	printf '#!/bin/sh\nexec sh %s %s %s\n' "$(abspath tests/cl/cl_programs_check.sh)" "$(abspath $(BUILD))" "$(CL_NEW)" > $@

SYSTEM_LEG_TEST_BINS += $(BUILD)/run_cl_programs_check
endif
