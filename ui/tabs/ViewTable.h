#pragma once
// Every tab of the main window, in tab order: the name it has in session files and after
// `headmap --view`, its DocumentView class (tabs/), and the MainWindow::Tab enumerator the tests
// use. Adding a view is one class and one line here; the window, the session file and
// `headmap --view` take it from this table. The names are read without the classes (the session
// parser and the command line need no widgets), hence a table of macros rather than a vector.

#include <QString>
#include <QStringList>

#define HEADMAP_VIEW_TABLE(VIEW)                        \
    VIEW("heatmap", HeatmapTabView, HeatmapTab)         \
    VIEW("grid", GridTabView, GridTab)                  \
    VIEW("compare", CompareTabView, CompareTab)         \
    VIEW("statistics", StatisticsTabView, StatisticsTab) \
    VIEW("rollout", RolloutTabView, RolloutTab)         \
    VIEW("steps", StepsTabView, StepsTab)               \
    VIEW("lines", LinesTabView, LinesTab)               \
    VIEW("token-pair", TokenPairTabView, TokenPairTab)  \
    VIEW("head-roles", HeadRolesTabView, HeadRolesTab)  \
    VIEW("induction", InductionTabView, InductionTab)

namespace headmap::ui {

// The registered views' names, in tab order.
inline QStringList registeredViewNames() {
#define HEADMAP_VIEW_NAME(name, type, tab) QStringLiteral(name),
    return {HEADMAP_VIEW_TABLE(HEADMAP_VIEW_NAME)};
#undef HEADMAP_VIEW_NAME
}

}  // namespace headmap::ui
