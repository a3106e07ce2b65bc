import Dispatch
import Foundation

/// A section of the index: its letter, its anchor and the positions of its records in `Site.records`.
public struct Section: Sendable, Hashable {
    public var letter: String
    public var anchor: String
    public var range: Range<Int>
}

/// The modelled site: records in index order (by section, then collation), their slugs, sections,
/// resolved links and notes. Built from `Content` by `SiteModeler`; pure values from here on.
public struct Site: Sendable {
    public var config: SiteConfig
    public var records: [Record]
    public var slugs: [String]
    public var sections: [Section]
    /// Section of each record, by record position.
    public var sectionOfRecord: [Int]
    /// Note of a record, by record position.
    public var notes: [Int: Note]
    public var warnings: [Diagnostic]
    private var positionByKey: [String: Int]

    /// `indexesKeys`: whether anything will look records up by key, which is worth an index of them.
    init(config: SiteConfig, records: [Record], slugs: [String], sections: [Section], sectionOfRecord: [Int],
         notes: [Int: Note], indexesKeys: Bool, warnings: [Diagnostic]) {
        self.config = config
        self.records = records
        self.slugs = slugs
        self.sections = sections
        self.sectionOfRecord = sectionOfRecord
        self.notes = notes
        self.warnings = warnings
        self.indexesKeys = indexesKeys
        var positions: [String: Int] = [:]
        if indexesKeys {
            positions.reserveCapacity(records.count)
            for (position, record) in records.enumerated() { positions[record.key] = position }
        }
        self.positionByKey = positions
    }

    /// True when `positionByKey` holds every key.
    private let indexesKeys: Bool

    public func position(ofKey key: String) -> Int? {
        indexesKeys ? positionByKey[key] : records.firstIndex { $0.key == key }
    }

    /// True when the index is one page per section.
    public var isIndexSplit: Bool { records.count > config.index.splitAbove }

    /// The page that lists a section, relative to the output root.
    public func sectionPagePath(of section: Int) -> String {
        guard isIndexSplit else { return "index.html" }
        let letter = sections[section].letter
        return "sections/\(letter == SectionLetter.other ? "other" : letter.lowercased()).html"
    }

    /// The page of a record, relative to the output root.
    public func pagePath(of position: Int) -> String {
        "\(config.records.pagesFolder)/\(slugs[position]).html"
    }

    /// The UTF-8 length of `pagePath(of:)`, without making it.
    public func pagePathBytes(of position: Int) -> Int {
        config.records.pagesFolder.utf8.count + 1 + slugs[position].utf8.count + 5
    }
}

/// Turns loaded content into a `Site`: sorts, sections, slugs, notes and links, checking that slugs are
/// unique and warning about notes and links that name no record.
public struct SiteModeler {
    public init() {}

