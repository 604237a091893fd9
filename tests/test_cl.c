/* test_cl.c - the OpenCL group on a real OpenCL implementation (PoCL): the library is a shared
   object (build/libptic_cl.so) this program links, so it is the layer the ICD loader loads.
   Every record is checked: DRIVER_API per function, APPENDED for every kind of enqueue,
   COMPLETED exactly once (threads, out-of-order queues, events of the program's and none),
   HOST_SYNCHRONIZATION with its completions delivered before the call returns, the object
   domains, the MEMORY domain, and that the program sees what it would see without the layer. */
#define _GNU_SOURCE /* clock_gettime, CLOCK_MONOTONIC_RAW */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS /* the deprecated enqueues are traced too */
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <pthread.h>

#include <CL/cl.h>

#include "pti_callback.h"

/* ---- a recorder ---- */

typedef struct rec {
  pti_callback_domain domain;
  pti_callback_phase phase;
  pti_api_group_id group;
  uint32_t api_id, corr, status, kind, count, rc;
  uint64_t op_id, kernel_id, start_ns, end_ns, device_start, device_end;
  uint32_t append_corr; /* ptic_op_info.append_correlation_id */
  void* ctx;
  void* handle; /* queue, context, module or kernel of the record */
  uint64_t address, size, alignment, flags; /* MEMORY: ptic_memory_data's (kind: _kind, count: _operation) */
  char name[64];
  uint64_t seq;
} rec;

#define MAX_RECS 200000
static rec g_recs[MAX_RECS];
static size_t g_n;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_nargs; /* pticIterateArgs calls for clCreateBuffer ENTER */

static void add(const rec* r) {
  pthread_mutex_lock(&g_lock);
  if (g_n < MAX_RECS) g_recs[g_n++] = *r;
  pthread_mutex_unlock(&g_lock);
}
static void count_arg(uint32_t i, const char* n, const char* t, const char* v, void* u) {
  (void)i; (void)n; (void)t; (void)v; (void)u;
  g_nargs++;
}

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* data, void* user, void** inst) {
  (void)user; (void)inst;
  rec r;
  memset(&r, 0, sizeof r);
  r.domain = domain;
  r.group = group;
  r.api_id = api_id;
  r.ctx = ctx;
  switch ((uint32_t)domain) {
    case PTI_CB_DOMAIN_DRIVER_API: {
      const ptic_api_data* a = (const ptic_api_data*)data;
      r.phase = a->_phase;
      r.corr = a->_correlation_id;
      r.rc = a->_return_code;
      snprintf(r.name, sizeof r.name, "%s", a->_name);
      if (api_id == ptic_clCreateBuffer_id && a->_phase == PTI_CB_PHASE_API_ENTER) pticIterateArgs(data, count_arg, NULL);
      add(&r);
      break;
    }
    case PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED:
    case PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED: {
      const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)data;
      for (uint32_t i = 0; i < g->_operation_count; i++) {
        ptic_op_info info;
        memset(&info, 0, sizeof info);
        if (pticGetOperationInfo(data, i, &info) != PTI_SUCCESS) r.status = 99; /* (no assert: inside the library) */
        r.phase = g->_phase;
        r.corr = g->_correlation_id;
        r.rc = g->_return_code;
        r.count = g->_operation_count;
        r.handle = g->_queue_handle;
        r.op_id = g->_operation_details[i]._operation_id;
        r.kind = g->_operation_details[i]._operation_kind;
        r.kernel_id = g->_operation_details[i]._kernel_handle;
        snprintf(r.name, sizeof r.name, "%s", g->_operation_details[i]._name ? g->_operation_details[i]._name : "");
        if (r.status != 99) r.status = info.status;
        r.start_ns = info.start_ns;
        r.end_ns = info.end_ns;
        r.device_start = info.device_start;
        r.device_end = info.device_end;
        r.append_corr = info.append_correlation_id;
        add(&r);
      }
      break;
    }
    case PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION: {
      const ptic_sync_data* s = (const ptic_sync_data*)data;
      r.phase = s->_phase;
      r.corr = s->_correlation_id;
      r.kind = s->_kind;
      r.rc = s->_return_code;
      r.handle = s->_object;
      add(&r);
      break;
    }
    case PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED:
    case PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED: {
      const ptic_context_data* c = (const ptic_context_data*)data;
      r.phase = c->_phase;
      r.handle = c->_context_handle;
      r.rc = c->_return_code;
      add(&r);
      break;
    }
    case PTI_CB_DOMAIN_DRIVER_MODULE_LOADED:
    case PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED: {
      const ptic_module_data* m = (const ptic_module_data*)data;
      r.phase = m->_phase;
      r.handle = m->_module_handle;
      r.count = m->_kernel_count;
      r.kind = m->_format;
      if (m->_kernel_count && m->_kernel_names) {
        for (uint32_t i = 0; i < m->_kernel_count; i++) {
          strncat(r.name, m->_kernel_names[i], sizeof r.name - strlen(r.name) - 2);
          strcat(r.name, ",");
        }
      }
      add(&r);
      break;
    }
    case PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED:
    case PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED: {
      const pti_callback_kernel_data* k = (const pti_callback_kernel_data*)data;
      r.phase = k->_phase;
      r.handle = k->_device_kernel_handle;
      r.kernel_id = k->_kernel_handle;
      snprintf(r.name, sizeof r.name, "%s", k->_name ? k->_name : "");
      add(&r);
      break;
    }
    case PTIC_CB_DOMAIN_MEMORY: {
      const ptic_memory_data* m = (const ptic_memory_data*)data;
      r.phase = m->_phase;
      r.corr = m->_correlation_id;
      r.rc = m->_return_code;
      r.count = m->_operation;
      r.kind = m->_kind;
      r.address = m->_address;
      r.size = m->_size;
      r.alignment = m->_alignment;
      r.flags = m->_flags;
      r.handle = m->_object;
      r.status = m->_device_handle != NULL; /* (OpenCL memory belongs to no device) */
      if (m->_context_handle != ctx) r.status |= 2u;
      add(&r);
      break;
    }
    case PTI_CB_DOMAIN_INTERNAL_EVENT: {
      const pti_internal_callback_data* e = (const pti_internal_callback_data*)data;
      snprintf(r.name, sizeof r.name, "%s", e->_message);
      print_message("INTERNAL_EVENT %s\n", e->_message);
      add(&r);
      break;
    }
    default: break;
  }
}

static size_t count_recs(pti_callback_domain d, pti_callback_phase p, uint32_t api_id) {
  size_t n = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++)
    n += g_recs[i].domain == d && (!p || g_recs[i].phase == p) && (!api_id || g_recs[i].api_id == api_id);
  pthread_mutex_unlock(&g_lock);
  return n;
}

static void reset(void) {
  pthread_mutex_lock(&g_lock);
  g_n = 0;
  pthread_mutex_unlock(&g_lock);
}

static uint64_t raw_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ---- an OpenCL session on PoCL ---- */

typedef struct cl_session {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue; /* in order, no profiling */
  cl_program program;
  cl_kernel add, scale;
} cl_session;

static const char* g_src =
    "__kernel void add(__global int* a, int v) { a[get_global_id(0)] += v; }\n"
    "__kernel void scale(__global float* a, float f) { a[get_global_id(0)] *= f; }\n"
    "__kernel void noop(void) { }\n";

#define CL_OK(x) assert_int_equal((x), CL_SUCCESS)

