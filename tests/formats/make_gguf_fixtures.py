#!/usr/bin/python3
"""Writes the GGUF test files of tests/fixtures/gguf/ and their expected values.

Independent of Headmap: its own GGUF writer and quantisers, written from the format
description, and its own dequantisers, which give the golden values the C++ reader must
reproduce bit for bit.

Sources:
- the file layout: docs/gguf.md of ggml-org/ggml (header, typed key-value pairs, tensor infos,
  alignment padding, data section);
- the block layouts: the block_* structs of ggml/src/ggml-common.h;
- the quantisation and dequantisation formulas: quantize_row_*_ref and dequantize_row_* of
  ggml/src/ggml-quants.c. The quantisers here are the simple ones (round to nearest with a
  per-block scale, no error search): the files only need valid blocks, and a second row of
  random bytes per tensor exercises every bit of every field.

Dequantisation is computed in float32 exactly as ggml's scalar reference does it (for Q4_K:
d*sc in float, times q in float, minus dmin*m in float), each operation rounded on its own.

Run:  /usr/bin/python3 tests/formats/make_gguf_fixtures.py   (needs numpy only)
Writes types.gguf (v3), types.json (expected values), v2.gguf (v2, alignment 64).
"""

import json
import os
import struct

import numpy as np

F = np.float32
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fixtures", "gguf")

# enum gguf_metadata_value_type
UINT8, INT8, UINT16, INT16, UINT32, INT32, FLOAT32, BOOL, STRING, ARRAY, UINT64, INT64, FLOAT64 = range(13)
SCALAR_FORMATS = {UINT8: "<B", INT8: "<b", UINT16: "<H", INT16: "<h", UINT32: "<I", INT32: "<i",
                  FLOAT32: "<f", BOOL: "<?", UINT64: "<Q", INT64: "<q", FLOAT64: "<d"}

# enum ggml_type: (id, elements per block, bytes per block)
TYPES = {
    "F32": (0, 1, 4), "F16": (1, 1, 2), "Q4_0": (2, 32, 18), "Q4_1": (3, 32, 20),
    "Q5_0": (6, 32, 22), "Q5_1": (7, 32, 24), "Q8_0": (8, 32, 34), "Q2_K": (10, 256, 84),
    "Q3_K": (11, 256, 110), "Q4_K": (12, 256, 144), "Q5_K": (13, 256, 176), "Q6_K": (14, 256, 210),
    "Q8_K": (15, 256, 292), "IQ4_NL": (20, 32, 18), "BF16": (30, 1, 2),
}


# ---------------------------------------------------------------- the GGUF writer (docs/gguf.md)

def gguf_string(text):
    data = text.encode("utf-8") if isinstance(text, str) else text
    return struct.pack("<Q", len(data)) + data


def encode_value(value_type, value):
    if value_type == STRING:
        return gguf_string(value)
    if value_type == ARRAY:
        element_type, elements = value
        return struct.pack("<IQ", element_type, len(elements)) + b"".join(
            encode_value(element_type, e) for e in elements)
    return struct.pack(SCALAR_FORMATS[value_type], value)


def align(offset, alignment):
    return offset + (alignment - offset % alignment) % alignment


def write_gguf(path, version, kvs, tensors, alignment=32):
    """kvs: [(key, type, value)]; tensors: [(name, type name, dims in ggml order, data bytes)]."""
    out = bytearray(b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs)))
    for key, value_type, value in kvs:
        out += gguf_string(key) + struct.pack("<I", value_type) + encode_value(value_type, value)
    offset = 0
    offsets = []
    for name, type_name, dims, data in tensors:
        offsets.append(offset)
        out += gguf_string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", TYPES[type_name][0], offset)
        offset = align(offset + len(data), alignment)
    out += bytes(align(len(out), alignment) - len(out))
    data_start = len(out)
    for (name, type_name, dims, data), tensor_offset in zip(tensors, offsets):
        out += bytes(data_start + tensor_offset - len(out)) + data
    with open(path, "wb") as f:
        f.write(out)
    return offsets


# ---------------------------------------------------------------- quantisers (ggml-quants.c *_ref)

