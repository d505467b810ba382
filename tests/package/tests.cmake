# headmap FILE (the .desktop file's Exec=headmap %f): sessions and model folders open from the
# command line, run as a real process.
headmap_add_test(tst_guiarguments SOURCES package/tst_guiarguments.cpp LIBRARIES Qt6::Gui)
target_compile_definitions(tst_guiarguments PRIVATE HEADMAP_GUI_PATH="$<TARGET_FILE:headmap>")
add_dependencies(tst_guiarguments headmap)
