#pragma once
// headmap-cli download ORG/NAME [--revision REV]: the model from the Hugging Face Hub into its
// cache (download/HubDownloader), progress on standard error, the snapshot folder on standard
// output. Throws ModelError (exit code 3) when the download fails.

#include <QIODevice>

#include "cli/CliRequest.h"

namespace headmap::cli {

void runDownload(const CliRequest& request, QIODevice* out, QIODevice* err);

}  // namespace headmap::cli
