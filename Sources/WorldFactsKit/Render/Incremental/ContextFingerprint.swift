import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// A digest (FNV-1a) of a template context, with a tag before every value and an end after every
/// container, so different shapes never hash alike by accident. Everything a template can show is in
/// its context: the same context with the same templates gives the same page, so a page whose
/// fingerprint is unchanged need not be rendered.
public struct ContextFingerprint: Sendable {
    private var hash = StableHash()

    public init() {}

    mutating func add(_ byte: UInt8) { hash.add(byte) }

    mutating func mix(_ word: UInt64) { hash.mix(word) }

    mutating func add(_ text: String) {
        hash.add(contentsOf: text.utf8)
        add(0xFF)  // never in UTF-8: ends the string
    }

    /// `add(RecordCollection.pagePath(folder:slug:))`, the same bytes, without making the path.
    mutating func add(pageIn folder: String, slug: String) {
        hash.add(contentsOf: folder.utf8)
        add(UInt8(ascii: "/"))
        hash.add(contentsOf: slug.utf8)
        hash.add(contentsOf: ".html".utf8)
        add(0xFF)
    }

    public mutating func add(value: TemplateValue) {
        switch value {
        case .text(let text): add(1); add(text)
        case .flag(let flag): add(2); add(flag ? 1 : 0)
        case .object(let object):
            add(4)
            for entry in object.entries { add(entry.key); add(value: entry.value) }
            add(5)
        case .list(let list):
            add(6)
            for element in list { add(value: element) }
            add(7)
        }
    }

    /// A record's key, title and values, each tagged by kind.
    mutating func add(record: Record) {
        add(record.key)
        add(record.title)
        for value in record.values { add(field: value) }
    }

    /// One value of a record, tagged by kind.
    mutating func add(field value: FieldValue) {
        switch value {
        case .missing: add(0)
        case .text(let text): add(1); add(text)
        case .integer(let number): add(2); hash.mix(UInt64(bitPattern: Int64(number)))
        case .decimal(let number): add(3); hash.mix(number.bitPattern)
        case .list(let items): add(4); for item in items { add(item) }; add(5)
        }
    }

    public var value: String { hash.hex }

    public var number: UInt64 { hash.value }

    /// The fingerprint of one page: generator version, every template's text, the template used, the context.
    public static func of(templates: String, template: String, context: TemplateValue) -> String {
        var fingerprint = ContextFingerprint()
        fingerprint.add(GeneratorVersion.current)
        fingerprint.add(templates)
        fingerprint.add(template)
        fingerprint.add(value: context)
        return fingerprint.value
    }
}
