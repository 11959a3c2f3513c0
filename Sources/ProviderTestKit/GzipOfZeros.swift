/// A gzip stream of zeros, highly compressed, written without zlib: what a test serves as a compression
/// bomb (a few megabytes on the wire that inflate to gigabytes).
///
/// The stream is the gzip header, then the same piece repeated: one DEFLATE block with its own Huffman
/// codes that writes a zero and then copies the previous 258 bytes (all zeros) over and over, two bits a
/// copy, followed by an empty stored block so that the piece ends on a byte boundary and can be repeated
/// as it is. What a whole number of pieces leaves over is written as stored blocks of zeros; then the
/// final empty block, and the trailer with the CRC-32 of the zeros (computed by polynomial arithmetic,
/// not by reading gigabytes) and their count. Any gzip reader inflates it to exactly ``size`` zeros.
public struct GzipOfZeros: Sendable {
    /// How many zeros the stream inflates to.
    public let size: Int

    /// The ten-byte gzip header: deflate, no name, no time, unknown system.
    static let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
    /// Copies of 258 bytes per piece: a piece inflates to about 1 MiB from about 1 KiB.
    static let copiesPerPiece = 4064
    /// Zeros one piece inflates to: the literal zero, then the copies.
    static let zerosPerPiece = 1 + 258 * copiesPerPiece
    /// The repeated piece.
    static let piece: [UInt8] = makePiece(copies: copiesPerPiece)

    /// Describes a stream.
    /// - Parameter size: how many zeros it inflates to.
    public init(size: Int) { self.size = max(size, 0) }

    /// How many whole pieces the stream repeats.
    var pieces: Int { size / Self.zerosPerPiece }
    /// The zeros written as stored blocks after the pieces.
    var leftOver: Int { size % Self.zerosPerPiece }

    /// The stream's length in bytes: what `Content-Length` announces.
    public var compressedSize: Int {
        let storedBlocks = (leftOver + 65_534) / 65_535
        return Self.header.count + pieces * Self.piece.count + storedBlocks * 5 + leftOver + 2 + 8
    }