static void session(cl_session* s) {
  cl_int e = CL_SUCCESS;
  memset(s, 0, sizeof *s);
  CL_OK(clGetPlatformIDs(1, &s->platform, NULL));
  CL_OK(clGetDeviceIDs(s->platform, CL_DEVICE_TYPE_ALL, 1, &s->device, NULL));
  s->context = clCreateContext(NULL, 1, &s->device, NULL, NULL, &e);
  CL_OK(e);
  s->queue = clCreateCommandQueueWithProperties(s->context, s->device, NULL, &e);
  CL_OK(e);
  s->program = clCreateProgramWithSource(s->context, 1, &g_src, NULL, &e);
  CL_OK(e);
  CL_OK(clBuildProgram(s->program, 1, &s->device, "", NULL, NULL));
  s->add = clCreateKernel(s->program, "add", &e);
  CL_OK(e);
  s->scale = clCreateKernel(s->program, "scale", &e);
  CL_OK(e);
}
static void session_end(cl_session* s) {
  CL_OK(clReleaseKernel(s->add));
  CL_OK(clReleaseKernel(s->scale));
  CL_OK(clReleaseProgram(s->program));
  CL_OK(clReleaseCommandQueue(s->queue));
  CL_OK(clReleaseContext(s->context));
}

static pti_callback_subscriber_handle g_h; /* the test's subscriber (unsubscribed if it fails) */
static int teardown(void** state) {
  (void)state;
  if (g_h) ptiCallbackUnsubscribe(g_h);
  g_h = NULL;
  pticSetPollInterval(1000);
  return 0;
}
static pti_callback_subscriber_handle subscribe(const pti_callback_domain* doms, size_t n) {
  pti_callback_subscriber_handle h = NULL;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  for (size_t i = 0; i < n; i++) assert_int_equal(ptiCallbackEnableDomain(h, doms[i], 1, 1), PTI_SUCCESS);
  g_h = h;
  return h;
}

/* Every COMPLETED operation id once, each an APPENDED one, none lost; returns how many. */
static size_t check_exactly_once(uint64_t t0, uint64_t t1) {
  pthread_mutex_lock(&g_lock);
  size_t done = 0;
  for (size_t i = 0; i < g_n; i++) {
    const rec* c = &g_recs[i];
    if (c->domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) continue;
    done++;
    assert_int_equal(c->group, PTI_API_GROUP_OPENCL);
    if (c->status != PTIC_OP_COMPLETED) fail_msg("operation %s: status %u", c->name, c->status);
    assert_true(c->start_ns <= c->end_ns);
    assert_true(c->device_start <= c->device_end);
    if (t0) {
      if (c->start_ns + 1000000u < t0 || c->end_ns > t1 + 1000000u)
        fail_msg("%s ran %llu..%llu, outside %llu..%llu", c->name, (unsigned long long)c->start_ns,
                 (unsigned long long)c->end_ns, (unsigned long long)t0, (unsigned long long)t1);
    }
    size_t appended = 0, again = 0;
    for (size_t j = 0; j < g_n; j++) {
      if (g_recs[j].op_id != c->op_id) continue;
      const int a = g_recs[j].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && g_recs[j].phase == PTI_CB_PHASE_API_EXIT;
      appended += a;
      if (a && g_recs[j].corr != c->append_corr) fail_msg("op %llu: COMPLETED names append call %u, APPENDED was %u",
                                                          (unsigned long long)c->op_id, c->append_corr, g_recs[j].corr);
      again += g_recs[j].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED;
    }
    if (appended != 1 || again != 1) fail_msg("op %llu (%s): appended %zu, completed %zu", (unsigned long long)c->op_id, c->name, appended, again);
  }
  for (size_t i = 0; i < g_n; i++) { /* every successful append completed */
    const rec* a = &g_recs[i];
    if (a->domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED || a->phase != PTI_CB_PHASE_API_EXIT || a->rc != CL_SUCCESS) continue;
    size_t n = 0;
    for (size_t j = 0; j < g_n; j++) n += g_recs[j].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED && g_recs[j].op_id == a->op_id;
    if (n != 1) fail_msg("appended op %llu (%s) completed %zu times", (unsigned long long)a->op_id, a->name, n);
  }
  pthread_mutex_unlock(&g_lock);
  return done;
}

/* ---- tests ---- */

/* First (before any enable): queues the program made before the library traced (one without
   profiling, one with) are learnt from OpenCL at their first enqueue; the commands of the one
   without profiling are COMPLETED without times (PTIC_OP_BAD_TIMES), said once. */
static void test_late_queue(void** state) {
  (void)state;
  reset();
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  const cl_queue_properties prof[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue qp = clCreateCommandQueueWithProperties(s.context, s.device, prof, &e);
  CL_OK(e);
  const pti_callback_domain d[] = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED,
                                   PTI_CB_DOMAIN_INTERNAL_EVENT};
  pti_callback_subscriber_handle h = subscribe(d, 3);
  size_t g = 1;
  int v = 1;
  cl_mem m = clCreateBuffer(s.context, CL_MEM_READ_WRITE, sizeof(int), NULL, &e);
  CL_OK(e);
  CL_OK(clSetKernelArg(s.add, 0, sizeof m, &m));
  CL_OK(clSetKernelArg(s.add, 1, sizeof v, &v));
  for (int i = 0; i < 3; i++) {
    CL_OK(clEnqueueNDRangeKernel(s.queue, s.add, 1, NULL, &g, NULL, 0, NULL, NULL));
    CL_OK(clEnqueueNDRangeKernel(qp, s.add, 1, NULL, &g, NULL, 0, NULL, NULL));
  }
  CL_OK(clFinish(s.queue));
  CL_OK(clFinish(qp));
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), 6);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, 0), 1);
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    const rec* r = &g_recs[i];
    if (r->domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) continue;
    assert_string_equal(r->name, "add");
    assert_ptr_equal(r->ctx, s.context);
    assert_int_equal(r->status, r->handle == qp ? PTIC_OP_COMPLETED : PTIC_OP_BAD_TIMES);
  }
  pthread_mutex_unlock(&g_lock);
  CL_OK(clReleaseCommandQueue(qp));
  CL_OK(clReleaseMemObject(m));
  session_end(&s);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

/* DRIVER_API: ENTER and EXIT of every call, group OpenCL, ids and names of the dispatch table,
   the cl_context as the backend context, arguments, per-function filtering. */
