/* demo_tool.c - a tracing tool in one file, preloaded into any Level Zero program.

   What it demonstrates: the pti-callback API from a tool's side. When the library is loaded,
   a constructor subscribes and enables GPU_OPERATION_APPENDED (ENTER and EXIT) and
   KERNEL_CREATED / KERNEL_DESTROYED (EXIT); the callback prints one line per record to stderr,
   and at exit a destructor unsubscribes and prints how many operations of each name were
   appended. Callbacks run concurrently on the application's threads, so the output and the
   counters are under one mutex.

     make build/libdemo_tool.so build/workload
     ZE_ENABLE_ALT_DRIVERS=$PWD/build/libze_sim.so LD_PRELOAD=$PWD/build/libdemo_tool.so \
         ./build/workload
*/
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#include <level_zero/ze_api.h> /* ZE_RESULT_SUCCESS */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define MAX_NAMES 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pti_callback_subscriber_handle subscriber;
static struct {
  char name[64];
  unsigned count;
} names[MAX_NAMES];
static unsigned name_count, appended, created, destroyed;

/* Names of the Level Zero functions this tool's domains report. */
#define API(fn) {fn##_id, #fn}
static const struct {
  uint32_t id;
  const char* name;
} api_names[] = {
    API(zeCommandListAppendLaunchKernel),
    API(zeCommandListAppendLaunchCooperativeKernel),
    API(zeCommandListAppendLaunchKernelIndirect),
    API(zeCommandListAppendLaunchMultipleKernelsIndirect),
    API(zeCommandListAppendMemoryCopy),
    API(zeCommandListAppendMemoryFill),
    API(zeCommandListAppendMemoryCopyRegion),
    API(zeCommandListAppendMemoryCopyFromContext),
    API(zeCommandListAppendImageCopy),
    API(zeCommandListAppendImageCopyRegion),
    API(zeCommandListAppendImageCopyToMemory),
    API(zeCommandListAppendImageCopyFromMemory),
    API(zeCommandListAppendImageCopyToMemoryExt),
    API(zeCommandListAppendImageCopyFromMemoryExt),
    API(zeCommandListAppendBarrier),
    API(zeCommandListAppendMemoryRangesBarrier),
    API(zeKernelCreate),
    API(zeKernelDestroy),
};

static const char* api_name(uint32_t id) {
  for (size_t i = 0; i < sizeof api_names / sizeof api_names[0]; i++)
    if (api_names[i].id == id) return api_names[i].name;
  return "(other)";
}

static const char* phase_name(pti_callback_phase phase) {
  return phase == PTI_CB_PHASE_API_ENTER ? "ENTER" : phase == PTI_CB_PHASE_API_EXIT ? "EXIT" : "?";
}

static const char* kind_name(pti_gpu_operation_kind kind) {
  return kind == PTI_GPU_OPERATION_KIND_KERNEL ? "kernel"
         : kind == PTI_GPU_OPERATION_KIND_MEMORY ? "memory"
                                                 : "other";
}

static const char* list_kind(pti_backend_command_list_type type) {
  return type == PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE ? "immediate"
         : type == PTI_BACKEND_COMMAND_LIST_TYPE_UNKNOWN ? "unknown"
                                                         : "regular";
}

/* " ret=ZE_RESULT_SUCCESS" at EXIT, nothing at ENTER. */
static const char* ret_text(pti_callback_phase phase, uint32_t ret, char* buf, size_t size) {
  if (phase != PTI_CB_PHASE_API_EXIT) return "";
  if (ret == ZE_RESULT_SUCCESS) return " ret=ZE_RESULT_SUCCESS";
  snprintf(buf, size, " ret=0x%08x", ret);
  return buf;
}

/* "kernel vadd", "memory (D2H)", "other": the name of a memory or other operation starts
   with the API name, which has a column of its own. */
static const char* op_text(const pti_gpu_op_details* op, const char* api, char* buf, size_t size) {
  const char* name = op->_name ? op->_name : "?";
  if (op->_operation_kind != PTI_GPU_OPERATION_KIND_KERNEL && strncmp(name, api, strlen(api)) == 0)
    name += strlen(api);
  snprintf(buf, size, "%s %s", kind_name(op->_operation_kind), name);
  return buf;
}

