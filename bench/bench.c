/* bench.c - what tracing costs per Level Zero call, on the simulated device (issue 6).

   Three operations run in loops on an immediate command list:
     append   zeCommandListAppendLaunchKernel of a 0 ns kernel, in batches of 64 on the paused
              device, each batch followed by a synchronization that is not measured
     setarg   zeKernelSetArgumentValue (a cheap call)
     cycle    append with a signal event, zeEventHostSynchronize, zeEventHostReset (3 calls)

   Each configuration needs its own process (the loader reads ZE_ENABLE_TRACING_LAYER once), so
   this file builds twice: without the library (BENCH_NO_PTIC; modes A, B, F, FC) and with it (modes
   L0..L5), where PTIC_MALLOC/PTIC_FREE count the library's allocations. bench/run.sh runs every
   mode under callgrind, counting only inside bench_measure_* and outside uncounted_*,
   and natively for the time; then it prints the table.

   usage: bench MODE [-n N] [-c N] [-r R] [-w] [-t T] [-R SMALL,BIG] [-B N]
     MODE  A   loader, no tracing layer (run with ZE_ENABLE_TRACING_LAYER=0)
           B   tracing layer, no tracer
           F   tracing layer, one zelTracer with empty prologues and epilogues for everything
           FC  F plus the Level Zero calls of completion tracking (fc_*): a lower bound for L3
           L0  library linked, no subscriber
           L1  one subscriber, DRIVER_KERNEL_CREATED on (does not fire on these calls)
           L2  one subscriber, DRIVER_GPU_OPERATION_APPENDED on, empty callback
           L3  L2 plus DRIVER_GPU_OPERATION_COMPLETED
           L3IO  L3 on in-order lists whose cycle event is counter-based (spec 1.8 pool
               extension) and re-armed without zeEventHostReset: SYCL's and PyTorch's path
           L3T  L3 with a callback that reads every COMPLETED operation's times
               (pticGetOperationInfo), as a profiler does
           L4  one subscriber, DRIVER_API on (all functions), empty callback
           L5  four subscribers, APPENDED on
     -n N  append and setarg iterations (default 20000)
     -c N  cycles (default: N)
     -r R  timed repetitions of each loop; the median is printed (default 1)
     -w    cycles wait until the device is idle (uncounted_wait) before
           zeEventHostSynchronize: for callgrind
     -t T  instead of the loops: T threads (1 or 2), each with its own immediate list, run cycles
     -R SMALL,BIG  instead of the loops: peak RSS after SMALL and after BIG cycles
     -B N  instead of the loops (L modes): N appends on the paused device, then one
           synchronisation; the library's bytes per pending operation, their peak while the
           backlog is collected, and library memory and RSS after it drained (run it with
           PTIC_POLL_INTERVAL_US=0 so that the synchronisation collects everything)
   Environment: BENCH_LISTS=N, `append` goes to N immediate lists in turn (default 1);
   BENCH_APPEND=kernel|copy|fill|barrier, what `append` and `cycle` append (default kernel; copy:
   64 bytes from host to device USM, fill: 64 bytes of device USM; FC's floor follows it, FM's
   and FG's know the kernel only).
   Prints key=value lines for run.sh. A configuration that cannot be enabled because the
   library does not implement a domain yet prints "na=<reason>" and exits 0. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__GLIBC__)
#include <malloc.h> /* malloc_trim: backlog */
#endif

#include <level_zero/layers/zel_tracing_api.h>
#include <level_zero/ze_api.h>

#include "ze_sim.h"

/* A real function under its own name, which callgrind's --toggle-collect can find. */
#if defined(__clang__)
#define BENCH_NAMED __attribute__((noinline))
#else
#define BENCH_NAMED __attribute__((noinline, noipa))
#endif

/* ---- counting the library's allocations ---- */

