# The Danish and Chinese interface: widgets in each language, the .ts files complete.
headmap_add_test(tst_translations SOURCES ui/tst_translations.cpp LIBRARIES headmap_ui)
target_compile_definitions(tst_translations PRIVATE
  HEADMAP_TRANSLATIONS_DIR="${PROJECT_SOURCE_DIR}/resources/translations"
  HEADMAP_GUI_PATH="$<TARGET_FILE:headmap>")
add_dependencies(tst_translations headmap)
# Every tr() text of the sources is in the .ts files (and no text they no longer have).
add_test(NAME translations_up_to_date
  COMMAND ${CMAKE_COMMAND} -DLUPDATE=$<TARGET_FILE:Qt6::lupdate>
          -DGENERATOR=${Qt6LinguistTools_DIR}/GenerateLUpdateProject.cmake
          -DPROJECT_IN=${PROJECT_BINARY_DIR}/ui/.lupdate/headmap_ui_project.cmake
          -DTS_DIR=${PROJECT_SOURCE_DIR}/resources/translations
          -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/translations_up_to_date
          -P ${CMAKE_CURRENT_SOURCE_DIR}/ui/TranslationsUpToDate.cmake)
set_tests_properties(translations_up_to_date PROPERTIES TIMEOUT 300)
