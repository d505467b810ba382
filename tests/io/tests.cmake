# engine/io with the stacks of encoder–decoder runs (headmap_add_test is defined in
# tests/CMakeLists.txt): JSON, CSV and .npy of T×S heads on hand-made traces.
headmap_add_test(tst_traceexportstacks SOURCES io/tst_traceexportstacks.cpp)
