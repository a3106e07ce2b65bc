import Foundation
import Testing
import WorldFactsOutput

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// A site of two linked collections (countries from JSON, cities from CSV), with a list of the cities
/// on each country's page, a group (continents) and an "All" scope: modelled, built and rebuilt.
@Suite struct CollectionsTests {
    static let siteYAML = """
        title: Linked
        collections:
          - id: countries
            label: Countries
            file: countries.json
            key: code
            title: name
            notes: notes
            fields:
              - { id: capital_city, label: Capital, format: link, collection: cities, fallback: capital }
              - { id: capital, format: text, show: false }
              - { id: continent, label: Continent, format: text }
            index: { subtitle: capital }
            lists:
              - { id: cities, label: Cities, from: cities, via: country, sort: population, order: descending, limit: 2 }
            groups:
              - { field: continent, pages: continents, label: Continents }
          - id: cities
            label: Cities
            file: cities.csv
            key: id
            title: name
            fields:
              - { id: country, label: Country, format: link, collection: countries }
              - { id: population, label: Population, format: integer }
            index: { subtitle: country, detail: population }
        search:
          all: All
          scopes:
            - { id: country, label: Country, collection: countries, fields: [name] }
            - { id: city, label: City, collection: cities, fields: [name] }
        """
    static let countries = """
        [{"code": "A", "name": "Aland", "capital_city": "1", "capital": "One", "continent": "Europe"},
         {"code": "B", "name": "Bea", "capital": "Bee town", "continent": "Asia"}]
        """
    static let cities =
        "id,name,country,population\n1,One,A,10\n2,Two,A,30\n3,Three,A,20\n4,Four,B,5\n5,Five,ZZ,1\nA,Ay,B,2\n"

