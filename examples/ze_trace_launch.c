/* ze_trace_launch.c - `ze_trace [options] PROGRAM [ARGS...]`: runs a program under the ze_trace
   profiler (pti-callback example; build/ze_trace).

   What it demonstrates: how a profiler runs someone else's program, as unitrace,
   `rocprofv3 --` and `nsys profile` do. It preloads libze_trace.so (ze_trace.c, the copy next
   to this executable) into PROGRAM and into every program PROGRAM starts, turns its options into
   the ZE_TRACE_* variables, runs PROGRAM and returns its exit status. Wrappers (`timeout`,
   `sh -c`, `env`, mpirun, a Python script starting workers) load the profiler too; the ones
   that never use Level Zero write and print nothing, and each process that does writes its own
   trace file (named as ze_trace.c's trace_path says).

   The run: the launcher creates a run folder (ZE_TRACE_RUN_DIR) where each traced process,
   at its exit, leaves an entry naming its trace file with the file's size, FNV-1a and number
   of elements, and a time base (ZE_TRACE_BASE_NS) that all of them use for time 0. Under the
   launcher a process never takes a name something is at, so that runs writing into one folder
   at once (even with a pid reused) never share a file. After PROGRAM exits the launcher checks
   the files of this run, not older ones, against their entries, lists them, and with --merge
   joins them into one file (they share time 0: their event arrays are concatenated as they
   are) in which each process is its own group of tracks. A file that is not as its process
   wrote it (truncated, changed, replaced) is named with the reason and left out.

     make examples
     ZE_ENABLE_ALT_DRIVERS=$PWD/build/libze_sim.so ./build/ze_trace -o t.json ./build/workload
*/
#define _GNU_SOURCE /* CLOCK_MONOTONIC_RAW, mkdtemp, getopt_long, memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { EXIT_USAGE = 2, EXIT_TOOL = 125, EXIT_NOT_EXECUTABLE = 126, EXIT_NOT_FOUND = 127 };

static const char usage_text[] =
    "Usage: ze_trace [OPTIONS] [--] PROGRAM [ARGS...]\n"
    "Runs PROGRAM with the ze_trace profiler (libze_trace.so, next to this executable)\n"
    "preloaded into it and into every program it starts. Each process that uses Level Zero\n"
    "prints a summary to stderr at its exit (GPU time per kernel and memory operation, host\n"
    "synchronisation time); processes that do not (shells, timeout, env, mpirun) print and\n"
    "write nothing.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE    each process that uses Level Zero writes a Chrome/Perfetto trace\n"
    "                       next to FILE: FILE with .<pid> inserted before its extension\n"
    "                       (t.json -> t.1234.json), or .rank<R>.<pid> when an MPI rank is set\n"
    "                       (PMI_RANK, OMPI_COMM_WORLD_RANK, PMIX_RANK, PALS_RANKID,\n"
    "                       SLURM_PROCID): t.rank3.1234.json. \"%p\" in FILE: the pid goes there\n"
    "                       instead. A name already taken gets -2, -3, ...: t.1234-2.json. The\n"
    "                       files of this run are listed when PROGRAM exits, each with its\n"
    "                       number of events (elements of its traceEvents array: calls, GPU\n"
    "                       operations, each end of an arrow, track names)\n"
    "  -m, --merge          after PROGRAM exits, merge this run's traces into FILE itself (one\n"
    "                       track group per process; a FILE already there is replaced) and\n"
    "                       remove the per-process files\n"
    "  -q, --quiet          no summaries and no list of files (problems are still reported)\n"
    "      --max-events N   calls and GPU operations kept per process for its trace (default\n"
    "                       1000000, 80 bytes each, at most 1000000000); later ones are\n"
    "                       counted, not kept\n"
    "      --flush-ms N     at each process's exit, wait up to N ms (default 3000, at most\n"
    "                       3600000) for GPU operations still running; the rest count as lost\n"
    "  -H, --host-summary   also a summary of every Level Zero call: host time per function\n"
    "  -c, --call-log FILE  every Level Zero call with its arguments and result, one line each,\n"
    "                       to FILE (.<pid> inserted as for -o; \"-\": stderr)\n"
    "      --kernel-include A,B   only GPU operations whose name contains A or B\n"
    "      --kernel-exclude A,B   no GPU operation whose name contains A or B\n"
    "      --start-paused   collect nothing until the program calls __itt_resume, or until\n"
    "                       SIGUSR2 (sent to ze_trace or PROGRAM; each one switches collection\n"
    "                       on or off)\n"
    "      --no-memory      do not follow memory (by default: live bytes per device and kind of\n"
    "                       memory, a counter track each in the trace, their peaks in the\n"
    "                       summary)\n"
    "  -h, --help           this text\n"
    "\n"
    "Each trace is checked against what its process wrote (size, checksum, events) before it\n"
    "is listed or merged; a damaged one (truncated, changed) is named with the reason, left as\n"
    "it is and left out, and the others are still listed or merged.\n"
    "\n"
    "Exit status: PROGRAM's (128+N when signal N ended it); 2 for a bad option, 125 when ze_trace\n"
    "itself fails, and when PROGRAM succeeded but a trace is damaged or FILE could not be\n"
    "merged; 126 when PROGRAM cannot be executed, 127 when it is not found.\n"
    "Signals sent to ze_trace by another process (kill, timeout) are passed on to PROGRAM.\n"
    "Without the launcher: LD_PRELOAD=libze_trace.so with ZE_TRACE_* variables\n"
    "(ZE_TRACE_HELP=1 lists them).\n";

