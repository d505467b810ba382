# Tests of ui/figures (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_figures SOURCES ui/tst_figures.cpp LIBRARIES headmap_ui)
# SVG and PDF exports rasterised by rsvg-convert and pdftoppm against the PNG (.ci/setup.sh installs both).
headmap_add_test(tst_figurerasters SOURCES ui/tst_figurerasters.cpp LIBRARIES headmap_ui)
