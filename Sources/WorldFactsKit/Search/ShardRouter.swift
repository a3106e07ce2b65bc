import WorldFactsModel
import WorldFactsSupport

/// Which shard answers a folded query: the counterpart of `route` in `Templates/assets/search/70-route.js`.
/// Walks the query's prefixes from one character on: a leaf answers everything below it, a split
/// prefix answers only itself (with its preview), any other prefix has no match.
public struct ShardRouter: Sendable {
    public enum Answer: Equatable, Sendable {
        case leaf(String)
        case preview(String)
        case none
    }

    let leaves: Set<String>
    let splits: Set<String>

    public init(plans: [ShardPlan]) {
        leaves = Set(plans.filter { $0.kind == .leaf }.map(\.prefix))
        splits = Set(plans.filter { $0.kind == .preview }.map(\.prefix))
    }

    public func route(_ query: String) -> Answer {
        var prefix = ""
        for scalar in query.unicodeScalars {
            prefix.unicodeScalars.append(scalar)
            if leaves.contains(prefix) { return .leaf(prefix) }
            if !splits.contains(prefix) { return .none }
        }
        return prefix.isEmpty ? .none : .preview(prefix)
    }
}