static struct {
  const char* output; /* -o as given */
  char* output_abs;   /* -o as an absolute path */
  int merge, quiet;
  int not_run; /* PROGRAM could not be executed */
  const char* max_events;
  const char* flush_ms;
  int host_summary, start_paused, no_memory;
  const char* call_log;
  char* call_log_abs; /* (absolute, unless "-") */
  const char* include;
  const char* exclude;
  char run_dir[PATH_MAX];
  char cwd[PATH_MAX];
  unsigned long long base_ns;
} opt;

static volatile sig_atomic_t child_pid;

/* A bad command line: what is wrong, and status 2. */
static int usage_error(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fputs("ze_trace: ", stderr);
  vfprintf(stderr, fmt, args);
  fputs("\nTry 'ze_trace --help'.\n", stderr);
  va_end(args);
  return EXIT_USAGE;
}

/* A decimal number from 0 to max, digits only (as libze_trace.so reads it). */
static int valid_number(const char* s, unsigned long long max) {
  unsigned long long n = 0;
  if (!*s) return 0;
  for (; *s >= '0' && *s <= '9'; s++) {
    n = n * 10 + (unsigned long long)(*s - '0');
    if (n > max) return 0;
  }
  return *s == '\0';
}

/* A name as messages show it: a path relative to the current folder when under it; in double
   quotes with C escapes when it holds a control character (a newline, a tab), so that each
   message stays one line. Valid until the second call after this one. */
static const char* shown(const char* name) {
  static char* buf[2];
  static int next;
  size_t n = strlen(opt.cwd);
  if (strncmp(name, opt.cwd, n) == 0 && name[n] == '/') name += n + 1;
  const unsigned char* c = (const unsigned char*)name;
  while (*c && *c >= 0x20 && *c != 0x7f) c++;
  if (!*c) return name;
  char* b = realloc(buf[next], 4 * strlen(name) + 3);
  if (!b) return name;
  char* out = buf[next] = b;
  next ^= 1;
  *b++ = '"';
  for (c = (const unsigned char*)name; *c; c++) {
    if (*c == '\n') b += sprintf(b, "\\n");
    else if (*c == '\t') b += sprintf(b, "\\t");
    else if (*c == '"' || *c == '\\') b += sprintf(b, "\\%c", *c);
    else if (*c < 0x20 || *c == 0x7f) b += sprintf(b, "\\%03o", *c);
    else *b++ = (char)*c;
  }
  strcpy(b, "\"");
  return out;
}

