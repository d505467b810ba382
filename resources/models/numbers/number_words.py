"""Danish and Chinese number words for 0..9,999 with exactly the conventions of issue #41.

Used by train_numbers.py. The test (tests/numbers/) writes the same words with its own C++
code, so a mistake here shows up there as a failed number, not as a silently learned error.
"""

import itertools

DA_ONES = ["nul", "en", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni"]
DA_TEENS = ["ti", "elleve", "tolv", "tretten", "fjorten", "femten", "seksten", "sytten", "atten", "nitten"]
DA_TENS = [None, None, "tyve", "tredive", "fyrre", "halvtreds", "tres", "halvfjerds", "firs", "halvfems"]

# (word for the one in "et hundrede"/"et tusind", hundrede, tusind): the canonical spelling first.
DA_SPELLINGS = list(itertools.product(["et", "ét"], ["hundrede", "hundred"], ["tusind", "tusinde"]))

ZH_DIGITS = "零一二三四五六七八九"
ZH_PLACES = [(1000, "千"), (100, "百"), (10, "十"), (1, "")]


def danish_below_100(n):
    if n < 10:
        return DA_ONES[n]
    if n < 20:
        return DA_TEENS[n - 10]
    tens, units = divmod(n, 10)
    return DA_TENS[tens] if units == 0 else DA_ONES[units] + "og" + DA_TENS[tens]


def danish_below_1000(n, et, hundrede):
    if n < 100:
        return danish_below_100(n)
    hundreds, rest = divmod(n, 100)
    head = (et if hundreds == 1 else DA_ONES[hundreds]) + " " + hundrede
    return head if rest == 0 else head + " og " + danish_below_100(rest)


def danish(n, spelling=DA_SPELLINGS[0]):
    """Danish words for 0 <= n <= 9999; spelling = (et, hundrede, tusind)."""
    et, hundrede, tusind = spelling
    if n < 1000:
        return danish_below_1000(n, et, hundrede)
    thousands, rest = divmod(n, 1000)
    head = (et if thousands == 1 else DA_ONES[thousands]) + " " + tusind
    if rest == 0:
        return head
    if rest < 100:
        return head + " og " + danish_below_100(rest)
    return head + " " + danish_below_1000(rest, et, hundrede)


def chinese(n, liang_bai=False, liang_qian=False):
    """Chinese words for 0 <= n <= 9999; liang_*: 两 instead of 二 before 百 / 千."""
    if n == 0:
        return "零"
    if 10 <= n <= 19:
        return "十" + ("" if n == 10 else ZH_DIGITS[n - 10])
    out = []
    started = False
    zero_pending = False
    for place, unit in ZH_PLACES:
        digit = (n // place) % 10
        if digit == 0:
            zero_pending = started
            continue
        if zero_pending:
            out.append("零")
            zero_pending = False
        word = ZH_DIGITS[digit]
        if digit == 2 and ((unit == "百" and liang_bai) or (unit == "千" and liang_qian)):
            word = "两"
        out.append(word + unit)
        started = True
    return "".join(out)


def danish_forms(n):
    """Every accepted Danish spelling of n, the canonical one first."""
    forms = []
    for spelling in DA_SPELLINGS:
        text = danish(n, spelling)
        if text not in forms:
            forms.append(text)
    return forms


def chinese_forms(n):
    """Every accepted Chinese spelling of n, the canonical one first."""
    forms = []
    for liang_bai, liang_qian in ((False, False), (True, False), (False, True), (True, True)):
        text = chinese(n, liang_bai, liang_qian)
        if text not in forms:
            forms.append(text)
    return forms


def _self_check():
    """The examples the issue gives, word for word."""
    examples = {
        97: ("syvoghalvfems", "九十七"), 21: ("enogtyve", "二十一"), 42: ("toogfyrre", "四十二"),
        197: ("et hundrede og syvoghalvfems", "一百九十七"), 1005: ("et tusind og fem", "一千零五"),
        2312: ("to tusind tre hundrede og tolv", "二千三百一十二"), 110: ("et hundrede og ti", "一百一十"),
        105: ("et hundrede og fem", "一百零五"), 1010: ("et tusind og ti", "一千零一十"),
        3000: ("tre tusind", "三千"), 0: ("nul", "零"), 10: ("ti", "十"), 15: ("femten", "十五"),
    }
    for n, (da, zh) in examples.items():
        assert danish(n) == da, (n, danish(n), da)
        assert chinese(n) == zh, (n, chinese(n), zh)
    assert "两千两百" in chinese_forms(2200)
    assert "ét tusinde ét hundred og en" in danish_forms(1101)


_self_check()


# ---- Which words say which digit: for the optional alignment loss of train_numbers.py -------
# Each spelling as words (split at spaces), each word as its pieces (the tokenizer's: number
# words and "og"), each piece with the set of digit places it says (3 thousands .. 0 units).

def _danish_below_100_words(n):
    if n < 10:
        return [[(DA_ONES[n], {0})]]
    if n < 20:
        return [[(DA_TEENS[n - 10], {1, 0})]]
    tens, units = divmod(n, 10)
    if units == 0:
        return [[(DA_TENS[tens], {1})]]
    return [[(DA_ONES[units], {0}), ("og", set()), (DA_TENS[tens], {1})]]


def _danish_below_1000_words(n, et, hundrede):
    if n < 100:
        return _danish_below_100_words(n)
    hundreds, rest = divmod(n, 100)
    words = [[(et if hundreds == 1 else DA_ONES[hundreds], {2})], [(hundrede, set())]]
    return words if rest == 0 else words + [[("og", set())]] + _danish_below_100_words(rest)


def danish_aligned(n, spelling=DA_SPELLINGS[0]):
    et, hundrede, tusind = spelling
    if n < 1000:
        return _danish_below_1000_words(n, et, hundrede)
    thousands, rest = divmod(n, 1000)
    words = [[(et if thousands == 1 else DA_ONES[thousands], {3})], [(tusind, set())]]
    if rest == 0:
        return words
    if rest < 100:
        return words + [[("og", set())]] + _danish_below_100_words(rest)
    return words + _danish_below_1000_words(rest, et, hundrede)


def chinese_aligned(n, liang_bai=False, liang_qian=False):
    """One word of one piece per character."""
    text = chinese(n, liang_bai, liang_qian)
    places = {"千": 3, "百": 2, "十": 1}
    pieces = []
    for i, c in enumerate(text):
        if c in places or c == "零":
            pieces.append((c, {1} if c == "十" and i == 0 else set()))   # 十 alone says the ten of 10..19
        else:   # a digit: the place of the unit after it, else units
            following = text[i + 1] if i + 1 < len(text) else ""
            pieces.append((c, {places.get(following, 0)}))
    return [pieces]


def golden_texts(held_out):
    """The texts tests/golden/tokenizers/numbers.json holds the Rust tokenizer's ids for: every
    spelling of 0..99 and of every fourth held-out number, and a few that are not numbers."""
    texts = []
    for n in sorted(set(held_out[::4]) | set(range(100))):
        for text in danish_forms(n) + chinese_forms(n):
            if text not in texts:
                texts.append(text)
    return texts + ["Syvoghalvfems", "TO TUSIND", "  to  tusind  ", "hej verden", "syvoghalvfemsindstyve",
                    "12", "一千零五块", "e\u0301t hundrede", "et\thundrede", ""]


if __name__ == "__main__":   # the texts for make_numbers_golden.mjs, as JSON on stdout
    import json
    import os
    import sys
    folder = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(folder, "numbers.json"), encoding="utf-8") as f:
        held = json.load(f)["held_out"]
    json.dump(golden_texts(held), sys.stdout, ensure_ascii=False)
