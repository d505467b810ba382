#pragma once
// The languages of a translation: what a user chose for the source and the target of a
// multilingual model (M2M100's "__da__", NLLB's "dan_Latn", mBART's "en_XX", Marian's ">>dan<<"),
// as a plain value handed to the calls that depend on it (Model::tokenize through
// TokenizeOptions, Model::generate, Model::decoderInputForTarget), so one loaded model serves any
// choice at once. Empty: the model folder's default (tokenizer_config.json's src_lang/tgt_lang;
// for generation, generation_config.json's forced_bos_token_id).

#include <QString>
#include <QStringList>

namespace headmap {

struct LanguageChoice {
    QString source;
    QString target;
    bool isEmpty() const { return source.isEmpty() && target.isEmpty(); }
};

// `code` as one of `codes` (a model's list, codes as the family writes them): the code itself, or
// for convenience the bare code inside the family's marks when only one code has it ("da" for
// "__da__", "dan" for ">>dan<<", "en" for "en_XX", "dan" for "dan_Latn"). Throws InputError
// naming `what` ("source language", "target language") and a few of the codes there are.
QString resolveLanguageCode(const QStringList& codes, const QString& code, const QString& what);

// The bare code of a listed one: without M2M100's "__" marks or Marian's ">>" "<<", and the part
// before "_" of mBART's and NLLB's "xx_YY" codes.
QString bareLanguageCode(const QString& code);

}  // namespace headmap
