import WorldFactsSupport

// How the loaded content and the modelled site are written into a build's snapshot and read back
// (`BuildSnapshot` in Pipeline). The config is not written: a snapshot is read only for a site.yml that
// gives the same config, and the reader is handed it. A site's records are the content's, so the site
// writes only where each goes (`positions`) and what modelling added: slugs, sections, notes, lists,
// groups and warnings.

extension FieldValue {
    func write(to writer: inout BinaryWriter) {
        switch self {
        case .missing: writer.byte(0)
        case .text(let text):
            writer.byte(1)
            writer.string(text)
        case .integer(let number):
            writer.byte(2)
            writer.int(number)
        case .decimal(let number):
            writer.byte(3)
            writer.double(number)
        case .list(let items):
            writer.byte(4)
            writer.strings(items)
        }
    }

    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> FieldValue {
        switch try reader.byte() {
        case 0: return .missing
        case 1: return .text(try reader.string())
        case 2: return .integer(try reader.int())
        case 3: return .decimal(try reader.double())
        case 4: return .list(try reader.strings())
        default: throw BinaryReader.Malformed(offset: reader.index - 1)
        }
    }

    /// Passes over a value as `read(from:)` would read it, making nothing.
    static func skip(in reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        switch try reader.byte() {
        case 0: return
        case 1: try reader.skipString()
        case 2, 3: try reader.skip(8)
        case 4: for _ in 0..<(try reader.count(each: 8)) { try reader.skipString() }
        default: throw BinaryReader.Malformed(offset: reader.index - 1)
        }
    }
}

extension Record {
    func write(to writer: inout BinaryWriter) {
        writer.string(key)
        writer.string(title)
        writer.int(line)
        writer.array(values) { $1.write(to: &$0) }
    }

    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Record {
        Record(
            key: try reader.string(), title: try reader.string(), line: try reader.int(),
            values: try reader.array { (reader) throws(BinaryReader.Malformed) in try FieldValue.read(from: &reader) })
    }

    /// Passes over a record as `read(from:)` would read it, making nothing: where each record of a
    /// snapshot starts is found so, and the records are then read on every core.
    static func skip(in reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        try reader.skipString()
        try reader.skipString()
        try reader.skip(8)
        for _ in 0..<(try reader.count()) { try FieldValue.skip(in: &reader) }
    }

    private init(key: String, title: String, line: Int, values: [FieldValue]) {
        self.init(key: key, title: title, values: values, line: line)
    }
}

extension Note {
    func write(to writer: inout BinaryWriter) {
        writer.string(name)
        writer.string(file)
        writer.string(markdown)
        // A language's note in the default's words says so on its page.
        writer.bool(isFallback)
    }

    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Note {
        var note = Note(name: try reader.string(), file: try reader.string(), markdown: try reader.string())
        note.isFallback = try reader.bool()
        return note
    }
}

extension Section {
    func write(to writer: inout BinaryWriter) {
        writer.string(letter)
        writer.string(name)
        writer.int(range.lowerBound)
        writer.int(range.upperBound)
    }

    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Section {
        let (letter, name, lower, upper) = (
            try reader.string(), try reader.string(), try reader.int(), try reader.int()
        )
        guard lower <= upper else { throw BinaryReader.Malformed(offset: reader.index) }
        return Section(letter: letter, name: name, range: lower..<upper)
    }
}

