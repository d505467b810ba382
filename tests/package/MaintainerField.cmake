# ctest package_maintainer_field: which values .ci/maintainer_field.sh takes as the .deb's
# Maintainer (a name, then an address in angle brackets), and that package.sh refuses a
# malformed HEADMAP_PACKAGE_MAINTAINER before it builds anything. That a good value reaches the
# .deb is package.sh's own check (.ci/run sets one).
#   cmake -DSOURCE_DIR=... -DWORK_DIR=... -P MaintainerField.cmake
cmake_minimum_required(VERSION 3.22)
foreach(variable SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "MaintainerField.cmake needs -D${variable}=...")
  endif()
endforeach()
set(helper ${SOURCE_DIR}/.ci/maintainer_field.sh)
set(failures "")

# Rows: name | value | 1 when it is a valid Maintainer field.
set(rows
  "name_and_address|Ada Lovelace <ada@example.org>|1"
  "one_word_name|Headmap <team@example.org>|1"
  "address_without_domain_dot|A <a@b>|1"
  "no_address|Headmap maintainers|0"
  "address_only|<ada@example.org>|0"
  "address_without_at|Ada <ada.example.org>|0"
  "space_in_address|Ada <ada l@example.org>|0"
  "text_after_address|Ada <ada@example.org> x|0"
  "no_space_before_address|Ada<ada@example.org>|0")
foreach(row IN LISTS rows)
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 name)
  list(GET fields 1 value)
  list(GET fields 2 valid)
  execute_process(COMMAND bash -c "source \"$0\" && is_maintainer_field \"$1\"" ${helper} "${value}"
                  RESULT_VARIABLE result)
  if(valid AND NOT result EQUAL 0)
    string(APPEND failures "\n  ${name}: '${value}' refused")
  elseif(NOT valid AND result EQUAL 0)
    string(APPEND failures "\n  ${name}: '${value}' accepted")
  endif()
endforeach()

# package.sh with a malformed value: exit status 1, the message names the value, and no build
# folder appears.
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env "HEADMAP_PACKAGE_MAINTAINER=Headmap maintainers"
          HEADMAP_PACKAGE_BUILD_DIR=${WORK_DIR}/build bash ${SOURCE_DIR}/.ci/package.sh
  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 1)
  string(APPEND failures "\n  package.sh exited with '${result}', expected 1:\n${output}")
endif()
if(NOT output MATCHES "HEADMAP_PACKAGE_MAINTAINER 'Headmap maintainers' is not 'Name <address>'")
  string(APPEND failures "\n  package.sh said:\n${output}")
endif()
if(EXISTS ${WORK_DIR}/build)
  string(APPEND failures "\n  package.sh created ${WORK_DIR}/build before refusing")
endif()

if(failures)
  message(FATAL_ERROR "maintainer field:${failures}")
endif()
list(LENGTH rows count)
message(STATUS "maintainer field: ${count} rows and package.sh's refusal ok")
