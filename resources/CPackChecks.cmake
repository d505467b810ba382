# Read by cpack (CPACK_PROJECT_CONFIG_FILE): a package made from a -march=native build would
# crash with "illegal instruction" on older processors, so cpack refuses one.
if(NOT CPACK_HEADMAP_PORTABLE_BUILD)
  message(FATAL_ERROR "This build uses -march=native; packages must be portable. Configure a "
                      "separate build with -DHEADMAP_PORTABLE=ON and run cpack there (.ci/package.sh).")
endif()
