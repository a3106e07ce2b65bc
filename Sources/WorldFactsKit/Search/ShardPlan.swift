/// A node of the prefix tree of one scope: a complete shard (every record with a key starting with the
/// prefix) or, when that would exceed the size budget, a preview of the first results and their total.
public struct ShardPlan: Sendable, Equatable {
    public enum Kind: String, Sendable { case leaf = "l", preview = "p" }
    public var prefix: String
    public var kind: Kind
    /// Record positions, ranked: whole-field matches first, then word-start matches, each in index order.
    public var records: [Int]
    /// How many records match the prefix in all.
    public var total: Int
    /// A preview of a scope with filters: for each filter, how many of those records have each value
    /// (`ScopeFilters`); empty otherwise.
    public var counts: [[Int]] = []
}
