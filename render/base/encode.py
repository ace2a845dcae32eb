"""PNG encoding of finished images: compact 256-colour PNGs, fast enough for every move.

Two encoders:
- `encode_png` picks a palette for each image (score charts, cards, private images: drawn
  now and then).
- `encode_board` maps a board onto its game's fixed palette (`render.base.palettes`) and
  compresses it in bands of rows, keeping each band's compressed bytes: after a move most
  bands are as they were in some earlier image, of this game or another, and are reused.
  The bytes sent depend only on the pixels, never on what was drawn before.
"""

import hashlib
import io
import struct
import threading
import zlib
from collections import OrderedDict

from PIL import Image

# zlib level for indexed PNGs: level 1 is the fastest, and the file stays far below 1 MiB.
PNG_LEVEL = 1
# Rows per band of a board. Smaller bands catch smaller changes but compress a little worse
# (each band starts its own deflate window); 16 rows of 1600 pixels is about 25 KiB raw.
BAND_ROWS = 16
# Compressed bands kept for reuse: about 1.1 KiB a band, 250 KiB a four-player Trajan board,
# so 64 MiB holds the boards of some 250 games in play. Least recently used go first.
BAND_CACHE_BYTES = 64 * 1024 * 1024

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ADLER_BASE = 65521
# An empty final deflate block: it ends a stream of bands each closed by a sync flush.
_END_OF_STREAM = zlib.compressobj(PNG_LEVEL, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)

_bands: "OrderedDict[tuple[str, bytes], tuple[bytes, int, int]]" = OrderedDict()
_band_bytes = [0]
_BANDS_LOCK = threading.Lock()


def encode_png(image: Image.Image) -> bytes:
    """Encode an RGB image as a compact 256-colour PNG with a palette of its own.

    Boards are flat colours plus anti-aliased edges, so a 256-colour palette loses nothing
    visible. The palette comes from every eighth pixel of every eighth row (a nearest-pixel
    sample keeps rare colours such as a token's exact, where averaging would blur them),
    then the whole image is mapped onto it without dithering. A third of the bytes to
    compress makes encoding several times faster and the file about a third of the size.
    """
    step = 8 if min(image.size) >= 256 else 1
    sample = image.resize(
        (max(1, image.width // step), max(1, image.height // step)), Image.Resampling.NEAREST
    )
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    indexed.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()


def encode_board(image: Image.Image, palette: Image.Image, name: str) -> bytes:
    """Encode an RGB board as a 256-colour PNG on a fixed `palette` (named `name`).

    The palette indices are cut into bands of `BAND_ROWS` rows. Each band's PNG rows (a
    filter byte, 0: none, then the row's indices) are compressed on their own and closed
    with a sync flush, so the compressed bands can be joined into one deflate stream; a
    band seen before (same palette, same indices, by SHA-1) is not compressed again.
    """
    width, height = image.size
    raw = memoryview(image.quantize(palette=palette, dither=Image.Dither.NONE).tobytes())
    step = width * BAND_ROWS
    parts: list[bytes] = []
    adler = 1
    for start in range(0, len(raw), step):
        band = raw[start : start + step]
        packed, band_adler, length = _band(name, band, width)
        parts.append(packed)
        adler = _adler_combine(adler, band_adler, length)
    parts.append(_END_OF_STREAM)
    # zlib stream: header (deflate, 32 KiB window, fastest), the deflate data, Adler-32.
    stream = b"\x78\x01" + b"".join(parts) + struct.pack(">I", adler)
    colours = (palette.getpalette() or [])[: 3 * 256]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours)),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )


def _band(name: str, band: memoryview, width: int) -> tuple[bytes, int, int]:
    """Return a band's deflate bytes (closed by a sync flush), Adler-32 and length, cached.

    The band is given as palette indices; what is compressed are its PNG rows, each a
    filter byte (0: none) and the row's indices.
    """
    key = (name, hashlib.sha1(band, usedforsecurity=False).digest())
    with _BANDS_LOCK:  # boards may be encoded in worker threads
        found = _bands.get(key)
        if found is not None:
            _bands.move_to_end(key)
            return found
    rows = b"".join(b"\x00" + band[at : at + width] for at in range(0, len(band), width))
    compressor = zlib.compressobj(PNG_LEVEL, zlib.DEFLATED, -15)
    packed = compressor.compress(rows) + compressor.flush(zlib.Z_SYNC_FLUSH)
    entry = (packed, zlib.adler32(rows), len(rows))
    with _BANDS_LOCK:
        if key not in _bands:
            _band_bytes[0] += len(packed)
        _bands[key] = entry
        while _band_bytes[0] > BAND_CACHE_BYTES and _bands:
            _, (dropped, _, _) = _bands.popitem(last=False)
            _band_bytes[0] -= len(dropped)
    return entry


def clear_band_cache() -> None:
    """Forget every compressed band (benchmarks measure encoding from scratch)."""
    with _BANDS_LOCK:
        _bands.clear()
        _band_bytes[0] = 0


def _adler_combine(first: int, second: int, second_length: int) -> int:
    """Return the Adler-32 of two byte strings joined, from theirs and the second's length.

    Adler-32 is two sums modulo 65521: A (1 + every byte) and B (the sum of every A along
    the way). Joining adds the second part's A to the first's, less the 1 they both start
    from; B grows by the second part's B plus the first part's A once for every byte of the
    second part, less that same 1 counted once for every one of those bytes.
    """
    base = _ADLER_BASE
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % base
    b = (b1 + b2 + (a1 - 1) * second_length) % base
    return (b << 16) | a


def _chunk(kind: bytes, data: bytes) -> bytes:
    """Return one PNG chunk: length, type, data and the CRC-32 of type and data."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
