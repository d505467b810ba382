# Tests of engine/local (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_ollamastore SOURCES local/tst_ollamastore.cpp)
headmap_add_test(tst_lmstudiostore SOURCES local/tst_lmstudiostore.cpp)
