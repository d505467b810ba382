#include "cli/CliRequest.h"
#include "hf/FamilyTraits.h"

namespace headmap::cli {
namespace {

// One option of the help: "  --model DIR" in a 29-column margin, then `words` filled to 94
// columns (the width the list of families had when it was wrapped by hand), continuation
// lines indented to the margin. The family lists come from the traits table, so a new row
// shows up here without an edit.
QString optionHelp(const QString& option, const QString& words) {
    constexpr int kMargin = 29;
    constexpr int kWidth = 94;
    QString text = (QStringLiteral("  ") + option).leftJustified(kMargin - 1) + QLatin1Char(' ');
    int lineLength = int(text.size());
    bool lineEmpty = true;
    for (const QString& word : words.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lineEmpty && lineLength + 1 + word.size() > kWidth) {
            text += QLatin1Char('\n') + QString(kMargin, QLatin1Char(' '));
            lineLength = kMargin;
            lineEmpty = true;
        }
        if (!lineEmpty) {
            text += QLatin1Char(' ');
            ++lineLength;
        }
        text += word;
        lineLength += int(word.size());
        lineEmpty = false;
    }
    return text + QLatin1Char('\n');
}

}  // namespace

QString helpText(const QString& topic) {
    const QString common =
        QStringLiteral(
            "Model (SPEC):\n"
            "  --model builtin:patterns   hand-built heads, one textbook pattern each\n"
            "  --model builtin:numbers    trained: Danish and Chinese number words to digits\n"
            "                             (translate --text syvoghalvfems prints 97)\n"
            "  --model builtin:teaching   the built-in teaching model, with options\n"
            "      --d-model N (64)  --heads N (4)  --layers N (2)  --seed N (0)\n"
            "      --causal  --no-positional  --max-positions N (2048)\n") +
        optionHelp(QStringLiteral("--model DIR"),
                   QStringLiteral("a Hugging Face model folder (config.json, model.safetensors, tokenizer files): ") +
                       supportedModelTypes().join(QStringLiteral(", "))) +
        QStringLiteral(
            "  --model ORG/NAME           a model in the Hugging Face cache (see 'headmap-cli models';\n"
            "                             'headmap-cli download ORG/NAME' fetches one)\n") +
        optionHelp(QStringLiteral("--model FILE.gguf"),
                   QStringLiteral("a GGUF file (llama.cpp): ") +
                       supportedGgufArchitectures().join(QStringLiteral(", ")) +
                       QStringLiteral("; F32/F16/BF16, Q8_0, Q4_0..Q5_1, Q2_K..Q6_K, MXFP4")) +
        QStringLiteral(
            "  --model ollama:NAME[:TAG]  a model Ollama has pulled (tag latest unless given;\n"
            "                             NAMESPACE/NAME and HOST/NAMESPACE/NAME too)\n"
            "  --model lmstudio:PUBLISHER/MODEL[/FILE.gguf]\n"
            "                             a GGUF model LM Studio has downloaded (of several files\n"
            "                             in the folder, the first by name unless FILE is given)\n"
            "  --weight-memory SIZE       memory for keeping weights converted from BF16, F16 or GGUF\n"
            "                             (e.g. 512M, 4G; 0 converts a layer at a time on every pass;\n"
            "                             default: half of the memory available; see 'info')\n"
            "Input (one of):\n"
            "  --text TEXT                text; --text - reads standard input\n"
            "  --text-file PATH           text from a UTF-8 file\n"
            "  --ids 1,2,3                token ids instead of text\n"
            "  --no-special               do not add special tokens ([CLS], [SEP], ...)\n"
            "  --pair TEXT                a second sentence (BERT: [CLS] A [SEP] B [SEP], type ids 0/1)\n"
            "  --bos                      prepend the beginning-of-text token (GPT-2: <|endoftext|>)\n");
    const QString translation = QStringLiteral(
        "Translation models (encoder-decoder: Marian/opus-mt, BART, mBART, M2M100, T5):\n"
        "  --stack STACK              cross (default): target rows x source columns; encoder: source x\n"
        "                             source; decoder: target x target, causal. Other models have one\n"
        "                             stack, decoder if causal, else encoder; --stack may name it.\n"
        "  --target TEXT              the target the decoder reads (teacher forcing: its rows are the\n"
        "                             start token, then TEXT's tokens); without it the model first\n"
        "                             translates the text greedily and reads what it wrote\n"
        "  --max-new-tokens N         the most tokens that translation writes (default: the model's\n"
        "                             generation_config.json)\n"
        "  --ablate cross:3.1         a head of one stack (encoder:, decoder:, cross:); L.H alone is a\n"
        "                             cross-attention head\n"
        "  --source-lang L            multilingual models: the language of the text, a code that\n"
        "                             'info' lists (M2M100: __da__, or bare: da); default:\n"
        "                             tokenizer_config.json's src_lang (M2M100 without one: en)\n"
        "  --target-lang L            the language to translate into: its token is forced first\n"
        "                             (M2M100), or its code read before the text (Marian's >>dan<<);\n"
        "                             with --target the target text is read in it. Default: the\n"
        "                             folder's tgt_lang for --target, generation_config.json for\n"
        "                             generation\n"
        "  JSON adds \"stack\", \"query_tokens\", \"query_token_ids\", \"key_tokens\", \"key_token_ids\"\n"
        "  (and their display forms), \"target_text\" or \"generated_ids\"; \"tokens\" only for the\n"
        "  square stacks. CSV's key_token is then a source token; npy is (layers, heads, T, S).\n");
    const QString exits = QStringLiteral(
        "Exit codes: 0 success, 2 usage error, 3 bad input or model, or an output that cannot be\n"
        "written (a full disk: the earlier file is kept); 130 export-all stopped by Ctrl-C\n"
        "(143: SIGTERM), the files it finished are kept, no half-written one.\n");

    if (topic == QLatin1String("models"))
        return QStringLiteral("headmap-cli models [--format text|json]\n"
                              "  Lists the built-in models and the models in the Hugging Face cache\n"
                              "  ($HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub),\n"
                              "  and the GGUF models Ollama and LM Studio have downloaded, with their\n"
                              "  architecture, quantisation and size read from each file's header:\n"
                              "    Ollama     $OLLAMA_MODELS, else ~/.ollama/models, then the system\n"
                              "               service's /usr/share/ollama/.ollama/models\n"
                              "    LM Studio  its Models Directory (settings.json), else ~/.lmstudio/models\n"
                              "               ($LMSTUDIO_HOME or ~/.lmstudio-home-pointer move it), and\n"
                              "               ~/.cache/lm-studio/models of older versions\n"
                              "  A file that cannot be opened is listed with the reason.\n\n") +
               exits;
    const QString drawing = QStringLiteral(
        "Drawing:\n"
        "  --colormap NAME            viridis (default), magma, cividis, greys, diverging\n"
        "  --range MODE               fixed (0..1, default), row (per-row maximum), global, log\n"
        "  --scale N                  PNG pixels per point, 0.25..16 (default 2 = 192 dpi)\n"
        "  --size WxH                 page size in points (default: fitted to the figure)\n"
        "  --words                    merge sub-word pieces into words\n"
        "  --hide-special             leave out [CLS], [SEP], ... and renormalise each row\n"
        "  --values                   write the weights into cells that have room\n"
        "  --measure NAME             weights (default) or value-norm (weight x ||v W_O||, Kobayashi\n"
        "                             et al. 2020); the colour bar and attention.json say which\n"
        "  --ablate 3.1,0.2:mean      switch heads off first (zero output, or :mean over positions)\n");
    if (topic == QLatin1String("render"))
        return QStringLiteral("headmap-cli render --model SPEC --text TEXT --layer L --head H --output FILE.{png,svg,pdf}\n"
                              "                   [--stack STACK] [--target TEXT]\n"
                              "  Draws one head's heatmap exactly as the desktop program shows it, without\n"
                              "  a display. The file is written atomically. A translation model's head is\n"
                              "  of --stack (default cross: target rows, source columns).\n\n") +
               drawing + translation + common + exits;
    if (topic == QLatin1String("export-all"))
        return QStringLiteral("headmap-cli export-all --model SPEC --text TEXT --outdir DIR [--format png|svg|pdf]\n"
                              "                       [--stack STACK] [--target TEXT]\n"
                              "  Writes every head (layerL_headH.FORMAT), the grid of all heads (grid.FORMAT),\n"
                              "  attention.json, attention.csv, attention.npy (layers x heads x T x T, float32;\n"
                              "  T x S for cross-attention) and statistics.csv into DIR: of one stack, --stack,\n"
                              "  for a translation model.\n\n") +
               drawing + translation + common + exits;
    if (topic == QLatin1String("bench"))
        return QStringLiteral("headmap-cli bench --model SPEC [--lengths 16,128,512] [--repeat N] [--warmup N] [--peak]\n"
                              "                  [--format text|json]\n"
                              "  Times a forward pass with every head captured at each length, and\n"
                              "  reports how long opening the model took and the memory it added;\n"
                              "  --peak also times a plain 2048 x 2048 matrix product (GFLOP/s).\n"
                              "  tests/bench/bench_vs_pytorch.py runs it beside PyTorch.\n\n") +
               common + exits;
    if (topic == QLatin1String("info"))
        return QStringLiteral("headmap-cli info --model SPEC [--format text|json]\n"
                              "  Shows the model's shape: layers, heads, d_model, d_head, ... A translation\n"
                              "  model shows its stacks (encoder, decoder, cross), each with its layers and\n"
                              "  heads, the source and target vocabularies, the decoder start token and how\n"
                              "  it generates (greedily, with generation_config.json's limits and forced\n"
                              "  tokens); JSON: \"stacks\", \"target_vocab_size\", \"decoder_start_token_id\",\n"
                              "  \"decoder_start_token\", \"source_languages\", \"target_languages\",\n"
                              "  \"default_source_language\", \"default_target_language\", \"generation\": {\"decoding\",\n"
                              "  \"num_beams\", \"max_new_tokens\", \"min_length\", \"eos_token_id\",\n"
                              "  \"forced_bos_token_id\", ...}.\n\n") +
               common + exits;
    if (topic == QLatin1String("translate"))
        return QStringLiteral("headmap-cli translate --model SPEC --text TEXT [--source-lang L] [--target-lang L]\n"
                              "                      [--max-new-tokens N] [--format text|json] [--output FILE|-]\n"
                              "  Translates the text with a translation (encoder-decoder) model, greedily, with\n"
                              "  the model's generation settings (generation_config.json), as transformers'\n"
                              "  generate() does with num_beams 1. Text: the translation alone on one line.\n"
                              "  JSON: {\"model\", \"source_tokens\", \"source_display_tokens\", \"source_ids\",\n"
                              "  \"target_tokens\", \"target_display_tokens\", \"target_ids\", \"translation\"};\n"
                              "  target_ids are the generated ids after the decoder start token, the end token\n"
                              "  included. --source-lang L / --target-lang L: codes as 'info' lists them,\n"
                              "  or bare where one code has it (da for M2M100's __da__, dan for >>dan<<).\n"
                              "  M2M100 reads the source after its language's token (default: the folder's\n"
                              "  src_lang, else en) and forces the target language's token first, as\n"
                              "  generate(forced_bos_token_id=tokenizer.get_lang_id(L)) does; without\n"
                              "  --target-lang generation_config.json decides. A Marian model with several\n"
                              "  target languages reads the code >>L<< before the text (opus-mt-en-mul:\n"
                              "  --target-lang fra). T5 reads the task from the text ('translate English\n"
                              "  to German: ...') and takes no codes.\n"
                              "  --max-new-tokens N: the most tokens to write (default: the model's own).\n"
                              "  A model with one stack of attention (GPT-2, BERT, ...) cannot translate:\n"
                              "  exit code 3.\n\n") +
               common + exits;
    if (topic == QLatin1String("tokenize"))
        return QStringLiteral("headmap-cli tokenize --model SPEC --text TEXT [--no-special] [--source-lang L]\n"
                              "                     [--format text|json] [--output FILE|-]\n"
                              "  Shows the tokens and their ids. Needs only config.json and the tokenizer\n"
                              "  files of a model folder, not its weights. Display labels show a character\n"
                              "  cut into byte pieces with the bytes each piece holds: 多¹⁄₃ is byte 1 of\n"
                              "  多's 3 bytes, 多²⁻³⁄₃ bytes 2-3; ␣ is a space. JSON adds \"legend\" and\n"
                              "  \"token_details\" (each piece raw, its bytes in hex, its character).\n"
                              "  --source-lang L: a multilingual translation model's language tokens\n"
                              "  around the text, as translate puts them (codes as 'info' lists them).\n\n") +
               common + exits;
    if (topic == QLatin1String("attention"))
        return QStringLiteral("headmap-cli attention --model SPEC --text TEXT [--layer L] [--head H]\n"
                              "                      [--words] [--measure weights|value-norm] [--ablate LIST]\n"
                              "                      [--stack STACK] [--target TEXT] [--max-new-tokens N]\n"
                              "                      [--format json|csv|npy] [--output FILE|-]\n"
                              "  Attention weights. JSON: {\"model\", \"tokens\", \"display_tokens\",\n"
                              "  \"token_ids\", \"layer_indices\", \"head_indices\",\n"
                              "  \"attention\": [layer][head][query][key]}; --layer/--head select\n"
                              "  a slice, still four levels deep. CSV: one row per weight. npy: one float32\n"
                              "  array (layers, heads, T, T) of the selected heads, for numpy.load.\n"
                              "  Heads are computed and written one at a time, so --layer L --head H on a\n"
                              "  long text holds a single head's T x T weights.\n"
                              "  --words merges sub-word pieces into words (\"##ing\", byte pieces of one\n"
                              "  character, pieces without a leading space): attention to a word is the sum\n"
                              "  over its pieces, from a word the mean over its pieces (Clark et al. 2019).\n"
                              "  --measure value-norm writes alpha_ij * ||v_j W_O,h|| instead of alpha_ij, how\n"
                              "  far key j moves query i's output through the head (Kobayashi et al. 2020);\n"
                              "  rows then do not sum to 1. Same JSON shape, plus \"measure\".\n"
                              "  --ablate 3.1,0.2:mean switches heads off (layer.head; zero output, or :mean\n"
                              "  = its mean over positions): later layers' attention changes.\n"
                              "  A translation model shows one stack, --stack (default cross: rows are target\n"
                              "  tokens, columns source tokens, heads T x S); --words merges each axis's own\n"
                              "  pieces (cross-attention: target words x source words).\n"
                              "  A mixture-of-experts model (Mixtral, Qwen2/3-MoE, OLMoE) adds the experts\n"
                              "  each token went to: JSON \"experts\": [layer][token] = expert ids in the\n"
                              "  router's order, null for a dense layer; CSV a query_experts column (ids\n"
                              "  separated by spaces, empty for a dense layer); npy with --output run.npy a\n"
                              "  second file run.experts.npy, int32 (layers, T, top-k), -1 on dense layers.\n"
                              "  Not with --words (the experts are per token, not per word).\n"
                              "  A model with attention sinks (gpt-oss) keeps \"attention\" as transformers\n"
                              "  returns it (rows sum to less than 1) and adds \"sink_mass\": [layer][head]\n"
                              "  [query] = 1 - the row's sum; CSV a sink column; npy with --output run.npy\n"
                              "  a second file run.sink.npy, float32 (layers, heads, T). Not with --words\n"
                              "  or --measure value-norm (their rows are not the softmax's).\n\n") +
               translation + common + exits;
    if (topic == QLatin1String("predict"))
        return QStringLiteral("headmap-cli predict --model SPEC --text TEXT [--top K] [--position P]\n"
                              "                    [--temperature T] [--ablate LIST] [--target TOKEN|TEXT]\n"
                              "                    [--max-new-tokens N] [--format text|json] [--output FILE|-]\n"
                              "  What the model's output head predicts at token position P: decoders the\n"
                              "  next token (default P: the last token), masked-LM encoders (BERT, RoBERTa,\n"
                              "  DistilBERT with their MLM head) the token at P (default: the first\n"
                              "  [MASK]/<mask>), builtin:patterns the words its heads gathered.\n"
                              "  --temperature divides the logits (0 = greedy). --ablate 3.1,0.2:mean\n"
                              "  switches heads off and also shows the prediction without that and\n"
                              "  KL(before||after) in nats; --target follows one token's probability\n"
                              "  (a piece, a word that is one token, or a token id).\n"
                              "  JSON: {\"model\", \"tokens\", \"display_tokens\", \"token_ids\", \"position\",\n"
                              "  \"temperature\", \"top\": [{\"id\", \"token\", \"display\", \"probability\",\n"
                              "  \"logit\"}]} + with --ablate \"ablations\", \"baseline_top\", \"kl_divergence\"\n"
                              "  + with --target \"target\": {\"id\", \"token\", \"probability\",\n"
                              "  \"baseline_probability\"}.\n"
                              "  A translation model predicts the next target token after the decoder's last\n"
                              "  row (P counts decoder rows). Its --target is the target text the decoder\n"
                              "  reads (default: the model's own translation); JSON's tokens are then the\n"
                              "  decoder's rows, plus \"source_tokens\", \"source_display_tokens\",\n"
                              "  \"source_ids\" and \"target_text\" or \"generated_ids\".\n\n") +
               translation + common + exits;
    if (topic == QLatin1String("download"))
        return QStringLiteral("headmap-cli download ORG/NAME [--revision REV]\n"
                              "  Downloads a model from the Hugging Face Hub into its cache, the layout\n"
                              "  huggingface_hub and transformers use ($HF_HUB_CACHE, else $HF_HOME/hub, else\n"
                              "  ~/.cache/huggingface/hub): config.json, generation_config.json, the\n"
                              "  safetensors weights (every shard) and the tokenizer files. Prints progress on\n"
                              "  standard error and the snapshot folder on standard output; then\n"
                              "  --model ORG/NAME opens it. An interrupted download resumes where it stopped;\n"
                              "  LFS files are checked against their SHA-256.\n"
                              "  HF_ENDPOINT: the server (default https://huggingface.co); HF_TOKEN or the file\n"
                              "  $HF_HOME/token: the access token (gated and private models);\n"
                              "  HF_HUB_OFFLINE=1: no network, the cached snapshot or an error.\n\n") +
               exits;
    if (topic == QLatin1String("heads"))
        return QStringLiteral(
                   "headmap-cli heads --model SPEC (--corpus FILE [--paragraphs] | --probe induction [--length N]\n"
                   "                  [--count N] [--seed S]) [--stack STACK] [--compare SPEC] [--score LIST]\n"
                   "                  [--format json|csv] [--output FILE|-]\n"
                   "  What every head is, over many texts (Olsson et al. 2022, Clark et al. 2019). FILE is\n"
                   "  UTF-8, one document per non-empty line (--paragraphs: documents separated by blank\n"
                   "  lines), read one document at a time. Each document is tokenized as 'attention' does\n"
                   "  (special tokens added) and cut to the model's positions (counted in \"truncated\").\n"
                   "  Per document and head, with weights A (T x T):\n"
                   "    previous-token, duplicate-token, induction: sum(A*P)/sum(A) for the pattern P of\n"
                   "      key i-1; earlier keys with the same token id; the key after such a copy\n"
                   "    sink: mean A[i,0]   entropy: mean row entropy (nats)   distance: mean sum_j A[i,j]|i-j|\n"
                   "    special, punctuation: mean row weight on special tokens; on tokens whose label\n"
                   "      (without its space mark) is Unicode punctuation only (category P)\n"
                   "  A head's score is the mean over documents. \"strongest\" names per score and head the\n"
                   "  document (from 0, counting documents only) and query position whose row value is\n"
                   "  highest (the first on ties): the row's weight on the pattern, or its row value.\n"
                   "  --compare SPEC: a second model with the same tokenizer (otherwise exit code 3) on\n"
                   "  the same tokens; \"divergence\" per head is the mean over documents of the mean over\n"
                   "  rows of the Jensen-Shannon divergence (natural log, 0..ln 2) between the two rows.\n"
                   "  builtin:patterns:broad=0 is builtin:patterns with head 0 made uniform.\n"
                   "  --probe induction: no corpus; COUNT sequences of LENGTH random token ids (PortableRandom,\n"
                   "  seed S, special ids skipped) each repeated twice, without special tokens; \"probe\"\n"
                   "  holds the ids and \"stripe\", each head's mean weight from query i of the second half\n"
                   "  to key i-LENGTH+1. Here --seed is the probe's seed (default 0).\n"
                   "  --stack: a translation model's encoder (default) or decoder (its own translation).\n"
                   "  --score previous-token,induction,...: the scores to write (default all).\n"
                   "  JSON: {\"model\", \"documents\", \"tokens\", \"truncated\", \"scores\": {SCORE:\n"
                   "  [layer][head]}, \"strongest\": {SCORE: [{\"layer\", \"head\", \"document\", \"position\",\n"
                   "  \"value\"}]}, \"divergence\": [layer][head], \"probe\"}. CSV: one row per layer x head.\n"
                   "  An empty, binary (NUL bytes) or missing corpus, a FIFO or a folder: exit code 3.\n"
                   "  Model (SPEC): as for the other commands (headmap-cli --help).\n\n") +
               exits;
    if (topic == QLatin1String("steps"))
        return QStringLiteral("headmap-cli steps --model SPEC --text TEXT --layer L --head H "
                              "[--format json] [--output FILE|-]\n"
                              "                  [--stack STACK] [--target TEXT]\n"
                              "  The matrices of one head, step by step: x, w_q, w_k, w_v, b_q, b_k,\n"
                              "  b_v, q, k, v, scores (QK^T), scaled (/sqrt(d_head)), masked (null\n"
                              "  where masked), weights (softmax), head_output, concat, output.\n"
                              "  Oriented so that q = x·w_q + b_q. A cross-attention head adds memory\n"
                              "  (the encoder's output, S x d_model), which k and v are made from;\n"
                              "  T5 adds biased (scaled + the relative position bias).\n"
                              "  sink: the head's sink logit (gpt-oss), which joins each row's softmax\n"
                              "  and is dropped, so rows of weights sum to less than 1; sink_mass:\n"
                              "  [query] 1 - the row's sum, what the sink took. experts: [token][k] the\n"
                              "  experts the router chose in this layer (mixture of experts, the\n"
                              "  router's order). null where the model or layer has none.\n\n") +
               translation + common + exits;

    return QStringLiteral(
               "headmap-cli: what the attention heads of a transformer do, from the command line.\n\n"
               "Usage:\n"
               "  headmap-cli models    [--format json]\n"
               "  headmap-cli info      --model SPEC\n"
               "  headmap-cli tokenize  --model SPEC --text TEXT [--no-special] [--format json]\n"
               "  headmap-cli attention --model SPEC --text TEXT [--layer L] [--head H] [--words]\n"
               "                        [--stack STACK] [--target TEXT] [--format json|csv] [--output FILE|-]\n"
               "  headmap-cli steps     --model SPEC --text TEXT --layer L --head H [--format json]\n"
               "                        [--output FILE|-]\n"
               "  headmap-cli predict   --model SPEC --text TEXT [--top K] [--position P]\n"
               "                        [--temperature T] [--ablate L.H,...] [--target TOKEN] [--format json]\n"
               "  headmap-cli translate --model SPEC --text TEXT [--target-lang L] [--format json]\n"
               "  headmap-cli heads     --model SPEC (--corpus FILE | --probe induction) [--compare SPEC]\n"
               "                        [--score LIST] [--format json|csv] [--output FILE|-]\n"
               "  headmap-cli render    --model SPEC --text TEXT --layer L --head H --output FILE.png|svg|pdf\n"
               "  headmap-cli export-all --model SPEC --text TEXT --outdir DIR [--format png|svg|pdf]\n"
               "  headmap-cli bench     --model SPEC [--lengths 16,128,512] [--repeat N]\n"
               "  headmap-cli download  ORG/NAME [--revision REV]   from the Hugging Face Hub\n"
               "  headmap-cli help COMMAND    details of one command\n\n") +
           common + translation + QStringLiteral("Layers and heads count from 0.\n") + exits;
}

}  // namespace headmap::cli
