/* ptic_impl.c - the implementation alone, compiled once per configuration (tests/tests.mk,
   IMPL_O) and linked into the tests that use it as it comes. */
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"
