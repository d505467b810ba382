#include "Session.h"
#include "tabs/ViewTable.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/HeadmapError.h"
#include "io/AtomicFile.h"
#include "io/JsonWriter.h"

namespace headmap::ui {
namespace {

// Error messages, shown in the status bar: translated under the context "Session".
class SessionText {
    Q_DECLARE_TR_FUNCTIONS(Session)
};

const QLatin1String kFormatName("headmap-session");

// The path as the user would recognise it: native separators, control characters escaped, and a
// very long path shortened in the middle so that the file name itself stays visible.
QString shownPath(const QString& path) {
    constexpr int kMaxShown = 200;
    QString shown;
    for (const QChar c : QDir::toNativeSeparators(path)) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c == QChar::LineSeparator ||
            c == QChar::ParagraphSeparator)
            shown += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            shown += c;
    }
    if (shown.size() > kMaxShown)
        shown = shown.left(kMaxShown / 3) + QStringLiteral("…") + shown.right(kMaxShown * 2 / 3);
    return QLatin1Char('\'') + shown + QLatin1Char('\'');
}

QString oneLine(QString text) {
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text.trimmed();
}

QString numberText(double value) {
    return QString::number(value, 'g', 17);
}

// "a string ("abc")", "a number (2.5)", "an array": what a field held, for error messages.
QString describe(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool:
        return SessionText::tr("a boolean (%1)").arg(value.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
    case QJsonValue::Double: return SessionText::tr("a number (%1)").arg(numberText(value.toDouble()));
    case QJsonValue::String: {
        constexpr int kMaxShown = 40;
        const QString text = value.toString();
        const QString shown = text.size() > kMaxShown ? text.left(kMaxShown) + QStringLiteral("…") : text;
        return SessionText::tr("a string (\"%1\")").arg(oneLine(shown));
    }
    case QJsonValue::Array: return SessionText::tr("an array");
    case QJsonValue::Object: return SessionText::tr("an object");
    case QJsonValue::Undefined: break;
    }
    return SessionText::tr("nothing");
}

// Reads fields of one session file; every error names the file and the field ("heatmap.scale").
class Reader {
public:
    explicit Reader(const QString& path) : m_path(path) {}

    [[noreturn]] void fail(const QString& detail) const {
        throw InputError(SessionText::tr("session file %1: %2").arg(shownPath(m_path), oneLine(detail)));
    }

    [[noreturn]] void wrongType(const QString& field, const char* expected, const QJsonValue& found) const {
        fail(SessionText::tr("field \"%1\": expected %2, found %3")
                 .arg(field, SessionText::tr(expected), describe(found)));
    }

    static QString join(const QString& prefix, const char* key) {
        return prefix.isEmpty() ? QLatin1String(key) : prefix + QLatin1Char('.') + QLatin1String(key);
    }

    // Undefined when absent and not required.
    QJsonValue field(const QJsonObject& object, const QString& prefix, const char* key, bool required) const {
        const QJsonValue value = object.value(QLatin1String(key));
        if (value.isUndefined() && required)
            fail(SessionText::tr("missing field \"%1\"").arg(join(prefix, key)));
        return value;
    }

    QJsonObject object(const QJsonObject& parent, const QString& prefix, const char* key, bool required) const {
        const QJsonValue value = field(parent, prefix, key, required);
        if (value.isUndefined())
            return QJsonObject();
        if (!value.isObject())
            wrongType(join(prefix, key), QT_TRANSLATE_NOOP("Session", "an object"), value);
        return value.toObject();
    }

    QString string(const QJsonObject& object, const QString& prefix, const char* key, bool required,
                   const QString& fallback = QString()) const {
        const QJsonValue value = field(object, prefix, key, required);
        if (value.isUndefined())
            return fallback;
        if (!value.isString())
            wrongType(join(prefix, key), QT_TRANSLATE_NOOP("Session", "a string"), value);
        return value.toString();
    }

