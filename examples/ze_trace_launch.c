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
   at its exit, leaves an entry naming its trace file, and a time base (ZE_TRACE_BASE_NS) that
   all of them use for time 0. After PROGRAM exits it lists the files of this run, not older
   ones, and with --merge joins them into one file (they share time 0: their event arrays are
   concatenated as they are) in which each process is its own group of tracks.

     make examples
     ZE_ENABLE_ALT_DRIVERS=$PWD/build/libze_sim.so ./build/ze_trace -o t.json ./build/workload
*/
#define _GNU_SOURCE /* CLOCK_MONOTONIC_RAW, mkdtemp, getopt_long */
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
    "                       instead. The files of this run are listed when PROGRAM exits\n"
    "  -m, --merge          after PROGRAM exits, merge this run's traces into FILE itself (one\n"
    "                       track group per process) and remove the per-process files\n"
    "  -q, --quiet          no summaries and no list of files (problems are still reported)\n"
    "      --max-events N   events kept per process for its trace (default 1000000, 80 bytes\n"
    "                       each, at most 1000000000); later ones are counted, not kept\n"
    "      --flush-ms N     at each process's exit, wait up to N ms (default 3000, at most\n"
    "                       3600000) for GPU operations still running; the rest count as lost\n"
    "  -h, --help           this text\n"
    "\n"
    "Exit status: PROGRAM's (128+N when signal N ended it); 2 for a bad option, 125 when ze_trace\n"
    "itself fails, 126 when PROGRAM cannot be executed, 127 when it is not found.\n"
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

/* Checks -o: a file name in an existing folder this user may write in. */
static int check_output(void) {
  size_t n = strlen(opt.output);
  if (n == 0) return usage_error("-o: the file name is empty");
  if (opt.output[n - 1] == '/') return usage_error("-o %s: a file name is needed, not a folder", opt.output);
  if (opt.merge && strstr(opt.output, "%p"))
    return usage_error("--merge writes one file: -o %s must not contain %%p", opt.output);
  struct stat st;
  if (stat(opt.output, &st) == 0 && S_ISDIR(st.st_mode))
    return usage_error("-o %s: a file name is needed, not a folder", opt.output);
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
  return ok ? 0 : usage_error("-o %s: cannot write in its folder: %s", opt.output, strerror(e));
}

