/* test_memory.c - the library's memory under a backlog of GPU operations: a bounded number of
   bytes per pending operation at every moment, collection included (completions are collected
   in bounded batches), and the memory given back once the backlog has drained (pools and
   tables shrink). The library's allocations are counted through PTIC_MALLOC / PTIC_FREE; the
   process's resident memory is read from /proc. The bounds are generous against the targets
   (64 bytes per pending operation, RSS back within 1 MiB) so that allocator noise does not
   fail the test; `make bench` prints the measured figures. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Live and peak bytes the library holds: each block carries its size in front. */
static size_t g_live, g_peak, g_allocs;
static void* mem_malloc(size_t n) {
  size_t* p = (size_t*)malloc(n + 16);
  if (!p) return NULL;
  __atomic_add_fetch(&g_allocs, 1, __ATOMIC_RELAXED);
  p[0] = n;
  size_t live = __atomic_add_fetch(&g_live, n, __ATOMIC_RELAXED);
  size_t peak = __atomic_load_n(&g_peak, __ATOMIC_RELAXED);
  while (live > peak && !__atomic_compare_exchange_n(&g_peak, &peak, live, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return (char*)p + 16;
}
static void mem_free(void* q) {
  if (!q) return;
  size_t* p = (size_t*)((char*)q - 16);
  __atomic_sub_fetch(&g_live, p[0], __ATOMIC_RELAXED);
  free(p);
}
#define PTIC_MALLOC(n) mem_malloc(n)
#define PTIC_FREE(p) mem_free(p)
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"
#include "ze_sim.h"

static ze_session S;
static ze_sim_hooks_t SIM;
static ze_kernel_handle_t K0;
static ze_module_handle_t M0;
static uint64_t g_completed;

static void count_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED)
    __atomic_add_fetch(&g_completed, ((const pti_callback_gpu_op_data*)cb_data)->_operation_count,
                       __ATOMIC_RELAXED);
}

static long rss_kib(void) {
  char line[256];
  long kib = -1;
  FILE* f = fopen("/proc/self/status", "r");
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
  fclose(f);
  return kib;
}

/* ASan and TSan keep freed memory (quarantine, shadow): resident memory says nothing there. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#else
#define SANITIZED 0
#endif

/* One backlog: n operations appended on the paused device with the poller off, then one
   synchronisation collects them all. */
static void backlog(uint64_t n, size_t* per_op_pending, size_t* per_op_collect) {
  g_completed = 0;
  SIM.SetPaused(1);
  const size_t live0 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  for (uint64_t i = 0; i < n; i++) ze_launch(S.imm, K0, NULL);
  const size_t pending = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  __atomic_store_n(&g_peak, pending, __ATOMIC_RELAXED);
  SIM.SetPaused(0);
  ze_drain(&S, S.imm); /* the synchronisation that collects them */
  assert_int_equal(pticFlush(10000000000ull), PTI_SUCCESS);
  assert_int_equal(g_completed, n + 1); /* and ze_drain's barrier */
  *per_op_pending = (pending - live0) / n;
  *per_op_collect = (__atomic_load_n(&g_peak, __ATOMIC_RELAXED) - live0) / n;
}

/* A subscriber of COMPLETED, with the poller off (the backlogs' synchronisations collect), and
   its end. */
