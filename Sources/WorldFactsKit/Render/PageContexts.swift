import WorldFactsModel
import WorldFactsMustache
import WorldFactsOutput
import WorldFactsSupport

/// Builds the values the Mustache templates see for one collection's pages: its index, the section pages
/// of a split index, its record pages and the complete lists of records that link to a record. Pure: a
/// `Site` in, `TemplateValue`s out. Each page has an input fingerprint, hashed from what its context is
/// made of without making it: pages are reused by it, so it must change whenever the context does
/// (a test compares the two on edits). A class, so that the renderer's many calls on every core share one
/// instance rather than copying (and retaining) each of its parts.
public final class PageContexts: Sendable {
    public let site: Site
    public let collection: RecordCollection
    public let rows: IndexRows
    let values: SiteValues
    let markdown: Markdown
    /// The way up from a record page to the root ("../").
    let recordRoot: String

    /// Whether record pages name their fields by id (`namedFields`): for templates that use them.
    public let fieldsByName: Bool
    /// Whether record pages give their note's first paragraph apart (`noteLead`, `noteRest`): a template
    /// uses one of them.
    public let leadsNotes: Bool
    /// The fields shown as time zones, whose text (today's offset) goes into a record page's fingerprint.
    let timeZoneFields: [Int]

    public init(
        site: Site, collection: Int, values: SiteValues? = nil, fieldsByName: Bool = false, leadsNotes: Bool = false
    ) {
        self.fieldsByName = fieldsByName
        self.leadsNotes = leadsNotes
        self.site = site
        self.collection = site.collections[collection]
        self.values = values ?? SiteValues(site: site)
        rows = self.values.rows
        markdown = Markdown(unsafe: site.config.unsafeRawHTML)
        recordRoot = SiteValues.root(of: self.collection.spec.records.pagesFolder + "/page.html")
        let fields = site.collections[collection].spec.fields
        timeZoneFields = fields.indices.filter { fields[$0].shownAs?.kind == .timezone }
    }

    public var formatter: ValueFormatter { rows.formatter }

    public func row(_ position: Int) -> IndexRow { rows.row(collection.number, position) }

    /// The page of a record. Read here, where the collection is borrowed: `contexts.collection.pagePath(of:)`
    /// from another type copied the whole collection (retaining each of its arrays) for every page.
    public func pagePath(of position: Int) -> String { collection.pagePath(of: position) }

    func rowContext(_ row: IndexRow, root: String) -> TemplateValue { IndexRows.context(row, root: root) }

    /// The heading and title of the collection's index.
    var indexHeading: String { site.hasHome ? collection.spec.label : site.config.title }

    /// The section strip as seen from a page at `root`: links to the anchors on this page, or to the
    /// section pages of a split index.
    func strip(root: String, onPage: String) -> TemplateValue {
        .list(
            collection.sections.indices.map { position in
                let section = collection.sections[position]
                let page = collection.sectionPagePath(of: position)
                return [
                    "letter": .text(section.letter), "anchor": .text(section.anchor),
                    "href": .text((page == onPage ? "" : root + page) + "#" + section.anchor),
                ]
            })
    }

    /// Whether the collection's pages are in every language of the site (`LanguageLinks`).
    var inEveryLanguage: Bool { collection.spec.languages == .all }