    bool boolean(const QJsonObject& object, const QString& prefix, const char* key, bool fallback) const {
        const QJsonValue value = field(object, prefix, key, false);
        if (value.isUndefined())
            return fallback;
        if (!value.isBool())
            wrongType(join(prefix, key), QT_TRANSLATE_NOOP("Session", "true or false"), value);
        return value.toBool();
    }

    // A whole number in [low, high]; lowMeaning explains the lowest value when it is special.
    int integer(const QJsonObject& object, const QString& prefix, const char* key, bool required,
                int fallback, int low = std::numeric_limits<int>::min(),
                int high = std::numeric_limits<int>::max(), const char* lowMeaning = nullptr) const {
        const QJsonValue value = field(object, prefix, key, required);
        if (value.isUndefined())
            return fallback;
        const QString name = join(prefix, key);
        if (!value.isDouble())
            wrongType(name, QT_TRANSLATE_NOOP("Session", "a whole number"), value);
        const double number = value.toDouble();
        if (number != std::floor(number))
            wrongType(name, QT_TRANSLATE_NOOP("Session", "a whole number"), value);
        if (number < low || number > high) {
            QString allowed;
            if (high == std::numeric_limits<int>::max())
                allowed = lowMeaning ? SessionText::tr("%1 (%2) or more").arg(low).arg(SessionText::tr(lowMeaning))
                                     : SessionText::tr("%1 or more").arg(low);
            else
                allowed = SessionText::tr("between %1 and %2").arg(low).arg(high);
            fail(SessionText::tr("field \"%1\" is %2; it must be %3").arg(name, numberText(number), allowed));
        }
        return int(number);
    }

    // One of names, compared exactly; the error lists them all.
    int choice(const QJsonObject& object, const QString& prefix, const char* key, const QStringList& names,
               const char* what, int fallback) const {
        const QJsonValue value = field(object, prefix, key, false);
        if (value.isUndefined())
            return fallback;
        if (!value.isString())
            wrongType(join(prefix, key), QT_TRANSLATE_NOOP("Session", "a string"), value);
        const int index = int(names.indexOf(value.toString()));
        if (index < 0)
            fail(SessionText::tr("field \"%1\" is \"%2\"; valid %3: %4")
                     .arg(join(prefix, key), oneLine(value.toString()), SessionText::tr(what),
                          names.join(QStringLiteral(", "))));
        return index;
    }

    // 64 bits do not fit a JSON number (a double), so the seed is a string of digits; a whole
    // number that a double holds exactly (up to 2^53) is accepted too, for hand-written files.
    quint64 seed(const QJsonObject& object, const QString& prefix, const char* key, quint64 fallback) const {
        const QJsonValue value = field(object, prefix, key, false);
        if (value.isUndefined())
            return fallback;
        const QString name = join(prefix, key);
        const char* expected = QT_TRANSLATE_NOOP("Session", "a whole number from 0 to 18446744073709551615 written as a string");
        if (value.isDouble()) {
            const double number = value.toDouble();
            if (number >= 0 && number <= 9007199254740992.0 && number == std::floor(number))
                return quint64(number);
            wrongType(name, expected, value);
        }
        if (!value.isString())
            wrongType(name, expected, value);
        const QString text = value.toString();
        bool digitsOnly = !text.isEmpty();
        for (const QChar c : text)
            digitsOnly = digitsOnly && c >= QLatin1Char('0') && c <= QLatin1Char('9');
        bool ok = false;
        const quint64 parsed = text.toULongLong(&ok, 10);
        if (!digitsOnly || !ok)
            wrongType(name, expected, value);
        return parsed;
    }

private:
    QString m_path;
};

QStringList colormapKeys() {
    QStringList names;
    for (Colormap colormap : allColormaps())
        names << colormapName(colormap);
    return names;
}

QStringList scaleKeys() {
    QStringList names;
    for (ScaleMode mode : allScaleModes())
        names << scaleModeKey(mode);
    return names;
}

