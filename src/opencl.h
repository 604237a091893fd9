
/* ==== >>opencl ============================================================================ */
/* THE OPENCL BACKEND (PTI_API_GROUP_OPENCL): an OpenCL layer (CL/cl_layer.h). The ICD loader
   (ocl-icd, or Khronos's) loads the shared objects that OPENCL_LAYERS names, calls their
   clInitLayer with the next dispatch table, and from then on every OpenCL call of the process
   goes through the table the layer returns: every call, whether the program linked libOpenCL or
   dlopen()ed it, on every thread. The tool names itself in OPENCL_LAYERS from its constructor;
   a tool built into the executable cannot be a layer (dlopen cannot load an executable): its
   pticApiIdIsTraced answers 0 for every OpenCL id. The library's own OpenCL calls go to the next
   table: never traced. Sections:
     >>cl-apis      descriptors, the view of a call's arguments, the frame
     >>cl-objects   queues (profiling forced, hidden from the program), contexts, programs, kernels
     >>cl-memory    memory objects and SVM: the MEMORY domain
     >>cl-gpu-ops   the event each command signals, reading completions, device clocks, waits
     >>cl-roles     one ENTER and one EXIT function per role
     >>cl-layer     the wrappers, clInitLayer and clGetLayerInfo, the backend's table */

#ifndef PTIC_NO_OPENCL
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#include <CL/cl_icd.h>
#include <CL/cl_layer.h>
#pragma GCC diagnostic pop
#if !defined(__cplusplus) && !defined(__USE_XOPEN_EXTENDED) && !defined(__USE_MISC)
extern char* realpath(const char* path, char* resolved); /* (hidden in strict ISO C modes) */
#endif

/* ---- >>cl-apis ---- */

/* What a function appends, or the object it works on (the generated table's PTIC_CLOP_*). */
typedef enum ptic__cl_op {
  PTIC_CLOP_NONE,
  PTIC_CLOP_KERNEL,      /* a kernel, task or native kernel */
  PTIC_CLOP_MEMORY,      /* a read, write, copy, fill, map, unmap, migration, SVM operation */
  PTIC_CLOP_OTHER,       /* a marker or barrier */
  PTIC_CLOP_QUEUE,       /* clCreateCommandQueue, clFinish, clReleaseCommandQueue */
  PTIC_CLOP_QUEUE_PROPS, /* clCreateCommandQueueWithProperties */
  PTIC_CLOP_EVENTS,      /* clWaitForEvents */
  PTIC_CLOP_CONTEXT,
  PTIC_CLOP_SOURCE,      /* programs: how they are made */
  PTIC_CLOP_BINARY,
  PTIC_CLOP_IL,
  PTIC_CLOP_BUILTIN,
  PTIC_CLOP_BUILD,
  PTIC_CLOP_LINK,
  PTIC_CLOP_PROGRAM,
  PTIC_CLOP_KERNEL_OBJ,
  PTIC_CLOP_KERNELS_OBJ, /* clCreateKernelsInProgram */
  PTIC_CLOP_CLONE,       /* clCloneKernel */
  PTIC_CLOP_QUEUE_INFO,  /* what the program reads back: as without the layer */
  PTIC_CLOP_EVENT_INFO,
  PTIC_CLOP_EVENT_PROFILING,
  PTIC_CLOP_SVM_FREE,    /* clEnqueueSVMFree: a MEMORY operation that frees when it runs */
  PTIC_CLOP_BUFFER,      /* memory objects: how they are made */
  PTIC_CLOP_SUB_BUFFER,
  PTIC_CLOP_IMAGE,
  PTIC_CLOP_PIPE,
  PTIC_CLOP_SVM,         /* clSVMAlloc, clSVMFree */
  PTIC_CLOP_MEM_OBJ      /* clReleaseMemObject */
} ptic__cl_op;

/* The arguments the roles read (the view of a call): PTIC_CL_VIEW(F) makes the field indices
   PTIC_CLVF_<field>; ptic__clv(f, PTIC_CLVF_<field>) is the argument's address, NULL when the
   function has no such argument. */
#define PTIC_CL_VIEW(F)                                                                          \
  F(context) F(queue) F(kernel) F(program) F(device) F(devices) F(num_devices) F(event)          \
  F(errcode) F(props) F(blocking) F(num_events) F(events) F(param_name) F(value_size) F(value)   \
  F(value_size_ret) F(name) F(kernels) F(num_kernels) F(num_kernels_ret) F(count) F(lengths)     \
  F(length) F(programs) F(num_programs) F(strings) F(binaries) F(il) F(options) F(flags) F(size)  \
  F(host_ptr) F(mem) F(create_type) F(region) F(alignment) F(svm) F(free_fn)
enum {
  PTIC_CLVF_END,
#define PTIC_F(n) PTIC_CLVF_##n,
  PTIC_CL_VIEW(PTIC_F)
#undef PTIC_F
  PTIC_CLVF_COUNT
};
typedef struct ptic__cl_vslot {
  uint8_t field;
  uint8_t arg;
} ptic__cl_vslot;
#define PTIC_CLVS(field, arg) {PTIC_CLVF_##field, arg}
#define PTIC_CLVS_END {PTIC_CLVF_END, 0}

typedef struct ptic__cl_desc {
  const char* name;
  uint32_t id;     /* PTIC_OPENCL_ID_BASE + its place in the dispatch table */
  uint8_t role;    /* ptic__role */
  uint8_t op;      /* ptic__cl_op */
  uint8_t nargs;
  ptic__cl_vslot view[10]; /* ends at the first PTIC_CLVF_END */
} ptic__cl_desc;

/* How pticIterateArgs prints an argument. */
enum { PTIC_CLARG_UINT, PTIC_CLARG_INT, PTIC_CLARG_BOOL, PTIC_CLARG_HANDLE, PTIC_CLARG_PTR, PTIC_CLARG_STR, PTIC_CLARG_HEX };
typedef struct ptic__cl_arg {
  uint32_t api;
  uint32_t index;
  const char* name;
  const char* type;
  uint32_t kind;
  uint32_t size;
} ptic__cl_arg;

#define PTIC_CL_BASE PTIC_LEVELZERO_API_COUNT /* its functions' global indices start here */
#define PTIC_CL_INDEX 1u                      /* its place in the backends' table (>>backends) */
static PTIC_ALWAYS_INLINE const ptic__cl_desc* ptic__cl_api(uint32_t i);
static const char* ptic__cl_id_name_at(uint32_t index);
static const ptic__cl_arg* ptic__cl_args_of(uint32_t i);

/* The argument index of each view field of each function, -1 for none (once: install). */
static int8_t ptic__cl_vat[PTIC_OPENCL_API_COUNT][PTIC_CLVF_COUNT];
static void ptic__cl_tables_init(void) {
  memset(ptic__cl_vat, -1, sizeof ptic__cl_vat);
  for (uint32_t i = 0; i < PTIC_OPENCL_API_COUNT; i++)
    for (const ptic__cl_vslot* v = ptic__cl_api(i)->view; v->field != PTIC_CLVF_END; v++)
      ptic__cl_vat[i][v->field] = PTIC_SCAST(int8_t, v->arg);
  for (uint32_t i = 0; i < PTIC_OPENCL_API_COUNT; i++) /* (the APPEND fast path reads argument 0) */
    PTIC_ASSERT(ptic__cl_api(i)->role != PTIC_ROLE_APPEND || ptic__cl_vat[i][PTIC_CLVF_queue] == 0);
}
/* The address of a view field's argument in the call of frame f, NULL when it has none. */
static PTIC_ALWAYS_INLINE void* ptic__clv(const ptic__frame* f, unsigned field) {
  const int i = ptic__cl_vat[f->api - PTIC_CL_BASE][field];
  return i < 0 ? NULL : PTIC_CAST(void* const*, f->params)[i];
}
/* The argument itself: a pointer-sized value, or a 32-bit one. */
static PTIC_ALWAYS_INLINE void* ptic__clv_p(const ptic__frame* f, unsigned field) {
  void* const* a = PTIC_CAST(void* const*, ptic__clv(f, field));
  return a ? *a : NULL;
}
static PTIC_ALWAYS_INLINE uint32_t ptic__clv_u(const ptic__frame* f, unsigned field) {
  const uint32_t* a = PTIC_CAST(const uint32_t*, ptic__clv(f, field));
  return a ? *a : 0u;
}
static PTIC_ALWAYS_INLINE uint64_t ptic__clv_u64(const ptic__frame* f, unsigned field) {
  const uint64_t* a = PTIC_CAST(const uint64_t*, ptic__clv(f, field));
  return a ? *a : 0u;
}
static PTIC_ALWAYS_INLINE const ptic__cl_desc* ptic__cl_fdesc(const ptic__frame* f) {
  return ptic__cl_api(f->api - PTIC_CL_BASE);
}

/* What an OpenCL call keeps in its frame (ptic__frame.be). APPEND: what depends only on the
   call's function, queue and kernel (the record's constant fields, its name, its queue's
   context and flags) is described once into the frame and its record, and kept while the key
   holds: the same function (key_api, at offset 0, where the Level Zero backend keeps its own:
   the two backends' function indices never meet, so a call of either invalidates the other's
   key), queue and kernel, in the same objects epoch. */
typedef struct ptic__cl_frame {
  uint32_t key_api;     /* APPEND: the function the frame describes; PTIC_NIL: none */
  uint32_t track;       /* the command's completion is tracked (its event is read) */
  uint32_t name_ref;    /* its operation's name (ptic__name_ref_*) */
  uint32_t tkf;         /* PTIC_OP_TKF(tid, kind, 0) */
  uint32_t lflags;      /* its queue's PTIC_CLQ_* */
  uint32_t ctx_known;   /* the DRIVER_API record's context was looked for (once: an event the
                           call releases cannot be asked at EXIT) */
  uint32_t stream;      /* its queue's stream (a hint: checked at use) */
  uint32_t blocking;    /* the function has a blocking argument */
  cl_event own_ev;      /* the event the layer asked for where the program passed none */
  cl_event* app_evp;    /* the program's event pointer, or NULL */
  void* queue;
  ptic__frame* sync;    /* a blocking APPEND's HOST_SYNCHRONIZATION frame, or NULL */
  union {
    struct {
      void* kernel;     /* APPEND's key: the kernel, the objects' epoch, and the queue's context */
      uint64_t epoch;
      void* ctx;
    } key;
    cl_queue_properties props[7]; /* clCreateCommandQueueWithProperties: profiling on */
    uint64_t scratch;   /* what a hidden query writes instead of the program's buffer */
  } u;
} ptic__cl_frame;
PTI_STATIC_ASSERT(sizeof(ptic__cl_frame) <= sizeof(((ptic__frame*)0)->be), "the frame's backend room holds it");
static PTIC_ALWAYS_INLINE ptic__cl_frame* ptic__cf(ptic__frame* f) {
  return PTIC_CAST(ptic__cl_frame*, PTIC_CAST(void*, f->be));
}

/* The layer's state: the next table (where every call goes on, and the library's own calls),
   the table handed to the loader, whether a loader asked for it. */
typedef struct ptic__cl_state {
  cl_icd_dispatch next;
  cl_icd_dispatch layer;
  ptic__atomic_u32 layered; /* clInitLayer ran */
  int installed;
  int self_is_lib;          /* the tool is a shared object the loader can load (constructor) */
  char self[4096];         /* its path */
} ptic__cl_state;
static ptic__cl_state ptic__cl;

/* ---- >>cl-objects ---- */
/* Queues: every queue created while a subscriber has COMPLETED on has profiling on, so that
   its commands' times can be read; what the program asked for is kept in the queue's record
   (flags: its cl_command_queue_properties) and is what clGetCommandQueueInfo and
   clGetEventProfilingInfo answer. */
#define PTIC_CLQ_FORCED 1u   /* profiling was turned on by the layer */
#define PTIC_CLQ_OOO 2u      /* out-of-order execution: its commands finish in any order */
#define PTIC_CLQ_ADDED 4u    /* the layer added the CL_QUEUE_PROPERTIES pair to the array */
#define PTIC_CLQ_NO_TIMES 8u /* profiling could not be turned on: no times */

/* Module formats of programs (ptic_module_data._format). */
#define PTIC_CL_FORMAT_IL 0u
#define PTIC_CL_FORMAT_BINARY 1u
#define PTIC_CL_FORMAT_SOURCE 2u
#define PTIC_CL_FORMAT_BUILTIN 3u

/* The device clock of a device: host CLOCK_MONOTONIC_RAW ns = device ns + offset. */
typedef struct ptic__cl_device {
  void* device;
  int64_t offset;
  uint64_t sync_at;   /* when a timer query set it (ptic__coarse_ns); 0: calibrated once */
  int timer;          /* clGetDeviceAndHostTimer works */
} ptic__cl_device;
typedef struct ptic__cl_gpu {
  ptic__cl_device* devices;
  size_t ndevices, devices_cap;
  int times_told;     /* the INTERNAL_EVENT about a queue without profiling was raised */
} ptic__cl_gpu;
static ptic__cl_gpu ptic__cg;

static uint64_t ptic__raw_ns(void) {
  struct timespec ts;
  if (clock_gettime(4 /* CLOCK_MONOTONIC_RAW */, &ts) != 0) return 0;
  return PTIC_SCAST(uint64_t, ts.tv_sec) * 1000000000ull + PTIC_SCAST(uint64_t, ts.tv_nsec);
}

static void ptic__cl_device_seen(ptic__thread* t, void* ctx, void* device);
/* A queue created before the library tracked queues (before the first enable): its context,
   device and properties from OpenCL, recorded (its profiling is the program's: without it, its
   commands have no times). NULL when OpenCL does not know it either. */
