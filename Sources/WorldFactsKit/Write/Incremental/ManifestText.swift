import WorldFactsModel
import WorldFactsSupport

/// A manifest as saved (`Manifest.encoded`), with where each file's entry (`"path": "value"`) lies in its
/// bytes, in the order of its lines. An editing build (`OutputWriter.init(folder:fileSystem:editing:whole:)`)
/// changes a few entries of a manifest of hundreds of thousands: it copies the unchanged runs of lines as
/// they are and encodes only the others (`patched`), rather than encoding every line again.
struct ManifestText: Sendable {
    let bytes: [UInt8]
    /// By line: where the entry starts (its opening quote) and ends (after its closing quote).
    let starts: [Int]
    let ends: [Int]

    /// What this text is known by: copies of it share it, and a text made anew, from any bytes, has its own.
    private let identity = Identity()
    private final class Identity: Sendable {}

    /// Whether `other` is this very text (a copy of it), with the same lines.
    func isSameText(_ other: ManifestText) -> Bool {
        identity === other.identity && starts.count == other.starts.count
    }

    /// Between two entries.
    static let separator = Array(",\n    ".utf8)

    /// The text of a manifest whose header is `header`'s and whose entries are, line by line, those of
    /// `last` at the same line, but for the lines in `replaced` (line → its new entry, encoded again;
    /// nil to drop the line) and the `added` paths after them.
    ///
    /// `prepared`: a copy of `last`'s bytes of its own. When no byte moves (the header is as long as the last
    /// one's, no line is dropped or added, and each entry encoded again is as long as the one it replaces:
    /// a page's new hashes are as long in hex), the text is patched there in place, and the last text's
    /// line starts are kept; else it is made as below.
    static func patched(
        _ last: ManifestText, header: Manifest, replaced: [Int: String?], added: [String],
        prepared: PreparedCopy<[UInt8]>? = nil
    ) -> ManifestText {
        var bytes = Manifest.encodedHeader(header)
        if added.isEmpty, var own = prepared?.take(),
            patch(&own, of: last, header: bytes, entries: header.entries, replaced: replaced)
        {
            return ManifestText(bytes: own, starts: last.starts, ends: last.ends)
        }
        bytes.reserveCapacity(last.bytes.count + 4_096)
        var starts: [Int] = [], ends: [Int] = []
        starts.reserveCapacity(last.starts.count + added.count)
        ends.reserveCapacity(last.starts.count + added.count)
        func separate() { bytes += starts.isEmpty ? Array("\n    ".utf8) : separator }
        func encode(_ path: String) {
            separate()
            starts.append(bytes.count)
            Manifest.appendEntry(path, header.entries[path]!, to: &bytes)
            ends.append(bytes.count)
        }
        let marked = replaced.keys.sorted()
        var line = 0
        for next in marked + [last.starts.count] {
            // The unchanged run before `next`, copied whole with the separators inside it.
            if line < next {
                separate()
                let shift = bytes.count - last.starts[line]
                bytes += last.bytes[last.starts[line]..<last.ends[next - 1]]
                for copied in line..<next {
                    starts.append(last.starts[copied] + shift)
                    ends.append(last.ends[copied] + shift)
                }
            }
            if next < last.starts.count, let path = replaced[next]! { encode(path) }
            line = next + 1
        }
        for path in added { encode(path) }
        bytes += Manifest.footer(empty: starts.isEmpty)
        return ManifestText(bytes: bytes, starts: starts, ends: ends)
    }

    /// Writes `header` and the `replaced` lines over `text` (a copy of `last`'s bytes), when that moves no
    /// byte; false, leaving it as it was, otherwise.
    private static func patch(
        _ text: inout [UInt8], of last: ManifestText, header: [UInt8], entries: ManifestEntries,
        replaced: [Int: String?]
    ) -> Bool {
        // The header runs to the first entry's line, which starts after a newline and four spaces.
        guard let first = last.starts.first, first - 5 == header.count, text.count == last.bytes.count else {
            return false
        }
        var encoded: [(start: Int, bytes: [UInt8])] = [(0, header)]
        for (line, path) in replaced {
            guard let path, let entry = entries[path] else { return false }
            var bytes: [UInt8] = []
            Manifest.appendEntry(path, entry, to: &bytes)
            guard bytes.count == last.ends[line] - last.starts[line] else { return false }
            encoded.append((last.starts[line], bytes))
        }
        for (start, bytes) in encoded { text.replaceSubrange(start..<start + bytes.count, with: bytes) }
        return true
    }
}
