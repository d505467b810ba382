#pragma once
// tokenizer.json post-processors: they add the special tokens around the encoded sequences and
// set their type ids. As in the Rust library, the tokenizer first gives sequence i type id i,
// then the post-processor rewrites the list of encodings, which are finally concatenated.

#include <memory>
#include <utility>
#include <vector>

#include "model/Tokenizer.h"

namespace headmap {

class PostProcessor {
public:
    virtual ~PostProcessor() = default;
    virtual std::vector<Encoding> process(std::vector<Encoding> encodings,
                                          bool addSpecialTokens) const = 0;
    // Every (piece, id) it can add. A file's post-processor names its ids itself, so the loader
    // checks them against the vocabulary: fromIds() must name an id as encode() did.
    virtual std::vector<std::pair<QString, int>> specialTokens() const { return {}; }
};

// One special token of a post-processor, possibly standing for several ids.
struct SpecialTokenIds {
    QStringList tokens;
    std::vector<int> ids;
};

// TemplateProcessing: "[CLS]:0 $A:0 [SEP]:0" as a list of pieces.
struct TemplatePiece {
    bool isSequence = false;
    int sequence = 0;       // 0 for $A, 1 for $B
    SpecialTokenIds special;  // when not a sequence
    int typeId = 0;

    // $A (which 0) or $B (which 1), with the sequence's own type id.
    static TemplatePiece sequenceOf(int which) {
        TemplatePiece piece;
        piece.isSequence = true;
        piece.sequence = which;
        piece.typeId = which;
        return piece;
    }
    static TemplatePiece specialOf(SpecialTokenIds ids, int typeId) {
        TemplatePiece piece;
        piece.special = std::move(ids);
        piece.typeId = typeId;
        return piece;
    }
};

class TemplateProcessor : public PostProcessor {
public:
    TemplateProcessor(std::vector<TemplatePiece> single, std::vector<TemplatePiece> pair)
        : m_single(std::move(single)), m_pair(std::move(pair)) {}
    std::vector<Encoding> process(std::vector<Encoding> encodings, bool addSpecialTokens) const override;
    std::vector<std::pair<QString, int>> specialTokens() const override;

private:
    std::vector<TemplatePiece> m_single;
    std::vector<TemplatePiece> m_pair;
};

// BertProcessing: [CLS] A [SEP] (type 0) B [SEP] (type 1).
// RobertaProcessing: <s> A </s> </s> B </s>, all type 0, also without special tokens.
class ClsSepProcessor : public PostProcessor {
public:
    enum class Style { Bert, Roberta };
    ClsSepProcessor(Style style, SpecialTokenIds cls, SpecialTokenIds sep)
        : m_style(style), m_cls(std::move(cls)), m_sep(std::move(sep)) {}
    std::vector<Encoding> process(std::vector<Encoding> encodings, bool addSpecialTokens) const override;
    std::vector<std::pair<QString, int>> specialTokens() const override;

private:
    Style m_style;
    SpecialTokenIds m_cls;
    SpecialTokenIds m_sep;
};

// The ByteLevel post-processor only trims offsets, which Headmap does not keep.
class IdentityProcessor : public PostProcessor {
public:
    std::vector<Encoding> process(std::vector<Encoding> encodings, bool) const override {
        return encodings;
    }
};

class PostProcessorSequence : public PostProcessor {
public:
    explicit PostProcessorSequence(std::vector<std::unique_ptr<PostProcessor>> steps)
        : m_steps(std::move(steps)) {}
    std::vector<Encoding> process(std::vector<Encoding> encodings, bool addSpecialTokens) const override;
    std::vector<std::pair<QString, int>> specialTokens() const override;

private:
    std::vector<std::unique_ptr<PostProcessor>> m_steps;
};

// The encodings one after the other.
Encoding concatenate(std::vector<Encoding> encodings);
// Every token of encoding gets typeId.
void setTypeIds(Encoding& encoding, int typeId);

}  // namespace headmap