// The file as people read it: two-space indentation, one key per line, the keys in a reading
// order (what the file is, the model, the text, where one looks, how it is drawn). Written by
// the engine's JsonWriter, so string escaping and numbers are those of every other JSON file
// Headmap writes.
QByteArray sessionJson(const Session& s) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        JsonWriter json(&buffer);
        json.setIndent(2);
        json.beginObject();
        json.key("format"); json.value(QString(kFormatName));
        json.key("version"); json.value(Session::kFormatVersion);
        json.key("model");
        json.beginObject();
        json.key("source"); json.value(s.modelSource);
        json.key("teaching");
        json.beginObject();
        const TeachingOptions& t = s.teaching;
        json.key("d_model"); json.value(t.dModel);
        json.key("heads"); json.value(t.heads);
        json.key("layers"); json.value(t.layers);
        json.key("max_positions"); json.value(t.maxPositions);
        json.key("seed"); json.value(QString::number(t.seed));  // a string: JSON numbers stop at 2^53
        json.key("causal"); json.value(t.causal);
        json.key("positional"); json.value(t.positional);
        json.endObject();
        json.endObject();
        json.key("text"); json.value(s.text);
        json.key("pair_text"); json.value(s.pairText);
        json.key("comparison_text"); json.value(s.comparisonText);
        json.key("compare");
        json.beginObject();
        json.key("mode"); json.value(s.compareMode);
        json.key("layer_b"); json.value(s.layerB);
        json.key("head_b"); json.value(s.headB);
        json.endObject();
        json.key("view"); json.value(s.view);
        json.key("layer"); json.value(s.layer);
        json.key("head"); json.value(s.head);
        json.key("selected_token"); json.value(s.selectedToken);
        json.key("step"); json.value(s.step);
        json.key("heatmap");
        json.beginObject();
        json.key("colormap"); json.value(colormapName(s.heatmap.colormap));
        json.key("scale"); json.value(scaleModeKey(s.heatmap.scale));
        json.key("show_values"); json.value(s.heatmap.showValues);
        json.key("hide_special_tokens"); json.value(s.hideSpecialTokens);
        json.key("merge_words"); json.value(s.mergeWords);
        json.key("measure"); json.value(measureName(s.measure));
        json.endObject();
        // An encoder–decoder model's heads by stack: "ablations" holds those without one and the
        // cross-attention heads, as the engine reads an unset stack.
        std::vector<HeadAblation> unstacked, encoder, decoder;
        for (const HeadAblation& a : s.ablations)
            (a.stack == StackKind::Encoder ? encoder : a.stack == StackKind::Decoder ? decoder : unstacked).push_back(a);
        json.key("ablations"); json.value(formatHeadAblations(unstacked));
        if (!encoder.empty()) {
            json.key("encoder_ablations"); json.value(formatHeadAblations(encoder));
        }
        if (!decoder.empty()) {
            json.key("decoder_ablations"); json.value(formatHeadAblations(decoder));
        }
        json.key("presentation"); json.value(s.presentation);
        if (!s.stack.isEmpty()) {
            json.key("stack"); json.value(s.stack);
        }
        if (!s.targetText.isEmpty()) {
            json.key("target_text"); json.value(s.targetText);
        }
        if (!s.sourceLanguage.isEmpty()) {
            json.key("source_lang"); json.value(s.sourceLanguage);
        }
        if (!s.targetLanguage.isEmpty()) {
            json.key("target_lang"); json.value(s.targetLanguage);
        }
        json.endObject();
    }  // the writer flushes into the buffer
    return buffer.data() + '\n';
}