static void test_api_records(void** state) {
  (void)state;
  reset();
  const pti_callback_domain d[] = {PTI_CB_DOMAIN_DRIVER_API};
  pti_callback_subscriber_handle h = subscribe(d, 1);
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  cl_mem m = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 256, NULL, &e);
  CL_OK(e);
  CL_OK(clFinish(s.queue));
  CL_OK(clReleaseMemObject(m));
  session_end(&s);
  pthread_mutex_lock(&g_lock);
  size_t enter = 0, exit_ = 0;
  for (size_t i = 0; i < g_n; i++) {
    const rec* r = &g_recs[i];
    assert_int_equal(r->group, PTI_API_GROUP_OPENCL);
    assert_true(r->api_id >= PTIC_OPENCL_ID_BASE && r->api_id < PTIC_OPENCL_ID_MAX);
    assert_string_equal(pticApiIdName(r->api_id), r->name);
    if (r->phase == PTI_CB_PHASE_API_ENTER) {
      enter++;
      size_t j = i + 1; /* its EXIT: same correlation id, later */
      while (j < g_n && !(g_recs[j].corr == r->corr && g_recs[j].phase == PTI_CB_PHASE_API_EXIT)) j++;
      assert_true(j < g_n);
      assert_int_equal(g_recs[j].api_id, r->api_id);
    } else {
      exit_++;
    }
    if (r->api_id == ptic_clCreateCommandQueueWithProperties_id || r->api_id == ptic_clCreateBuffer_id ||
        r->api_id == ptic_clFinish_id || r->api_id == ptic_clCreateProgramWithSource_id)
      assert_ptr_equal(r->ctx, s.context);
    if (r->api_id == ptic_clCreateContext_id && r->phase == PTI_CB_PHASE_API_EXIT) assert_ptr_equal(r->ctx, s.context);
  }
  pthread_mutex_unlock(&g_lock);
  assert_true(enter >= 14);
  assert_int_equal(enter, exit_);
  assert_int_equal(g_nargs, 5); /* clCreateBuffer's arguments */
  /* one function alone */
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_API), PTI_SUCCESS);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_OPENCL, ptic_clFinish_id, 0, 1), PTI_SUCCESS);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, ptic_clFinish_id, 0, 1), PTI_ERROR_BAD_API_ID);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_OPENCL, zeInit_id, 0, 1), PTI_ERROR_BAD_API_ID);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_OPENCL, PTIC_OPENCL_ID_MAX, 0, 1), PTI_ERROR_BAD_API_ID);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_OPENCL, ptic_clGetDeviceIDsFromD3D10KHR_id, 0, 1),
                   PTI_ERROR_NOT_IMPLEMENTED); /* (no signature off Windows: not wrapped) */
  assert_int_equal(pticApiIdIsTraced(ptic_clFinish_id), 1);
  assert_int_equal(pticApiIdIsTraced(ptic_clGetDeviceIDsFromD3D10KHR_id), 0);
  assert_string_equal(pticApiIdName(ptic_clSetContextDestructorCallback_id), "clSetContextDestructorCallback");
  uint32_t id = 0;
  assert_int_equal(pticApiIdFromName("clEnqueueNDRangeKernel", &id), PTI_SUCCESS);
  assert_int_equal(id, ptic_clEnqueueNDRangeKernel_id);
  reset();
  session(&s);
  CL_OK(clFinish(s.queue));
  session_end(&s);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_API, 0, 0), 1);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_API, PTI_CB_PHASE_API_EXIT, ptic_clFinish_id), 1);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

static void CL_CALLBACK native_fn(void* args) { ((int*)args)[0]++; }

/* A client of every kind of enqueue, on a queue created without profiling: one APPENDED ENTER
   and EXIT each, with its kernel's name or its function's and its kind, and one COMPLETED each
   with host times inside the run, delivered before clFinish returns. */
static void test_every_enqueue(void** state) {
  (void)state;
  reset();
  const pti_callback_domain d[] = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED,
                                   PTI_CB_DOMAIN_INTERNAL_EVENT};
  pti_callback_subscriber_handle h = subscribe(d, 3);
  pticSetPollInterval(0); /* completions only at the synchronisations */
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  enum { N = 256 };
  int host[N], back[N];
  for (int i = 0; i < N; i++) host[i] = i;
  cl_mem a = clCreateBuffer(s.context, CL_MEM_READ_WRITE, sizeof host, NULL, &e);
  CL_OK(e);
  cl_mem b = clCreateBuffer(s.context, CL_MEM_READ_WRITE, sizeof host, NULL, &e);
  CL_OK(e);
  const uint64_t t0 = raw_now();
  size_t ops = 0;
  size_t g = N;
  int v = 2;
  const size_t origin[3] = {0, 0, 0}, region[3] = {16, 4, 1};
  CL_OK(clEnqueueWriteBuffer(s.queue, a, CL_FALSE, 0, sizeof host, host, 0, NULL, NULL)), ops++;
  CL_OK(clSetKernelArg(s.add, 0, sizeof a, &a));
  CL_OK(clSetKernelArg(s.add, 1, sizeof v, &v));
  CL_OK(clEnqueueNDRangeKernel(s.queue, s.add, 1, NULL, &g, NULL, 0, NULL, NULL)), ops++;
  CL_OK(clEnqueueTask(s.queue, s.add, 0, NULL, NULL)), ops++;
  CL_OK(clEnqueueCopyBuffer(s.queue, a, b, 0, 0, sizeof host, 0, NULL, NULL)), ops++;
  CL_OK(clEnqueueCopyBufferRect(s.queue, a, b, origin, origin, region, 64, 0, 64, 0, 0, NULL, NULL)), ops++;
  CL_OK(clEnqueueWriteBufferRect(s.queue, b, CL_FALSE, origin, origin, region, 64, 0, 64, 0, host, 0, NULL, NULL)), ops++;
  CL_OK(clEnqueueReadBufferRect(s.queue, b, CL_FALSE, origin, origin, region, 64, 0, 64, 0, back, 0, NULL, NULL)), ops++;
  const int zero = 0;
  CL_OK(clEnqueueFillBuffer(s.queue, b, &zero, sizeof zero, 0, 64, 0, NULL, NULL)), ops++;
  void* p = clEnqueueMapBuffer(s.queue, a, CL_FALSE, CL_MAP_READ, 0, sizeof host, 0, NULL, NULL, &e);
  CL_OK(e), ops++;
  CL_OK(clEnqueueUnmapMemObject(s.queue, a, p, 0, NULL, NULL)), ops++;
  CL_OK(clEnqueueMigrateMemObjects(s.queue, 1, &a, 0, 0, NULL, NULL)), ops++;
  cl_event mk = NULL;
  CL_OK(clEnqueueMarkerWithWaitList(s.queue, 0, NULL, &mk)), ops++;
  CL_OK(clEnqueueBarrierWithWaitList(s.queue, 1, &mk, NULL)), ops++;
  CL_OK(clReleaseEvent(mk));
  cl_event mk1 = NULL;
  CL_OK(clEnqueueMarker(s.queue, &mk1)), ops++;
  CL_OK(clEnqueueBarrier(s.queue)), ops++;
  CL_OK(clReleaseEvent(mk1));
  cl_bool images = CL_FALSE;
  CL_OK(clGetDeviceInfo(s.device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
  if (images) {
    cl_image_format fmt = {CL_RGBA, CL_UNSIGNED_INT8};
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 16;
    desc.image_height = 4;
    cl_mem im = clCreateImage(s.context, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &e);
    CL_OK(e);
    cl_mem im2 = clCreateImage(s.context, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &e);
    CL_OK(e);
    const cl_uint4 color = {{1, 2, 3, 4}};
    CL_OK(clEnqueueWriteImage(s.queue, im, CL_FALSE, origin, region, 0, 0, host, 0, NULL, NULL)), ops++;
    CL_OK(clEnqueueFillImage(s.queue, im2, &color, origin, region, 0, NULL, NULL)), ops++;
    CL_OK(clEnqueueCopyImage(s.queue, im, im2, origin, origin, region, 0, NULL, NULL)), ops++;
    CL_OK(clEnqueueReadImage(s.queue, im2, CL_FALSE, origin, region, 0, 0, back, 0, NULL, NULL)), ops++;
    CL_OK(clEnqueueCopyImageToBuffer(s.queue, im, b, origin, region, 0, 0, NULL, NULL)), ops++;
    CL_OK(clEnqueueCopyBufferToImage(s.queue, b, im, 0, origin, region, 0, NULL, NULL)), ops++;
    size_t pitch = 0;
    void* ip = clEnqueueMapImage(s.queue, im, CL_FALSE, CL_MAP_READ, origin, region, &pitch, NULL, 0, NULL, NULL, &e);
    CL_OK(e), ops++;
    CL_OK(clEnqueueUnmapMemObject(s.queue, im, ip, 0, NULL, NULL)), ops++;
    CL_OK(clFinish(s.queue));
    CL_OK(clReleaseMemObject(im));
    CL_OK(clReleaseMemObject(im2));
  }
  cl_device_svm_capabilities svm = 0;
  if (clGetDeviceInfo(s.device, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL) == CL_SUCCESS && svm) {
    void* sv = clSVMAlloc(s.context, CL_MEM_READ_WRITE, sizeof host, 0);
    void* sv2 = clSVMAlloc(s.context, CL_MEM_READ_WRITE, sizeof host, 0);
    assert_non_null(sv);
    assert_non_null(sv2);
    CL_OK(clEnqueueSVMMap(s.queue, CL_TRUE, CL_MAP_WRITE, sv, sizeof host, 0, NULL, NULL)), ops++;
    memcpy(sv, host, sizeof host);
    CL_OK(clEnqueueSVMUnmap(s.queue, sv, 0, NULL, NULL)), ops++;
    CL_OK(clEnqueueSVMMemcpy(s.queue, CL_FALSE, sv2, sv, sizeof host, 0, NULL, NULL)), ops++;
    CL_OK(clEnqueueSVMMemFill(s.queue, sv2, &zero, sizeof zero, 64, 0, NULL, NULL)), ops++;
    const void* ptrs[1] = {sv};
    CL_OK(clEnqueueSVMMigrateMem(s.queue, 1, ptrs, NULL, 0, 0, NULL, NULL)), ops++;
    CL_OK(clEnqueueSVMFree(s.queue, 1, &sv2, NULL, NULL, 0, NULL, NULL)), ops++;
    CL_OK(clFinish(s.queue));
    clSVMFree(s.context, sv);
  }
  cl_device_exec_capabilities ex = 0;
  CL_OK(clGetDeviceInfo(s.device, CL_DEVICE_EXECUTION_CAPABILITIES, sizeof ex, &ex, NULL));
  if (ex & CL_EXEC_NATIVE_KERNEL) {
    struct { int x; } args = {1};
    CL_OK(clEnqueueNativeKernel(s.queue, native_fn, &args, sizeof args, 0, NULL, NULL, 0, NULL, NULL)), ops++;
  }
  CL_OK(clEnqueueReadBuffer(s.queue, b, CL_FALSE, 0, sizeof back, back, 0, NULL, NULL)), ops++;
  /* the same function again on the same queue: non-blocking writes and reads take the fast path
     (their blocking argument is CL_FALSE), with the program's event or none; a blocking read
     after them does not: its completion, and that of every command before it (in order), is
     delivered before it returns */
  for (int i = 0; i < 3; i++) {
    cl_event ev = NULL;
    CL_OK(clEnqueueWriteBuffer(s.queue, a, CL_FALSE, 0, sizeof host, host, 0, NULL, i == 1 ? &ev : NULL)), ops++;
    if (ev) CL_OK(clReleaseEvent(ev));
  }
  for (int i = 0; i < 3; i++) CL_OK(clEnqueueReadBuffer(s.queue, b, CL_FALSE, 0, sizeof back, back, 0, NULL, NULL)), ops++;
  CL_OK(clEnqueueReadBuffer(s.queue, b, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL)), ops++;
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), ops);
  CL_OK(clFinish(s.queue));
  const uint64_t t1 = raw_now();
  /* delivered before clFinish returned (no poller) */
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), ops);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_ENTER, 0), ops);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT, 0), ops);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, 0), 0);
  assert_int_equal(check_exactly_once(t0, t1), ops);
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    const rec* r = &g_recs[i];
    if (r->domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) continue;
    assert_ptr_equal(r->ctx, s.context);
    assert_ptr_equal(r->handle, s.queue);
    if (r->api_id == ptic_clEnqueueNDRangeKernel_id || r->api_id == ptic_clEnqueueTask_id) {
      assert_string_equal(r->name, "add");
      assert_int_equal(r->kind, PTI_GPU_OPERATION_KIND_KERNEL);
      assert_true(r->kernel_id != 0);
    } else if (r->api_id == ptic_clEnqueueNativeKernel_id) {
      assert_int_equal(r->kind, PTI_GPU_OPERATION_KIND_KERNEL);
    } else {
      assert_string_equal(r->name, pticApiIdName(r->api_id));
      const int other = r->api_id == ptic_clEnqueueMarker_id || r->api_id == ptic_clEnqueueBarrier_id ||
                        r->api_id == ptic_clEnqueueMarkerWithWaitList_id || r->api_id == ptic_clEnqueueBarrierWithWaitList_id;
      assert_int_equal(r->kind, other ? PTI_GPU_OPERATION_KIND_OTHER : PTI_GPU_OPERATION_KIND_MEMORY);
    }
  }
  pthread_mutex_unlock(&g_lock);
  CL_OK(clReleaseMemObject(a));
  CL_OK(clReleaseMemObject(b));
  session_end(&s);
  pticSetPollInterval(1000);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

