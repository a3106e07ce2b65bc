import WorldFactsModel
import WorldFactsSupport

/// What the search index reads of the records: each one's row, made when it is needed, and a hash of
/// everything the row is made of, which stands for the row in the digests that decide what to rebuild.
public struct SearchRows: Sendable {
    public let count: Int
    /// By record position; equal inputs must mean equal rows (`PageContexts.rowInputs`).
    public let inputs: [UInt64]
    /// By record position: the UTF-8 bytes of the row's title and of its page's slug, which are known before
    /// the row is made (a floor for the size of its entry). Asked of every record by a first build, and
    /// after a value edit only of the records it changed: an array of them was made for every record of
    /// every language on every edit.
    public let titleAndSlugBytes: @Sendable (Int) -> Int
    public let row: @Sendable (Int) -> IndexRow
    /// By record position, the number its entries start with: the index sets it (`SearchNumbers.merged`, or
    /// the last build's) before it reads any.
    var numbers: SearchNumbers

    public init(
        inputs: [UInt64], titleAndSlugBytes: @escaping @Sendable (Int) -> Int,
        row: @escaping @Sendable (Int) -> IndexRow
    ) {
        count = inputs.count
        self.inputs = inputs
        self.titleAndSlugBytes = titleAndSlugBytes
        self.row = row
        numbers = SearchNumbers(order: [])
    }

    /// The number the entries of the record at `position` start with.
    func number(_ position: Int) -> String { numbers.text(position) }

    /// Rows made beforehand, hashed from their own fields.
    /// Numbered by their positions (`SearchNumbers(identity:)`), until an index numbers them.
    public init(_ rows: [IndexRow]) {
        let bytes = rows.map { $0.title.utf8.count + ShardEntry.slug(of: $0.path).utf8.count }
        self.init(inputs: rows.map(Self.hash), titleAndSlugBytes: { bytes[$0] }) { rows[$0] }
        numbers = SearchNumbers(identity: rows.count)
    }

    static func hash(_ row: IndexRow) -> UInt64 {
        var hash = StableHash()
        for text in [row.title, row.subtitle ?? "", row.detail ?? "", row.path] {
            hash.add(contentsOf: text.utf8)
            hash.add(0xFF)
        }
        hash.add(row.subtitle == nil ? 0 : 1)
        hash.add(row.detail == nil ? 0 : 1)
        return hash.value
    }
}
