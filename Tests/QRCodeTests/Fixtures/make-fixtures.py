#!/usr/bin/env python3
"""Writes the reference matrices that QRCodeTests compares our encoder with (PHONE-4).

The reference is an independent encoder, Python's qrcode package (qrcode==8.2), run outside the
repository:

    python3 -m venv /tmp/qrvenv && /tmp/qrvenv/bin/pip install qrcode==8.2
    /tmp/qrvenv/bin/python Tests/QRCodeTests/Fixtures/make-fixtures.py

Each case is encoded in byte mode (never numeric or alphanumeric, which qrcode would otherwise
pick for parts of the input) at a given level, version and mask, and written to <name>.txt: one
header line, then one line per row, '#' for a dark module and '.' for a light one, no quiet zone.

The header holds space-separated key=value fields:
  version, level (L M Q H), mask: what the matrix was made with;
  minimum: the version to ask our encoder for (1 unless the case forces a larger version);
  auto_mask: the mask qrcode itself picks by its penalty score, for information only;
  bytes: the input, in hex.

tables.txt lists, for every version and level, what qrcode's own tables say: the blocks, the
error-correction codewords per block, the data and total codewords, and the alignment centres.
"""

import os
import random

import qrcode
from qrcode.util import MODE_8BIT_BYTE, QRData

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}


def seeded_bytes(seed, count):
    generator = random.Random(seed)
    return bytes(generator.randrange(256) for _ in range(count))


# name, input, level, forced version (None: the smallest that fits), mask
CASES = [
    ("url-m", b"http://192.168.1.23:8080/", "M", None, 2),
    ("one-byte-l", b"7", "L", None, 0),
    ("hundred-bytes-q", bytes(range(100)), "Q", None, 1),
    ("chinese-h", "手机扫码连接服务器".encode(), "H", None, 3),
    ("mixed-utf8-l", "Café ☕ 東京 — naïve".encode(), "L", None, 4),
    ("version-7-q", seeded_bytes(7, 80), "Q", None, 5),
    ("version-8-m", seeded_bytes(8, 140), "M", None, 6),
    ("sixteen-bit-count-l", seeded_bytes(11, 300), "L", None, 7),
    ("forced-version-27-h", b"http://192.168.1.23:8080/", "H", 27, 7),
    ("largest-40-l", seeded_bytes(40, 2953), "L", None, 6),
    ("largest-40-h", seeded_bytes(41, 1273), "H", None, 5),
]


def build(data, level, version, mask):
    code = qrcode.QRCode(version=version, error_correction=LEVELS[level], mask_pattern=mask, border=0)
    code.add_data(QRData(data, mode=MODE_8BIT_BYTE))
    code.make(fit=version is None)
    return code


def write_case(name, data, level, forced, mask):
    version = forced or build(data, level, None, mask).version
    auto_mask = build(data, level, version, None).mask_pattern
    if auto_mask is None:
        # qrcode picks the mask inside make() without keeping it: score each one the same way.
        probe = qrcode.QRCode(version=version, error_correction=LEVELS[level], border=0)
        probe.add_data(QRData(data, mode=MODE_8BIT_BYTE))
        probe.make(fit=False)
        auto_mask = probe.best_mask_pattern()
    matrix = build(data, level, version, mask).get_matrix()
    header = (
        f"version={version} level={level} mask={mask} minimum={forced or 1} "
        f"auto_mask={auto_mask} bytes={data.hex()}"
    )
    with open(os.path.join(HERE, f"{name}.txt"), "w") as out:
        out.write(header + "\n")
        for row in matrix:
            out.write("".join("#" if dark else "." for dark in row) + "\n")
    print(f"{name}: version {version}, {len(data)} bytes, level {level}, mask {mask}, qrcode's choice {auto_mask}")


def write_tables():
    with open(os.path.join(HERE, "tables.txt"), "w") as out:
        out.write("# version level blocks ec_per_block data_codewords total_codewords alignment_centres\n")
        for version in range(1, 41):
            for level in "LMQH":
                blocks = qrcode.base.rs_blocks(version, LEVELS[level])
                ec = {block.total_count - block.data_count for block in blocks}
                assert len(ec) == 1
                data = sum(block.data_count for block in blocks)
                total = sum(block.total_count for block in blocks)
                centres = ",".join(str(c) for c in qrcode.util.pattern_position(version)) or "-"
                out.write(f"{version} {level} {len(blocks)} {ec.pop()} {data} {total} {centres}\n")


if __name__ == "__main__":
    for case in CASES:
        write_case(*case)
    write_tables()
