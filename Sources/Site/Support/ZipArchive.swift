import Foundation

/// A zip file of a few small text files, written without compression (the "stored" method),
/// which every unzip, Finder and Explorer open. The same files give the same bytes: times are
/// fixed, so a rebuild with unchanged sources does not write the download again.
enum ZipArchive {
    /// `files` are (path inside the zip, contents), in the order given.
    static func make(_ files: [(path: String, data: Data)]) -> Data {
        var out = Data()
        var directory = Data()
        for (path, data) in files {
            let name = Data(path.utf8)
            let crc = crc32(data)
            let offset = UInt32(out.count)
            // Local file header.
            out.append(le32(0x0403_4b50))
            out.append(le16(20)); out.append(le16(0x0800))  // version needed; names are UTF-8
            out.append(le16(0))                               // stored
            out.append(le16(0)); out.append(le16(0x21))      // 1980-01-01 00:00
            out.append(le32(crc)); out.append(le32(UInt32(data.count))); out.append(le32(UInt32(data.count)))
            out.append(le16(UInt16(name.count))); out.append(le16(0))
            out.append(name)
            out.append(data)
            // Its entry in the central directory.
            directory.append(le32(0x0201_4b50))
            directory.append(le16(0x031E)); directory.append(le16(20)); directory.append(le16(0x0800))
            directory.append(le16(0))
            directory.append(le16(0)); directory.append(le16(0x21))
            directory.append(le32(crc)); directory.append(le32(UInt32(data.count))); directory.append(le32(UInt32(data.count)))
            directory.append(le16(UInt16(name.count))); directory.append(le16(0)); directory.append(le16(0))
            directory.append(le16(0)); directory.append(le16(0))
            directory.append(le32(0o100644 << 16))  // a regular file, rw-r--r--
            directory.append(le32(offset))
            directory.append(name)
        }
        let directoryOffset = UInt32(out.count)
        out.append(directory)
        out.append(le32(0x0605_4b50))
        out.append(le16(0)); out.append(le16(0))
        out.append(le16(UInt16(files.count))); out.append(le16(UInt16(files.count)))
        out.append(le32(UInt32(directory.count))); out.append(le32(directoryOffset))
        out.append(le16(0))
        return out
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private static func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
}
