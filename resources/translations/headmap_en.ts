<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>BreakdownText</name>
    <message numerus="yes">
        <source>Multiply the query of %1 and the key of %2 number by number, then add up all %n products.</source>
        <translation>
            <numerusform>Multiply the query of %1 and the key of %2 number by number; there is only %n product.</numerusform>
            <numerusform>Multiply the query of %1 and the key of %2 number by number, then add up all %n products.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more terms (together %1)</source>
        <translation>
            <numerusform>… %n more term (%1)</numerusform>
            <numerusform>… %n more terms (together %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more tokens with smaller weights</source>
        <translation>
            <numerusform>… %n more token with a smaller weight</numerusform>
            <numerusform>… %n more tokens with smaller weights</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more (together %1)</source>
        <translation>
            <numerusform>… %n more (%1)</numerusform>
            <numerusform>… %n more (together %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more (their weights add up to %1)</source>
        <translation>
            <numerusform>… %n more (its weight is %1)</numerusform>
            <numerusform>… %n more (their weights add up to %1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::ErrorBanner</name>
    <message numerus="yes">
        <source>Run the first %n token(s)</source>
        <translation>
            <numerusform>Run the first token</numerusform>
            <numerusform>Run the first %n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::ExportsPart</name>
    <message numerus="yes">
        <source>Export cancelled after %n file(s)</source>
        <translation>
            <numerusform>Export cancelled after %n file</numerusform>
            <numerusform>Export cancelled after %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n file(s) to %1</source>
        <translation>
            <numerusform>Saved %n file to %1</numerusform>
            <numerusform>Saved %n files to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadRolesView</name>
    <message numerus="yes">
        <source>%n document(s)</source>
        <translation>
            <numerusform>%n document</numerusform>
            <numerusform>%n documents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cut to the model&apos;s length</source>
        <translation>
            <numerusform>%n cut to the model&apos;s length</numerusform>
            <numerusform>%n cut to the model&apos;s length</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n document(s) are not valid UTF-8; invalid bytes were replaced.</source>
        <translation>
            <numerusform>%n document is not valid UTF-8; invalid bytes were replaced.</numerusform>
            <numerusform>%n documents are not valid UTF-8; invalid bytes were replaced.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · head roles over %2 (%n document(s))</source>
        <translation>
            <numerusform>%1 · head roles over %2 (%n document)</numerusform>
            <numerusform>%1 · head roles over %2 (%n documents)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeatmapToolbar</name>
    <message numerus="yes">
        <source>%n tokens: on the 0 to 1 scale most weights are too small to tell apart. &lt;a href=&quot;rowmax&quot;&gt;&lt;b&gt;Use the per-row scale&lt;/b&gt;&lt;/a&gt; to see where each token looks most.</source>
        <translation>
            <numerusform>%n token: on the 0 to 1 scale most weights are too small to tell apart. &lt;a href=&quot;rowmax&quot;&gt;&lt;b&gt;Use the per-row scale&lt;/b&gt;&lt;/a&gt; to see where each token looks most.</numerusform>
            <numerusform>%n tokens: on the 0 to 1 scale most weights are too small to tell apart. &lt;a href=&quot;rowmax&quot;&gt;&lt;b&gt;Use the per-row scale&lt;/b&gt;&lt;/a&gt; to see where each token looks most.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::InductionView</name>
    <message numerus="yes">
        <source> (with %n head(s) switched off)</source>
        <translation>
            <numerusform> (with %n head switched off)</numerusform>
            <numerusform> (with %n heads switched off)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Switch &amp;all %n induction head(s) off</source>
        <translation>
            <numerusform>Switch &amp;all %n induction head off</numerusform>
            <numerusform>Switch &amp;all %n induction heads off</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::MainWindow</name>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::TypingUpdates</name>
    <message numerus="yes">
        <source>%n token(s): %1 reused from the last run, %2 computed</source>
        <translation>
            <numerusform>%n token: %1 reused from the last run, %2 computed</numerusform>
            <numerusform>%n tokens: %1 reused from the last run, %2 computed</numerusform>
        </translation>
    </message>
</context>
</TS>
