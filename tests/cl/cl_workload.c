/* cl_workload.c - an OpenCL program for the differential check (tests/cl/cl_programs_check.sh):
   it prints what it computed and how many commands it enqueued, the same whether a tool traces
   it or not. It reaches OpenCL through dlopen("libOpenCL.so.1") and dlsym, as programs that
   load OpenCL at run time do, and enqueues from worker threads on queues of their own, made
   without profiling, in order and out of order, with events of its own and none.
     cl_workload [THREADS [ROUNDS]]        (default 4 threads, 200 rounds) */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The functions used, from the library dlopen()ed at run time. */
#define FUNCS(X)                                                                                \
  X(clGetPlatformIDs) X(clGetDeviceIDs) X(clCreateContext) X(clCreateCommandQueueWithProperties) \
  X(clCreateProgramWithSource) X(clBuildProgram) X(clCreateKernel) X(clCreateBuffer)              \
  X(clSetKernelArg) X(clEnqueueNDRangeKernel) X(clEnqueueWriteBuffer) X(clEnqueueReadBuffer)     \
  X(clEnqueueFillBuffer) X(clEnqueueCopyBuffer) X(clWaitForEvents) X(clReleaseEvent) X(clFinish) \
  X(clReleaseMemObject) X(clReleaseKernel) X(clReleaseProgram) X(clReleaseCommandQueue)          \
  X(clReleaseContext) X(clEnqueueBarrierWithWaitList)
#define X(f) static __typeof__(&f) p_##f;
FUNCS(X)
#undef X

static const char* src =
    "__kernel void advance(__global int* a, int v) { size_t i = get_global_id(0); a[i] = a[i] * 3 + v + (int)i; }\n";

enum { N = 256 };
static cl_context ctx;
static cl_device_id dev;
static cl_program prog;
static int rounds = 200;

typedef struct job {
  int id;
  long enqueued;
  long sum;
  cl_int first_error;
} job;

#define CHECK(call)                                       \
  do {                                                    \
    cl_int e_ = (call);                                   \
    if (e_ != CL_SUCCESS && !j->first_error) j->first_error = e_; \
  } while (0)

#define ENQ(call)      \
  do {                 \
    CHECK(call);       \
    j->enqueued++;     \
  } while (0)

static void* worker(void* arg) {
  job* j = (job*)arg;
  cl_int e = CL_SUCCESS;
  const cl_queue_properties ooo[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  cl_command_queue q = p_clCreateCommandQueueWithProperties(ctx, dev, j->id % 2 ? ooo : NULL, &e);
  CHECK(e);
  cl_kernel k = p_clCreateKernel(prog, "advance", &e);
  CHECK(e);
  cl_mem a = p_clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &e);
  CHECK(e);
  cl_mem b = p_clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &e);
  CHECK(e);
  int host[N];
  for (int i = 0; i < N; i++) host[i] = i + j->id;
  ENQ(p_clEnqueueWriteBuffer(q, a, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  CHECK(p_clSetKernelArg(k, 0, sizeof a, &a));
  size_t g = N;
  for (int r = 0; r < rounds; r++) {
    int v = r % 7;
    CHECK(p_clSetKernelArg(k, 1, sizeof v, &v));
    cl_event ev = NULL;
    ENQ(p_clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, r % 3 == 0 ? &ev : NULL));
    if (j->id % 2) ENQ(p_clEnqueueBarrierWithWaitList(q, 0, NULL, NULL)); /* (out of order) */
    if (ev) {
      if (r % 2) CHECK(p_clWaitForEvents(1, &ev));
      p_clReleaseEvent(ev);
    }
    if (r % 25 == 24) CHECK(p_clFinish(q));
  }
  const int zero = 0;
  ENQ(p_clEnqueueCopyBuffer(q, a, b, 0, 0, sizeof host, 0, NULL, NULL));
  ENQ(p_clEnqueueBarrierWithWaitList(q, 0, NULL, NULL));
  ENQ(p_clEnqueueFillBuffer(q, a, &zero, sizeof zero, 0, sizeof host, 0, NULL, NULL));
  ENQ(p_clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  for (int i = 0; i < N; i++) j->sum = (j->sum * 31 + host[i]) % 1000000007;
  CHECK(p_clFinish(q));
  p_clReleaseMemObject(a);
  p_clReleaseMemObject(b);
  p_clReleaseKernel(k);
  p_clReleaseCommandQueue(q);
  return NULL;
}

int main(int argc, char** argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 4;
  if (argc > 2) rounds = atoi(argv[2]);
  if (threads < 1 || threads > 64 || rounds < 1) return 2;
  void* dl = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!dl) {
    fprintf(stderr, "cl_workload: %s\n", dlerror());
    return 2;
  }
#define X(f)                                    \
  *(void**)&p_##f = dlsym(dl, #f);              \
  if (!p_##f) return 2;
  FUNCS(X)
#undef X
  cl_platform_id plat;
  cl_int e = CL_SUCCESS;
  if (p_clGetPlatformIDs(1, &plat, NULL) != CL_SUCCESS || p_clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
    fprintf(stderr, "cl_workload: no OpenCL device\n");
    return 2;
  }
  ctx = p_clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  prog = p_clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
  e = p_clBuildProgram(prog, 1, &dev, "", NULL, NULL);
  if (e != CL_SUCCESS) return 2;
  job jobs[64];
  pthread_t th[64];
  memset(jobs, 0, sizeof jobs);
  for (int i = 0; i < threads; i++) {
    jobs[i].id = i;
    pthread_create(&th[i], NULL, worker, &jobs[i]);
  }
  long enqueued = 0;
  for (int i = 0; i < threads; i++) {
    pthread_join(th[i], NULL);
    printf("thread %d: sum %ld, first error %d\n", i, jobs[i].sum, jobs[i].first_error);
    enqueued += jobs[i].enqueued;
  }
  printf("enqueued %ld\n", enqueued);
  p_clReleaseProgram(prog);
  p_clReleaseContext(ctx);
  return 0;
}
