/* The active copy of the implementation stays loaded after dlclose (README "Several tools in
   one process"): the other copies and their records point into it. argv[1]: a tool library
   built from the header with _GNU_SOURCE (build/libmt_a.so); this program has no copy of its
   own, so the tool's copy is the active one. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

static const char* tool;

static void active_copy_survives_dlclose(void** state) {
  (void)state;
  void* h = dlopen(tool, RTLD_NOW);
  assert_non_null(h);
  assert_int_equal(dlclose(h), 0);
  void* again = dlopen(tool, RTLD_NOW | RTLD_NOLOAD);
  assert_non_null(again);
  dlclose(again);
}

int main(int argc, char** argv) {
  tool = argc > 1 ? argv[1] : "build/libmt_a.so";
  const struct CMUnitTest tests[] = {cmocka_unit_test(active_copy_survives_dlclose)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
