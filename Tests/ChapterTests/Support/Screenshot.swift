import Foundation
import TestSupport

/// What a screenshot shows, counted by Python (its zlib unpacks the PNG): its size, how much of
/// it differs from the background, and how many colours it has.
struct Screenshot {
    var width: Int
    var height: Int
    /// The share of pixels that differ from the top-left one (the page's background).
    var inkedFraction: Double
    var distinctColours: Int

    init(png: URL) throws {
        let counted = try ExternalTool.run("python3", ["-c", Self.counter, png.path])
        let numbers = counted.output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard counted.status == 0, numbers.count == 4 else {
            throw TestFailure("\(png.path): the screenshot could not be read:\n\(counted.output)")
        }
        width = Int(numbers[0])
        height = Int(numbers[1])
        inkedFraction = numbers[2]
        distinctColours = Int(numbers[3])
    }

    /// Undoes PNG's per-row filters (8-bit RGB or RGBA, as Chromium writes) and counts.
    static let counter = #"""
    import struct, sys, zlib
    data = open(sys.argv[1], "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    assert depth == 8 and colour in (2, 6), "unexpected PNG format"
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, previous, at = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        kind, row = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = row[i - bpp] if i >= bpp else 0
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            if kind == 1: row[i] = (row[i] + left) & 255
            elif kind == 2: row[i] = (row[i] + up) & 255
            elif kind == 3: row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(row))
        previous = row
    background = rows[0][:3]
    inked, colours = 0, set()
    for row in rows[::4]:
        for x in range(0, stride, bpp * 4):
            pixel = row[x:x + 3]
            colours.add(pixel)
            inked += pixel != background
    print(width, height, inked / (len(rows[::4]) * len(range(0, stride, bpp * 4))), len(colours))
    """#
}
