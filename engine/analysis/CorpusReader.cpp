#include "analysis/CorpusReader.h"

#include <cstring>

#include "core/HeadmapError.h"
#include "formats/RegularFile.h"
#include "text/TextDecoding.h"

namespace headmap {
namespace {

constexpr qint64 kChunk = 1 << 16;

bool isBlankBytes(const QByteArray& line) {
    for (char c : line)
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
            return false;
    return true;
}

// Cuts bytes to at most `limit`, backing off to the start of a UTF-8 character.
void cutAtCharacter(QByteArray& bytes, qint64 limit) {
    if (bytes.size() <= limit)
        return;
    qint64 end = limit;
    while (end > 0 && (uchar(bytes[end]) & 0xC0) == 0x80)
        --end;
    bytes.truncate(end);
}

}  // namespace

CorpusReader::CorpusReader(const QString& path, Split split, qint64 maxDocumentBytes)
    : m_path(path), m_file(path), m_split(split), m_maxBytes(std::max<qint64>(maxDocumentBytes, 16)) {
    if (const QString reason = irregularFileReason(path); !reason.isEmpty())
        throw InputError(QStringLiteral("the corpus '%1' %2; give a UTF-8 text file, one document per line").arg(path, reason));
    if (!m_file.open(QIODevice::ReadOnly))
        throw InputError(QStringLiteral("cannot read the corpus '%1': %2").arg(path, m_file.errorString()));
    m_totalBytes = m_file.size();
}

bool CorpusReader::readLine(QByteArray& line, bool& cut) {
    line.clear();
    cut = false;
    bool any = false;
    m_buffer.resize(kChunk);
    char* buffer = m_buffer.data();
    for (;;) {
        const qint64 got = m_file.readLine(buffer, kChunk);
        if (got < 0) {
            if (m_file.atEnd() || m_file.error() == QFileDevice::NoError)
                break;
            throw InputError(QStringLiteral("cannot read the corpus '%1': %2").arg(m_path, m_file.errorString()));
        }
        if (got == 0)
            break;
        any = true;
        if (const void* nul = std::memchr(buffer, 0, size_t(got)))
            throw InputError(QStringLiteral("the corpus '%1' is not text: byte %2 is NUL (a binary file?); give a "
                                            "UTF-8 text file, one document per line")
                                 .arg(m_path).arg(m_bytesRead + (static_cast<const char*>(nul) - buffer)));
        m_bytesRead += got;
        const bool endOfLine = buffer[got - 1] == '\n';
        const qint64 keep = endOfLine ? got - 1 : got;
        if (line.size() < m_maxBytes + 4)  // a few bytes more, to cut at a character boundary
            line.append(buffer, int(std::min<qint64>(keep, m_maxBytes + 4 - line.size())));
        if (line.size() > m_maxBytes)
            cut = true;
        if (endOfLine)
            break;
    }
    if (!any)
        return false;
    ++m_lineNumber;
    if (m_lineNumber == 1 && line.startsWith("\xEF\xBB\xBF"))
        line.remove(0, 3);  // a byte-order mark is no text
    if (line.endsWith('\r'))
        line.chop(1);
    cutAtCharacter(line, m_maxBytes);
    return true;
}

std::optional<CorpusDocument> CorpusReader::next() {
    QByteArray line, bytes;
    bool cut = false, lineCut = false;
    qint64 firstLine = 0;
    while (readLine(line, lineCut)) {
        if (isBlankBytes(line)) {
            if (firstLine > 0)  // a paragraph ends at a blank line
                break;
            continue;
        }
        if (firstLine == 0)
            firstLine = m_lineNumber;
        if (!bytes.isEmpty())
            bytes += '\n';
        bytes += line;
        cut = cut || lineCut || bytes.size() > m_maxBytes;
        cutAtCharacter(bytes, m_maxBytes);
        if (m_split == Split::Lines)
            break;
    }
    if (firstLine == 0)
        return std::nullopt;
    const DecodedText decoded = decodeUtf8(bytes);
    if (decoded.hadInvalidUtf8)
        ++m_invalidUtf8;
    return CorpusDocument{decoded.text, m_documents++, firstLine, cut};
}

}  // namespace headmap