extension Content {
    /// Everything but the config and the folder: each collection's records, notes and file, and the warnings.
    /// With `last`, a record equal to the last snapshot's at the same place is copied from its bytes, not
    /// encoded again.
    public func write(to writer: inout BinaryWriter, reusing last: EncodedRecords? = nil) {
        writer.int(collections.count)
        for (number, collection) in collections.enumerated() {
            writer.string(collection.file)
            writer.int(collection.records.count)
            let old = last.flatMap { number < $0.collections.count ? $0.collections[number].records : nil } ?? []
            // The old bytes not yet copied: consecutive records equal to the last ones are copied at once.
            var run: Range<Int>?
            func copyRun() {
                guard let range = run, let last else { return }
                writer.append(last.bytes, range)
                run = nil
            }
            // The positions whose records differ, ascending, taken off as they are passed; records past the
            // old ones' end are new.
            var differing = collection.records.positionsWithOtherBytes(than: old)[...]
            for (index, record) in collection.records.enumerated() {
                let changed = index >= old.count || differing.first == index
                if differing.first == index { differing.removeFirst() }
                if !changed, let last {
                    let range = last.places[number][index]..<last.places[number][index + 1]
                    if let current = run, current.upperBound == range.lowerBound {
                        run = current.lowerBound..<range.upperBound
                    } else {
                        copyRun()
                        run = range
                    }
                } else {
                    copyRun()
                    record.write(to: &writer)
                    writer.drainIfFull()
                }
            }
            copyRun()
            writer.array(collection.notes) { $1.write(to: &$0) }
            writer.drainIfFull()
        }
        writer.array(warnings) { $0.diagnostic($1) }
    }

    /// The collections and warnings `write(to:)` wrote, to make a `Content` with the config they were
    /// loaded with once it is known; and where each record's bytes are (`EncodedRecords.places`).
    public static func readParts(
        from reader: inout BinaryReader
    ) throws(BinaryReader.Malformed) -> (collections: [LoadedCollection], warnings: [Diagnostic], places: [[Int]]) {
        var places: [[Int]] = []
        let collections = try reader.array { (reader) throws(BinaryReader.Malformed) in
            let file = try reader.string()
            let count = try reader.count()
            var starts: [Int] = []
            starts.reserveCapacity(count + 1)
            for _ in 0..<count {
                starts.append(reader.index)
                try Record.skip(in: &reader)
            }
            starts.append(reader.index)
            places.append(starts)
            let records = try Self.readRecords(at: starts, from: reader)
            return LoadedCollection(
                file: file, records: records,
                notes: try reader.array { (reader) throws(BinaryReader.Malformed) in try Note.read(from: &reader) })
        }
        let warnings = try reader.array { (reader) throws(BinaryReader.Malformed) in try reader.diagnostic() }
        return (collections, warnings, places)
    }
}

extension Content {
    /// The records starting at `starts` (and the last one ending at its last), in the bytes `reader` reads,
    /// read on every core, each into its place (`Parallel.tryMap`): they are on the critical path of a
    /// one-record rebuild.
    static func readRecords(at starts: [Int], from reader: BinaryReader) throws(BinaryReader.Malformed) -> [Record] {
        try Parallel.tryMap(starts.count - 1, chunk: 1 << 14) { position throws(BinaryReader.Malformed) in
            var reader = reader.at(starts[position])
            let record = try Record.read(from: &reader)
            // Each record is read as far as the next one's start, found by passing over it.
            guard reader.index == starts[position + 1] else { throw BinaryReader.Malformed(offset: reader.index) }
            return record
        }
    }
}

/// The records of a snapshot's content, and where each one's bytes are in the snapshot, for the next
/// snapshot to copy those of the records that did not change (`Content.write(to:reusing:)`).
public struct EncodedRecords: Sendable {
    public let collections: [LoadedCollection]
    /// By collection: the offset of each record's bytes in `bytes`, and last the offset after the last one.
    public let places: [[Int]]
    public let bytes: FileBytes

    public init(collections: [LoadedCollection], places: [[Int]], bytes: FileBytes) {
        self.collections = collections
        self.places = places
        self.bytes = bytes
    }
}

extension LoadedCollection {
    fileprivate init(file: String, records: [Record], notes: [Note]) {
        self.init(records: records, notes: notes, file: file)
    }
}

