/// DEFLATE decoding (RFC 1951), the compression of nearly every zip, for reading students' zips
/// without trusting them: the output is counted as it is produced and decoding stops the moment it
/// would pass `limit`, whatever sizes the zip declared. (Foundation on Linux exposes no zlib.)
enum Inflate {
    enum Failure: Error, Equatable {
        /// The bytes are not a DEFLATE stream: a bad block type, a code that means nothing, a
        /// distance back past the start, or input that ends before the last block does.
        case malformed(String)
        /// The output would pass the limit given.
        case tooLarge
    }

    /// The decoded bytes of `compressed`, at most `limit` of them.
    static func decode(_ compressed: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var decoder = Decoder(input: compressed, limit: limit)
        try decoder.run()
        return decoder.output
    }

    private struct Decoder {
        let input: [UInt8]
        let limit: Int
        var output: [UInt8] = []
        var position = 0
        var bitBuffer = 0
        var bitCount = 0

        init(input: [UInt8], limit: Int) {
            self.input = input
            self.limit = limit
        }

        mutating func run() throws(Failure) {
            var last = false
            while !last {
                last = try bits(1) == 1
                switch try bits(2) {
                case 0: try stored()
                case 1: try compressed(literals: Self.fixedLiterals, distances: Self.fixedDistances)
                case 2: try dynamic()
                default: throw .malformed("a block of the reserved type 3")
                }
            }
        }

        mutating func bits(_ count: Int) throws(Failure) -> Int {
            while bitCount < count {
                guard position < input.count else { throw .malformed("the data ends before its last block does") }
                bitBuffer |= Int(input[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let value = bitBuffer & ((1 << count) - 1)
            bitBuffer >>= count
            bitCount -= count
            return value
        }

        mutating func append(_ byte: UInt8) throws(Failure) {
            guard output.count < limit else { throw .tooLarge }
            output.append(byte)
        }

        /// A block kept as it is: its length, the length's complement, the bytes.
        mutating func stored() throws(Failure) {
            // Fewer than 8 bits are ever held, all of the byte begun: dropping them aligns.
            bitBuffer = 0
            bitCount = 0
            guard position + 4 <= input.count else { throw .malformed("a stored block's length is cut off") }
            let length = Int(input[position]) | Int(input[position + 1]) << 8
            let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
            position += 4
            guard length == ~complement & 0xFFFF else { throw .malformed("a stored block's length does not match its check") }
            guard position + length <= input.count else { throw .malformed("a stored block is cut off") }
            guard output.count + length <= limit else { throw .tooLarge }
            output.append(contentsOf: input[position..<(position + length)])
            position += length
        }

        /// A block whose codes are described at its start.
        mutating func dynamic() throws(Failure) {
            let literalCount = try bits(5) + 257, distanceCount = try bits(5) + 1, lengthCodeCount = try bits(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else { throw .malformed("a block declares more codes than there are") }
            var lengthCodeLengths = [Int](repeating: 0, count: 19)
            for index in 0..<lengthCodeCount { lengthCodeLengths[Self.lengthCodeOrder[index]] = try bits(3) }
            let lengthCodes = try Huffman.described(by: lengthCodeLengths)
            var lengths: [Int] = []
            while lengths.count < literalCount + distanceCount {
                let symbol = try lengthCodes.decode(&self)
                switch symbol {
                case 0..<16:
                    lengths.append(symbol)
                case 16:
                    guard let previous = lengths.last else { throw .malformed("a repeat with nothing before it") }
                    let count = try bits(2) + 3
                    lengths += repeatElement(previous, count: count)
                case 17:
                    let count = try bits(3) + 3
                    lengths += repeatElement(0, count: count)
                default:
                    let count = try bits(7) + 11
                    lengths += repeatElement(0, count: count)
                }
            }
            guard lengths.count == literalCount + distanceCount else { throw .malformed("code lengths run past their count") }
            guard lengths[256] != 0 else { throw .malformed("a block without an end") }
            try compressed(literals: try Huffman.described(by: Array(lengths[..<literalCount])),
                           distances: try Huffman.described(by: Array(lengths[literalCount...])))
        }

        /// Literals and copies of earlier output, up to the end-of-block code.
        mutating func compressed(literals: Huffman, distances: Huffman) throws(Failure) {
            while true {
                let symbol = try literals.decode(&self)
                if symbol < 256 {
                    try append(UInt8(symbol))
                    continue
                }
                if symbol == 256 { return }
                let lengthIndex = symbol - 257
                guard lengthIndex < 29 else { throw .malformed("a length code that means nothing") }
                let length = try bits(Self.lengthExtra[lengthIndex]) + Self.lengthBase[lengthIndex]
                let distanceIndex = try distances.decode(&self)
                guard distanceIndex < 30 else { throw .malformed("a distance code that means nothing") }
                let distance = try bits(Self.distanceExtra[distanceIndex]) + Self.distanceBase[distanceIndex]
                guard distance <= output.count else { throw .malformed("a copy from before the start") }
                guard output.count + length <= limit else { throw .tooLarge }
                // Byte by byte: a copy may overlap what it writes (a run of one byte).
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }

        static let lengthCodeOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                   4097, 6145, 8193, 12289, 16385, 24577]
        static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
        // The codes of a "fixed" block, as the format defines them.
        static let fixedLiterals = Huffman(lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
                                               + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8))
        static let fixedDistances = Huffman(lengths: Array(repeating: 5, count: 30))
    }

    /// A canonical Huffman code, from each symbol's code length, read a bit at a time.
    private struct Huffman {
        /// How many codes have each length, 0 to 15.
        var counts = [Int](repeating: 0, count: 16)
        /// The symbols in code order.
        var symbols: [Int] = []

        /// The code a block describes, refused when its lengths describe none.
        static func described(by lengths: [Int]) throws(Failure) -> Huffman {
            let code = Huffman(lengths: lengths)
            // More codes of a length than the shorter ones leave room for: no code at all.
            var left = 1
            for length in 1...15 {
                left = left * 2 - code.counts[length]
                guard left >= 0 else { throw .malformed("code lengths that describe no code") }
            }
            return code
        }

        /// Lengths of 0 to 15 each, as `described(by:)` checks them or the format fixes them.
        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ decoder: inout Decoder) throws(Failure) -> Int {
            var code = 0, first = 0, index = 0
            for length in 1...15 {
                code |= try decoder.bits(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw .malformed("a code that means nothing")
        }
    }
}
