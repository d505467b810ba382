#pragma once
// The Head roles view's data export, in the layout of `headmap-cli heads` (app/cli/CliHeads.h)
// with every score: JSON {"model", ["compare"], ["corpus", "split"], "layers", "heads",
// "documents", "tokens", "truncated", "scores", "strongest", ["divergence"]}, and CSV with one
// row per layer × head. The GUI does not link the CLI's library, hence this second writer;
// tst_headrolesview checks the two agree on the same model and corpus.

#include <QByteArray>
#include <QString>

#include "analysis/HeadRoleScorer.h"

namespace headmap::ui {

struct HeadRolesExport {
    QString model;
    QString compare;  // empty: none
    QString corpus;   // empty: the current text
    bool paragraphs = false;
    const HeadRoleResult* result = nullptr;
};

QByteArray headRolesJson(const HeadRolesExport& data);
QByteArray headRolesCsv(const HeadRolesExport& data);

}  // namespace headmap::ui
