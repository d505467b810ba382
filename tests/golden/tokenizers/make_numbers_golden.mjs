// Writes tests/golden/tokenizers/numbers.json: the ids and tokens the Rust tokenizers library
// itself gives (npm package `tokenizers`, the Rust code compiled for Node) with builtin:numbers'
// tokenizer.json (resources/models/numbers/) for every spelling of 0..99 and of every fourth
// held-out number, and a few texts that are not numbers. tst_numbersmodel compares Headmap's tokenizer.
//
//   mkdir -p /tmp/tokrs && cd /tmp/tokrs && npm install tokenizers@0.23.2
//   /usr/bin/python3 resources/models/numbers/number_words.py > /tmp/numbers-texts.json
//   node tests/golden/tokenizers/make_numbers_golden.mjs /tmp/tokrs/node_modules /tmp/numbers-texts.json

import fs from "fs";
import path from "path";
import { createRequire } from "module";
import { fileURLToPath } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.resolve(here, "../../../resources/models/numbers");
const nodeModules = path.resolve(process.argv[2] ?? "/tmp/tokrs/node_modules");
const texts = JSON.parse(fs.readFileSync(process.argv[3] ?? "/tmp/numbers-texts.json", "utf8"));
const require = createRequire(path.join(nodeModules, "noop.js"));
const { Tokenizer } = require("tokenizers");
const version = JSON.parse(fs.readFileSync(path.join(nodeModules, "tokenizers/package.json"), "utf8")).version;

const tokenizer = Tokenizer.fromFile(path.join(folder, "tokenizer.json"));
const cases = [];
for (const text of texts) {
    const encoding = await tokenizer.encode(text);
    cases.push({ text, ids: encoding.getIds(), tokens: encoding.getTokens() });
}
const doc = {
    note: "ids and tokens as the Rust library gives them; an unknown stretch is one <unk> (id 3) named by its text", generator: "tests/golden/tokenizers/make_numbers_golden.mjs", tokenizers_version: version,
              tokenizer: "resources/models/numbers/tokenizer.json", cases };
fs.writeFileSync(path.join(here, "numbers.json"), JSON.stringify(doc) + "\n");
console.log(`wrote ${cases.length} cases`);