/* 1, 2, ... in the order threads first report something. Call with lock held. */
static unsigned thread_number(void) {
  static _Thread_local unsigned number;
  static unsigned threads;
  if (number == 0) number = ++threads;
  return number;
}

/* One more operation of that name; past MAX_NAMES names, new ones are not counted.
   Call with lock held. */
static void count_name(const char* name) {
  for (unsigned i = 0; i < name_count; i++) {
    if (strcmp(names[i].name, name) == 0) {
      names[i].count++;
      return;
    }
  }
  if (name_count == MAX_NAMES) return;
  snprintf(names[name_count].name, sizeof names[name_count].name, "%s", name);
  names[name_count++].count = 1;
}

static void on_record(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t context, void* cb_data, void* user_data,
                      void** instance_user_data) {
  char ret_buf[32], op_buf[96];
  (void)group;
  (void)context;
  (void)user_data;
  (void)instance_user_data;
  pthread_mutex_lock(&lock);
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      const pti_gpu_op_details* op = &g->_operation_details[i];
      fprintf(stderr, "[demo] APPENDED  %-5s t%u corr=%-4u op=%-4llu %-31s %-16s list=%p (%s)%s\n",
              phase_name(g->_phase), thread_number(), g->_correlation_id,
              (unsigned long long)op->_operation_id, api_name(api_id),
              op_text(op, api_name(api_id), op_buf, sizeof op_buf), g->_cmd_list_handle,
              list_kind(g->_cmd_list_properties),
              ret_text(g->_phase, g->_return_code, ret_buf, sizeof ret_buf));
      if (g->_phase == PTI_CB_PHASE_API_ENTER) {
        appended++;
        count_name(op->_name ? op->_name : "?");
      }
    }
  } else if (domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED ||
             domain == PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED) {
    const pti_callback_kernel_data* k = (const pti_callback_kernel_data*)cb_data;
    int is_create = domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED;
    fprintf(stderr, "[demo] %-9s %-5s t%u corr=%-4u %-7s %-31s kernel %-9s kernel_handle=%llu%s\n",
            is_create ? "CREATED" : "DESTROYED", phase_name(k->_phase), thread_number(),
            k->_correlation_id, "", api_name(api_id), k->_name ? k->_name : "?",
            (unsigned long long)k->_kernel_handle,
            ret_text(k->_phase, k->_return_code, ret_buf, sizeof ret_buf));
    if (k->_return_code == ZE_RESULT_SUCCESS) {
      if (is_create) created++;
      else destroyed++;
    }
  }
  pthread_mutex_unlock(&lock);
}

static void enable(pti_callback_domain domain, uint32_t enter, uint32_t exit) {
  pti_result r = ptiCallbackEnableDomain(subscriber, domain, enter, exit);
  if (r != PTI_SUCCESS)
    fprintf(stderr, "[demo] cannot enable %s: %s\n", ptiCallbackDomainTypeToString(domain),
            ptiResultTypeToString(r));
}

__attribute__((constructor)) static void demo_start(void) {
  pti_result r = ptiCallbackSubscribe(&subscriber, on_record, NULL);
  if (r != PTI_SUCCESS) {
    fprintf(stderr, "[demo] ptiCallbackSubscribe: %s\n", ptiResultTypeToString(r));
    subscriber = NULL;
    return;
  }
  enable(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1);
  enable(PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, 1);
  enable(PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED, 0, 1);
}

__attribute__((destructor)) static void demo_stop(void) {
  if (subscriber == NULL) return;
  ptiCallbackUnsubscribe(subscriber); /* no callback runs after this */
  subscriber = NULL;
  pthread_mutex_lock(&lock);
  fprintf(stderr, "[demo] summary: %u operations appended, %u kernels created, %u destroyed\n",
          appended, created, destroyed);
  for (unsigned i = 0; i < name_count; i++)
    fprintf(stderr, "[demo]   %6u  %s\n", names[i].count, names[i].name);
  pthread_mutex_unlock(&lock);
}