/* Parses the options; returns 0 and sets *program to the index of PROGRAM, or an exit status. */
static int parse_options(int argc, char** argv, int* program) {
  enum { MAX_EVENTS = 256, FLUSH_MS };
  static const struct option longs[] = {
      {"output", required_argument, NULL, 'o'},       {"merge", no_argument, NULL, 'm'},
      {"quiet", no_argument, NULL, 'q'},              {"help", no_argument, NULL, 'h'},
      {"max-events", required_argument, NULL, MAX_EVENTS},
      {"flush-ms", required_argument, NULL, FLUSH_MS}, {NULL, 0, NULL, 0}};
  opterr = 0; /* the messages below instead */
  for (;;) {
    int c = getopt_long(argc, argv, "+:o:mqh", longs, NULL);
    if (c == -1) break;
    switch (c) {
    case 'o': opt.output = optarg; break;
    case 'm': opt.merge = 1; break;
    case 'q': opt.quiet = 1; break;
    case 'h': fputs(usage_text, stdout); return EXIT_SUCCESS;
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
      unsetenv("ZE_TRACE_HELP"))
    return -1;
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

/* ---- after the run: the processes' entries, the list, the merge ---- */

typedef struct process {
  long pid, rank; /* rank -1: none */
  char name[64];
  unsigned long long base_ns, events, dropped;
  char* file; /* NULL: traced without a file (no -o), or it could not be written */
} process;

/* One entry of the run folder: key=value lines written by libze_trace.so (write_entry). */
static int read_entry(int dir, const char* name, process* p) {
  int fd = openat(dir, name, O_RDONLY | O_CLOEXEC);
  FILE* f = fd >= 0 ? fdopen(fd, "r") : NULL;
  if (!f) {
    if (fd >= 0) close(fd);
    return -1;
  }
  memset(p, 0, sizeof *p);
  p->rank = -1;
  char line[PATH_MAX + 16];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    char* v = strchr(line, '=');
    if (!v) continue;
    *v++ = '\0';
    if (!strcmp(line, "pid")) p->pid = strtol(v, NULL, 10);
    else if (!strcmp(line, "rank") && *v) p->rank = strtol(v, NULL, 10);
    else if (!strcmp(line, "name")) snprintf(p->name, sizeof p->name, "%s", v);
    else if (!strcmp(line, "base_ns")) p->base_ns = strtoull(v, NULL, 10);
    else if (!strcmp(line, "events")) p->events = strtoull(v, NULL, 10);
    else if (!strcmp(line, "dropped")) p->dropped = strtoull(v, NULL, 10);
    else if (!strcmp(line, "file")) p->file = strdup(v);
  }
  fclose(f);
  return p->pid > 0 ? 0 : -1; /* an empty entry: the process died while writing */
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

/* A path as the user would write it: relative to the current folder when under it. */
static const char* shown(const char* path) {
  size_t n = strlen(opt.cwd);
  return strncmp(path, opt.cwd, n) == 0 && path[n] == '/' ? path + n + 1 : path;
}

/* The traceEvents elements of a per-process file, as ze_trace.c writes it: the array starts
   after "traceEvents":[ and a newline, and the file ends with "\n]}\n". Sets *from and *len
   to their place in the file; returns -1 for a file that is not like that. */
static int events_range(const char* path, off_t* from, off_t* len) {
  static const char open_mark[] = "\"traceEvents\":[\n", close_mark[] = "\n]}\n";
  char head[4096], tail[sizeof close_mark - 1];
  struct stat st;
  FILE* in = fopen(path, "r");
  if (!in) return -1;
  size_t n = fread(head, 1, sizeof head - 1, in);
  head[n] = '\0';
  char* start = strstr(head, open_mark);
  *from = start ? (off_t)(start - head) + (off_t)sizeof open_mark - 1 : 0;
  int ok = start && fstat(fileno(in), &st) == 0 && st.st_size > *from + (off_t)sizeof tail &&
           fseeko(in, st.st_size - (off_t)sizeof tail, SEEK_SET) == 0 &&
           fread(tail, 1, sizeof tail, in) == sizeof tail &&
           memcmp(tail, close_mark, sizeof tail) == 0;
  fclose(in);
  if (ok) *len = st.st_size - (off_t)sizeof tail - *from;
  return ok ? 0 : -1;
}

static int copy_range(FILE* out, const char* path, off_t from, off_t len) {
  char buf[1 << 16];
  FILE* in = fopen(path, "r");
  int ok = in && fseeko(in, from, SEEK_SET) == 0;
  while (ok && len > 0) {
    size_t k = fread(buf, 1, len < (off_t)sizeof buf ? (size_t)len : sizeof buf, in);
    ok = k > 0 && fwrite(buf, 1, k, out) == k;
    len -= (off_t)k;
  }
  if (in) fclose(in);
  return ok ? 0 : -1;
}

/* Writes opt.output_abs from the files of the processes that share the run's time 0 (all of
   them, unless a program changed ZE_TRACE_BASE_NS), through a temporary file renamed into
   place. Sets merged[i] for each process whose file is in it; returns the number, or -1. */
static int merge(const process* list, size_t n, int* merged, unsigned long long* events) {
  off_t* from = calloc(n, sizeof *from);
  off_t* len = calloc(n, sizeof *len);
  size_t size = strlen(opt.output_abs) + 8;
  char* tmp = malloc(size);
  FILE* out = NULL;
  int count = 0;
  if (from && len && tmp) {
    const char* base = strrchr(opt.output_abs, '/') + 1;
    snprintf(tmp, size, "%.*s.%s.tmp", (int)(base - opt.output_abs), opt.output_abs, base);
    out = fopen(tmp, "w");
  }
  if (out) {
    fprintf(out, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"ze_trace\","
                 "\"clock\":\"CLOCK_MONOTONIC_RAW\",\"base_ns\":%llu,\"processes\":[",
            opt.base_ns);
    for (size_t i = 0; i < n; i++) {
      merged[i] = list[i].file && list[i].base_ns == opt.base_ns &&
                  events_range(list[i].file, &from[i], &len[i]) == 0;
      if (list[i].file && !merged[i])
        fprintf(stderr, "ze_trace: %s is not a complete trace of this run: not merged\n",
                shown(list[i].file));
      if (!merged[i]) continue;
      fprintf(out, "%s{\"pid\":%ld,\"rank\":", count ? "," : "", list[i].pid);
      if (list[i].rank >= 0) fprintf(out, "%ld", list[i].rank);
      else fputs("null", out);
      fprintf(out, ",\"events\":%llu,\"dropped_events\":%llu}", list[i].events, list[i].dropped);
      count++;
    }
    fputs("]},\n\"traceEvents\":[\n", out);
    *events = 0;
    for (size_t i = 0, k = 0; i < n; i++) {
      if (!merged[i]) continue;
      if (k++) fputs(",\n", out); /* each file's last element has no comma */
      if (copy_range(out, list[i].file, from[i], len[i]) != 0) count = -1;
      *events += list[i].events;
    }
    fputs("\n]}\n", out);
    if (ferror(out)) count = -1;
    if (fclose(out) != 0) count = -1;
    if (count > 0 && rename(tmp, opt.output_abs) != 0) count = -1;
    if (count <= 0) unlink(tmp);
  } else {
    count = -1;
  }
  free(from);
  free(len);
  free(tmp);
  return count;
}

/* What the user sees after the run: the files, or the merged file. */
static void finish_run(const process* list, size_t n) {
  size_t files = 0;
  for (size_t i = 0; i < n; i++) files += list[i].file != NULL;
  if (n == 0 && (!opt.quiet || opt.output))
    fprintf(stderr, "ze_trace: no process used Level Zero%s\n", opt.output ? ": no trace written" : "");
  if (files == 0) return; /* or each traced process said why it could not write its file */
  int* merged = calloc(n, sizeof *merged);
  if (opt.merge) {
    unsigned long long events = 0;
    int count = merged ? merge(list, n, merged, &events) : -1;
    if (count > 0) {
      for (size_t i = 0; i < n; i++)
        if (merged[i]) unlink(list[i].file);
      if (!opt.quiet)
        fprintf(stderr, "ze_trace: merged %d trace%s into %s (%llu events): open it in "
                        "ui.perfetto.dev or chrome://tracing\n",
                count, count == 1 ? "" : "s", shown(opt.output_abs), events);
    } else {
      fprintf(stderr, "ze_trace: cannot write %s%s%s; the traces stay apart\n", shown(opt.output_abs),
              count < 0 ? ": " : "", count < 0 ? strerror(errno) : "");
      if (merged) memset(merged, 0, n * sizeof *merged);
    }
  }
  size_t apart = 0;
  for (size_t i = 0; i < n; i++) {
    if (!list[i].file || (merged && merged[i])) continue;
    apart++;
    if (opt.quiet && !opt.merge) continue;
    fprintf(stderr, "ze_trace: wrote %s (%s, ", shown(list[i].file), list[i].name);
    if (list[i].rank >= 0) fprintf(stderr, "rank %ld, ", list[i].rank);
    fprintf(stderr, "pid %ld, %llu events)\n", list[i].pid, list[i].events);
  }
  if (apart && !opt.quiet)
    fprintf(stderr, "ze_trace: open %s in ui.perfetto.dev or chrome://tracing\n",
            apart == 1 ? "it" : "them");
  free(merged);
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
  if (!opt.not_run) finish_run(list, n);
  for (size_t i = 0; i < n; i++) free(list[i].file);
  free(list);
  free(opt.output_abs);
  return status;
}
