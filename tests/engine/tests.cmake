# Tests of engine/core, engine/io and the teaching model (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_multiheadattention SOURCES engine/tst_multiheadattention.cpp engine/GoldenFile.cpp)
headmap_add_test(tst_teachingmodel SOURCES engine/tst_teachingmodel.cpp engine/GoldenFile.cpp)
headmap_add_test(tst_teachingtokenizer SOURCES engine/tst_teachingtokenizer.cpp)
headmap_add_test(tst_portablerandom SOURCES engine/tst_portablerandom.cpp)
headmap_add_test(tst_jsonwriter SOURCES engine/tst_jsonwriter.cpp)
headmap_add_test(tst_atomicfile SOURCES engine/tst_atomicfile.cpp)
headmap_add_test(tst_modelsummary SOURCES engine/tst_modelsummary.cpp)
headmap_add_test(tst_headablation SOURCES engine/tst_headablation.cpp engine/GoldenFile.cpp)
