#include "tokenizers/SentencePieceFile.h"

#include <exception>
#include <new>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QDir>

#include <sentencepiece_processor.h>

#include "core/HeadmapError.h"
#include "tokenizers/SentencePieceModelCheck.h"
#include "tokenizers/TokenizerFiles.h"

namespace headmap {
namespace {

ModelError notASentencePieceModel(const QString& path, const QString& detail) {
    return ModelError(QCoreApplication::translate("Engine", "%1: the file is incomplete or not a SentencePiece model "
                                                            "(%2): download it again")
                          .arg(QDir::toNativeSeparators(path), detail));
}

std::string sentencePieceBytes(const QString& text) {
    const QByteArray bytes = text.toUtf8();
    return std::string(bytes.constData(), size_t(bytes.size()));
}

QString sentencePieceText(const std::string& bytes) {
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

}  // namespace

SentencePieceFile::SentencePieceFile(const QString& path) : m_path(path) {
    load(tokenizerfiles::readFile(path, kMaxFileBytes));
}

SentencePieceFile::SentencePieceFile(const QByteArray& bytes, const QString& path) : m_path(path) {
    load(bytes);
}

SentencePieceFile::~SentencePieceFile() = default;

void SentencePieceFile::load(const QByteArray& bytes) {
    if (bytes.isEmpty())
        throw notASentencePieceModel(m_path, QCoreApplication::translate("Engine", "it is empty"));
    // What the library would crash on or read past (SentencePieceModelCheck.h), refused first.
    const QString problem = sentencepiececheck::modelProblem(bytes);
    if (!problem.isEmpty())
        throw notASentencePieceModel(m_path, problem);
    auto processor = std::make_unique<sentencepiece::SentencePieceProcessor>();
    sentencepiece::util::Status status;
    try {
        status = processor->LoadFromSerializedProto(absl::string_view(bytes.constData(), size_t(bytes.size())));
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& error) {
        // Darts (the library's trie) throws on keys it cannot take.
        throw notASentencePieceModel(m_path, QString::fromUtf8(error.what()));
    }
    if (!status.ok())
        throw notASentencePieceModel(m_path, QString::fromUtf8(status.ToString().c_str()));
    if (processor->GetPieceSize() <= 0)
        throw notASentencePieceModel(m_path, QCoreApplication::translate("Engine", "it has no pieces"));
    m_processor = std::move(processor);
}

QStringList SentencePieceFile::encode(const QString& text) const {
    std::vector<std::string> pieces;
    const sentencepiece::util::Status status = m_processor->Encode(sentencePieceBytes(text), &pieces);
    if (!status.ok())
        throw InputError(QCoreApplication::translate("Engine", "%1 cannot tokenize this text: %2")
                             .arg(QDir::toNativeSeparators(m_path), QString::fromUtf8(status.ToString().c_str())));
    QStringList result;
    result.reserve(qsizetype(pieces.size()));
    for (const std::string& piece : pieces)
        result << sentencePieceText(piece);
    return result;
}

QString SentencePieceFile::decode(const QStringList& pieces) const {
    std::vector<std::string> bytes;
    bytes.reserve(size_t(pieces.size()));
    for (const QString& piece : pieces)
        bytes.push_back(sentencePieceBytes(piece));
    std::string text;
    const sentencepiece::util::Status status = m_processor->Decode(bytes, &text);
    if (!status.ok())
        throw InputError(QCoreApplication::translate("Engine", "%1 cannot turn these pieces into text: %2")
                             .arg(QDir::toNativeSeparators(m_path), QString::fromUtf8(status.ToString().c_str())));
    return sentencePieceText(text);
}

int SentencePieceFile::size() const {
    return m_processor->GetPieceSize();
}

QString SentencePieceFile::piece(int id) const {
    // The library indexes its pieces without a check (the Python module checks before calling).
    if (id < 0 || id >= size())
        return QString();
    return sentencePieceText(m_processor->IdToPiece(id));
}

std::optional<int> SentencePieceFile::id(const QString& text) const {
    // PieceToId answers the unknown piece's id for any piece it lacks.
    const int found = m_processor->PieceToId(sentencePieceBytes(text));
    if (found < 0 || found >= size() || piece(found) != text)
        return std::nullopt;
    return found;
}

int SentencePieceFile::unknownId() const {
    return m_processor->unk_id();
}

}  // namespace headmap
