# Tests of engine/tokenizers (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_wordpiecetokenizer SOURCES tokenizers/tst_wordpiecetokenizer.cpp tokenizers/TokenGolden.cpp)
headmap_add_test(tst_bytelevelbpetokenizer SOURCES tokenizers/tst_bytelevelbpetokenizer.cpp tokenizers/TokenGolden.cpp)
headmap_add_test(tst_tokenizerjson SOURCES tokenizers/tst_tokenizerjson.cpp tokenizers/TokenizerJsonBuilder.cpp
  tokenizers/TokenGolden.cpp)
headmap_add_test(tst_tokenizerjsonerrors SOURCES tokenizers/tst_tokenizerjsonerrors.cpp
  tokenizers/TokenizerJsonBuilder.cpp)
headmap_add_test(tst_legacytokenizerfiles SOURCES tokenizers/tst_legacytokenizerfiles.cpp tokenizers/TokenGolden.cpp)
headmap_add_test(tst_tokenizerfiles SOURCES tokenizers/tst_tokenizerfiles.cpp tokenizers/TokenGolden.cpp)
headmap_add_test(tst_tokenlimit SOURCES tokenizers/tst_tokenlimit.cpp tokenizers/TokenGolden.cpp)
headmap_add_test(tst_moderntokenizers SOURCES tokenizers/tst_moderntokenizers.cpp tokenizers/TokenGolden.cpp)
headmap_add_test(tst_tokenlabels SOURCES tokenizers/tst_tokenlabels.cpp tokenizers/TokenGolden.cpp)
headmap_add_test(tst_gguftokenizer SOURCES tokenizers/tst_gguftokenizer.cpp tokenizers/TokenGolden.cpp)
