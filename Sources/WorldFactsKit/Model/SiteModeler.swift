import Dispatch
import Foundation
import WorldFactsSupport

/// Turns loaded content into a `Site`: sorts, sections, slugs, notes and links, checking that slugs are
/// unique and warning about notes and links that name no record.
public struct SiteModeler {
    public init() {}

    public func model(_ content: Content) throws(StageFailure) -> Site {
        let config = content.config
        let recordsFile = joinPath(content.folder, config.records.file)
        var diagnostics: [Diagnostic] = content.warnings

        // Sort: section order first, then collation within the section.
        // Folding a title is the costly part: one title per core at a time.
        let computed = Parallel.map(content.records.count) { position in
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
        let made = Parallel.map(records.count) { Slug.make(from: records[$0].key) }
        // Keys are unique: when every slug is its record's key, so are the slugs.
        let slugsAreKeys = records.indices.allSatisfy { made[$0] == records[$0].key }
        if !slugsAreKeys { ownerOfSlug.reserveCapacity(records.count) }
        for (position, record) in records.enumerated() {
            guard let slug = made[position] else {
                diagnostics.append(
                    .error(
                        SourceLocation(file: recordsFile, line: record.line), record: record.key,
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
                diagnostics.append(
                    .error(
                        SourceLocation(file: recordsFile, line: record.line), record: record.key,
                        field: config.records.keyField,
                        "key gives the page name '\(slug)', as does record '\(first.key)' at line \(first.line);"
                            + " keys must differ in more than case and punctuation"
                    ))
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
                sections.append(
                    Section(letter: letter, anchor: SectionLetter.anchor(for: letter), range: position..<position))
            }
            sections[sections.count - 1].range = sections[sections.count - 1].range.lowerBound..<(position + 1)
            sectionOfRecord.append(sections.count - 1)
        }

        // Only notes and links look records up by key: without them, no index of keys.
        var site = Site(
            config: config, records: records, slugs: slugs, sections: sections, sectionOfRecord: sectionOfRecord,
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
                diagnostics.append(
                    .warning(
                        SourceLocation(file: note.file),
                        "note names no record: no record has the key '\(note.name)'; the note is not published"))
            }
        }

        // Links that name no record are rendered without a link.
        for (fieldPosition, field) in config.fields.enumerated() where field.format == .links {
            for record in records {
                guard case .list(let targets) = record.values[fieldPosition] else { continue }
                for target in targets where site.position(ofKey: target) == nil {
                    diagnostics.append(
                        .warning(
                            SourceLocation(file: recordsFile, line: record.line), record: record.key,
                            field: field.id, "links to '\(target)', which names no record; shown without a link"))
                }
            }
        }

        if !diagnostics.errors.isEmpty {
            throw StageFailure(diagnostics.errors + diagnostics.warnings)
        }
        site.warnings = diagnostics
        return site
    }
}
