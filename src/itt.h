
/* ==== >>itt =============================================================================== */
/* THE APPLICATION'S ITT ANNOTATIONS (PTIC_CB_DOMAIN_MARKER). ITT (Intel's instrumentation and
   tracing API: __itt_task_begin, __itt_frame_begin_v3, ...) is a static part compiled into each
   instrumented module (the application, oneTBB, oneDNN, PyTorch) whose functions are pointers.
   At its first call, the static part dlopens the collector that INTEL_LIBITTNOTIFY64 names and
   calls the collector's __itt_api_init with its descriptor: the collector points the functions
   it implements at its own. Until then, and for the functions it leaves alone, they cost the
   application a call that returns.
     >>itt-deliver   an annotation to the MARKER subscribers: ranges matched to their begins,
                     correlation ids; always compiled (a copy of the library that is not the
                     collector delivers what the collector's copy forwards: >>hub)
     >>itt-collector the collector's side of the protocol, with PTIC_ITT_COLLECTOR only: the
                     exported __itt_api_init, the functions it points the static part at, the
                     constructor that names this library in INTEL_LIBITTNOTIFY64 */

/* (ptic__mark, what a collector function saw, is in the core: the hub passes it between copies) */

/* ---- >>itt-deliver ---- */

/* The open ranges matched by domain and id (overlapped tasks, regions, frames): their begins'
   correlation ids, under their own lock. */
typedef struct ptic__open_range {
  const void* key;
  uint64_t id[3];
  uint32_t kind;
  uint32_t corr;
} ptic__open_range;
#define PTIC_OPEN_RANGES_MAX 4096u /* past this, a range's end is delivered with id 0 */
static struct {
  pthread_mutex_t lock;
  ptic__open_range* r;
  size_t n, cap;
} ptic__ranges = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

/* The correlation id a range matched by (kind, key, id) ends with: its begin's, forgotten
   (0 when its begin was not seen). */
static uint32_t ptic__range_end(const ptic__mark* m) {
  uint32_t corr = 0;
  pthread_mutex_lock(&ptic__ranges.lock);
  for (size_t i = ptic__ranges.n; i-- > 0;) {
    const ptic__open_range* o = &ptic__ranges.r[i];
    if (o->kind != m->kind || o->key != m->key || memcmp(o->id, m->id, sizeof o->id) != 0) continue;
    corr = o->corr;
    ptic__ranges.r[i] = ptic__ranges.r[--ptic__ranges.n];
    break;
  }
  pthread_mutex_unlock(&ptic__ranges.lock);
  return corr;
}
static void ptic__range_begin(const ptic__mark* m, uint32_t corr) {
  pthread_mutex_lock(&ptic__ranges.lock);
  if (ptic__ranges.n < PTIC_OPEN_RANGES_MAX &&
      ptic__grow(&ptic__ranges.r, ptic__ranges.n, &ptic__ranges.cap, sizeof(ptic__open_range))) {
    ptic__open_range* o = &ptic__ranges.r[ptic__ranges.n++];
    o->key = m->key;
    memcpy(o->id, m->id, sizeof o->id);
    o->kind = m->kind;
    o->corr = corr;
  }
  pthread_mutex_unlock(&ptic__ranges.lock);
}

/* The record of m in one phase to the MARKER subscribers that have it on. */
static void ptic__mark_deliver(ptic__thread* t, ptic_marker_data* rec, pti_callback_phase phase) {
  ptic__cur cur;
  memset(&cur, 0, sizeof cur);
  rec->_phase = phase;
  cur.rec = rec;
  cur.api_id = rec->_kind;
  cur.group = PTIC_API_GROUP_ITT;
  cur.dom = PTIC_DOM_MARKER;
  cur.phase = phase;
  ptic__deliver_thread(t, &cur, PTIC_DOM_MARKER * 2u + (phase == PTI_CB_PHASE_API_EXIT ? 1u : 0u), PTIC_ALL_SLOTS, 0);
}

/* ptic__hub.marker: an annotation, in the active copy. Ranges are matched whether or not
   anyone listens to their phase, while the domain is on. */
