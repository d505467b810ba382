# Tests of engine/seq2seq (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_encoderdecodermodel SOURCES seq2seq/tst_encoderdecodermodel.cpp)
headmap_add_test(tst_seq2seqlanguages SOURCES seq2seq/tst_seq2seqlanguages.cpp)
