#!/bin/sh
# Runs an OpenCL test binary on both ICD loaders: the system's (Debian's ocl-icd) and, when
# tools/newest_opencl_loader.sh has fetched it, Debian unstable's Khronos loader (its folder
# first in the library path). $VALGRIND, when set, prefixes the binary (a dynamic loader's
# --library-path gets the Khronos folder in front). Usage: cl_check.sh CLNEW_ROOT BINARY [ARGS]
clnew=$1/usr/lib/x86_64-linux-gnu
shift
echo "-- ICD loader: the system's ($(dpkg-query -W -f '${Package} ${Version}' ocl-icd-libopencl1 2>/dev/null))"
$VALGRIND "$@" || status=1
if [ -e "$clnew/libOpenCL.so.1" ]; then
  echo "-- ICD loader: Khronos ($clnew)"
  case "$VALGRIND" in
    *--library-path*) runner=$(echo "$VALGRIND" | sed "s|--library-path |--library-path $clnew:|"); $runner "$@" || status=1 ;;
    *) LD_LIBRARY_PATH=$clnew${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} $VALGRIND "$@" || status=1 ;;
  esac
else
  echo "-- ICD loader: Khronos: not fetched (tools/newest_opencl_loader.sh): skipped"
  [ "${CL_NEW_REQUIRED:-0}" = 1 ] && status=1
fi
exit ${status:-0}