static PTIC_NOINLINE const ptic__obj* ptic__cl_queue_unknown(const void* q) {
  cl_command_queue cq = PTIC_CAST(cl_command_queue, PTIC_PTR(q));
  cl_context ctx = NULL;
  cl_device_id dev = NULL;
  cl_command_queue_properties props = 0;
  const cl_icd_dispatch* n = &ptic__cl.next;
  if (n->clGetCommandQueueInfo(cq, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, NULL) != CL_SUCCESS ||
      n->clGetCommandQueueInfo(cq, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL) != CL_SUCCESS ||
      n->clGetCommandQueueInfo(cq, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL) != CL_SUCCESS)
    return NULL;
  ptic__objs_lock();
  if (!ptic__obj_find(PTIC_CAST(uintptr_t, q), 0)) {
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, q), 0);
    if (o) {
      o->kind = PTIC_OBJ_QUEUE;
      o->backend = PTIC_CL_INDEX;
      o->context = ctx;
      o->device = dev;
      o->flags = PTIC_SCAST(uint32_t, props);
      o->lflags = ((props & CL_QUEUE_PROFILING_ENABLE) ? 0u : PTIC_CLQ_NO_TIMES) |
                  ((props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) ? PTIC_CLQ_OOO : 0u);
    }
  }
  ptic__objs_unlock();
  ptic__cl_device_seen(NULL, ctx, dev);
  return ptic__obj_peek(q, PTIC_OBJ_QUEUE);
}
/* What is known of a queue (asking OpenCL about one created before the library tracked
   queues); NULL when unknown. */
static PTIC_ALWAYS_INLINE const ptic__obj* ptic__cl_queue(const void* q) {
  if (!q) return NULL;
  const ptic__obj* o = ptic__obj_peek(q, PTIC_OBJ_QUEUE);
  return o ? o : ptic__cl_queue_unknown(q);
}

/* The offset of a device's clock from the host's CLOCK_MONOTONIC_RAW, measured: through
   clGetDeviceAndHostTimer (with clGetHostTimer bracketed by the host clock: the host timer's
   base is the implementation's), else through markers on a private queue of context ctx (the
   program's), whose QUEUED time the runtime takes on the host while the call runs: between two
   host readings. When every bracket holds offset 0, the device clock is the host's (PoCL's).
   Lock not held. */
static int ptic__cl_measure(void* ctx, void* device, int64_t* offset, int* timer) {
  const cl_icd_dispatch* n = &ptic__cl.next;
  cl_device_id dev = PTIC_CAST(cl_device_id, device);
  cl_ulong d = 0, h = 0, h2 = 0;
  if (n->clGetDeviceAndHostTimer && n->clGetHostTimer && n->clGetDeviceAndHostTimer(dev, &d, &h) == CL_SUCCESS) {
    const uint64_t r1 = ptic__raw_ns();
    const cl_int r = n->clGetHostTimer(dev, &h2);
    const uint64_t r2 = ptic__raw_ns();
    if (r == CL_SUCCESS) {
      const int64_t host_to_raw = PTIC_SCAST(int64_t, r1 / 2u + r2 / 2u) - PTIC_SCAST(int64_t, h2);
      *offset = PTIC_SCAST(int64_t, h) + host_to_raw - PTIC_SCAST(int64_t, d);
      *timer = 1;
      return 1;
    }
  }
  *timer = 0;
  cl_int err = CL_SUCCESS;
  cl_command_queue q = ctx ? n->clCreateCommandQueue(PTIC_CAST(cl_context, ctx), dev, CL_QUEUE_PROFILING_ENABLE, &err) : NULL;
  if (!q) return 0;
  int64_t lo = INT64_MIN, hi = INT64_MAX; /* the offset lies in [lo, hi] */
  for (int i = 0; i < 3; i++) {
    cl_event ev = NULL;
    cl_ulong queued = 0;
    const uint64_t r1 = ptic__raw_ns();
    err = n->clEnqueueMarkerWithWaitList ? n->clEnqueueMarkerWithWaitList(q, 0, NULL, &ev) : n->clEnqueueMarker(q, &ev);
    const uint64_t r2 = ptic__raw_ns();
    if (err != CL_SUCCESS || !ev) break;
    n->clWaitForEvents(1, &ev);
    err = n->clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, sizeof queued, &queued, NULL);
    n->clReleaseEvent(ev);
    if (err != CL_SUCCESS) break;
    const int64_t a = PTIC_SCAST(int64_t, r1 - queued), b = PTIC_SCAST(int64_t, r2 - queued);
    if (a > lo) lo = a;
    if (b < hi) hi = b;
  }
  n->clReleaseCommandQueue(q);
  if (lo == INT64_MIN || lo > hi) return 0;
  *offset = lo <= 0 && 0 <= hi ? 0 : lo / 2 + hi / 2;
  return 1;
}

/* A device's clock, measured the first time a queue is created on it (in context ctx). Lock
   not held. */
static void ptic__cl_device_seen(ptic__thread* t, void* ctx, void* device) {
  ptic__objs_lock();
  int known = 0;
  for (size_t i = 0; i < ptic__cg.ndevices && !known; i++) known = ptic__cg.devices[i].device == device;
  ptic__objs_unlock();
  if (known || !device) return;
  int64_t offset = 0;
  int timer = 0;
  const int ok = ptic__cl_measure(ctx, device, &offset, &timer);
  ptic__objs_lock();
  for (size_t i = 0; i < ptic__cg.ndevices; i++) known |= ptic__cg.devices[i].device == device;
  if (!known && ptic__grow(&ptic__cg.devices, ptic__cg.ndevices, &ptic__cg.devices_cap, sizeof(ptic__cl_device))) {
    ptic__cl_device* d = &ptic__cg.devices[ptic__cg.ndevices++];
    d->device = device;
    d->offset = offset;
    d->timer = timer;
    d->sync_at = timer ? ptic__coarse_ns() : 0;
  }
  ptic__objs_unlock();
  if (!ok)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "an OpenCL device's clock cannot be related to the host's (no timer query, no "
                         "marker could be timed): its operations' host times assume the same clock");
}

/* The properties of clCreateCommandQueueWithProperties with profiling on, in the frame; 0 when
   they do not fit (profiling is then not forced). */
static int ptic__cl_props_with_profiling(ptic__cl_frame* c, const cl_queue_properties* in, uint32_t* app_props,
                                         uint32_t* lflags) {
  size_t n = 0;
  int has = 0;
  *app_props = 0;
  for (; in && in[n] != 0; n += 2) {
    if (n + 2 >= sizeof c->u.props / sizeof c->u.props[0]) return 0;
    c->u.props[n] = in[n];
    c->u.props[n + 1] = in[n + 1];
    if (in[n] == CL_QUEUE_PROPERTIES) {
      has = 1;
      *app_props = PTIC_SCAST(uint32_t, in[n + 1]);
      c->u.props[n + 1] |= CL_QUEUE_PROFILING_ENABLE;
    }
  }
  if (!has) {
    if (n + 3 > sizeof c->u.props / sizeof c->u.props[0]) return 0;
    c->u.props[n++] = CL_QUEUE_PROPERTIES;
    c->u.props[n++] = CL_QUEUE_PROFILING_ENABLE;
    *lflags |= PTIC_CLQ_ADDED;
  }
  c->u.props[n] = 0;
  return 1;
}

/* OBJ_CREATE of a queue, ENTER: profiling on while a subscriber has COMPLETED on (what the
   program asked for is noted in the frame: serial holds its properties, lflags how they were
   changed). Queues made while COMPLETED is off keep the program's properties: profiling costs
   the runtime work per command. */
static void ptic__cl_queue_enter(ptic__frame* f, ptic__mask mask) {
  ptic__cl_frame* const c = ptic__cf(f);
  uint32_t props = 0, lflags = 0;
  if (!(mask & PTIC_BITS(PTIC_DOM_COMPLETED))) {
    if (ptic__cl_fdesc(f)->op == PTIC_CLOP_QUEUE) {
      props = PTIC_SCAST(uint32_t, *PTIC_CAST(const cl_command_queue_properties*, ptic__clv(f, PTIC_CLVF_props)));
    } else {
      const cl_queue_properties* p = *PTIC_CAST(const cl_queue_properties* const*, ptic__clv(f, PTIC_CLVF_props));
      for (size_t i = 0; p && p[i] != 0; i += 2)
        if (p[i] == CL_QUEUE_PROPERTIES) props = PTIC_SCAST(uint32_t, p[i + 1]);
    }
    lflags = (props & CL_QUEUE_PROFILING_ENABLE) ? 0u : PTIC_CLQ_NO_TIMES;
  } else if (ptic__cl_fdesc(f)->op == PTIC_CLOP_QUEUE) {
    cl_command_queue_properties* p = PTIC_CAST(cl_command_queue_properties*, ptic__clv(f, PTIC_CLVF_props));
    props = PTIC_SCAST(uint32_t, *p);
    if (!(*p & CL_QUEUE_PROFILING_ENABLE)) lflags |= PTIC_CLQ_FORCED;
    *p |= CL_QUEUE_PROFILING_ENABLE;
  } else {
    const cl_queue_properties** p = PTIC_CAST(const cl_queue_properties**, ptic__clv(f, PTIC_CLVF_props));
    uint32_t added = 0;
    if (ptic__cl_props_with_profiling(c, *p, &props, &added)) {
      if (!(props & CL_QUEUE_PROFILING_ENABLE)) lflags |= PTIC_CLQ_FORCED | added;
      *p = c->u.props;
    } else if (!(props & CL_QUEUE_PROFILING_ENABLE)) {
      lflags |= PTIC_CLQ_NO_TIMES;
    }
  }
  if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) lflags |= PTIC_CLQ_OOO;
  f->serial = props;
  c->lflags = lflags;
}

/* OBJ_CREATE of a queue, EXIT: its record. */
static void ptic__cl_queue_exit(ptic__thread* t, ptic__frame* f, void* q) {
  void* ctx = ptic__clv_p(f, PTIC_CLVF_context);
  void* dev = ptic__clv_p(f, PTIC_CLVF_device);
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, q), 0);
  if (o) {
    o->kind = PTIC_OBJ_QUEUE;
    o->backend = PTIC_CL_INDEX;
    o->context = ctx;
    o->device = dev;
    o->flags = PTIC_SCAST(uint32_t, f->serial);
    o->lflags = ptic__cf(f)->lflags;
  }
  ptic__objs_unlock();
  ptic__cl_device_seen(t, ctx, dev);
}

/* The program's view of a queue's properties: profiling as it asked. */
static void ptic__cl_queue_info_exit(ptic__frame* f, cl_int r) {
  const uint32_t what = ptic__clv_u(f, PTIC_CLVF_param_name);
  if (r != CL_SUCCESS || (what != CL_QUEUE_PROPERTIES && what != CL_QUEUE_PROPERTIES_ARRAY)) return;
  ptic__obj q;
  if (!ptic__obj_get(ptic__clv_p(f, PTIC_CLVF_queue), PTIC_OBJ_QUEUE, &q) || !(q.lflags & PTIC_CLQ_FORCED)) return;
  void* value = ptic__clv_p(f, PTIC_CLVF_value);
  size_t* size_ret = PTIC_CAST(size_t*, ptic__clv_p(f, PTIC_CLVF_value_size_ret));
  if (what == CL_QUEUE_PROPERTIES) {
    if (value) *PTIC_CAST(cl_command_queue_properties*, value) &= ~PTIC_SCAST(cl_command_queue_properties, CL_QUEUE_PROFILING_ENABLE);
    return;
  }
  /* the array: the pair the layer added taken out, or the bit it set cleared */
  if (size_ret && (q.lflags & PTIC_CLQ_ADDED)) *size_ret -= 2u * sizeof(cl_queue_properties);
  cl_queue_properties* a = PTIC_CAST(cl_queue_properties*, value);
  const size_t n = PTIC_CAST(size_t, ptic__clv_p(f, PTIC_CLVF_value_size)) / sizeof *a;
  for (size_t i = 0; a && i + 1 < n && a[i] != 0; i += 2) {
    if (a[i] != CL_QUEUE_PROPERTIES) continue;
    if (q.lflags & PTIC_CLQ_ADDED) a[i] = 0;
    else a[i + 1] &= ~PTIC_SCAST(cl_queue_properties, CL_QUEUE_PROFILING_ENABLE);
    break;
  }
}

/* The queue of an event, and whether the program asked for profiling on it; 0 when unknown. */
static int ptic__cl_event_queue_hides(const void* ev) {
  cl_command_queue q = NULL;
  if (!ev || ptic__cl.next.clGetEventInfo(PTIC_CAST(cl_event, PTIC_PTR(ev)), CL_EVENT_COMMAND_QUEUE, sizeof q, &q, NULL) != CL_SUCCESS)
    return 0;
  ptic__obj o;
  return q && ptic__obj_get(q, PTIC_OBJ_QUEUE, &o) && (o.lflags & PTIC_CLQ_FORCED);
}

/* clGetEventProfilingInfo, ENTER: an event of a queue the program made without profiling has no
   profiling info: the answer goes to the frame, and EXIT says CL_PROFILING_INFO_NOT_AVAILABLE. */
static void ptic__cl_profiling_enter(ptic__frame* f) {
  ptic__cl_frame* const c = ptic__cf(f);
  c->track = ptic__cl_event_queue_hides(ptic__clv_p(f, PTIC_CLVF_event));
  if (!c->track) return;
  *PTIC_CAST(void**, ptic__clv(f, PTIC_CLVF_value)) = &c->u.scratch;
  *PTIC_CAST(size_t*, ptic__clv(f, PTIC_CLVF_value_size)) = sizeof c->u.scratch;
  *PTIC_CAST(size_t**, ptic__clv(f, PTIC_CLVF_value_size_ret)) = NULL;
}

/* How many references to event ev the layer holds (its pending operations). Lock held. */
static uint32_t ptic__cl_holds(const void* ev) {
  uint32_t n = 0;
  for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
    const ptic__stream* s = &ptic__gpus.streams[si];
    if (!s->live || s->backend != PTIC_CL_INDEX) continue;
    for (uint32_t i = s->head; i != PTIC_NIL; i = ptic__op_at(i)->next)
      n += ptic__op_at(i)->u.event == ev && (ptic__op_flags(ptic__op_at(i)) & PTIC_OPF_APP_OBJECT);
  }
  return n;
}

