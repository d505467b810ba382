// Writes tests/golden/tokenizers/languages.json: the ids the Rust tokenizers library itself gives
// (npm package `tokenizers`, the Rust code compiled for Node) for the language folders of
// tests/fixtures/tokenizers/languages/ (NLLB and mBART-50 tokenizer.json files, made by
// transformers' converters, see ../../fixtures/tokenizers/unigram/README.md, with a
// tokenizer_config.json), with the post-processor that transformers' classes install for a
// language. NllbTokenizer and MBart50Tokenizer (models/nllb/tokenization_nllb.py and
// models/mbart50/tokenization_mbart50.py at commit e9d73c31189a2235385bbaf4be9224d9d5c8a1fc)
// replace the file's post-processor on loading and on every change of src_lang / tgt_lang by
//
//   processors.TemplateProcessing(single=prefix + ["$A"] + suffix, pair=prefix + ["$A", "$B"] + suffix,
//                                 special_tokens=zip(prefix + suffix, their ids))
//
// with prefix [lang], suffix [</s>] (NLLB legacy_behaviour: prefix [], suffix [</s>, lang]);
// src_lang null means "eng_Latn" (NLLB) or "en_XX" (mBART-50), and target mode uses src_lang
// when tgt_lang is null. MBartTokenizer (models/mbart/tokenization_mbart.py, mBART-25:
// facebook/mbart-large-cc25) puts its language behind the text on both sides (prefix [], suffix
// [</s>, lang]; src_lang null means "en_XX"), and its model starts the decoder with the target's
// language: MBartForConditionalGeneration's shift_tokens_right (models/mbart/modeling_mbart.py)
// wraps the labels' last token (the language) to the front, so decoder_input_ids is
// [lang] + target_ids[:-1]. The mbart-25 folder reads mbart-50's tokenizer.json, whose first 25
// codes are FAIRSEQ_LANGUAGE_CODES of mBART-25 in the same order (ar_AR ... zh_CN); the 27 others
// are not languages to MBartTokenizer. This script installs exactly that template in the Rust tokenizer and
// encodes; the language rules are transcribed from those files (their Python needs the Rust
// library's Python binding, which Debian does not package).
//
//   mkdir -p /tmp/tokrs && cd /tmp/tokrs && npm install tokenizers@0.23.2
//   node tests/golden/tokenizers/make_language_golden.mjs /tmp/tokrs/node_modules
//
// Per folder: the case's src_lang / tgt_lang (null: the folder's default), ids and tokens of the
// source with special tokens, target_ids (text_target=), and decode_skip: the Rust decoder's
// decode(target_ids, skip_special_tokens=true).

import fs from "fs";
import path from "path";
import { createRequire } from "module";
import { fileURLToPath } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, "../../fixtures/tokenizers/languages");
const corpus = path.resolve(here, "../../fixtures/tokenizers/unigram/corpus");
const nodeModules = path.resolve(process.argv[2] ?? "/tmp/tokrs/node_modules");
const require = createRequire(path.join(nodeModules, "noop.js"));
const { Tokenizer, templateProcessing } = require("tokenizers");
const packageVersion = JSON.parse(fs.readFileSync(path.join(nodeModules, "tokenizers/package.json"), "utf8")).version;

// folder: the class's default source language, placement, and the languages the cases use.
const folders = {
    "nllb": { defaultSource: "eng_Latn", legacy: false, sources: [null, "dan_Latn", "zho_Hans"],
              targets: [null, "eng_Latn", "fra_Latn"] },
    "nllb-legacy": { defaultSource: "eng_Latn", legacy: true, sources: [null, "eng_Latn"], targets: [null, "dan_Latn"] },
    "mbart-50": { defaultSource: "en_XX", legacy: false, sources: [null, "en_XX", "ar_AR"],
                  targets: [null, "zh_CN", "de_DE"] },
    "mbart-25": { defaultSource: "en_XX", legacy: true, sources: [null, "de_DE", "zh_CN"],
                  targets: [null, "en_XX", "ja_XX"], languageStartsDecoder: true },
};

