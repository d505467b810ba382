// Writes tests/golden/tokenizers/unigram/<name>.json: the ids and tokens that the Rust tokenizers
// library itself gives (its Node binding, npm package `tokenizers`, which is the Rust code compiled
// for Node, not a port) for the Unigram fixtures in tests/fixtures/tokenizers/unigram/<name>/.
//
// Install the package in a scratch folder, never in this repository, then run:
//   mkdir -p /tmp/tokrs && cd /tmp/tokrs && npm install tokenizers@0.23.2
//   node tests/golden/tokenizers/make_unigram_golden.mjs /tmp/tokrs/node_modules [names]
//
// One difference from the library's output is written into the files on purpose: for an unknown
// stretch of text the Rust library names the token by the text itself ("𝔘𝔫") with the unk id;
// Headmap names every token by its vocabulary piece ("<unk>"), so that a token's name follows from
// its id (fromIds). Such tokens are written as their piece, and the case records what Rust said
// in "rust_tokens".

import fs from "fs";
import path from "path";
import { createRequire } from "module";
import { fileURLToPath } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, "../../fixtures/tokenizers/unigram");
const nodeModules = path.resolve(process.argv[2] ?? "/tmp/tokrs/node_modules");
const require = createRequire(path.join(nodeModules, "noop.js"));
const { Tokenizer } = require("tokenizers");
const packageVersion = JSON.parse(fs.readFileSync(path.join(nodeModules, "tokenizers/package.json"), "utf8")).version;
const only = process.argv[3] ? process.argv[3].split(",") : null;

const corpusLines = ["da.txt", "zh.txt", "en.txt"].flatMap((name) =>
    fs.readFileSync(path.join(fixtures, "corpus", name), "utf8").split("\n").map((l) => l.trim()).filter(Boolean));

