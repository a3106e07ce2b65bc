import WorldFactsModel
import WorldFactsSupport

/// Refuses a title or a searched value longer than `search.max_length`: each is copied into a shard for
/// every word start of the record, so one long value would make the search index grow with the square of
/// its length. A long value in a field that is not searched is only shown, and is not limited.
struct ValueLengths {
    let limit: Int
    /// The fields of the collection that a scope searches, and its title.
    let refs: [SiteConfig.FieldRef]
    let spec: CollectionSpec
    let file: String

    /// The limit a site's config sets on a collection's records; nil when the site has no search.
    init?(config: SiteConfig, collection: Int, file: String) {
        let scopes = config.search.scopes
        guard !scopes.isEmpty else { return nil }
        var refs: [SiteConfig.FieldRef] = [.title]
        for scope in scopes where scope.collection == collection {
            for ref in scope.fields where !refs.contains(ref) { refs.append(ref) }
        }
        self.limit = config.search.maxLength
        self.refs = refs
        self.spec = config.collections[collection]
        self.file = file
    }

    /// An error for each value over the limit, in record order.
    func problems(in records: [Record]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for record in records {
            for ref in refs {
                record.value(ref).forEachText { text in
                    // A text of no more bytes than the limit has no more scalars: most are never counted.
                    guard text.utf8.count > limit else { return }
                    let length = text.unicodeScalars.count
                    guard length > limit else { return }
                    problems.append(
                        .error(
                            SourceLocation(file: file, line: record.line), record: record.key, field: name(of: ref),
                            "\(length) characters; a title or a searched value may have at most \(limit)"
                                + " (search.max_length in site.yml)"))
                }
            }
        }
        return problems
    }

    private func name(of ref: SiteConfig.FieldRef) -> String {
        switch ref {
        case .key: return spec.records.keyField
        case .title: return spec.records.titleField
        case .field(let position): return spec.fields[position].id
        }
    }
}
