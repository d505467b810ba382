# ctest portable_install_rules: configures (does not build) a portable build of the source tree
# and checks the rules it generates for the engine's glibc-hwcaps variants
# (engine/EngineVariants.cmake, app/CMakeLists.txt): the three libraries, each compiled for its
# level and named libheadmap-engine.so, installed under lib/headmap/ and
# lib/headmap/glibc-hwcaps/x86-64-v{3,4}/, and the programs' RUNPATH rewritten to reach them.
# What they contain and which one loads is .ci/package.sh's job (it needs the full build).
#   cmake -DSOURCE_DIR=... -DWORK_DIR=... -DGENERATOR=... -DCXX_COMPILER=... -P PortableInstallRules.cmake
cmake_minimum_required(VERSION 3.22)
foreach(variable SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "PortableInstallRules.cmake needs -D${variable}=...")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK_DIR})
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR} -G ${GENERATOR}
          -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
          -DHEADMAP_PORTABLE=ON -DHEADMAP_BUILD_TESTS=OFF -DHEADMAP_BUILD_GUI=ON
  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "configuring a portable build failed:\n${output}")
endif()

set(failures "")
function(expect_match what text pattern)
  if(NOT text MATCHES "${pattern}")
    set(failures "${failures}\n  ${what}: no match for ${pattern}" PARENT_SCOPE)
  endif()
endfunction()

# The build rules: one compile per level, same file name in the glibc-hwcaps layout.
if(GENERATOR STREQUAL "Ninja")
  file(READ ${WORK_DIR}/build.ninja rules)
  if(rules MATCHES "-march=native")
    string(APPEND failures "\n  build.ninja: a portable build compiles with -march=native")
  endif()
  expect_match("baseline engine" "${rules}" "build lib/headmap/libheadmap-engine\\.so:")
  foreach(level x86-64-v3 x86-64-v4)
    expect_match("${level} engine" "${rules}" "build lib/headmap/glibc-hwcaps/${level}/libheadmap-engine\\.so:")
    expect_match("${level} compile flags" "${rules}" "FLAGS = [^\n]*-march=${level}")
  endforeach()
  string(REGEX MATCHALL "\n  SONAME = libheadmap-engine\\.so\n" sonames "${rules}")
  list(LENGTH sonames sonameCount)
  if(NOT sonameCount EQUAL 3)
    string(APPEND failures "\n  build.ninja: ${sonameCount} libraries with soname libheadmap-engine.so, expected 3")
  endif()
  # Alignment agreed between the variants and the baseline code that shares their objects.
  expect_match("Eigen alignment" "${rules}" "DEFINES = [^\n]*-DEIGEN_MAX_ALIGN_BYTES=64 -DEIGEN_MAX_STATIC_ALIGN_BYTES=64")
endif()

# The install rules. CMake writes each as file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}/DIR"
# TYPE ... FILES "BUILT FILE"), and rewrites a RUNPATH with file(RPATH_CHANGE FILE "..."
# OLD_RPATH "..." NEW_RPATH "...") (bracket arguments below: no CMake escapes in them).
function(expect_install script destination file)
  file(READ ${script} text)
  string(CONCAT pattern [=[file\(INSTALL DESTINATION "\${CMAKE_INSTALL_PREFIX}/]=] "${destination}"
                [=[" TYPE [A-Z_]+ FILES "[^"]*/]=] "${file}" [=["]=])
  string(REGEX MATCH "${pattern}" found "${text}")
  if(NOT found)
    set(failures "${failures}\n  ${script}: does not install ${file} into ${destination}" PARENT_SCOPE)
  endif()
endfunction()
function(expect_runpath script installed runpath)
  file(READ ${script} text)
  string(CONCAT pattern [=[FILE "\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/]=] "${installed}" [=["]=]
                "[ \n]*" [=[OLD_RPATH "[^"]*"]=] "[ \n]*" [=[NEW_RPATH "([^"]*)"]=])
  string(REGEX MATCH "${pattern}" found "${text}")
  if(NOT CMAKE_MATCH_1 STREQUAL runpath)
    set(failures "${failures}\n  ${script}: ${installed} gets RUNPATH '${CMAKE_MATCH_1}', expected '${runpath}'" PARENT_SCOPE)
  endif()
endfunction()

expect_install(${WORK_DIR}/engine/cmake_install.cmake lib/headmap lib/headmap/libheadmap-engine.so)
foreach(level x86-64-v3 x86-64-v4)
  expect_install(${WORK_DIR}/engine/cmake_install.cmake lib/headmap/glibc-hwcaps/${level}
    lib/headmap/glibc-hwcaps/${level}/libheadmap-engine.so)
endforeach()
# "\$ORIGIN" as cmake_install.cmake spells $ORIGIN.
expect_runpath(${WORK_DIR}/app/cmake_install.cmake bin/headmap-cli [=[\$ORIGIN/../lib/headmap]=])
expect_runpath(${WORK_DIR}/app/cmake_install.cmake bin/headmap [=[\$ORIGIN/../lib/headmap]=])
expect_runpath(${WORK_DIR}/app/cmake_install.cmake lib/headmap/libheadmap-render.so [=[\$ORIGIN]=])

if(failures)
  message(FATAL_ERROR "the portable build's variant rules are wrong:${failures}")
endif()
message(STATUS "portable build rules: three engine variants, installed for glibc-hwcaps, RUNPATH \$ORIGIN/../lib/headmap")
