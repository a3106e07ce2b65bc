/// Texts joined into one string made at its final size: one allocation, or none for a result of up to
/// 15 bytes. `a + b` and `"\(a)\(b)"` grow their result as they go, two or three allocations each; a
/// page of a large site joins a dozen paths and titles, so that was a third of a build's allocations.
/// Up to six parts, without an array of them (a variadic list is an allocation too).
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
