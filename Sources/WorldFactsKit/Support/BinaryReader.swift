/// Reads what `BinaryWriter` wrote, in the same order. Every read checks that the bytes are there and
/// that a count is plausible, and throws `Malformed` otherwise, so a damaged or cut file is refused,
/// never trusted.
///
/// SAFETY: it reads through a pointer into bytes someone else holds: make it only where those bytes are
/// held alive and unchanged for as long as it is used (`FileBytes.withReader`), and read no byte outside
/// them (every read goes through `take`, which checks the count against what is left). It only reads,
/// so copies of it (`at(_:)`) may read on several threads at once during that time.
public struct BinaryReader: @unchecked Sendable {
    public struct Malformed: Error, Sendable, CustomStringConvertible {
        public var offset: Int
        public init(offset: Int) { self.offset = offset }
        public var description: String { "malformed at byte \(offset)" }
    }

    public let bytes: UnsafeRawBufferPointer
    public private(set) var index: Int

    public init(_ bytes: UnsafeRawBufferPointer, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    public var isAtEnd: Bool { index == bytes.count }

    /// A reader of the same bytes, from `index` on.
    public func at(_ index: Int) -> BinaryReader { BinaryReader(bytes, at: index) }

    @inline(__always)
    private mutating func take(_ count: Int) throws(Malformed) -> Int {
        guard count >= 0, count <= bytes.count - index else { throw Malformed(offset: index) }
        defer { index += count }
        return index
    }

    public mutating func uint64() throws(Malformed) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8), as: UInt64.self))
    }

    public mutating func int() throws(Malformed) -> Int { Int(Int64(bitPattern: try uint64())) }

    /// A count of things each at least `size` bytes long: refused when the bytes left cannot hold them.
    public mutating func count(each size: Int = 1) throws(Malformed) -> Int {
        let count = try int()
        // Most counts are of bytes (a string's): no division for them, read by the million in a snapshot.
        let room = bytes.count - index
        guard count >= 0, size <= 1 ? count <= room : count <= room / size else { throw Malformed(offset: index) }
        return count
    }

    public mutating func double() throws(Malformed) -> Double { Double(bitPattern: try uint64()) }

    public mutating func byte() throws(Malformed) -> UInt8 { bytes[try take(1)] }

    public mutating func bool() throws(Malformed) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Malformed(offset: index - 1)
        }
    }

    public mutating func string() throws(Malformed) -> String {
        let count = try count()
        let start = try take(count)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]), as: UTF8.self)
    }

    /// Passes over a string, as `string()` would read it, without making it.
    public mutating func skipString() throws(Malformed) { _ = try take(try count()) }

    /// Passes over `count` bytes.
    public mutating func skip(_ count: Int) throws(Malformed) { _ = try take(count) }

    public mutating func optionalString() throws(Malformed) -> String? {
        try bool() ? try string() : nil
    }

    public mutating func optionalInt() throws(Malformed) -> Int? {
        try bool() ? try int() : nil
    }

    public mutating func strings() throws(Malformed) -> [String] {
        let count = try count(each: 8)
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    public mutating func data() throws(Malformed) -> [UInt8] {
        let count = try count()
        let start = try take(count)
        return Array(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]))
    }

    public mutating func ints() throws(Malformed) -> [Int] { try words(Int.self) }

    public mutating func uint64s() throws(Malformed) -> [UInt64] { try words(UInt64.self) }

    /// What `BinaryWriter.narrowInts` wrote.
    public mutating func narrowInts() throws(Malformed) -> [Int] {
        switch try byte() {
        case 4: return try words(UInt32.self) { Int($0) }
        case 8: return try words(Int.self)
        default: throw Malformed(offset: index - 1)
        }
    }

    /// What `BinaryWriter.trimmedUInt64s` wrote of `count` words: malformed unless they fit in `count`.
    public mutating func trimmedUInt64s(count: Int) throws(Malformed) -> [UInt64] {
        try untrimmed(count: count) { (reader) throws(Malformed) in try reader.words(UInt64.self) }
    }

    /// What `BinaryWriter.trimmedInts` wrote of `count` integers: malformed unless they fit in `count`.
    public mutating func trimmedInts(count: Int) throws(Malformed) -> [Int] {
        try untrimmed(count: count) { (reader) throws(Malformed) in try reader.narrowInts() }
    }

    /// What `BinaryWriter.trimmedUInt64s(_:besides:)` wrote of `count` words beside `other`: malformed
    /// unless the runs fit `count`, and `other` has `count` words when there are any.
    public mutating func trimmedUInt64s(count: Int, besides other: [UInt64]?) throws(Malformed) -> [UInt64] {
        try beside(other, count: count) { (reader, count) throws(Malformed) in try reader.trimmedUInt64s(count: count) }
    }

    /// What `BinaryWriter.trimmedInts(_:besides:)` wrote of `count` integers beside `other`.
    public mutating func trimmedInts(count: Int, besides other: [Int]?) throws(Malformed) -> [Int] {
        try beside(other, count: count) { (reader, count) throws(Malformed) in try reader.trimmedInts(count: count) }
    }

    /// `count` values: the runs that are `other`'s, and between them the ones `read` reads.
    private mutating func beside<Value>(
        _ other: [Value]?, count: Int, _ read: (inout BinaryReader, Int) throws(Malformed) -> [Value]
    ) throws(Malformed) -> [Value] {
        let start = index
        guard let runs = SameRuns.runs(bounds: try narrowInts(), count: count) else { throw Malformed(offset: start) }
        guard !runs.isEmpty else { return try read(&self, count) }
        guard let other, other.count == count else { throw Malformed(offset: start) }
        let own = try read(&self, count - SameRuns.covered(runs))
        guard let values = SameRuns.spliced(own, other, runs: runs) else { throw Malformed(offset: index) }
        return values
    }

    /// `count` words: the zeros before the ones `read` reads, those, and zeros after them.
    private mutating func untrimmed<Word: FixedWidthInteger>(
        count: Int, _ read: (inout BinaryReader) throws(Malformed) -> [Word]
    ) throws(Malformed) -> [Word] {
        let start = try int()
        guard start >= 0, start <= count else { throw Malformed(offset: index - 8) }
        let middle = try read(&self)
        guard middle.count <= count - start else { throw Malformed(offset: index) }
        var words = [Word](repeating: 0, count: count)
        words.replaceSubrange(start..<(start + middle.count), with: middle)
        return words
    }

    /// Words of `type` after their count, as `BinaryWriter` wrote them.
    private mutating func words<Word: FixedWidthInteger>(_ type: Word.Type) throws(Malformed) -> [Word] {
        try words(type) { $0 }
    }

    /// Words of `type` after their count, each made an `Element` by `widen` as it is read (narrow
    /// integers into `Int`s, in the one pass).
    @inline(__always)
    private mutating func words<Word: FixedWidthInteger, Element>(
        _ type: Word.Type, _ widen: (Word) -> Element
    ) throws(Malformed) -> [Element] {
        let size = MemoryLayout<Word>.size
        let count = try count(each: size)
        let start = try take(count * size)
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            for item in 0..<count {
                buffer[item] = widen(
                    Word(littleEndian: bytes.loadUnaligned(fromByteOffset: start + item * size, as: Word.self)))
            }
            initialized = count
        }
    }

    /// Inlinable, so that it is made for each type it reads where that type's reader calls it: generic
    /// across modules, it appended every record of a snapshot through the type's metadata.
    @inlinable
    public mutating func array<Element>(
        _ read: (inout BinaryReader) throws(Malformed) -> Element
    ) throws(Malformed) -> [Element] {
        let count = try count()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    public mutating func diagnostic() throws(Malformed) -> Diagnostic {
        let severity: Diagnostic.Severity = try bool() ? .error : .warning
        let location = SourceLocation(file: try string(), line: try optionalInt(), column: try optionalInt())
        return Diagnostic(
            severity, location, record: try optionalString(), field: try optionalString(), try string())
    }
}
