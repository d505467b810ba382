#include "local/OllamaName.h"

#include <QStringList>

namespace headmap {
namespace {

enum class Part { Host, Namespace, Model, Tag };

bool isAlphanumericOrUnderscore(QChar c) {
    return (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) || (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
           (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('_');
}

// isValidPart in types/model/name.go: a letter, digit or '_' first; then also '-' and '_';
// '.' except in namespaces; ':' only in hosts (a port). Hosts up to 350 characters, the
// other parts up to 80.
bool isValidPart(Part part, const QString& s) {
    const int maxLength = part == Part::Host ? 350 : 80;
    if (s.isEmpty() || s.size() > maxLength || !isAlphanumericOrUnderscore(s.front()))
        return false;
    for (const QChar c : s) {
        if (isAlphanumericOrUnderscore(c) || c == QLatin1Char('-'))
            continue;
        if (c == QLatin1Char('.') && part != Part::Namespace)
            continue;
        if (c == QLatin1Char(':') && part == Part::Host)
            continue;
        return false;
    }
    return true;
}

bool isValid(const OllamaName& name) {
    return isValidPart(Part::Host, name.host) && isValidPart(Part::Namespace, name.nameSpace) &&
           isValidPart(Part::Model, name.model) && isValidPart(Part::Tag, name.tag);
}

}  // namespace

std::optional<OllamaName> OllamaName::parse(const QString& text) {
    OllamaName name{QLatin1String(kDefaultHost), QLatin1String(kDefaultNamespace), QString(),
                    QLatin1String(kDefaultTag)};
    QString rest = text;
    // ParseNameBare: '/' cannot occur in a tag, so a ':' after the last '/' starts the tag
    // (a ':' before it belongs to a host's port).
    const qsizetype colon = rest.lastIndexOf(QLatin1Char(':'));
    if (colon > rest.lastIndexOf(QLatin1Char('/'))) {
        name.tag = rest.mid(colon + 1);
        rest.truncate(colon);
    }
    const QStringList parts = rest.split(QLatin1Char('/'));
    // Four or five parts would carry a "kind" (skill, agent, mcp): those are not models.
    if (parts.size() > 3)
        return std::nullopt;
    name.model = parts.back();
    if (parts.size() >= 2)
        name.nameSpace = parts[parts.size() - 2];
    if (parts.size() == 3) {
        name.host = parts[0];
        if (const qsizetype scheme = name.host.indexOf(QLatin1String("://")); scheme >= 0)
            name.host = name.host.mid(scheme + 3);
    }
    if (!isValid(name))
        return std::nullopt;
    return name;
}

std::optional<OllamaName> OllamaName::fromManifestParts(const QString& host, const QString& nameSpace,
                                                        const QString& model, const QString& tag) {
    const OllamaName name{host, nameSpace, model, tag};
    if (!isValid(name))
        return std::nullopt;
    return name;
}

QString OllamaName::shortest() const {
    QString text;
    if (host.compare(QLatin1String(kDefaultHost), Qt::CaseInsensitive) != 0)
        text = host + QLatin1Char('/') + nameSpace + QLatin1Char('/');
    else if (nameSpace.compare(QLatin1String(kDefaultNamespace), Qt::CaseInsensitive) != 0)
        text = nameSpace + QLatin1Char('/');
    return text + model + QLatin1Char(':') + tag;
}

QString OllamaName::relativePath() const {
    return host + QLatin1Char('/') + nameSpace + QLatin1Char('/') + model + QLatin1Char('/') + tag;
}

bool OllamaName::sameAs(const OllamaName& other) const {
    return host.compare(other.host, Qt::CaseInsensitive) == 0 &&
           nameSpace.compare(other.nameSpace, Qt::CaseInsensitive) == 0 &&
           model.compare(other.model, Qt::CaseInsensitive) == 0 && tag.compare(other.tag, Qt::CaseInsensitive) == 0;
}

}  // namespace headmap