/* Exactly once under 4 threads enqueueing on queues of their own (in order and out of order)
   and a shared one, with events of the program's and none. */
typedef struct worker {
  cl_session* s;
  cl_command_queue q[2];
  cl_mem m;
  int id;
} worker;
#define PER_THREAD 300
static void* work(void* p) {
  worker* w = (worker*)p;
  cl_int e = CL_SUCCESS;
  cl_kernel k = clCreateKernel(w->s->program, "add", &e);
  int v = 1;
  clSetKernelArg(k, 0, sizeof w->m, &w->m);
  clSetKernelArg(k, 1, sizeof v, &v);
  size_t g = 64;
  for (int i = 0; i < PER_THREAD; i++) {
    cl_command_queue q = i % 5 == 4 ? w->s->queue : w->q[i & 1];
    cl_event ev = NULL;
    if (clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, i % 3 == 0 ? &ev : NULL) != CL_SUCCESS) abort();
    if (ev && i % 6 == 0) clWaitForEvents(1, &ev);
    if (ev) clReleaseEvent(ev);
    if (i % 50 == 49) clFinish(w->q[0]);
  }
  clFinish(w->q[0]);
  clFinish(w->q[1]);
  clReleaseKernel(k);
  return NULL;
}
static void test_threads(void** state) {
  (void)state;
  reset();
  const pti_callback_domain d[] = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED,
                                   PTI_CB_DOMAIN_INTERNAL_EVENT};
  pti_callback_subscriber_handle h = subscribe(d, 3);
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  worker w[4];
  pthread_t th[4];
  const cl_queue_properties ooo[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  for (int i = 0; i < 4; i++) {
    w[i].s = &s;
    w[i].id = i;
    w[i].q[0] = clCreateCommandQueueWithProperties(s.context, s.device, NULL, &e);
    CL_OK(e);
    w[i].q[1] = clCreateCommandQueueWithProperties(s.context, s.device, ooo, &e);
    CL_OK(e);
    w[i].m = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 64 * sizeof(int), NULL, &e);
    CL_OK(e);
  }
  const uint64_t t0 = raw_now();
  for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&th[i], NULL, work, &w[i]), 0);
  for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
  CL_OK(clFinish(s.queue));
  const uint64_t t1 = raw_now();
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT, 0), 4 * PER_THREAD);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), 4 * PER_THREAD);
  assert_int_equal(check_exactly_once(t0, t1), 4 * PER_THREAD);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, 0), 0);
  for (int i = 0; i < 4; i++) {
    CL_OK(clReleaseCommandQueue(w[i].q[0]));
    CL_OK(clReleaseCommandQueue(w[i].q[1]));
    CL_OK(clReleaseMemObject(w[i].m));
  }
  session_end(&s);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