/* clGetEventInfo, EXIT: the reference count as without the layer's references. */
static void ptic__cl_event_info_exit(ptic__frame* f, cl_int r) {
  cl_uint* count = PTIC_CAST(cl_uint*, ptic__clv_p(f, PTIC_CLVF_value));
  if (r != CL_SUCCESS || ptic__clv_u(f, PTIC_CLVF_param_name) != CL_EVENT_REFERENCE_COUNT || !count) return;
  ptic__objs_lock();
  const uint32_t held = ptic__gpus.app_object_ops ? ptic__cl_holds(ptic__clv_p(f, PTIC_CLVF_event)) : 0u;
  ptic__objs_unlock();
  *count -= held <= *count ? held : 0u;
}

/* The platform of a device (a context's record), NULL when unknown. */
static void* ptic__cl_platform_of(const void* dev) {
  cl_platform_id p = NULL;
  if (!dev || ptic__cl.next.clGetDeviceInfo(PTIC_CAST(cl_device_id, PTIC_PTR(dev)), CL_DEVICE_PLATFORM, sizeof p, &p, NULL) != CL_SUCCESS)
    return NULL;
  return p;
}

/* CONTEXT_CREATE / CONTEXT_DESTROY, ENTER. */
static void ptic__cl_context_enter(ptic__frame* f, int create) {
  ptic_context_data* c = &f->r.context;
  memset(c, 0, sizeof *c);
  c->_domain = create ? PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED : PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED;
  c->_phase = PTI_CB_PHASE_API_ENTER;
  c->_correlation_id = f->corr_id;
  if (create) {
    const cl_context_properties* p = PTIC_CAST(const cl_context_properties*, ptic__clv_p(f, PTIC_CLVF_context));
    for (size_t i = 0; p && p[i] != 0; i += 2)
      if (p[i] == CL_CONTEXT_PLATFORM) c->_driver_handle = PTIC_CAST(void*, p[i + 1]);
    const cl_device_id* devs = PTIC_CAST(const cl_device_id*, ptic__clv_p(f, PTIC_CLVF_devices));
    if (!c->_driver_handle && devs) c->_driver_handle = ptic__cl_platform_of(devs[0]);
    return;
  }
  c->_context_handle = ptic__clv_p(f, PTIC_CLVF_context);
  f->cur.ctx = c->_context_handle;
  ptic__obj o;
  if (ptic__obj_get(c->_context_handle, PTIC_OBJ_CONTEXT, &o)) c->_driver_handle = o.parent;
}

/* The reference count of an object (clGet*Info), 0 when unknown. */
static cl_uint ptic__cl_refs(const ptic__frame* f, uint32_t kind) {
  cl_uint n = 0;
  cl_int r = CL_INVALID_VALUE;
  const cl_icd_dispatch* d = &ptic__cl.next;
  switch (kind) {
    case PTIC_OBJ_CONTEXT:
      r = d->clGetContextInfo(PTIC_CAST(cl_context, ptic__clv_p(f, PTIC_CLVF_context)), CL_CONTEXT_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
    case PTIC_OBJ_MODULE:
      r = d->clGetProgramInfo(PTIC_CAST(cl_program, ptic__clv_p(f, PTIC_CLVF_program)), CL_PROGRAM_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
    case PTIC_OBJ_KERNEL:
      r = d->clGetKernelInfo(PTIC_CAST(cl_kernel, ptic__clv_p(f, PTIC_CLVF_kernel)), CL_KERNEL_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
    case PTIC_OBJ_MEMORY:
      r = d->clGetMemObjectInfo(PTIC_CAST(cl_mem, ptic__clv_p(f, PTIC_CLVF_mem)), CL_MEM_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
    default:
      r = d->clGetCommandQueueInfo(PTIC_CAST(cl_command_queue, ptic__clv_p(f, PTIC_CLVF_queue)), CL_QUEUE_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
  }
  return r == CL_SUCCESS ? n : 0u;
}

/* A program's record at its creation: its context, first device, format, size. */
static void ptic__cl_program_exit(ptic__frame* f, void* program) {
  const uint32_t op = ptic__cl_fdesc(f)->op;
  uint64_t size = 0;
  const cl_device_id* devs = PTIC_CAST(const cl_device_id*, ptic__clv_p(f, PTIC_CLVF_devices));
  const size_t* lengths = PTIC_CAST(const size_t*, ptic__clv_p(f, PTIC_CLVF_lengths));
  if (op == PTIC_CLOP_SOURCE) {
    const char* const* strings = PTIC_CAST(const char* const*, ptic__clv_p(f, PTIC_CLVF_strings));
    for (uint32_t i = 0; strings && i < ptic__clv_u(f, PTIC_CLVF_count); i++)
      size += lengths && lengths[i] ? lengths[i] : strings[i] ? strlen(strings[i]) : 0u;
  } else if (op == PTIC_CLOP_BINARY) {
    size = lengths ? lengths[0] : 0u;
  } else if (op == PTIC_CLOP_IL) {
    size = PTIC_CAST(uintptr_t, ptic__clv_p(f, PTIC_CLVF_length));
  }
  ptic__objs_lock();
  ptic__obj_del_kernel_ids(PTIC_CAST(uintptr_t, program));
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, program), 0);
  if (o) {
    o->kind = PTIC_OBJ_MODULE;
    o->backend = PTIC_CL_INDEX;
    o->context = ptic__clv_p(f, PTIC_CLVF_context);
    o->device = devs ? PTIC_CAST(void*, devs[0]) : NULL;
    o->flags = op == PTIC_CLOP_SOURCE ? PTIC_CL_FORMAT_SOURCE
               : op == PTIC_CLOP_BINARY ? PTIC_CL_FORMAT_BINARY
               : op == PTIC_CLOP_IL ? PTIC_CL_FORMAT_IL : PTIC_CL_FORMAT_BUILTIN;
    o->size = size;
  }
  ptic__objs_unlock();
}

/* MODULE_CREATE / MODULE_DESTROY, ENTER: the program's record (a build or link loads it). */
static void ptic__cl_module_enter(ptic__frame* f, int create) {
  ptic_module_data* m = &f->r.module;
  memset(m, 0, sizeof *m);
  m->_domain = create ? PTI_CB_DOMAIN_DRIVER_MODULE_LOADED : PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_module_handle = ptic__clv_p(f, PTIC_CLVF_program);
  m->_build_flags = PTIC_CAST(const char*, ptic__clv_p(f, PTIC_CLVF_options));
  ptic__obj o;
  const int known = m->_module_handle && ptic__obj_get(m->_module_handle, PTIC_OBJ_MODULE, &o);
  if (known) {
    ptic__module_record(m, &o);
    f->cur.ctx = o.context;
    f->serial = o.serial;
  } else {
    m->_context_handle = ptic__clv_p(f, PTIC_CLVF_context);
    f->cur.ctx = m->_context_handle;
    const cl_device_id* devs = PTIC_CAST(const cl_device_id*, ptic__clv_p(f, PTIC_CLVF_devices));
    m->_device_handle = devs ? PTIC_CAST(void*, devs[0]) : NULL;
    m->_format = ptic__cl_fdesc(f)->op == PTIC_CLOP_BUILTIN ? PTIC_CL_FORMAT_BUILTIN : PTIC_CL_FORMAT_BINARY;
  }
  if (create && known && m->_format == PTIC_CL_FORMAT_BINARY) m->_binary = NULL;
}

/* MODULE_CREATE, EXIT: the program's kernel names, now that it is built. */
static void ptic__cl_module_create_exit(ptic__thread* t, ptic__frame* f, void* program) {
  ptic_module_data* m = &f->r.module;
  if (!program) return;
  if (!m->_module_handle) { /* linked, or made of built-in kernels: a new program */
    m->_module_handle = program;
    ptic__objs_lock();
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, program), 0);
    if (o) {
      o->kind = PTIC_OBJ_MODULE;
      o->backend = PTIC_CL_INDEX;
      o->context = m->_context_handle;
      o->device = m->_device_handle;
      o->flags = m->_format;
    }
    ptic__objs_unlock();
  }
  char stack[1024];
  size_t len = 0;
  char* text = stack;
  cl_program p = PTIC_CAST(cl_program, program);
  cl_int r = ptic__cl.next.clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 0, NULL, &len);
  if (r == CL_SUCCESS && len > sizeof stack) text = PTIC_CAST(char*, PTIC_MALLOC(len));
  if (r == CL_SUCCESS && text) r = ptic__cl.next.clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, len, text, NULL);
  const char* names[256];
  uint32_t count = 0;
  if (r == CL_SUCCESS && text && len) {
    text[len - 1] = '\0';
    for (char* s = text; *s && count < 256;) { /* "a;b;c" */
      names[count++] = s;
      char* semi = strchr(s, ';');
      if (!semi) break;
      *semi = '\0';
      s = semi + 1;
    }
  } else {
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "clGetProgramInfo(CL_PROGRAM_KERNEL_NAMES) failed: a program's kernel names are unknown");
  }
  ptic__objs_lock();
  const char* const* list = count ? ptic__intern_list(names, count) : NULL;
  ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, program), 0);
  if (o && o->kind == PTIC_OBJ_MODULE) {
    o->names = list;
    o->count = list ? count : 0;
    ptic__atomic_add_u64(&ptic__objs_epoch, 1, PTIC_RELEASE); /* cached copies are stale */
    ptic__module_record(m, o);
  }
  ptic__objs_unlock();
  if (text != stack) PTIC_FREE(text);
}

/* KERNEL_CREATE / KERNEL_DESTROY, ENTER. */
static void ptic__cl_kernel_enter(ptic__frame* f, int create) {
  pti_callback_kernel_data* k = &f->r.kern;
  memset(k, 0, sizeof *k);
  k->_domain = create ? PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED : PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED;
  k->_phase = PTI_CB_PHASE_API_ENTER;
  k->_correlation_id = f->corr_id;
  const uint32_t op = ptic__cl_fdesc(f)->op;
  ptic__obj o;
  if (create && op != PTIC_CLOP_CLONE) {
    k->_module_handle = ptic__clv_p(f, PTIC_CLVF_program);
    if (op == PTIC_CLOP_KERNEL_OBJ) k->_name = PTIC_CAST(const char*, ptic__clv_p(f, PTIC_CLVF_name));
    if (ptic__obj_get(k->_module_handle, PTIC_OBJ_MODULE, &o)) {
      k->_device_handle = o.device;
      f->cur.ctx = o.context;
    }
    return;
  }
  if (ptic__obj_get(ptic__clv_p(f, PTIC_CLVF_kernel), PTIC_OBJ_KERNEL, &o)) {
    k->_module_handle = o.parent;
    k->_device_handle = o.device;
    k->_name = o.name;
    f->cur.ctx = o.context;
    if (!create) {
      k->_device_kernel_handle = ptic__clv_p(f, PTIC_CLVF_kernel);
      k->_kernel_handle = o.kernel_id;
      f->serial = o.serial;
    }
  }
}

/* A kernel the library has not seen created: its name and program from OpenCL, recorded. */
static PTIC_NOINLINE const ptic__obj* ptic__cl_kernel_unknown(const void* kernel, const void* program) {
  char name[256];
  cl_program prog = PTIC_CAST(cl_program, PTIC_PTR(program));
  cl_kernel k = PTIC_CAST(cl_kernel, PTIC_PTR(kernel));
  if (ptic__cl.next.clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL) != CL_SUCCESS) return NULL;
  name[sizeof name - 1] = '\0';
  if (!prog) ptic__cl.next.clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof prog, &prog, NULL);
  ptic__obj tracked;
  ptic__track_kernel(PTIC_CL_INDEX, kernel, prog, name, &tracked);
  return ptic__obj_peek(kernel, PTIC_OBJ_KERNEL);
}

/* KERNEL_CREATE, EXIT: the new kernels tracked; clCreateKernelsInProgram's each get an EXIT
   record of their own (all but the last delivered here; the last one by the role's EXIT). */
static void ptic__cl_kernel_create_exit(ptic__frame* f, void* kernel, ptic__mask mask) {
  pti_callback_kernel_data* k = &f->r.kern;
  const uint32_t op = ptic__cl_fdesc(f)->op;
  if (op == PTIC_CLOP_KERNELS_OBJ) {
    cl_kernel* ks = PTIC_CAST(cl_kernel*, ptic__clv_p(f, PTIC_CLVF_kernels));
    cl_uint* nret = PTIC_CAST(cl_uint*, ptic__clv_p(f, PTIC_CLVF_num_kernels_ret));
    const uint32_t n = ks ? (nret ? *nret : ptic__clv_u(f, PTIC_CLVF_num_kernels)) : 0u;
    k->_phase = PTI_CB_PHASE_API_EXIT; /* (a success: the EXIT records of all but the last now) */
    f->cur.phase = PTI_CB_PHASE_API_EXIT;
    for (uint32_t i = 0; i < n; i++) {
      const ptic__obj* o = ptic__cl_kernel_unknown(ks[i], k->_module_handle);
      k->_device_kernel_handle = ks[i];
      k->_kernel_handle = o ? o->kernel_id : 0;
      k->_name = o ? o->name : NULL;
      if (i + 1 < n && (mask & PTIC_BIT(PTIC_DOM_KERNEL_CREATED, 2u))) ptic__deliver_role_exit(f, PTIC_DOM_KERNEL_CREATED * 2u + 1u, 0);
    }
    return;
  }
  if (!kernel) return;
  const ptic__obj* o = ptic__cl_kernel_unknown(kernel, op == PTIC_CLOP_CLONE ? k->_module_handle : ptic__clv_p(f, PTIC_CLVF_program));
  k->_device_kernel_handle = kernel;
  if (o) {
    k->_kernel_handle = o->kernel_id;
    k->_name = o->name;
    k->_module_handle = o->parent;
  }
}

/* *_DESTROY, ENTER: whether this release destroys the object (its last reference), and which
   record the handle has now (f->serial; 0: not destroyed, nothing to forget). */
