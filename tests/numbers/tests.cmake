# builtin:numbers (issue #41): the shipped folder run by the engine (headmap_add_test is defined
# in tests/CMakeLists.txt); the folder is found under build/share/headmap/models/.
headmap_add_test(tst_numbersmodel SOURCES numbers/tst_numbersmodel.cpp)
headmap_add_test(tst_numberalignment SOURCES numbers/tst_numberalignment.cpp)
headmap_add_test(tst_shippedmodels SOURCES numbers/tst_shippedmodels.cpp)