    /// The index page: every section with its rows, or, when the index is split, every section with a
    /// link to its page and its count.
    public func index(extra: TemplateObject = [:]) -> TemplateValue {
        let path = collection.indexPath
        let root = SiteValues.root(of: path)
        var context = values.common(
            root: root, path: path,
            pageTitle: site.hasHome ? "\(indexHeading) — \(site.config.title)" : site.config.title,
            credits: site.hasHome ? values.credits(of: collection.number) : values.allCredits,
            searching: collection.number, versions: inEveryLanguage, name: indexHeading,
            description: site.hasHome ? nil : site.config.description,
            structuredData: site.hasHome ? nil : values.structuredData?.home())
        context["heading"] = .text(indexHeading)
        context["isIndex"] = true
        context["topHref"] = "#top"
        let names = SectionNames.of(collection.sections) { collection.records[$0].title }
        context["sections"] = .list(
            collection.sections.indices.map { position -> TemplateValue in
                let section = collection.sections[position]
                var values: TemplateObject = ["letter": .text(section.letter), "anchor": .text(section.anchor)]
                if let name = names[position] { values["sectionName"] = .text(name) }
                if collection.isIndexSplit {
                    values["parts"] = .list(
                        collection.indexPages.filter { $0.section == position }.map { page -> TemplateValue in
                            [
                                "page": .text(
                                    String(page.path.dropFirst(collection.indexFolder.count)) + "#" + section.anchor),
                                "guide": .text(guideWords(page)), "countText": .text(countText(page.range.count)),
                            ]
                        })
                } else {
                    values["rows"] = .list(section.range.map { rowContext(row($0), root: root) })
                    values["hasRows"] = true
                }
                return .object(values)
            })
        context.setStrip(strip(root: root, onPage: path))
        if !collection.spec.downloads.isEmpty {
            context["downloads"] = [
                "links": .list(
                    collection.spec.downloads.map { format -> TemplateValue in
                        [
                            "href": .text(root + format.path(of: collection.spec.id)),
                            "label": .text(format.rawValue.uppercased()),
                        ]
                    })
            ]
        }
        for entry in extra.entries { context[entry.key] = entry.value }
        return .object(context)
    }

    func countText(_ count: Int) -> String { values.sectionCountText(count) }

    /// A page's guide words: the titles of its first and last records.
    func guideWords(_ page: IndexPage) -> String { page.guideWords { collection.records[$0].title } }

    /// One page of a split index: a section, or a part of a large one.
    public func sectionPage(_ number: Int) -> TemplateValue {
        let page = collection.indexPages[number]
        let section = collection.sections[page.section]
        let path = page.path
        let root = SiteValues.root(of: path)
        let part = page.range == section.range ? section.letter : guideWords(page)
        var context = values.common(
            root: root, path: path, pageTitle: "\(part) — \(indexHeading) — \(site.config.title)",
            credits: values.credits(of: collection.number), searching: collection.number,
            name: "\(part) — \(indexHeading)")
        context["heading"] = .text(indexHeading)
        context["isIndex"] = true
        context["topHref"] = .text(root + collection.indexPath + "#top")
        context["sections"] = [
            [
                "letter": .text(section.letter), "anchor": .text(section.anchor), "hasRows": true,
                "rows": .list(page.range.map { rowContext(row($0), root: root) }),
            ]
        ]
        context.setStrip(strip(root: root, onPage: path))
        return .object(context)
    }

    /// A record page's context (`RecordContext` writes it where it is rendered).
    public func record(_ position: Int) -> TemplateValue { RecordContext(contexts: self, position: position).tree }

