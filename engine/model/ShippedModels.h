#pragma once
// Models trained for Headmap and shipped with it as ordinary Hugging Face folders (config.json,
// model.safetensors, tokenizer.json): builtin:induction. They are loaded by the same code as any
// folder; only where they live is special. Installed, the program is in bin/ and the models in
// share/headmap/models/; the build tree mirrors that (build/app/ and build/share/headmap/models/,
// copied there by resources/CMakeLists.txt), so one rule finds them from either.

#include <QString>

namespace headmap {

// The folder of the shipped model `name` ("induction"): <program folder>/../share/headmap/models/
// <name>. Throws ModelError naming the folder looked in when it holds no config.json.
QString shippedModelFolder(const QString& name);

}  // namespace headmap
