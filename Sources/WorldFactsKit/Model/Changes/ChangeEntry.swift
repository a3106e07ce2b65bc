/// One build's entry in the feed of changes: the first build's count of records, or the records a build
/// added, removed and changed, the first `ChangesSpec.perEntry` of them named and the rest counted.
public struct ChangeEntry: Sendable, Equatable {
    /// One more than the entry before it: the entry's anchor on the page and part of its id in the feed.
    public var number: Int
    /// When the build ran, in UTC, as RFC 3339 writes it (`2026-12-03T15:04:05Z`).
    public var time: String
    /// A first build's entry (the history starts here): the records of each collection, counted.
    public var created: [Count]?
    public var items: [ChangeItem]
    /// The changes the entry counts but does not name.
    public var more: Int

    public struct Count: Sendable, Equatable {
        public var collection: String
        public var records: Int

        public init(collection: String, records: Int) {
            self.collection = collection
            self.records = records
        }
    }

    public init(number: Int, time: String, created: [Count]? = nil, items: [ChangeItem] = [], more: Int = 0) {
        self.number = number
        self.time = time
        self.created = created
        self.items = items
        self.more = more
    }

}

/// A record the build added, removed or changed, named by collection, key and title (the title it has, or
/// for a removed record the one it had).
public struct ChangeItem: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case added, removed, changed
    }

    public var kind: Kind
    public var collection: String
    public var key: String
    public var title: String
    /// The title it had, where the build changed it.
    public var oldTitle: String?
    /// For a changed record: each field whose value changed, old and new.
    public var fields: [FieldChange]

    public init(
        kind: Kind, collection: String, key: String, title: String, oldTitle: String? = nil,
        fields: [FieldChange] = []
    ) {
        self.kind = kind
        self.collection = collection
        self.key = key
        self.title = title
        self.oldTitle = oldTitle
        self.fields = fields
    }
}

/// A field whose value a build changed: its id, and its values as loaded, which the page shows formatted.
public struct FieldChange: Sendable, Equatable {
    public var field: String
    public var old: FieldValue
    public var new: FieldValue

    public init(field: String, old: FieldValue, new: FieldValue) {
        self.field = field
        self.old = old
        self.new = new
    }
}
