# Tests of engine/analysis and io/NpyWriter (headmap_add_test is defined in tests/CMakeLists.txt).
# The golden cases come from tests/golden/analysis/make_analysis_golden.py.
headmap_add_test(tst_headstatistics
  SOURCES analysis/tst_headstatistics.cpp)
headmap_add_test(tst_attentionrollout
  SOURCES analysis/tst_attentionrollout.cpp)
headmap_add_test(tst_attentiontransforms
  SOURCES analysis/tst_attentiontransforms.cpp)
headmap_add_test(tst_npywriter
  SOURCES analysis/tst_npywriter.cpp)
# Pieces merged into words, against tests/golden/analysis/make_word_golden.py (numpy).
headmap_add_test(tst_wordaggregation SOURCES analysis/tst_wordaggregation.cpp)
# α·‖v·W_O‖ (Kobayashi et al. 2020) on hand-made traces; the norms against PyTorch are in tst_headablation.
headmap_add_test(tst_attentionmeasure SOURCES analysis/tst_attentionmeasure.cpp)
# Level-of-detail tiles for long heatmaps against brute-force pooling of the original matrix.
headmap_add_test(tst_attentionpyramid SOURCES analysis/tst_attentionpyramid.cpp)
# The rollout layer by layer in bounded memory: the same bits as attentionRollout in any order.
headmap_add_test(tst_rolloutseries
  SOURCES analysis/tst_rolloutseries.cpp)
# Head roles over a corpus (#38): each score on hand-made heads with answers worked out by hand,
# the accumulator over documents, and the corpus file read one document at a time.
headmap_add_test(tst_headroles SOURCES analysis/tst_headroles.cpp)
headmap_add_test(tst_headrolescorer SOURCES analysis/tst_headrolescorer.cpp)
headmap_add_test(tst_corpusreader SOURCES analysis/tst_corpusreader.cpp)
# scoreCorpus and the induction probe with the built-in models: progress, stopping, the probe's seed.
headmap_add_test(tst_headrolerun SOURCES analysis/tst_headrolerun.cpp)
headmap_add_test(tst_repeatcopying SOURCES analysis/tst_repeatcopying.cpp)
