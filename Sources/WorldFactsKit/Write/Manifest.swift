/// The list of files a build wrote, with their content hashes, kept in the output folder. It is how a
/// build knows what is unchanged, and which files are its own to remove. It also keeps the digest of
/// the sources the build read (see `SourceDigest`), how many records they held and the warnings the
/// build printed, which a build that stops early prints again.
public struct Manifest: Sendable, Equatable {
    public static let fileName = ".worldfacts-manifest.json"

    /// What the manifest knows of one file: the hash of its bytes (nil when unknown, as for a file an
    /// interrupted build was writing) and the fingerprint of the inputs it was made from, if any (see
    /// `ContextFingerprint`). Both are kept as numbers and written as 16 hex digits.
    public struct Entry: Sendable, Equatable {
        public var hash: UInt64?
        public var inputs: UInt64?
    }

    /// An input fingerprint as the manifest keeps it: its value when it is hex (as `ContextFingerprint`s
    /// are), else a hash of its text.
    public static func inputsNumber(_ text: String) -> UInt64 {
        if let value = Hex.value(text.utf8) { return value }
        var hash = FNV1a()
        hash.add(contentsOf: text.utf8)
        return hash.state
    }

    /// One entry per file, by path.
    public var entries: [String: Entry]
    public var sources: String?
    public var records: Int?
    public var warnings: [Diagnostic]

    public init(entries: [String: Entry] = [:], sources: String? = nil, records: Int? = nil, warnings: [Diagnostic] = []) {
        self.entries = entries
        self.sources = sources
        self.records = records
        self.warnings = warnings
    }

    /// A manifest from hashes and fingerprints written as hex (anything else counts as unknown).
    public init(files: [String: String], inputs: [String: String] = [:], sources: String? = nil, records: Int? = nil) {
        self.init(sources: sources, records: records)
        for (path, hash) in files { entries[path] = Entry(hash: Hex.value(hash.utf8), inputs: inputs[path].map(Self.inputsNumber)) }
    }

    /// Hashes by path, as hex ("" when unknown).
    public var files: [String: String] { entries.mapValues { $0.hash.map(Hex.text) ?? "" } }
    /// Input fingerprints by path, as hex.
    public var inputs: [String: String] { entries.compactMapValues { $0.inputs.map(Hex.text) } }

    /// The manifest as text, files in `order` (every path of `entries`; the writer passes the order it
    /// wrote them in, which is the same for the same site and saves sorting hundreds of thousands of
    /// paths), or sorted when no order is given. One line per file: its path, then its hash and, when
    /// it has one, its input fingerprint, as hex in one string ("<hash> <inputs>").
    public func encoded(order given: [String]? = nil) -> [UInt8] {
        Self.encoded(header: self, lines: (given ?? entries.keys.sorted()).compactMap { path in entries[path].map { (path, $0) } })
    }