    /// A record page's context, written into `writer`: as a tree, or, for a page whose shape has a plan,
    /// as its outline and texts (`ContextOutline`).
    func writeRecord<Writer: ContextWriter>(_ position: Int, into writer: inout Writer) {
        let record = collection.records[position]
        values.writeCommon(
            root: recordRoot, path: collection.pagePath(of: position),
            pageTitle: concat(record.title, " — ", site.config.title), credits: values.credits(of: collection.number),
            searching: collection.number, record: true, versions: inEveryLanguage, into: &writer)
        values.writeWeb(
            path: collection.pagePath(of: position), name: record.title, description: description(of: position),
            structuredData: values.structuredData?.record(position, in: collection.number), into: &writer)
        writer.beginObject("record")
        writer.text("title", record.title)
        writer.text("key", record.key)
        writer.end()
        writer.beginList("facts")
        // The spec is read where it is, as every core's pages share it: a copy of it retained and released
        // each of its arrays and texts, from both cores at once, for every page. Fields are read where
        // they are in the spec: a field copied out retained and released each of its texts.
        for fieldPosition in collection.spec.fields.indices where collection.spec.fields[fieldPosition].show {
            writeFact(fieldPosition, of: record, into: &writer)
        }
        writer.end()
        if let spec = collection.spec.map,
            let map = WorldMap.context(
                spec, of: position, in: collection, site: site,
                outline: (recordRoot + values.assets.worldOutline, values.assets.outline), formatter: formatter)
        {
            writer.value("map", map)
        }
        if !collection.spec.charts.isEmpty {
            let charts = charts(of: position)
            if !charts.isEmpty { writer.value("charts", .list(charts)) }
        }
        if fieldsByName {
            writer.value("fields", namedFields(of: record))
            writer.value("collection", collectionValue)
        }
        let lists = site.lists[collection.number].compactMap { list(of: $0, position) }
        if !lists.isEmpty { writer.value("lists", .list(lists)) }
        if let note = collection.notes[position] {
            if leadsNotes {
                // For templates that place the first paragraph apart: the whole and its parts, from one parse.
                let (whole, parts) = markdown.lead(note.markdown)
                writer.text("note", whole)
                if let (lead, rest) = parts {
                    writer.text("noteLead", lead)
                    if !rest.isEmpty { writer.text("noteRest", rest) }
                }
            } else {
                writer.text("note", markdown.html(note.markdown))
            }
            // A note in the default language, for want of one in the page's: marked, and its language named.
            if note.isFallback, let language = values.languageLinks?.languages.first {
                writer.text("noteLang", language.tag)
            }
        }
        if position > 0 { writeNeighbour("previous", position - 1, into: &writer) }
        if position + 1 < collection.records.count { writeNeighbour("next", position + 1, into: &writer) }
        let section = collection.sections[collection.sectionOfRecord[position]]
        writer.beginObject("back")
        writer.text("href", concat(recordRoot, collection.indexPagePath(of: position), "#", section.anchor))
        writer.text("letter", section.letter)
        writer.text("title", site.hasHome ? collection.spec.label : site.config.strings.backToIndex)
        writer.end()
    }

    /// A record a link field names, as a record page links it: its title and page, with the default
    /// language's tag for a page there is only in the default language; the key alone, unlinked, when it
    /// names no record.
    func linked(_ field: FieldSpec, key: String) -> (text: String, href: String?, hreflang: String?) {
        guard let target = site.target(of: field, key: key) else { return (key, nil, nil) }
        let targetCollection = site.collections[target.collection]
        return (
            site.title(of: target), targetCollection.pagePath(of: target.position, from: recordRoot),
            targetCollection.spec.hasPages ? nil : rows.defaultLanguage
        )
    }

    /// One fact of a record page: the field's label and id, and its value as text, or as links (to the
    /// records it names, or to the group pages of its values). A field with a `fallback` shows that
    /// field's value where its own is empty.
    private func writeFact<Writer: ContextWriter>(_ fieldPosition: Int, of record: Record, into writer: inout Writer) {
        var shown = fieldPosition
        if let fallback = collection.spec.fields[fieldPosition].fallback,
            record.values[fieldPosition].texts.isEmpty,
            rows.linkKeys(record.values[fieldPosition]).isEmpty
        {
            shown = fallback
        }
        let value = record.values[shown]
        if collection.spec.fields[fieldPosition].hideEmpty && value.isEmpty { return }
        writer.beginElement()
        writer.text("label", collection.spec.fields[fieldPosition].label)
        writer.text("id", collection.spec.fields[fieldPosition].id)
        let linkKeys = collection.spec.fields[shown].format.isLink ? rows.linkKeys(value) : []
        if !linkKeys.isEmpty {
            writer.beginList("links")
            for key in linkKeys {
                let link = linked(collection.spec.fields[shown], key: key)
                writer.beginElement()
                writer.text("text", link.text)
                if let href = link.href { writer.text("href", href) }
                if let hreflang = link.hreflang { writer.text("hreflang", hreflang) }
                writer.end()
            }
            writer.end()
        } else if let group = site.group(collection: collection.number, field: shown),
            case let values = groupValues(value, in: group), !values.isEmpty
        {
            // Each value of a group field links to its group page (each item, in a list group).
            writer.beginList("links")
            for (text, groupValue) in values {
                writer.beginElement()
                writer.text("text", text)
                writer.text("href", concat(recordRoot, group.pagePath(of: groupValue)))
                writer.end()
            }
            writer.end()
        } else if let kind = collection.spec.fields[shown].shownAs?.kind, case .text(let text) = value,
            let href = WebLink.href(kind, text)
        {
            // A web or e-mail address: one link, its text shorter.
            writer.beginList("links")
            writer.beginElement()
            writer.text("text", formatter.shown(text, collection.spec.fields[shown].shownAs))
            writer.text("href", href)
            writer.end()
            writer.end()
        } else {
            writer.text("value", formatter.text(value, of: collection.spec.fields[shown], in: record.values))
        }
        writer.end()
    }

