# Tests of engine/formats (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_safetensorsfile SOURCES formats/tst_safetensorsfile.cpp
  formats/ByteMutator.cpp)
headmap_add_test(tst_checkpoint SOURCES formats/tst_checkpoint.cpp)
headmap_add_test(tst_gguffile SOURCES formats/tst_gguffile.cpp
  formats/ByteMutator.cpp)
headmap_add_test(tst_ggufmetadata SOURCES formats/tst_ggufmetadata.cpp)
headmap_add_test(tst_ggmlquants SOURCES formats/tst_ggmlquants.cpp)
headmap_add_test(tst_keepingcheckpoint SOURCES formats/tst_keepingcheckpoint.cpp)
