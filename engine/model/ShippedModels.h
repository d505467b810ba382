#pragma once
// Trained models that ship with Headmap as ordinary Hugging Face folders (resources/models/),
// named builtin:NAME like the generated ones and loaded by the same code as any folder.
//
// The folder is looked up, in this order:
//   $HEADMAP_MODELS_DIR/NAME                      (a test or a relocated install)
//   <program>/../share/headmap/models/NAME        (installed: bin/ beside share/; the build
//                                                  tree copies the folders to build/share/)

#include <optional>

#include <QString>
#include <QStringList>

namespace headmap {

// The builtin:… names backed by a shipped folder.
QStringList shippedModelNames();

// The folder of a shipped model; empty when `spec` names none. Throws ModelError when the spec
// names one whose folder is nowhere to be found (listing the places looked in).
std::optional<QString> shippedModelFolder(const QString& spec);

}  // namespace headmap
