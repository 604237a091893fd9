/* The end of every translation unit of the coexistence check (tests/compile_check.sh), after
   pti_callback.h and Intel PTI's headers (stand-ins) in the order under test: uses what both
   declare, and checks the values and names, whichever header declared them. */
#include <string.h>

static void coexist_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                       pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
}

int main(void) {
  pti_callback_subscriber_handle h = NULL;
  pti_callback_kernel_data kd;
  const char* name = pticApiIdName(zePhysicalMemGetProperties_id);
#if defined(INCLUDE_PTI_VIEW_H_) && !defined(PTIC_DEFINES_PTI_API_GROUP_ID)
  pti_view_record_api rec; /* PTI's View type beside ours */
  rec._api_group = PTI_API_GROUP_LEVELZERO;
  if (rec._api_group != 1) return 1;
#endif
  memset(&kd, 0, sizeof kd);
  if (sizeof(pti_result) != 4 || sizeof kd != 56) return 2;
  if (ptiCallbackSubscribe(&h, coexist_cb, NULL) != PTI_SUCCESS) return 3;
  if (ptiCallbackUnsubscribe(h) != PTI_SUCCESS) return 4;
  if (strcmp(ptiResultTypeToString(PTI_WARN_BUFFER_NOT_FINALIZED), "PTI_WARN_BUFFER_NOT_FINALIZED"))
    return 5;
  if (strcmp(ptiResultTypeToString(PTI_ERROR_PC_SAMPLING_UNSUPPORTED), "PTI_ERROR_PC_SAMPLING_UNSUPPORTED"))
    return 6;
  if (strcmp(ptiResultTypeToString((pti_result)9), "INVALID")) return 7;
  if (strcmp(ptiCallbackDomainTypeToString(PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED),
             "PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED"))
    return 8;
  if (PTIC_LEVELZERO_ID_MAX != 219 || zeInit_id != 1 || zePhysicalMemGetProperties_id != 218) return 9;
  if (!name || strcmp(name, "zePhysicalMemGetProperties")) return 10;
  if (PTI_API_GROUP_LEVELZERO != 1 || PTI_MAX_DEVICE_UUID_SIZE != 16) return 11;
  return 0;
}
