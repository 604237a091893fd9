/* test_memdomain.c - PTIC_CB_DOMAIN_MEMORY and the library's map of the application's memory, on
   the simulated device: the records of allocations and frees (what each carries, in which
   order, with which result), frees of memory allocated before the library attached, and the
   names of memory operations from the map (interior pointers, memory freed since, memory the
   library learns of from Level Zero, many threads allocating, freeing and copying at once).
   The map's internals are read where nothing else shows them (a destroyed context's memory). */
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"
#include "ze_sim.h"

static ze_session S;

/* The library's tracer off and on again: what the application does meanwhile, the library does
   not see (as memory allocated before it attached). */
static void ptic_test_tracer_off(void) { ZE_CHECK(ptic__ze.zelTracerSetEnabled(ptic__ze.tracer, 0)); }
static void ptic_test_tracer_on(void) { ZE_CHECK(ptic__ze.zelTracerSetEnabled(ptic__ze.tracer, 1)); }

/* ---- recording MEMORY, DRIVER_API and APPENDED records in order ---- */

typedef struct mrec {
  pti_callback_domain domain;
  uint32_t api_id;
  pti_backend_ctx_t ctx;
  pti_callback_phase phase;
  ptic_memory_data m; /* MEMORY */
  char name[96];      /* APPENDED: the operation's name */
} mrec;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static mrec g_r[16384];
static size_t g_n, g_lost;

static void mcb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                void* cb_data, void* user, void** instance) {
  (void)user;
  (void)instance;
  assert_int_equal(group, PTI_API_GROUP_LEVELZERO);
  mrec x;
  memset(&x, 0, sizeof x);
  x.domain = domain;
  x.api_id = api_id;
  x.ctx = ctx;
  if (domain == PTIC_CB_DOMAIN_MEMORY) {
    x.m = *(const ptic_memory_data*)cb_data;
    x.phase = x.m._phase;
    assert_int_equal(x.m._domain, PTIC_CB_DOMAIN_MEMORY);
  } else if (domain == PTI_CB_DOMAIN_DRIVER_API) {
    x.phase = ((const ptic_api_data*)cb_data)->_phase;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    x.phase = g->_phase;
    if (g->_operation_count && g->_operation_details[0]._name)
      snprintf(x.name, sizeof x.name, "%s", g->_operation_details[0]._name);
  }
  pthread_mutex_lock(&g_lock);
  if (g_n < sizeof g_r / sizeof g_r[0]) g_r[g_n++] = x;
  else g_lost++;
  pthread_mutex_unlock(&g_lock);
}

static void mreset(void) {
  pthread_mutex_lock(&g_lock);
  assert_int_equal(g_lost, 0); /* (the recorder holds every record of a test) */
  g_n = 0;
  pthread_mutex_unlock(&g_lock);
}

/* The MEMORY records of one phase, in order. */
static size_t mselect(pti_callback_phase phase, ptic_memory_data* out, size_t max) {
  size_t k = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++)
    if (g_r[i].domain == PTIC_CB_DOMAIN_MEMORY && g_r[i].phase == phase) {
      if (k < max) out[k] = g_r[i].m;
      k++;
    }
  pthread_mutex_unlock(&g_lock);
  return k;
}

/* The name of the last APPENDED ENTER record. */
static const char* last_name(void) {
  static char name[96];
  name[0] = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = g_n; i-- > 0;)
    if (g_r[i].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && g_r[i].phase == PTI_CB_PHASE_API_ENTER) {
      snprintf(name, sizeof name, "%s", g_r[i].name);
      break;
    }
  pthread_mutex_unlock(&g_lock);
  return name;
}

static pti_callback_subscriber_handle g_sub;

static void subscribe(int memory, int appended, int api) {
  assert_int_equal(ptiCallbackSubscribe(&g_sub, mcb, NULL), PTI_SUCCESS);
  if (memory) assert_int_equal(ptiCallbackEnableDomain(g_sub, PTIC_CB_DOMAIN_MEMORY, 1, 1), PTI_SUCCESS);
  if (appended)
    assert_int_equal(ptiCallbackEnableDomain(g_sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  if (api) assert_int_equal(ptiCallbackEnableDomain(g_sub, PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  mreset();
  return 0;
}

static int teardown(void** state) {
  (void)state;
  if (g_sub) assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  g_sub = NULL;
  ze_session_close(&S);
  mreset();
  return 0;
}

static void* alloc_host(size_t size, size_t align, uint32_t flags) {
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, flags};
  void* p = NULL;
  ZE_CHECK(zeMemAllocHost(S.context, &hd, size, align, &p));
  return p;
}
static void* alloc_device(size_t size, size_t align, uint32_t flags) {
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, flags, 0};
  void* p = NULL;
  ZE_CHECK(zeMemAllocDevice(S.context, &dd, size, align, S.device, &p));
  return p;
}
static void* alloc_shared(size_t size, size_t align, uint32_t dflags, uint32_t hflags) {
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, dflags, 0};
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, hflags};
  void* p = NULL;
  ZE_CHECK(zeMemAllocShared(S.context, &dd, &hd, size, align, S.device, &p));
  return p;
}

