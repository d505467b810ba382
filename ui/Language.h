#pragma once
// Which language the interface speaks: English (the source texts, with the plural forms of
// headmap_en.ts), Danish or Simplified Chinese.
// The translations are compiled into the program (resources/translations/*.ts → :/i18n/*.qm);
// Qt's own texts (standard buttons, file dialogs) come from the system's qtbase translations.
//
// A language is named by its code: "en", "da", "zh_CN"; the empty code means "as the system":
// the first of QLocale::system().uiLanguages() (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) that
// Headmap speaks, else English.

#include <QString>
#include <QStringList>

namespace headmap::ui {

// The codes Headmap speaks, English first.
QStringList availableLanguages();
// How a language calls itself in menus ("Dansk", "简体中文"); never translated.
QString nativeLanguageName(const QString& code);
// The code a choice stands for: `code` itself when Headmap speaks it, for "" the system's
// language; "da_DK" and "da" are Danish, "zh", "zh_CN", "zh_Hans_CN" Simplified Chinese.
QString resolveLanguage(const QString& code);
// Installs the translators for a language (replacing any installed before) and returns the code
// now in use. Widgets built afterwards speak it; Qt sends every widget a LanguageChange event.
QString installLanguage(const QString& code);
// The language installed last ("en" before any).
QString currentLanguage();
// `text` (a source text of `context`) in the language `code`, whichever language is installed:
// what a choice of language says about itself before it takes effect.
QString translateInto(const QString& code, const char* context, const char* text);
// The value of --lang in a command line ("--lang da" or "--lang=da"), or an empty string. Read
// before the command-line parser exists, so that its help text is translated too.
QString languageArgument(const QStringList& arguments);

}  // namespace headmap::ui