#ifndef BENCH_NO_PTIC
static uint64_t bench_mallocs, bench_frees;
static size_t bench_live, bench_peak; /* the library's bytes (each block carries its size) */
static void* bench_malloc(size_t n) {
  __atomic_add_fetch(&bench_mallocs, 1, __ATOMIC_RELAXED);
  size_t* p = (size_t*)malloc(n + 16);
  if (!p) return NULL;
  p[0] = n;
  size_t live = __atomic_add_fetch(&bench_live, n, __ATOMIC_RELAXED);
  size_t peak = __atomic_load_n(&bench_peak, __ATOMIC_RELAXED);
  while (live > peak &&
         !__atomic_compare_exchange_n(&bench_peak, &peak, live, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return (char*)p + 16;
}
static void bench_free(void* q) {
  if (!q) return;
  __atomic_add_fetch(&bench_frees, 1, __ATOMIC_RELAXED);
  size_t* p = (size_t*)((char*)q - 16);
  __atomic_sub_fetch(&bench_live, p[0], __ATOMIC_RELAXED);
  free(p);
}
#define PTIC_MALLOC(n) bench_malloc(n)
#define PTIC_FREE(p) bench_free(p)
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"
#define BENCH_ALLOCS() (__atomic_load_n(&bench_mallocs, __ATOMIC_RELAXED) + \
                        __atomic_load_n(&bench_frees, __ATOMIC_RELAXED))
#else
#include "pti_callback.h" /* (FM's records: the types only) */
#define BENCH_ALLOCS() 0u
#endif

static void die(const char* what, int code) {
  fprintf(stderr, "bench: %s failed (%d, 0x%x)\n", what, code, (unsigned)code);
  exit(1);
}
#define ZE(call)                                  \
  do {                                            \
    ze_result_t r_ = (call);                      \
    if (r_ != ZE_RESULT_SUCCESS) die(#call, r_);  \
  } while (0)

/* ---- the Level Zero session ---- */

#define BENCH_MAX_LISTS 64u
typedef struct bench_lane { /* what one thread appends to */
  ze_command_list_handle_t imm;
  ze_event_handle_t ev;
} bench_lane;

typedef struct bench_session {
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t context;
  ze_module_handle_t module;
  ze_kernel_handle_t kernel;
  ze_event_pool_handle_t pool;
  ze_event_pool_handle_t drain_pool; /* a regular host-visible event: the drain resets it */
  ze_event_handle_t drain_ev;
  bench_lane lane[2];
  ze_command_list_handle_t lists[BENCH_MAX_LISTS]; /* append's lists in turn (BENCH_LISTS, 1) */
  uint32_t nlists;
  int append_op;       /* BENCH_APPEND: 0 kernel, 1 copy, 2 fill, 3 barrier */
  void *host, *dev;    /* USM for copies and fills */
  ze_sim_hooks_t sim;
} bench_session;

static bench_session S;

/* L3IO: in-order lists and a counter-based event pool (spec 1.7/1.8 names by value: this file
   also builds against spec 1.4 headers). */
static int in_order_mode;
typedef struct counter_pool_desc {
  uint32_t stype; /* ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC */
  const void* pNext;
  uint32_t flags; /* ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE */
} counter_pool_desc;
static const counter_pool_desc counter_pool = {0x00020014u, NULL, 0x1u};

static void session_open(void) {
  static const char text[] = "kernel k 0\n";
  uint32_t n = 1;
  ZE(zeInit(0));
  ZE(zeDriverGet(&n, &S.driver));
  n = 1;
  ZE(zeDeviceGet(S.driver, &n, &S.device));
  if (ze_sim_hooks_load(&S.sim) != 0) die("ze_sim_hooks_load (is ZE_ENABLE_ALT_DRIVERS set?)", -1);
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ZE(zeContextCreate(S.driver, &cd, &S.context));
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof text - 1,
                         (const uint8_t*)text, NULL, NULL};
  ZE(zeModuleCreate(S.context, S.device, &md, &S.module, NULL));
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "k"};
  ZE(zeKernelCreate(S.module, &kd, &S.kernel));
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, in_order_mode ? &counter_pool : NULL,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 3};
  ZE(zeEventPoolCreate(S.context, &pd, 1, &S.device, &S.pool));
  /* (ordinal, index, flags: ZE_COMMAND_QUEUE_FLAG_IN_ORDER is 0x2) */
  const ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, in_order_mode ? 0x2u : 0u,
                                      ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  for (uint32_t i = 0; i < 2; i++) {
    ZE(zeCommandListCreateImmediate(S.context, S.device, &qd, &S.lane[i].imm));
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, i, ZE_EVENT_SCOPE_FLAG_HOST,
                          ZE_EVENT_SCOPE_FLAG_HOST};
    ZE(zeEventCreate(S.pool, &ed, &S.lane[i].ev));
  }
  /* BENCH_LISTS=N: `append` appends to lane 0's list and N-1 more in turn */
  const char* nl = getenv("BENCH_LISTS");
  S.nlists = 1;
  if (nl && *nl) {
    char* end = NULL;
    const unsigned long v = strtoul(nl, &end, 10);
    if (*end || v < 1 || v > BENCH_MAX_LISTS) die("BENCH_LISTS (a whole number from 1 to 64)", -1);
    S.nlists = (uint32_t)v;
  }
  S.lists[0] = S.lane[0].imm;
  for (uint32_t i = 1; i < S.nlists; i++) ZE(zeCommandListCreateImmediate(S.context, S.device, &qd, &S.lists[i]));
  const char* ap = getenv("BENCH_APPEND");
  if (ap && *ap) {
    static const char* const ops[] = {"kernel", "copy", "fill", "barrier"};
    S.append_op = -1;
    for (int i = 0; i < 4; i++)
      if (!strcmp(ap, ops[i])) S.append_op = i;
    if (S.append_op < 0) die("BENCH_APPEND (kernel, copy, fill or barrier)", -1);
  }
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  ZE(zeMemAllocHost(S.context, &hd, 4096, 0, &S.host));
  ZE(zeMemAllocDevice(S.context, &dd, 4096, 0, S.device, &S.dev));
  ze_event_pool_desc_t dpd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
  ZE(zeEventPoolCreate(S.context, &dpd, 1, &S.device, &S.drain_pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ZE(zeEventCreate(S.drain_pool, &ed, &S.drain_ev));
}

#ifdef BENCH_NO_PTIC
static void bench_tracer_close(void);
#endif

static void session_close(void) {
#ifdef BENCH_NO_PTIC
  bench_tracer_close();
#endif
  for (uint32_t i = 0; i < 2; i++) {
    ZE(zeEventDestroy(S.lane[i].ev));
    ZE(zeCommandListDestroy(S.lane[i].imm));
  }
  for (uint32_t i = 1; i < S.nlists; i++) ZE(zeCommandListDestroy(S.lists[i]));
  ZE(zeMemFree(S.context, S.host));
  ZE(zeMemFree(S.context, S.dev));
  ZE(zeEventDestroy(S.drain_ev));
  ZE(zeEventPoolDestroy(S.pool));
  ZE(zeEventPoolDestroy(S.drain_pool));
  ZE(zeKernelDestroy(S.kernel));
  ZE(zeModuleDestroy(S.module));
  ZE(zeContextDestroy(S.context));
}

/* ---- the loops ---- */

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Appends run in batches on the paused device (so that the device's worker thread does not
   compete with them); after each batch the device runs it and the list is synchronized, as an
   application does from time to time: the library can then retire what it tracks per pending
   operation, and a batch starts from the same state every time. Only the batches are timed. */
#define BENCH_BATCH 64u
static uint64_t batch_t0, batch_ns;

static void run_append(uint64_t n) {
  const ze_group_count_t g = {1, 1, 1};
  static const uint32_t pattern = 0;
  for (uint64_t i = 0; i < n; i++) {
    ze_command_list_handle_t l = S.lists[i % S.nlists];
    switch (S.append_op) {
      case 0: ZE(zeCommandListAppendLaunchKernel(l, S.kernel, &g, NULL, 0, NULL)); break;
      case 1: ZE(zeCommandListAppendMemoryCopy(l, (char*)S.dev + 64, (char*)S.host + 128, 64, NULL, 0, NULL)); break;
      case 2: ZE(zeCommandListAppendMemoryFill(l, (char*)S.dev + 256, &pattern, sizeof pattern, 64, NULL, 0, NULL)); break;
      default: ZE(zeCommandListAppendBarrier(l, NULL, 0, NULL)); break;
    }
  }
}

static void run_setarg(uint64_t n) {
  for (uint64_t i = 0; i < n; i++) {
    uint32_t v = (uint32_t)i;
    ZE(zeKernelSetArgumentValue(S.kernel, 0, sizeof v, &v));
  }
}

/* Callgrind does not count what runs inside uncounted_* (--toggle-collect turns counting
   off on entry and back on at return). */
BENCH_NAMED void uncounted_drain(void) {
  batch_ns += now_ns() - batch_t0;
  S.sim.SetPaused(0);
  for (uint32_t i = 0; i < S.nlists; i++) {
    ZE(zeCommandListAppendBarrier(S.lists[i], S.drain_ev, 0, NULL));
    ZE(zeEventHostSynchronize(S.drain_ev, UINT64_MAX));
    ZE(zeEventHostReset(S.drain_ev));
  }
  S.sim.SetPaused(1);
  batch_t0 = now_ns();
}

/* -w: cycles wait until the device is idle before zeEventHostSynchronize, which then always
   finds its event signalled: how often a blocked wait wakes up depends on thread scheduling
   and would make the instruction count vary from run to run. */
static int wait_idle_first;
BENCH_NAMED void uncounted_wait(void) { ZE(S.sim.WaitIdle(UINT64_MAX)); }

static void run_append_batches(uint64_t n) {
  S.sim.SetPaused(1);
  batch_t0 = now_ns();
  for (uint64_t done = 0; done < n; done += BENCH_BATCH) {
    run_append(n - done < BENCH_BATCH ? n - done : BENCH_BATCH);
    uncounted_drain();
  }
  S.sim.SetPaused(0);
}

static void run_cycle_on(const bench_lane* l, uint64_t n) {
  const ze_group_count_t g = {1, 1, 1};
  static const uint32_t pattern = 0;
  for (uint64_t i = 0; i < n; i++) {
    switch (S.append_op) { /* (BENCH_APPEND: the per-kind cycles of make bench) */
      case 0: ZE(zeCommandListAppendLaunchKernel(l->imm, S.kernel, &g, l->ev, 0, NULL)); break;
      case 1: ZE(zeCommandListAppendMemoryCopy(l->imm, (char*)S.dev + 64, (char*)S.host + 128, 64, l->ev, 0, NULL)); break;
      case 2: ZE(zeCommandListAppendMemoryFill(l->imm, (char*)S.dev + 256, &pattern, sizeof pattern, 64, l->ev, 0, NULL)); break;
      default: ZE(zeCommandListAppendBarrier(l->imm, l->ev, 0, NULL)); break;
    }
    if (wait_idle_first) uncounted_wait();
    ZE(zeEventHostSynchronize(l->ev, UINT64_MAX));
    if (!in_order_mode) ZE(zeEventHostReset(l->ev)); /* counter-based: the next append re-arms it */
  }
}

static void run_cycle(uint64_t n) { run_cycle_on(&S.lane[0], n); }

/* What callgrind counts (--toggle-collect=bench_measure_*). */
BENCH_NAMED void bench_measure_append(uint64_t n) { run_append_batches(n); }
BENCH_NAMED void bench_measure_setarg(uint64_t n) { run_setarg(n); }
BENCH_NAMED void bench_measure_cycle(uint64_t n) { run_cycle(n); }

static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

static double median(double* v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Runs `run` once to warm up, then `measured` `reps` times; prints the median time per
   iteration and the library's allocations per Level Zero call (`calls` per iteration).
   `batched`: the time is what the append batches took. */
static void measure(const char* op, void (*run)(uint64_t), void (*measured)(uint64_t), uint64_t n,
                    int reps, int batched, unsigned calls) {
  double ns[64];
  uint64_t allocs = 0;
  run(n / 10 + 1);
  for (int r = 0; r < reps; r++) {
    batch_ns = 0;
    uint64_t a0 = BENCH_ALLOCS(), t0 = now_ns();
    measured(n);
    uint64_t t1 = now_ns(), a1 = BENCH_ALLOCS();
    ns[r] = (double)(batched ? batch_ns : t1 - t0) / (double)n;
    allocs += a1 - a0;
  }
  printf("op=%s n=%llu ns=%.1f allocs_per_call=%.4f\n", op, (unsigned long long)n, median(ns, reps),
         (double)allocs / ((double)n * reps * calls));
}

/* ---- threads: cycles on T lanes at once ---- */

typedef struct bench_thread {
  pthread_t th;
  const bench_lane* lane;
  uint64_t n;
  pthread_barrier_t* go;
  uint64_t t0, t1;
} bench_thread;

static void* thread_main(void* p) {
  bench_thread* b = (bench_thread*)p;
  run_cycle_on(b->lane, b->n / 10 + 1); /* warm-up: per-thread state of loader and library */
  pthread_barrier_wait(b->go);
  b->t0 = now_ns();
  run_cycle_on(b->lane, b->n);
  b->t1 = now_ns();
  return NULL;
}

static void threads(int nthreads, uint64_t n, int reps) {
  double cps[64];
  for (int r = 0; r < reps; r++) {
    bench_thread b[2];
    pthread_barrier_t go;
    pthread_barrier_init(&go, NULL, (unsigned)nthreads);
    for (int i = 0; i < nthreads; i++) {
      b[i].lane = &S.lane[i];
      b[i].n = n;
      b[i].go = &go;
      if (pthread_create(&b[i].th, NULL, thread_main, &b[i]) != 0) die("pthread_create", -1);
    }
    uint64_t t0 = UINT64_MAX, t1 = 0;
    for (int i = 0; i < nthreads; i++) {
      pthread_join(b[i].th, NULL);
      if (b[i].t0 < t0) t0 = b[i].t0;
      if (b[i].t1 > t1) t1 = b[i].t1;
    }
    pthread_barrier_destroy(&go);
    cps[r] = (double)n * nthreads * 1e9 / (double)(t1 - t0);
  }
  printf("threads=%d n=%llu cycles_per_s=%.0f\n", nthreads, (unsigned long long)n, median(cps, reps));
}

/* ---- peak RSS over many cycles ---- */

static long vm_hwm_kib(void) {
  char line[256];
  long kib = -1;
  FILE* f = fopen("/proc/self/status", "r");
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "VmHWM: %ld kB", &kib) == 1) break;
  fclose(f);
  return kib;
}

