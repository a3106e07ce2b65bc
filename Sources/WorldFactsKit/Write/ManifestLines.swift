import WorldFactsModel
import WorldFactsSupport

/// The fast reader for the exact layout `Manifest.encoded()` writes: one `"key": "value"` per line.
/// Returns nil at the first line it does not expect, and the JSON parser takes over.
enum ManifestLines {
    enum Place { case start, header, files, end, closed }

    /// The header and every file path, without building dictionaries: what an up-to-date check needs.
    struct Summary {
        var sources: String?
        var records: Int?
        /// The warnings line's JSON as written, decoded only by whoever needs the warnings: an up-to-date
        /// check reads the header twice, and a site can have many warnings.
        var warningsJSON: [UInt8]?
        var paths: [String] = []

        /// The warnings, none when there is no line; nil when the line is not what `encoded()` writes.
        var warnings: [Diagnostic]? { warningsJSON.map(ManifestWarnings.decoded) ?? [] }
    }

    static func decode(_ bytes: [UInt8]) -> Manifest? {
        var order: [String] = []
        return decode(bytes, order: &order)
    }

    /// The manifest, and its paths in the order of its lines into `order`; nil when a path is not safe
    /// (`OutputPath.isSafe`), checked on its bytes as they are read.
    static func decode(_ bytes: [UInt8], order: inout [String]) -> Manifest? {
        var text: ManifestText?
        return decode(bytes, order: &order, text: &text)
    }

    /// `decode`, and the manifest's text with where each line's entry is in it (`ManifestText`). The
    /// entries stay in the text, found through a `ManifestIndex`; nil when a path is on two lines (the
    /// JSON parser reads such a manifest).
    static func decode(_ bytes: [UInt8], order: inout [String], text: inout ManifestText?) -> Manifest? {
        // About 60 bytes per file line: room for all, grown once.
        var paths: [String] = []
        paths.reserveCapacity(bytes.count / 60)
        var starts: [Int] = [], ends: [Int] = [], keyEnds: [Int] = []
        starts.reserveCapacity(bytes.count / 60)
        ends.reserveCapacity(bytes.count / 60)
        keyEnds.reserveCapacity(bytes.count / 60)
        var safe = true
        let header = scan(bytes) { path, key, entry in
            safe = safe && OutputPath.isSafe(path)
            paths.append(path)
            starts.append(entry.lowerBound)
            ends.append(entry.upperBound)
            keyEnds.append(key.upperBound)
        }
        guard safe, let header, let warnings = header.warnings else { return nil }
        let read = ManifestText(bytes: bytes, starts: starts, ends: ends)
        guard let index = ManifestIndex(text: read, keyEnds: keyEnds) else { return nil }
        var manifest = Manifest(sources: header.sources, records: header.records, warnings: warnings)
        manifest.entries = ManifestEntries(index: index)
        text = read
        order = paths
        return manifest
    }

    static func summary(_ bytes: [UInt8]) -> Summary? {
        var paths: [String] = []
        guard var summary = scan(bytes, file: { path, _, _ in paths.append(path) }) else { return nil }
        summary.paths = paths
        return summary
    }

    /// The header alone: the lines before the files.
    static func header(_ bytes: [UInt8]) -> Summary? {
        guard let files = bytes.firstRange(of: Array("\n  \"files\": ".utf8)) else { return nil }
        var head = Array(bytes[..<files.lowerBound])
        head.append(contentsOf: "\n  \"files\": {}\n}\n".utf8)
        return scan(head) { _, _, _ in }
    }

    /// Reads the layout line by line, handing each file's path to `file`, with where the path (between its
    /// quotes) and its entry (`"path": "value"`, quotes included) are in `bytes`; the header, or nil at the
    /// first line it does not expect.
    static func scan(
        _ bytes: [UInt8], file: (_ path: String, _ key: Range<Int>, _ entry: Range<Int>) -> Void
    ) -> Summary? {
        bytes.withCursor { lines -> Summary? in
            var summary = Summary()
            var place = Place.start
            var sawGenerator = false
            while let range = lines.nextLine() {
                var line = lines.cursor(over: range)
                /// A range of `line` as a range of `bytes`.
                func inBytes(_ part: Range<Int>) -> Range<Int> {
                    (part.lowerBound + range.lowerBound)..<(part.upperBound + range.lowerBound)
                }
                switch place {
                case .start:
                    guard line.isExactly("{") else { return nil }
                    place = .header
                case .header:
                    if line.isExactly("  \"files\": {") {
                        place = .files
                        continue
                    }
                    if line.isExactly("  \"files\": {}") {
                        place = .end
                        continue
                    }
                    if line.take("  \"warnings\": ") {
                        // Warnings quote records and fields, so they have escapes: the JSON parser reads them,
                        // when they are asked for (`Summary.warnings`).
                        guard line.count > line.index, bytes[range.upperBound - 1] == UInt8(ascii: ",") else {
                            return nil
                        }
                        summary.warningsJSON = line.array(line.index..<(line.count - 1))
                        continue
                    }
                    guard let (key, value) = headerEntry(&line) else { return nil }
                    let (keyText, valueText) = (line.decoded(key), line.decoded(value))
                    switch keyText {
                    case "generator": sawGenerator = valueText == "\"worldfacts\","
                    case "version": guard valueText == "\(Manifest.version)," else { return nil }
                    case "sources": summary.sources = unquoted(valueText)
                    case "records": summary.records = Int(valueText.dropLast())
                    default: return nil
                    }
                case .files:
                    if line.isExactly("  }") {
                        place = .end
                        continue
                    }
                    guard let (key, value) = fileEntry(&line) else { return nil }
                    let (keyRange, valueRange) = (inBytes(key), inBytes(value))
                    file(line.decoded(key), keyRange, (keyRange.lowerBound - 1)..<(valueRange.upperBound + 1))
                case .end:
                    guard line.isExactly("}") else { return nil }
                    place = .closed
                case .closed:
                    return nil
                }
            }
            return sawGenerator && place == .closed ? summary : nil
        }
    }

    /// `  "key": value`: where the key is, and the value as written (with its comma), when neither has an
    /// escape.
    static func headerEntry(_ line: inout ByteCursor) -> (key: Range<Int>, value: Range<Int>)? {
        guard line.take("  "), let key = line.plainString(), line.take(": ") else { return nil }
        let value = line.index..<line.count
        guard !line.contains(UInt8(ascii: "\\"), in: value) else { return nil }
        return (key, value)
    }

    /// `    "path": "value",` (the comma optional): where the path and the unquoted value are, when neither
    /// has an escape. Anything else goes back to the JSON parser.
    static func fileEntry(_ line: inout ByteCursor) -> (key: Range<Int>, value: Range<Int>)? {
        guard line.take("    "), let key = line.plainString(), line.take(": "), let value = line.plainString() else {
            return nil
        }
        _ = line.take(UInt8(ascii: ","))
        return line.isAtEnd ? (key, value) : nil
    }

    static func unquoted(_ value: String) -> String? {
        guard value.count >= 3, value.hasPrefix("\""), value.hasSuffix("\",") else { return nil }
        return String(value.dropFirst().dropLast(2))
    }
}
