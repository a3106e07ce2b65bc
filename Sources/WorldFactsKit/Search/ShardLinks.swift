import WorldFactsSupport

/// How the index names its shards: as a tree. The manifest names each scope's shards one scalar long,
/// and a preview names the shards one scalar below its prefix, `"k":{"<next scalar>":"<file>",…}`, so
/// `search.js` learns a prefix's shard from the preview of its parent, which the reader's previous
/// keystroke loaded. No file names every shard: the manifest stays a few KB at any size, where a map of
/// every prefix was most of a first visit's bytes on a large site.
///
/// The "All" scope's previews, at every prefix where a member has one, name the members' shards below
/// that prefix too, `"mk":{"<member scope>":{"<next scalar>":"<file>",…},…}` (only members with a
/// preview there): a query that leaves All's previews is answered by the members' shards that the
/// previews on its way have named.
struct ShardLinks: Sendable {
    /// For the "All" scope: each member's id and its shards by the prefix of their parent.
    var members: [(id: String, below: [String: [ShardName]])] = []

    /// `,"k":{…}` for a preview at `prefix` whose shards one scalar below are `children`, and `,"mk":{…}`
    /// when a member has shards below it.
    func json(prefix: String, children: [ShardName]) -> String {
        var text = ",\"k\":" + Self.map(children)
        let below = members.compactMap { member in
            member.below[prefix].map { JSONText.quoted(member.id) + ":" + Self.map($0) }
        }
        if !below.isEmpty { text += ",\"mk\":{" + below.joined(separator: ",") + "}" }
        return text
    }

    /// `{"<next scalar>":"<file>",…}`, in scalar order.
    static func map(_ children: [ShardName]) -> String {
        let sorted = children.sorted { $0.prefix.unicodeScalars.last!.value < $1.prefix.unicodeScalars.last!.value }
        return "{"
            + sorted.map { JSONText.quoted(String($0.prefix.unicodeScalars.last!)) + ":" + JSONText.quoted($0.file) }
            .joined(separator: ",") + "}"
    }

    /// The names by the prefix of their parent (one scalar shorter; "" for the manifest's).
    static func byParent(_ names: [ShardName]) -> [String: [ShardName]] {
        Dictionary(grouping: names) { parent(of: $0.prefix) }
    }

    static func parent(of prefix: String) -> String {
        String(String.UnicodeScalarView(prefix.unicodeScalars.dropLast()))
    }
}
