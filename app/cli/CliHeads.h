#pragma once
// headmap-cli heads: head roles over a corpus or the induction probe (issue #38), with
// analysis/HeadRoleRun doing the work. This file loads the models and runs the scoring (Ctrl-C
// stops it between documents); analysis/HeadRoleReport writes the JSON or CSV.

#include <QIODevice>

#include "analysis/HeadRoleReport.h"
#include "cli/CliRequest.h"

namespace headmap::cli {

// Loads the model(s) and scores. Warnings (invalid UTF-8) go to err. Throws HeadmapError, and
// Interrupted on Ctrl-C.
HeadRoleReport runHeads(const CliRequest& request, QIODevice* err);

}  // namespace headmap::cli