static const void* ptic__cl_destroyed(const ptic__frame* f, uint32_t* kind) {
  switch (ptic__cl_fdesc(f)->role) {
    case PTIC_ROLE_CONTEXT_DESTROY: *kind = PTIC_OBJ_CONTEXT; return ptic__clv_p(f, PTIC_CLVF_context);
    case PTIC_ROLE_MODULE_DESTROY: *kind = PTIC_OBJ_MODULE; return ptic__clv_p(f, PTIC_CLVF_program);
    case PTIC_ROLE_KERNEL_DESTROY: *kind = PTIC_OBJ_KERNEL; return ptic__clv_p(f, PTIC_CLVF_kernel);
    default: *kind = PTIC_OBJ_QUEUE; return ptic__clv_p(f, PTIC_CLVF_queue);
  }
}
static int ptic__cl_destroy_enter(ptic__frame* f) {
  uint32_t kind = 0;
  const void* h = ptic__cl_destroyed(f, &kind);
  ptic__obj o;
  f->serial = 0;
  if (!h || ptic__cl_refs(f, kind) != 1u) return 0;
  if (ptic__obj_get(h, kind, &o)) f->serial = o.serial;
  return 1;
}
static void ptic__cl_destroy_exit(ptic__thread* t, ptic__frame* f, cl_int r) {
  if (r != CL_SUCCESS || !f->serial) return;
  uint32_t kind = 0;
  const uintptr_t h = PTIC_CAST(uintptr_t, ptic__cl_destroyed(f, &kind));
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_find(h, 0);
  if (o && o->serial == f->serial) ptic__obj_erase(o);
  if (kind == PTIC_OBJ_MODULE) ptic__obj_del_kernel_ids(h);
  if (kind == PTIC_OBJ_CONTEXT) ptic__mem_drop_context(PTIC_CAST(const void*, h)); /* (its SVM) */
  if (kind == PTIC_OBJ_QUEUE) { /* (pending operations hold their events: they still complete) */
    const uint32_t si = ptic__stream_find(PTIC_PTR(h), PTIC_STREAM_OPS);
    if (si != PTIC_NIL && ptic__gpus.streams[si].head == PTIC_NIL) ptic__stream_close(t, PTIC_PTR(h));
  }
  ptic__objs_unlock();
}

/* ---- >>cl-memory ---- */
/* The MEMORY domain: memory objects (buffers, sub-buffers, images, pipes) are created by
   clCreate* and destroyed by the clReleaseMemObject that releases the last reference; SVM is
   allocated by clSVMAlloc and freed by clSVMFree, or by the command of clEnqueueSVMFree when it
   runs. A memory object is kept in the objects (kind PTIC_OBJ_MEMORY: context, size; flags its
   ptic_memory_kind, aflags its cl_mem_flags (every flag OpenCL and its extensions define lies
   below bit 32), parent a sub-buffer's parent, ext a sub-buffer's origin or the host memory of a
   CL_MEM_USE_HOST_PTR object), SVM in the ranges (>>memory), so that a free carries what its
   allocation had. */

/* MEM_ALLOC, ENTER: the record of what the call asks for. */
static void ptic__cl_mem_alloc_enter(ptic__frame* f) {
  ptic_memory_data* m = &f->r.mem;
  const uint32_t op = ptic__cl_fdesc(f)->op;
  memset(m, 0, sizeof *m);
  m->_domain = PTIC_CB_DOMAIN_MEMORY;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_operation = PTIC_MEMORY_ALLOCATE;
  m->_context_handle = ptic__clv_p(f, PTIC_CLVF_context);
  m->_flags = ptic__clv_u64(f, PTIC_CLVF_flags);
  m->_size = PTIC_CAST(uintptr_t, ptic__clv_p(f, PTIC_CLVF_size)); /* (images and pipes: at EXIT) */
  switch (op) {
    case PTIC_CLOP_SVM:
      m->_kind = PTIC_MEMORY_SVM;
      m->_alignment = ptic__clv_u(f, PTIC_CLVF_alignment);
      break;
    case PTIC_CLOP_SUB_BUFFER: {
      void* parent = ptic__clv_p(f, PTIC_CLVF_mem);
      const cl_buffer_region* region = PTIC_CAST(const cl_buffer_region*, ptic__clv_p(f, PTIC_CLVF_region));
      ptic__obj o;
      m->_kind = PTIC_MEMORY_SUB_BUFFER;
      m->_address = PTIC_CAST(uintptr_t, parent);
      if (ptic__clv_u(f, PTIC_CLVF_create_type) == CL_BUFFER_CREATE_TYPE_REGION && region) {
        m->_alignment = region->origin;
        m->_size = region->size;
      }
      if (ptic__obj_get(parent, PTIC_OBJ_MEMORY, &o) && o.backend == PTIC_CL_INDEX) m->_context_handle = o.context;
      else if (!parent || ptic__cl.next.clGetMemObjectInfo(PTIC_CAST(cl_mem, parent), CL_MEM_CONTEXT, sizeof m->_context_handle,
                                                           &m->_context_handle, NULL) != CL_SUCCESS)
        m->_context_handle = NULL;
      break;
    }
    default:
      m->_kind = op == PTIC_CLOP_IMAGE ? PTIC_MEMORY_IMAGE : op == PTIC_CLOP_PIPE ? PTIC_MEMORY_PIPE : PTIC_MEMORY_BUFFER;
      if (m->_flags & CL_MEM_USE_HOST_PTR) m->_address = PTIC_CAST(uintptr_t, ptic__clv_p(f, PTIC_CLVF_host_ptr));
      break;
  }
  f->cur.ctx = m->_context_handle;
}

/* MEM_ALLOC, EXIT: the new memory into the record, and into the objects or the ranges. */
static void ptic__cl_mem_alloc_exit(ptic__thread* t, ptic__frame* f, cl_int r, void* ret) {
  ptic_memory_data* m = &f->r.mem;
  if (r != CL_SUCCESS || !ret) return; /* (clSVMAlloc's failure: no address) */
  int kept = 1;
  if (m->_kind == PTIC_MEMORY_SVM) {
    ptic__range g;
    memset(&g, 0, sizeof g);
    m->_address = PTIC_CAST(uintptr_t, ret);
    g.base = m->_address;
    g.size = m->_size;
    g.end = g.base + (g.size ? g.size : 1u);
    g.alignment = m->_alignment;
    g.flags = m->_flags;
    g.context = m->_context_handle;
    g.kind = PTIC_MEMORY_SVM;
    g.cls = PTIC_MEMC_SHARED; /* (the host's and the devices') */
    ptic__objs_lock();
    kept = ptic__mem_insert(PTIC_MEM_ADDRESSABLE, &g) != 0;
    ptic__objs_unlock();
  } else {
    size_t size = 0;
    m->_object = ret;
    if (ptic__cl.next.clGetMemObjectInfo(PTIC_CAST(cl_mem, ret), CL_MEM_SIZE, sizeof size, &size, NULL) == CL_SUCCESS)
      m->_size = size;
    ptic__objs_lock();
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, ret), 0);
    if (o) {
      o->kind = PTIC_OBJ_MEMORY;
      o->backend = PTIC_CL_INDEX;
      o->context = m->_context_handle;
      o->size = m->_size;
      o->flags = PTIC_SCAST(uint32_t, m->_kind);
      o->aflags = PTIC_SCAST(uint32_t, m->_flags);
      if (m->_kind == PTIC_MEMORY_SUB_BUFFER) {
        o->parent = PTIC_CAST(void*, PTIC_SCAST(uintptr_t, m->_address));
        o->ext = PTIC_CAST(void*, PTIC_SCAST(uintptr_t, m->_alignment));
      } else {
        o->ext = PTIC_CAST(void*, PTIC_SCAST(uintptr_t, m->_address));
      }
    }
    kept = o != NULL;
    ptic__objs_unlock();
  }
  if (!kept)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "out of memory: an OpenCL allocation is not known to the library (its free has no size)");
}

/* A memory object the library did not see created (before the first enable): what OpenCL
   says of it. */
static void ptic__cl_mem_unknown(ptic_memory_data* m) {
  const cl_icd_dispatch* n = &ptic__cl.next;
  cl_mem mem = PTIC_CAST(cl_mem, m->_object);
  cl_mem_object_type type = 0;
  cl_mem parent = NULL;
  cl_mem_flags flags = 0;
  size_t size = 0, offset = 0;
  void* host = NULL;
  if (n->clGetMemObjectInfo(mem, CL_MEM_TYPE, sizeof type, &type, NULL) != CL_SUCCESS) return;
  n->clGetMemObjectInfo(mem, CL_MEM_CONTEXT, sizeof m->_context_handle, &m->_context_handle, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_FLAGS, sizeof flags, &flags, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_OFFSET, sizeof offset, &offset, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_HOST_PTR, sizeof host, &host, NULL);
  m->_flags = flags;
  m->_size = size;
  if (type == CL_MEM_OBJECT_BUFFER && parent) {
    m->_kind = PTIC_MEMORY_SUB_BUFFER;
    m->_address = PTIC_CAST(uintptr_t, parent);
    m->_alignment = offset;
  } else {
    m->_kind = type == CL_MEM_OBJECT_BUFFER ? PTIC_MEMORY_BUFFER : type == CL_MEM_OBJECT_PIPE ? PTIC_MEMORY_PIPE : PTIC_MEMORY_IMAGE;
    if (flags & CL_MEM_USE_HOST_PTR) m->_address = PTIC_CAST(uintptr_t, host);
  }
}

/* The FREE record of SVM at ptr in context ctx, with what its allocation had; f->serial: its
   range's (0: none). */
static void ptic__cl_svm_free_record(ptic__frame* f, void* ctx, void* ptr) {
  ptic_memory_data* m = &f->r.mem;
  memset(m, 0, sizeof *m);
  m->_domain = PTIC_CB_DOMAIN_MEMORY;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_operation = PTIC_MEMORY_FREE;
  m->_context_handle = ctx;
  m->_address = PTIC_CAST(uintptr_t, ptr);
  f->serial = 0;
  f->cur.ctx = ctx;
  ptic__objs_lock();
  const ptic__range* r = ptr ? ptic__mem_find(PTIC_MEM_ADDRESSABLE, m->_address) : NULL;
  if (r && r->base == m->_address && r->kind == PTIC_MEMORY_SVM) {
    m->_kind = PTIC_MEMORY_SVM;
    m->_size = r->size;
    m->_alignment = r->alignment;
    m->_flags = r->flags;
    f->serial = r->serial;
  }
  ptic__objs_unlock();
}

/* MEM_FREE, ENTER: the record of what goes (clSVMFree; the clReleaseMemObject that releases
   the last reference, asked of OpenCL just before), with what its allocation had; 0 when the
   call frees nothing (no record). f->serial: the allocation's (0: not seen). */
static int ptic__cl_mem_free_enter(ptic__frame* f, ptic__mask mask) {
  ptic_memory_data* m = &f->r.mem;
  ptic__obj o;
  if (ptic__cl_fdesc(f)->op == PTIC_CLOP_SVM) {
    ptic__cl_svm_free_record(f, ptic__clv_p(f, PTIC_CLVF_context), ptic__clv_p(f, PTIC_CLVF_svm));
    return 1;
  }
  void* mem = ptic__clv_p(f, PTIC_CLVF_mem);
  f->serial = 0;
  if (!mem || ptic__cl_refs(f, PTIC_OBJ_MEMORY) != 1u) return 0;
  memset(m, 0, sizeof *m);
  m->_domain = PTIC_CB_DOMAIN_MEMORY;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_operation = PTIC_MEMORY_FREE;
  m->_object = mem;
  if (ptic__obj_get(mem, PTIC_OBJ_MEMORY, &o) && o.backend == PTIC_CL_INDEX) {
    m->_kind = PTIC_SCAST(ptic_memory_kind, o.flags);
    m->_context_handle = o.context;
    m->_size = o.size;
    m->_flags = o.aflags;
    if (o.flags == PTIC_MEMORY_SUB_BUFFER) {
      m->_address = PTIC_CAST(uintptr_t, o.parent);
      m->_alignment = PTIC_CAST(uintptr_t, o.ext);
    } else {
      m->_address = PTIC_CAST(uintptr_t, o.ext);
    }
    f->serial = o.serial;
  } else if (mask & PTIC_BITS(PTIC_DOM_MEMORY)) {
    ptic__cl_mem_unknown(m);
  }
  f->cur.ctx = m->_context_handle;
  return 1;
}

/* MEM_FREE, EXIT: the memory leaves the objects or the ranges. */
static void ptic__cl_mem_free_exit(ptic__frame* f, cl_int r) {
  const ptic_memory_data* m = &f->r.mem;
  if (r != CL_SUCCESS || !f->serial) return;
  ptic__objs_lock();
  if (m->_object) {
    ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, m->_object), 0);
    if (o && o->serial == f->serial) ptic__obj_erase(o);
  } else {
    ptic__mem_remove(PTIC_MEM_ADDRESSABLE, m->_address, f->serial);
  }
  ptic__objs_unlock();
}

/* clEnqueueSVMFree frees when its command runs: where the program passes no pfn_free_func (the
   runtime would free), the layer passes ptic__cl_svm_free_run, which frees each pointer
   through the next layer's clSVMFree between the ENTER and EXIT records of a FREE, on the
   thread that runs the command, with correlation ids of their own. A program that passes its
   own function frees in it (its clSVMFree calls are recorded as such). */