/* HOST_SYNCHRONIZATION: clFinish, clWaitForEvents, blocking reads, writes and maps; what they
   prove finished is delivered before they return (no poller). */
static void test_host_sync(void** state) {
  (void)state;
  reset();
  const pti_callback_domain d[] = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION,
                                   PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED};
  pti_callback_subscriber_handle h = subscribe(d, 3);
  pticSetPollInterval(0);
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  int host[64] = {0};
  cl_mem m = clCreateBuffer(s.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &e);
  CL_OK(e);
  int v = 5;
  size_t g = 64;
  CL_OK(clSetKernelArg(s.add, 0, sizeof m, &m));
  CL_OK(clSetKernelArg(s.add, 1, sizeof v, &v));
  for (int round = 0; round < 50; round++) {
    reset();
    CL_OK(clEnqueueNDRangeKernel(s.queue, s.add, 1, NULL, &g, NULL, 0, NULL, NULL));
    CL_OK(clEnqueueReadBuffer(s.queue, m, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
    assert_int_equal(host[0], 5 * (round + 1));
    assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), 2);
    assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, PTI_CB_PHASE_API_ENTER, ptic_clEnqueueReadBuffer_id), 1);
    assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, PTI_CB_PHASE_API_EXIT, ptic_clEnqueueReadBuffer_id), 1);
    cl_event ev = NULL;
    CL_OK(clEnqueueNDRangeKernel(s.queue, s.add, 1, NULL, &g, NULL, 0, NULL, &ev));
    CL_OK(clWaitForEvents(1, &ev));
    assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), 3);
    CL_OK(clReleaseEvent(ev));
    CL_OK(clEnqueueNDRangeKernel(s.queue, s.add, 1, NULL, &g, NULL, 0, NULL, NULL));
    CL_OK(clFinish(s.queue));
    assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), 4);
    void* p = clEnqueueMapBuffer(s.queue, m, CL_TRUE, CL_MAP_READ, 0, sizeof host, 0, NULL, NULL, &e);
    CL_OK(e);
    assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), 5);
    CL_OK(clEnqueueUnmapMemObject(s.queue, m, p, 0, NULL, NULL));
    CL_OK(clEnqueueWriteBuffer(s.queue, m, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
    assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), 7);
    assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, PTI_CB_PHASE_API_EXIT, 0), 5);
  }
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    const rec* r = &g_recs[i];
    if (r->domain != PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION) continue;
    if (r->api_id == ptic_clFinish_id) assert_int_equal(r->kind, PTIC_SYNC_QUEUE);
    else if (r->api_id == ptic_clWaitForEvents_id) assert_int_equal(r->kind, PTIC_SYNC_EVENTS);
    else assert_int_equal(r->kind, PTIC_SYNC_COMMAND);
  }
  pthread_mutex_unlock(&g_lock);
  CL_OK(clReleaseMemObject(m));
  session_end(&s);
  pticSetPollInterval(1000);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

/* The program sees what it would without the layer: its queues' properties, no profiling info
   on a queue made without profiling, its events' reference counts, return codes. */
