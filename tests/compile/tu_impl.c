/* One translation unit defines the implementation; the header is included twice. */
#include "pti_callback.h"
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"
#include "pti_callback.h"
#include "pti_callback_impl.h"
