#pragma once
// A corpus file read one document at a time, for head roles over a corpus (#38): UTF-8 text,
// one document per non-empty line, or (Paragraphs) per run of non-empty lines between blank
// ones. Memory is bounded by one document, whatever the file's size: a document is kept up to
// maxDocumentBytes (cut at a character boundary and marked `cut`) and the rest of it is read
// past, never stored. A line of white space alone is blank.
//
// Refused with an InputError that names the file: a path that does not exist or is not a
// regular file (a FIFO would block the open until some writer comes; a device may never end),
// and a file holding a NUL byte (binary, not text), at the first NUL. Invalid UTF-8 is replaced
// by U+FFFD and counted (invalidUtf8Documents), as the CLI does for --text-file.

#include <optional>

#include <QFile>
#include <QString>

namespace headmap {

struct CorpusDocument {
    QString text;
    int index = 0;      // from 0, in file order, counting documents only
    qint64 line = 0;    // the file line it starts on, from 1
    bool cut = false;   // longer than maxDocumentBytes: text holds its beginning
};

class CorpusReader {
public:
    enum class Split { Lines, Paragraphs };

    // Throws InputError when the file cannot be opened (missing, not a regular file, no rights).
    CorpusReader(const QString& path, Split split, qint64 maxDocumentBytes);

    // The next document, or none at the end of the file. Throws InputError for binary content
    // or a read error.
    std::optional<CorpusDocument> next();

    const QString& path() const { return m_path; }
    qint64 bytesRead() const { return m_bytesRead; }
    qint64 totalBytes() const { return m_totalBytes; }
    int invalidUtf8Documents() const { return m_invalidUtf8; }

private:
    // The next physical line without its end of line, at most m_maxBytes of it kept; false at
    // the end of the file.
    bool readLine(QByteArray& line, bool& cut);

    QString m_path;
    QFile m_file;
    QByteArray m_buffer;  // one chunk of a line (64 KB), kept off the stack of a worker thread
    Split m_split;
    qint64 m_maxBytes;
    qint64 m_bytesRead = 0;
    qint64 m_totalBytes = 0;
    qint64 m_lineNumber = 0;
    int m_documents = 0;
    int m_invalidUtf8 = 0;
};

}  // namespace headmap
