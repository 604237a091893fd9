/* external_correlation.c - a tool's own ids on GPU operations (pti-callback example).

   What it demonstrates: how a tool ties the GPU operations it sees to ids of its own, such as
   a framework's layer or step numbers (CUPTI calls them external correlation ids). The
   application sets a per-thread "current id" (ext_push / ext_pop below). The tool
     - at APPENDED ENTER stores the thread's current id in *instance_user_data: the slot belongs
       to this one call, so other threads' calls, running meanwhile, cannot mix ids up;
     - at APPENDED EXIT reads it back and, if the append succeeded, maps each appended
       operation id to it;
     - at COMPLETED looks the id up by the record's _operation_id: each execution of a regular
       list's operation carries the id of its APPENDED record (ptic_op_info.execution_id tells
       the executions apart).
       The library delivers an operation's COMPLETED only after its APPENDED EXIT returned
       (also when the device finished it during the append call), so the id is always there:
       a completion without one is reported WRONG.
   The workload: two threads, each launching three kernels on an immediate list and three on a
   regular list executed twice, every kernel under its own external id. Kernel "k<id>" runs
   under external id <id>, so the program checks every completed kernel got the right one.
   The kernels are text for the simulated device; on another device the program says so and
   exits with status 0.

     make build/external_correlation
     ZE_ENABLE_ALT_DRIVERS=$PWD/build/libze_sim.so ./build/external_correlation
*/
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#include <level_zero/ze_api.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- the application's side: a current external id per thread ---- */

static _Thread_local uint64_t current_id;
static void ext_push(uint64_t id) { current_id = id; }
static void ext_pop(void) { current_id = 0; }

/* ---- the tool's side ---- */

/* appended operation id -> external id. Open addressing, never shrinks: a real tool would
   drop entries when their command list is destroyed. */
#define MAP_SIZE 1024
static struct {
  uint64_t op, ext;
} map[MAP_SIZE];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* everything below */
static unsigned completed, matched, wrong;

/* A completion as the tool reports it. */
typedef struct done_op {
  uint64_t op, execution;
  int ok; /* PTIC_OP_COMPLETED */
  const char* name;
} done_op;

/* The external id of `op`, added when `add` (NULL: not there, or the map is full).
   Call with lock held. */
static uint64_t* map_slot(uint64_t op, int add) {
  for (uint64_t i = 0, h = op * 0x9e3779b97f4a7c15u; i < MAP_SIZE; i++) {
    uint64_t k = (h + i) % MAP_SIZE;
    if (map[k].op == op) return &map[k].ext;
    if (map[k].op != 0) continue;
    if (!add) return NULL;
    map[k].op = op;
    return &map[k].ext;
  }
  return NULL;
}

/* Prints a completion with its external id (0: none) and checks it: kernel "k<id>" must have
   external id <id>. Call with lock held. */
static void report(const done_op* d, uint64_t ext) {
  int ok = d->ok && ext != 0 && strtoull(d->name + 1, NULL, 10) == ext;
  printf("op %-3llu (execution %llu) %-5s external id %llu: %s\n", (unsigned long long)d->op,
         (unsigned long long)d->execution, d->name, (unsigned long long)ext, ok ? "ok" : "WRONG");
  completed++;
  if (ok) matched++;
  else wrong++;
}

static void on_record(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t context, void* cb_data, void* user_data,
                      void** instance_user_data) {
  const pti_callback_gpu_op_data* rec = cb_data;
  (void)group, (void)api_id, (void)context, (void)user_data;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED &&
      rec->_phase == PTI_CB_PHASE_API_ENTER) {
    *instance_user_data = (void*)(uintptr_t)current_id; /* this call's own slot */
    return;
  }
  pthread_mutex_lock(&lock);
  for (uint32_t i = 0; i < rec->_operation_count; i++) {
    ptic_op_info op;
    if (pticGetOperationInfo(rec, i, &op) != PTI_SUCCESS) continue;
    if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) { /* EXIT */
      uint64_t ext = (uint64_t)(uintptr_t)*instance_user_data, *slot;
      if (rec->_return_code != ZE_RESULT_SUCCESS || !(slot = map_slot(op.operation_id, 1)))
        continue;
      *slot = ext;
      continue;
    }
    done_op d = {op.operation_id, op.execution_id, op.status == PTIC_OP_COMPLETED,
                 rec->_operation_details[i]._name};
    uint64_t* ext = map_slot(op.operation_id, 0); /* COMPLETED: after its APPENDED EXIT */
    report(&d, ext ? *ext : 0);
  }
  pthread_mutex_unlock(&lock);
}