static void rss(uint64_t small, uint64_t big) {
  uint64_t a0 = BENCH_ALLOCS();
  run_cycle(small);
  long k0 = vm_hwm_kib();
  uint64_t t0 = now_ns();
  run_cycle(big - small);
  double s = (double)(now_ns() - t0) / 1e9;
  long k1 = vm_hwm_kib();
  printf("rss_small=%llu rss_small_kib=%ld rss_big=%llu rss_big_kib=%ld rss_seconds=%.1f "
         "rss_allocs=%llu\n",
         (unsigned long long)small, k0, (unsigned long long)big, k1, s,
         (unsigned long long)(BENCH_ALLOCS() - a0));
}

/* ---- memory under a backlog ---- */

#ifndef BENCH_NO_PTIC
static long vm_rss_kib(void) {
  char line[256];
  long kib = -1;
  FILE* f = fopen("/proc/self/status", "r");
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
  fclose(f);
  return kib;
}

static void backlog_once(uint64_t n) {
  ze_group_count_t g = {1, 1, 1};
  S.sim.SetPaused(1);
  for (uint64_t i = 0; i < n; i++) ZE(zeCommandListAppendLaunchKernel(S.lane[0].imm, S.kernel, &g, NULL, 0, NULL));
  S.sim.SetPaused(0);
  ZE(zeCommandListAppendBarrier(S.lane[0].imm, S.drain_ev, 0, NULL));
  ZE(zeEventHostSynchronize(S.drain_ev, UINT64_MAX));
  ZE(zeEventHostReset(S.drain_ev));
}

static void backlog(uint64_t n) {
  backlog_once(n / 10 + 20000); /* warm-up: steady-state pools and buffers, the sim's full log */
#if defined(__GLIBC__)
  /* Both modes from a heap with no free memory resident: the library gives back what the
     warm-up freed (L3: malloc_trim once the backlog drained), L2 has nobody to, and its backlog
     would grow into the warm-up's resident free memory (the driver's command records, some 20
     MB) without growing RSS: L3 less L2 would charge the library about 40 bytes per operation
     of memory it released. */
  malloc_trim(0);
#endif
  const size_t live0 = __atomic_load_n(&bench_live, __ATOMIC_RELAXED);
  const long rss0 = vm_rss_kib();
  ze_group_count_t g = {1, 1, 1};
  S.sim.SetPaused(1);
  for (uint64_t i = 0; i < n; i++) ZE(zeCommandListAppendLaunchKernel(S.lane[0].imm, S.kernel, &g, NULL, 0, NULL));
  const size_t pending = __atomic_load_n(&bench_live, __ATOMIC_RELAXED);
  __atomic_store_n(&bench_peak, pending, __ATOMIC_RELAXED);
  const long rss_pending = vm_rss_kib();
  S.sim.SetPaused(0);
  ZE(zeCommandListAppendBarrier(S.lane[0].imm, S.drain_ev, 0, NULL));
  ZE(zeEventHostSynchronize(S.drain_ev, UINT64_MAX));
  ZE(zeEventHostReset(S.drain_ev));
  const size_t peak = __atomic_load_n(&bench_peak, __ATOMIC_RELAXED);
  const size_t live1 = __atomic_load_n(&bench_live, __ATOMIC_RELAXED);
  printf("backlog=%llu pending_bytes_per_op=%.1f collect_bytes_per_op=%.1f after_bytes=%ld "
         "rss_pending_kib=%ld rss_after_kib=%ld\n",
         (unsigned long long)n, (double)(pending - live0) / (double)n, (double)(peak - live0) / (double)n,
         (long)live1 - (long)live0, rss_pending - rss0, vm_rss_kib() - rss0);
}
#endif

/* ---- configurations ---- */

#ifdef BENCH_NO_PTIC
static void ZE_APICALL empty_tracer_cb(void* params, ze_result_t result, void* user, void** inst) {
  (void)params;
  (void)result;
  (void)user;
  (void)inst;
}

typedef void(ZE_APICALL* bench_tracer_fn)(void*, ze_result_t, void*, void**);
_Static_assert(sizeof(zel_core_callbacks_t) % sizeof(bench_tracer_fn) == 0,
               "zel_core_callbacks_t is an array of function pointers");

/* FC: F plus the Level Zero calls that reporting a kernel's completion with its device
   timestamps takes per operation when the application's event (if any) has no kernel
   timestamps: substitute an event of the tool's (host-visible, kernel timestamps), chain the
   application's event behind it with a barrier, read the timestamps once synchronized, reset the
   event for reuse. Nothing else (one thread, one FIFO, no delivery): a lower bound for L3, not a
   usable tool. */
#define FC_EVENTS 256u
static struct {
  ze_event_pool_handle_t pool;
  ze_event_handle_t free_ev[FC_EVENTS], fifo[FC_EVENTS];
  unsigned nfree, head, tail;
  uint64_t ticks; /* kernel ticks read, so that the reads have a use */
} fc;

static void fc_open(void) {
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, FC_EVENTS};
  ZE(zeEventPoolCreate(S.context, &pd, 1, &S.device, &fc.pool));
  for (uint32_t i = 0; i < FC_EVENTS; i++) {
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, i, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    ZE(zeEventCreate(fc.pool, &ed, &fc.free_ev[fc.nfree++]));
  }
}

static zel_tracer_handle_t bench_tracer; /* F, FC */
static void fg_close(void);

/* F, FC: the tracer and the FC events, at the end of the session */
static void bench_tracer_close(void) {
  if (bench_tracer) { /* one thread, no call in flight: safe to take down (valgrind's leak check) */
    ZE(zelTracerSetEnabled(bench_tracer, 0));
    ZE(zelTracerDestroy(bench_tracer));
    bench_tracer = NULL;
  }
  fg_close();
  if (!fc.pool) return;
  for (unsigned i = 0; i < fc.nfree; i++) ZE(zeEventDestroy(fc.free_ev[i]));
  ZE(zeEventPoolDestroy(fc.pool));
}

/* FC's prologue and epilogue of an append, whatever its kind: the signal event swapped for one of
   FC's, then the application's chained behind it. */
static void fc_swap(ze_event_handle_t* signal, void** inst) {
  if (!fc.pool) fc_open(); /* in the warm-up loop */
  *inst = *signal;
  if (!fc.nfree) die("fc: more than 256 operations pending", -1);
  *signal = fc.free_ev[--fc.nfree];
}
static void fc_chain(ze_command_list_handle_t list, ze_event_handle_t own, void* inst, ze_result_t r) {
  ze_event_handle_t app = (ze_event_handle_t)inst;
  if (r != ZE_RESULT_SUCCESS) {
    fc.free_ev[fc.nfree++] = own;
    return;
  }
  if (app) ZE(zeCommandListAppendBarrier(list, app, 0, NULL));
  fc.fifo[fc.tail++ % FC_EVENTS] = own;
}
/* Makes fc_<kind>_pro and fc_<kind>_epi, FC's prologue and epilogue of an append whose
   parameters are `params` (each has phCommandList and phSignalEvent): append (the kernel
   launch, also FM's), and copy, fill and barrier for FC's per-kind cycles (BENCH_APPEND). */
#define FC_KIND(kind, params)                                                                 \
  static void ZE_APICALL fc_##kind##_pro(params* p, ze_result_t r, void* user, void** inst) { \
    (void)r;                                                                                  \
    (void)user;                                                                               \
    fc_swap(p->phSignalEvent, inst);                                                          \
  }                                                                                           \
  static void ZE_APICALL fc_##kind##_epi(params* p, ze_result_t r, void* user, void** inst) { \
    (void)user;                                                                               \
    fc_chain(*p->phCommandList, *p->phSignalEvent, *inst, r);                                 \
  }
FC_KIND(append, ze_command_list_append_launch_kernel_params_t)
FC_KIND(copy, ze_command_list_append_memory_copy_params_t)
FC_KIND(fill, ze_command_list_append_memory_fill_params_t)
FC_KIND(barrier, ze_command_list_append_barrier_params_t)
#undef FC_KIND

