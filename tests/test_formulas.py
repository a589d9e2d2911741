"""Formulas (quizzes/formulas.py): TeX to MathML, input -> output, as upstream cann-learning-hub
writes its formulas; what the site refuses, and why; math found where Jupyter finds it, in a
notebook's Markdown cells (nbconvert, marked by adapters/nbconvert.py) as in a quiz (markup.py).
The pages as a browser shows them: tests/test_upstream_course.py."""

from __future__ import annotations

import json
import textwrap

import pytest

from quizzes.formulas import FormulaError, mathml
from quizzes.markup import render_inline, render_lead, unsupported


@pytest.mark.parametrize("tex, written", [
    # upstream's light 03.07: \dfrac and \text
    (r"\text{Sinh}(x) = \dfrac{e^{x} - e^{-x}}{2}",
     '<math><mrow><mtext>Sinh</mtext><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo><mo>=</mo>'
     '<mstyle displaystyle="true" scriptlevel="0"><mfrac><mrow><msup><mi>e</mi><mi>x</mi></msup><mo>−</mo>'
     "<msup><mi>e</mi><mrow><mo>−</mo><mi>x</mi></mrow></msup></mrow><mn>2</mn></mfrac></mstyle></mrow></math>"),
    # ascendc 09.01: \log and \exp, as functions
    (r"\log(\frac{1}{1+\exp(-x)})",
     '<math><mrow><mi>log</mi><mo stretchy="false">(</mo><mfrac><mn>1</mn><mrow><mn>1</mn><mo>+</mo><mi>exp</mi>'
     '<mo stretchy="false">(</mo><mo>−</mo><mi>x</mi><mo stretchy="false">)</mo></mrow></mfrac>'
     '<mo stretchy="false">)</mo></mrow></math>'),
    # MC2 01.04: \left…\right stretch; a plain bracket does not
    (r"\text{AllGather}\left(\text{Matmul}(A, B)\right)",
     '<math><mrow><mtext>AllGather</mtext><mrow><mo stretchy="true" fence="true" form="prefix">(</mo>'
     '<mtext>Matmul</mtext><mo stretchy="false">(</mo><mi>A</mi><mo>,</mo><mi>B</mi><mo stretchy="false">)</mo>'
     '<mo stretchy="true" fence="true" form="postfix">)</mo></mrow></mrow></math>'),
    # conv 01.03: subscripts
    (r"s_H, s_W", "<math><mrow><msub><mi>s</mi><mi>H</mi></msub><mo>,</mo><msub><mi>s</mi><mi>W</mi></msub></mrow></math>"),
])
def test_upstreams_formulas_are_written_as_mathml(tex, written):
    assert mathml(tex) == written


def test_a_formula_of_its_own_line_is_displayed_in_a_box_that_scrolls():
    assert mathml("x", display=True) == '<span class="formula-scroll"><math display="block"><mi>x</mi></math></span>'


