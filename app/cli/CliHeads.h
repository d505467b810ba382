#pragma once
// headmap-cli heads: head roles over a corpus or the induction probe (issue #38), with
// analysis/HeadRoleRun doing the work. This file loads the models, runs the scoring (Ctrl-C
// stops it between documents) and writes the JSON or CSV.
//
// JSON: {"model", ["compare"], ["stack"], ["corpus", "split"], "documents", "tokens", "truncated",
//        "scores": {ROLE: [[score per head] per layer]},
//        "strongest": {ROLE: [{"layer", "head", "document", "position", "value"} per head]},
//        ["divergence": [[per head] per layer]],
//        ["probe": {"kind": "induction", "length", "count", "seed", "ids": [[2·length ids] per
//                   sequence], "stripe": [[per head] per layer]}]}
// CSV: one row per layer × head: layer, head, the chosen scores, then divergence and
// induction_stripe when present.

#include <optional>
#include <vector>

#include <QIODevice>
#include <QList>
#include <QString>

#include "analysis/HeadRoleRun.h"
#include "cli/CliRequest.h"

namespace headmap::cli {

struct HeadsReport {
    QString model;
    QString compare;               // empty without --compare
    std::optional<QString> stack;  // encoder–decoder models only
    QString corpus;                // empty for the probe
    bool paragraphs = false;
    QList<HeadRole> roles;         // the scores written (--score), in enum order
    HeadRoleResult result;
    std::optional<InductionProbe> probe;
    std::vector<double> stripe;    // the probe's induction stripe per head (layer-major)
};

// Loads the model(s) and scores. Warnings (invalid UTF-8) go to err. Throws HeadmapError, and
// Interrupted on Ctrl-C.
HeadsReport runHeads(const CliRequest& request, QIODevice* err);

bool writeHeadsJson(QIODevice* device, const HeadsReport& report);
bool writeHeadsCsv(QIODevice* device, const HeadsReport& report);

}  // namespace headmap::cli