static void ZE_APICALL fc_sync_epi(ze_event_host_synchronize_params_t* p, ze_result_t r, void* user, void** inst) {
  (void)p;
  (void)r;
  (void)user;
  (void)inst;
  while (fc.head != fc.tail) {
    ze_event_handle_t e = fc.fifo[fc.head % FC_EVENTS];
    ze_kernel_timestamp_result_t ts;
    if (zeEventQueryKernelTimestamp(e, &ts) != ZE_RESULT_SUCCESS) break;
    fc.ticks += ts.global.kernelEnd - ts.global.kernelStart;
    ZE(zeEventHostReset(e));
    fc.free_ev[fc.nfree++] = e;
    fc.head++;
  }
}

/* FM: FC plus the least a tool must do to deliver what L3 delivers, with none of the library's
   guarantees (one thread, one list, one subscriber known at build time, no registry, no instance
   data per call, no unsubscription, no other list or event kind, no lost operation): the APPENDED
   record at ENTER and EXIT and, at the synchronisation, the COMPLETED record with its device times
   converted to host time through a clock reference checked on a coarse clock (as the library
   does), each delivered to one callback through a pointer the compiler cannot see through. A
   floor for any design of L3, not a usable tool. */
static void fm_empty_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                        void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
}
static uint64_t fm_counts[2]; /* APPENDED, COMPLETED records: the smoke test's check (BENCH_FM_COUNT) */
static void fm_counting_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                           pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  if (g->_operation_count == 1 && g->_operation_details[0]._name && g->_operation_details[0]._name[0])
    fm_counts[domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED]++;
}
static pti_callback_function volatile fm_cb = fm_empty_cb;
typedef struct fm_op {
  uint64_t op_id, kernel_id;
  const char* name;
  uint32_t corr;
} fm_op;
static struct {
  uint64_t next_op;
  uint32_t next_corr;
  fm_op ops[FC_EVENTS]; /* beside fc.fifo, the same index */
  ze_kernel_handle_t name_of; /* a one-entry cache of the kernel's name */
  char name[64];
  pti_gpu_op_details det;
  pti_callback_gpu_op_data g;
  void* inst;
  uint64_t freq, host0, dev0, sync_at;
} fm;

static void fm_deliver(pti_callback_domain dom, uint32_t api_id, pti_callback_gpu_op_data* g) {
  fm_cb(dom, PTI_API_GROUP_LEVELZERO, api_id, S.context, g, NULL, &fm.inst);
}
static void ZE_APICALL fm_append_pro(ze_command_list_append_launch_kernel_params_t* p, ze_result_t r, void* user,
                                     void** inst) {
  fc_append_pro(p, r, user, inst);
  if (*p->phKernel != fm.name_of) { /* (in the warm-up loop) */
    size_t len = sizeof fm.name;
    ZE(zeKernelGetName(*p->phKernel, &len, fm.name));
    fm.name_of = *p->phKernel;
  }
  fm.det._operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
  fm.det._operation_id = ++fm.next_op;
  fm.det._kernel_handle = (uint64_t)(uintptr_t)*p->phKernel;
  fm.det._name = fm.name;
  fm.g._domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED;
  fm.g._cmd_list_properties = PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE;
  fm.g._cmd_list_handle = *p->phCommandList;
  fm.g._queue_handle = NULL;
  fm.g._device_handle = S.device;
  fm.g._phase = PTI_CB_PHASE_API_ENTER;
  fm.g._return_code = 0;
  fm.g._correlation_id = ++fm.next_corr;
  fm.g._operation_count = 1;
  fm.g._operation_details = &fm.det;
  fm.inst = NULL;
  fm_deliver(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, zeCommandListAppendLaunchKernel_id, &fm.g);
}
static void ZE_APICALL fm_append_epi(ze_command_list_append_launch_kernel_params_t* p, ze_result_t r, void* user,
                                     void** inst) {
  fm.g._phase = PTI_CB_PHASE_API_EXIT;
  fm.g._return_code = (uint32_t)r;
  fm_deliver(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, zeCommandListAppendLaunchKernel_id, &fm.g);
  const unsigned at = fc.tail % FC_EVENTS;
  fc_append_epi(p, r, user, inst);
  if (r != ZE_RESULT_SUCCESS) return;
  fm.ops[at].op_id = fm.det._operation_id;
  fm.ops[at].kernel_id = fm.det._kernel_handle;
  fm.ops[at].name = fm.det._name;
  fm.ops[at].corr = fm.g._correlation_id;
}
static uint64_t fm_coarse_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
  return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}
static uint64_t fm_host_ns(uint64_t ticks) {
  const uint64_t d = ticks - fm.dev0;
  return fm.host0 + (d / fm.freq) * 1000000000ull + ((d % fm.freq) * 1000000000ull) / fm.freq;
}
static void ZE_APICALL fm_sync_epi(ze_event_host_synchronize_params_t* p, ze_result_t r, void* user, void** inst) {
  (void)p; (void)user; (void)inst;
  if (r != ZE_RESULT_SUCCESS) return;
  uint64_t ref = 0;
  while (fc.head != fc.tail) {
    const unsigned at = fc.head % FC_EVENTS;
    ze_event_handle_t e = fc.fifo[at];
    ze_kernel_timestamp_result_t ts;
    if (zeEventQueryKernelTimestamp(e, &ts) != ZE_RESULT_SUCCESS) break;
    if (!ref) { /* the device time after every end read: a fresh reference every 10 ms */
      const uint64_t now = fm_coarse_ns();
      if (!fm.freq || now - fm.sync_at >= 10000000ull) {
        ze_device_properties_t dp;
        memset(&dp, 0, sizeof dp);
        dp.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
        if (!fm.freq) ZE(zeDeviceGetProperties(S.device, &dp));
        if (!fm.freq) fm.freq = dp.timerResolution ? 1000000000ull / dp.timerResolution : 1000000000ull;
        ZE(zeDeviceGetGlobalTimestamps(S.device, &fm.host0, &fm.dev0));
        fm.sync_at = now;
      }
      const uint64_t ns = now - fm.sync_at + 20000000ull;
      ref = fm.dev0 + (ns / 1000000000ull) * fm.freq + ((ns % 1000000000ull) * fm.freq) / 1000000000ull;
    }
    const uint64_t start = ts.global.kernelStart, end = ts.global.kernelEnd;
    ptic_op_info info;
    info.operation_id = info.execution_id = fm.ops[at].op_id;
    info.append_correlation_id = info.submit_correlation_id = fm.ops[at].corr;
    info.status = start <= end && end <= ref ? 0u : 1u;
    info.thread_id = 1;
    info.device_start = start;
    info.device_end = end;
    info.start_ns = fm_host_ns(start);
    info.end_ns = fm_host_ns(end);
    info.cmd_list = fm.g._cmd_list_handle;
    fc.ticks += info.end_ns - info.start_ns + info.status;
    pti_gpu_op_details det = {PTI_GPU_OPERATION_KIND_KERNEL, fm.ops[at].op_id, fm.ops[at].kernel_id, fm.ops[at].name};
    pti_callback_gpu_op_data g = fm.g;
    g._domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED;
    g._phase = PTI_CB_PHASE_API_EXIT;
    g._return_code = 0;
    g._correlation_id = fm.ops[at].corr;
    g._operation_details = &det;
    fm.inst = &info; /* (where the library's pticGetOperationInfo finds it) */
    fm_deliver(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, zeEventHostSynchronize_id, &g);
    ZE(zeEventHostReset(e));
    fc.free_ev[fc.nfree++] = e;
    fc.head++;
  }
}

/* FG: FM plus the least of each guarantee the library gives on L3's path, written for that path
   alone: what any design that keeps the guarantees does per cycle, with every fact about the
   list, the kernel, the event and the subscribers decided before the loop (once per object,
   under a key of handles and an object epoch, as the issue asks). Its parts, each one the
   smallest we know for its promise (README "Guarantees"):
   - thread safety: state per thread (a frame per traced call, ids taken in blocks, the event
     stash), pending operations under one lock (a compare-and-swap and a store), in a queue per
     list that any thread's synchronisation or a poller can drain, with the count they look at;
   - unsubscribe is final and callbacks may change the registry: subscribers in a published set,
     held by a hazard pointer, each callback under a busy mark stored sequentially consistent
     and checked against the registry's version after it;
   - ENTER/EXIT pairing: instance data per subscriber in the frame, NULL at EXIT for one that
     did not get the ENTER;
   - COMPLETED exactly once: the subscribers that had COMPLETED on at the append kept with the
     operation and checked against slot reuse at delivery; an unreadable event reported as a
     lost operation; one thread delivers at a time (a token), so that a list's completions keep
     their order; the collected and delivered counts a synchronisation on another thread waits
     on; `pticGetOperationInfo`'s view set for the callback; calls inside a callback collect
     nothing;
   - transparency: the application's event chained behind the tool's, the tool's own calls
     marked internal, the synchronisation's prologue deciding by the domain mask;
   - times: timestamps checked (unwritten, beyond the valid bits, end before start or in the
     future) and unwrapped, converted through a clock reference taken after every read;
   - the checks that send a call to the general path when another part of the library has work:
     DRIVER_API on (also when it came on during the call), the library's end, records a poller
     collected (delivered at the next traced call), pools a backlog grew (given back when idle).
   Whatever leaves this path (a first sight of an object or a thread, another event kind, a
   registry change during a delivery, a failed call, a backlog) goes to fg_general, which a
   design would fill with the general path and which here stops the run: the smoke test checks
   that it is never reached. Not a usable tool: one device, immediate lists, one operation per
   launch, the objects learnt at first sight from what the bench created. */
