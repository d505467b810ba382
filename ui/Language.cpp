#include "Language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace headmap::ui {

namespace {

const QString kEnglish = QStringLiteral("en");

struct Installed {
    QString code = QStringLiteral("en");
    std::unique_ptr<QTranslator> headmap;
    std::unique_ptr<QTranslator> qt;
};

Installed& installed() {
    static Installed state;
    return state;
}

// "da-DK", "da_DK", "da" → "da"; "zh-Hans-CN", "zh_CN", "zh" → "zh_CN"; Traditional Chinese
// ("zh-Hant-TW", "zh_TW", "zh_HK") and anything else → empty: Headmap does not speak it.
QString supportedCode(QString name) {
    name.replace(QLatin1Char('-'), QLatin1Char('_'));
    const QStringList parts = name.split(QLatin1Char('_'), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return QString();
    const QString language = parts.first().toLower();
    if (language == QLatin1String("en") || language == QLatin1String("c") || language == QLatin1String("posix"))
        return kEnglish;
    if (language == QLatin1String("da"))
        return QStringLiteral("da");
    if (language == QLatin1String("zh")) {
        for (const QString& part : parts.mid(1)) {
            const QString p = part.toLower();
            if (p == QLatin1String("hant") || p == QLatin1String("tw") || p == QLatin1String("hk") ||
                p == QLatin1String("mo"))
                return QString();
        }
        return QStringLiteral("zh_CN");
    }
    return QString();
}

std::unique_ptr<QTranslator> loaded(const QString& file, const QString& folder) {
    auto translator = std::make_unique<QTranslator>();
    if (!translator->load(file, folder))
        return nullptr;
    QCoreApplication::installTranslator(translator.get());
    return translator;
}

}  // namespace

QStringList availableLanguages() {
    return {kEnglish, QStringLiteral("da"), QStringLiteral("zh_CN")};
}

QString nativeLanguageName(const QString& code) {
    if (code == QLatin1String("da"))
        return QStringLiteral("Dansk");
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString resolveLanguage(const QString& code) {
    if (!code.isEmpty())
        return supportedCode(code).isEmpty() ? kEnglish : supportedCode(code);
    for (const QString& name : QLocale::system().uiLanguages()) {
        const QString supported = supportedCode(name);
        if (!supported.isEmpty())
            return supported;
    }
    return kEnglish;
}

QString installLanguage(const QString& code) {
    Installed& state = installed();
    if (state.headmap)
        QCoreApplication::removeTranslator(state.headmap.get());
    if (state.qt)
        QCoreApplication::removeTranslator(state.qt.get());
    state.headmap.reset();
    state.qt.reset();
    state.code = resolveLanguage(code);
    // English's file holds only the plural forms ("1 token", "2 tokens"): its other texts are
    // their own source.
    state.headmap = loaded(QStringLiteral("headmap_%1").arg(state.code), QStringLiteral(":/i18n"));
    if (state.code != kEnglish) {
        // Standard buttons and file dialogs; absent when qt6-translations-l10n is not installed.
        state.qt = loaded(QStringLiteral("qtbase_%1").arg(state.code),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath));
        if (!state.headmap) {  // a build without translations: English, with English buttons
            if (state.qt)
                QCoreApplication::removeTranslator(state.qt.get());
            state.qt.reset();
            state.code = kEnglish;
        }
    }
    return state.code;
}

QString currentLanguage() {
    return installed().code;
}

QString translateInto(const QString& code, const char* context, const char* text) {
    const QString language = resolveLanguage(code);
    QTranslator translator;
    if (language != kEnglish && translator.load(QStringLiteral("headmap_%1").arg(language), QStringLiteral(":/i18n"))) {
        const QString translated = translator.translate(context, text);
        if (!translated.isEmpty())
            return translated;
    }
    return QString::fromUtf8(text);
}

QString languageArgument(const QStringList& arguments) {
    for (int i = 1; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        if (argument == QLatin1String("--"))
            break;
        if ((argument == QLatin1String("--lang") || argument == QLatin1String("-lang")) && i + 1 < arguments.size())
            return arguments[i + 1];
        if (argument.startsWith(QLatin1String("--lang=")))
            return argument.mid(7);
    }
    return QString();
}

}  // namespace headmap::ui
