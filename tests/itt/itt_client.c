/* itt_client.c - an ITT-instrumented program with an ITT static part of its own, written from
   the protocol ITT's loader follows (tests/itt/itt_check.sh): it lists its functions in a
   descriptor (magic, version 3, the list of {name, pointer to the function pointer, stubs,
   group}), dlopens the collector INTEL_LIBITTNOTIFY64 names and calls its __itt_api_init with
   the descriptor, then calls the annotations through the pointers the collector set, as
   ittnotify.h's macros do (a domain's flags tested first; a pointer left NULL is not called).
   Its annotations: thread names, nested tasks around Level Zero launches (when the simulated
   device is there: ITT_CLIENT_ZE=1), a task on a second thread, a region, frames, a marker,
   pause and resume. Prints what it checked itself, then "itt_client: OK". */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <level_zero/ze_api.h>

typedef struct itt_id {
  unsigned long long d1, d2, d3;
} itt_id;
typedef struct itt_domain {
  volatile int flags;
  const char* nameA;
  void* nameW;
  int extra1;
  void* extra2;
  struct itt_domain* next;
} itt_domain;
typedef struct itt_string {
  const char* strA;
  void* strW;
  int extra1;
  void* extra2;
  struct itt_string* next;
} itt_string;
typedef struct api_info {
  const char* name;
  void** func_ptr;
  void* init_func;
  void* null_func;
  int group;
} api_info;
typedef struct itt_global {
  unsigned char magic[8];
  unsigned long version_major, version_minor, version_build;
  volatile long api_initialized, mutex_initialized, atomic_counter;
  pthread_mutex_t mutex;
  void* lib;
  void* error_handler;
  const char** dll_path_ptr;
  api_info* api_list_ptr;
  struct itt_global* next;
  void* thread_list;
  itt_domain* domain_list;
  itt_string* string_list;
  int state;
} itt_global;

/* ITT's group bits (ittnotify_types.h) */
enum { G_CONTROL = 1 << 1, G_THREAD = 1 << 2, G_SYNC = 1 << 4, G_STRUCTURE = 1 << 12 };

static itt_domain* (*p_domain_create)(const char*);
static itt_string* (*p_string_handle_create)(const char*);
static void (*p_thread_set_name)(const char*);
static void (*p_task_begin)(const itt_domain*, itt_id, itt_id, itt_string*);
static void (*p_task_end)(const itt_domain*);
static void (*p_region_begin)(const itt_domain*, itt_id, itt_id, itt_string*);
static void (*p_region_end)(const itt_domain*, itt_id);
static void (*p_frame_begin_v3)(const itt_domain*, itt_id*);
static void (*p_frame_end_v3)(const itt_domain*, itt_id*);
static void (*p_frame_submit_v3)(const itt_domain*, itt_id*, unsigned long long, unsigned long long);
static void (*p_marker)(const itt_domain*, itt_id, itt_string*, int);
static void (*p_pause)(void);
static void (*p_resume)(void);
static unsigned long long (*p_get_timestamp)(void);
static void (*p_sync_prepare)(void*); /* not a collector function: stays NULL */

#define ENTRY(n, g) {"__itt_" #n, (void**)(void*)&p_##n, NULL, NULL, g}
static api_info api_list[] = {
    ENTRY(domain_create, G_STRUCTURE), ENTRY(string_handle_create, G_STRUCTURE), ENTRY(thread_set_name, G_THREAD),
    ENTRY(task_begin, G_STRUCTURE),    ENTRY(task_end, G_STRUCTURE),             ENTRY(region_begin, G_STRUCTURE),
    ENTRY(region_end, G_STRUCTURE),    ENTRY(frame_begin_v3, G_STRUCTURE),       ENTRY(frame_end_v3, G_STRUCTURE),
    ENTRY(frame_submit_v3, G_STRUCTURE), ENTRY(marker, G_STRUCTURE),             ENTRY(pause, G_CONTROL),
    ENTRY(resume, G_CONTROL),          ENTRY(get_timestamp, G_STRUCTURE),        ENTRY(sync_prepare, G_SYNC),
    {NULL, NULL, NULL, NULL, 0}};
static itt_global global = {{0xED, 0xAB, 0xAB, 0xEC, 0x0D, 0xEE, 0xDA, 0x30}, 3, 0, 20250807, 0, 0, 0,
                            PTHREAD_MUTEX_INITIALIZER, NULL, NULL, NULL, api_list, NULL, NULL, NULL, NULL, 0};
static const itt_id null_id = {0, 0, 0};

