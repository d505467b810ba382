#include "tokenizers/SplitPreTokenizers.h"

#include <optional>

namespace headmap {
namespace {

struct Span {
    qsizetype start;
    qsizetype end;
    bool isMatch;
};

// Applies a behavior to the spans (matches and the text between them) as they come, keeping at
// most one span back: Rust folds over the whole list, but each decision needs only a neighbour.
class SpanFolder {
public:
    SpanFolder(const QString& piece, SplitBehavior behavior, bool atTextStart, const PreTokenizer::WordSink& sink)
        : m_piece(piece), m_behavior(behavior), m_atTextStart(atTextStart), m_sink(sink) {}

    bool add(Span span) {
        switch (m_behavior) {
        case SplitBehavior::Isolated:
            return give(span);
        case SplitBehavior::Removed:
            return span.isMatch || give(span);
        case SplitBehavior::MergedWithPrevious:
            // A match joins the piece before it, unless that piece was a match too.
            if (span.isMatch && !m_previousMatch && m_held) {
                m_held->end = span.end;
            } else {
                if (m_held && !give(*m_held))
                    return false;
                m_held = span;
            }
            m_previousMatch = span.isMatch;
            return true;
        case SplitBehavior::MergedWithNext:
            // A match joins the piece after it, unless that piece is a match too.
            if (m_held && m_held->isMatch && !span.isMatch) {
                span.start = m_held->start;
                span.isMatch = false;
                m_held.reset();
            } else if (m_held && !give(*m_held)) {
                return false;
            }
            m_held = span;
            return true;
        case SplitBehavior::Contiguous:
            if (m_held && m_held->isMatch == span.isMatch) {
                m_held->end = span.end;
                return true;
            }
            if (m_held && !give(*m_held))
                return false;
            m_held = span;
            return true;
        }
        return true;
    }
    bool finish() { return !m_held || give(*m_held); }

private:
    bool give(const Span& span) { return giveWord(m_sink, m_piece, span.start, span.end, m_atTextStart); }

    const QString& m_piece;
    SplitBehavior m_behavior;
    bool m_atTextStart;
    const PreTokenizer::WordSink& m_sink;
    std::optional<Span> m_held;
    bool m_previousMatch = false;
};

}  // namespace

bool splitByPattern(const QString& piece, const QRegularExpression& pattern, SplitBehavior behavior,
                    bool invert, bool atTextStart, const PreTokenizer::WordSink& sink) {
    SpanFolder folder(piece, behavior, atTextStart, sink);
    qsizetype previous = 0;
    QRegularExpressionMatchIterator matches = pattern.globalMatch(piece);
    while (matches.hasNext()) {
        const QRegularExpressionMatch match = matches.next();
        if (previous != match.capturedStart() && !folder.add(Span{previous, match.capturedStart(), invert}))
            return false;
        if (!folder.add(Span{match.capturedStart(), match.capturedEnd(), !invert}))
            return false;
        previous = match.capturedEnd();
    }
    if (previous != piece.size() && !folder.add(Span{previous, piece.size(), invert}))
        return false;
    return folder.finish();
}

bool SplitPreTokenizer::forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const {
    return splitByPattern(piece, m_pattern, m_behavior, m_invert, atTextStart, sink);
}

MetaspacePreTokenizer::MetaspacePreTokenizer(QString replacement, Prepend prepend, bool split)
    : m_replacement(std::move(replacement)),
      m_prepend(prepend),
      m_split(split),
      m_splitter(QRegularExpression(QRegularExpression::escape(m_replacement)), SplitBehavior::MergedWithNext, false) {}

bool MetaspacePreTokenizer::forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const {
    QString text = piece;
    text.replace(QLatin1Char(' '), m_replacement);
    // "first" prepends only to the piece that starts the text, not after an added token.
    const bool prepend = m_prepend == Prepend::Always || (m_prepend == Prepend::First && atTextStart);
    if (prepend && !text.startsWith(m_replacement))
        text.prepend(m_replacement);
    if (text.isEmpty())
        return true;
    if (!m_split)
        return sink(text, atTextStart);
    return m_splitter.forEachWord(text, atTextStart, sink);
}

}  // namespace headmap
