/* sim_log.c - test helper for examples/check/ze_trace_check.py (not an example).

   Preloaded together with libze_trace.so into a program running on the simulated device: at
   exit it writes the device's own log of completed commands (tests/sim/ze_sim.h) to the file
   named by $SIM_LOG_FILE, one command a line:

       <kind> <kernel name or -> <device start tick> <device end tick>

   kind is ze_sim_command_kind_t. The log holds every command the device ran, those pti-callback
   appends for itself included; it is the reference the trace's timestamps are checked against.
*/
#define _GNU_SOURCE
#include "ze_sim.h"

#include <stdio.h>
#include <stdlib.h>

static void write_log(void) {
  const char* path = getenv("SIM_LOG_FILE");
  ze_sim_hooks_t sim;
  if (!path || ze_sim_hooks_load(&sim) != 0) return;
  FILE* f = fopen(path, "w");
  if (!f) return;
  ze_sim_command_record_t r;
  for (size_t i = 0; i < sim.LogCount(); i++)
    if (sim.LogGet(i, &r) == ZE_RESULT_SUCCESS)
      fprintf(f, "%d %s %llu %llu\n", (int)r.kind, r.kernel_name[0] ? r.kernel_name : "-",
              (unsigned long long)r.device_start, (unsigned long long)r.device_end);
  fclose(f);
}

/* Preloaded, this library's destructor runs before the Level Zero loader's and the device's. */
__attribute__((destructor)) static void at_exit(void) { write_log(); }
