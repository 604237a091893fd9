/* Stand-in for Intel PTI's pti/pti_export.h (tests/compile_check.sh). PTI's build generates
   that file with CMake's generate_export_header: this is the generator's shape for the base
   name "pti" (guard PTI_EXPORT_H, PTI_STATIC_DEFINE for a static library). */
#ifndef PTI_EXPORT_H
#define PTI_EXPORT_H

#ifdef PTI_STATIC_DEFINE
#define PTI_EXPORT
#define PTI_NO_EXPORT
#else
#ifndef PTI_EXPORT
#define PTI_EXPORT __attribute__((visibility("default")))
#endif
#ifndef PTI_NO_EXPORT
#define PTI_NO_EXPORT __attribute__((visibility("hidden")))
#endif
#endif

#ifndef PTI_DEPRECATED
#define PTI_DEPRECATED __attribute__((__deprecated__))
#endif

#endif /* PTI_EXPORT_H */