static const char* copy_name(void* dst, const void* src) {
  ZE_CHECK(zeCommandListAppendMemoryCopy(S.imm, dst, src, 1, NULL, 0, NULL));
  return last_name();
}

/* The map, each step under the objects lock (released before any assertion). */
static int mapped(uint64_t p, ptic__range* out) {
  ptic__objs_lock();
  const ptic__range* r = ptic__mem_find(PTIC_MEM_ADDRESSABLE, p);
  if (r && out) *out = *r;
  ptic__objs_unlock();
  return r != NULL;
}
static uint64_t map_insert(uint64_t base, uint64_t end) {
  ptic__range r;
  memset(&r, 0, sizeof r);
  r.cls = PTIC_MEMC_DEVICE;
  r.base = base;
  r.end = end;
  ptic__objs_lock();
  const uint64_t serial = ptic__mem_insert(PTIC_MEM_ADDRESSABLE, &r);
  ptic__objs_unlock();
  return serial;
}
static int map_cut(uint64_t lo, uint64_t hi) {
  ptic__objs_lock();
  const int ok = ptic__mem_cut(PTIC_MEM_ADDRESSABLE, lo, hi);
  ptic__objs_unlock();
  return ok;
}
static size_t map_count(void) {
  ptic__objs_lock();
  const size_t n = ptic__mem[PTIC_MEM_ADDRESSABLE].n;
  ptic__objs_unlock();
  return n;
}

/* ---- the records ---- */

/* Every kind of USM: ENTER says what is asked, EXIT adds the address; each free carries what its
   allocation had; correlation ids pair ENTER and EXIT; DRIVER_API's ENTER comes first and its
   EXIT last. */