@pytest.mark.parametrize("tex, written", [
    # MathML Core draws mathvariant on single letters only: the alphabets become Unicode's letters.
    (r"16 \times 16 = \mathbf{256}", "<math><mrow><mn>16</mn><mo>×</mo><mn>16</mn><mo>=</mo><mn>𝟐𝟓𝟔</mn></mrow></math>"),
    (r"X \in \mathbb{R}^{N}", "<math><mrow><mi>X</mi><mo>∈</mo><msup><mi>ℝ</mi><mi>N</mi></msup></mrow></math>"),
    (r"\mathit{h} \mathcal{B} \mathfrak{C} \mathsf{A} \boldsymbol{\alpha}",
     "<math><mrow><mi>ℎ</mi><mi>ℬ</mi><mi>ℭ</mi><mi>𝖠</mi><mi>𝜶</mi></mrow></math>"),
    (r"\textbf{模型 a}", '<math><mtext mathvariant="bold">模型\u00a0𝐚</mtext></math>'),  # no bold 模: site.css
    # named spaces (not in MathML Core) as lengths; \color as a style's colour
    (r"\sigma\!x", '<math><mrow><mi>σ</mi><mspace width="-0.1667em"></mspace><mi>x</mi></mrow></math>'),
    (r"\color{red}{x}", '<math><mstyle style="color:red"><mi>x</mi></mstyle></math>'),
    # escaped as text: latex2mathml's own convert() would return <img …> here
    (r"\text{<img src=x onerror=f()>} a & b",
     "<math><mrow><mtext>&lt;img\u00a0src=x\u00a0onerror=f()&gt;</mtext><mi>a</mi><mi>&amp;</mi><mi>b</mi></mrow></math>"),
    # a long formula in a sentence: in a box that scrolls (a phone's column is about 22 em)
    (r"Y_{0,0}=56=W_{c=0,m=0,n=0} \cdot X_{c=0,m=0,n=0} + W_{c=0,m=0,n=1}",
     '<span class="formula-scroll formula-scroll--inline"><math><mrow><msub><mi>Y</mi><mrow><mn>0</mn><mo>,</mo>'
     "<mn>0</mn></mrow></msub><mo>=</mo><mn>56</mn><mo>=</mo><msub><mi>W</mi><mrow><mi>c</mi><mo>=</mo><mn>0</mn>"
     "<mo>,</mo><mi>m</mi><mo>=</mo><mn>0</mn><mo>,</mo><mi>n</mi><mo>=</mo><mn>0</mn></mrow></msub><mo>·</mo>"
     "<msub><mi>X</mi><mrow><mi>c</mi><mo>=</mo><mn>0</mn><mo>,</mo><mi>m</mi><mo>=</mo><mn>0</mn><mo>,</mo><mi>n</mi>"
     "<mo>=</mo><mn>0</mn></mrow></msub><mo>+</mo><msub><mi>W</mi><mrow><mi>c</mi><mo>=</mo><mn>0</mn><mo>,</mo>"
     "<mi>m</mi><mo>=</mo><mn>0</mn><mo>,</mo><mi>n</mi><mo>=</mo><mn>1</mn></mrow></msub></mrow></math></span>"),
])
def test_what_mathml_core_does_not_draw_is_written_as_it_does(tex, written):
    assert mathml(tex) == written


@pytest.mark.parametrize("tex, why", [
    (r"\href{javascript:alert(1)}{x}", r"\href would put a link, a stylesheet or a name into the page"),
    (r"\style{position:fixed}{x}", r"\style would put a link, a stylesheet or a name into the page"),
    (r"\class{md-header}{x}", r"\class would put a link, a stylesheet or a name into the page"),
    (r"\cssId{__config}{x}", r"\cssId is not a command latex2mathml knows (Jupyter's MathJax may: write it another way)"),
    (r"\color{red;position:fixed}{x}", r"\color{red;position:fixed}: a colour is a name (red) or #rrggbb"),
    (r"\sinh x + \frobnicate", r"\frobnicate is not a command latex2mathml knows (Jupyter's MathJax may: write it another way)"),
    ("x^", "a ^ or _ with nothing after it"),
    (r"\frac{1}{", "it ends too early: a { without its }, or a command without its argument"),
    (r"\left( x", r"a \left without its \right, or a \right without its \left"),
    ("x_a_b", "two subscripts in a row (x_a_b): group them (x_{a_b})"),
])
def test_a_formula_the_site_cannot_write_says_why(tex, why):
    with pytest.raises(FormulaError) as raised:
        mathml(tex)
    assert str(raised.value) == why


