import WorldFactsModel
import WorldFactsMustache

/// The search boxes of a site's pages (`SiteValues`): the home page's, each collection's, with a
/// fieldset per filter of each scope, and each collection's record pages', without them.
struct SearchBars {
    let site: SharedValue?
    let byCollection: [SharedValue]
    let recordPages: [SharedValue]
    /// The filters' names and values, for the fingerprints of the pages that show them.
    let filterValuesText: String

    init(site: Site) {
        let config = site.config
        let scopes = config.search.scopes
        let onSubmit = config.search.mode == .onSubmit
        // A fieldset per filter of each scope, shown while its scope is checked (`search.js`).
        func filters(checked: Int) -> [TemplateValue] {
            scopes.enumerated().flatMap { offset, scope -> [TemplateValue] in
                guard let number = scope.collection else { return [] }
                let collection = site.collections[number]
                return scope.filters.compactMap { filter -> TemplateValue? in
                    guard let group = site.group(collection: number, number: filter) else { return nil }
                    let spec = group.spec
                    // The value's field: the linked collection's for a group through a link.
                    let field =
                        spec.through.flatMap { through in
                            collection.spec.fields[spec.field].target.map { site.collections[$0].spec.fields[through] }
                        } ?? collection.spec.fields[spec.field]
                    return [
                        "scope": .text(scope.id), "label": .text(field.label), "name": .text(spec.name),
                        "checked": .flag(offset == checked),
                        "values": .list(group.values.map { ["slug": .text($0.slug), "title": .text($0.title)] }),
                    ]
                }
            }
        }
        func bar(checked: Int, filtered: Bool = true) -> SharedValue {
            let filters = filtered ? filters(checked: checked) : []
            return SharedValue([
                "onSubmit": .flag(onSubmit),
                "scopes": .list(
                    scopes.enumerated().map { offset, scope -> TemplateValue in
                        ["id": .text(scope.id), "label": .text(scope.label), "checked": .flag(offset == checked)]
                    }),
                "filters": .flag(!filters.isEmpty), "filterSets": .list(filters),
            ])
        }
        self.site = scopes.isEmpty ? nil : bar(checked: 0)
        filterValuesText = scopes.flatMap { scope in
            scope.filters.compactMap { filter in
                scope.collection.flatMap { site.group(collection: $0, number: filter) }.map { group in
                    ([group.spec.name] + group.values.flatMap { [$0.slug, $0.title] }).joined(separator: "\u{1F}")
                }
            }
        }.joined(separator: "\u{1E}")
        byCollection =
            scopes.isEmpty
            ? []
            : site.collections.map { collection in
                bar(checked: scopes.firstIndex { $0.collection == collection.number } ?? 0)
            }
        recordPages =
            scopes.isEmpty
            ? []
            : site.collections.map { collection in
                bar(checked: scopes.firstIndex { $0.collection == collection.number } ?? 0, filtered: false)
            }
    }
}