static void test_alloc_free_records(void** state) {
  (void)state;
  subscribe(1, 0, 1);
  void* h = alloc_host(1000, 128, ZE_HOST_MEM_ALLOC_FLAG_BIAS_CACHED);
  void* d = alloc_device(4096, 0, ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_UNCACHED);
  void* s = alloc_shared(333, 64, ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_CACHED, ZE_HOST_MEM_ALLOC_FLAG_BIAS_WRITE_COMBINED);
  ZE_CHECK(zeMemFree(S.context, d));
  ZE_CHECK(zeMemFree(S.context, h));
  ZE_CHECK(zeMemFree(S.context, s));
  ptic_memory_data en[8], ex[8];
  assert_int_equal(mselect(PTI_CB_PHASE_API_ENTER, en, 8), 6);
  assert_int_equal(mselect(PTI_CB_PHASE_API_EXIT, ex, 8), 6);
  const ptic_memory_kind kinds[3] = {PTIC_MEMORY_HOST, PTIC_MEMORY_DEVICE, PTIC_MEMORY_SHARED};
  const uint64_t sizes[3] = {1000, 4096, 333}, aligns[3] = {128, 0, 64};
  const uint64_t flags[3] = {ZE_HOST_MEM_ALLOC_FLAG_BIAS_CACHED, ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_UNCACHED,
                             ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_CACHED |
                                 (uint64_t)ZE_HOST_MEM_ALLOC_FLAG_BIAS_WRITE_COMBINED << 32};
  void* ptrs[3] = {h, d, s};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(en[i]._operation, PTIC_MEMORY_ALLOCATE);
    assert_int_equal(en[i]._kind, kinds[i]);
    assert_int_equal(en[i]._size, sizes[i]);
    assert_int_equal(en[i]._alignment, aligns[i]);
    assert_int_equal(en[i]._flags, flags[i]);
    assert_int_equal(en[i]._address, 0);
    assert_ptr_equal(en[i]._context_handle, S.context);
    assert_ptr_equal(en[i]._device_handle, i == 0 ? NULL : (void*)S.device);
    assert_int_equal(ex[i]._correlation_id, en[i]._correlation_id);
    assert_int_equal(ex[i]._return_code, ZE_RESULT_SUCCESS);
    assert_int_equal(ex[i]._address, (uint64_t)(uintptr_t)ptrs[i]);
    assert_int_equal(ex[i]._kind, kinds[i]);
  }
  const int order[3] = {1, 0, 2}; /* the frees: d, h, s */
  for (int k = 0; k < 3; k++) {
    const int i = order[k];
    const ptic_memory_data* f = &en[3 + k];
    assert_int_equal(f->_operation, PTIC_MEMORY_FREE);
    assert_int_equal(f->_kind, kinds[i]);
    assert_int_equal(f->_address, (uint64_t)(uintptr_t)ptrs[i]);
    assert_int_equal(f->_size, sizes[i]);
    assert_int_equal(f->_alignment, aligns[i]);
    assert_int_equal(f->_flags, flags[i]);
    assert_ptr_equal(f->_device_handle, i == 0 ? NULL : (void*)S.device);
    assert_int_equal(ex[3 + k]._correlation_id, f->_correlation_id);
    assert_int_equal(ex[3 + k]._return_code, ZE_RESULT_SUCCESS);
  }
  /* the order of one call's records: DRIVER_API ENTER, MEMORY ENTER, MEMORY EXIT, DRIVER_API EXIT */
  pthread_mutex_lock(&g_lock);
  assert_true(g_n >= 4);
  assert_int_equal(g_r[0].domain, PTI_CB_DOMAIN_DRIVER_API);
  assert_int_equal(g_r[0].phase, PTI_CB_PHASE_API_ENTER);
  assert_int_equal(g_r[1].domain, PTIC_CB_DOMAIN_MEMORY);
  assert_int_equal(g_r[2].domain, PTIC_CB_DOMAIN_MEMORY);
  assert_int_equal(g_r[2].phase, PTI_CB_PHASE_API_EXIT);
  assert_int_equal(g_r[3].domain, PTI_CB_DOMAIN_DRIVER_API);
  assert_int_equal(g_r[3].phase, PTI_CB_PHASE_API_EXIT);
  assert_int_equal(g_r[1].api_id, g_r[0].api_id);
  assert_ptr_equal(g_r[1].ctx, S.context);
  pthread_mutex_unlock(&g_lock);
}

/* A failed allocation: EXIT with the driver's result and no address; a failed free keeps the
   allocation known (its later free still carries its size). */
