import Dispatch
import Foundation
import WorldFactsSupport

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
    init(
        config: SiteConfig, records: [Record], slugs: [String], sections: [Section], sectionOfRecord: [Int],
        notes: [Int: Note], indexesKeys: Bool, warnings: [Diagnostic]
    ) {
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