static void CL_CALLBACK ptic__cl_svm_free_run(cl_command_queue q, cl_uint n, void** ptrs, void* user_data) {
  PTIC_UNUSED(user_data);
  cl_context ctx = NULL;
  const ptic__obj* qo = ptic__cl_queue(q);
  if (qo) ctx = PTIC_CAST(cl_context, qo->context);
  else if (ptic__cl.next.clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, NULL) != CL_SUCCESS) ctx = NULL;
  for (cl_uint i = 0; i < n; i++) {
    ptic__thread* const t = ptic__call_thread();
    const uint32_t api = PTIC_CL_BASE + PTIC_CL_SVM_FREE_INDEX;
    void* inst = NULL;
    ptic__frame* const f = t ? ptic__call_enter(t, api, NULL, &inst) : NULL;
    if (f) {
      ptic__cl_svm_free_record(f, ctx, ptrs[i]);
      ptic__frame_record(f, PTIC_DOM_MEMORY, PTI_CB_PHASE_API_ENTER);
      if (ptic__mask_load() & PTIC_BIT(PTIC_DOM_MEMORY, 1u)) ptic__deliver_role_enter(f, PTIC_DOM_MEMORY * 2u);
    }
    ptic__cl.next.clSVMFree(ctx, ptrs[i]);
    if (!f) { /* (no frame: the memory leaves the ranges all the same) */
      const uint64_t p = PTIC_CAST(uintptr_t, ptrs[i]);
      ptic__objs_lock();
      const ptic__range* r = p ? ptic__mem_find(PTIC_MEM_ADDRESSABLE, p) : NULL;
      if (r && r->base == p && r->kind == PTIC_MEMORY_SVM) ptic__mem_cut(PTIC_MEM_ADDRESSABLE, r->base, r->end);
      ptic__objs_unlock();
      continue;
    }
    f->r.mem._phase = PTI_CB_PHASE_API_EXIT;
    f->cur.phase = PTI_CB_PHASE_API_EXIT;
    ptic__cl_mem_free_exit(f, CL_SUCCESS);
    if (ptic__mask_load() & PTIC_BIT(PTIC_DOM_MEMORY, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_MEMORY * 2u + 1u, 0);
    ptic__call_exit(t, ptic__fns[api].id);
  }
}
/* clEnqueueSVMFree, before the call: ptic__cl_svm_free_run where the program passes no function. */
static void ptic__cl_svm_free_hook(uint32_t api, void* params) {
  typedef void(CL_CALLBACK * free_fn)(cl_command_queue, cl_uint, void**, void*);
  const int8_t i = ptic__cl_vat[api - PTIC_CL_BASE][PTIC_CLVF_free_fn];
  free_fn* fn = i < 0 ? NULL : PTIC_CAST(free_fn*, PTIC_CAST(void**, params)[i]);
  if (fn && !*fn) *fn = ptic__cl_svm_free_run;
}

/* ---- >>cl-gpu-ops ---- */
/* Every command appended while a subscriber has COMPLETED on has an event the layer reads: the
   program's, retained by the layer until it is read (clGetEventInfo's reference count does not
   show that reference), or the layer's own where the program passed none. Queues are OPS
   streams (unordered when out of order); the poller and the synchronising calls read the
   events' status and profiling times through the next table. */

static void ptic__cl_sync_exit(ptic__thread* t, uint32_t api_id);

/* ptic__backend.read_op: 1 finished (raw: profiling START and END, all ones when the queue has
   no profiling), 0 not yet, -1 failed (the command was abandoned: lost). */
PTIC_STATIC_ASSERT(sizeof(cl_ulong) == sizeof(uint64_t), "the profiling times are read into raw");
static PTIC_ALWAYS_INLINE int ptic__cl_read_op(ptic__thread* t, const ptic__op* o, uint64_t raw[2]) {
  PTIC_UNUSED(t);
  const cl_icd_dispatch* n = &ptic__cl.next;
  cl_event ev = PTIC_CAST(cl_event, o->u.event);
  cl_int st = CL_QUEUED;
  if (n->clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL) != CL_SUCCESS || st < 0) return -1;
  if (st != CL_COMPLETE) return 0;
  if (n->clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof raw[0], &raw[0], NULL) != CL_SUCCESS ||
      n->clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof raw[1], &raw[1], NULL) != CL_SUCCESS)
    raw[0] = raw[1] = ~PTIC_SCAST(uint64_t, 0);
  return 1;
}

/* ptic__backend.collect_op: read, and when finished the layer's reference to the event goes. */
static PTIC_ALWAYS_INLINE int ptic__cl_collect_op(ptic__thread* t, ptic__thread* to, const ptic__op* o,
                                                  const ptic__stream* s, uint64_t raw[2]) {
  PTIC_UNUSED(to);
  PTIC_UNUSED(s);
  const int state = ptic__cl_read_op(t, o, raw);
  if (state == 1) ptic__cl.next.clReleaseEvent(PTIC_CAST(cl_event, o->u.event));
  return state;
}
/* ptic__backend.op_done: the layer's reference to the event goes. */
static void ptic__cl_op_done(ptic__thread* t, ptic__thread* to, const ptic__op* o, const ptic__stream* s, int state) {
  PTIC_UNUSED(t);
  PTIC_UNUSED(to);
  PTIC_UNUSED(s);
  PTIC_UNUSED(state);
  ptic__cl.next.clReleaseEvent(PTIC_CAST(cl_event, o->u.event));
}

/* (ptic__cl_convert: the device of a record, measured again when its measure is older than
   PTIC_RESYNC_NS and its timer query works) */
static ptic__cl_device* ptic__cl_device_now(const void* device) {
  ptic__cl_device* d = NULL;
  for (size_t i = 0; i < ptic__cg.ndevices && !d; i++)
    if (ptic__cg.devices[i].device == device) d = &ptic__cg.devices[i];
  if (d && d->timer && ptic__coarse_ns() - d->sync_at >= PTIC_RESYNC_NS) {
    int timer = 0;
    int64_t offset = 0;
    if (ptic__cl_measure(NULL, d->device, &offset, &timer) && timer) d->offset = offset;
    d->sync_at = ptic__coarse_ns();
  }
  return d;
}
/* ptic__backend.convert: the OpenCL records among n, device ns to host CLOCK_MONOTONIC_RAW ns.
   Lock held. */
static void ptic__cl_convert(ptic__thread* t, ptic__done* done, size_t n) {
  ptic__cl_device* d = NULL;
  const void* dev = NULL;
  for (size_t i = 0; i < n; i++) {
    ptic__done* x = &done[i];
    if (!x->has_raw || x->backend != PTIC_CL_INDEX) continue;
    x->has_raw = 0;
    if (!dev || dev != x->g._device_handle) d = ptic__cl_device_now(dev = x->g._device_handle);
    ptic_op_info* info = &x->info;
    if (x->raw[0] == ~PTIC_SCAST(uint64_t, 0) || x->raw[0] > x->raw[1]) {
      info->status = PTIC_OP_BAD_TIMES;
      if (!ptic__cg.times_told) {
        ptic__cg.times_told = 1;
        ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                             "an OpenCL command has no profiling times (its queue was created without "
                             "profiling while COMPLETED was off, or the runtime reported none): it is COMPLETED "
                             "with status PTIC_OP_BAD_TIMES and no times");
      }
      continue;
    }
    const int64_t off = d ? d->offset : 0;
    info->device_start = x->raw[0];
    info->device_end = x->raw[1];
    info->start_ns = PTIC_SCAST(uint64_t, PTIC_SCAST(int64_t, x->raw[0]) + off);
    info->end_ns = PTIC_SCAST(uint64_t, PTIC_SCAST(int64_t, x->raw[1]) + off);
  }
}

/* What a synchronising call proves finished is delivered before the call returns: the core's
   rule (ptic__sync_exit) delivers what reads finished now; what the call proves finished (every
   operation of queue q; or those of the n events evs, with, on in-order queues, the operations
   before them) but does not read finished yet (the runtime may set an event's status after the
   call returned) is then waited for through the next table (retained meanwhile: the poller may
   collect it), and delivered (ptic__cl_sync_wait, after ptic__cl_sync_rule). */
static PTIC_NOINLINE void ptic__cl_sync_wait(ptic__thread* t, uint32_t api_id, const void* q, const cl_event* evs,
                                             uint32_t n) {
  cl_event stack[64];
  cl_event* wait = stack;
  size_t nw = 0, cap = 64;
  ptic__objs_lock();
  for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
    const ptic__stream* s = &ptic__gpus.streams[si];
    if (!s->live || s->backend != PTIC_CL_INDEX || s->head == PTIC_NIL) continue;
    if (q && s->handle != q) continue;
    uint32_t last = PTIC_NIL; /* the last operation to wait for */
    for (uint32_t i = s->head; i != PTIC_NIL; i = ptic__op_at(i)->next) {
      int hit = q != NULL;
      for (uint32_t k = 0; !hit && k < n; k++) hit = ptic__op_at(i)->u.event == PTIC_CAST(void*, evs[k]);
      if (hit) last = i;
    }
    for (uint32_t i = s->head; last != PTIC_NIL && i != PTIC_NIL; i = ptic__op_at(i)->next) {
      const ptic__op* o = ptic__op_at(i);
      int hit = q != NULL || !s->unordered || i == last;
      for (uint32_t k = 0; !hit && k < n; k++) hit = o->u.event == PTIC_CAST(void*, evs[k]);
      if (hit) {
        if (nw == cap) {
          cl_event* w = PTIC_CAST(cl_event*, PTIC_MALLOC(cap * 2 * sizeof *w));
          if (!w) break;
          memcpy(w, wait, nw * sizeof *w);
          if (wait != stack) PTIC_FREE(wait);
          wait = w;
          cap *= 2;
        }
        wait[nw] = PTIC_CAST(cl_event, o->u.event);
        ptic__cl.next.clRetainEvent(wait[nw++]);
      }
      if (i == last) break;
    }
  }
  ptic__objs_unlock();
  if (nw) {
    ptic__cl.next.clWaitForEvents(PTIC_SCAST(cl_uint, nw), wait);
    for (size_t i = 0; i < nw; i++) ptic__cl.next.clReleaseEvent(wait[i]);
    if (!ptic__sync_idle()) ptic__cl_sync_exit(t, api_id);
  }
  if (wait != stack) PTIC_FREE(wait);
}
/* The core's rule for synchronising call api_id; 1 when operations are still pending after it
   (the caller then waits for those the call proves finished: ptic__cl_sync_wait). */
static PTIC_ALWAYS_INLINE int ptic__cl_sync_rule(ptic__thread* t, uint32_t api_id) {
  if (ptic__sync_idle()) return 0;
  ptic__cl_sync_exit(t, api_id);
  return ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED) != 0;
}

/* A synchronising call (HOST_SYNC role) that succeeded while no subscriber wants its records
   (no HOST_SYNCHRONIZATION, no DRIVER_API): no frame, only the rule (its arguments read only
   when it waits). Inline in the traced clFinish and clWaitForEvents: their function's id and
   view are constants there. */
static PTIC_ALWAYS_INLINE void ptic__cl_sync_only(uint32_t api, void* const* argv) {
  ptic__thread* const t = ptic__call_thread();
  const uint32_t api_id = ptic__fns[api].id;
  if (!t || !ptic__cl_sync_rule(t, api_id)) return;
  const int8_t* const vat = ptic__cl_vat[api - PTIC_CL_BASE];
  const void* q = vat[PTIC_CLVF_queue] >= 0 ? *PTIC_CAST(void* const*, argv[vat[PTIC_CLVF_queue]]) : NULL;
  const cl_event* evs = vat[PTIC_CLVF_events] >= 0 ? *PTIC_CAST(const cl_event* const*, argv[vat[PTIC_CLVF_events]]) : NULL;
  const uint32_t n = evs && vat[PTIC_CLVF_num_events] >= 0 ? *PTIC_CAST(const cl_uint*, argv[vat[PTIC_CLVF_num_events]]) : 0u;
  ptic__cl_sync_wait(t, api_id, q, evs, n);
}

/* ---- >>cl-roles ---- */

/* The context of a DRIVER_API record: the role's, the call's cl_context, or that of the queue,
   kernel, program or event it works on. */
static PTIC_NOINLINE void* ptic__cl_api_context(ptic__frame* f) {
  if (f->cur.ctx || ptic__cf(f)->ctx_known) return f->cur.ctx;
  ptic__cf(f)->ctx_known = 1;
  const ptic__cl_desc* d = ptic__cl_fdesc(f);
  void* ctx = NULL;
  if (d->role != PTIC_ROLE_CONTEXT_CREATE && ptic__clv(f, PTIC_CLVF_context)) return f->cur.ctx = ptic__clv_p(f, PTIC_CLVF_context);
  static const uint8_t fields[4] = {PTIC_CLVF_queue, PTIC_CLVF_kernel, PTIC_CLVF_program, PTIC_CLVF_mem};
  for (int i = 0; i < 4 && !ctx; i++) {
    const void* h = ptic__clv_p(f, fields[i]);
    if (!h) continue;
    ptic__objs_lock();
    ctx = ptic__context_of(h);
    ptic__objs_unlock();
  }
  void* ev = ptic__clv_p(f, PTIC_CLVF_event);
  if (!ctx && ev && d->role != PTIC_ROLE_APPEND && ptic__cl.next.clGetEventInfo(PTIC_CAST(cl_event, ev), CL_EVENT_CONTEXT, sizeof ctx, &ctx, NULL) != CL_SUCCESS)
    ctx = NULL;
  return f->cur.ctx = ctx;
}

/* APPEND: the constant part of the call's record, from what is known of its queue and kernel
   (the record's fields, the operation's kind and name, the queue's context and flags), kept
   in the frame while its key holds. */
static PTIC_NOINLINE void ptic__cl_describe_append(ptic__thread* t, ptic__frame* f, void* q, void* kh, uint64_t epoch) {
  ptic__cl_frame* const c = ptic__cf(f);
  const ptic__cl_desc* const d = ptic__cl_fdesc(f);
  pti_callback_gpu_op_data* const g = &f->r.gpu;
  const ptic__obj* const qo = ptic__cl_queue(q);
  memset(g, 0, sizeof *g);
  g->_domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED;
  g->_cmd_list_properties = PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE;
  g->_cmd_list_handle = q;
  g->_queue_handle = q;
  g->_operation_count = 1;
  g->_operation_details = &f->op1;
  c->queue = q;
  c->lflags = qo ? qo->lflags : PTIC_CLQ_NO_TIMES;
  c->u.key.ctx = qo ? qo->context : NULL;
  g->_device_handle = qo ? qo->device : NULL;
  c->stream = PTIC_NIL;
  c->blocking = ptic__clv(f, PTIC_CLVF_blocking) != NULL;
  memset(&f->op1, 0, sizeof f->op1);
  f->op1._name = d->name;
  c->name_ref = ptic__name_ref_api(f->api, PTIC_NAME_OWN);
  int keep = qo != NULL;
  if (d->op == PTIC_CLOP_KERNEL) {
    f->op1._operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
    const ptic__obj* k = kh ? ptic__obj_peek(kh, PTIC_OBJ_KERNEL) : NULL;
    if (kh && !k) k = ptic__cl_kernel_unknown(kh, NULL);
    if (k) {
      f->op1._kernel_handle = k->kernel_id;
      f->op1._name = k->name;
      c->name_ref = ptic__name_ref_kernel(k->name);
    }
    keep &= kh == NULL || k != NULL;
  } else {
    f->op1._operation_kind = d->op == PTIC_CLOP_MEMORY || d->op == PTIC_CLOP_SVM_FREE ? PTI_GPU_OPERATION_KIND_MEMORY
                                                                                      : PTI_GPU_OPERATION_KIND_OTHER;
  }
  keep &= d->op != PTIC_CLOP_SVM_FREE; /* (its ENTER takes the general path: ptic__cl_svm_free_hook) */
  c->tkf = PTIC_OP_TKF(t->tid, f->op1._operation_kind, 0u);
  ptic__frame_record(f, PTIC_DOM_APPENDED, PTI_CB_PHASE_API_ENTER);
  c->key_api = keep ? f->api : PTIC_NIL; /* (unknown objects: asked again next time) */
  c->u.key.kernel = kh;
  c->u.key.epoch = epoch;
}