static void ptic__own_marker(const ptic__mark* m) {
  const ptic__mask mask = ptic__mask_load();
  if (PTIC_LIKELY(!(mask & PTIC_BITS(PTIC_DOM_MARKER)))) return;
  ptic__thread* t = ptic__thread_get();
  if (!t || t->internal) return;
  ptic_marker_data rec;
  memset(&rec, 0, sizeof rec);
  rec._domain = PTIC_CB_DOMAIN_MARKER;
  rec._kind = PTIC_SCAST(ptic_marker_kind, m->kind);
  rec._domain_name = m->domain_name;
  rec._name = m->name;
  rec._id = m->id[0];
  rec._parent_id = m->parent_id;
  rec._fn = m->fn;
  rec._begin_ns = m->begin_ns;
  rec._end_ns = m->end_ns;
  if (m->what == PTIC_MARK_END) {
    if (m->kind == PTIC_MARKER_TASK) {
      if (t->nmarks) {
        t->nmarks--;
        rec._correlation_id = t->nmarks < PTIC_MARK_DEPTH ? t->marks[t->nmarks] : 0u;
      }
    } else {
      rec._correlation_id = ptic__range_end(m);
    }
    rec._parent_correlation_id = t->nmarks && t->nmarks <= PTIC_MARK_DEPTH ? t->marks[t->nmarks - 1] : 0u;
    if (mask & PTIC_BIT(PTIC_DOM_MARKER, 2u)) ptic__mark_deliver(t, &rec, PTI_CB_PHASE_API_EXIT);
    return;
  }
  rec._correlation_id = ptic__next_corr_id(t);
  rec._parent_correlation_id = t->nmarks && t->nmarks <= PTIC_MARK_DEPTH ? t->marks[t->nmarks - 1] : 0u;
  if (m->what == PTIC_MARK_BEGIN) {
    if (m->kind == PTIC_MARKER_TASK) {
      if (t->nmarks < PTIC_MARK_DEPTH) t->marks[t->nmarks] = rec._correlation_id;
      t->nmarks++;
    } else {
      ptic__range_begin(m, rec._correlation_id);
    }
  }
  if (mask & PTIC_BIT(PTIC_DOM_MARKER, 1u)) ptic__mark_deliver(t, &rec, PTI_CB_PHASE_API_ENTER);
  if (m->what == PTIC_MARK_POINT && (mask & PTIC_BIT(PTIC_DOM_MARKER, 2u)))
    ptic__mark_deliver(t, &rec, PTI_CB_PHASE_API_EXIT);
}

/* The collector's name for the warning below, when another one is named (>>itt-collector). */
static const char* ptic__itt_other;

/* ptiCallbackEnableDomain(MARKER): one INTERNAL_EVENT WARNING when no annotation can arrive:
   INTEL_LIBITTNOTIFY64 unset, or naming another collector than this copy. */
static void ptic__itt_check(void) {
  static ptic__atomic_u32 told;
  const char* v = getenv("INTEL_LIBITTNOTIFY64");
  const char* msg = NULL;
  if (!v || !*v)
    msg = "PTIC_CB_DOMAIN_MARKER is enabled, but INTEL_LIBITTNOTIFY64 names no ITT collector: build the "
          "tool (a shared library) with PTIC_ITT_COLLECTOR, or set the variable to it before the program "
          "starts";
  else if (ptic__itt_other)
    msg = ptic__itt_other;
  if (msg && !ptic__atomic_xchg_u32(&told, 1, PTIC_RELAXED))
    ptic__internal_event(NULL, PTI_INTERNAL_EVENT_TYPE_WARNING, msg);
}

/* ---- >>itt-collector ---- */
#if defined(PTIC_ITT_COLLECTOR)
#if !defined(_GNU_SOURCE)
#error "PTIC_ITT_COLLECTOR needs _GNU_SOURCE (dladdr, realpath) defined before the first #include"
#endif
#include <limits.h>

/* An annotation to the active copy: this one, or the one this copy forwards to (which may be too
   old to take it: then nothing). Only the mask of the copy that delivers counts. */
static void ptic__mark_send(const ptic__mark* m) {
  const ptic__hub* h = ptic__hub_other;
  if (PTIC_UNLIKELY(h != NULL)) {
    if (PTIC_HUB_HAS(h, marker)) h->marker(m);
    return;
  }
  if (!ptic__hub_refused) ptic__own_marker(m);
}
/* Whether an annotation can reach a subscriber: forwarded, or the domain is on here. */
static PTIC_ALWAYS_INLINE int ptic__mark_wanted(void) {
  return PTIC_UNLIKELY(ptic__hub_other != NULL) || (ptic__mask_load() & PTIC_BITS(PTIC_DOM_MARKER));
}

/* ITT's types as its static part passes them (ittnotify.h, ittnotify_config.h: these are the
   layouts of ITT's API version 3 on LP64, the same since its public release). Domains and string
   handles of ITT's own making have extra1 0; the collector marks those it has seen with
   PTIC_ITT_TAG in extra1, their interned name in extra2. */
