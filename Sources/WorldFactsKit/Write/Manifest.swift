import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The list of files a build wrote, with their content hashes, kept in the output folder. It is how a
/// build knows what is unchanged, and which files are its own to remove. It also keeps the digest of
/// the sources the build read (see `SourceDigest`), how many records they held and the warnings the
/// build printed, which a build that stops early prints again.
public struct Manifest: Sendable, Equatable {
    public static let fileName = Bookkeeping.manifest

    /// What the manifest knows of one file: the hash of its bytes (nil when unknown, as for a file an
    /// interrupted build was writing) and the fingerprint of the inputs it was made from, if any (see
    /// `ContextFingerprint`). Both are kept as numbers and written as 16 hex digits.
    public struct Entry: Sendable, Equatable {
        public var hash: UInt64?
        public var inputs: UInt64?
    }

    /// One entry per file, by path.
    public var entries: ManifestEntries
    public var sources: String?
    public var records: Int?
    public var warnings: [Diagnostic]

    public init(
        entries: [String: Entry] = [:], sources: String? = nil, records: Int? = nil, warnings: [Diagnostic] = []
    ) {
        self.entries = ManifestEntries(entries)
        self.sources = sources
        self.records = records
        self.warnings = warnings
    }

    /// A manifest from hashes and fingerprints written as hex (anything else counts as unknown).
    public init(files: [String: String], inputs: [String: String] = [:], sources: String? = nil, records: Int? = nil) {
        self.init(sources: sources, records: records)
        for (path, hash) in files {
            entries[path] = Entry(hash: Hex.value(hash.utf8), inputs: inputs[path].map(OutputFile.inputsNumber))
        }
    }

    /// Hashes by path, as hex ("" when unknown).
    public var files: [String: String] { entries.dictionary.mapValues { $0.hash.map(Hex.text) ?? "" } }
    /// Input fingerprints by path, as hex.
    public var inputs: [String: String] { entries.dictionary.compactMapValues { $0.inputs.map(Hex.text) } }

    /// The manifest as text, files in `order` (every path of `entries`; the writer passes the order it
    /// wrote them in, which is the same for the same site and saves sorting hundreds of thousands of
    /// paths), or sorted when no order is given. One line per file: its path, then its hash and, when
    /// it has one, its input fingerprint, as hex in one string ("<hash> <inputs>").
    public func encoded(order given: [String]? = nil) -> [UInt8] {
        Self.encoded(header: self, order: (given ?? entries.keys.sorted()).filter { entries[$0] != nil })
    }

    /// The manifest with the sources, records and files of `header`, the files in `order` (every path
    /// of its entries).
    static func encoded(header: Manifest, order paths: [String]) -> [UInt8] {
        text(header: header, order: paths).bytes
    }

    /// `encoded(header:order:)`, with where each entry lies in it.
    static func text(header: Manifest, order paths: [String]) -> ManifestText {
        var bytes = encodedHeader(header)
        bytes.reserveCapacity(bytes.count + paths.count * 72)
        // A large site's lines are written in slices, one per core at a time, and joined.
        let slices = paths.count > 20_000 ? 8 : 1
        var starts: [Int] = [], ends: [Int] = []
        starts.reserveCapacity(paths.count)
        ends.reserveCapacity(paths.count)
        for slice in Parallel.map(
            slices,
            { slice in
                var bytes: [UInt8] = []
                var starts: [Int] = [], ends: [Int] = []
                let range = (paths.count * slice / slices)..<(paths.count * (slice + 1) / slices)
                bytes.reserveCapacity(range.count * 72)
                for number in range {
                    bytes.append(contentsOf: (number == 0 ? "\n    " : ",\n    ").utf8)
                    starts.append(bytes.count)
                    appendEntry(paths[number], header.entries[paths[number]]!, to: &bytes)
                    ends.append(bytes.count)
                }
                return (bytes, starts, ends)
            })
        {
            let base = bytes.count
            bytes.append(contentsOf: slice.0)
            starts += slice.1.map { $0 + base }
            ends += slice.2.map { $0 + base }
        }
        bytes += footer(empty: paths.isEmpty)
        return ManifestText(bytes: bytes, starts: starts, ends: ends)
    }

    /// Everything before the first file's line.
    static func encodedHeader(_ header: Manifest) -> [UInt8] {
        var text = "{\n  \"generator\": \"worldfacts\",\n  \"version\": \(Self.version),\n"
        if let sources = header.sources { text += "  \"sources\": " + JSONText.quoted(sources) + ",\n" }
        if let records = header.records { text += "  \"records\": \(records),\n" }
        if !header.warnings.isEmpty { text += "  \"warnings\": " + ManifestWarnings.encoded(header.warnings) + ",\n" }
        text += "  \"files\": {"
        return Array(text.utf8)
    }

    /// Everything after the last file's line.
    static func footer(empty: Bool) -> [UInt8] { Array((empty ? "}\n}\n" : "\n  }\n}\n").utf8) }

    /// One file's entry: `"path": "<hash>[ <inputs>]"`.
    static func appendEntry(_ path: String, _ entry: Entry, to bytes: inout [UInt8]) {
        JSONText.appendQuoted(path, to: &bytes)
        bytes.append(contentsOf: ": \"".utf8)
        if let hash = entry.hash { Hex.append(hash, to: &bytes) }
        if let inputs = entry.inputs {
            bytes.append(UInt8(ascii: " "))
            Hex.append(inputs, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
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
        var text: ManifestText?
        return decode(bytes, order: &order, text: &text)
    }

    /// `decode`, and, when it is read by lines, its text with where each line is (`ManifestText`).
    static func decode(_ bytes: [UInt8], order: inout [String], text: inout ManifestText?) -> Manifest? {
        // The fast reader checks each path as it reads it.
        if let manifest = ManifestLines.decode(bytes, order: &order, text: &text) { return manifest }
        guard let root = try? JSONParser.parseDocument(bytes), case .object(let members) = root.value,
            members.contains(where: { $0.key == "generator" }),
            let files = members.first(where: { $0.key == "files" }), case .object(let entries) = files.node.value
        else { return nil }
        var manifest = Manifest()
        order = []
        for entry in entries {
            guard case .string(let value) = entry.node.value else { return nil }
            if manifest.entries.updateValue(Self.entry(value.utf8), forKey: entry.key) == nil {
                order.append(entry.key)
            }
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
