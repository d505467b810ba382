# Tests of engine/core, engine/io and the teaching model (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_multiheadattention SOURCES engine/tst_multiheadattention.cpp)
headmap_add_test(tst_linear SOURCES engine/tst_linear.cpp)
headmap_add_test(tst_columnshare SOURCES engine/tst_columnshare.cpp)
# The same products with OpenBLAS threading them itself (core/Linear.cpp, HEADMAP_DENSE_SPLIT=0)
# instead of OpenMP splitting their columns: both paths must give y = x·W + b.
add_test(NAME tst_linear_blas_threads COMMAND tst_linear)
set_tests_properties(tst_linear_blas_threads PROPERTIES ENVIRONMENT "HEADMAP_DENSE_SPLIT=0" TIMEOUT 600)
# A build with oneDNN (HEADMAP_ONEDNN) sends the larger products to it; the same checks with
# HEADMAP_DENSE=openblas keep OpenBLAS's path tested too (#40).
add_test(NAME tst_linear_openblas COMMAND tst_linear)
set_tests_properties(tst_linear_openblas PROPERTIES ENVIRONMENT "HEADMAP_DENSE=openblas" TIMEOUT 600)
headmap_add_test(tst_teachingmodel SOURCES engine/tst_teachingmodel.cpp)
headmap_add_test(tst_teachingtokenizer SOURCES engine/tst_teachingtokenizer.cpp)
# builtin:translation, the teaching encoder–decoder (tests/golden/teaching_translation_golden.json).
headmap_add_test(tst_teachingtranslationmodel SOURCES engine/tst_teachingtranslationmodel.cpp)
headmap_add_test(tst_teachingtranslationtokenizer SOURCES engine/tst_teachingtranslationtokenizer.cpp)
headmap_add_test(tst_portablerandom SOURCES engine/tst_portablerandom.cpp)
headmap_add_test(tst_jsonwriter SOURCES engine/tst_jsonwriter.cpp)
headmap_add_test(tst_atomicfile SOURCES engine/tst_atomicfile.cpp)
headmap_add_test(tst_modelsummary SOURCES engine/tst_modelsummary.cpp)
headmap_add_test(tst_headablation SOURCES engine/tst_headablation.cpp)
headmap_add_test(tst_ondemandheads SOURCES engine/tst_ondemandheads.cpp)
headmap_add_test(tst_attentionrow SOURCES engine/tst_attentionrow.cpp)
# The mask rule of every layer as traces carry it (ModelSummary::layerMasks, AttentionTrace::cellMask).
headmap_add_test(tst_layermasks SOURCES engine/tst_layermasks.cpp)
headmap_add_test(tst_convertedweightbudget SOURCES engine/tst_convertedweightbudget.cpp)
