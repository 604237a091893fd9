# cgsplit.awk - where the instructions of one callgrind profile go (run by bench/run.sh).
# Input: a profile written with --compress-strings=no --compress-pos=no.
# Output: "part NAME IR" for library (the ptic*/pti* functions), tracing_layer, loader, driver
# (the simulated device), bench (loop and callbacks); "fn NAME IR" for each library function;
# "total IR"; "calls library_to_level_zero IR": the inclusive cost of the library's own Level
# Zero calls (its completion tracking), already within the parts they reach; "calls
# driver_to_runtime IR": what the C runtime executed for the simulated driver (its locks and its
# worker thread's wake-ups, which depend on that thread's timing), already within the driver's
# part. The C runtime (libc, libstdc++, ld.so) belongs to no part: what it executes is charged
# to the part, and the library function, that called it.
function part(o, f) {
  if (f == "(below main)") return "runtime" # encloses main: what it "calls" is everything
  if (o ~ /libze_tracing_layer/) return "tracing_layer"
  if (o ~ /libze_loader/) return "loader"
  if (o ~ /libze_sim/) return "driver"
  if (o ~ /\/bench_(ze|ptic)$/) return f ~ /^pti/ ? "library" : "bench"
  return "runtime"
}
function add(ir) {
  if (p == "runtime") return
  sum[p] += ir
  total += ir
  if (p == "library") per[fn] += ir
}
/^ob=/ { ob = substr($0, 4); next }
/^fn=/ { fn = substr($0, 4); p = part(ob, fn); next }
/^cob=/ { cob = substr($0, 5); next }
/^cfn=/ { cfn = substr($0, 5); next }
/^calls=/ { incall = 1; next }
/^[0-9]/ {
  if (incall) { # inclusive cost of a call: counted here only when it enters the runtime
    callee = part(cob != "" ? cob : ob, cfn)
    if (callee == "runtime") {
      add($2)
      if (p == "driver") drt += $2 # (its locks and its worker thread's wake-ups)
    } else if (p == "library" && callee != "library" && callee != "bench") lib2ze += $2
    incall = 0
    cob = ""
  } else {
    add($2)
  }
}
END {
  for (k in sum) printf "part %s %d\n", k, sum[k]
  for (k in per) printf "fn %s %d\n", k, per[k]
  printf "total %d\n", total
  printf "calls library_to_level_zero %d\n", lib2ze
  printf "calls driver_to_runtime %d\n", drt
}
