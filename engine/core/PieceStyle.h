#pragma once
// How a tokenizer writes its pieces. Readable labels (text/TokenLabels) need it to find the bytes
// a piece stands for, and word merging (analysis/WordAggregation) to find where words begin.

namespace headmap {

enum class PieceStyle {
    Plain,          // pieces are text as it reads; each token is a word (builtin models)
    WordPiece,      // BERT: "##" marks a piece that continues the word before it
    ByteLevel,      // GPT-2, RoBERTa, Llama-3, Qwen: bytes in GPT-2's alphabet, "Ġ" a space
    SentencePiece,  // Llama-2, Gemma: "▁" a space (a word start), "<0xE5>" a byte (byte fallback)
    Words,          // a trace merged into words: each token is a word, tokens() its pieces
};

}  // namespace headmap
