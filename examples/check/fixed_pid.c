/* fixed_pid.c - test helper for examples/check/launcher_check.sh (not an example).

   Preloaded into the launcher (and so into every process it starts): getpid() returns
   $FIXED_PID when it is set. Two runs started with one FIXED_PID then have processes with one
   pid, as when the system reuses a pid, deterministically. Only calls through the dynamic
   symbol change (libze_trace.so's, the launcher's, the shell's $$); the kernel's pids do not.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

pid_t getpid(void) {
  const char* v = getenv("FIXED_PID");
  return v && *v ? (pid_t)atoi(v) : (pid_t)syscall(SYS_getpid);
}
