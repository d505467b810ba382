#pragma once
// Attention between words instead of sub-word pieces, the standard way (Clark et al. 2019,
// "What Does BERT Look At?", section 2): attention *to* a word is the sum of the attention to
// its pieces, attention *from* a word the mean of its pieces' attention rows, so every row
// still sums to 1.
//
// Where words begin:
//   - special tokens ([CLS], <s>, <|endoftext|>) are words of their own;
//   - WordPiece (BERT): a "##" piece continues the word before;
//   - byte-level BPE (GPT-2, Llama-3, Qwen) and SentencePiece (Llama-2, Gemma): a piece
//     continues the word before unless it starts with white space (Ġ, ▁). Besides, as BERT's
//     pre-tokenizer does: punctuation and symbols are words of their own, and so is each CJK
//     ideograph; a piece holding part of a character always joins the piece with the rest of
//     it (so two ideographs cut across the same tokens become one word); a lone space or "▁"
//     belongs to the word after it;
//   - builtin models (each token already a word): unchanged.

#include <vector>

#include "core/AttentionTrace.h"

namespace headmap {

// The index of the word each token belongs to: (T) non-decreasing, starting at 0.
std::vector<int> wordOfTokens(const QStringList& pieces, const std::vector<bool>& special, PieceStyle style);
std::vector<int> wordOfTokens(const AttentionTrace& trace);

// The trace over words: displayTokens are the words as they read ("␣attention", "多"), tokens
// the pieces joined by spaces, tokenIds the first piece's id, special carried over, and
// model().pieces PieceStyle::Words. (L, H, W, W) weights as described above.
// Lazy (AttentionTrace::deriveHeads): a head is merged when asked for, so no head is held until
// then; the result keeps a copy of `trace` (cheap: it shares the heads, queries and keys).
// heads: only those heads are merged (the others are zeros); empty: every head.
AttentionTrace mergeIntoWords(const AttentionTrace& trace, const HeadFilter& heads = {});

}  // namespace headmap
