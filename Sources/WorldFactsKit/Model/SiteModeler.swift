import Dispatch
import Foundation
import WorldFactsSupport

/// Turns loaded content into a `Site`: sorts, sections and slugs each collection, attaches notes, finds
/// the lists of records that link to each record and the groups, checking that slugs are unique and
/// warning about notes and links that name no record.
public struct SiteModeler {
    public init() {}

    public func model(_ content: Content) throws(StageFailure) -> Site {
        try modelWithPositions(content).site
    }

    /// `model(_:)`, and by collection the position in the site of each record of `content`, in its
    /// file's order: what `ValueEdits.positions(of:in:)` finds by key, read here from the sort that put
    /// them there.
    ///
    /// `sharing`, for a language other than the default (`LanguageEdition`): the default's site, whose
    /// collections without pages in this language, and their groups, are this one's but for their specs
    /// (their labels): the same records in the same order (`CollectionSpec.collationLocale`). Their
    /// positions are not given.
    public func modelWithPositions(
        _ content: Content, sharing defaultSite: Site? = nil
    ) throws(StageFailure) -> (site: Site, positions: [[Int]]) {
        let config = content.config
        var diagnostics: [Diagnostic] = content.warnings
        let looked = Self.lookedUp(content)
        var collections: [RecordCollection] = []
        var positions: [[Int]] = []
        // By collection, the keys of the records `only:` leaves out: a link to one is no mistake.
        var leftOut: [Set<String>] = []
        var offset = 0
        let collation = Collation.of(config.collationLocale)
        for (number, var loaded) in content.collections.enumerated() {
            let spec = config.collections[number]
            let collation = spec.collationLocale.map(Collation.of) ?? collation
            // `only:`: the records kept, by their place in the file; the others have no position (-1).
            var kept: [Int]?
            var keysLeftOut = Set<String>()
            if let only = spec.only {
                let keeps = loaded.records.map(only.keeps)
                let indices = loaded.records.indices.filter { keeps[$0] }
                keysLeftOut = Set(loaded.records.indices.lazy.filter { !keeps[$0] }.map { loaded.records[$0].key })
                loaded.records = indices.map { loaded.records[$0] }
                kept = indices
            }
            leftOut.append(keysLeftOut)
            if let defaultSite, !spec.hasPages, defaultSite.collections[number].records.count == loaded.records.count {
                var collection = defaultSite.collections[number]
                collection.spec = spec
                positions.append([])
                offset += collection.records.count
                collections.append(collection)
                continue
            }
            let modelled = modelCollection(
                spec, loaded, number: number, offset: offset,
                indexFolder: config.collections.count > 1 ? spec.records.pagesFolder + "/" : config.folder,
                indexesKeys: looked.contains(number), collation: collation, &diagnostics)
            var collection = modelled.collection
            var positionOfLoaded = [Int](repeating: -1, count: content.collections[number].records.count)
            for (position, loadedPosition) in modelled.order.enumerated() {
                positionOfLoaded[kept?[loadedPosition] ?? loadedPosition] = position
            }
            positions.append(positionOfLoaded)
            attachNotes(loaded.notes, to: &collection, &diagnostics)
            offset += collection.records.count
            collections.append(collection)
        }
        diagnostics += Self.unknownLinks(in: collections, leftOut: leftOut)
        diagnostics += shownValueProblems(in: collections, locale: config.locale)
        for collection in collections where collection.spec.aliases != nil {
            diagnostics += AliasPages(collection).problems
        }
        let lists = collections.map { target in
            target.spec.lists.map {
                ReverseList.make(spec: $0, target: target, source: collections[$0.source], collation: collation)
            }
        }
        let groups = Self.groups(of: collections, sharing: defaultSite, collation: collation, &diagnostics)
        if !diagnostics.errors.isEmpty {
            throw StageFailure(diagnostics.errors + diagnostics.warnings)
        }
        let site = Site(content: content, collections: collections, lists: lists, groups: groups, warnings: diagnostics)
        return (site, positions)
    }

