# Tests of ui/steps, the step-by-step walk-through (headmap_add_test is in tests/CMakeLists.txt).
headmap_add_test(tst_matrixview SOURCES ui/tst_matrixview.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_stepview SOURCES ui/tst_stepview.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_stepview_decoders SOURCES ui/tst_stepview_decoders.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_stepview_predictions SOURCES ui/tst_stepview_predictions.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_stepview_cross SOURCES ui/tst_stepview_cross.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_stepview_sinkexperts SOURCES ui/tst_stepview_sinkexperts.cpp LIBRARIES headmap_ui)
headmap_add_test(tst_mainwindow_sinkexperts SOURCES ui/tst_mainwindow_sinkexperts.cpp LIBRARIES headmap_ui)
