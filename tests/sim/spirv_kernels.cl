/* spirv_kernels.cl - OpenCL C for tests/test_sim_spirv.c and tests/test_spirv.c: sim.mk compiles
   it to SPIR-V with clang-14 and llvm-spirv-14 (Debian packages), and the tests load that module
   through the real loader. The simulated device runs none of this code: it takes the kernels'
   names and argument counts from the module. */

/* Not a kernel: a function of the module, which has parameters of its own. */
float axpy(float a, float x, float y) { return a * x + y; }

__kernel void vector_add(__global const float *a, __global const float *b, __global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__kernel void saxpy(float a, __global const float *x, __global float *y, uint n) {
    size_t i = get_global_id(0);
    if (i < n) y[i] = axpy(a, x[i], y[i]);
}

__kernel void empty(void) {}