// Reads the whole file (at most kMaxFileBytes) or throws naming the file.
QByteArray readSessionFile(const Reader& reader, const QString& path) {
    const QFileInfo info(path);
    if (path.isEmpty() || !info.exists())
        reader.fail(SessionText::tr("the file does not exist"));
    if (info.isDir())
        reader.fail(SessionText::tr("it is a folder, not a file"));
    if (!info.isFile())
        reader.fail(SessionText::tr("it is not a regular file"));
    const auto tooLarge = [&](qint64 bytes) {
        reader.fail(SessionText::tr("it is %1 bytes; a session file is at most 1 MB (%2 bytes)")
                        .arg(bytes).arg(Session::kMaxFileBytes));
    };
    if (info.size() > Session::kMaxFileBytes)
        tooLarge(info.size());
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        reader.fail(SessionText::tr("cannot read it: %1").arg(file.errorString()));
    QByteArray bytes = file.read(Session::kMaxFileBytes + 1);  // the file may have grown
    if (file.error() != QFileDevice::NoError)
        reader.fail(SessionText::tr("cannot read it: %1").arg(file.errorString()));
    if (bytes.size() > Session::kMaxFileBytes)
        tooLarge(qMax(file.size(), qint64(bytes.size())));
    return bytes;
}

}  // namespace

QStringList Session::viewNames() {
    return registeredViewNames();  // tabs/ViewTable.h: a new view is a new name
}

QStringList Session::stackNames() {
    return {stackName(StackKind::Encoder), stackName(StackKind::Decoder), stackName(StackKind::Cross)};
}

QStringList Session::compareModeNames() {
    return {QStringLiteral("heads"), QStringLiteral("sentences")};
}

bool operator==(const Session& a, const Session& b) {
    const TeachingOptions& ta = a.teaching;
    const TeachingOptions& tb = b.teaching;
    return a.modelSource == b.modelSource && ta.dModel == tb.dModel && ta.heads == tb.heads &&
           ta.layers == tb.layers && ta.seed == tb.seed && ta.causal == tb.causal &&
           ta.positional == tb.positional && ta.maxPositions == tb.maxPositions && a.text == b.text &&
           a.pairText == b.pairText && a.comparisonText == b.comparisonText && a.compareMode == b.compareMode &&
           a.layerB == b.layerB && a.headB == b.headB && a.layer == b.layer &&
           a.head == b.head && a.selectedToken == b.selectedToken && a.view == b.view &&
           a.step == b.step && a.heatmap.colormap == b.heatmap.colormap &&
           a.heatmap.scale == b.heatmap.scale && a.heatmap.showValues == b.heatmap.showValues &&
           a.hideSpecialTokens == b.hideSpecialTokens && a.mergeWords == b.mergeWords &&
           a.measure == b.measure && a.ablations == b.ablations && a.presentation == b.presentation &&
           a.stack == b.stack && a.targetText == b.targetText && a.sourceLanguage == b.sourceLanguage &&
           a.targetLanguage == b.targetLanguage;
}

QString scaleModeKey(ScaleMode mode) {
    switch (mode) {
    case ScaleMode::Fixed: return QStringLiteral("fixed");
    case ScaleMode::RowMax: return QStringLiteral("row");
    case ScaleMode::GlobalMax: return QStringLiteral("global");
    case ScaleMode::Log: return QStringLiteral("log");
    }
    return QString();
}

QString saveSession(const Session& session, const QString& path) {
    const auto failure = [&](const QString& detail) {
        return SessionText::tr("cannot save session file %1: %2").arg(shownPath(path), oneLine(detail));
    };
    const QByteArray bytes = sessionJson(session);
    if (bytes.size() > Session::kMaxFileBytes)
        return failure(SessionText::tr("the session would be %1 bytes, more than the 1 MB a session "
                                      "file may hold (the texts are too long)")
                           .arg(bytes.size()));
    if (path.isEmpty())
        return failure(SessionText::tr("no file name"));
    // All or nothing (io/AtomicFile): a full disk must not replace a good session with a piece.
    const QString reason = atomicWriteFailure(path, [&bytes](QIODevice* device) {
        return device->write(bytes) == bytes.size();
    });
    return reason.isEmpty() ? QString() : failure(reason);
}