    /// Loading the content with `siteYAML` fails with `problem` at the first line holding `marker`.
    func expectLoadError(siteYAML: String, atLineWith marker: String, _ problem: String) throws {
        let root = project(siteYAML: siteYAML)
        defer { removeTemporary(root) }
        let line = try #require(siteYAML.split(separator: "\n").firstIndex { $0.contains(marker) }) + 1
        #expect {
            _ = try ContentLoader(folder: root + "/Content").load()
        } throws: { error in
            let text = "\(error)"
            return text.contains("site.yml:\(line):") && text.contains(problem)
        }
    }

    /// A content folder with the site, in a fresh temporary root; gives the root.
    func project(siteYAML: String = siteYAML, cities: String = cities) -> String {
        let root = makeTemporaryFolder("collections")
        try! FileManager.default.createDirectory(atPath: root + "/Content", withIntermediateDirectories: true)
        try! siteYAML.write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        try! Self.countries.write(toFile: root + "/Content/countries.json", atomically: true, encoding: .utf8)
        try! cities.write(toFile: root + "/Content/cities.csv", atomically: true, encoding: .utf8)
        return root
    }

    func build(_ root: String) throws -> BuildReport {
        try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
    }

    func model(_ root: String) throws -> Site {
        try SiteModeler().model(try ContentLoader(folder: root + "/Content").load())
    }

    /// The site of a content folder made with `siteYAML` and `cities`, modelled; the folder is removed.
    func modelled(siteYAML: String = siteYAML, cities: String = cities) throws -> Site {
        let root = project(siteYAML: siteYAML, cities: cities)
        defer { removeTemporary(root) }
        return try model(root)
    }

    @Test func listsAreSortedAndGroupsCollectEachValue() throws {
        let site = try modelled()
        let (countries, cities) = (site.collections[0], site.collections[1])
        let list = site.lists[0][0]
        let aland = try #require(countries.position(ofKey: "A"))
        #expect(list.items[aland].map { cities.records[$0].key } == ["2", "3", "1"])
        #expect(list.isCut(aland))
        #expect(list.items[countries.position(ofKey: "B")!].map { cities.records[$0].key } == ["4", "A"])
        let group = try #require(site.group(collection: 0, field: 2))
        #expect(group.values.map(\.title) == ["Asia", "Europe"])
        #expect(group.pagePath(of: 1) == "continents/europe.html")
        // Keys repeat across collections ("A"), and a link to a missing record is a warning at its line.
        #expect(cities.position(ofKey: "A") != nil)
        // The "All" scope searches each record by its own collection's scopes, and nothing else.
        let all = SearchKeys(site: site, scope: site.config.search.scopes[0])
        #expect(all.texts[aland] == ["aland"])
        #expect(all.texts[cities.offset + cities.position(ofKey: "2")!] == ["two"])
        #expect(all.texts.count == site.recordCount && all.texts.allSatisfy { $0.count == 1 })
        #expect(
            site.warnings.map(\.description).contains {
                $0.contains("cities.csv:6") && $0.contains("'ZZ'") && $0.contains("names no record of 'countries'")
            })
    }

    @Test func pagesLinkBothWaysAndTheAllScopeLabelsItsResults() throws {
        let root = project()
        let report = try build(root)
        #expect(report.records == 8)
        func page(_ path: String) throws -> String { try readText(root + "/Output/" + path) }
        let aland = try page("countries/a.html")
        #expect(aland.contains(#"<th scope="row">Capital</th><td><a href="../cities/1.html">One</a>"#))
        #expect(aland.contains(#"<a href="../continents/europe.html">Europe</a>"#))
        #expect(aland.contains(#"<a href="../cities/2.html"><span class="title">Two</span>"#))
        #expect(!aland.contains(#"href="../cities/1.html"><span class="title">"#), "the list shows two")
        #expect(aland.contains(#"<a href="../countries/cities/a.html">All 3</a>"#))
        #expect(try page("countries/cities/a.html").matches(of: /<li><a href=/).count == 3)
        #expect(try page("countries/b.html").contains(#"<th scope="row">Capital</th><td>Bee town</td>"#))
        #expect(try page("cities/2.html").contains(#"<td><a href="../countries/a.html">Aland</a>"#))
        #expect(try page("cities/5.html").contains(#"<th scope="row">Country</th><td>ZZ<span class="sep">"#))
        #expect(try page("cities/index.html").contains(#"<span class="subtitle">Aland</span>"#))
        #expect(try page("continents/europe.html").contains(#"<a href="../countries/a.html">"#))
        let home = try page("index.html")
        #expect(home.contains(#"<a href="cities/index.html"><span class="title">Cities</span>"#))
        let shard = try publishedShard(root + "/Output", scope: "city", kind: "l", prefix: "t")
        // The page's slug: the manifest gives the collection's pages folder.
        #expect(try readText(shard).contains(#","Two","Aland","30","2",["two"]]"#))
        #expect(
            try publishedSearchManifest(root + "/Output").contains(
                #""all":{"k":{},"c":0,"m":[["country",0],["city",1]]}"#))
        #expect(
            try publishedSearchManifest(root + "/Output").contains(
                #"{"v":4,"pages":[["countries/","Countries"],["cities/","Cities"]],"scopes":{"#))
    }

    /// The "All" scope's previews merge the collections by collation, not one after the other: at "t", a
    /// country named Tovaland comes between the cities Three and Town 1 (neither collection is ranked).
    @Test func theAllScopeMergesTheCollectionsByCollation() throws {
        let towns = (1...60).map { "\($0 + 10),Town \($0),\($0 % 2 == 0 ? "A" : "B"),\($0)\n" }.joined()
        let yaml = Self.siteYAML.replacingOccurrences(of: "  all: All", with: "  all: All\n  shard_budget: 1024")
        let root = project(siteYAML: yaml, cities: Self.cities + towns)
        defer { removeTemporary(root) }
        let countries = #"[{"code": "A", "name": "Aland"}, {"code": "T", "name": "Tovaland"}]"#
        try countries.write(toFile: root + "/Content/countries.json", atomically: true, encoding: .utf8)
        var site = try model(root)
        site.config.search.previewSize = 4
        let rows = SearchRows(
            site.collections.flatMap { collection in
                collection.records.indices.map(PageContexts(site: site, collection: collection.number).row)
            })
        let index = SearchIndex(site: site, rows: rows)
        let preview = try #require(index.files.first { $0.path.hasPrefix("search/all/p-74.") })
        let titles = try #require(
            String(decoding: preview.bytes, as: UTF8.self).firstMatch(of: /"r":\[(.*)\]/)
        ).1.matches(of: /\[[-0-9.]+,"([^"]*)"/).map { String($0.1) }
        #expect(titles == ["Three", "Tovaland", "Town 1", "Town 10"])
    }

    /// The "All" scope writes only previews, where its members have theirs, and its results carry their
    /// collection's label. Below a preview, search.js merges its members' shards: each member answers
    /// every such query with a leaf or nothing, never a preview, which would lose records.
    /// An edit of a value that search results show updates the "All" scope from the last index: its
    /// previews are those a fresh index makes, byte for byte, with the parts of a bucket that do not hold
    /// the edited record kept unplanned (the members split where they did, so its prefixes are the same).
    @Test func anUpdateOfTheAllScopeIsAFreshIndex() throws {
        let towns = (1...60).map { "\($0 + 10),Town \($0),\($0 % 2 == 0 ? "A" : "B"),\($0)\n" }.joined()
        let yaml = Self.siteYAML.replacingOccurrences(of: "  all: All", with: "  all: All\n  shard_budget: 1024")
        var site = try modelled(siteYAML: yaml, cities: Self.cities + towns)
        func rows(_ site: Site) -> SearchRows {
            SearchRows(
                site.collections.flatMap { collection in
                    collection.records.indices.map(PageContexts(site: site, collection: collection.number).row)
                })
        }
        let first = SearchIndex(site: site, rows: rows(site))
        var manifest = Manifest()
        for file in first.files {
            manifest.entries[file.path] = Manifest.Entry(hash: 1, inputs: file.inputs.map(OutputFile.inputsNumber))
        }
        #expect(first.files.contains { $0.path.hasPrefix("search/all/p-746f776e") }, "previews below \"town\"")
        let population = try #require(site.collections[1].spec.fields.firstIndex { $0.id == "population" })
        let town = try #require(site.collections[1].records.firstIndex { $0.title == "Town 37" })
        site.collections[1].records[town].values[population] = .integer(12_345)
        let fresh = SearchIndex(site: site, rows: rows(site))
        let updated = SearchIndex(
            site: site, rows: rows(site),
            prior: SearchPrior(
                output: ReuseIndex(previous: manifest, missing: [], keepsEveryFile: true), memo: first.memo,
                changed: [site.collections[1].offset + town]))
        #expect(updated.manifest == fresh.manifest)
        let freshBytes = Dictionary(uniqueKeysWithValues: fresh.files.map { ($0.path, $0.bytes) })
        #expect(updated.files.contains { $0.path.hasPrefix("search/all/") })
        for file in updated.files { #expect(file.bytes == freshBytes[file.path], "\(file.path)") }
        #expect(updated.files.count < fresh.files.count / 2)
    }

    @Test func theAllScopeWritesOnlyItsPreviewsAndItsMembersAnswerBelowThem() throws {
        let towns = (1...40).map { "\($0 + 10),Town \($0),\($0 % 2 == 0 ? "A" : "B"),\($0)\n" }.joined()
        let yaml = Self.siteYAML.replacingOccurrences(of: "  all: All", with: "  all: All\n  shard_budget: 1024")
            .replacingOccurrences(of: "fields: [name] }\n", with: "fields: [name, capital] }\n")
        let root = project(siteYAML: yaml, cities: Self.cities + towns)
        _ = try build(root)
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/Output/search/all")
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { $0.hasPrefix("p-") }, "\(files)")
        let preview = try publishedShard(root + "/Output", scope: "all", kind: "p", prefix: "t")
        // Its entries carry their collection's number (the cities are 1), not its label.
        #expect(try readText(preview).contains(#"],null,1]"#))
        // The manifest's scopes, as search.js routes them.
        let json = try publishedSearchManifest(root + "/Output")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let scopes = try #require(manifest["scopes"] as? [String: [String: Any]])
        let names = try Dictionary(
            uniqueKeysWithValues: scopes.keys.map { ($0, try publishedShardNames(root + "/Output", scope: $0)) })
        func set(_ scope: String, _ kind: String) -> Set<String> { Set(names[scope]?[kind]?.keys.map { $0 } ?? []) }
        // Each preview of the All scope names its members' shards below it, as their own previews do.
        var named = 0
        for (prefix, name) in names["all"]!["p"]! {
            let shard = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(publishedSearchJSON(root + "/Output", name: "all/" + name).utf8))
                    as? [String: Any])
            let below = shard["mk"] as? [String: [String: String]] ?? [:]
            for member in ["country", "city"] {
                let own: [String: String]? = try names[member]!["p"]![prefix].flatMap { name in
                    try #require(
                        try JSONSerialization.jsonObject(
                            with: Data(publishedSearchJSON(root + "/Output", name: member + "/" + name).utf8))
                            as? [String: Any])["k"] as? [String: String]
                }
                #expect(below[member] == own, "\(member) below \(prefix)")
                named += own == nil ? 0 : 1
            }
        }
        #expect(named > 0)
        enum Answer: Equatable { case leaf, preview, none }
        func route(_ scope: String, _ query: String) -> Answer {
            var prefix = ""
            for character in query {
                prefix.append(character)
                if set(scope, "l").contains(prefix) { return .leaf }
                if !set(scope, "p").contains(prefix) { return .none }
            }
            return .preview
        }
        let members = try #require(scopes["all"]?["m"] as? [[Any]]).compactMap { $0[0] as? String }
        #expect(members == ["country", "city"])
        #expect(set("all", "p") == set("country", "p").union(set("city", "p")))
        #expect(set("all", "l").isEmpty && !set("city", "p").isEmpty)
        let site = try model(root)
        var merged = 0
        for text in Set(SearchKeys(site: site, scope: site.config.search.scopes[0]).texts.joined()) {
            for end in text.indices.dropFirst() + [text.endIndex] {
                let query = String(text[..<end])
                guard route("all", query) != .preview else { continue }
                merged += 1
                for member in members { #expect(route(member, query) != .preview, "\(member): \(query)") }
            }
        }
        #expect(merged > 40)
    }

    /// A change to one city rewrites its page, the pages that show it (only where the shown part
    /// changed), and the shards that hold it; nothing else.
    @Test func aChangeToOneCityRewritesOnlyWhatShowsIt() throws {
        let root = project()
        _ = try build(root)
        func edit(_ from: String, _ to: String) throws -> Set<String> {
            let file = root + "/Content/cities.csv"
            try (try readText(file)).replacingOccurrences(of: from, with: to).write(
                toFile: file, atomically: true, encoding: .utf8)
            return Set(try build(root).write.written)
        }
        // Three's population moves it above Two on Aland's page.
        let moved = try edit("3,Three,A,20", "3,Three,A,40")
        #expect(
            moved.subtracting(moved.filter { $0.hasPrefix("search/") })
                == Set(["cities/3.html", "countries/a.html", "countries/cities/a.html", "cities/index.html"]))
        // Every shard rewritten holds Three: its prefix is a prefix of "three". The manifest names them,
        // and the entry names the manifest.
        #expect(
            moved.filter {
                $0.hasPrefix("search/") && !$0.hasPrefix("search/manifest/") && !$0.hasPrefix("search/entry.")
            }
            .allSatisfy { $0.contains("/l-74") || $0.contains("/p-74") })
        #expect(moved.contains { $0.hasPrefix("search/manifest/") } && moved.contains("search/entry.js"))
        // One is not on Aland's page (it shows two): the page stays as it was, the complete list changes.
        let unseen = try edit("1,One,A,10", "1,One,A,11")
        #expect(
            unseen.subtracting(unseen.filter { $0.hasPrefix("search/") })
                == Set(["cities/1.html", "countries/cities/a.html", "cities/index.html"]))
    }

    /// The "All" scope's previews on a rebuild: kept by bucket where no edit reached, planned again where
    /// one did, and after every edit the very files a fresh build makes.
    @Test func aRebuildOfTheAllScopeIsWhatAFreshBuildMakes() throws {
        let towns = (1...40).map { "\($0 + 10),Town \($0),\($0 % 2 == 0 ? "A" : "B"),\($0)\n" }.joined()
        let yaml = Self.siteYAML.replacingOccurrences(of: "  all: All", with: "  all: All\n  shard_budget: 1024")
        let root = project(siteYAML: yaml, cities: Self.cities + towns)
        defer { removeTemporary(root) }
        _ = try build(root)
        let file = root + "/Content/cities.csv"
        let edits: [(String, String)] = [
            ("11,Town 1,B,1", "11,Town 1,B,7"),  // a row's detail
            ("12,Town 2,A,2", "12,Zed,A,2"),  // a town leaves the "t" previews
            ("13,Town 3,B,3\n", ""),  // one is removed
            ("14,Town 4,A,4", "14,Town 4,A,4\n99,Tower,B,9"),  // one is added
            ("Town 5,", "Taun 5,"),  // the members' previews under "t" change
        ]
        for (from, to) in edits {
            let text = try readText(file)
            #expect(text.contains(from))
            try text.replacingOccurrences(of: from, with: to).write(toFile: file, atomically: true, encoding: .utf8)
            let report = try build(root)
            #expect(report.write.written.contains { $0.hasPrefix("search/") })
            let fresh = root + "/Fresh"
            removeTemporary(fresh)
            _ = try Builder().build(
                BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: fresh))
            #expect(try contents(root + "/Output") == contents(fresh), "after \(from) → \(to)")
        }
    }

    @Test func badRelationsAndGroupsAreErrorsAtTheirLines() {
        func problems(_ yaml: String, cities: String = Self.cities) -> [String] {
            do {
                _ = try modelled(siteYAML: yaml, cities: cities)
                return []
            } catch let error as StageFailure {
                return error.diagnostics.map(\.description)
            } catch { return ["\(error)"] }
        }
        let unknown = problems(
            Self.siteYAML.replacingOccurrences(of: "collection: countries }", with: "collection: countrys }"))
        #expect(unknown.contains { $0.contains("site.yml:") && $0.contains("names no collection: 'countrys'") })
        let duplicate = problems(Self.siteYAML, cities: Self.cities + "2,Deux,A,3\n")
        #expect(duplicate.contains { $0.contains("cities.csv:8") && $0.contains("duplicate key") })
        let listGroup = problems(
            Self.siteYAML.replacingOccurrences(of: "{ field: continent,", with: "{ field: capital_city,"))
        #expect(listGroup.contains { $0.contains("a group field must be a text field") })
        func cityGroup(_ field: String) -> [String] {
            problems(
                Self.siteYAML.replacingOccurrences(
                    of: "    index: { subtitle: country, detail: population }",
                    with:
                        "    index: { subtitle: country, detail: population }\n    groups:\n      - { field: \(field) }"
                ))
        }
        #expect(
            cityGroup("country.capital_city").contains {
                $0.contains("'capital_city' is no text field of 'countries', which 'country' links to;")
                    && $0.contains("its text fields are 'capital', 'continent'")
            })
        #expect(cityGroup("population.x").contains { $0.contains("'population' is 'integer', not a link") })
        #expect(
            cityGroup("country").contains {
                $0.contains("a number (integer or decimal)") && $0.contains("'country' is 'link'")
            })
        let via = problems(Self.siteYAML.replacingOccurrences(of: "via: country,", with: "via: population,"))
        #expect(via.contains { $0.contains("expected a link or links field of 'cities' that names 'countries'") })
        let folders = problems(Self.siteYAML.replacingOccurrences(of: "pages: continents", with: "pages: cities"))
        #expect(folders.contains { $0.contains("'cities'") && $0.contains("already uses") })
    }

    /// `yaml` with `option` added to the scope of `collection` (`filters: [continent]`).
    static func scope(of collection: String, with option: String, in yaml: String = siteYAML) -> String {
        yaml.replacingOccurrences(
            of: "collection: \(collection), fields: [name] }",
            with: "collection: \(collection), fields: [name],\n               \(option) }")
    }

    /// A filter names a group of its scope's collection, on a scope of fields: anything else is an error at
    /// its line, naming the groups there are.
    @Test func aFilterThatNamesNoGroupIsAnErrorAtItsLine() throws {
        try expectLoadError(
            siteYAML: Self.scope(of: "countries", with: "filters: [continet]"), atLineWith: "filters: [continet]",
            "a filter names a group of 'countries' (its field under `groups`): 'continet' is none;"
                + " did you mean 'continent'?")
        try expectLoadError(
            siteYAML: Self.scope(of: "cities", with: "filters: [continent]"), atLineWith: "filters: [continent]",
            "'continent' is none; 'cities' has no groups")
        try expectLoadError(
            siteYAML: Self.scope(of: "countries", with: "note: true, filters: [continent]"),
            atLineWith: "filters: [continent]",
            "a full-text scope (note: true) offers no filters")
    }

    /// A scope with filters: each entry carries its record's value, the manifest each value's slug and
    /// total, and each preview its records' counts by value, which are those of every record that matches
    /// its prefix.
    @Test func entriesCarryTheirValuesAndPreviewsCountEveryMatchByValue() throws {
        let yaml = Self.scope(of: "countries", with: "filters: [continent]")
        let countries = (0..<60).map { n in
            let continent = ["Asia", "Europe", "Africa"][n % 3]
            return #"{"code": "C\#(n)", "name": "S\#(n % 7) land \#(n)", "continent": "\#(continent)"}"#
        }
        let root = project(siteYAML: yaml)
        defer { removeTemporary(root) }
        try ("[" + countries.joined(separator: ",") + "]").write(
            toFile: root + "/Content/countries.json", atomically: true, encoding: .utf8)
        var site = try model(root)
        site.config.search.shardBudget = 1_024
        site.config.search.previewSize = 3
        let rows = SearchRows(
            site.collections.flatMap { collection in
                collection.records.indices.map(PageContexts(site: site, collection: collection.number).row)
            })
        let index = SearchIndex(site: site, rows: rows)
        let scope = try #require(site.config.search.scopes.firstIndex { $0.id == "country" })
        let group = try #require(site.group(collection: 0, field: 2))
        #expect(group.values.map(\.title) == ["Africa", "Asia", "Europe"])
        #expect(
            index.manifest.contains(
                #""f":[["continent","continents/",[["africa",20],["asia",20],["europe",20]]]]"#))
        var previews = 0
        // An entry starts with its record's number, whose order merges the collections (`SearchNumbers`).
        let numbers = index.memo.numbers
        let positionOf = Dictionary(uniqueKeysWithValues: numbers.order.indices.map { (Int(numbers.order[$0]), $0) })
        for file in index.files where file.path.hasPrefix("search/country/") {
            let text = String(decoding: file.bytes, as: UTF8.self)
            let json = text.dropFirst(text.firstIndex(of: ",")!.utf16Offset(in: text) + 1).dropLast(3)
            let shard = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let entries = try #require(shard["r"] as? [[Any]])
            for entry in entries {
                let number = try #require(entry[0] as? Int)
                let position = try #require(positionOf[number])
                let value = try #require((entry.last as? [[Int]])?.first?.first)
                #expect(group.values[value].positions.contains(position))
            }
            guard let counts = shard["fc"] as? [[Int]] else { continue }
            previews += 1
            let parsed = try #require(ScopeShards.parse(fileName: file.path.split(separator: "/").last!.dropLast(3)))
            let keys = SearchKeys(site: site, scope: site.config.search.scopes[scope])
            let prefix = String(String.UnicodeScalarView(parsed.prefix))
            let matching = site.collections[0].records.indices.filter { position in
                keys.texts[position].contains {
                    $0.hasPrefix(prefix) || Folding.laterWordStarts($0).contains { $0.hasPrefix(prefix) }
                }
            }
            #expect(counts == [group.values.map { value in matching.filter { value.positions.contains($0) }.count }])
            #expect(shard["n"] as? Int == matching.count)
        }
        #expect(previews > 0)
    }

    /// A group through a link (the cities by their country's continent) and one of a list field (the
    /// countries by each of their languages): values, pages that list their records, the values on record
    /// pages linked to those pages, and filters whose entries carry every value of a record.
    @Test func groupsThroughALinkAndFromAListGetPagesAndFilters() throws {
        let yaml = Self.siteYAML
            .replacingOccurrences(
                of: "      - { id: continent, label: Continent, format: text }",
                with: "      - { id: continent, label: Continent, format: text }\n"
                    + "      - { id: languages, label: Languages, format: list }"
            )
            .replacingOccurrences(
                of: "      - { field: continent, pages: continents, label: Continents }",
                with: "      - { field: continent, pages: continents, label: Continents }\n"
                    + "      - { field: languages }"
            )
            .replacingOccurrences(
                of: "    index: { subtitle: country, detail: population }",
                with: "    index: { subtitle: country, detail: population, split_above: 2, section_size: 1 }\n"
                    + "    groups:\n      - { field: country.continent, pages: city-continents }"
            )
        let root = project(
            siteYAML: Self.scope(
                of: "countries", with: "filters: [languages]",
                in: Self.scope(of: "cities", with: "filters: [country.continent]", in: yaml)))
        defer { removeTemporary(root) }
        try """
        [{"code": "A", "name": "Aland", "capital_city": "1", "capital": "One", "continent": "Europe",
          "languages": ["sv", "fi", "sv"]},
         {"code": "B", "name": "Bea", "capital": "Bee town", "continent": "Asia", "languages": ["fi"]}]
        """.write(toFile: root + "/Content/countries.json", atomically: true, encoding: .utf8)
        let site = try model(root)
        let languages = try #require(site.group(collection: 0, number: 1))
        #expect(languages.values.map(\.title) == ["fi", "sv"])
        #expect(languages.values.map(\.positions) == [[0, 1], [0]])
        let continents = try #require(site.group(collection: 1, number: 0))
        #expect(continents.spec.name == "country.continent" && continents.spec.label == "Continent")
        #expect(continents.values.map(\.title) == ["Asia", "Europe"])
        let cities = site.collections[1]
        func keys(_ value: Int) -> [String] { continents.values[value].positions.map { cities.records[$0].key } }
        // Five's country is no record: it is in no group.
        #expect(keys(0).sorted() == ["4", "A"] && keys(1).sorted() == ["1", "2", "3"])

        _ = try build(root)
        let out = root + "/Output"
        // Europe's three cities are more than the cities' index splits above: a page per section (and per
        // part of one, at most one city each), linked from the value's page; Asia's two are on its page.
        let asia = try readText(out + "/city-continents/asia.html")
        #expect(asia.contains("Four") && asia.contains("Ay") && !asia.contains("One"))
        let europe = try readText(out + "/city-continents/europe.html")
        #expect(!europe.contains("cities/1.html") && europe.contains(#"href="europe/sections/o.html#section-O""#))
        let sections = try FileManager.default.contentsOfDirectory(atPath: out + "/city-continents/europe/sections")
        #expect(sections.sorted() == ["o.html", "t-1.html", "t-2.html"])
        let t2 = try readText(out + "/city-continents/europe/sections/t-2.html")
        #expect(t2.contains("cities/2.html") != t2.contains("cities/3.html") && !t2.contains("cities/1.html"))
        #expect(try readText(out + "/city-continents/index.html").contains("Europe"))
        let fi = try readText(out + "/languages/fi.html")
        #expect(fi.contains("Aland") && fi.contains("Bea"))
        // Each item of a list group links to its page.
        let aland = try readText(out + "/countries/a.html")
        #expect(aland.contains(#"href="../languages/sv.html""#) && aland.contains(#"href="../languages/fi.html""#))
        // The filters: the checkboxes name the group, and each entry carries every value of its record.
        let home = try readText(out + "/index.html")
        #expect(home.contains(#"<input type="checkbox" name="country.continent" value="europe">"#))
        #expect(home.contains(#"<input type="checkbox" name="languages" value="sv">"#))
        let manifestName = try #require(
            try publishedSearchJSON(out, name: "entry").firstMatch(of: /"manifest":"([^"]+)"/)?.output.1)
        let manifest = try publishedSearchJSON(out, name: String(manifestName))
        #expect(manifest.contains(#""f":[["languages","languages/",[["fi",2],["sv",1]]]]"#))
        #expect(manifest.contains(#""f":[["country.continent","city-continents/",[["asia",2],["europe",3]]]]"#))
        let shards = try FileManager.default.contentsOfDirectory(atPath: out + "/search/country")
        let shard = try #require(shards.first { $0.hasPrefix("l-61.") })
        #expect(try readText(out + "/search/country/" + shard).contains(#""a",["aland"],null,null,[[0,1]]]"#))
    }
}
