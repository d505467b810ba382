#pragma once
// Where the tests' committed inputs are: tests/fixtures (HEADMAP_FIXTURES_DIR) and tests/golden
// (HEADMAP_GOLDEN_DIR), both defined for every test by headmap_test_support. One copy of what
// each test file used to spell out itself.

#include <QString>

namespace testsupport {

// HEADMAP_FIXTURES_DIR/relative, e.g. "gguf/models/llama_q8_0.gguf".
QString fixturePath(const QString& relative);
// A model folder of tests/fixtures/models (made by fixtures/models/make_*.py).
QString modelFixture(const QString& name);
// A GGUF file of tests/fixtures/gguf/models.
QString ggufModelFixture(const QString& name);
// HEADMAP_GOLDEN_DIR/relative.
QString goldenPath(const QString& relative);

}  // namespace testsupport
