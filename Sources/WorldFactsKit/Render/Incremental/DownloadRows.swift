import Synchronization
import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// What each collection's downloads were made of in the last build (`DataDownloads.rows()`): by
/// collection number, by download, its records' bytes a part of `DataDownloads.recordsAtOnce` records at
/// a time. After value edits (`EditReach`), which keep every record where it was, a part that holds no
/// edited record is byte for byte the last build's, so only the parts that do are made again: an edit of
/// one record of a large collection makes one part of each download, not the whole file. Kept in memory
/// by `watch` only (`SiteRenderer.keepsDownloadRows`): it is as large as the downloads.
public struct DownloadRows: Sendable {
    public internal(set) var byCollection: [Int: [[[UInt8]]]] = [:]
    /// The files made of them (`JoinedDownloads`).
    let joined = JoinedDownloads()

    public init() {}
}

/// By collection, the bytes of the download files made of a `DownloadRows`' rows, in `downloads:` order,
/// for the next edit to put its parts into in place (`DataDownloads.files(rows:patching:)`): joined anew,
/// a large collection's downloads were tens of megabytes of new memory, its pages touched for the first
/// time, on every edit. Taken once: the build that takes them is the only one to change them, and one
/// that finds none (the last build failed after taking them) joins its files anew.
final class JoinedDownloads: Sendable {
    private let files = Mutex<[Int: [[UInt8]]]>([:])

    func keep(_ bytes: [[UInt8]], of collection: Int) {
        files.withLock { $0[collection] = bytes }
    }

    func take(_ collection: Int) -> [[UInt8]]? {
        files.withLock { $0.removeValue(forKey: collection) }
    }
}

extension DataDownloads {
    /// The parts of `rows()` that hold a record at `positions`, in order.
    static func parts(at positions: [Int]) -> [Int] {
        Array(Set(positions.map { $0 / recordsAtOnce })).sorted()
    }

    /// `files(rows:)`, made from the last build's files (`last`, joined from `lastRows`) with the parts
    /// numbered `parts` put in again, every other byte as it was: in place, when a file's storage is
    /// its own (its last build's writes are done), and it has room. Joined anew when `last` is not the
    /// join of `lastRows`.
    /// `last` is taken: a file's storage is changed in place only when nothing else holds it.
    func files(
        rows: [[[UInt8]]], patching last: consuming [[UInt8]], lastRows: [[[UInt8]]], parts: [Int]
    ) -> [OutputFile] {
        let formats = collection.spec.downloads
        guard last.count == formats.count, lastRows.count == formats.count, rows.count == formats.count else {
            return files(rows: rows)
        }
        var files: [OutputFile] = []
        for number in formats.indices {
            let (head, tail) = ends(of: formats[number])
            var bytes: [UInt8] = []
            swap(&bytes, &last[number])
            var starts: [Int] = []
            starts.reserveCapacity(lastRows[number].count)
            var end = head.count
            for part in lastRows[number] {
                starts.append(end)
                end += part.count
            }
            guard bytes.count == end + tail.count, rows[number].count == lastRows[number].count,
                parts.allSatisfy(starts.indices.contains)
            else {
                files.append(file(formats[number], rows: rows[number]))
                continue
            }
            let grown = parts.reduce(bytes.count) { $0 + rows[number][$1].count - lastRows[number][$1].count }
            if grown > bytes.capacity { bytes.reserveCapacity(grown + grown / 64) }
            // From the last part back: the parts before keep their places.
            for part in parts.reversed() {
                bytes.replaceSubrange(
                    starts[part]..<(starts[part] + lastRows[number][part].count), with: rows[number][part])
            }
            files.append(OutputFile(path: formats[number].path(of: collection.spec.id), bytes: bytes))
        }
        return files
    }

    /// `rows()`, with only the parts that hold a record at `positions` made again, the rest as `prior`
    /// has them.
    func rows(updating prior: [[[UInt8]]], at positions: [Int]) -> [[[UInt8]]] {
        let parts = Self.parts(at: positions)
        let count = collection.records.count
        return zip(collection.spec.downloads, prior).map { format, prior in
            var rows = prior
            let made = Parallel.map(parts.count) { number in
                let start = parts[number] * Self.recordsAtOnce
                return self.rows(format, start..<min(count, start + Self.recordsAtOnce))
            }
            for (part, bytes) in zip(parts, made) { rows[part] = bytes }
            return rows
        }
    }
}

extension SiteRenderer {
    /// A collection's downloads, the rows they are made of and the files' bytes. After value edits
    /// (`prior.reach`), made from the last build's rows (`prior.downloads`) where they are known, only
    /// the parts holding an edited record made again and put into the last build's files; and not made
    /// at all when no record of the collection was edited: the writer keeps the last build's files, and
    /// the last build's rows and bytes stand.
    func downloads(of collection: RecordCollection) -> Downloads {
        let downloads = DataDownloads(collection: collection)
        guard let edited = prior.reach?.rows[collection.number] else {
            let rows = downloads.rows()
            return Downloads(files: downloads.files(rows: rows), rows: rows)
        }
        let last = prior.downloads?.byCollection[collection.number]
        if edited.isEmpty {
            return Downloads(files: [], rows: last, joined: prior.downloads?.joined.take(collection.number))
        }
        let parts = (collection.records.count + DataDownloads.recordsAtOnce - 1) / DataDownloads.recordsAtOnce
        guard let last, last.count == collection.spec.downloads.count, last.allSatisfy({ $0.count == parts }) else {
            let rows = downloads.rows()
            return Downloads(files: downloads.files(rows: rows), rows: rows)
        }
        let rows = downloads.rows(updating: last, at: edited)
        guard let joined = prior.downloads?.joined.take(collection.number) else {
            return Downloads(files: downloads.files(rows: rows), rows: rows)
        }
        let edits = DataDownloads.parts(at: edited)
        return Downloads(
            files: downloads.files(rows: rows, patching: consume joined, lastRows: last, parts: edits), rows: rows)
    }

    /// What `downloads(of:)` made: the files to write, and what the next build's edit starts from.
    struct Downloads {
        let files: [OutputFile]
        let rows: [[[UInt8]]]?
        /// The files' bytes, or the last build's where none were made.
        let joined: [[UInt8]]?

        init(files: [OutputFile], rows: [[[UInt8]]]?, joined: [[UInt8]]? = nil) {
            (self.files, self.rows) = (files, rows)
            self.joined = files.isEmpty ? joined : files.map(\.bytes)
        }
    }
}

extension DownloadRows {
    /// Keeps a collection's rows, and the bytes of the files made of them.
    mutating func keep(_ made: SiteRenderer.Downloads, of collection: Int) {
        byCollection[collection] = made.rows
        if let bytes = made.joined, made.rows != nil { joined.keep(bytes, of: collection) }
    }
}
