#pragma once
// A text typed twice, and whether a model copies it: the induction classroom's numbers (#41).
// An induction head at a token of the second copy looks at the token after the same token's
// earlier occurrence; the model then predicts that token next. This finds the second copy in
// any token ids and reads off, position by position, whether the model's top-1 prediction is the
// token the copy goes on with.

#include <vector>

#include "model/Model.h"

namespace headmap {

// The tokens [start, end) equal the tokens `offset` before them, and the stretch is the longest
// such run that ends at the last token ("qwkqwk": start 3, offset 3). Empty (start = -1) when the
// ids end in no repeat of at least 2 tokens.
struct RepeatedStretch {
    int start = -1;
    int end = -1;
    int offset = 0;
    bool isEmpty() const { return start < 0; }
    int length() const { return isEmpty() ? 0 : end - start; }
    // Where an induction head at query i of the copy should look: the token after the earlier
    // occurrence of token i.
    int inductionKey(int query) const { return query - offset + 1; }
};
// The longest run wins; between runs of one length, the smaller offset (the nearest copy).
RepeatedStretch findRepeatedStretch(const std::vector<int>& ids);

struct CopyStep {
    int position = 0;   // the token predicted after
    int expected = 0;   // the token the copy goes on with (ids[position + 1])
    int predicted = 0;  // the model's top-1 there
    bool right() const { return expected == predicted; }
};
// The model's top-1 next token at each position of the stretch whose next token is in it too
// (start .. end − 2), from result (model.run of ids). Throws what predictTokens throws.
std::vector<CopyStep> copySteps(const Model& model, const RunResult& result, const std::vector<int>& ids,
                                const RepeatedStretch& stretch);

}  // namespace headmap
