#pragma once
// Where the tests' committed inputs are: tests/fixtures (HEADMAP_FIXTURES_DIR) and tests/golden
// (HEADMAP_GOLDEN_DIR), both defined for every test by headmap_test_support. One copy of what
// each test file used to spell out itself.

#include <QJsonObject>
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
// The JSON object in HEADMAP_FIXTURES_DIR/relative (a fixture folder's golden.json); empty when
// the file is missing or not an object, so the test's own checks fail with what they expected.
QJsonObject fixtureJson(const QString& relative);

}  // namespace testsupport