// [group, strings]: a case is named "<group> <index>".
const groups = [
    ["empty", ["", " ", "  ", "\t", "\n", "\u3000", "\u00a0"]],
    ["whitespace", ["hello world", "  two leading spaces", "trailing spaces   ", "multiple   spaces   inside",
        "tab\tseparated\tvalues", "line one\nline two", "windows\r\nline end", "\n\nparagraph\n\n",
        "mixed \t \n whitespace", "a  b", "a   b    c", "no\u00a0break space", "ideographic\u3000space",
        "em\u2003space", "thin\u2009space", "line\u2028separator", "ends with newline\n", " \n ", "x\u200by",
        "\u00a0\u00a0lead", "tail\u00a0\u00a0", "word \n\tword", "a\u3000\u3000b", "  \n  \n  "]],
    ["accents", ["café", "cafe\u0301", "naïve résumé", "Crème Brûlée", "São Paulo", "Ångström", "A\u030angström",
        "Dvořák", "Zürich Straße", "İstanbul", "ΟΔΟΣ ΣΟΦΟΣ", "Ελληνικά γράμματα", "Привет, мир!",
        "x\u0308\u0301 stacked", "e\u0301\u0301\u0301", "o\u0308\u0304", "Ǆemal ǅ ǆ", "ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ",
        "ﬁne ligature", "oﬃce", "Å vs \u212b (angstrom sign)", "K vs \u212a (kelvin)", "\u1e9b\u0323",
        "Hangul \u1100\u1161\u11a8 jamo", "ᄀ ᅡ ᆨ"]],
    ["fullwidth", ["Ａｃｃｅｎｔ ｆｕｌｌｗｉｄｔｈ", "ＡＢＣ全角", "１２３", "ｶﾀｶﾅ半角", "ﾊﾟﾊﾞ", "！？（）［］",
        "＠ｕｓｅｒ　＃ｔａｇ", "Ｈｅｌｌｏ，ｗｏｒｌｄ！", "～＾＿", "ｈｔｔｐｓ：／／ｅｘａｍｐｌｅ．ｃｏｍ"]],
    ["compatibility", ["½ ¾ ¼", "x² y³ z¹", "H₂O", "①②③ ⑩", "Ⅻ ⅻ Ⅳ", "㎏ ㎞ ㎡ ㏄", "℃ ℉ №", "™ ℠ ©",
        "㈱ ㍿ ㋀", "…", "‥", "ℌ ℍ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "𝐁𝐨𝐥𝐝 𝑰𝒕𝒂𝒍𝒊𝒄", "ﹰ ﺀ", "ǈ", "µ vs μ", "ſ", "ﬃx"]],
    ["danish", ["æøå ÆØÅ", "Blåbærsyltetøj", "Ærø og Øresund", "Hej verden", "Århus og Aalborg",
        "København har 1,3 millioner indbyggere.", "Jeg er 12 år gammel og bor i Århus."]],
    ["chinese", ["深入了解Transformer模型", "什么是多头注意力？", "𠮷野家", "漢字𪚥測試", "繁體中文字與简体中文字",
        "你好，世界！", "「引号」和《书名号》", "一二三四五六七八九十", "龘靐齉"]],
    ["japanese and korean", ["東京は日本の首都です。", "カタカナとひらがな", "私はPythonが好きです", "안녕하세요 세계",
        "한국어 텍스트 처리", "ㄱㄴㄷ ㅏㅑ"]],
    ["other scripts", ["مرحبا بالعالم", "العربية: ٠١٢٣٤٥٦٧٨٩", "עברית שלום", "हिन्दी भाषा", "क्षत्रिय", "ไทย ภาษา",
        "ᚠᚢᚦ", "ꙮ", "𓂀", "Ελληνικά"]],
    ["emoji", ["I love 🤗 tokenizers", "👍🏽 thumbs up", "👨‍👩‍👧‍👦 family", "🇩🇰🇨🇳 flags", "🏴󠁧󠁢󠁥󠁮󠁧󠁿 England",
        "❤️ heart", "1️⃣ keycap", "😀😃😄😁", "emoji🙂inside", "🧑🏿‍💻 coder", "☃︎ snowman", "©️®️"]],
    ["numbers", ["3.14159", "1,000,000", "1.000.000,50 kr", "12:30:45", "2017-06-12", "+45 12 34 56 78",
        "0x1F600", "1e-5", "50%", "$1,234.56", "123456789012345678901234567890", "٣٤٥ ۱۲۳ १२३", "99 bottles"]],
    ["punctuation", ["Hello!!!", "What?!?!", "...", "--- ___ ***", "“quoted” ‘text’", "«guillemets»",
        "(parentheses) [brackets] {braces}", "a/b\\c|d", "@user #hashtag", "¡Hola! ¿Qué tal?",
        "won't can't I'm", "—em–en-dash", "§ 12 ¶", "~`^", "<tag attr=\"x\">"]],
    ["control", ["a\u0000b", "bell\u0007char", "esc\u001b[0m", "del\u007fchar", "soft\u00adhyphen",
        "zero\u200bwidth", "bom\ufeffmark", "\ufffd replacement", "rtl\u200fmark", "zwj\u200djoiner",
        "private\ue000use", "unassigned\u0378char", "next\u0085line", "\u0001\u0002\u0003", "a\u000bb\u000cc"]],
    ["long words", ["x".repeat(100), "antidisestablishmentarianism", "ab".repeat(60), "é".repeat(50),
        "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenherstellungsbetriebsgenehmigungsverfahren",
        "opmærksomhedsmekanismerepræsentationsaspekter", "注意力".repeat(20)]],
    ["code", ["def forward(self, x):\n    return x @ W.T", "for (int i = 0; i < n; ++i) { sum += a[i]; }",
        "x = np.zeros((B, T, D))", "<div class=\"x\">Hi</div>", "SELECT * FROM t WHERE id=3;",
        "$HOME/${PATH}", "softmax(QK^T/√d_k)V", "https://huggingface.co/xlm-roberta-base?x=1&y=2#frag"]],
    ["special text", ["<s>", "</s>", "<pad>", "<unk>", "<mask>", "<s>hello</s>", "a <mask> b", "a<mask>b",
        "a   <mask>", "<mask>", "</s></s>", "<sep>", "x<sep>y", "<extra_id_0> fills <extra_id_1>",
        "The <extra_id_0> walks in <extra_id_1> park", "en_XX Hello", "eng_Latn hello", "dan_Latn Hej zho_Hans 你好",
        "<0x41>", "▁", "▁▁", "a▁b", " ▁ ", "<unk><unk>", "Hello <s> world </s>", "<<s>>"]],
    ["corpus", corpusLines],
];

// Random strings from a pool of hard pieces (seeded, so the files are reproducible).
function randomStrings(count, seed) {
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pool = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", ..."       \t\n\r",
        ..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", ..."æøåÆØÅéèêëüöäßçñ", "e\u0301", "a\u0308", "A\u030a",
        ..."中文字注意力机制東京", ..."日本語カタカナひらがな", ..."한국어", ..."مرحبا", ..."Привет", ..."αβγδ",
        "🤗", "👍🏽", "👨‍👩‍👧", "🇩🇰", "❤️", "\u00a0", "\u3000", "\u2003", "\u200b", "\u200d", "\u00ad", "\u0007",
        "\ufffd", "<s>", "</s>", "<mask>", "<unk>", "<sep>", "<extra_id_0>", "en_XX", "eng_Latn", "▁", "'s", "...",
        "ﬁ", "①", "½", "²", "㎏", "Ⅻ", "™", "Ａ", "ｶ", "ﾟ", "１", "\u0378", "\ue000", "İ", "ı", "Ǆ", "𝔘", "𠮷", "ﬃ"];
    const strings = [];
    for (let i = 0; i < count; ++i) {
        const length = 1 + Math.floor(next() * (i % 2 ? 60 : 16));
        let text = "";
        for (let k = 0; k < length; ++k) text += pool[Math.floor(next() * pool.length)];
        strings.push(text);
    }
    return strings;
}
groups.push(["random", randomStrings(120, 2026)]);

const pairs = [
    ["Who was Jim Henson?", "Jim Henson was a puppeteer."],
    ["Hej verden", "Hello world"],
    ["深入了解Transformer", "什么是多头注意力？"],
    [" leading", "trailing "],
    ["<s>a</s>", "b <mask>"],
    ["emoji 👍🏽", "family 👨‍👩‍👧"],
    ["tab\there", "new\nline"],
    ["ﬁne", "Ａｃｃｅｎｔ"],
    ["café", "cafe\u0301"],
    ["", "only the second"],
    ["only the first", ""],
    ["ΟΔΟΣ", "Ærø"],
];

const names = ["t5", "xlm-roberta", "mbart-50", "nllb", "unigram-bytes"];

async function encodeCase(tokenizer, text, pair, addSpecial) {
    const e = await tokenizer.encode(text, pair, { addSpecialTokens: addSpecial });
    const ids = e.getIds();
    const rustTokens = e.getTokens();
    // The vocabulary's piece for every id (see the note at the top).
    const tokens = ids.map((id, i) => tokenizer.idToToken(id) ?? rustTokens[i]);
    const differs = tokens.some((t, i) => t !== rustTokens[i]);
    return { ids, tokens, typeIds: e.getTypeIds(), rustTokens: differs ? rustTokens : undefined };
}

for (const name of names) {
    if (only && !only.includes(name)) continue;
    const fixture = path.join(fixtures, name, "tokenizer.json");
    const tokenizer = Tokenizer.fromFile(fixture);
    const cases = [];
    for (const [group, strings] of groups) {
        for (const [index, text] of strings.entries()) {
            const withSpecial = await encodeCase(tokenizer, text, null, true);
            const plain = await encodeCase(tokenizer, text, null, false);
            const entry = { name: `${group} ${index}`, text, ids: withSpecial.ids, tokens: withSpecial.tokens,
                ids_no_special: plain.ids, tokens_no_special: plain.tokens };
            if (withSpecial.rustTokens) entry.rust_tokens = withSpecial.rustTokens;
            cases.push(entry);
        }
    }
    const pairCases = [];
    for (const [index, [first, second]] of pairs.entries()) {
        const e = await encodeCase(tokenizer, first, second, true);
        const entry = { name: `pair ${index}`, text: first, text_pair: second, ids: e.ids, tokens: e.tokens,
            type_ids: e.typeIds };
        if (e.rustTokens) entry.rust_tokens = e.rustTokens;
        pairCases.push(entry);
    }
    const header = JSON.stringify({ tokenizer: name, fixture: `tests/fixtures/tokenizers/unigram/${name}/tokenizer.json`,
        reference: `tokenizers ${packageVersion} (the Rust library's Node binding), node ${process.version}`,
        generator: "tests/golden/tokenizers/make_unigram_golden.mjs" }).slice(0, -1);
    const lines = (list) => list.map((c) => "  " + JSON.stringify(c)).join(",\n");
    const out = path.join(here, "unigram", `${name}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${header},\n "cases": [\n${lines(cases)}\n ],\n "pairs": [\n${lines(pairCases)}\n ]}\n`);
    console.log(`${out}: ${cases.length} cases, ${pairCases.length} pairs`);
}
