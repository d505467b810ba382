<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AttentionDocument</name>
    <message>
        <source>Drawing all heads…</source>
        <translation>正在绘制所有头……</translation>
    </message>
    <message>
        <source>Computing head statistics…</source>
        <translation>正在计算头的统计……</translation>
    </message>
    <message>
        <source>Computing attention rollout…</source>
        <translation>正在计算注意力展开……</translation>
    </message>
    <message>
        <source>The text has more than %1 tokens, the most %2 accepts (its maximum positions).</source>
        <translation>文本超过 %1 个词元，这是 %2 能接受的最大数目（它的最大位置数）。</translation>
    </message>
    <message>
        <source>computing attention</source>
        <translation>计算注意力</translation>
    </message>
</context>
<context>
    <name>BreakdownText</name>
    <message>
        <source>How much does %1 look for %2?</source>
        <translation>%1 在多大程度上寻找 %2？</translation>
    </message>
    <message numerus="yes">
        <source>Multiply the query of %1 and the key of %2 number by number, then add up all %n products.</source>
        <translation>
            <numerusform>把 %1 的查询与 %2 的键逐个数相乘，再把全部 %n 个乘积相加。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more terms (together %1)</source>
        <translation>
            <numerusform>……另有 %n 项（合计 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>Shown: the %1 largest terms by size; [d] is the position in the row.</source>
        <translation>显示：按大小排列的前 %1 项；[d] 是该项在行中的位置。</translation>
    </message>
    <message>
        <source>Scaled: %1 ÷ √%2 = %1 ÷ %3 = &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>缩放：%1 ÷ √%2 = %1 ÷ %3 = &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Scaled: %1 × %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>缩放：%1 × %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Softcapped: %1 · tanh(%2 ÷ %1) = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>软上限：%1 · tanh(%2 ÷ %1) = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Masked: %1 comes after %2, so %2 may not look at it. The score becomes &lt;b&gt;−∞&lt;/b&gt;.</source>
        <translation>已掩码：%1 在 %2 之后，所以 %2 不能看它。分数变为 &lt;b&gt;−∞&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Masked: %1 is %2 tokens before %3, outside its window of the last %4 tokens. The score becomes &lt;b&gt;−∞&lt;/b&gt;.</source>
        <translation>已掩码：%1 在 %3 之前 %2 个词元处，超出了它最近 %4 个词元的窗口。分数变为 &lt;b&gt;−∞&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Not masked: %1 is among the last %2 tokens up to %3, so the score stays.</source>
        <translation>未掩码：%1 在截至 %3 的最近 %2 个词元之内，所以分数保持不变。</translation>
    </message>
    <message>
        <source>Not masked: %1 does not come after %2, so the score stays.</source>
        <translation>未掩码：%1 不在 %2 之后，所以分数保持不变。</translation>
    </message>
    <message>
        <source>No mask in this model: the score stays.</source>
        <translation>此模型没有掩码：分数保持不变。</translation>
    </message>
    <message>
        <source>Softmax of the row of %1</source>
        <translation>%1 这一行的 softmax</translation>
    </message>
    <message>
        <source>1. Subtract the largest score, max = %1 (it keeps the powers small and does not change the result).&lt;br&gt;2. Take e to the power of each: exp(score − max).&lt;br&gt;3. Divide each by their sum.</source>
        <translation>1. 减去最大的分数 max = %1（这样指数不会太大，结果也不变）。&lt;br&gt;2. 对每个分数取 e 的幂：exp(score − max)。&lt;br&gt;3. 每个值除以它们的总和。</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>exp(score − max)</source>
        <translation>exp(score − max)</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message numerus="yes">
        <source>… %n more tokens with smaller weights</source>
        <translation>
            <numerusform>……另有 %n 个权重较小的词元</numerusform>
        </translation>
    </message>
    <message>
        <source>Sum of the exps = &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>各 exp 之和 = &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>weight of %1 = 0 ÷ %2 = &lt;b&gt;0&lt;/b&gt; (masked: exp(−∞) = 0)</source>
        <translation>%1 的权重 = 0 ÷ %2 = &lt;b&gt;0&lt;/b&gt;（已掩码：exp(−∞) = 0）</translation>
    </message>
    <message>
        <source>weight of %1 = %2 ÷ %3 = &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>%1 的权重 = %2 ÷ %3 = &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>… %n more (together %1)</source>
        <translation>
            <numerusform>……另有 %n 项（合计 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>The output of %1 mixes the value rows</source>
        <translation>%1 的输出混合了各值行</translation>
    </message>
    <message>
        <source>Each token&apos;s value row is multiplied by how much %1 attends to it; the results are added up. Largest weights first:</source>
        <translation>每个词元的值行乘以 %1 对它的注意力，再把结果相加。权重最大的在前：</translation>
    </message>
    <message numerus="yes">
        <source>… %n more (their weights add up to %1)</source>
        <translation>
            <numerusform>……另有 %n 项（它们的权重合计 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>Number by number:</source>
        <translation>逐个数：</translation>
    </message>
    <message>
        <source>Click a cell to see its score worked out: query row times key row.</source>
        <translation>点击一个单元格，查看它的分数如何算出：查询行乘以键行。</translation>
    </message>
    <message>
        <source>Click a cell to see how softmax turns that row of scores into weights.</source>
        <translation>点击一个单元格，查看 softmax 如何把这一行分数变成权重。</translation>
    </message>
    <message>
        <source>Click a row to see how it mixes the value rows.</source>
        <translation>点击一行，查看它如何混合各值行。</translation>
    </message>
    <message>
        <source>Click a row to see the angle each pair of that token&apos;s query is turned by.</source>
        <translation>点击一行，查看该词元查询中每一对数旋转的角度。</translation>
    </message>
    <message>
        <source>How the query of “%1” (position %2) is turned</source>
        <translation>“%1”（位置 %2）的查询如何旋转</translation>
    </message>
    <message>
        <source>Each pair of numbers is a point that turns by its own angle θ = position × the pair&apos;s frequency: (x, y) → (x·cos θ − y·sin θ, y·cos θ + x·sin θ). The same angles turn the key of this position.</source>
        <translation>每一对数是一个点，按自己的角度 θ = 位置 × 该对的频率旋转：(x, y) → (x·cos θ − y·sin θ, y·cos θ + x·sin θ)。同样的角度也旋转这个位置的键。</translation>
    </message>
    <message>
        <source>cos θ and sin θ are multiplied by %1 (the model&apos;s rope scaling), so each pair also grows by that factor.</source>
        <translation>cos θ 和 sin θ 乘以 %1（模型的 RoPE 缩放），所以每一对也按这个倍数变大。</translation>
    </message>
    <message>
        <source>Only the first %1 of the %2 dimensions are turned; %1 to %3 pass unchanged.</source>
        <translation>%2 个维度中只有前 %1 个被旋转；%1 到 %3 保持不变。</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>对</translation>
    </message>
    <message>
        <source>dims</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>θ (rad)</source>
        <translation>θ（弧度）</translation>
    </message>
    <message>
        <source>θ (°)</source>
        <translation>θ（°）</translation>
    </message>
    <message>
        <source>before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>after</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Cross-attention has no mask: every target token may read the whole source sentence, so the score stays.</source>
        <translation>交叉注意力没有掩码：每个目标词元都可以读取整个源句，所以分数保持不变。</translation>
    </message>
    <message>
        <source>Masked: %1 is %2 tokens away from %3, outside its window of %4 tokens on either side. The score becomes &lt;b&gt;−∞&lt;/b&gt;.</source>
        <translation>已掩码：%1 与 %3 相距 %2 个词元，超出其两侧各 %4 个词元的窗口。分数变为 &lt;b&gt;−∞&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Not masked: %1 is within %2 tokens of %3, so the score stays.</source>
        <translation>未掩码：%1 与 %3 相距不超过 %2 个词元，所以分数保持不变。</translation>
    </message>
    <message>
        <source>sink (dropped)</source>
        <translation>汇聚点（舍去）</translation>
    </message>
    <message>
        <source>Sum of the exps, the sink&apos;s included = &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>各 exp 之和（含汇聚点的）= &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The sink&apos;s weight %1 is dropped, so the tokens&apos; weights add up to %2, not 1.</source>
        <translation>汇聚点的权重 %1 被舍去，所以各词元的权重之和为 %2，而不是 1。</translation>
    </message>