/* ---- the workload: plain Level Zero ---- */

#define THREADS 2
#define STEPS 3 /* kernels per list */
static const char module_text[] = "kernel k100 10000\nkernel k101 20000\nkernel k102 30000\n"
                                  "kernel k110 10000\nkernel k111 20000\nkernel k112 30000\n"
                                  "kernel k200 10000\nkernel k201 20000\nkernel k202 30000\n"
                                  "kernel k210 10000\nkernel k211 20000\nkernel k212 30000\n";
enum { EXPECTED = THREADS * STEPS * 3 }; /* immediate list once, regular list twice */

static ze_context_handle_t ctx;
static ze_device_handle_t device;
static ze_module_handle_t module;

#define ZE(call)                                                                      \
  do {                                                                                \
    if ((call) != ZE_RESULT_SUCCESS) {                                                \
      fprintf(stderr, "external_correlation: %s failed (line %d)\n", #call, __LINE__); \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

/* Appends kernels k<base>, k<base+1>, ... to `list`, each under external id base + step. */
static void append_steps(ze_command_list_handle_t list, unsigned base, ze_kernel_handle_t* k) {
  ze_group_count_t groups = {1, 1, 1};
  for (unsigned s = 0; s < STEPS; s++) {
    char name[16];
    snprintf(name, sizeof name, "k%u", base + s);
    ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, name};
    ZE(zeKernelCreate(module, &kd, &k[s]));
    ext_push(base + s);
    ZE(zeCommandListAppendLaunchKernel(list, k[s], &groups, NULL, 0, NULL));
    ext_pop();
  }
}

static void* worker(void* arg) {
  unsigned t = (unsigned)(uintptr_t)arg;
  ze_kernel_handle_t k[2 * STEPS];
  /* the immediate list is synchronous (an append returns when its kernel is done), the
     queue asynchronous */
  ze_command_queue_desc_t sd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t imm, list;
  ze_command_queue_handle_t queue;
  ZE(zeCommandListCreateImmediate(ctx, device, &sd, &imm));
  append_steps(imm, 100 * (t + 1), k);
  ZE(zeCommandQueueCreate(ctx, device, &qd, &queue));
  ZE(zeCommandListCreate(ctx, device, &ld, &list));
  append_steps(list, 100 * (t + 1) + 10, k + STEPS);
  ZE(zeCommandListClose(list));
  for (int run = 0; run < 2; run++) {
    ZE(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
    ZE(zeCommandQueueSynchronize(queue, UINT64_MAX));
  }
  ZE(zeCommandListDestroy(list));
  ZE(zeCommandQueueDestroy(queue));
  ZE(zeCommandListDestroy(imm));
  for (int i = 0; i < 2 * STEPS; i++) ZE(zeKernelDestroy(k[i]));
  return NULL;
}

int main(void) {
  pti_callback_subscriber_handle sub;
  if (ptiCallbackSubscribe(&sub, on_record, NULL) != PTI_SUCCESS || /* PTI_SUCCESS is 0 */
      ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1) ||
      ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1)) {
    fprintf(stderr, "external_correlation: cannot trace Level Zero (no driver?)\n");
    return 1;
  }
  uint32_t n = 1;
  ze_driver_handle_t driver;
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE,
                         sizeof module_text - 1, (const uint8_t*)module_text, NULL, NULL};
  ZE(zeInit(0));
  ZE(zeDriverGet(&n, &driver));
  ZE(zeDeviceGet(driver, &n, &device));
  ZE(zeContextCreate(driver, &cd, &ctx));
  if (zeModuleCreate(ctx, device, &md, &module, NULL) != ZE_RESULT_SUCCESS) {
    printf("external_correlation: not the simulated device (tests/sim): skipped\n");
    return 0;
  }
  pthread_t threads[THREADS];
  for (unsigned t = 0; t < THREADS; t++)
    if (pthread_create(&threads[t], NULL, worker, (void*)(uintptr_t)t) != 0) exit(1);
  for (unsigned t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
  ZE(zeModuleDestroy(module));
  ZE(zeContextDestroy(ctx));
  pticFlush(1000000000);       /* completions not delivered yet: now (waits up to 1 s) */
  ptiCallbackUnsubscribe(sub); /* no callback runs after this */

  int ok = completed == EXPECTED && matched == EXPECTED;
  printf("external_correlation: %u operations completed, %u found their external id, %u did "
         "not (expected %d): %s\n", completed, matched, wrong, EXPECTED, ok ? "OK" : "FAILED");
  return ok ? 0 : 1;
}
