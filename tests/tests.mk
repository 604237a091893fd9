# Tests of the library itself (pti_callback.h). Included by the top Makefile.

LIB_HDRS := pti_callback.h pti_callback_impl.h
TEST_COMMON := tests/common.h $(LIB_HDRS)

$(BUILD)/test_core: tests/test_core.c $(TEST_COMMON) | $(BUILD)
	$(CC) $(ALLCFLAGS) -o $@ $< -lze_loader -lcmocka $(LDLIBS_T)

TEST_BINS += $(BUILD)/test_core
