/* tbb_client.cpp - a oneTBB program (Debian's libtbb12) for tests/itt/itt_check.sh: a flow graph
   of two nodes and a parallel_for. Built with TBB_USE_PROFILING_TOOLS=1, oneTBB's headers
   annotate the graph's nodes through libtbb's ITT static part, which loads the collector that
   INTEL_LIBITTNOTIFY64 names. Prints "tbb_client: OK". */
#define TBB_USE_PROFILING_TOOLS 1
#include <oneapi/tbb/flow_graph.h>
#include <oneapi/tbb/parallel_for.h>

#include <atomic>
#include <cstdio>

int main() {
  std::atomic<int> sum{0};
  tbb::flow::graph g;
  tbb::flow::function_node<int, int> square(g, tbb::flow::unlimited, [](int v) { return v * v; });
  tbb::flow::function_node<int> add(g, 1, [&](int v) {
    sum += v;
    return tbb::flow::continue_msg();
  });
  tbb::flow::make_edge(square, add);
  for (int i = 1; i <= 10; i++) square.try_put(i);
  g.wait_for_all();
  tbb::parallel_for(0, 1000, [&](int) { sum += 0; });
  std::printf("tbb_client: sum %d\n", sum.load());
  std::printf("tbb_client: %s\n", sum.load() == 385 ? "OK" : "FAILED");
  return sum.load() == 385 ? 0 : 1;
}
