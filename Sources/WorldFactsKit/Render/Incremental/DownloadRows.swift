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

    public init() {}
}

extension DataDownloads {
    /// `rows()`, with only the parts that hold a record at `positions` made again, the rest as `prior`
    /// has them.
    func rows(updating prior: [[[UInt8]]], at positions: [Int]) -> [[[UInt8]]] {
        let parts = Array(Set(positions.map { $0 / Self.recordsAtOnce })).sorted()
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
    /// A collection's downloads, and the rows they are made of. After value edits (`prior.reach`), made
    /// from the last build's rows (`prior.downloads`) where they are known, only the parts holding an
    /// edited record made again; and not made at all when no record of the collection was edited: the
    /// writer keeps the last build's files, and the last build's rows stand.
    func downloads(of collection: RecordCollection) -> (files: [OutputFile], rows: [[[UInt8]]]?) {
        let downloads = DataDownloads(collection: collection)
        guard let edited = prior.reach?.rows[collection.number] else {
            let rows = downloads.rows()
            return (downloads.files(rows: rows), rows)
        }
        let last = prior.downloads?.byCollection[collection.number]
        if edited.isEmpty { return ([], last) }
        let parts = (collection.records.count + DataDownloads.recordsAtOnce - 1) / DataDownloads.recordsAtOnce
        let rows =
            if let last, last.count == collection.spec.downloads.count, last.allSatisfy({ $0.count == parts }) {
                downloads.rows(updating: last, at: edited)
            } else {
                downloads.rows()
            }
        return (downloads.files(rows: rows), rows)
    }
}