/* APPEND, ENTER, per call: the ids, the event that makes the command's completion observable,
   and, for a blocking call with HOST_SYNCHRONIZATION on, a frame for that record. */
static void ptic__cl_append_enter(ptic__thread* t, ptic__frame* f, ptic__mask mask) {
  ptic__cl_frame* const c = ptic__cf(f);
  void* const q = ptic__clv_p(f, PTIC_CLVF_queue);
  void* const kh = ptic__clv_p(f, PTIC_CLVF_kernel);
  const uint64_t epoch = ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE);
  if (c->key_api != f->api || c->queue != q || c->u.key.kernel != kh || c->u.key.epoch != epoch)
    ptic__cl_describe_append(t, f, q, kh, epoch);
  pti_callback_gpu_op_data* const g = &f->r.gpu;
  g->_phase = PTI_CB_PHASE_API_ENTER;
  g->_return_code = 0;
  g->_correlation_id = f->corr_id;
  f->op1._operation_id = ptic__next_op_id(t);
  f->cur.dom = PTIC_DOM_APPENDED;
  f->cur.phase = PTI_CB_PHASE_API_ENTER;
  f->cur.ctx = c->u.key.ctx;
  c->own_ev = NULL;
  c->app_evp = NULL;
  c->track = 0;
  c->sync = NULL;
  if ((mask & PTIC_BITS(PTIC_DOM_COMPLETED)) && q && g->_device_handle) {
    cl_event** evp = PTIC_CAST(cl_event**, ptic__clv(f, PTIC_CLVF_event));
    c->track = 1;
    if (evp) {
      c->app_evp = *evp;
      if (!*evp) *evp = &c->own_ev;
    }
  }
  if ((mask & PTIC_BITS(PTIC_DOM_HOST_SYNC)) && c->blocking && ptic__clv_u(f, PTIC_CLVF_blocking) &&
      t->depth < PTIC_MAX_NESTING) {
    void* inst = NULL;
    const uint32_t corr = f->corr_id;
    ptic__frame* s = ptic__call_enter(t, f->api, f->params, &inst);
    s->corr_id = corr;
    ptic_sync_data* sd = &s->r.sync;
    memset(sd, 0, sizeof *sd);
    sd->_domain = PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION;
    sd->_phase = PTI_CB_PHASE_API_ENTER;
    sd->_correlation_id = corr;
    sd->_kind = PTIC_SYNC_COMMAND;
    sd->_object = q;
    sd->_timeout_ns = UINT64_MAX;
    s->cur.ctx = f->cur.ctx;
    ptic__cf(s)->key_api = PTIC_NIL; /* (its record is not an APPEND's) */
    ptic__frame_record(s, PTIC_DOM_HOST_SYNC, PTI_CB_PHASE_API_ENTER);
    c->sync = s;
  }
}

/* APPEND, EXIT, of a command that returned no event: a barrier (clEnqueueBarrier has no event
   argument) gets a marker of the layer's right after it, whose event is returned; otherwise
   NULL, said by an INTERNAL_EVENT. */
static PTIC_NOINLINE cl_event ptic__cl_no_event(ptic__frame* f) {
  const cl_icd_dispatch* n = &ptic__cl.next;
  cl_command_queue q = PTIC_CAST(cl_command_queue, ptic__cf(f)->queue);
  cl_event ev = NULL;
  if (ptic__cl_vat[f->api - PTIC_CL_BASE][PTIC_CLVF_event] < 0) {
    if (n->clEnqueueMarkerWithWaitList) n->clEnqueueMarkerWithWaitList(q, 0, NULL, &ev);
    else n->clEnqueueMarker(q, &ev);
  }
  if (!ev)
    ptic__internal_event(f->owner, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "an OpenCL command returned no event: its completion is not tracked");
  return ev;
}

/* APPEND, EXIT, after the EXIT records: the command becomes pending on its queue's stream (after
   its APPENDED EXIT: COMPLETED never comes first). */
static PTIC_ALWAYS_INLINE void ptic__cl_append_track(ptic__frame* f, cl_int r) {
  ptic__cl_frame* const c = ptic__cf(f);
  if (r != CL_SUCCESS) return;
  cl_event ev = c->app_evp ? *c->app_evp : c->own_ev;
  if (PTIC_UNLIKELY(!ev) && !(ev = ptic__cl_no_event(f))) return;
  if (c->app_evp) ptic__cl.next.clRetainEvent(ev); /* (the program's: the layer's reference until it is read) */
  ptic__objs_lock();
  uint32_t si = c->stream;
  if (PTIC_UNLIKELY(!ptic__stream_is(si, c->queue, PTIC_STREAM_OPS)))
    si = c->stream = ptic__stream_get(PTIC_CL_INDEX, c->queue, f->cur.ctx, f->r.gpu._device_handle,
                                      PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE, PTIC_STREAM_OPS,
                                      (c->lflags & PTIC_CLQ_OOO) != 0);
  ptic__op* o = NULL;
  const uint32_t oi = si != PTIC_NIL ? ptic__op_take(&o) : PTIC_NIL;
  if (oi == PTIC_NIL) {
    ptic__objs_unlock();
    ptic__cl.next.clReleaseEvent(ev);
    ptic__internal_event(f->owner, PTI_INTERNAL_EVENT_TYPE_WARNING, "out of memory: an operation is not tracked");
    return;
  }
  o->op_id = f->op1._operation_id;
  o->kernel_id = f->op1._kernel_handle;
  o->subs = ptic__atomic_load_u64(&ptic__g.completed_subs, PTIC_RELAXED);
  o->u.event = ev;
  o->name = c->name_ref;
  o->corr_append = f->corr_id;
  o->next = PTIC_NIL;
  const uint32_t opf = c->app_evp ? PTIC_SCAST(uint32_t, PTIC_OPF_APP_OBJECT) : PTIC_SCAST(uint32_t, PTIC_OPF_OURS);
  o->tkf = c->tkf | opf << 28;
  if (opf & PTIC_OPF_APP_OBJECT) ptic__op_app_object();
  ptic__stream_push_op(si, oi);
  ptic__objs_unlock();
}

/* HOST_SYNC, ENTER. */
static void ptic__cl_sync_enter(ptic__frame* f) {
  ptic_sync_data* s = &f->r.sync;
  memset(s, 0, sizeof *s);
  s->_domain = PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION;
  s->_phase = PTI_CB_PHASE_API_ENTER;
  s->_correlation_id = f->corr_id;
  s->_timeout_ns = UINT64_MAX;
  if (ptic__cl_fdesc(f)->op == PTIC_CLOP_QUEUE) {
    s->_kind = PTIC_SYNC_QUEUE;
    s->_object = ptic__clv_p(f, PTIC_CLVF_queue);
    const ptic__obj* q = ptic__cl_queue(s->_object);
    if (q) f->cur.ctx = q->context;
  } else {
    s->_kind = PTIC_SYNC_EVENTS;
    s->_object = ptic__clv_p(f, PTIC_CLVF_events);
    s->_reserved = ptic__clv_u(f, PTIC_CLVF_num_events);
  }
}

/* Whether a call of `role` has nothing to do now but DRIVER_API. */
static PTIC_ALWAYS_INLINE int ptic__cl_role_idle(ptic__role role, ptic__mask mask) {
  switch (role) {
    case PTIC_ROLE_NONE: return 1;
    case PTIC_ROLE_APPEND:
      return !(mask & (PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_BITS(PTIC_DOM_COMPLETED) | PTIC_BITS(PTIC_DOM_HOST_SYNC)));
    case PTIC_ROLE_HOST_SYNC: return !(mask & (PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_COMPLETED)));
    default: return 0;
  }
}

/* The role's ENTER work: fills its record, returns its domain (NONE: no record). */
static unsigned ptic__cl_role_enter(ptic__role role, ptic__thread* t, ptic__frame* f, ptic__mask mask) {
  const uint32_t op = ptic__cl_fdesc(f)->op;
  switch (role) {
    case PTIC_ROLE_APPEND: ptic__cl_append_enter(t, f, mask); return PTIC_DOM_APPENDED;
    case PTIC_ROLE_HOST_SYNC:
      if (!(mask & PTIC_BITS(PTIC_DOM_HOST_SYNC))) return PTIC_DOM_NONE;
      ptic__cl_sync_enter(f);
      return PTIC_DOM_HOST_SYNC;
    case PTIC_ROLE_CONTEXT_CREATE: ptic__cl_context_enter(f, 1); return PTIC_DOM_CONTEXT_CREATED;
    case PTIC_ROLE_CONTEXT_DESTROY:
      if (!ptic__cl_destroy_enter(f)) return PTIC_DOM_NONE;
      ptic__cl_context_enter(f, 0);
      return PTIC_DOM_CONTEXT_DESTROYED;
    case PTIC_ROLE_MODULE_CREATE: ptic__cl_module_enter(f, 1); return PTIC_DOM_MODULE_LOADED;
    case PTIC_ROLE_MODULE_DESTROY:
      if (!ptic__cl_destroy_enter(f)) return PTIC_DOM_NONE;
      ptic__cl_module_enter(f, 0);
      return PTIC_DOM_MODULE_UNLOADED;
    case PTIC_ROLE_KERNEL_CREATE: ptic__cl_kernel_enter(f, 1); return PTIC_DOM_KERNEL_CREATED;
    case PTIC_ROLE_KERNEL_DESTROY:
      if (!ptic__cl_destroy_enter(f)) return PTIC_DOM_NONE;
      ptic__cl_kernel_enter(f, 0);
      return PTIC_DOM_KERNEL_DESTROYED;
    case PTIC_ROLE_OBJ_CREATE:
      if (op == PTIC_CLOP_QUEUE || op == PTIC_CLOP_QUEUE_PROPS) ptic__cl_queue_enter(f, mask);
      return PTIC_DOM_NONE;
    case PTIC_ROLE_OBJ_DESTROY: ptic__cl_destroy_enter(f); return PTIC_DOM_NONE;
    case PTIC_ROLE_LIST_STATE:
      if (op == PTIC_CLOP_EVENT_PROFILING) ptic__cl_profiling_enter(f);
      return PTIC_DOM_NONE;
    case PTIC_ROLE_MEM_ALLOC: ptic__cl_mem_alloc_enter(f); return PTIC_DOM_MEMORY;
    case PTIC_ROLE_MEM_FREE: return ptic__cl_mem_free_enter(f, mask) ? PTIC_SCAST(unsigned, PTIC_DOM_MEMORY) : PTIC_SCAST(unsigned, PTIC_DOM_NONE);
    default: return PTIC_DOM_NONE;
  }
}

/* The role's EXIT work (before the EXIT records): objects tracked, the record's phase and
   result. Returns the call's result as the program sees it. */
static cl_int ptic__cl_role_exit(ptic__role role, ptic__thread* t, ptic__frame* f, cl_int r, void* ret, ptic__mask mask) {
  const uint32_t op = ptic__cl_fdesc(f)->op;
  switch (role) {
    case PTIC_ROLE_CONTEXT_CREATE:
      if (r == CL_SUCCESS && ret) {
        ptic__objs_lock();
        ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, ret), 0);
        if (o) {
          o->kind = PTIC_OBJ_CONTEXT;
          o->backend = PTIC_CL_INDEX;
          o->parent = f->r.context._driver_handle;
        }
        ptic__objs_unlock();
        f->r.context._context_handle = ret;
        f->cur.ctx = ret;
      }
      break;
    case PTIC_ROLE_MODULE_CREATE:
      if (r == CL_SUCCESS) ptic__cl_module_create_exit(t, f, op == PTIC_CLOP_BUILD ? f->r.module._module_handle : ret);
      break;
    case PTIC_ROLE_KERNEL_CREATE:
      if (r == CL_SUCCESS) ptic__cl_kernel_create_exit(f, ret, mask);
      break;
    case PTIC_ROLE_CONTEXT_DESTROY:
    case PTIC_ROLE_MODULE_DESTROY:
    case PTIC_ROLE_KERNEL_DESTROY:
    case PTIC_ROLE_OBJ_DESTROY: ptic__cl_destroy_exit(t, f, r); break;
    case PTIC_ROLE_OBJ_CREATE:
      if (r == CL_SUCCESS && ret && (op == PTIC_CLOP_QUEUE || op == PTIC_CLOP_QUEUE_PROPS)) ptic__cl_queue_exit(t, f, ret);
      else if (r == CL_SUCCESS && ret) ptic__cl_program_exit(f, ret);
      break;
    case PTIC_ROLE_LIST_STATE:
      if (op == PTIC_CLOP_QUEUE_INFO) ptic__cl_queue_info_exit(f, r);
      else if (op == PTIC_CLOP_EVENT_INFO) ptic__cl_event_info_exit(f, r);
      else if (ptic__cf(f)->track && r == CL_SUCCESS) r = CL_PROFILING_INFO_NOT_AVAILABLE;
      break;
    case PTIC_ROLE_MEM_ALLOC: ptic__cl_mem_alloc_exit(t, f, r, ret); break;
    case PTIC_ROLE_MEM_FREE: ptic__cl_mem_free_exit(f, r); break;
    default: break;
  }
  const uint32_t rc = PTIC_SCAST(uint32_t, r);
  f->cur.phase = PTI_CB_PHASE_API_EXIT;
  switch (f->cur.dom) {
    case PTIC_DOM_APPENDED:
      f->r.gpu._phase = PTI_CB_PHASE_API_EXIT;
      f->r.gpu._return_code = rc;
      break;
    case PTIC_DOM_KERNEL_CREATED:
    case PTIC_DOM_KERNEL_DESTROYED:
      f->r.kern._phase = PTI_CB_PHASE_API_EXIT;
      f->r.kern._return_code = rc;
      break;
    case PTIC_DOM_MODULE_LOADED:
    case PTIC_DOM_MODULE_UNLOADED:
      f->r.module._phase = PTI_CB_PHASE_API_EXIT;
      f->r.module._return_code = rc;
      break;
    case PTIC_DOM_CONTEXT_CREATED:
    case PTIC_DOM_CONTEXT_DESTROYED:
      f->r.context._phase = PTI_CB_PHASE_API_EXIT;
      f->r.context._return_code = rc;
      break;
    case PTIC_DOM_HOST_SYNC:
      f->r.sync._phase = PTI_CB_PHASE_API_EXIT;
      f->r.sync._return_code = rc;
      break;
    case PTIC_DOM_MEMORY:
      f->r.mem._phase = PTI_CB_PHASE_API_EXIT;
      f->r.mem._return_code = rc;
      break;
    default: break;
  }
  return r;
}