static pti_callback_subscriber_handle completed_subscriber(void) {
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, count_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS);
  return h;
}
static void completed_subscriber_end(pti_callback_subscriber_handle h) {
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

static void test_backlog_memory(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  size_t pend, coll;
  backlog(20000, &pend, &coll); /* warm-up: the steady state's pool, tables, buffers, the sim's full log */
  const size_t live0 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  const long rss0 = rss_kib();
  const uint64_t n = under_valgrind() ? 20000 : SANITIZED ? 50000 : 200000;
  backlog(n, &pend, &coll);
  const size_t live1 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  const long rss1 = rss_kib();
  printf("  %llu operations: %zu bytes per pending operation, %zu at collection (library); "
         "library memory after the drain %+ld bytes, RSS %+ld KiB\n",
         (unsigned long long)n, pend, coll, (long)live1 - (long)live0, rss1 - rss0);
  assert_true(pend <= 80); /* 48 and 56 measured: the bound only catches a large regression */
  assert_true(coll <= 80);
  assert_true(live1 <= live0 + 256 * 1024);
  if (!under_valgrind() && !SANITIZED) assert_true(rss1 - rss0 <= 4096);
  completed_subscriber_end(h);
}

/* A backlog that makes only the library's event pools grow past what it keeps (more pending
   operations than PTIC_KEEP_POOLS pools of PTIC_POOL_EVENTS events hold, fewer than its
   operation chunks and its ready list keep): once it has drained, the pools and their events go
   back to the driver. */
static void test_backlog_pools_given_back(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  size_t pend, coll;
  backlog(16, &pend, &coll); /* the steady state: one pool */
  const uint64_t objects0 = SIM.LiveObjectCount();
  const uint64_t n = (PTIC_KEEP_POOLS + 4u) * PTIC_POOL_EVENTS; /* 8 pools, one chunk of operations */
  assert_true(n < PTIC_OPS_CHUNK && n > PTIC_COLLECT_BATCH);
  backlog(n, &pend, &coll);
  const uint64_t objects1 = SIM.LiveObjectCount();
  printf("  %llu operations: the driver's live objects %llu before, %llu after the drain\n",
         (unsigned long long)n, (unsigned long long)objects0, (unsigned long long)objects1);
  assert_true(objects1 <= objects0);
  completed_subscriber_end(h);
}

/* The same while a regular list's execution record (which holds one of the library's events
   for its harvest) stays in use: the pools whose events are all free still go back. */
static void test_backlog_pools_given_back_beside_executions(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  size_t pend, coll;
  backlog(16, &pend, &coll);
  ze_kernel_handle_t k[1] = {K0};
  ze_command_list_handle_t list = ze_closed_list(&S, 1, k);
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL)); /* its record stays */
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(10000000000ull), PTI_SUCCESS);
  const uint64_t objects0 = SIM.LiveObjectCount();
  const uint64_t n = (PTIC_KEEP_POOLS + 4u) * PTIC_POOL_EVENTS;
  backlog(n, &pend, &coll);
  const uint64_t objects1 = SIM.LiveObjectCount();
  printf("  %llu operations beside an execution record: the driver's live objects %llu before, %llu after "
         "the drain\n", (unsigned long long)n, (unsigned long long)objects0, (unsigned long long)objects1);
  assert_true(objects1 <= objects0);
  ZE_CHECK(zeCommandListDestroy(list));
  completed_subscriber_end(h);
}

/* Regular lists that hold more of the library's events than its kept pools have (one per
   recorded operation while COMPLETED is on): once the lists are destroyed, those pools go back
   too, while an immediate list's operations keep going. */
enum { REC_LISTS = 10, REC_KERNELS = (PTIC_KEEP_POOLS + 1u) * PTIC_POOL_EVENTS / REC_LISTS + 1u };
/* REC_LISTS regular lists of REC_KERNELS kernels each, made and destroyed, then an idle
   synchronisation (which gives back what grew); returns the driver's live objects while the lists
   lived. */
static uint64_t recorded_lists_come_and_go(void) {
  size_t pend, coll;
  ze_kernel_handle_t k[REC_KERNELS];
  for (unsigned i = 0; i < REC_KERNELS; i++) k[i] = K0;
  ze_command_list_handle_t lists[REC_LISTS];
  for (unsigned i = 0; i < REC_LISTS; i++) lists[i] = ze_closed_list(&S, REC_KERNELS, k);
  const uint64_t objects_held = SIM.LiveObjectCount();
  backlog(16, &pend, &coll); /* (the immediate list's events are of the other set) */
  for (unsigned i = 0; i < REC_LISTS; i++) ZE_CHECK(zeCommandListDestroy(lists[i]));
  backlog(16, &pend, &coll);
  return objects_held;
}

static void test_regular_lists_events_given_back(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  size_t pend, coll;
  backlog(16, &pend, &coll);
  const uint64_t objects0 = SIM.LiveObjectCount();
  const uint64_t objects_held = recorded_lists_come_and_go();
  const uint64_t objects1 = SIM.LiveObjectCount();
  printf("  %u operations recorded on %u regular lists: the driver's live objects %llu before, %llu with the "
         "lists, %llu after\n", (unsigned)(REC_LISTS * REC_KERNELS), (unsigned)REC_LISTS, (unsigned long long)objects0,
         (unsigned long long)objects_held, (unsigned long long)objects1);
  assert_true(objects_held >= objects0 + (PTIC_KEEP_POOLS + 1u) * PTIC_POOL_EVENTS); /* the events were held */
  assert_true(objects1 <= objects0);
  completed_subscriber_end(h);
}

/* The same while a small regular list lives on, recorded before the others: its event keeps one
   pool, and the pools of the destroyed lists' events go back all the same where Level Zero tells
   an event's pool (zeEventGetEventPool, spec 1.9: the newest loader); with loader 1.8 they stay
   until every event of the set is free (checked: the test fails when that changes unsaid). */
