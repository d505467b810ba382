<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="da_DK">
<context>
    <name>AttentionDocument</name>
    <message>
        <source>Drawing all heads…</source>
        <translation>Tegner alle hoveder…</translation>
    </message>
    <message>
        <source>Computing head statistics…</source>
        <translation>Beregner statistik for hovederne…</translation>
    </message>
    <message>
        <source>Computing attention rollout…</source>
        <translation>Beregner opmærksomheds-rollout…</translation>
    </message>
    <message>
        <source>The text has more than %1 tokens, the most %2 accepts (its maximum positions).</source>
        <translation>Teksten har mere end %1 tokens, det højeste %2 kan tage (dens maksimale antal positioner).</translation>
    </message>
    <message>
        <source>computing attention</source>
        <translation>beregning af opmærksomhed</translation>
    </message>
</context>
<context>
    <name>BreakdownText</name>
    <message>
        <source>How much does %1 look for %2?</source>
        <translation>Hvor meget leder %1 efter %2?</translation>
    </message>
    <message numerus="yes">
        <source>Multiply the query of %1 and the key of %2 number by number, then add up all %n products.</source>
        <translation>
            <numerusform>Gang forespørgslen for %1 og nøglen for %2 tal for tal, og læg så det ene produkt sammen.</numerusform>
            <numerusform>Gang forespørgslen for %1 og nøglen for %2 tal for tal, og læg så alle %n produkter sammen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more terms (together %1)</source>
        <translation>
            <numerusform>… %n led mere (i alt %1)</numerusform>
            <numerusform>… %n led mere (i alt %1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Shown: the %1 largest terms by size; [d] is the position in the row.</source>
        <translation>Vist: de %1 største led efter størrelse; [d] er positionen i rækken.</translation>
    </message>
    <message>
        <source>Scaled: %1 ÷ √%2 = %1 ÷ %3 = &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>Skaleret: %1 ÷ √%2 = %1 ÷ %3 = &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Scaled: %1 × %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>Skaleret: %1 × %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Softcapped: %1 · tanh(%2 ÷ %1) = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>Blødt loft: %1 · tanh(%2 ÷ %1) = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Masked: %1 comes after %2, so %2 may not look at it. The score becomes &lt;b&gt;−∞&lt;/b&gt;.</source>
        <translation>Maskeret: %1 kommer efter %2, så %2 må ikke se på den. Scoren bliver &lt;b&gt;−∞&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Masked: %1 is %2 tokens before %3, outside its window of the last %4 tokens. The score becomes &lt;b&gt;−∞&lt;/b&gt;.</source>
        <translation>Maskeret: %1 ligger %2 tokens før %3, uden for dens vindue af de sidste %4 tokens. Scoren bliver &lt;b&gt;−∞&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Not masked: %1 is among the last %2 tokens up to %3, so the score stays.</source>
        <translation>Ikke maskeret: %1 er blandt de sidste %2 tokens til og med %3, så scoren bliver stående.</translation>
    </message>
    <message>
        <source>Not masked: %1 does not come after %2, so the score stays.</source>
        <translation>Ikke maskeret: %1 kommer ikke efter %2, så scoren bliver stående.</translation>
    </message>
    <message>
        <source>No mask in this model: the score stays.</source>
        <translation>Ingen maske i denne model: scoren bliver stående.</translation>
    </message>
    <message>
        <source>Softmax of the row of %1</source>
        <translation>Softmax af rækken for %1</translation>
    </message>
    <message>
        <source>1. Subtract the largest score, max = %1 (it keeps the powers small and does not change the result).&lt;br&gt;2. Take e to the power of each: exp(score − max).&lt;br&gt;3. Divide each by their sum.</source>
        <translation>1. Træk den største score fra, max = %1 (det holder potenserne små og ændrer ikke resultatet).&lt;br&gt;2. Opløft e i hver af dem: exp(score − max).&lt;br&gt;3. Divider hver med deres sum.</translation>
    </message>
    <message>
        <source>key</source>
        <translation>nøgle</translation>
    </message>
    <message>
        <source>score</source>
        <translation>score</translation>
    </message>
    <message>
        <source>exp(score − max)</source>
        <translation>exp(score − max)</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>vægt</translation>
    </message>
    <message numerus="yes">
        <source>… %n more tokens with smaller weights</source>
        <translation>
            <numerusform>… %n token mere med mindre vægt</numerusform>
            <numerusform>… %n tokens mere med mindre vægte</numerusform>
        </translation>
    </message>
    <message>
        <source>Sum of the exps = &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Summen af exp-værdierne = &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>weight of %1 = 0 ÷ %2 = &lt;b&gt;0&lt;/b&gt; (masked: exp(−∞) = 0)</source>
        <translation>vægten af %1 = 0 ÷ %2 = &lt;b&gt;0&lt;/b&gt; (maskeret: exp(−∞) = 0)</translation>
    </message>
    <message>
        <source>weight of %1 = %2 ÷ %3 = &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>vægten af %1 = %2 ÷ %3 = &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>… %n more (together %1)</source>
        <translation>
            <numerusform>… %n mere (i alt %1)</numerusform>
            <numerusform>… %n mere (i alt %1)</numerusform>
        </translation>
    </message>
    <message>
        <source>The output of %1 mixes the value rows</source>
        <translation>Outputtet for %1 blander værdirækkerne</translation>
    </message>
    <message>
        <source>Each token&apos;s value row is multiplied by how much %1 attends to it; the results are added up. Largest weights first:</source>
        <translation>Hvert tokens værdirække ganges med, hvor meget %1 retter opmærksomhed mod det; resultaterne lægges sammen. Største vægte først:</translation>
    </message>
    <message numerus="yes">
        <source>… %n more (their weights add up to %1)</source>
        <translation>
            <numerusform>… %n mere (vægten er %1)</numerusform>
            <numerusform>… %n mere (deres vægte giver tilsammen %1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Number by number:</source>
        <translation>Tal for tal:</translation>
    </message>
    <message>
        <source>Click a cell to see its score worked out: query row times key row.</source>
        <translation>Klik på en celle for at se dens score regnet ud: forespørgselsrække gange nøglerække.</translation>
    </message>
    <message>
        <source>Click a cell to see how softmax turns that row of scores into weights.</source>
        <translation>Klik på en celle for at se, hvordan softmax gør den række af scorer til vægte.</translation>
    </message>
    <message>
        <source>Click a row to see how it mixes the value rows.</source>
        <translation>Klik på en række for at se, hvordan den blander værdirækkerne.</translation>
    </message>
    <message>
        <source>Click a row to see the angle each pair of that token&apos;s query is turned by.</source>
        <translation>Klik på en række for at se den vinkel, hvert par i det tokens forespørgsel drejes med.</translation>
    </message>
    <message>
        <source>How the query of “%1” (position %2) is turned</source>
        <translation>Hvordan forespørgslen for “%1” (position %2) drejes</translation>
    </message>
    <message>
        <source>Each pair of numbers is a point that turns by its own angle θ = position × the pair&apos;s frequency: (x, y) → (x·cos θ − y·sin θ, y·cos θ + x·sin θ). The same angles turn the key of this position.</source>
        <translation>Hvert talpar er et punkt, der drejer med sin egen vinkel θ = position × parrets frekvens: (x, y) → (x·cos θ − y·sin θ, y·cos θ + x·sin θ). De samme vinkler drejer nøglen på denne position.</translation>
    </message>
    <message>
        <source>cos θ and sin θ are multiplied by %1 (the model&apos;s rope scaling), so each pair also grows by that factor.</source>
        <translation>cos θ og sin θ ganges med %1 (modellens RoPE-skalering), så hvert par også vokser med den faktor.</translation>
    </message>
    <message>
        <source>Only the first %1 of the %2 dimensions are turned; %1 to %3 pass unchanged.</source>
        <translation>Kun de første %1 af de %2 dimensioner drejes; %1 til %3 går uændret igennem.</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>par</translation>
    </message>
    <message>
        <source>dims</source>
        <translation>dim.</translation>
    </message>
    <message>
        <source>θ (rad)</source>
        <translation>θ (rad)</translation>
    </message>
    <message>
        <source>θ (°)</source>
        <translation>θ (°)</translation>
    </message>
    <message>
        <source>before</source>
        <translation>før</translation>
    </message>
    <message>
        <source>after</source>
        <translation>efter</translation>
    </message>
    <message>
        <source>Cross-attention has no mask: every target token may read the whole source sentence, so the score stays.</source>
        <translation>Krydsopmærksomhed har ingen maske: hvert måltoken må læse hele kildesætningen, så scoren bliver stående.</translation>
    </message>
    <message>
        <source>Masked: %1 is %2 tokens away from %3, outside its window of %4 tokens on either side. The score becomes &lt;b&gt;−∞&lt;/b&gt;.</source>
        <translation>Maskeret: %1 er %2 tokens fra %3, uden for dets vindue på %4 tokens til hver side. Scoren bliver &lt;b&gt;−∞&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Not masked: %1 is within %2 tokens of %3, so the score stays.</source>
        <translation>Ikke maskeret: %1 er højst %2 tokens fra %3, så scoren bliver stående.</translation>
    </message>
    <message>
        <source>sink (dropped)</source>
        <translation>dræn (udelades)</translation>
    </message>
    <message>
        <source>Sum of the exps, the sink&apos;s included = &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Summen af exp-værdierne, drænets medregnet = &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The sink&apos;s weight %1 is dropped, so the tokens&apos; weights add up to %2, not 1.</source>
        <translation>Drænets vægt %1 udelades, så tokenernes vægte summer til %2, ikke 1.</translation>
    </message>
</context>
<context>
    <name>DocumentTabs</name>
    <message>
        <source>Drawing all heads…</source>
        <translation>Tegner alle hoveder…</translation>
    </message>
    <message>
        <source>Computing head statistics…</source>
        <translation>Beregner statistik for hovederne…</translation>
    </message>
    <message>
        <source>Computing attention rollout…</source>
        <translation>Beregner opmærksomheds-rollout…</translation>
    </message>
    <message>
        <source>Computing the step-by-step matrices…</source>
        <translation>Beregner matricerne trin for trin…</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to walk through one head step by step.</source>
        <translation>Skriv en sætning, og tryk på Enter for at gå et hoved igennem trin for trin.</translation>
    </message>
    <message>
        <source>&amp;Heatmap</source>
        <translation>&amp;Varmekort</translation>
    </message>
    <message>
        <source>Selected token %1: &quot;%2&quot;</source>
        <translation>Valgt token %1: &quot;%2&quot;</translation>
    </message>
    <message>
        <source>&amp;All heads</source>
        <translation>&amp;Alle hoveder</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>Sa&amp;mmenlign</translation>
    </message>
    <message>
        <source>S&amp;tatistics</source>
        <translation>S&amp;tatistik</translation>
    </message>
    <message>
        <source>&amp;Rollout</source>
        <translation>&amp;Rollout</translation>
    </message>
    <message>
        <source>Ste&amp;p by step</source>
        <translation>Trin for tr&amp;in</translation>
    </message>
    <message>
        <source>L&amp;ines</source>
        <translation>&amp;Linjer</translation>
    </message>
    <message>
        <source>To&amp;ken pair</source>
        <translation>Tok&amp;enpar</translation>
    </message>
    <message>
        <source>Head r&amp;oles</source>
        <translation>H&amp;ovedroller</translation>
    </message>
    <message>
        <source>Opening the document where the head plays its role…</source>
        <translation>Åbner dokumentet, hvor hovedet spiller sin rolle…</translation>
    </message>
    <message>
        <source>In&amp;duction</source>
        <translation>In&amp;duktion</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>&apos;%1&apos; has an empty item; expected L.H or L.H:mean between the commas</source>
        <translation>&apos;%1&apos; har et tomt element; forventede L.H eller L.H:mean mellem kommaerne</translation>
    </message>
    <message>
        <source>only %1 of %2 bytes could be written</source>
        <translation>kun %1 af %2 byte kunne skrives</translation>
    </message>
    <message>
        <source>no file name</source>
        <translation>intet filnavn</translation>
    </message>
    <message>
        <source>the file cannot be created</source>
        <translation>filen kan ikke oprettes</translation>
    </message>
    <message>
        <source>the content could not be produced</source>
        <translation>indholdet kunne ikke dannes</translation>
    </message>
    <message>
        <source>the data could not be written</source>
        <translation>dataene kunne ikke skrives</translation>
    </message>
    <message>
        <source>the file could not be replaced</source>
        <translation>filen kunne ikke erstattes</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation>kan ikke skrive &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>ablation %1: layer %2 is out of range: %3 has layers 0..%4</source>
        <translation>ablation %1: lag %2 ligger uden for området: %3 har lag 0..%4</translation>
    </message>
    <message>
        <source>ablation %1: head %2 is out of range: %3 has heads 0..%4</source>
        <translation>ablation %1: hoved %2 ligger uden for området: %3 har hoveder 0..%4</translation>
    </message>
    <message>
        <source>head %1.%2 is ablated twice</source>
        <translation>hoved %1.%2 er slået fra to gange</translation>
    </message>
    <message>
        <source>layer %1 has %2 attention heads, but the model summary says %3</source>
        <translation>lag %1 har %2 opmærksomhedshoveder, men modeloversigten siger %3</translation>
    </message>
    <message>
        <source>input of the attention block</source>
        <translation>opmærksomhedsblokkens input</translation>
    </message>
    <message>
        <source>attention output</source>
        <translation>opmærksomhedsblokkens output</translation>
    </message>
    <message>
        <source>no tokens to run: the input is empty</source>
        <translation>ingen tokens at køre: inputtet er tomt</translation>
    </message>
    <message>
        <source>input has %1 tokens; %2 accepts at most %3 (max positions)</source>
        <translation>inputtet har %1 tokens; %2 kan højst tage %3 (maksimalt antal positioner)</translation>
    </message>
    <message>
        <source>token id %1 at position %2 is outside the vocabulary (expected 0..%3)</source>
        <translation>token-id %1 på position %2 ligger uden for ordforrådet (forventede 0..%3)</translation>
    </message>
    <message>
        <source>token &apos;%1&apos; has id %2 but the model&apos;s embedding has %3 rows</source>
        <translation>tokenet &apos;%1&apos; har id %2, men modellens indlejring har %3 rækker</translation>
    </message>
    <message>
        <source>layer %1 is out of range: %2 has layers 0..%3</source>
        <translation>lag %1 ligger uden for området: %2 har lag 0..%3</translation>
    </message>
    <message>
        <source>head %1 is out of range: %2 has heads 0..%3</source>
        <translation>hoved %1 ligger uden for området: %2 har hoveder 0..%3</translation>
    </message>
    <message>
        <source>final hidden state</source>
        <translation>den endelige skjulte tilstand</translation>
    </message>
    <message>
        <source>layer %1&apos;s %2</source>
        <translation>%2 i lag %1</translation>
    </message>
    <message>
        <source>the %1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>%1: %2 holds NaN or Inf values; %3</source>
        <translation>%1: %2 indeholder NaN- eller Inf-værdier; %3</translation>
    </message>
    <message>
        <source>the weights are finite, so the numbers overflowed</source>
        <translation>vægtene er endelige, så tallene er løbet over</translation>
    </message>
    <message>
        <source>weights with NaN or Inf: %1</source>
        <translation>vægte med NaN eller Inf: %1</translation>
    </message>
    <message>
        <source>%1 has no output head, so it predicts no tokens</source>
        <translation>%1 har intet outputhoved, så den forudsiger ingen tokens</translation>
    </message>
    <message>
        <source>%1, a model folder, a .gguf file, ollama:NAME[:TAG], lmstudio:PUBLISHER/MODEL</source>
        <translation>%1, en modelmappe, en .gguf-fil, ollama:NAME[:TAG], lmstudio:PUBLISHER/MODEL</translation>
    </message>
    <message>
        <source>unknown built-in model &apos;%1&apos; (available: %2)</source>
        <translation>ukendt indbygget model &apos;%1&apos; (tilgængelige: %2)</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; is a file; expected a model folder holding config.json</source>
        <translation>modellen &apos;%1&apos; er en fil; forventede en modelmappe med config.json</translation>
    </message>
    <message>
        <source>model folder &apos;%1&apos; has no config.json</source>
        <translation>modelmappen &apos;%1&apos; har ingen config.json</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found: no such folder, and not in the Hugging Face cache %2 (download it first, e.g. with &apos;headmap-cli download %1&apos;; built in: %3)</source>
        <translation>modellen &apos;%1&apos; blev ikke fundet: ingen sådan mappe, og heller ikke i Hugging Face-cachen %2 (hent den først, fx med &apos;headmap-cli download %1&apos;; indbyggede: %3)</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found: expected %2 or a Hugging Face model id</source>
        <translation>modellen &apos;%1&apos; blev ikke fundet: forventede %2 eller et Hugging Face-model-id</translation>
    </message>
    <message>
        <source>GGUF file &apos;%1&apos; does not exist</source>
        <translation>GGUF-filen &apos;%1&apos; findes ikke</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a GGUF file but a folder</source>
        <translation>&apos;%1&apos; er ikke en GGUF-fil, men en mappe</translation>
    </message>
    <message>
        <source>no model given (expected %1)</source>
        <translation>ingen model angivet (forventede %1)</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1 er tom</translation>
    </message>
    <message>
        <source>%1 holds only white space, and %2&apos;s tokenizer makes no tokens of it</source>
        <translation>%1 indeholder kun blanktegn, og tokenizeren i %2 laver ingen tokens ud af den</translation>
    </message>
    <message>
        <source>%1 makes no tokens for %2</source>
        <translation>%1 giver ingen tokens i %2</translation>
    </message>
    <message>
        <source>the text</source>
        <translation>teksten</translation>
    </message>
    <message>
        <source>the second text of the pair</source>
        <translation>den anden tekst i parret</translation>
    </message>
    <message>
        <source>the text has more than %1 tokens; %2 accepts at most %3 (max positions)</source>
        <translation>teksten har mere end %1 tokens; %2 kan højst tage %3 (maksimalt antal positioner)</translation>
    </message>
    <message>
        <source>%1 has no beginning-of-text token to prepend</source>
        <translation>%1 har intet begyndelse-af-tekst-token at sætte foran</translation>
    </message>
    <message>
        <source>temperature must be 0 or more, got %1</source>
        <translation>temperaturen skal være 0 eller mere, fik %1</translation>
    </message>
    <message>
        <source>no scores to turn into probabilities</source>
        <translation>ingen scorer at gøre til sandsynligheder</translation>
    </message>
    <message>
        <source>the output head gave no finite score</source>
        <translation>outputhovedet gav ingen endelig score</translation>
    </message>
    <message>
        <source>KL divergence of distributions of different sizes (%1 and %2)</source>
        <translation>KL-divergens mellem fordelinger af forskellig størrelse (%1 og %2)</translation>
    </message>
    <message>
        <source>KL divergence of predictions over different tokens</source>
        <translation>KL-divergens mellem forudsigelser over forskellige tokens</translation>
    </message>
    <message>
        <source>no prediction: the forward pass did not finish</source>
        <translation>ingen forudsigelse: gennemløbet fremad blev ikke færdigt</translation>
    </message>
    <message>
        <source>prediction position %1 is outside the %2 tokens (expected 0..%3)</source>
        <translation>forudsigelsesposition %1 ligger uden for de %2 tokens (forventede 0..%3)</translation>
    </message>
    <message>
        <source>top-k must be at least 1, got %1</source>
        <translation>top-k skal være mindst 1, fik %1</translation>
    </message>
    <message>
        <source>%1 predicts only the words of its input, and this input has none</source>
        <translation>%1 forudsiger kun ordene i sit input, og dette input har ingen</translation>
    </message>
    <message>
        <source>no tokens to predict at</source>
        <translation>ingen tokens at forudsige ved</translation>
    </message>
    <message>
        <source>this model&apos;s tokenizer does not take sentence pairs</source>
        <translation>denne models tokenizer tager ikke sætningspar</translation>
    </message>
    <message>
        <source>byte %1 is no complete character</source>
        <translation>byte %1 er ikke et helt tegn</translation>
    </message>
    <message>
        <source>part of %1 (%2), %3 of %4</source>
        <translation>del af %1 (%2), %3 af %4</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>byte %1</translation>
    </message>
    <message>
        <source>bytes %1–%2</source>
        <translation>byte %1–%2</translation>
    </message>
    <message>
        <source>piece &quot;%1&quot;</source>
        <translation>orddel &quot;%1&quot;</translation>
    </message>
    <message>
        <source>bytes %1</source>
        <translation>byte %1</translation>
    </message>
    <message>
        <source>special token &quot;%1&quot;</source>
        <translation>specialtoken &quot;%1&quot;</translation>
    </message>
    <message>
        <source>word of pieces %1</source>
        <translation>ord af orddelene %1</translation>
    </message>
    <message>
        <source>␣ space</source>
        <translation>␣ mellemrum</translation>
    </message>
    <message>
        <source>\n newline</source>
        <translation>\n linjeskift</translation>
    </message>
    <message>
        <source>\t tab</source>
        <translation>\t tabulator</translation>
    </message>
    <message>
        <source>\r return</source>
        <translation>\r vognretur</translation>
    </message>
    <message>
        <source>## continues the word before</source>
        <translation>## fortsætter ordet før</translation>
    </message>
    <message>
        <source>多¹⁄₃ byte 1 of the character&apos;s 3 bytes</source>
        <translation>多¹⁄₃ byte 1 af tegnets 3 byte</translation>
    </message>
    <message>
        <source>&lt;0xE5&gt; a byte that is no character</source>
        <translation>&lt;0xE5&gt; en byte, der ikke er et tegn</translation>
    </message>
    <message>
        <source>␣ space (GPT-2&apos;s Ġ, SentencePiece&apos;s ▁ word start) · \n newline · \t tab · ## continues the word before · 多¹⁄₃ byte 1 of the character&apos;s 3 bytes, 多²⁻³⁄₃ bytes 2–3 · &lt;0xE5&gt; a byte that is no character</source>
        <translation>␣ mellemrum (GPT-2&apos;s Ġ, SentencePieces ▁ ordstart) · \n linjeskift · \t tabulator · ## fortsætter ordet før · 多¹⁄₃ byte 1 af tegnets 3 byte, 多²⁻³⁄₃ byte 2–3 · &lt;0xE5&gt; en byte, der ikke er et tegn</translation>
    </message>
    <message>
        <source>checkpoint index %1: %2</source>
        <translation>checkpoint-indeks %1: %2</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>og %1 mere</translation>
    </message>
    <message>
        <source>cannot be opened: %1</source>
        <translation>kan ikke åbnes: %1</translation>
    </message>
    <message>
        <source>is %1 bytes, more than the %2 allowed</source>
        <translation>fylder %1 byte, mere end de tilladte %2</translation>
    </message>
    <message>
        <source>is not valid JSON (%1 at byte %2)</source>
        <translation>er ikke gyldig JSON (%1 ved byte %2)</translation>
    </message>
    <message>
        <source>is not a JSON object</source>
        <translation>er ikke et JSON-objekt</translation>
    </message>
    <message>
        <source>has no weight_map</source>
        <translation>har ingen weight_map</translation>
    </message>
    <message>
        <source>weight_map is not an object of tensor name -&gt; shard file</source>
        <translation>weight_map er ikke et objekt med tensornavn -&gt; shard-fil</translation>
    </message>
    <message>
        <source>weight_map is empty</source>
        <translation>weight_map er tom</translation>
    </message>
    <message>
        <source>weight_map entry for tensor %1 is not a string</source>
        <translation>weight_map-posten for tensoren %1 er ikke en streng</translation>
    </message>
    <message>
        <source>shard %1 (for tensor %2) is not a plain file name inside the folder</source>
        <translation>shard %1 (for tensoren %2) er ikke et simpelt filnavn i mappen</translation>
    </message>
    <message>
        <source>1 shard</source>
        <translation>1 shard</translation>
    </message>
    <message>
        <source>%1 shards</source>
        <translation>%1 shards</translation>
    </message>
    <message>
        <source>model folder %1 does not exist</source>
        <translation>modelmappen %1 findes ikke</translation>
    </message>
    <message>
        <source>model folder %1 is not a folder</source>
        <translation>modelmappen %1 er ikke en mappe</translation>
    </message>
    <message>
        <source>lists shard %1 (for tensor %2%3), but the folder has no such file</source>
        <translation>angiver shard %1 (for tensoren %2%3), men mappen har ingen sådan fil</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> og %1 mere</translation>
    </message>
    <message>
        <source>puts tensor %1 in shard %2, which has no such tensor</source>
        <translation>placerer tensoren %1 i shard %2, som ikke har en sådan tensor</translation>
    </message>
    <message>
        <source>folder %1 has no model.safetensors or model.safetensors.index.json (pytorch_model.bin is not supported: convert it to safetensors)</source>
        <translation>mappen %1 har ingen model.safetensors eller model.safetensors.index.json (pytorch_model.bin understøttes ikke: konvertér den til safetensors)</translation>
    </message>
    <message>
        <source>folder %1 has no model.safetensors or model.safetensors.index.json, only %2 (pytorch_model.bin, .h5 and .msgpack weights are not supported: convert them to safetensors)</source>
        <translation>mappen %1 har ingen model.safetensors eller model.safetensors.index.json, kun %2 (vægte i pytorch_model.bin, .h5 og .msgpack understøttes ikke: konvertér dem til safetensors)</translation>
    </message>
    <message>
        <source>checkpoint %1: tensor %2 is in two shards, %3 and %4</source>
        <translation>checkpoint %1: tensoren %2 ligger i to shards, %3 og %4</translation>
    </message>
    <message>
        <source>checkpoint %1 (%2) has no tensor %3</source>
        <translation>checkpoint %1 (%2) har ingen tensor %3</translation>
    </message>
    <message>
        <source>unknown type %1</source>
        <translation>ukendt type %1</translation>
    </message>
    <message>
        <source>is a folder; expected a file</source>
        <translation>er en mappe; forventede en fil</translation>
    </message>
    <message>
        <source>cannot be memory-mapped: %1</source>
        <translation>kan ikke mappes ind i hukommelsen: %1</translation>
    </message>
    <message>
        <source>has no tensor %1</source>
        <translation>har ingen tensor %1</translation>
    </message>
    <message>
        <source>tensor %1 has type %2, which Headmap cannot dequantise (it reads %3)</source>
        <translation>tensoren %1 har typen %2, som Headmap ikke kan dekvantisere (Headmap læser %3)</translation>
    </message>
    <message>
        <source>not enough memory to convert tensor %1 (%2 elements of %3)</source>
        <translation>ikke nok hukommelse til at konvertere tensoren %1 (%2 elementer af typen %3)</translation>
    </message>
    <message>
        <source>tensor %1 has %2 elements, more than this machine can hold</source>
        <translation>tensoren %1 har %2 elementer, mere end denne maskine kan rumme</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>tensoren %1</translation>
    </message>
    <message>
        <source>appears twice (tensor infos #%1 and #%2)</source>
        <translation>optræder to gange (tensorinfo #%1 og #%2)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 element %2</source>
        <translation>element %2 i %1</translation>
    </message>
    <message>
        <source>%1: %2 of %3 bytes is more than the %4 allowed</source>
        <translation>%1: %2 på %3 byte er mere end de tilladte %4</translation>
    </message>
    <message>
        <source>is not a GGUF file: it starts with bytes %1 (expected 47 47 55 46, &quot;GGUF&quot;)</source>
        <translation>er ikke en GGUF-fil: den begynder med byte %1 (forventede 47 47 55 46, &quot;GGUF&quot;)</translation>
    </message>
    <message>
        <source>is GGUF version 1, the 2023 format with 32-bit lengths, which Headmap does not read (expected version 2 or 3); convert the model again with a current llama.cpp</source>
        <translation>er GGUF version 1, formatet fra 2023 med 32-bit-længder, som Headmap ikke læser (forventede version 2 eller 3); konvertér modellen igen med en aktuel llama.cpp</translation>
    </message>
    <message>
        <source>is a big-endian GGUF file (version %1 byte-swapped); Headmap reads little-endian files only</source>
        <translation>er en big-endian GGUF-fil (version %1 med ombyttede byte); Headmap læser kun little-endian-filer</translation>
    </message>
    <message>
        <source>has GGUF version %1; Headmap reads versions 2 and 3</source>
        <translation>har GGUF version %1; Headmap læser version 2 og 3</translation>
    </message>
    <message>
        <source>%1 is %2, more than the %3 allowed</source>
        <translation>%1 er %2, mere end de tilladte %3</translation>
    </message>
    <message>
        <source>%1 is %2, more than the file can hold: each entry takes at least %3 bytes and %4 bytes remain after offset %5</source>
        <translation>%1 er %2, mere end filen kan rumme: hver post fylder mindst %3 byte, og der er %4 byte tilbage efter offset %5</translation>
    </message>
    <message>
        <source>metadata key #%1</source>
        <translation>metadatanøgle #%1</translation>
    </message>
    <message>
        <source>metadata key #%1 has an empty name</source>
        <translation>metadatanøgle #%1 har et tomt navn</translation>
    </message>
    <message>
        <source>metadata key %1</source>
        <translation>metadatanøglen %1</translation>
    </message>
    <message>
        <source>appears twice (the second time as key #%1)</source>
        <translation>optræder to gange (anden gang som nøgle #%1)</translation>
    </message>
    <message>
        <source>has unknown value type %1 (expected 0 to 12)</source>
        <translation>har ukendt værditype %1 (forventede 0 til 12)</translation>
    </message>
    <message>
        <source>is a BOOL stored as byte %1; expected 0 or 1</source>
        <translation>er en BOOL gemt som byte %1; forventede 0 eller 1</translation>
    </message>
    <message>
        <source>nests arrays more than %1 deep</source>
        <translation>har arrays indlejret i mere end %1 niveauer</translation>
    </message>
    <message>
        <source>is an array of unknown value type %1 (expected 0 to 12)</source>
        <translation>er et array af ukendt værditype %1 (forventede 0 til 12)</translation>
    </message>
    <message>
        <source>is an array of %1 elements, more than the %2 allowed</source>
        <translation>er et array med %1 elementer, mere end de tilladte %2</translation>
    </message>
    <message>
        <source>is an array of %1 %2 elements, which needs at least %3 bytes, but only %4 remain after offset %5</source>
        <translation>er et array med %1 %2-elementer, som kræver mindst %3 byte, men der er kun %4 tilbage efter offset %5</translation>
    </message>
    <message>
        <source>metadata key &apos;general.alignment&apos; is %1; expected a UINT32</source>
        <translation>metadatanøglen &apos;general.alignment&apos; er %1; forventede en UINT32</translation>
    </message>
    <message>
        <source>metadata key &apos;general.alignment&apos; is %1; expected a power of two</source>
        <translation>metadatanøglen &apos;general.alignment&apos; er %1; forventede en potens af to</translation>
    </message>
    <message>
        <source>tensor info #%1</source>
        <translation>tensorinfo #%1</translation>
    </message>
    <message>
        <source>tensor info #%1 has an empty name</source>
        <translation>tensorinfo #%1 har et tomt navn</translation>
    </message>
    <message>
        <source>has %1 dimensions; expected 1 to %2</source>
        <translation>har %1 dimensioner; forventede 1 til %2</translation>
    </message>
    <message>
        <source>has ne[%1] = 0; expected every dimension to be at least 1</source>
        <translation>har ne[%1] = 0; forventede, at hver dimension er mindst 1</translation>
    </message>
    <message>
        <source>has ne[%1] = %2, beyond the largest signed 64-bit integer</source>
        <translation>har ne[%1] = %2, ud over det største 64-bit-heltal med fortegn</translation>
    </message>
    <message>
        <source>has dims %1, whose element count overflows 64 bits</source>
        <translation>har dimensionerne %1, hvis antal elementer løber over 64 bit</translation>
    </message>
    <message>
        <source>has unknown ggml type %1</source>
        <translation>har ukendt ggml-type %1</translation>
    </message>
    <message>
        <source>of type %1 has ne[0] = %2, not a multiple of the block size %3</source>
        <translation>af typen %1 har ne[0] = %2, som ikke er et multiplum af blokstørrelsen %3</translation>
    </message>
    <message>
        <source>of type %1 with dims %2 has a byte size that overflows 64 bits</source>
        <translation>af typen %1 med dimensionerne %2 har en størrelse i byte, der løber over 64 bit</translation>
    </message>
    <message>
        <source>has data offset %1, not a multiple of the alignment %2</source>
        <translation>har dataoffset %1, som ikke er et multiplum af justeringen %2</translation>
    </message>
    <message>
        <source>has data offset %1, which with its %2 bytes overflows 64 bits</source>
        <translation>har dataoffset %1, som sammen med dens %2 byte løber over 64 bit</translation>
    </message>
    <message>
        <source>(%1, dims %2) occupies bytes %3 of the data section, which has only %4 bytes (from offset %5 to the end of the file)</source>
        <translation>(%1, dimensioner %2) optager byte %3 af datasektionen, som kun har %4 byte (fra offset %5 til slutningen af filen)</translation>
    </message>
    <message>
        <source>tensors %1 %2 and %3 %4 overlap</source>
        <translation>tensorerne %1 %2 og %3 %4 overlapper</translation>
    </message>
    <message>
        <source>a %1</source>
        <translation>en %1</translation>
    </message>
    <message>
        <source>GGUF file %1: %2</source>
        <translation>GGUF-fil %1: %2</translation>
    </message>
    <message>
        <source>ARRAY of %1</source>
        <translation>ARRAY af %1</translation>
    </message>
    <message>
        <source>has no metadata key %1</source>
        <translation>har ingen metadatanøgle %1</translation>
    </message>
    <message>
        <source>metadata key %1 is %2; expected %3</source>
        <translation>metadatanøglen %1 er %2; forventede %3</translation>
    </message>
    <message>
        <source>a STRING</source>
        <translation>en STRING</translation>
    </message>
    <message>
        <source>metadata key %1 is %2; expected a non-negative integer</source>
        <translation>metadatanøglen %1 er %2; forventede et ikke-negativt heltal</translation>
    </message>
    <message>
        <source>an unsigned integer</source>
        <translation>et heltal uden fortegn</translation>
    </message>
    <message>
        <source>metadata key %1 is %2, beyond the largest signed 64-bit integer</source>
        <translation>metadatanøglen %1 er %2, ud over det største 64-bit-heltal med fortegn</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>et heltal</translation>
    </message>
    <message>
        <source>a FLOAT32 or FLOAT64</source>
        <translation>en FLOAT32 eller FLOAT64</translation>
    </message>
    <message>
        <source>a BOOL</source>
        <translation>en BOOL</translation>
    </message>
    <message>
        <source>an ARRAY of STRING</source>
        <translation>et ARRAY af STRING</translation>
    </message>
    <message>
        <source>an ARRAY of FLOAT32 or FLOAT64</source>
        <translation>et ARRAY af FLOAT32 eller FLOAT64</translation>
    </message>
    <message>
        <source>an ARRAY of integers</source>
        <translation>et ARRAY af heltal</translation>
    </message>
    <message>
        <source>metadata key %1 element %2 is %3, beyond the largest signed 64-bit integer</source>
        <translation>element %2 i metadatanøglen %1 er %3, ud over det største 64-bit-heltal med fortegn</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>en mappe</translation>
    </message>
    <message>
        <source>a FIFO</source>
        <translation>en FIFO</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>en tegnenhed</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>en blokenhed</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>en socket</translation>
    </message>
    <message>
        <source>not a file Headmap can read</source>
        <translation>en filtype, Headmap ikke kan læse</translation>
    </message>
    <message>
        <source>does not exist</source>
        <translation>findes ikke</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>kan ikke læses: %1</translation>
    </message>
    <message>
        <source>is not a regular file (it is %1)</source>
        <translation>er ikke en almindelig fil (det er %1)</translation>
    </message>
    <message>
        <source>is not a regular file (it leads to %1, which is %2)</source>
        <translation>er ikke en almindelig fil (den fører til %1, som er %2)</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1: kan ikke læses: %2</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too large for %3 (at most %4)</source>
        <translation>%1: %2 byte er for stort til %3 (højst %4)</translation>
    </message>
    <message>
        <source>%1: read %2 of %3 bytes: %4</source>
        <translation>%1: læste %2 af %3 byte: %4</translation>
    </message>
    <message>
        <source>header over the limit: header says %1 bytes, more than the %2 allowed</source>
        <translation>header over grænsen: headeren angiver %1 byte, mere end de tilladte %2</translation>
    </message>
    <message>
        <source>header longer than the file: header says %1 bytes but the file has only %2 after the length</source>
        <translation>header længere end filen: headeren angiver %1 byte, men filen har kun %2 efter længdefeltet</translation>
    </message>
    <message>
        <source>tensor %1 has dtype %2; expected a float type (F32, F16 or BF16)</source>
        <translation>tensoren %1 har dtype %2; forventede en kommatalstype (F32, F16 eller BF16)</translation>
    </message>
    <message>
        <source>rows %1 + %2 are outside tensor %3 of shape %4</source>
        <translation>rækkerne %1 + %2 ligger uden for tensoren %3 med formen %4</translation>
    </message>
    <message>
        <source>the number %1</source>
        <translation>tallet %1</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>en streng</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>en liste</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>et objekt</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fraværende</translation>
    </message>
    <message>
        <source>tensor %1 %2</source>
        <translation>tensoren %1 %2</translation>
    </message>
    <message>
        <source>__metadata__ is %1; expected an object of strings</source>
        <translation>__metadata__ er %1; forventede et objekt med strenge</translation>
    </message>
    <message>
        <source>__metadata__ value %1 is %2; expected a string</source>
        <translation>__metadata__-værdien %1 er %2; forventede en streng</translation>
    </message>
    <message>
        <source>is %1; expected an object with dtype, shape and data_offsets</source>
        <translation>er %1; forventede et objekt med dtype, shape og data_offsets</translation>
    </message>
    <message>
        <source>has no dtype</source>
        <translation>har ingen dtype</translation>
    </message>
    <message>
        <source>dtype is %1; expected a string</source>
        <translation>dtype er %1; forventede en streng</translation>
    </message>
    <message>
        <source>has unknown dtype %1 (expected one of %2)</source>
        <translation>har ukendt dtype %1 (forventede en af %2)</translation>
    </message>
    <message>
        <source>has no shape</source>
        <translation>har ingen shape</translation>
    </message>
    <message>
        <source>shape is %1; expected an array of non-negative integers</source>
        <translation>shape er %1; forventede en liste af ikke-negative heltal</translation>
    </message>
    <message>
        <source>shape[%1] is %2; expected a non-negative integer</source>
        <translation>shape[%1] er %2; forventede et ikke-negativt heltal</translation>
    </message>
    <message>
        <source>has no data_offsets</source>
        <translation>har ingen data_offsets</translation>
    </message>
    <message>
        <source>data_offsets is %1; expected an array [begin, end]</source>
        <translation>data_offsets er %1; forventede en liste [begin, end]</translation>
    </message>
    <message>
        <source>an array of %1 values</source>
        <translation>en liste med %1 værdier</translation>
    </message>
    <message>
        <source>data_offsets %1 is %2; expected a non-negative integer</source>
        <translation>data_offsets %1 er %2; forventede et ikke-negativt heltal</translation>
    </message>
    <message>
        <source>has data_offsets %1: begin after end</source>
        <translation>har data_offsets %1: begin efter end</translation>
    </message>
    <message>
        <source>has data_offsets %1 past the end of the data area, which has %2 bytes</source>
        <translation>har data_offsets %1 ud over slutningen af dataområdet, som har %2 byte</translation>
    </message>
    <message>
        <source>has shape %1 of %2, whose byte size overflows 64 bits</source>
        <translation>har formen %1 af %2, hvis størrelse i byte løber over 64 bit</translation>
    </message>
    <message>
        <source>has wrong byte length: shape %1 of %2 needs %3 bytes but data_offsets %4 hold %5</source>
        <translation>har forkert længde i byte: formen %1 af %2 kræver %3 byte, men data_offsets %4 rummer %5</translation>
    </message>
    <message>
        <source>safetensors file %1: %2</source>
        <translation>safetensors-fil %1: %2</translation>
    </message>
    <message>
        <source>header is not valid UTF-8 JSON (%1 at byte %2)</source>
        <translation>headeren er ikke gyldig UTF-8-JSON (%1 ved byte %2)</translation>
    </message>
    <message>
        <source>header is a JSON array; expected an object</source>
        <translation>headeren er et JSON-array; forventede et objekt</translation>
    </message>
    <message>
        <source>header is a JSON value; expected an object</source>
        <translation>headeren er en enkelt JSON-værdi; forventede et objekt</translation>
    </message>
    <message>
        <source>the unknown token &quot;%1&quot; is not in the vocabulary</source>
        <translation>tokenet for ukendte ord, &quot;%1&quot;, findes ikke i ordforrådet</translation>
    </message>
    <message>
        <source>merge %1 (&quot;%2 %3&quot;) refers to &quot;%4&quot;, which is not in the vocabulary</source>
        <translation>merge %1 (&quot;%2 %3&quot;) henviser til &quot;%4&quot;, som ikke findes i ordforrådet</translation>
    </message>
    <message>
        <source>metadata key %1 is %2, a pre-tokenizer Headmap does not know (it reads %3)</source>
        <translation>metadatanøglen %1 er %2, en pre-tokenizer, som Headmap ikke kender (Headmap læser %3)</translation>
    </message>
    <message>
        <source>metadata key %1: %2</source>
        <translation>metadatanøglen %1: %2</translation>
    </message>
    <message>
        <source>BOS is to be added (%1, or llama.cpp&apos;s default for this model and pre-tokenizer), but there is no BOS token: %2 is missing and the default id is outside the vocabulary</source>
        <translation>BOS skal tilføjes (%1 eller llama.cpp&apos;s standard for denne model og pre-tokenizer), men der er intet BOS-token: %2 mangler, og standard-id&apos;et ligger uden for ordforrådet</translation>
    </message>
    <message>
        <source>EOS is to be added (%1, or llama.cpp&apos;s default for this model and pre-tokenizer), but there is no EOS token: %2 is missing and the default id is outside the vocabulary</source>
        <translation>EOS skal tilføjes (%1 eller llama.cpp&apos;s standard for denne model og pre-tokenizer), men der er intet EOS-token: %2 mangler, og standard-id&apos;et ligger uden for ordforrådet</translation>
    </message>
    <message>
        <source>metadata key %1 is missing: the file has no token list (every tokenizer needs one)</source>
        <translation>metadatanøglen %1 mangler: filen har ingen tokenliste (alle tokenizere skal have en)</translation>
    </message>
    <message>
        <source>metadata key %1 is empty</source>
        <translation>metadatanøglen %1 er tom</translation>
    </message>
    <message>
        <source>metadata key %1 has %2 tokens, more than the %3 Headmap accepts</source>
        <translation>metadatanøglen %1 har %2 tokens, mere end de %3, Headmap accepterer</translation>
    </message>
    <message>
        <source>metadata key %1: token %2 is listed twice, as ids %3 and %4</source>
        <translation>metadatanøglen %1: tokenet %2 optræder to gange, med id %3 og %4</translation>
    </message>
    <message>
        <source>metadata key %1 has %2 elements, expected one per token (%3)</source>
        <translation>metadatanøglen %1 har %2 elementer, forventede ét pr. token (%3)</translation>
    </message>
    <message>
        <source>metadata key %1: the score of token %2 is %3, expected a finite number</source>
        <translation>metadatanøglen %1: scoren for token %2 er %3, forventede et endeligt tal</translation>
    </message>
    <message>
        <source>metadata key %1: token %2 has type %3, expected 0 to 6 (undefined, normal, unknown, control, user-defined, unused, byte)</source>
        <translation>metadatanøglen %1: token %2 har typen %3, forventede 0 til 6 (undefined, normal, unknown, control, user-defined, unused, byte)</translation>
    </message>
    <message>
        <source>metadata key %1 is missing: a &quot;gpt2&quot; (byte-level BPE) tokenizer needs its merges</source>
        <translation>metadatanøglen %1 mangler: en &quot;gpt2&quot;-tokenizer (BPE på byteniveau) skal have sine merges</translation>
    </message>
    <message>
        <source>metadata key %1: merge %2 is %3, expected two pieces separated by a space</source>
        <translation>metadatanøglen %1: merge %2 er %3, forventede to orddele adskilt af et mellemrum</translation>
    </message>
    <message>
        <source>metadata key %1 is %2, outside the %3 tokens (expected 0 to %4)</source>
        <translation>metadatanøglen %1 er %2, uden for de %3 tokens (forventede 0 til %4)</translation>
    </message>
    <message>
        <source>metadata key %1 is missing: the file names no tokenizer</source>
        <translation>metadatanøglen %1 mangler: filen angiver ingen tokenizer</translation>
    </message>
    <message>
        <source>metadata key %1 is %2, Headmap reads %3</source>
        <translation>metadatanøglen %1 er %2, Headmap læser %3</translation>
    </message>
    <message>
        <source>token id %1 at position %2 has no entry in the vocabulary</source>
        <translation>token-id %1 på position %2 har ingen post i ordforrådet</translation>
    </message>
    <message>
        <source>folder %1 has only tokenizer.model, a SentencePiece model, which Headmap does not read: it needs tokenizer.json. Download the model&apos;s tokenizer.json from its Hub page, or save one with transformers: AutoTokenizer.from_pretrained(folder).save_pretrained(folder)</source>
        <translation>mappen %1 har kun tokenizer.model, en SentencePiece-model, som Headmap ikke læser: Headmap skal bruge tokenizer.json. Hent modellens tokenizer.json fra dens side på Hub, eller gem en med transformers: AutoTokenizer.from_pretrained(folder).save_pretrained(folder)</translation>
    </message>
    <message>
        <source>folder %1 has no tokenizer.json, vocab.txt or vocab.json + merges.txt</source>
        <translation>mappen %1 har ingen tokenizer.json, vocab.txt eller vocab.json + merges.txt</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 line %2: expected two pieces separated by a space</source>
        <translation>%1 linje %2: forventede to orddele adskilt af et mellemrum</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>kan ikke læse %1: %2</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, larger than the %3 bytes Headmap reads from a tokenizer file</source>
        <translation>%1 fylder %2 byte, mere end de %3 byte, Headmap læser fra en tokenizer-fil</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2 at byte %3</source>
        <translation>%1 er ikke gyldig JSON: %2 ved byte %3</translation>
    </message>
    <message>
        <source>%1 does not hold a JSON object</source>
        <translation>%1 indeholder ikke et JSON-objekt</translation>
    </message>
    <message>
        <source>%1: type &quot;%2&quot; is not supported (Headmap reads %3)</source>
        <translation>%1: typen &quot;%2&quot; understøttes ikke (Headmap læser %3)</translation>
    </message>
    <message>
        <source>%1.%2 is missing or not a list</source>
        <translation>%1.%2 mangler eller er ikke en liste</translation>
    </message>
    <message>
        <source>%1.%2 is missing or not a string</source>
        <translation>%1.%2 mangler eller er ikke en streng</translation>
    </message>
    <message>
        <source>%1: the string is empty</source>
        <translation>%1: strengen er tom</translation>
    </message>
    <message>
        <source>%1 must be {&quot;String&quot;: ...} or {&quot;Regex&quot;: ...}</source>
        <translation>%1 skal være {&quot;String&quot;: ...} eller {&quot;Regex&quot;: ...}</translation>
    </message>
    <message>
        <source>%1: the regex &quot;%2&quot; is not valid for PCRE2: %3 at offset %4</source>
        <translation>%1: det regulære udtryk &quot;%2&quot; er ikke gyldigt for PCRE2: %3 ved offset %4</translation>
    </message>
    <message>
        <source>%1.behavior &quot;%2&quot; is not one of Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous</source>
        <translation>%1.behavior &quot;%2&quot; er ikke en af Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous</translation>
    </message>
    <message>
        <source>%1.prepend_scheme &quot;%2&quot; is not one of always, first, never</source>
        <translation>%1.prepend_scheme &quot;%2&quot; er ikke en af always, first, never</translation>
    </message>
    <message>
        <source>%1.%2 must be a [token, id] pair</source>
        <translation>%1.%2 skal være et [token, id]-par</translation>
    </message>
    <message>
        <source>%1: sequence id must be &quot;A&quot; or &quot;B&quot;</source>
        <translation>%1: sekvens-id skal være &quot;A&quot; eller &quot;B&quot;</translation>
    </message>
    <message>
        <source>%1: special token &quot;%2&quot; is not in %3.special_tokens</source>
        <translation>%1: specialtokenet &quot;%2&quot; er ikke i %3.special_tokens</translation>
    </message>
    <message>
        <source>%1 must be a Sequence or a SpecialToken</source>
        <translation>%1 skal være en Sequence eller et SpecialToken</translation>
    </message>
    <message>
        <source>%1.special_tokens.%2 needs as many ids as tokens</source>
        <translation>%1.special_tokens.%2 skal have lige så mange id&apos;er som tokens</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 skal være et objekt</translation>
    </message>
    <message>
        <source>%1 has no &quot;type&quot;</source>
        <translation>%1 har ingen &quot;type&quot;</translation>
    </message>
    <message>
        <source>%1.%2 must be true or false</source>
        <translation>%1.%2 skal være true eller false</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>ikke et tal</translation>
    </message>
    <message>
        <source>%1: the id of &quot;%2&quot; must be an integer from 0 to %3, found %4</source>
        <translation>%1: id&apos;et for &quot;%2&quot; skal være et heltal fra 0 til %3, fandt %4</translation>
    </message>
    <message>
        <source>BertPreTokenizer, ByteLevel, Whitespace, WhitespaceSplit, Digits, Split, Metaspace and Sequence</source>
        <translation>BertPreTokenizer, ByteLevel, Whitespace, WhitespaceSplit, Digits, Split, Metaspace og Sequence</translation>
    </message>
    <message>
        <source>TemplateProcessing, BertProcessing, RobertaProcessing, ByteLevel and Sequence</source>
        <translation>TemplateProcessing, BertProcessing, RobertaProcessing, ByteLevel og Sequence</translation>
    </message>
    <message>
        <source>added_tokens must be a list</source>
        <translation>added_tokens skal være en liste</translation>
    </message>
    <message>
        <source>%1 needs an &quot;id&quot; and a &quot;content&quot;</source>
        <translation>%1 skal have et &quot;id&quot; og et &quot;content&quot;</translation>
    </message>
    <message>
        <source>%1 %2 has id %3, which the vocabulary gives to %4</source>
        <translation>%1 %2 har id %3, som ordforrådet giver til %4</translation>
    </message>
    <message>
        <source>%1 %2 has id %3, which added_tokens[%4] gives to %5</source>
        <translation>%1 %2 har id %3, som added_tokens[%4] giver til %5</translation>
    </message>
    <message>
        <source>model is missing</source>
        <translation>model mangler</translation>
    </message>
    <message>
        <source>%1 has no &quot;type&quot; and no vocab</source>
        <translation>%1 har ingen &quot;type&quot; og intet vocab</translation>
    </message>
    <message>
        <source>%1.%2 must be a string</source>
        <translation>%1.%2 skal være en streng</translation>
    </message>
    <message>
        <source>%1.dropout %2 is not supported (it makes tokenization random)</source>
        <translation>%1.dropout %2 understøttes ikke (det gør tokeniseringen tilfældig)</translation>
    </message>
    <message>
        <source>%1.%2 &quot;%3&quot; is not supported</source>
        <translation>%1.%2 &quot;%3&quot; understøttes ikke</translation>
    </message>
    <message>
        <source>%1 is missing or not an object of piece → id</source>
        <translation>%1 mangler eller er ikke et objekt med orddel → id</translation>
    </message>
    <message>
        <source>%1 is missing or not a list</source>
        <translation>%1 mangler eller er ikke en liste</translation>
    </message>
    <message>
        <source>%1[%2] must be &quot;a b&quot; or [&quot;a&quot;, &quot;b&quot;]</source>
        <translation>%1[%2] skal være &quot;a b&quot; eller [&quot;a&quot;, &quot;b&quot;]</translation>
    </message>
    <message>
        <source>the id of &quot;%1&quot; is %2, but a vocabulary of %3 entries may use ids 0..%4 only</source>
        <translation>id&apos;et for &quot;%1&quot; er %2, men et ordforråd med %3 poster må kun bruge id 0..%4</translation>
    </message>
    <message>
        <source>&apos;%1&apos; in %2</source>
        <translation>&apos;%1&apos; i %2</translation>
    </message>
    <message>
        <source>a config file</source>
        <translation>en konfigurationsfil</translation>
    </message>
    <message>
        <source>%1: not valid JSON (%2 at byte %3)</source>
        <translation>%1: ikke gyldig JSON (%2 ved byte %3)</translation>
    </message>
    <message>
        <source>%1: expected a JSON object</source>
        <translation>%1: forventede et JSON-objekt</translation>
    </message>
    <message>
        <source>missing field &apos;model_type&apos;</source>
        <translation>feltet &apos;model_type&apos; mangler</translation>
    </message>
    <message>
        <source>model_type &apos;%1&apos; is not supported (supported: %2)</source>
        <translation>model_type &apos;%1&apos; understøttes ikke (understøttede: %2)</translation>
    </message>
    <message>
        <source>field &apos;layer_types&apos; must list one type per layer (%1)</source>
        <translation>feltet &apos;layer_types&apos; skal angive én type pr. lag (%1)</translation>
    </message>
    <message>
        <source>layer_types[%1] is &apos;%2&apos;; expected full_attention or sliding_attention</source>
        <translation>layer_types[%1] er &apos;%2&apos;; forventede full_attention eller sliding_attention</translation>
    </message>
    <message>
        <source>%1 attention heads cannot share %2 key/value heads (num_attention_heads must be a multiple of num_key_value_heads)</source>
        <translation>%1 opmærksomhedshoveder kan ikke deles om %2 nøgle/værdi-hoveder (num_attention_heads skal være et multiplum af num_key_value_heads)</translation>
    </message>
    <message>
        <source>hidden size %1 is not divisible by %2 attention heads, and there is no head_dim</source>
        <translation>den skjulte størrelse %1 er ikke delelig med %2 opmærksomhedshoveder, og der er ingen head_dim</translation>
    </message>
    <message>
        <source>the norm epsilon must be positive</source>
        <translation>normaliseringens epsilon skal være positiv</translation>
    </message>
    <message>
        <source>attn_logit_softcapping is set, but Gemma 3 does not apply it</source>
        <translation>attn_logit_softcapping er sat, men Gemma 3 anvender det ikke</translation>
    </message>
    <message>
        <source>use_bidirectional_attention = true is not supported (Headmap runs Gemma 3 as a causal decoder)</source>
        <translation>use_bidirectional_attention = true understøttes ikke (Headmap kører Gemma 3 som en kausal dekoder)</translation>
    </message>
    <message>
        <source>softcapping must not be negative</source>
        <translation>softcapping må ikke være negativ</translation>
    </message>
    <message>
        <source>layer_types marks layer %1 sliding_attention, but sliding_window is not set</source>
        <translation>layer_types markerer lag %1 som sliding_attention, men sliding_window er ikke sat</translation>
    </message>
    <message>
        <source>the model has %1 attention heads, but its summary says %2</source>
        <translation>modellen har %1 opmærksomhedshoveder, men dens oversigt siger %2</translation>
    </message>
    <message>
        <source>%1 has no output head: config.json says tie_word_embeddings is false and %2 holds no &apos;%3&apos;</source>
        <translation>%1 har intet outputhoved: config.json siger, at tie_word_embeddings er false, og %2 indeholder ingen &apos;%3&apos;</translation>
    </message>
    <message>
        <source>no hidden state for position %1 (%2 × %3 given, %4 wide expected)</source>
        <translation>ingen skjult tilstand for position %1 (fik %2 × %3, forventede bredden %4)</translation>
    </message>
    <message>
        <source>%1 has no masked-language-model head: %2 holds none of %3 (a checkpoint of the bare encoder; the *ForMaskedLM one has them)</source>
        <translation>%1 har intet hoved til maskeret sprogmodel: %2 indeholder ingen af %3 (et checkpoint af koderen alene; *ForMaskedLM-checkpointet har dem)</translation>
    </message>
    <message>
        <source>%1 has an incomplete masked-language-model head: %2 holds no %3</source>
        <translation>%1 har et ufuldstændigt hoved til maskeret sprogmodel: %2 indeholder ingen %3</translation>
    </message>
    <message>
        <source>token type %1 at position %2 is outside 0..%3</source>
        <translation>tokentype %1 på position %2 ligger uden for 0..%3</translation>
    </message>
    <message>
        <source>rope type &apos;%1&apos; in field &apos;%2&apos; is not supported (supported: default, linear, dynamic, llama3, yarn, longrope)</source>
        <translation>RoPE-typen &apos;%1&apos; i feltet &apos;%2&apos; understøttes ikke (understøttede: default, linear, dynamic, llama3, yarn, longrope)</translation>
    </message>
    <message>
        <source>missing field &apos;%1&apos;</source>
        <translation>feltet &apos;%1&apos; mangler</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; is %2; expected a positive number</source>
        <translation>feltet &apos;%1&apos; er %2; forventede et positivt tal</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a list of %2 numbers</source>
        <translation>feltet &apos;%1&apos; skal være en liste med %2 tal</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; has %2 numbers; expected %3 (rotary dimension / 2)</source>
        <translation>feltet &apos;%1&apos; har %2 tal; forventede %3 (rotationsdimension / 2)</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must hold positive numbers</source>
        <translation>feltet &apos;%1&apos; skal indeholde positive tal</translation>
    </message>
    <message>
        <source>partial rotary factor %1 is outside (0, 1]</source>
        <translation>den delvise rotationsfaktor %1 ligger uden for (0, 1]</translation>
    </message>
    <message>
        <source>the rotary dimension int(%1 · %2) is below 2</source>
        <translation>rotationsdimensionen int(%1 · %2) er under 2</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be above &apos;%2&apos;</source>
        <translation>feltet &apos;%1&apos; skal være større end &apos;%2&apos;</translation>
    </message>
    <message>
        <source>field &apos;rope_parameters&apos; must be an object</source>
        <translation>feltet &apos;rope_parameters&apos; skal være et objekt</translation>
    </message>
    <message>
        <source>field &apos;rope_scaling&apos; must be an object or null</source>
        <translation>feltet &apos;rope_scaling&apos; skal være et objekt eller null</translation>
    </message>
    <message>
        <source>model_type &apos;%1&apos; is not one of %2</source>
        <translation>model_type &apos;%1&apos; er ikke en af %2</translation>
    </message>
    <message>
        <source>scale_attn_weights = false is not supported</source>
        <translation>scale_attn_weights = false understøttes ikke</translation>
    </message>
    <message>
        <source>scale_attn_by_inverse_layer_idx = true is not supported</source>
        <translation>scale_attn_by_inverse_layer_idx = true understøttes ikke</translation>
    </message>
    <message>
        <source>position_embedding_type &apos;%1&apos; is not supported (only absolute)</source>
        <translation>position_embedding_type &apos;%1&apos; understøttes ikke (kun absolute)</translation>
    </message>
    <message>
        <source>hidden size %1 is not divisible by %2 attention heads</source>
        <translation>den skjulte størrelse %1 er ikke delelig med %2 opmærksomhedshoveder</translation>
    </message>
    <message>
        <source>layer norm epsilon must be positive</source>
        <translation>lagnormaliseringens epsilon skal være positiv</translation>
    </message>
    <message>
        <source>%1: max_position_embeddings %2 leaves no positions after padding_idx %3</source>
        <translation>%1: max_position_embeddings %2 efterlader ingen positioner efter padding_idx %3</translation>
    </message>
    <message>
        <source>%1: missing tensor %2; this checkpoint does not look like the architecture config.json names</source>
        <translation>%1: tensoren %2 mangler; dette checkpoint ligner ikke den arkitektur, config.json angiver</translation>
    </message>
    <message>
        <source> or </source>
        <translation> eller </translation>
    </message>
    <message>
        <source>%1: missing tensor &apos;%2&apos; (expected shape %3)</source>
        <translation>%1: tensoren &apos;%2&apos; mangler (forventet form %3)</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; has shape %3, expected %4 (from config.json)</source>
        <translation>%1: tensoren &apos;%2&apos; har formen %3, forventede %4 (fra config.json)</translation>
    </message>
    <message>
        <source>has no tensor %1 (expected dims %2 for %3)</source>
        <translation>har ingen tensor %1 (forventede dimensionerne %2 for %3)</translation>
    </message>
    <message>
        <source>tensor %1 has dims %2, expected %3 (from the metadata)</source>
        <translation>tensoren %1 har dimensionerne %2, forventede %3 (fra metadataene)</translation>
    </message>
    <message>
        <source>tensor %1 does not split into its heads</source>
        <translation>tensoren %1 kan ikke deles op i sine hoveder</translation>
    </message>
    <message>
        <source>has no tensor that Headmap reads as %1</source>
        <translation>har ingen tensor, som Headmap læser som %1</translation>
    </message>
    <message>
        <source>rows %1 + %2 are outside tensor %3</source>
        <translation>rækkerne %1 + %2 ligger uden for tensoren %3</translation>
    </message>
    <message>
        <source>key %1 is %2, expected %3 to %4</source>
        <translation>nøglen %1 er %2, forventede %3 til %4</translation>
    </message>
    <message>
        <source>tensor %1 holds %2 factors, expected %3 (half of %4 rotated dimensions)</source>
        <translation>tensoren %1 indeholder %2 faktorer, forventede %3 (halvdelen af %4 roterede dimensioner)</translation>
    </message>
    <message>
        <source>tensor %1 holds a rope factor that is not a positive number</source>
        <translation>tensoren %1 indeholder en RoPE-faktor, der ikke er et positivt tal</translation>
    </message>
    <message>
        <source>key %1 must be above 1</source>
        <translation>nøglen %1 skal være større end 1</translation>
    </message>
    <message>
        <source>key %1 is odd</source>
        <translation>nøglen %1 er ulige</translation>
    </message>
    <message>
        <source>key %1 is &apos;%2&apos;; Headmap reads none, linear and yarn</source>
        <translation>nøglen %1 er &apos;%2&apos;; Headmap læser none, linear og yarn</translation>
    </message>
    <message>
        <source>has both rope scaling %1 and per-frequency rope factors</source>
        <translation>har både RoPE-skalering %1 og RoPE-faktorer pr. frekvens</translation>
    </message>
    <message>
        <source>general.architecture is &apos;%1&apos;, which Headmap cannot run (it reads %2)</source>
        <translation>general.architecture er &apos;%1&apos;, som Headmap ikke kan køre (Headmap læser %2)</translation>
    </message>
    <message>
        <source>%1 attention heads cannot share %2 key/value heads</source>
        <translation>%1 opmærksomhedshoveder kan ikke deles om %2 nøgle/værdi-hoveder</translation>
    </message>
    <message>
        <source>embedding length %1 is not divisible by %2 heads, and there is no %3</source>
        <translation>indlejringslængden %1 er ikke delelig med %2 hoveder, og der er ingen %3</translation>
    </message>
    <message>
        <source>%1 differs from %2; Headmap needs them equal</source>
        <translation>%1 afviger fra %2; Headmap kræver, at de er ens</translation>
    </message>
    <message>
        <source>tensor &apos;token_embd.weight&apos; has dims %1, expected [%2, vocabulary]</source>
        <translation>tensoren &apos;token_embd.weight&apos; har dimensionerne %1, forventede [%2, ordforråd]</translation>
    </message>
    <message>
        <source>has no tensor &apos;token_embd.weight&apos; (the token embeddings)</source>
        <translation>har ingen tensor &apos;token_embd.weight&apos; (tokenindlejringerne)</translation>
    </message>
    <message>
        <source>the value-norm measure needs a run with value norms (RunOptions::valueNorms); this trace of %1 has only the weights</source>
        <translation>målet value-norm kræver en kørsel med værdinormer (RunOptions::valueNorms); dette spor af %1 har kun vægtene</translation>
    </message>
    <message>
        <source>attention pyramid: %1 row divisors for a matrix of %2 rows</source>
        <translation>opmærksomhedspyramide: %1 rækkedivisorer til en matrix med %2 rækker</translation>
    </message>
    <message>
        <source>attention pyramid: level %1 asked for, levels 1 to %2 are pooled</source>
        <translation>opmærksomhedspyramide: niveau %1 efterspurgt, niveau 1 til %2 er samlet</translation>
    </message>
    <message>
        <source>layer %1 does not exist; the trace has no layers</source>
        <translation>lag %1 findes ikke; sporet har ingen lag</translation>
    </message>
    <message>
        <source>layer %1 does not exist; the model has %2 layers (0 to %3)</source>
        <translation>lag %1 findes ikke; modellen har %2 lag (0 til %3)</translation>
    </message>
    <message>
        <source>token %1 is outside the %2 attention matrix</source>
        <translation>token %1 ligger uden for opmærksomhedsmatricen på %2</translation>
    </message>
    <message>
        <source>cannot subtract a %1 attention matrix from a %2 one</source>
        <translation>kan ikke trække en opmærksomhedsmatrix på %1 fra en på %2</translation>
    </message>
    <message>
        <source>head statistics need square attention weights, got %1x%2</source>
        <translation>hovedstatistik kræver kvadratiske opmærksomhedsvægte, fik %1x%2</translation>
    </message>
    <message>
        <source>%1 special-token flags for %2 tokens</source>
        <translation>%1 specialtoken-markeringer for %2 tokens</translation>
    </message>
    <message>
        <source>cannot write an .npy array of shape %1: negative dimension %2</source>
        <translation>kan ikke skrive et .npy-array med formen %1: negativ dimension %2</translation>
    </message>
    <message>
        <source>builtin:patterns scores only the words of its input; its predictions come from predictTokens</source>
        <translation>builtin:patterns giver kun ordene i sit input en score; dens forudsigelser kommer fra predictTokens</translation>
    </message>
    <message>
        <source>, … (%1 in all; see &apos;headmap-cli models&apos;)</source>
        <translation>, … (%1 i alt; se &apos;headmap-cli models&apos;)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an LM Studio model (expected PUBLISHER/MODEL or PUBLISHER/MODEL/FILE.gguf, as in LM Studio&apos;s models folder)</source>
        <translation>&apos;%1&apos; er ikke en LM Studio-model (forventede PUBLISHER/MODEL eller PUBLISHER/MODEL/FILE.gguf, som i LM Studios modelmappe)</translation>
    </message>
    <message>
        <source>LM Studio model &apos;%1&apos; not found: &apos;%2&apos; holds %3%4</source>
        <translation>LM Studio-modellen &apos;%1&apos; blev ikke fundet: &apos;%2&apos; indeholder %3%4</translation>
    </message>
    <message>
        <source> (mmproj files are vision projectors, not models)</source>
        <translation> (mmproj-filer er vision-projektorer, ikke modeller)</translation>
    </message>
    <message>
        <source>LM Studio model &apos;%1&apos; not found in %2 (%3)</source>
        <translation>LM Studio-modellen &apos;%1&apos; blev ikke fundet i %2 (%3)</translation>
    </message>
    <message>
        <source>no GGUF models there</source>
        <translation>ingen GGUF-modeller der</translation>
    </message>
    <message>
        <source>downloaded: %1</source>
        <translation>hentet: %1</translation>
    </message>
    <message>
        <source>GGUF file &apos;%1&apos;: out of memory reading its header</source>
        <translation>GGUF-filen &apos;%1&apos;: løb tør for hukommelse under læsning af dens header</translation>
    </message>
    <message>
        <source>Ollama manifest &apos;%1&apos; %2</source>
        <translation>Ollama-manifestet &apos;%1&apos; %2</translation>
    </message>
    <message>
        <source>is %1 bytes; a manifest is a small JSON file (at most %2)</source>
        <translation>fylder %1 byte; et manifest er en lille JSON-fil (højst %2)</translation>
    </message>
    <message>
        <source>is not valid JSON: %1 at byte %2</source>
        <translation>er ikke gyldig JSON: %1 ved byte %2</translation>
    </message>
    <message>
        <source>has no &quot;layers&quot; array</source>
        <translation>har ingen &quot;layers&quot;-liste</translation>
    </message>
    <message>
        <source>(no mediaType)</source>
        <translation>(ingen mediaType)</translation>
    </message>
    <message>
        <source>names the model layer&apos;s digest &apos;%1&apos;; expected sha256:&lt;64 hex digits&gt;</source>
        <translation>angiver modellagets digest &apos;%1&apos;; forventede sha256:&lt;64 hex-cifre&gt;</translation>
    </message>
    <message>
        <source>Ollama model &apos;%1&apos;: its blob &apos;%2&apos; is missing (an interrupted pull? &apos;ollama pull %1&apos; fetches it again)</source>
        <translation>Ollama-modellen &apos;%1&apos;: dens blob &apos;%2&apos; mangler (en afbrudt pull? &apos;ollama pull %1&apos; henter den igen)</translation>
    </message>
    <message>
        <source>has no layer of type %1 (its layers: %2); Headmap opens GGUF models</source>
        <translation>har intet lag af typen %1 (dens lag: %2); Headmap åbner GGUF-modeller</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ingen</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an Ollama model name (expected MODEL[:TAG], NAMESPACE/MODEL[:TAG] or HOST/NAMESPACE/MODEL[:TAG] of letters, digits, &apos;_&apos;, &apos;-&apos; and &apos;.&apos;)</source>
        <translation>&apos;%1&apos; er ikke et Ollama-modelnavn (forventede MODEL[:TAG], NAMESPACE/MODEL[:TAG] eller HOST/NAMESPACE/MODEL[:TAG] af bogstaver, cifre, &apos;_&apos;, &apos;-&apos; og &apos;.&apos;)</translation>
    </message>
    <message>
        <source>none pulled</source>
        <translation>ingen hentet</translation>
    </message>
    <message>
        <source>pulled: %1</source>
        <translation>hentet: %1</translation>
    </message>
    <message>
        <source>Ollama model &apos;%1&apos; not found in %2 (%3; &apos;ollama pull %1&apos; downloads it)</source>
        <translation>Ollama-modellen &apos;%1&apos; blev ikke fundet i %2 (%3; &apos;ollama pull %1&apos; henter den)</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a whole number</source>
        <translation>feltet &apos;%1&apos; skal være et heltal</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; is %2; expected a whole number in %3..%4</source>
        <translation>feltet &apos;%1&apos; er %2; forventede et heltal i %3..%4</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; is %2; expected a whole number</source>
        <translation>feltet &apos;%1&apos; er %2; forventede et heltal</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a number</source>
        <translation>feltet &apos;%1&apos; skal være et tal</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a string</source>
        <translation>feltet &apos;%1&apos; skal være en streng</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be true or false</source>
        <translation>feltet &apos;%1&apos; skal være true eller false</translation>
    </message>
    <message>
        <source>activation &apos;%1&apos; in field &apos;%2&apos; is not supported (supported: gelu, gelu_new, gelu_pytorch_tanh, relu, silu)</source>
        <translation>aktiveringen &apos;%1&apos; i feltet &apos;%2&apos; understøttes ikke (understøttede: gelu, gelu_new, gelu_pytorch_tanh, relu, silu)</translation>
    </message>
    <message>
        <source>cannot create the lock file &apos;%1&apos;: %2</source>
        <translation>kan ikke oprette låsefilen &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>another program is downloading %1 of %2 into the cache right now (%3 is locked); try again when it has finished</source>
        <translation>et andet program henter lige nu %1 af %2 ind i cachen (%3 er låst); prøv igen, når det er færdigt</translation>
    </message>
    <message>
        <source>cannot reach %1 for %2: %3</source>
        <translation>kan ikke nå %1 for %2: %3</translation>
    </message>
    <message>
        <source>too many redirects for %1</source>
        <translation>for mange omdirigeringer for %1</translation>
    </message>
    <message>
        <source>the Hub gave %1 no usable ETag (got &apos;%2&apos;)</source>
        <translation>Hub&apos;en gav %1 ingen brugbar ETag (fik &apos;%2&apos;)</translation>
    </message>
    <message>
        <source>the Hub gave no size for %1</source>
        <translation>Hub&apos;en angav ingen størrelse for %1</translation>
    </message>
    <message>
        <source>the Hub lists %1 with %2 bytes but serves %3 bytes</source>
        <translation>Hub&apos;en angiver %1 med %2 byte, men sender %3 byte</translation>
    </message>
    <message>
        <source>cannot read &apos;%1&apos;: %2</source>
        <translation>kan ikke læse &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>cannot truncate &apos;%1&apos;: %2</source>
        <translation>kan ikke afkorte &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>the Hub sent more than the %1 bytes of %2</source>
        <translation>Hub&apos;en sendte mere end de %1 byte af %2</translation>
    </message>
    <message>
        <source>cannot write %1 into &apos;%2&apos;: %3 (%4 of %5 kept for the next attempt)</source>
        <translation>kan ikke skrive %1 til &apos;%2&apos;: %3 (%4 af %5 gemt til næste forsøg)</translation>
    </message>
    <message>
        <source>the write failed</source>
        <translation>skrivningen mislykkedes</translation>
    </message>
    <message>
        <source>the download of %1 broke off after %2 of %3 (%4); run it again to resume</source>
        <translation>hentningen af %1 stoppede efter %2 af %3 (%4); kør den igen for at fortsætte</translation>
    </message>
    <message>
        <source>the server sent less</source>
        <translation>serveren sendte mindre</translation>
    </message>
    <message>
        <source>checksum mismatch for %1 of %2: expected SHA-256 %3, found %4; the damaged download was deleted</source>
        <translation>kontrolsummen passer ikke for %1 af %2: forventede SHA-256 %3, fandt %4; den beskadigede hentning er slettet</translation>
    </message>
    <message>
        <source>cannot create the cache folder &apos;%1&apos;</source>
        <translation>kan ikke oprette cachemappen &apos;%1&apos;</translation>
    </message>
    <message>
        <source>cannot rename &apos;%1&apos; to &apos;%2&apos;: %3</source>
        <translation>kan ikke omdøbe &apos;%1&apos; til &apos;%2&apos;: %3</translation>
    </message>
    <message>
        <source>cannot create the link &apos;%1&apos;: %2</source>
        <translation>kan ikke oprette linket &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>a download is already running</source>
        <translation>en hentning er allerede i gang</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Hub model id (ORG/NAME, e.g. openai-community/gpt2)</source>
        <translation>&apos;%1&apos; er ikke et model-id på Hub&apos;en (ORG/NAVN, fx openai-community/gpt2)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a revision name</source>
        <translation>&apos;%1&apos; er ikke et revisionsnavn</translation>
    </message>
    <message>
        <source>HF_HUB_OFFLINE is set, so Headmap does not use the network, and %1 at &apos;%2&apos; is not in the cache (%3); unset HF_HUB_OFFLINE to download it</source>
        <translation>HF_HUB_OFFLINE er sat, så Headmap bruger ikke netværket, og %1 ved &apos;%2&apos; er ikke i cachen (%3); fjern HF_HUB_OFFLINE for at hente den</translation>
    </message>
    <message>
        <source>cannot reach the Hub at %1: %2 (set HF_HUB_OFFLINE=1 to use the cache only)</source>
        <translation>kan ikke nå Hub&apos;en på %1: %2 (sæt HF_HUB_OFFLINE=1 for kun at bruge cachen)</translation>
    </message>
    <message>
        <source>the download was cancelled; run it again to resume</source>
        <translation>hentningen blev annulleret; kør den igen for at fortsætte</translation>
    </message>
    <message>
        <source> (the Hub says: %1)</source>
        <translation> (Hub&apos;en siger: %1)</translation>
    </message>
    <message>
        <source>%1 is a gated model: accept its conditions on its Hub page, then give your access token in HF_TOKEN or $HF_HOME/token%2</source>
        <translation>%1 er en model med adgangsbetingelser: accepter dens betingelser på dens side på Hub&apos;en, og angiv så dit adgangstoken i HF_TOKEN eller $HF_HOME/token%2</translation>
    </message>
    <message>
        <source>no model %1 on the Hub; check the name%2%3</source>
        <translation>ingen model %1 på Hub&apos;en; kontrollér navnet%2%3</translation>
    </message>
    <message>
        <source> and that your token may read it</source>
        <translation> og at dit token må læse den</translation>
    </message>
    <message>
        <source>, or if it is private give an access token in HF_TOKEN</source>
        <translation>, eller angiv et adgangstoken i HF_TOKEN, hvis den er privat</translation>
    </message>
    <message>
        <source>%1 has no revision &apos;%2&apos; (a branch, tag or commit)%3</source>
        <translation>%1 har ingen revision &apos;%2&apos; (en gren, et tag eller et commit)%3</translation>
    </message>
    <message>
        <source>%1 at &apos;%2&apos; has no file %3%4</source>
        <translation>%1 ved &apos;%2&apos; har ingen fil %3%4</translation>
    </message>
    <message>
        <source>the Hub refused %1: %2%3</source>
        <translation>Hub&apos;en afviste %1: %2%3</translation>
    </message>
    <message>
        <source>the access token is not valid</source>
        <translation>adgangstokenet er ikke gyldigt</translation>
    </message>
    <message>
        <source>it needs an access token (HF_TOKEN or $HF_HOME/token)</source>
        <translation>den kræver et adgangstoken (HF_TOKEN eller $HF_HOME/token)</translation>
    </message>
    <message>
        <source>the Hub does not let this token read %1%2</source>
        <translation>Hub&apos;en lader ikke dette token læse %1%2</translation>
    </message>
    <message>
        <source>the Hub asks to slow down (too many requests); try again in a minute%1</source>
        <translation>Hub&apos;en beder om at sætte farten ned (for mange forespørgsler); prøv igen om et minut%1</translation>
    </message>
    <message>
        <source>the Hub answered HTTP %1 for %2%3%4</source>
        <translation>Hub&apos;en svarede HTTP %1 for %2%3%4</translation>
    </message>
    <message>
        <source>the Hub&apos;s file list for %1 is not JSON: %2</source>
        <translation>Hub&apos;ens filliste for %1 er ikke JSON: %2</translation>
    </message>
    <message>
        <source>the Hub&apos;s file list for %1 has no commit id (&quot;sha&quot;)</source>
        <translation>Hub&apos;ens filliste for %1 har intet commit-id (&quot;sha&quot;)</translation>
    </message>
    <message>
        <source>the Hub&apos;s file list for %1 has no &quot;siblings&quot; array</source>
        <translation>Hub&apos;ens filliste for %1 har ingen &quot;siblings&quot;-liste</translation>
    </message>
    <message>
        <source>%1 at &apos;%2&apos; has no model.safetensors nor shards named model-NNNNN-of-NNNNN.safetensors, only %3, which Headmap does not read</source>
        <translation>%1 ved &apos;%2&apos; har hverken model.safetensors eller dele med navnet model-NNNNN-of-NNNNN.safetensors, kun %3, som Headmap ikke læser</translation>
    </message>
    <message>
        <source>%1 at &apos;%2&apos; has no safetensors weights%3; Headmap reads only safetensors (look for a converted copy of the model on the Hub)</source>
        <translation>%1 ved &apos;%2&apos; har ingen safetensors-vægte%3; Headmap læser kun safetensors (se efter en konverteret kopi af modellen på Hub&apos;en)</translation>
    </message>
    <message>
        <source> (only PyTorch .bin files)</source>
        <translation> (kun PyTorch .bin-filer)</translation>
    </message>
    <message>
        <source>%1 at &apos;%2&apos; has no config.json</source>
        <translation>%1 ved &apos;%2&apos; har ingen config.json</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; has id %3, which &quot;%4&quot; has too</source>
        <translation>%1: &quot;%2&quot; har id %3, som &quot;%4&quot; også har</translation>
    </message>
    <message>
        <source>%1 needs a &quot;type_id&quot; from 0 to %2, found %3</source>
        <translation>%1 skal have et &quot;type_id&quot; fra 0 til %2, fandt %3</translation>
    </message>
    <message>
        <source>%1 names the sequences %2; Headmap reads %3</source>
        <translation>%1 nævner sekvenserne %2; Headmap læser %3</translation>
    </message>
    <message>
        <source>%1 holds %2 post-processors that add special tokens (%3); Headmap reads one</source>
        <translation>%1 indeholder %2 efterbehandlere, der tilføjer specialtokens (%3); Headmap læser én</translation>
    </message>
    <message>
        <source>post_processor: special token %1 has id %2, which names no piece of the vocabulary or added_tokens</source>
        <translation>post_processor: specialtokenet %1 har id %2, som ikke er id for nogen orddel i ordforrådet eller added_tokens</translation>
    </message>
    <message>
        <source>post_processor: special token %1 has id %2, which is the id of %3</source>
        <translation>post_processor: specialtokenet %1 har id %2, som er id&apos;et for %3</translation>
    </message>
    <message>
        <source>the file is empty; a GGUF file starts with the 4 bytes &quot;GGUF&quot;</source>
        <translation>filen er tom; en GGUF-fil begynder med de 4 byte &quot;GGUF&quot;</translation>
    </message>
    <message>
        <source>%1 needs %2 bytes at offset %3, but the file has %4 bytes</source>
        <translation>%1 kræver %2 byte ved offset %3, men filen har %4 byte</translation>
    </message>
    <message>
        <source>%1: %2 needs %3 bytes at offset %4, but the file has %5 bytes</source>
        <translation>%1: %2 kræver %3 byte ved offset %4, men filen har %5 byte</translation>
    </message>
    <message>
        <source>GGUF file %1 is incomplete (%2 of at least %3 bytes): download it again. Detail: %4</source>
        <translation>GGUF-filen %1 er ufuldstændig (%2 af mindst %3 byte): hent den igen. Detaljer: %4</translation>
    </message>
    <message>
        <source>the file has %1 bytes, but the header length alone takes 8</source>
        <translation>filen har %1 byte, men headerens længdefelt fylder alene 8</translation>
    </message>
    <message>
        <source>safetensors file %1 is incomplete (%2 of %3 bytes): download it again. Detail: %4</source>
        <translation>safetensors-filen %1 er ufuldstændig (%2 af %3 byte): hent den igen. Detaljer: %4</translation>
    </message>
    <message>
        <source>safetensors file %1 is incomplete (%2 of at least %3 bytes): download it again. Detail: %4</source>
        <translation>safetensors-filen %1 er ufuldstændig (%2 af mindst %3 byte): hent den igen. Detaljer: %4</translation>
    </message>
    <message>
        <source>,</source>
        <comment>thousands separator</comment>
        <extracomment>The separator between groups of three digits in a byte count: &quot;1,026,854 bytes&quot;</extracomment>
        <translation>.</translation>
    </message>
    <message>
        <source>attention: %1 has %2 features; the model&apos;s attention settings need %3</source>
        <translation>opmærksomhed: %1 har %2 features; modellens opmærksomhedsindstillinger kræver %3</translation>
    </message>
    <message>
        <source>attention: %1 query heads cannot share %2 key/value heads of width %3</source>
        <translation>opmærksomhed: %1 forespørgselshoveder kan ikke dele %2 nøgle/værdi-hoveder med bredden %3</translation>
    </message>
    <message>
        <source>the input of W_Q (the hidden state)</source>
        <translation>inputtet til W_Q (den skjulte tilstand)</translation>
    </message>
    <message>
        <source>W_Q&apos;s output</source>
        <translation>W_Q&apos;s output</translation>
    </message>
    <message>
        <source>W_K&apos;s output</source>
        <translation>W_K&apos;s output</translation>
    </message>
    <message>
        <source>W_V&apos;s output</source>
        <translation>W_V&apos;s output</translation>
    </message>
    <message>
        <source>W_O&apos;s input</source>
        <translation>W_O&apos;s input</translation>
    </message>
    <message>
        <source>attention: cannot ablate head %1 of %2 heads</source>
        <translation>opmærksomhed: kan ikke slå hoved %1 fra blandt %2 hoveder</translation>
    </message>
    <message>
        <source>attention: the rotary table is %1 wide, more than the heads&apos; width %2</source>
        <translation>opmærksomhed: rotationstabellen er %1 bred, mere end hovedernes bredde %2</translation>
    </message>
    <message>
        <source>attention: the rotary table covers %1 positions, fewer than the input&apos;s %2</source>
        <translation>opmærksomhed: rotationstabellen dækker %1 positioner, færre end inputtets %2</translation>
    </message>
    <message>
        <source>%1 found, %2 expected</source>
        <translation>%1 fundet, %2 forventet</translation>
    </message>
    <message>
        <source>prefix attention: %1</source>
        <translation>præfiks-opmærksomhed: %1</translation>
    </message>
    <message>
        <source>the mask is not causal, so the cached rows would change</source>
        <translation>masken er ikke kausal, så de gemte rækker ville ændre sig</translation>
    </message>
    <message>
        <source>%1 query heads cannot share %2 key/value heads</source>
        <translation>%1 forespørgselshoveder kan ikke dele %2 nøgle/værdi-hoveder</translation>
    </message>
    <message>
        <source>cached rows: %1</source>
        <translation>gemte rækker: %1</translation>
    </message>
    <message>
        <source>cached key width: %1</source>
        <translation>gemte nøglers bredde: %1</translation>
    </message>
    <message>
        <source>the rotary table is %1 wide, more than the heads&apos; width %2</source>
        <translation>rotationstabellen er %1 bred, mere end hovedernes bredde %2</translation>
    </message>
    <message>
        <source>the rotary table covers %1 positions, fewer than the %2 of the cache and the new rows</source>
        <translation>rotationstabellen dækker %1 positioner, færre end de %2 i cachen og de nye rækker</translation>
    </message>
    <message>
        <source>the GGUF pre-tokenizer %1 cannot be built: its pattern %2 does not compile (%3 at character %4). The patterns are Headmap&apos;s own, so this is a bug in Headmap or its PCRE2 library, not in the file</source>
        <translation>GGUF-prætokenizeren %1 kan ikke bygges: dens mønster %2 kan ikke oversættes (%3 ved tegn %4). Mønstrene er Headmaps egne, så dette er en fejl i Headmap eller dets PCRE2-bibliotek, ikke i filen</translation>
    </message>
    <message>
        <source>%1 is missing: a Marian model folder has source.spm, target.spm and vocab.json (and target_vocab.json with separate vocabularies); download the model again</source>
        <translation>%1 mangler: en Marian-modelmappe har source.spm, target.spm og vocab.json (og target_vocab.json med separate ordforråd); download modellen igen</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a token (expected text or an object with &quot;content&quot;)</source>
        <translation>%1: &quot;%2&quot; er ikke et token (forventede tekst eller et objekt med &quot;content&quot;)</translation>
    </message>
    <message>
        <source>%1: the special token &quot;%2&quot; is not in %3, and the id it would get, %4, is &quot;%5&quot;&apos;s there; add it to %3 or remove it from the settings</source>
        <translation>%1: specialtokenet &quot;%2&quot; er ikke i %3, og det id, det ville få, %4, tilhører &quot;%5&quot; dér; føj det til %3, eller fjern det fra indstillingerne</translation>
    </message>
    <message>
        <source>%1 has no &quot;%2&quot;, the unknown token every piece outside the vocabulary becomes: use the vocab.json that came with the model</source>
        <translation>%1 har intet &quot;%2&quot;, det ukendte token, som alle stykker uden for ordforrådet bliver til: brug den vocab.json, der fulgte med modellen</translation>
    </message>
    <message>
        <source>%1 sets no eos_token, which Marian models end every text with: remove the setting</source>
        <translation>%1 angiver intet eos_token, som Marian-modeller afslutter hver tekst med: fjern indstillingen</translation>
    </message>
    <message>
        <source>%1: the file is incomplete or not a SentencePiece model (%2): download it again</source>
        <translation>%1: filen er ufuldstændig eller ikke en SentencePiece-model (%2): download den igen</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>den er tom</translation>
    </message>
    <message>
        <source>it has no pieces</source>
        <translation>den har ingen stykker</translation>
    </message>
    <message>
        <source>%1 cannot tokenize this text: %2</source>
        <translation>%1 kan ikke tokenisere denne tekst: %2</translation>
    </message>
    <message>
        <source>%1 cannot turn these pieces into text: %2</source>
        <translation>%1 kan ikke gøre disse stykker til tekst: %2</translation>
    </message>
    <message>
        <source>its normalization rules are cut off</source>
        <translation>dens normaliseringsregler er afkortede</translation>
    </message>
    <message>
        <source>its normalization rules have an empty trie</source>
        <translation>dens normaliseringsregler har en tom trie</translation>
    </message>
    <message>
        <source>its normalization rules point outside their trie</source>
        <translation>dens normaliseringsregler peger uden for deres trie</translation>
    </message>
    <message>
        <source>its normalization rules point outside their replacement strings</source>
        <translation>dens normaliseringsregler peger uden for deres erstatningsstrenge</translation>
    </message>
    <message>
        <source>a piece starts with a NUL byte</source>
        <translation>et stykke begynder med en NUL-byte</translation>
    </message>
    <message>
        <source>its bytes are no protobuf message</source>
        <translation>dens bytes er ingen protobuf-meddelelse</translation>
    </message>
    <message>
        <source>Encoder</source>
        <translation>Encoder</translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation>Decoder</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>Krydsopmærksomhed</translation>
    </message>
    <message>
        <source>the input of W_K (the encoder&apos;s output)</source>
        <translation>inputtet til W_K (encoderens output)</translation>
    </message>
    <message>
        <source>cross-attention takes neither rotary positions nor a causal mask</source>
        <translation>krydsopmærksomhed tager hverken roterende positioner eller en kausal maske</translation>
    </message>
    <message>
        <source>the decoder&apos;s input is empty: it needs at least the decoder start token</source>
        <translation>decoderens input er tomt: det skal mindst have decoderens starttoken</translation>
    </message>
    <message>
        <source>the target has %1 tokens; %2 accepts at most %3 (max positions)</source>
        <translation>målet har %1 tokens; %2 tager højst %3 (maks. positioner)</translation>
    </message>
    <message>
        <source>target token id %1 at position %2 is outside the target vocabulary (expected 0..%3)</source>
        <translation>måltoken-id %1 på position %2 ligger uden for målordforrådet (forventet 0..%3)</translation>
    </message>
    <message>
        <source>%1 is not an encoder–decoder model: it has no target text (translation models such as opus-mt, T5 or BART have one)</source>
        <translation>%1 er ikke en encoder–decoder-model: den har ingen måltekst (oversættelsesmodeller som opus-mt, T5 eller BART har en)</translation>
    </message>
    <message>
        <source>%1: vocab.json + merges.txt of model type &quot;%2&quot; are not supported (Headmap reads them for %3; a tokenizer.json works for any)</source>
        <translation>%1: vocab.json + merges.txt for modeltypen &quot;%2&quot; understøttes ikke (Headmap læser dem for %3; en tokenizer.json virker for alle)</translation>
    </message>
    <message>
        <source>position %1 is beyond the model&apos;s %2 positions</source>
        <translation>position %1 ligger ud over modellens %2 positioner</translation>
    </message>
    <message>
        <source>position %1 is outside the %2 target rows</source>
        <translation>position %1 ligger uden for de %2 målrækker</translation>
    </message>
    <message>
        <source>no tokens to translate: the source is empty</source>
        <translation>ingen tokens at oversætte: kildeteksten er tom</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a list of lists of token ids below %2</source>
        <translation>feltet &apos;%1&apos; skal være en liste af lister med token-id&apos;er under %2</translation>
    </message>
    <message>
        <source>relative_attention_max_distance %1 must exceed a quarter of relative_attention_num_buckets %2</source>
        <translation>relative_attention_max_distance %1 skal være større end en fjerdedel af relative_attention_num_buckets %2</translation>
    </message>
    <message>
        <source>feed_forward_proj &apos;%1&apos; is not supported (supported: relu, gelu, gated-gelu, gated-silu, gelu_new, gated-gelu_new)</source>
        <translation>feed_forward_proj &apos;%1&apos; understøttes ikke (understøttet: relu, gelu, gated-gelu, gated-silu, gelu_new, gated-gelu_new)</translation>
    </message>
    <message>
        <source>d_model %1 is not divisible by %2 %3</source>
        <translation>d_model %1 er ikke deleligt med %2 %3</translation>
    </message>
    <message>
        <source>encoder_attention_heads %1 and decoder_attention_heads %2 differ; Headmap reads models whose stacks have heads of one width</source>
        <translation>encoder_attention_heads %1 og decoder_attention_heads %2 er forskellige; Headmap læser modeller, hvis stakke har hoveder af én bredde</translation>
    </message>
    <message>
        <source>d_model %1 is too small for sinusoidal positions</source>
        <translation>d_model %1 er for lille til sinusformede positioner</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not L.H or L.H:mean (layer.head, e.g. 3.1 or 0.2:mean; in a translation model STACK:L.H, e.g. cross:3.1 or encoder:0.2:mean)</source>
        <translation>&apos;%1&apos; er ikke L.H eller L.H:mean (lag.hoved, fx 3.1 eller 0.2:mean; i en oversættelsesmodel STAK:L.H, fx cross:3.1 eller encoder:0.2:mean)</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: write the stack as encoder, decoder or cross before the head, not &apos;%2&apos; (e.g. cross:3.1)</source>
        <translation>&apos;%1&apos;: skriv stakken som encoder, decoder eller cross foran hovedet, ikke &apos;%2&apos; (fx cross:3.1)</translation>
    </message>
    <message>
        <source>%1 translates into one language only; leave out the target language &apos;%2&apos;</source>
        <translation>%1 oversætter kun til ét sprog; udelad målsproget &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 has no target language &apos;%2&apos;; choose one of %3</source>
        <translation>%1 har intet målsprog &apos;%2&apos;; vælg et af %3</translation>
    </message>
    <message>
        <source>%1: %2 must be between %3 and %4, got %5</source>
        <translation>%1: %2 skal være mellem %3 og %4, fik %5</translation>
    </message>
    <message>
        <source>%1: d_model %2 is not divisible by heads %3 (d_model must be a multiple of heads)</source>
        <translation>%1: d_model %2 er ikke delelig med antallet af hoveder %3 (d_model skal være et multiplum af antallet af hoveder)</translation>
    </message>
    <message>
        <source>precompiled_charsmap is broken: %1; the file is damaged or was not written by SentencePiece or tokenizers: download it again</source>
        <translation>precompiled_charsmap er i stykker: %1; filen er beskadiget eller ikke skrevet af SentencePiece eller tokenizers: hent den igen</translation>
    </message>
    <message>
        <source>it has %1 bytes, too few for the trie&apos;s size</source>
        <translation>den har %1 byte, for få til triens størrelse</translation>
    </message>
    <message>
        <source>its trie should have %1 bytes, but only %2 follow</source>
        <translation>dens trie skulle have %1 byte, men kun %2 følger</translation>
    </message>
    <message>
        <source>its trie is empty</source>
        <translation>dens trie er tom</translation>
    </message>
    <message>
        <source>its replacement strings are not UTF-8 (byte %1 of %2)</source>
        <translation>dens erstatningsstrenge er ikke UTF-8 (byte %1 af %2)</translation>
    </message>
    <message>
        <source>unit %1 points to %2, outside the trie&apos;s %3 units</source>
        <translation>enhed %1 peger på %2, uden for triens %3 enheder</translation>
    </message>
    <message>
        <source>unit %1 gives the replacement at byte %2, past the end of its %3 bytes of strings or inside a character</source>
        <translation>enhed %1 angiver erstatningen ved byte %2, efter slutningen af dens %3 byte strenge eller inde i et tegn</translation>
    </message>
    <message>
        <source>%1.%2 is not valid base64 (%3 characters): the file is damaged; download it again</source>
        <translation>%1.%2 er ikke gyldig base64 (%3 tegn): filen er beskadiget; hent den igen</translation>
    </message>
    <message>
        <source>%1.replacement &quot;%2&quot; must be one character</source>
        <translation>%1.replacement &quot;%2&quot; skal være ét tegn</translation>
    </message>
    <message>
        <source>%1: add_prefix_space false contradicts prepend_scheme &quot;%2&quot;</source>
        <translation>%1: add_prefix_space false modsiger prepend_scheme &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1.%2 is missing or not true or false</source>
        <translation>%1.%2 mangler eller er hverken true eller false</translation>
    </message>
    <message>
        <source>BertNormalizer, Lowercase, NFC, NFD, NFKC, NFKD, StripAccents, Strip, Precompiled, Prepend, Replace and Sequence</source>
        <translation>BertNormalizer, Lowercase, NFC, NFD, NFKC, NFKD, StripAccents, Strip, Precompiled, Prepend, Replace og Sequence</translation>
    </message>
    <message>
        <source>%1 is missing or not a list of [piece, score] pairs</source>
        <translation>%1 mangler eller er ikke en liste af [orddel, score]-par</translation>
    </message>
    <message>
        <source>%1 has %2 pieces; Headmap reads at most %3</source>
        <translation>%1 har %2 orddele; Headmap læser højst %3</translation>
    </message>
    <message>
        <source>%1[%2] must be a [piece, score] pair</source>
        <translation>%1[%2] skal være et [orddel, score]-par</translation>
    </message>
    <message>
        <source>%1: type &quot;%2&quot; is not supported (Headmap reads WordPiece, BPE and Unigram)</source>
        <translation>%1: typen &quot;%2&quot; understøttes ikke (Headmap læser WordPiece, BPE og Unigram)</translation>
    </message>
    <message>
        <source>the vocabulary is empty</source>
        <translation>ordforrådet er tomt</translation>
    </message>
    <message>
        <source>unk_id %1 is outside the vocabulary of %2 pieces</source>
        <translation>unk_id %1 ligger uden for ordforrådet på %2 orddele</translation>
    </message>
    <message>
        <source>Rollout (Abnar &amp; Zuidema, 2020) follows self-attention through its residual connections; cross-attention has queries from the target and keys from the source, and no residual path from its keys. Switch to the encoder to see its rollout.</source>
        <translation>Rollout (Abnar &amp; Zuidema, 2020) følger selvopmærksomhed gennem dens residualforbindelser; krydsopmærksomhed har forespørgsler fra målet og nøgler fra kilden og ingen residualvej fra sine nøgler. Skift til encoderen for at se dens rollout.</translation>
    </message>
    <message>
        <source>Rollout (Abnar &amp; Zuidema, 2020) follows one stack of self-attention; a translation model&apos;s decoder also reads the encoder through cross-attention at every layer, which the definition does not cover. Switch to the encoder to see its rollout.</source>
        <translation>Rollout (Abnar &amp; Zuidema, 2020) følger én stak af selvopmærksomhed; en oversættelsesmodels decoder læser også encoderen gennem krydsopmærksomhed i hvert lag, hvilket definitionen ikke dækker. Skift til encoderen for at se dens rollout.</translation>
    </message>
    <message>
        <source>builtin:translation scores only the words it can write and the target&apos;s words; its predictions come from predictTokens</source>
        <translation>builtin:translation giver kun de ord, den kan skrive, og måltekstens ord en score; dens forudsigelser kommer fra predictTokens</translation>
    </message>
    <message>
        <source>the text holds &quot;%1&quot;, which no piece of the tokenizer&apos;s vocabulary covers, and its tokenizer.json gives no unk_id: remove the character, or use a tokenizer that has an unknown token (in &quot;%2&quot;)</source>
        <translation>teksten indeholder &quot;%1&quot;, som ingen orddel i tokenizerens ordforråd dækker, og dens tokenizer.json angiver intet unk_id: fjern tegnet, eller brug en tokenizer med et ukendt-token (i &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>; leave out the %1 (&apos;%2&apos;)</source>
        <translation>; udelad %1 (&apos;%2&apos;)</translation>
    </message>
    <message>
        <source>%1 (%2) has no %3 to choose (&apos;%4&apos;): it translates one language pair, or reads the languages from the text itself; leave it out</source>
        <translation>%1 (%2) har intet %3 at vælge (&apos;%4&apos;): den oversætter ét sprogpar eller læser sprogene i selve teksten; udelad det</translation>
    </message>
    <message>
        <source>source language</source>
        <translation>kildesprog</translation>
    </message>
    <message>
        <source>target language</source>
        <translation>målsprog</translation>
    </message>
    <message>
        <source>%1 takes no source language code (&apos;%2&apos;): leave it out</source>
        <translation>%1 tager ingen kildesprogskode (&apos;%2&apos;): udelad den</translation>
    </message>
    <message>
        <source>… (%1 in all)</source>
        <translation>… (%1 i alt)</translation>
    </message>
    <message>
        <source>the model takes no %1 code (&apos;%2&apos;): leave it out</source>
        <translation>modellen tager ingen kode for %1 (&apos;%2&apos;): udelad den</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; could be %3: give one of them</source>
        <translation>%1 &apos;%2&apos; kan være %3: angiv en af dem</translation>
    </message>
    <message>
        <source>the model has no %1 &apos;%2&apos;; choose one of %3</source>
        <translation>modellen har intet %1 &apos;%2&apos;; vælg et af %3</translation>
    </message>
    <message>
        <source>%1: %2 is &quot;%3&quot;, not one of the tokenizer&apos;s language codes (%4, ...); set a code of the list or null</source>
        <translation>%1: %2 er &quot;%3&quot;, som ikke er en af tokenizerens sprogkoder (%4, ...); angiv en kode fra listen eller null</translation>
    </message>
    <message>
        <source>%1: tokenizer_class %2 marks languages with tokens, but tokenizer.json has none of its language codes</source>
        <translation>%1: tokenizer_class %2 markerer sprog med tokens, men tokenizer.json har ingen af dens sprogkoder</translation>
    </message>
    <message>
        <source>%1 sets no src_lang, and the default, %2, is not one of the tokenizer&apos;s language codes: set src_lang</source>
        <translation>%1 angiver intet src_lang, og standarden, %2, er ikke en af tokenizerens sprogkoder: angiv src_lang</translation>
    </message>
    <message>
        <source>%1: the end token &quot;%2&quot; is not in tokenizer.json</source>
        <translation>%1: sluttokenet &quot;%2&quot; findes ikke i tokenizer.json</translation>
    </message>
    <message>
        <source>the model&apos;s tokenizer names no target language (tgt_lang): choose one (e.g. %1) to read a target text</source>
        <translation>modellens tokenizer angiver intet målsprog (tgt_lang): vælg et (f.eks. %1) for at læse en måltekst</translation>
    </message>
    <message>
        <source>%1 is missing: an M2M100 model folder has sentencepiece.bpe.model and vocab.json; download the model again</source>
        <translation>%1 mangler: en M2M100-modelmappe har sentencepiece.bpe.model og vocab.json; hent modellen igen</translation>
    </message>
    <message>
        <source>%1: %2 is &quot;%3&quot;, not one of the model&apos;s language codes (%4, ...); set a code of the list or null</source>
        <translation>%1: %2 er &quot;%3&quot;, som ikke er en af modellens sprogkoder (%4, ...); angiv en kode fra listen eller null</translation>
    </message>
    <message>
        <source>%1: language_codes is &quot;%2&quot;; transformers knows &quot;m2m100&quot; and &quot;wmt21&quot;</source>
        <translation>%1: language_codes er &quot;%2&quot;; transformers kender &quot;m2m100&quot; og &quot;wmt21&quot;</translation>
    </message>
    <message>
        <source>%1 sets no eos_token, which M2M100 models end every text with: remove the setting</source>
        <translation>%1 angiver intet eos_token, som M2M100-modeller afslutter hver tekst med: fjern indstillingen</translation>
    </message>
    <message>
        <source>the target language %1 has id %2, outside the model&apos;s %3 target tokens (vocab_size in config.json)</source>
        <translation>målsproget %1 har id %2, uden for modellens %3 måltokens (vocab_size i config.json)</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: expected head numbers 0..%2 after broad=, e.g. builtin:patterns:broad=0</source>
        <translation>&apos;%1&apos;: forventede hovednumre 0..%2 efter broad=, fx builtin:patterns:broad=0</translation>
    </message>
    <message>
        <source>Give token ids (--ids) or open the model&apos;s Hugging Face folder: %1 has a tokenizer of kind &apos;%2&apos; (tokenizer.ggml.model), which Headmap does not run yet</source>
        <translation>Angiv token-id&apos;er (--ids) eller åbn modellens Hugging Face-mappe: %1 har en tokenizer af typen &apos;%2&apos; (tokenizer.ggml.model), som Headmap endnu ikke kan køre</translation>
    </message>
    <message>
        <source>token id %1 is outside the vocabulary (0 to %2)</source>
        <translation>token-id %1 ligger uden for ordforrådet (0 til %2)</translation>
    </message>
    <message>
        <source>key %1 is %2, expected a token id below %3</source>
        <translation>nøglen %1 er %2, forventede et token-id under %3</translation>
    </message>
    <message>
        <source>has no key %1 (T5&apos;s layer_norm_epsilon)</source>
        <translation>har ingen nøgle %1 (T5&apos;s layer_norm_epsilon)</translation>
    </message>
    <message>
        <source>key %1 must be positive</source>
        <translation>nøglen %1 skal være positiv</translation>
    </message>
    <message>
        <source>key %1 is %2: llama.cpp&apos;s maximum distance %3 must exceed a quarter of it</source>
        <translation>nøglen %1 er %2: llama.cpp&apos;s største afstand %3 skal være større end en fjerdedel af den</translation>
    </message>
    <message>
        <source>tensor %1 is a relative position bias of its own in a later block (umT5), which Headmap does not compute; it reads T5 and mT5 files, whose blocks share block 0&apos;s</source>
        <translation>tensoren %1 er en relativ positionsbias for en senere blok alene (umT5), som Headmap ikke beregner; den læser T5- og mT5-filer, hvis blokke deler blok 0&apos;s</translation>
    </message>
    <message>
        <source>tensor %1 has dims %2, expected [%3, vocabulary]</source>
        <translation>tensoren %1 har dimensionerne %2, forventede [%3, ordforråd]</translation>
    </message>
    <message>
        <source>has no tensor %1 (the token embeddings)</source>
        <translation>har ingen tensor %1 (token-indlejringerne)</translation>
    </message>
    <message>
        <source>the model folder of %1 is missing (looked in: %2); reinstall Headmap, or set HEADMAP_MODELS_DIR to the folder holding %3/</source>
        <translation>modelmappen til %1 mangler (søgt i: %2); geninstallér Headmap, eller sæt HEADMAP_MODELS_DIR til mappen, der indeholder %3/</translation>
    </message>
    <message>
        <source>%1 is not a Danish two-digit compound; expected 21..99, not on a ten</source>
        <translation>%1 er ikke et dansk tocifret sammensat tal; forventede 21..99, ikke et helt tital</translation>
    </message>
    <message>
        <source>%1: &quot;held_out&quot; must be a list of numbers</source>
        <translation>%1: &quot;held_out&quot; skal være en liste af tal</translation>
    </message>
    <message>
        <source>field &apos;no_rope_layers&apos; must list 0 or 1 for each of the %1 layers</source>
        <translation>feltet &apos;no_rope_layers&apos; skal angive 0 eller 1 for hvert af de %1 lag</translation>
    </message>
    <message>
        <source>no_rope_layers[%1] is %2; expected 1 (rotary) or 0 (no rotary)</source>
        <translation>no_rope_layers[%1] er %2; forventede 1 (rotary) eller 0 (ingen rotary)</translation>
    </message>
    <message>
        <source>layer_types[%1] is &apos;%2&apos;, but global_attn_every_n_layers %3 makes layer %1 %4; Headmap supports only layer_types that follow global_attn_every_n_layers</source>
        <translation>layer_types[%1] er &apos;%2&apos;, men global_attn_every_n_layers %3 gør lag %1 til %4; Headmap understøtter kun layer_types, der følger global_attn_every_n_layers</translation>
    </message>
    <message>
        <source>head width %1 is odd; rotary embeddings need an even one</source>
        <translation>hovedbredden %1 er ulige; rotary-indlejringer kræver en lige</translation>
    </message>
    <message>
        <source>field &apos;rope_scaling&apos; is set; Headmap reads ModernBERT&apos;s rotary scaling only from rope_parameters</source>
        <translation>feltet &apos;rope_scaling&apos; er sat; Headmap læser kun ModernBERTs rotary-skalering fra rope_parameters</translation>
    </message>
    <message>
        <source>the rotary bases (global_rope_theta, local_rope_theta) must be positive</source>
        <translation>rotary-baserne (global_rope_theta, local_rope_theta) skal være positive</translation>
    </message>
    <message>
        <source>token id %1 at position %2 is outside 0..%3</source>
        <translation>token-id %1 på position %2 ligger uden for 0..%3</translation>
    </message>
    <message>
        <source>metadata key %1 is missing and the default unknown token (2) is outside the vocabulary</source>
        <translation>metadatanøglen %1 mangler, og standardtokenet for ukendt tekst (2) ligger uden for ordforrådet</translation>
    </message>
    <message>
        <source>%1 is true, but %2 is not set</source>
        <translation>%1 er sand, men %2 er ikke angivet</translation>
    </message>
    <message>
        <source>metadata key %1 is not an array of bytes (UINT8 or INT8)</source>
        <translation>metadatanøglen %1 er ikke en række af bytes (UINT8 eller INT8)</translation>
    </message>
    <message>
        <source>&quot;llama&quot; (SentencePiece), &quot;gpt2&quot; (byte-level BPE) and &quot;t5&quot; (SentencePiece Unigram)</source>
        <translation>&quot;llama&quot; (SentencePiece), &quot;gpt2&quot; (BPE på byteniveau) og &quot;t5&quot; (SentencePiece Unigram)</translation>
    </message>
    <message>
        <source>%1: extra_ids is %2, not a count of sentinel tokens; set a whole number such as 100</source>
        <translation>%1: extra_ids er %2, ikke et antal sentinel-tokens; angiv et helt tal som 100</translation>
    </message>
    <message>
        <source>%1: added_tokens_decoder entry &quot;%2&quot; is not an id with a token&apos;s &quot;content&quot;; remove the entry or save the tokenizer again</source>
        <translation>%1: added_tokens_decoder-posten &quot;%2&quot; er ikke et id med et tokens &quot;content&quot;; fjern posten eller gem tokenizeren igen</translation>
    </message>
    <message>
        <source>%1: extra_ids is %2 but additional_special_tokens lists %3 &lt;extra_id_N&gt; tokens; make them agree</source>
        <translation>%1: extra_ids er %2, men additional_special_tokens angiver %3 &lt;extra_id_N&gt;-tokens; få dem til at stemme overens</translation>
    </message>
    <message>
        <source>%1 sets no eos_token, which T5 ends every text with: remove the setting</source>
        <translation>%1 angiver intet eos_token, som T5 afslutter hver tekst med: fjern indstillingen</translation>
    </message>
    <message>
        <source>the target language&apos;s token has id %1, outside the model&apos;s %2 target tokens (vocab_size in config.json)</source>
        <translation>målsprogets token har id %1, uden for modellens %2 måltokens (vocab_size i config.json)</translation>
    </message>
    <message>
        <source>use_sliding_window = true is not supported for this family (set it to false, as the released models do)</source>
        <translation>use_sliding_window = true understøttes ikke for denne familie (sæt den til false, som de udgivne modeller gør)</translation>
    </message>
    <message>
        <source>num_experts_per_tok is %1, more than the %2 experts</source>
        <translation>num_experts_per_tok er %1, flere end de %2 eksperter</translation>
    </message>
    <message>
        <source>field &apos;mlp_only_layers&apos; must be a list of layer indices</source>
        <translation>feltet &apos;mlp_only_layers&apos; skal være en liste af lagindekser</translation>
    </message>
    <message>
        <source>mlp_only_layers lists %1; expected layer indices 0..%2</source>
        <translation>mlp_only_layers indeholder %1; forventede lagindekser 0..%2</translation>
    </message>
    <message>
        <source>clip_qkv = %1 is not supported (Headmap reads OLMoE checkpoints with clip_qkv null)</source>
        <translation>clip_qkv = %1 understøttes ikke (Headmap læser OLMoE-checkpoints med clip_qkv null)</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; cannot be read as stored bytes from this kind of file</source>
        <translation>%1: tensoren &apos;%2&apos; kan ikke læses som lagrede bytes fra denne slags fil</translation>
    </message>
    <message>
        <source>bytes %1 + %2 are outside tensor %3 of %4 bytes</source>
        <translation>bytes %1 + %2 ligger uden for tensoren %3 på %4 bytes</translation>
    </message>
    <message>
        <source>swiglu_limit = %1 is not supported (set it to 7.0: transformers&apos; GptOssExperts always clamps at 7.0)</source>
        <translation>swiglu_limit = %1 understøttes ikke (sæt den til 7.0: transformers&apos; GptOssExperts begrænser altid ved 7.0)</translation>
    </message>
    <message>
        <source>quantization_config.quant_method &apos;%1&apos; is not supported (use the unquantised safetensors or a GGUF file; of quantised safetensors Headmap reads gpt-oss&apos;s MXFP4 experts)</source>
        <translation>quantization_config.quant_method &apos;%1&apos; understøttes ikke (brug de ikke-kvantiserede safetensors eller en GGUF-fil; af kvantiserede safetensors læser Headmap gpt-oss&apos; MXFP4-eksperter)</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is stored as MXFP4, whose blocks hold 32 values, but its rows are %3 wide (from config.json; check that config.json belongs to this file)</source>
        <translation>%1: &apos;%2&apos; er gemt som MXFP4, hvis blokke rummer 32 værdier, men dens rækker er %3 brede (fra config.json; kontrollér at config.json hører til denne fil)</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; is %3; MXFP4 blocks and scales are U8 (download the file again)</source>
        <translation>%1: tensoren &apos;%2&apos; er %3; MXFP4-blokke og -skalaer er U8 (hent filen igen)</translation>
    </message>
    <message>
        <source>%1 = %2: GGUF files of %3 with mixture-of-experts layers are not read; open the model&apos;s safetensors folder instead</source>
        <translation>%1 = %2: GGUF-filer af %3 med mixture-of-experts-lag kan ikke læses; åbn modellens safetensors-mappe i stedet</translation>
    </message>
    <message>
        <source>key %1 is %2: Headmap does not read shared experts from GGUF files; open the model&apos;s safetensors folder instead</source>
        <translation>nøglen %1 er %2: Headmap læser ikke delte eksperter fra GGUF-filer; åbn modellens safetensors-mappe i stedet</translation>
    </message>
    <message>
        <source>key %1 is %2; %3 routes with gating function %4 only</source>
        <translation>nøglen %1 er %2; %3 fordeler kun med gating-funktion %4</translation>
    </message>
    <message>
        <source>key %1 is %2, but no layer has a router tensor (&apos;blk.N.ffn_gate_inp.weight&apos;)</source>
        <translation>nøglen %1 er %2, men intet lag har en router-tensor (&apos;blk.N.ffn_gate_inp.weight&apos;)</translation>
    </message>
</context>
<context>
    <name>LinesText</name>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>A → B</source>
        <translation>A → B</translation>
    </message>
    <message>
        <source>B → A</source>
        <translation>B → A</translation>
    </message>
    <message>
        <source>Line opacity = weight × value norm ‖αv‖, relative to the largest in the layer; below %1 of it not drawn</source>
        <translation>Linjernes uigennemsigtighed = vægt × værdinorm ‖αv‖, i forhold til den største i laget; under %1 af den tegnes de ikke</translation>
    </message>
    <message>
        <source>Line opacity = attention weight; weights below %1 are not drawn</source>
        <translation>Linjernes uigennemsigtighed = opmærksomhedsvægt; vægte under %1 tegnes ikke</translation>
    </message>
    <message>
        <source>; only each query&apos;s strongest line per head (hover a token for all of its lines)</source>
        <translation>; kun hver forespørgsels stærkeste linje pr. hoved (hold musen over et token for at se alle dets linjer)</translation>
    </message>
    <message>
        <source>; at most %1 lines per query and head</source>
        <translation>; højst %1 linjer pr. forespørgsel og hoved</translation>
    </message>
    <message>
        <source>; only sentence %1</source>
        <translation>; kun sætning %1</translation>
    </message>
</context>
<context>
    <name>PatternsModel</name>
    <message>
        <source>previous token</source>
        <translation>forrige token</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>næste token</translation>
    </message>
    <message>
        <source>self</source>
        <translation>sig selv</translation>
    </message>
    <message>
        <source>first token (attention sink)</source>
        <translation>første token (opmærksomhedsdræn)</translation>
    </message>
    <message>
        <source>same token earlier (induction-like)</source>
        <translation>samme token tidligere (induktionsagtig)</translation>
    </message>
    <message>
        <source>broad (uniform)</source>
        <translation>bred (jævn)</translation>
    </message>
    <message>
        <source>Each token attends to the token just before it; the first token, which has none, attends to itself.</source>
        <translation>Hvert token retter opmærksomhed mod tokenet lige før det; det første token, som ikke har noget, retter opmærksomhed mod sig selv.</translation>
    </message>
    <message>
        <source>Each token attends to the token just after it; the last token, which has none, attends to itself.</source>
        <translation>Hvert token retter opmærksomhed mod tokenet lige efter det; det sidste token, som ikke har noget, retter opmærksomhed mod sig selv.</translation>
    </message>
    <message>
        <source>Each token attends to itself.</source>
        <translation>Hvert token retter opmærksomhed mod sig selv.</translation>
    </message>
    <message>
        <source>Every token attends to the first token, [CLS], a resting place for attention that has nothing better to do.</source>
        <translation>Hvert token retter opmærksomhed mod det første token, [CLS], et hvilested for opmærksomhed, der ikke har noget bedre at gøre.</translation>
    </message>
    <message>
        <source>A token attends to the first earlier place where the same word appeared (the second &quot;the&quot; to the first &quot;the&quot;); a word seen for the first time attends to the first token instead.</source>
        <translation>Et token retter opmærksomhed mod det første tidligere sted, hvor det samme ord optrådte (det andet &quot;the&quot; mod det første &quot;the&quot;); et ord, der ses for første gang, retter i stedet opmærksomhed mod det første token.</translation>
    </message>
    <message>
        <source>Every token spreads its attention evenly over all the tokens, so with 10 tokens each one gets a tenth.</source>
        <translation>Hvert token fordeler sin opmærksomhed jævnt over alle tokens, så med 10 tokens får hvert en tiendedel.</translation>
    </message>
    <message>
        <source>builtin:patterns has heads 0..%1; cannot make head %2 broad</source>
        <translation>builtin:patterns har hovederne 0..%1; kan ikke gøre hoved %2 bredt</translation>
    </message>
    <message>
        <source>broad (queries zeroed)</source>
        <translation>bredt (forespørgsler nulstillet)</translation>
    </message>
    <message>
        <source>This copy&apos;s queries for the head are zero, so every weight is 1/T, as in head 5.</source>
        <translation>Denne kopis forespørgsler for hovedet er nul, så hver vægt er 1/T, som i hoved 5.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 · layer %2, head %3</source>
        <translation>%1 · lag %2, hoved %3</translation>
    </message>
    <message>
        <source>No attention yet: type a sentence and press Enter</source>
        <translation>Endnu ingen opmærksomhed: skriv en sætning, og tryk på Enter</translation>
    </message>
    <message>
        <source>%1 · all heads</source>
        <translation>%1 · alle hoveder</translation>
    </message>
    <message>
        <source>cannot export &apos;%1&apos;: there is no layer %2, head %3</source>
        <translation>kan ikke eksportere &apos;%1&apos;: der er intet lag %2, hoved %3</translation>
    </message>
    <message>
        <source>cannot export &apos;%1&apos;: %2</source>
        <translation>kan ikke eksportere &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>there is no attention yet</source>
        <translation>der er endnu ingen opmærksomhed</translation>
    </message>
    <message>
        <source>cannot export &apos;%1&apos;: the name must end in .json, .csv or .npy</source>
        <translation>kan ikke eksportere &apos;%1&apos;: navnet skal ende på .json, .csv eller .npy</translation>
    </message>
    <message>
        <source>nothing to export: there is no attention yet</source>
        <translation>intet at eksportere: der er endnu ingen opmærksomhed</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Model dimension</source>
        <translation>Modeldimension</translation>
    </message>
    <message>
        <source>Block of %1 dimensions</source>
        <translation>Blok af %1 dimensioner</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>Dimension</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>A: layer %1, head %2</source>
        <translation>A: lag %1, hoved %2</translation>
    </message>
    <message>
        <source>B: layer %1, head %2</source>
        <translation>B: lag %1, hoved %2</translation>
    </message>
    <message>
        <source>%1 · two heads</source>
        <translation>%1 · to hoveder</translation>
    </message>
    <message>
        <source>Sentence A</source>
        <translation>Sætning A</translation>
    </message>
    <message>
        <source>Sentence B</source>
        <translation>Sætning B</translation>
    </message>
    <message>
        <source>%1 · layer %2, head %3 · two sentences</source>
        <translation>%1 · lag %2, hoved %3 · to sætninger</translation>
    </message>
    <message>
        <source>cannot export &apos;%1&apos;: the name must end in .png, .svg or .pdf</source>
        <translation>kan ikke eksportere &apos;%1&apos;: navnet skal ende på .png, .svg eller .pdf</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: the image could not be drawn</source>
        <translation>kan ikke skrive &apos;%1&apos;: billedet kunne ikke tegnes</translation>
    </message>
    <message>
        <source>Attention weight</source>
        <translation>Opmærksomhedsvægt</translation>
    </message>
    <message>
        <source>Weight / row maximum</source>
        <translation>Vægt / rækkens maksimum</translation>
    </message>
    <message>
        <source>Attention weight (log scale)</source>
        <translation>Opmærksomhedsvægt (logaritmisk skala)</translation>
    </message>
    <message>
        <source>Difference of weights</source>
        <translation>Forskel mellem vægtene</translation>
    </message>
    <message>
        <source>A - B</source>
        <translation>A - B</translation>
    </message>
    <message>
        <source>The sentences have %1 and %2 tokens; the difference A − B needs the same number.</source>
        <translation>Sætningerne har %1 og %2 tokens; forskellen A − B kræver det samme antal.</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>gennemsnit</translation>
    </message>
    <message>
        <source>max</source>
        <translation>maks.</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Hoved</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Lag</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>hoved %1</translation>
    </message>
    <message>
        <source>Mean |value| of each block</source>
        <translation>Gennemsnitlig |værdi| for hver blok</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Værdi</translation>
    </message>
    <message>
        <source>cannot create folder &apos;%1&apos;: %2</source>
        <translation>kan ikke oprette mappen &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>the system gave no reason</source>
        <translation>systemet oplyste ingen årsag</translation>
    </message>
    <message>
        <source>%1, max-pooled %2×%2</source>
        <translation>%1, maks.-samlet %2×%2</translation>
    </message>
    <message>
        <source>Grey, hatched cells are −∞: masked, they get no attention</source>
        <translation>Grå, skraverede celler er −∞: maskerede, de får ingen opmærksomhed</translation>
    </message>
    <message>
        <source>%1 · %2 · layer %3, head %4</source>
        <translation>%1 · %2 · lag %3, hoved %4</translation>
    </message>
    <message>
        <source>%1 · %2 · all heads</source>
        <translation>%1 · %2 · alle hoveder</translation>
    </message>
    <message>
        <source>The sources have %1 and %2 tokens; the difference A − B needs the same number.</source>
        <translation>Kildeteksterne har %1 og %2 tokens; forskellen A − B kræver det samme antal.</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>a boolean (%1)</source>
        <translation>en boolesk værdi (%1)</translation>
    </message>
    <message>
        <source>a number (%1)</source>
        <translation>et tal (%1)</translation>
    </message>
    <message>
        <source>a string (&quot;%1&quot;)</source>
        <translation>en streng (&quot;%1&quot;)</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>en liste</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>et objekt</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>ingenting</translation>
    </message>
    <message>
        <source>session file %1: %2</source>
        <translation>sessionsfil %1: %2</translation>
    </message>
    <message>
        <source>field &quot;%1&quot;: expected %2, found %3</source>
        <translation>feltet &quot;%1&quot;: forventede %2, fandt %3</translation>
    </message>
    <message>
        <source>missing field &quot;%1&quot;</source>
        <translation>feltet &quot;%1&quot; mangler</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>en streng</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true eller false</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>et heltal</translation>
    </message>
    <message>
        <source>%1 (%2) or more</source>
        <translation>%1 (%2) eller mere</translation>
    </message>
    <message>
        <source>between %1 and %2</source>
        <translation>mellem %1 og %2</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; is %2; it must be %3</source>
        <translation>feltet &quot;%1&quot; er %2; det skal være %3</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; is &quot;%2&quot;; valid %3: %4</source>
        <translation>feltet &quot;%1&quot; er &quot;%2&quot;; gyldige %3: %4</translation>
    </message>
    <message>
        <source>a whole number from 0 to 18446744073709551615 written as a string</source>
        <translation>et heltal fra 0 til 18446744073709551615 skrevet som en streng</translation>
    </message>
    <message>
        <source>the file does not exist</source>
        <translation>filen findes ikke</translation>
    </message>
    <message>
        <source>it is a folder, not a file</source>
        <translation>det er en mappe, ikke en fil</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation>det er ikke en almindelig fil</translation>
    </message>
    <message>
        <source>it is %1 bytes; a session file is at most 1 MB (%2 bytes)</source>
        <translation>den fylder %1 byte; en sessionsfil er højst 1 MB (%2 byte)</translation>
    </message>
    <message>
        <source>cannot read it: %1</source>
        <translation>kan ikke læse den: %1</translation>
    </message>
    <message>
        <source>cannot save session file %1: %2</source>
        <translation>kan ikke gemme sessionsfilen %1: %2</translation>
    </message>
    <message>
        <source>the session would be %1 bytes, more than the 1 MB a session file may hold (the texts are too long)</source>
        <translation>sessionen ville fylde %1 byte, mere end de 1 MB, en sessionsfil må rumme (teksterne er for lange)</translation>
    </message>
    <message>
        <source>no file name</source>
        <translation>intet filnavn</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>filen er tom</translation>
    </message>
    <message>
        <source>not a Headmap session: expected a JSON object, found %1</source>
        <translation>ikke en Headmap-session: forventede et JSON-objekt, fandt %1</translation>
    </message>
    <message>
        <source>not valid JSON: %1 near byte %2 (line %3, column %4)</source>
        <translation>ikke gyldig JSON: %1 nær byte %2 (linje %3, kolonne %4)</translation>
    </message>
    <message>
        <source>not a Headmap session (it has no &quot;format&quot;: &quot;%1&quot;)</source>
        <translation>ikke en Headmap-session (den har ingen &quot;format&quot;: &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>not a Headmap session (&quot;format&quot; is %1, expected &quot;%2&quot;)</source>
        <translation>ikke en Headmap-session (&quot;format&quot; er %1, forventede &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>it was written by a newer Headmap (session version %1; this one reads version %2); update Headmap to open it</source>
        <translation>den er skrevet af en nyere Headmap (sessionsversion %1; denne læser version %2); opdatér Headmap for at åbne den</translation>
    </message>
    <message>
        <source>field &quot;version&quot; is %1; session versions start at 1</source>
        <translation>feltet &quot;version&quot; er %1; sessionsversioner begynder ved 1</translation>
    </message>
    <message>
        <source>field &quot;model.source&quot; is empty; it names the model (e.g. builtin:teaching)</source>
        <translation>feltet &quot;model.source&quot; er tomt; det angiver modellen (fx builtin:teaching)</translation>
    </message>
    <message>
        <source>invalid &quot;model.teaching&quot;: %1</source>
        <translation>ugyldig &quot;model.teaching&quot;: %1</translation>
    </message>
    <message>
        <source>modes</source>
        <translation>tilstande</translation>
    </message>
    <message>
        <source>views</source>
        <translation>visninger</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ingen</translation>
    </message>
    <message>
        <source>colormaps</source>
        <translation>farveskalaer</translation>
    </message>
    <message>
        <source>scales</source>
        <translation>skalaer</translation>
    </message>
    <message>
        <source>measures</source>
        <translation>mål</translation>
    </message>
    <message>
        <source>field &quot;%1&quot;: %2</source>
        <translation>felt &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>stacks</source>
        <translation>stakke</translation>
    </message>
</context>
<context>
    <name>ViewText</name>
    <message>
        <source>Every token of this sentence is a special token; turn off &quot;Hide special tokens&quot; to see them.</source>
        <translation>Hvert token i denne sætning er et specialtoken; slå &quot;Skjul specialtokens&quot; fra for at se dem.</translation>
    </message>
</context>
<context>
    <name>WorkFailure</name>
    <message>
        <source>Out of memory while %1: try a shorter text or a smaller model.</source>
        <translation>Løb tør for hukommelse under %1: prøv en kortere tekst eller en mindre model.</translation>
    </message>
    <message>
        <source>Failed while %1: %2</source>
        <translation>Fejl under %1: %2</translation>
    </message>
    <message>
        <source>Failed while %1: unexpected error</source>
        <translation>Fejl under %1: uventet fejl</translation>
    </message>
</context>
<context>
    <name>headmap</name>
    <message>
        <source>the window was not ready</source>
        <translation>vinduet var ikke klar</translation>
    </message>
    <message>
        <source>headmap: screenshot: %1</source>
        <translation>headmap: skærmbillede: %1</translation>
    </message>
    <message>
        <source>See what the attention heads of a transformer do.</source>
        <translation>Se, hvad opmærksomhedshovederne i en transformer gør.</translation>
    </message>
    <message>
        <source>Model to open: builtin:teaching, builtin:patterns, a model folder, a Hub id in the cache, a .gguf file, ollama:NAME[:TAG] or lmstudio:PUBLISHER/MODEL.</source>
        <translation>Model, der skal åbnes: builtin:teaching, builtin:patterns, en modelmappe, et Hub-id i cachen, en .gguf-fil, ollama:NAVN[:TAG] eller lmstudio:UDGIVER/MODEL.</translation>
    </message>
    <message>
        <source>SPEC</source>
        <translation>SPEC</translation>
    </message>
    <message>
        <source>Sentence to show at start.</source>
        <translation>Sætning, der vises ved start.</translation>
    </message>
    <message>
        <source>TEXT</source>
        <translation>TEKST</translation>
    </message>
    <message>
        <source>Layer to show at start.</source>
        <translation>Lag, der vises ved start.</translation>
    </message>
    <message>
        <source>Head to show at start.</source>
        <translation>Hoved, der vises ved start.</translation>
    </message>
    <message>
        <source>Second sentence, for models trained on pairs.</source>
        <translation>Anden sætning, til modeller trænet på sætningspar.</translation>
    </message>
    <message>
        <source>Tab to show: %1.</source>
        <translation>Fane, der vises: %1.</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAVN</translation>
    </message>
    <message>
        <source>Step of the walk-through to show (0-8; 9-10 predict and switch a head off where the model has an output head), with --view steps.</source>
        <translation>Trin i gennemgangen, der vises (0-8; 9-10 forudsiger og slår et hoved fra, hvor modellen har et outputhoved), sammen med --view steps.</translation>
    </message>
    <message>
        <source>What the heatmaps show: weights or value-norm (weight × value norm).</source>
        <translation>Hvad varmekortene viser: weights eller value-norm (vægt × værdinorm).</translation>
    </message>
    <message>
        <source>Heads to switch off, as L.H or L.H:mean, separated by commas.</source>
        <translation>Hoveder, der slås fra, som L.H eller L.H:mean, adskilt af kommaer.</translation>
    </message>
    <message>
        <source>HEADS</source>
        <translation>HOVEDER</translation>
    </message>
    <message>
        <source>Open a session file (.headmap).</source>
        <translation>Åbn en sessionsfil (.headmap).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FIL</translation>
    </message>
    <message>
        <source>Start in presentation mode (full screen, large, high contrast).</source>
        <translation>Start i præsentationstilstand (fuld skærm, stor tekst, høj kontrast).</translation>
    </message>
    <message>
        <source>Save the window as a PNG once ready, then quit.</source>
        <translation>Gem vinduet som PNG, når det er klar, og afslut.</translation>
    </message>
    <message>
        <source>Language of the interface: en, da or zh_CN (default: View › Language, else the system&apos;s).</source>
        <translation>Grænsefladens sprog: en, da eller zh_CN (standard: Vis › Sprog, ellers systemets).</translation>
    </message>
    <message>
        <source>CODE</source>
        <translation>KODE</translation>
    </message>
    <message>
        <source>headmap: --lang must be one of %1, not &apos;%2&apos;</source>
        <translation>headmap: --lang skal være en af %1, ikke &apos;%2&apos;</translation>
    </message>
    <message>
        <source>headmap: --measure must be weights or value-norm, not &apos;%1&apos;</source>
        <translation>headmap: --measure skal være weights eller value-norm, ikke &apos;%1&apos;</translation>
    </message>
    <message>
        <source>headmap: --ablate: %1</source>
        <translation>headmap: --ablate: %1</translation>
    </message>
    <message>
        <source>headmap: --view must be one of %1</source>
        <translation>headmap: --view skal være en af %1</translation>
    </message>
    <message>
        <source>give one session file or model folder, not %1</source>
        <translation>angiv én sessionsfil eller modelmappe, ikke %1</translation>
    </message>
    <message>
        <source>%1: no such file or folder</source>
        <translation>%1: ingen sådan fil eller mappe</translation>
    </message>
    <message>
        <source>A session file (.headmap) to open like --open, or a model folder or .gguf file to open like --model.</source>
        <translation>En sessionsfil (.headmap), der åbnes som med --open, eller en modelmappe eller .gguf-fil, der åbnes som med --model.</translation>
    </message>
    <message>
        <source>headmap: give the file either as an argument or with --model / --open, not both</source>
        <translation>headmap: angiv filen enten som argument eller med --model / --open, ikke begge dele</translation>
    </message>
    <message>
        <source>[FILE]</source>
        <translation>[FIL]</translation>
    </message>
</context>
<context>
    <name>headmap::ui::AttentionDocument</name>
    <message>
        <source>Out of memory while opening %1.</source>
        <translation>Løb tør for hukommelse under åbning af %1.</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Kan ikke åbne %1: %2</translation>
    </message>
    <message>
        <source>Cannot open %1: unexpected error</source>
        <translation>Kan ikke åbne %1: uventet fejl</translation>
    </message>
    <message>
        <source>Type a sentence first: the text is empty.</source>
        <translation>Skriv først en sætning: teksten er tom.</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>Ingen model er indlæst.</translation>
    </message>
    <message>
        <source>Type a second sentence to compare with.</source>
        <translation>Skriv en anden sætning at sammenligne med.</translation>
    </message>
    <message>
        <source>Opening the model…</source>
        <translation>Åbner modellen…</translation>
    </message>
    <message>
        <source>Computing attention: layer %1 of %2…</source>
        <translation>Beregner opmærksomhed: lag %1 af %2…</translation>
    </message>
    <message>
        <source>Computing attention…</source>
        <translation>Beregner opmærksomhed…</translation>
    </message>
    <message>
        <source>Computing the second sentence…</source>
        <translation>Beregner den anden sætning…</translation>
    </message>
    <message>
        <source>Computing the step-by-step matrices…</source>
        <translation>Beregner matricerne trin for trin…</translation>
    </message>
    <message>
        <source>Merging pieces into words…</source>
        <translation>Samler orddele til ord…</translation>
    </message>
    <message>
        <source>Weighting attention by value norms…</source>
        <translation>Vægter opmærksomheden med værdinormer…</translation>
    </message>
    <message>
        <source>Predicting tokens…</source>
        <translation>Forudsiger tokens…</translation>
    </message>
    <message>
        <source>opening %1</source>
        <translation>åbning af %1</translation>
    </message>
    <message>
        <source>merging pieces into words</source>
        <translation>sammenlægning af orddele til ord</translation>
    </message>
    <message>
        <source>weighting attention by value norms</source>
        <translation>vægtning af opmærksomheden med værdinormer</translation>
    </message>
    <message>
        <source>analysing the attention</source>
        <translation>analyse af opmærksomheden</translation>
    </message>
    <message>
        <source>Cancelled: the model was not opened.</source>
        <translation>Annulleret: modellen blev ikke åbnet.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Annulleret.</translation>
    </message>
    <message>
        <source>after “%1” #%2</source>
        <translation>efter “%1” #%2</translation>
    </message>
    <message>
        <source>fill-in for %1 #%2</source>
        <translation>udfyldning af %1 #%2</translation>
    </message>
    <message>
        <source>at “%1” #%2</source>
        <translation>ved “%1” #%2</translation>
    </message>
    <message>
        <source>Failed while predicting tokens: %1</source>
        <translation>Fejl under forudsigelse af tokens: %1</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ClassroomPart</name>
    <message>
        <source>E&amp;xamples</source>
        <translation>&amp;Eksempler</translation>
    </message>
    <message>
        <source>Coreference: “The animal didn&apos;t cross the street…”</source>
        <translation>Koreference: “The animal didn&apos;t cross the street…”</translation>
    </message>
    <message>
        <source>Danish: “Multi-head self-attention gør det muligt…”</source>
        <translation>Dansk: “Multi-head self-attention gør det muligt…”</translation>
    </message>
    <message>
        <source>Chinese: “深入了解Transformer模型…”</source>
        <translation>Kinesisk: “深入了解Transformer模型…”</translation>
    </message>
    <message>
        <source>&lt;b&gt;Head %1 · %2:&lt;/b&gt; %3</source>
        <translation>&lt;b&gt;Hoved %1 · %2:&lt;/b&gt; %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Encoder:&lt;/b&gt; the source sentence reads itself. Every source token attends to every other, in both directions, and the encoder&apos;s output is what the decoder will ask.</source>
        <translation>&lt;b&gt;Encoder:&lt;/b&gt; kildesætningen læser sig selv. Hvert kildetoken retter opmærksomhed mod alle de andre, i begge retninger, og encoderens output er det, decoderen vil spørge.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decoder:&lt;/b&gt; each target token attends to itself and the target tokens written before it (causal), never to the words still to come.</source>
        <translation>&lt;b&gt;Decoder:&lt;/b&gt; hvert måltoken retter opmærksomhed mod sig selv og de måltokens, der er skrevet før det (kausalt), aldrig mod de ord, der endnu ikke er skrevet.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cross-attention: the decoder asks, the encoder answers.&lt;/b&gt; Each target token (a row) sends a query; the source tokens (columns) answer with their keys, and the best fits pass on their values. A row adds up to 1 over the source sentence: where this word of the translation looks in the original.</source>
        <translation>&lt;b&gt;Krydsopmærksomhed: decoderen spørger, encoderen svarer.&lt;/b&gt; Hvert måltoken (en række) sender en forespørgsel; kildetokens (kolonner) svarer med deres nøgler, og de bedst passende giver deres værdier videre. En række summer til 1 over kildesætningen: hvor dette ord i oversættelsen kigger hen i originalen.</translation>
    </message>
    <message>
        <source>Danish numbers</source>
        <translation>Danske tal</translation>
    </message>
    <message>
        <source>Chinese numbers</source>
        <translation>Kinesiske tal</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1  (%2)</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ComparisonView</name>
    <message>
        <source>layer </source>
        <translation>lag </translation>
    </message>
    <message>
        <source>Layer of head A</source>
        <translation>Laget for hoved A</translation>
    </message>
    <message>
        <source>head </source>
        <translation>hoved </translation>
    </message>
    <message>
        <source>Head A within its layer</source>
        <translation>Hoved A inden for sit lag</translation>
    </message>
    <message>
        <source>Layer of head B</source>
        <translation>Laget for hoved B</translation>
    </message>
    <message>
        <source>Head B within its layer</source>
        <translation>Hoved B inden for sit lag</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Sammenlign</translation>
    </message>
    <message>
        <source>Two heads, one sentence</source>
        <translation>To hoveder, én sætning</translation>
    </message>
    <message>
        <source>One head, two sentences</source>
        <translation>Ét hoved, to sætninger</translation>
    </message>
    <message>
        <source>Compare two heads on the same sentence, or one head on two sentences</source>
        <translation>Sammenlign to hoveder på samme sætning, eller ét hoved på to sætninger</translation>
    </message>
    <message>
        <source>B:</source>
        <translation>B:</translation>
    </message>
    <message>
        <source>Second sentence, e.g. the same one with a word changed</source>
        <translation>Anden sætning, fx den samme med ét ord ændret</translation>
    </message>
    <message>
        <source>Sentence B:</source>
        <translation>Sætning B:</translation>
    </message>
    <message>
        <source>Compare:</source>
        <translation>Sammenlign:</translation>
    </message>
    <message>
        <source>A:</source>
        <translation>A:</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>Hoved:</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to compare its heads.</source>
        <translation>Skriv en sætning, og tryk på Enter for at sammenligne dens hoveder.</translation>
    </message>
    <message>
        <source>A: layer %1, head %2</source>
        <translation>A: lag %1, hoved %2</translation>
    </message>
    <message>
        <source>Sentence A: layer %1, head %2</source>
        <translation>Sætning A: lag %1, hoved %2</translation>
    </message>
    <message>
        <source>B: layer %1, head %2</source>
        <translation>B: lag %1, hoved %2</translation>
    </message>
    <message>
        <source>Type a second sentence above and press Compare.</source>
        <translation>Skriv en anden sætning ovenfor, og tryk på Sammenlign.</translation>
    </message>
    <message>
        <source>The second sentence has no attention to show.</source>
        <translation>Den anden sætning har ingen opmærksomhed at vise.</translation>
    </message>
    <message>
        <source>The second sentence&apos;s model has no layer %1, head %2.</source>
        <translation>Den anden sætnings model har intet lag %1, hoved %2.</translation>
    </message>
    <message>
        <source>The difference A − B appears here once sentence B is shown.</source>
        <translation>Forskellen A − B vises her, så snart sætning B er vist.</translation>
    </message>
    <message>
        <source>Sentence B: layer %1, head %2</source>
        <translation>Sætning B: lag %1, hoved %2</translation>
    </message>
    <message>
        <source>The sentences have %1 and %2 tokens; the difference needs the same number.</source>
        <translation>Sætningerne har %1 og %2 tokens; forskellen kræver det samme antal.</translation>
    </message>
    <message>
        <source>A − B</source>
        <translation>A − B</translation>
    </message>
    <message>
        <source>Out of memory while comparing these heads: try a shorter text.</source>
        <translation>Løb tør for hukommelse under sammenligningen af hovederne: prøv en kortere tekst.</translation>
    </message>
    <message>
        <source>Comparing these heads failed: %1</source>
        <translation>Sammenligningen af hovederne mislykkedes: %1</translation>
    </message>
    <message>
        <source>Comparing these heads failed: unexpected error</source>
        <translation>Sammenligningen af hovederne mislykkedes: uventet fejl</translation>
    </message>
    <message>
        <source>Computing layer %1, head %2…</source>
        <translation>Beregner lag %1, hoved %2…</translation>
    </message>
    <message>
        <source>Computing A − B…</source>
        <translation>Beregner A − B…</translation>
    </message>
    <message>
        <source>The sources have %1 and %2 tokens; the difference needs the same number.</source>
        <translation>Kildeteksterne har %1 og %2 tokens; forskellen kræver det samme antal.</translation>
    </message>
</context>
<context>
    <name>headmap::ui::DownloadDialog</name>
    <message>
        <source>Check</source>
        <translation>Tjek</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Hent</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuller</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>Åbn model</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Luk</translation>
    </message>
    <message>
        <source>Download a model from the Hugging Face Hub</source>
        <translation>Hent en model fra Hugging Face Hub</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fil</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Størrelse</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Model id:</source>
        <translation>Model-id:</translation>
    </message>
    <message>
        <source>Revision:</source>
        <translation>Revision:</translation>
    </message>
    <message>
        <source>HF_HUB_OFFLINE is set: only models already in the cache (%1) open.</source>
        <translation>HF_HUB_OFFLINE er sat: kun modeller, der allerede er i cachen (%1), kan åbnes.</translation>
    </message>
    <message>
        <source>Files go to the Hugging Face cache, %1, where transformers finds them too.</source>
        <translation>Filerne lægges i Hugging Face-cachen, %1, hvor transformers også finder dem.</translation>
    </message>
    <message>
        <source>Asking the Hub for the file list…</source>
        <translation>Spørger Hub om fillisten…</translation>
    </message>
    <message>
        <source>Downloading…</source>
        <translation>Henter…</translation>
    </message>
    <message>
        <source>%1 files, %2 in all, at commit %3.</source>
        <translation>%1 filer, %2 i alt, ved commit %3.</translation>
    </message>
    <message>
        <source>resuming after %1</source>
        <translation>genoptager efter %1</translation>
    </message>
    <message>
        <source>downloading</source>
        <translation>henter</translation>
    </message>
    <message>
        <source>in the cache</source>
        <translation>i cachen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>færdig</translation>
    </message>
    <message>
        <source>Downloaded into %1</source>
        <translation>Hentet til %1</translation>
    </message>
    <message>
        <source>Cancelled. Download again to resume where it stopped.</source>
        <translation>Annulleret. Hent igen for at fortsætte, hvor den stoppede.</translation>
    </message>
    <message>
        <source>SHA-256 %1 (checked after the download)</source>
        <translation>SHA-256 %1 (tjekket efter download)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 af %2</translation>
    </message>
    <message>
        <source>, %1/s, %2 left</source>
        <translation>, %1/s, %2 tilbage</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Luk</translation>
    </message>
    <message>
        <source>The views still show the previous text.</source>
        <translation>Visningerne viser stadig den forrige tekst.</translation>
    </message>
    <message numerus="yes">
        <source>Run the first %n token(s)</source>
        <translation>
            <numerusform>Kør det første token</numerusform>
            <numerusform>Kør de første %n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::ExportsPart</name>
    <message>
        <source>Nothing to export in this tab yet.</source>
        <translation>Intet at eksportere i denne fane endnu.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Gemte %1</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>Eksporterer %1…</translation>
    </message>
    <message>
        <source>Nothing to export yet: type a sentence and press Enter.</source>
        <translation>Intet at eksportere endnu: skriv en sætning, og tryk på Enter.</translation>
    </message>
    <message>
        <source>Unknown image format &apos;%1&apos; (expected png, svg or pdf)</source>
        <translation>Ukendt billedformat &apos;%1&apos; (forventede png, svg eller pdf)</translation>
    </message>
    <message>
        <source>Exporting every head…</source>
        <translation>Eksporterer alle hoveder…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuller</translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled after %n file(s)</source>
        <translation>
            <numerusform>Eksport annulleret efter %n fil</numerusform>
            <numerusform>Eksport annulleret efter %n filer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n file(s) to %1</source>
        <translation>
            <numerusform>Gemte %n fil i %1</numerusform>
            <numerusform>Gemte %n filer i %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export image</source>
        <translation>Eksportér billede</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-billede (*.png);;SVG-vektorbillede (*.svg);;PDF-dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Scale (2 = 192 dpi, 4 = 384 dpi):</source>
        <translation>Skala (2 = 192 dpi, 4 = 384 dpi):</translation>
    </message>
    <message>
        <source>Export data</source>
        <translation>Eksportér data</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv);;NumPy array (*.npy)</source>
        <translation>JSON (*.json);;CSV (*.csv);;NumPy-array (*.npy)</translation>
    </message>
    <message>
        <source>Export every head into</source>
        <translation>Eksportér alle hoveder til</translation>
    </message>
    <message>
        <source>Export every head</source>
        <translation>Eksportér alle hoveder</translation>
    </message>
    <message>
        <source>Image format:</source>
        <translation>Billedformat:</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadGridView</name>
    <message>
        <source>Type a sentence and press Enter: every head of the model appears here at once.</source>
        <translation>Skriv en sætning, og tryk på Enter: alle modellens hoveder vises her på én gang.</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>gennemsnit</translation>
    </message>
    <message>
        <source>Each cell is one head over %1: rows are queries, columns are keys. Click a cell to open it; Ctrl+click or drag to select heads.</source>
        <translation>Hver celle er ét hoved over %1: rækker er forespørgsler, kolonner er nøgler. Klik på en celle for at åbne den; Ctrl+klik eller træk for at vælge hoveder.</translation>
    </message>
    <message>
        <source>one token</source>
        <translation>ét token</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 tokens</translation>
    </message>
    <message>
        <source>max</source>
        <translation>maks.</translation>
    </message>
    <message>
        <source>Attention weight</source>
        <translation>Opmærksomhedsvægt</translation>
    </message>
    <message>
        <source>Weight / row maximum</source>
        <translation>Vægt / rækkens maksimum</translation>
    </message>
    <message>
        <source>Attention weight (log scale)</source>
        <translation>Opmærksomhedsvægt (logaritmisk skala)</translation>
    </message>
    <message>
        <source>Frame: %1</source>
        <translation>Ramme: %1</translation>
    </message>
    <message>
        <source>low %1</source>
        <translation>lav %1</translation>
    </message>
    <message>
        <source>%1 high</source>
        <translation>%1 høj</translation>
    </message>
    <message>
        <source>✕ switched off (later layers run without them): %1</source>
        <translation>✕ slået fra (senere lag kører uden dem): %1</translation>
    </message>
    <message>
        <source>Layer %1: mean over its heads</source>
        <translation>Lag %1: gennemsnit over dets hoveder</translation>
    </message>
    <message>
        <source>Layer %1: maximum over its heads</source>
        <translation>Lag %1: maksimum over dets hoveder</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>Lag %1, hoved %2</translation>
    </message>
    <message>
        <source>Switched off: later layers run without its output; its own weights are still shown</source>
        <translation>Slået fra: senere lag kører uden dets output; dets egne vægte vises stadig</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; attends to &quot;%2&quot;: %3</source>
        <translation>&quot;%1&quot; retter opmærksomhed mod &quot;%2&quot;: %3</translation>
    </message>
    <message>
        <source>&quot;%1&quot; → &quot;%2&quot;, weight × value norm: %3</source>
        <translation>&quot;%1&quot; → &quot;%2&quot;, vægt × værdinorm: %3</translation>
    </message>
    <message>
        <source>Switch off (zero)</source>
        <translation>Slå fra (nul)</translation>
    </message>
    <message>
        <source>Replace the selected heads&apos; output by zeros (X); Ctrl+click or drag to select</source>
        <translation>Erstat de valgte hovederes output med nuller (X); Ctrl+klik eller træk for at vælge</translation>
    </message>
    <message>
        <source>Switch off (mean)</source>
        <translation>Slå fra (gennemsnit)</translation>
    </message>
    <message>
        <source>Replace the selected heads&apos; output by its mean over the positions (M)</source>
        <translation>Erstat de valgte hovederes output med dets gennemsnit over positionerne (M)</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Gendan</translation>
    </message>
    <message>
        <source>Switch the selected heads back on (R)</source>
        <translation>Slå de valgte hoveder til igen (R)</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>Ryd markeringen</translation>
    </message>
    <message>
        <source>Drawing all heads…</source>
        <translation>Tegner alle hoveder…</translation>
    </message>
    <message>
        <source>%1, max-pooled %2×%2</source>
        <translation>%1, maks.-samlet %2×%2</translation>
    </message>
    <message>
        <source>Each cell is one head: %1 target tokens (rows, the decoder&apos;s queries) × %2 source tokens (columns, the encoder&apos;s keys). Click a cell to open it; Ctrl+click or drag to select heads.</source>
        <translation>Hver celle er ét hoved: %1 måltokens (rækker, decoderens forespørgsler) × %2 kildetokens (kolonner, encoderens nøgler). Klik på en celle for at åbne den; Ctrl+klik eller træk for at vælge hoveder.</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadLoader</name>
    <message>
        <source>computing layer %1, head %2</source>
        <translation>beregning af lag %1, hoved %2</translation>
    </message>
    <message>
        <source>Computing layer %1, head %2…</source>
        <translation>Beregner lag %1, hoved %2…</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadRolesMap</name>
    <message>
        <source>Layer %1, head %2</source>
        <translation>Lag %1, hoved %2</translation>
    </message>
    <message>
        <source>Strongest in document %1 at token %2; click to open it</source>
        <translation>Stærkest i dokument %1 ved token %2; klik for at åbne det</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Hoved</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Lag</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadRolesTableModel</name>
    <message>
        <source>Layer</source>
        <translation>Lag</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Hoved</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadRolesView</name>
    <message>
        <source>Layer</source>
        <translation>Lag</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Hoved</translation>
    </message>
    <message>
        <source>Could not write the text to a temporary file: %1</source>
        <translation>Kunne ikke skrive teksten til en midlertidig fil: %1</translation>
    </message>
    <message>
        <source>Open a model first: head roles are measured with the loaded model.</source>
        <translation>Åbn først en model: hovedroller måles med den indlæste model.</translation>
    </message>
    <message>
        <source>Type a text or choose a corpus file first: there is nothing to score.</source>
        <translation>Skriv en tekst eller vælg først en korpusfil: der er intet at måle.</translation>
    </message>
    <message>
        <source>Out of memory while scoring the corpus: try a smaller model or corpus.</source>
        <translation>Hukommelsen slap op under målingen af korpusset: prøv en mindre model eller et mindre korpus.</translation>
    </message>
    <message>
        <source>Previous token</source>
        <translation>Forrige token</translation>
    </message>
    <message>
        <source>Duplicate token</source>
        <translation>Gentaget token</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>Sink (first token)</source>
        <translation>Opsamling (første token)</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>Entropi</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Afstand</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>Specialtokens</translation>
    </message>
    <message>
        <source>Punctuation</source>
        <translation>Tegnsætning</translation>
    </message>
    <message>
        <source>Divergence</source>
        <translation>Divergens</translation>
    </message>
    <message>
        <source>Share of weight on the token just before</source>
        <translation>Andel af vægten på tokenet lige før</translation>
    </message>
    <message>
        <source>Share of weight on earlier copies of the token</source>
        <translation>Andel af vægten på tidligere kopier af tokenet</translation>
    </message>
    <message>
        <source>Share of weight on the token after an earlier copy of the token</source>
        <translation>Andel af vægten på tokenet efter en tidligere kopi af tokenet</translation>
    </message>
    <message>
        <source>Mean weight on the first token</source>
        <translation>Gennemsnitlig vægt på det første token</translation>
    </message>
    <message>
        <source>Mean entropy of a row, in nats: high is broad</source>
        <translation>Gennemsnitlig entropi pr. række, i nats: høj er bred</translation>
    </message>
    <message>
        <source>Mean distance attended over, in tokens</source>
        <translation>Gennemsnitlig afstand, der kigges over, i tokens</translation>
    </message>
    <message>
        <source>Mean weight on special tokens</source>
        <translation>Gennemsnitlig vægt på specialtokens</translation>
    </message>
    <message>
        <source>Mean weight on punctuation</source>
        <translation>Gennemsnitlig vægt på tegnsætning</translation>
    </message>
    <message>
        <source>Mean Jensen–Shannon divergence from the second model, in nats</source>
        <translation>Gennemsnitlig Jensen–Shannon-divergens fra den anden model, i nats</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Gennemse…</translation>
    </message>
    <message>
        <source>Use the current text</source>
        <translation>Brug den aktuelle tekst</translation>
    </message>
    <message>
        <source>Paragraphs</source>
        <translation>Afsnit</translation>
    </message>
    <message>
        <source>&amp;Score heads</source>
        <translation>&amp;Udregn hoveder</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuller</translation>
    </message>
    <message>
        <source>Export &amp;data…</source>
        <translation>Eksportér &amp;data…</translation>
    </message>
    <message>
        <source>That document is no longer in the corpus: the file changed. Score the heads again.</source>
        <translation>Dokumentet er ikke længere i korpusset: filen er ændret. Udregn hovederne igen.</translation>
    </message>
    <message>
        <source>Choose a corpus file (one document per line) or use the current text, then press Score heads.</source>
        <translation>Vælg en korpusfil (ét dokument pr. linje) eller brug den aktuelle tekst, og tryk så på Udregn hoveder.</translation>
    </message>
    <message>
        <source>Corpus file: UTF-8 text, one document per line</source>
        <translation>Korpusfil: UTF-8-tekst, ét dokument pr. linje</translation>
    </message>
    <message>
        <source>Second model to compare (optional)</source>
        <translation>Anden model at sammenligne med (valgfri)</translation>
    </message>
    <message>
        <source>A model spec or folder with the same tokenizer, e.g. a fine-tuned copy: the divergence map shows which heads changed.</source>
        <translation>En modelangivelse eller -mappe med samme tokenizer, fx en finjusteret kopi: divergenskortet viser, hvilke hoveder der har ændret sig.</translation>
    </message>
    <message>
        <source>One document per run of lines between blank lines, instead of one per line</source>
        <translation>Ét dokument pr. sammenhængende linjer mellem tomme linjer i stedet for ét pr. linje</translation>
    </message>
    <message>
        <source>Colour b&amp;y:</source>
        <translation>Farve&amp;kode:</translation>
    </message>
    <message>
        <source>Choose a corpus file first (Browse…), or check &quot;Use the current text&quot;.</source>
        <translation>Vælg først en korpusfil (Gennemse…), eller markér &quot;Brug den aktuelle tekst&quot;.</translation>
    </message>
    <message>
        <source>Reading the corpus…</source>
        <translation>Læser korpusset…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annullerer…</translation>
    </message>
    <message numerus="yes">
        <source>%n document(s)</source>
        <translation>
            <numerusform>%n dokument</numerusform>
            <numerusform>%n dokumenter</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>ca. %1 s tilbage</translation>
    </message>
    <message numerus="yes">
        <source>%n cut to the model&apos;s length</source>
        <translation>
            <numerusform>%n afkortet til modellens længde</numerusform>
            <numerusform>%n afkortet til modellens længde</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled: the map shows the documents scored before.</source>
        <translation>Annulleret: kortet viser de dokumenter, der blev målt inden.</translation>
    </message>
    <message>
        <source>The same corpus and model as before: shown from memory.</source>
        <translation>Samme korpus og model som før: vist fra hukommelsen.</translation>
    </message>
    <message numerus="yes">
        <source>%n document(s) are not valid UTF-8; invalid bytes were replaced.</source>
        <translation>
            <numerusform>%n dokument er ikke gyldig UTF-8; ugyldige bytes blev erstattet.</numerusform>
            <numerusform>%n dokumenter er ikke gyldig UTF-8; ugyldige bytes blev erstattet.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a corpus</source>
        <translation>Vælg et korpus</translation>
    </message>
    <message>
        <source>Text (*.txt);;All files (*)</source>
        <translation>Tekst (*.txt);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Export head roles</source>
        <translation>Eksportér hovedroller</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation>JSON (*.json);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>Nothing to export yet: score the heads first.</source>
        <translation>Intet at eksportere endnu: udregn først hovederne.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Kunne ikke skrive %1: %2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Gemt %1</translation>
    </message>
    <message>
        <source>the current text</source>
        <translation>den aktuelle tekst</translation>
    </message>
    <message numerus="yes">
        <source>%1 · head roles over %2 (%n document(s))</source>
        <translation>
            <numerusform>%1 · hovedroller over %2 (%n dokument)</numerusform>
            <numerusform>%1 · hovedroller over %2 (%n dokumenter)</numerusform>
        </translation>
    </message>
    <message>
        <source>compared with %1</source>
        <translation>sammenlignet med %1</translation>
    </message>
    <message>
        <source>S&amp;tack:</source>
        <translation>S&amp;tak:</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>Encoderens selvopmærksomhed</translation>
    </message>
    <message>
        <source>Decoder self-attention</source>
        <translation>Decoderens selvopmærksomhed</translation>
    </message>
    <message>
        <source>Encoder: each document read as the source. Decoder: the model&apos;s translation of each document, written first.</source>
        <translation>Encoder: hvert dokument læst som kildetekst. Decoder: modellens oversættelse af hvert dokument, skrevet først.</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadStatisticsModel</name>
    <message>
        <source>Layer %1, head %2: mean α·‖v·W_O‖ = %3</source>
        <translation>Lag %1, hoved %2: gennemsnitlig α·‖v·W_O‖ = %3</translation>
    </message>
    <message>
        <source>Layer %1, head %2: %3 = %4</source>
        <translation>Lag %1, hoved %2: %3 = %4</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Lag</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Hoved</translation>
    </message>
    <message>
        <source>The layer, counted from 0</source>
        <translation>Laget, talt fra 0</translation>
    </message>
    <message>
        <source>The head within its layer, counted from 0</source>
        <translation>Hovedet inden for sit lag, talt fra 0</translation>
    </message>
    <message>
        <source>mean ‖αv‖</source>
        <translation>gns. ‖αv‖</translation>
    </message>
    <message>
        <source>Mean of weight × value norm, α_ij·‖v_j·W_O‖, over the entries a query may attend to: how far the head actually moves the tokens&apos; representations (Kobayashi et al. 2020). Over the tokenizer&apos;s pieces.</source>
        <translation>Gennemsnit af vægt × værdinorm, α_ij·‖v_j·W_O‖, over de indgange, en forespørgsel må rette opmærksomhed mod: hvor meget hovedet faktisk flytter tokenernes repræsentationer (Kobayashi et al. 2020). Over tokenizerens orddele.</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeatmapToolbar</name>
    <message>
        <source>Positions</source>
        <translation>Positioner</translation>
    </message>
    <message>
        <source>Find a token (Ctrl+F)</source>
        <translation>Find et token (Ctrl+F)</translation>
    </message>
    <message>
        <source>Jump to a token and outline it: a word, or #12 for the token at position 12. Enter goes to the next match.</source>
        <translation>Spring til et token, og fremhæv det: et ord, eller #12 for tokenet på position 12. Enter går til næste fund.</translation>
    </message>
    <message>
        <source>Write each token&apos;s position in the axis labels (&quot;it #10&quot;). Labels that are thinned out always carry it.</source>
        <translation>Skriv hvert tokens position i aksemærkaterne (&quot;it #10&quot;). Mærkater, der er tyndet ud, har den altid.</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens: on the 0 to 1 scale most weights are too small to tell apart. &lt;a href=&quot;rowmax&quot;&gt;&lt;b&gt;Use the per-row scale&lt;/b&gt;&lt;/a&gt; to see where each token looks most.</source>
        <translation>
            <numerusform>%n token: på skalaen 0 til 1 er de fleste vægte for små til at skelne. &lt;a href=&quot;rowmax&quot;&gt;&lt;b&gt;Brug skalaen pr. række&lt;/b&gt;&lt;/a&gt; for at se, hvor hvert token kigger mest.</numerusform>
            <numerusform>%n tokens: på skalaen 0 til 1 er de fleste vægte for små til at skelne. &lt;a href=&quot;rowmax&quot;&gt;&lt;b&gt;Brug skalaen pr. række&lt;/b&gt;&lt;/a&gt; for at se, hvor hvert token kigger mest.</numerusform>
        </translation>
    </message>
    <message>
        <source>Max of each block</source>
        <translation>Største værdi i hver blok</translation>
    </message>
    <message>
        <source>Mean of each block</source>
        <translation>Gennemsnit af hver blok</translation>
    </message>
    <message>
        <source>The matrix has more cells than the screen has pixels, so each pixel shows a block of cells: its largest weight (sharp heads stay visible) or its mean (how much attention the block gets in all). Zoom in to see every cell; hovering always gives the exact weight.</source>
        <translation>Matricen har flere celler, end skærmen har pixels, så hver pixel viser en blok af celler: dens største vægt (skarpe hoveder forbliver synlige) eller dens gennemsnit (hvor meget opmærksomhed blokken får i alt). Zoom ind for at se hver celle; når du holder musen over, vises altid den nøjagtige vægt.</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeatmapView</name>
    <message>
        <source>0 to 1</source>
        <translation>0 til 1</translation>
    </message>
    <message>
        <source>Per-row maximum</source>
        <translation>Maksimum pr. række</translation>
    </message>
    <message>
        <source>Global maximum</source>
        <translation>Globalt maksimum</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>Logaritmisk</translation>
    </message>
    <message>
        <source>Key: attended to</source>
        <translation>Nøgle: modtager opmærksomhed</translation>
    </message>
    <message>
        <source>Query: attending from</source>
        <translation>Forespørgsel: retter opmærksomhed</translation>
    </message>
    <message>
        <source>No attention yet: type a sentence and press Enter</source>
        <translation>Endnu ingen opmærksomhed: skriv en sætning, og tryk på Enter</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (causal): a token never attends to the tokens after it</source>
        <translation>Grå, skraveret: maskeret (kausal): et token retter aldrig opmærksomhed mod de tokens, der kommer efter det</translation>
    </message>
    <message>
        <source>Attention weight</source>
        <translation>Opmærksomhedsvægt</translation>
    </message>
    <message>
        <source>Difference of weights</source>
        <translation>Forskel mellem vægtene</translation>
    </message>
    <message>
        <source>Weight / row maximum</source>
        <translation>Vægt / rækkens maksimum</translation>
    </message>
    <message>
        <source>Attention weight (log scale)</source>
        <translation>Opmærksomhedsvægt (logaritmisk skala)</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Nøgle</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Forespørgsel</translation>
    </message>
    <message>
        <source>Query token #%1 “%2”, key token #%3 “%4”: masked (causal): a token never attends to a later one; weight 0</source>
        <translation>Forespørgselstoken #%1 “%2”, nøgletoken #%3 “%4”: maskeret (kausal): et token retter aldrig opmærksomhed mod et senere; vægt 0</translation>
    </message>
    <message>
        <source>Query token #%1 “%2”, key token #%3 “%4”: difference %5</source>
        <translation>Forespørgselstoken #%1 “%2”, nøgletoken #%3 “%4”: forskel %5</translation>
    </message>
    <message>
        <source>Query token #%1 “%2” attends to key token #%3 “%4”: %5</source>
        <translation>Forespørgselstoken #%1 “%2” retter opmærksomhed mod nøgletoken #%3 “%4”: %5</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>intet fund</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 af %2</translation>
    </message>
    <message>
        <source>mean-pooled %1×%1</source>
        <translation>gennemsnit over %1×%1</translation>
    </message>
    <message>
        <source>max-pooled %1×%1, by magnitude</source>
        <translation>maks.-samlet %1×%1, efter størrelse</translation>
    </message>
    <message>
        <source>max-pooled %1×%1</source>
        <translation>maks.-samlet %1×%1</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (sliding window)</source>
        <translation>Grå, skraveret: maskeret (glidende vindue)</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (causal)</source>
        <translation>Grå, skraveret: maskeret (kausal)</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (sliding window): a token attends only to itself and the tokens just before it, never to later ones</source>
        <translation>Grå, skraveret: maskeret (glidende vindue): et token retter kun opmærksomhed mod sig selv og de tokens, der kommer lige før det, aldrig mod senere</translation>
    </message>
    <message>
        <source>Query token #%1 “%2”, key token #%3 “%4”: masked (sliding window): the key is outside the query&apos;s window; weight 0</source>
        <translation>Forespørgselstoken #%1 “%2”, nøgletoken #%3 “%4”: maskeret (glidende vindue): nøglen ligger uden for forespørgslens vindue; vægt 0</translation>
    </message>
    <message>
        <source>%1
(%2)</source>
        <translation>%1
(%2)</translation>
    </message>
    <message>
        <source>Key: source</source>
        <translation>Nøgle: kilde</translation>
    </message>
    <message>
        <source>Key: source token (encoder)</source>
        <translation>Nøgle: kildetoken (encoder)</translation>
    </message>
    <message>
        <source>Query: target</source>
        <translation>Forespørgsel: mål</translation>
    </message>
    <message>
        <source>Query: target token (decoder)</source>
        <translation>Forespørgsel: måltoken (decoder)</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (local window)</source>
        <translation>Grå, skraveret: maskeret (lokalt vindue)</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (local window): a token attends only to the tokens near it, before and after it</source>
        <translation>Grå, skraveret: maskeret (lokalt vindue): et token ser kun på tokens tæt på sig, før og efter det</translation>
    </message>
    <message>
        <source>Query token #%1 “%2”, key token #%3 “%4”: masked (local window): the key is too far from the query, before or after it; weight 0</source>
        <translation>Forespørgselstoken #%1 “%2”, nøgletoken #%3 “%4”: maskeret (lokalt vindue): nøglen ligger for langt fra forespørgslen, før eller efter den; vægt 0</translation>
    </message>
    <message>
        <source>In this layer token #%1 went to experts %2 (the router&apos;s order)</source>
        <translation>I dette lag gik token #%1 til eksperterne %2 (routerens rækkefølge)</translation>
    </message>
    <message>
        <source>Query token #%1 “%2” gives its sink %3: the weight the head put on no token (1 minus the row&apos;s sum)</source>
        <translation>Forespørgselstoken #%1 “%2” giver sit dræn %3: den vægt hovedet lagde på intet token (1 minus rækkens sum)</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>dræn</translation>
    </message>
</context>
<context>
    <name>headmap::ui::InductionView</name>
    <message>
        <source>&amp;Random letters</source>
        <translation>&amp;Tilfældige bogstaver</translation>
    </message>
    <message>
        <source>&amp;Find induction heads</source>
        <translation>&amp;Find induktionshoveder</translation>
    </message>
    <message>
        <source>S&amp;witch this head off</source>
        <translation>S&amp;lå dette hoved fra</translation>
    </message>
    <message>
        <source>An induction head copies. At a letter it has seen before, it looks at the letter that came after it last time, and the model predicts that letter next. Type a random string of letters twice, e.g. &lt;b&gt;qzkfwbqzkfwb&lt;/b&gt;, or press Random letters. The heads are found with the induction probe: random tokens repeated twice, scored by the weight on the token after the earlier copy.</source>
        <translation>Et induktionshoved kopierer. Ved et bogstav, det har set før, ser det på bogstavet, der kom efter det sidste gang, og modellen forudsiger det bogstav som det næste. Skriv en tilfældig række bogstaver to gange, fx &lt;b&gt;qzkfwbqzkfwb&lt;/b&gt;, eller tryk på Tilfældige bogstaver. Hovederne findes med induktionsproben: tilfældige tokens gentaget to gange, målt på vægten på tokenet efter den tidligere kopi.</translation>
    </message>
    <message>
        <source>The heads with the highest induction probe score, best first</source>
        <translation>Hovederne med den højeste score i induktionsproben, bedste først</translation>
    </message>
    <message>
        <source>Replace the head&apos;s output by zeros and run the text again</source>
        <translation>Erstat hovedets output med nuller og kør teksten igen</translation>
    </message>
    <message>
        <source>Running the induction probe: %1 random sequences of %2 tokens, each repeated twice…</source>
        <translation>Kører induktionsproben: %1 tilfældige sekvenser på %2 tokens, hver gentaget to gange…</translation>
    </message>
    <message>
        <source>Layer %1, head %2: induction score %3</source>
        <translation>Lag %1, hoved %2: induktionsscore %3</translation>
    </message>
    <message>
        <source>No model yet: choose one, e.g. builtin:induction.</source>
        <translation>Ingen model endnu: vælg en, fx builtin:induction.</translation>
    </message>
    <message>
        <source>The induction probe failed: %1</source>
        <translation>Induktionsproben mislykkedes: %1</translation>
    </message>
    <message>
        <source>Press Find induction heads to run the induction probe on this model.</source>
        <translation>Tryk på Find induktionshoveder for at køre induktionsproben på denne model.</translation>
    </message>
    <message>
        <source>Induction probe: %1 random sequences of %2 tokens, each repeated twice. The best head puts %3 of its weight, on average, on the token after the earlier copy.</source>
        <translation>Induktionsprobe: %1 tilfældige sekvenser på %2 tokens, hver gentaget to gange. Det bedste hoved lægger i gennemsnit %3 af sin vægt på tokenet efter den tidligere kopi.</translation>
    </message>
    <message>
        <source>Find the induction heads first</source>
        <translation>Find først induktionshovederne</translation>
    </message>
    <message>
        <source>Type a random string of letters twice</source>
        <translation>Skriv en tilfældig række bogstaver to gange</translation>
    </message>
    <message>
        <source>The text repeats nothing yet: type the same letters again after it.</source>
        <translation>Teksten gentager endnu intet: skriv de samme bogstaver igen efter den.</translation>
    </message>
    <message>
        <source>the letter after the earlier %1.</source>
        <translation>bogstavet efter det tidligere %1.</translation>
    </message>
    <message>
        <source>not the letter after the earlier %1, which is %2 (%3).</source>
        <translation>ikke bogstavet efter det tidligere %1, som er %2 (%3).</translation>
    </message>
    <message>
        <source>At %1 this head looks most at %2 (weight %3): %4</source>
        <translation>Ved %1 ser dette hoved mest på %2 (vægt %3): %4</translation>
    </message>
    <message>
        <source>This model predicts no tokens: %1</source>
        <translation>Denne model forudsiger ingen tokens: %1</translation>
    </message>
    <message>
        <source>Predicting the next letters…</source>
        <translation>Forudsiger de næste bogstaver…</translation>
    </message>
    <message>
        <source>Predicting failed: %1</source>
        <translation>Forudsigelsen mislykkedes: %1</translation>
    </message>
    <message>
        <source>Type the same letters a second time to see the model copy them.</source>
        <translation>Skriv de samme bogstaver en gang til for at se modellen kopiere dem.</translation>
    </message>
    <message numerus="yes">
        <source> (with %n head(s) switched off)</source>
        <translation>
            <numerusform> (med %n hoved slået fra)</numerusform>
            <numerusform> (med %n hoveder slået fra)</numerusform>
        </translation>
    </message>
    <message>
        <source>Next letter predicted right in the second copy: &lt;b&gt;%1 of %2&lt;/b&gt;%3&lt;br&gt;%4</source>
        <translation>Næste bogstav forudsagt rigtigt i anden kopi: &lt;b&gt;%1 af %2&lt;/b&gt;%3&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>Switch off every head the probe finds to be an induction head (score %1 or more): when one is off, the others can still copy</source>
        <translation>Slå hvert hoved fra, som proben finder er et induktionshoved (score %1 eller mere): når ét er slået fra, kan de andre stadig kopiere</translation>
    </message>
    <message numerus="yes">
        <source>Switch &amp;all %n induction head(s) off</source>
        <translation>
            <numerusform>Slå &amp;alle %n induktionshoved fra</numerusform>
            <numerusform>Slå &amp;alle %n induktionshoveder fra</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::LanguagePart</name>
    <message>
        <source>Model&apos;s default</source>
        <translation>Modellens standard</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>Standard (%1)</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>Fra:</translation>
    </message>
    <message>
        <source>Into:</source>
        <translation>Til:</translation>
    </message>
    <message>
        <source>The language of the sentence: the model reads it after this language&apos;s token</source>
        <translation>Sætningens sprog: modellen læser den efter dette sprogs token</translation>
    </message>
    <message>
        <source>The language to translate into: the model is made to start its translation with this language&apos;s token, and reads a target you type in it</source>
        <translation>Sproget, der oversættes til: modellen tvinges til at begynde sin oversættelse med dette sprogs token og læser en måltekst, du skriver, på det sprog</translation>
    </message>
</context>
<context>
    <name>headmap::ui::LinesView</name>
    <message>
        <source>Hover a token to see only its lines (left: where it looks, right: who looks at it); click to pin it.</source>
        <translation>Hold musen over et token for kun at se dets linjer (venstre: hvor det kigger, højre: hvem der kigger på det); klik for at fastholde det.</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Show the lines of every head of this layer</source>
        <translation>Vis linjerne for alle hoveder i dette lag</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ingen</translation>
    </message>
    <message>
        <source>Hide every head&apos;s lines</source>
        <translation>Skjul alle hovedernes linjer</translation>
    </message>
    <message>
        <source>For a sentence pair: every line, only lines from sentence A to B, or from B to A</source>
        <translation>Til et sætningspar: alle linjer, kun linjer fra sætning A til B, eller fra B til A</translation>
    </message>
    <message>
        <source>Pa&amp;ir:</source>
        <translation>Sæ&amp;tningspar:</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>Hoveder:</translation>
    </message>
    <message>
        <source>Show the lines of head %1 in this colour</source>
        <translation>Vis linjerne for hoved %1 i denne farve</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>Linjer</translation>
    </message>
    <message>
        <source>Layer %1 · no head chosen</source>
        <translation>Lag %1 · intet hoved valgt</translation>
    </message>
    <message>
        <source>Layer %1 · head %2</source>
        <translation>Lag %1 · hoved %2</translation>
    </message>
    <message>
        <source>Layer %1 · heads %2</source>
        <translation>Lag %1 · hoveder %2</translation>
    </message>
    <message>
        <source>%1 · lines of layer %2</source>
        <translation>%1 · linjer for lag %2</translation>
    </message>
    <message>
        <source>Only where %1 looks</source>
        <translation>Kun hvor %1 kigger</translation>
    </message>
    <message>
        <source>Only who looks at %1</source>
        <translation>Kun hvem der kigger på %1</translation>
    </message>
    <message>
        <source>Special tokens hidden</source>
        <translation>Specialtokens skjult</translation>
    </message>
    <message>
        <source> · special tokens hidden</source>
        <translation> · specialtokens skjult</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to see its attention as lines.</source>
        <translation>Skriv en sætning, og tryk på Enter for at se dens opmærksomhed som linjer.</translation>
    </message>
    <message>
        <source>sentence A</source>
        <translation>sætning A</translation>
    </message>
    <message>
        <source>sentence B</source>
        <translation>sætning B</translation>
    </message>
    <message>
        <source>%1 · %2 · lines of layer %3</source>
        <translation>%1 · %2 · linjer i lag %3</translation>
    </message>
    <message>
        <source>Hover a token to see only its lines (a target token: where it looks in the source; a source token: which target tokens look at it); click to pin it.</source>
        <translation>Hold musen over et token for kun at se dets linjer (et måltoken: hvor det kigger i kilden; et kildetoken: hvilke måltokens der kigger på det); klik for at fastholde det.</translation>
    </message>
</context>
<context>
    <name>headmap::ui::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation>Annuller</translation>
    </message>
    <message>
        <source>Headmap</source>
        <translation>Headmap</translation>
    </message>
    <message>
        <source>Stop the computation (Esc)</source>
        <translation>Stop beregningen (Esc)</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter</source>
        <translation>Skriv en sætning, og tryk på Enter</translation>
    </message>
    <message>
        <source>Paste or type a long text (Ctrl+Enter runs it), or open a text file</source>
        <translation>Indsæt eller skriv en lang tekst (Ctrl+Enter kører den), eller åbn en tekstfil</translation>
    </message>
    <message>
        <source>Edit a long, multi-line text (Ctrl+L)</source>
        <translation>Redigér en lang tekst med flere linjer (Ctrl+L)</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Kør</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Model:</translation>
    </message>
    <message>
        <source>S&amp;entence:</source>
        <translation>Sæ&amp;tning:</translation>
    </message>
    <message>
        <source>&amp;Pair:</source>
        <translation>&amp;Par:</translation>
    </message>
    <message>
        <source>This model reads a single text, not sentence pairs</source>
        <translation>Denne model læser én tekst, ikke sætningspar</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Query #%1: %2   ·   Key #%3: %4</source>
        <translation>Forespørgsel #%1: %2   ·   Nøgle #%3: %4</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Vis</translation>
    </message>
    <message>
        <source>Cannot open %1: no such file</source>
        <translation>Kan ikke åbne %1: filen findes ikke</translation>
    </message>
    <message>
        <source>Cannot open %1: not a file</source>
        <translation>Kan ikke åbne %1: det er ikke en fil</translation>
    </message>
    <message>
        <source>Cannot open %1: %2 MB; texts up to %3 MB are read</source>
        <translation>Kan ikke åbne %1: %2 MB; tekster på op til %3 MB kan læses</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Kan ikke åbne %1: %2</translation>
    </message>
    <message>
        <source>Cannot read %1: it is not UTF-8 text</source>
        <translation>Kan ikke læse %1: det er ikke UTF-8-tekst</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>Åbn tekst</translation>
    </message>
    <message>
        <source>Text files (*.txt *.md);;All files (*)</source>
        <translation>Tekstfiler (*.txt *.md);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Enter, Ctrl+Enter in the long text</source>
        <translation>Enter, Ctrl+Enter i den lange tekst</translation>
    </message>
    <message>
        <source>Run the text</source>
        <translation>Kør teksten</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Cancel the computation; leave presentation mode</source>
        <translation>Annuller beregningen; forlad præsentationstilstand</translation>
    </message>
    <message>
        <source>PageDown / PageUp, ← / → on the heatmap</source>
        <translation>PageDown / PageUp, ← / → på varmekortet</translation>
    </message>
    <message>
        <source>Next / previous head</source>
        <translation>Næste / forrige hoved</translation>
    </message>
    <message>
        <source>Ctrl+PageDown / Ctrl+PageUp, ↓ / ↑ on the heatmap</source>
        <translation>Ctrl+PageDown / Ctrl+PageUp, ↓ / ↑ på varmekortet</translation>
    </message>
    <message>
        <source>Next / previous layer</source>
        <translation>Næste / forrige lag</translation>
    </message>
    <message>
        <source>Long text box on or off</source>
        <translation>Lang tekstboks til eller fra</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>Open a text file</source>
        <translation>Åbn en tekstfil</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Ctrl+O</translation>
    </message>
    <message>
        <source>Open a model folder</source>
        <translation>Åbn en modelmappe</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O / Ctrl+S</source>
        <translation>Ctrl+Shift+O / Ctrl+S</translation>
    </message>
    <message>
        <source>Open / save a session</source>
        <translation>Åbn / gem en session</translation>
    </message>
    <message>
        <source>Ctrl+E / Ctrl+Shift+E / Ctrl+Alt+E</source>
        <translation>Ctrl+E / Ctrl+Shift+E / Ctrl+Alt+E</translation>
    </message>
    <message>
        <source>Export the image / the data / every head</source>
        <translation>Eksportér billedet / dataene / alle hoveder</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Reset the heatmap&apos;s zoom</source>
        <translation>Nulstil varmekortets zoom</translation>
    </message>
    <message>
        <source>Ctrl++ / Ctrl+-</source>
        <translation>Ctrl++ / Ctrl+-</translation>
    </message>
    <message>
        <source>Larger / smaller text</source>
        <translation>Større / mindre tekst</translation>
    </message>
    <message>
        <source>Alt+1 … Alt+3</source>
        <translation>Alt+1 … Alt+3</translation>
    </message>
    <message>
        <source>Example sentences</source>
        <translation>Eksempelsætninger</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>Præsentationstilstand</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastaturgenveje</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Filer</translation>
    </message>
    <message>
        <source>&amp;Open model folder…</source>
        <translation>&amp;Åbn modelmappe…</translation>
    </message>
    <message>
        <source>Download model from the &amp;Hub…</source>
        <translation>Hent model fra &amp;Hub…</translation>
    </message>
    <message>
        <source>Open &amp;text file…</source>
        <translation>Åbn &amp;tekstfil…</translation>
    </message>
    <message>
        <source>Open sess&amp;ion…</source>
        <translation>Åbn &amp;session…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>&amp;Save session…</source>
        <translation>&amp;Gem session…</translation>
    </message>
    <message>
        <source>&amp;Export image…</source>
        <translation>&amp;Eksportér billede…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;data…</source>
        <translation>Eksportér &amp;data…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export &amp;all heads…</source>
        <translation>Eksportér &amp;alle hoveder…</translation>
    </message>
    <message>
        <source>Ctrl+Alt+E</source>
        <translation>Ctrl+Alt+E</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>A&amp;fslut</translation>
    </message>
    <message>
        <source>&amp;Next head</source>
        <translation>&amp;Næste hoved</translation>
    </message>
    <message>
        <source>&amp;Previous head</source>
        <translation>&amp;Forrige hoved</translation>
    </message>
    <message>
        <source>Next &amp;layer</source>
        <translation>Næste &amp;lag</translation>
    </message>
    <message>
        <source>Previous la&amp;yer</source>
        <translation>Forrige l&amp;ag</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>Nulstil &amp;zoom</translation>
    </message>
    <message>
        <source>Lar&amp;ger text</source>
        <translation>S&amp;tørre tekst</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>&amp;Mindre tekst</translation>
    </message>
    <message>
        <source>L&amp;anguage</source>
        <translation>Sp&amp;rog</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hjælp</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastaturgenveje</translation>
    </message>
    <message>
        <source>&amp;About Headmap</source>
        <translation>&amp;Om Headmap</translation>
    </message>
    <message>
        <source>About Headmap</source>
        <translation>Om Headmap</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Headmap %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Shows what the attention heads of transformer models do, with exact numbers from its own engine.&lt;/p&gt;&lt;p&gt;Rows are queries (the token attending), columns are keys (the token attended to).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Headmap %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Viser, hvad opmærksomhedshovederne i transformermodeller gør, med nøjagtige tal fra sin egen motor.&lt;/p&gt;&lt;p&gt;Rækker er forespørgsler (det token, der retter opmærksomhed), kolonner er nøgler (det token, der modtager opmærksomhed).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>&amp;System (%1)</translation>
    </message>
    <message>
        <source>&amp;Update while typing</source>
        <translation>Opdater under s&amp;krivning</translation>
    </message>
    <message>
        <source>&amp;Find token</source>
        <translation>F&amp;ind token</translation>
    </message>
    <message>
        <source>Single text only</source>
        <translation>Kun én tekst</translation>
    </message>
    <message>
        <source>Second sentence (optional)</source>
        <translation>Anden sætning (valgfri)</translation>
    </message>
    <message>
        <source>A second sentence, for models trained on sentence pairs (BERT-style)</source>
        <translation>En anden sætning, til modeller trænet på sætningspar (som BERT)</translation>
    </message>
    <message>
        <source>Memory for converted &amp;weights…</source>
        <translation>Hukommelse til konverterede &amp;vægte…</translation>
    </message>
</context>
<context>
    <name>headmap::ui::MatrixGrid</name>
    <message>
        <source>row %1 (%2), column %3: %4</source>
        <translation>række %1 (%2), kolonne %3: %4</translation>
    </message>
</context>
<context>
    <name>headmap::ui::MatrixView</name>
    <message>
        <source>+ shows the numbers</source>
        <translation>+ viser tallene</translation>
    </message>
    <message>
        <source>colour: mean |value| of each block of %1 columns</source>
        <translation>farve: gennemsnitlig |værdi| for hver blok af %1 kolonner</translation>
    </message>
    <message>
        <source>−∞ masked</source>
        <translation>−∞ maskeret</translation>
    </message>
    <message>
        <source>Summarise columns</source>
        <translation>Opsummér kolonner</translation>
    </message>
    <message>
        <source>Show the mean |value| of every block of %1 columns, so that wide matrices fit</source>
        <translation>Vis den gennemsnitlige |værdi| for hver blok af %1 kolonner, så brede matricer kan være der</translation>
    </message>
    <message>
        <source>Smaller cells (Ctrl+wheel)</source>
        <translation>Mindre celler (Ctrl+hjul)</translation>
    </message>
    <message>
        <source>Larger cells (Ctrl+wheel)</source>
        <translation>Større celler (Ctrl+hjul)</translation>
    </message>
    <message>
        <source>summarised: %1 blocks of %2 columns</source>
        <translation>opsummeret: %1 blokke af %2 kolonner</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ModelChooser</name>
    <message>
        <source>The model to run: built in, from the Hugging Face cache, from Ollama or LM Studio, or a folder</source>
        <translation>Modellen, der skal køres: indbygget, fra Hugging Face-cachen, fra Ollama eller LM Studio, eller en mappe</translation>
    </message>
    <message>
        <source>Teaching model (built in)</source>
        <translation>Undervisningsmodel (indbygget)</translation>
    </message>
    <message>
        <source>Random weights, exactly as the seed tutorial builds them</source>
        <translation>Tilfældige vægte, præcis som den oprindelige vejledning bygger dem</translation>
    </message>
    <message>
        <source>no model_type</source>
        <translation>ingen model_type</translation>
    </message>
    <message>
        <source>%1  (%2: not supported)</source>
        <translation>%1  (%2: understøttes ikke)</translation>
    </message>
    <message>
        <source>Hugging Face cache: %1</source>
        <translation>Hugging Face-cache: %1</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>Åbn mappe…</translation>
    </message>
    <message>
        <source>%1  (%2: cannot be opened)</source>
        <translation>%1  (%2: kan ikke åbnes)</translation>
    </message>
    <message>
        <source>no file type</source>
        <translation>ingen filtype</translation>
    </message>
    <message>
        <source>no architecture</source>
        <translation>ingen arkitektur</translation>
    </message>
    <message>
        <source>Architecture: %1</source>
        <translation>Arkitektur: %1</translation>
    </message>
    <message>
        <source>%1 opens this file too</source>
        <translation>%1 åbner også denne fil</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>Ingen model</translation>
    </message>
    <message>
        <source>Numbers to digits, Danish and Chinese (built in, trained)</source>
        <translation>Talord til cifre, dansk og kinesisk (indbygget, trænet)</translation>
    </message>
    <message>
        <source>&lt;p&gt;A small translation model (a BART encoder–decoder of about 250,000 parameters) trained on Danish and Chinese number words from 0 to 9,999 to write their digits: “syvoghalvfems” gives 97, “二千三百一十二” gives 2312. It learned that Danish says the units before the tens (seven-and-ninety): while it writes the 9 its cross-attention looks at “halvfems”, while it writes the 7 it looks back at “syv”. Chinese says the digits in their own order, and the alignment is a straight line. (One head was also shown in training which word says each digit; another learned to look there on its own.) Numbers it never saw in training come out right at least 99 times in 100.&lt;/p&gt;</source>
        <translation>&lt;p&gt;En lille oversættelsesmodel (en BART-encoder–decoder med omkring 250.000 parametre), trænet på danske og kinesiske talord fra 0 til 9.999 til at skrive deres cifre: “syvoghalvfems” giver 97, “二千三百一十二” giver 2312. Den har lært, at dansk siger enerne før tierne (syv-og-halvfems): mens den skriver 9-tallet, kigger dens krydsopmærksomhed på “halvfems”, og mens den skriver 7-tallet, kigger den tilbage på “syv”. Kinesisk siger cifrene i deres egen rækkefølge, og justeringen er en lige linje. (Ét hoved fik under træningen også vist, hvilket ord der siger hvert ciffer; et andet lærte selv at kigge dér.) Tal, den aldrig så under træningen, kommer rigtigt ud mindst 99 gange ud af 100.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;A small GPT-2 (2 layers of 2 heads) trained for Headmap on random lowercase letters in which stretches repeat, one token per letter. It learned induction heads: the heads of layer 0 look at the previous letter, and both heads of layer 1 look from a letter to the letter that followed the same two letters earlier, and the model predicts that letter: it copies 98 letters in 100 of a random string typed twice. Switch off one induction head and the other still copies; switch off both and the copying stops. Type a random string of letters twice and open the Induction tab.&lt;/p&gt;</source>
        <translation>&lt;p&gt;En lille GPT-2 (2 lag med 2 hoveder) trænet til Headmap på tilfældige små bogstaver, hvor stykker gentages, ét token pr. bogstav. Den har lært induktionshoveder: hovederne i lag 0 kigger på det forrige bogstav, og begge hoveder i lag 1 kigger fra et bogstav til det bogstav, der fulgte efter de samme to bogstaver tidligere, og modellen forudsiger det bogstav: den kopierer 98 bogstaver ud af 100 af en tilfældig streng skrevet to gange. Slå ét induktionshoved fra, og det andet kopierer stadig; slå begge fra, og kopieringen holder op. Skriv en tilfældig streng af bogstaver to gange, og åbn fanen Induktion.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ModelLoadingPart</name>
    <message>
        <source>Open folder…</source>
        <translation>Åbn mappe…</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Åbnede %1</translation>
    </message>
    <message>
        <source>Open a Hugging Face model folder (config.json, model.safetensors, tokenizer)</source>
        <translation>Åbn en Hugging Face-modelmappe (config.json, model.safetensors, tokenizer)</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>Ingen model</translation>
    </message>
    <message>
        <source>%1 (%2 weights)</source>
        <translation>%1 (%2-vægte)</translation>
    </message>
    <message>
        <source>%1: %2 layers × %3 heads, d_model %4</source>
        <translation>%1: %2 lag × %3 hoveder, d_model %4</translation>
    </message>
    <message>
        <source>The attention shown is computed from %1-quantised weights, which round every weight; it is close to, not equal to, the original model&apos;s.</source>
        <translation>Den viste opmærksomhed er beregnet ud fra %1-kvantiserede vægte, som afrunder hver vægt; den ligger tæt på, men er ikke lig med, den oprindelige models.</translation>
    </message>
    <message>
        <source>Headmap — %1</source>
        <translation>Headmap — %1</translation>
    </message>
    <message>
        <source>%1: encoder %2 × %3, decoder %4 × %5 (layers × heads), d_model %6</source>
        <translation>%1: encoder %2 × %3, decoder %4 × %5 (lag × hoveder), d_model %6</translation>
    </message>
</context>
<context>
    <name>headmap::ui::PredictionBars</name>
    <message>
        <source>%1: %2 (logit %3)
piece %4, id %5</source>
        <translation>%1: %2 (logit %3)
del %4, id %5</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Click to follow this token</source>
        <translation>Klik for at følge dette token</translation>
    </message>
</context>
<context>
    <name>headmap::ui::PredictionPanel</name>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>%1 (mean)</source>
        <translation>%1 (gennemsnit)</translation>
    </message>
    <message>
        <source>%1 (zero)</source>
        <translation>%1 (nul)</translation>
    </message>
    <message>
        <source>&amp;Restore all</source>
        <translation>&amp;Gendan alle</translation>
    </message>
    <message>
        <source>Divides the scores before the softmax: below 1 the likeliest tokens gain, above 1 the distribution flattens; 0 keeps only the likeliest token</source>
        <translation>Deler scorerne før softmax: under 1 vinder de mest sandsynlige tokens, over 1 bliver fordelingen fladere; 0 beholder kun det mest sandsynlige token</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatur:</translation>
    </message>
    <message>
        <source>after</source>
        <translation>efter</translation>
    </message>
    <message>
        <source>With every head. The dark tick on a bar marks the token&apos;s probability after switching the heads off.</source>
        <translation>Med alle hoveder. Det mørke mærke på en søjle viser tokenets sandsynlighed, efter at hovederne er slået fra.</translation>
    </message>
    <message>
        <source>before</source>
        <translation>før</translation>
    </message>
    <message>
        <source>Follow one token&apos;s probability before and after switching heads off</source>
        <translation>Følg ét tokens sandsynlighed før og efter, at hoveder slås fra</translation>
    </message>
    <message>
        <source>KL(before ‖ after) = Σ p_before · ln(p_before / p_after) over the whole vocabulary: 0 when switching the heads off changes nothing</source>
        <translation>KL(før ‖ efter) = Σ p_før · ln(p_før / p_efter) over hele ordforrådet: 0, når det ikke ændrer noget at slå hovederne fra</translation>
    </message>
    <message>
        <source>Switched off:</source>
        <translation>Slået fra:</translation>
    </message>
    <message>
        <source>Heads whose output is replaced by zeros or by its mean over the positions; select heads in the All heads tab to switch more off</source>
        <translation>Hoveder, hvis output erstattes med nuller eller med dets gennemsnit over positionerne; vælg hoveder under fanen Alle hoveder for at slå flere fra</translation>
    </message>
    <message>
        <source>Switch every head back on</source>
        <translation>Slå alle hoveder til igen</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to see what the model predicts.</source>
        <translation>Skriv en sætning, og tryk på Enter for at se, hvad modellen forudsiger.</translation>
    </message>
    <message>
        <source>No predictions: %1</source>
        <translation>Ingen forudsigelser: %1</translation>
    </message>
    <message>
        <source>Predicting…</source>
        <translation>Forudsiger…</translation>
    </message>
    <message>
        <source>temperature 0: the likeliest token only</source>
        <translation>temperatur 0: kun det mest sandsynlige token</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>temperatur %1</translation>
    </message>
    <message>
        <source>Prediction %1 (%2)</source>
        <translation>Forudsigelse %1 (%2)</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Før</translation>
    </message>
    <message>
        <source>After switching off</source>
        <translation>Efter frakobling</translation>
    </message>
    <message>
        <source>With the heads switched off. The dark tick on a bar marks the token&apos;s probability before.</source>
        <translation>Med hovederne slået fra. Det mørke mærke på en søjle viser tokenets sandsynlighed før.</translation>
    </message>
    <message>
        <source>KL(before ‖ after) = %1 nats</source>
        <translation>KL(før ‖ efter) = %1 nats</translation>
    </message>
    <message>
        <source>KL(before ‖ after) = ∞ (a token possible before is impossible after)</source>
        <translation>KL(før ‖ efter) = ∞ (et token, der var muligt før, er umuligt efter)</translation>
    </message>
    <message>
        <source>A dark tick on a bar: that token&apos;s probability in the other list.</source>
        <translation>Et mørkt mærke på en søjle: tokenets sandsynlighed i den anden liste.</translation>
    </message>
    <message>
        <source>Top %1</source>
        <translation>Top %1</translation>
    </message>
    <message>
        <source>P(“%1”): %2 → %3 (%4%5 points)</source>
        <translation>P(“%1”): %2 → %3 (%4%5 point)</translation>
    </message>
    <message>
        <source>P(“%1”) = %2</source>
        <translation>P(“%1”) = %2</translation>
    </message>
    <message>
        <source>Target token: click or type</source>
        <translation>Måltoken: klik eller skriv</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>headmap::ui::PredictionsPart</name>
    <message>
        <source>Predictions</source>
        <translation>Forudsigelser</translation>
    </message>
    <message>
        <source>Pre&amp;dictions</source>
        <translation>For&amp;udsigelser</translation>
    </message>
    <message>
        <source>Show what the model predicts, and what switching heads off changes (F8)</source>
        <translation>Vis, hvad modellen forudsiger, og hvad det ændrer at slå hoveder fra (F8)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one token of this model&apos;s vocabulary.</source>
        <translation>&quot;%1&quot; er ikke ét token i denne models ordforråd.</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to see what the model predicts.</source>
        <translation>Skriv en sætning, og tryk på Enter for at se, hvad modellen forudsiger.</translation>
    </message>
    <message>
        <source>Predicting…</source>
        <translation>Forudsiger…</translation>
    </message>
</context>
<context>
    <name>headmap::ui::PresentationMode</name>
    <message>
        <source>Presen&amp;tation mode</source>
        <translation>&amp;Præsentationstilstand</translation>
    </message>
    <message>
        <source>Presentation mode: PageUp/PageDown heads, Ctrl+PageUp/PageDown layers, Esc or F5 to leave</source>
        <translation>Præsentationstilstand: PageUp/PageDown hoveder, Ctrl+PageUp/PageDown lag, Esc eller F5 for at forlade den</translation>
    </message>
</context>
<context>
    <name>headmap::ui::RolloutView</name>
    <message>
        <source>Rollout through layer %1</source>
        <translation>Rollout gennem lag %1</translation>
    </message>
    <message>
        <source>Rollout through layer %1 (special tokens hidden)</source>
        <translation>Rollout gennem lag %1 (specialtokens skjult)</translation>
    </message>
    <message>
        <source>Share of the input token</source>
        <translation>Andel af inputtokenet</translation>
    </message>
    <message>
        <source>through layer </source>
        <translation>gennem lag </translation>
    </message>
    <message>
        <source>Follow the attention from the input up to this layer</source>
        <translation>Følg opmærksomheden fra inputtet op til dette lag</translation>
    </message>
    <message>
        <source>Attention rollout, after Abnar &amp; Zuidema (2020): how much each input token (column) flows into each position (row), multiplying the layers&apos; head-averaged attention with the residual connection added.</source>
        <translation>Opmærksomheds-rollout efter Abnar &amp; Zuidema (2020): hvor meget hvert inputtoken (kolonne) flyder ind i hver position (række), når lagenes gennemsnitlige opmærksomhed over hovederne ganges sammen med den residuale forbindelse lagt til.</translation>
    </message>
    <message>
        <source>Samira Abnar and Willem Zuidema, &quot;Quantifying Attention Flow in Transformers&quot;, ACL 2020, https://arxiv.org/abs/2005.00928</source>
        <translation>Samira Abnar og Willem Zuidema, &quot;Quantifying Attention Flow in Transformers&quot;, ACL 2020, https://arxiv.org/abs/2005.00928</translation>
    </message>
    <message>
        <source>Input token: flows from</source>
        <translation>Inputtoken: flyder fra</translation>
    </message>
    <message>
        <source>Position: receives, after the layer</source>
        <translation>Position: modtager, efter laget</translation>
    </message>
    <message>
        <source>Rollout</source>
        <translation>Rollout</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to see how attention flows from the input through the layers.</source>
        <translation>Skriv en sætning, og tryk på Enter for at se, hvordan opmærksomheden flyder fra inputtet gennem lagene.</translation>
    </message>
    <message>
        <source>computing the rollout through layer %1</source>
        <translation>beregning af rollout gennem lag %1</translation>
    </message>
    <message>
        <source>Computing rollout through layer %1…</source>
        <translation>Beregner rollout gennem lag %1…</translation>
    </message>
</context>
<context>
    <name>headmap::ui::SessionText::SessionText</name>
    <message>
        <source>%1 or more</source>
        <translation>%1 eller mere</translation>
    </message>
</context>
<context>
    <name>headmap::ui::SessionsPart</name>
    <message>
        <source>Saved session %1</source>
        <translation>Gemte sessionen %1</translation>
    </message>
    <message>
        <source>Opening session %1…</source>
        <translation>Åbner sessionen %1…</translation>
    </message>
    <message>
        <source>Opened session %1</source>
        <translation>Åbnede sessionen %1</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Gem session</translation>
    </message>
    <message>
        <source>Headmap session (*.headmap)</source>
        <translation>Headmap-session (*.headmap)</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Åbn session</translation>
    </message>
    <message>
        <source>Headmap session (*.headmap);;All files (*)</source>
        <translation>Headmap-session (*.headmap);;Alle filer (*)</translation>
    </message>
</context>
<context>
    <name>headmap::ui::StatisticsView</name>
    <message>
        <source>none</source>
        <translation>ingen</translation>
    </message>
    <message>
        <source>Frame every cell of the head grid by this number, from low to high</source>
        <translation>Indram hver celle i hovedgitteret efter dette tal, fra lavt til højt</translation>
    </message>
    <message>
        <source>Colour the grid by:</source>
        <translation>Farv gitteret efter:</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter: one row per head appears here, with numbers that say what kind of head it is.</source>
        <translation>Skriv en sætning, og tryk på Enter: her vises én række pr. hoved med tal, der fortæller, hvilken slags hoved det er.</translation>
    </message>
    <message>
        <source>Every number is a mean over the sentence&apos;s tokens. Click a column header to sort, hover it for what it measures; double-click a row or press Enter to open that head.</source>
        <translation>Hvert tal er et gennemsnit over sætningens tokens. Klik på en kolonneoverskrift for at sortere, hold musen over den for at se, hvad den måler; dobbeltklik på en række, eller tryk på Enter for at åbne det hoved.</translation>
    </message>
</context>
<context>
    <name>headmap::ui::StepView</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Forrige</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Næste ▶</translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>Alle trin</translation>
    </message>
    <message>
        <source>Show every step on one scrolling page</source>
        <translation>Vis alle trin på én side, der kan rulles</translation>
    </message>
    <message>
        <source>Type a sentence to see how one attention head works, step by step.</source>
        <translation>Skriv en sætning for at se, hvordan ét opmærksomhedshoved arbejder, trin for trin.</translation>
    </message>
    <message>
        <source>No steps to show for this head.</source>
        <translation>Ingen trin at vise for dette hoved.</translation>
    </message>
    <message>
        <source>Input X</source>
        <translation>Input X</translation>
    </message>
    <message>
        <source>Queries, keys, values</source>
        <translation>Forespørgsler, nøgler, værdier</translation>
    </message>
    <message>
        <source>Scores QKᵀ</source>
        <translation>Scorer QKᵀ</translation>
    </message>
    <message>
        <source>Scale by √dₖ</source>
        <translation>Skalér med √dₖ</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Weighted sum of V</source>
        <translation>Vægtet sum af V</translation>
    </message>
    <message>
        <source>Concatenate the heads</source>
        <translation>Sæt hovederne sammen</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>Outputprojektion</translation>
    </message>
    <message>
        <source>QK-norm</source>
        <translation>QK-normalisering</translation>
    </message>
    <message>
        <source>Rotate by position (RoPE)</source>
        <translation>Drej efter position (RoPE)</translation>
    </message>
    <message>
        <source>Softcap</source>
        <translation>Blødt loft</translation>
    </message>
    <message>
        <source>What does the model predict?</source>
        <translation>Hvad forudsiger modellen?</translation>
    </message>
    <message>
        <source>Switch this head off</source>
        <translation>Slå dette hoved fra</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Trin %1 af %2</translation>
    </message>
    <message>
        <source>Q turned</source>
        <translation>Q drejet</translation>
    </message>
    <message>
        <source>K turned</source>
        <translation>K drejet</translation>
    </message>
    <message>
        <source>θ in radians (pair)</source>
        <translation>θ i radianer (par)</translation>
    </message>
    <message>
        <source>over the whole projection: Q&apos;s %1 numbers and K&apos;s %2 per token, before the split into heads</source>
        <translation>over hele projektionen: Q&apos;s %1 tal og K&apos;s %2 pr. token, før opdelingen i hoveder</translation>
    </message>
    <message>
        <source>per head: over this head&apos;s %1 numbers</source>
        <translation>pr. hoved: over dette hoveds %1 tal</translation>
    </message>
    <message>
        <source>pairs (i, i + %1) of the first %2 of %3 numbers</source>
        <translation>par (i, i + %1) af de første %2 af %3 tal</translation>
    </message>
    <message>
        <source>; cos and sin × %1</source>
        <translation>; cos og sin × %1</translation>
    </message>
    <message>
        <source>%1 → %2, every score between −%3 and %3</source>
        <translation>%1 → %2, hver score mellem −%3 og %3</translation>
    </message>
    <message>
        <source>Before the scores, every query and key row is normalised: divided by its root mean square and multiplied by learned weights, so that no row can grow large enough to swamp the scores.</source>
        <translation>Før scorerne normaliseres hver forespørgsels- og nøglerække: den divideres med sin kvadratiske middelværdi (RMS) og ganges med lærte vægte, så ingen række kan blive stor nok til at overdøve scorerne.</translation>
    </message>
    <message>
        <source>This model normalises a token&apos;s whole projection, all heads together, before splitting it into heads: this head&apos;s rows also depend on the other heads.</source>
        <translation>Denne model normaliserer et tokens hele projektion, alle hoveder sammen, før den deles i hoveder: dette hoveds rækker afhænger også af de andre hoveder.</translation>
    </message>
    <message>
        <source>This model normalises each head&apos;s %1 numbers on their own.</source>
        <translation>Denne model normaliserer hvert hoveds %1 tal for sig.</translation>
    </message>
    <message>
        <source>Here the position enters: the numbers of each query and key are taken in pairs, and every pair is turned by an angle that grows with the token&apos;s position (θ = position × the pair&apos;s frequency; the first pairs turn fast, the last slowly). Because query and key are turned alike, their score depends on how far apart the two tokens are. V is not turned. Click a row to see that token&apos;s angles.</source>
        <translation>Her kommer positionen ind: tallene i hver forespørgsel og nøgle tages parvis, og hvert par drejes med en vinkel, der vokser med tokenets position (θ = position × parrets frekvens; de første par drejer hurtigt, de sidste langsomt). Fordi forespørgsel og nøgle drejes ens, afhænger deres score af, hvor langt de to tokens ligger fra hinanden. V drejes ikke. Klik på en række for at se det tokens vinkler.</translation>
    </message>
    <message>
        <source>Only the first %1 of the %2 numbers are turned; the others pass unchanged.</source>
        <translation>Kun de første %1 af de %2 tal drejes; de øvrige går uændret igennem.</translation>
    </message>
    <message>
        <source>This model squeezes every score into the range −%1 to %1 with tanh: small scores stay almost as they are, large ones level off near ±%1, so no single score can take all the attention.</source>
        <translation>Denne model presser hver score ind i intervallet −%1 til %1 med tanh: små scorer forbliver næsten som de er, store flader ud nær ±%1, så ingen enkelt score kan tage al opmærksomheden.</translation>
    </message>
    <message>
        <source>; this model does not scale its scores</source>
        <translation>; denne model skalerer ikke sine scorer</translation>
    </message>
    <message>
        <source>; the model&apos;s own factor (e.g. Gemma&apos;s query_pre_attn_scalar), not 1/√d&lt;sub&gt;head&lt;/sub&gt; = 1/√%1</source>
        <translation>; modellens egen faktor (fx Gemmas query_pre_attn_scalar), ikke 1/√d&lt;sub&gt;head&lt;/sub&gt; = 1/√%1</translation>
    </message>
    <message>
        <source>if</source>
        <translation>hvis</translation>
    </message>
    <message>
        <source>or</source>
        <translation>eller</translation>
    </message>
    <message>
        <source>else</source>
        <translation>ellers</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>ingen maske</translation>
    </message>
    <message>
        <source>This layer looks through a sliding window: each token sees itself and the %1 tokens before it (the last %2), never the tokens after it. The other scores become −∞ (grey, hatched); after softmax they are exactly 0.</source>
        <translation>Dette lag kigger gennem et glidende vindue: hvert token ser sig selv og de %1 tokens før det (de sidste %2), aldrig tokens efter det. De øvrige scorer bliver −∞ (grå, skraveret); efter softmax er de præcis 0.</translation>
    </message>
    <message>
        <source>This sentence is no longer than the window, so here only the later tokens are masked.</source>
        <translation>Denne sætning er ikke længere end vinduet, så her maskeres kun de senere tokens.</translation>
    </message>
    <message>
        <source>This model writes text from left to right, so a token may not look at the tokens after it. Those scores become −∞ (grey, hatched); after softmax they are exactly 0.</source>
        <translation>Denne model skriver tekst fra venstre mod højre, så et token må ikke se på de tokens, der kommer efter det. De scorer bliver −∞ (grå, skraveret); efter softmax er de præcis 0.</translation>
    </message>
    <message>
        <source>No mask: this model reads the whole sentence at once, so every token may look at every token, also the later ones. The scores stay as they are.</source>
        <translation>Ingen maske: denne model læser hele sætningen på én gang, så hvert token må se på hvert token, også de senere. Scorerne forbliver, som de er.</translation>
    </message>
    <message>
        <source>Head %1 shares K/V head 0 with all %2 heads (multi-query attention: one K/V head for every query head).</source>
        <translation>Hoved %1 deler K/V-hoved 0 med alle %2 hoveder (multi-query attention: ét K/V-hoved for alle forespørgselshoveder).</translation>
    </message>
    <message>
        <source>Head %1 shares K/V head %2 with heads %3–%4 (grouped-query attention, %5 query heads per K/V head).</source>
        <translation>Hoved %1 deler K/V-hoved %2 med hoved %3–%4 (grouped-query attention, %5 forespørgselshoveder pr. K/V-hoved).</translation>
    </message>
    <message>
        <source>Show the learned weights W_Q, W_K, W_V</source>
        <translation>Vis de lærte vægte W_Q, W_K, W_V</translation>
    </message>
    <message>
        <source>S″ = cap(S′) + mask</source>
        <translation>S″ = cap(S′) + maske</translation>
    </message>
    <message>
        <source>S″ = S′ + mask</source>
        <translation>S″ = S′ + maske</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Output</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3</source>
        <translation>Trin %1 af %2 · %3</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Scale × %1</source>
        <translation>Skalér × %1</translation>
    </message>
    <message>
        <source>Mask (window of %1)</source>
        <translation>Maske (vindue på %1)</translation>
    </message>
    <message>
        <source>%1 tokens × d&lt;sub&gt;model&lt;/sub&gt; = %2 numbers: %3</source>
        <translation>%1 tokens × d&lt;sub&gt;model&lt;/sub&gt; = %2 tal: %3</translation>
    </message>
    <message>
        <source>%1 → %2, every row adds up to 1</source>
        <translation>%1 → %2, hver række summer til 1</translation>
    </message>
    <message>
        <source>Output = Concat·W&lt;sub&gt;O&lt;/sub&gt; + b&lt;sub&gt;O&lt;/sub&gt;</source>
        <translation>Output = Concat·W&lt;sub&gt;O&lt;/sub&gt; + b&lt;sub&gt;O&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>Each row is one token of the sentence, written as a list of %1 numbers. These numbers say what the token is (and, in most models, where it stands). Attention starts from these rows.</source>
        <translation>Hver række er ét token fra sætningen, skrevet som en liste af %1 tal. Tallene siger, hvad tokenet er (og i de fleste modeller, hvor det står). Opmærksomheden begynder med disse rækker.</translation>
    </message>
    <message>
        <source>This model adds where each token stands later, by turning its query and key (step %1).</source>
        <translation>Denne model tilføjer først senere, hvor hvert token står, ved at dreje dets forespørgsel og nøgle (trin %1).</translation>
    </message>
    <message>
        <source>Three learned weight matrices turn each token&apos;s row into three shorter rows of %1 numbers: a query (what this token is looking for), a key (what it offers to the others) and a value (what it passes on when it is chosen).</source>
        <translation>Tre lærte vægtmatricer gør hvert tokens række til tre kortere rækker på %1 tal: en forespørgsel (hvad dette token leder efter), en nøgle (hvad det tilbyder de andre) og en værdi (hvad det giver videre, når det bliver valgt).</translation>
    </message>
    <message>
        <source>This model has no biases: b = 0.</source>
        <translation>Denne model har ingen bias-led: b = 0.</translation>
    </message>
    <message>
        <source>Each score compares one token&apos;s query with another token&apos;s key: multiply the matching numbers and add them up (a dot product). A large score means “this key fits what I am looking for”. Rows: the token looking; columns: the token looked at. Click a cell to see the sum worked out.</source>
        <translation>Hver score sammenligner ét tokens forespørgsel med et andet tokens nøgle: gang de tilsvarende tal, og læg dem sammen (et prikprodukt). En stor score betyder “denne nøgle passer til det, jeg leder efter”. Rækker: det token, der kigger; kolonner: det token, der bliver kigget på. Klik på en celle for at se summen regnet ud.</translation>
    </message>
    <message>
        <source>All scores are multiplied by %1, a factor this model sets itself instead of 1 ÷ √%2. Longer query and key rows give bigger dot products; without scaling, softmax would put almost all the attention on a single token.</source>
        <translation>Alle scorer ganges med %1, en faktor, som denne model selv fastsætter i stedet for 1 ÷ √%2. Længere forespørgsels- og nøglerækker giver større prikprodukter; uden skalering ville softmax lægge næsten al opmærksomheden på ét enkelt token.</translation>
    </message>
    <message>
        <source>All scores are divided by √%1 = %2. Longer query and key rows give bigger dot products; without this, softmax would put almost all the attention on a single token.</source>
        <translation>Alle scorer divideres med √%1 = %2. Længere forespørgsels- og nøglerækker giver større prikprodukter; uden dette ville softmax lægge næsten al opmærksomheden på ét enkelt token.</translation>
    </message>
    <message>
        <source>Softmax turns each row of scores into weights between 0 and 1 that add up to 1: take e to the power of each score, then divide by the row&apos;s total. A row shows how one token shares its attention. Click a cell to see the calculation.</source>
        <translation>Softmax gør hver række af scorer til vægte mellem 0 og 1, der summer til 1: opløft e i hver score, og divider så med rækkens total. En række viser, hvordan ét token fordeler sin opmærksomhed. Klik på en celle for at se udregningen.</translation>
    </message>
    <message>
        <source>Each token&apos;s output is a mix of the value rows V: every value row is multiplied by the token&apos;s attention weight for it, and the results are added up. Click a row to see the mix.</source>
        <translation>Hvert tokens output er en blanding af værdirækkerne V: hver værdirække ganges med tokenets opmærksomhedsvægt for den, og resultaterne lægges sammen. Klik på en række for at se blandingen.</translation>
    </message>
    <message>
        <source>The model has %1 heads, and each does steps %2–%3 with its own weights. Their outputs are put side by side into one row of %4 numbers per token; the columns of this head (%5 to %6) are outlined.</source>
        <translation>Modellen har %1 hoveder, og hvert gennemløber trin %2–%3 med sine egne vægte. Deres output sættes side om side i én række på %4 tal pr. token; dette hoveds kolonner (%5 til %6) er markeret med en ramme.</translation>
    </message>
    <message>
        <source>Heads of one K/V group share W_K and W_V; each has its own W_Q.</source>
        <translation>Hovederne i én K/V-gruppe deler W_K og W_V; hvert har sin egen W_Q.</translation>
    </message>
    <message>
        <source>One more learned matrix, W_O, mixes what all the heads found back into %1 numbers per token. This is what the attention block hands on to the rest of the layer.</source>
        <translation>Endnu en lært matrix, W_O, blander det, alle hovederne fandt, tilbage til %1 tal pr. token. Det er det, opmærksomhedsblokken giver videre til resten af laget.</translation>
    </message>
    <message>
        <source>layer %1 · head %2</source>
        <translation>lag %1 · hoved %2</translation>
    </message>
    <message>
        <source>Switch %1 back on</source>
        <translation>Slå %1 til igen</translation>
    </message>
    <message>
        <source>Switch %1 off</source>
        <translation>Slå %1 fra</translation>
    </message>
    <message>
        <source>Computing the prediction…</source>
        <translation>Beregner forudsigelsen…</translation>
    </message>
    <message>
        <source>Prediction %1</source>
        <translation>Forudsigelse %1</translation>
    </message>
    <message>
        <source>With every head</source>
        <translation>Med alle hoveder</translation>
    </message>
    <message>
        <source>Switch the head off to see what changes.</source>
        <translation>Slå hovedet fra for at se, hvad der ændrer sig.</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>With %1 off</source>
        <translation>Med %1 slået fra</translation>
    </message>
    <message>
        <source>out_h: head h&apos;s output at the token; e_w: word w&apos;s embedding; only the sentence&apos;s words are scored</source>
        <translation>out_h: hoved h&apos;s output ved tokenet; e_w: ordet w&apos;s indlejring; kun sætningens ord får en score</translation>
    </message>
    <message>
        <source>h_t: the last layer&apos;s output at token t; W_U: the output head (unembedding); τ: temperature</source>
        <translation>h_t: det sidste lags output ved token t; W_U: outputhovedet (unembedding); τ: temperatur</translation>
    </message>
    <message>
        <source>KL = %1 nats</source>
        <translation>KL = %1 nats</translation>
    </message>
    <message>
        <source>the head&apos;s output A·V (step %1) replaced by zeros</source>
        <translation>hovedets output A·V (trin %1) erstattet med nuller</translation>
    </message>
    <message>
        <source>Attention is a means, not the end: after the last layer, the output head turns each token&apos;s vector into a score for every word, and the softmax turns the scores into probabilities. Click a token in any matrix to predict there.</source>
        <translation>Opmærksomhed er et middel, ikke målet: efter det sidste lag gør outputhovedet hvert tokens vektor til en score for hvert ord, og softmax gør scorerne til sandsynligheder. Klik på et token i en vilkårlig matrix for at forudsige dér.</translation>
    </message>
    <message>
        <source>This built-in model has one layer and no training: its read-out scores each word of the sentence by how much of that word&apos;s embedding the six heads brought to the token, so it &apos;predicts&apos; the words its heads looked at: the previous word, the next word, the token itself.</source>
        <translation>Denne indbyggede model har ét lag og ingen træning: dens aflæsning giver hvert ord i sætningen en score efter, hvor meget af ordets indlejring de seks hoveder bragte til tokenet, så den &apos;forudsiger&apos; de ord, dens hoveder kiggede på: det forrige ord, det næste ord, tokenet selv.</translation>
    </message>
    <message>
        <source>A decoder predicts the next token; a masked-language model the word hidden behind [MASK].</source>
        <translation>En dekoder forudsiger det næste token; en maskeret sprogmodel det ord, der er skjult bag [MASK].</translation>
    </message>
    <message>
        <source>Switching a head off replaces its output (step %1) by zeros, and the rest of the network runs on without it. If the prediction changes, the head mattered for it; the KL divergence measures how much.</source>
        <translation>At slå et hoved fra erstatter dets output (trin %1) med nuller, og resten af netværket kører videre uden det. Hvis forudsigelsen ændrer sig, betød hovedet noget for den; KL-divergensen måler hvor meget.</translation>
    </message>
    <message>
        <source>This is the previous-token head: without it, the previous word drops out of the prediction.</source>
        <translation>Dette er forrige-token-hovedet: uden det falder det forrige ord ud af forudsigelsen.</translation>
    </message>
    <message>
        <source>X: %1 target tokens × d&lt;sub&gt;model&lt;/sub&gt; (%2) · M: %3 source tokens × d&lt;sub&gt;model&lt;/sub&gt; (%4)</source>
        <translation>X: %1 måltokens × d&lt;sub&gt;model&lt;/sub&gt; (%2) · M: %3 kildetokens × d&lt;sub&gt;model&lt;/sub&gt; (%4)</translation>
    </message>
    <message>
        <source>Cross-attention has two inputs. X holds the decoder&apos;s rows, one per target token written so far; M is the encoder&apos;s output, one row of %1 numbers per source token. The decoder asks, the encoder answers: the queries come from X, the keys and values from M.</source>
        <translation>Krydsopmærksomhed har to input. X rummer decoderens rækker, én pr. måltoken, der er skrevet indtil nu; M er encoderens output, én række på %1 tal pr. kildetoken. Decoderen spørger, encoderen svarer: forespørgslerne kommer fra X, nøglerne og værdierne fra M.</translation>
    </message>
    <message>
        <source>W_Q turns each target token&apos;s row of X into a query of %1 numbers (what it is looking for in the source); W_K and W_V turn each source token&apos;s row of M into a key (what it offers) and a value (what it passes on). K and V are the same for every target token: the encoder&apos;s answer does not change while the decoder writes.</source>
        <translation>W_Q gør hvert måltokens række i X til en forespørgsel på %1 tal (det, det leder efter i kilden); W_K og W_V gør hvert kildetokens række i M til en nøgle (det, det tilbyder) og en værdi (det, det giver videre). K og V er de samme for alle måltokens: encoderens svar ændrer sig ikke, mens decoderen skriver.</translation>
    </message>
    <message>
        <source>Each score compares one target token&apos;s query with one source token&apos;s key: multiply the matching numbers and add them up. The matrix has a row per target token and a column per source token (T × S). Click a cell to see the sum worked out.</source>
        <translation>Hver score sammenligner et måltokens forespørgsel med et kildetokens nøgle: gang de tal, der hører sammen, og læg dem sammen. Matricen har en række pr. måltoken og en kolonne pr. kildetoken (T × S). Klik på en celle for at se summen regnet ud.</translation>
    </message>
    <message>
        <source>Each target token&apos;s output is a mix of the source&apos;s value rows V: every source token&apos;s value is multiplied by the target token&apos;s weight for it, and the results are added up. This is what the decoder takes from the source sentence. Click a row to see the mix.</source>
        <translation>Hvert måltokens output er en blanding af kildens værdirækker V: hvert kildetokens værdi ganges med måltokenets vægt for det, og resultaterne lægges sammen. Det er det, decoderen tager fra kildesætningen. Klik på en række for at se blandingen.</translation>
    </message>
    <message>
        <source>This layer attends locally: each token sees the %1 tokens before it, itself and the %1 tokens after it, and nothing further away. The other scores become −∞ (grey, hatched); after softmax they are exactly 0.</source>
        <translation>Dette lag ser lokalt: hvert token ser de %1 tokens før sig, sig selv og de %1 tokens efter sig, og intet længere væk. De andre scorer bliver −∞ (grå, skraveret); efter softmax er de præcis 0.</translation>
    </message>
    <message>
        <source>Mask (±%1 tokens)</source>
        <translation>Maske (±%1 tokens)</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>dræn</translation>
    </message>
    <message>
        <source>The outlined last column is this head&apos;s sink: a learned score of %1, the same in every row, that belongs to no token. It joins the softmax on the next page.</source>
        <translation>Den markerede sidste kolonne er hovedets dræn: en lært score på %1, den samme i hver række, som ikke hører til noget token. Den indgår i softmax på næste side.</translation>
    </message>
    <message>
        <source>The outlined last column is the sink&apos;s share of each row. It is dropped: the head gives that much attention to no token.</source>
        <translation>Den markerede sidste kolonne er drænets andel af hver række. Den udelades: så meget opmærksomhed giver hovedet til intet token.</translation>
    </message>
    <message>
        <source>%1 and the sink %2 → %3, every row adds up to less than 1</source>
        <translation>%1 og drænet %2 → %3, hver række summer til mindre end 1</translation>
    </message>
    <message>
        <source>This head also has a sink: its learned score joins every row as one more column, and after the softmax that column is dropped. So here a row adds up to less than 1 (down to %1 in this sentence): the missing mass went to the sink, attention the head gave to no token.</source>
        <translation>Dette hoved har også et dræn: dets lærte score føjes til hver række som en kolonne mere, og efter softmax udelades den kolonne. Derfor summer en række her til mindre end 1 (ned til %1 i denne sætning): den manglende masse gik til drænet, opmærksomhed som hovedet gav til intet token.</translation>
    </message>
    <message>
        <source>In this layer a mixture of experts comes next: instead of one feed-forward network there are %1 experts, and a router sends each token to %2 of them. The panel lists which.</source>
        <translation>I dette lag kommer der derefter en mixture of experts: i stedet for ét feed-forward-netværk er der %1 eksperter, og en router sender hvert token til %2 af dem. Panelet viser hvilke.</translation>
    </message>
    <message>
        <source>Experts in this layer</source>
        <translation>Eksperter i dette lag</translation>
    </message>
    <message>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <source>went to experts (the router&apos;s order)</source>
        <translation>gik til eksperterne (routerens rækkefølge)</translation>
    </message>
    <message>
        <source>%1, the sink&apos;s column dropped</source>
        <translation>%1, drænets kolonne udeladt</translation>
    </message>
</context>
<context>
    <name>headmap::ui::TargetTextPart</name>
    <message>
        <source>Generate</source>
        <translation>Generér</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>Måltekst:</translation>
    </message>
    <message>
        <source>The model&apos;s translation appears here; type your own and press Enter</source>
        <translation>Modellens oversættelse vises her; skriv din egen, og tryk på Enter</translation>
    </message>
    <message>
        <source>The target the decoder reads. Typed by you, the decoder reads your words as if it had written them (teacher forcing); empty, the model writes its own.</source>
        <translation>Det mål, dekoderen læser. Skriver du det, læser dekoderen dine ord, som om den selv havde skrevet dem (teacher forcing); tomt skriver modellen sit eget.</translation>
    </message>
    <message>
        <source>Let the model write the target again (greedy decoding)</source>
        <translation>Lad modellen skrive målet igen (grådig afkodning)</translation>
    </message>
    <message>
        <source>Your target (teacher forcing): the decoder reads it as if it had written it.</source>
        <translation>Dit mål (teacher forcing): dekoderen læser det, som om den selv havde skrevet det.</translation>
    </message>
    <message>
        <source>Written by the model (greedy decoding).</source>
        <translation>Skrevet af modellen (grådig afkodning).</translation>
    </message>
    <message>
        <source>Written by the model: greedy decoding, not the beam search (num_beams = %1) its settings ask for.</source>
        <translation>Skrevet af modellen: grådig afkodning, ikke den strålesøgning (num_beams = %1), som dens indstillinger beder om.</translation>
    </message>
    <message>
        <source>Headmap decodes greedily, one most likely token after another; the model&apos;s settings ask for beam search, so the translation may differ from the model card&apos;s.</source>
        <translation>Headmap afkoder grådigt, ét mest sandsynligt token ad gangen; modellens indstillinger beder om strålesøgning, så oversættelsen kan afvige fra modelkortets.</translation>
    </message>
</context>
<context>
    <name>headmap::ui::TeachingOptionsPanel</name>
    <message>
        <source>Causal mask</source>
        <translation>Kausal maske</translation>
    </message>
    <message>
        <source>Width of every token&apos;s vector; must be a multiple of the number of heads</source>
        <translation>Bredden af hvert tokens vektor; skal være et multiplum af antallet af hoveder</translation>
    </message>
    <message>
        <source>Attention heads per layer</source>
        <translation>Opmærksomhedshoveder pr. lag</translation>
    </message>
    <message>
        <source>Encoder blocks</source>
        <translation>Koderblokke</translation>
    </message>
    <message>
        <source>Another seed draws other random weights</source>
        <translation>Et andet frø trækker andre tilfældige vægte</translation>
    </message>
    <message>
        <source>Each token may only attend to itself and earlier tokens, as in GPT</source>
        <translation>Hvert token må kun rette opmærksomhed mod sig selv og tidligere tokens, som i GPT</translation>
    </message>
    <message>
        <source>&lt;b&gt;Teaching model:&lt;/b&gt;</source>
        <translation>&lt;b&gt;Undervisningsmodel:&lt;/b&gt;</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>hoveder</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>lag</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>frø</translation>
    </message>
</context>
<context>
    <name>headmap::ui::TokenPairView</name>
    <message>
        <source>The token that attends (a row of the heatmap tab)</source>
        <translation>Det token, der retter opmærksomhed (en række i fanen Varmekort)</translation>
    </message>
    <message>
        <source>The token attended to (a column of the heatmap tab)</source>
        <translation>Det token, der modtager opmærksomhed (en kolonne i fanen Varmekort)</translation>
    </message>
    <message>
        <source>Swap the query and the key</source>
        <translation>Byt om på forespørgsel og nøgle</translation>
    </message>
    <message>
        <source>&amp;Query:</source>
        <translation>&amp;Forespørgsel:</translation>
    </message>
    <message>
        <source>attends to &amp;key:</source>
        <translation>retter opmærksomhed mod &amp;nøgle:</translation>
    </message>
    <message>
        <source>Every layer and head at once; click a cell to select that head, double-click to open it.</source>
        <translation>Alle lag og hoveder på én gang; klik på en celle for at vælge det hoved, dobbeltklik for at åbne det.</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Hoved</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Lag</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter, then pick two tokens.</source>
        <translation>Skriv en sætning, og tryk på Enter, og vælg så to tokens.</translation>
    </message>
    <message>
        <source>How much %1 attends to %2 in every head</source>
        <translation>Hvor meget %1 retter opmærksomhed mod %2 i hvert hoved</translation>
    </message>
    <message>
        <source>Layer %1, head %2: %3 attends to %4 with weight %5</source>
        <translation>Lag %1, hoved %2: %3 retter opmærksomhed mod %4 med vægten %5</translation>
    </message>
    <message>
        <source>Attention weight (special tokens hidden)</source>
        <translation>Opmærksomhedsvægt (specialtokens skjult)</translation>
    </message>
    <message>
        <source>%1 · how much %2 attends to %3</source>
        <translation>%1 · hvor meget %2 retter opmærksomhed mod %3</translation>
    </message>
</context>
<context>
    <name>headmap::ui::TypingUpdates</name>
    <message>
        <source>Recompute the attention of a decoder as you type, reusing the tokens that did not change</source>
        <translation>Beregn en dekoders opmærksomhed igen, mens du skriver, og genbrug de tokens, der ikke ændrede sig</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s): %1 reused from the last run, %2 computed</source>
        <translation>
            <numerusform>%n token: %1 genbrugt fra sidste kørsel, %2 beregnet</numerusform>
            <numerusform>%n tokens: %1 genbrugt fra sidste kørsel, %2 beregnet</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::ViewControls</name>
    <message>
        <source>Hide &amp;special tokens</source>
        <translation>Skjul &amp;specialtokens</translation>
    </message>
    <message>
        <source>&amp;Values</source>
        <translation>V&amp;ærdier</translation>
    </message>
    <message>
        <source>&amp;Words</source>
        <translation>&amp;Ord</translation>
    </message>
    <message>
        <source>Meas&amp;ure:</source>
        <translation>M&amp;ål:</translation>
    </message>
    <message>
        <source>Leave out [CLS], [SEP], &lt;s&gt;, … and renormalise each row</source>
        <translation>Udelad [CLS], [SEP], &lt;s&gt;, … og normalisér hver række igen</translation>
    </message>
    <message>
        <source>Write each weight in its cell when it fits</source>
        <translation>Skriv hver vægt i sin celle, når der er plads</translation>
    </message>
    <message>
        <source>Merge sub-word pieces into words: attention to a word is the sum over its pieces, from a word the mean (Clark et al., 2019)</source>
        <translation>Saml orddele til ord: opmærksomhed mod et ord er summen over dets dele, fra et ord gennemsnittet (Clark et al., 2019)</translation>
    </message>
    <message>
        <source>Layer (Ctrl+PageUp / Ctrl+PageDown)</source>
        <translation>Lag (Ctrl+PageUp / Ctrl+PageDown)</translation>
    </message>
    <message>
        <source>Head (PageUp / PageDown)</source>
        <translation>Hoved (PageUp / PageDown)</translation>
    </message>
    <message>
        <source>&amp;Layer:</source>
        <translation>La&amp;g:</translation>
    </message>
    <message>
        <source>H&amp;ead:</source>
        <translation>&amp;Hoved:</translation>
    </message>
    <message>
        <source>C&amp;olours:</source>
        <translation>&amp;Farver:</translation>
    </message>
    <message>
        <source>Sc&amp;ale:</source>
        <translation>Ska&amp;la:</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Vægte</translation>
    </message>
    <message>
        <source>Weight × ‖v‖</source>
        <translation>Vægt × ‖v‖</translation>
    </message>
    <message>
        <source>The softmax weights α_ij: where each query looks</source>
        <translation>Softmax-vægtene α_ij: hvor hver forespørgsel kigger</translation>
    </message>
    <message>
        <source>α_ij·‖v_j·W_O‖: how far each key actually moves the query&apos;s output through the head (Kobayashi et al. 2020); sinks with small values fade</source>
        <translation>α_ij·‖v_j·W_O‖: hvor meget hver nøgle faktisk flytter forespørgslens output gennem hovedet (Kobayashi et al. 2020); dræn med små værdier falmer</translation>
    </message>
    <message>
        <source>What the heatmaps show: attention weights, or weights × value norms</source>
        <translation>Hvad varmekortene viser: opmærksomhedsvægte, eller vægte × værdinormer</translation>
    </message>
    <message>
        <source>Stack:</source>
        <translation>Stak:</translation>
    </message>
    <message>
        <source>The encoder&apos;s self-attention: each source token attends to every source token</source>
        <translation>Encoderens selvopmærksomhed: hvert kildetoken retter opmærksomhed mod alle kildetokens</translation>
    </message>
    <message>
        <source>The decoder&apos;s causal self-attention: each target token attends to the target tokens before it</source>
        <translation>Decoderens kausale selvopmærksomhed: hvert måltoken retter opmærksomhed mod måltokens før det</translation>
    </message>
    <message>
        <source>Cross-attention: each target token (row) attends to the source tokens (columns) — the decoder asks, the encoder answers</source>
        <translation>Krydsopmærksomhed: hvert måltoken (række) retter opmærksomhed mod kildetokens (kolonner) — decoderen spørger, encoderen svarer</translation>
    </message>
    <message>
        <source>Which attention of the translation model every view shows</source>
        <translation>Hvilken af oversættelsesmodellens opmærksomheder alle visninger viser</translation>
    </message>
</context>
<context>
    <name>headmap::ui::WeightMemoryDialog</name>
    <message>
        <source>Half of the memory available when a model opens (now %1)</source>
        <translation>Halvdelen af den ledige hukommelse, når en model åbnes (nu %1)</translation>
    </message>
    <message>
        <source>At most</source>
        <translation>Højst</translation>
    </message>
    <message>
        <source>None: convert a layer at a time on every run (least memory, slowest)</source>
        <translation>Ingen: konvertér ét lag ad gangen ved hver kørsel (mindst hukommelse, langsomst)</translation>
    </message>
    <message>
        <source>Memory for converted weights</source>
        <translation>Hukommelse til konverterede vægte</translation>
    </message>
    <message>
        <source>Models stored as BF16, F16 or GGUF are converted to 32-bit floats to compute. Keeping the converted weights makes every run after the first as fast as with F32 weights; a model larger than this memory keeps what fits and converts the rest a layer at a time. Takes effect when a model is opened (the open model is reopened).</source>
        <translation>Modeller gemt som BF16, F16 eller GGUF konverteres til 32-bit kommatal for at regne. Når de konverterede vægte gemmes, er hver kørsel efter den første lige så hurtig som med F32-vægte; en model, der er større end denne hukommelse, gemmer det, der er plads til, og konverterer resten ét lag ad gangen. Træder i kraft, når en model åbnes (den åbne model åbnes igen).</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
</context>
</TS>