typedef struct ptic__itt_domain {
  volatile int flags; /* non-zero: enabled (the application tests it before each call) */
  const char* nameA;
  void* nameW;
  int extra1;
  void* extra2;
  struct ptic__itt_domain* next;
} ptic__itt_domain;
typedef struct ptic__itt_string {
  const char* strA;
  void* strW;
  int extra1;
  void* extra2;
  struct ptic__itt_string* next;
} ptic__itt_string;
typedef struct ptic__itt_id {
  unsigned long long d1, d2, d3;
} ptic__itt_id;
/* One function of the static part: its name ("__itt_task_begin"), the pointer the
   application calls through, its stubs, and its group (a bit set). */
typedef struct ptic__itt_api_info {
  const char* name;
  void** func_ptr;
  void* init_func;
  void* null_func;
  int group;
} ptic__itt_api_info;
/* The static part's descriptor, as far as the collector reads it. */
typedef struct ptic__itt_global {
  unsigned char magic[8];
  unsigned long version_major, version_minor, version_build;
  volatile long api_initialized, mutex_initialized, atomic_counter;
  pthread_mutex_t mutex;
  void* lib;
  void* error_handler;
  const char** dll_path_ptr;
  ptic__itt_api_info* api_list_ptr;
} ptic__itt_global;
#define PTIC_ITT_TAG 0x63697470 /* "ptic" */
#define PTIC_ITT_OLDEST_BUILD 20180723ul /* the first public ITT: its descriptor's layout */

/* A domain's or string handle's name, interned (it lives until exit, the key of its one
   object), or NULL. */
static const char* ptic__itt_intern(const char* name) {
  if (!name) return NULL;
  ptic__init();
  ptic__objs_lock();
  const char* const in = ptic__intern(name);
  ptic__objs_unlock();
  return in;
}
/* The interned name of a domain or string handle (extra1, extra2: tagged on first sight). */
static const char* ptic__itt_name(int* extra1, void** extra2, const char* name) {
  if (__atomic_load_n(extra1, __ATOMIC_ACQUIRE) == PTIC_ITT_TAG)
    return PTIC_CAST(const char*, __atomic_load_n(extra2, __ATOMIC_RELAXED));
  const char* const in = ptic__itt_intern(name);
  if (!in) return name;
  __atomic_store_n(extra2, PTIC_PTR(in), __ATOMIC_RELAXED);
  __atomic_store_n(extra1, PTIC_ITT_TAG, __ATOMIC_RELEASE);
  return in;
}
static const char* ptic__itt_dname(const ptic__itt_domain* d) {
  ptic__itt_domain* w = PTIC_CAST(ptic__itt_domain*, PTIC_PTR(d));
  return d ? ptic__itt_name(&w->extra1, &w->extra2, d->nameA) : NULL;
}
static const char* ptic__itt_sname(const ptic__itt_string* s) {
  ptic__itt_string* w = PTIC_CAST(ptic__itt_string*, PTIC_PTR(s));
  return s ? ptic__itt_name(&w->extra1, &w->extra2, s->strA) : NULL;
}

/* Domains and string handles the collector made: one per name, never freed. */
static pthread_mutex_t ptic__itt_lock = PTHREAD_MUTEX_INITIALIZER;
static ptic__itt_domain* ptic__itt_domains;
static ptic__itt_string* ptic__itt_strings;

static ptic__itt_domain* ptic__itt_domain_create(const char* name) {
  const char* const in = ptic__itt_intern(name);
  if (!in) return NULL;
  pthread_mutex_lock(&ptic__itt_lock);
  ptic__itt_domain* d = ptic__itt_domains;
  while (d && d->extra2 != PTIC_PTR(in)) d = d->next;
  if (!d && (d = PTIC_CAST(ptic__itt_domain*, PTIC_MALLOC(sizeof *d))) != NULL) {
    memset(d, 0, sizeof *d);
    d->flags = 1;
    d->nameA = in;
    d->extra1 = PTIC_ITT_TAG;
    d->extra2 = PTIC_PTR(in);
    d->next = ptic__itt_domains;
    ptic__itt_domains = d;
  }
  pthread_mutex_unlock(&ptic__itt_lock);
  return d;
}
static ptic__itt_string* ptic__itt_string_handle_create(const char* name) {
  const char* const in = ptic__itt_intern(name);
  if (!in) return NULL;
  pthread_mutex_lock(&ptic__itt_lock);
  ptic__itt_string* s = ptic__itt_strings;
  while (s && s->extra2 != PTIC_PTR(in)) s = s->next;
  if (!s && (s = PTIC_CAST(ptic__itt_string*, PTIC_MALLOC(sizeof *s))) != NULL) {
    memset(s, 0, sizeof *s);
    s->strA = in;
    s->extra1 = PTIC_ITT_TAG;
    s->extra2 = PTIC_PTR(in);
    s->next = ptic__itt_strings;
    ptic__itt_strings = s;
  }
  pthread_mutex_unlock(&ptic__itt_lock);
  return s;
}

