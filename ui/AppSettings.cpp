#include "AppSettings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace headmap::ui {

AppSettings AppSettings::load() {
    QSettings settings;
    AppSettings s;
    s.recentModels = settings.value(QStringLiteral("models/recent")).toStringList().mid(0, kMaxRecentModels);
    s.heatmap.colormap = colormapFromName(settings.value(QStringLiteral("heatmap/colormap")).toString());
    const int scale = settings.value(QStringLiteral("heatmap/scale"), 0).toInt();
    s.heatmap.scale = allScaleModes().value(scale, ScaleMode::Fixed);
    s.heatmap.showValues = settings.value(QStringLiteral("heatmap/showValues"), false).toBool();
    s.hideSpecialTokens = settings.value(QStringLiteral("heatmap/hideSpecialTokens"), false).toBool();
    s.fontPointSize = settings.value(QStringLiteral("view/fontPointSize"), 0.0).toDouble();
    s.updateWhileTyping = settings.value(QStringLiteral("view/updateWhileTyping"), true).toBool();
    s.language = settings.value(QStringLiteral("view/language")).toString();
    s.windowGeometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
    s.windowState = settings.value(QStringLiteral("window/state")).toByteArray();
    s.lastDirectory = settings.value(QStringLiteral("files/lastDirectory")).toString();
    bool ok = false;
    const qint64 budget = settings.value(QStringLiteral("models/convertedWeightBudget")).toLongLong(&ok);
    if (ok && budget >= 0)
        s.convertedWeightBudget = budget;
    return s;
}

void AppSettings::save() const {
    QSettings settings;
    settings.setValue(QStringLiteral("models/recent"), recentModels);
    settings.setValue(QStringLiteral("heatmap/colormap"), colormapName(heatmap.colormap));
    settings.setValue(QStringLiteral("heatmap/scale"), int(allScaleModes().indexOf(heatmap.scale)));
    settings.setValue(QStringLiteral("heatmap/showValues"), heatmap.showValues);
    settings.setValue(QStringLiteral("heatmap/hideSpecialTokens"), hideSpecialTokens);
    settings.setValue(QStringLiteral("view/fontPointSize"), fontPointSize);
    settings.setValue(QStringLiteral("view/updateWhileTyping"), updateWhileTyping);
    settings.setValue(QStringLiteral("view/language"), language);
    settings.setValue(QStringLiteral("window/geometry"), windowGeometry);
    settings.setValue(QStringLiteral("window/state"), windowState);
    settings.setValue(QStringLiteral("files/lastDirectory"), lastDirectory);
    if (convertedWeightBudget)
        settings.setValue(QStringLiteral("models/convertedWeightBudget"), *convertedWeightBudget);
    else
        settings.remove(QStringLiteral("models/convertedWeightBudget"));
}

QString AppSettings::lastFolder() const {
    return !lastDirectory.isEmpty() && QFileInfo(lastDirectory).isDir() ? lastDirectory : QDir::homePath();
}

void AppSettings::rememberFolder(const QString& path) {
    const QFileInfo info(path);
    lastDirectory = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
}

void AppSettings::addRecentModel(const QString& spec) {
    recentModels.removeAll(spec);
    recentModels.prepend(spec);
    while (recentModels.size() > kMaxRecentModels)
        recentModels.removeLast();
}

}  // namespace headmap::ui