def test_every_formula_of_upstreams_tutorials_can_be_written():
    """The 25 kinds of construct upstream's 8 courses use (hicann/cann-learning-hub a398965: 319
    formulas, every one written), one formula each, in upstream's words."""
    formulas = [
        r"y_{b,s,i} = w_i \cdot \frac{x_{b,s,i}}{\sqrt{\frac{1}{H}\sum_{j=1}^{H} x_{b,s,j}^2 + \epsilon}}, \quad b=1..B,\ s=1..S",
        r"D_{out} = \left\lfloor \frac{D_{in} + p_{head} - d_D \times (k_D - 1) - 1}{s_D} \right\rfloor + 1",
        r"HO = \lfloor (HI + pad\_top - d_H(KH-1) - 1) / s_H \rfloor + 1",
        r"y = \begin{cases} x \times W & a = 0 \\ x^T \times W & a = 1 \end{cases}",
        r"(f * g)(t) = \int_{-\infty}^{\infty} f(\tau)g(t-\tau)d\tau",
        r"\text{Attention}(Q, K, V) = \text{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}}\right) V",
        r"\hat{y} = \sigma(y_{\mathrm{FM}} + y_{\mathrm{DNN}})",
        r"y_{\mathrm{FM}} = \langle w, x \rangle + \sum_{i=1}^{d}\sum_{j=i+1}^{d}\langle v_i, v_j \rangle x_i x_j",
        r"\vec{z} = \vec{x} + \vec{y}",
        r"\text{模型权重} = 1.7\text{B} \times 2 \text{ bytes} \approx 3.17 \text{ GiB}",
        r"y_i=\gamma_i x_i / \sqrt{\operatorname{mean}(x^2)+\varepsilon}",
        r"dW_{c, m, n} = \frac{\partial L}{\partial W_{c, m, n}} = \sum_{i} \sum_{j} \frac{\partial L}{\partial Y_{i, j}}",
        r"Y_{i_{out}, j_{out}} \leftarrow X_{i_{out}+m, j_{out}+n}",
        r"\mathrm{score}(u, v) = \cos(u, v)\ \mathrm{或}\ u^\top v",
        r"a_0 = \mathrm{concat}(\mathrm{dense\ values}, \mathrm{sparse\ embeddings})",
        r"x=(x_1,…,x_d)",
        r"y = f(x;\, \theta)",
        r"z = w_1 x_1 + w_2 x_2 + \cdots + b",
        r"\frac{dz}{dx} = \frac{dz}{dy} \cdot \frac{dy}{dx} = 2 \cdot 3 = 6",
        r"{Y_{0,0},Y_{0,1},Y_{1,0}，Y_{1,1}}",
        r"\tanh",
        r"\nabla y = \left[ \frac{\partial y}{\partial x}, \frac{\partial y}{\partial w} \right] = [a, b]",
        "AddCustomTemplate(x, y, min, max) = \n  \\begin{cases}\n  max & \\text{if } sum > max \\\\\n  sum & \\text{otherwise}\n  \\end{cases}",
        r"16 \times 16 \times 16 \times 2 = \mathbf{8192}",
        r"y = \text{Op}(x;\ w,\ a)",
    ]
    for tex in formulas:
        assert "<math>" in mathml(tex), tex
        assert "\\" not in mathml(tex).replace(r"\\", ""), tex  # no command left as text


# ---------------------------------------------------------------------------
# Where Jupyter finds math: in a quiz's question and options (markup.py)


@pytest.mark.parametrize("text, formulas", [
    ("设 $x_1*y_2*z$ 为解", ["x_1*y_2*z"]),  # Markdown does not eat its * and _
    ("$ LogSigmoid(x) $ 有空格也是公式", [" LogSigmoid(x) "]),  # Jupyter allows spaces inside (ascendc 09.01)
    ("`$HOME` 与 ```$ASCEND_TOOLKIT_HOME/opp```", []),  # code, not math
    ("价格 \\$5 与 \\$10", []),  # an escaped dollar is a dollar sign
    ("价格 $5 与 $10", ["5 与 "]),  # as Jupyter: two dollars on a line are a formula (write \$)
    ("前 $$\\frac{a}{b}$$ 后", ["\\frac{a}{b}"]),  # $$…$$ inside a paragraph, displayed
])
def test_a_quiz_finds_math_where_jupyter_does(text, formulas):
    rendered = render_lead(text)[0]
    assert rendered.count("<math") == len(formulas)
    for tex in formulas:
        assert mathml(tex, display="$$" in text) in rendered