/* An annotation of domain d (its name, its key) with id, name and parent. */
static void ptic__itt_send(uint32_t kind, uint32_t what, const ptic__itt_domain* d, const ptic__itt_id* id,
                           const ptic__itt_id* parent, const char* name, void* fn) {
  ptic__mark m;
  memset(&m, 0, sizeof m);
  m.kind = kind;
  m.what = what;
  m.key = d;
  if (id) {
    m.id[0] = id->d1;
    m.id[1] = id->d2;
    m.id[2] = id->d3;
  }
  m.parent_id = parent ? parent->d1 : 0u;
  m.domain_name = ptic__itt_dname(d);
  m.name = name;
  m.fn = fn;
  ptic__mark_send(&m);
}

static void ptic__itt_task_begin(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_id parent,
                                 ptic__itt_string* name) {
  if (ptic__mark_wanted())
    ptic__itt_send(PTIC_MARKER_TASK, PTIC_MARK_BEGIN, d, &id, &parent, ptic__itt_sname(name), NULL);
}
static void ptic__itt_task_begin_fn(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_id parent, void* fn) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_TASK, PTIC_MARK_BEGIN, d, &id, &parent, NULL, fn);
}
static void ptic__itt_task_end(const ptic__itt_domain* d) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_TASK, PTIC_MARK_END, d, NULL, NULL, NULL, NULL);
}
static void ptic__itt_task_begin_overlapped(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_id parent,
                                            ptic__itt_string* name) {
  if (ptic__mark_wanted())
    ptic__itt_send(PTIC_MARKER_TASK_OVERLAPPED, PTIC_MARK_BEGIN, d, &id, &parent, ptic__itt_sname(name), NULL);
}
static void ptic__itt_task_end_overlapped(const ptic__itt_domain* d, ptic__itt_id id) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_TASK_OVERLAPPED, PTIC_MARK_END, d, &id, NULL, NULL, NULL);
}
static void ptic__itt_region_begin(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_id parent,
                                   ptic__itt_string* name) {
  if (ptic__mark_wanted())
    ptic__itt_send(PTIC_MARKER_REGION, PTIC_MARK_BEGIN, d, &id, &parent, ptic__itt_sname(name), NULL);
}
static void ptic__itt_region_end(const ptic__itt_domain* d, ptic__itt_id id) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_REGION, PTIC_MARK_END, d, &id, NULL, NULL, NULL);
}
static void ptic__itt_frame_begin_v3(const ptic__itt_domain* d, ptic__itt_id* id) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_FRAME, PTIC_MARK_BEGIN, d, id, NULL, NULL, NULL);
}
static void ptic__itt_frame_end_v3(const ptic__itt_domain* d, ptic__itt_id* id) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_FRAME, PTIC_MARK_END, d, id, NULL, NULL, NULL);
}
static void ptic__itt_frame_submit_v3(const ptic__itt_domain* d, ptic__itt_id* id, unsigned long long begin,
                                      unsigned long long end) {
  if (!ptic__mark_wanted()) return;
  ptic__mark m;
  memset(&m, 0, sizeof m);
  m.kind = PTIC_MARKER_FRAME;
  m.what = PTIC_MARK_POINT;
  m.key = d;
  m.id[0] = id ? id->d1 : 0u;
  m.domain_name = ptic__itt_dname(d);
  m.begin_ns = begin;
  m.end_ns = end;
  ptic__mark_send(&m);
}
static void ptic__itt_marker(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_string* name, int scope) {
  PTIC_UNUSED(scope);
  if (ptic__mark_wanted())
    ptic__itt_send(PTIC_MARKER_INSTANT, PTIC_MARK_POINT, d, &id, NULL, ptic__itt_sname(name), NULL);
}
static void ptic__itt_thread_set_name(const char* name) {
  if (!ptic__mark_wanted() || !name) return;
  ptic__init();
  ptic__objs_lock();
  const char* in = ptic__intern(name);
  ptic__objs_unlock();
  ptic__itt_send(PTIC_MARKER_THREAD_NAME, PTIC_MARK_POINT, NULL, NULL, NULL, in, NULL);
}
static void ptic__itt_pause(void) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_PAUSE, PTIC_MARK_POINT, NULL, NULL, NULL, NULL, NULL);
}
static void ptic__itt_resume(void) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_RESUME, PTIC_MARK_POINT, NULL, NULL, NULL, NULL, NULL);
}
/* ITT's clock: the one of ptic_op_info's times, so that frames submitted with it line up. */
static unsigned long long ptic__itt_get_timestamp(void) {
  struct timespec ts;
  if (clock_gettime(4 /* CLOCK_MONOTONIC_RAW */, &ts) != 0) return 0;
  return PTIC_SCAST(unsigned long long, ts.tv_sec) * 1000000000ull + PTIC_SCAST(unsigned long long, ts.tv_nsec);
}