    /// A record page's description: its collection's (`PageDescription`), else its note's first paragraph.
    func description(of position: Int) -> String? {
        let record = collection.records[position]
        guard let spec = collection.spec.description else {
            return collection.notes[position].flatMap { markdown.firstParagraph($0.markdown) }
        }
        var text = ""
        for part in spec.parts {
            switch part {
            case .text(let words): text += words
            case .field(let ref): text += shownText(of: ref, in: record)
            }
        }
        return text
    }

    /// The texts of a group field's value with the group's value of each: one for a text, one per item
    /// of a list; none when one of them has no page.
    func groupValues(_ value: FieldValue, in group: Group) -> [(String, Int)] {
        var values: [(String, Int)] = []
        var complete = true
        value.forEachText { text in
            if let number = group.value(of: text) {
                values.append((group.values[number].title, number))
            } else {
                complete = false
            }
        }
        return complete ? values : []
    }

    /// A value as the facts table shows it: a link by its targets' titles, a number grouped, with its unit.
    func shownText(of ref: SiteConfig.FieldRef, in record: Record) -> String {
        let value = record.value(ref)
        guard case .field(let field) = ref else { return formatter.text(value, nil) }
        let spec = collection.spec.fields[field]
        if spec.format.isLink {
            let titles = rows.linkKeys(value).map { key in
                site.target(of: spec, key: key).map { site.title(of: $0) } ?? key
            }
            return titles.joined(separator: ", ")
        }
        return formatter.text(value, of: spec, in: record.values)
    }

    /// The link to the record before or after a record page's.
    private func writeNeighbour<Writer: ContextWriter>(_ key: StaticString, _ position: Int, into writer: inout Writer)
    {
        writer.beginObject(key)
        writer.text("title", collection.records[position].title)
        writer.text("href", collection.pagePath(of: position, from: recordRoot))
        writer.end()
    }

    /// A list on a record page: its first records, and a link to all of them when there are more.
    func list(of list: ReverseList, _ position: Int) -> TemplateValue? {
        let items = list.items[position]
        guard !items.isEmpty else { return nil }
        var values: TemplateObject = [
            "id": .text("list-" + list.spec.id), "label": .text(heading(of: list, position)),
            "rows": .list(
                items.prefix(list.spec.limit).map { rowContext(rows.row(list.spec.source, $0), root: recordRoot) }),
        ]
        if list.isCut(position) {
            values["more"] = [
                "href": .text(recordRoot + list.pagePath(of: position, in: collection)),
                "text": .text(self.values.countText("see_all", items.count)),
            ]
        }
        return .object(values)
    }

