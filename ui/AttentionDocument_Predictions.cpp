// AttentionDocument's predictions: where to predict, and the Prediction job, which turns the
// kept hidden states (with and without the ablations) into top-k tokens, the target token's
// probabilities and KL(before‖after) on a worker thread.

#include "AttentionDocument.h"
#include "analysis/WordAggregation.h"
#include "core/HeadmapError.h"
#include "model/Predictions.h"

namespace headmap::ui {

struct PredictionOutcome {
    std::shared_ptr<const PredictionResult> prediction;
    QString error;
};

namespace {

bool isMaskToken(const QString& token) {
    return token == QLatin1String("[MASK]") || token == QLatin1String("<mask>");
}

// "after “cat” #5", "fill-in for [MASK] #4", "at “cat” #3" (an encoder at a token it sees).
QString positionText(const AttentionTrace& pieces, int position) {
    const QString token = pieces.displayTokens().value(position);
    if (pieces.model().causal)
        return AttentionDocument::tr("after “%1” #%2").arg(token).arg(position);
    if (isMaskToken(pieces.tokens().value(position)))
        return AttentionDocument::tr("fill-in for %1 #%2").arg(token).arg(position);
    return AttentionDocument::tr("at “%1” #%2").arg(token).arg(position);
}

}  // namespace

bool AttentionDocument::hasOutputHead() const {
    return m_model && m_model->hasOutputHead();
}

QString AttentionDocument::outputHeadMissing() const {
    if (!m_model)
        return tr("No model is loaded.");
    return m_model->hasOutputHead() ? QString() : m_model->outputHeadMissing();
}

std::optional<int> AttentionDocument::tokenIdOf(const QString& text) const {
    if (!m_model || text.isEmpty())
        return std::nullopt;
    const Tokenizer& tokenizer = m_model->tokenizer();
    // As written, then as a word after a space (GPT-2's Ġ, SentencePiece's ▁).
    for (const QString& piece : {text, QStringLiteral("Ġ") + text, QStringLiteral("▁") + text})
        if (const std::optional<int> id = tokenizer.tokenToId(piece))
            return id;
    for (const QString& variant : {text, QStringLiteral(" ") + text}) {
        try {
            const Encoding encoding = tokenizer.encode(variant, false);
            if (encoding.size() == 1)
                return encoding.ids.front();
        } catch (const std::exception&) {
        }
    }
    return std::nullopt;
}

void AttentionDocument::setPredictionSettings(const PredictionSettings& settings) {
    PredictionSettings s = settings;
    s.temperature = std::clamp(s.temperature, 0.0f, 100.0f);
    s.topK = std::clamp(s.topK, 1, 100);
    if (s.targetToken < 0)
        s.targetText.clear();
    const PredictionSettings& old = m_prediction;
    if (s.temperature == old.temperature && s.topK == old.topK && s.targetToken == old.targetToken &&
        s.targetText == old.targetText && s.position == old.position)
        return;
    m_prediction = s;
    dropPredictions();
    notify(DocumentChange::Prediction);
}

std::shared_ptr<const AttentionTrace> AttentionDocument::predictionPieces() const {
    if (isEncoderDecoder())
        if (std::shared_ptr<const AttentionTrace> decoder = stackPieceTrace(StackKind::Decoder))
            return decoder;
    return m_pieceTrace;
}

int AttentionDocument::predictionPosition() const {
    const std::shared_ptr<const AttentionTrace> rows = predictionPieces();
    const int pieces = rows->length();
    if (!m_hidden || pieces == 0 || m_defaultPosition < 0)
        return -1;
    if (m_prediction.position >= 0)
        return std::min(m_prediction.position, pieces - 1);
    const int selected = m_view.selectedToken;
    // The encoder's tokens are the source: the next target token is predicted at the default.
    const bool sourceSelected = isEncoderDecoder() && m_view.stack == StackKind::Encoder;
    if (selected < 0 || selected >= m_trace->length() || sourceSelected)
        return m_defaultPosition;
    if (!m_view.mergeWords || m_trace->model().pieces != PieceStyle::Words)
        return std::min(selected, pieces - 1);
    // A word predicts from its last piece: after "running", not after "run".
    const std::vector<int> words = wordOfTokens(*rows);
    int last = -1;
    for (int p = 0; p < int(words.size()); ++p)
        if (words[size_t(p)] == selected)
            last = p;
    return last >= 0 ? last : m_defaultPosition;
}

void AttentionDocument::requestPredictions() {
    if (m_predictions || isRunning(kPredictionJob) || !hasOutputHead() || !m_hidden || predictionPosition() < 0)
        return;
    runPrediction();
}

void AttentionDocument::dropPredictions() {
    m_jobs.drop(kPredictionJob);
    m_predictions.reset();
}

void AttentionDocument::forgetHiddenStates() {
    m_hidden.reset();
    m_baselineHidden.reset();
    m_traceAblations.clear();
    m_defaultPosition = -1;
    dropPredictions();
}

void AttentionDocument::runPrediction() {
    const std::shared_ptr<const Model> model = m_model;
    const std::shared_ptr<const AttentionTrace> pieces = predictionPieces();
    const std::shared_ptr<const MatrixF> hidden = m_hidden;
    const std::shared_ptr<const MatrixF> baseline = m_traceAblations.empty() ? nullptr : m_baselineHidden;
    const std::vector<HeadAblation> ablations = m_traceAblations;
    const PredictionSettings settings = m_prediction;
    const int position = predictionPosition();
    startJob(kPredictionJob, [model, pieces, hidden, baseline, ablations, settings, position](const StopToken&) {
        PredictionOutcome outcome;
        try {
            // The tokens without the weights: predictTokens reads the hidden states and the ids.
            RunResult run;
            run.trace = AttentionTrace(pieces->model(), pieces->tokenIds(), pieces->tokens(),
                                       pieces->displayTokens(), pieces->special());
            run.hidden = *hidden;
            auto result = std::make_shared<PredictionResult>();
            result->position = position;
            result->positionText = positionText(*pieces, position);
            result->ablations = ablations;
            result->after = predictTokens(*model, run, position, settings.topK, settings.temperature);
            if (baseline) {
                run.hidden = *baseline;
                result->before = predictTokens(*model, run, position, settings.topK, settings.temperature);
                result->kl = klDivergence(*result->before, result->after);
            }
            if (settings.targetToken >= 0) {
                result->targetToken = settings.targetToken;
                result->targetText = settings.targetText;
                result->targetAfter = result->after.probabilityOf(settings.targetToken);
                result->targetBefore = baseline ? result->before->probabilityOf(settings.targetToken)
                                                : result->targetAfter;
            }
            outcome.prediction = std::move(result);
        } catch (const HeadmapError& error) {
            outcome.error = error.message();
        } catch (const std::exception& error) {
            outcome.error = tr("Failed while predicting tokens: %1").arg(QString::fromUtf8(error.what()));
        }
        return outcome;
    }, &AttentionDocument::adoptPrediction);
}

void AttentionDocument::adoptPrediction(PredictionOutcome& outcome) {
    if (failed(outcome.error))
        return;
    m_predictions = outcome.prediction;
    notify(DocumentChange::Prediction);
}

}  // namespace headmap::ui