def f16_bytes(x):
    return np.asarray(x, dtype=np.float32).astype("<f2").tobytes()


def half(block, at):
    return F(np.frombuffer(block[at:at + 2], "<f2")[0])


def abs_max_signed(x):
    """The element of largest magnitude, with its sign (ggml's `max`)."""
    return F(x[np.argmax(np.abs(x))])


def quantize_q4_0(x):
    d = abs_max_signed(x) / F(-8)
    inv = F(1) / d if d else F(0)
    q = np.minimum(15, (x * inv + F(8.5)).astype(np.int8)).astype(np.uint8)
    return f16_bytes([d]) + (q[:16] | (q[16:] << 4)).tobytes()


def quantize_q4_1(x):
    lo, hi = F(x.min()), F(x.max())
    d = (hi - lo) / F(15)
    inv = F(1) / d if d else F(0)
    q = np.clip(np.rint((x - lo) * inv), 0, 15).astype(np.uint8)
    return f16_bytes([d, lo]) + (q[:16] | (q[16:] << 4)).tobytes()


def fifth_bits(q):
    """qh of Q5_0/Q5_1: bit j holds the fifth bit of element j, as a little-endian u32."""
    return struct.pack("<I", sum(int((q[j] >> 4) & 1) << j for j in range(32)))


def quantize_q5_0(x):
    d = abs_max_signed(x) / F(-16)
    inv = F(1) / d if d else F(0)
    q = np.minimum(31, (x * inv + F(16.5)).astype(np.int8)).astype(np.uint8)
    return f16_bytes([d]) + fifth_bits(q) + ((q[:16] & 15) | ((q[16:] & 15) << 4)).tobytes()


def quantize_q5_1(x):
    lo, hi = F(x.min()), F(x.max())
    d = (hi - lo) / F(31)
    inv = F(1) / d if d else F(0)
    q = np.clip(np.rint((x - lo) * inv), 0, 31).astype(np.uint8)
    return f16_bytes([d, lo]) + fifth_bits(q) + ((q[:16] & 15) | ((q[16:] & 15) << 4)).tobytes()


def quantize_q8_0(x):
    d = F(np.abs(x).max()) / F(127)
    inv = F(1) / d if d else F(0)
    return f16_bytes([d]) + np.rint(x * inv).astype(np.int8).tobytes()


