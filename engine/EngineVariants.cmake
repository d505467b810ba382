# Portable builds only (HEADMAP_PORTABLE, included by engine/CMakeLists.txt once headmap_engine
# has all its sources): the engine as a shared library, built once per x86-64 micro-architecture
# level and laid out for glibc-hwcaps (glibc >= 2.33, ld.so(8)):
#   lib/headmap/libheadmap-engine.so                          baseline x86-64 (SSE2), any x86-64
#   lib/headmap/glibc-hwcaps/x86-64-v3/libheadmap-engine.so   AVX2, FMA
#   lib/headmap/glibc-hwcaps/x86-64-v4/libheadmap-engine.so   AVX-512
# Each has the same soname, and the programs' RUNPATH reaches lib/headmap (app/CMakeLists.txt).
# The dynamic loader searches the glibc-hwcaps subfolders of every folder on the path, best
# level the processor supports first, and loads one copy per process; none of our code chooses.
# The same layout in the build tree (lib/headmap/ under the build folder) makes the programs and
# tests of a portable build pick their variant the same way.
set(HEADMAP_ENGINE_INSTALL_DIR lib/headmap)
set(HEADMAP_ENGINE_BUILD_DIR ${PROJECT_BINARY_DIR}/${HEADMAP_ENGINE_INSTALL_DIR})

# The variants' own calls (Eigen's kernels are templates the programs may instantiate too, at
# baseline) bind inside the library, so an AVX-512 engine never runs an SSE2 copy of a kernel
# that the executable happens to export.
set(headmapEngineLinkOptions -Wl,-Bsymbolic-functions)

set_target_properties(headmap_engine PROPERTIES
  OUTPUT_NAME headmap-engine
  LIBRARY_OUTPUT_DIRECTORY ${HEADMAP_ENGINE_BUILD_DIR})
target_link_options(headmap_engine PRIVATE ${headmapEngineLinkOptions})
install(TARGETS headmap_engine LIBRARY DESTINATION ${HEADMAP_ENGINE_INSTALL_DIR})

# The levels built besides the baseline; headmap_engine_<level> targets. Empty off x86-64 or with
# a compiler that lacks -march=x86-64-v3 (GCC >= 11, clang >= 12).
set(HEADMAP_ENGINE_VARIANTS "")
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  include(CheckCXXCompilerFlag)
  check_cxx_compiler_flag(-march=x86-64-v4 HEADMAP_HAS_MARCH_X86_64_V4)
  if(HEADMAP_HAS_MARCH_X86_64_V4)
    set(HEADMAP_ENGINE_VARIANTS x86-64-v3 x86-64-v4)
  else()
    message(WARNING "${CMAKE_CXX_COMPILER} lacks -march=x86-64-v4: the portable engine is baseline x86-64 only")
  endif()
endif()

# Everything headmap_engine was given (sources, includes, definitions, libraries) for each level.
get_target_property(headmapEngineSources headmap_engine SOURCES)
get_target_property(headmapEngineLibraries headmap_engine LINK_LIBRARIES)
get_target_property(headmapEngineIncludes headmap_engine INCLUDE_DIRECTORIES)
get_target_property(headmapEngineDefinitions headmap_engine COMPILE_DEFINITIONS)
get_target_property(headmapEngineOptions headmap_engine COMPILE_OPTIONS)
# A new target starts with its folder's options (-Wall ...); copy only the engine's own.
get_directory_property(folderOptions COMPILE_OPTIONS)
if(headmapEngineOptions AND folderOptions)
  list(REMOVE_ITEM headmapEngineOptions ${folderOptions})
endif()
set(HEADMAP_ENGINE_VARIANT_TARGETS "")
foreach(level IN LISTS HEADMAP_ENGINE_VARIANTS)
  string(REPLACE "-" "_" suffix ${level})
  set(target headmap_engine_${suffix})
  add_library(${target} SHARED ${headmapEngineSources})
  target_include_directories(${target} PRIVATE ${headmapEngineIncludes})
  target_link_libraries(${target} PRIVATE ${headmapEngineLibraries})
  if(headmapEngineDefinitions)
    target_compile_definitions(${target} PRIVATE ${headmapEngineDefinitions})
  endif()
  if(headmapEngineOptions)
    target_compile_options(${target} PRIVATE ${headmapEngineOptions})
  endif()
  target_compile_options(${target} PRIVATE -march=${level})
  target_link_options(${target} PRIVATE ${headmapEngineLinkOptions})
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME headmap-engine
    LIBRARY_OUTPUT_DIRECTORY ${HEADMAP_ENGINE_BUILD_DIR}/glibc-hwcaps/${level})
  install(TARGETS ${target} LIBRARY DESTINATION ${HEADMAP_ENGINE_INSTALL_DIR}/glibc-hwcaps/${level})
  list(APPEND HEADMAP_ENGINE_VARIANT_TARGETS ${target})
endforeach()
message(STATUS "Portable engine: lib/headmap/libheadmap-engine.so (x86-64), glibc-hwcaps variants: ${HEADMAP_ENGINE_VARIANTS}")
# For app/CMakeLists.txt: programs run at build time (man pages) must not start while a variant
# is half written, so they wait for all of them.
set(HEADMAP_ENGINE_INSTALL_DIR ${HEADMAP_ENGINE_INSTALL_DIR} PARENT_SCOPE)
set(HEADMAP_ENGINE_VARIANT_TARGETS ${HEADMAP_ENGINE_VARIANT_TARGETS} PARENT_SCOPE)
