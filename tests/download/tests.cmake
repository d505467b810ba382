# download/HubDownloader against tests/download/fake_hub.py (python3, standard library only).
headmap_add_test(tst_hubdownloader SOURCES download/tst_hubdownloader.cpp LIBRARIES headmap_download)
target_compile_definitions(tst_hubdownloader PRIVATE
  HEADMAP_DOWNLOAD_TESTS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/download")
