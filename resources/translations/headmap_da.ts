<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="da_DK">
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
        <source>Crossed-out grey cells are −∞: masked, they get no attention</source>
        <translation>Overstregede grå celler er −∞: maskerede, de får ingen opmærksomhed</translation>
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
        <source>field &quot;ablations&quot;: %1</source>
        <translation>feltet &quot;ablations&quot;: %1</translation>
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
        <source>Tab to show: heatmap, grid, compare, statistics, rollout, steps, lines or token-pair.</source>
        <translation>Fane, der vises: heatmap, grid, compare, statistics, rollout, steps, lines eller token-pair.</translation>
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
        <source>Computing head statistics…</source>
        <translation>Beregner statistik for hovederne…</translation>
    </message>
    <message>
        <source>Computing attention rollout…</source>
        <translation>Beregner opmærksomheds-rollout…</translation>
    </message>
    <message>
        <source>Drawing all heads…</source>
        <translation>Tegner alle hoveder…</translation>
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
        <source>computing attention</source>
        <translation>beregning af opmærksomhed</translation>
    </message>
    <message>
        <source>The text has more than %1 tokens, the most %2 accepts (its maximum positions).</source>
        <translation>Teksten har mere end %1 tokens, det højeste %2 kan tage (dens maksimale antal positioner).</translation>
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
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
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
</context>
<context>
    <name>headmap::ui::MainWindow</name>
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
        <source>Cancel</source>
        <translation>Annuller</translation>
    </message>
    <message>
        <source>Headmap</source>
        <translation>Headmap</translation>
    </message>
    <message>
        <source>&amp;Heatmap</source>
        <translation>&amp;Varmekort</translation>
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
        <source>Stop the computation (Esc)</source>
        <translation>Stop beregningen (Esc)</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter</source>
        <translation>Skriv en sætning, og tryk på Enter</translation>
    </message>
    <message>
        <source>Second sentence (optional, for BERT-style pairs)</source>
        <translation>Anden sætning (valgfri, til sætningspar som i BERT)</translation>
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
        <source>Open folder…</source>
        <translation>Åbn mappe…</translation>
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
        <source>Selected token %1: &quot;%2&quot;</source>
        <translation>Valgt token %1: &quot;%2&quot;</translation>
    </message>
    <message>
        <source>This model reads a single text, not sentence pairs</source>
        <translation>Denne model læser én tekst, ikke sætningspar</translation>
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
        <source>Opened %1</source>
        <translation>Åbnede %1</translation>
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
        <source>Presen&amp;tation mode</source>
        <translation>&amp;Præsentationstilstand</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Vis</translation>
    </message>
    <message>
        <source>&lt;b&gt;Head %1 · %2:&lt;/b&gt; %3</source>
        <translation>&lt;b&gt;Hoved %1 · %2:&lt;/b&gt; %3</translation>
    </message>
    <message>
        <source>Presentation mode: PageUp/PageDown heads, Ctrl+PageUp/PageDown layers, Esc or F5 to leave</source>
        <translation>Præsentationstilstand: PageUp/PageDown hoveder, Ctrl+PageUp/PageDown lag, Esc eller F5 for at forlade den</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Gemte %1</translation>
    </message>
    <message>
        <source>Nothing to export in this tab yet.</source>
        <translation>Intet at eksportere i denne fane endnu.</translation>
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
    <message>
        <source>Open a Hugging Face model folder (config.json, model.safetensors, tokenizer)</source>
        <translation>Åbn en Hugging Face-modelmappe (config.json, model.safetensors, tokenizer)</translation>
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
        <source>Headmap speaks %1 from the next time it starts.</source>
        <translation>Headmap taler %1 fra næste gang, programmet starter.</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>&amp;System (%1)</translation>
    </message>
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
        <source>Meas&amp;ure:</source>
        <translation>M&amp;ål:</translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>Forudsigelser</translation>
    </message>
    <message>
        <source>Show what the model predicts, and what switching heads off changes (F8)</source>
        <translation>Vis, hvad modellen forudsiger, og hvad det ændrer at slå hoveder fra (F8)</translation>
    </message>
    <message>
        <source>Pre&amp;dictions</source>
        <translation>For&amp;udsigelser</translation>
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
    <message>
        <source>&amp;Update while typing</source>
        <translation>Opdater under s&amp;krivning</translation>
    </message>
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
        <source>Target token: click one above or type it</source>
        <translation>Måltoken: klik på et ovenfor, eller skriv det</translation>
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
</TS>