    public func model(_ content: Content) throws(BuildFailure) -> Site {
        let config = content.config
        let recordsFile = joinPath(content.folder, config.records.file)
        var diagnostics: [Diagnostic] = content.warnings

        // Sort: section order first, then collation within the section.
        // Folding a title is the costly part: one title per core at a time.
        let computed = Slots<(String, CollationKey)>.concurrentMap(content.records.count) { position in
            let record = content.records[position]
            return (SectionLetter.of(title: record.title), CollationKey(title: record.title, tieBreak: record.key))
        }
        let letters = computed.map(\.0)
        let sortKeys = SortKeys(letters: letters, keys: computed.map(\.1))
        let order = sortKeys.order(tieBreaks: content.records.map(\.key))
        let records = order.map { content.records[$0] }

        // Slugs: unique, or an error naming both records.
        var slugs: [String] = []
        slugs.reserveCapacity(records.count)
        var ownerOfSlug: [String: Int] = [:]
        let made = Slots<String?>.concurrentMap(records.count) { Slug.make(from: records[$0].key) }
        // Keys are unique: when every slug is its record's key, so are the slugs.
        let slugsAreKeys = records.indices.allSatisfy { made[$0] == records[$0].key }
        if !slugsAreKeys { ownerOfSlug.reserveCapacity(records.count) }
        for (position, record) in records.enumerated() {
            guard let slug = made[position] else {
                diagnostics.append(.error(SourceLocation(file: recordsFile, line: record.line), record: record.key,
                                          field: config.records.keyField, "key gives no usable file name; use letters or digits"))
                slugs.append("")
                continue
            }
            if slugsAreKeys {
                slugs.append(slug)
                continue
            }
            if let other = ownerOfSlug[slug] {
                let first = records[other]
                diagnostics.append(.error(SourceLocation(file: recordsFile, line: record.line), record: record.key,
                                          field: config.records.keyField,
                                          "key gives the page name '\(slug)', as does record '\(first.key)' at line \(first.line); keys must differ in more than case and punctuation"))
            }
            ownerOfSlug[slug] = position
            slugs.append(slug)
        }

        // Sections.
        var sections: [Section] = []
        var sectionOfRecord: [Int] = []
        for (position, original) in order.enumerated() {
            let letter = letters[original]
            if sections.last?.letter != letter {
                sections.append(Section(letter: letter, anchor: SectionLetter.anchor(for: letter), range: position..<position))
            }
            sections[sections.count - 1].range = sections[sections.count - 1].range.lowerBound..<(position + 1)
            sectionOfRecord.append(sections.count - 1)
        }

        // Only notes and links look records up by key: without them, no index of keys.
        var site = Site(config: config, records: records, slugs: slugs, sections: sections, sectionOfRecord: sectionOfRecord,
                        notes: [:], indexesKeys: !content.notes.isEmpty || config.fields.contains { $0.format == .links },
                        warnings: [])

        // Notes: by record key, or by slug.
        var positionBySlug: [String: Int] = [:]
        if !content.notes.isEmpty {
            for (position, slug) in slugs.enumerated() { positionBySlug[slug] = position }
        }
        for note in content.notes {
            if let position = site.position(ofKey: note.name) ?? positionBySlug[note.name] {
                site.notes[position] = note
            } else {
                diagnostics.append(.warning(SourceLocation(file: note.file), "note names no record: no record has the key '\(note.name)'; the note is not published"))
            }
        }

        // Links that name no record are rendered without a link.
        for (fieldPosition, field) in config.fields.enumerated() where field.format == .links {
            for record in records {
                guard case .list(let targets) = record.values[fieldPosition] else { continue }
                for target in targets where site.position(ofKey: target) == nil {
                    diagnostics.append(.warning(SourceLocation(file: recordsFile, line: record.line), record: record.key,
                                                field: field.id, "links to '\(target)', which names no record; shown without a link"))
                }
            }
        }

        if !diagnostics.errors.isEmpty {
            throw BuildFailure(step: "model", diagnostics: diagnostics.errors + diagnostics.warnings)
        }
        site.warnings = diagnostics
        return site
    }
}

/// Every record's section and collation key packed into one byte string, so that sorting compares
/// bytes with memcmp instead of copying keys: the section's rank (4 bytes), then the primary,
/// secondary and tertiary levels, each byte raised by one and each level ended by a zero, so a
/// shorter level sorts first, as `CollationKey` orders them. Equal strings fall back to the tie-break.
struct SortKeys {
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]

    init(letters: [String], keys: [CollationKey]) {
        let ranks = Dictionary(uniqueKeysWithValues: Set(letters).sorted(by: SectionLetter.precedes).enumerated().map { ($1, $0) })
        bytes.reserveCapacity(keys.reduce(0) { $0 + $1.primary.count + $1.secondary.count + $1.tertiary.count + 7 })
        offsets.reserveCapacity(keys.count + 1)
        for (letter, key) in zip(letters, keys) {
            let rank = UInt32(ranks[letter]!)
            bytes.append(contentsOf: [UInt8(rank >> 24), UInt8(rank >> 16 & 0xFF), UInt8(rank >> 8 & 0xFF), UInt8(rank & 0xFF)])
            for level in [key.primary, key.secondary, key.tertiary] {
                for byte in level { bytes.append(byte &+ 1) }  // UTF-8 and the case-shifted bytes stay below 0xFF
                bytes.append(0)
            }
            offsets.append(bytes.count)
        }
    }

    /// Record positions in index order.
    func order(tieBreaks: [String]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            return (0..<(offsets.count - 1)).sorted { a, b in
                let (aStart, bStart) = (offsets[a], offsets[b])
                let (aCount, bCount) = (offsets[a + 1] - aStart, offsets[b + 1] - bStart)
                let order = memcmp(base + aStart, base + bStart, min(aCount, bCount))
                if order != 0 { return order < 0 }
                if aCount != bCount { return aCount < bCount }
                return tieBreaks[a] < tieBreaks[b]
            }
        }
    }
}
