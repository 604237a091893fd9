/* hub_tool.c - a tool built from the header with hidden visibility, which test_multi_hub.c
   dlopens beside its own copy of the implementation (the active one): the entry points below
   (default visibility) call this copy's public functions, which forward to the active copy.
   tests.mk builds it as C (libhub_c.so), as C++ (libhub_cxx.so: its callback may throw) and
   with a header whose ptic_op_info has one more field (libhub_skew.so: another layout). */
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#ifdef __cplusplus
#include <stdexcept>
extern "C" {
#endif

#define HUB_TOOL_API __attribute__((visibility("default")))

static int g_records, g_throws; /* (the test's thread makes every call) */

/* Counts APPENDED EXIT records; with `user` non-NULL, throws on each (C++). */
static void on_record(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                      void* cb_data, void* user, void** instance) {
  (void)group, (void)api_id, (void)ctx, (void)cb_data, (void)instance;
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) return;
  g_records++;
#ifdef __cplusplus
  if (user) {
    g_throws++;
    throw std::runtime_error("hub_tool: a callback that throws");
  }
#else
  (void)user;
#endif
}

/* A subscriber with APPENDED EXIT on; `throws`: its callback throws (C++ builds). */
HUB_TOOL_API pti_result hub_tool_subscribe(pti_callback_subscriber_handle* h, int throws) {
  pti_result r = ptiCallbackSubscribe(h, on_record, throws ? &g_throws : NULL);
  if (r == PTI_SUCCESS) r = ptiCallbackEnableDomain(*h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1);
  return r;
}
HUB_TOOL_API pti_result hub_tool_unsubscribe(pti_callback_subscriber_handle h) { return ptiCallbackUnsubscribe(h); }
HUB_TOOL_API int hub_tool_is_traced(uint32_t api_id) { return pticApiIdIsTraced(api_id); }
HUB_TOOL_API int hub_tool_records(void) { return g_records; }
HUB_TOOL_API int hub_tool_throws(void) { return g_throws; }

#ifdef __cplusplus
}
#endif
