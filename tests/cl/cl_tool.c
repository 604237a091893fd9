/* cl_tool.c - the implementation as a shared library (libptic_cl.so) that the OpenCL tests
   link: a tool must be a shared object to be the OpenCL layer the library needs. */
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"