#define FG_SUBS 64u
#define FG_DEPTH 8u
#define FG_NIL 0xffffffffu
#define FG_BATCH 64u /* operations one synchronisation collects on this path */
#define FG_OPS 1024u
enum { FG_APPENDED_ENTER = 1u, FG_APPENDED_EXIT = 2u, FG_COMPLETED = 4u, FG_HOST_SYNC = 8u, FG_DRIVER_API = 16u,
       FG_APP_EVENTS = 32u };
enum { FG_EVF_TIMESTAMP = 1u, FG_EVF_UNTRACKED = 2u };
typedef struct fg_sub {
  pti_callback_function cb; /* NULL ends the set */
  void* user;
  uint64_t sbit;
  uint32_t slot;
} fg_sub;
typedef struct fg_set {
  uint32_t ver;
  fg_sub s[FG_SUBS + 1];
} fg_set;
typedef struct fg_list { /* an immediate list, decided at its first sight */
  void* handle;
  void* ctx;
  void* device;
  uint32_t stream;
} fg_list;
typedef struct fg_event {
  void* handle;
  uint32_t flags;
} fg_event;
typedef struct fg_op {
  uint64_t op_id, kernel_id, subs;
  void* event;
  const char* name;
  uint32_t corr, next, tid, own;
} fg_op;
typedef struct fg_stream {
  void* handle;
  void* ctx;
  void* device;
  uint32_t head, tail;
} fg_stream;
typedef struct fg_done { /* a collected operation, carried past the lock to its delivery */
  pti_gpu_op_details det;
  ptic_op_info info;
  uint64_t subs;
  void* ctx;
  void* device;
  ze_kernel_timestamp_result_t raw;
} fg_done;
typedef struct fg_frame {
  uint64_t busy;    /* the slot whose callback runs now */
  const fg_set* hp; /* the set this frame's deliveries use: not freed while held */
  void* fk_list;    /* the key of the facts below: list, kernel, object epoch */
  void* fk_kernel;
  uint64_t fk_epoch;
  const fg_list* list;
  uint64_t entered; /* the subscribers that got this call's ENTER */
  ze_event_handle_t gpu_ev, app_ev;
  pti_gpu_op_details det;
  pti_callback_gpu_op_data g;
  void* inst[FG_SUBS];
} fg_frame;
typedef struct fg_thread {
  uint32_t depth, internal, in_cb, tid;
  uint64_t op_next, op_end;
  uint32_t corr_next, corr_end;
  ze_event_handle_t stash; /* a reset event of the tool's, for this thread's next append */
  void* stash_ctx;
  const fg_event* ev_last; /* the application's event of the last append, in epoch ev_epoch */
  uint64_t ev_epoch;
  uint64_t busy; /* the slot whose COMPLETED callback runs now */
  const fg_set* hp;
  const ptic_op_info* cur_info; /* pticGetOperationInfo's view */
  fg_done done[FG_BATCH];
  fg_frame frame[FG_DEPTH];
} fg_thread;
static __thread fg_thread* fg_tls;
static struct {
  const fg_set* set;
  uint32_t ver, mask, lock, token, more, nready, shutdown, grown;
  uint64_t epoch, pending, collected, delivered, rounds, newest_first_op, completed_subs;
  uint64_t first_op[FG_SUBS];
  uint64_t next_op;
  uint32_t next_corr, next_tid;
  fg_op ops[FG_OPS];
  uint32_t free_op;
  fg_stream streams[4];
  uint32_t nstreams;
  fg_list lists[4];
  uint32_t nlists;
  fg_event events[4];
  uint32_t nevents;
  int ready; /* fg_event_get made the state below; the tool's events are FC's (fc_open, fc.free_ev) */
  char name[64];
  uint64_t freq, ts_mask, host0, dev0, sync_at;
  uint64_t counts[3]; /* APPENDED ENTER, EXIT, COMPLETED records (BENCH_FM_COUNT) */
} fg;
static fg_set fg_the_set;
static void* fg_poll_only = &fg_poll_only; /* the synchronisation's instance data: collect at its EXIT */

static void fg_general(const char* why) {
  fprintf(stderr, "bench: FG left its path: %s\n", why);
  exit(1);
}
static void fg_lock(void) {
  uint32_t z = 0;
  while (!__atomic_compare_exchange_n(&fg.lock, &z, 1u, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) z = 0;
}
static void fg_unlock(void) { __atomic_store_n(&fg.lock, 0u, __ATOMIC_RELEASE); }

/* ---- FG's one-time work: objects, threads, ids, events (none of it in the measured loops) ---- */
static __attribute__((noinline)) fg_thread* fg_thread_new(void) {
  fg_thread* t = (fg_thread*)calloc(1, sizeof *t);
  if (!t) die("calloc", -1);
  t->tid = ++fg.next_tid;
  fg_tls = t;
  return t;
}
static __attribute__((noinline)) void fg_fill(fg_frame* f, void* list, void* kernel, uint64_t epoch) {
  fg_lock();
  const fg_list* l = NULL;
  for (uint32_t i = 0; i < fg.nlists; i++)
    if (fg.lists[i].handle == list) l = &fg.lists[i];
  if (!l) {
    if (fg.nlists == 4) fg_general("more lists than FG knows");
    fg_list* n = &fg.lists[fg.nlists++];
    fg_stream* s = &fg.streams[fg.nstreams];
    n->handle = s->handle = list;
    n->ctx = s->ctx = S.context;
    n->device = s->device = S.device;
    s->head = s->tail = FG_NIL;
    n->stream = fg.nstreams++;
    l = n;
  }
  size_t len = sizeof fg.name; /* (the interned name: one kernel here) */
  ZE(zeKernelGetName((ze_kernel_handle_t)kernel, &len, fg.name));
  fg_unlock();
  f->list = l;
  f->det._operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
  f->det._kernel_handle = (uint64_t)(uintptr_t)kernel;
  f->det._name = fg.name;
  f->g._domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED;
  f->g._cmd_list_properties = PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE;
  f->g._cmd_list_handle = list;
  f->g._queue_handle = NULL;
  f->g._device_handle = l->device;
  f->g._operation_count = 1;
  f->g._operation_details = &f->det;
  f->fk_list = list;
  f->fk_kernel = kernel;
  f->fk_epoch = epoch;
}
static __attribute__((noinline)) void fg_ids(fg_thread* t) {
  if (t->op_next == t->op_end) {
    t->op_next = __atomic_fetch_add(&fg.next_op, 1024u, __ATOMIC_RELAXED) + 1u;
    t->op_end = t->op_next + 1024u;
  }
  if (t->corr_next == t->corr_end) {
    t->corr_next = __atomic_fetch_add(&fg.next_corr, 1024u, __ATOMIC_RELAXED) + 1u;
    t->corr_end = t->corr_next + 1024u;
  }
}
static __attribute__((noinline)) const fg_event* fg_event_of(fg_thread* t, void* h, uint64_t epoch) {
  fg_lock();
  const fg_event* e = NULL;
  for (uint32_t i = 0; i < fg.nevents; i++)
    if (fg.events[i].handle == h) e = &fg.events[i];
  if (!e) {
    if (fg.nevents == 4) fg_general("more events than FG knows");
    fg_event* n = &fg.events[fg.nevents++];
    n->handle = h;
    n->flags = 0; /* the bench's pool: host visible, no timestamps */
    e = n;
  }
  fg_unlock();
  t->ev_last = e;
  t->ev_epoch = epoch;
  return e;
}
static __attribute__((noinline)) ze_event_handle_t fg_event_get(void) {
  fg_lock();
  if (!fg.ready) {
    fg.ready = 1;
    fc_open();
    ze_device_properties_t dp;
    memset(&dp, 0, sizeof dp);
    dp.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
    ZE(zeDeviceGetProperties(S.device, &dp));
    fg.freq = dp.timerResolution ? 1000000000ull / dp.timerResolution : 1000000000ull;
    const unsigned bits = dp.kernelTimestampValidBits;
    fg.ts_mask = (bits == 0 || bits >= 64) ? ~0ull : ((1ull << bits) - 1u);
    for (uint32_t i = 0; i + 1 < FG_OPS; i++) fg.ops[i].next = i + 1;
    fg.ops[FG_OPS - 1].next = FG_NIL;
    fg.free_op = 0;
  }
  if (!fc.nfree) fg_general("no event left");
  ze_event_handle_t e = fc.free_ev[--fc.nfree];
  fg_unlock();
  return e;
}
/* a hazard pointer on the published set: kept from call to call while the set stays */
static __attribute__((noinline)) const fg_set* fg_take(const fg_set** hp) {
  for (;;) {
    const fg_set* s = __atomic_load_n(&fg.set, __ATOMIC_ACQUIRE);
    __atomic_store_n(hp, s, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&fg.set, __ATOMIC_SEQ_CST) == s) return s;
  }
}

