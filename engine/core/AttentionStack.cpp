#include "core/AttentionStack.h"

#include <QCoreApplication>

namespace headmap {

QString stackName(StackKind stack) {
    switch (stack) {
    case StackKind::Encoder: return QStringLiteral("encoder");
    case StackKind::Decoder: return QStringLiteral("decoder");
    case StackKind::Cross: return QStringLiteral("cross");
    }
    return QString();
}

std::optional<StackKind> stackFromName(const QString& name) {
    for (StackKind kind : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross})
        if (name == stackName(kind))
            return kind;
    return std::nullopt;
}

QString stackTitle(StackKind stack) {
    switch (stack) {
    case StackKind::Encoder: return QCoreApplication::translate("Engine", "Encoder");
    case StackKind::Decoder: return QCoreApplication::translate("Engine", "Decoder");
    case StackKind::Cross: return QCoreApplication::translate("Engine", "Cross-attention");
    }
    return QString();
}

}  // namespace headmap