/* ENTER of every role: a frame, the role's record, the ENTER records (DRIVER_API first, then the
   role's domain); NULL when nothing is to be done at EXIT. */
static PTIC_NOINLINE ptic__frame* ptic__cl_enter_checked(ptic__role role, uint32_t api, void* params, ptic__mask mask);
/* APPEND, ENTER, the common case, called by the wrapper with the arguments it needs (no array
   of the arguments' addresses: the wrapper makes one only when this declines): no DRIVER_API
   or HOST_SYNCHRONIZATION, a call that does not block (its blocking argument, CL_FALSE for a
   function that has none: a constant), on the queue and with the kernel the frame describes,
   ids left on this thread. Stores, the event when COMPLETED is on, the ENTER records.
   NULL: declined (the general path, ptic__cl_enter, then runs). The frame has no params: its
   EXIT (ptic__cl_exit_append) takes the common path, whatever the mask says then. */
static PTIC_ALWAYS_INLINE ptic__frame* ptic__cl_enter_fast(uint32_t api, ptic__mask mask, const void* q,
                                                           const void* kernel, cl_event** evp, cl_bool blocking) {
  ptic__thread* const t = ptic__tls;
  if (PTIC_UNLIKELY(blocking || !t || !ptic__depth_ok(t) ||
                    (mask & (PTIC_BITS(PTIC_DOM_DRIVER_API) | PTIC_BITS(PTIC_DOM_HOST_SYNC)))))
    return NULL;
  ptic__frame* f = &t->frame[t->depth];
  PTIC_KEEP(f);
  ptic__cl_frame* const c = ptic__cf(f);
  if (PTIC_UNLIKELY(c->key_api != api || c->queue != q || c->u.key.kernel != kernel ||
                    c->u.key.epoch != ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE) ||
                    t->corr_next == t->corr_end)) /* (ids left, then an operation id too: ptic__next_op_id) */
    return NULL;
  ptic__append_frame_push(t, f, api, NULL, c->u.key.ctx);
  c->track = 0; /* (c->sync is not read: the frame's EXIT is ptic__cl_exit_append) */
  if (mask & PTIC_BITS(PTIC_DOM_COMPLETED)) {
    c->own_ev = NULL;
    c->app_evp = NULL;
    c->track = f->r.gpu._device_handle != NULL;
    if (evp && c->track) {
      c->app_evp = *evp;
      if (!*evp) *evp = &c->own_ev;
    }
  }
  if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 1u)) ptic__deliver_role_enter(f, PTIC_DOM_APPENDED * 2u);
  return f;
}

static PTIC_ALWAYS_INLINE ptic__frame* ptic__cl_enter(ptic__role role, uint32_t api, void* params, ptic__mask mask) {
  return ptic__cl_enter_checked(role, api, params, mask);
}
/* The general case of every role's ENTER. */
static PTIC_NOINLINE ptic__frame* ptic__cl_enter_checked(ptic__role role, uint32_t api, void* params, ptic__mask mask) {
  if (PTIC_UNLIKELY(api == PTIC_CL_BASE + PTIC_CL_SVM_FREE_INDEX)) ptic__cl_svm_free_hook(api, params);
  if (role == PTIC_ROLE_NONE && !ptic__api_wanted(api, 3u)) return NULL;
  if (ptic__cl_role_idle(role, mask) && !ptic__api_wanted(api, 3u)) return NULL;
  ptic__thread* const t = ptic__call_thread();
  if (PTIC_UNLIKELY(!t)) return NULL;
  void* inst = NULL;
  ptic__frame* const f = ptic__call_enter(t, api, params, &inst);
  f->cur.dom = PTIC_DOM_NONE;
  f->cur.ctx = NULL;
  f->serial = 0;
  const unsigned dom = ptic__cl_role_idle(role, mask) ? PTIC_SCAST(unsigned, PTIC_DOM_NONE) : ptic__cl_role_enter(role, t, f, mask);
  ptic__cl_frame* const c = ptic__cf(f);
  if (role != PTIC_ROLE_APPEND) c->sync = NULL;
  c->ctx_known = 0;
  if (dom != PTIC_DOM_NONE) ptic__frame_record(f, dom, PTI_CB_PHASE_API_ENTER);
  if (mask & PTIC_BITS(PTIC_DOM_DRIVER_API)) {
    const int want = ptic__api_wanted(api, 3u);
    if (want) ptic__cl_api_context(f);
    if (want & 1) ptic__deliver_api_enter(f, f->cur.ctx);
  }
  if (dom != PTIC_DOM_NONE && (mask & PTIC_BIT(dom, 1u))) ptic__deliver_role_enter(f, dom * 2u);
  if (role == PTIC_ROLE_APPEND && c->sync && (mask & PTIC_BIT(PTIC_DOM_HOST_SYNC, 1u)))
    ptic__deliver_role_enter(c->sync, PTIC_DOM_HOST_SYNC * 2u);
  return f;
}

/* EXIT of every role: the role's work, the EXIT records (a blocking command's
   HOST_SYNCHRONIZATION, the role's domain, then DRIVER_API), the frame given back; a
   synchronising call that succeeded then delivers what it proves finished. Returns the call's
   result as the program sees it. */
static PTIC_NOINLINE cl_int ptic__cl_exit_checked(ptic__role role, ptic__frame* f, cl_int r, void* ret);
/* APPEND, EXIT, of a frame the fast ENTER pushed (ptic__cl_enter_fast: APPENDED's record, a
   call that does not block, no HOST_SYNCHRONIZATION frame, no params, so no DRIVER_API record
   whatever the mask says now): APPENDED alone (the delivery ends the call), or with the
   command's completion tracked. */
static PTIC_ALWAYS_INLINE cl_int ptic__cl_exit_append(ptic__frame* f, cl_int r) {
  const ptic__mask mask = ptic__mask_load();
  ptic__cl_frame* const c = ptic__cf(f);
  f->r.gpu._phase = PTI_CB_PHASE_API_EXIT;
  f->r.gpu._return_code = PTIC_SCAST(uint32_t, r);
  f->cur.phase = PTI_CB_PHASE_API_EXIT;
  if (PTIC_LIKELY(!c->track)) {
    if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_APPENDED * 2u + 1u, f->cur.api_id);
    else ptic__call_exit(f->owner, f->cur.api_id);
    return r;
  }
  if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_APPENDED * 2u + 1u, 0);
  ptic__cl_append_track(f, r); /* (pending after its EXIT records) */
  ptic__call_exit(f->owner, f->cur.api_id);
  return r;
}
static PTIC_ALWAYS_INLINE cl_int ptic__cl_exit(ptic__role role, ptic__frame* f, cl_int r, void* ret) {
  return ptic__cl_exit_checked(role, f, r, ret);
}
/* The general case of every role's EXIT. */
static PTIC_NOINLINE cl_int ptic__cl_exit_checked(ptic__role role, ptic__frame* f, cl_int r, void* ret) {
  ptic__thread* const t = f->owner;
  const uint32_t api_id = ptic__fns[f->api].id;
  ptic__mask mask = ptic__mask_load();
  ptic__cl_frame* const c = ptic__cf(f);
  ptic__frame* const s = role == PTIC_ROLE_APPEND ? c->sync : NULL;
  if (s) { /* the blocking command's wait */
    s->r.sync._phase = PTI_CB_PHASE_API_EXIT;
    s->r.sync._return_code = PTIC_SCAST(uint32_t, r);
    s->cur.phase = PTI_CB_PHASE_API_EXIT;
    if (mask & PTIC_BIT(PTIC_DOM_HOST_SYNC, 2u)) ptic__deliver_role_exit(s, PTIC_DOM_HOST_SYNC * 2u + 1u, 0);
    t->depth--;
  }
  r = ptic__cl_role_exit(role, t, f, r, ret, mask);
  mask = ptic__mask_load();
  const unsigned dom = f->cur.dom;
  if (dom != PTIC_DOM_NONE && (mask & PTIC_BIT(dom, 2u))) ptic__deliver_role_exit(f, dom * 2u + 1u, 0);
  if (ptic__api_rec_wanted(mask, f->api, 2u))
    ptic__deliver_api_exit(f, PTIC_SCAST(uint32_t, r), f->cur.ctx ? f->cur.ctx : ptic__cl_api_context(f), 0);
  int sync = 0;
  const void* q = NULL;
  const cl_event* evs = NULL;
  uint32_t nev = 0;
  if (role == PTIC_ROLE_APPEND && dom == PTIC_DOM_APPENDED) {
    if (c->track) ptic__cl_append_track(f, r);
    if (r == CL_SUCCESS && c->blocking && ptic__clv_u(f, PTIC_CLVF_blocking)) {
      sync = 1;
      evs = c->app_evp ? c->app_evp : &c->own_ev;
      nev = c->track ? 1u : 0u;
      if (!(c->lflags & PTIC_CLQ_OOO) && c->track) q = c->queue;
    }
  } else if (role == PTIC_ROLE_HOST_SYNC && r == CL_SUCCESS) {
    sync = 1;
    if (ptic__cl_fdesc(f)->op == PTIC_CLOP_QUEUE) {
      q = ptic__clv_p(f, PTIC_CLVF_queue);
    } else {
      evs = PTIC_CAST(const cl_event*, ptic__clv_p(f, PTIC_CLVF_events));
      nev = evs ? ptic__clv_u(f, PTIC_CLVF_num_events) : 0u;
    }
  }
  cl_event one = NULL;
  if (sync && nev == 1 && !q) one = evs[0]; /* (the frame is given back below) */
  ptic__call_exit(t, api_id);
  if (sync && ptic__cl_sync_rule(t, api_id)) ptic__cl_sync_wait(t, api_id, q, one ? &one : evs, nev);
  return r;
}

/* ---- >>cl-layer ---- */

/* The mask bits that make function i of role `role` do anything: the role's domains,
   HOST_SYNCHRONIZATION for the APPENDs (blocking commands), MEM_FREE's for clEnqueueSVMFree. */
static PTIC_ALWAYS_INLINE ptic__mask ptic__cl_role_mask(ptic__role role, uint32_t i) {
  return ptic__role_mask(role) | (role == PTIC_ROLE_APPEND ? PTIC_BITS(PTIC_DOM_HOST_SYNC) : 0u) |
         (i == PTIC_CL_SVM_FREE_INDEX ? ptic__role_mask(PTIC_ROLE_MEM_FREE) : 0u);
}

/* PTIC_CL_WRAPPER(i, fn, kind, type, role, params, args, addrs, err, queue, kernel, event,
   blocking) makes the layer's function ptic__cl_<fn> of each function of the table (>>cl-gen,
   PTIC_CL_FUNCTIONS): one relaxed load of the mask picks the function it tail-calls (its
   arguments in place): the next layer's with no domain of its role on, else
   ptic__cl_traced_<fn> (one call site: gcc copies the arguments passed on the stack, those of
   calls of more than six arguments, at the second of two), made by PTIC_CL_TRACED_<kind>: the
   role's ENTER, the call, the role's EXIT. Kinds:
   INT returns cl_int (the APPENDs among them try the fast ENTER and EXIT inline, with the
   queue, kernel, event and blocking arguments, before making the array of the arguments'
   addresses; the synchronising calls take no frame when nobody wants their records);
   OBJ returns an object and reports through errcode_ret (the layer passes its own where the
   program passes NULL, so that EXIT records know the result); PTR returns a pointer, VOID
   nothing (their result: 0). */
