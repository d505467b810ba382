# ctest translations_up_to_date: lupdate run over the sources into copies of the .ts files must
# change nothing. A new tr() text (or one removed) fails here until someone runs
#   cmake --build build --target update_translations
# and translates the new entries (tst_translations then checks that they are finished).
# Arguments: LUPDATE, GENERATOR (Qt's GenerateLUpdateProject.cmake), PROJECT_IN (the
# .lupdate/*.cmake that qt_add_translations wrote), TS_DIR, WORK_DIR.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" -DIN_FILE=${PROJECT_IN} -DOUT_FILE=${WORK_DIR}/project.json
                        -P "${GENERATOR}"
                RESULT_VARIABLE generated)
if(NOT generated EQUAL 0)
  message(FATAL_ERROR "cannot write the lupdate project file from ${PROJECT_IN}")
endif()
file(GLOB originals "${TS_DIR}/*.ts")
# headmap_en.ts holds the plural forms alone (ui/CMakeLists.txt: lupdate -pluralonly).
function(update_copies)  # ARGN: lupdate options, then -ts and the files
  execute_process(COMMAND "${LUPDATE}" -silent -project "${WORK_DIR}/project.json" -no-obsolete -locations none
                          ${ARGN}
                  RESULT_VARIABLE updated ERROR_VARIABLE errors)
  if(NOT updated EQUAL 0)
    message(FATAL_ERROR "lupdate failed: ${errors}")
  endif()
endfunction()
set(copies)
foreach(original IN LISTS originals)
  get_filename_component(name "${original}" NAME)
  configure_file("${original}" "${WORK_DIR}/${name}" COPYONLY)
  if(name STREQUAL "headmap_en.ts")
    update_copies(-pluralonly -ts "${WORK_DIR}/${name}")
  else()
    list(APPEND copies "${WORK_DIR}/${name}")
  endif()
endforeach()
update_copies(-ts ${copies})
set(stale)
foreach(original IN LISTS originals)
  get_filename_component(name "${original}" NAME)
  file(READ "${original}" before)
  file(READ "${WORK_DIR}/${name}" after)
  if(NOT before STREQUAL after)
    list(APPEND stale "${name}")
  endif()
endforeach()
if(stale)
  message(FATAL_ERROR "${stale}: out of date with the sources (texts added or removed). Run "
                      "'cmake --build build --target update_translations', translate the new entries "
                      "and commit the .ts files. lupdate's version is in ${WORK_DIR}.")
endif()
message(STATUS "${originals}: up to date with the sources")
