import WorldFactsSupport

/// One modelled collection: its records in index order (by section, then collation), their slugs,
/// sections and notes, and where its pages go. Built by `SiteModeler`; pure values from here on.
public struct RecordCollection: Sendable {
    public var spec: CollectionSpec
    /// Its position in `Site.collections`.
    public var number: Int
    public var records: [Record]
    public var slugs: [String]
    public var sections: [Section]
    /// Section of each record, by record position.
    public var sectionOfRecord: [Int]
    /// Note of a record, by record position.
    public var notes: [Int: Note]
    /// The position of this collection's first record among every record of the site, collection after
    /// collection: the search index numbers records so.
    public var offset: Int
    /// The folder of the collection's index and section pages: "" (the root) for a site of one
    /// collection, else its pages folder and "/".
    public var indexFolder: String
    /// The records file, for messages.
    public var file: String
    /// The pages of a split index, in order; empty when the index is one page.
    public var indexPages: [IndexPage]
    /// By section: the number of its first page in `indexPages`.
    private var firstPageOfSection: [Int]
    private(set) var positionByKey: [String: Int]
    /// True when `positionByKey` holds every key.
    let indexesKeys: Bool

    /// `indexesKeys`: whether anything will look records up by key, which is worth an index of them.
    /// `indexPages`: the pages of its split index (`IndexPage.make`), empty when it is one page.
    init(
        spec: CollectionSpec, number: Int, records: [Record], slugs: [String], sections: [Section],
        sectionOfRecord: [Int], offset: Int, indexFolder: String, file: String, indexesKeys: Bool,
        indexPages: [IndexPage]
    ) {
        self.spec = spec
        self.number = number
        self.records = records
        self.slugs = slugs
        self.sections = sections
        self.sectionOfRecord = sectionOfRecord
        self.notes = [:]
        self.offset = offset
        self.indexFolder = indexFolder
        self.file = file
        self.indexesKeys = indexesKeys
        self.indexPages = indexPages
        var first = [Int](repeating: 0, count: sections.count)
        for (number, page) in self.indexPages.enumerated().reversed() { first[page.section] = number }
        firstPageOfSection = first
        var positions: [String: Int] = [:]
        if indexesKeys {
            positions.reserveCapacity(records.count)
            for (position, record) in records.enumerated() { positions[record.key] = position }
        }
        self.positionByKey = positions
    }

    public func position(ofKey key: String) -> Int? {
        indexesKeys ? positionByKey[key] : records.firstIndex { $0.key == key }
    }

    /// True when the index is one page per section.
    public var isIndexSplit: Bool { !indexPages.isEmpty }

    /// The collection's index page, relative to the output root.
    public var indexPath: String { indexFolder + "index.html" }

    /// The page that lists a section (its first part, for a section in parts), relative to the output root.
    public func sectionPagePath(of section: Int) -> String {
        isIndexSplit ? indexPages[firstPageOfSection[section]].path : indexPath
    }

    /// The index page that lists a record, relative to the output root.
    public func indexPagePath(of position: Int) -> String {
        guard isIndexSplit else { return indexPath }
        let section = sectionOfRecord[position]
        var page = firstPageOfSection[section]
        while !indexPages[page].range.contains(position) { page += 1 }
        return indexPages[page].path
    }

    /// The page of a record, relative to the output root.
    public func pagePath(of position: Int) -> String {
        Self.pagePath(folder: spec.records.pagesFolder, slug: slugs[position])
    }

    /// The page of a record as a page at `root` ("../") links to it, made in one piece.
    public func pagePath(of position: Int, from root: String) -> String {
        concat(root, spec.records.pagesFolder, "/", slugs[position], ".html")
    }

    /// The page of the record whose slug is `slug`, in the pages folder `folder`.
    public static func pagePath(folder: String, slug: String) -> String {
        concat(folder, "/", slug, ".html")
    }

    /// The UTF-8 length of `pagePath(of:)`, without making it.
    public func pagePathBytes(of position: Int) -> Int {
        spec.records.pagesFolder.utf8.count + 1 + slugs[position].utf8.count + 5
    }

    /// The location of a record, for messages.
    public func location(of record: Record) -> SourceLocation {
        SourceLocation(file: file, line: record.line)
    }
}
