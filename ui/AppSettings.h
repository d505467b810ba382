#pragma once
// What Headmap remembers between runs (QSettings): recent models, how heatmaps are drawn, the
// font size and the window layout. Tests point it at a scratch file with
// QStandardPaths::setTestModeEnabled(true).

#include <optional>

#include <QByteArray>
#include <QStringList>

#include "HeatmapView.h"

namespace headmap::ui {

struct AppSettings {
    static constexpr int kMaxRecentModels = 8;

    QStringList recentModels;  // most recent first
    HeatmapStyle heatmap;
    bool hideSpecialTokens = false;
    double fontPointSize = 0;  // 0: the system's size
    QString language;          // View › Language: "en", "da", "zh_CN"; empty: the system's (Language.h)
    QByteArray windowGeometry;
    QByteArray windowState;
    // View > Update while typing: a decoder reruns the sentence as it is typed, reusing the
    // unchanged start (on by default; encoders recompute every token and wait for Run).
    bool updateWhileTyping = true;
    QString lastDirectory;  // where the last file dialog (export, session, text) was answered
    // File › Memory for converted weights… (WeightMemoryDialog): bytes; unset, half of the memory
    // available when a model opens.
    std::optional<qint64> convertedWeightBudget;

    // Where file dialogs open: the last folder used, else the home folder.
    QString lastFolder() const;
    // Remembers the folder of a file (or a folder) the user chose in a dialog.
    void rememberFolder(const QString& path);

    static AppSettings load();
    void save() const;
    void addRecentModel(const QString& spec);
};

}  // namespace headmap::ui