static void test_failures(void** state) {
  (void)state;
  subscribe(1, 0, 0);
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  void* p = NULL;
  assert_int_equal(zeMemAllocDevice(S.context, &dd, 64, 3, S.device, &p), ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
  void* d = alloc_device(512, 0, 0);
  assert_int_not_equal(zeMemFree(S.context, (char*)d + 8), ZE_RESULT_SUCCESS); /* not an allocation's base */
  ZE_CHECK(zeMemFree(S.context, d));
  ptic_memory_data ex[8];
  assert_int_equal(mselect(PTI_CB_PHASE_API_EXIT, ex, 8), 4);
  assert_int_equal(ex[0]._return_code, ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
  assert_int_equal(ex[0]._address, 0);
  assert_int_equal(ex[0]._alignment, 3);
  assert_int_not_equal(ex[2]._return_code, ZE_RESULT_SUCCESS);
  assert_int_equal(ex[2]._kind, 0); /* an interior pointer is nobody's base */
  assert_int_equal(ex[3]._return_code, ZE_RESULT_SUCCESS);
  assert_int_equal(ex[3]._kind, PTIC_MEMORY_DEVICE);
  assert_int_equal(ex[3]._size, 512);
}

/* Memory allocated before anyone subscribed to MEMORY (the tracer saw it) and memory allocated
   while the library was not tracing at all: both frees carry kind and size. */
static void test_free_of_memory_allocated_unseen(void** state) {
  (void)state;
  void* seen = alloc_device(4096, 0, 0); /* the tracer exists (setup): the map has it */
  void* unseen = NULL;
  {
    /* the tracer off for one allocation: only Level Zero can tell the library about it */
    ptic_test_tracer_off();
    unseen = alloc_shared(777, 0, 0, 0);
    ptic_test_tracer_on();
  }
  subscribe(1, 0, 0);
  ZE_CHECK(zeMemFree(S.context, seen));
  ZE_CHECK(zeMemFree(S.context, unseen));
  ptic_memory_data en[4];
  assert_int_equal(mselect(PTI_CB_PHASE_API_ENTER, en, 4), 2);
  assert_int_equal(en[0]._kind, PTIC_MEMORY_DEVICE);
  assert_int_equal(en[0]._size, 4096);
  assert_int_equal(en[1]._kind, PTIC_MEMORY_SHARED);
  assert_int_equal(en[1]._size, 777);
  assert_ptr_equal(en[1]._device_handle, S.device);
}

/* Nobody subscribed to MEMORY: allocations still enter the map (copies are named by it), and
   nothing is delivered. */
static void test_map_without_subscriber(void** state) {
  (void)state;
  subscribe(0, 1, 0);
  void* d = alloc_device(256, 0, 0);
  void* h = alloc_host(256, 0, 0);
  assert_string_equal(copy_name(d, h), "zeCommandListAppendMemoryCopy(H2D)");
  ptic_memory_data en[2];
  assert_int_equal(mselect(PTI_CB_PHASE_API_ENTER, en, 2), 0);
  ze_drain(&S, S.imm);
  ZE_CHECK(zeMemFree(S.context, d));
  ZE_CHECK(zeMemFree(S.context, h));
}

/* ---- names of memory operations ---- */

/* Interior pointers take their allocation's kind; plain memory is M; the same list and function
   with other pointers names them anew (the APPEND fast path keys on the list, not on the
   pointers). */
static void test_copy_names(void** state) {
  (void)state;
  subscribe(0, 1, 0);
  char* h = (char*)alloc_host(4096, 0, 0);
  char* d = (char*)alloc_device(4096, 0, 0);
  char* s = (char*)alloc_shared(4096, 0, 0, 0);
  static char plain[4096];
  for (int round = 0; round < 3; round++) {
    assert_string_equal(copy_name(d + 100, h + 4000), "zeCommandListAppendMemoryCopy(H2D)");
    assert_string_equal(copy_name(h, d + 4095), "zeCommandListAppendMemoryCopy(D2H)");
    assert_string_equal(copy_name(s + 64, plain), "zeCommandListAppendMemoryCopy(M2S)");
    assert_string_equal(copy_name(plain + 8, s), "zeCommandListAppendMemoryCopy(S2M)");
    assert_string_equal(copy_name(d, d + 2048), "zeCommandListAppendMemoryCopy(D2D)");
    assert_string_equal(copy_name(h + 4096 - 64, plain), "zeCommandListAppendMemoryCopy(M2H)");
  }
  const int pattern = 0;
  for (int round = 0; round < 2; round++) {
    ZE_CHECK(zeCommandListAppendMemoryFill(S.imm, d + 8, &pattern, sizeof pattern, 64, NULL, 0, NULL));
    assert_string_equal(last_name(), "zeCommandListAppendMemoryFill(D)");
    ZE_CHECK(zeCommandListAppendMemoryFill(S.imm, plain, &pattern, sizeof pattern, 64, NULL, 0, NULL));
    assert_string_equal(last_name(), "zeCommandListAppendMemoryFill(M)");
    ZE_CHECK(zeCommandListAppendMemoryFill(S.imm, s, &pattern, sizeof pattern, 64, NULL, 0, NULL));
    assert_string_equal(last_name(), "zeCommandListAppendMemoryFill(S)");
  }
  ze_drain(&S, S.imm);
  ZE_CHECK(zeMemFree(S.context, h));
  ZE_CHECK(zeMemFree(S.context, d));
  ZE_CHECK(zeMemFree(S.context, s));
}

/* More allocations than a thread keeps: each still named by its kind; the first byte past an
   allocation is not in it. */
static void test_copy_names_many_allocations(void** state) {
  (void)state;
  subscribe(0, 1, 0);
  enum { N = 64 };
  char* p[N];
  for (int i = 0; i < N; i++) p[i] = (char*)(i % 2 ? alloc_device(256, 0, 0) : alloc_host(256, 0, 0));
  for (int round = 0; round < 2; round++)
    for (int i = 0; i + 1 < N; i++) {
      char want[96];
      snprintf(want, sizeof want, "zeCommandListAppendMemoryCopy(%c2%c)", i % 2 ? 'H' : 'D', i % 2 ? 'D' : 'H');
      assert_string_equal(copy_name(p[i] + 255, p[i + 1] + 17), want);
    }
  ze_drain(&S, S.imm);
  for (int i = 0; i < N; i++) ZE_CHECK(zeMemFree(S.context, p[i]));
}

static void* free_in_thread(void* p) {
  return zeMemFree(S.context, p) == ZE_RESULT_SUCCESS ? NULL : p;
}

/* Memory freed since this thread last named it: named by what Level Zero says now (plain). */
static void test_copy_name_after_free(void** state) {
  (void)state;
  subscribe(0, 1, 0);
  char* d = (char*)alloc_device(4096, 0, 0);
  char* h = (char*)alloc_host(4096, 0, 0);
  assert_string_equal(copy_name(d, h), "zeCommandListAppendMemoryCopy(H2D)");
  assert_string_equal(copy_name(d, h), "zeCommandListAppendMemoryCopy(H2D)");
  ze_drain(&S, S.imm);
  ZE_CHECK(zeMemFree(S.context, d));
  /* the application's error (a freed pointer), on a closed list (the copy never runs): the
     record still names what the pointer is now */
  /* ... also on the same list with the same pointers (an open regular list, never executed:
     the copy never runs) */
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t open_list = NULL;
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &open_list));
  char* d2 = (char*)alloc_device(4096, 0, 0);
  for (int i = 0; i < 3; i++) {
    ZE_CHECK(zeCommandListAppendMemoryCopy(open_list, d2 + 8, h, 1, NULL, 0, NULL));
    assert_string_equal(last_name(), "zeCommandListAppendMemoryCopy(H2D)");
  }
  pthread_t freer; /* (another thread: a call of this one would take the frame's record) */
  assert_int_equal(pthread_create(&freer, NULL, free_in_thread, d2), 0);
  void* failed = d2;
  assert_int_equal(pthread_join(freer, &failed), 0);
  assert_null(failed);
  ZE_CHECK(zeCommandListAppendMemoryCopy(open_list, d2 + 8, h, 1, NULL, 0, NULL));
  assert_string_equal(last_name(), "zeCommandListAppendMemoryCopy(H2M)");
  ZE_CHECK(zeCommandListDestroy(open_list));
  ze_command_list_handle_t closed = ze_closed_list(&S, 0, NULL);
  assert_int_not_equal(zeCommandListAppendMemoryCopy(closed, d, h, 1, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  assert_string_equal(last_name(), "zeCommandListAppendMemoryCopy(H2M)");
  ZE_CHECK(zeCommandListDestroy(closed));
  ZE_CHECK(zeMemFree(S.context, h));
}

/* Memory allocated while the library did not trace: learned from Level Zero at its first use,
   remembered until freed (then forgotten: its free's EXIT). */
static void test_copy_names_learned(void** state) {
  (void)state;
  ptic_test_tracer_off();
  char* d = (char*)alloc_device(4096, 0, 0);
  char* s = (char*)alloc_shared(4096, 0, 0, 0);
  ptic_test_tracer_on();
  subscribe(0, 1, 0);
  for (int round = 0; round < 3; round++) {
    assert_string_equal(copy_name(d + 1000, s + 3000), "zeCommandListAppendMemoryCopy(S2D)");
    assert_string_equal(copy_name(s, d + 4095), "zeCommandListAppendMemoryCopy(D2S)");
  }
  const uint64_t base = (uint64_t)(uintptr_t)d;
  ptic__range r;
  assert_true(mapped(base + 10, &r));
  assert_int_equal(r.base, base);
  assert_int_equal(r.size, 4096);
  ze_drain(&S, S.imm);
  ZE_CHECK(zeMemFree(S.context, d));
  ZE_CHECK(zeMemFree(S.context, s));
  assert_false(mapped(base + 10, NULL));
}

/* A destroyed context takes its memory out of the map. */
static void test_context_destroy_forgets_memory(void** state) {
  (void)state;
  subscribe(1, 0, 0);
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ze_context_handle_t c2 = NULL;
  ZE_CHECK(zeContextCreate(S.driver, &cd, &c2));
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  void* p = NULL;
  ZE_CHECK(zeMemAllocDevice(c2, &dd, 256, 0, S.device, &p));
  void* keep = alloc_device(256, 0, 0);
  assert_true(mapped((uint64_t)(uintptr_t)p, NULL));
  ZE_CHECK(zeMemFree(c2, p)); /* (the sim keeps allocations past their context: freed first) */
  ZE_CHECK(zeMemAllocDevice(c2, &dd, 256, 0, S.device, &p));
  ZE_CHECK(zeContextDestroy(c2));
  assert_false(mapped((uint64_t)(uintptr_t)p, NULL));
  assert_true(mapped((uint64_t)(uintptr_t)keep, NULL));
  ZE_CHECK(zeMemFree(S.context, keep));
}

/* The map's cuts: a range inside, across either end, around, and several at once. */
static void test_map_cuts(void** state) {
  (void)state;
  const size_t n0 = map_count();
  const uint64_t B = 0x7f0000000000ull; /* (no allocation of the process lives there) */
  ptic__range r;
  assert_int_not_equal(map_insert(B, B + 0x1000), 0);
  assert_int_not_equal(map_insert(B + 0x2000, B + 0x3000), 0);
  assert_int_equal(map_count(), n0 + 2);
  assert_true(map_cut(B + 0x400, B + 0x800)); /* around: split */
  assert_int_equal(map_count(), n0 + 3);
  assert_true(mapped(B + 0x3ff, NULL));
  assert_false(mapped(B + 0x400, NULL));
  assert_false(mapped(B + 0x7ff, NULL));
  assert_true(mapped(B + 0x800, NULL));
  assert_true(map_cut(B + 0xc00, B + 0x2400)); /* across both */
  assert_true(mapped(B + 0xbff, NULL));
  assert_false(mapped(B + 0xc00, NULL));
  assert_false(mapped(B + 0x23ff, NULL));
  assert_true(mapped(B + 0x2400, &r));
  assert_int_equal(r.base, B + 0x2400);
  assert_int_not_equal(map_insert(B, B + 0x4000), 0); /* over all of them: they were stale */
  assert_int_equal(map_count(), n0 + 1);
  assert_true(map_cut(B, B + 0x4000));
  assert_int_equal(map_count(), n0);
}

/* Virtual memory: a reservation, a physical object, a mapping; their frees carry what they had;
   the mapping names copies as device memory while it is mapped and not after. */
static void test_virtual_physical_records(void** state) {
  (void)state;
  subscribe(1, 1, 0);
  size_t page = 0;
  ZE_CHECK(zeVirtualMemQueryPageSize(S.context, S.device, 1, &page));
  void* va = NULL;
  ZE_CHECK(zeVirtualMemReserve(S.context, NULL, 2 * page, &va));
  ze_physical_mem_desc_t pd = {ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC, NULL, 0, 2 * page};
  ze_physical_mem_handle_t phys = NULL;
  ZE_CHECK(zePhysicalMemCreate(S.context, S.device, &pd, &phys));
  ZE_CHECK(zeVirtualMemMap(S.context, va, 2 * page, phys, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
  char* h = (char*)alloc_host(4096, 0, 0);
  assert_string_equal(copy_name((char*)va + 100, h), "zeCommandListAppendMemoryCopy(H2D)");
  assert_string_equal(copy_name(h, (char*)va + 2 * page - 1), "zeCommandListAppendMemoryCopy(D2H)");
  ze_drain(&S, S.imm);
  ZE_CHECK(zeVirtualMemUnmap(S.context, va, 2 * page));
  /* unmapped: an open regular list (never executed) names the copy */
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t open_list = NULL;
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &open_list));
  ZE_CHECK(zeCommandListAppendMemoryCopy(open_list, (char*)va + 100, h, 1, NULL, 0, NULL));
  assert_string_equal(last_name(), "zeCommandListAppendMemoryCopy(H2M)");
  ZE_CHECK(zeCommandListDestroy(open_list));
  ZE_CHECK(zeVirtualMemFree(S.context, va, 2 * page));
  ZE_CHECK(zePhysicalMemDestroy(S.context, phys));
  ZE_CHECK(zeMemFree(S.context, h));
  ptic_memory_data en[8], ex[8];
  assert_int_equal(mselect(PTI_CB_PHASE_API_ENTER, en, 8), 8);
  assert_int_equal(mselect(PTI_CB_PHASE_API_EXIT, ex, 8), 8);
  /* reserve */
  assert_int_equal(en[0]._operation, PTIC_MEMORY_ALLOCATE);
  assert_int_equal(en[0]._kind, PTIC_MEMORY_VIRTUAL_RESERVATION);
  assert_int_equal(en[0]._size, 2 * page);
  assert_int_equal(en[0]._address, 0);
  assert_int_equal(ex[0]._address, (uint64_t)(uintptr_t)va);
  /* physical */
  assert_int_equal(en[1]._kind, PTIC_MEMORY_PHYSICAL);
  assert_int_equal(en[1]._size, 2 * page);
  assert_ptr_equal(en[1]._device_handle, S.device);
  assert_null(en[1]._object);
  assert_ptr_equal(ex[1]._object, phys);
  assert_int_equal(ex[1]._address, 0);
  /* map */
  assert_int_equal(en[2]._kind, PTIC_MEMORY_MAPPING);
  assert_int_equal(en[2]._address, (uint64_t)(uintptr_t)va);
  assert_int_equal(en[2]._size, 2 * page);
  assert_int_equal(en[2]._flags, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE);
  assert_ptr_equal(en[2]._object, phys);
  assert_ptr_equal(en[2]._device_handle, S.device);
  /* the host allocation (3), then the frees: unmap, reservation, physical, host (7) */
  assert_int_equal(en[3]._kind, PTIC_MEMORY_HOST);
  assert_int_equal(en[4]._operation, PTIC_MEMORY_FREE);
  assert_int_equal(en[4]._kind, PTIC_MEMORY_MAPPING);
  assert_int_equal(en[4]._address, (uint64_t)(uintptr_t)va);
  assert_int_equal(en[4]._size, 2 * page);
  assert_ptr_equal(en[4]._object, phys);
  assert_ptr_equal(en[4]._device_handle, S.device);
  assert_int_equal(en[4]._flags, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE);
  assert_int_equal(en[5]._kind, PTIC_MEMORY_VIRTUAL_RESERVATION);
  assert_int_equal(en[5]._address, (uint64_t)(uintptr_t)va);
  assert_int_equal(en[5]._size, 2 * page);
  assert_int_equal(en[6]._kind, PTIC_MEMORY_PHYSICAL);
  assert_ptr_equal(en[6]._object, phys);
  assert_int_equal(en[6]._size, 2 * page);
  assert_ptr_equal(en[6]._device_handle, S.device);
  for (int i = 0; i < 8; i++) {
    assert_int_equal(ex[i]._return_code, ZE_RESULT_SUCCESS);
    assert_int_equal(ex[i]._correlation_id, en[i]._correlation_id);
  }
  assert_int_equal(map_count(), 0); /* (nothing of it left in the map) */
}

/* IPC memory opened in this process: its records (size from Level Zero), copies named by the
   exported memory's kind, the close carries what the open had; zeMemFreeExt as zeMemFree. */
static void test_ipc_and_free_ext_records(void** state) {
  (void)state;
  char* d = (char*)alloc_device(8192, 0, 0);
  ze_ipc_mem_handle_t ipc;
  ZE_CHECK(zeMemGetIpcHandle(S.context, d, &ipc));
  subscribe(1, 1, 0);
  void* opened = NULL;
  ZE_CHECK(zeMemOpenIpcHandle(S.context, S.device, ipc, 0, &opened));
  assert_ptr_not_equal(opened, d);
  char* h = (char*)alloc_host(4096, 0, 0);
  assert_string_equal(copy_name(h, (char*)opened + 8000), "zeCommandListAppendMemoryCopy(D2H)");
  ze_drain(&S, S.imm);
  ZE_CHECK(zeMemCloseIpcHandle(S.context, opened));
  ze_memory_free_ext_desc_t fd = {ZE_STRUCTURE_TYPE_MEMORY_FREE_EXT_DESC, NULL, 0};
  ZE_CHECK(zeMemFreeExt(S.context, &fd, h));
  ZE_CHECK(zeMemFree(S.context, d));
  ptic_memory_data en[8], ex[8];
  assert_int_equal(mselect(PTI_CB_PHASE_API_ENTER, en, 8), 5);
  assert_int_equal(mselect(PTI_CB_PHASE_API_EXIT, ex, 8), 5);
  assert_int_equal(en[0]._kind, PTIC_MEMORY_IPC);
  assert_ptr_equal(en[0]._device_handle, S.device);
  assert_int_equal(ex[0]._address, (uint64_t)(uintptr_t)opened);
  assert_int_equal(ex[0]._size, 8192);
  assert_int_equal(en[2]._operation, PTIC_MEMORY_FREE);
  assert_int_equal(en[2]._kind, PTIC_MEMORY_IPC);
  assert_int_equal(en[2]._address, (uint64_t)(uintptr_t)opened);
  assert_int_equal(en[2]._size, 8192);
  assert_int_equal(en[3]._operation, PTIC_MEMORY_FREE); /* zeMemFreeExt */
  assert_int_equal(en[3]._kind, PTIC_MEMORY_HOST);
  assert_int_equal(en[3]._size, 4096);
  assert_int_equal(en[4]._kind, PTIC_MEMORY_DEVICE);
  assert_int_equal(en[4]._size, 8192);
  for (int i = 0; i < 5; i++) assert_int_equal(ex[i]._return_code, ZE_RESULT_SUCCESS);
}

/* ---- threads ---- */

typedef struct worker {
  ze_command_list_handle_t list;
  int id;
  int bad;        /* a call failed */
  char plain[64]; /* the thread's own plain memory */
} worker;

static void* worker_main(void* arg) {
  worker* w = (worker*)arg;
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  for (int i = 0; i < 150; i++) {
    const int dev = (i + w->id) % 2;
    char *a = NULL, *b = NULL;
    int bad = dev ? zeMemAllocDevice(S.context, &dd, 128, 0, S.device, (void**)&a)
                  : zeMemAllocHost(S.context, &hd, 128, 0, (void**)&a);
    bad |= zeMemAllocShared(S.context, &dd, &hd, 128, 0, S.device, (void**)&b);
    bad |= zeCommandListAppendMemoryCopy(w->list, a + 5, b + 7, 8, NULL, 0, NULL);
    bad |= zeCommandListAppendMemoryCopy(w->list, w->plain, a, 8, NULL, 0, NULL);
    bad |= zeMemFree(S.context, a);
    bad |= zeMemFree(S.context, b);
    w->bad |= bad != 0;
  }
  return NULL;
}

/* Threads allocate, copy and free at once: every copy is named by its pointers' kinds (names
   checked in the callback's records, per list). */
static void test_threads(void** state) {
  (void)state;
  subscribe(1, 1, 0);
  enum { T = 4 };
  worker w[T];
  pthread_t th[T];
  for (int i = 0; i < T; i++) {
    ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                  ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
    ZE_CHECK(zeCommandListCreateImmediate(S.context, S.device, &qd, &w[i].list)); /* (copies done when appended) */
    w[i].id = i;
    w[i].bad = 0;
    assert_int_equal(pthread_create(&th[i], NULL, worker_main, &w[i]), 0);
  }
  for (int i = 0; i < T; i++) {
    assert_int_equal(pthread_join(th[i], NULL), 0);
    assert_int_equal(w[i].bad, 0);
  }
  size_t copies = 0, allocs = 0, frees = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    const mrec* x = &g_r[i];
    if (x->domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && x->phase == PTI_CB_PHASE_API_ENTER) {
      copies++;
      const char* n = x->name + strlen("zeCommandListAppendMemoryCopy");
      assert_true(!strcmp(n, "(S2H)") || !strcmp(n, "(S2D)") || !strcmp(n, "(H2M)") || !strcmp(n, "(D2M)"));
    }
    if (x->domain == PTIC_CB_DOMAIN_MEMORY && x->phase == PTI_CB_PHASE_API_EXIT) {
      if (x->m._operation == PTIC_MEMORY_ALLOCATE) allocs++;
      else frees++;
      assert_int_equal(x->m._size, 128);
      assert_int_not_equal(x->m._kind, 0);
    }
  }
  pthread_mutex_unlock(&g_lock);
  assert_int_equal(allocs, frees);
  assert_true(copies > 0 && allocs > 0);
  for (int i = 0; i < T; i++) ZE_CHECK(zeCommandListDestroy(w[i].list));
}

/* ---- names ---- */

static void test_domain_name(void** state) {
  (void)state;
  assert_string_equal(ptiCallbackDomainTypeToString(PTIC_CB_DOMAIN_MEMORY), "PTIC_CB_DOMAIN_MEMORY");
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, mcb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTIC_CB_DOMAIN_MEMORY, 1, 0), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_alloc_free_records, setup, teardown),
      cmocka_unit_test_setup_teardown(test_failures, setup, teardown),
      cmocka_unit_test_setup_teardown(test_free_of_memory_allocated_unseen, setup, teardown),
      cmocka_unit_test_setup_teardown(test_map_without_subscriber, setup, teardown),
      cmocka_unit_test_setup_teardown(test_copy_names, setup, teardown),
      cmocka_unit_test_setup_teardown(test_copy_names_many_allocations, setup, teardown),
      cmocka_unit_test_setup_teardown(test_copy_name_after_free, setup, teardown),
      cmocka_unit_test_setup_teardown(test_copy_names_learned, setup, teardown),
      cmocka_unit_test_setup_teardown(test_context_destroy_forgets_memory, setup, teardown),
      cmocka_unit_test_setup_teardown(test_map_cuts, setup, teardown),
      cmocka_unit_test_setup_teardown(test_virtual_physical_records, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ipc_and_free_ext_records, setup, teardown),
      cmocka_unit_test_setup_teardown(test_threads, setup, teardown),
      cmocka_unit_test_setup_teardown(test_domain_name, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
