#pragma once
// The fixture models of every architecture family, named as the data-driven rows of
// tst_ondemandheads and tst_attentionrow name them, and an input of any length for them.

#include <memory>

#include <QString>

#include "model/Model.h"

namespace headmap::testing {

QString fixturesDir(const QString& relative);
// "builtin:…", "models/<folder>" or "gguf/<file>|<folder whose tokenizer it is run with>".
std::unique_ptr<Model> loadCase(const QString& source);
// length ids spread over the vocabulary (any id runs; these are not meant to read as text).
Encoding inputOf(const Model& model, int length);

}  // namespace headmap::testing
