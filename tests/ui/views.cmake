# Tests of ui/views (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_headgridview SOURCES ui/tst_headgridview.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_comparisonview SOURCES ui/tst_comparisonview.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_statisticsview SOURCES ui/tst_statisticsview.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_rolloutview SOURCES ui/tst_rolloutview.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_session SOURCES ui/tst_session.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_mainwindow_feedback SOURCES ui/tst_mainwindow_feedback.cpp LIBRARIES headmap_ui)