    /// The manifest with the sources and records of `header` and these files, in this order.
    static func encoded(header: Manifest, lines: [(path: String, entry: Entry)]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.count * 72)
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        append("{\n  \"generator\": \"worldfacts\",\n  \"version\": \(Self.version),\n")
        if let sources = header.sources { append("  \"sources\": " + JSONText.quoted(sources) + ",\n") }
        if let records = header.records { append("  \"records\": \(records),\n") }
        if !header.warnings.isEmpty { append("  \"warnings\": " + ManifestWarnings.encoded(header.warnings) + ",\n") }
        append("  \"files\": {")
        // A large site's lines are written in slices, one per core at a time, and joined.
        let slices = lines.count > 20_000 ? 8 : 1
        for slice in Slots<[UInt8]>.concurrentMap(slices, { slice in
            var bytes: [UInt8] = []
            let range = (lines.count * slice / slices)..<(lines.count * (slice + 1) / slices)
            bytes.reserveCapacity(range.count * 72)
            for number in range {
                let line = lines[number]
                bytes.append(contentsOf: (number == 0 ? "\n    " : ",\n    ").utf8)
                JSONText.appendQuoted(line.path, to: &bytes)
                bytes.append(contentsOf: ": \"".utf8)
                if let hash = line.entry.hash { Hex.append(hash, to: &bytes) }
                if let inputs = line.entry.inputs {
                    bytes.append(UInt8(ascii: " "))
                    Hex.append(inputs, to: &bytes)
                }
                bytes.append(UInt8(ascii: "\""))
            }
            return bytes
        }) {
            bytes.append(contentsOf: slice)
        }
        append(lines.isEmpty ? "}\n}\n" : "\n  }\n}\n")
        return bytes
    }

    /// The layout `encoded()` writes. Version 1 kept the input fingerprints in a second object; it is
    /// still read, through the JSON parser.
    static let version = 2

    /// An entry from its value in the manifest: "<hash>" or "<hash> <inputs>", as hex.
    static func entry<Bytes: Collection<UInt8>>(_ value: Bytes) -> Entry {
        guard let space = value.firstIndex(of: UInt8(ascii: " ")) else { return Entry(hash: Hex.value(value)) }
        return Entry(hash: Hex.value(value[..<space]), inputs: Hex.value(value[value.index(after: space)...]))
    }

    /// Reads a manifest; nil when the bytes are not one of ours. The layout `encoded()` writes is read
    /// line by line (a large site's manifest has hundreds of thousands of lines); anything else, such
    /// as a manifest edited by hand or one of version 1, through the JSON parser.
    public static func decode(_ bytes: [UInt8]) -> Manifest? {
        var order: [String] = []
        return decode(bytes, order: &order)
    }

    /// Reads a manifest, and its paths in the order it lists them into `order`.
    static func decode(_ bytes: [UInt8], order: inout [String]) -> Manifest? {
        if let manifest = ManifestLines.decode(bytes, order: &order) { return manifest.isSafe ? manifest : nil }
        var parser = JSONParser(bytes: bytes)
        guard let root = try? parser.parseDocument(), case .object(let members) = root.value,
              members.contains(where: { $0.key == "generator" }),
              let files = members.first(where: { $0.key == "files" }), case .object(let entries) = files.node.value
        else { return nil }
        var manifest = Manifest()
        order = []
        for entry in entries {
            guard case .string(let value) = entry.node.value else { return nil }
            if manifest.entries.updateValue(Self.entry(value.utf8), forKey: entry.key) == nil { order.append(entry.key) }
        }
        // Version 1: fingerprints by path, in an object of their own.
        if let member = members.first(where: { $0.key == "inputs" }), case .object(let entries) = member.node.value {
            for entry in entries {
                if case .string(let inputs) = entry.node.value, manifest.entries[entry.key] != nil {
                    manifest.entries[entry.key]?.inputs = Hex.value(inputs.utf8)
                }
            }
        }
        if let member = members.first(where: { $0.key == "sources" }), case .string(let digest) = member.node.value {
            manifest.sources = digest
        }
        if let member = members.first(where: { $0.key == "records" }), case .integer(let count) = member.node.value {
            manifest.records = count
        }
        if let member = members.first(where: { $0.key == "warnings" }) {
            manifest.warnings = ManifestWarnings.decoded(member.node) ?? []
        }
        return manifest.isSafe ? manifest : nil
    }

    /// Every path is one a build may write: no escaping the output folder.
    var isSafe: Bool { entries.keys.allSatisfy(OutputPath.isSafe) }
}

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
        var warningsJSON: ArraySlice<UInt8>?
        var paths: [String] = []

        /// The warnings, none when there is no line; nil when the line is not what `encoded()` writes.
        var warnings: [Diagnostic]? { warningsJSON.map(ManifestWarnings.decoded) ?? [] }
    }

    static func decode(_ bytes: [UInt8]) -> Manifest? {
        var order: [String] = []
        return decode(bytes, order: &order)
    }

    /// The manifest, and its paths in the order of its lines into `order`.
    static func decode(_ bytes: [UInt8], order: inout [String]) -> Manifest? {
        var manifest = Manifest()
        // About 60 bytes per file line: room for all, grown once.
        manifest.entries.reserveCapacity(bytes.count / 60)
        var paths: [String] = []
        paths.reserveCapacity(bytes.count / 60)
        let header = scan(bytes) { key, value in
            let path = string(key)
            if manifest.entries.updateValue(Manifest.entry(value), forKey: path) == nil { paths.append(path) }
        }
        guard let header, let warnings = header.warnings else { return nil }
        order = paths
        manifest.sources = header.sources
        manifest.records = header.records
        manifest.warnings = warnings
        return manifest
    }

    static func summary(_ bytes: [UInt8]) -> Summary? {
        var paths: [String] = []
        guard var summary = scan(bytes, file: { key, _ in paths.append(string(key)) }) else { return nil }
        summary.paths = paths
        return summary
    }

    /// The header alone: the lines before the files.
    static func header(_ bytes: [UInt8]) -> Summary? {
        guard let files = bytes.firstRange(of: Array("\n  \"files\": ".utf8)) else { return nil }
        var head = Array(bytes[..<files.lowerBound])
        head.append(contentsOf: "\n  \"files\": {}\n}\n".utf8)
        return scan(head) { _, _ in }
    }

    static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    static let warningsKey = Array("  \"warnings\": ".utf8)

    /// Reads the layout line by line, handing each file's path and value to `file`; the header, or nil
    /// at the first line it does not expect.
    static func scan(_ bytes: [UInt8], file: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Void) -> Summary? {
        var summary = Summary()
        var place = Place.start
        var sawGenerator = false
        var lineStart = 0
        func line(is text: StaticString, _ line: ArraySlice<UInt8>) -> Bool {
            line.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let text = bytes[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            switch place {
            case .start:
                guard line(is: "{", text) else { return nil }
                place = .header
            case .header:
                if line(is: "  \"files\": {", text) { place = .files; continue }
                if line(is: "  \"files\": {}", text) { place = .end; continue }
                if text.starts(with: warningsKey) {
                    // Warnings quote records and fields, so they have escapes: the JSON parser reads them,
                    // when they are asked for (`Summary.warnings`).
                    guard text.last == UInt8(ascii: ",") else { return nil }
                    summary.warningsJSON = text.dropFirst(warningsKey.count).dropLast()
                    continue
                }
                guard let (key, value) = entry(text, indent: 2) else { return nil }
                switch string(key) {
                case "generator": sawGenerator = line(is: "\"worldfacts\",", value)
                case "version": guard string(value) == "\(Manifest.version)," else { return nil }
                case "sources": summary.sources = unquoted(string(value))
                case "records": summary.records = Int(string(value.dropLast()))
                default: return nil
                }
            case .files:
                if line(is: "  }", text) { place = .end; continue }
                guard let (key, value) = entry(text, indent: 4) else { return nil }
                file(key, value)
            case .end:
                guard line(is: "}", text) else { return nil }
                place = .closed
            case .closed:
                return nil
            }
        }
        return sawGenerator && place == .closed ? summary : nil
    }

    /// `<indent>"key": "value",`: the key and the unquoted value; in the header (indent 2), the value
    /// as written, with its comma. Keys and values with escapes go back to the JSON parser.
    static func entry(_ line: ArraySlice<UInt8>, indent: Int) -> (ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        var body = line.dropFirst(indent)
        guard line.prefix(indent).allSatisfy({ $0 == UInt8(ascii: " ") }), body.first == UInt8(ascii: "\""),
              !body.contains(UInt8(ascii: "\\")) else { return nil }
        if indent > 2, body.last == UInt8(ascii: ",") { body = body.dropLast() }
        body = body.dropFirst()
        guard let close = body.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let key = body[..<close]
        let rest = body[(close + 1)...]
        guard rest.starts(with: ": ".utf8) else { return nil }
        let value = rest.dropFirst(2)
        if indent == 2 { return (key, value) }
        guard value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\""),
              !value.dropFirst().dropLast().contains(UInt8(ascii: "\"")) else { return nil }
        return (key, value.dropFirst().dropLast())
    }

    static func unquoted(_ value: String) -> String? {
        guard value.count >= 3, value.hasPrefix("\""), value.hasSuffix("\",") else { return nil }
        return String(value.dropFirst().dropLast(2))
    }
}

/// Paths inside the output folder: relative, no "..", no empty or hidden parts.
enum OutputPath {
    /// One pass over the bytes: every part starts with neither "/" (an empty part) nor "." (".",
    /// ".." and hidden names), and the path does not end with "/".
    static func isSafe(_ path: String) -> Bool {
        var atPartStart = true
        for byte in path.utf8 {
            if atPartStart, byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return false }
            atPartStart = byte == UInt8(ascii: "/")
        }
        return !atPartStart  // empty, or ending with "/"
    }
}