    /// The collections looked up by key: those with notes, and those that links or lists name.
    static func lookedUp(_ content: Content) -> Set<Int> {
        var looked = Set(content.collections.indices.filter { !content.collections[$0].notes.isEmpty })
        for spec in content.config.collections {
            for field in spec.fields where field.format.isLink { field.target.map { _ = looked.insert($0) } }
            for list in spec.lists { looked.insert(list.source) }
        }
        return looked
    }

    /// Links that name no record, shown without a link: a warning each. `leftOut`: by collection, the keys
    /// of the records `only:` leaves out, which a link may name.
    static func unknownLinks(in collections: [RecordCollection], leftOut: [Set<String>]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for collection in collections {
            for (fieldPosition, field) in collection.spec.fields.enumerated() where field.format.isLink {
                guard let target = field.target else { continue }
                for record in collection.records {
                    for key in record.values[fieldPosition].keys
                    where collections[target].position(ofKey: key) == nil && !leftOut[target].contains(key) {
                        diagnostics.append(
                            .warning(
                                collection.location(of: record), record: record.key, field: field.id,
                                "links to '\(key)', which names no record of '\(collections[target].spec.id)';"
                                    + " shown without a link"))
                    }
                }
            }
        }
        return diagnostics
    }

    /// Every collection's groups; a collection without pages in this language has the default's
    /// (`defaultSite`), but for their specs.
    static func groups(
        of collections: [RecordCollection], sharing defaultSite: Site?, collation: Collation,
        _ diagnostics: inout [Diagnostic]
    ) -> [Group] {
        var groups: [Group] = []
        for collection in collections {
            for spec in collection.spec.groups {
                if let defaultSite, !collection.spec.hasPages,
                    var group = defaultSite.groups.first(where: {
                        $0.collection == collection.number && $0.spec.name == spec.name
                    })
                {
                    group.spec = spec
                    groups.append(group)
                    continue
                }
                let (group, problems) = Group.make(
                    spec: spec, collection: collection, collections: collections,
                    collation: collection.spec.collationLocale.map(Collation.of) ?? collation)
                groups.append(group)
                diagnostics += problems
            }
        }
        return groups
    }

    /// Sorts, sections and slugs one collection's records; with the order it put them in (the loaded
    /// position of each).
    func modelCollection(
        _ spec: CollectionSpec, _ loaded: LoadedCollection, number: Int, offset: Int, indexFolder: String,
        indexesKeys: Bool, collation: Collation, _ diagnostics: inout [Diagnostic]
    ) -> (collection: RecordCollection, order: [Int]) {
        // Sort by the title: section order first, then the locale's collation within the section (or by a
        // field, `index.sort`: `FieldOrder`). A sort key and a
        // bucket are made once per record, one chunk of records per core at a time; the records are read
        // where they are: a record copied out retained and released its texts and values, from both cores.
        let order: [Int]
        let sections: [Section]
        if spec.index.isByTitle {
            let sortKeys = loaded.records.withSharedElements { records in
                SortKeys(count: records.count, collation: collation) { records[$0].title }
            }
            order = sortKeys.order(tieBreaks: loaded.records.map(\.key))
            sections = Section.runs(count: order.count, collation: collation) { sortKeys.buckets[order[$0]] }
        } else {
            let byField = FieldOrder(loaded.records, spec: spec, collation: collation)
            order = byField.order
            sections = Section.runs(count: order.count) { byField.sections[$0] }
        }
        let records = order.map { loaded.records[$0] }

        // Slugs: unique, or an error naming both records.
        var slugs: [String] = []
        var ownerOfSlug: [String: Int] = [:]
        let made = records.withSharedElements { records in
            Parallel.map(records.count) { Slug.make(from: records[$0].key) }
        }
        // Keys are unique: when every slug is its record's key, so are the slugs.
        let slugsAreKeys = records.indices.allSatisfy { made[$0] == records[$0].key }
        // Every slug its record's key (the usual case): nothing to check, and no record copied out to check it.
        if slugsAreKeys {
            slugs = made.map { $0! }
        } else {
            slugs.reserveCapacity(records.count)
            ownerOfSlug.reserveCapacity(records.count)
            for (position, record) in records.enumerated() {
                let location = SourceLocation(file: loaded.file, line: record.line)
                guard let slug = made[position] else {
                    diagnostics.append(
                        .error(
                            location, record: record.key, field: spec.records.keyField,
                            "key gives no usable file name; use letters or digits"))
                    slugs.append("")
                    continue
                }
                if let other = ownerOfSlug[slug] {
                    let first = records[other]
                    diagnostics.append(
                        .error(
                            location, record: record.key, field: spec.records.keyField,
                            "key gives the page name '\(slug)', as does record '\(first.key)' at line \(first.line);"
                                + " keys must differ in more than case and punctuation"
                        ))
                }
                ownerOfSlug[slug] = position
                slugs.append(slug)
            }
        }

        // Sections.
        var sectionOfRecord: [Int] = []
        sectionOfRecord.reserveCapacity(records.count)
        for (number, section) in sections.enumerated() {
            sectionOfRecord += repeatElement(number, count: section.range.count)
        }
        let collection = RecordCollection(
            spec: spec, number: number, records: records, slugs: slugs, sections: sections,
            sectionOfRecord: sectionOfRecord, offset: offset, indexFolder: indexFolder, file: loaded.file,
            indexesKeys: indexesKeys,
            indexPages: records.count > spec.index.splitAbove
                ? IndexPage.make(
                    sections: sections, titles: records.map(\.title), folder: indexFolder,
                    sectionSize: spec.index.sectionSize, collation: collation) : [])
        return (collection, order)
    }