Session loadSession(const QString& path) {
    const Reader read(path);
    QByteArray bytes = readSessionFile(read, path);

    int skipped = 0;  // a UTF-8 byte order mark, as some Windows editors write
    if (bytes.startsWith("\xEF\xBB\xBF")) {
        bytes.remove(0, 3);
        skipped = 3;
    }
    if (bytes.trimmed().isEmpty())
        read.fail(SessionText::tr("the file is empty"));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Qt refuses a lone value ("text", 3) at the top, which JSON allows: say what it is.
        const QJsonDocument wrapped = QJsonDocument::fromJson('[' + bytes + ']');
        if (wrapped.isArray() && wrapped.array().size() == 1)
            read.fail(SessionText::tr("not a Headmap session: expected a JSON object, found %1")
                          .arg(describe(wrapped.array().first())));
        // Qt's offset is where the parser gave up, at or just after the mistake.
        const qsizetype offset = std::clamp<qsizetype>(parseError.offset, 0, bytes.size());
        const QByteArray before = bytes.left(offset);
        const qsizetype lineStart = before.lastIndexOf('\n') + 1;
        read.fail(SessionText::tr("not valid JSON: %1 near byte %2 (line %3, column %4)")
                      .arg(parseError.errorString())
                      .arg(offset + skipped)
                      .arg(before.count('\n') + 1)
                      .arg(QString::fromUtf8(before.mid(lineStart)).size() + 1));
    }
    if (!document.isObject())
        read.fail(SessionText::tr("not a Headmap session: expected a JSON object, found %1")
                      .arg(describe(document.array())));
    const QJsonObject root = document.object();

    const QJsonValue format = root.value(QLatin1String("format"));
    if (format.isUndefined())
        read.fail(SessionText::tr("not a Headmap session (it has no \"format\": \"%1\")").arg(kFormatName));
    if (format.toString() != kFormatName)
        read.fail(SessionText::tr("not a Headmap session (\"format\" is %1, expected \"%2\")")
                      .arg(format.isString() ? QLatin1Char('"') + oneLine(format.toString()) + QLatin1Char('"')
                                             : describe(format),
                           kFormatName));
    const int version = read.integer(root, QString(), "version", true, 0);
    if (version > Session::kFormatVersion)
        read.fail(SessionText::tr("it was written by a newer Headmap (session version %1; this one reads "
                                 "version %2); update Headmap to open it")
                      .arg(version).arg(Session::kFormatVersion));
    if (version < 1)
        read.fail(SessionText::tr("field \"version\" is %1; session versions start at 1").arg(version));

    Session s;
    const QString model = QStringLiteral("model");
    const QJsonObject modelObject = read.object(root, QString(), "model", true);
    s.modelSource = read.string(modelObject, model, "source", true);
    if (s.modelSource.trimmed().isEmpty())
        read.fail(SessionText::tr("field \"model.source\" is empty; it names the model (e.g. builtin:teaching)"));

    const QString teaching = QStringLiteral("model.teaching");
    const QJsonObject teachingObject = read.object(modelObject, model, "teaching", false);
    TeachingOptions& t = s.teaching;
    t.dModel = read.integer(teachingObject, teaching, "d_model", false, t.dModel);
    t.heads = read.integer(teachingObject, teaching, "heads", false, t.heads);
    t.layers = read.integer(teachingObject, teaching, "layers", false, t.layers);
    t.maxPositions = read.integer(teachingObject, teaching, "max_positions", false, t.maxPositions);
    t.seed = read.seed(teachingObject, teaching, "seed", t.seed);
    t.causal = read.boolean(teachingObject, teaching, "causal", t.causal);
    t.positional = read.boolean(teachingObject, teaching, "positional", t.positional);
    try {
        t.validate();
    } catch (const HeadmapError& error) {
        QString detail = error.message();
        const QLatin1String prefix("builtin:teaching: ");
        if (detail.startsWith(prefix))
            detail.remove(0, prefix.size());
        read.fail(SessionText::tr("invalid \"model.teaching\": %1").arg(detail));
    }

    s.text = read.string(root, QString(), "text", true);
    s.pairText = read.string(root, QString(), "pair_text", false);
    s.comparisonText = read.string(root, QString(), "comparison_text", false);
    const QString compare = QStringLiteral("compare");
    const QJsonObject compareObject = read.object(root, QString(), "compare", false);
    s.compareMode = Session::compareModeNames().at(read.choice(compareObject, compare, "mode",
        Session::compareModeNames(), QT_TRANSLATE_NOOP("Session", "modes"), int(Session::compareModeNames().indexOf(s.compareMode))));
    s.layerB = read.integer(compareObject, compare, "layer_b", false, s.layerB, 0);
    s.headB = read.integer(compareObject, compare, "head_b", false, s.headB, 0);
    s.view = Session::viewNames().at(read.choice(root, QString(), "view", Session::viewNames(), QT_TRANSLATE_NOOP("Session", "views"),
                                                        int(Session::viewNames().indexOf(s.view))));
    s.layer = read.integer(root, QString(), "layer", false, s.layer, 0);
    s.head = read.integer(root, QString(), "head", false, s.head, 0);
    s.selectedToken = read.integer(root, QString(), "selected_token", false, s.selectedToken, -1,
                                   std::numeric_limits<int>::max(), QT_TRANSLATE_NOOP("Session", "none"));
    s.step = read.integer(root, QString(), "step", false, s.step, 0);

    const QString heatmap = QStringLiteral("heatmap");
    const QJsonObject heatmapObject = read.object(root, QString(), "heatmap", false);
    s.heatmap.colormap = allColormaps().at(read.choice(heatmapObject, heatmap, "colormap", colormapKeys(),
                                                       QT_TRANSLATE_NOOP("Session", "colormaps"), int(allColormaps().indexOf(s.heatmap.colormap))));
    s.heatmap.scale = allScaleModes().at(read.choice(heatmapObject, heatmap, "scale", scaleKeys(), QT_TRANSLATE_NOOP("Session", "scales"),
                                                     int(allScaleModes().indexOf(s.heatmap.scale))));
    s.heatmap.showValues = read.boolean(heatmapObject, heatmap, "show_values", s.heatmap.showValues);
    s.hideSpecialTokens = read.boolean(heatmapObject, heatmap, "hide_special_tokens", s.hideSpecialTokens);
    s.mergeWords = read.boolean(heatmapObject, heatmap, "merge_words", s.mergeWords);
    const QStringList measures{measureName(AttentionMeasure::Weights), measureName(AttentionMeasure::ValueNorm)};
    s.measure = read.choice(heatmapObject, heatmap, "measure", measures, QT_TRANSLATE_NOOP("Session", "measures"), 0) == 1
                    ? AttentionMeasure::ValueNorm
                    : AttentionMeasure::Weights;
    for (const auto& [key, stack] : {std::pair<const char*, std::optional<StackKind>>{"ablations", std::nullopt},
                                     {"encoder_ablations", StackKind::Encoder},
                                     {"decoder_ablations", StackKind::Decoder}}) {
        const QString ablations = read.string(root, QString(), key, false);
        try {
            for (HeadAblation a : parseHeadAblations(ablations)) {
                a.stack = stack;
                s.ablations.push_back(a);
            }
        } catch (const HeadmapError& error) {
            read.fail(SessionText::tr("field \"%1\": %2").arg(QLatin1String(key), error.message()));
        }
    }
    if (root.contains(QLatin1String("stack")))
        s.stack = Session::stackNames().at(
            read.choice(root, QString(), "stack", Session::stackNames(), QT_TRANSLATE_NOOP("Session", "stacks"), 2));
    s.targetText = read.string(root, QString(), "target_text", false);
    s.sourceLanguage = read.string(root, QString(), "source_lang", false);
    s.targetLanguage = read.string(root, QString(), "target_lang", false);
    s.presentation = read.boolean(root, QString(), "presentation", s.presentation);
    return s;
}

}  // namespace headmap::ui
