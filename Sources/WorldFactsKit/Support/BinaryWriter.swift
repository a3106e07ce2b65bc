/// Writes values as bytes for `BinaryReader` to read back: integers as eight little-endian bytes, a
/// string or byte array as its length then its bytes, an array of integers as its count then its words.
/// The form of a build's snapshot (`BuildSnapshot`): fixed-width words, so that reading it back is a
/// copy, not a parse. Each module writes its own types (`Site.write(to:)`), so nothing private leaks.
public struct BinaryWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
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

    /// Writes `value` over the eight bytes at `offset`, written before (a length or hash known last).
    public mutating func overwrite(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { word in
            bytes.withUnsafeMutableBytes {
                $0.baseAddress!.advanced(by: offset).copyMemory(from: word.baseAddress!, byteCount: 8)
            }
        }
    }

    /// Bytes as they are, with no length before them.
    public mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

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
    }

    public mutating func ints(_ values: [Int]) { words(values) }

    public mutating func uint64s(_ values: [UInt64]) { words(values) }

    /// Whole words at once, after their count: the integers' bytes as they lie in memory, on a
    /// little-endian machine (an `Int` is eight bytes on every platform this builds for).
    private mutating func words<Word: FixedWidthInteger>(_ values: [Word]) {
        int(values.count)
        #if _endian(little)
            values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
            for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        #endif
    }

    public mutating func array<Element>(_ values: [Element], _ write: (inout BinaryWriter, Element) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
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
