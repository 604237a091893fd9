# zt_split.awk - where the instructions of one whole-process callgrind profile go (bench/zt_run.sh).
# Input: a profile written with --compress-strings=no --compress-pos=no.
# Output: "part NAME IR", each function's own instructions (not what it calls) by the part it
# belongs to: tool (ze_trace.c's functions, or all of unitrace's library), library
# (pti-callback: the pti*/ptic* functions of libze_trace.so), driver (the simulated device),
# loader (the Level Zero loader and its tracing layer), app (the workload), runtime (libc,
# libstdc++, ld.so: malloc, locks, stdio, whoever called them); then "total IR".
function part(o, f) {
  if (o ~ /libze_trace\.so/) return f ~ /^pti/ ? "library" : "tool"
  if (o ~ /libunitrace_tool/) return "tool"
  if (o ~ /libze_sim/) return "driver"
  if (o ~ /libze_loader|libze_tracing_layer/) return "loader"
  if (o ~ /zt_workload$/) return "app"
  return "runtime"
}
/^ob=/ { ob = substr($0, 4); next }
/^fn=/ { p = part(ob, substr($0, 4)); next }
/^calls=/ { incall = 1; next }
/^[0-9+-]/ {
  if (incall) incall = 0 # (a call's inclusive cost: counted where it is spent)
  else { sum[p] += $2; total += $2 }
}
END {
  for (k in sum) printf "part %s %d\n", k, sum[k]
  printf "total %d\n", total
}
