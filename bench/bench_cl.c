/* bench_cl.c - what tracing costs per OpenCL enqueue on PoCL (`make bench`, bench/run_cl.sh).

   Built three ways from this file:
     bench_cl             the OpenCL program: clEnqueueNDRangeKernel of an empty kernel, no event
                          (`append`: in batches of 64, each followed by a clFinish that is not
                          counted; `cycle`: one enqueue and its clFinish, both counted)
     libbench_cl_floor.so (-DBENCH_FLOOR) the floor any OpenCL layer pays: a layer whose functions
                          only call the next layer's (F); with BENCH_CL_MODE=FC also the OpenCL
                          calls that completion tracking makes per command: an event where the
                          program passes none, and at the clFinish its status, START and END
                          times read and its release
     libbench_cl_tool.so  (-DBENCH_TOOL) the library as a layer with a subscriber per
                          BENCH_CL_MODE: L0 none, L1 KERNEL_CREATED (not fired by these calls),
                          L2 APPENDED with an empty callback, L3 APPENDED + COMPLETED
   Callgrind counts the functions named bench_measure_* (bench/run_cl.sh). */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(BENCH_TOOL)
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

static void empty_cb(pti_callback_domain d, pti_api_group_id g, uint32_t id, pti_backend_ctx_t c, void* data,
                     void* user, void** inst) {
  (void)d; (void)g; (void)id; (void)c; (void)data; (void)user; (void)inst;
}
__attribute__((constructor)) static void bench_tool_start(void) {
  const char* m = getenv("BENCH_CL_MODE");
  pti_callback_subscriber_handle h;
  if (!m || strcmp(m, "L0") == 0 || ptiCallbackSubscribe(&h, empty_cb, NULL) != PTI_SUCCESS) return;
  if (strcmp(m, "L1") == 0) ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 1);
  if (strcmp(m, "L2") == 0 || strcmp(m, "L3") == 0)
    ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1);
  if (strcmp(m, "L3") == 0) ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 1, 1);
}

#elif defined(BENCH_FLOOR)
#include <CL/cl_icd.h>
#include <CL/cl_layer.h>
#include <dlfcn.h>

static cl_icd_dispatch next, mine;
static int fc; /* BENCH_CL_MODE=FC */
static cl_event pending[256];
static int npending;

static cl_int CL_API_CALL floor_enqueue(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t* off,
                                        const size_t* gws, const size_t* lws, cl_uint nw, const cl_event* w,
                                        cl_event* ev) {
  if (!fc) return next.clEnqueueNDRangeKernel(q, k, dim, off, gws, lws, nw, w, ev);
  cl_event own = NULL;
  const cl_int r = next.clEnqueueNDRangeKernel(q, k, dim, off, gws, lws, nw, w, ev ? ev : &own);
  if (r == CL_SUCCESS && npending < 256) {
    if (ev) next.clRetainEvent(*ev);
    pending[npending++] = ev ? *ev : own;
  }
  return r;
}
static cl_int CL_API_CALL floor_finish(cl_command_queue q) {
  const cl_int r = next.clFinish(q);
  for (int i = 0; fc && i < npending; i++) {
    cl_int st = 0;
    cl_ulong t[2];
    next.clGetEventInfo(pending[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    next.clGetEventProfilingInfo(pending[i], CL_PROFILING_COMMAND_START, sizeof t[0], &t[0], NULL);
    next.clGetEventProfilingInfo(pending[i], CL_PROFILING_COMMAND_END, sizeof t[1], &t[1], NULL);
    next.clReleaseEvent(pending[i]);
  }
  npending = 0;
  return r;
}
static cl_command_queue CL_API_CALL floor_queue(cl_context c, cl_device_id d, const cl_queue_properties* p,
                                                cl_int* e) {
  static const cl_queue_properties prof[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  return next.clCreateCommandQueueWithProperties(c, d, fc && !p ? prof : p, e);
}
__attribute__((visibility("default"))) cl_int CL_API_CALL clGetLayerInfo(cl_layer_info name, size_t size, void* value,
                                                                        size_t* size_ret) {
  const cl_layer_api_version v = CL_LAYER_API_VERSION_100;
  if (name != CL_LAYER_API_VERSION) return CL_INVALID_VALUE;
  if (value && size >= sizeof v) memcpy(value, &v, sizeof v);
  if (size_ret) *size_ret = sizeof v;
  return CL_SUCCESS;
}
__attribute__((visibility("default"))) cl_int CL_API_CALL clInitLayer(cl_uint n, const cl_icd_dispatch* target, cl_uint* n_ret,
                                                                     const cl_icd_dispatch** ret) {
  const cl_uint count = (cl_uint)(sizeof next / sizeof(void*));
  memcpy(&next, target, (n < count ? n : count) * sizeof(void*));
  mine = next;
  mine.clEnqueueNDRangeKernel = floor_enqueue;
  mine.clFinish = floor_finish;
  mine.clCreateCommandQueueWithProperties = floor_queue;
  *n_ret = count;
  *ret = &mine;
  return CL_SUCCESS;
}
__attribute__((constructor)) static void floor_start(void) {
  Dl_info info;
  const char* m = getenv("BENCH_CL_MODE");
  fc = m && strcmp(m, "FC") == 0;
  if (dladdr((void*)&next, &info) && info.dli_fname) setenv("OPENCL_LAYERS", info.dli_fname, 1);
}

#else /* the program */

static cl_command_queue q;
static cl_kernel k;
static size_t g = 1;

__attribute__((noinline)) void bench_measure_append(long n) {
  for (long i = 0; i < n; i++) clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
}
__attribute__((noinline)) void uncounted_finish(void) { clFinish(q); }
__attribute__((noinline)) void bench_measure_cycle(long n) {
  for (long i = 0; i < n; i++) {
    clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
    clFinish(q);
  }
}

int main(int argc, char** argv) {
  const char* op = argc > 1 ? argv[1] : "append";
  long n = argc > 2 ? atol(argv[2]) : 2000;
  static const char* src = "__kernel void empty(void) { }";
  cl_platform_id p;
  cl_device_id d;
  cl_int e = CL_SUCCESS;
  if (clGetPlatformIDs(1, &p, NULL) != CL_SUCCESS || clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL) != CL_SUCCESS) return 2;
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
  q = clCreateCommandQueueWithProperties(c, d, NULL, &e);
  cl_program pr = clCreateProgramWithSource(c, 1, &src, NULL, &e);
  if (clBuildProgram(pr, 1, &d, "", NULL, NULL) != CL_SUCCESS) return 2;
  k = clCreateKernel(pr, "empty", &e);
  /* warm up: first launches allocate */
  for (int i = 0; i < 64; i++) clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
  clFinish(q);
  if (strcmp(op, "cycle") == 0) {
    bench_measure_cycle(n);
  } else {
    for (long done = 0; done < n; done += 64) {
      bench_measure_append(64);
      uncounted_finish();
    }
  }
  printf("%s %ld\n", op, n);
  clReleaseKernel(k);
  clReleaseProgram(pr);
  clReleaseCommandQueue(q);
  clReleaseContext(c);
  return 0;
}
#endif