/* Checks -o: a file name in an existing folder this user may write in. */
static int check_output(void) {
  size_t n = strlen(opt.output);
  if (n == 0) return usage_error("-o: the file name is empty");
  if (opt.output[n - 1] == '/')
    return usage_error("-o %s: a file name is needed, not a folder", shown(opt.output));
  if (opt.merge && strstr(opt.output, "%p"))
    return usage_error("--merge writes one file: -o %s must not contain %%p", shown(opt.output));
  struct stat st;
  if (stat(opt.output, &st) == 0 && S_ISDIR(st.st_mode))
    return usage_error("-o %s: a file name is needed, not a folder", shown(opt.output));
  size_t len = strlen(opt.cwd) + n + 2;
  opt.output_abs = malloc(len);
  if (!opt.output_abs) return EXIT_TOOL;
  snprintf(opt.output_abs, len, "%s%s%s", opt.output[0] == '/' ? "" : opt.cwd,
           opt.output[0] == '/' ? "" : "/", opt.output);
  char* dir = strdup(opt.output_abs);
  if (!dir) return EXIT_TOOL;
  *strrchr(dir, '/') = '\0';
  int ok = access(*dir ? dir : "/", W_OK | X_OK) == 0;
  int e = errno;
  free(dir);
  if (ok) return 0;
  return usage_error("-o %s: cannot write in its folder: %s", shown(opt.output), strerror(e));
}

/* Parses the options; returns 0 and sets *program to the index of PROGRAM, or an exit status. */
static int parse_options(int argc, char** argv, int* program) {
  enum { MAX_EVENTS = 256, FLUSH_MS, INCLUDE, EXCLUDE, START_PAUSED, NO_MEMORY };
  static const struct option longs[] = {
      {"output", required_argument, NULL, 'o'},       {"merge", no_argument, NULL, 'm'},
      {"quiet", no_argument, NULL, 'q'},              {"help", no_argument, NULL, 'h'},
      {"max-events", required_argument, NULL, MAX_EVENTS},
      {"flush-ms", required_argument, NULL, FLUSH_MS}, {"host-summary", no_argument, NULL, 'H'},
      {"call-log", required_argument, NULL, 'c'},      {"kernel-include", required_argument, NULL, INCLUDE},
      {"kernel-exclude", required_argument, NULL, EXCLUDE},
      {"start-paused", no_argument, NULL, START_PAUSED}, {"no-memory", no_argument, NULL, NO_MEMORY},
      {NULL, 0, NULL, 0}};
  opterr = 0; /* the messages below instead */
  for (;;) {
    int c = getopt_long(argc, argv, "+:o:mqhHc:", longs, NULL);
    if (c == -1) break;
    switch (c) {
    case 'o': opt.output = optarg; break;
    case 'm': opt.merge = 1; break;
    case 'q': opt.quiet = 1; break;
    case 'h': fputs(usage_text, stdout); return EXIT_SUCCESS;
    case 'H': opt.host_summary = 1; break;
    case 'c':
      if (!*optarg) return usage_error("-c: the file name is empty");
      opt.call_log = optarg;
      break;
    case INCLUDE: opt.include = optarg; break;
    case EXCLUDE: opt.exclude = optarg; break;
    case START_PAUSED: opt.start_paused = 1; break;
    case NO_MEMORY: opt.no_memory = 1; break;
    case MAX_EVENTS:
      if (!valid_number(optarg, 1000000000))
        return usage_error("--max-events '%s': not a whole number from 0 to 1000000000", optarg);
      opt.max_events = optarg;
      break;
    case FLUSH_MS:
      if (!valid_number(optarg, 3600000))
        return usage_error("--flush-ms '%s': not a whole number from 0 to 3600000", optarg);
      opt.flush_ms = optarg;
      break;
    case ':': return usage_error("option '%s' needs a value", argv[optind - 1]);
    default: { /* '?': unknown, or a value given to a long option that takes none */
      const char* arg = argv[optind - 1];
      char shortopt[3] = {'-', (char)optopt, '\0'};
      if (strncmp(arg, "--", 2) == 0 && strchr(arg, '=') && optopt)
        return usage_error("option '%s' takes no value", arg);
      return usage_error("unknown option '%s'", strncmp(arg, "--", 2) == 0 ? arg : shortopt);
    }
    }
  }
  if (optind >= argc) return usage_error("no program to run");
  if (opt.merge && !opt.output) return usage_error("--merge needs -o FILE");
  if (!getcwd(opt.cwd, sizeof opt.cwd)) {
    perror("ze_trace: getcwd");
    return EXIT_TOOL;
  }
  *program = optind;
  if (opt.call_log && strcmp(opt.call_log, "-") != 0) { /* (the program may change folders) */
    size_t n = strlen(opt.cwd) + strlen(opt.call_log) + 2;
    if (!(opt.call_log_abs = malloc(n))) return EXIT_TOOL;
    snprintf(opt.call_log_abs, n, "%s%s%s", opt.call_log[0] == '/' ? "" : opt.cwd,
             opt.call_log[0] == '/' ? "" : "/", opt.call_log);
  }
  return opt.output ? check_output() : 0;
}

