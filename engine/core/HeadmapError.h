#pragma once
// One family of typed errors for the whole engine. Front ends (CLI, GUI) catch HeadmapError once
// and show what() as one plain line; the kind decides the CLI exit code.

#include <stdexcept>
#include <string>

#include <QString>

namespace headmap {

class HeadmapError : public std::runtime_error {
public:
    enum class Kind {
        Usage,  // the caller asked for something malformed (unknown option, bad number)
        Input,  // the text, ids or indices do not fit the model
        Model,  // the model spec, folder, file or options are wrong
    };

    HeadmapError(Kind kind, const QString& message)
        : std::runtime_error(message.toStdString()), m_kind(kind) {}

    Kind kind() const { return m_kind; }
    QString message() const { return QString::fromUtf8(what()); }

private:
    Kind m_kind;
};

class UsageError : public HeadmapError {
public:
    explicit UsageError(const QString& message) : HeadmapError(Kind::Usage, message) {}
};

class InputError : public HeadmapError {
public:
    explicit InputError(const QString& message) : HeadmapError(Kind::Input, message) {}
};

class ModelError : public HeadmapError {
public:
    explicit ModelError(const QString& message) : HeadmapError(Kind::Model, message) {}
};

}  // namespace headmap
