/* teardown_host.c - a program that dlopens the tools named on its command line (multi_tool.c),
   appends to an immediate list a kernel that runs 200 ms and returns from main without waiting
   for it: every tool's destructor then flushes (pticFlush, 2 s) and must get that kernel's
   completion, whichever order glibc runs the destructors in (the executable's first, then the
   libraries in load order). Built with its own copy of the implementation (HOST_COPY: the
   active copy, as the first constructed) and without (the first tool's copy is then active).
   It links no Level Zero: the loader, loaded by the first tool's first enable, comes after that
   tool, whose destructor glibc then runs before the loader's (loader 1.32 tears its drivers down
   in its own destructor: README.md, "At exit"); the program looks its functions up once the
   tools are loaded. tests/multi/teardown_check.sh runs it. Needs ZE_ENABLE_ALT_DRIVERS. */
#define _GNU_SOURCE
#ifdef HOST_COPY
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"
#endif
#include <level_zero/ze_api.h>

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#define CHECK(call)                                            \
  do {                                                         \
    if ((call) != ZE_RESULT_SUCCESS) {                         \
      fprintf(stderr, "teardown_host: %s failed\n", #call);    \
      return 1;                                                \
    }                                                          \
  } while (0)

/* The Level Zero functions used, looked up in the loader (memcpy: ISO C has no conversion from
   void * to a function pointer). */
#define FUNCTIONS(X)                                                                            \
  X(zeInit) X(zeDriverGet) X(zeDeviceGet) X(zeContextCreate) X(zeCommandListCreateImmediate)    \
  X(zeModuleCreate) X(zeKernelCreate) X(zeCommandListAppendLaunchKernel)
#define X(f) static __typeof__(f)* p_##f;
FUNCTIONS(X)
#undef X

static int look_up(void) {
  void* loader = dlopen("libze_loader.so.1", RTLD_NOW);
  void* sym;
  if (!loader) return 0;
#define X(f) \
  if (!(sym = dlsym(loader, #f))) return 0; \
  memcpy(&p_##f, &sym, sizeof sym);
  FUNCTIONS(X)
#undef X
  return 1;
}

int main(int argc, char** argv) {
  for (int i = 1; i < argc; i++)
    if (!dlopen(argv[i], RTLD_NOW | RTLD_LOCAL)) {
      fprintf(stderr, "teardown_host: %s\n", dlerror());
      return 1;
    }
  if (!look_up()) {
    fprintf(stderr, "teardown_host: no Level Zero loader\n");
    return 1;
  }
  static const char module_text[] = "kernel slow 200000000\n";
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t context;
  ze_command_list_handle_t list;
  ze_module_handle_t module;
  ze_kernel_handle_t kernel;
  uint32_t n = 1;
  CHECK(p_zeInit(0));
  CHECK(p_zeDriverGet(&n, &driver));
  n = 1;
  CHECK(p_zeDeviceGet(driver, &n, &device));
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  CHECK(p_zeContextCreate(driver, &cd, &context));
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  qd.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  CHECK(p_zeCommandListCreateImmediate(context, device, &qd, &list));
  ze_module_desc_t md;
  memset(&md, 0, sizeof md);
  md.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
  md.format = ZE_MODULE_FORMAT_NATIVE;
  md.inputSize = sizeof module_text - 1;
  md.pInputModule = (const uint8_t*)module_text;
  CHECK(p_zeModuleCreate(context, device, &md, &module, NULL));
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "slow"};
  CHECK(p_zeKernelCreate(module, &kd, &kernel));
  ze_group_count_t groups = {1, 1, 1};
  CHECK(p_zeCommandListAppendLaunchKernel(list, kernel, &groups, NULL, 0, NULL));
  return 0; /* the kernel still runs: the tools' destructors wait for it */
}
