#pragma once
// Head roles as data (issue #38): the JSON and CSV that `headmap-cli heads` writes and the
// desktop's Head roles view exports, one writer for both. JSON: {"model", ["compare"],
// ["stack"], ["corpus", "split"], "layers", "heads", "documents", "tokens", "truncated",
// "scores": {role: [[per head] per layer]}, "strongest": {role: [{"layer", "head", "document",
// "position", "value"}, ...]}, ["divergence"], ["probe": {"kind", "length", "count", "seed",
// "ids", "stripe"}]}; CSV: one row per layer × head with a column per score.

#include <optional>
#include <vector>

#include <QList>
#include <QString>

#include "analysis/HeadRoleRun.h"
#include "analysis/HeadRoleScorer.h"

class QIODevice;

namespace headmap {

struct HeadRoleReport {
    QString model;
    QString compare;               // empty: no second model
    std::optional<QString> stack;  // encoder–decoder models only
    QString corpus;                // empty for the probe and the current text
    bool paragraphs = false;
    QList<HeadRole> roles;         // the scores written, in enum order
    HeadRoleResult result;
    std::optional<InductionProbe> probe;
    std::vector<double> stripe;    // the probe's induction stripe per head (layer-major)
};

// Both return false when the device refused a write.
bool writeHeadRoleJson(QIODevice* device, const HeadRoleReport& report);
bool writeHeadRoleCsv(QIODevice* device, const HeadRoleReport& report);

}  // namespace headmap