def test_an_option_is_a_formula_and_an_explanation_is_text():
    """Options are the notebook's Markdown; an explanation is an answer file, which Jupyter prints
    as it is (`!cat`): upstream's hixl 03.03 writes "$BUFFER_NUM:$BUFFER_SIZE" there."""
    assert render_inline(r"$1 \times 16$") == "<math><mrow><mn>1</mn><mo>×</mo><mn>16</mn></mrow></math>"
    text = '格式为"$BUFFER_NUM:$BUFFER_SIZE"，$a*b*c$ 与 *强调*'
    assert render_lead(text, formulas=False) == (
        "格式为&quot;$BUFFER_NUM:$BUFFER_SIZE&quot;，$a*b*c$ 与 <em>强调</em>", "")
    assert unsupported("$x^$", formulas=False) is None


def test_a_formula_a_quiz_cannot_write_is_named():
    assert unsupported(r"看 $\href{x}{y}$") == (
        r"a formula it cannot write ($\href{x}{y}$: \href would put a link, a stylesheet or a name into the page)")
    assert unsupported("A. $x^$", inline=True) == "a formula it cannot write ($x^$: a ^ or _ with nothing after it)"


# ---------------------------------------------------------------------------
# Where Jupyter finds math: in a notebook's Markdown cells (nbconvert's reading, marked)


def test_a_notebook_cell_marks_math_where_jupyter_finds_it(tmp_path):
    from bs4 import BeautifulSoup

    from course_site.adapters import jupyter, nbconvert

    source = textwrap.dedent(r"""
        # 公式

        行内 $s_H, s_W$，有空格的 $ \log(x) $，代码里的 `$HOME` 与 \$5 不是。

        $$
        y = \begin{cases} x & a = 0 \\ -x & a = 1 \end{cases}
        $$

        段中 $$N_{acc}=\frac{B}{D}$$ 结束。

        \begin{equation} E = mc^2 \end{equation}

        ```bash
        echo $HOME $PATH
        ```
        """)
    notebook = {"cells": [{"cell_type": "markdown", "id": "m", "metadata": {}, "source": source}],
                "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    found = [(tex.strip(), display) for _, tex, display in nbconvert.formulas(BeautifulSoup(jupyter.notebook_html(path), "html.parser"))]
    assert found == [
        ("s_H, s_W", False), (r"\log(x)", False),
        (r"y = \begin{cases} x & a = 0 \\ -x & a = 1 \end{cases}", True),
        (r"N_{acc}=\frac{B}{D}", True),
        (r"\begin{equation} E = mc^2 \end{equation}", True),
    ]


def test_a_notebook_with_a_formula_the_site_cannot_write_is_refused_before_the_build():
    """check_notebook (the build's first check, and tools/check_course.py's) names the cell, the
    formula and why; `$` in code and an escaped `\\$` are no formulas."""
    from course_site.course.notebooks import check_notebook
    from course_site.errors import SiteError

    def notebook(source: str) -> bytes:
        cell = {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": source}
        return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode("utf-8")

    assert check_notebook(notebook("`$HOME` 与 \\$5，$x^2$，$$\\frac{a}{b}$$"), "docs/ch/a.ipynb").cells
    with pytest.raises(SiteError) as raised:
        check_notebook(notebook("正文 $\\dfrac{1}{$ 结束"), "docs/ch/a.ipynb")
    assert str(raised.value).splitlines()[0] == (
        "docs/ch/a.ipynb: cell intro has a formula the site cannot write, $\\dfrac{1}{$: it ends too early: a { "
        "without its }, or a command without its argument")