static void test_regular_list_pools_given_back_beside_a_live_list(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  size_t pend, coll;
  backlog(16, &pend, &coll);
  ze_kernel_handle_t one[1] = {K0};
  ze_command_list_handle_t small = ze_closed_list(&S, 1, one);
  const uint64_t objects0 = SIM.LiveObjectCount(); /* with the small list, its event and pool */
  const uint64_t objects_held = recorded_lists_come_and_go();
  const uint64_t objects1 = SIM.LiveObjectCount();
  const int pool_queries = dlsym(RTLD_DEFAULT, "zeEventGetEventPool") != NULL;
  printf("  %u operations recorded on %u regular lists beside a live one: the driver's live objects %llu "
         "before, %llu with the lists, %llu after (%s)\n",
         (unsigned)(REC_LISTS * REC_KERNELS), (unsigned)REC_LISTS, (unsigned long long)objects0,
         (unsigned long long)objects_held, (unsigned long long)objects1,
         pool_queries ? "the loader has zeEventGetEventPool" : "the loader has no zeEventGetEventPool");
  assert_true(objects_held >= objects0 + (PTIC_KEEP_POOLS + 1u) * PTIC_POOL_EVENTS);
  if (pool_queries) assert_true(objects1 <= objects0);
  else assert_true(objects1 >= objects0 + (PTIC_KEEP_POOLS + 1u) * PTIC_POOL_EVENTS);
  ZE_CHECK(zeCommandListDestroy(small));
  backlog(16, &pend, &coll);
  completed_subscriber_end(h);
}

/* A backlog that makes only the library's operation chunks grow past what it keeps: more than
   PTIC_KEEP_CHUNKS chunks of pending operations, each signalling an event of the application's
   with kernel timestamps (the library reads those: none of its own events, so its pools do not
   grow). Once it has drained, the chunks go back. */
static void test_backlog_chunks_given_back(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  size_t pend, coll;
  /* the steady state: the buffers of a full round of collection (kept) */
  backlog(PTIC_COLLECT_BATCH + 16u, &pend, &coll);
  backlog(16, &pend, &coll); /* (the pools the one above made grow went back: one again) */
  const uint32_t n = PTIC_KEEP_CHUNKS * PTIC_OPS_CHUNK + 1u;
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, n};
  ze_event_pool_handle_t pool = NULL;
  ZE_CHECK(zeEventPoolCreate(S.context, &pd, 1, &S.device, &pool));
  ze_event_handle_t* ev = (ze_event_handle_t*)calloc(n, sizeof *ev);
  assert_non_null(ev);
  for (uint32_t i = 0; i < n; i++) {
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, i, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    ZE_CHECK(zeEventCreate(pool, &ed, &ev[i]));
  }
  const uint64_t objects0 = SIM.LiveObjectCount();
  const size_t live0 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  g_completed = 0;
  SIM.SetPaused(1);
  for (uint32_t i = 0; i < n; i++) ze_launch(S.imm, K0, ev[i]);
  const size_t live_pending = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  SIM.SetPaused(0);
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(10000000000ull), PTI_SUCCESS);
  assert_int_equal(g_completed, (uint64_t)n + 1u); /* and ze_drain's barrier */
  const uint64_t objects1 = SIM.LiveObjectCount();
  const size_t live1 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  printf("  %u operations: library memory %+ld bytes pending, %+ld after the drain; the driver's live "
         "objects %llu before, %llu after\n",
         n, (long)live_pending - (long)live0, (long)live1 - (long)live0, (unsigned long long)objects0,
         (unsigned long long)objects1);
  assert_true(live_pending >= live0 + (size_t)PTIC_KEEP_CHUNKS * PTIC_OPS_CHUNK * 40u); /* the chunks grew */
  assert_true(objects1 <= objects0); /* (no pool of the library's grew) */
  assert_true(live1 <= live0 + 64u * 1024u);
  for (uint32_t i = 0; i < n; i++) ZE_CHECK(zeEventDestroy(ev[i]));
  ZE_CHECK(zeEventPoolDestroy(pool));
  free(ev);
  completed_subscriber_end(h);
}

/* A backlog that the poller delivers after the application's thread delivered one: the room
   for a round that the poller delivered from goes to the ready list (or back to the allocator),
   so the library keeps no more than after the first backlog. */