    /// For each field of codes (`FieldSpec.shownAs`) that holds codes neither ICU nor the field's `names` has
    /// a name for, one warning at the
    /// first record that holds one, naming the first few: pages show them as they are. For a date field, an
    /// error at each record whose value is no day written `YYYY-MM-DD`.
    func shownValueProblems(in collections: [RecordCollection], locale: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for collection in collections {
            for (position, field) in collection.spec.fields.enumerated() {
                // Codes may have no name, a day or a yes or no may be none; what any other kind shows is the
                // value's own.
                guard let shownAs = field.shownAs,
                    shownAs.kind.isCode || [.date, .boolean, .timezone].contains(shownAs.kind)
                else { continue }
                let kind = shownAs.kind
                var seen: Set<String> = []
                var unknown: [String] = []
                var first: Record?
                for record in collection.records {
                    record.values[position].forEachText { text in
                        if kind == .date || kind == .boolean {
                            let problem =
                                kind == .date
                                ? ISODate(String(text.trimmingWhitespace())) == nil
                                    ? "expected a day written YYYY-MM-DD (ISO 8601), found '\(text)'" : nil
                                : Truth.of(text) == nil
                                    ? "expected yes or no (true, false, yes, no, 1 or 0), found '\(text)'" : nil
                            if let problem {
                                diagnostics.append(
                                    .error(
                                        collection.location(of: record), record: record.key, field: field.id, problem))
                            }
                            return
                        }
                        guard seen.insert(text).inserted, shownAs.shown(text, locale: locale) == nil else { return }
                        unknown.append(text)
                        if first == nil { first = record }
                    }
                }
                guard let first else { continue }
                let named = Diagnostic.firstFew(unknown)
                let what = kind == .timezone ? "time zone ICU knows" : "\(kind.rawValue) code that ICU has a name for"
                diagnostics.append(
                    .warning(
                        collection.location(of: first), record: first.key, field: field.id,
                        unknown.count == 1
                            ? "\(named) is no \(what); shown as it is"
                            : "\(unknown.count) values are no \(what) (\(named)); shown as they are"))
            }
        }
        return diagnostics
    }

    /// Notes by record key, or by slug; a note that names no record is a warning.
    func attachNotes(_ notes: [Note], to collection: inout RecordCollection, _ diagnostics: inout [Diagnostic]) {
        var positionBySlug: [String: Int] = [:]
        if !notes.isEmpty {
            for (position, slug) in collection.slugs.enumerated() { positionBySlug[slug] = position }
        }
        for note in notes {
            if let position = collection.position(ofKey: note.name) ?? positionBySlug[note.name] {
                collection.notes[position] = note
            } else {
                diagnostics.append(
                    .warning(
                        SourceLocation(file: note.file),
                        "note names no record: no record of '\(collection.spec.id)' has the key '\(note.name)';"
                            + " the note is not published"))
            }
        }
    }
}
