/// Texts joined into one string made at its final size: one allocation, or none for a result of up to
/// 15 bytes. `a + b` and `"\(a)\(b)"` grow their result as they go, two or three allocations each; a
/// page of a large site joins a dozen paths and titles, so that was a third of a build's allocations.
/// Up to six parts, without an array of them (a variadic list is an allocation too).
///
/// SAFETY: the capacity is the sum of the parts' UTF-8 counts, and `appendUTF8` writes each part's bytes
/// right after the last, so no byte is written past it and every byte counted is written.
@inlinable
public func concat(
    _ a: String, _ b: String, _ c: String = "", _ d: String = "", _ e: String = "", _ f: String = ""
) -> String {
    let count = a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count + e.utf8.count + f.utf8.count
    return String(unsafeUninitializedCapacity: count) { buffer in
        var at = appendUTF8(a, to: buffer, at: 0)
        at = appendUTF8(b, to: buffer, at: at)
        at = appendUTF8(c, to: buffer, at: at)
        at = appendUTF8(d, to: buffer, at: at)
        at = appendUTF8(e, to: buffer, at: at)
        return appendUTF8(f, to: buffer, at: at)
    }
}

/// Copies `text`'s UTF-8 into `buffer` from `at`; returns where it ends.
@usableFromInline
func appendUTF8(_ text: String, to buffer: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
    let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        (buffer.baseAddress! + at).initialize(from: base, count: bytes.count)
        return bytes.count
    }
    if let copied { return at + copied }
    var end = at
    for byte in text.utf8 {
        buffer[end] = byte
        end += 1
    }
    return end
}

/// The bytes of a string being made at its final size (`makeString`): written in order with `append`, or
/// at a place ahead with the subscript, then passed over with `skip`.
public struct StringBytes {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline var written = 0
    /// How many bytes the string has so far.
    @inlinable public var count: Int { written }

    @inlinable init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        precondition(written < buffer.count, "a string made past its capacity")
        buffer[written] = byte
        written += 1
    }

    @inlinable
    public mutating func append(_ text: String) {
        for byte in text.utf8 { append(byte) }
    }

    @inlinable
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { for byte in $0 { append(byte) } }
    }

    /// The byte at `position` of the capacity, which may be ahead of `count` (written before `skip`).
    @inlinable
    public subscript(position: Int) -> UInt8 {
        get {
            precondition(position >= 0 && position < count, "a byte not written yet")
            return buffer[position]
        }
        set {
            precondition(position >= 0 && position < buffer.count, "a string made past its capacity")
            buffer[position] = newValue
        }
    }

    /// Takes `length` bytes written ahead with the subscript into the string.
    @inlinable
    public mutating func skip(_ length: Int) {
        precondition(length >= 0 && written + length <= buffer.count, "a string made past its capacity")
        written += length
    }
}

/// A string of at most `capacity` UTF-8 bytes, written by `write` into the string's own storage: one
/// allocation, or none for up to 15 bytes. Bytes that are not UTF-8 are repaired, as `String(decoding:)`
/// repairs them.
@inlinable
public func makeString(capacity: Int, _ write: (inout StringBytes) -> Void) -> String {
    // SAFETY: `StringBytes` writes only within the capacity and counts the bytes it wrote; the string takes
    // those bytes only, and the buffer is not used after the call.
    String(unsafeUninitializedCapacity: capacity) { buffer in
        var bytes = StringBytes(buffer)
        write(&bytes)
        return bytes.count
    }
}