static void test_backlog_poller_keeps_no_round(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  size_t pend, coll;
  backlog(PTIC_COLLECT_BATCH + 16u, &pend, &coll); /* the steady state: this thread's round */
  backlog(16, &pend, &coll);
  const size_t live0 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  const uint64_t n = 2u * PTIC_COLLECT_BATCH + 16u;
  g_completed = 0;
  SIM.SetPaused(1);
  for (uint64_t i = 0; i < n; i++) ze_launch(S.imm, K0, NULL);
  SIM.SetPaused(0);
  assert_int_equal(pticSetPollInterval(100), PTI_SUCCESS); /* the poller collects and delivers */
  const struct timespec ms = {0, 1000000};
  for (int i = 0; i < 20000 && __atomic_load_n(&g_completed, __ATOMIC_RELAXED) < n; i++) nanosleep(&ms, NULL);
  assert_int_equal(__atomic_load_n(&g_completed, __ATOMIC_RELAXED), n);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS);
  /* (the poller gives its room back after its round: wait for it, up to 2 s); it may keep room
     for a few records */
  const size_t bound = live0 + PTIC_POLLER_KEEP * sizeof(ptic__done) + 4096u;
  size_t live1 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  for (int i = 0; i < 2000 && live1 > bound; i++) {
    nanosleep(&ms, NULL);
    live1 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  }
  printf("  %llu operations delivered by the poller: library memory %+ld bytes after the drain\n",
         (unsigned long long)n, (long)live1 - (long)live0);
  assert_true(live1 <= bound);
  completed_subscriber_end(h);
}

/* The poller's rounds in steady state allocate nothing: each collects an operation onto the
   ready list and delivers it from the ready list's buffer, which it hands back with the room it
   keeps (once, an allocation and a free per round: the ready list's room for LOST records made
   again after each take). */
static void test_poller_rounds_allocate_nothing(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  assert_int_equal(pticSetPollInterval(100), PTI_SUCCESS);
  const struct timespec wait = {0, 300000};
  uint64_t allocs = 0, done = 0;
  for (int round = 0; round < 2; round++) { /* a warm-up, then the count */
    __atomic_store_n(&g_completed, 0, __ATOMIC_RELAXED); /* (the poller's thread counts too) */
    const uint64_t a0 = __atomic_load_n(&g_allocs, __ATOMIC_RELAXED);
    for (int i = 0; i < 300; i++) {
      ze_launch(S.imm, K0, NULL);
      for (int k = 0; k < 1000 && __atomic_load_n(&g_completed, __ATOMIC_RELAXED) <= (uint64_t)i; k++)
        nanosleep(&wait, NULL); /* (the poller collects and delivers it) */
    }
    allocs = __atomic_load_n(&g_allocs, __ATOMIC_RELAXED) - a0;
    done = __atomic_load_n(&g_completed, __ATOMIC_RELAXED);
  }
  printf("  300 operations completed by the poller's rounds: %llu delivered, %llu library allocations\n",
         (unsigned long long)done, (unsigned long long)allocs);
  assert_int_equal(done, 300);
  assert_int_equal(allocs, 0);
  completed_subscriber_end(h);
}

/* A backlog of executions of a regular list on the paused device (each has an execution record
   of its own: a harvest list, its event and its buffer of timestamps): once it has drained, the
   records past what the library keeps (PTIC_KEEP_EXECS) go back, with their lists, events and
   buffers. */
static void test_backlog_executions_given_back(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = completed_subscriber();
  ze_kernel_handle_t k[1] = {K0};
  ze_command_list_handle_t list = ze_closed_list(&S, 1, k);
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL)); /* the steady state: one record */
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(10000000000ull), PTI_SUCCESS);
  const uint64_t objects0 = SIM.LiveObjectCount();
  const size_t live0 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  const int n = 8 * PTIC_KEEP_EXECS;
  g_completed = 0;
  SIM.SetPaused(1);
  for (int i = 0; i < n; i++) ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
  const uint64_t objects_pending = SIM.LiveObjectCount();
  SIM.SetPaused(0);
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(10000000000ull), PTI_SUCCESS);
  assert_int_equal(g_completed, (uint64_t)n);
  const uint64_t objects1 = SIM.LiveObjectCount();
  const size_t live1 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  printf("  %d executions: the driver's live objects %llu before, %llu pending, %llu after the drain; "
         "library memory %+ld bytes\n",
         n, (unsigned long long)objects0, (unsigned long long)objects_pending, (unsigned long long)objects1,
         (long)live1 - (long)live0);
  /* each new record: a harvest list and a buffer (its event comes from a pool) */
  assert_true(objects_pending >= objects0 + 2u * (uint64_t)(n - 1));
  /* the records kept: their lists and buffers (and an event pool at most) */
  assert_true(objects1 <= objects0 + 2u * PTIC_KEEP_EXECS + 1u);
  assert_true(live1 <= live0 + PTIC_KEEP_EXECS * 1024u);
  ZE_CHECK(zeCommandListDestroy(list));
  completed_subscriber_end(h);
}