    /// Writes the stream piece by piece, stopping when `write` returns `false` (the reader hung up).
    /// - Parameter write: sends bytes; `false` ends the stream.
    public func stream(_ write: ([UInt8]) -> Bool) {
        guard write(Self.header) else { return }
        // A few pieces per write, so that a large stream is not one system call per kilobyte.
        let batch = Array([[UInt8]](repeating: Self.piece, count: 64).joined())
        var remaining = pieces
        while remaining > 0 {
            let count = min(remaining, 64)
            guard write(count == 64 ? batch : Array(batch.prefix(count * Self.piece.count))) else { return }
            remaining -= count
        }
        var zeros = leftOver
        while zeros > 0 {
            let length = min(zeros, 65_535)
            let block: [UInt8] = [
                0x00, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            guard write(block + [UInt8](repeating: 0, count: length)) else { return }
            zeros -= length
        }
        let crc = Self.crc32OfZeros(size)
        let length = UInt32(truncatingIfNeeded: size)
        _ = write([0x03, 0x00] + Self.littleEndian(crc) + Self.littleEndian(length))
    }

    /// One non-final block with dynamic Huffman codes: literal/length code lengths 285→1, 0→2, 256→2 (a
    /// complete code), one distance code of length 1; its code lengths sent with the code-length codes
    /// 18→1, 1→2, 2→2. Then the literal zero, `copies` × (length 258, distance 1), end of block, and an
    /// empty stored block to reach a byte boundary.
    static func makePiece(copies: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(0, count: 1)  // not the final block
        bits.write(2, count: 2)  // dynamic Huffman codes
        bits.write(286 - 257, count: 5)  // literal/length codes up to 285
        bits.write(1 - 1, count: 5)  // one distance code
        bits.write(18 - 4, count: 4)  // code-length code lengths up to symbol 1 in the order below
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
        let codeLengthLengths = [18: 1, 1: 2, 2: 2]
        for symbol in order { bits.write(UInt32(codeLengthLengths[symbol] ?? 0), count: 3) }
        // Canonical code-length codes: 18 → 0, 1 → 10, 2 → 11.
        let lengthTwo = (code: UInt32(0b11), length: 2)
        let lengthOne = (code: UInt32(0b10), length: 2)
        let zerosRun = (code: UInt32(0), length: 1)
        bits.huffman(lengthTwo)  // literal 0: 2
        bits.huffman(zerosRun)  // literals 1…138: 0
        bits.write(138 - 11, count: 7)
        bits.huffman(zerosRun)  // literals 139…255: 0
        bits.write(117 - 11, count: 7)
        bits.huffman(lengthTwo)  // end of block: 2
        bits.huffman(zerosRun)  // lengths 257…284: 0
        bits.write(28 - 11, count: 7)
        bits.huffman(lengthOne)  // length 258 (symbol 285): 1
        bits.huffman(lengthOne)  // distance 1: 1
        // Canonical literal/length codes: 285 → 0, 0 → 10, 256 → 11; distance 1 → 0.
        bits.huffman((0b10, 2))
        for _ in 0..<copies {
            bits.huffman((0, 1))
            bits.huffman((0, 1))
        }
        bits.huffman((0b11, 2))
        bits.write(0, count: 3)  // an empty stored block…
        bits.alignToByte()
        bits.bytes += [0x00, 0x00, 0xFF, 0xFF]  // …of length 0
        return bits.bytes
    }

    /// CRC-32 of `count` zero bytes: the register 0xFFFFFFFF times x^(8·count) modulo the polynomial.
    static func crc32OfZeros(_ count: Int) -> UInt32 {
        multiplyModulo(powerOfX(eightTimes: count), 0xFFFF_FFFF) ^ 0xFFFF_FFFF
    }

    private static let polynomial: UInt32 = 0xEDB8_8320

    /// Multiplies two polynomials modulo the CRC-32 polynomial, in its bit-reversed representation.
    private static func multiplyModulo(_ lhs: UInt32, _ rhs: UInt32) -> UInt32 {
        var mask: UInt32 = 1 << 31
        var product: UInt32 = 0
        var multiplier = rhs
        while true {
            if lhs & mask != 0 {
                product ^= multiplier
                if lhs & (mask - 1) == 0 { break }
            }
            mask >>= 1
            multiplier = multiplier & 1 != 0 ? (multiplier >> 1) ^ polynomial : multiplier >> 1
            if mask == 0 { break }
        }
        return product
    }

    /// x^(8·count) modulo the polynomial, by squaring.
    private static func powerOfX(eightTimes count: Int) -> UInt32 {
        var squares: [UInt32] = [1 << 30]  // x^(2^0)
        for _ in 1..<64 { squares.append(multiplyModulo(squares[squares.count - 1], squares[squares.count - 1])) }
        var result: UInt32 = 1 << 31  // x^0
        var exponent = UInt64(count) * 8
        var index = 0
        while exponent != 0 {
            if exponent & 1 != 0 { result = multiplyModulo(squares[index], result) }
            exponent >>= 1
            index += 1
        }
        return result
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}

/// DEFLATE's bit order: values least significant bit first, Huffman codes most significant bit first.
private struct BitWriter {
    var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var pendingCount = 0

    mutating func write(_ value: UInt32, count: Int) {
        pending |= value << pendingCount
        pendingCount += count
        while pendingCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
    }

    mutating func huffman(_ code: (code: UInt32, length: Int)) {
        var reversed: UInt32 = 0
        for bit in 0..<code.length { reversed = (reversed << 1) | ((code.code >> bit) & 1) }
        write(reversed, count: code.length)
    }

    mutating func alignToByte() {
        if pendingCount > 0 { write(0, count: 8 - pendingCount) }
    }
}
