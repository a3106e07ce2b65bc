/// The data as the feed of changes compares it (`ChangeHistory`): by collection, each record's key, title and
/// declared values, as loaded. What the site derives from them (reverse lists, groups, ranks) is not in it: a
/// record whose values change is the one change, not every record that lists it.
public struct DataState: Sendable, Equatable {
    public struct Collection: Sendable, Equatable {
        public var id: String
        /// The declared fields' ids, in the order of each record's values.
        public var fields: [String]
        /// In the site's order.
        public var records: [Entry]

        public init(id: String, fields: [String], records: [Entry]) {
            self.id = id
            self.fields = fields
            self.records = records
        }
    }

    public struct Entry: Sendable, Equatable {
        public var key: String
        public var title: String
        public var values: [FieldValue]

        public init(key: String, title: String, values: [FieldValue]) {
            self.key = key
            self.title = title
            self.values = values
        }
    }

    public var collections: [Collection]

    public init(collections: [Collection]) { self.collections = collections }

    /// The data of `site`: its records, not its derived lists.
    public init(site: Site) {
        collections = site.collections.map { collection in
            Collection(
                id: collection.spec.id, fields: collection.spec.fields.map(\.id),
                records: collection.records.map { Entry(key: $0.key, title: $0.title, values: $0.values) })
        }
    }

    public var recordCount: Int { collections.reduce(0) { $0 + $1.records.count } }
}