/* The functions the collector implements, by the name the static part lists them under. */
#define PTIC_ITT_FUNCTIONS(X)                                                                  \
  X(domain_create) X(string_handle_create) X(task_begin) X(task_begin_fn) X(task_end)         \
  X(task_begin_overlapped) X(task_end_overlapped) X(region_begin) X(region_end)                \
  X(frame_begin_v3) X(frame_end_v3) X(frame_submit_v3) X(marker) X(thread_set_name) X(pause)   \
  X(resume) X(get_timestamp)
typedef struct ptic__itt_fn {
  const char* name;
  void* fn;
} ptic__itt_fn;
/* (function pointers as object pointers, as the static part keeps them: POSIX dlsym's rule) */
static void* ptic__itt_fnptr(const void* fnp, size_t size) {
  void* p = NULL;
  memcpy(&p, fnp, size);
  return p;
}

/* __itt_api_init: a static part's first call. It points the functions of the groups it asks for
   that the collector implements at the collector's, and leaves the others to its stubs. A
   descriptor of another layout (a static part older than ITT's public release) is left alone. */
#if defined(__cplusplus)
extern "C" {
#endif
__attribute__((visibility("default"))) void __itt_api_init(ptic__itt_global* g, int init_groups);
#if defined(__cplusplus)
}
#endif
void __itt_api_init(ptic__itt_global* g, int init_groups) {
  static const unsigned char magic[8] = {0xED, 0xAB, 0xAB, 0xEC, 0x0D, 0xEE, 0xDA, 0x30};
  if (!g || memcmp(g->magic, magic, sizeof magic) != 0 || g->version_major != 3 ||
      g->version_build < PTIC_ITT_OLDEST_BUILD || !g->api_list_ptr)
    return;
#define PTIC_X(n)                                                                    \
  {"__itt_" #n, NULL},
  ptic__itt_fn fns[] = {PTIC_ITT_FUNCTIONS(PTIC_X)};
#undef PTIC_X
  size_t k = 0;
#define PTIC_X(n)                                                                    \
  {                                                                                  \
    const __typeof__(&ptic__itt_##n) f = ptic__itt_##n;                              \
    fns[k++].fn = ptic__itt_fnptr(&f, sizeof f);                                      \
  }
  PTIC_ITT_FUNCTIONS(PTIC_X)
#undef PTIC_X
  for (ptic__itt_api_info* a = g->api_list_ptr; a->name; a++) {
    if (!(a->group & init_groups) || !a->func_ptr) continue;
    for (size_t i = 0; i < k; i++)
      if (strcmp(a->name, fns[i].name) == 0) *a->func_ptr = fns[i].fn;
  }
}

/* Load time: INTEL_LIBITTNOTIFY64 names this library (its real path) unless it names a file
   already, which ITT will load instead: then MARKER's enable says so (ptic__itt_check). */
__attribute__((constructor)) static void ptic__itt_ctor(void) {
  Dl_info info;
  static char self[PATH_MAX], named[PATH_MAX];
  static char other[PATH_MAX + 200];
  const __typeof__(&ptic__itt_ctor) me = ptic__itt_ctor;
  if (!dladdr(ptic__itt_fnptr(&me, sizeof me), &info) || !info.dli_fname || !realpath(info.dli_fname, self)) return;
  const char* v = getenv("INTEL_LIBITTNOTIFY64");
  if (!v || !*v) {
    setenv("INTEL_LIBITTNOTIFY64", self, 1);
    return;
  }
  if (realpath(v, named) && strcmp(named, self) == 0) return;
  snprintf(other, sizeof other,
           "INTEL_LIBITTNOTIFY64 names another ITT collector (%s): the application's ITT annotations go to "
           "it, and PTIC_CB_DOMAIN_MARKER has none",
           v);
  ptic__itt_other = other;
}
#endif /* PTIC_ITT_COLLECTOR */