/* ---- FG's path ---- */
static inline __attribute__((always_inline)) const fg_set* fg_set_of(const fg_set** hp) {
  const fg_set* s = __atomic_load_n(&fg.set, __ATOMIC_ACQUIRE);
  return __builtin_expect(*hp == s, 1) ? s : fg_take(hp);
}
/* An APPENDED record of frame f to every subscriber of the set, each under its busy mark. */
static inline __attribute__((always_inline)) void fg_deliver_frame(fg_thread* t, fg_frame* f, int exit_phase) {
  const fg_set* set = fg_set_of(&f->hp);
  uint64_t entered = exit_phase ? f->entered : 0;
  for (const fg_sub* e = set->s; e->cb; e++) {
    __atomic_store_n(&f->busy, e->sbit, __ATOMIC_SEQ_CST);
    if (__builtin_expect(__atomic_load_n(&fg.ver, __ATOMIC_SEQ_CST) != set->ver, 0))
      fg_general("the registry changed during a delivery");
    void** inst = &f->inst[e->slot];
    if (!exit_phase) {
      *inst = NULL;
      entered |= e->sbit;
    } else if (!(entered & e->sbit)) {
      *inst = NULL;
    }
    t->in_cb++;
    e->cb(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id,
          f->list->ctx, &f->g, e->user, inst);
    t->in_cb--;
  }
  __atomic_store_n(&f->busy, 0, __ATOMIC_RELEASE);
  if (!exit_phase) f->entered = entered;
}
static void ZE_APICALL fg_append_pro(ze_command_list_append_launch_kernel_params_t* p, ze_result_t r, void* user,
                                     void** inst) {
  (void)r;
  (void)user;
  const uint32_t mask = __atomic_load_n(&fg.mask, __ATOMIC_RELAXED);
  if (!(mask & (FG_APPENDED_ENTER | FG_APPENDED_EXIT | FG_COMPLETED))) return;
  if ((mask & FG_DRIVER_API) || __atomic_load_n(&fg.shutdown, __ATOMIC_RELAXED)) fg_general("DRIVER_API, or the end");
  fg_thread* t = fg_tls;
  if (__builtin_expect(!t, 0)) t = fg_thread_new();
  if (t->depth >= FG_DEPTH || t->internal) fg_general("nested");
  fg_frame* f = &t->frame[t->depth];
  void* const list = *p->phCommandList;
  void* const kernel = *p->phKernel;
  const uint64_t epoch = __atomic_load_n(&fg.epoch, __ATOMIC_ACQUIRE);
  if (__builtin_expect(f->fk_list != list || f->fk_kernel != kernel || f->fk_epoch != epoch, 0))
    fg_fill(f, list, kernel, epoch);
  if (__builtin_expect(t->op_next == t->op_end || t->corr_next == t->corr_end, 0)) fg_ids(t);
  f->det._operation_id = t->op_next++;
  f->g._correlation_id = t->corr_next++;
  f->g._phase = PTI_CB_PHASE_API_ENTER;
  f->g._return_code = 0;
  t->depth++;
  *inst = f;
  /* the operation's event */
  ze_event_handle_t app = *p->phSignalEvent;
  f->app_ev = app;
  f->gpu_ev = NULL;
  if (mask & FG_COMPLETED) {
    uint32_t ef = 0;
    if (app) {
      const fg_event* e = t->ev_last;
      if (__builtin_expect(!e || e->handle != app || t->ev_epoch != epoch, 0)) e = fg_event_of(t, app, epoch);
      ef = e->flags;
    }
    if (ef & (FG_EVF_UNTRACKED | FG_EVF_TIMESTAMP)) fg_general("another event kind");
    ze_event_handle_t own = NULL;
    if (t->stash && t->stash_ctx == f->list->ctx)
      own = (ze_event_handle_t)__atomic_exchange_n((void**)&t->stash, NULL, __ATOMIC_ACQUIRE);
    if (!own) own = fg_event_get();
    *p->phSignalEvent = own;
    f->gpu_ev = own;
  }
  if (mask & FG_APPENDED_ENTER) fg_deliver_frame(t, f, 0);
}
static void ZE_APICALL fg_append_epi(ze_command_list_append_launch_kernel_params_t* p, ze_result_t r, void* user,
                                     void** inst) {
  (void)user;
  fg_frame* const f = (fg_frame*)*inst;
  if (!f) return;
  fg_thread* const t = fg_tls;
  const uint32_t mask = __atomic_load_n(&fg.mask, __ATOMIC_RELAXED);
  if (mask & FG_DRIVER_API) fg_general("DRIVER_API came on during the call");
  if (f->gpu_ev && f->app_ev && r == ZE_RESULT_SUCCESS) { /* the application's event after the tool's */
    ze_result_t br;
    t->internal++;
    br = zeCommandListAppendBarrier(*p->phCommandList, f->app_ev, 0, NULL);
    t->internal--;
    if (br != ZE_RESULT_SUCCESS) fg_general("the chained barrier failed");
  }
  f->g._phase = PTI_CB_PHASE_API_EXIT;
  f->g._return_code = (uint32_t)r;
  if (mask & FG_APPENDED_EXIT) fg_deliver_frame(t, f, 1);
  if (f->gpu_ev) { /* pending, where every collector finds it */
    if (r != ZE_RESULT_SUCCESS) fg_general("a failed append");
    fg_lock();
    const uint32_t oi = fg.free_op;
    if (oi == FG_NIL) fg_general("no operation record left");
    fg_op* o = &fg.ops[oi];
    fg.free_op = o->next;
    o->op_id = f->det._operation_id;
    o->kernel_id = f->det._kernel_handle;
    o->subs = fg.completed_subs;
    o->event = f->gpu_ev;
    o->name = f->det._name;
    o->corr = f->g._correlation_id;
    o->tid = t->tid;
    o->own = 1;
    o->next = FG_NIL;
    fg_stream* s = &fg.streams[f->list->stream];
    if (s->tail == FG_NIL) s->head = oi;
    else fg.ops[s->tail].next = oi;
    s->tail = oi;
    __atomic_store_n(&fg.pending, fg.pending + 1u, __ATOMIC_RELAXED);
    fg_unlock();
  }
  /* what a poller or another thread collected: delivered at the next traced call */
  if (__atomic_load_n(&fg.nready, __ATOMIC_RELAXED) || __atomic_load_n(&fg.more, __ATOMIC_RELAXED))
    fg_general("records to deliver");
  t->depth--;
}
static void ZE_APICALL fg_sync_pro(ze_event_host_synchronize_params_t* p, ze_result_t r, void* user, void** inst) {
  (void)p;
  (void)r;
  (void)user;
  const uint32_t mask = __atomic_load_n(&fg.mask, __ATOMIC_RELAXED);
  if (!(mask & (FG_HOST_SYNC | FG_COMPLETED | FG_DRIVER_API))) return;
  if (mask & (FG_HOST_SYNC | FG_DRIVER_API)) fg_general("HOST_SYNCHRONIZATION or DRIVER_API");
  const fg_thread* t = fg_tls;
  if (t && !t->internal) *inst = &fg_poll_only;
}
/* The device time after every end read: a fresh reference every 10 ms, else the last one moved
   forward by the time passed plus a margin (as the library). */