def pack_2bit(levels):
    """The low two bits of 256 levels as Q2_K/Q3_K store them: byte n/4 + l of each 128-half holds
    elements n + l, n + l + 32, n + l + 64, n + l + 96 at shifts 0, 2, 4, 6."""
    qs = bytearray(64)
    for n in (0, 128):
        for l in range(32):
            qs[n // 4 + l] = (levels[n + l] & 3) | ((levels[n + l + 32] & 3) << 2) | \
                             ((levels[n + l + 64] & 3) << 4) | ((levels[n + l + 96] & 3) << 6)
    return bytes(qs)


def high_bits(levels, bit):
    """hmask (Q3_K) / qh (Q5_K): byte e % 32, bit e // 32 holds bit `bit` of element e."""
    mask = bytearray(32)
    for e in range(256):
        mask[e % 32] |= ((int(levels[e]) >> bit) & 1) << (e // 32)
    return bytes(mask)


def quantize_q2_k(x):
    groups = x.reshape(16, 16)
    mins = np.minimum(groups.min(axis=1), 0).astype(F)
    scales = ((groups.max(axis=1) - mins) / F(3)).astype(F)
    d, dmin = F(scales.max() / 15), F(-mins.min() / 15)
    d16, dmin16 = F(np.float16(d)), F(np.float16(dmin))
    sc = np.clip(np.rint(scales / d16), 0, 15).astype(np.int32) if d16 else np.zeros(16, np.int32)
    mn = np.clip(np.rint(-mins / dmin16), 0, 15).astype(np.int32) if dmin16 else np.zeros(16, np.int32)
    levels = np.zeros(256, np.int32)
    for g in range(16):
        step = d16 * F(sc[g])
        if step:
            levels[16 * g:16 * g + 16] = np.clip(np.rint((groups[g] + dmin16 * F(mn[g])) / step), 0, 3)
    return bytes((sc | (mn << 4)).astype(np.uint8)) + pack_2bit(levels) + f16_bytes([d, dmin])


def pack_q3_scales(ls):
    """Sixteen 6-bit scales in 12 bytes (quantize_row_q3_K_ref)."""
    s = [0] * 12
    for j, l in enumerate(int(v) for v in ls):
        if j < 8:
            s[j] = l & 0xF
        else:
            s[j - 8] |= (l & 0xF) << 4
        s[j % 4 + 8] |= (l >> 4) << (2 * (j // 4))
    return bytes(s)


def quantize_q3_k(x):
    groups = x.reshape(16, 16)
    scales = (np.abs(groups).max(axis=1) / F(4)).astype(F)
    d = F(scales.max() / 31)
    d16 = F(np.float16(d))
    sc = np.clip(np.rint(scales / d16), -32, 31).astype(np.int32) if d16 else np.zeros(16, np.int32)
    levels = np.zeros(256, np.int32)
    for g in range(16):
        step = d16 * F(sc[g])
        if step:
            levels[16 * g:16 * g + 16] = np.clip(np.rint(groups[g] / step), -4, 3)
    stored = levels + 4  # 0..7: two low bits in qs, the third in hmask
    return high_bits(stored, 2) + pack_2bit(stored) + pack_q3_scales(sc + 32) + f16_bytes([d])


def pack_k4_scales(ls, lm):
    """Eight 6-bit scales and mins in 12 bytes (get_scale_min_k4's inverse)."""
    s = [0] * 12
    for j in range(8):
        a, m = int(ls[j]), int(lm[j])
        if j < 4:
            s[j], s[j + 4] = a, m
        else:
            s[j + 4] = (a & 0xF) | ((m & 0xF) << 4)
            s[j - 4] |= (a >> 4) << 6
            s[j] |= (m >> 4) << 6
    return bytes(s)


def k4_scales_and_levels(x, top):
    groups = x.reshape(8, 32)
    mins = np.minimum(groups.min(axis=1), 0).astype(F)
    scales = ((groups.max(axis=1) - mins) / F(top)).astype(F)
    d, dmin = F(scales.max() / 63), F(-mins.min() / 63)
    d16, dmin16 = F(np.float16(d)), F(np.float16(dmin))
    ls = np.clip(np.rint(scales / d16), 0, 63).astype(np.int32) if d16 else np.zeros(8, np.int32)
    lm = np.clip(np.rint(-mins / dmin16), 0, 63).astype(np.int32) if dmin16 else np.zeros(8, np.int32)
    levels = np.zeros(256, np.int32)
    for g in range(8):
        step = d16 * F(ls[g])
        if step:
            levels[32 * g:32 * g + 32] = np.clip(np.rint((groups[g] + dmin16 * F(lm[g])) / step), 0, top)
    return f16_bytes([d, dmin]) + pack_k4_scales(ls, lm), levels


def nibbles_k(levels):
    """Q4_K/Q5_K qs: each 64 elements take 32 bytes, the first 32 in low nibbles."""
    qs = bytearray(128)
    for j in range(0, 256, 64):
        for l in range(32):
            qs[j // 2 + l] = (levels[j + l] & 15) | ((levels[j + l + 32] & 15) << 4)
    return bytes(qs)


def quantize_q4_k(x):
    head, levels = k4_scales_and_levels(x, 15)
    return head + nibbles_k(levels)


def quantize_q5_k(x):
    head, levels = k4_scales_and_levels(x, 31)
    return head + high_bits(levels, 4) + nibbles_k(levels)


def quantize_q6_k(x):
    groups = x.reshape(16, 16)
    scales = (np.abs(groups).max(axis=1) / F(31)).astype(F)
    d = F(scales.max() / 127)
    d16 = F(np.float16(d))
    sc = np.clip(np.rint(scales / d16), -128, 127).astype(np.int32) if d16 else np.zeros(16, np.int32)
    levels = np.zeros(256, np.int32)
    for g in range(16):
        step = d16 * F(sc[g])
        if step:
            levels[16 * g:16 * g + 16] = np.clip(np.rint(groups[g] / step), -32, 31)
    q = levels + 32
    ql, qh = bytearray(128), bytearray(64)
    for n in (0, 128):
        for l in range(32):
            e = n + l
            ql[n // 2 + l] = (q[e] & 15) | ((q[e + 64] & 15) << 4)
            ql[n // 2 + l + 32] = (q[e + 32] & 15) | ((q[e + 96] & 15) << 4)
            qh[n // 4 + l] = (q[e] >> 4) | ((q[e + 32] >> 4) << 2) | ((q[e + 64] >> 4) << 4) | ((q[e + 96] >> 4) << 6)
    return bytes(ql) + bytes(qh) + bytes(sc.astype(np.int8).astype(np.uint8)) + f16_bytes([d])


QUANTIZERS = {"Q4_0": quantize_q4_0, "Q4_1": quantize_q4_1, "Q5_0": quantize_q5_0, "Q5_1": quantize_q5_1,
              "Q8_0": quantize_q8_0, "Q2_K": quantize_q2_k, "Q3_K": quantize_q3_k, "Q4_K": quantize_q4_k,
              "Q5_K": quantize_q5_k, "Q6_K": quantize_q6_k}
# Where the f16 scales sit in each block: random blocks get finite ones there.
HALF_FIELDS = {"Q4_0": [0], "Q4_1": [0, 2], "Q5_0": [0], "Q5_1": [0, 2], "Q8_0": [0], "Q2_K": [80, 82],
               "Q3_K": [108], "Q4_K": [0, 2], "Q5_K": [0, 2], "Q6_K": [208]}


# ---------------------------------------------------------------- dequantisers (dequantize_row_*)

def nibbles(block, at, count):
    return np.frombuffer(block[at:at + count], np.uint8).astype(np.int32)


def dequantize_block(type_name, b):
    if type_name == "Q4_0":
        qs = nibbles(b, 2, 16)
        return np.concatenate([(qs & 15) - 8, (qs >> 4) - 8]).astype(F) * half(b, 0)
    if type_name == "Q4_1":
        qs = nibbles(b, 4, 16)
        return np.concatenate([qs & 15, qs >> 4]).astype(F) * half(b, 0) + half(b, 2)
    if type_name in ("Q5_0", "Q5_1"):
        base = 2 if type_name == "Q5_0" else 4
        qh = struct.unpack("<I", b[base:base + 4])[0]
        qs = nibbles(b, base + 4, 16)
        high = np.array([(qh >> j) & 1 for j in range(32)], np.int32) << 4
        q = np.concatenate([qs & 15, qs >> 4]) | high
        if type_name == "Q5_0":
            return (q - 16).astype(F) * half(b, 0)
        return q.astype(F) * half(b, 0) + half(b, 2)
    if type_name == "Q8_0":
        return np.frombuffer(b[2:34], np.int8).astype(F) * half(b, 0)
    if type_name == "Q2_K":
        d, dmin = half(b, 80), half(b, 82)
        qs = nibbles(b, 16, 64)
        y = np.zeros(256, F)
        for e in range(256):
            n, rest = divmod(e, 128)
            shift, l = divmod(rest, 32)          # shift index j, then l in 0..31
            sc = b[n * 8 + shift * 2 + l // 16]  # groups of 16 in element order
            q = (qs[n * 32 + l] >> (2 * shift)) & 3
            y[e] = (d * F(sc & 15)) * F(q) - dmin * F(sc >> 4)
        return y
    if type_name == "Q3_K":
        d = half(b, 108)
        hm, qs, s = b[0:32], nibbles(b, 32, 64), b[96:108]
        y = np.zeros(256, F)
        for e in range(256):
            n, rest = divmod(e, 128)
            shift, l = divmod(rest, 32)
            j = e // 16  # the scale index, as in quantize_row_q3_K_ref's unpacking
            sc = (s[j] & 15) if j < 8 else (s[j - 8] >> 4)
            sc = (sc | (((s[8 + j % 4] >> (2 * (j // 4))) & 3) << 4)) - 32
            q = ((qs[n * 32 + l] >> (2 * shift)) & 3) - (0 if hm[e % 32] & (1 << (e // 32)) else 4)
            y[e] = (d * F(sc)) * F(q)
        return y
    if type_name in ("Q4_K", "Q5_K"):
        d, dmin = half(b, 0), half(b, 2)
        s = b[4:16]
        qs = nibbles(b, 48 if type_name == "Q5_K" else 16, 128)
        y = np.zeros(256, F)
        for e in range(256):
            j = e // 32  # get_scale_min_k4
            if j < 4:
                sc, m = s[j] & 63, s[j + 4] & 63
            else:
                sc, m = (s[j + 4] & 15) | ((s[j - 4] >> 6) << 4), (s[j + 4] >> 4) | ((s[j] >> 6) << 4)
            byte = qs[(e // 64) * 32 + e % 32]
            q = (byte & 15) if (e // 32) % 2 == 0 else (byte >> 4)
            if type_name == "Q5_K":
                q += 16 if b[16 + e % 32] & (1 << (e // 32)) else 0
            y[e] = (d * F(sc)) * F(q) - dmin * F(m)
        return y
    if type_name == "Q6_K":
        d = half(b, 208)
        ql, qh = nibbles(b, 0, 128), nibbles(b, 128, 64)
        sc = np.frombuffer(b[192:208], np.int8)
        y = np.zeros(256, F)
        for e in range(256):
            n, rest = divmod(e, 128)
            quarter, l = divmod(rest, 32)
            low = ql[n * 64 + l + (32 if quarter % 2 else 0)]
            low = (low & 15) if quarter < 2 else (low >> 4)
            q = (low | (((qh[n * 32 + l] >> (2 * quarter)) & 3) << 4)) - 32
            y[e] = (d * F(sc[n * 8 + rest // 16])) * F(q)
        return y
    raise ValueError(type_name)


def dequantize(type_name, data):
    _, block, size = TYPES[type_name]
    return np.concatenate([dequantize_block(type_name, data[i:i + size]) for i in range(0, len(data), size)])


# ---------------------------------------------------------------- the fixtures

def bits(values):
    return [int(v) for v in np.asarray(values, F).view(np.uint32)]


def quantized_tensor(type_name, rng):
    """Two rows of `block` elements × 2 blocks... : row 0 quantised from smooth data, row 1 random
    bytes with finite f16 scales, so every bit of every field is exercised."""
    _, block, size = TYPES[type_name]
    row = 2 * block if block == 32 else block
    x = (np.sin(np.arange(row, dtype=F) * F(0.37)) * F(1.5) + rng.normal(0, 0.3, row).astype(F)).astype(F)
    quantised = b"".join(QUANTIZERS[type_name](x[i:i + block]) for i in range(0, row, block))
    noise = bytearray(rng.integers(0, 256, len(quantised), dtype=np.uint8).tobytes())
    for start in range(0, len(noise), size):
        for at in HALF_FIELDS[type_name]:
            noise[start + at:start + at + 2] = f16_bytes([rng.uniform(-0.5, 0.5)])
    data = quantised + bytes(noise)
    values = dequantize(type_name, data)
    error = float(np.abs(values[:row] - x).max())
    assert error < 0.5 * float(np.abs(x).max()), (type_name, error)  # the quantiser round-trips
    return [row, 2], data, values


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20261201)
    tensors, golden = [], {}

    f32 = np.array([1.5, -2, 0, -0.0, 1e-40, np.inf, -np.inf, np.nan, 3.14159, -1e30, 65504, 1 / 3,
                    7, -7, 0.1, 1e-7], F)
    f16 = np.array([0, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xc000, 0x7bff, 0x7c00, 0xfc00, 0x7e00,
                    0x3555, 0x1234, 0xabcd, 0x5a5a, 0x0200], np.uint16)
    bf16 = np.array([0x3f80, 0xc000, 0x4049, 0x0001, 0x8000, 0x7f80, 0x7fc0, 0x3eaa, 0xff80, 0x1234,
                     0xbf00, 0x4780, 0x0080, 0x7f7f, 0x42f6, 0xc2c8], np.uint16)
    plain = [
        ("t.f32", "F32", [8, 2], f32.astype("<f4").tobytes(), f32),
        ("t.f16", "F16", [16], f16.astype("<u2").tobytes(), f16.view(np.float16).astype(F)),
        ("t.bf16", "BF16", [4, 4], bf16.astype("<u2").tobytes(), (bf16.astype(np.uint32) << 16).view(F)),
        ("t.f32_4d", "F32", [2, 3, 2, 2], np.arange(24, dtype="<f4").tobytes(), np.arange(24, dtype=F)),
    ]
    for name, type_name, dims, data, values in plain:
        tensors.append((name, type_name, dims, data))
        golden[name] = {"type": type_name, "dims": dims, "bits": bits(values)}
    for type_name in ["Q8_0", "Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q2_K", "Q3_K", "Q4_K", "Q5_K", "Q6_K"]:
        dims, data, values = quantized_tensor(type_name, rng)
        name = "t." + type_name.lower()
        tensors.append((name, type_name, dims, data))
        golden[name] = {"type": type_name, "dims": dims, "bits": bits(values)}
    # Types ggml defines that Headmap does not dequantise: the file opens, floats() refuses.
    tensors.append(("t.iq4_nl", "IQ4_NL", [64], rng.integers(0, 256, 36, dtype=np.uint8).tobytes()))
    tensors.append(("t.q8_k", "Q8_K", [256], rng.integers(0, 256, 292, dtype=np.uint8).tobytes()))

    kvs = [
        ("general.architecture", STRING, "llama"),
        ("general.name", STRING, "Headmap GGUF fixture: every type, ünïcödé ✓"),
        ("test.uint8", UINT8, 200), ("test.int8", INT8, -100),
        ("test.uint16", UINT16, 60000), ("test.int16", INT16, -30000),
        ("test.uint32", UINT32, 4000000000), ("test.int32", INT32, -2000000000),
        ("test.float32", FLOAT32, 0.1), ("test.bool_true", BOOL, True), ("test.bool_false", BOOL, False),
        ("test.string_empty", STRING, ""),
        ("test.uint64", UINT64, 18446744073709551615), ("test.int64", INT64, -9223372036854775808),
        ("test.float64", FLOAT64, 2.718281828459045),
        ("test.array_string", ARRAY, (STRING, ["<unk>", "<s>", "▁the", "Ġworld", ""])),
        ("test.array_float32", ARRAY, (FLOAT32, [0.0, -1.5, 0.25])),
        ("test.array_int32", ARRAY, (INT32, [1, -2, 3, 2147483647])),
        ("test.array_uint8", ARRAY, (UINT8, [0, 255])),
        ("test.array_bool", ARRAY, (BOOL, [True, False, True])),
        ("test.array_empty", ARRAY, (UINT32, [])),
        ("test.array_nested", ARRAY, (ARRAY, [(INT16, [1, 2]), (INT16, []), (INT16, [-3])])),
        ("general.alignment", UINT32, 32),
    ]
    write_gguf(os.path.join(OUT, "types.gguf"), 3, kvs, tensors)

    # Version 2 (same layout as 3), a non-default alignment, and padding between tensors.
    v2_q8, v2_q8_values = quantized_tensor("Q8_0", rng)[1:]
    v2_tensors = [("a.f16", "F16", [3], f16_bytes([1.0, -0.5, 2.0])), ("b.q8_0", "Q8_0", [64, 2], v2_q8)]
    write_gguf(os.path.join(OUT, "v2.gguf"), 2,
               [("general.architecture", STRING, "llama"), ("general.alignment", UINT32, 64)], v2_tensors, 64)
    golden_v2 = {"a.f16": {"type": "F16", "dims": [3], "bits": bits([1.0, -0.5, 2.0])},
                 "b.q8_0": {"type": "Q8_0", "dims": [64, 2], "bits": bits(v2_q8_values)}}

    with open(os.path.join(OUT, "types.json"), "w") as f:
        json.dump({"generator": "tests/formats/make_gguf_fixtures.py",
                   "note": "bits: the expected float32 values as unsigned bit patterns, in ggml order",
                   "types.gguf": golden, "v2.gguf": golden_v2}, f, indent=None, separators=(",", ":"))
        f.write("\n")
    for name in ("types.gguf", "v2.gguf", "types.json"):
        print(name, os.path.getsize(os.path.join(OUT, name)), "bytes")


if __name__ == "__main__":
    main()
