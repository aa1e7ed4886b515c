"""PNG read/write and per-channel difference statistics, python3 stdlib only (zlib)."""
import struct
import zlib


def read_png(path):
    """Returns (width, height, rows): rows[y] is a list of (r, g, b) for 8-bit RGB/RGBA/grey PNGs."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace != 0 or colour not in (0, 2, 4, 6):
        raise ValueError(f"{path}: only 8-bit non-interlaced grey/RGB/RGBA PNGs (got depth {depth}, colour {colour})")
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        if channels >= 3:
            rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        else:
            rows.append([(line[x * channels],) * 3 for x in range(width)])
    return width, height, rows


def write_png(path, width, height, rows):
    """rows[y]: a list of (r, g, b)."""
    raw = b"".join(b"\x00" + bytes(v for pixel in row for v in pixel) for row in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def percentile(sorted_values, q):
    """Nearest rank, as morphview computes its p95."""
    if not sorted_values:
        return 0
    rank = max(1, -(-len(sorted_values) * q // 100))
    return sorted_values[int(rank) - 1]


def difference(a, b, background=None):
    """Per-channel mean and 95th-percentile absolute difference (in 1/255) of two same-size images,
    over every pixel, and over the pixels where either image is not `background` (the model's
    pixels); also the |a - b| image."""
    wa, ha, ra = a
    wb, hb, rb = b
    if (wa, ha) != (wb, hb):
        raise ValueError(f"sizes differ: {wa}x{ha} and {wb}x{hb}")
    every = [[], [], []]
    model = [[], [], []]
    diff_rows = []
    for y in range(ha):
        out = []
        for x in range(wa):
            pa, pb = ra[y][x], rb[y][x]
            d = tuple(abs(pa[c] - pb[c]) for c in range(3))
            out.append(d)
            for c in range(3):
                every[c].append(d[c])
            if background is not None and (pa != background or pb != background):
                for c in range(3):
                    model[c].append(d[c])
        diff_rows.append(out)

    def stats(lists):
        result = {}
        for name, values in zip("rgb", lists):
            values.sort()
            result[name] = {"mean": round(sum(values) / len(values), 3) if values else 0.0,
                            "p95": percentile(values, 95), "max": values[-1] if values else 0}
        result["pixels"] = len(lists[0])
        return result

    return {"all": stats(every), "model": stats(model) if background is not None else None}, diff_rows
