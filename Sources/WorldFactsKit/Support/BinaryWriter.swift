/// Writes values as bytes for `BinaryReader` to read back: integers as eight little-endian bytes, a
/// string or byte array as its length then its bytes, an array of integers as its count then its words.
/// The form of a build's snapshot (`BuildSnapshot`): fixed-width words, so that reading it back is a
/// copy, not a parse. Each module writes its own types (`Site.write(to:)`), so nothing private leaks.
///
/// A writer made with `init(draining:every:)` hands its bytes on in pieces of about `every` bytes (at the
/// end of an array's element, or of a run of words), so that a large file is never whole in memory: then
/// `bytes` holds only what was not handed on yet, and `flush()` hands that on too.
///
/// SAFETY: it copies the bytes of integers (`withUnsafeBytes(of:)`), of arrays of integers and of raw
/// buffers valid for the call (`append(_:_:)` checks its range against the `FileBytes`); it keeps no
/// pointer.
public struct BinaryWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private let drain: (@Sendable ([UInt8]) -> Void)?
    private let piece: Int

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
        (drain, piece) = (nil, .max)
    }

    /// A writer that hands its bytes to `drain` whenever it holds `every` or more.
    public init(draining drain: @escaping @Sendable ([UInt8]) -> Void, every piece: Int = 1 << 20) {
        bytes.reserveCapacity(piece + piece / 4)
        (self.drain, self.piece) = (drain, piece)
    }

    /// Hands on what the writer holds, if it holds a piece's worth: at the end of an element of an array
    /// written a piece at a time.
    public mutating func drainIfFull() {
        if bytes.count >= piece { flush() }
    }

    /// Hands on every byte the writer holds (with `init(draining:every:)`; without, does nothing).
    public mutating func flush() {
        guard let drain, !bytes.isEmpty else { return }
        drain(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    public mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func uint64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func double(_ value: Double) { uint64(value.bitPattern) }

    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Bytes as they are, with no length before them.
    public mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    /// Bytes as they are, handed on whole after what the writer holds (with `init(draining:every:)`;
    /// without, appended): a large block made apart is not copied into the writer's piece first.
    public mutating func appendHandingOn(_ raw: [UInt8]) {
        guard let drain else { return append(raw) }
        flush()
        drain(raw)
    }

    /// Bytes as they are, a piece at a time: a long run (the unchanged records of a snapshot, copied from
    /// the last one) is handed on as it goes, never held whole.
    public mutating func append(_ file: FileBytes, _ range: Range<Int>) {
        file.withUnsafeBytes { raw in
            // SAFETY: the file's bytes outlive the call; the range is checked.
            precondition(range.lowerBound >= 0 && range.upperBound <= raw.count, "a range past the file's bytes")
            append(UnsafeRawBufferPointer(rebasing: raw[range]))
        }
    }

    /// `append(_:_:)` of bytes read where they are, valid for the call.
    mutating func append(_ raw: UnsafeRawBufferPointer) {
        var start = 0
        while start < raw.count {
            let end = min(raw.count, start + max(piece - bytes.count, 1 << 16))
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
            drainIfFull()
            start = end
        }
    }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    public mutating func optionalInt(_ value: Int?) {
        bool(value != nil)
        if let value { int(value) }
    }

    public mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }

    public mutating func data(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
        drainIfFull()
    }

    public mutating func ints(_ values: [Int]) { words(values) }

    public mutating func uint64s(_ values: [UInt64]) { words(values) }

    /// Integers in four bytes each when every one of them fits (a byte says which): most arrays a
    /// snapshot holds are positions, offsets and lengths, whose eight bytes were half zeros.
    public mutating func narrowInts(_ values: [Int]) {
        guard values.allSatisfy({ $0 >= 0 && $0 <= UInt32.max }) else {
            byte(8)
            return words(values)
        }
        byte(4)
        words(values.map { UInt32(truncatingIfNeeded: $0) })
    }

    /// Words by record of a part of the records (a search scope's entry hashes, zero for each record not
    /// in it): the count of zeros they start with, then the words from there to the last that is not
    /// zero. The reader is told how many there are (`BinaryReader.trimmedUInt64s(count:)`).
    public mutating func trimmedUInt64s(_ values: [UInt64]) {
        let (start, end) = Self.trimmed(values)
        int(start)
        words(Array(values[start..<end]))
    }

    /// `trimmedUInt64s` for integers, the words kept as `narrowInts` writes them.
    public mutating func trimmedInts(_ values: [Int]) {
        let (start, end) = Self.trimmed(values)
        int(start)
        narrowInts(Array(values[start..<end]))
    }

    /// `trimmedUInt64s`, beside `other` (the default language's words, in the same snapshot): the runs of
    /// words that are `other`'s are written only as their bounds, and the rest trimmed
    /// (`BinaryReader.trimmedUInt64s(count:besides:)`).
    public mutating func trimmedUInt64s(_ values: [UInt64], besides other: [UInt64]?) {
        let runs = SameRuns.of(values, other, shortest: Self.shortestRun)
        narrowInts(SameRuns.bounds(runs))
        trimmedUInt64s(SameRuns.without(values, runs))
    }

    /// `trimmedInts`, beside `other`, as `trimmedUInt64s(_:besides:)` writes words.
    public mutating func trimmedInts(_ values: [Int], besides other: [Int]?) {
        let runs = SameRuns.of(values, other, shortest: Self.shortestRun)
        narrowInts(SameRuns.bounds(runs))
        trimmedInts(SameRuns.without(values, runs))
    }

    /// The fewest words of a run written as its bounds: its two bounds take a word.
    static let shortestRun = 4

    /// Where the values that are not zero start and end (0..<0 when all are).
    static func trimmed<Word: FixedWidthInteger>(_ values: [Word]) -> (start: Int, end: Int) {
        guard let first = values.firstIndex(where: { $0 != 0 }) else { return (0, 0) }
        return (first, values.lastIndex { $0 != 0 }! + 1)
    }

    /// Whole words at once, after their count: the integers' bytes as they lie in memory, on a
    /// little-endian machine (an `Int` is eight bytes on every platform this builds for).
    private mutating func words<Word: FixedWidthInteger>(_ values: [Word]) {
        int(values.count)
        #if _endian(little)
            values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
            for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        #endif
        drainIfFull()
    }

    /// Inlinable, so that it is made for each type it writes (as `BinaryReader.array`).
    @inlinable
    public mutating func array<Element>(_ values: [Element], _ write: (inout BinaryWriter, Element) -> Void) {
        int(values.count)
        for value in values {
            write(&self, value)
            drainIfFull()
        }
    }

    public mutating func diagnostic(_ value: Diagnostic) {
        bool(value.severity == .error)
        string(value.location.file)
        optionalInt(value.location.line)
        optionalInt(value.location.column)
        optionalString(value.record)
        optionalString(value.field)
        string(value.message)
    }
}