/* libze_trace.so next to this executable, as an absolute path. */
static int find_tool(char* path, size_t size) {
  path[0] = '\0';
  ssize_t n = readlink("/proc/self/exe", path, size - 1);
  if (n <= 0) return -1;
  path[n] = '\0';
  char* slash = strrchr(path, '/');
  if (!slash || (size_t)(slash - path) + sizeof "/libze_trace.so" > size) return -1;
  strcpy(slash, "/libze_trace.so");
  return access(path, R_OK);
}

/* The environment of the run: the command line is the whole configuration, so a ZE_TRACE_*
   variable it does not set is removed; libze_trace.so goes last in LD_PRELOAD, once. */
static int set_environment(const char* tool) {
  char buf[32];
  if (strpbrk(tool, " :")) {
    fprintf(stderr, "ze_trace: cannot preload %s: LD_PRELOAD splits paths at spaces and colons\n", tool);
    return -1;
  }
  const char* pre = getenv("LD_PRELOAD");
  size_t n = pre ? strlen(pre) : 0, len = strlen(tool);
  int present = 0;
  for (const char* p = pre; p && *p;) { /* ld.so splits at spaces and colons */
    size_t k = strcspn(p, " :");
    if (k == len && strncmp(p, tool, len) == 0) present = 1;
    p += k + (p[k] != '\0');
  }
  if (!present) {
    char* value = malloc(n + len + 2);
    if (!value) return -1;
    snprintf(value, n + len + 2, "%s%s%s", n ? pre : "", n ? ":" : "", tool);
    int r = setenv("LD_PRELOAD", value, 1);
    free(value);
    if (r != 0) return -1;
  }
  snprintf(buf, sizeof buf, "%llu", opt.base_ns);
  if (setenv("ZE_TRACE_RUN_DIR", opt.run_dir, 1) || setenv("ZE_TRACE_BASE_NS", buf, 1) ||
      (opt.output ? setenv("ZE_TRACE_JSON", opt.output_abs, 1) : unsetenv("ZE_TRACE_JSON")) ||
      (opt.quiet ? setenv("ZE_TRACE_QUIET", "1", 1) : unsetenv("ZE_TRACE_QUIET")) ||
      (opt.max_events ? setenv("ZE_TRACE_MAX_EVENTS", opt.max_events, 1)
                      : unsetenv("ZE_TRACE_MAX_EVENTS")) ||
      (opt.flush_ms ? setenv("ZE_TRACE_FLUSH_MS", opt.flush_ms, 1) : unsetenv("ZE_TRACE_FLUSH_MS")) ||
      (opt.host_summary ? setenv("ZE_TRACE_HOST_SUMMARY", "1", 1) : unsetenv("ZE_TRACE_HOST_SUMMARY")) ||
      (opt.call_log ? setenv("ZE_TRACE_CALL_LOG", opt.call_log_abs ? opt.call_log_abs : "-", 1)
                    : unsetenv("ZE_TRACE_CALL_LOG")) ||
      (opt.include ? setenv("ZE_TRACE_KERNEL_INCLUDE", opt.include, 1) : unsetenv("ZE_TRACE_KERNEL_INCLUDE")) ||
      (opt.exclude ? setenv("ZE_TRACE_KERNEL_EXCLUDE", opt.exclude, 1) : unsetenv("ZE_TRACE_KERNEL_EXCLUDE")) ||
      (opt.start_paused ? setenv("ZE_TRACE_START_PAUSED", "1", 1) : unsetenv("ZE_TRACE_START_PAUSED")) ||
      (opt.no_memory ? setenv("ZE_TRACE_MEMORY", "0", 1) : unsetenv("ZE_TRACE_MEMORY")) ||
      unsetenv("ZE_TRACE_HELP"))
    return -1;
  /* ITT annotations: the tool is the collector, unless the variable names another one */
  const char* itt = getenv("INTEL_LIBITTNOTIFY64");
  if (!itt || !*itt) {
    if (setenv("INTEL_LIBITTNOTIFY64", tool, 1)) return -1;
  } else if (strcmp(itt, tool) != 0) {
    fprintf(stderr, "ze_trace: INTEL_LIBITTNOTIFY64 names another ITT collector (%s): the program's ITT "
                    "annotations go to it, not to ze_trace\n", itt);
  }
  return 0;
}

