#pragma once
// What libsentencepiece (0.1.97, Debian 12) trusts in a .model file without checking, checked
// before the file is given to it. A model file is a serialized protobuf ModelProto; protobuf
// itself refuses truncated and malformed bytes, and the library refuses most inconsistent models
// with an error status, but a well-formed file can still crash it or make it read outside its
// buffers (found by reading its source; tests/tokenizers/tst_sentencepiecefile builds such files):
//
// - the normalization rules (normalizer_spec and denormalizer_spec, field precompiled_charsmap:
//   <trie size: uint32><Darts double array><NUL-terminated replacement strings>) are walked with
//   indices read from the array itself, unchecked (normalizer.cc, NormalizePrefix): a rule whose
//   replacement offset points far away made Python's sentencepiece, the same library, die of a
//   segmentation fault;
// - a trie size up to 3 bytes short of the blob passes the library's own check and cuts a view
//   past the blob's end (DecodePrecompiledCharsMap);
// - a piece starting with a NUL byte is an empty key for the piece trie, which throws from
//   inside the library (darts.h, "zero-length key"); SentencePieceFile catches that too.
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
