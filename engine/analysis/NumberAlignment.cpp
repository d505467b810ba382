#include "analysis/NumberAlignment.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>

#include "core/HeadmapError.h"
#include "model/Model.h"
#include "tokenizers/TokenizerFiles.h"

namespace headmap {
namespace {

const char* const kUnits[] = {"", "en", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni"};
const char* const kTens[] = {"", "", "tyve", "tredive", "fyrre", "halvtreds", "tres", "halvfjerds", "firs", "halvfems"};

// The source tokens (indices into the encoding) whose characters overlap [first, last) of the
// text: the pieces are laid end to end over the text, specials and the "▁" of spaces taking none.
std::vector<int> tokensOver(const Encoding& source, int first, int last) {
    std::vector<int> tokens;
    int at = 0;
    for (int i = 0; i < source.size(); ++i) {
        if (source.special[size_t(i)])
            continue;
        QString piece = source.tokens.value(i);
        piece.remove(QChar(0x2581));
        const int end = at + int(piece.size());
        if (end > at && at < last && end > first)
            tokens.push_back(i);
        at = end;
    }
    return tokens;
}

bool contains(const std::vector<int>& tokens, int token) {
    return std::find(tokens.begin(), tokens.end(), token) != tokens.end();
}

int argmaxKey(const AttentionTrace& cross, int layer, int head, int row) {
    int best = 0;
    for (int key = 1; key < cross.keyLength(); ++key)
        if (cross.weight(layer, head, row, key) > cross.weight(layer, head, row, best))
            best = key;
    return best;
}

QJsonObject readNumbersJson(const QString& folder) {
    return tokenizerfiles::readJsonObject(QDir(folder).filePath(QStringLiteral("numbers.json")));
}

}  // namespace

QString danishCompound(int number) {
    if (number < 21 || number > 99 || number % 10 == 0)
        throw InputError(QCoreApplication::translate("Engine", "%1 is not a Danish two-digit compound; expected "
                                                               "21..99, not on a ten")
                             .arg(number));
    return QLatin1String(kUnits[number % 10]) + QLatin1String("og") + QLatin1String(kTens[number / 10]);
}

std::vector<int> danishCompoundNumbers() {
    std::vector<int> numbers;
    for (int n = 21; n < 100; ++n)
        if (n % 10 != 0)
            numbers.push_back(n);
    return numbers;
}

double CompoundAlignment::share(int layer, int head) const {
    return compounds == 0 ? 0.0 : double(aligned[size_t(layer * heads + head)]) / compounds;
}

CompoundAlignment measureCompoundAlignment(const Model& model, const std::vector<int>& numbers) {
    CompoundAlignment out;
    for (const int number : numbers) {
        const QString text = danishCompound(number);
        const int unitsLength = int(qstrlen(kUnits[number % 10]));
        const Encoding source = model.tokenize(text);
        const std::vector<int> unitsTokens = tokensOver(source, 0, unitsLength);
        const std::vector<int> tensTokens = tokensOver(source, unitsLength + 2, int(text.size()));
        const RunResult result = model.run(source);  // generates, then rows = start + generated
        const AttentionTrace& cross = result.stack(StackKind::Cross);
        if (out.compounds == 0) {
            out.layers = cross.layers();
            out.heads = cross.heads();
            out.aligned.assign(size_t(out.layers * out.heads), 0);
        }
        ++out.compounds;
        if (cross.length() < 2)  // wrote fewer than two digits: no head aligns it
            continue;
        for (int layer = 0; layer < out.layers; ++layer)
            for (int head = 0; head < out.heads; ++head)
                if (contains(tensTokens, argmaxKey(cross, layer, head, 0)) &&
                    contains(unitsTokens, argmaxKey(cross, layer, head, 1)))
                    ++out.aligned[size_t(layer * out.heads + head)];
    }
    return out;
}

AlignedHead mostAlignedHead(const CompoundAlignment& alignment) {
    AlignedHead best;
    for (int layer = 0; layer < alignment.layers; ++layer)
        for (int head = 0; head < alignment.heads; ++head)
            if (alignment.share(layer, head) > best.share)
                best = AlignedHead{layer, head, alignment.share(layer, head)};
    return best;
}

std::vector<int> heldOutNumbers(const QString& folder) {
    const QJsonValue list = readNumbersJson(folder).value(QLatin1String("held_out"));
    if (!list.isArray())
        throw ModelError(QCoreApplication::translate("Engine", "%1: \"held_out\" must be a list of numbers")
                             .arg(QDir(folder).filePath(QStringLiteral("numbers.json"))));
    std::vector<int> numbers;
    for (const QJsonValue& value : list.toArray())
        numbers.push_back(value.toInt(-1));
    return numbers;
}

std::vector<int> probeCompounds(const QString& folder) {
    const std::vector<int> heldOut = heldOutNumbers(folder);
    std::vector<int> probe;
    for (const int n : danishCompoundNumbers())
        if (!contains(heldOut, n))
            probe.push_back(n);
    return probe;
}

}  // namespace headmap
