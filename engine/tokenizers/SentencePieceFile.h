#pragma once
// A SentencePiece model file (Marian's source.spm and target.spm, M2M100's
// sentencepiece.bpe.model, T5's spiece.model), run by Google's own library (libsentencepiece,
// Debian's libsentencepiece-dev): the code transformers' Python tokenizers call through the
// sentencepiece module, so the pieces are theirs by construction, normalization (nmt_nfkc,
// white space) included. The library stays behind this class; no other engine file includes it.
//
// A file that is missing, cut off or not a SentencePiece model is refused with a ModelError
// naming it, never a crash: it is read as a regular file of bounded size, checked for what the
// library trusts blindly (tokenizers/SentencePieceModelCheck), then parsed by the library, whose
// error status and exceptions become ModelErrors too.

#include <memory>
#include <optional>

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace sentencepiece {
class SentencePieceProcessor;
}

namespace headmap {

class SentencePieceFile {
public:
    // The largest model file read. Real ones are far smaller (Marian's .spm files under 1 MB,
    // Gemma's tokenizer.model 4 MB); the bound keeps a wrong file from being read whole.
    static constexpr qint64 kMaxFileBytes = qint64(64) << 20;

    // Reads and loads the file; throws ModelError naming it.
    explicit SentencePieceFile(const QString& path);
    // The same from the file's bytes; path names it in messages.
    SentencePieceFile(const QByteArray& bytes, const QString& path);
    ~SentencePieceFile();
    SentencePieceFile(const SentencePieceFile&) = delete;
    SentencePieceFile& operator=(const SentencePieceFile&) = delete;

    const QString& path() const { return m_path; }

    // The pieces of text, as Python's encode(text, out_type=str): normalized, "▁" for spaces and
    // in front of the text, unknown characters kept as their own text. Throws InputError naming
    // the file if the library refuses (it does not for a model that loaded).
    QStringList encode(const QString& text) const;
    // Pieces back to text, as Python's decode_pieces: "▁" becomes a space, the leading one is
    // dropped, control pieces vanish, "<unk>" becomes " ⁇ ".
    QString decode(const QStringList& pieces) const;

    // Number of pieces in the model, and the piece with an id (a null QString outside).
    int size() const;
    QString piece(int id) const;
    // The id of a piece; nullopt for pieces the model does not have.
    std::optional<int> id(const QString& piece) const;
    // The model's unknown piece ("<unk>"), the id Python's piece_to_id gives a piece it lacks.
    int unknownId() const;

private:
    void load(const QByteArray& bytes);

    QString m_path;
    std::unique_ptr<sentencepiece::SentencePieceProcessor> m_processor;
};

}  // namespace headmap
