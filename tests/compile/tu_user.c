/* Another translation unit uses the API only. */
#include "pti_callback.h"
#include "pti_callback.h"

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
               pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
}

int main(void) {
  pti_callback_subscriber_handle h = NULL;
  if (ptiCallbackSubscribe(&h, cb, NULL) != PTI_SUCCESS) return 1;
  if (ptiCallbackUnsubscribe(h) != PTI_SUCCESS) return 1;
  if (zeCommandListAppendLaunchKernel_id != 55 || zeInit_id != 1) return 1;
  return ptiCallbackDomainTypeToString(PTI_CB_DOMAIN_DRIVER_API)[0] == 'P' ? 0 : 1;
}