#define PTIC_CL_LIST(...) __VA_ARGS__
#define PTIC_CL_NO_KERNEL PTIC_CAST(void*, PTIC_SCAST(uintptr_t, 0))
#define PTIC_CL_NO_EVENT PTIC_CAST(cl_event**, PTIC_SCAST(uintptr_t, 0))
#define PTIC_CL_TRACED_INT(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking)  \
  static PTIC_NOINLINE cl_int ptic__cl_traced_##fn params {                                     \
    const ptic__mask mask = ptic__mask_load();                                                  \
    if (PTIC_ROLE_##role == PTIC_ROLE_APPEND) {                                                 \
      ptic__frame* const f = ptic__cl_enter_fast(PTIC_CL_BASE + (i), mask, PTIC_PTR(queue), PTIC_PTR(kernel), event, \
                                                 blocking);                                     \
      if (f) return ptic__cl_exit_append(f, ptic__cl.next.fn args);                             \
    }                                                                                           \
    if (PTIC_ROLE_##role == PTIC_ROLE_HOST_SYNC &&                                              \
        !(mask & (PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_DRIVER_API)))) {           \
      const cl_int r = ptic__cl.next.fn args;                                                   \
      if (r == CL_SUCCESS) {                                                                    \
        void* const argv[] = {PTIC_CL_LIST addrs};                                              \
        ptic__cl_sync_only(PTIC_CL_BASE + (i), argv);                                           \
      }                                                                                         \
      return r;                                                                                 \
    }                                                                                           \
    void* argv[] = {PTIC_CL_LIST addrs};                                                        \
    ptic__frame* const f = ptic__cl_enter(PTIC_ROLE_##role, PTIC_CL_BASE + (i), argv, mask);    \
    if (!f) return ptic__cl.next.fn args;                                                       \
    return ptic__cl_exit(PTIC_ROLE_##role, f, ptic__cl.next.fn args, NULL);                     \
  }
#define PTIC_CL_TRACED_OBJ(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking)  \
  static PTIC_NOINLINE type ptic__cl_traced_##fn params {                                       \
    cl_int own_err = CL_SUCCESS;                                                                \
    if (!err) err = &own_err;                                                                   \
    void* argv[] = {PTIC_CL_LIST addrs};                                                        \
    ptic__frame* const f = ptic__cl_enter(PTIC_ROLE_##role, PTIC_CL_BASE + (i), argv, ptic__mask_load()); \
    type const r = ptic__cl.next.fn args;                                                       \
    if (f) ptic__cl_exit(PTIC_ROLE_##role, f, *err, PTIC_CAST(void*, r));                       \
    return r;                                                                                   \
  }
#define PTIC_CL_TRACED_PTR(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking)  \
  static PTIC_NOINLINE type ptic__cl_traced_##fn params {                                       \
    void* argv[] = {PTIC_CL_LIST addrs};                                                        \
    ptic__frame* const f = ptic__cl_enter(PTIC_ROLE_##role, PTIC_CL_BASE + (i), argv, ptic__mask_load()); \
    type const r = ptic__cl.next.fn args;                                                       \
    if (f) ptic__cl_exit(PTIC_ROLE_##role, f, CL_SUCCESS, PTIC_CAST(void*, r));                 \
    return r;                                                                                   \
  }
#define PTIC_CL_TRACED_VOID(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking) \
  static PTIC_NOINLINE void ptic__cl_traced_##fn params {                                       \
    void* argv[] = {PTIC_CL_LIST addrs};                                                        \
    ptic__frame* const f = ptic__cl_enter(PTIC_ROLE_##role, PTIC_CL_BASE + (i), argv, ptic__mask_load()); \
    ptic__cl.next.fn args;                                                                      \
    if (f) ptic__cl_exit(PTIC_ROLE_##role, f, CL_SUCCESS, NULL);                                \
  }
#define PTIC_CL_RETURN_INT(call) return call
#define PTIC_CL_RETURN_OBJ(call) return call
#define PTIC_CL_RETURN_PTR(call) return call
#define PTIC_CL_RETURN_VOID(call) call
#define PTIC_CL_WRAPPER(i, fn, kind, type, role, params, args, addrs, err, queue, kernel, event, blocking) \
  PTIC_CL_TRACED_##kind(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking)     \
  static type CL_API_CALL ptic__cl_##fn params {                                                \
    type(CL_API_CALL * call) params = ptic__cl.next.fn;                                         \
    if (PTIC_UNLIKELY(ptic__mask_load() & ptic__cl_role_mask(PTIC_ROLE_##role, i))) call = ptic__cl_traced_##fn; \
    PTIC_CL_RETURN_##kind(call args);                                                           \
  }

/* The name the layer gives the loader (clGetLayerInfo CL_LAYER_NAME). */
#define PTIC_CL_LAYER_NAME "pti-callback"

#if defined(__GNUC__)
#define PTIC_CL_EXPORT __attribute__((visibility("default")))
#else
#define PTIC_CL_EXPORT
#endif

/* ptic__backend.install: the layer must be in the loader's chain. When libOpenCL is loaded
   already, it is asked for its platforms (the loader loads its layers on its first call); when
   it is not, the layer is loaded with it later, if the tool is a shared object the loader can
   load. Registry lock held. */
static void ptic__cl_mark_traced(void);
static pti_result ptic__cl_install(void) {
  if (ptic__cl.installed) return PTI_SUCCESS;
  ptic__cl_tables_init();
  void* dl = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (dl && !ptic__atomic_load_u32(&ptic__cl.layered, PTIC_ACQUIRE)) {
    cl_api_clGetPlatformIDs get = NULL;
    void* sym = dlsym(dl, "clGetPlatformIDs");
    memcpy(&get, &sym, sizeof get);
    cl_uint n = 0;
    if (get) get(0, NULL, &n);
  }
  if (dl) dlclose(dl);
  if (ptic__atomic_load_u32(&ptic__cl.layered, PTIC_ACQUIRE) || (!dl && ptic__cl.self_is_lib)) {
    ptic__cl.installed = 1;
    ptic__cl_mark_traced();
    return PTI_SUCCESS;
  }
  if (dl)
    ptic__warn_later(ptic__cl.self_is_lib
                         ? "OpenCL calls are not traced: the OpenCL ICD loader did not load this tool as a "
                           "layer (it started before the tool set OPENCL_LAYERS, or it has no layer support)"
                         : "OpenCL calls are not traced: only a tool built as a shared object (preloaded or "
                           "linked) can be the OpenCL layer the library needs");
  return PTI_ERROR_NOT_IMPLEMENTED;
}

/* The tool names itself in OPENCL_LAYERS before the program's first OpenCL call, when it is a
   shared object (an executable cannot be loaded as a layer). */
#ifndef PTIC_NO_ENV_CONSTRUCTOR
__attribute__((constructor)) static void ptic__cl_env_ctor(void) {
  ptic__dl_info info;
  void* self = NULL;
  memset(&info, 0, sizeof info);
  if (!dladdr(PTIC_CAST(const void*, &ptic__cl), &info) || !info.dli_fname || !info.dli_fname[0]) return;
  if (!realpath(info.dli_fname, ptic__cl.self)) return;
  self = dlopen(ptic__cl.self, RTLD_LAZY | RTLD_NOLOAD);
  if (!self) return; /* the executable itself */
  dlclose(self);
  ptic__cl.self_is_lib = 1;
  const char* v = getenv("OPENCL_LAYERS");
  if (!v || !*v) {
    setenv("OPENCL_LAYERS", ptic__cl.self, 1);
    return;
  }
  const size_t len = strlen(ptic__cl.self);
  for (const char* p = v; (p = strstr(p, ptic__cl.self)) != NULL; p += len)
    if ((p == v || p[-1] == ':') && (p[len] == ':' || p[len] == '\0')) return; /* named already */
  const size_t vl = strlen(v);
  char* both = PTIC_CAST(char*, PTIC_MALLOC(vl + len + 2));
  if (!both) return;
  memcpy(both, v, vl);
  both[vl] = ':';
  memcpy(both + vl + 1, ptic__cl.self, len + 1);
  setenv("OPENCL_LAYERS", both, 1);
  PTIC_FREE(both);
}
#endif

/* The layer's entry points, which the ICD loader finds with dlsym. */
static void ptic__cl_fill_layer(void);
PTIC_CL_EXPORT cl_int CL_API_CALL clGetLayerInfo(cl_layer_info param_name, size_t param_value_size, void* param_value,
                                                 size_t* param_value_size_ret) {
  const cl_layer_api_version version = CL_LAYER_API_VERSION_100;
  const void* v = &version;
  size_t size = sizeof version;
  if (param_name == CL_LAYER_NAME) {
    v = PTIC_CL_LAYER_NAME;
    size = sizeof PTIC_CL_LAYER_NAME;
  } else if (param_name != CL_LAYER_API_VERSION) {
    return CL_INVALID_VALUE;
  }
  if (param_value && param_value_size < size) return CL_INVALID_VALUE;
  if (param_value) memcpy(param_value, v, size);
  if (param_value_size_ret) *param_value_size_ret = size;
  return CL_SUCCESS;
}
/* The next table is kept (the first loader's, should two ask) and the layer's table is a copy
   of it with the wrapped members replaced: a member the next layer lacks stays NULL. */
PTIC_CL_EXPORT cl_int CL_API_CALL clInitLayer(cl_uint num_entries, const cl_icd_dispatch* target_dispatch,
                                              cl_uint* num_entries_ret, const cl_icd_dispatch** layer_dispatch_ret) {
  const cl_uint count = PTIC_SCAST(cl_uint, sizeof(cl_icd_dispatch) / sizeof(void*));
  if (!target_dispatch || !num_entries_ret || !layer_dispatch_ret) return CL_INVALID_VALUE;
  if (!ptic__atomic_load_u32(&ptic__cl.layered, PTIC_ACQUIRE)) {
    memcpy(&ptic__cl.next, target_dispatch, (num_entries < count ? num_entries : count) * sizeof(void*));
    ptic__cl.layer = ptic__cl.next;
    ptic__cl_fill_layer();
    ptic__atomic_store_u32(&ptic__cl.layered, 1, PTIC_RELEASE);
  }
  *num_entries_ret = count;
  *layer_dispatch_ret = &ptic__cl.layer;
  return CL_SUCCESS;
}

/* ---- argument iteration ---- */

/* ptic__backend.iterate_args. */
static void ptic__cl_iterate_args(const ptic_api_data* a, uint32_t i, ptic_arg_function fn, void* user_data) {
  char value[160];
  for (const ptic__cl_arg* g = ptic__cl_args_of(i); g; g = g[1].api == g->api ? g + 1 : NULL) {
    const void* arg = PTIC_CAST(void* const*, a->_params)[g->index];
    uint64_t v = 0;
    const void* p = NULL;
    if (g->kind == PTIC_CLARG_HANDLE || g->kind == PTIC_CLARG_PTR || g->kind == PTIC_CLARG_STR) memcpy(&p, arg, sizeof p);
    else memcpy(&v, arg, g->size < sizeof v ? g->size : sizeof v);
    switch (g->kind) {
      case PTIC_CLARG_STR:
        if (p) snprintf(value, sizeof value, "\"%.96s\"", PTIC_CAST(const char*, p));
        else snprintf(value, sizeof value, "0x0");
        break;
      case PTIC_CLARG_HANDLE:
      case PTIC_CLARG_PTR: snprintf(value, sizeof value, "0x%llx", PTIC_SCAST(unsigned long long, PTIC_CAST(uintptr_t, p))); break;
      case PTIC_CLARG_INT:
        snprintf(value, sizeof value, "%lld", PTIC_SCAST(long long, g->size == 4 ? PTIC_SCAST(int32_t, v) : PTIC_SCAST(int64_t, v)));
        break;
      case PTIC_CLARG_BOOL: snprintf(value, sizeof value, "%s", v ? "CL_TRUE" : "CL_FALSE"); break;
      case PTIC_CLARG_HEX: snprintf(value, sizeof value, "0x%llx", PTIC_SCAST(unsigned long long, v)); break;
      default: snprintf(value, sizeof value, "%llu", PTIC_SCAST(unsigned long long, v)); break;
    }
    fn(g->index, g->name, g->type, value, user_data);
  }
}

/* ---- the backend's table ---- */

static void ptic__cl_describe(uint32_t i, ptic__fn* out) {
  const ptic__cl_desc* d = ptic__cl_api(i);
  out->name = d->name;
  out->id = d->id;
  out->role = d->role;
  out->nargs = d->nargs;
}
static const char* ptic__cl_id_name(uint32_t id) {
  return id >= PTIC_OPENCL_ID_BASE && id < PTIC_OPENCL_ID_BASE + PTIC_OPENCL_ID_COUNT ? ptic__cl_id_name_at(id - PTIC_OPENCL_ID_BASE)
                                                                                      : NULL;
}
static uint32_t ptic__cl_next_id(uint32_t id) {
  if (id < PTIC_OPENCL_ID_BASE) return PTIC_OPENCL_ID_BASE;
  return id + 1 < PTIC_OPENCL_ID_BASE + PTIC_OPENCL_ID_COUNT ? id + 1 : 0;
}
static const char* ptic__cl_op_name(uint32_t i, uint32_t slot) {
  PTIC_UNUSED(slot);
  return ptic__cl_api(i)->name;
}
static void ptic__cl_poll_batches(ptic__thread* t, ptic__stream* s, int lose) {
  PTIC_UNUSED(t);
  PTIC_UNUSED(s);
  PTIC_UNUSED(lose);
}
static uint32_t ptic__cl_forget_batches(ptic__thread* t, ptic__stream* s, uint64_t bit) {
  PTIC_UNUSED(t);
  PTIC_UNUSED(s);
  PTIC_UNUSED(bit);
  return 0;
}
static void ptic__cl_shrink(ptic__thread* t) { PTIC_UNUSED(t); }
static void ptic__cl_fork_child(void) {}
static void ptic__cl_thread_end(ptic__thread* t) { PTIC_UNUSED(t); }

static const ptic__backend ptic__cl_backend = {
    PTI_API_GROUP_OPENCL,
    PTIC_CL_BASE,
    PTIC_OPENCL_API_COUNT,
    ptic__cl_describe,
    ptic__cl_id_name,
    ptic__cl_next_id,
    ptic__cl_install,
    ptic__cl_iterate_args,
    ptic__cl_read_op,
    ptic__cl_collect_op,
    ptic__cl_op_done,
    ptic__cl_poll_batches,
    NULL, /* (an OpenCL event is never reset: it reads finished once it is) */
    ptic__cl_forget_batches,
    ptic__cl_convert,
    ptic__cl_op_name,
    ptic__cl_shrink,
    ptic__cl_fork_child,
    ptic__cl_thread_end,
    /* (indexed by ptic__obj_kind: its queues are no resources of PTIC_DOM_RESOURCE, not replayed) */
    {0, 0, 0, 0, 0, 0, ptic_clCreateContext_id, ptic_clBuildProgram_id, ptic_clCreateKernel_id},
    ptic_clGetEventProfilingInfo_id,
};

/* The core's rule for a synchronising call (ptic__sync_exit), made here where it knows this
   backend's functions (its callers look at ptic__sync_idle first). */
static PTIC_NOINLINE void ptic__cl_sync_exit(ptic__thread* t, uint32_t api_id) {
  ptic__sync_exit(t, api_id, &ptic__cl_backend);
}
#endif /* PTIC_NO_OPENCL */
