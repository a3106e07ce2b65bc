import Testing
import WorldFactsSupport

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsRender
@testable import WorldFactsTestSupport

@Suite struct RecordInputsTests {
    /// The shipped content, changed by `edit`, modelled.
    func site(_ edit: (inout Content) -> Void = { _ in }) throws -> Site {
        var content = try ContentLoader(folder: repoPath("Tests/Fixtures/countries")).load()
        edit(&content)
        return try SiteModeler().model(content)
    }

    /// Record key → (context fingerprint, input fingerprint) of its page.
    func fingerprints(_ site: Site) -> [String: (context: String, inputs: String)] {
        let contexts = PageContexts(site: site, collection: 0)
        let base = contexts.recordInputsBase(templates: "t")
        var result: [String: (String, String)] = [:]
        for position in site.only.records.indices {
            result[site.only.records[position].key] = (
                ContextFingerprint.of(templates: "t", template: "record", context: contexts.record(position)),
                Hex.text(contexts.recordInputs(position, base: base))
            )
        }
        if site.only.isIndexSplit {
            for position in site.only.indexPages.indices {
                result["section " + site.only.indexPages[position].path] = (
                    ContextFingerprint.of(templates: "t", template: "index", context: contexts.sectionPage(position)),
                    contexts.sectionPageInputs(position, templates: "t")
                )
            }
        }
        return result
    }

    func position(_ code: String, _ content: Content) -> Int { content.only.records.firstIndex { $0.key == code }! }

    /// Whenever a page's context changes, its input fingerprint changes; and it changes for few others.
    /// With `web`, a base URL: the pages carry descriptions (the notes' first paragraphs) and JSON-LD with
    /// their links' addresses.
    @Test(arguments: [(false, false), (true, false), (false, true)])
    func changeWheneverTheContextChanges(split: Bool, web: Bool) throws {
        // Split, with sections in parts.
        let splitting = { (content: inout Content) in
            if split {
                content.config.only.index.splitAbove = 10
                content.config.only.index.sectionSize = 8
            }
            if web {
                content.config.url = try! BaseURL.parse("https://example.org/facts").get()
                let neighbours = content.config.only.fields.firstIndex { $0.id == "neighbours" }!
                let population = content.config.only.fields.firstIndex { $0.id == "population" }!
                content.config.only.structuredData = StructuredDataSpec(
                    type: "Country",
                    properties: [
                        .init(name: "borders", field: .field(neighbours)),
                        .init(name: "population", field: .field(population)),
                    ])
            }
        }
        let original = fingerprints(try site(splitting))
        let field = { (id: String, content: Content) in content.config.only.fields.firstIndex { $0.id == id }! }
        let edits: [(String, (inout Content) -> Void)] = [
            (
                "a population",
                { $0.only.records[self.position("IS", $0)].values[field("population", $0)] = .integer(1) }
            ),
            ("a title", { $0.only.records[self.position("NO", $0)].title = "Norway (edited)" }),
            ("a title that moves the record", { $0.only.records[self.position("NO", $0)].title = "Aaland" }),
            ("a link's target", { $0.only.records[self.position("FR", $0)].title = "France (edited)" }),
            (
                "a link",
                { $0.only.records[self.position("ES", $0)].values[field("neighbours", $0)] = .list(["PT", "XX"]) }
            ),
            ("a note", { $0.only.notes.append(Note(name: "IS", file: "IS.md", markdown: "*New*")) }),
            ("an edited note", { if !$0.only.notes.isEmpty { $0.only.notes[0].markdown += "\nMore." } }),
            ("a label", { $0.config.only.fields[field("population", $0)].label = "People" }),
            ("a unit", { $0.config.only.fields[field("area_km2", $0)].unit = "sq km" }),
            ("a string", { $0.config.strings.previous = "Before" }),
            ("the site title", { $0.config.title = "Other" }),
            ("a removed record", { $0.only.records.remove(at: self.position("DE", $0)) }),
            ("the pages folder", { $0.config.only.records.pagesFolder = "c/x" }),
            ("the split index", { $0.config.only.index.splitAbove = split ? 100_000 : 10 }),
            ("the base URL", { $0.config.url = try! BaseURL.parse("https://example.com/").get() }),
        ]
        for (name, edit) in edits {
            let edited = fingerprints(
                try site {
                    splitting(&$0); edit(&$0)
                })
            var contextsChanged = 0, inputsChanged = 0
            for (key, now) in edited {
                guard let before = original[key] else { continue }
                if now.context != before.context {
                    contextsChanged += 1
                    #expect(
                        now.inputs != before.inputs,
                        "\(name): the page of \(key) shows something new but its input fingerprint did not change")
                }
                if now.inputs != before.inputs { inputsChanged += 1 }
            }
            #expect(
                contextsChanged > 0 || edited.count != original.count, "\(name) changed no page: the edit is not a test"
            )
            if name == "a population" { #expect(inputsChanged == (split ? 2 : 1), "its page, and its section's page") }
        }
    }
}

@Suite struct PagePathFingerprintTests {
    /// Hashing a page's folder and slug adds the bytes of its path: fingerprints in manifests that the
    /// last build wrote stay what they were.
    @Test(arguments: [("cities", "1000006"), ("länder", "zürich"), ("", "x"), ("a/b", "日本")])
    func sameAsHashingThePath(folder: String, slug: String) {
        var pieces = ContextFingerprint(), whole = ContextFingerprint()
        pieces.add("before")
        whole.add("before")
        pieces.add(pageIn: folder, slug: slug)
        whole.add(RecordCollection.pagePath(folder: folder, slug: slug))
        #expect(pieces.number == whole.number)
        whole.add("after")
        #expect(pieces.number != whole.number)
    }
}