static uint64_t fg_device_now(void) {
  struct timespec c;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &c);
  const uint64_t now = (uint64_t)c.tv_sec * 1000000000ull + (uint64_t)c.tv_nsec + 1u;
  if (!fg.sync_at || now - fg.sync_at >= 10000000ull) {
    ZE(zeDeviceGetGlobalTimestamps(S.device, &fg.host0, &fg.dev0));
    fg.sync_at = now;
    return fg.dev0;
  }
  const uint64_t ns = now - fg.sync_at, m = ns + ns / 1000u + 20000000u;
  return fg.dev0 + (m / 1000000000ull) * fg.freq + ((m % 1000000000ull) * fg.freq) / 1000000000ull;
}
static inline __attribute__((always_inline)) uint64_t fg_host_ns(uint64_t ticks) {
  const uint64_t d = ticks >= fg.dev0 ? ticks - fg.dev0 : fg.dev0 - ticks;
  const uint64_t ns = (d / fg.freq) * 1000000000ull + ((d % fg.freq) * 1000000000ull) / fg.freq;
  return ticks >= fg.dev0 ? fg.host0 + ns : fg.host0 - ns;
}
static void fg_times(uint64_t ref, fg_done* x) {
  const uint64_t m = fg.ts_mask, start = x->raw.global.kernelStart, end = x->raw.global.kernelEnd;
  const int ok = !(start == ~0ull && end == ~0ull) && !(start & ~m) && !(end & ~m) &&
                 (m == ~0ull ? start <= end && end <= ref : ((end - start) & m) <= m / 2u);
  if (!ok) {
    x->info.status = PTIC_OP_BAD_TIMES;
    return;
  }
  x->info.device_end = ref - ((ref - end) & m);
  x->info.device_start = x->info.device_end - ((end - start) & m);
  x->info.start_ns = fg_host_ns(x->info.device_start);
  x->info.end_ns = fg_host_ns(x->info.device_end);
}
static void ZE_APICALL fg_sync_epi(ze_event_host_synchronize_params_t* p, ze_result_t r, void* user, void** inst) {
  (void)p;
  (void)user;
  if (*inst != &fg_poll_only || r != ZE_RESULT_SUCCESS) return;
  fg_thread* const t = fg_tls;
  /* this thread collects and delivers alone: not inside a callback, no other delivery, nothing
     collected and not yet delivered, a batch at most pending */
  if (!t || t->in_cb || __atomic_load_n(&fg.more, __ATOMIC_RELAXED) || __atomic_load_n(&fg.nready, __ATOMIC_RELAXED) ||
      __atomic_load_n(&fg.pending, __ATOMIC_RELAXED) - 1u >= FG_BATCH)
    fg_general("another thread's work, or a backlog");
  fg_lock();
  uint32_t z = 0;
  if (!__atomic_compare_exchange_n(&fg.token, &z, 1u, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
    fg_general("another thread delivers");
  uint32_t n = 0;
  for (uint32_t si = 0; si < fg.nstreams; si++) {
    fg_stream* s = &fg.streams[si];
    while (s->head != FG_NIL) {
      const uint32_t oi = s->head;
      fg_op* o = &fg.ops[oi];
      fg_done* x = &t->done[n];
      memset(&x->raw, 0xff, sizeof x->raw); /* (a result still holding this was not written) */
      ze_result_t er;
      t->internal++;
      er = zeEventQueryKernelTimestamp((ze_event_handle_t)o->event, &x->raw);
      t->internal--;
      if (er == ZE_RESULT_NOT_READY) break; /* in order: the later ones are not done either */
      if (er != ZE_RESULT_SUCCESS) fg_general("an unreadable event (reported as a lost operation)");
      s->head = o->next;
      if (s->head == FG_NIL) s->tail = FG_NIL;
      x->det._operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
      x->det._operation_id = x->info.operation_id = x->info.execution_id = o->op_id;
      x->det._kernel_handle = o->kernel_id;
      x->det._name = o->name;
      x->info.append_correlation_id = x->info.submit_correlation_id = o->corr;
      x->info.status = PTIC_OP_COMPLETED;
      x->info.thread_id = o->tid;
      x->info.cmd_list = s->handle;
      x->info.queue = NULL;
      x->subs = o->subs;
      x->ctx = s->ctx;
      x->device = s->device;
      if (o->own) { /* reset, and kept for this thread's next append */
        ze_result_t rr;
        t->internal++;
        rr = zeEventHostReset((ze_event_handle_t)o->event);
        t->internal--;
        if (rr != ZE_RESULT_SUCCESS) fg_general("a reset failed (the event leaves circulation)");
        if (!t->stash) {
          t->stash_ctx = s->ctx;
          __atomic_store_n((void**)&t->stash, o->event, __ATOMIC_RELEASE);
        } else {
          fc.free_ev[fc.nfree++] = (ze_event_handle_t)o->event;
        }
      }
      o->next = fg.free_op;
      fg.free_op = oi;
      __atomic_store_n(&fg.pending, fg.pending - 1u, __ATOMIC_RELAXED);
      n++;
    }
  }
  if (n) {
    const uint64_t ref = fg_device_now(); /* after every read */
    for (uint32_t i = 0; i < n; i++) fg_times(ref, &t->done[i]);
  }
  fg.rounds++;
  __atomic_store_n(&fg.collected, fg.collected + n, __ATOMIC_RELEASE);
  if (fg.grown && !fg.pending) fg_general("give back what a backlog grew");
  fg_unlock();
  /* the COMPLETED records, outside the lock */
  const uint64_t newest = __atomic_load_n(&fg.newest_first_op, __ATOMIC_RELAXED);
  const fg_set* set = fg_set_of(&t->hp);
  for (uint32_t i = 0; i < n; i++) {
    fg_done* x = &t->done[i];
    if (__builtin_expect(x->info.execution_id < newest, 0)) fg_general("a slot reused since the append");
    pti_callback_gpu_op_data g;
    g._domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED;
    g._cmd_list_properties = PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE;
    g._cmd_list_handle = x->info.cmd_list;
    g._queue_handle = NULL;
    g._device_handle = x->device;
    g._phase = PTI_CB_PHASE_API_EXIT;
    g._return_code = 0;
    g._correlation_id = x->info.submit_correlation_id;
    g._operation_count = 1;
    g._operation_details = &x->det;
    t->cur_info = &x->info;
    for (const fg_sub* e = set->s; e->cb; e++) {
      if (!(x->subs & e->sbit)) continue;
      __atomic_store_n(&t->busy, e->sbit, __ATOMIC_SEQ_CST);
      if (__builtin_expect(__atomic_load_n(&fg.ver, __ATOMIC_SEQ_CST) != set->ver, 0))
        fg_general("the registry changed during a delivery");
      void* scratch = NULL;
      t->in_cb++;
      e->cb(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, PTI_API_GROUP_LEVELZERO, zeEventHostSynchronize_id,
            x->ctx, &g, e->user, &scratch);
      t->in_cb--;
    }
    __atomic_store_n(&t->busy, 0, __ATOMIC_RELEASE);
    t->cur_info = NULL;
  }
  __atomic_add_fetch(&fg.delivered, n, __ATOMIC_RELEASE);
  if (__atomic_load_n(&fg.more, __ATOMIC_RELAXED) || __atomic_load_n(&fg.nready, __ATOMIC_RELAXED))
    fg_general("records collected meanwhile by another thread");
  __atomic_store_n(&fg.token, 0u, __ATOMIC_RELEASE);
}
/* zeEventHostReset: nothing to do unless an application event signals a pending operation or
   DRIVER_API is on. */
static void ZE_APICALL fg_reset_cb(ze_event_host_reset_params_t* p, ze_result_t r, void* user, void** inst) {
  (void)p;
  (void)r;
  (void)user;
  (void)inst;
  if (__atomic_load_n(&fg.mask, __ATOMIC_RELAXED) & (FG_APP_EVENTS | FG_DRIVER_API)) fg_general("event reset role");
}
static void fg_counting_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                           void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user;
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const ptic_op_info* info = fg_tls->cur_info;
    if (g->_operation_count == 1 && info && info->status == PTIC_OP_COMPLETED && info->end_ns >= info->start_ns &&
        info->operation_id == g->_operation_details[0]._operation_id)
      fg.counts[2]++;
  } else if (g->_phase == PTI_CB_PHASE_API_ENTER) {
    *instance = &fg.counts[0]; /* read back at EXIT */
    fg.counts[0]++;
  } else if (*instance == &fg.counts[0]) {
    fg.counts[1]++;
  }
}
/* This thread's state and its stashed event (back among FC's, which bench_tracer_close
   destroys), at the end of the session (one thread, nothing pending). */
static void fg_close(void) {
  fg_thread* t = fg_tls;
  if (t && t->stash) fc.free_ev[fc.nfree++] = t->stash;
  free(t);
  fg_tls = NULL;
}
/* One subscriber with APPENDED and COMPLETED on, subscribed before the first call. */
static void fg_subscribe(pti_callback_function cb) {
  fg_the_set.ver = 1;
  fg_the_set.s[0].cb = cb;
  fg_the_set.s[0].user = NULL;
  fg_the_set.s[0].sbit = 1;
  fg_the_set.s[0].slot = 0;
  fg.ver = 1;
  fg.set = &fg_the_set;
  fg.completed_subs = 1;
  fg.first_op[0] = 0;
  fg.free_op = FG_NIL; /* (the records are made with the tool's events, at the first append) */
  __atomic_store_n(&fg.mask, FG_APPENDED_ENTER | FG_APPENDED_EXIT | FG_COMPLETED, __ATOMIC_RELEASE);
}

/* F: one tracer, the same empty function as prologue and epilogue of every core function;
   FC: F with fc_* on zeCommandListAppendLaunchKernel and zeEventHostSynchronize; FM: fm_* there. */