</context>
<context>
    <name>DocumentTabs</name>
    <message>
        <source>Drawing all heads…</source>
        <translation>正在绘制所有头……</translation>
    </message>
    <message>
        <source>Computing head statistics…</source>
        <translation>正在计算头的统计……</translation>
    </message>
    <message>
        <source>Computing attention rollout…</source>
        <translation>正在计算注意力展开……</translation>
    </message>
    <message>
        <source>Computing the step-by-step matrices…</source>
        <translation>正在计算逐步矩阵……</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to walk through one head step by step.</source>
        <translation>输入一个句子并按回车，逐步了解一个头的计算过程。</translation>
    </message>
    <message>
        <source>&amp;Heatmap</source>
        <translation>热力图(&amp;H)</translation>
    </message>
    <message>
        <source>Selected token %1: &quot;%2&quot;</source>
        <translation>已选择词元 %1：“%2”</translation>
    </message>
    <message>
        <source>&amp;All heads</source>
        <translation>所有头(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>S&amp;tatistics</source>
        <translation>统计(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Rollout</source>
        <translation>注意力展开(&amp;R)</translation>
    </message>
    <message>
        <source>Ste&amp;p by step</source>
        <translation>逐步讲解(&amp;P)</translation>
    </message>
    <message>
        <source>L&amp;ines</source>
        <translation>线条(&amp;I)</translation>
    </message>
    <message>
        <source>To&amp;ken pair</source>
        <translation>词元对(&amp;K)</translation>
    </message>
    <message>
        <source>Head r&amp;oles</source>
        <translation>头角色(&amp;O)</translation>
    </message>
    <message>
        <source>Opening the document where the head plays its role…</source>
        <translation>正在打开该头最能体现其角色的文档…</translation>
    </message>
    <message>
        <source>In&amp;duction</source>
        <translation>归纳(&amp;D)</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>&apos;%1&apos; has an empty item; expected L.H or L.H:mean between the commas</source>
        <translation>“%1”中有一个空项；逗号之间应为 L.H 或 L.H:mean</translation>
    </message>
    <message>
        <source>only %1 of %2 bytes could be written</source>
        <translation>%2 字节中只写入了 %1 字节</translation>
    </message>
    <message>
        <source>no file name</source>
        <translation>没有文件名</translation>
    </message>
    <message>
        <source>the file cannot be created</source>
        <translation>无法创建文件</translation>
    </message>
    <message>
        <source>the content could not be produced</source>
        <translation>无法生成内容</translation>
    </message>
    <message>
        <source>the data could not be written</source>
        <translation>无法写入数据</translation>
    </message>
    <message>
        <source>the file could not be replaced</source>
        <translation>无法替换文件</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation>无法写入“%1”：%2</translation>
    </message>
    <message>
        <source>ablation %1: layer %2 is out of range: %3 has layers 0..%4</source>
        <translation>关闭头 %1：第 %2 层超出范围：%3 的层为 0 到 %4</translation>
    </message>
    <message>
        <source>ablation %1: head %2 is out of range: %3 has heads 0..%4</source>
        <translation>关闭头 %1：头 %2 超出范围：%3 的头为 0 到 %4</translation>
    </message>
    <message>
        <source>head %1.%2 is ablated twice</source>
        <translation>头 %1.%2 被关闭了两次</translation>
    </message>
    <message>
        <source>layer %1 has %2 attention heads, but the model summary says %3</source>
        <translation>第 %1 层有 %2 个注意力头，但模型概要说是 %3 个</translation>
    </message>
    <message>
        <source>input of the attention block</source>
        <translation>注意力块的输入</translation>
    </message>
    <message>
        <source>attention output</source>
        <translation>注意力输出</translation>
    </message>
    <message>
        <source>no tokens to run: the input is empty</source>
        <translation>没有可运行的词元：输入为空</translation>
    </message>
    <message>
        <source>input has %1 tokens; %2 accepts at most %3 (max positions)</source>
        <translation>输入有 %1 个词元；%2 最多接受 %3 个（最大位置数）</translation>
    </message>
    <message>
        <source>token id %1 at position %2 is outside the vocabulary (expected 0..%3)</source>
        <translation>位置 %2 的词元 id %1 超出了词表范围（应为 0 到 %3）</translation>
    </message>
    <message>
        <source>token &apos;%1&apos; has id %2 but the model&apos;s embedding has %3 rows</source>
        <translation>词元“%1”的 id 为 %2，但模型的嵌入只有 %3 行</translation>
    </message>
    <message>
        <source>layer %1 is out of range: %2 has layers 0..%3</source>
        <translation>第 %1 层超出范围：%2 的层为 0 到 %3</translation>
    </message>
    <message>
        <source>head %1 is out of range: %2 has heads 0..%3</source>
        <translation>头 %1 超出范围：%2 的头为 0 到 %3</translation>
    </message>
    <message>
        <source>final hidden state</source>
        <translation>最终隐藏状态</translation>
    </message>
    <message>
        <source>layer %1&apos;s %2</source>
        <translation>第 %1 层的%2</translation>
    </message>
    <message>
        <source>the %1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>%1: %2 holds NaN or Inf values; %3</source>
        <translation>%1：%2中出现了 NaN 或 Inf 值；%3</translation>
    </message>
    <message>
        <source>the weights are finite, so the numbers overflowed</source>
        <translation>权重都是有限值，所以是计算时数值溢出了</translation>
    </message>
    <message>
        <source>weights with NaN or Inf: %1</source>
        <translation>含有 NaN 或 Inf 的权重：%1</translation>
    </message>
    <message>
        <source>%1 has no output head, so it predicts no tokens</source>
        <translation>%1 没有输出头，所以不预测任何词元</translation>
    </message>
    <message>
        <source>%1, a model folder, a .gguf file, ollama:NAME[:TAG], lmstudio:PUBLISHER/MODEL</source>
        <translation>%1、模型文件夹、.gguf 文件、ollama:NAME[:TAG]、lmstudio:PUBLISHER/MODEL</translation>
    </message>
    <message>
        <source>unknown built-in model &apos;%1&apos; (available: %2)</source>
        <translation>未知的内置模型“%1”（可用：%2）</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; is a file; expected a model folder holding config.json</source>
        <translation>模型“%1”是一个文件；应为包含 config.json 的模型文件夹</translation>
    </message>
    <message>
        <source>model folder &apos;%1&apos; has no config.json</source>
        <translation>模型文件夹“%1”中没有 config.json</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found: no such folder, and not in the Hugging Face cache %2 (download it first, e.g. with &apos;headmap-cli download %1&apos;; built in: %3)</source>
        <translation>找不到模型“%1”：没有这个文件夹，Hugging Face 缓存 %2 中也没有（请先下载，例如用“headmap-cli download %1”；内置模型：%3）</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found: expected %2 or a Hugging Face model id</source>
        <translation>找不到模型“%1”：应为 %2 或 Hugging Face 模型 id</translation>
    </message>
    <message>
        <source>GGUF file &apos;%1&apos; does not exist</source>
        <translation>GGUF 文件“%1”不存在</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a GGUF file but a folder</source>
        <translation>“%1”不是 GGUF 文件，而是一个文件夹</translation>
    </message>
    <message>
        <source>no model given (expected %1)</source>
        <translation>没有给出模型（应为 %1）</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1为空</translation>
    </message>
    <message>
        <source>%1 holds only white space, and %2&apos;s tokenizer makes no tokens of it</source>
        <translation>%1只包含空白字符，%2 的分词器无法从中得到任何词元</translation>
    </message>
    <message>
        <source>%1 makes no tokens for %2</source>
        <translation>%2 无法从%1中得到任何词元</translation>
    </message>
    <message>
        <source>the text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>the second text of the pair</source>
        <translation>句子对中的第二段文本</translation>
    </message>
    <message>
        <source>the text has more than %1 tokens; %2 accepts at most %3 (max positions)</source>
        <translation>文本超过 %1 个词元；%2 最多接受 %3 个（最大位置数）</translation>
    </message>
    <message>
        <source>%1 has no beginning-of-text token to prepend</source>
        <translation>%1 没有可加在开头的文本起始词元</translation>
    </message>
    <message>
        <source>temperature must be 0 or more, got %1</source>
        <translation>温度必须大于或等于 0，实际为 %1</translation>
    </message>
    <message>
        <source>no scores to turn into probabilities</source>
        <translation>没有可转换为概率的分数</translation>
    </message>
    <message>
        <source>the output head gave no finite score</source>
        <translation>输出头没有给出任何有限的分数</translation>
    </message>
    <message>
        <source>KL divergence of distributions of different sizes (%1 and %2)</source>
        <translation>无法计算大小不同的分布（%1 和 %2）之间的 KL 散度</translation>
    </message>
    <message>
        <source>KL divergence of predictions over different tokens</source>
        <translation>无法计算针对不同词元的预测之间的 KL 散度</translation>
    </message>
    <message>
        <source>no prediction: the forward pass did not finish</source>
        <translation>没有预测：前向计算没有完成</translation>
    </message>
    <message>
        <source>prediction position %1 is outside the %2 tokens (expected 0..%3)</source>
        <translation>预测位置 %1 超出了 %2 个词元的范围（应为 0 到 %3）</translation>
    </message>
    <message>
        <source>top-k must be at least 1, got %1</source>
        <translation>top-k 必须至少为 1，实际为 %1</translation>
    </message>
    <message>
        <source>%1 predicts only the words of its input, and this input has none</source>
        <translation>%1 只预测其输入中的词，而这个输入中没有词</translation>
    </message>
    <message>
        <source>no tokens to predict at</source>
        <translation>没有可以进行预测的词元位置</translation>
    </message>
    <message>
        <source>this model&apos;s tokenizer does not take sentence pairs</source>
        <translation>此模型的分词器不接受句子对</translation>
    </message>
    <message>
        <source>byte %1 is no complete character</source>
        <translation>字节 %1 不是完整的字符</translation>
    </message>
    <message>
        <source>part of %1 (%2), %3 of %4</source>
        <translation>%1（%2）的一部分，%4 个字节中的%3</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>第 %1 个字节</translation>
    </message>
    <message>
        <source>bytes %1–%2</source>
        <translation>第 %1–%2 个字节</translation>
    </message>
    <message>
        <source>piece &quot;%1&quot;</source>
        <translation>片段 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>bytes %1</source>
        <translation>字节 %1</translation>
    </message>
    <message>
        <source>special token &quot;%1&quot;</source>
        <translation>特殊词元 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>word of pieces %1</source>
        <translation>由片段 %1 组成的词</translation>
    </message>
    <message>
        <source>␣ space</source>
        <translation>␣ 空格</translation>
    </message>
    <message>
        <source>\n newline</source>
        <translation>\n 换行</translation>
    </message>
    <message>
        <source>\t tab</source>
        <translation>\t 制表符</translation>
    </message>
    <message>
        <source>\r return</source>
        <translation>\r 回车</translation>
    </message>
    <message>
        <source>## continues the word before</source>
        <translation>## 接续前面的词</translation>
    </message>
    <message>
        <source>多¹⁄₃ byte 1 of the character&apos;s 3 bytes</source>
        <translation>多¹⁄₃ 该字符 3 个字节中的第 1 个</translation>
    </message>
    <message>
        <source>&lt;0xE5&gt; a byte that is no character</source>
        <translation>&lt;0xE5&gt; 不构成字符的单个字节</translation>
    </message>
    <message>
        <source>␣ space (GPT-2&apos;s Ġ, SentencePiece&apos;s ▁ word start) · \n newline · \t tab · ## continues the word before · 多¹⁄₃ byte 1 of the character&apos;s 3 bytes, 多²⁻³⁄₃ bytes 2–3 · &lt;0xE5&gt; a byte that is no character</source>
        <translation>␣ 空格（GPT-2 的 Ġ、SentencePiece 的 ▁ 词首）· \n 换行 · \t 制表符 · ## 接续前面的词 · 多¹⁄₃ 该字符 3 个字节中的第 1 个，多²⁻³⁄₃ 第 2–3 个字节 · &lt;0xE5&gt; 不构成字符的单个字节</translation>
    </message>
    <message>
        <source>checkpoint index %1: %2</source>
        <translation>检查点索引 %1：%2</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>以及另外 %1 个</translation>
    </message>
    <message>
        <source>cannot be opened: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>is %1 bytes, more than the %2 allowed</source>
        <translation>大小为 %1 字节，超过了允许的 %2 字节</translation>
    </message>
    <message>
        <source>is not valid JSON (%1 at byte %2)</source>
        <translation>不是有效的 JSON（%1，位于第 %2 字节）</translation>
    </message>
    <message>
        <source>is not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>has no weight_map</source>
        <translation>没有 weight_map</translation>
    </message>
    <message>
        <source>weight_map is not an object of tensor name -&gt; shard file</source>
        <translation>weight_map 不是从张量名映射到分片文件的对象</translation>
    </message>
    <message>
        <source>weight_map is empty</source>
        <translation>weight_map 为空</translation>
    </message>
    <message>
        <source>weight_map entry for tensor %1 is not a string</source>
        <translation>张量 %1 的 weight_map 条目不是字符串</translation>
    </message>
    <message>
        <source>shard %1 (for tensor %2) is not a plain file name inside the folder</source>
        <translation>分片 %1（用于张量 %2）不是该文件夹内的普通文件名</translation>
    </message>
    <message>
        <source>1 shard</source>
        <translation>1 个分片</translation>
    </message>
    <message>
        <source>%1 shards</source>
        <translation>%1 个分片</translation>
    </message>
    <message>
        <source>model folder %1 does not exist</source>
        <translation>模型文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>model folder %1 is not a folder</source>
        <translation>模型文件夹 %1 不是文件夹</translation>
    </message>
    <message>
        <source>lists shard %1 (for tensor %2%3), but the folder has no such file</source>
        <translation>列出了分片 %1（用于张量 %2%3），但文件夹中没有这个文件</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> 及另外 %1 个</translation>
    </message>
    <message>
        <source>puts tensor %1 in shard %2, which has no such tensor</source>
        <translation>把张量 %1 放在分片 %2 中，但该分片中没有这个张量</translation>
    </message>
    <message>
        <source>folder %1 has no model.safetensors or model.safetensors.index.json (pytorch_model.bin is not supported: convert it to safetensors)</source>
        <translation>文件夹 %1 中没有 model.safetensors 或 model.safetensors.index.json（不支持 pytorch_model.bin：请把它转换为 safetensors）</translation>
    </message>
    <message>
        <source>folder %1 has no model.safetensors or model.safetensors.index.json, only %2 (pytorch_model.bin, .h5 and .msgpack weights are not supported: convert them to safetensors)</source>
        <translation>文件夹 %1 中没有 model.safetensors 或 model.safetensors.index.json，只有 %2（不支持 pytorch_model.bin、.h5 和 .msgpack 权重：请把它们转换为 safetensors）</translation>
    </message>
    <message>
        <source>checkpoint %1: tensor %2 is in two shards, %3 and %4</source>
        <translation>检查点 %1：张量 %2 同时出现在两个分片 %3 和 %4 中</translation>
    </message>
    <message>
        <source>checkpoint %1 (%2) has no tensor %3</source>
        <translation>检查点 %1（%2）中没有张量 %3</translation>
    </message>
    <message>
        <source>unknown type %1</source>
        <translation>未知类型 %1</translation>
    </message>
    <message>
        <source>is a folder; expected a file</source>
        <translation>是一个文件夹；应为文件</translation>
    </message>
    <message>
        <source>cannot be memory-mapped: %1</source>
        <translation>无法进行内存映射：%1</translation>
    </message>
    <message>
        <source>has no tensor %1</source>
        <translation>没有张量 %1</translation>
    </message>
    <message>
        <source>tensor %1 has type %2, which Headmap cannot dequantise (it reads %3)</source>
        <translation>张量 %1 的类型为 %2，Headmap 无法对其反量化（它能读取 %3）</translation>
    </message>
    <message>
        <source>not enough memory to convert tensor %1 (%2 elements of %3)</source>
        <translation>内存不足，无法转换张量 %1（%2 个 %3 元素）</translation>
    </message>
    <message>
        <source>tensor %1 has %2 elements, more than this machine can hold</source>
        <translation>张量 %1 有 %2 个元素，超出了这台机器能容纳的数量</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>张量 %1</translation>
    </message>
    <message>
        <source>appears twice (tensor infos #%1 and #%2)</source>
        <translation>出现了两次（张量信息 #%1 和 #%2）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 element %2</source>
        <translation>%1 的元素 %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3 bytes is more than the %4 allowed</source>
        <translation>%1：%2（%3 字节）超过了允许的 %4 字节</translation>
    </message>
    <message>
        <source>is not a GGUF file: it starts with bytes %1 (expected 47 47 55 46, &quot;GGUF&quot;)</source>
        <translation>不是 GGUF 文件：它以字节 %1 开头（应为 47 47 55 46，即 &quot;GGUF&quot;）</translation>
    </message>
    <message>
        <source>is GGUF version 1, the 2023 format with 32-bit lengths, which Headmap does not read (expected version 2 or 3); convert the model again with a current llama.cpp</source>
        <translation>是 GGUF 版本 1，即 2023 年使用 32 位长度的格式，Headmap 不读取这种格式（应为版本 2 或 3）；请用当前版本的 llama.cpp 重新转换模型</translation>
    </message>
    <message>
        <source>is a big-endian GGUF file (version %1 byte-swapped); Headmap reads little-endian files only</source>
        <translation>是大端序的 GGUF 文件（字节交换后的版本为 %1）；Headmap 只读取小端序文件</translation>
    </message>
    <message>
        <source>has GGUF version %1; Headmap reads versions 2 and 3</source>
        <translation>GGUF 版本为 %1；Headmap 只读取版本 2 和 3</translation>
    </message>
    <message>
        <source>%1 is %2, more than the %3 allowed</source>
        <translation>%1 为 %2，超过了允许的 %3</translation>
    </message>
    <message>
        <source>%1 is %2, more than the file can hold: each entry takes at least %3 bytes and %4 bytes remain after offset %5</source>
        <translation>%1 为 %2，超过了文件能容纳的数量：每个条目至少占 %3 字节，而偏移 %5 之后只剩 %4 字节</translation>
    </message>
    <message>
        <source>metadata key #%1</source>
        <translation>元数据键 #%1</translation>
    </message>
    <message>
        <source>metadata key #%1 has an empty name</source>
        <translation>元数据键 #%1 的名称为空</translation>
    </message>
    <message>
        <source>metadata key %1</source>
        <translation>元数据键 %1</translation>
    </message>
    <message>
        <source>appears twice (the second time as key #%1)</source>
        <translation>出现了两次（第二次是键 #%1）</translation>
    </message>
    <message>
        <source>has unknown value type %1 (expected 0 to 12)</source>
        <translation>具有未知的值类型 %1（应为 0 到 12）</translation>
    </message>
    <message>
        <source>is a BOOL stored as byte %1; expected 0 or 1</source>
        <translation>是以字节 %1 存储的 BOOL；应为 0 或 1</translation>
    </message>
    <message>
        <source>nests arrays more than %1 deep</source>
        <translation>的数组嵌套超过了 %1 层</translation>
    </message>
    <message>
        <source>is an array of unknown value type %1 (expected 0 to 12)</source>
        <translation>是未知值类型 %1 的数组（应为 0 到 12）</translation>
    </message>
    <message>
        <source>is an array of %1 elements, more than the %2 allowed</source>
        <translation>是包含 %1 个元素的数组，超过了允许的 %2 个</translation>
    </message>
    <message>
        <source>is an array of %1 %2 elements, which needs at least %3 bytes, but only %4 remain after offset %5</source>
        <translation>是包含 %1 个 %2 元素的数组，至少需要 %3 字节，但偏移 %5 之后只剩 %4 字节</translation>
    </message>
    <message>
        <source>metadata key &apos;general.alignment&apos; is %1; expected a UINT32</source>
        <translation>元数据键“general.alignment”为 %1；应为 UINT32</translation>
    </message>
    <message>
        <source>metadata key &apos;general.alignment&apos; is %1; expected a power of two</source>
        <translation>元数据键“general.alignment”为 %1；应为 2 的幂</translation>
    </message>
    <message>
        <source>tensor info #%1</source>
        <translation>张量信息 #%1</translation>
    </message>
    <message>
        <source>tensor info #%1 has an empty name</source>
        <translation>张量信息 #%1 的名称为空</translation>
    </message>
    <message>
        <source>has %1 dimensions; expected 1 to %2</source>
        <translation>有 %1 个维度；应为 1 到 %2 个</translation>
    </message>
    <message>
        <source>has ne[%1] = 0; expected every dimension to be at least 1</source>
        <translation>的 ne[%1] = 0；每个维度都应至少为 1</translation>
    </message>
    <message>
        <source>has ne[%1] = %2, beyond the largest signed 64-bit integer</source>
        <translation>的 ne[%1] = %2，超出了最大的有符号 64 位整数</translation>
    </message>
    <message>
        <source>has dims %1, whose element count overflows 64 bits</source>
        <translation>的维度为 %1，其元素数超出 64 位范围</translation>
    </message>
    <message>
        <source>has unknown ggml type %1</source>
        <translation>具有未知的 ggml 类型 %1</translation>
    </message>
    <message>
        <source>of type %1 has ne[0] = %2, not a multiple of the block size %3</source>
        <translation>的类型为 %1，其 ne[0] = %2 不是块大小 %3 的倍数</translation>
    </message>
    <message>
        <source>of type %1 with dims %2 has a byte size that overflows 64 bits</source>
        <translation>的类型为 %1、维度为 %2，其字节大小超出 64 位范围</translation>
    </message>
    <message>
        <source>has data offset %1, not a multiple of the alignment %2</source>
        <translation>的数据偏移 %1 不是对齐值 %2 的倍数</translation>
    </message>
    <message>
        <source>has data offset %1, which with its %2 bytes overflows 64 bits</source>
        <translation>的数据偏移 %1 加上它的 %2 字节会超出 64 位范围</translation>
    </message>
    <message>
        <source>(%1, dims %2) occupies bytes %3 of the data section, which has only %4 bytes (from offset %5 to the end of the file)</source>
        <translation>（%1，维度 %2）占用数据区的字节 %3，但数据区只有 %4 字节（从偏移 %5 到文件末尾）</translation>
    </message>
    <message>
        <source>tensors %1 %2 and %3 %4 overlap</source>
        <translation>张量 %1 %2 和 %3 %4 重叠</translation>
    </message>
    <message>
        <source>a %1</source>
        <translation>%1 类型的值</translation>
    </message>
    <message>
        <source>GGUF file %1: %2</source>
        <translation>GGUF 文件 %1：%2</translation>
    </message>
    <message>
        <source>ARRAY of %1</source>
        <translation>ARRAY（元素为 %1）</translation>
    </message>
    <message>
        <source>has no metadata key %1</source>
        <translation>没有元数据键 %1</translation>
    </message>
    <message>
        <source>metadata key %1 is %2; expected %3</source>
        <translation>元数据键 %1 为 %2；应为 %3</translation>
    </message>
    <message>
        <source>a STRING</source>
        <translation>STRING</translation>
    </message>
    <message>
        <source>metadata key %1 is %2; expected a non-negative integer</source>
        <translation>元数据键 %1 为 %2；应为非负整数</translation>
    </message>
    <message>
        <source>an unsigned integer</source>
        <translation>无符号整数</translation>
    </message>
    <message>
        <source>metadata key %1 is %2, beyond the largest signed 64-bit integer</source>
        <translation>元数据键 %1 为 %2，超出了最大的有符号 64 位整数</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a FLOAT32 or FLOAT64</source>
        <translation>FLOAT32 或 FLOAT64</translation>
    </message>
    <message>
        <source>a BOOL</source>
        <translation>BOOL</translation>
    </message>
    <message>
        <source>an ARRAY of STRING</source>
        <translation>ARRAY（元素为 STRING）</translation>
    </message>
    <message>
        <source>an ARRAY of FLOAT32 or FLOAT64</source>
        <translation>ARRAY（元素为 FLOAT32 或 FLOAT64）</translation>
    </message>
    <message>
        <source>an ARRAY of integers</source>
        <translation>ARRAY（元素为整数）</translation>
    </message>
    <message>
        <source>metadata key %1 element %2 is %3, beyond the largest signed 64-bit integer</source>
        <translation>元数据键 %1 的元素 %2 为 %3，超出了最大的有符号 64 位整数</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>一个文件夹</translation>
    </message>
    <message>
        <source>a FIFO</source>
        <translation>一个 FIFO</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>一个字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>一个块设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>一个套接字</translation>
    </message>
    <message>
        <source>not a file Headmap can read</source>
        <translation>一种 Headmap 无法读取的文件</translation>
    </message>
    <message>
        <source>does not exist</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>is not a regular file (it is %1)</source>
        <translation>不是普通文件（它是%1）</translation>
    </message>
    <message>
        <source>is not a regular file (it leads to %1, which is %2)</source>
        <translation>不是普通文件（它指向 %1，而那是%2）</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too large for %3 (at most %4)</source>
        <translation>%1：%2 字节对于%3来说太大（最多 %4 字节）</translation>
    </message>
    <message>
        <source>%1: read %2 of %3 bytes: %4</source>
        <translation>%1：只读取了 %3 字节中的 %2 字节：%4</translation>
    </message>
    <message>
        <source>header over the limit: header says %1 bytes, more than the %2 allowed</source>
        <translation>头部超出限制：头部声明为 %1 字节，超过了允许的 %2 字节</translation>
    </message>
    <message>
        <source>header longer than the file: header says %1 bytes but the file has only %2 after the length</source>
        <translation>头部比文件还长：头部声明为 %1 字节，但长度字段之后文件只有 %2 字节</translation>
    </message>
    <message>
        <source>tensor %1 has dtype %2; expected a float type (F32, F16 or BF16)</source>
        <translation>张量 %1 的 dtype 为 %2；应为浮点类型（F32、F16 或 BF16）</translation>
    </message>
    <message>
        <source>rows %1 + %2 are outside tensor %3 of shape %4</source>
        <translation>第 %1 行起的 %2 行超出了形状为 %4 的张量 %3 的范围</translation>
    </message>
    <message>
        <source>the number %1</source>
        <translation>数字 %1</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>tensor %1 %2</source>
        <translation>张量 %1 %2</translation>
    </message>
    <message>
        <source>__metadata__ is %1; expected an object of strings</source>
        <translation>__metadata__ 为%1；应为由字符串组成的对象</translation>
    </message>
    <message>
        <source>__metadata__ value %1 is %2; expected a string</source>
        <translation>__metadata__ 的值 %1 为%2；应为字符串</translation>
    </message>
    <message>
        <source>is %1; expected an object with dtype, shape and data_offsets</source>
        <translation>为%1；应为包含 dtype、shape 和 data_offsets 的对象</translation>
    </message>
    <message>
        <source>has no dtype</source>
        <translation>没有 dtype</translation>
    </message>
    <message>
        <source>dtype is %1; expected a string</source>
        <translation>的 dtype 为%1；应为字符串</translation>
    </message>
    <message>
        <source>has unknown dtype %1 (expected one of %2)</source>
        <translation>的 dtype %1 未知（应为以下之一：%2）</translation>
    </message>
    <message>
        <source>has no shape</source>
        <translation>没有 shape</translation>
    </message>
    <message>
        <source>shape is %1; expected an array of non-negative integers</source>
        <translation>的 shape 为%1；应为由非负整数组成的数组</translation>
    </message>
    <message>
        <source>shape[%1] is %2; expected a non-negative integer</source>
        <translation>的 shape[%1] 为%2；应为非负整数</translation>
    </message>
    <message>
        <source>has no data_offsets</source>
        <translation>没有 data_offsets</translation>
    </message>
    <message>
        <source>data_offsets is %1; expected an array [begin, end]</source>
        <translation>的 data_offsets 为%1；应为数组 [begin, end]</translation>
    </message>
    <message>
        <source>an array of %1 values</source>
        <translation>包含 %1 个值的数组</translation>
    </message>
    <message>
        <source>data_offsets %1 is %2; expected a non-negative integer</source>
        <translation>的 data_offsets %1 为%2；应为非负整数</translation>
    </message>
    <message>
        <source>has data_offsets %1: begin after end</source>
        <translation>的 data_offsets %1 有误：起点在终点之后</translation>
    </message>
    <message>
        <source>has data_offsets %1 past the end of the data area, which has %2 bytes</source>
        <translation>的 data_offsets %1 超出了数据区的末尾，数据区只有 %2 字节</translation>
    </message>
    <message>
        <source>has shape %1 of %2, whose byte size overflows 64 bits</source>
        <translation>的形状为 %1、类型为 %2，其字节大小超出 64 位范围</translation>
    </message>
    <message>
        <source>has wrong byte length: shape %1 of %2 needs %3 bytes but data_offsets %4 hold %5</source>
        <translation>的字节长度错误：形状 %1、类型 %2 需要 %3 字节，但 data_offsets %4 对应 %5 字节</translation>
    </message>
    <message>
        <source>safetensors file %1: %2</source>
        <translation>safetensors 文件 %1：%2</translation>
    </message>
    <message>
        <source>header is not valid UTF-8 JSON (%1 at byte %2)</source>
        <translation>头部不是有效的 UTF-8 JSON（%1，位于第 %2 字节）</translation>
    </message>
    <message>
        <source>header is a JSON array; expected an object</source>
        <translation>头部是 JSON 数组；应为对象</translation>
    </message>
    <message>
        <source>header is a JSON value; expected an object</source>
        <translation>头部是单个 JSON 值；应为对象</translation>
    </message>
    <message>
        <source>the unknown token &quot;%1&quot; is not in the vocabulary</source>
        <translation>未知词元 &quot;%1&quot; 不在词表中</translation>
    </message>
    <message>
        <source>merge %1 (&quot;%2 %3&quot;) refers to &quot;%4&quot;, which is not in the vocabulary</source>
        <translation>合并规则 %1（&quot;%2 %3&quot;）引用的 &quot;%4&quot; 不在词表中</translation>
    </message>
    <message>
        <source>metadata key %1 is %2, a pre-tokenizer Headmap does not know (it reads %3)</source>
        <translation>元数据键 %1 为 %2，这是 Headmap 不认识的预分词器（它能读取 %3）</translation>
    </message>
    <message>
        <source>metadata key %1: %2</source>
        <translation>元数据键 %1：%2</translation>
    </message>
    <message>
        <source>BOS is to be added (%1, or llama.cpp&apos;s default for this model and pre-tokenizer), but there is no BOS token: %2 is missing and the default id is outside the vocabulary</source>
        <translation>需要添加 BOS（%1，或 llama.cpp 对此模型和预分词器的默认设置），但没有 BOS 词元：缺少 %2，而默认 id 超出了词表范围</translation>
    </message>
    <message>
        <source>EOS is to be added (%1, or llama.cpp&apos;s default for this model and pre-tokenizer), but there is no EOS token: %2 is missing and the default id is outside the vocabulary</source>
        <translation>需要添加 EOS（%1，或 llama.cpp 对此模型和预分词器的默认设置），但没有 EOS 词元：缺少 %2，而默认 id 超出了词表范围</translation>
    </message>
    <message>
        <source>metadata key %1 is missing: the file has no token list (every tokenizer needs one)</source>
        <translation>缺少元数据键 %1：文件中没有词元列表（每个分词器都需要）</translation>
    </message>
    <message>
        <source>metadata key %1 is empty</source>
        <translation>元数据键 %1 为空</translation>
    </message>
    <message>
        <source>metadata key %1 has %2 tokens, more than the %3 Headmap accepts</source>
        <translation>元数据键 %1 有 %2 个词元，超过了 Headmap 接受的 %3 个</translation>
    </message>
    <message>
        <source>metadata key %1: token %2 is listed twice, as ids %3 and %4</source>
        <translation>元数据键 %1：词元 %2 出现了两次，id 分别为 %3 和 %4</translation>
    </message>
    <message>
        <source>metadata key %1 has %2 elements, expected one per token (%3)</source>
        <translation>元数据键 %1 有 %2 个元素，应为每个词元一个（%3 个）</translation>
    </message>
    <message>
        <source>metadata key %1: the score of token %2 is %3, expected a finite number</source>
        <translation>元数据键 %1：词元 %2 的分数为 %3，应为有限数</translation>
    </message>
    <message>
        <source>metadata key %1: token %2 has type %3, expected 0 to 6 (undefined, normal, unknown, control, user-defined, unused, byte)</source>
        <translation>元数据键 %1：词元 %2 的类型为 %3，应为 0 到 6（未定义、普通、未知、控制、用户定义、未使用、字节）</translation>
    </message>
    <message>
        <source>metadata key %1 is missing: a &quot;gpt2&quot; (byte-level BPE) tokenizer needs its merges</source>
        <translation>缺少元数据键 %1：&quot;gpt2&quot;（字节级 BPE）分词器需要它的合并规则</translation>
    </message>
    <message>
        <source>metadata key %1: merge %2 is %3, expected two pieces separated by a space</source>
        <translation>元数据键 %1：合并规则 %2 为 %3，应为用空格分隔的两个片段</translation>
    </message>
    <message>
        <source>metadata key %1 is %2, outside the %3 tokens (expected 0 to %4)</source>
        <translation>元数据键 %1 为 %2，超出了 %3 个词元的范围（应为 0 到 %4）</translation>
    </message>
    <message>
        <source>metadata key %1 is missing: the file names no tokenizer</source>
        <translation>缺少元数据键 %1：文件中没有指明分词器</translation>
    </message>
    <message>
        <source>metadata key %1 is %2, Headmap reads %3</source>
        <translation>元数据键 %1 为 %2，Headmap 只读取 %3</translation>
    </message>
    <message>
        <source>token id %1 at position %2 has no entry in the vocabulary</source>
        <translation>位置 %2 的词元 id %1 在词表中没有条目</translation>
    </message>
    <message>
        <source>folder %1 has only tokenizer.model, a SentencePiece model, which Headmap does not read: it needs tokenizer.json. Download the model&apos;s tokenizer.json from its Hub page, or save one with transformers: AutoTokenizer.from_pretrained(folder).save_pretrained(folder)</source>
        <translation>文件夹 %1 中只有 tokenizer.model（SentencePiece 模型），Headmap 不读取它：需要 tokenizer.json。请从模型的 Hub 页面下载 tokenizer.json，或用 transformers 保存一个：AutoTokenizer.from_pretrained(folder).save_pretrained(folder)</translation>
    </message>
    <message>
        <source>folder %1 has no tokenizer.json, vocab.txt or vocab.json + merges.txt</source>
        <translation>文件夹 %1 中没有 tokenizer.json、vocab.txt 或 vocab.json + merges.txt</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 line %2: expected two pieces separated by a space</source>
        <translation>%1 第 %2 行：应为用空格分隔的两个片段</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, larger than the %3 bytes Headmap reads from a tokenizer file</source>
        <translation>%1 有 %2 字节，超过了 Headmap 从分词器文件中读取的上限 %3 字节</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2 at byte %3</source>
        <translation>%1 不是有效的 JSON：%2，位于第 %3 字节</translation>
    </message>
    <message>
        <source>%1 does not hold a JSON object</source>
        <translation>%1 的内容不是 JSON 对象</translation>
    </message>
    <message>
        <source>%1: type &quot;%2&quot; is not supported (Headmap reads %3)</source>
        <translation>%1：不支持类型 &quot;%2&quot;（Headmap 读取 %3）</translation>
    </message>
    <message>
        <source>%1.%2 is missing or not a list</source>
        <translation>%1.%2 缺失或不是列表</translation>
    </message>
    <message>
        <source>%1.%2 is missing or not a string</source>
        <translation>%1.%2 缺失或不是字符串</translation>
    </message>
    <message>
        <source>%1: the string is empty</source>
        <translation>%1：字符串为空</translation>
    </message>
    <message>
        <source>%1 must be {&quot;String&quot;: ...} or {&quot;Regex&quot;: ...}</source>
        <translation>%1 必须是 {&quot;String&quot;: ...} 或 {&quot;Regex&quot;: ...}</translation>
    </message>
    <message>
        <source>%1: the regex &quot;%2&quot; is not valid for PCRE2: %3 at offset %4</source>
        <translation>%1：正则表达式 &quot;%2&quot; 对 PCRE2 无效：%3，位于偏移 %4</translation>
    </message>
    <message>
        <source>%1.behavior &quot;%2&quot; is not one of Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous</source>
        <translation>%1.behavior &quot;%2&quot; 不是 Removed、Isolated、MergedWithPrevious、MergedWithNext、Contiguous 之一</translation>
    </message>
    <message>
        <source>%1.prepend_scheme &quot;%2&quot; is not one of always, first, never</source>
        <translation>%1.prepend_scheme &quot;%2&quot; 不是 always、first、never 之一</translation>
    </message>
    <message>
        <source>%1.%2 must be a [token, id] pair</source>
        <translation>%1.%2 必须是 [token, id] 对</translation>
    </message>
    <message>
        <source>%1: sequence id must be &quot;A&quot; or &quot;B&quot;</source>
        <translation>%1：Sequence 的 id 必须是 &quot;A&quot; 或 &quot;B&quot;</translation>
    </message>
    <message>
        <source>%1: special token &quot;%2&quot; is not in %3.special_tokens</source>
        <translation>%1：特殊词元 &quot;%2&quot; 不在 %3.special_tokens 中</translation>
    </message>
    <message>
        <source>%1 must be a Sequence or a SpecialToken</source>
        <translation>%1 必须是 Sequence 或 SpecialToken</translation>
    </message>
    <message>
        <source>%1.special_tokens.%2 needs as many ids as tokens</source>
        <translation>%1.special_tokens.%2 的 id 数必须与词元数相同</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 必须是对象</translation>
    </message>
    <message>
        <source>%1 has no &quot;type&quot;</source>
        <translation>%1 没有 &quot;type&quot;</translation>
    </message>
    <message>
        <source>%1.%2 must be true or false</source>
        <translation>%1.%2 必须是 true 或 false</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <source>%1: the id of &quot;%2&quot; must be an integer from 0 to %3, found %4</source>
        <translation>%1：&quot;%2&quot; 的 id 必须是 0 到 %3 之间的整数，实际为 %4</translation>
    </message>
    <message>
        <source>BertPreTokenizer, ByteLevel, Whitespace, WhitespaceSplit, Digits, Split, Metaspace and Sequence</source>
        <translation>BertPreTokenizer、ByteLevel、Whitespace、WhitespaceSplit、Digits、Split、Metaspace 和 Sequence</translation>
    </message>
    <message>
        <source>TemplateProcessing, BertProcessing, RobertaProcessing, ByteLevel and Sequence</source>
        <translation>TemplateProcessing、BertProcessing、RobertaProcessing、ByteLevel 和 Sequence</translation>
    </message>
    <message>
        <source>added_tokens must be a list</source>
        <translation>added_tokens 必须是列表</translation>
    </message>
    <message>
        <source>%1 needs an &quot;id&quot; and a &quot;content&quot;</source>
        <translation>%1 需要 &quot;id&quot; 和 &quot;content&quot;</translation>
    </message>
    <message>
        <source>%1 %2 has id %3, which the vocabulary gives to %4</source>
        <translation>%1 %2 的 id 为 %3，但词表已把这个 id 给了 %4</translation>
    </message>
    <message>
        <source>%1 %2 has id %3, which added_tokens[%4] gives to %5</source>
        <translation>%1 %2 的 id 为 %3，但 added_tokens[%4] 已把这个 id 给了 %5</translation>
    </message>
    <message>
        <source>model is missing</source>
        <translation>缺少 model</translation>
    </message>
    <message>
        <source>%1 has no &quot;type&quot; and no vocab</source>
        <translation>%1 没有 &quot;type&quot;，也没有 vocab</translation>
    </message>
    <message>
        <source>%1.%2 must be a string</source>
        <translation>%1.%2 必须是字符串</translation>
    </message>
    <message>
        <source>%1.dropout %2 is not supported (it makes tokenization random)</source>
        <translation>不支持 %1.dropout %2（它会使分词变得随机）</translation>
    </message>
    <message>
        <source>%1.%2 &quot;%3&quot; is not supported</source>
        <translation>不支持 %1.%2 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>%1 is missing or not an object of piece → id</source>
        <translation>%1 缺失，或不是从片段映射到 id 的对象</translation>
    </message>
    <message>
        <source>%1 is missing or not a list</source>
        <translation>%1 缺失或不是列表</translation>
    </message>
    <message>
        <source>%1[%2] must be &quot;a b&quot; or [&quot;a&quot;, &quot;b&quot;]</source>
        <translation>%1[%2] 必须是 &quot;a b&quot; 或 [&quot;a&quot;, &quot;b&quot;]</translation>
    </message>
    <message>
        <source>the id of &quot;%1&quot; is %2, but a vocabulary of %3 entries may use ids 0..%4 only</source>
        <translation>&quot;%1&quot; 的 id 为 %2，但包含 %3 个条目的词表只能使用 id 0 到 %4</translation>
    </message>
    <message>
        <source>&apos;%1&apos; in %2</source>
        <translation>%2 中的“%1”</translation>
    </message>
    <message>
        <source>a config file</source>
        <translation>配置文件</translation>
    </message>
    <message>
        <source>%1: not valid JSON (%2 at byte %3)</source>
        <translation>%1：不是有效的 JSON（%2，位于第 %3 字节）</translation>
    </message>
    <message>
        <source>%1: expected a JSON object</source>
        <translation>%1：应为 JSON 对象</translation>
    </message>
    <message>
        <source>missing field &apos;model_type&apos;</source>
        <translation>缺少字段“model_type”</translation>
    </message>
    <message>
        <source>model_type &apos;%1&apos; is not supported (supported: %2)</source>
        <translation>不支持 model_type“%1”（支持的有：%2）</translation>
    </message>
    <message>
        <source>field &apos;layer_types&apos; must list one type per layer (%1)</source>
        <translation>字段“layer_types”必须为每一层列出一种类型（共 %1 层）</translation>
    </message>
    <message>
        <source>layer_types[%1] is &apos;%2&apos;; expected full_attention or sliding_attention</source>
        <translation>layer_types[%1] 为“%2”；应为 full_attention 或 sliding_attention</translation>
    </message>
    <message>
        <source>%1 attention heads cannot share %2 key/value heads (num_attention_heads must be a multiple of num_key_value_heads)</source>
        <translation>%1 个注意力头无法共用 %2 个键/值头（num_attention_heads 必须是 num_key_value_heads 的倍数）</translation>
    </message>
    <message>
        <source>hidden size %1 is not divisible by %2 attention heads, and there is no head_dim</source>
        <translation>隐藏层大小 %1 不能被 %2 个注意力头整除，并且没有 head_dim</translation>
    </message>
    <message>
        <source>the norm epsilon must be positive</source>
        <translation>归一化的 epsilon 必须为正数</translation>
    </message>
    <message>
        <source>attn_logit_softcapping is set, but Gemma 3 does not apply it</source>
        <translation>设置了 attn_logit_softcapping，但 Gemma 3 不使用它</translation>
    </message>
    <message>
        <source>use_bidirectional_attention = true is not supported (Headmap runs Gemma 3 as a causal decoder)</source>
        <translation>不支持 use_bidirectional_attention = true（Headmap 把 Gemma 3 作为因果解码器运行）</translation>
    </message>
    <message>
        <source>softcapping must not be negative</source>
        <translation>softcapping 不能为负数</translation>
    </message>
    <message>
        <source>layer_types marks layer %1 sliding_attention, but sliding_window is not set</source>
        <translation>layer_types 把第 %1 层标为 sliding_attention，但没有设置 sliding_window</translation>
    </message>
    <message>
        <source>the model has %1 attention heads, but its summary says %2</source>
        <translation>模型有 %1 个注意力头，但其概要说是 %2 个</translation>
    </message>
    <message>
        <source>%1 has no output head: config.json says tie_word_embeddings is false and %2 holds no &apos;%3&apos;</source>
        <translation>%1 没有输出头：config.json 中 tie_word_embeddings 为 false，而 %2 中没有“%3”</translation>
    </message>
    <message>
        <source>no hidden state for position %1 (%2 × %3 given, %4 wide expected)</source>
        <translation>位置 %1 没有隐藏状态（给出的是 %2 × %3，应为 %4 宽）</translation>
    </message>
    <message>
        <source>%1 has no masked-language-model head: %2 holds none of %3 (a checkpoint of the bare encoder; the *ForMaskedLM one has them)</source>
        <translation>%1 没有掩码语言模型头：%2 中没有 %3 中的任何一个（这是只含编码器主体的检查点；*ForMaskedLM 检查点才有它们）</translation>
    </message>
    <message>
        <source>%1 has an incomplete masked-language-model head: %2 holds no %3</source>
        <translation>%1 的掩码语言模型头不完整：%2 中没有 %3</translation>
    </message>
    <message>
        <source>token type %1 at position %2 is outside 0..%3</source>
        <translation>位置 %2 的词元类型 %1 超出了 0 到 %3 的范围</translation>
    </message>
    <message>
        <source>rope type &apos;%1&apos; in field &apos;%2&apos; is not supported (supported: default, linear, dynamic, llama3, yarn, longrope)</source>
        <translation>不支持字段“%2”中的 rope 类型“%1”（支持的有：default、linear、dynamic、llama3、yarn、longrope）</translation>
    </message>
    <message>
        <source>missing field &apos;%1&apos;</source>
        <translation>缺少字段“%1”</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; is %2; expected a positive number</source>
        <translation>字段“%1”为 %2；应为正数</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a list of %2 numbers</source>
        <translation>字段“%1”必须是包含 %2 个数的列表</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; has %2 numbers; expected %3 (rotary dimension / 2)</source>
        <translation>字段“%1”有 %2 个数；应为 %3 个（旋转维度 / 2）</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must hold positive numbers</source>
        <translation>字段“%1”中必须都是正数</translation>
    </message>
    <message>
        <source>partial rotary factor %1 is outside (0, 1]</source>
        <translation>部分旋转因子 %1 不在 (0, 1] 范围内</translation>
    </message>
    <message>
        <source>the rotary dimension int(%1 · %2) is below 2</source>
        <translation>旋转维度 int(%1 · %2) 小于 2</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be above &apos;%2&apos;</source>
        <translation>字段“%1”必须大于“%2”</translation>
    </message>
    <message>
        <source>field &apos;rope_parameters&apos; must be an object</source>
        <translation>字段“rope_parameters”必须是对象</translation>
    </message>
    <message>
        <source>field &apos;rope_scaling&apos; must be an object or null</source>
        <translation>字段“rope_scaling”必须是对象或 null</translation>
    </message>
    <message>
        <source>model_type &apos;%1&apos; is not one of %2</source>
        <translation>model_type“%1”不是 %2 之一</translation>
    </message>
    <message>
        <source>scale_attn_weights = false is not supported</source>
        <translation>不支持 scale_attn_weights = false</translation>
    </message>
    <message>
        <source>scale_attn_by_inverse_layer_idx = true is not supported</source>
        <translation>不支持 scale_attn_by_inverse_layer_idx = true</translation>
    </message>
    <message>
        <source>position_embedding_type &apos;%1&apos; is not supported (only absolute)</source>
        <translation>不支持 position_embedding_type“%1”（只支持 absolute）</translation>
    </message>
    <message>
        <source>hidden size %1 is not divisible by %2 attention heads</source>
        <translation>隐藏层大小 %1 不能被 %2 个注意力头整除</translation>
    </message>
    <message>
        <source>layer norm epsilon must be positive</source>
        <translation>层归一化的 epsilon 必须为正数</translation>
    </message>
    <message>
        <source>%1: max_position_embeddings %2 leaves no positions after padding_idx %3</source>
        <translation>%1：max_position_embeddings %2 在 padding_idx %3 之后没有留下任何位置</translation>
    </message>
    <message>
        <source>%1: missing tensor %2; this checkpoint does not look like the architecture config.json names</source>
        <translation>%1：缺少张量 %2；此检查点看起来不像 config.json 所指定的架构</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>%1: missing tensor &apos;%2&apos; (expected shape %3)</source>
        <translation>%1：缺少张量“%2”（应为形状 %3）</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; has shape %3, expected %4 (from config.json)</source>
        <translation>%1：张量“%2”的形状为 %3，应为 %4（来自 config.json）</translation>
    </message>
    <message>
        <source>has no tensor %1 (expected dims %2 for %3)</source>
        <translation>没有张量 %1（%3 需要它，维度应为 %2）</translation>
    </message>
    <message>
        <source>tensor %1 has dims %2, expected %3 (from the metadata)</source>
        <translation>张量 %1 的维度为 %2，应为 %3（来自元数据）</translation>
    </message>
    <message>
        <source>tensor %1 does not split into its heads</source>
        <translation>张量 %1 无法拆分成各个头</translation>
    </message>
    <message>
        <source>has no tensor that Headmap reads as %1</source>
        <translation>没有 Headmap 可作为 %1 读取的张量</translation>
    </message>
    <message>
        <source>rows %1 + %2 are outside tensor %3</source>
        <translation>第 %1 行起的 %2 行超出了张量 %3 的范围</translation>
    </message>
    <message>
        <source>key %1 is %2, expected %3 to %4</source>
        <translation>键 %1 为 %2，应为 %3 到 %4</translation>
    </message>
    <message>
        <source>tensor %1 holds %2 factors, expected %3 (half of %4 rotated dimensions)</source>
        <translation>张量 %1 有 %2 个因子，应为 %3 个（%4 个旋转维度的一半）</translation>
    </message>
    <message>
        <source>tensor %1 holds a rope factor that is not a positive number</source>
        <translation>张量 %1 中有一个不是正数的 rope 因子</translation>
    </message>
    <message>
        <source>key %1 must be above 1</source>
        <translation>键 %1 必须大于 1</translation>
    </message>
    <message>
        <source>key %1 is odd</source>
        <translation>键 %1 是奇数</translation>
    </message>
    <message>
        <source>key %1 is &apos;%2&apos;; Headmap reads none, linear and yarn</source>
        <translation>键 %1 为“%2”；Headmap 只读取 none、linear 和 yarn</translation>
    </message>
    <message>
        <source>has both rope scaling %1 and per-frequency rope factors</source>
        <translation>同时具有 rope 缩放 %1 和逐频率的 rope 因子</translation>
    </message>
    <message>
        <source>general.architecture is &apos;%1&apos;, which Headmap cannot run (it reads %2)</source>
        <translation>general.architecture 为“%1”，Headmap 无法运行它（它能运行 %2）</translation>
    </message>
    <message>
        <source>%1 attention heads cannot share %2 key/value heads</source>
        <translation>%1 个注意力头无法共用 %2 个键/值头</translation>
    </message>
    <message>
        <source>embedding length %1 is not divisible by %2 heads, and there is no %3</source>
        <translation>嵌入长度 %1 不能被 %2 个头整除，并且没有 %3</translation>
    </message>
    <message>
        <source>%1 differs from %2; Headmap needs them equal</source>
        <translation>%1 与 %2 不同；Headmap 要求两者相等</translation>
    </message>
    <message>
        <source>tensor &apos;token_embd.weight&apos; has dims %1, expected [%2, vocabulary]</source>
        <translation>张量“token_embd.weight”的维度为 %1，应为 [%2, 词表大小]</translation>
    </message>
    <message>
        <source>has no tensor &apos;token_embd.weight&apos; (the token embeddings)</source>
        <translation>没有张量“token_embd.weight”（词元嵌入）</translation>
    </message>
    <message>
        <source>the value-norm measure needs a run with value norms (RunOptions::valueNorms); this trace of %1 has only the weights</source>
        <translation>值范数度量需要一次带值范数的运行（RunOptions::valueNorms）；%1 的这次追踪只有权重</translation>
    </message>
    <message>
        <source>attention pyramid: %1 row divisors for a matrix of %2 rows</source>
        <translation>注意力金字塔：为 %2 行的矩阵给出了 %1 个行除数</translation>
    </message>
    <message>
        <source>attention pyramid: level %1 asked for, levels 1 to %2 are pooled</source>
        <translation>注意力金字塔：请求了第 %1 级，但只池化了第 1 到 %2 级</translation>
    </message>
    <message>
        <source>layer %1 does not exist; the trace has no layers</source>
        <translation>第 %1 层不存在；追踪中没有任何层</translation>
    </message>
    <message>
        <source>layer %1 does not exist; the model has %2 layers (0 to %3)</source>
        <translation>第 %1 层不存在；模型有 %2 层（0 到 %3）</translation>
    </message>
    <message>
        <source>token %1 is outside the %2 attention matrix</source>
        <translation>词元 %1 超出了形状为 %2 的注意力矩阵的范围</translation>
    </message>
    <message>
        <source>cannot subtract a %1 attention matrix from a %2 one</source>
        <translation>无法从形状为 %2 的注意力矩阵中减去形状为 %1 的注意力矩阵</translation>
    </message>
    <message>
        <source>head statistics need square attention weights, got %1x%2</source>
        <translation>头统计需要方形的注意力权重，实际为 %1x%2</translation>
    </message>
    <message>
        <source>%1 special-token flags for %2 tokens</source>
        <translation>特殊词元标记有 %1 个，但词元有 %2 个</translation>
    </message>
    <message>
        <source>cannot write an .npy array of shape %1: negative dimension %2</source>
        <translation>无法写入形状为 %1 的 .npy 数组：维度 %2 为负数</translation>
    </message>
    <message>
        <source>builtin:patterns scores only the words of its input; its predictions come from predictTokens</source>
        <translation>builtin:patterns 只为其输入中的词打分；它的预测来自 predictTokens</translation>
    </message>
    <message>
        <source>, … (%1 in all; see &apos;headmap-cli models&apos;)</source>
        <translation>，……（共 %1 个；参见“headmap-cli models”）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an LM Studio model (expected PUBLISHER/MODEL or PUBLISHER/MODEL/FILE.gguf, as in LM Studio&apos;s models folder)</source>
        <translation>“%1”不是 LM Studio 模型（应为 PUBLISHER/MODEL 或 PUBLISHER/MODEL/FILE.gguf，与 LM Studio 的 models 文件夹中一致）</translation>
    </message>
    <message>
        <source>LM Studio model &apos;%1&apos; not found: &apos;%2&apos; holds %3%4</source>
        <translation>找不到 LM Studio 模型“%1”：“%2”中有 %3%4</translation>
    </message>
    <message>
        <source> (mmproj files are vision projectors, not models)</source>
        <translation>（mmproj 文件是视觉投影器，不是模型）</translation>
    </message>
    <message>
        <source>LM Studio model &apos;%1&apos; not found in %2 (%3)</source>
        <translation>在 %2 中找不到 LM Studio 模型“%1”（%3）</translation>
    </message>
    <message>
        <source>no GGUF models there</source>
        <translation>那里没有 GGUF 模型</translation>
    </message>
    <message>
        <source>downloaded: %1</source>
        <translation>已下载：%1</translation>
    </message>
    <message>
        <source>GGUF file &apos;%1&apos;: out of memory reading its header</source>
        <translation>GGUF 文件“%1”：读取文件头时内存不足</translation>
    </message>
    <message>
        <source>Ollama manifest &apos;%1&apos; %2</source>
        <translation>Ollama 清单“%1”%2</translation>
    </message>
    <message>
        <source>is %1 bytes; a manifest is a small JSON file (at most %2)</source>
        <translation>大小为 %1 字节；清单应是一个小的 JSON 文件（最多 %2 字节）</translation>
    </message>
    <message>
        <source>is not valid JSON: %1 at byte %2</source>
        <translation>不是有效的 JSON：%1，位于第 %2 字节</translation>
    </message>
    <message>
        <source>has no &quot;layers&quot; array</source>
        <translation>没有 &quot;layers&quot; 数组</translation>
    </message>
    <message>
        <source>(no mediaType)</source>
        <translation>（没有 mediaType）</translation>
    </message>
    <message>
        <source>names the model layer&apos;s digest &apos;%1&apos;; expected sha256:&lt;64 hex digits&gt;</source>
        <translation>中模型层的摘要为“%1”；应为 sha256:&lt;64 个十六进制数字&gt;</translation>
    </message>
    <message>
        <source>Ollama model &apos;%1&apos;: its blob &apos;%2&apos; is missing (an interrupted pull? &apos;ollama pull %1&apos; fetches it again)</source>
        <translation>Ollama 模型“%1”：它的 blob“%2”缺失（拉取被中断了？“ollama pull %1”会重新获取它）</translation>
    </message>
    <message>
        <source>has no layer of type %1 (its layers: %2); Headmap opens GGUF models</source>
        <translation>中没有类型为 %1 的层（它的层：%2）；Headmap 只能打开 GGUF 模型</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an Ollama model name (expected MODEL[:TAG], NAMESPACE/MODEL[:TAG] or HOST/NAMESPACE/MODEL[:TAG] of letters, digits, &apos;_&apos;, &apos;-&apos; and &apos;.&apos;)</source>
        <translation>“%1”不是 Ollama 模型名称（应为 MODEL[:TAG]、NAMESPACE/MODEL[:TAG] 或 HOST/NAMESPACE/MODEL[:TAG]，由字母、数字、“_”、“-”和“.”组成）</translation>
    </message>
    <message>
        <source>none pulled</source>
        <translation>尚未拉取任何模型</translation>
    </message>
    <message>
        <source>pulled: %1</source>
        <translation>已拉取：%1</translation>
    </message>
    <message>
        <source>Ollama model &apos;%1&apos; not found in %2 (%3; &apos;ollama pull %1&apos; downloads it)</source>
        <translation>在 %2 中找不到 Ollama 模型“%1”（%3；“ollama pull %1”可下载它）</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a whole number</source>
        <translation>字段“%1”必须是整数</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; is %2; expected a whole number in %3..%4</source>
        <translation>字段“%1”为 %2；应为 %3 到 %4 之间的整数</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; is %2; expected a whole number</source>
        <translation>字段“%1”为 %2；应为整数</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a number</source>
        <translation>字段“%1”必须是数字</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a string</source>
        <translation>字段“%1”必须是字符串</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be true or false</source>
        <translation>字段“%1”必须是 true 或 false</translation>
    </message>
    <message>
        <source>activation &apos;%1&apos; in field &apos;%2&apos; is not supported (supported: gelu, gelu_new, gelu_pytorch_tanh, relu, silu)</source>
        <translation>不支持字段“%2”中的激活函数“%1”（支持的有：gelu、gelu_new、gelu_pytorch_tanh、relu、silu）</translation>
    </message>
    <message>
        <source>cannot create the lock file &apos;%1&apos;: %2</source>
        <translation>无法创建锁文件“%1”：%2</translation>
    </message>
    <message>
        <source>another program is downloading %1 of %2 into the cache right now (%3 is locked); try again when it has finished</source>
        <translation>另一个程序正在把 %2 的 %1 下载到缓存中（%3 已被锁定）；请在它完成后重试</translation>
    </message>
    <message>
        <source>cannot reach %1 for %2: %3</source>
        <translation>无法访问 %1 以获取 %2：%3</translation>
    </message>
    <message>
        <source>too many redirects for %1</source>
        <translation>%1 的重定向次数过多</translation>
    </message>
    <message>
        <source>the Hub gave %1 no usable ETag (got &apos;%2&apos;)</source>
        <translation>Hub 没有为 %1 提供可用的 ETag（得到“%2”）</translation>
    </message>
    <message>
        <source>the Hub gave no size for %1</source>
        <translation>Hub 没有给出 %1 的大小</translation>
    </message>
    <message>
        <source>the Hub lists %1 with %2 bytes but serves %3 bytes</source>
        <translation>Hub 列出的 %1 为 %2 字节，但实际发送了 %3 字节</translation>
    </message>
    <message>
        <source>cannot read &apos;%1&apos;: %2</source>
        <translation>无法读取“%1”：%2</translation>
    </message>
    <message>
        <source>cannot truncate &apos;%1&apos;: %2</source>
        <translation>无法截断“%1”：%2</translation>
    </message>
    <message>
        <source>the Hub sent more than the %1 bytes of %2</source>
        <translation>Hub 发送的数据超过了 %2 的 %1 字节</translation>
    </message>
    <message>
        <source>cannot write %1 into &apos;%2&apos;: %3 (%4 of %5 kept for the next attempt)</source>
        <translation>无法把 %1 写入“%2”：%3（已保留 %5 中的 %4，供下次继续）</translation>
    </message>
    <message>
        <source>the write failed</source>
        <translation>写入失败</translation>
    </message>
    <message>
        <source>the download of %1 broke off after %2 of %3 (%4); run it again to resume</source>
        <translation>%1 的下载在 %3 中的 %2 处中断（%4）；再次运行即可继续</translation>
    </message>
    <message>
        <source>the server sent less</source>
        <translation>服务器发送的数据不足</translation>
    </message>
    <message>
        <source>checksum mismatch for %1 of %2: expected SHA-256 %3, found %4; the damaged download was deleted</source>
        <translation>%2 的 %1 校验和不匹配：应为 SHA-256 %3，实际为 %4；已删除损坏的下载</translation>
    </message>
    <message>
        <source>cannot create the cache folder &apos;%1&apos;</source>
        <translation>无法创建缓存文件夹“%1”</translation>
    </message>
    <message>
        <source>cannot rename &apos;%1&apos; to &apos;%2&apos;: %3</source>
        <translation>无法将“%1”重命名为“%2”：%3</translation>
    </message>
    <message>
        <source>cannot create the link &apos;%1&apos;: %2</source>
        <translation>无法创建链接“%1”：%2</translation>
    </message>
    <message>
        <source>a download is already running</source>
        <translation>已有一个下载正在进行</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Hub model id (ORG/NAME, e.g. openai-community/gpt2)</source>
        <translation>“%1”不是 Hub 模型 ID（ORG/NAME，例如 openai-community/gpt2）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a revision name</source>
        <translation>“%1”不是修订版本名称</translation>
    </message>
    <message>
        <source>HF_HUB_OFFLINE is set, so Headmap does not use the network, and %1 at &apos;%2&apos; is not in the cache (%3); unset HF_HUB_OFFLINE to download it</source>
        <translation>已设置 HF_HUB_OFFLINE，因此 Headmap 不使用网络，而 %1 在“%2”处不在缓存中（%3）；取消设置 HF_HUB_OFFLINE 即可下载</translation>
    </message>
    <message>
        <source>cannot reach the Hub at %1: %2 (set HF_HUB_OFFLINE=1 to use the cache only)</source>
        <translation>无法访问位于 %1 的 Hub：%2（设置 HF_HUB_OFFLINE=1 可只使用缓存）</translation>
    </message>
    <message>
        <source>the download was cancelled; run it again to resume</source>
        <translation>下载已取消；再次运行即可继续</translation>
    </message>
    <message>
        <source> (the Hub says: %1)</source>
        <translation>（Hub 的回复：%1）</translation>
    </message>
    <message>
        <source>%1 is a gated model: accept its conditions on its Hub page, then give your access token in HF_TOKEN or $HF_HOME/token%2</source>
        <translation>%1 是受限模型：请在其 Hub 页面上接受使用条件，然后在 HF_TOKEN 或 $HF_HOME/token 中提供你的访问令牌%2</translation>
    </message>
    <message>
        <source>no model %1 on the Hub; check the name%2%3</source>
        <translation>Hub 上没有模型 %1；请检查名称%2%3</translation>
    </message>
    <message>
        <source> and that your token may read it</source>
        <translation>，以及你的令牌是否有权读取它</translation>
    </message>
    <message>
        <source>, or if it is private give an access token in HF_TOKEN</source>
        <translation>；如果它是私有模型，请在 HF_TOKEN 中提供访问令牌</translation>
    </message>
    <message>
        <source>%1 has no revision &apos;%2&apos; (a branch, tag or commit)%3</source>
        <translation>%1 没有修订版本“%2”（分支、标签或提交）%3</translation>
    </message>
    <message>
        <source>%1 at &apos;%2&apos; has no file %3%4</source>
        <translation>%1 在“%2”处没有文件 %3%4</translation>
    </message>
    <message>
        <source>the Hub refused %1: %2%3</source>
        <translation>Hub 拒绝了 %1：%2%3</translation>
    </message>
    <message>
        <source>the access token is not valid</source>
        <translation>访问令牌无效</translation>
    </message>
    <message>
        <source>it needs an access token (HF_TOKEN or $HF_HOME/token)</source>
        <translation>需要访问令牌（HF_TOKEN 或 $HF_HOME/token）</translation>
    </message>
    <message>
        <source>the Hub does not let this token read %1%2</source>
        <translation>Hub 不允许此令牌读取 %1%2</translation>
    </message>
    <message>
        <source>the Hub asks to slow down (too many requests); try again in a minute%1</source>
        <translation>Hub 要求放慢速度（请求过多）；请一分钟后重试%1</translation>
    </message>
    <message>
        <source>the Hub answered HTTP %1 for %2%3%4</source>
        <translation>Hub 对 %2 返回了 HTTP %1%3%4</translation>
    </message>
    <message>
        <source>the Hub&apos;s file list for %1 is not JSON: %2</source>
        <translation>Hub 上 %1 的文件列表不是 JSON：%2</translation>
    </message>
    <message>
        <source>the Hub&apos;s file list for %1 has no commit id (&quot;sha&quot;)</source>
        <translation>Hub 上 %1 的文件列表没有提交 ID（&quot;sha&quot;）</translation>
    </message>
    <message>
        <source>the Hub&apos;s file list for %1 has no &quot;siblings&quot; array</source>
        <translation>Hub 上 %1 的文件列表没有 &quot;siblings&quot; 数组</translation>
    </message>
    <message>
        <source>%1 at &apos;%2&apos; has no model.safetensors nor shards named model-NNNNN-of-NNNNN.safetensors, only %3, which Headmap does not read</source>
        <translation>%1 在“%2”处既没有 model.safetensors，也没有名为 model-NNNNN-of-NNNNN.safetensors 的分片，只有 %3，Headmap 无法读取</translation>
    </message>
    <message>
        <source>%1 at &apos;%2&apos; has no safetensors weights%3; Headmap reads only safetensors (look for a converted copy of the model on the Hub)</source>
        <translation>%1 在“%2”处没有 safetensors 权重%3；Headmap 只读取 safetensors（请在 Hub 上查找该模型的转换版本）</translation>
    </message>
    <message>
        <source> (only PyTorch .bin files)</source>
        <translation>（只有 PyTorch .bin 文件）</translation>
    </message>
    <message>
        <source>%1 at &apos;%2&apos; has no config.json</source>
        <translation>%1 在“%2”处没有 config.json</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; has id %3, which &quot;%4&quot; has too</source>
        <translation>%1：&quot;%2&quot; 的 id 为 %3，但 &quot;%4&quot; 也使用这个 id</translation>
    </message>
    <message>
        <source>%1 needs a &quot;type_id&quot; from 0 to %2, found %3</source>
        <translation>%1 需要 0 到 %2 之间的 &quot;type_id&quot;，实际为 %3</translation>
    </message>
    <message>
        <source>%1 names the sequences %2; Headmap reads %3</source>
        <translation>%1 中的序列为 %2；Headmap 读取的是 %3</translation>
    </message>
    <message>
        <source>%1 holds %2 post-processors that add special tokens (%3); Headmap reads one</source>
        <translation>%1 包含 %2 个会添加特殊词元的后处理器（%3）；Headmap 只读取一个</translation>
    </message>
    <message>
        <source>post_processor: special token %1 has id %2, which names no piece of the vocabulary or added_tokens</source>
        <translation>post_processor：特殊词元 %1 的 id 为 %2，但词表和 added_tokens 中都没有这个 id</translation>
    </message>
    <message>
        <source>post_processor: special token %1 has id %2, which is the id of %3</source>
        <translation>post_processor：特殊词元 %1 的 id 为 %2，但这是 %3 的 id</translation>
    </message>
    <message>
        <source>the file is empty; a GGUF file starts with the 4 bytes &quot;GGUF&quot;</source>
        <translation>文件为空；GGUF 文件以 4 个字节 &quot;GGUF&quot; 开头</translation>
    </message>
    <message>
        <source>%1 needs %2 bytes at offset %3, but the file has %4 bytes</source>
        <translation>%1 在偏移量 %3 处需要 %2 字节，但文件只有 %4 字节</translation>
    </message>
    <message>
        <source>%1: %2 needs %3 bytes at offset %4, but the file has %5 bytes</source>
        <translation>%1：%2 在偏移量 %4 处需要 %3 字节，但文件只有 %5 字节</translation>
    </message>
    <message>
        <source>GGUF file %1 is incomplete (%2 of at least %3 bytes): download it again. Detail: %4</source>
        <translation>GGUF 文件 %1 不完整（%2 字节，至少应有 %3 字节）：请重新下载。详情：%4</translation>
    </message>
    <message>
        <source>the file has %1 bytes, but the header length alone takes 8</source>
        <translation>文件只有 %1 字节，但仅头部长度字段就占 8 字节</translation>
    </message>
    <message>
        <source>safetensors file %1 is incomplete (%2 of %3 bytes): download it again. Detail: %4</source>
        <translation>safetensors 文件 %1 不完整（%2 字节，应有 %3 字节）：请重新下载。详情：%4</translation>
    </message>
    <message>
        <source>safetensors file %1 is incomplete (%2 of at least %3 bytes): download it again. Detail: %4</source>
        <translation>safetensors 文件 %1 不完整（%2 字节，至少应有 %3 字节）：请重新下载。详情：%4</translation>
    </message>
    <message>
        <source>,</source>
        <comment>thousands separator</comment>
        <extracomment>The separator between groups of three digits in a byte count: &quot;1,026,854 bytes&quot;</extracomment>
        <translation>,</translation>
    </message>
    <message>
        <source>attention: %1 has %2 features; the model&apos;s attention settings need %3</source>
        <translation>注意力：%1 有 %2 个特征；模型的注意力设置需要 %3 个</translation>
    </message>
    <message>
        <source>attention: %1 query heads cannot share %2 key/value heads of width %3</source>
        <translation>注意力：%1 个查询头无法共享 %2 个宽度为 %3 的键/值头</translation>
    </message>
    <message>
        <source>the input of W_Q (the hidden state)</source>
        <translation>W_Q 的输入（隐藏状态）</translation>
    </message>
    <message>
        <source>W_Q&apos;s output</source>
        <translation>W_Q 的输出</translation>
    </message>
    <message>
        <source>W_K&apos;s output</source>
        <translation>W_K 的输出</translation>
    </message>
    <message>
        <source>W_V&apos;s output</source>
        <translation>W_V 的输出</translation>
    </message>
    <message>
        <source>W_O&apos;s input</source>
        <translation>W_O 的输入</translation>
    </message>
    <message>
        <source>attention: cannot ablate head %1 of %2 heads</source>
        <translation>注意力：无法关闭头 %1（共 %2 个头）</translation>
    </message>
    <message>
        <source>attention: the rotary table is %1 wide, more than the heads&apos; width %2</source>
        <translation>注意力：旋转表宽度为 %1，超过了头的宽度 %2</translation>
    </message>
    <message>
        <source>attention: the rotary table covers %1 positions, fewer than the input&apos;s %2</source>
        <translation>注意力：旋转表只覆盖 %1 个位置，少于输入的 %2 个</translation>
    </message>
    <message>
        <source>%1 found, %2 expected</source>
        <translation>实际 %1，应为 %2</translation>
    </message>
    <message>
        <source>prefix attention: %1</source>
        <translation>前缀注意力：%1</translation>
    </message>
    <message>
        <source>the mask is not causal, so the cached rows would change</source>
        <translation>掩码不是因果掩码，缓存的行会改变</translation>
    </message>
    <message>
        <source>%1 query heads cannot share %2 key/value heads</source>
        <translation>%1 个查询头无法共享 %2 个键/值头</translation>
    </message>
    <message>
        <source>cached rows: %1</source>
        <translation>缓存的行：%1</translation>
    </message>
    <message>
        <source>cached key width: %1</source>
        <translation>缓存的键宽度：%1</translation>
    </message>
    <message>
        <source>the rotary table is %1 wide, more than the heads&apos; width %2</source>
        <translation>旋转表宽度为 %1，超过了头的宽度 %2</translation>
    </message>
    <message>
        <source>the rotary table covers %1 positions, fewer than the %2 of the cache and the new rows</source>
        <translation>旋转表只覆盖 %1 个位置，少于缓存与新行合计的 %2 个</translation>
    </message>
    <message>
        <source>the GGUF pre-tokenizer %1 cannot be built: its pattern %2 does not compile (%3 at character %4). The patterns are Headmap&apos;s own, so this is a bug in Headmap or its PCRE2 library, not in the file</source>
        <translation>无法构建 GGUF 预分词器 %1：其模式 %2 无法编译（%3，位于第 %4 个字符）。这些模式是 Headmap 自带的，因此这是 Headmap 或其 PCRE2 库的缺陷，而不是文件的问题</translation>
    </message>
    <message>
        <source>%1 is missing: a Marian model folder has source.spm, target.spm and vocab.json (and target_vocab.json with separate vocabularies); download the model again</source>
        <translation>缺少 %1：Marian 模型文件夹包含 source.spm、target.spm 和 vocab.json（词表分开时还有 target_vocab.json）；请重新下载模型</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a token (expected text or an object with &quot;content&quot;)</source>
        <translation>%1：“%2”不是词元（应为文本或带有“content”的对象）</translation>
    </message>
    <message>
        <source>%1: the special token &quot;%2&quot; is not in %3, and the id it would get, %4, is &quot;%5&quot;&apos;s there; add it to %3 or remove it from the settings</source>
        <translation>%1：特殊词元“%2”不在 %3 中，它将得到的 id %4 在那里已属于“%5”；请把它加入 %3，或从设置中删除</translation>
    </message>
    <message>
        <source>%1 has no &quot;%2&quot;, the unknown token every piece outside the vocabulary becomes: use the vocab.json that came with the model</source>
        <translation>%1 中没有“%2”，即词表之外的每个片段都会变成的未知词元：请使用模型自带的 vocab.json</translation>
    </message>
    <message>
        <source>%1 sets no eos_token, which Marian models end every text with: remove the setting</source>
        <translation>%1 没有设置 eos_token，而 Marian 模型用它结束每段文本：请删除该设置</translation>
    </message>
    <message>
        <source>%1: the file is incomplete or not a SentencePiece model (%2): download it again</source>
        <translation>%1：文件不完整或不是 SentencePiece 模型（%2）：请重新下载</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <source>it has no pieces</source>
        <translation>其中没有任何片段</translation>
    </message>
    <message>
        <source>%1 cannot tokenize this text: %2</source>
        <translation>%1 无法对这段文本分词：%2</translation>
    </message>
    <message>
        <source>%1 cannot turn these pieces into text: %2</source>
        <translation>%1 无法把这些片段还原为文本：%2</translation>
    </message>
    <message>
        <source>its normalization rules are cut off</source>
        <translation>其规范化规则被截断</translation>
    </message>
    <message>
        <source>its normalization rules have an empty trie</source>
        <translation>其规范化规则的字典树为空</translation>
    </message>
    <message>
        <source>its normalization rules point outside their trie</source>
        <translation>其规范化规则指向字典树之外</translation>
    </message>
    <message>
        <source>its normalization rules point outside their replacement strings</source>
        <translation>其规范化规则指向替换字符串之外</translation>
    </message>
    <message>
        <source>a piece starts with a NUL byte</source>
        <translation>有片段以 NUL 字节开头</translation>
    </message>
    <message>
        <source>its bytes are no protobuf message</source>
        <translation>其字节不是 protobuf 消息</translation>
    </message>
    <message>
        <source>Encoder</source>
        <translation>编码器</translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation>解码器</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>the input of W_K (the encoder&apos;s output)</source>
        <translation>W_K 的输入（编码器的输出）</translation>
    </message>
    <message>
        <source>cross-attention takes neither rotary positions nor a causal mask</source>
        <translation>交叉注意力既不使用旋转位置编码，也不使用因果掩码</translation>
    </message>
    <message>
        <source>the decoder&apos;s input is empty: it needs at least the decoder start token</source>
        <translation>解码器的输入为空：至少需要解码器起始词元</translation>
    </message>
    <message>
        <source>the target has %1 tokens; %2 accepts at most %3 (max positions)</source>
        <translation>目标有 %1 个词元；%2 最多接受 %3 个（最大位置数）</translation>
    </message>
    <message>
        <source>target token id %1 at position %2 is outside the target vocabulary (expected 0..%3)</source>
        <translation>位置 %2 的目标词元 ID %1 超出目标词表（应为 0..%3）</translation>
    </message>
    <message>
        <source>%1 is not an encoder–decoder model: it has no target text (translation models such as opus-mt, T5 or BART have one)</source>
        <translation>%1 不是编码器–解码器模型：它没有目标文本（opus-mt、T5、BART 等翻译模型才有）</translation>
    </message>
    <message>
        <source>%1: vocab.json + merges.txt of model type &quot;%2&quot; are not supported (Headmap reads them for %3; a tokenizer.json works for any)</source>
        <translation>%1：不支持模型类型“%2”的 vocab.json + merges.txt（Headmap 只为 %3 读取它们；tokenizer.json 适用于任何类型）</translation>
    </message>
    <message>
        <source>position %1 is beyond the model&apos;s %2 positions</source>
        <translation>位置 %1 超出了模型的 %2 个位置</translation>
    </message>
    <message>
        <source>position %1 is outside the %2 target rows</source>
        <translation>位置 %1 超出了 %2 个目标行</translation>
    </message>
    <message>
        <source>no tokens to translate: the source is empty</source>
        <translation>没有可翻译的词元：源文本为空</translation>
    </message>
    <message>
        <source>field &apos;%1&apos; must be a list of lists of token ids below %2</source>
        <translation>字段“%1”必须是由小于 %2 的词元 ID 列表组成的列表</translation>
    </message>
    <message>
        <source>relative_attention_max_distance %1 must exceed a quarter of relative_attention_num_buckets %2</source>
        <translation>relative_attention_max_distance %1 必须大于 relative_attention_num_buckets %2 的四分之一</translation>
    </message>
    <message>
        <source>feed_forward_proj &apos;%1&apos; is not supported (supported: relu, gelu, gated-gelu, gated-silu, gelu_new, gated-gelu_new)</source>
        <translation>不支持 feed_forward_proj“%1”（支持：relu、gelu、gated-gelu、gated-silu、gelu_new、gated-gelu_new）</translation>
    </message>
    <message>
        <source>d_model %1 is not divisible by %2 %3</source>
        <translation>d_model %1 不能被 %2 %3 整除</translation>
    </message>
    <message>
        <source>encoder_attention_heads %1 and decoder_attention_heads %2 differ; Headmap reads models whose stacks have heads of one width</source>
        <translation>encoder_attention_heads %1 与 decoder_attention_heads %2 不同；Headmap 只读取各堆栈注意力头宽度相同的模型</translation>
    </message>
    <message>
        <source>d_model %1 is too small for sinusoidal positions</source>
        <translation>d_model %1 太小，无法使用正弦位置编码</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not L.H or L.H:mean (layer.head, e.g. 3.1 or 0.2:mean; in a translation model STACK:L.H, e.g. cross:3.1 or encoder:0.2:mean)</source>
        <translation>“%1”不是 L.H 或 L.H:mean（层.头，例如 3.1 或 0.2:mean；翻译模型中写作 堆栈:L.H，例如 cross:3.1 或 encoder:0.2:mean）</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: write the stack as encoder, decoder or cross before the head, not &apos;%2&apos; (e.g. cross:3.1)</source>
        <translation>“%1”：请在注意力头之前写明堆栈 encoder、decoder 或 cross，而不是“%2”（例如 cross:3.1）</translation>
    </message>
    <message>
        <source>%1 translates into one language only; leave out the target language &apos;%2&apos;</source>
        <translation>%1 只翻译成一种语言；请去掉目标语言“%2”</translation>
    </message>
    <message>
        <source>%1 has no target language &apos;%2&apos;; choose one of %3</source>
        <translation>%1 没有目标语言“%2”；请从 %3 中选择</translation>
    </message>
    <message>
        <source>%1: %2 must be between %3 and %4, got %5</source>
        <translation>%1：%2 必须在 %3 到 %4 之间，实际为 %5</translation>
    </message>
    <message>
        <source>%1: d_model %2 is not divisible by heads %3 (d_model must be a multiple of heads)</source>
        <translation>%1：d_model %2 不能被头数 %3 整除（d_model 必须是头数的倍数）</translation>
    </message>
    <message>
        <source>builtin:translation scores only the words it can write and the target&apos;s words; its predictions come from predictTokens</source>
        <translation>builtin:translation 只为它能写出的词和目标文本中的词打分；它的预测来自 predictTokens</translation>
    </message>
    <message>
        <source>precompiled_charsmap is broken: %1; the file is damaged or was not written by SentencePiece or tokenizers: download it again</source>
        <translation>precompiled_charsmap 已损坏：%1；文件已损坏，或并非由 SentencePiece 或 tokenizers 写出：请重新下载</translation>
    </message>
    <message>
        <source>it has %1 bytes, too few for the trie&apos;s size</source>
        <translation>它只有 %1 字节，不足以容纳字典树的大小字段</translation>
    </message>
    <message>
        <source>its trie should have %1 bytes, but only %2 follow</source>
        <translation>其字典树应有 %1 字节，但后面只有 %2 字节</translation>
    </message>
    <message>
        <source>its trie is empty</source>
        <translation>其字典树为空</translation>
    </message>
    <message>
        <source>its replacement strings are not UTF-8 (byte %1 of %2)</source>
        <translation>其替换字符串不是 UTF-8（第 %1 字节，共 %2 字节）</translation>
    </message>
    <message>
        <source>unit %1 points to %2, outside the trie&apos;s %3 units</source>
        <translation>单元 %1 指向 %2，超出字典树的 %3 个单元</translation>
    </message>
    <message>
        <source>unit %1 gives the replacement at byte %2, past the end of its %3 bytes of strings or inside a character</source>
        <translation>单元 %1 给出的替换位于第 %2 字节，超出其 %3 字节的字符串末尾，或位于某个字符内部</translation>
    </message>
    <message>
        <source>%1.%2 is not valid base64 (%3 characters): the file is damaged; download it again</source>
        <translation>%1.%2 不是有效的 base64（%3 个字符）：文件已损坏；请重新下载</translation>
    </message>
    <message>
        <source>%1.replacement &quot;%2&quot; must be one character</source>
        <translation>%1.replacement &quot;%2&quot; 必须是一个字符</translation>
    </message>
    <message>
        <source>%1: add_prefix_space false contradicts prepend_scheme &quot;%2&quot;</source>
        <translation>%1：add_prefix_space 为 false，与 prepend_scheme &quot;%2&quot; 矛盾</translation>
    </message>
    <message>
        <source>%1.%2 is missing or not true or false</source>
        <translation>%1.%2 缺失，或不是 true 或 false</translation>
    </message>
    <message>
        <source>BertNormalizer, Lowercase, NFC, NFD, NFKC, NFKD, StripAccents, Strip, Precompiled, Prepend, Replace and Sequence</source>
        <translation>BertNormalizer、Lowercase、NFC、NFD、NFKC、NFKD、StripAccents、Strip、Precompiled、Prepend、Replace 和 Sequence</translation>
    </message>
    <message>
        <source>%1 is missing or not a list of [piece, score] pairs</source>
        <translation>%1 缺失，或不是 [词片, 分数] 对的列表</translation>
    </message>
    <message>
        <source>%1 has %2 pieces; Headmap reads at most %3</source>
        <translation>%1 有 %2 个词片；Headmap 最多读取 %3 个</translation>
    </message>
    <message>
        <source>%1[%2] must be a [piece, score] pair</source>
        <translation>%1[%2] 必须是 [词片, 分数] 对</translation>
    </message>
    <message>
        <source>%1: type &quot;%2&quot; is not supported (Headmap reads WordPiece, BPE and Unigram)</source>
        <translation>%1：不支持类型 &quot;%2&quot;（Headmap 读取 WordPiece、BPE 和 Unigram）</translation>
    </message>
    <message>
        <source>the vocabulary is empty</source>
        <translation>词表为空</translation>
    </message>
    <message>
        <source>unk_id %1 is outside the vocabulary of %2 pieces</source>
        <translation>unk_id %1 超出了 %2 个词片的词表范围</translation>
    </message>
    <message>
        <source>Rollout (Abnar &amp; Zuidema, 2020) follows self-attention through its residual connections; cross-attention has queries from the target and keys from the source, and no residual path from its keys. Switch to the encoder to see its rollout.</source>
        <translation>注意力展开（Abnar 和 Zuidema，2020）沿残差连接追踪自注意力；交叉注意力的查询来自目标、键来自源，没有从其键出发的残差路径。请切换到编码器查看它的注意力展开。</translation>
    </message>
    <message>
        <source>Rollout (Abnar &amp; Zuidema, 2020) follows one stack of self-attention; a translation model&apos;s decoder also reads the encoder through cross-attention at every layer, which the definition does not cover. Switch to the encoder to see its rollout.</source>
        <translation>注意力展开（Abnar 和 Zuidema，2020）追踪单一的自注意力栈；翻译模型的解码器在每一层还通过交叉注意力读取编码器，这一点该定义没有涵盖。请切换到编码器查看它的注意力展开。</translation>
    </message>
    <message>
        <source>the text holds &quot;%1&quot;, which no piece of the tokenizer&apos;s vocabulary covers, and its tokenizer.json gives no unk_id: remove the character, or use a tokenizer that has an unknown token (in &quot;%2&quot;)</source>
        <translation>文本包含 &quot;%1&quot;，分词器词表中没有词片能覆盖它，而其 tokenizer.json 未给出 unk_id：请删除该字符，或使用带有未知词元的分词器（在 &quot;%2&quot; 中）</translation>
    </message>
    <message>
        <source>; leave out the %1 (&apos;%2&apos;)</source>
        <translation>；请省略%1（&apos;%2&apos;）</translation>
    </message>
    <message>
        <source>%1 (%2) has no %3 to choose (&apos;%4&apos;): it translates one language pair, or reads the languages from the text itself; leave it out</source>
        <translation>%1（%2）没有可选的%3（&apos;%4&apos;）：它只翻译一个语言对，或从文本本身读取语言；请省略它</translation>
    </message>
    <message>
        <source>source language</source>
        <translation>源语言</translation>
    </message>
    <message>
        <source>target language</source>
        <translation>目标语言</translation>
    </message>
    <message>
        <source>%1 takes no source language code (&apos;%2&apos;): leave it out</source>
        <translation>%1 不接受源语言代码（&apos;%2&apos;）：请省略它</translation>
    </message>
    <message>
        <source>… (%1 in all)</source>
        <translation>…（共 %1 个）</translation>
    </message>
    <message>
        <source>the model takes no %1 code (&apos;%2&apos;): leave it out</source>
        <translation>该模型不接受%1代码（&apos;%2&apos;）：请省略它</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; could be %3: give one of them</source>
        <translation>%1 &apos;%2&apos; 可能是 %3：请指定其中之一</translation>
    </message>
    <message>
        <source>the model has no %1 &apos;%2&apos;; choose one of %3</source>
        <translation>该模型没有%1 &apos;%2&apos;；请从 %3 中选择</translation>
    </message>
    <message>
        <source>%1: %2 is &quot;%3&quot;, not one of the tokenizer&apos;s language codes (%4, ...); set a code of the list or null</source>
        <translation>%1：%2 为 &quot;%3&quot;，不是分词器的语言代码之一（%4, ...）；请设为列表中的代码或 null</translation>
    </message>
    <message>
        <source>%1: tokenizer_class %2 marks languages with tokens, but tokenizer.json has none of its language codes</source>
        <translation>%1：tokenizer_class %2 用词元标记语言，但 tokenizer.json 中没有它的任何语言代码</translation>
    </message>
    <message>
        <source>%1 sets no src_lang, and the default, %2, is not one of the tokenizer&apos;s language codes: set src_lang</source>
        <translation>%1 未设置 src_lang，而默认值 %2 不是分词器的语言代码之一：请设置 src_lang</translation>
    </message>
    <message>
        <source>%1: the end token &quot;%2&quot; is not in tokenizer.json</source>
        <translation>%1：结束词元 &quot;%2&quot; 不在 tokenizer.json 中</translation>
    </message>
    <message>
        <source>the model&apos;s tokenizer names no target language (tgt_lang): choose one (e.g. %1) to read a target text</source>
        <translation>模型的分词器未指定目标语言（tgt_lang）：请选择一种（例如 %1）来读取目标文本</translation>
    </message>
    <message>
        <source>%1 is missing: an M2M100 model folder has sentencepiece.bpe.model and vocab.json; download the model again</source>
        <translation>缺少 %1：M2M100 模型文件夹应包含 sentencepiece.bpe.model 和 vocab.json；请重新下载模型</translation>
    </message>
    <message>
        <source>%1: %2 is &quot;%3&quot;, not one of the model&apos;s language codes (%4, ...); set a code of the list or null</source>
        <translation>%1：%2 为 &quot;%3&quot;，不是模型的语言代码之一（%4, ...）；请设为列表中的代码或 null</translation>
    </message>
    <message>
        <source>%1: language_codes is &quot;%2&quot;; transformers knows &quot;m2m100&quot; and &quot;wmt21&quot;</source>
        <translation>%1：language_codes 为 &quot;%2&quot;；transformers 只认识 &quot;m2m100&quot; 和 &quot;wmt21&quot;</translation>
    </message>
    <message>
        <source>%1 sets no eos_token, which M2M100 models end every text with: remove the setting</source>
        <translation>%1 未设置 eos_token，而 M2M100 模型用它结束每段文本：请删除该设置</translation>
    </message>
    <message>
        <source>the target language %1 has id %2, outside the model&apos;s %3 target tokens (vocab_size in config.json)</source>
        <translation>目标语言 %1 的 id 为 %2，超出了模型的 %3 个目标词元（config.json 中的 vocab_size）</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: expected head numbers 0..%2 after broad=, e.g. builtin:patterns:broad=0</source>
        <translation>&apos;%1&apos;：broad= 之后应为头编号 0..%2，例如 builtin:patterns:broad=0</translation>
    </message>
    <message>
        <source>Give token ids (--ids) or open the model&apos;s Hugging Face folder: %1 has a tokenizer of kind &apos;%2&apos; (tokenizer.ggml.model), which Headmap does not run yet</source>
        <translation>请给出词元 ID（--ids）或打开模型的 Hugging Face 文件夹：%1 的分词器类型为 &apos;%2&apos;（tokenizer.ggml.model），Headmap 尚不能运行它</translation>
    </message>
    <message>
        <source>token id %1 is outside the vocabulary (0 to %2)</source>
        <translation>词元 ID %1 超出词表范围（0 到 %2）</translation>
    </message>
    <message>
        <source>key %1 is %2, expected a token id below %3</source>
        <translation>键 %1 为 %2，应为小于 %3 的词元 ID</translation>
    </message>
    <message>
        <source>has no key %1 (T5&apos;s layer_norm_epsilon)</source>
        <translation>缺少键 %1（T5 的 layer_norm_epsilon）</translation>
    </message>
    <message>
        <source>key %1 must be positive</source>
        <translation>键 %1 必须为正数</translation>
    </message>
    <message>
        <source>key %1 is %2: llama.cpp&apos;s maximum distance %3 must exceed a quarter of it</source>
        <translation>键 %1 为 %2：llama.cpp 的最大距离 %3 必须大于它的四分之一</translation>
    </message>
    <message>
        <source>tensor %1 is a relative position bias of its own in a later block (umT5), which Headmap does not compute; it reads T5 and mT5 files, whose blocks share block 0&apos;s</source>
        <translation>张量 %1 是后续块自己的相对位置偏置（umT5），Headmap 不计算这种情况；它读取各块共享第 0 块偏置的 T5 和 mT5 文件</translation>
    </message>
    <message>
        <source>tensor %1 has dims %2, expected [%3, vocabulary]</source>
        <translation>张量 %1 的维度为 %2，应为 [%3, 词表大小]</translation>
    </message>
    <message>
        <source>has no tensor %1 (the token embeddings)</source>
        <translation>缺少张量 %1（词元嵌入）</translation>
    </message>
    <message>
        <source>the model folder of %1 is missing (looked in: %2); reinstall Headmap, or set HEADMAP_MODELS_DIR to the folder holding %3/</source>
        <translation>找不到 %1 的模型文件夹（已查找：%2）；请重新安装 Headmap，或将 HEADMAP_MODELS_DIR 设为包含 %3/ 的文件夹</translation>
    </message>
    <message>
        <source>%1 is not a Danish two-digit compound; expected 21..99, not on a ten</source>
        <translation>%1 不是丹麦语的两位复合数；应为 21..99 且不是整十</translation>
    </message>
    <message>
        <source>%1: &quot;held_out&quot; must be a list of numbers</source>
        <translation>%1：&quot;held_out&quot; 必须是数字列表</translation>
    </message>
    <message>
        <source>field &apos;no_rope_layers&apos; must list 0 or 1 for each of the %1 layers</source>
        <translation>字段 &apos;no_rope_layers&apos; 必须为 %1 层中的每一层列出 0 或 1</translation>
    </message>
    <message>
        <source>no_rope_layers[%1] is %2; expected 1 (rotary) or 0 (no rotary)</source>
        <translation>no_rope_layers[%1] 为 %2；应为 1（旋转位置编码）或 0（无旋转位置编码）</translation>
    </message>
    <message>
        <source>layer_types[%1] is &apos;%2&apos;, but global_attn_every_n_layers %3 makes layer %1 %4; Headmap supports only layer_types that follow global_attn_every_n_layers</source>
        <translation>layer_types[%1] 为 &apos;%2&apos;，但 global_attn_every_n_layers %3 使第 %1 层为 %4；Headmap 只支持与 global_attn_every_n_layers 一致的 layer_types</translation>
    </message>
    <message>
        <source>head width %1 is odd; rotary embeddings need an even one</source>
        <translation>头宽度 %1 为奇数；旋转位置编码需要偶数宽度</translation>
    </message>
    <message>
        <source>field &apos;rope_scaling&apos; is set; Headmap reads ModernBERT&apos;s rotary scaling only from rope_parameters</source>
        <translation>字段 &apos;rope_scaling&apos; 已设置；Headmap 只从 rope_parameters 读取 ModernBERT 的旋转位置编码缩放</translation>
    </message>
    <message>
        <source>the rotary bases (global_rope_theta, local_rope_theta) must be positive</source>
        <translation>旋转位置编码的基数（global_rope_theta、local_rope_theta）必须为正数</translation>
    </message>
    <message>
        <source>token id %1 at position %2 is outside 0..%3</source>
        <translation>位置 %2 的词元 ID %1 超出 0..%3</translation>
    </message>
    <message>
        <source>metadata key %1 is missing and the default unknown token (2) is outside the vocabulary</source>
        <translation>缺少元数据键 %1，且默认的未知词元（2）超出了词表范围</translation>
    </message>
    <message>
        <source>%1 is true, but %2 is not set</source>
        <translation>%1 为真，但未设置 %2</translation>
    </message>
    <message>
        <source>metadata key %1 is not an array of bytes (UINT8 or INT8)</source>
        <translation>元数据键 %1 不是字节数组（UINT8 或 INT8）</translation>
    </message>
    <message>
        <source>&quot;llama&quot; (SentencePiece), &quot;gpt2&quot; (byte-level BPE) and &quot;t5&quot; (SentencePiece Unigram)</source>
        <translation>&quot;llama&quot;（SentencePiece）、&quot;gpt2&quot;（字节级 BPE）和 &quot;t5&quot;（SentencePiece Unigram）</translation>
    </message>
    <message>
        <source>%1: extra_ids is %2, not a count of sentinel tokens; set a whole number such as 100</source>
        <translation>%1：extra_ids 为 %2，不是哨兵词元的数量；请设为整数，例如 100</translation>
    </message>
    <message>
        <source>%1: added_tokens_decoder entry &quot;%2&quot; is not an id with a token&apos;s &quot;content&quot;; remove the entry or save the tokenizer again</source>
        <translation>%1：added_tokens_decoder 的条目 &quot;%2&quot; 不是带有词元 &quot;content&quot; 的 id；请删除该条目或重新保存分词器</translation>
    </message>
    <message>
        <source>%1: extra_ids is %2 but additional_special_tokens lists %3 &lt;extra_id_N&gt; tokens; make them agree</source>
        <translation>%1：extra_ids 为 %2，但 additional_special_tokens 列出了 %3 个 &lt;extra_id_N&gt; 词元；请使二者一致</translation>
    </message>
    <message>
        <source>%1 sets no eos_token, which T5 ends every text with: remove the setting</source>
        <translation>%1 未设置 eos_token，而 T5 用它结束每段文本：请删除该设置</translation>
    </message>
    <message>
        <source>the target language&apos;s token has id %1, outside the model&apos;s %2 target tokens (vocab_size in config.json)</source>
        <translation>目标语言的词元 id 为 %1，超出了模型的 %2 个目标词元（config.json 中的 vocab_size）</translation>
    </message>
    <message>
        <source>use_sliding_window = true is not supported for this family (set it to false, as the released models do)</source>
        <translation>此模型族不支持 use_sliding_window = true（请设为 false，与已发布的模型一致）</translation>
    </message>
    <message>
        <source>num_experts_per_tok is %1, more than the %2 experts</source>
        <translation>num_experts_per_tok 为 %1，超过了专家总数 %2</translation>
    </message>
    <message>
        <source>field &apos;mlp_only_layers&apos; must be a list of layer indices</source>
        <translation>字段 &apos;mlp_only_layers&apos; 必须是层索引的列表</translation>
    </message>
    <message>
        <source>mlp_only_layers lists %1; expected layer indices 0..%2</source>
        <translation>mlp_only_layers 列出了 %1；层索引应在 0..%2 之间</translation>
    </message>
    <message>
        <source>clip_qkv = %1 is not supported (Headmap reads OLMoE checkpoints with clip_qkv null)</source>
        <translation>不支持 clip_qkv = %1（Headmap 读取 clip_qkv 为 null 的 OLMoE 检查点）</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; cannot be read as stored bytes from this kind of file</source>
        <translation>%1：无法从此类文件中按存储字节读取张量 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>bytes %1 + %2 are outside tensor %3 of %4 bytes</source>
        <translation>字节 %1 + %2 超出了 %4 字节的张量 %3 的范围</translation>
    </message>
    <message>
        <source>swiglu_limit = %1 is not supported (set it to 7.0: transformers&apos; GptOssExperts always clamps at 7.0)</source>
        <translation>不支持 swiglu_limit = %1（请设为 7.0：transformers 的 GptOssExperts 总是在 7.0 处截断）</translation>
    </message>
    <message>
        <source>quantization_config.quant_method &apos;%1&apos; is not supported (use the unquantised safetensors or a GGUF file; of quantised safetensors Headmap reads gpt-oss&apos;s MXFP4 experts)</source>
        <translation>不支持 quantization_config.quant_method &apos;%1&apos;（请使用未量化的 safetensors 或 GGUF 文件；对于量化的 safetensors，Headmap 只读取 gpt-oss 的 MXFP4 专家）</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is stored as MXFP4, whose blocks hold 32 values, but its rows are %3 wide (from config.json; check that config.json belongs to this file)</source>
        <translation>%1：&apos;%2&apos; 以 MXFP4 存储，其每个块含 32 个值，但它的行宽为 %3（来自 config.json；请检查 config.json 是否属于此文件）</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; is %3; MXFP4 blocks and scales are U8 (download the file again)</source>
        <translation>%1：张量 &apos;%2&apos; 的类型为 %3；MXFP4 的块和缩放因子应为 U8（请重新下载该文件）</translation>
    </message>
    <message>
        <source>%1 = %2: GGUF files of %3 with mixture-of-experts layers are not read; open the model&apos;s safetensors folder instead</source>
        <translation>%1 = %2：无法读取含混合专家层的 %3 GGUF 文件；请改为打开模型的 safetensors 文件夹</translation>
    </message>
    <message>
        <source>key %1 is %2: Headmap does not read shared experts from GGUF files; open the model&apos;s safetensors folder instead</source>
        <translation>键 %1 为 %2：Headmap 不从 GGUF 文件读取共享专家；请改为打开模型的 safetensors 文件夹</translation>
    </message>
    <message>
        <source>key %1 is %2; %3 routes with gating function %4 only</source>
        <translation>键 %1 为 %2；%3 只使用门控函数 %4 进行路由</translation>
    </message>
    <message>
        <source>key %1 is %2, but no layer has a router tensor (&apos;blk.N.ffn_gate_inp.weight&apos;)</source>
        <translation>键 %1 为 %2，但没有任何层含路由张量（&apos;blk.N.ffn_gate_inp.weight&apos;）</translation>
    </message>
</context>
<context>
    <name>LinesText</name>
    <message>
        <source>All</source>
        <translation>全部</translation>
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
        <translation>线条不透明度 = 权重 × 值范数 ‖αv‖，相对于该层中的最大值；低于其 %1 的不绘制</translation>
    </message>
    <message>
        <source>Line opacity = attention weight; weights below %1 are not drawn</source>
        <translation>线条不透明度 = 注意力权重；低于 %1 的权重不绘制</translation>
    </message>
    <message>
        <source>; only each query&apos;s strongest line per head (hover a token for all of its lines)</source>
        <translation>；每个头只显示每个查询最强的一条线（将鼠标悬停在词元上可查看它的所有线条）</translation>
    </message>
    <message>
        <source>; at most %1 lines per query and head</source>
        <translation>；每个查询和头最多 %1 条线</translation>
    </message>
    <message>
        <source>; only sentence %1</source>
        <translation>；仅句子 %1</translation>
    </message>
</context>
<context>
    <name>PatternsModel</name>
    <message>
        <source>previous token</source>
        <translation>前一个词元</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>后一个词元</translation>
    </message>
    <message>
        <source>self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>first token (attention sink)</source>
        <translation>第一个词元（注意力汇聚点）</translation>
    </message>
    <message>
        <source>same token earlier (induction-like)</source>
        <translation>之前出现的相同词元（类归纳头）</translation>
    </message>
    <message>
        <source>broad (uniform)</source>
        <translation>宽泛（均匀）</translation>
    </message>
    <message>
        <source>Each token attends to the token just before it; the first token, which has none, attends to itself.</source>
        <translation>每个词元关注紧挨在它之前的词元；第一个词元前面没有词元，所以关注它自己。</translation>
    </message>
    <message>
        <source>Each token attends to the token just after it; the last token, which has none, attends to itself.</source>
        <translation>每个词元关注紧挨在它之后的词元；最后一个词元后面没有词元，所以关注它自己。</translation>
    </message>
    <message>
        <source>Each token attends to itself.</source>
        <translation>每个词元关注它自己。</translation>
    </message>
    <message>
        <source>Every token attends to the first token, [CLS], a resting place for attention that has nothing better to do.</source>
        <translation>每个词元都关注第一个词元 [CLS]，它是无事可做的注意力的停靠处。</translation>
    </message>
    <message>
        <source>A token attends to the first earlier place where the same word appeared (the second &quot;the&quot; to the first &quot;the&quot;); a word seen for the first time attends to the first token instead.</source>
        <translation>词元关注同一个词此前第一次出现的位置（第二个“the”关注第一个“the”）；第一次出现的词则关注第一个词元。</translation>
    </message>
    <message>
        <source>Every token spreads its attention evenly over all the tokens, so with 10 tokens each one gets a tenth.</source>
        <translation>每个词元把注意力平均分给所有词元，所以有 10 个词元时，每个词元得到十分之一。</translation>
    </message>
    <message>
        <source>builtin:patterns has heads 0..%1; cannot make head %2 broad</source>
        <translation>builtin:patterns 的头为 0..%1；无法将头 %2 设为均匀</translation>
    </message>
    <message>
        <source>broad (queries zeroed)</source>
        <translation>均匀（查询置零）</translation>
    </message>
    <message>
        <source>This copy&apos;s queries for the head are zero, so every weight is 1/T, as in head 5.</source>
        <translation>此副本中该头的查询为零，因此每个权重都是 1/T，与头 5 相同。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 · layer %2, head %3</source>
        <translation>%1 · 第 %2 层，头 %3</translation>
    </message>
    <message>
        <source>No attention yet: type a sentence and press Enter</source>
        <translation>还没有注意力：请输入一个句子并按回车</translation>
    </message>
    <message>
        <source>%1 · all heads</source>
        <translation>%1 · 所有头</translation>
    </message>
    <message>
        <source>cannot export &apos;%1&apos;: there is no layer %2, head %3</source>
        <translation>无法导出“%1”：不存在第 %2 层、头 %3</translation>
    </message>
    <message>
        <source>cannot export &apos;%1&apos;: %2</source>
        <translation>无法导出“%1”：%2</translation>
    </message>
    <message>
        <source>there is no attention yet</source>
        <translation>还没有注意力</translation>
    </message>
    <message>
        <source>cannot export &apos;%1&apos;: the name must end in .json, .csv or .npy</source>
        <translation>无法导出“%1”：文件名必须以 .json、.csv 或 .npy 结尾</translation>
    </message>
    <message>
        <source>nothing to export: there is no attention yet</source>
        <translation>没有可导出的内容：还没有注意力</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Model dimension</source>
        <translation>模型维度</translation>
    </message>
    <message>
        <source>Block of %1 dimensions</source>
        <translation>%1 个维度一块</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>A: layer %1, head %2</source>
        <translation>A：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>B: layer %1, head %2</source>
        <translation>B：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>%1 · two heads</source>
        <translation>%1 · 两个头</translation>
    </message>
    <message>
        <source>Sentence A</source>
        <translation>句子 A</translation>
    </message>
    <message>
        <source>Sentence B</source>
        <translation>句子 B</translation>
    </message>
    <message>
        <source>%1 · layer %2, head %3 · two sentences</source>
        <translation>%1 · 第 %2 层，头 %3 · 两个句子</translation>
    </message>
    <message>
        <source>cannot export &apos;%1&apos;: the name must end in .png, .svg or .pdf</source>
        <translation>无法导出“%1”：文件名必须以 .png、.svg 或 .pdf 结尾</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: the image could not be drawn</source>
        <translation>无法写入“%1”：图像无法绘制</translation>
    </message>
    <message>
        <source>Attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Weight / row maximum</source>
        <translation>权重 / 行最大值</translation>
    </message>
    <message>
        <source>Attention weight (log scale)</source>
        <translation>注意力权重（对数刻度）</translation>
    </message>
    <message>
        <source>Difference of weights</source>
        <translation>权重之差</translation>
    </message>
    <message>
        <source>A - B</source>
        <translation>A - B</translation>
    </message>
    <message>
        <source>The sentences have %1 and %2 tokens; the difference A − B needs the same number.</source>
        <translation>两个句子分别有 %1 和 %2 个词元；差值 A − B 需要相同的数目。</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Mean |value| of each block</source>
        <translation>每块的平均 |值|</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>cannot create folder &apos;%1&apos;: %2</source>
        <translation>无法创建文件夹“%1”：%2</translation>
    </message>
    <message>
        <source>the system gave no reason</source>
        <translation>系统未给出原因</translation>
    </message>
    <message>
        <source>%1, max-pooled %2×%2</source>
        <translation>%1，最大池化 %2×%2</translation>
    </message>
    <message>
        <source>Grey, hatched cells are −∞: masked, they get no attention</source>
        <translation>灰色阴影单元格为 −∞：已掩码，得不到注意力</translation>
    </message>
    <message>
        <source>%1 · %2 · layer %3, head %4</source>
        <translation>%1 · %2 · 第 %3 层，第 %4 头</translation>
    </message>
    <message>
        <source>%1 · %2 · all heads</source>
        <translation>%1 · %2 · 所有头</translation>
    </message>
    <message>
        <source>The sources have %1 and %2 tokens; the difference A − B needs the same number.</source>
        <translation>两个源句分别有 %1 和 %2 个词元；差值 A − B 需要相同的数目。</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>a boolean (%1)</source>
        <translation>布尔值（%1）</translation>
    </message>
    <message>
        <source>a number (%1)</source>
        <translation>数字（%1）</translation>
    </message>
    <message>
        <source>a string (&quot;%1&quot;)</source>
        <translation>字符串（&quot;%1&quot;）</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>session file %1: %2</source>
        <translation>会话文件 %1：%2</translation>
    </message>
    <message>
        <source>field &quot;%1&quot;: expected %2, found %3</source>
        <translation>字段&quot;%1&quot;：应为%2，实际为%3</translation>
    </message>
    <message>
        <source>missing field &quot;%1&quot;</source>
        <translation>缺少字段&quot;%1&quot;</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>%1 (%2) or more</source>
        <translation>%1（%2）或更大</translation>
    </message>
    <message>
        <source>between %1 and %2</source>
        <translation>在 %1 和 %2 之间</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; is %2; it must be %3</source>
        <translation>字段&quot;%1&quot;为 %2；它必须%3</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; is &quot;%2&quot;; valid %3: %4</source>
        <translation>字段&quot;%1&quot;为&quot;%2&quot;；有效的%3：%4</translation>
    </message>
    <message>
        <source>a whole number from 0 to 18446744073709551615 written as a string</source>
        <translation>以字符串形式写出的 0 到 18446744073709551615 之间的整数</translation>
    </message>
    <message>
        <source>the file does not exist</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>it is a folder, not a file</source>
        <translation>这是文件夹，不是文件</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation>这不是普通文件</translation>
    </message>
    <message>
        <source>it is %1 bytes; a session file is at most 1 MB (%2 bytes)</source>
        <translation>它有 %1 字节；会话文件最多 1 MB（%2 字节）</translation>
    </message>
    <message>
        <source>cannot read it: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>cannot save session file %1: %2</source>
        <translation>无法保存会话文件 %1：%2</translation>
    </message>
    <message>
        <source>the session would be %1 bytes, more than the 1 MB a session file may hold (the texts are too long)</source>
        <translation>会话将有 %1 字节，超过会话文件允许的 1 MB（文本太长）</translation>
    </message>
    <message>
        <source>no file name</source>
        <translation>没有文件名</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>not a Headmap session: expected a JSON object, found %1</source>
        <translation>不是 Headmap 会话：应为 JSON 对象，实际为%1</translation>
    </message>
    <message>
        <source>not valid JSON: %1 near byte %2 (line %3, column %4)</source>
        <translation>不是有效的 JSON：%1，靠近第 %2 字节（第 %3 行，第 %4 列）</translation>
    </message>
    <message>
        <source>not a Headmap session (it has no &quot;format&quot;: &quot;%1&quot;)</source>
        <translation>不是 Headmap 会话（没有 &quot;format&quot;: &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>not a Headmap session (&quot;format&quot; is %1, expected &quot;%2&quot;)</source>
        <translation>不是 Headmap 会话（&quot;format&quot; 为 %1，应为 &quot;%2&quot;）</translation>
    </message>
    <message>
        <source>it was written by a newer Headmap (session version %1; this one reads version %2); update Headmap to open it</source>
        <translation>它由更新版本的 Headmap 写入（会话版本 %1；此版本读取版本 %2）；请更新 Headmap 后再打开</translation>
    </message>
    <message>
        <source>field &quot;version&quot; is %1; session versions start at 1</source>
        <translation>字段&quot;version&quot;为 %1；会话版本从 1 开始</translation>
    </message>
    <message>
        <source>field &quot;model.source&quot; is empty; it names the model (e.g. builtin:teaching)</source>
        <translation>字段&quot;model.source&quot;为空；它指定模型（例如 builtin:teaching）</translation>
    </message>
    <message>
        <source>invalid &quot;model.teaching&quot;: %1</source>
        <translation>无效的&quot;model.teaching&quot;：%1</translation>
    </message>
    <message>
        <source>modes</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>views</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>colormaps</source>
        <translation>配色方案</translation>
    </message>
    <message>
        <source>scales</source>
        <translation>刻度</translation>
    </message>
    <message>
        <source>measures</source>
        <translation>度量</translation>
    </message>
    <message>
        <source>field &quot;%1&quot;: %2</source>
        <translation>字段&quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>stacks</source>
        <translation>注意力栈</translation>
    </message>
</context>
<context>
    <name>ViewText</name>
    <message>
        <source>Every token of this sentence is a special token; turn off &quot;Hide special tokens&quot; to see them.</source>
        <translation>这个句子的每个词元都是特殊词元；请关闭“隐藏特殊词元”以查看它们。</translation>
    </message>
</context>
<context>
    <name>WorkFailure</name>
    <message>
        <source>Out of memory while %1: try a shorter text or a smaller model.</source>
        <translation>%1时内存不足：请尝试更短的文本或更小的模型。</translation>
    </message>
    <message>
        <source>Failed while %1: %2</source>
        <translation>%1时失败：%2</translation>
    </message>
    <message>
        <source>Failed while %1: unexpected error</source>
        <translation>%1时失败：意外错误</translation>
    </message>
</context>
<context>
    <name>headmap</name>
    <message>
        <source>the window was not ready</source>
        <translation>窗口尚未就绪</translation>
    </message>
    <message>
        <source>headmap: screenshot: %1</source>
        <translation>headmap：截图：%1</translation>
    </message>
    <message>
        <source>See what the attention heads of a transformer do.</source>
        <translation>查看 Transformer 的注意力头在做什么。</translation>
    </message>
    <message>
        <source>Model to open: builtin:teaching, builtin:patterns, a model folder, a Hub id in the cache, a .gguf file, ollama:NAME[:TAG] or lmstudio:PUBLISHER/MODEL.</source>
        <translation>要打开的模型：builtin:teaching、builtin:patterns、模型文件夹、缓存中的 Hub id、.gguf 文件、ollama:名称[:标签] 或 lmstudio:发布者/模型。</translation>
    </message>
    <message>
        <source>SPEC</source>
        <translation>SPEC</translation>
    </message>
    <message>
        <source>Sentence to show at start.</source>
        <translation>启动时显示的句子。</translation>
    </message>
    <message>
        <source>TEXT</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Layer to show at start.</source>
        <translation>启动时显示的层。</translation>
    </message>
    <message>
        <source>Head to show at start.</source>
        <translation>启动时显示的头。</translation>
    </message>
    <message>
        <source>Second sentence, for models trained on pairs.</source>
        <translation>第二个句子，用于以句子对训练的模型。</translation>
    </message>
    <message>
        <source>Tab to show: %1.</source>
        <translation>要显示的标签页：%1。</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Step of the walk-through to show (0-8; 9-10 predict and switch a head off where the model has an output head), with --view steps.</source>
        <translation>要显示的逐步讲解的步骤（0-8；在模型有输出头时，9-10 为预测和关闭一个头），与 --view steps 一起使用。</translation>
    </message>
    <message>
        <source>What the heatmaps show: weights or value-norm (weight × value norm).</source>
        <translation>热力图显示的内容：weights 或 value-norm（权重 × 值范数）。</translation>
    </message>
    <message>
        <source>Heads to switch off, as L.H or L.H:mean, separated by commas.</source>
        <translation>要关闭的头，写作 L.H 或 L.H:mean，用逗号分隔。</translation>
    </message>
    <message>
        <source>HEADS</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Open a session file (.headmap).</source>
        <translation>打开会话文件（.headmap）。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Start in presentation mode (full screen, large, high contrast).</source>
        <translation>以演示模式启动（全屏、大字、高对比度）。</translation>
    </message>
    <message>
        <source>Save the window as a PNG once ready, then quit.</source>
        <translation>就绪后将窗口保存为 PNG，然后退出。</translation>
    </message>
    <message>
        <source>Language of the interface: en, da or zh_CN (default: View › Language, else the system&apos;s).</source>
        <translation>界面语言：en、da 或 zh_CN（默认：视图 › 语言，否则为系统语言）。</translation>
    </message>
    <message>
        <source>CODE</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>headmap: --lang must be one of %1, not &apos;%2&apos;</source>
        <translation>headmap：--lang 必须是 %1 之一，而不是“%2”</translation>
    </message>
    <message>
        <source>headmap: --measure must be weights or value-norm, not &apos;%1&apos;</source>
        <translation>headmap：--measure 必须是 weights 或 value-norm，而不是“%1”</translation>
    </message>
    <message>
        <source>headmap: --ablate: %1</source>
        <translation>headmap：--ablate：%1</translation>
    </message>
    <message>
        <source>headmap: --view must be one of %1</source>
        <translation>headmap：--view 必须是 %1 之一</translation>
    </message>
    <message>
        <source>give one session file or model folder, not %1</source>
        <translation>请只给出一个会话文件或模型文件夹，而不是 %1 个</translation>
    </message>
    <message>
        <source>%1: no such file or folder</source>
        <translation>%1：没有这个文件或文件夹</translation>
    </message>
    <message>
        <source>A session file (.headmap) to open like --open, or a model folder or .gguf file to open like --model.</source>
        <translation>要打开的会话文件（.headmap，同 --open），或模型文件夹、.gguf 文件（同 --model）。</translation>
    </message>
    <message>
        <source>headmap: give the file either as an argument or with --model / --open, not both</source>
        <translation>headmap：请用参数或 --model / --open 之一给出文件，不要同时使用</translation>
    </message>
    <message>
        <source>[FILE]</source>
        <translation>[文件]</translation>
    </message>
</context>
<context>
    <name>headmap::ui::AttentionDocument</name>
    <message>
        <source>Out of memory while opening %1.</source>
        <translation>打开 %1 时内存不足。</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Cannot open %1: unexpected error</source>
        <translation>无法打开 %1：意外错误</translation>
    </message>
    <message>
        <source>Type a sentence first: the text is empty.</source>
        <translation>请先输入一个句子：文本为空。</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>没有加载模型。</translation>
    </message>
    <message>
        <source>Type a second sentence to compare with.</source>
        <translation>请输入要比较的第二个句子。</translation>
    </message>
    <message>
        <source>Opening the model…</source>
        <translation>正在打开模型……</translation>
    </message>
    <message>
        <source>Computing attention: layer %1 of %2…</source>
        <translation>正在计算注意力：第 %1 层，共 %2 层……</translation>
    </message>
    <message>
        <source>Computing attention…</source>
        <translation>正在计算注意力……</translation>
    </message>
    <message>
        <source>Computing the second sentence…</source>
        <translation>正在计算第二个句子……</translation>
    </message>
    <message>
        <source>Computing the step-by-step matrices…</source>
        <translation>正在计算逐步矩阵……</translation>
    </message>
    <message>
        <source>Merging pieces into words…</source>
        <translation>正在把子词片段合并为单词……</translation>
    </message>
    <message>
        <source>Weighting attention by value norms…</source>
        <translation>正在用值范数加权注意力……</translation>
    </message>
    <message>
        <source>Predicting tokens…</source>
        <translation>正在预测词元……</translation>
    </message>
    <message>
        <source>opening %1</source>
        <translation>打开 %1</translation>
    </message>
    <message>
        <source>merging pieces into words</source>
        <translation>把子词片段合并为单词</translation>
    </message>
    <message>
        <source>weighting attention by value norms</source>
        <translation>用值范数加权注意力</translation>
    </message>
    <message>
        <source>analysing the attention</source>
        <translation>分析注意力</translation>
    </message>
    <message>
        <source>Cancelled: the model was not opened.</source>
        <translation>已取消：模型未打开。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>after “%1” #%2</source>
        <translation>在“%1” #%2 之后</translation>
    </message>
    <message>
        <source>fill-in for %1 #%2</source>
        <translation>填空 %1 #%2</translation>
    </message>
    <message>
        <source>at “%1” #%2</source>
        <translation>在“%1” #%2 处</translation>
    </message>
    <message>
        <source>Failed while predicting tokens: %1</source>
        <translation>预测词元时失败：%1</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ClassroomPart</name>
    <message>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <source>Coreference: “The animal didn&apos;t cross the street…”</source>
        <translation>指代消解：“The animal didn&apos;t cross the street…”</translation>
    </message>
    <message>
        <source>Danish: “Multi-head self-attention gør det muligt…”</source>
        <translation>丹麦语：“Multi-head self-attention gør det muligt…”</translation>
    </message>
    <message>
        <source>Chinese: “深入了解Transformer模型…”</source>
        <translation>中文：“深入了解Transformer模型…”</translation>
    </message>
    <message>
        <source>&lt;b&gt;Head %1 · %2:&lt;/b&gt; %3</source>
        <translation>&lt;b&gt;头 %1 · %2：&lt;/b&gt;%3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Encoder:&lt;/b&gt; the source sentence reads itself. Every source token attends to every other, in both directions, and the encoder&apos;s output is what the decoder will ask.</source>
        <translation>&lt;b&gt;编码器：&lt;/b&gt;源句读它自己。每个源词元关注所有其他源词元，两个方向都可以；编码器的输出就是解码器将要提问的对象。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decoder:&lt;/b&gt; each target token attends to itself and the target tokens written before it (causal), never to the words still to come.</source>
        <translation>&lt;b&gt;解码器：&lt;/b&gt;每个目标词元关注它自己和在它之前写出的目标词元（因果），从不关注还没写出的词。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cross-attention: the decoder asks, the encoder answers.&lt;/b&gt; Each target token (a row) sends a query; the source tokens (columns) answer with their keys, and the best fits pass on their values. A row adds up to 1 over the source sentence: where this word of the translation looks in the original.</source>
        <translation>&lt;b&gt;交叉注意力：解码器提问，编码器回答。&lt;/b&gt;每个目标词元（一行）发出一个查询；源词元（列）用它们的键来回答，最匹配的把它们的值传过去。一行在整个源句上的总和为 1：译文中的这个词在原文中看向哪里。</translation>
    </message>
    <message>
        <source>Danish numbers</source>
        <translation>丹麦语数字</translation>
    </message>
    <message>
        <source>Chinese numbers</source>
        <translation>中文数字</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1  （%2）</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ComparisonView</name>
    <message>
        <source>layer </source>
        <translation>层 </translation>
    </message>
    <message>
        <source>Layer of head A</source>
        <translation>头 A 所在的层</translation>
    </message>
    <message>
        <source>head </source>
        <translation>头 </translation>
    </message>
    <message>
        <source>Head A within its layer</source>
        <translation>头 A 在其层内的编号</translation>
    </message>
    <message>
        <source>Layer of head B</source>
        <translation>头 B 所在的层</translation>
    </message>
    <message>
        <source>Head B within its layer</source>
        <translation>头 B 在其层内的编号</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Two heads, one sentence</source>
        <translation>两个头，一个句子</translation>
    </message>
    <message>
        <source>One head, two sentences</source>
        <translation>一个头，两个句子</translation>
    </message>
    <message>
        <source>Compare two heads on the same sentence, or one head on two sentences</source>
        <translation>在同一个句子上比较两个头，或在两个句子上比较一个头</translation>
    </message>
    <message>
        <source>B:</source>
        <translation>B：</translation>
    </message>
    <message>
        <source>Second sentence, e.g. the same one with a word changed</source>
        <translation>第二个句子，例如改动了一个词的同一个句子</translation>
    </message>
    <message>
        <source>Sentence B:</source>
        <translation>句子 B：</translation>
    </message>
    <message>
        <source>Compare:</source>
        <translation>比较：</translation>
    </message>
    <message>
        <source>A:</source>
        <translation>A：</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to compare its heads.</source>
        <translation>输入一个句子并按回车，比较它的各个头。</translation>
    </message>
    <message>
        <source>A: layer %1, head %2</source>
        <translation>A：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>Sentence A: layer %1, head %2</source>
        <translation>句子 A：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>B: layer %1, head %2</source>
        <translation>B：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>Type a second sentence above and press Compare.</source>
        <translation>请在上方输入第二个句子，然后点击“比较”。</translation>
    </message>
    <message>
        <source>The second sentence has no attention to show.</source>
        <translation>第二个句子没有可显示的注意力。</translation>
    </message>
    <message>
        <source>The second sentence&apos;s model has no layer %1, head %2.</source>
        <translation>第二个句子的模型没有第 %1 层、头 %2。</translation>
    </message>
    <message>
        <source>The difference A − B appears here once sentence B is shown.</source>
        <translation>显示句子 B 后，差值 A − B 会出现在这里。</translation>
    </message>
    <message>
        <source>Sentence B: layer %1, head %2</source>
        <translation>句子 B：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>The sentences have %1 and %2 tokens; the difference needs the same number.</source>
        <translation>两个句子分别有 %1 和 %2 个词元；求差需要相同的数目。</translation>
    </message>
    <message>
        <source>A − B</source>
        <translation>A − B</translation>
    </message>
    <message>
        <source>Out of memory while comparing these heads: try a shorter text.</source>
        <translation>比较这些头时内存不足：请尝试更短的文本。</translation>
    </message>
    <message>
        <source>Comparing these heads failed: %1</source>
        <translation>比较这些头失败：%1</translation>
    </message>
    <message>
        <source>Comparing these heads failed: unexpected error</source>
        <translation>比较这些头失败：意外错误</translation>
    </message>
    <message>
        <source>Computing layer %1, head %2…</source>
        <translation>正在计算第 %1 层，头 %2…</translation>
    </message>
    <message>
        <source>Computing A − B…</source>
        <translation>正在计算 A − B…</translation>
    </message>
    <message>
        <source>The sources have %1 and %2 tokens; the difference needs the same number.</source>
        <translation>两个源句分别有 %1 和 %2 个词元；差值需要相同的数目。</translation>
    </message>
</context>
<context>
    <name>headmap::ui::DownloadDialog</name>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Download a model from the Hugging Face Hub</source>
        <translation>从 Hugging Face Hub 下载模型</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Model id:</source>
        <translation>模型 id：</translation>
    </message>
    <message>
        <source>Revision:</source>
        <translation>修订版本：</translation>
    </message>
    <message>
        <source>HF_HUB_OFFLINE is set: only models already in the cache (%1) open.</source>
        <translation>已设置 HF_HUB_OFFLINE：只能打开缓存（%1）中已有的模型。</translation>
    </message>
    <message>
        <source>Files go to the Hugging Face cache, %1, where transformers finds them too.</source>
        <translation>文件保存到 Hugging Face 缓存 %1，transformers 也能在那里找到它们。</translation>
    </message>
    <message>
        <source>Asking the Hub for the file list…</source>
        <translation>正在向 Hub 请求文件列表……</translation>
    </message>
    <message>
        <source>Downloading…</source>
        <translation>正在下载……</translation>
    </message>
    <message>
        <source>%1 files, %2 in all, at commit %3.</source>
        <translation>%1 个文件，共 %2，提交 %3。</translation>
    </message>
    <message>
        <source>resuming after %1</source>
        <translation>从 %1 处继续</translation>
    </message>
    <message>
        <source>downloading</source>
        <translation>正在下载</translation>
    </message>
    <message>
        <source>in the cache</source>
        <translation>已在缓存中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Downloaded into %1</source>
        <translation>已下载到 %1</translation>
    </message>
    <message>
        <source>Cancelled. Download again to resume where it stopped.</source>
        <translation>已取消。再次下载即可从中断处继续。</translation>
    </message>
    <message>
        <source>SHA-256 %1 (checked after the download)</source>
        <translation>SHA-256 %1（下载后已校验）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>, %1/s, %2 left</source>
        <translation>，%1/秒，剩余 %2</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>The views still show the previous text.</source>
        <translation>各视图仍显示之前的文本。</translation>
    </message>
    <message numerus="yes">
        <source>Run the first %n token(s)</source>
        <translation>
            <numerusform>运行前 %n 个词元</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::ExportsPart</name>
    <message>
        <source>Nothing to export in this tab yet.</source>
        <translation>这个标签页还没有可导出的内容。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <source>Nothing to export yet: type a sentence and press Enter.</source>
        <translation>还没有可导出的内容：请输入一个句子并按回车。</translation>
    </message>
    <message>
        <source>Unknown image format &apos;%1&apos; (expected png, svg or pdf)</source>
        <translation>未知的图像格式“%1”（应为 png、svg 或 pdf）</translation>
    </message>
    <message>
        <source>Exporting every head…</source>
        <translation>正在导出每个头……</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled after %n file(s)</source>
        <translation>
            <numerusform>导出了 %n 个文件后已取消</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n file(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个文件保存到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export image</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图像 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Scale (2 = 192 dpi, 4 = 384 dpi):</source>
        <translation>缩放（2 = 192 dpi，4 = 384 dpi）：</translation>
    </message>
    <message>
        <source>Export data</source>
        <translation>导出数据</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv);;NumPy array (*.npy)</source>
        <translation>JSON (*.json);;CSV (*.csv);;NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>Export every head into</source>
        <translation>将每个头导出到</translation>
    </message>
    <message>
        <source>Export every head</source>
        <translation>导出每个头</translation>
    </message>
    <message>
        <source>Image format:</source>
        <translation>图像格式：</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadGridView</name>
    <message>
        <source>Type a sentence and press Enter: every head of the model appears here at once.</source>
        <translation>输入一个句子并按回车：模型的所有头会同时显示在这里。</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Each cell is one head over %1: rows are queries, columns are keys. Click a cell to open it; Ctrl+click or drag to select heads.</source>
        <translation>每个单元格是 %1 上的一个头：行是查询，列是键。点击单元格打开它；Ctrl+点击或拖动以选择多个头。</translation>
    </message>
    <message>
        <source>one token</source>
        <translation>一个词元</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Weight / row maximum</source>
        <translation>权重 / 行最大值</translation>
    </message>
    <message>
        <source>Attention weight (log scale)</source>
        <translation>注意力权重（对数刻度）</translation>
    </message>
    <message>
        <source>Frame: %1</source>
        <translation>边框：%1</translation>
    </message>
    <message>
        <source>low %1</source>
        <translation>低 %1</translation>
    </message>
    <message>
        <source>%1 high</source>
        <translation>%1 高</translation>
    </message>
    <message>
        <source>✕ switched off (later layers run without them): %1</source>
        <translation>✕ 已关闭（之后的层在没有它们的情况下运行）：%1</translation>
    </message>
    <message>
        <source>Layer %1: mean over its heads</source>
        <translation>第 %1 层：其各头的平均</translation>
    </message>
    <message>
        <source>Layer %1: maximum over its heads</source>
        <translation>第 %1 层：其各头的最大值</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>Switched off: later layers run without its output; its own weights are still shown</source>
        <translation>已关闭：之后的层在没有它的输出的情况下运行；仍显示它自己的权重</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; attends to &quot;%2&quot;: %3</source>
        <translation>“%1”对“%2”的注意力：%3</translation>
    </message>
    <message>
        <source>&quot;%1&quot; → &quot;%2&quot;, weight × value norm: %3</source>
        <translation>“%1” → “%2”，权重 × 值范数：%3</translation>
    </message>
    <message>
        <source>Switch off (zero)</source>
        <translation>关闭（置零）</translation>
    </message>
    <message>
        <source>Replace the selected heads&apos; output by zeros (X); Ctrl+click or drag to select</source>
        <translation>用零替换所选头的输出（X）；Ctrl+点击或拖动以选择</translation>
    </message>
    <message>
        <source>Switch off (mean)</source>
        <translation>关闭（取平均）</translation>
    </message>
    <message>
        <source>Replace the selected heads&apos; output by its mean over the positions (M)</source>
        <translation>用所选头的输出在各位置上的平均替换它（M）</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Switch the selected heads back on (R)</source>
        <translation>重新打开所选的头（R）</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>清除选择</translation>
    </message>
    <message>
        <source>Drawing all heads…</source>
        <translation>正在绘制所有头……</translation>
    </message>
    <message>
        <source>%1, max-pooled %2×%2</source>
        <translation>%1，最大池化 %2×%2</translation>
    </message>
    <message>
        <source>Each cell is one head: %1 target tokens (rows, the decoder&apos;s queries) × %2 source tokens (columns, the encoder&apos;s keys). Click a cell to open it; Ctrl+click or drag to select heads.</source>
        <translation>每个单元格是一个头：%1 个目标词元（行，解码器的查询）× %2 个源词元（列，编码器的键）。点击单元格打开它；按住 Ctrl 点击或拖动可选择多个头。</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadLoader</name>
    <message>
        <source>computing layer %1, head %2</source>
        <translation>计算第 %1 层头 %2</translation>
    </message>
    <message>
        <source>Computing layer %1, head %2…</source>
        <translation>正在计算第 %1 层，头 %2…</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadRolesMap</name>
    <message>
        <source>Layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>Strongest in document %1 at token %2; click to open it</source>
        <translation>在文档 %1 的词元 %2 处最强；点击打开</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadRolesTableModel</name>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadRolesView</name>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Could not write the text to a temporary file: %1</source>
        <translation>无法将文本写入临时文件：%1</translation>
    </message>
    <message>
        <source>Open a model first: head roles are measured with the loaded model.</source>
        <translation>请先打开一个模型：头角色是用已加载的模型测量的。</translation>
    </message>
    <message>
        <source>Type a text or choose a corpus file first: there is nothing to score.</source>
        <translation>请先输入文本或选择语料文件：没有可评分的内容。</translation>
    </message>
    <message>
        <source>Out of memory while scoring the corpus: try a smaller model or corpus.</source>
        <translation>为语料评分时内存不足：请尝试更小的模型或语料。</translation>
    </message>
    <message>
        <source>Previous token</source>
        <translation>前一个词元</translation>
    </message>
    <message>
        <source>Duplicate token</source>
        <translation>重复词元</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>Sink (first token)</source>
        <translation>汇聚（第一个词元）</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <source>Punctuation</source>
        <translation>标点</translation>
    </message>
    <message>
        <source>Divergence</source>
        <translation>散度</translation>
    </message>
    <message>
        <source>Share of weight on the token just before</source>
        <translation>落在紧邻前一个词元上的权重比例</translation>
    </message>
    <message>
        <source>Share of weight on earlier copies of the token</source>
        <translation>落在该词元较早副本上的权重比例</translation>
    </message>
    <message>
        <source>Share of weight on the token after an earlier copy of the token</source>
        <translation>落在该词元较早副本之后那个词元上的权重比例</translation>
    </message>
    <message>
        <source>Mean weight on the first token</source>
        <translation>第一个词元上的平均权重</translation>
    </message>
    <message>
        <source>Mean entropy of a row, in nats: high is broad</source>
        <translation>每行的平均熵（奈特）：越高越分散</translation>
    </message>
    <message>
        <source>Mean distance attended over, in tokens</source>
        <translation>平均关注距离（词元数）</translation>
    </message>
    <message>
        <source>Mean weight on special tokens</source>
        <translation>特殊词元上的平均权重</translation>
    </message>
    <message>
        <source>Mean weight on punctuation</source>
        <translation>标点上的平均权重</translation>
    </message>
    <message>
        <source>Mean Jensen–Shannon divergence from the second model, in nats</source>
        <translation>与第二个模型的平均 Jensen–Shannon 散度（奈特）</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Use the current text</source>
        <translation>使用当前文本</translation>
    </message>
    <message>
        <source>Paragraphs</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>&amp;Score heads</source>
        <translation>为头评分(&amp;S)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export &amp;data…</source>
        <translation>导出数据(&amp;D)…</translation>
    </message>
    <message>
        <source>That document is no longer in the corpus: the file changed. Score the heads again.</source>
        <translation>该文档已不在语料中：文件已更改。请重新为头评分。</translation>
    </message>
    <message>
        <source>Choose a corpus file (one document per line) or use the current text, then press Score heads.</source>
        <translation>选择一个语料文件（每行一个文档）或使用当前文本，然后点击“为头评分”。</translation>
    </message>
    <message>
        <source>Corpus file: UTF-8 text, one document per line</source>
        <translation>语料文件：UTF-8 文本，每行一个文档</translation>
    </message>
    <message>
        <source>Second model to compare (optional)</source>
        <translation>用于比较的第二个模型（可选）</translation>
    </message>
    <message>
        <source>A model spec or folder with the same tokenizer, e.g. a fine-tuned copy: the divergence map shows which heads changed.</source>
        <translation>使用相同分词器的模型说明或文件夹，例如微调后的副本：散度图显示哪些头发生了变化。</translation>
    </message>
    <message>
        <source>One document per run of lines between blank lines, instead of one per line</source>
        <translation>以空行分隔的每段连续行作为一个文档，而不是每行一个</translation>
    </message>
    <message>
        <source>Colour b&amp;y:</source>
        <translation>着色依据(&amp;Y)：</translation>
    </message>
    <message>
        <source>Choose a corpus file first (Browse…), or check &quot;Use the current text&quot;.</source>
        <translation>请先选择语料文件（浏览…），或勾选“使用当前文本”。</translation>
    </message>
    <message>
        <source>Reading the corpus…</source>
        <translation>正在读取语料…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message numerus="yes">
        <source>%n document(s)</source>
        <translation>
            <numerusform>%n 个文档</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>约剩 %1 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n cut to the model&apos;s length</source>
        <translation>
            <numerusform>%n 个被截断到模型长度</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled: the map shows the documents scored before.</source>
        <translation>已取消：图中显示的是取消前已评分的文档。</translation>
    </message>
    <message>
        <source>The same corpus and model as before: shown from memory.</source>
        <translation>与之前相同的语料和模型：直接从内存显示。</translation>
    </message>
    <message numerus="yes">
        <source>%n document(s) are not valid UTF-8; invalid bytes were replaced.</source>
        <translation>
            <numerusform>%n 个文档不是有效的 UTF-8；无效字节已被替换。</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a corpus</source>
        <translation>选择语料</translation>
    </message>
    <message>
        <source>Text (*.txt);;All files (*)</source>
        <translation>文本 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export head roles</source>
        <translation>导出头角色</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation>JSON (*.json);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>Nothing to export yet: score the heads first.</source>
        <translation>尚无可导出的内容：请先为头评分。</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>the current text</source>
        <translation>当前文本</translation>
    </message>
    <message numerus="yes">
        <source>%1 · head roles over %2 (%n document(s))</source>
        <translation>
            <numerusform>%1 · %2 上的头角色（%n 个文档）</numerusform>
        </translation>
    </message>
    <message>
        <source>compared with %1</source>
        <translation>与 %1 比较</translation>
    </message>
    <message>
        <source>S&amp;tack:</source>
        <translation>堆栈(&amp;T)：</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>编码器自注意力</translation>
    </message>
    <message>
        <source>Decoder self-attention</source>
        <translation>解码器自注意力</translation>
    </message>
    <message>
        <source>Encoder: each document read as the source. Decoder: the model&apos;s translation of each document, written first.</source>
        <translation>编码器：每篇文档作为源文本读取。解码器：先生成模型对每篇文档的译文。</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeadStatisticsModel</name>
    <message>
        <source>Layer %1, head %2: mean α·‖v·W_O‖ = %3</source>
        <translation>第 %1 层，头 %2：平均 α·‖v·W_O‖ = %3</translation>
    </message>
    <message>
        <source>Layer %1, head %2: %3 = %4</source>
        <translation>第 %1 层，头 %2：%3 = %4</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>The layer, counted from 0</source>
        <translation>层，从 0 开始计数</translation>
    </message>
    <message>
        <source>The head within its layer, counted from 0</source>
        <translation>头在其层内的编号，从 0 开始计数</translation>
    </message>
    <message>
        <source>mean ‖αv‖</source>
        <translation>平均 ‖αv‖</translation>
    </message>
    <message>
        <source>Mean of weight × value norm, α_ij·‖v_j·W_O‖, over the entries a query may attend to: how far the head actually moves the tokens&apos; representations (Kobayashi et al. 2020). Over the tokenizer&apos;s pieces.</source>
        <translation>权重 × 值范数 α_ij·‖v_j·W_O‖ 在查询可以关注的所有条目上的平均：这个头实际上在多大程度上改变了词元的表示（Kobayashi 等，2020）。按分词器的子词片段计算。</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeatmapToolbar</name>
    <message>
        <source>Positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Find a token (Ctrl+F)</source>
        <translation>查找词元（Ctrl+F）</translation>
    </message>
    <message>
        <source>Jump to a token and outline it: a word, or #12 for the token at position 12. Enter goes to the next match.</source>
        <translation>跳到一个词元并给它加框：输入一个词，或输入 #12 表示位置 12 的词元。回车跳到下一个匹配。</translation>
    </message>
    <message>
        <source>Write each token&apos;s position in the axis labels (&quot;it #10&quot;). Labels that are thinned out always carry it.</source>
        <translation>在坐标轴标签中写出每个词元的位置（“it #10”）。被稀疏显示的标签总是带有位置。</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens: on the 0 to 1 scale most weights are too small to tell apart. &lt;a href=&quot;rowmax&quot;&gt;&lt;b&gt;Use the per-row scale&lt;/b&gt;&lt;/a&gt; to see where each token looks most.</source>
        <translation>
            <numerusform>%n 个词元：在 0 到 1 的刻度上，大多数权重太小，难以区分。&lt;a href=&quot;rowmax&quot;&gt;&lt;b&gt;使用按行刻度&lt;/b&gt;&lt;/a&gt;，查看每个词元最关注哪里。</numerusform>
        </translation>
    </message>
    <message>
        <source>Max of each block</source>
        <translation>每块的最大值</translation>
    </message>
    <message>
        <source>Mean of each block</source>
        <translation>每块的平均值</translation>
    </message>
    <message>
        <source>The matrix has more cells than the screen has pixels, so each pixel shows a block of cells: its largest weight (sharp heads stay visible) or its mean (how much attention the block gets in all). Zoom in to see every cell; hovering always gives the exact weight.</source>
        <translation>矩阵的单元格比屏幕的像素还多，因此每个像素显示一块单元格：块中的最大权重（尖锐的头仍然可见）或平均值（这块总共得到多少注意力）。放大即可看到每个单元格；鼠标悬停时总是显示精确的权重。</translation>
    </message>
</context>
<context>
    <name>headmap::ui::HeatmapView</name>
    <message>
        <source>0 to 1</source>
        <translation>0 到 1</translation>
    </message>
    <message>
        <source>Per-row maximum</source>
        <translation>按行最大值</translation>
    </message>
    <message>
        <source>Global maximum</source>
        <translation>全局最大值</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>对数</translation>
    </message>
    <message>
        <source>Key: attended to</source>
        <translation>键：被关注者</translation>
    </message>
    <message>
        <source>Query: attending from</source>
        <translation>查询：关注者</translation>
    </message>
    <message>
        <source>No attention yet: type a sentence and press Enter</source>
        <translation>还没有注意力：请输入一个句子并按回车</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (causal): a token never attends to the tokens after it</source>
        <translation>灰色阴影：已掩码（因果）：词元从不关注它之后的词元</translation>
    </message>
    <message>
        <source>Attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Difference of weights</source>
        <translation>权重之差</translation>
    </message>
    <message>
        <source>Weight / row maximum</source>
        <translation>权重 / 行最大值</translation>
    </message>
    <message>
        <source>Attention weight (log scale)</source>
        <translation>注意力权重（对数刻度）</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Query token #%1 “%2”, key token #%3 “%4”: masked (causal): a token never attends to a later one; weight 0</source>
        <translation>查询词元 #%1“%2”，键词元 #%3“%4”：已掩码（因果）：词元从不关注之后的词元；权重为 0</translation>
    </message>
    <message>
        <source>Query token #%1 “%2”, key token #%3 “%4”: difference %5</source>
        <translation>查询词元 #%1“%2”，键词元 #%3“%4”：差值 %5</translation>
    </message>
    <message>
        <source>Query token #%1 “%2” attends to key token #%3 “%4”: %5</source>
        <translation>查询词元 #%1“%2”对键词元 #%3“%4”的注意力：%5</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>mean-pooled %1×%1</source>
        <translation>平均池化 %1×%1</translation>
    </message>
    <message>
        <source>max-pooled %1×%1, by magnitude</source>
        <translation>最大池化 %1×%1（按绝对值）</translation>
    </message>
    <message>
        <source>max-pooled %1×%1</source>
        <translation>最大池化 %1×%1</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (sliding window)</source>
        <translation>灰色阴影：已掩码（滑动窗口）</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (causal)</source>
        <translation>灰色阴影：已掩码（因果）</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (sliding window): a token attends only to itself and the tokens just before it, never to later ones</source>
        <translation>灰色阴影：已掩码（滑动窗口）：词元只关注自身和紧挨在它之前的词元，从不关注之后的词元</translation>
    </message>
    <message>
        <source>Query token #%1 “%2”, key token #%3 “%4”: masked (sliding window): the key is outside the query&apos;s window; weight 0</source>
        <translation>查询词元 #%1“%2”，键词元 #%3“%4”：已掩码（滑动窗口）：该键在查询的窗口之外；权重为 0</translation>
    </message>
    <message>
        <source>%1
(%2)</source>
        <translation>%1
（%2）</translation>
    </message>
    <message>
        <source>Key: source</source>
        <translation>键：源</translation>
    </message>
    <message>
        <source>Key: source token (encoder)</source>
        <translation>键：源词元（编码器）</translation>
    </message>
    <message>
        <source>Query: target</source>
        <translation>查询：目标</translation>
    </message>
    <message>
        <source>Query: target token (decoder)</source>
        <translation>查询：目标词元（解码器）</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (local window)</source>
        <translation>灰色阴影：已掩码（局部窗口）</translation>
    </message>
    <message>
        <source>Grey, hatched: masked (local window): a token attends only to the tokens near it, before and after it</source>
        <translation>灰色阴影：已掩码（局部窗口）：一个词元只关注它附近的词元，包括它前面和后面的</translation>
    </message>
    <message>
        <source>Query token #%1 “%2”, key token #%3 “%4”: masked (local window): the key is too far from the query, before or after it; weight 0</source>
        <translation>查询词元 #%1 “%2”，键词元 #%3 “%4”：已掩码（局部窗口）：键离查询太远（在其前或后）；权重 0</translation>
    </message>
    <message>
        <source>In this layer token #%1 went to experts %2 (the router&apos;s order)</source>
        <translation>在这一层，词元 #%1 被送往专家 %2（按路由器给出的顺序）</translation>
    </message>
    <message>
        <source>Query token #%1 “%2” gives its sink %3: the weight the head put on no token (1 minus the row&apos;s sum)</source>
        <translation>查询词元 #%1“%2”分给其汇聚点的权重为 %3：该注意力头未放在任何词元上的权重（1 减去该行之和）</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>汇聚点</translation>
    </message>
</context>
<context>
    <name>headmap::ui::InductionView</name>
    <message>
        <source>&amp;Random letters</source>
        <translation>随机字母(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find induction heads</source>
        <translation>查找归纳头(&amp;F)</translation>
    </message>
    <message>
        <source>S&amp;witch this head off</source>
        <translation>关闭这个头(&amp;W)</translation>
    </message>
    <message>
        <source>An induction head copies. At a letter it has seen before, it looks at the letter that came after it last time, and the model predicts that letter next. Type a random string of letters twice, e.g. &lt;b&gt;qzkfwbqzkfwb&lt;/b&gt;, or press Random letters. The heads are found with the induction probe: random tokens repeated twice, scored by the weight on the token after the earlier copy.</source>
        <translation>归纳头会复制。遇到之前见过的字母时，它会看向上次紧跟在该字母之后的那个字母，模型便预测下一个就是那个字母。请把一串随机字母输入两遍，例如 &lt;b&gt;qzkfwbqzkfwb&lt;/b&gt;，或点击“随机字母”。这些头是用归纳探针找到的：把随机词元重复两遍，按落在前一份副本中下一个词元上的权重打分。</translation>
    </message>
    <message>
        <source>The heads with the highest induction probe score, best first</source>
        <translation>归纳探针得分最高的头，最好的排在最前</translation>
    </message>
    <message>
        <source>Replace the head&apos;s output by zeros and run the text again</source>
        <translation>把这个头的输出换成零，并重新运行文本</translation>
    </message>
    <message>
        <source>Running the induction probe: %1 random sequences of %2 tokens, each repeated twice…</source>
        <translation>正在运行归纳探针：%1 个由 %2 个词元组成的随机序列，每个重复两遍……</translation>
    </message>
    <message>
        <source>Layer %1, head %2: induction score %3</source>
        <translation>第 %1 层，头 %2：归纳得分 %3</translation>
    </message>
    <message>
        <source>No model yet: choose one, e.g. builtin:induction.</source>
        <translation>尚无模型：请选择一个，例如 builtin:induction。</translation>
    </message>
    <message>
        <source>The induction probe failed: %1</source>
        <translation>归纳探针失败：%1</translation>
    </message>
    <message>
        <source>Press Find induction heads to run the induction probe on this model.</source>
        <translation>点击“查找归纳头”，在此模型上运行归纳探针。</translation>
    </message>
    <message>
        <source>Induction probe: %1 random sequences of %2 tokens, each repeated twice. The best head puts %3 of its weight, on average, on the token after the earlier copy.</source>
        <translation>归纳探针：%1 个由 %2 个词元组成的随机序列，每个重复两遍。最好的头平均把 %3 的权重放在前一份副本中的下一个词元上。</translation>
    </message>
    <message>
        <source>Find the induction heads first</source>
        <translation>请先查找归纳头</translation>
    </message>
    <message>
        <source>Type a random string of letters twice</source>
        <translation>请把一串随机字母输入两遍</translation>
    </message>
    <message>
        <source>The text repeats nothing yet: type the same letters again after it.</source>
        <translation>文本中还没有重复：请在后面把同样的字母再输入一遍。</translation>
    </message>
    <message>
        <source>the letter after the earlier %1.</source>
        <translation>即前面 %1 之后的那个字母。</translation>
    </message>
    <message>
        <source>not the letter after the earlier %1, which is %2 (%3).</source>
        <translation>而不是前面 %1 之后的那个字母 %2（%3）。</translation>
    </message>
    <message>
        <source>At %1 this head looks most at %2 (weight %3): %4</source>
        <translation>在 %1 处，这个头最关注 %2（权重 %3）：%4</translation>
    </message>
    <message>
        <source>This model predicts no tokens: %1</source>
        <translation>此模型不预测词元：%1</translation>
    </message>
    <message>
        <source>Predicting the next letters…</source>
        <translation>正在预测下一个字母……</translation>
    </message>
    <message>
        <source>Predicting failed: %1</source>
        <translation>预测失败：%1</translation>
    </message>
    <message>
        <source>Type the same letters a second time to see the model copy them.</source>
        <translation>把同样的字母再输入一遍，就能看到模型复制它们。</translation>
    </message>
    <message numerus="yes">
        <source> (with %n head(s) switched off)</source>
        <translation>
            <numerusform> （关闭了 %n 个头）</numerusform>
        </translation>
    </message>
    <message>
        <source>Next letter predicted right in the second copy: &lt;b&gt;%1 of %2&lt;/b&gt;%3&lt;br&gt;%4</source>
        <translation>第二份副本中正确预测的下一个字母：&lt;b&gt;%2 个中的 %1 个&lt;/b&gt;%3&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>Switch off every head the probe finds to be an induction head (score %1 or more): when one is off, the others can still copy</source>
        <translation>关闭探针找到的每一个归纳头（得分 %1 或以上）：关掉一个时，其他的仍能抄写</translation>
    </message>
    <message numerus="yes">
        <source>Switch &amp;all %n induction head(s) off</source>
        <translation>
            <numerusform>关闭全部 %n 个归纳头(&amp;A)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::LanguagePart</name>
    <message>
        <source>Model&apos;s default</source>
        <translation>模型默认</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>从：</translation>
    </message>
    <message>
        <source>Into:</source>
        <translation>译为：</translation>
    </message>
    <message>
        <source>The language of the sentence: the model reads it after this language&apos;s token</source>
        <translation>句子的语言：模型在该语言的词元之后读取句子</translation>
    </message>
    <message>
        <source>The language to translate into: the model is made to start its translation with this language&apos;s token, and reads a target you type in it</source>
        <translation>要译成的语言：模型被强制以该语言的词元开始翻译，并按该语言读取你输入的目标文本</translation>
    </message>
</context>
<context>
    <name>headmap::ui::LinesView</name>
    <message>
        <source>Hover a token to see only its lines (left: where it looks, right: who looks at it); click to pin it.</source>
        <translation>将鼠标悬停在词元上，只看它的线条（左：它看向哪里，右：谁在看它）；点击以固定。</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Show the lines of every head of this layer</source>
        <translation>显示这一层所有头的线条</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Hide every head&apos;s lines</source>
        <translation>隐藏所有头的线条</translation>
    </message>
    <message>
        <source>For a sentence pair: every line, only lines from sentence A to B, or from B to A</source>
        <translation>对于句子对：显示所有线条，或只显示从句子 A 到 B、或从 B 到 A 的线条</translation>
    </message>
    <message>
        <source>Pa&amp;ir:</source>
        <translation>句子对(&amp;I)：</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>头：</translation>
    </message>
    <message>
        <source>Show the lines of head %1 in this colour</source>
        <translation>用这种颜色显示头 %1 的线条</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>线条</translation>
    </message>
    <message>
        <source>Layer %1 · no head chosen</source>
        <translation>第 %1 层 · 未选择头</translation>
    </message>
    <message>
        <source>Layer %1 · head %2</source>
        <translation>第 %1 层 · 头 %2</translation>
    </message>
    <message>
        <source>Layer %1 · heads %2</source>
        <translation>第 %1 层 · 头 %2</translation>
    </message>
    <message>
        <source>%1 · lines of layer %2</source>
        <translation>%1 · 第 %2 层的线条</translation>
    </message>
    <message>
        <source>Only where %1 looks</source>
        <translation>只看 %1 看向哪里</translation>
    </message>
    <message>
        <source>Only who looks at %1</source>
        <translation>只看谁在看 %1</translation>
    </message>
    <message>
        <source>Special tokens hidden</source>
        <translation>已隐藏特殊词元</translation>
    </message>
    <message>
        <source> · special tokens hidden</source>
        <translation> · 已隐藏特殊词元</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to see its attention as lines.</source>
        <translation>输入一个句子并按回车，以线条形式查看它的注意力。</translation>
    </message>
    <message>
        <source>sentence A</source>
        <translation>句子 A</translation>
    </message>
    <message>
        <source>sentence B</source>
        <translation>句子 B</translation>
    </message>
    <message>
        <source>%1 · %2 · lines of layer %3</source>
        <translation>%1 · %2 · 第 %3 层的连线</translation>
    </message>
    <message>
        <source>Hover a token to see only its lines (a target token: where it looks in the source; a source token: which target tokens look at it); click to pin it.</source>
        <translation>将鼠标悬停在词元上，只显示它的连线（目标词元：它在源句中看向哪里；源词元：哪些目标词元看向它）；单击可固定。</translation>
    </message>
</context>
<context>
    <name>headmap::ui::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Headmap</source>
        <translation>Headmap</translation>
    </message>
    <message>
        <source>Stop the computation (Esc)</source>
        <translation>停止计算（Esc）</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter</source>
        <translation>输入一个句子并按回车</translation>
    </message>
    <message>
        <source>Paste or type a long text (Ctrl+Enter runs it), or open a text file</source>
        <translation>粘贴或输入一段长文本（Ctrl+Enter 运行），或打开一个文本文件</translation>
    </message>
    <message>
        <source>Edit a long, multi-line text (Ctrl+L)</source>
        <translation>编辑多行长文本（Ctrl+L）</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>S&amp;entence:</source>
        <translation>句子(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Pair:</source>
        <translation>句子对(&amp;P)：</translation>
    </message>
    <message>
        <source>This model reads a single text, not sentence pairs</source>
        <translation>此模型只读取单个文本，不接受句子对</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>Query #%1: %2   ·   Key #%3: %4</source>
        <translation>查询 #%1：%2   ·   键 #%3：%4</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Cannot open %1: no such file</source>
        <translation>无法打开 %1：文件不存在</translation>
    </message>
    <message>
        <source>Cannot open %1: not a file</source>
        <translation>无法打开 %1：不是文件</translation>
    </message>
    <message>
        <source>Cannot open %1: %2 MB; texts up to %3 MB are read</source>
        <translation>无法打开 %1：%2 MB；只读取不超过 %3 MB 的文本</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read %1: it is not UTF-8 text</source>
        <translation>无法读取 %1：不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>打开文本</translation>
    </message>
    <message>
        <source>Text files (*.txt *.md);;All files (*)</source>
        <translation>文本文件 (*.txt *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Enter, Ctrl+Enter in the long text</source>
        <translation>Enter，长文本中为 Ctrl+Enter</translation>
    </message>
    <message>
        <source>Run the text</source>
        <translation>运行文本</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Cancel the computation; leave presentation mode</source>
        <translation>取消计算；退出演示模式</translation>
    </message>
    <message>
        <source>PageDown / PageUp, ← / → on the heatmap</source>
        <translation>PageDown / PageUp，热力图上 ← / →</translation>
    </message>
    <message>
        <source>Next / previous head</source>
        <translation>下一个 / 上一个头</translation>
    </message>
    <message>
        <source>Ctrl+PageDown / Ctrl+PageUp, ↓ / ↑ on the heatmap</source>
        <translation>Ctrl+PageDown / Ctrl+PageUp，热力图上 ↓ / ↑</translation>
    </message>
    <message>
        <source>Next / previous layer</source>
        <translation>下一层 / 上一层</translation>
    </message>
    <message>
        <source>Long text box on or off</source>
        <translation>打开或关闭长文本框</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>Open a text file</source>
        <translation>打开文本文件</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Ctrl+O</translation>
    </message>
    <message>
        <source>Open a model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O / Ctrl+S</source>
        <translation>Ctrl+Shift+O / Ctrl+S</translation>
    </message>
    <message>
        <source>Open / save a session</source>
        <translation>打开 / 保存会话</translation>
    </message>
    <message>
        <source>Ctrl+E / Ctrl+Shift+E / Ctrl+Alt+E</source>
        <translation>Ctrl+E / Ctrl+Shift+E / Ctrl+Alt+E</translation>
    </message>
    <message>
        <source>Export the image / the data / every head</source>
        <translation>导出图像 / 数据 / 每个头</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Reset the heatmap&apos;s zoom</source>
        <translation>重置热力图的缩放</translation>
    </message>
    <message>
        <source>Ctrl++ / Ctrl+-</source>
        <translation>Ctrl++ / Ctrl+-</translation>
    </message>
    <message>
        <source>Larger / smaller text</source>
        <translation>放大 / 缩小文字</translation>
    </message>
    <message>
        <source>Alt+1 … Alt+3</source>
        <translation>Alt+1 … Alt+3</translation>
    </message>
    <message>
        <source>Example sentences</source>
        <translation>示例句子</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open model folder…</source>
        <translation>打开模型文件夹(&amp;O)……</translation>
    </message>
    <message>
        <source>Download model from the &amp;Hub…</source>
        <translation>从 Hub 下载模型(&amp;H)……</translation>
    </message>
    <message>
        <source>Open &amp;text file…</source>
        <translation>打开文本文件(&amp;T)……</translation>
    </message>
    <message>
        <source>Open sess&amp;ion…</source>
        <translation>打开会话(&amp;I)……</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>&amp;Save session…</source>
        <translation>保存会话(&amp;S)……</translation>
    </message>
    <message>
        <source>&amp;Export image…</source>
        <translation>导出图像(&amp;E)……</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;data…</source>
        <translation>导出数据(&amp;D)……</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export &amp;all heads…</source>
        <translation>导出所有头(&amp;A)……</translation>
    </message>
    <message>
        <source>Ctrl+Alt+E</source>
        <translation>Ctrl+Alt+E</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Next head</source>
        <translation>下一个头(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous head</source>
        <translation>上一个头(&amp;P)</translation>
    </message>
    <message>
        <source>Next &amp;layer</source>
        <translation>下一层(&amp;L)</translation>
    </message>
    <message>
        <source>Previous la&amp;yer</source>
        <translation>上一层(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>Lar&amp;ger text</source>
        <translation>放大文字(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>缩小文字(&amp;S)</translation>
    </message>
    <message>
        <source>L&amp;anguage</source>
        <translation>语言(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Headmap</source>
        <translation>关于 Headmap(&amp;A)</translation>
    </message>
    <message>
        <source>About Headmap</source>
        <translation>关于 Headmap</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Headmap %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Shows what the attention heads of transformer models do, with exact numbers from its own engine.&lt;/p&gt;&lt;p&gt;Rows are queries (the token attending), columns are keys (the token attended to).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Headmap %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;用自带引擎算出的精确数值，展示 Transformer 模型的注意力头在做什么。&lt;/p&gt;&lt;p&gt;行是查询（发出注意力的词元），列是键（被关注的词元）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>跟随系统(&amp;S)（%1）</translation>
    </message>
    <message>
        <source>&amp;Update while typing</source>
        <translation>输入时更新(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Find token</source>
        <translation>查找词元(&amp;F)</translation>
    </message>
    <message>
        <source>Single text only</source>
        <translation>仅限单个文本</translation>
    </message>
    <message>
        <source>Second sentence (optional)</source>
        <translation>第二个句子（可选）</translation>
    </message>
    <message>
        <source>A second sentence, for models trained on sentence pairs (BERT-style)</source>
        <translation>第二个句子，用于以句子对训练的模型（BERT 式）</translation>
    </message>
    <message>
        <source>Memory for converted &amp;weights…</source>
        <translation>转换后权重的内存(&amp;W)…</translation>
    </message>
</context>
<context>
    <name>headmap::ui::MatrixGrid</name>
    <message>
        <source>row %1 (%2), column %3: %4</source>
        <translation>第 %1 行（%2），第 %3 列：%4</translation>
    </message>
</context>
<context>
    <name>headmap::ui::MatrixView</name>
    <message>
        <source>+ shows the numbers</source>
        <translation>+ 显示数值</translation>
    </message>
    <message>
        <source>colour: mean |value| of each block of %1 columns</source>
        <translation>颜色：每 %1 列一块的平均 |值|</translation>
    </message>
    <message>
        <source>−∞ masked</source>
        <translation>−∞ 已掩码</translation>
    </message>
    <message>
        <source>Summarise columns</source>
        <translation>汇总列</translation>
    </message>
    <message>
        <source>Show the mean |value| of every block of %1 columns, so that wide matrices fit</source>
        <translation>显示每 %1 列一块的平均 |值|，让宽矩阵也能放下</translation>
    </message>
    <message>
        <source>Smaller cells (Ctrl+wheel)</source>
        <translation>缩小单元格（Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>Larger cells (Ctrl+wheel)</source>
        <translation>放大单元格（Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>summarised: %1 blocks of %2 columns</source>
        <translation>已汇总：%1 块，每块 %2 列</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ModelChooser</name>
    <message>
        <source>The model to run: built in, from the Hugging Face cache, from Ollama or LM Studio, or a folder</source>
        <translation>要运行的模型：内置模型、Hugging Face 缓存中的模型、Ollama 或 LM Studio 中的模型，或一个文件夹</translation>
    </message>
    <message>
        <source>Teaching model (built in)</source>
        <translation>教学模型（内置）</translation>
    </message>
    <message>
        <source>Random weights, exactly as the seed tutorial builds them</source>
        <translation>随机权重，与种子教程中的构建方式完全相同</translation>
    </message>
    <message>
        <source>no model_type</source>
        <translation>没有 model_type</translation>
    </message>
    <message>
        <source>%1  (%2: not supported)</source>
        <translation>%1  （%2：不支持）</translation>
    </message>
    <message>
        <source>Hugging Face cache: %1</source>
        <translation>Hugging Face 缓存：%1</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>打开文件夹……</translation>
    </message>
    <message>
        <source>%1  (%2: cannot be opened)</source>
        <translation>%1  （%2：无法打开）</translation>
    </message>
    <message>
        <source>no file type</source>
        <translation>没有文件类型</translation>
    </message>
    <message>
        <source>no architecture</source>
        <translation>没有架构</translation>
    </message>
    <message>
        <source>Architecture: %1</source>
        <translation>架构：%1</translation>
    </message>
    <message>
        <source>%1 opens this file too</source>
        <translation>%1 也会打开这个文件</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <source>Numbers to digits, Danish and Chinese (built in, trained)</source>
        <translation>数字词转阿拉伯数字，丹麦语和中文（内置，已训练）</translation>
    </message>
    <message>
        <source>&lt;p&gt;A small translation model (a BART encoder–decoder of about 250,000 parameters) trained on Danish and Chinese number words from 0 to 9,999 to write their digits: “syvoghalvfems” gives 97, “二千三百一十二” gives 2312. It learned that Danish says the units before the tens (seven-and-ninety): while it writes the 9 its cross-attention looks at “halvfems”, while it writes the 7 it looks back at “syv”. Chinese says the digits in their own order, and the alignment is a straight line. (One head was also shown in training which word says each digit; another learned to look there on its own.) Numbers it never saw in training come out right at least 99 times in 100.&lt;/p&gt;</source>
        <translation>&lt;p&gt;一个小型翻译模型（约 25 万个参数的 BART 编码器–解码器），用 0 到 9,999 的丹麦语和中文数字词训练，学会写出对应的阿拉伯数字：“syvoghalvfems” 得到 97，“二千三百一十二” 得到 2312。它学到了丹麦语先说个位再说十位（“七和九十”）：写 9 时，它的交叉注意力看向 “halvfems”；写 7 时，它回头看向 “syv”。中文按数字本身的顺序说，对齐是一条直线。（训练时还告诉了其中一个头每个数字由哪个词表示；另一个头自己学会了看向那里。）训练中从未见过的数字，至少 100 次中有 99 次写对。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;A small GPT-2 (2 layers of 2 heads) trained for Headmap on random lowercase letters in which stretches repeat, one token per letter. It learned induction heads: the heads of layer 0 look at the previous letter, and both heads of layer 1 look from a letter to the letter that followed the same two letters earlier, and the model predicts that letter: it copies 98 letters in 100 of a random string typed twice. Switch off one induction head and the other still copies; switch off both and the copying stops. Type a random string of letters twice and open the Induction tab.&lt;/p&gt;</source>
        <translation>&lt;p&gt;一个为 Headmap 训练的小型 GPT-2（2 层，每层 2 个头），训练数据是其中有片段重复的随机小写字母，每个字母一个词元。它学会了归纳头：第 0 层的头看向前一个字母；第 1 层的两个头都从一个字母看向先前同样两个字母之后的那个字母，模型便预测该字母：对一个输入两遍的随机字符串，它 100 个字母中能抄对 98 个。关掉一个归纳头，另一个仍在抄写；两个都关掉，抄写就停止了。把一串随机字母输入两遍，然后打开“归纳”标签页。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>headmap::ui::ModelLoadingPart</name>
    <message>
        <source>Open folder…</source>
        <translation>打开文件夹……</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Open a Hugging Face model folder (config.json, model.safetensors, tokenizer)</source>
        <translation>打开 Hugging Face 模型文件夹（config.json、model.safetensors、分词器）</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <source>%1 (%2 weights)</source>
        <translation>%1（%2 权重）</translation>
    </message>
    <message>
        <source>%1: %2 layers × %3 heads, d_model %4</source>
        <translation>%1：%2 层 × %3 个头，d_model %4</translation>
    </message>
    <message>
        <source>The attention shown is computed from %1-quantised weights, which round every weight; it is close to, not equal to, the original model&apos;s.</source>
        <translation>显示的注意力是用 %1 量化后的权重计算的，量化会对每个权重取整；结果接近但不等于原始模型的注意力。</translation>
    </message>
    <message>
        <source>Headmap — %1</source>
        <translation>Headmap — %1</translation>
    </message>
    <message>
        <source>%1: encoder %2 × %3, decoder %4 × %5 (layers × heads), d_model %6</source>
        <translation>%1：编码器 %2 × %3，解码器 %4 × %5（层 × 头），d_model %6</translation>
    </message>
</context>
<context>
    <name>headmap::ui::PredictionBars</name>
    <message>
        <source>%1: %2 (logit %3)
piece %4, id %5</source>
        <translation>%1：%2（logit %3）
片段 %4，id %5</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Click to follow this token</source>
        <translation>点击以跟踪这个词元</translation>
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
        <translation>%1（平均）</translation>
    </message>
    <message>
        <source>%1 (zero)</source>
        <translation>%1（置零）</translation>
    </message>
    <message>
        <source>&amp;Restore all</source>
        <translation>全部恢复(&amp;R)</translation>
    </message>
    <message>
        <source>Divides the scores before the softmax: below 1 the likeliest tokens gain, above 1 the distribution flattens; 0 keeps only the likeliest token</source>
        <translation>在 softmax 之前除以分数：小于 1 时最可能的词元更突出，大于 1 时分布更平坦；0 只保留最可能的词元</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <source>after</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>With every head. The dark tick on a bar marks the token&apos;s probability after switching the heads off.</source>
        <translation>所有头都在时。条形上的深色刻度标出关闭这些头之后该词元的概率。</translation>
    </message>
    <message>
        <source>before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>Follow one token&apos;s probability before and after switching heads off</source>
        <translation>跟踪一个词元在关闭头之前和之后的概率</translation>
    </message>
    <message>
        <source>KL(before ‖ after) = Σ p_before · ln(p_before / p_after) over the whole vocabulary: 0 when switching the heads off changes nothing</source>
        <translation>KL(之前 ‖ 之后) = Σ p_之前 · ln(p_之前 / p_之后)，在整个词表上求和：关闭头没有带来任何变化时为 0</translation>
    </message>
    <message>
        <source>Switched off:</source>
        <translation>已关闭：</translation>
    </message>
    <message>
        <source>Heads whose output is replaced by zeros or by its mean over the positions; select heads in the All heads tab to switch more off</source>
        <translation>输出被替换为零或其在各位置上的平均的头；在“所有头”标签页中选择头可以关闭更多</translation>
    </message>
    <message>
        <source>Switch every head back on</source>
        <translation>重新打开所有头</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to see what the model predicts.</source>
        <translation>输入一个句子并按回车，查看模型预测了什么。</translation>
    </message>
    <message>
        <source>No predictions: %1</source>
        <translation>没有预测：%1</translation>
    </message>
    <message>
        <source>Predicting…</source>
        <translation>正在预测……</translation>
    </message>
    <message>
        <source>temperature 0: the likeliest token only</source>
        <translation>温度 0：只取最可能的词元</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>温度 %1</translation>
    </message>
    <message>
        <source>Prediction %1 (%2)</source>
        <translation>预测 %1（%2）</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After switching off</source>
        <translation>关闭之后</translation>
    </message>
    <message>
        <source>With the heads switched off. The dark tick on a bar marks the token&apos;s probability before.</source>
        <translation>关闭这些头之后。条形上的深色刻度标出之前该词元的概率。</translation>
    </message>
    <message>
        <source>KL(before ‖ after) = %1 nats</source>
        <translation>KL(之前 ‖ 之后) = %1 奈特</translation>
    </message>
    <message>
        <source>KL(before ‖ after) = ∞ (a token possible before is impossible after)</source>
        <translation>KL(之前 ‖ 之后) = ∞（之前可能的一个词元之后变得不可能）</translation>
    </message>
    <message>
        <source>A dark tick on a bar: that token&apos;s probability in the other list.</source>
        <translation>条形上的深色刻度：该词元在另一个列表中的概率。</translation>
    </message>
    <message>
        <source>Top %1</source>
        <translation>前 %1</translation>
    </message>
    <message>
        <source>P(“%1”): %2 → %3 (%4%5 points)</source>
        <translation>P(“%1”)：%2 → %3（%4%5 个百分点）</translation>
    </message>
    <message>
        <source>P(“%1”) = %2</source>
        <translation>P(“%1”) = %2</translation>
    </message>
    <message>
        <source>Target token: click or type</source>
        <translation>目标词元：点击或输入</translation>
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
        <translation>预测</translation>
    </message>
    <message>
        <source>Pre&amp;dictions</source>
        <translation>预测(&amp;D)</translation>
    </message>
    <message>
        <source>Show what the model predicts, and what switching heads off changes (F8)</source>
        <translation>显示模型预测了什么，以及关闭头会带来什么变化（F8）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one token of this model&apos;s vocabulary.</source>
        <translation>“%1”不是此模型词表中的单个词元。</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to see what the model predicts.</source>
        <translation>输入一个句子并按回车，查看模型预测了什么。</translation>
    </message>
    <message>
        <source>Predicting…</source>
        <translation>正在预测……</translation>
    </message>
</context>
<context>
    <name>headmap::ui::PresentationMode</name>
    <message>
        <source>Presen&amp;tation mode</source>
        <translation>演示模式(&amp;T)</translation>
    </message>
    <message>
        <source>Presentation mode: PageUp/PageDown heads, Ctrl+PageUp/PageDown layers, Esc or F5 to leave</source>
        <translation>演示模式：PageUp/PageDown 切换头，Ctrl+PageUp/PageDown 切换层，按 Esc 或 F5 退出</translation>
    </message>
</context>
<context>
    <name>headmap::ui::RolloutView</name>
    <message>
        <source>Rollout through layer %1</source>
        <translation>展开到第 %1 层</translation>
    </message>
    <message>
        <source>Rollout through layer %1 (special tokens hidden)</source>
        <translation>展开到第 %1 层（已隐藏特殊词元）</translation>
    </message>
    <message>
        <source>Share of the input token</source>
        <translation>输入词元的占比</translation>
    </message>
    <message>
        <source>through layer </source>
        <translation>展开到第 </translation>
    </message>
    <message>
        <source>Follow the attention from the input up to this layer</source>
        <translation>跟踪从输入到这一层的注意力</translation>
    </message>
    <message>
        <source>Attention rollout, after Abnar &amp; Zuidema (2020): how much each input token (column) flows into each position (row), multiplying the layers&apos; head-averaged attention with the residual connection added.</source>
        <translation>注意力展开（attention rollout），依据 Abnar 与 Zuidema（2020）：把各层的头平均注意力（加上残差连接）相乘，得出每个输入词元（列）流入每个位置（行）的多少。</translation>
    </message>
    <message>
        <source>Samira Abnar and Willem Zuidema, &quot;Quantifying Attention Flow in Transformers&quot;, ACL 2020, https://arxiv.org/abs/2005.00928</source>
        <translation>Samira Abnar 和 Willem Zuidema，&quot;Quantifying Attention Flow in Transformers&quot;，ACL 2020，https://arxiv.org/abs/2005.00928</translation>
    </message>
    <message>
        <source>Input token: flows from</source>
        <translation>输入词元：从这里流出</translation>
    </message>
    <message>
        <source>Position: receives, after the layer</source>
        <translation>位置：在该层之后接收</translation>
    </message>
    <message>
        <source>Rollout</source>
        <translation>注意力展开</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter to see how attention flows from the input through the layers.</source>
        <translation>输入一个句子并按回车，查看注意力如何从输入流经各层。</translation>
    </message>
    <message>
        <source>computing the rollout through layer %1</source>
        <translation>计算展开到第 %1 层</translation>
    </message>
    <message>
        <source>Computing rollout through layer %1…</source>
        <translation>正在计算展开到第 %1 层…</translation>
    </message>
</context>
<context>
    <name>headmap::ui::SessionText::SessionText</name>
    <message>
        <source>%1 or more</source>
        <translation>%1 或更大</translation>
    </message>
</context>
<context>
    <name>headmap::ui::SessionsPart</name>
    <message>
        <source>Saved session %1</source>
        <translation>已保存会话 %1</translation>
    </message>
    <message>
        <source>Opening session %1…</source>
        <translation>正在打开会话 %1……</translation>
    </message>
    <message>
        <source>Opened session %1</source>
        <translation>已打开会话 %1</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Headmap session (*.headmap)</source>
        <translation>Headmap 会话 (*.headmap)</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Headmap session (*.headmap);;All files (*)</source>
        <translation>Headmap 会话 (*.headmap);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>headmap::ui::StatisticsView</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Frame every cell of the head grid by this number, from low to high</source>
        <translation>按这个数值（从低到高）给头网格的每个单元格加边框</translation>
    </message>
    <message>
        <source>Colour the grid by:</source>
        <translation>网格着色依据：</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter: one row per head appears here, with numbers that say what kind of head it is.</source>
        <translation>输入一个句子并按回车：这里每个头显示一行，其中的数值说明它是哪种头。</translation>
    </message>
    <message>
        <source>Every number is a mean over the sentence&apos;s tokens. Click a column header to sort, hover it for what it measures; double-click a row or press Enter to open that head.</source>
        <translation>每个数值都是对句子中各词元的平均。点击列标题排序，悬停查看它度量什么；双击一行或按回车打开那个头。</translation>
    </message>
</context>
<context>
    <name>headmap::ui::StepView</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>所有步骤</translation>
    </message>
    <message>
        <source>Show every step on one scrolling page</source>
        <translation>在一个可滚动的页面上显示所有步骤</translation>
    </message>
    <message>
        <source>Type a sentence to see how one attention head works, step by step.</source>
        <translation>输入一个句子，逐步查看一个注意力头如何工作。</translation>
    </message>
    <message>
        <source>No steps to show for this head.</source>
        <translation>这个头没有可显示的步骤。</translation>
    </message>
    <message>
        <source>Input X</source>
        <translation>输入 X</translation>
    </message>
    <message>
        <source>Queries, keys, values</source>
        <translation>查询、键、值</translation>
    </message>
    <message>
        <source>Scores QKᵀ</source>
        <translation>分数 QKᵀ</translation>
    </message>
    <message>
        <source>Scale by √dₖ</source>
        <translation>除以 √dₖ 缩放</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Weighted sum of V</source>
        <translation>V 的加权和</translation>
    </message>
    <message>
        <source>Concatenate the heads</source>
        <translation>拼接各头</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>输出投影</translation>
    </message>
    <message>
        <source>QK-norm</source>
        <translation>QK 归一化</translation>
    </message>
    <message>
        <source>Rotate by position (RoPE)</source>
        <translation>按位置旋转（RoPE）</translation>
    </message>
    <message>
        <source>Softcap</source>
        <translation>软上限</translation>
    </message>
    <message>
        <source>What does the model predict?</source>
        <translation>模型预测什么？</translation>
    </message>
    <message>
        <source>Switch this head off</source>
        <translation>关闭这个头</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Q turned</source>
        <translation>旋转后的 Q</translation>
    </message>
    <message>
        <source>K turned</source>
        <translation>旋转后的 K</translation>
    </message>
    <message>
        <source>θ in radians (pair)</source>
        <translation>θ，单位为弧度（每对）</translation>
    </message>
    <message>
        <source>over the whole projection: Q&apos;s %1 numbers and K&apos;s %2 per token, before the split into heads</source>
        <translation>在整个投影上：每个词元 Q 的 %1 个数和 K 的 %2 个数，在拆分成各头之前</translation>
    </message>
    <message>
        <source>per head: over this head&apos;s %1 numbers</source>
        <translation>每个头：在这个头的 %1 个数上</translation>
    </message>
    <message>
        <source>pairs (i, i + %1) of the first %2 of %3 numbers</source>
        <translation>%3 个数中前 %2 个的数对 (i, i + %1)</translation>
    </message>
    <message>
        <source>; cos and sin × %1</source>
        <translation>；cos 和 sin × %1</translation>
    </message>
    <message>
        <source>%1 → %2, every score between −%3 and %3</source>
        <translation>%1 → %2，每个分数都在 −%3 到 %3 之间</translation>
    </message>
    <message>
        <source>Before the scores, every query and key row is normalised: divided by its root mean square and multiplied by learned weights, so that no row can grow large enough to swamp the scores.</source>
        <translation>在计算分数之前，每个查询行和键行都要归一化：除以它的均方根，再乘以学到的权重，这样任何一行都不会大到压倒其他分数。</translation>
    </message>
    <message>
        <source>This model normalises a token&apos;s whole projection, all heads together, before splitting it into heads: this head&apos;s rows also depend on the other heads.</source>
        <translation>此模型在拆分成各头之前，把一个词元的整个投影（所有头一起）归一化：这个头的行也取决于其他头。</translation>
    </message>
    <message>
        <source>This model normalises each head&apos;s %1 numbers on their own.</source>
        <translation>此模型对每个头的 %1 个数单独归一化。</translation>
    </message>
    <message>
        <source>Here the position enters: the numbers of each query and key are taken in pairs, and every pair is turned by an angle that grows with the token&apos;s position (θ = position × the pair&apos;s frequency; the first pairs turn fast, the last slowly). Because query and key are turned alike, their score depends on how far apart the two tokens are. V is not turned. Click a row to see that token&apos;s angles.</source>
        <translation>位置在这里加入：每个查询和键的数两两成对，每一对都旋转一个随词元位置增大的角度（θ = 位置 × 该对的频率；前面的对转得快，后面的转得慢）。因为查询和键以同样方式旋转，它们的分数取决于两个词元相距多远。V 不旋转。点击一行查看那个词元的角度。</translation>
    </message>
    <message>
        <source>Only the first %1 of the %2 numbers are turned; the others pass unchanged.</source>
        <translation>%2 个数中只有前 %1 个被旋转；其余的保持不变。</translation>
    </message>
    <message>
        <source>This model squeezes every score into the range −%1 to %1 with tanh: small scores stay almost as they are, large ones level off near ±%1, so no single score can take all the attention.</source>
        <translation>此模型用 tanh 把每个分数压缩到 −%1 到 %1 的范围内：小的分数几乎不变，大的分数在 ±%1 附近趋于平缓，所以没有哪个分数能独占全部注意力。</translation>
    </message>
    <message>
        <source>; this model does not scale its scores</source>
        <translation>；此模型不缩放它的分数</translation>
    </message>
    <message>
        <source>; the model&apos;s own factor (e.g. Gemma&apos;s query_pre_attn_scalar), not 1/√d&lt;sub&gt;head&lt;/sub&gt; = 1/√%1</source>
        <translation>；模型自己的系数（例如 Gemma 的 query_pre_attn_scalar），而不是 1/√d&lt;sub&gt;head&lt;/sub&gt; = 1/√%1</translation>
    </message>
    <message>
        <source>if</source>
        <translation>若</translation>
    </message>
    <message>
        <source>or</source>
        <translation>或</translation>
    </message>
    <message>
        <source>else</source>
        <translation>否则</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <source>This layer looks through a sliding window: each token sees itself and the %1 tokens before it (the last %2), never the tokens after it. The other scores become −∞ (grey, hatched); after softmax they are exactly 0.</source>
        <translation>这一层通过滑动窗口观察：每个词元看到自己和它之前的 %1 个词元（最近 %2 个），从不看它之后的词元。其余分数变为 −∞（灰色阴影）；经过 softmax 后它们正好是 0。</translation>
    </message>
    <message>
        <source>This sentence is no longer than the window, so here only the later tokens are masked.</source>
        <translation>这个句子不比窗口长，所以这里只掩码后面的词元。</translation>
    </message>
    <message>
        <source>This model writes text from left to right, so a token may not look at the tokens after it. Those scores become −∞ (grey, hatched); after softmax they are exactly 0.</source>
        <translation>此模型从左到右生成文本，所以词元不能看它之后的词元。这些分数变为 −∞（灰色阴影）；经过 softmax 后它们正好是 0。</translation>
    </message>
    <message>
        <source>No mask: this model reads the whole sentence at once, so every token may look at every token, also the later ones. The scores stay as they are.</source>
        <translation>无掩码：此模型一次读取整个句子，所以每个词元都可以看每个词元，包括后面的。分数保持不变。</translation>
    </message>
    <message>
        <source>Head %1 shares K/V head 0 with all %2 heads (multi-query attention: one K/V head for every query head).</source>
        <translation>头 %1 与全部 %2 个头共用 K/V 头 0（多查询注意力：所有查询头共用一个 K/V 头）。</translation>
    </message>
    <message>
        <source>Head %1 shares K/V head %2 with heads %3–%4 (grouped-query attention, %5 query heads per K/V head).</source>
        <translation>头 %1 与头 %3–%4 共用 K/V 头 %2（分组查询注意力，每个 K/V 头对应 %5 个查询头）。</translation>
    </message>
    <message>
        <source>Show the learned weights W_Q, W_K, W_V</source>
        <translation>显示学到的权重 W_Q、W_K、W_V</translation>
    </message>
    <message>
        <source>S″ = cap(S′) + mask</source>
        <translation>S″ = cap(S′) + 掩码</translation>
    </message>
    <message>
        <source>S″ = S′ + mask</source>
        <translation>S″ = S′ + 掩码</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3</source>
        <translation>第 %1 步，共 %2 步 · %3</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Scale × %1</source>
        <translation>缩放 × %1</translation>
    </message>
    <message>
        <source>Mask (window of %1)</source>
        <translation>掩码（窗口 %1）</translation>
    </message>
    <message>
        <source>%1 tokens × d&lt;sub&gt;model&lt;/sub&gt; = %2 numbers: %3</source>
        <translation>%1 个词元 × d&lt;sub&gt;model&lt;/sub&gt; = %2 个数：%3</translation>
    </message>
    <message>
        <source>%1 → %2, every row adds up to 1</source>
        <translation>%1 → %2，每一行之和为 1</translation>
    </message>
    <message>
        <source>Output = Concat·W&lt;sub&gt;O&lt;/sub&gt; + b&lt;sub&gt;O&lt;/sub&gt;</source>
        <translation>输出 = Concat·W&lt;sub&gt;O&lt;/sub&gt; + b&lt;sub&gt;O&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>Each row is one token of the sentence, written as a list of %1 numbers. These numbers say what the token is (and, in most models, where it stands). Attention starts from these rows.</source>
        <translation>每一行是句子中的一个词元，写成一列 %1 个数。这些数说明这个词元是什么（在大多数模型中还说明它在哪个位置）。注意力从这些行开始。</translation>
    </message>
    <message>
        <source>This model adds where each token stands later, by turning its query and key (step %1).</source>
        <translation>此模型稍后通过旋转查询和键来加入每个词元的位置（第 %1 步）。</translation>
    </message>
    <message>
        <source>Three learned weight matrices turn each token&apos;s row into three shorter rows of %1 numbers: a query (what this token is looking for), a key (what it offers to the others) and a value (what it passes on when it is chosen).</source>
        <translation>三个学到的权重矩阵把每个词元的行变成三个较短的行，每行 %1 个数：查询（这个词元在寻找什么）、键（它向其他词元提供什么）和值（它被选中时传递什么）。</translation>
    </message>
    <message>
        <source>This model has no biases: b = 0.</source>
        <translation>此模型没有偏置：b = 0。</translation>
    </message>
    <message>
        <source>Each score compares one token&apos;s query with another token&apos;s key: multiply the matching numbers and add them up (a dot product). A large score means “this key fits what I am looking for”. Rows: the token looking; columns: the token looked at. Click a cell to see the sum worked out.</source>
        <translation>每个分数把一个词元的查询与另一个词元的键相比较：把对应的数相乘再相加（点积）。分数大意味着“这个键符合我要找的”。行：发出注意力的词元；列：被关注的词元。点击单元格查看求和过程。</translation>
    </message>
    <message>
        <source>All scores are multiplied by %1, a factor this model sets itself instead of 1 ÷ √%2. Longer query and key rows give bigger dot products; without scaling, softmax would put almost all the attention on a single token.</source>
        <translation>所有分数都乘以 %1，这是此模型自己设定的系数，而不是 1 ÷ √%2。查询行和键行越长，点积越大；如果不缩放，softmax 会把几乎全部注意力放在一个词元上。</translation>
    </message>
    <message>
        <source>All scores are divided by √%1 = %2. Longer query and key rows give bigger dot products; without this, softmax would put almost all the attention on a single token.</source>
        <translation>所有分数都除以 √%1 = %2。查询行和键行越长，点积越大；如果不这样做，softmax 会把几乎全部注意力放在一个词元上。</translation>
    </message>
    <message>
        <source>Softmax turns each row of scores into weights between 0 and 1 that add up to 1: take e to the power of each score, then divide by the row&apos;s total. A row shows how one token shares its attention. Click a cell to see the calculation.</source>
        <translation>softmax 把每一行分数变成 0 到 1 之间、总和为 1 的权重：对每个分数取 e 的幂，再除以这一行的总和。一行显示一个词元如何分配它的注意力。点击单元格查看计算过程。</translation>
    </message>
    <message>
        <source>Each token&apos;s output is a mix of the value rows V: every value row is multiplied by the token&apos;s attention weight for it, and the results are added up. Click a row to see the mix.</source>
        <translation>每个词元的输出是值行 V 的混合：每个值行乘以该词元对它的注意力权重，再把结果相加。点击一行查看混合过程。</translation>
    </message>
    <message>
        <source>The model has %1 heads, and each does steps %2–%3 with its own weights. Their outputs are put side by side into one row of %4 numbers per token; the columns of this head (%5 to %6) are outlined.</source>
        <translation>此模型有 %1 个头，每个头用自己的权重完成第 %2–%3 步。它们的输出并排放成每个词元一行 %4 个数；这个头的列（%5 到 %6）已加框标出。</translation>
    </message>
    <message>
        <source>Heads of one K/V group share W_K and W_V; each has its own W_Q.</source>
        <translation>同一个 K/V 组的头共用 W_K 和 W_V；每个头有自己的 W_Q。</translation>
    </message>
    <message>
        <source>One more learned matrix, W_O, mixes what all the heads found back into %1 numbers per token. This is what the attention block hands on to the rest of the layer.</source>
        <translation>再用一个学到的矩阵 W_O，把所有头找到的信息混合回每个词元 %1 个数。这就是注意力块传给该层其余部分的结果。</translation>
    </message>
    <message>
        <source>layer %1 · head %2</source>
        <translation>第 %1 层 · 头 %2</translation>
    </message>
    <message>
        <source>Switch %1 back on</source>
        <translation>重新打开 %1</translation>
    </message>
    <message>
        <source>Switch %1 off</source>
        <translation>关闭 %1</translation>
    </message>
    <message>
        <source>Computing the prediction…</source>
        <translation>正在计算预测……</translation>
    </message>
    <message>
        <source>Prediction %1</source>
        <translation>预测 %1</translation>
    </message>
    <message>
        <source>With every head</source>
        <translation>所有头都在时</translation>
    </message>
    <message>
        <source>Switch the head off to see what changes.</source>
        <translation>关闭这个头，看看有什么变化。</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>With %1 off</source>
        <translation>关闭 %1 之后</translation>
    </message>
    <message>
        <source>out_h: head h&apos;s output at the token; e_w: word w&apos;s embedding; only the sentence&apos;s words are scored</source>
        <translation>out_h：头 h 在该词元处的输出；e_w：词 w 的嵌入；只对句子中的词打分</translation>
    </message>
    <message>
        <source>h_t: the last layer&apos;s output at token t; W_U: the output head (unembedding); τ: temperature</source>
        <translation>h_t：最后一层在词元 t 处的输出；W_U：输出头（反嵌入）；τ：温度</translation>
    </message>
    <message>
        <source>KL = %1 nats</source>
        <translation>KL = %1 奈特</translation>
    </message>
    <message>
        <source>the head&apos;s output A·V (step %1) replaced by zeros</source>
        <translation>这个头的输出 A·V（第 %1 步）被替换为零</translation>
    </message>
    <message>
        <source>Attention is a means, not the end: after the last layer, the output head turns each token&apos;s vector into a score for every word, and the softmax turns the scores into probabilities. Click a token in any matrix to predict there.</source>
        <translation>注意力是手段，不是目的：在最后一层之后，输出头把每个词元的向量变成对每个词的分数，softmax 再把分数变成概率。点击任一矩阵中的词元，在那里进行预测。</translation>
    </message>
    <message>
        <source>This built-in model has one layer and no training: its read-out scores each word of the sentence by how much of that word&apos;s embedding the six heads brought to the token, so it &apos;predicts&apos; the words its heads looked at: the previous word, the next word, the token itself.</source>
        <translation>这个内置模型只有一层，而且没有经过训练：它的读出按六个头给该词元带来了多少某个词的嵌入，给句子中的每个词打分，所以它“预测”的是它的头所看的词：前一个词、后一个词、词元本身。</translation>
    </message>
    <message>
        <source>A decoder predicts the next token; a masked-language model the word hidden behind [MASK].</source>
        <translation>解码器预测下一个词元；掩码语言模型预测藏在 [MASK] 后面的词。</translation>
    </message>
    <message>
        <source>Switching a head off replaces its output (step %1) by zeros, and the rest of the network runs on without it. If the prediction changes, the head mattered for it; the KL divergence measures how much.</source>
        <translation>关闭一个头就是把它的输出（第 %1 步）替换为零，网络的其余部分在没有它的情况下继续运行。如果预测改变了，说明这个头对它有影响；KL 散度衡量影响有多大。</translation>
    </message>
    <message>
        <source>This is the previous-token head: without it, the previous word drops out of the prediction.</source>
        <translation>这是前一词元头：没有它，前一个词就从预测中消失了。</translation>
    </message>
    <message>
        <source>X: %1 target tokens × d&lt;sub&gt;model&lt;/sub&gt; (%2) · M: %3 source tokens × d&lt;sub&gt;model&lt;/sub&gt; (%4)</source>
        <translation>X：%1 个目标词元 × d&lt;sub&gt;model&lt;/sub&gt;（%2）· M：%3 个源词元 × d&lt;sub&gt;model&lt;/sub&gt;（%4）</translation>
    </message>
    <message>
        <source>Cross-attention has two inputs. X holds the decoder&apos;s rows, one per target token written so far; M is the encoder&apos;s output, one row of %1 numbers per source token. The decoder asks, the encoder answers: the queries come from X, the keys and values from M.</source>
        <translation>交叉注意力有两个输入。X 是解码器的行，每个到目前为止写出的目标词元一行；M 是编码器的输出，每个源词元一行 %1 个数。解码器提问，编码器回答：查询来自 X，键和值来自 M。</translation>
    </message>
    <message>
        <source>W_Q turns each target token&apos;s row of X into a query of %1 numbers (what it is looking for in the source); W_K and W_V turn each source token&apos;s row of M into a key (what it offers) and a value (what it passes on). K and V are the same for every target token: the encoder&apos;s answer does not change while the decoder writes.</source>
        <translation>W_Q 把 X 中每个目标词元的行变成一个 %1 个数的查询（它在源句中寻找什么）；W_K 和 W_V 把 M 中每个源词元的行变成一个键（它提供什么）和一个值（它传递什么）。K 和 V 对每个目标词元都相同：解码器写作时，编码器的回答不变。</translation>
    </message>
    <message>
        <source>Each score compares one target token&apos;s query with one source token&apos;s key: multiply the matching numbers and add them up. The matrix has a row per target token and a column per source token (T × S). Click a cell to see the sum worked out.</source>
        <translation>每个分数把一个目标词元的查询与一个源词元的键相比较：把对应的数相乘再相加。矩阵每个目标词元一行、每个源词元一列（T × S）。点击单元格查看求和过程。</translation>
    </message>
    <message>
        <source>Each target token&apos;s output is a mix of the source&apos;s value rows V: every source token&apos;s value is multiplied by the target token&apos;s weight for it, and the results are added up. This is what the decoder takes from the source sentence. Click a row to see the mix.</source>
        <translation>每个目标词元的输出是源句值行 V 的混合：每个源词元的值乘以该目标词元对它的权重，再把结果相加。这就是解码器从源句中取得的内容。点击一行查看混合过程。</translation>
    </message>
    <message>
        <source>This layer attends locally: each token sees the %1 tokens before it, itself and the %1 tokens after it, and nothing further away. The other scores become −∞ (grey, hatched); after softmax they are exactly 0.</source>
        <translation>这一层只做局部注意力：每个词元看它前面的 %1 个词元、它自己和它后面的 %1 个词元，更远的都不看。其他分数变为 −∞（灰色阴影）；softmax 之后它们正好是 0。</translation>
    </message>
    <message>
        <source>Mask (±%1 tokens)</source>
        <translation>掩码（±%1 个词元）</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>汇聚点</translation>
    </message>
    <message>
        <source>The outlined last column is this head&apos;s sink: a learned score of %1, the same in every row, that belongs to no token. It joins the softmax on the next page.</source>
        <translation>框出的最后一列是这个头的汇聚点：一个学到的分数 %1，每一行都相同，不属于任何词元。它在下一页参与 softmax。</translation>
    </message>
    <message>
        <source>The outlined last column is the sink&apos;s share of each row. It is dropped: the head gives that much attention to no token.</source>
        <translation>框出的最后一列是每一行中汇聚点所占的份额。它会被舍去：这个头把这么多注意力给了“没有词元”。</translation>
    </message>
    <message>
        <source>%1 and the sink %2 → %3, every row adds up to less than 1</source>
        <translation>%1 与汇聚点 %2 → %3，每一行之和小于 1</translation>
    </message>
    <message>
        <source>This head also has a sink: its learned score joins every row as one more column, and after the softmax that column is dropped. So here a row adds up to less than 1 (down to %1 in this sentence): the missing mass went to the sink, attention the head gave to no token.</source>
        <translation>这个头还有一个汇聚点：它学到的分数作为多出的一列加入每一行，softmax 之后这一列被舍去。所以这里每一行之和小于 1（在这个句子中最低为 %1）：缺少的部分流向了汇聚点，即这个头没有分给任何词元的注意力。</translation>
    </message>
    <message>
        <source>In this layer a mixture of experts comes next: instead of one feed-forward network there are %1 experts, and a router sends each token to %2 of them. The panel lists which.</source>
        <translation>这一层接下来是混合专家（mixture of experts）：不是一个前馈网络，而是 %1 个专家，路由器把每个词元送往其中 %2 个。右侧面板列出是哪些。</translation>
    </message>
    <message>
        <source>Experts in this layer</source>
        <translation>这一层的专家</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>went to experts (the router&apos;s order)</source>
        <translation>被送往的专家（按路由器给出的顺序）</translation>
    </message>
    <message>
        <source>%1, the sink&apos;s column dropped</source>
        <translation>%1，汇聚点那一列被舍去</translation>
    </message>
</context>
<context>
    <name>headmap::ui::TargetTextPart</name>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <source>The model&apos;s translation appears here; type your own and press Enter</source>
        <translation>模型的译文显示在这里；也可输入你自己的译文并按回车</translation>
    </message>
    <message>
        <source>The target the decoder reads. Typed by you, the decoder reads your words as if it had written them (teacher forcing); empty, the model writes its own.</source>
        <translation>解码器读取的目标。由你输入时，解码器把你的词当作它自己写出的来读（教师强制）；留空时，由模型自己生成。</translation>
    </message>
    <message>
        <source>Let the model write the target again (greedy decoding)</source>
        <translation>让模型重新生成目标（贪心解码）</translation>
    </message>
    <message>
        <source>Your target (teacher forcing): the decoder reads it as if it had written it.</source>
        <translation>你的目标（教师强制）：解码器把它当作自己写出的来读。</translation>
    </message>
    <message>
        <source>Written by the model (greedy decoding).</source>
        <translation>由模型生成（贪心解码）。</translation>
    </message>
    <message>
        <source>Written by the model: greedy decoding, not the beam search (num_beams = %1) its settings ask for.</source>
        <translation>由模型生成：贪心解码，而不是其设置要求的束搜索（num_beams = %1）。</translation>
    </message>
    <message>
        <source>Headmap decodes greedily, one most likely token after another; the model&apos;s settings ask for beam search, so the translation may differ from the model card&apos;s.</source>
        <translation>Headmap 使用贪心解码，每次取最可能的一个词元；模型的设置要求束搜索，因此译文可能与模型卡中的不同。</translation>
    </message>
</context>
<context>
    <name>headmap::ui::TeachingOptionsPanel</name>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Width of every token&apos;s vector; must be a multiple of the number of heads</source>
        <translation>每个词元向量的宽度；必须是头数的倍数</translation>
    </message>
    <message>
        <source>Attention heads per layer</source>
        <translation>每层的注意力头数</translation>
    </message>
    <message>
        <source>Encoder blocks</source>
        <translation>编码器块数</translation>
    </message>
    <message>
        <source>Another seed draws other random weights</source>
        <translation>换一个种子会生成另一组随机权重</translation>
    </message>
    <message>
        <source>Each token may only attend to itself and earlier tokens, as in GPT</source>
        <translation>每个词元只能关注自己和之前的词元，与 GPT 相同</translation>
    </message>
    <message>
        <source>&lt;b&gt;Teaching model:&lt;/b&gt;</source>
        <translation>&lt;b&gt;教学模型：&lt;/b&gt;</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
</context>
<context>
    <name>headmap::ui::TokenPairView</name>
    <message>
        <source>The token that attends (a row of the heatmap tab)</source>
        <translation>发出注意力的词元（热力图标签页中的一行）</translation>
    </message>
    <message>
        <source>The token attended to (a column of the heatmap tab)</source>
        <translation>被关注的词元（热力图标签页中的一列）</translation>
    </message>
    <message>
        <source>Swap the query and the key</source>
        <translation>交换查询和键</translation>
    </message>
    <message>
        <source>&amp;Query:</source>
        <translation>查询(&amp;Q)：</translation>
    </message>
    <message>
        <source>attends to &amp;key:</source>
        <translation>关注的键(&amp;K)：</translation>
    </message>
    <message>
        <source>Every layer and head at once; click a cell to select that head, double-click to open it.</source>
        <translation>一次显示所有层和头；点击单元格选择那个头，双击打开它。</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Type a sentence and press Enter, then pick two tokens.</source>
        <translation>输入一个句子并按回车，然后选择两个词元。</translation>
    </message>
    <message>
        <source>How much %1 attends to %2 in every head</source>
        <translation>在每个头中 %1 对 %2 的注意力有多少</translation>
    </message>
    <message>
        <source>Layer %1, head %2: %3 attends to %4 with weight %5</source>
        <translation>第 %1 层，头 %2：%3 以权重 %5 关注 %4</translation>
    </message>
    <message>
        <source>Attention weight (special tokens hidden)</source>
        <translation>注意力权重（已隐藏特殊词元）</translation>
    </message>
    <message>
        <source>%1 · how much %2 attends to %3</source>
        <translation>%1 · %2 对 %3 的注意力有多少</translation>
    </message>
</context>
<context>
    <name>headmap::ui::TypingUpdates</name>
    <message>
        <source>Recompute the attention of a decoder as you type, reusing the tokens that did not change</source>
        <translation>输入时重新计算解码器的注意力，并复用没有改变的词元</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s): %1 reused from the last run, %2 computed</source>
        <translation>
            <numerusform>%n 个词元：%1 个复用自上次运行，%2 个重新计算</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>headmap::ui::ViewControls</name>
    <message>
        <source>Hide &amp;special tokens</source>
        <translation>隐藏特殊词元(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Values</source>
        <translation>数值(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Words</source>
        <translation>单词(&amp;W)</translation>
    </message>
    <message>
        <source>Meas&amp;ure:</source>
        <translation>度量(&amp;U)：</translation>
    </message>
    <message>
        <source>Leave out [CLS], [SEP], &lt;s&gt;, … and renormalise each row</source>
        <translation>去掉 [CLS]、[SEP]、&lt;s&gt; 等，并重新归一化每一行</translation>
    </message>
    <message>
        <source>Write each weight in its cell when it fits</source>
        <translation>放得下时在单元格中写出每个权重</translation>
    </message>
    <message>
        <source>Merge sub-word pieces into words: attention to a word is the sum over its pieces, from a word the mean (Clark et al., 2019)</source>
        <translation>把子词片段合并为单词：对一个单词的注意力是对其各片段注意力之和，来自一个单词的注意力取平均（Clark 等，2019）</translation>
    </message>
    <message>
        <source>Layer (Ctrl+PageUp / Ctrl+PageDown)</source>
        <translation>层（Ctrl+PageUp / Ctrl+PageDown）</translation>
    </message>
    <message>
        <source>Head (PageUp / PageDown)</source>
        <translation>头（PageUp / PageDown）</translation>
    </message>
    <message>
        <source>&amp;Layer:</source>
        <translation>层(&amp;L)：</translation>
    </message>
    <message>
        <source>H&amp;ead:</source>
        <translation>头(&amp;E)：</translation>
    </message>
    <message>
        <source>C&amp;olours:</source>
        <translation>颜色(&amp;O)：</translation>
    </message>
    <message>
        <source>Sc&amp;ale:</source>
        <translation>刻度(&amp;A)：</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Weight × ‖v‖</source>
        <translation>权重 × ‖v‖</translation>
    </message>
    <message>
        <source>The softmax weights α_ij: where each query looks</source>
        <translation>softmax 权重 α_ij：每个查询看向哪里</translation>
    </message>
    <message>
        <source>α_ij·‖v_j·W_O‖: how far each key actually moves the query&apos;s output through the head (Kobayashi et al. 2020); sinks with small values fade</source>
        <translation>α_ij·‖v_j·W_O‖：每个键通过这个头实际在多大程度上改变了查询的输出（Kobayashi 等，2020）；值很小的汇聚点会变淡</translation>
    </message>
    <message>
        <source>What the heatmaps show: attention weights, or weights × value norms</source>
        <translation>热力图显示的内容：注意力权重，或权重 × 值范数</translation>
    </message>
    <message>
        <source>Stack:</source>
        <translation>注意力栈：</translation>
    </message>
    <message>
        <source>The encoder&apos;s self-attention: each source token attends to every source token</source>
        <translation>编码器的自注意力：每个源词元关注所有源词元</translation>
    </message>
    <message>
        <source>The decoder&apos;s causal self-attention: each target token attends to the target tokens before it</source>
        <translation>解码器的因果自注意力：每个目标词元关注它之前的目标词元</translation>
    </message>
    <message>
        <source>Cross-attention: each target token (row) attends to the source tokens (columns) — the decoder asks, the encoder answers</source>
        <translation>交叉注意力：每个目标词元（行）关注源词元（列）——解码器提问，编码器回答</translation>
    </message>
    <message>
        <source>Which attention of the translation model every view shows</source>
        <translation>所有视图显示翻译模型的哪一种注意力</translation>
    </message>
</context>
<context>
    <name>headmap::ui::WeightMemoryDialog</name>
    <message>
        <source>Half of the memory available when a model opens (now %1)</source>
        <translation>打开模型时可用内存的一半（当前 %1）</translation>
    </message>
    <message>
        <source>At most</source>
        <translation>最多</translation>
    </message>
    <message>
        <source>None: convert a layer at a time on every run (least memory, slowest)</source>
        <translation>不保留：每次运行时逐层转换（内存最少，最慢）</translation>
    </message>
    <message>
        <source>Memory for converted weights</source>
        <translation>转换后权重的内存</translation>
    </message>
    <message>
        <source>Models stored as BF16, F16 or GGUF are converted to 32-bit floats to compute. Keeping the converted weights makes every run after the first as fast as with F32 weights; a model larger than this memory keeps what fits and converts the rest a layer at a time. Takes effect when a model is opened (the open model is reopened).</source>
        <translation>以 BF16、F16 或 GGUF 存储的模型在计算时会转换为 32 位浮点数。保留转换后的权重可使第一次之后的每次运行与 F32 权重一样快；超过此内存的模型只保留放得下的部分，其余逐层转换。在打开模型时生效（当前模型会重新打开）。</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
</context>
</TS>
