# Tests of engine/patterns (headmap_add_test is defined in tests/CMakeLists.txt). The test also
# runs headmap-cli, so it depends on it.
headmap_add_test(tst_patternsmodel SOURCES patterns/tst_patternsmodel.cpp)
add_dependencies(tst_patternsmodel headmap-cli)
headmap_add_test(tst_patternspredictions SOURCES patterns/tst_patternspredictions.cpp)