static int failures;
#define CHECK(c)                                                 \
  do {                                                           \
    if (!(c)) {                                                  \
      fprintf(stderr, "itt_client: %s:%d: %s\n", __FILE__, __LINE__, #c); \
      failures++;                                                \
    }                                                            \
  } while (0)

/* The calls as ittnotify.h's macros make them. */
#define TASK_BEGIN(d, name) \
  if ((d) && (d)->flags && p_task_begin) p_task_begin((d), null_id, null_id, (name))
#define TASK_END(d) \
  if ((d) && (d)->flags && p_task_end) p_task_end(d)

/* ITT's loader: the collector INTEL_LIBITTNOTIFY64 names, its __itt_api_init. */
static int load_collector(void) {
  const char* path = getenv("INTEL_LIBITTNOTIFY64");
  if (!path) return 0;
  global.lib = dlopen(path, RTLD_LAZY);
  if (!global.lib) return 0;
  void (*init)(itt_global*, int) = NULL;
  void* sym = dlsym(global.lib, "__itt_api_init");
  memcpy(&init, &sym, sizeof init);
  if (!init) return 0;
  init(&global, G_CONTROL | G_THREAD | G_STRUCTURE); /* (not G_SYNC) */
  global.api_initialized = 1;
  return 1;
}

/* Level Zero on the simulated device: one immediate list, one kernel. */
static ze_command_list_handle_t list;
static ze_kernel_handle_t kernel;
static void ze_open(void) {
  static const char text[] = "kernel itt_kernel 1000\n";
  uint32_t n = 1;
  ze_driver_handle_t drv;
  ze_device_handle_t dev;
  ze_context_handle_t ctx;
  if (zeInit(0) != ZE_RESULT_SUCCESS || zeDriverGet(&n, &drv) != ZE_RESULT_SUCCESS) return;
  n = 1;
  zeDeviceGet(drv, &n, &dev);
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  zeContextCreate(drv, &cd, &ctx);
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0, ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
                                ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  zeCommandListCreateImmediate(ctx, dev, &qd, &list);
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof text - 1,
                         (const uint8_t*)text, NULL, NULL};
  ze_module_handle_t mod;
  zeModuleCreate(ctx, dev, &md, &mod, NULL);
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "itt_kernel"};
  zeKernelCreate(mod, &kd, &kernel);
}
static void launch(void) {
  ze_group_count_t g = {1, 1, 1};
  if (list && kernel) CHECK(zeCommandListAppendLaunchKernel(list, kernel, &g, NULL, 0, NULL) == ZE_RESULT_SUCCESS);
}

static itt_domain* domain;

static void* worker(void* arg) {
  (void)arg;
  if (p_thread_set_name) p_thread_set_name("itt worker");
  itt_string* w = p_string_handle_create ? p_string_handle_create("worker task") : NULL;
  TASK_BEGIN(domain, w);
  launch();
  TASK_END(domain);
  return NULL;
}

int main(void) {
  const int loaded = load_collector();
  printf("itt_client: collector %s\n", loaded ? "loaded" : "absent");
  if (getenv("ITT_CLIENT_ZE")) ze_open();
  CHECK(!p_sync_prepare); /* a group not asked for, and a function the collector lacks */
  if (!loaded) {
    printf("itt_client: OK\n");
    return failures != 0;
  }
  CHECK(p_domain_create && p_string_handle_create && p_task_begin && p_task_end && p_get_timestamp);
  if (p_thread_set_name) p_thread_set_name("itt main");
  domain = p_domain_create("test.domain");
  CHECK(domain && domain->flags && strcmp(domain->nameA, "test.domain") == 0);
  CHECK(p_domain_create("test.domain") == domain); /* one handle per name */
  itt_string* outer = p_string_handle_create("outer");
  itt_string* inner = p_string_handle_create("inner");
  CHECK(outer && inner && outer != inner && strcmp(inner->strA, "inner") == 0);
  CHECK(p_string_handle_create("outer") == outer);

  launch(); /* outside any task */
  TASK_BEGIN(domain, outer);
  launch();
  TASK_BEGIN(domain, inner);
  launch();
  TASK_END(domain);
  TASK_END(domain);
  pthread_t th;
  pthread_create(&th, NULL, worker, NULL);
  pthread_join(th, NULL);

  itt_id rid = {5, 6, 7};
  itt_string* region = p_string_handle_create("region");
  p_region_begin(domain, rid, null_id, region);
  p_region_end(domain, rid);
  p_frame_begin_v3(domain, NULL);
  p_frame_end_v3(domain, NULL);
  unsigned long long t0 = p_get_timestamp(), t1 = p_get_timestamp();
  CHECK(t0 != 0 && t1 >= t0);
  p_frame_submit_v3(domain, NULL, t0, t1 + 1000);
  p_marker(domain, null_id, p_string_handle_create("mark"), 2);
  p_pause();
  p_resume();
  TASK_END(domain); /* an end without a begin */
  printf("itt_client: %s\n", failures ? "FAILED" : "OK");
  return failures != 0;
}
