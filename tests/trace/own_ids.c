/* own_ids.c - a Level Zero program that calls functions PTI has no api id for (pti-callback
   assigns its own, from 0x10000: ptic_api_id_levelzero_own), for tests/trace/trace_check.sh:
   ze_trace must name them in its trace. Built against the newest Level Zero headers, run on
   the newest loader's leg: zeCommandListGetFlags (spec 1.17) and
   zeCommandListAppendMemoryFillWithParameters (1.16) on an immediate list, then a
   zeCommandListHostSynchronize. Prints "own_ids: OK" and exits 0 when every call succeeded. */
#include <level_zero/ze_api.h>

#include <stdio.h>

#define CHECK(call)                                                        \
  do {                                                                     \
    ze_result_t r_ = (call);                                               \
    if (r_ != ZE_RESULT_SUCCESS) {                                         \
      fprintf(stderr, "own_ids: %s returned 0x%x\n", #call, (unsigned)r_); \
      return 1;                                                            \
    }                                                                      \
  } while (0)

int main(void) {
  uint32_t n = 1;
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t context;
  ze_command_list_handle_t list;
  ze_context_desc_t context_desc = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ze_command_queue_desc_t queue_desc = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                        ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                                        ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_device_mem_alloc_desc_t mem_desc = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  ze_command_list_flags_t flags = 0;
  void* buffer;
  unsigned char pattern = 0x5a;

  CHECK(zeInit(ZE_INIT_FLAG_GPU_ONLY));
  CHECK(zeDriverGet(&n, &driver));
  n = 1;
  CHECK(zeDeviceGet(driver, &n, &device));
  CHECK(zeContextCreate(driver, &context_desc, &context));
  CHECK(zeCommandListCreateImmediate(context, device, &queue_desc, &list));
  CHECK(zeCommandListGetFlags(list, &flags));
  CHECK(zeMemAllocDevice(context, &mem_desc, 4096, 64, device, &buffer));
  CHECK(zeCommandListAppendMemoryFillWithParameters(list, buffer, &pattern, 1, 4096, NULL, NULL, 0,
                                                    NULL));
  CHECK(zeCommandListHostSynchronize(list, UINT64_MAX));
  CHECK(zeMemFree(context, buffer));
  CHECK(zeCommandListDestroy(list));
  CHECK(zeContextDestroy(context));
  printf("own_ids: OK\n");
  return 0;
}
