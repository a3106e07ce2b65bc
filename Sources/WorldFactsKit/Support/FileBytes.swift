import Foundation

/// A file's bytes, read only: mapped from the file (`mmap(2)`, `FileSystem.readMapped` on disk), or held
/// in an array (a file system of a test, which has no file to map; an empty file, which cannot be mapped).
///
/// Mapping a large file is cheaper than reading it into an array: there the kernel first zeroes fresh
/// pages, then copies the file into them; a mapped file's pages are the page cache's own, read as they
/// are touched. A build's snapshot, hundreds of megabytes at a million records, is read this way.
///
/// A mapped file must not be cut short while it is mapped: reading past its new end would kill the
/// process (SIGBUS). So only files that are replaced whole (`rename(2)` over them, which leaves the
/// mapped file as it was) are mapped: the build's own snapshot, never a source a person edits.
///
/// SAFETY: the mapping is read only and lives as long as this object (`munmap` in `deinit`); readers of
/// it (`withUnsafeBytes`, `withReader`, `hash`, `BinaryWriter.append`) get a pointer valid for their
/// call only, and check their ranges against `count`. It is shared between threads only to be read.
public final class FileBytes: @unchecked Sendable {
    private enum Storage {
        case array([UInt8])
        case mapped(UnsafeRawBufferPointer)
    }

    private let storage: Storage

    public init(_ bytes: [UInt8]) { storage = .array(bytes) }

    /// The regular file at `path`, mapped; nil when it cannot be opened or mapped. An empty file is an
    /// empty array (a mapping cannot be empty).
    init?(mapping path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size > 0 else {
            storage = .array([])
            return
        }
        // Every page is mapped at once (`MAP_POPULATE`): the snapshot is hashed whole as soon as it is
        // read, and a fault per page cost more than the one call.
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0),
            address != MAP_FAILED
        else { return nil }
        storage = .mapped(UnsafeRawBufferPointer(start: address, count: size))
    }

    deinit {
        if case .mapped(let buffer) = storage {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        }
    }

    public var count: Int {
        switch storage {
        case .array(let bytes): bytes.count
        case .mapped(let buffer): buffer.count
        }
    }

    /// A reader of the bytes `range` (all of them by default) holds, from `at` on (`BinaryReader`), valid
    /// only until `body` returns.
    public func withReader<Value>(
        upTo end: Int? = nil, at index: Int = 0, _ body: (inout BinaryReader) -> Value
    ) -> Value {
        withUnsafeBytes { raw in
            // SAFETY: the reader points into bytes this object keeps mapped (or held) until it is freed,
            // and `body` does not outlive the call; `end` is checked against the bytes.
            let end = end ?? raw.count
            precondition(end >= 0 && end <= raw.count, "a reader past the file's bytes")
            var reader = BinaryReader(UnsafeRawBufferPointer(rebasing: raw[..<end]), at: index)
            return body(&reader)
        }
    }

    /// Whether the bytes start with `prefix`.
    public func hasPrefix(_ prefix: [UInt8]) -> Bool {
        withUnsafeBytes { $0.starts(with: prefix) }
    }

    /// The hash of `range` of the bytes (`BulkHash`).
    public func hash(_ range: Range<Int>) -> UInt64 {
        withUnsafeBytes { raw in
            // SAFETY: as `withReader`: the bytes outlive the call, and the range is checked.
            precondition(range.lowerBound >= 0 && range.upperBound <= raw.count, "a range past the file's bytes")
            return BulkHash.Stream.of(UnsafeRawBufferPointer(rebasing: raw[range]))
        }
    }

    /// Calls `body` with the bytes, valid only until it returns.
    public func withUnsafeBytes<Value>(_ body: (UnsafeRawBufferPointer) -> Value) -> Value {
        switch storage {
        case .array(let bytes): bytes.withUnsafeBytes(body)
        case .mapped(let buffer): body(buffer)
        }
    }
}
