#pragma once
// What libsentencepiece (0.1.97, Debian 12) trusts in a .model file without checking, checked
// before the file is given to it. A model file is a serialized protobuf ModelProto; protobuf
// itself refuses truncated and malformed bytes, and the library refuses most inconsistent
// models with an error status, but three things in a well-formed file crash it or make it read
// outside its buffers (found by reading its source, tests/tokenizers/tst_sentencepiecefile):
//
// - the normalization rules (normalizer_spec and denormalizer_spec, field precompiled_charsmap:
//   <trie size: uint32><Darts double array><NUL-terminated replacement strings>) are walked
//   with indices read from the array itself, unchecked, and a trie size close to the blob's
//   cuts a view past its end (normalizer.cc, DecodePrecompiledCharsMap and NormalizePrefix);
// - a piece starting with a NUL byte is an empty key for the piece trie, which throws from
//   inside the library (darts.h, "zero-length key").
//
// This walks the protobuf wire format of the file (no generated code: the library installs no
// .proto headers) and checks those fields; everything else stays the library's to judge.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace headmap::sentencepiececheck {

// Empty when the bytes are safe to give to SentencePieceProcessor::LoadFromSerializedProto;
// otherwise what is wrong, in a few words (for a message that names the file). Bytes that are no
// protobuf message at all are reported too: the library would refuse them anyway.
QString modelProblem(const QByteArray& bytes);

// The check of one precompiled_charsmap blob, for tests: empty when every walk the normalizer
// can take through its double array stays inside the array and every rule's replacement string
// starts inside the blob.
QString charsMapProblem(QByteArrayView blob);

}  // namespace headmap::sentencepiececheck
