# File > Download model from the Hub… (download/HubDownloader, Qt Network).
target_sources(headmap_ui PRIVATE download/DownloadDialog.cpp)
target_link_libraries(headmap_ui PUBLIC headmap_download)