/* The sets of delivery lists a publication makes (ptic__set) are given back once no frame
   holds them: subscription churn beside a thread whose frame keeps an old set (it appended
   once, then waits) holds the library's memory steady, and that set goes once the thread
   appends again. */
static int g_holder_go;
static void* set_holder(void* arg) {
  ze_command_list_handle_t list = (ze_command_list_handle_t)arg;
  for (int i = 0; i < 2; i++) ze_launch(list, K0, NULL); /* (the first makes the thread's state) */
  __atomic_store_n(&g_holder_go, 1, __ATOMIC_SEQ_CST);
  while (__atomic_load_n(&g_holder_go, __ATOMIC_SEQ_CST) != 2) sched_yield();
  ze_launch(list, K0, NULL);
  __atomic_store_n(&g_holder_go, 3, __ATOMIC_SEQ_CST);
  while (__atomic_load_n(&g_holder_go, __ATOMIC_SEQ_CST) != 4) sched_yield();
  return NULL;
}
/* How many sets are retired but kept (held ones): all of them, or whether `which` is one. */
static unsigned retired_sets(const ptic__set* which) {
  unsigned n = 0;
  pthread_mutex_lock(&ptic__g.lock);
  for (const ptic__set* x = ptic__g.set_retired; x; x = x->retired_next) n += !which || x == which;
  pthread_mutex_unlock(&ptic__g.lock);
  return n;
}
static void churn(int n) {
  for (int i = 0; i < n; i++) {
    pti_callback_subscriber_handle d;
    assert_int_equal(ptiCallbackSubscribe(&d, count_cb, NULL), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(d, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
    ze_launch(S.imm, K0, NULL);
    assert_int_equal(ptiCallbackUnsubscribe(d), PTI_SUCCESS);
  }
}

static void test_delivery_sets_given_back(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, count_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  ze_command_list_handle_t list = ze_immediate_list(S.context, S.device, 0);
  churn(8); /* (what the first publications allocate once) */
  pthread_t holder;
  g_holder_go = 0;
  assert_int_equal(pthread_create(&holder, NULL, set_holder, list), 0);
  while (__atomic_load_n(&g_holder_go, __ATOMIC_SEQ_CST) != 1) sched_yield();
  const ptic__set* held = (const ptic__set*)ptic__atomic_load_ptr(&ptic__g.set, PTIC_ACQUIRE);
  const size_t live0 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  churn(1000);
  const size_t live1 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  assert_int_equal(retired_sets(held), 1); /* (kept: the thread holds it) */
  __atomic_store_n(&g_holder_go, 2, __ATOMIC_SEQ_CST);
  while (__atomic_load_n(&g_holder_go, __ATOMIC_SEQ_CST) != 3) sched_yield();
  churn(1);
  const size_t live2 = __atomic_load_n(&g_live, __ATOMIC_RELAXED);
  assert_int_equal(retired_sets(held), 0);
  __atomic_store_n(&g_holder_go, 4, __ATOMIC_SEQ_CST);
  assert_int_equal(pthread_join(holder, NULL), 0);
  printf("  1000 subscriptions beside a thread that holds a set: library memory %+ld bytes (%+ld once it "
         "appended again), %u sets kept\n", (long)live1 - (long)live0, (long)live2 - (long)live0, retired_sets(NULL));
  assert_true(live1 <= live0 + 2048u); /* (a set of two subscribers with one domain is under 500 bytes) */
  ze_drain(&S, list);
  ZE_CHECK(zeCommandListDestroy(list));
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  M0 = ze_module_from_text(&S, "kernel k0 0\n");
  K0 = ze_kernel(M0, "k0");
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ZE_CHECK(zeKernelDestroy(K0));
  ZE_CHECK(zeModuleDestroy(M0));
  ze_session_close(&S);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_backlog_memory),
                                     cmocka_unit_test(test_backlog_pools_given_back),
                                     cmocka_unit_test(test_backlog_pools_given_back_beside_executions),
                                     cmocka_unit_test(test_regular_lists_events_given_back),
                                     cmocka_unit_test(test_regular_list_pools_given_back_beside_a_live_list),
                                     cmocka_unit_test(test_backlog_chunks_given_back),
                                     cmocka_unit_test(test_backlog_poller_keeps_no_round),
                                     cmocka_unit_test(test_poller_rounds_allocate_nothing),
                                     cmocka_unit_test(test_backlog_executions_given_back),
                                     cmocka_unit_test(test_delivery_sets_given_back)};
  return cmocka_run_group_tests_name("memory under a backlog", tests, setup, teardown);
}