/* ---- running the program ---- */

static const int forwarded[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM};
#define NFORWARDED (sizeof forwarded / sizeof forwarded[0])

/* Passes on a signal another process sent (kill, timeout): si_code <= 0. A signal of the
   terminal (Ctrl-C) reaches the program anyway, as it is in the same process group. (One sent
   to the whole group reaches the program twice.) */
static void forward(int sig, siginfo_t* info, void* context) {
  (void)context;
  int saved = errno;
  if (info->si_code <= 0 && child_pid > 0 && info->si_pid != child_pid) kill(child_pid, sig);
  errno = saved;
}

/* Runs argv; returns its exit status as a shell reports it. */
static int run(char** argv) {
  sigset_t block, old;
  sigemptyset(&block);
  for (size_t i = 0; i < NFORWARDED; i++) sigaddset(&block, forwarded[i]);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = forward;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < NFORWARDED; i++) sigaction(forwarded[i], &sa, NULL);

  int report[2]; /* the child writes exec's errno here; closed by a successful exec */
  if (pipe2(report, O_CLOEXEC) != 0) {
    perror("ze_trace: pipe");
    return EXIT_TOOL;
  }
  sigprocmask(SIG_BLOCK, &block, &old); /* no handler runs in the child before exec */
  pid_t pid = fork();
  if (pid == 0) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (size_t i = 0; i < NFORWARDED; i++) sigaction(forwarded[i], &dfl, NULL);
    sigprocmask(SIG_SETMASK, &old, NULL);
    close(report[0]);
    execvp(argv[0], argv);
    int e = errno;
    if (write(report[1], &e, sizeof e) < 0) _exit(EXIT_TOOL);
    _exit(EXIT_NOT_FOUND);
  }
  if (pid > 0) child_pid = pid;
  sigprocmask(SIG_SETMASK, &old, NULL);
  close(report[1]);
  if (pid < 0) {
    perror("ze_trace: fork");
    close(report[0]);
    return EXIT_TOOL;
  }
  int exec_errno = 0;
  ssize_t got;
  while ((got = read(report[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {}
  close(report[0]);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      perror("ze_trace: waitpid");
      return EXIT_TOOL;
    }
  child_pid = 0;
  if (got == (ssize_t)sizeof exec_errno) {
    fprintf(stderr, "ze_trace: cannot run %s: %s\n", argv[0], strerror(exec_errno));
    opt.not_run = 1;
    return exec_errno == ENOENT || exec_errno == ENOTDIR ? EXIT_NOT_FOUND : EXIT_NOT_EXECUTABLE;
  }
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_TOOL;
}

/* ---- after the run: the processes' entries, the checks, the list, the merge ---- */

typedef struct process {
  long pid, rank; /* rank -1: none */
  char name[64];
  unsigned long long base_ns;
  unsigned long long events;  /* elements of the trace's traceEvents array */
  unsigned long long dropped; /* calls and operations left out (ZE_TRACE_MAX_EVENTS) */
  unsigned long long size, fnv; /* the trace file as written: bytes, FNV-1a */
  char* file; /* NULL: traced without a file (no -o), or it could not be written */
  off_t from, len; /* the elements of its traceEvents array, in the file */
} process;

/* One entry of the run folder, as libze_trace.so writes it (write_entry): "key=value" fields
   each ended by a NUL byte (a file name may hold any other byte), the last one "end=". An
   entry without it is one a process is still writing, or died writing: it is left out. */
static int read_entry(int dir, const char* name, process* p) {
  char buf[16384];
  size_t n = 0;
  int fd = openat(dir, name, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  while (n < sizeof buf) {
    ssize_t k = read(fd, buf + n, sizeof buf - n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    n += (size_t)k;
  }
  close(fd);
  memset(p, 0, sizeof *p);
  p->rank = -1;
  int complete = 0;
  for (char *field = buf, *end; (end = memchr(field, '\0', (size_t)(buf + n - field)));
       field = end + 1) {
    char* v = strchr(field, '=');
    if (!v) continue;
    *v++ = '\0';
    if (!strcmp(field, "pid")) p->pid = strtol(v, NULL, 10);
    else if (!strcmp(field, "rank") && *v) p->rank = strtol(v, NULL, 10);
    else if (!strcmp(field, "name")) snprintf(p->name, sizeof p->name, "%s", v);
    else if (!strcmp(field, "base_ns")) p->base_ns = strtoull(v, NULL, 10);
    else if (!strcmp(field, "events")) p->events = strtoull(v, NULL, 10);
    else if (!strcmp(field, "dropped")) p->dropped = strtoull(v, NULL, 10);
    else if (!strcmp(field, "size")) p->size = strtoull(v, NULL, 10);
    else if (!strcmp(field, "fnv")) p->fnv = strtoull(v, NULL, 16);
    else if (!strcmp(field, "file") && !p->file) p->file = strdup(v);
    else if (!strcmp(field, "end")) complete = 1;
  }
  if (complete && p->pid > 0) return 0;
  free(p->file);
  return -1;
}

static int by_rank_pid(const void* a, const void* b) {
  const process *x = a, *y = b;
  if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
  return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/* Reads and removes the run folder; returns the traced processes sorted by rank and pid. */
static process* collect(size_t* count) {
  process* list = NULL;
  size_t n = 0, cap = 0;
  DIR* d = opendir(opt.run_dir);
  struct dirent* e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      process* bigger = realloc(list, (cap = cap ? 2 * cap : 16) * sizeof *list);
      if (!bigger) break;
      list = bigger;
    }
    if (read_entry(dirfd(d), e->d_name, &list[n]) == 0) n++;
    unlinkat(dirfd(d), e->d_name, 0);
  }
  if (d) closedir(d);
  rmdir(opt.run_dir);
  if (n) qsort(list, n, sizeof *list, by_rank_pid);
  *count = n;
  return list;
}

/* Reads p's trace file through and checks that it is the file its process wrote, as its entry
   describes it: its size, its FNV-1a (as ze_trace.c's jw_flush computes it), ze_trace.c's
   layout (otherData first, then "traceEvents":[ and a newline, one element a line, "\n]}\n" at
   the end) and the entry's number of elements. Sets p->from and p->len to the elements; with
   out, also copies them there (a failed write shows in ferror(out)). Returns NULL, or why the
   file cannot be used (truncated, changed or replaced after its process wrote it; FNV-1a finds
   accidents, not forgeries). */
static const char* check_trace(process* p, FILE* out, char* why, size_t size) {
  static const char open_mark[] = "\"traceEvents\":[\n", close_mark[] = "\n]}\n";
  char buf[1 << 16];
  unsigned long long fnv = 0xcbf29ce484222325u, lines = 0;
  off_t pos = 0, end = 0;
  struct stat st;
  int fd = open(p->file, O_RDONLY | O_CLOEXEC);
  if (fd < 0 || fstat(fd, &st) != 0) {
    snprintf(why, size, "missing or unreadable (%s)", strerror(errno));
    if (fd >= 0) close(fd);
    return why;
  }
  if ((unsigned long long)st.st_size != p->size) {
    snprintf(why, size, "%llu bytes, not the %llu written", (unsigned long long)st.st_size,
             p->size);
    close(fd);
    return why;
  }
  p->from = 0;
  end = st.st_size - (off_t)sizeof close_mark + 1; /* where the closing mark starts */
  int tail_ok = 0;
  for (;;) {
    ssize_t k = read(fd, buf, sizeof buf);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    if (pos == 0) { /* the header, in the first block */
      char* mark = memmem(buf, (size_t)k, open_mark, sizeof open_mark - 1);
      p->from = mark ? mark - buf + (off_t)sizeof open_mark - 1 : 0;
    }
    for (ssize_t i = 0; i < k; i++) {
      fnv = (fnv ^ (unsigned char)buf[i]) * 0x100000001b3u;
      if (pos + i >= p->from && pos + i < end && buf[i] == '\n') lines++;
      if (pos + i >= end) tail_ok += buf[i] == close_mark[pos + i - end];
    }
    /* the part of this block between from and end */
    off_t a = p->from > pos ? p->from : pos, b = end < pos + k ? end : pos + k;
    if (out && p->from && a < b) fwrite(buf + (a - pos), 1, (size_t)(b - a), out); /* ferror */
    pos += k;
  }
  close(fd);
  p->len = end - p->from;
  unsigned long long elements = lines + (p->len > 0);
  if (pos != st.st_size)
    snprintf(why, size, "cannot be read through");
  else if (fnv != p->fnv)
    snprintf(why, size, "its bytes are not those written (FNV-1a %016llx, not %016llx)", fnv,
             p->fnv);
  else if (!p->from || p->from > end)
    snprintf(why, size, "no \"traceEvents\" array where ze_trace writes it");
  else if (tail_ok != (int)sizeof close_mark - 1)
    snprintf(why, size, "it does not end as ze_trace ends a trace");
  else if (elements != p->events)
    snprintf(why, size, "%llu events, not the %llu written", elements, p->events);
  else
    return NULL;
  return why;
}

/* A new hidden file next to opt.output_abs, ".NAME.<random>.tmp", created exclusively: a
   launcher merging into the same FILE at the same time has its own. Sets *tmp (to be freed). */
static FILE* create_temp(char** tmp) {
  const char* base = strrchr(opt.output_abs, '/') + 1;
  size_t size = strlen(opt.output_abs) + 32;
  if (!(*tmp = malloc(size))) return NULL;
  for (unsigned i = 0; i < 100; i++) {
    unsigned long long r;
    struct timespec ts;
    if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
      clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
      r = (unsigned long long)ts.tv_nsec ^ (unsigned long long)i << 32;
    }
    snprintf(*tmp, size, "%.*s.%s.%08llx.tmp", (int)(base - opt.output_abs), opt.output_abs, base,
             r & 0xffffffffu);
    int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    FILE* f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f) return f;
    if (fd >= 0) {
      close(fd);
      unlink(*tmp);
      return NULL;
    }
    if (errno != EEXIST) return NULL;
  }
  return NULL;
}

/* Writes opt.output_abs from the files of list[i] with take[i] set, through a temporary file
   renamed into place (a FILE that is there is replaced; of launchers merging into one FILE at
   once, the last one's is there, complete). Each file is checked again as it is copied; if one
   changed meanwhile, nothing is written. Returns the number of files merged and sets *events to
   the elements of the merged traceEvents array, or returns -1 with a message printed. */
static int merge(process* list, size_t n, const int* take, unsigned long long* events) {
  char* tmp = NULL;
  char why[160];
  FILE* out = create_temp(&tmp);
  if (!out) {
    fprintf(stderr, "ze_trace: cannot write %s: %s; the traces stay apart\n", shown(opt.output_abs),
            strerror(errno));
    free(tmp);
    return -1;
  }
  int count = 0, failed = 0;
  *events = 0;
  fprintf(out, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"ze_trace\","
               "\"clock\":\"CLOCK_MONOTONIC_RAW\",\"base_ns\":%llu,\"processes\":[",
          opt.base_ns);
  for (size_t i = 0; i < n; i++) {
    if (!take[i]) continue;
    fprintf(out, "%s{\"pid\":%ld,\"rank\":", count++ ? "," : "", list[i].pid);
    if (list[i].rank >= 0) fprintf(out, "%ld", list[i].rank);
    else fputs("null", out);
    fprintf(out, ",\"events\":%llu,\"dropped_events\":%llu}", list[i].events, list[i].dropped);
    *events += list[i].events;
  }
  fputs("]},\n\"traceEvents\":[\n", out);
  for (size_t i = 0, k = 0; i < n && !failed; i++) {
    if (!take[i]) continue;
    if (k++) fputs(",\n", out); /* each file's last element has no comma */
    if (check_trace(&list[i], out, why, sizeof why)) {
      fprintf(stderr, "ze_trace: %s changed while being merged (%s); the traces stay apart\n",
              shown(list[i].file), why);
      failed = 1;
    }
  }
  fputs("\n]}\n", out);
  int e = ferror(out) ? EIO : 0;
  if (fclose(out) != 0 && !e) e = errno;
  if (!failed && !e && rename(tmp, opt.output_abs) != 0) e = errno;
  if (e && !failed)
    fprintf(stderr, "ze_trace: cannot write %s: %s; the traces stay apart\n", shown(opt.output_abs),
            strerror(e));
  if (e || failed) unlink(tmp);
  free(tmp);
  return e || failed ? -1 : count;
}

/* What the user sees after the run: damaged traces, then the files, or the merged file.
   Returns 1 when a trace is damaged or the merged file could not be written, else 0. */
static int finish_run(process* list, size_t n) {
  size_t files = 0;
  for (size_t i = 0; i < n; i++) files += list[i].file != NULL;
  if (n == 0 && (!opt.quiet || opt.output))
    fprintf(stderr, "ze_trace: no process used Level Zero%s\n", opt.output ? ": no trace written" : "");
  if (files == 0) return 0; /* or each traced process said why it could not write its file */
  int* usable = calloc(n, sizeof *usable);
  int* take = calloc(n, sizeof *take);
  if (!usable || !take) {
    free(usable);
    free(take);
    fputs("ze_trace: out of memory\n", stderr);
    return 1;
  }
  int problem = 0, taken = 0;
  char why[160];
  for (size_t i = 0; i < n; i++) {
    if (!list[i].file) continue;
    const char* bad = check_trace(&list[i], NULL, why, sizeof why);
    usable[i] = !bad;
    if (bad) {
      fprintf(stderr, "ze_trace: %s is damaged: %s; %s\n", shown(list[i].file), bad,
              opt.merge ? "not merged, left as it is" : "left as it is");
      problem = 1;
    } else if (opt.merge && list[i].base_ns != opt.base_ns) {
      fprintf(stderr, "ze_trace: %s has its own time 0 (ZE_TRACE_BASE_NS changed): not merged\n",
              shown(list[i].file));
    } else if (opt.merge) {
      take[i] = 1;
      taken++;
    }
  }
  if (opt.merge && !taken && problem)
    fprintf(stderr, "ze_trace: no trace to merge: %s not written\n", shown(opt.output_abs));
  if (taken) {
    unsigned long long events = 0;
    int count = merge(list, n, take, &events);
    if (count > 0) {
      for (size_t i = 0; i < n; i++)
        if (take[i]) unlink(list[i].file);
      if (!opt.quiet)
        fprintf(stderr, "ze_trace: merged %d trace%s into %s (%llu events): open it in "
                        "ui.perfetto.dev or chrome://tracing\n",
                count, count == 1 ? "" : "s", shown(opt.output_abs), events);
    } else {
      memset(take, 0, n * sizeof *take);
      problem = 1;
    }
  }
  size_t apart = 0;
  for (size_t i = 0; i < n; i++) {
    if (!usable[i] || take[i]) continue;
    apart++;
    if (opt.quiet && !opt.merge) continue;
    fprintf(stderr, "ze_trace: wrote %s (%s, ", shown(list[i].file), shown(list[i].name));
    if (list[i].rank >= 0) fprintf(stderr, "rank %ld, ", list[i].rank);
    fprintf(stderr, "pid %ld, %llu events)\n", list[i].pid, list[i].events);
  }
  if (apart && !opt.quiet)
    fprintf(stderr, "ze_trace: open %s in ui.perfetto.dev or chrome://tracing\n",
            apart == 1 ? "it" : "them");
  free(usable);
  free(take);
  return problem;
}

int main(int argc, char** argv) {
  int program = 0;
  int r = parse_options(argc, argv, &program);
  if (r != 0 || program == 0) return r;
  char tool[PATH_MAX];
  if (find_tool(tool, sizeof tool) != 0) {
    fprintf(stderr, "ze_trace: cannot find libze_trace.so next to this program (%s)\n", tool);
    return EXIT_TOOL;
  }
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  opt.base_ns = (unsigned long long)ts.tv_sec * 1000000000u + (unsigned long long)ts.tv_nsec;
  /* the run folder: next to the output (same file system, also when shared between nodes), or
     in TMPDIR */
  const char* tmpdir = getenv("TMPDIR");
  if (opt.output)
    snprintf(opt.run_dir, sizeof opt.run_dir, "%.*s.ze_trace-run.XXXXXX",
             (int)(strrchr(opt.output_abs, '/') + 1 - opt.output_abs), opt.output_abs);
  else
    snprintf(opt.run_dir, sizeof opt.run_dir, "%s/ze_trace-run.XXXXXX",
             tmpdir && *tmpdir ? tmpdir : "/tmp");
  if (!mkdtemp(opt.run_dir)) {
    fprintf(stderr, "ze_trace: cannot create %s: %s\n", opt.run_dir, strerror(errno));
    return EXIT_TOOL;
  }
  if (set_environment(tool) != 0) {
    rmdir(opt.run_dir);
    return EXIT_TOOL;
  }
  int status = run(argv + program);
  size_t n = 0;
  process* list = collect(&n);
  if (!opt.not_run && finish_run(list, n) && status == 0) status = EXIT_TOOL;
  for (size_t i = 0; i < n; i++) free(list[i].file);
  free(list);
  free(opt.output_abs);
  return status;
}