static void test_invisible(void** state) {
  (void)state;
  const pti_callback_domain d[] = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, PTI_CB_DOMAIN_DRIVER_API};
  pti_callback_subscriber_handle h = subscribe(d, 2);
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  cl_command_queue_properties props = 99;
  CL_OK(clGetCommandQueueInfo(s.queue, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL));
  assert_int_equal(props, 0);
  cl_command_queue q1 = clCreateCommandQueue(s.context, s.device, 0, &e);
  CL_OK(e);
  CL_OK(clGetCommandQueueInfo(q1, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL));
  assert_int_equal(props, 0);
  const cl_queue_properties ooo[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  cl_command_queue q2 = clCreateCommandQueueWithProperties(s.context, s.device, ooo, &e);
  CL_OK(e);
  CL_OK(clGetCommandQueueInfo(q2, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL));
  assert_int_equal(props, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  const cl_queue_properties prof[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue q3 = clCreateCommandQueueWithProperties(s.context, s.device, prof, &e);
  CL_OK(e);
  CL_OK(clGetCommandQueueInfo(q3, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL));
  assert_int_equal(props, CL_QUEUE_PROFILING_ENABLE);
  cl_event ev = NULL, ev3 = NULL;
  CL_OK(clEnqueueMarkerWithWaitList(q1, 0, NULL, &ev));
  CL_OK(clEnqueueMarkerWithWaitList(q3, 0, NULL, &ev3));
  CL_OK(clWaitForEvents(1, &ev));
  CL_OK(clWaitForEvents(1, &ev3));
  cl_ulong t = 0;
  assert_int_equal(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL), CL_PROFILING_INFO_NOT_AVAILABLE);
  CL_OK(clGetEventProfilingInfo(ev3, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL));
  assert_true(t != 0);
  CL_OK(clReleaseEvent(ev));
  /* a command held back by a user event: the runtime's references stay; the count with the
     layer's reference (COMPLETED on) is the count without it (COMPLETED off) */
  cl_uint refs[2] = {0, 0};
  for (int on = 0; on < 2; on++) {
    if (!on) assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), PTI_SUCCESS);
    else assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 1, 1), PTI_SUCCESS);
    cl_event user = clCreateUserEvent(s.context, &e), held = NULL;
    CL_OK(e);
    CL_OK(clEnqueueMarkerWithWaitList(q1, 1, &user, &held));
    CL_OK(clGetEventInfo(held, CL_EVENT_REFERENCE_COUNT, sizeof refs[on], &refs[on], NULL));
    CL_OK(clSetUserEventStatus(user, CL_COMPLETE));
    CL_OK(clWaitForEvents(1, &held));
    CL_OK(clReleaseEvent(held));
    CL_OK(clReleaseEvent(user));
  }
  assert_int_equal(refs[0], refs[1]);
  CL_OK(clReleaseEvent(ev3));
  /* errors pass unchanged */
  size_t g = 1;
  assert_int_equal(clEnqueueNDRangeKernel(NULL, s.add, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
  assert_int_equal(clFinish(NULL), CL_INVALID_COMMAND_QUEUE);
  assert_null(clCreateBuffer(s.context, CL_MEM_READ_WRITE, 0, NULL, &e));
  assert_int_equal(e, CL_INVALID_BUFFER_SIZE);
  assert_null(clCreateBuffer(s.context, CL_MEM_READ_WRITE, 0, NULL, NULL));
  assert_null(clCreateKernel(s.program, "no_such_kernel", &e));
  assert_int_equal(e, CL_INVALID_KERNEL_NAME);
  CL_OK(clReleaseCommandQueue(q1));
  CL_OK(clReleaseCommandQueue(q2));
  CL_OK(clReleaseCommandQueue(q3));
  session_end(&s);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

/* Bad input with every domain on: the program gets OpenCL's answers, the records say them, and
   nothing is tracked for a command that was not enqueued. */
static void test_bad_input(void** state) {
  (void)state;
  reset();
  pti_callback_subscriber_handle h = NULL;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  g_h = h;
  assert_int_equal(pticEnableAllDomains(h, 1, 1), PTI_SUCCESS);
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  size_t g = 1;
  assert_int_equal(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
  /* (a NULL kernel crashes PoCL 3.1 itself, with or without the layer: not tried) */
  assert_int_equal(clEnqueueNDRangeKernel(s.queue, s.add, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
  assert_int_equal(clEnqueueReadBuffer(s.queue, NULL, CL_TRUE, 0, 4, &e, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
  assert_int_equal(clGetCommandQueueInfo(NULL, CL_QUEUE_PROPERTIES, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
  assert_int_equal(clGetEventInfo(NULL, CL_EVENT_REFERENCE_COUNT, 0, NULL, NULL), CL_INVALID_EVENT);
  assert_int_equal(clGetEventProfilingInfo(NULL, CL_PROFILING_COMMAND_END, 0, NULL, NULL), CL_INVALID_EVENT);
  assert_int_equal(clReleaseContext(NULL), CL_INVALID_CONTEXT);
  assert_int_equal(clReleaseKernel(NULL), CL_INVALID_KERNEL);
  assert_int_equal(clBuildProgram(NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_PROGRAM);
  assert_null(clCreateCommandQueueWithProperties(NULL, s.device, NULL, &e));
  assert_int_equal(e, CL_INVALID_CONTEXT);
  assert_null(clCreateKernel(NULL, "add", NULL));
  CL_OK(clFinish(s.queue));
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 0), 0);
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    const rec* r = &g_recs[i];
    if (r->domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && r->phase == PTI_CB_PHASE_API_EXIT)
      assert_true((cl_int)r->rc != CL_SUCCESS);
    if (r->domain == PTI_CB_DOMAIN_DRIVER_API && r->phase == PTI_CB_PHASE_API_EXIT && r->api_id == ptic_clWaitForEvents_id)
      assert_int_equal((cl_int)r->rc, CL_INVALID_VALUE);
    if (r->domain == PTI_CB_DOMAIN_DRIVER_API && r->phase == PTI_CB_PHASE_API_EXIT && r->api_id == ptic_clCreateKernel_id &&
        g_recs[i].corr > 0 && r->rc != CL_SUCCESS)
      assert_int_equal((cl_int)r->rc, CL_INVALID_PROGRAM); /* (through the layer's own errcode_ret) */
  }
  pthread_mutex_unlock(&g_lock);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, 0), 0);
  session_end(&s);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

/* Contexts, programs (loaded when built, with their kernel names), kernels; pticReplay. */
static void test_objects(void** state) {
  (void)state;
  reset();
  const pti_callback_domain d[] = {PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED,
                                   PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED,
                                   PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED};
  pti_callback_subscriber_handle h = subscribe(d, 6);
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  cl_kernel ks[8];
  cl_uint nk = 0;
  CL_OK(clCreateKernelsInProgram(s.program, 8, ks, &nk));
  assert_int_equal(nk, 3);
  pthread_mutex_lock(&g_lock);
  size_t ctx = 0, mod = 0, kern = 0;
  for (size_t i = 0; i < g_n; i++) {
    const rec* r = &g_recs[i];
    assert_int_equal(r->group, PTI_API_GROUP_OPENCL);
    if (r->phase != PTI_CB_PHASE_API_EXIT) continue;
    if (r->domain == PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED) {
      ctx++;
      assert_ptr_equal(r->handle, s.context);
      assert_ptr_equal(r->ctx, s.context);
    }
    if (r->domain == PTI_CB_DOMAIN_DRIVER_MODULE_LOADED) {
      mod++;
      assert_ptr_equal(r->handle, s.program);
      assert_int_equal(r->count, 3);
      assert_non_null(strstr(r->name, "add,"));
      assert_non_null(strstr(r->name, "noop,"));
      assert_int_equal(r->kind, 2); /* from source */
    }
    if (r->domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED) {
      kern++;
      assert_true(r->kernel_id != 0);
      assert_true(strcmp(r->name, "add") == 0 || strcmp(r->name, "scale") == 0 || strcmp(r->name, "noop") == 0);
    }
  }
  pthread_mutex_unlock(&g_lock);
  assert_int_equal(ctx, 1);
  assert_int_equal(mod, 1);
  assert_int_equal(kern, 5);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, PTI_CB_PHASE_API_ENTER, 0), 3);
  /* pticReplay: what lives now */
  reset();
  assert_int_equal(pticReplay(h), PTI_SUCCESS);
  assert_true(count_recs(PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, PTI_CB_PHASE_API_EXIT, ptic_clCreateContext_id) >= 1);
  assert_true(count_recs(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, PTI_CB_PHASE_API_EXIT, ptic_clBuildProgram_id) >= 1);
  assert_true(count_recs(PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, PTI_CB_PHASE_API_EXIT, ptic_clCreateKernel_id) >= 5);
  /* destroyed at the last release */
  reset();
  for (cl_uint i = 0; i < nk; i++) CL_OK(clReleaseKernel(ks[i]));
  CL_OK(clRetainContext(s.context));
  CL_OK(clReleaseContext(s.context)); /* (not the last: nothing) */
  assert_int_equal(count_recs(PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED, 0, 0), 0);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED, PTI_CB_PHASE_API_EXIT, 0), 3);
  session_end(&s);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED, PTI_CB_PHASE_API_EXIT, 0), 5);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED, PTI_CB_PHASE_API_EXIT, 0), 1);
  assert_int_equal(count_recs(PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED, PTI_CB_PHASE_API_EXIT, 0), 1);
  (void)e;
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

/* The MEMORY domain: every allocating call and free, ENTER and EXIT with one correlation id,
   what was asked at ENTER, the new memory at EXIT, frees carrying what their allocation had;
   failed calls recorded with their error and leaving nothing allocated; releases that do not
   destroy (the program's own references, the runtime's) give no record; clEnqueueSVMFree's
   frees when its command runs; per-function DRIVER_API filtering unaffected. */
typedef struct mem_seen {
  size_t n;
  rec r[64];
} mem_seen;
/* The MEMORY records since the last reset: ENTER and EXIT paired (the EXIT right after its
   ENTER on one thread, one correlation id, group OpenCL, the record's context the callback's,
   no device); returns the EXITs in order. */
