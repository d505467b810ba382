#pragma once
// Where builtin:numbers looks while it writes a Danish two-digit number (issue #41).
//
// Danish says 97 as "syvoghalvfems", seven-and-ninety: the units before the tens. A cross-
// attention head that has learned the alignment looks at "halvfems" while it writes the 9 and
// back at "syv" while it writes the 7. For a compound XogYY (21..99, not on a ten) a head
// "aligns" it when, on the digits the model itself generates,
//   - the row that writes the tens digit (the decoder's start token: row i writes generated
//     token i) has its largest weight on a token of the tens word, and
//   - the row that writes the units digit has its largest weight on a token of the units word.
// The most aligned head is the cross-attention head that aligns the most compounds of a probe
// set; the window opens on it, and tests/numbers checks it on numbers held out from training.

#include <vector>

#include <QString>


namespace headmap {

class Model;

// Danish for 21..99 not on a ten, as builtin:numbers was trained: unit + "og" + ten.
QString danishCompound(int number);
std::vector<int> danishCompoundNumbers();  // 21..99 without 30, 40, …

struct CompoundAlignment {
    int layers = 0, heads = 0;
    std::vector<int> aligned;  // (layers × heads) compounds each cross head aligns, layer-major
    int compounds = 0;         // compounds measured
    double share(int layer, int head) const;
};

// Every cross-attention head of an encoder–decoder model on the given compounds.
CompoundAlignment measureCompoundAlignment(const Model& model, const std::vector<int>& numbers);

struct AlignedHead {
    int layer = 0, head = 0;
    double share = 0.0;  // of the probe compounds
};

// The cross-attention head that aligns the most probe compounds (the first one on a tie).
AlignedHead mostAlignedHead(const CompoundAlignment& alignment);

// The probe set of a builtin:numbers folder: the compounds not in numbers.json's "held_out"
// (the window's choice must not peek at the numbers the tests measure on). Throws ModelError
// when numbers.json is missing or malformed.
std::vector<int> probeCompounds(const QString& folder);
std::vector<int> heldOutNumbers(const QString& folder);

}  // namespace headmap
