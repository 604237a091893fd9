
/* ==== >>backends ========================================================================== */
/* The backends, one per API group, in the order of their api ids' ranges. */

static const ptic__backend* const ptic__backend_list[] = {
    &ptic__ze_backend,
#ifndef PTIC_NO_OPENCL
    &ptic__cl_backend,
#endif
};

static PTIC_ALWAYS_INLINE const ptic__backend* ptic__backend_at(uint32_t b) { return ptic__backend_list[b]; }
static uint32_t ptic__backend_count(void) {
  return PTIC_SCAST(uint32_t, sizeof ptic__backend_list / sizeof ptic__backend_list[0]);
}
static void ptic__thread_end_backends(ptic__thread* t) {
  for (uint32_t b = 0; b < ptic__backend_count(); b++) ptic__backend_at(b)->thread_end(t);
}

#endif /* PTI_CALLBACK_IMPLEMENTATION_INCLUDED */