    /// A list's heading on a record's page: its label, with `{count}` the number of records it lists, in
    /// the locale's digits.
    func heading(of list: ReverseList, _ position: Int) -> String {
        guard list.spec.label.contains("{count}") else { return list.spec.label }
        let count = formatter.text(.integer(list.items[position].count), unit: nil, fractionDigits: 0, shownAs: nil)
        return list.spec.label.replacingEvery("{count}", with: count)
    }

    /// The complete list of a record: every record that links to it, in the list's order.
    public func listPage(_ list: ReverseList, _ position: Int) -> TemplateValue {
        listPage(list, position) { root in
            list.items[position].map { rowContext(rows.row(list.spec.source, $0), root: root) }
        }
    }

    /// `listPage` with only the rows at `places` of the list, each marked with its place (`ElementMark`):
    /// what a page made from the last build's shows of its rows (`RowSplice`).
    func listPage(_ list: ReverseList, _ position: Int, onlyAt places: [Int]) -> TemplateValue {
        listPage(list, position) { root in
            places.map { place in
                ElementMark.marked(
                    rowContext(rows.row(list.spec.source, list.items[position][place]), root: root), place: place)
            }
        }
    }

    /// A complete list page whose rows, from a page at `root`, `rows` makes.
    private func listPage(_ list: ReverseList, _ position: Int, rows: (String) -> [TemplateValue]) -> TemplateValue {
        let record = collection.records[position]
        let path = list.pagePath(of: position, in: collection)
        let root = SiteValues.root(of: path)
        let label = heading(of: list, position)
        let heading = "\(label) — \(record.title)"
        var context = values.common(
            root: root, path: path, pageTitle: "\(heading) — \(site.config.title)",
            credits: values.credits(of: collection.number), searching: collection.number, versions: inEveryLanguage,
            name: heading)
        context["heading"] = .text(heading)
        context["topHref"] = "#top"
        context["sections"] = [
            [
                "letter": .text(label), "anchor": .text("list-" + list.spec.id), "hasRows": true,
                "rows": .list(rows(root)),
            ]
        ]
        context.setStrip(.list([]))
        context["back"] = ["href": .text(root + collection.pagePath(of: position)), "title": .text(record.title)]
        return .object(context)
    }

    // MARK: Input fingerprints

    /// What every page of a kind shares in its input fingerprint (`SiteValues.pageInputsBase`), and the
    /// collection.
    func inputsBase(templates: String, kind: String) -> ContextFingerprint {
        var hash = values.pageInputsBase(templates: templates, kind: kind)
        hash.add(collection.spec.id)
        return hash
    }

    /// The part of every record page's input fingerprint that all of them share.
    public func recordInputsBase(templates: String) -> ContextFingerprint {
        var hash = inputsBase(templates: templates, kind: "record")
        hash.add(recordRoot)
        return hash
    }