extension Site {
    /// What modelling added to `content`, whose record `i` of collection `c` is this site's record
    /// `positions[c][i]` (`ValueEdits.positions`).
    ///
    /// `shared`: in a language other than the default, the collections taken whole from the default's
    /// site (`SiteModeler.modelWithPositions(_:sharing:)`), and their groups: only marked, and taken
    /// from there again on reading.
    public func write(to writer: inout BinaryWriter, sharing shared: Set<Int> = []) {
        writer.array(collections) { writer, collection in
            writer.bool(shared.contains(collection.number))
            guard !shared.contains(collection.number) else { return }
            let slugsAreKeys = collection.records.indices.allSatisfy {
                collection.slugs[$0] == collection.records[$0].key
            }
            writer.bool(slugsAreKeys)
            if !slugsAreKeys { writer.strings(collection.slugs) }
            writer.array(collection.sections) { $1.write(to: &$0) }
            writer.array(collection.notes.sorted { $0.key < $1.key }) { writer, note in
                writer.int(note.key)
                note.value.write(to: &writer)
            }
            writer.int(collection.offset)
            writer.string(collection.indexFolder)
            writer.string(collection.file)
            writer.bool(collection.indexesKeys)
            // Kept, not made again on reading: each cut folds titles.
            writer.array(collection.indexPages) { writer, page in
                writer.int(page.section)
                writer.int(page.range.lowerBound)
                writer.int(page.range.upperBound)
                writer.string(page.path)
            }
        }
        writer.array(lists) { writer, lists in
            writer.array(lists) { writer, list in
                writer.ints(list.items.map(\.count))
                writer.ints(list.items.flatMap { $0 })
            }
        }
        writer.array(groups) { writer, group in
            writer.bool(shared.contains(group.collection))
            guard !shared.contains(group.collection) else { return }
            writer.array(group.values) { writer, value in
                writer.string(value.text)
                writer.string(value.title)
                writer.string(value.slug)
                writer.ints(value.positions)
                writer.array(value.sections) { $1.write(to: &$0) }
            }
        }
        writer.array(warnings) { $0.diagnostic($1) }
    }

    /// The site `write(to:)` wrote, whose content is `content`: record `i` of collection `c` at `positions[c][i]`.
    /// `defaultSite`: where a language's shared collections and their groups are taken from, with this
    /// content's specs; a shared one is malformed without it.
    public static func read(
        from reader: inout BinaryReader, content: Content, positions: [[Int]], sharing defaultSite: Site? = nil
    ) throws(BinaryReader.Malformed) -> Site {
        let count = try reader.count()
        guard count == content.collections.count, positions.count == count else {
            throw BinaryReader.Malformed(offset: reader.index)
        }
        var collections: [RecordCollection] = []
        for number in 0..<count {
            guard try reader.bool() else {
                collections.append(
                    try readCollection(number, from: &reader, content: content, positions: positions[number]))
                continue
            }
            guard let defaultSite, defaultSite.collections.indices.contains(number) else {
                throw BinaryReader.Malformed(offset: reader.index)
            }
            var collection = defaultSite.collections[number]
            collection.spec = content.config.collections[number]
            collections.append(collection)
        }
        guard try reader.count() == count else { throw BinaryReader.Malformed(offset: reader.index) }
        let lists = try readLists(from: &reader, collections: collections)
        let groups = try readGroups(
            from: &reader, collections: collections, config: content.config, sharing: defaultSite)
        let warnings = try reader.array { (reader) throws(BinaryReader.Malformed) in try reader.diagnostic() }
        return Site(content: content, collections: collections, lists: lists, groups: groups, warnings: warnings)
    }

