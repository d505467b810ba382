# headmap FILE (the .desktop file's Exec=headmap %f): sessions and model folders open from the
# command line, run as a real process.
headmap_add_test(tst_guiarguments SOURCES package/tst_guiarguments.cpp LIBRARIES Qt6::Gui)
target_compile_definitions(tst_guiarguments PRIVATE HEADMAP_GUI_PATH="$<TARGET_FILE:headmap>"
  HEADMAP_VERSION="${PROJECT_VERSION}")
add_dependencies(tst_guiarguments headmap)
# The portable package's engine variants (engine/EngineVariants.cmake): a portable build of this
# source tree is configured, not built, and its build and install rules checked.
add_test(NAME portable_install_rules
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
          -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/portable_install_rules
          -DGENERATOR=${CMAKE_GENERATOR} -DCXX_COMPILER=${CMAKE_CXX_COMPILER}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/package/PortableInstallRules.cmake)
set_tests_properties(portable_install_rules PROPERTIES TIMEOUT 120)
# The .deb's Maintainer field: which values pass, and package.sh's refusal of a bad one.
add_test(NAME package_maintainer_field
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
          -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/package_maintainer_field
          -P ${CMAKE_CURRENT_SOURCE_DIR}/package/MaintainerField.cmake)
set_tests_properties(package_maintainer_field PROPERTIES TIMEOUT 60)