static void config(const char* mode) {
  if (!strcmp(mode, "A") || !strcmp(mode, "B")) return;
  if (strcmp(mode, "F") && strcmp(mode, "FC") && strcmp(mode, "FM") && strcmp(mode, "FG"))
    die("mode (this build knows A, B, F, FC, FM, FG)", -1);
  zel_core_callbacks_t cbs;
  const bench_tracer_fn fn = empty_tracer_cb;
  for (size_t off = 0; off < sizeof cbs; off += sizeof fn) memcpy((char*)&cbs + off, &fn, sizeof fn);
  zel_tracer_desc_t td = {ZEL_STRUCTURE_TYPE_TRACER_DESC, NULL, NULL};
  zel_tracer_handle_t tracer;
  ZE(zeInit(0));
  ZE(zelTracerCreate(&td, &tracer));
  if (!strcmp(mode, "FC") || !strcmp(mode, "FM")) {
    const int m = !strcmp(mode, "FM");
    if (m && getenv("BENCH_FM_COUNT")) fm_cb = fm_counting_cb;
    zel_core_callbacks_t epi = cbs;
    cbs.CommandList.pfnAppendLaunchKernelCb = m ? fm_append_pro : fc_append_pro;
    epi.CommandList.pfnAppendLaunchKernelCb = m ? fm_append_epi : fc_append_epi;
    epi.Event.pfnHostSynchronizeCb = m ? fm_sync_epi : fc_sync_epi;
    if (!m) { /* FC's per-kind cycles (FM's path is the kernel's only) */
      cbs.CommandList.pfnAppendMemoryCopyCb = fc_copy_pro;
      epi.CommandList.pfnAppendMemoryCopyCb = fc_copy_epi;
      cbs.CommandList.pfnAppendMemoryFillCb = fc_fill_pro;
      epi.CommandList.pfnAppendMemoryFillCb = fc_fill_epi;
      cbs.CommandList.pfnAppendBarrierCb = fc_barrier_pro;
      epi.CommandList.pfnAppendBarrierCb = fc_barrier_epi;
    }
    ZE(zelTracerSetEpilogues(tracer, &epi));
  } else if (!strcmp(mode, "FG")) {
    fg_subscribe(getenv("BENCH_FM_COUNT") ? fg_counting_cb : fm_empty_cb);
    zel_core_callbacks_t epi = cbs;
    cbs.CommandList.pfnAppendLaunchKernelCb = fg_append_pro;
    epi.CommandList.pfnAppendLaunchKernelCb = fg_append_epi;
    cbs.Event.pfnHostSynchronizeCb = fg_sync_pro;
    epi.Event.pfnHostSynchronizeCb = fg_sync_epi;
    cbs.Event.pfnHostResetCb = epi.Event.pfnHostResetCb = fg_reset_cb;
    ZE(zelTracerSetEpilogues(tracer, &epi));
  } else {
    ZE(zelTracerSetEpilogues(tracer, &cbs));
  }
  ZE(zelTracerSetPrologues(tracer, &cbs));
  ZE(zelTracerSetEnabled(tracer, 1));
  bench_tracer = tracer;
}
#else
static void empty_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain;
  (void)group;
  (void)api_id;
  (void)ctx;
  (void)cb_data;
  (void)user;
  (void)instance;
}

/* L3T: what a profiler reads of each COMPLETED record: every operation's status and times. */
static volatile uint64_t times_sink;
static void times_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group;
  (void)api_id;
  (void)ctx;
  (void)user;
  (void)instance;
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) return;
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  for (uint32_t i = 0; i < g->_operation_count; i++) {
    ptic_op_info info;
    if (pticGetOperationInfo(cb_data, i, &info) == PTI_SUCCESS && info.status == PTIC_OP_COMPLETED)
      times_sink += info.end_ns - info.start_ns;
  }
}
static pti_callback_function bench_cb = empty_cb;

/* Subscribes `subs` subscribers with `doms` on, before any Level Zero object exists (as a
   tool loaded with the application does). Returns 0, or 1 when a domain is not implemented. */
static int subscribe(int subs, const pti_callback_domain* doms, int ndoms) {
  for (int s = 0; s < subs; s++) {
    pti_callback_subscriber_handle h;
    pti_result r = ptiCallbackSubscribe(&h, bench_cb, NULL);
    if (r != PTI_SUCCESS) die("ptiCallbackSubscribe", r);
    for (int d = 0; d < ndoms; d++) {
      r = ptiCallbackEnableDomain(h, doms[d], 1, 1);
      if (r == PTI_ERROR_NOT_IMPLEMENTED) {
        printf("na=%s not implemented\n", ptiCallbackDomainTypeToString(doms[d]));
        return 1;
      }
      if (r != PTI_SUCCESS) die(ptiCallbackDomainTypeToString(doms[d]), r);
    }
  }
  return 0;
}

static int config(const char* mode) {
  static const pti_callback_domain kc[] = {PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED};
  static const pti_callback_domain ap[] = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED,
                                           PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED};
  static const pti_callback_domain api[] = {PTI_CB_DOMAIN_DRIVER_API};
  if (!strcmp(mode, "L0")) return 0;
  if (!strcmp(mode, "L1")) return subscribe(1, kc, 1);
  if (!strcmp(mode, "L2")) return subscribe(1, ap, 1);
  if (!strcmp(mode, "L3")) return subscribe(1, ap, 2);
  if (!strcmp(mode, "L3T")) {
    bench_cb = times_cb;
    return subscribe(1, ap, 2);
  }
  if (!strcmp(mode, "L3IO")) {
    in_order_mode = 1;
    return subscribe(1, ap, 2);
  }
  if (!strcmp(mode, "L4")) return subscribe(1, api, 1);
  if (!strcmp(mode, "L5")) return subscribe(4, ap, 1);
  die("mode (this build knows L0..L5, L3IO, L3T)", -1);
  return 1;
}
#endif

int main(int argc, char** argv) {
  uint64_t n = 20000, cycles = 0, small = 0, big = 0, backlog_n = 0;
  int reps = 1, nthreads = 0;
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODE [-n N] [-c N] [-r R] [-w] [-t T] [-R SMALL,BIG] [-B N]\n", argv[0]);
    return 2;
  }
  for (int i = 2; i < argc; i += 2) {
    const char* v = argv[i + 1];
    if (!strcmp(argv[i], "-w")) {
      wait_idle_first = 1;
      i--;
    } else if (i + 1 == argc) {
      fprintf(stderr, "bench: %s needs a value\n", argv[i]);
      return 2;
    } else if (!strcmp(argv[i], "-n")) n = strtoull(v, NULL, 10);
    else if (!strcmp(argv[i], "-c")) cycles = strtoull(v, NULL, 10);
    else if (!strcmp(argv[i], "-r")) reps = atoi(v);
    else if (!strcmp(argv[i], "-t")) nthreads = atoi(v);
    else if (!strcmp(argv[i], "-B")) backlog_n = strtoull(v, NULL, 10);
    else if (!strcmp(argv[i], "-R")) {
      char* end;
      small = strtoull(v, &end, 10);
      big = *end == ',' ? strtoull(end + 1, NULL, 10) : 0;
    } else {
      fprintf(stderr, "bench: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  if (!cycles) cycles = n;
  if (n < 1 || reps < 1 || reps > 64 || nthreads < 0 || nthreads > 2 || small > big) {
    fprintf(stderr, "bench: bad arguments\n");
    return 2;
  }
#ifdef BENCH_NO_PTIC
  config(argv[1]);
  session_open();
#else
  const char* late = getenv("BENCH_LATE");
  const int subscribe_late = late && !strcmp(late, "1");
  if (subscribe_late && !strcmp(argv[1], "L3IO")) die("BENCH_LATE=1 with L3IO (its lists depend on the mode)", -1);
  if (subscribe_late) session_open();
  if (config(argv[1])) {
    if (subscribe_late) session_close();
    return 0;
  }
  if (!subscribe_late) session_open();
#endif
  printf("mode=%s\n", argv[1]);
  if (backlog_n) {
#ifndef BENCH_NO_PTIC
    backlog(backlog_n);
#endif
  } else if (big) {
    rss(small, big);
  } else if (nthreads) {
    threads(nthreads, cycles, reps);
  } else {
    measure("append", run_append_batches, bench_measure_append, n, reps, 1, 1);
    measure("setarg", run_setarg, bench_measure_setarg, n, reps, 0, 1);
    measure("cycle", run_cycle, bench_measure_cycle, cycles, reps, 0, 3);
  }
#ifdef BENCH_NO_PTIC
  if (fm_cb == fm_counting_cb)
    printf("fm_records appended=%llu completed=%llu pending=%u\n", (unsigned long long)fm_counts[0],
           (unsigned long long)fm_counts[1], fc.tail - fc.head);
  if (fg.set && fg.set->s[0].cb == fg_counting_cb)
    printf("fg_records entered=%llu exited=%llu completed=%llu pending=%llu\n", (unsigned long long)fg.counts[0],
           (unsigned long long)fg.counts[1], (unsigned long long)fg.counts[2], (unsigned long long)fg.pending);
#endif
  session_close();
  return 0;
}