static void mem_records(mem_seen* out) {
  memset(out, 0, sizeof *out);
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    const rec* r = &g_recs[i];
    if (r->domain != PTIC_CB_DOMAIN_MEMORY) continue;
    assert_int_equal(r->group, PTI_API_GROUP_OPENCL);
    assert_int_equal(r->status, 0);
    assert_true(r->corr != 0);
    if (r->phase == PTI_CB_PHASE_API_ENTER) {
      size_t j = i + 1;
      while (j < g_n && (g_recs[j].domain != PTIC_CB_DOMAIN_MEMORY || g_recs[j].corr != r->corr)) j++;
      if (j == g_n) fail_msg("MEMORY ENTER of %s (corr %u) has no EXIT", pticApiIdName(r->api_id), r->corr);
      const rec* x = &g_recs[j];
      assert_int_equal(x->phase, PTI_CB_PHASE_API_EXIT);
      assert_int_equal(x->api_id, r->api_id);
      assert_int_equal(x->count, r->count);
      assert_int_equal(r->rc, 0);
      if (r->count == PTIC_MEMORY_ALLOCATE) { /* at ENTER: asked, nothing made yet */
        assert_null(r->handle);
        if (r->kind == PTIC_MEMORY_SVM) assert_int_equal(r->address, 0);
      } else { /* a free says the same at both ends */
        assert_int_equal(x->kind, r->kind);
        assert_int_equal(x->address, r->address);
        assert_int_equal(x->size, r->size);
        assert_ptr_equal(x->handle, r->handle);
      }
      assert_true(out->n < 64);
      out->r[out->n++] = *x;
    } else {
      size_t n = 0;
      for (size_t j = 0; j < i; j++) n += g_recs[j].domain == PTIC_CB_DOMAIN_MEMORY && g_recs[j].corr == r->corr;
      if (n != 1) fail_msg("MEMORY EXIT of %s (corr %u) follows %zu records of its call", pticApiIdName(r->api_id), r->corr, n);
    }
  }
  pthread_mutex_unlock(&g_lock);
}
/* The EXIT record of the k-th MEMORY call of function api (and operation op), or fails. */
static const rec* mem_exit(const mem_seen* m, uint32_t api, uint32_t op, size_t k) {
  size_t left = k;
  for (size_t i = 0; i < m->n; i++)
    if (m->r[i].api_id == api && m->r[i].count == op && left-- == 0) return &m->r[i];
  fail_msg("no MEMORY record %zu of %s (operation %u)", k, pticApiIdName(api), op);
  return NULL;
}
static size_t mem_count(const mem_seen* m, uint32_t api, uint32_t op) {
  size_t n = 0;
  for (size_t i = 0; i < m->n; i++) n += m->r[i].api_id == api && m->r[i].count == op;
  return n;
}
/* A free carries what its allocation had. */
static void same_memory(const rec* fr, const rec* al) {
  assert_int_equal(fr->count, PTIC_MEMORY_FREE);
  assert_int_equal(al->count, PTIC_MEMORY_ALLOCATE);
  assert_int_equal(fr->kind, al->kind);
  assert_int_equal(fr->address, al->address);
  assert_int_equal(fr->size, al->size);
  assert_int_equal(fr->alignment, al->alignment);
  assert_int_equal(fr->flags, al->flags);
  assert_ptr_equal(fr->handle, al->handle);
  assert_ptr_equal(fr->ctx, al->ctx);
}
static void CL_CALLBACK free_svm_fn(cl_command_queue q, cl_uint n, void** ptrs, void* user) {
  (void)q;
  for (cl_uint i = 0; i < n; i++) clSVMFree((cl_context)user, ptrs[i]);
}
static char g_host_mem[4096];
static void test_memory(void** state) {
  (void)state;
  reset();
  const pti_callback_domain d[] = {PTIC_CB_DOMAIN_MEMORY, PTI_CB_DOMAIN_INTERNAL_EVENT};
  pti_callback_subscriber_handle h = subscribe(d, 2);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_OPENCL, ptic_clCreateBuffer_id, 1, 1), PTI_SUCCESS);
  cl_session s;
  session(&s);
  cl_int e = CL_SUCCESS;
  /* allocations */
  cl_mem b1 = clCreateBuffer(s.context, CL_MEM_READ_WRITE, 1024, NULL, &e);
  CL_OK(e);
  cl_mem b2 = clCreateBuffer(s.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof g_host_mem, g_host_mem, &e);
  CL_OK(e);
  cl_mem b3 = clCreateBufferWithProperties(s.context, NULL, CL_MEM_READ_ONLY, 64, NULL, &e);
  CL_OK(e);
  const cl_buffer_region region = {256, 128};
  cl_mem sub = clCreateSubBuffer(b1, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &e);
  CL_OK(e);
  cl_image_format fmt = {CL_RGBA, CL_UNSIGNED_INT8};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 16;
  desc.image_height = 8;
  cl_mem im = clCreateImage(s.context, CL_MEM_WRITE_ONLY, &fmt, &desc, NULL, &e);
  CL_OK(e);
  cl_mem im2 = clCreateImage2D(s.context, CL_MEM_READ_WRITE, &fmt, 16, 8, 0, NULL, &e);
  CL_OK(e);
  cl_mem im3 = clCreateImage3D(s.context, CL_MEM_READ_WRITE, &fmt, 4, 4, 4, 0, 0, NULL, &e);
  CL_OK(e);
  cl_mem im4 = clCreateImageWithProperties(s.context, NULL, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &e);
  CL_OK(e);
  cl_int pipe_err = CL_SUCCESS;
  cl_mem pipe = clCreatePipe(s.context, CL_MEM_READ_WRITE, 4, 16, NULL, &pipe_err); /* (PoCL 3.1: no pipes) */
  void* svm = clSVMAlloc(s.context, CL_MEM_READ_WRITE, 4096, 64);
  assert_non_null(svm);
  /* failures: recorded with their error, nothing allocated */
  assert_null(clCreateBuffer(s.context, CL_MEM_READ_WRITE, 0, NULL, &e));
  assert_int_equal(e, CL_INVALID_BUFFER_SIZE);
  const cl_buffer_region outside = {4096, 16};
  assert_null(clCreateSubBuffer(b1, 0, CL_BUFFER_CREATE_TYPE_REGION, &outside, NULL));
  assert_null(clSVMAlloc(s.context, CL_MEM_READ_WRITE, 0, 0));
  assert_int_equal(clReleaseMemObject(NULL), CL_INVALID_MEM_OBJECT);
  mem_seen m;
  mem_records(&m);
  const rec* a1 = mem_exit(&m, ptic_clCreateBuffer_id, PTIC_MEMORY_ALLOCATE, 0);
  assert_int_equal(a1->kind, PTIC_MEMORY_BUFFER);
  assert_int_equal(a1->rc, CL_SUCCESS);
  assert_ptr_equal(a1->handle, b1);
  assert_ptr_equal(a1->ctx, s.context);
  assert_int_equal(a1->size, 1024);
  assert_int_equal(a1->flags, CL_MEM_READ_WRITE);
  assert_int_equal(a1->address, 0);
  const rec* a2 = mem_exit(&m, ptic_clCreateBuffer_id, PTIC_MEMORY_ALLOCATE, 1);
  assert_ptr_equal(a2->handle, b2);
  assert_int_equal(a2->address, (uintptr_t)g_host_mem); /* the host memory it uses */
  assert_int_equal(a2->flags, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR);
  const rec* a3 = mem_exit(&m, ptic_clCreateBufferWithProperties_id, PTIC_MEMORY_ALLOCATE, 0);
  assert_ptr_equal(a3->handle, b3);
  assert_int_equal(a3->size, 64);
  const rec* as = mem_exit(&m, ptic_clCreateSubBuffer_id, PTIC_MEMORY_ALLOCATE, 0);
  assert_int_equal(as->kind, PTIC_MEMORY_SUB_BUFFER);
  assert_ptr_equal(as->handle, sub);
  assert_int_equal(as->address, (uintptr_t)b1); /* its parent */
  assert_int_equal(as->alignment, 256);          /* its origin */
  assert_int_equal(as->size, 128);
  assert_ptr_equal(as->ctx, s.context);
  const rec* ai[4] = {mem_exit(&m, ptic_clCreateImage_id, PTIC_MEMORY_ALLOCATE, 0),
                      mem_exit(&m, ptic_clCreateImage2D_id, PTIC_MEMORY_ALLOCATE, 0),
                      mem_exit(&m, ptic_clCreateImage3D_id, PTIC_MEMORY_ALLOCATE, 0),
                      mem_exit(&m, ptic_clCreateImageWithProperties_id, PTIC_MEMORY_ALLOCATE, 0)};
  const cl_mem ims[4] = {im, im2, im3, im4};
  for (int i = 0; i < 4; i++) {
    assert_int_equal(ai[i]->kind, PTIC_MEMORY_IMAGE);
    assert_ptr_equal(ai[i]->handle, ims[i]);
    assert_int_equal(ai[i]->size, i == 2 ? 4 * 4 * 4 * 4 : 16 * 8 * 4); /* CL_MEM_SIZE */
  }
  assert_int_equal(ai[0]->flags, CL_MEM_WRITE_ONLY);
  const rec* ap = mem_exit(&m, ptic_clCreatePipe_id, PTIC_MEMORY_ALLOCATE, 0);
  assert_int_equal(ap->kind, PTIC_MEMORY_PIPE);
  assert_int_equal((cl_int)ap->rc, pipe_err);
  assert_ptr_equal(ap->handle, pipe);
  const rec* av = mem_exit(&m, ptic_clSVMAlloc_id, PTIC_MEMORY_ALLOCATE, 0);
  assert_int_equal(av->kind, PTIC_MEMORY_SVM);
  assert_int_equal(av->address, (uintptr_t)svm);
  assert_int_equal(av->size, 4096);
  assert_int_equal(av->alignment, 64);
  assert_null(av->handle);
  const rec* f1 = mem_exit(&m, ptic_clCreateBuffer_id, PTIC_MEMORY_ALLOCATE, 2); /* the failures */
  assert_int_equal((cl_int)f1->rc, CL_INVALID_BUFFER_SIZE);
  assert_null(f1->handle);
  const rec* f2 = mem_exit(&m, ptic_clCreateSubBuffer_id, PTIC_MEMORY_ALLOCATE, 1);
  assert_int_equal((cl_int)f2->rc, CL_INVALID_VALUE);
  assert_null(f2->handle);
  const rec* f3 = mem_exit(&m, ptic_clSVMAlloc_id, PTIC_MEMORY_ALLOCATE, 1);
  assert_int_equal(f3->address, 0); /* (clSVMAlloc says no error: its NULL is the failure) */
  assert_int_equal(mem_count(&m, ptic_clReleaseMemObject_id, PTIC_MEMORY_FREE), 0);
  assert_int_equal(m.n, 13);
  /* DRIVER_API of clCreateBuffer alone */
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_API, 0, 0), 6);
  assert_int_equal(count_recs(PTI_CB_DOMAIN_DRIVER_API, 0, ptic_clCreateBuffer_id), 6);

  /* frees: the release that destroys, with what the allocation had */
  const rec alloc1 = *a1, alloc2 = *a2, alloc3 = *a3, allocs = *as, allocv = *av;
  rec alloci[4];
  for (int i = 0; i < 4; i++) alloci[i] = *ai[i];
  reset();
  CL_OK(clRetainMemObject(b2));
  CL_OK(clReleaseMemObject(b2)); /* (not the last reference: nothing) */
  CL_OK(clReleaseMemObject(b2));
  for (int i = 0; i < 4; i++) CL_OK(clReleaseMemObject(ims[i]));
  if (pipe) CL_OK(clReleaseMemObject(pipe));
  clSVMFree(s.context, svm);
  clSVMFree(s.context, NULL); /* (nothing of the library's: kind 0) */
  mem_records(&m);
  same_memory(mem_exit(&m, ptic_clReleaseMemObject_id, PTIC_MEMORY_FREE, 0), &alloc2);
  for (int i = 0; i < 4; i++) same_memory(mem_exit(&m, ptic_clReleaseMemObject_id, PTIC_MEMORY_FREE, 1 + (size_t)i), &alloci[i]);
  same_memory(mem_exit(&m, ptic_clSVMFree_id, PTIC_MEMORY_FREE, 0), &allocv);
  const rec* fn = mem_exit(&m, ptic_clSVMFree_id, PTIC_MEMORY_FREE, 1);
  assert_int_equal(fn->kind, 0);
  assert_int_equal(fn->address, 0);
  assert_int_equal(m.n, 7 + (pipe != NULL));

  /* released while the runtime holds a reference: a sub-buffer holds its parent, a pending
     command its buffer; no record then, and none when the runtime lets go */
  reset();
  cl_event gate = clCreateUserEvent(s.context, &e);
  CL_OK(e);
  char back[64];
  CL_OK(clEnqueueReadBuffer(s.queue, b3, CL_FALSE, 0, sizeof back, back, 1, &gate, NULL));
  CL_OK(clReleaseMemObject(b3));
  CL_OK(clReleaseMemObject(b1));
  mem_records(&m);
  assert_int_equal(m.n, 0);
  CL_OK(clSetUserEventStatus(gate, CL_COMPLETE));
  CL_OK(clFinish(s.queue));
  CL_OK(clReleaseEvent(gate));
  CL_OK(clReleaseMemObject(sub)); /* its own record; its parent goes with it, unrecorded */
  mem_records(&m);
  assert_int_equal(m.n, 1);
  same_memory(mem_exit(&m, ptic_clReleaseMemObject_id, PTIC_MEMORY_FREE, 0), &allocs);
  (void)alloc1;
  (void)alloc3;

  /* clEnqueueSVMFree: freed when its command runs (after the enqueue, by clFinish at the
     latest), one FREE per pointer; with the program's function, its clSVMFree calls */
  void* sv[3] = {clSVMAlloc(s.context, CL_MEM_READ_WRITE, 256, 0), clSVMAlloc(s.context, CL_MEM_READ_WRITE, 512, 0),
                 clSVMAlloc(s.context, CL_MEM_READ_WRITE, 128, 0)};
  assert_true(sv[0] && sv[1] && sv[2]);
  reset();
  cl_event gate2 = clCreateUserEvent(s.context, &e);
  CL_OK(e);
  CL_OK(clEnqueueSVMFree(s.queue, 2, sv, NULL, NULL, 1, &gate2, NULL));
  mem_records(&m);
  assert_int_equal(m.n, 0); /* (not run yet) */
  CL_OK(clSetUserEventStatus(gate2, CL_COMPLETE));
  CL_OK(clEnqueueSVMFree(s.queue, 1, &sv[2], free_svm_fn, s.context, 0, NULL, NULL));
  CL_OK(clFinish(s.queue));
  CL_OK(clReleaseEvent(gate2));
  mem_records(&m);
  assert_int_equal(m.n, 3);
  const rec* q0 = mem_exit(&m, ptic_clEnqueueSVMFree_id, PTIC_MEMORY_FREE, 0);
  const rec* q1 = mem_exit(&m, ptic_clEnqueueSVMFree_id, PTIC_MEMORY_FREE, 1);
  const rec* q2 = mem_exit(&m, ptic_clSVMFree_id, PTIC_MEMORY_FREE, 0);
  assert_true(q0->corr != q1->corr);
  const rec* qs[3] = {q0, q1, q2};
  const uint64_t sizes[3] = {256, 512, 128};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(qs[i]->kind, PTIC_MEMORY_SVM);
    assert_int_equal(qs[i]->address, (uintptr_t)sv[i]);
    assert_int_equal(qs[i]->size, sizes[i]);
    assert_ptr_equal(qs[i]->ctx, s.context);
  }
  assert_int_equal(count_recs(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, 0), 0);
  session_end(&s);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_h = NULL;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(test_late_queue, teardown),  cmocka_unit_test_teardown(test_api_records, teardown), cmocka_unit_test_teardown(test_every_enqueue, teardown),
      cmocka_unit_test_teardown(test_threads, teardown),     cmocka_unit_test_teardown(test_host_sync, teardown),
      cmocka_unit_test_teardown(test_invisible, teardown),   cmocka_unit_test_teardown(test_bad_input, teardown),
      cmocka_unit_test_teardown(test_objects, teardown),     cmocka_unit_test_teardown(test_memory, teardown),
  };
  if (getenv("TEST_CL_ONLY")) cmocka_set_test_filter(getenv("TEST_CL_ONLY"));
  return cmocka_run_group_tests(tests, NULL, NULL);
}
