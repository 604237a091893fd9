/* Stand-in for Intel PTI 1.0's pti/pti_version.h (tests/compile_check.sh): its guard, names
   and types, written for this test. PTI generates the real one at build time. */
#ifndef INCLUDE_PTI_VERSION_H_
#define INCLUDE_PTI_VERSION_H_

#include <stdint.h>

#include "pti/pti_export.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define PTI_VERSION_STRING "1.0.0"
#define PTI_VERSION_MAJOR 1
#define PTI_VERSION_MINOR 0
#define PTI_VERSION_PATCH 0

typedef struct pti_version {
  uint32_t _major;
  uint32_t _minor;
  uint32_t _patch;
} pti_version;

PTI_EXPORT const char* ptiVersionString(void);
pti_version PTI_EXPORT ptiVersion(void);

#if defined(__cplusplus)
}
#endif
#endif /* INCLUDE_PTI_VERSION_H_ */
