#pragma once
// The Head roles view's data export: the layout of `headmap-cli heads`, written by the same
// writer (analysis/HeadRoleReport), with every score.

#include <QByteArray>
#include <QString>

#include "analysis/HeadRoleScorer.h"

namespace headmap::ui {

struct HeadRolesExport {
    QString model;
    QString compare;  // empty: none
    QString corpus;   // empty: the current text
    bool paragraphs = false;
    QString stack;    // encoder–decoder models: "encoder" or "decoder"; empty otherwise
    const HeadRoleResult* result = nullptr;
};

QByteArray headRolesJson(const HeadRolesExport& data);
QByteArray headRolesCsv(const HeadRolesExport& data);

}  // namespace headmap::ui