    /// What `record(position)` is made of, hashed without making it: the config (labels, formats,
    /// strings, the site's title), the record, its note, the titles and pages of the records its links
    /// name, the rows its lists show and their counts, its neighbours and its section. Group links are
    /// the record's values and the config. `base` is `recordInputsBase(templates:)`.
    /// A number, as the manifest keeps it (`OutputFile.inputsValue`): its hex text was made and read back
    /// twice for every record page.
    public func recordInputs(_ position: Int, base: ContextFingerprint) -> UInt64 {
        var hash = base
        let record = collection.records[position]
        hash.add(record: record)
        for field in collection.spec.fields.indices where collection.spec.fields[field].format.isLink {
            for key in rows.linkKeys(record.values[field]) {
                if let target = site.target(of: collection.spec.fields[field], key: key) {
                    hash.add(1)
                    hash.add(site.title(of: target))
                    hash.add(
                        pageIn: site.collections[target.collection].spec.records.pagesFolder,
                        slug: site.collections[target.collection].slugs[target.position])
                } else {
                    hash.add(0)
                }
            }
        }
        for list in site.lists[collection.number] {
            let items = list.items[position]
            hash.mix(UInt64(items.count))
            for item in items.prefix(list.spec.limit) {
                hash.mix(rows.inputs(list.spec.source, item, base: values.rowBase))
            }
        }
        // A map's dots are the places of its list's first records.
        if let map = collection.spec.map, let list = map.dots, let field = map.dotsField {
            let source = site.lists[collection.number][list].spec.source
            for item in site.lists[collection.number][list].items[position].prefix(map.limit) {
                hash.add(field: site.collections[source].records[item].values[field])
            }
        }
        addCharts(of: position, to: &hash)
        // A time zone's offset changes with the seasons, its value does not: the text the page shows.
        for field in timeZoneFields { hash.add(formatter.text(record.values[field], collection.spec.fields[field])) }
        if let note = collection.notes[position] {
            hash.add(note.isFallback ? 2 : 1)
            hash.add(note.markdown)
        } else {
            hash.add(0)
        }
        for neighbour in stride(from: position - 1, through: position + 1, by: 2) {
            guard collection.records.indices.contains(neighbour) else { hash.add(0); continue }
            hash.add(1)
            hash.add(collection.records[neighbour].title)
            hash.add(pageIn: collection.spec.records.pagesFolder, slug: collection.slugs[neighbour])
        }
        let sectionPosition = collection.sectionOfRecord[position]
        hash.add(collection.indexPagePath(of: position))
        hash.add(collection.sections[sectionPosition].letter)
        hash.add(collection.sections[sectionPosition].anchor)
        hash.add(pageIn: collection.spec.records.pagesFolder, slug: collection.slugs[position])
        return hash.number
    }

    /// What a list page is made of: the record's title and page, and the rows of the list.
    /// `rowInputs`, when given, holds the row inputs of every record of the list's source collection.
    public func listPageInputs(_ list: ReverseList, _ position: Int, templates: String, rowInputs: [UInt64]?) -> String
    {
        var hash = inputsBase(templates: templates, kind: "list")
        hash.add(list.spec.id)
        hash.add(collection.records[position].title)
        hash.add(list.pagePath(of: position, in: collection))
        for item in list.items[position] {
            hash.mix(rowInputs?[item] ?? rows.inputs(list.spec.source, item, base: values.rowBase))
        }
        return hash.value
    }

    /// What `row(position)` is made of (`IndexRows.inputs`).
    public func rowInputs(_ position: Int, base: ContextFingerprint) -> UInt64 {
        rows.inputs(collection.number, position, base: base)
    }

    /// The part of every row's input fingerprint that all of them share.
    public func rowInputsBase() -> ContextFingerprint { values.rowBase }

    /// What `sectionPage(number)` is made of, hashed without making it: the config, every section's
    /// letter, anchor and page (the strip), the page's guide words and rows (by what they are made of). As
    /// with `recordInputs`, anything `sectionPage(_:)` starts to read must be added here.
    /// `rows`, when given, holds `rowInputs` of every record of the collection, made beforehand.
    public func sectionPageInputs(_ number: Int, templates: String, rows: [UInt64]? = nil) -> String {
        var hash = inputsBase(templates: templates, kind: "section")
        let page = collection.indexPages[number]
        hash.add(page.path)
        hash.add(guideWords(page))
        for (number, section) in collection.sections.enumerated() {
            hash.add(section.letter)
            hash.add(section.anchor)
            hash.add(collection.sectionPagePath(of: number))
        }
        for record in page.range {
            hash.mix(rows?[record] ?? rowInputs(record, base: values.rowBase))
        }
        return hash.value
    }
}

/// A record page's context as a source (`ContextSource`): written as a tree for the first page of its
/// shape, and as an outline for the others (`TemplateSet.renderPlanned`).
struct RecordContext: ContextSource {
    let contexts: PageContexts
    let position: Int

    func write(into writer: inout ContextTree) { contexts.writeRecord(position, into: &writer) }
    func write(into writer: inout ContextOutline) { contexts.writeRecord(position, into: &writer) }
}