const fixed = ["", " ", "Hello world", "  leading and trailing  ", "tab\tand\nnewline", "café cafe\u0301",
    "æøå ÆØÅ Rødgrød med fløde", "Ｆｕｌｌｗｉｄｔｈ １２３", "ﬁ ﬂ ½ ㎏ ™", "注意力机制", "深入了解Transformer模型的好方法是学习注意机制。",
    "中文 and English 混合", "😀 emoji 👍🏽", "eng_Latn hello", "dan_Latn Hej zho_Hans 你好", "en_XX Hello zh_CN 你好",
    "</s> inside", "<s>start", "<mask>", "<unk><unk>", "▁", "a▁b", "3.14159 1,000,000", "It's 7:15, isn't it?"];
const lines = ["da.txt", "zh.txt", "en.txt"].flatMap((name) =>
    fs.readFileSync(path.join(corpus, name), "utf8").split("\n").map((l) => l.trim()).filter(Boolean));
const texts = [...new Set([...fixed, ...lines])];

function config(folder) {
    return JSON.parse(fs.readFileSync(path.join(fixtures, folder, "tokenizer_config.json"), "utf8"));
}

function setLanguage(tokenizer, lang, legacy) {
    const eos = "</s>";
    const ids = [[lang, tokenizer.tokenToId(lang)], [eos, tokenizer.tokenToId(eos)]];
    const [prefix, suffix] = legacy ? [[], [eos, lang]] : [[lang], [eos]];
    tokenizer.setPostProcessor(templateProcessing([...prefix, "$A", ...suffix].join(" "),
                                                  [...prefix, "$A", "$B", ...suffix].join(" "), ids));
}

async function encode(tokenizer, text) {
    const e = await tokenizer.encode(text, null, { addSpecialTokens: true });
    const ids = e.getIds();
    const rust = e.getTokens();
    return { ids, tokens: ids.map((id, i) => tokenizer.idToToken(id) ?? rust[i]) };
}

const out = { reference: `npm tokenizers ${packageVersion} with transformers' language templates (NllbTokenizer, ` +
              `MBart50Tokenizer, MBartTokenizer at e9d73c31189a2235385bbaf4be9224d9d5c8a1fc)`, folders: {} };
for (const [folder, spec] of Object.entries(folders)) {
    const settings = config(folder);
    const tokenizer = Tokenizer.fromFile(path.join(fixtures, folder, "tokenizer.json"));
    const defaultSource = settings.src_lang ?? spec.defaultSource;
    const cases = [];
    for (const [index, src] of spec.sources.entries()) {
        for (const tgt of spec.targets) {
            const source = src ?? defaultSource;
            const target = tgt ?? settings.tgt_lang ?? source;
            // Each pair of languages sees every fourth text; the defaults all of them.
            const chosen = src === null && tgt === null ? texts : texts.filter((_, i) => i % 4 === index);
            for (const text of chosen) {
                setLanguage(tokenizer, source, spec.legacy);
                const s = await encode(tokenizer, text);
                setLanguage(tokenizer, target, spec.legacy);
                const t = await encode(tokenizer, text);
                const c = { name: `${src ?? "default"}>${tgt ?? "default"} ${cases.length}`, text, src_lang: src,
                            tgt_lang: tgt, ids: s.ids, tokens: s.tokens, target_ids: t.ids,
                            decode_skip: await tokenizer.decode(t.ids, true) };
                // shift_tokens_right(labels, pad): the last non-pad token first, then labels[:-1].
                if (spec.languageStartsDecoder)
                    c.decoder_input_ids = [t.ids[t.ids.length - 1], ...t.ids.slice(0, -1)];
                cases.push(c);
            }
        }
    }
    out.folders[folder] = { default_source: defaultSource, default_target: settings.tgt_lang ?? null, cases };
}
const lines_ = ["{", `"reference": ${JSON.stringify(out.reference)},`, `"folders": {`];
const entries = Object.entries(out.folders);
entries.forEach(([folder, data], n) => {
    lines_.push(`${JSON.stringify(folder)}: {`);
    lines_.push(`"default_source": ${JSON.stringify(data.default_source)}, "default_target": ${JSON.stringify(data.default_target)},`);
    lines_.push(`"cases": [`);
    lines_.push(data.cases.map((c) => JSON.stringify(c)).join(",\n"));
    lines_.push(`]}${n + 1 < entries.length ? "," : ""}`);
});
lines_.push("}", "}");
fs.writeFileSync(path.join(here, "languages.json"), lines_.join("\n") + "\n");