    /// Collection `number`, whose records are the content's at `positions`.
    static func readCollection(
        _ number: Int, from reader: inout BinaryReader, content: Content, positions: [Int]
    ) throws(BinaryReader.Malformed) -> RecordCollection {
        typealias Malformed = BinaryReader.Malformed
        func fail() -> Malformed { Malformed(offset: reader.index) }
        let config = content.config
        let loaded = content.collections[number].records
        guard positions.count == loaded.count else { throw fail() }
        // The site's order: each content record put at its position, each position taken once; a
        // record that `only:` leaves out has none (-1).
        var source = [Int](repeating: -1, count: positions.count { $0 >= 0 })
        for (index, position) in positions.enumerated() where position != -1 {
            guard source.indices.contains(position), source[position] < 0 else { throw fail() }
            source[position] = index
        }
        let records = source.map { loaded[$0] }
        let slugs = try reader.bool() ? records.map(\.key) : try reader.strings()
        let sections = try reader.array { (reader) throws(Malformed) in try Section.read(from: &reader) }
        guard slugs.count == records.count, sections.last?.range.upperBound ?? 0 == records.count else {
            throw fail()
        }
        var sectionOfRecord: [Int] = []
        sectionOfRecord.reserveCapacity(records.count)
        for (number, section) in sections.enumerated() {
            guard section.range.lowerBound == sectionOfRecord.count else { throw fail() }
            sectionOfRecord += repeatElement(number, count: section.range.count)
        }
        let notes = try reader.array { (reader) throws(Malformed) in
            (try reader.int(), try Note.read(from: &reader))
        }
        let (offset, indexFolder, file, indexesKeys) = (
            try reader.int(), try reader.string(), try reader.string(), try reader.bool()
        )
        let indexPages = try reader.array { (reader) throws(Malformed) in
            let (section, lower, upper, path) = (
                try reader.int(), try reader.int(), try reader.int(), try reader.string()
            )
            guard sections.indices.contains(section), 0 <= lower, lower <= upper, upper <= records.count else {
                throw Malformed(offset: reader.index)
            }
            return IndexPage(section: section, range: lower..<upper, path: path)
        }
        var collection = RecordCollection(
            spec: config.collections[number], number: number, records: records, slugs: slugs, sections: sections,
            sectionOfRecord: sectionOfRecord, offset: offset, indexFolder: indexFolder, file: file,
            indexesKeys: indexesKeys, indexPages: indexPages)
        for (position, note) in notes {
            guard records.indices.contains(position) else { throw fail() }
            collection.notes[position] = note
        }
        return collection
    }

    /// Each collection's reverse lists.
    static func readLists(
        from reader: inout BinaryReader, collections: [RecordCollection]
    ) throws(BinaryReader.Malformed) -> [[ReverseList]] {
        func fail() -> BinaryReader.Malformed { BinaryReader.Malformed(offset: reader.index) }
        var lists: [[ReverseList]] = []
        for target in collections {
            guard try reader.count() == target.spec.lists.count else { throw fail() }
            var made: [ReverseList] = []
            for spec in target.spec.lists {
                let counts = try reader.ints()
                let flat = try reader.ints()
                guard counts.count == target.records.count, counts.reduce(0, +) == flat.count,
                    flat.allSatisfy(collections[spec.source].records.indices.contains)
                else { throw fail() }
                var items: [[Int]] = []
                items.reserveCapacity(counts.count)
                var start = 0
                for count in counts {
                    guard count >= 0 else { throw fail() }
                    items.append(Array(flat[start..<(start + count)]))
                    start += count
                }
                made.append(ReverseList(spec: spec, target: target.number, items: items))
            }
            lists.append(made)
        }
        return lists
    }

    /// Every collection's groups.
    static func readGroups(
        from reader: inout BinaryReader, collections: [RecordCollection], config: SiteConfig,
        sharing defaultSite: Site?
    ) throws(BinaryReader.Malformed) -> [Group] {
        typealias Malformed = BinaryReader.Malformed
        func fail() -> Malformed { Malformed(offset: reader.index) }
        let specs = collections.flatMap { collection in collection.spec.groups.map { (collection.number, $0) } }
        guard try reader.count() == specs.count else { throw fail() }
        var groups: [Group] = []
        for (collection, spec) in specs {
            if try reader.bool() {
                guard
                    var group = defaultSite?.groups.first(where: {
                        $0.collection == collection && $0.spec.name == spec.name
                    })
                else { throw fail() }
                group.spec = spec
                groups.append(group)
                continue
            }
            let values = try reader.array { (reader) throws(Malformed) in
                Group.GroupValue(
                    text: try reader.string(), title: try reader.string(), slug: try reader.string(),
                    positions: try reader.ints(),
                    sections: try reader.array { (reader) throws(Malformed) in try Section.read(from: &reader) })
            }
            for value in values where !value.positions.allSatisfy(collections[collection].records.indices.contains) {
                throw fail()
            }
            groups.append(
                Group(
                    spec: spec, collection: collections[collection], values: values,
                    collation: Collation.of(config.collationLocale)))
        }
        return groups
    }
}
