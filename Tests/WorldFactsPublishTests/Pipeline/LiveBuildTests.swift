import Foundation
import Synchronization
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// The live model (`LiveBuilder`, as `watch` and `serve` build) against clean builds: after every edit
/// of a seeded random sequence, the live build's folder, its manifest included, is byte for byte what
/// a clean build of the same sources makes.
@Suite struct LiveBuildTests {
    /// The shipped site with its first `cities` cities, a split cities index and small search shards,
    /// and a copy of the templates; gives the root.
    func project(cities: Int) throws -> String {
        // On tmpfs where there is one: a clean build after every edit writes the whole site again.
        let root = makeTemporaryFolder(
            "live", in: FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/" : nil)
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/Content", withIntermediateDirectories: true)
        for folder in ["notes", "languages", "translations"] {
            try manager.copyItem(atPath: repoPath("Content/" + folder), toPath: root + "/Content/" + folder)
        }
        try manager.copyItem(atPath: repoPath("Content/countries.json"), toPath: root + "/Content/countries.json")
        try manager.copyItem(atPath: repoPath("Templates"), toPath: root + "/Templates")
        let site = try readText(repoPath("Content/site.yml"))
            .replacingOccurrences(of: "split_above: 5000", with: "split_above: 300")
            .replacingOccurrences(of: "shard_budget: 16384", with: "shard_budget: 2048")
        #expect(site.contains("split_above: 300") && site.contains("shard_budget: 2048"))
        try site.write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        let lines = try readText(repoPath("Content/cities.tsv")).split(
            separator: "\n", omittingEmptySubsequences: false)
        try (lines.prefix(cities + 1).joined(separator: "\n") + "\n")
            .write(toFile: root + "/Content/cities.tsv", atomically: true, encoding: .utf8)
        return root
    }

    /// One random edit of the content or the templates; gives what it did.
    func edit(_ root: String, _ random: inout SplitMix) throws -> String {
        let citiesFile = root + "/Content/cities.tsv"
        var lines = try readText(citiesFile).split(separator: "\n").map(String.init)
        func city() -> Int { Int.random(in: 1..<lines.count, using: &random) }
        func setCell(_ line: Int, _ column: Int, _ value: String) {
            var cells = lines[line].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            cells[column] = value
            lines[line] = cells.joined(separator: "\t")
        }
        func saveCities() throws {
            try (lines.joined(separator: "\n") + "\n").write(toFile: citiesFile, atomically: true, encoding: .utf8)
        }
        let kind = Int.random(in: 0..<100, using: &random)
        switch kind {
        case 0..<30:  // a city's population: its row, and its country's list of largest cities
            let line = city()
            setCell(line, 5, String(Int.random(in: 0...40_000_000, using: &random)))
            try saveCities()
            return "population of line \(line)"
        case 30..<45:  // a city's time zone, region or latitude: its page
            let line = city()
            let column = [4, 6, 7].randomElement(using: &random)!
            setCell(line, column, column == 7 ? String(Int.random(in: -80...80, using: &random)) + ".5" : "Z\(kind)")
            try saveCities()
            return "column \(column) of line \(line)"
        case 45..<52:  // several cities at once
            for _ in 0..<Int.random(in: 2...6, using: &random) {
                setCell(city(), 5, String(Int.random(in: 0...9_000_000, using: &random)))
            }
            try saveCities()
            return "several populations"
        case 52..<58:  // a city renamed: its place in the index and the search
            let line = city()
            setCell(line, 1, ["Aa", "Zz", "Éa", "Mm", "Ñu"].randomElement(using: &random)! + " \(kind)")
            try saveCities()
            return "name of line \(line)"
        case 58..<62:  // a city moved to another country
            let line = city()
            setCell(line, 3, ["FR", "JP", "BR", "NO", "XX"].randomElement(using: &random)!)
            try saveCities()
            return "country of line \(line)"
        case 62..<67:  // a city added
            let key = 90_000_000 + Int.random(in: 0..<1_000_000, using: &random)
            lines.append("\(key)\tNew \(key)\tNew \(key)\tCH\t01\t\(key % 99_999)\tEurope/Zurich\t46.5\t7.5")
            try saveCities()
            return "city \(key) added"
        case 67..<72:  // a city removed
            let line = city()
            lines.remove(at: line)
            try saveCities()
            return "line \(line) removed"
        case 72..<80:  // a country's population or area: its page and its row
            let file = root + "/Content/countries.json"
            let text = try readText(file)
            let field = Bool.random(using: &random) ? "\"population\": " : "\"area_km2\": "
            let starts = text.ranges(of: field)
            let start = starts[Int.random(in: 0..<starts.count, using: &random)].upperBound
            let end = text[start...].firstIndex { !$0.isNumber }!
            let value = String(Int.random(in: 1...900_000_000, using: &random))
            try (text[..<start] + value + text[end...]).write(toFile: file, atomically: true, encoding: .utf8)
            return "\(field)of a country"
        case 80..<87:  // a note written, changed or removed
            let notes = root + "/Content/notes/"
            let name = ["CH", "FR", "JP", "ZZ"].randomElement(using: &random)!
            if FileManager.default.fileExists(atPath: notes + name + ".md"), Bool.random(using: &random) {
                try FileManager.default.removeItem(atPath: notes + name + ".md")
                return "note \(name) removed"
            }
            try "A note, *edit \(kind)*.\n".write(toFile: notes + name + ".md", atomically: true, encoding: .utf8)
            return "note \(name) written"
        case 87..<90:  // another language's own words: a country's name, a note, an interface string
            let language = ["de", "fr", "sv"].randomElement(using: &random)!
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let file = root + "/Content/translations/countries.\(language).tsv"
                var rows = try readText(file).split(separator: "\n").map(String.init)
                let row = Int.random(in: 1..<rows.count, using: &random)
                rows[row] += " \(kind)"
                try (rows.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
                return "a country's name in \(language)"
            case 1:
                let note = root + "/Content/notes/\(language)/" + ["CH", "JP"].randomElement(using: &random)! + ".md"
                try "Eine Notiz, *\(kind)*.\n".write(toFile: note, atomically: true, encoding: .utf8)
                return "a note in \(language)"
            default:
                let file = root + "/Content/languages/\(language).yml"
                let text = try readText(file)
                let title = try #require(text.range(of: "title: \""))
                try (text[..<title.upperBound] + "\(kind) " + text[title.upperBound...]).write(
                    toFile: file, atomically: true, encoding: .utf8)
                return "the title in \(language)"
            }
        case 90..<92:  // a template changed
            let file =
                root + "/Templates/" + ["record", "index", "layout"].randomElement(using: &random)! + ".mustache"
            try (readText(file) + "<!-- \(kind) -->\n").write(toFile: file, atomically: true, encoding: .utf8)
            return "template \(file.split(separator: "/").last!)"
        case 92..<96:  // bytes rewritten as they were
            try saveCities()
            return "nothing"
        default:  // a bad value: the build fails, and the next edit mends it
            let line = city()
            setCell(line, 5, "many")
            try saveCities()
            return "bad population at line \(line)"
        }
    }

    /// The population in countries.json of the first country, or of the country `code`, set to `value`.
    func setFirstPopulation(_ root: String, _ value: String, of code: String? = nil) throws {
        let file = root + "/Content/countries.json"
        let text = try readText(file)
        let country = try code.map { try #require(text.range(of: "\"code\": \"\($0)\"")).upperBound } ?? text.startIndex
        let start = try #require(text[country...].range(of: "\"population\": ")).upperBound
        let end = try #require(text[start...].firstIndex { !$0.isNumber })
        try (text[..<start] + value + text[end...]).write(toFile: file, atomically: true, encoding: .utf8)
    }

    func manifest(_ folder: String) throws -> [UInt8] { try FileSystem.disk.read(folder + "/" + Manifest.fileName) }

    /// A project of `cities` cities built once, its options, and the builds that follow (`builds`); the
    /// caller removes its root.
    func built(
        cities: Int, snapshots: Bool
    ) throws -> (root: String, options: BuildOptions, build: () throws(BuildFailure) -> BuildReport) {
        let root = try project(cities: cities)
        let options = options(root, cache: snapshots)
        let build = builds(options, snapshots: snapshots)
        do { _ = try build() } catch {
            removeTemporary(root)
            throw error
        }
        return (root, options, build)
    }

    /// Each call builds `options`: from one live model kept between calls, or, with `snapshots`, as the
    /// command line does, from the snapshot the last build saved.
    func builds(_ options: BuildOptions, snapshots: Bool) -> () throws(BuildFailure) -> BuildReport {
        let live = LiveBuilder()
        return { () throws(BuildFailure) -> BuildReport in
            snapshots ? try Builder().build(options) : try live.build(options)
        }
    }

    /// Building `root`'s content and templates into its Output, with a snapshot cache in its Cache if asked.
    func options(_ root: String, cache: Bool = false) -> BuildOptions {
        BuildOptions(
            content: root + "/Content", templates: root + "/Templates", output: root + "/Output",
            cache: cache ? root + "/Cache" : nil)
    }

    /// Sets one cell of `root`'s cities file (line 0 is its header); nothing else of it changes.
    func setCity(_ root: String, line: Int, column: Int, _ value: String) throws {
        let file = root + "/Content/cities.tsv"
        var lines = try readText(file).split(separator: "\n").map(String.init)
        var cells = lines[line].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        cells[column] = value
        lines[line] = cells.joined(separator: "\t")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Builds the project at `root` (its Content, the repository's Templates, into Output), then makes each
    /// of `edits` (a text replaced) in `Content/<file>` and builds again: live, or from the last build's
    /// snapshot. Each build must leave Output as a clean build does. Gives how many builds were edits of the
    /// last one (`BuildReport.edited`).
    func editsBuildAsACleanBuildDoes(
        root: String, file: String, edits: [(from: String, to: String)], snapshots: Bool
    ) throws -> Int {
        let options = BuildOptions(
            content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output",
            cache: snapshots ? root + "/Cache" : nil)
        let builder = LiveBuilder()
        func build() throws -> BuildReport { snapshots ? try Builder().build(options) : try builder.build(options) }
        _ = try build()
        let path = root + "/Content/" + file
        var edited = 0
        for (from, to) in edits {
            try readText(path).replacingOccurrences(of: from, with: to).write(
                toFile: path, atomically: true, encoding: .utf8)
            if try build().edited != nil { edited += 1 }
            #expect(try differencesFromClean(options, root: root).isEmpty, "\(from) → \(to)")
        }
        return edited
    }

    /// The files of `options.output` that differ from a clean build of the same sources into `root`/Fresh
    /// (made again each time), sorted.
    func differencesFromClean(_ options: BuildOptions, root: String) throws -> [String] {
        let fresh = root + "/Fresh"
        removeTemporary(fresh)
        _ = try Builder().build(BuildOptions(content: options.content, templates: options.templates, output: fresh))
        let (built, clean) = (try contents(options.output), try contents(fresh))
        return Set(built.keys).union(clean.keys).filter { built[$0] != clean[$0] }.sorted()
    }

    /// `count` edits at `cities` cities, each followed by a live build compared with a clean one. Gives
    /// how many builds started from the live model. With `snapshots`, each build is a build from the
    /// command line, which starts from the snapshot the last one saved in a cache folder (`BuildSnapshot`).
    func run(cities: Int, edits count: Int, seed: UInt64, snapshots: Bool = false) throws -> Int {
        let (root, options, build) = try built(cities: cities, snapshots: snapshots)
        defer { removeTemporary(root) }
        var random = SplitMix(state: seed)
        var fromModel = 0
        for number in 1...count {
            let done = try edit(root, &random)
            let report: BuildReport
            do {
                report = try build()
            } catch {
                #expect(done.hasPrefix("bad"), "edit \(number): \(done) failed: \(error.diagnostics)")
                // Mended: the value as it was is any number.
                let file = root + "/Content/cities.tsv"
                try readText(file).replacingOccurrences(of: "\tmany\t", with: "\t7\t")
                    .write(toFile: file, atomically: true, encoding: .utf8)
                continue
            }
            if report.edited != nil {
                #expect(report.fromSnapshot == snapshots)
                fromModel += 1
            }
            let differing = try differencesFromClean(options, root: root)
            #expect(differing.isEmpty, "edit \(number) (\(done)): \(differing.prefix(5))")
            // The same entries, warnings and sources (a kept search bucket may list its files in another order).
            #expect(
                try Manifest.decode(manifest(options.output)) == Manifest.decode(manifest(root + "/Fresh")),
                "edit \(number) (\(done)): manifests differ")
            if !differing.isEmpty { break }
        }
        return fromModel
    }

    /// 200 edits in the full run, 25 otherwise.
    @Test func randomEditsBuildLiveAsCleanBuildsDo() throws {
        let edits = TestSize.scaled(full: 200, quick: 16)
        let fromModel = try run(cities: 300, edits: edits, seed: 2026_11_23)
        // About half the edits change only values: most of those start from the live model.
        #expect(fromModel > edits * 3 / 10, "\(fromModel) of \(edits) builds from the live model")
    }

    /// A value edit in a site of seven languages makes, in every language, only the pages it reaches, as
    /// in the default's: the other languages' models are kept live (or, with `snapshots`, in the snapshot
    /// a build from the command line saves), and the edits go into each. The files handed to the writer
    /// are a few per language, where making each language whole hands it every file of its folder; the
    /// folder is what a clean build makes.
    @Test(arguments: [false, true]) func aValueEditMakesOnlyWhatItReachesInEveryLanguage(snapshots: Bool) throws {
        let root = try project(cities: 300)
        defer { removeTemporary(root) }
        let options = options(root, cache: snapshots)
        let handed = Mutex(0)
        let builder = Builder(progress: { progress in
            if progress.phase == .write { handed.withLock { $0 = progress.total } }
        })
        let live = LiveBuilder(builder: builder)
        func build() throws -> BuildReport { snapshots ? try builder.build(options) : try live.build(options) }
        _ = try build()
        let swedish = try FileManager.default.subpathsOfDirectory(atPath: options.output + "/sv").count
        try setFirstPopulation(root, "123457")
        let report = try build()
        #expect(report.edited == 1 && report.fromSnapshot == snapshots)
        let made = handed.withLock { $0 }
        #expect(made > 7 && made < swedish, "\(made) files made, where Swedish alone has \(swedish)")
        #expect(report.write.written.contains { $0.hasPrefix("sv/countries/") }, "the edit shows in Swedish too")
        let differing = try differencesFromClean(options, root: root)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// A city's value edit makes its country's complete list of cities, in every language, from the last
    /// build's page with the city's row put in (`RowSplice`): each language's page is read back, and the
    /// folder is what a clean build makes.
    @Test(arguments: [false, true]) func aCitysEditMakesItsCountrysListFromTheLastPageInEveryLanguage(
        snapshots: Bool
    ) throws {
        let root = try project(cities: 300)
        defer { removeTemporary(root) }
        // A country with more cities than its page lists (10), so that it has a complete list, and its
        // cities' lines.
        let cities = try readText(root + "/Content/cities.tsv").split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        let byCountry = Dictionary(grouping: cities.indices.dropFirst(), by: { String(cities[$0][3]) })
        let (country, lines) = try #require(byCountry.filter { $0.value.count > 10 }.min { $0.key < $1.key })
        let reads = Mutex<[String]>([])
        var builder = Builder()
        let read = builder.fileSystem.read
        builder.fileSystem.read = { path in
            reads.withLock { $0.append(path) }
            return try read(path)
        }
        let live = LiveBuilder(builder: builder)
        let options = options(root, cache: snapshots)
        func build() throws -> BuildReport { snapshots ? try builder.build(options) : try live.build(options) }
        _ = try build()
        reads.withLock { $0 = [] }
        // One more: the list, by population, keeps its order (no other city of the country has that many).
        let line = lines[lines.count / 2]
        let population = try #require(Int(cities[line][5])) + 1
        #expect(!lines.contains { cities[$0][5] == "\(population)" })
        try setCity(root, line: line, column: 5, "\(population)")
        #expect(try build().edited == 1)
        let page = "countries/cities/\(country.lowercased()).html"
        let languages = ["", "fr/", "sv/", "de/", "ru/", "ar/", "ja/"]
        let readBack = reads.withLock { $0 }
        let missing = languages.filter { !readBack.contains(options.output + "/" + $0 + page) }
        #expect(missing.isEmpty, "not read back in \(missing)")
        let differing = try differencesFromClean(options, root: root)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// A value edit of a country whose note no other language translates: each language's page of it,
    /// made again, still says the note is in the default's words (`Note.isFallback`), from the live model
    /// and from the snapshot, as a clean build's does.
    @Test(arguments: [false, true]) func aFallbackNoteStaysOneAfterAValueEdit(snapshots: Bool) throws {
        let (root, options, build) = try built(cities: 300, snapshots: snapshots)
        defer { removeTemporary(root) }
        #expect(!FileManager.default.fileExists(atPath: root + "/Content/notes/de/IS.md"))
        try setFirstPopulation(root, "123457", of: "IS")
        let report = try build()
        #expect(report.edited == 1 && report.fromSnapshot == snapshots)
        #expect(report.write.written.contains("de/countries/is.html"))
        #expect(try readText(options.output + "/de/countries/is.html").contains("note-fallback"))
        let differing = try differencesFromClean(options, root: root)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// An installable site: a value edit, from the live model and from the snapshot, leaves the worker,
    /// the manifest and the list of files to save as a clean build makes them: the edited files' hashes,
    /// and none of the shards the edit dropped.
    @Test(arguments: [false, true]) func anInstallableSitesEditBuildsAsACleanBuildDoes(snapshots: Bool) throws {
        let root = try project(cities: 300)
        defer { removeTemporary(root) }
        let site = root + "/Content/site.yml"
        try (readText(site) + "\noffline: true\n").write(toFile: site, atomically: true, encoding: .utf8)
        let options = options(root, cache: snapshots)
        let build = builds(options, snapshots: snapshots)
        _ = try build()
        let worker = try readText(options.output + "/sw.js")
        try setFirstPopulation(root, "123457")
        let report = try build()
        #expect(report.edited == 1)
        #expect(try readText(options.output + "/sw.js") != worker, "the edit reaches the shell's indexes")
        let differing = try differencesFromClean(options, root: root)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// A city's population edited while one language's own words change: its German title (the German
    /// edition's config), then a country's Swedish name (a title of the Swedish edition). That language is
    /// modelled and made again whole, every other takes the edit as the default does, from the live model
    /// and from the snapshot, and the folder is what a clean build makes.
    @Test(arguments: [false, true]) func aLanguagesOwnWordsChangedBesideAValueEdit(snapshots: Bool) throws {
        let (root, options, build) = try built(cities: 60, snapshots: snapshots)
        defer { removeTemporary(root) }
        let german = root + "/Content/languages/de.yml"
        try readText(german).replacingOccurrences(of: "title: \"Weltfakten\"", with: "title: \"Die Welt\"")
            .write(toFile: german, atomically: true, encoding: .utf8)
        try setCity(root, line: 9, column: 5, "123457")
        let retitled = try build()
        #expect(retitled.edited == 1 && retitled.fromSnapshot == snapshots)
        #expect(retitled.write.written.contains("de/index.html"))
        #expect(!retitled.write.written.contains("fr/index.html"), "French takes the edit alone")
        var differing = try differencesFromClean(options, root: root)
        #expect(differing.isEmpty, "the German title: \(differing.prefix(5))")
        let swedish = root + "/Content/translations/countries.sv.tsv"
        let names = try readText(swedish)
        let renamed = names.replacingOccurrences(of: "\tSchweiz\n", with: "\tSchweiziska edsförbundet\n")
        #expect(renamed != names)
        try renamed.write(toFile: swedish, atomically: true, encoding: .utf8)
        try setCity(root, line: 9, column: 5, "7654321")
        let named = try build()
        #expect(named.edited == 1 && named.fromSnapshot == snapshots)
        #expect(named.write.written.contains { $0.hasPrefix("sv/countries/") })
        differing = try differencesFromClean(options, root: root)
        #expect(differing.isEmpty, "a Swedish name: \(differing.prefix(5))")
    }

    /// Every city's population grown to fifteen digits, then put back: each edit is of values only, so the
    /// search index is updated from the live model, and its grown entries split shards that were leaves
    /// (then join them again). The index gives only the shards it made, and names those it dropped
    /// (`SearchIndex.dropped`): the folder is what a clean build makes, with no shard left over.
    @Test func shardsThatAValueEditSplitsAreDropped() throws {
        let root = try project(cities: 300)
        defer { removeTemporary(root) }
        let options = options(root)
        let live = LiveBuilder()
        _ = try live.build(options)
        let file = root + "/Content/cities.tsv"
        let original = try readText(file)
        var lines = original.split(separator: "\n").map(String.init)
        for line in lines.indices.dropFirst() {
            var cells = lines[line].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            cells[5] = "999999999999999"
            lines[line] = cells.joined(separator: "\t")
        }
        for (what, text) in [("grown", lines.joined(separator: "\n") + "\n"), ("put back", original)] {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let report = try live.build(options)
            #expect(report.edited != nil, "\(what): from the live model")
            #expect(report.write.removed.contains { $0.hasPrefix("search/") }, "\(what): shards dropped")
            let differing = try differencesFromClean(options, root: root)
            #expect(differing.isEmpty, "\(what): \(differing.prefix(5))")
            #expect(
                try Manifest.decode(manifest(options.output)) == Manifest.decode(manifest(root + "/Fresh")), "\(what)")
        }
    }

    /// A failed build may have taken the copy of the site that edits go into (`PreparedCopy`) and put its
    /// edits in: the live builder makes a new one from the model it keeps, so the next value edit goes
    /// into a copy again, and builds as a clean build does.
    @Test func aFailedBuildLeavesACopyOfTheSiteForTheNextEdit() throws {
        let root = try project(cities: 50)
        defer { removeTemporary(root) }
        let options = options(root)
        let live = LiveBuilder()
        _ = try live.build(options)
        #expect(live.hasPreparedCopy)
        try setCity(root, line: 5, column: 5, "many")
        #expect(throws: BuildFailure.self) { try live.build(options) }
        #expect(live.hasPreparedCopy, "a copy of the site after the failed build")
        try setCity(root, line: 5, column: 5, "4242")
        let report = try live.build(options)
        #expect(report.edited != nil, "from the live model")
        #expect(try differencesFromClean(options, root: root).isEmpty)
    }

    /// A city moved to a country of a continent no city had: the cities' filter by continent gains a value.
    /// The filters every index and group page shows gain it too, and the search entries, which number their
    /// values among the filter's, and the previews, which count records by value, change with it: from the
    /// live model and from the last snapshot, the folder is what a clean build makes.
    @Test(arguments: [false, true]) func aNewFilterValueBuildsAsACleanBuildDoes(snapshots: Bool) throws {
        let (root, options, build) = try built(cities: 50, snapshots: snapshots)
        defer { removeTemporary(root) }
        let newPage = root + "/Output/cities-by-continent/south-america.html"
        #expect(!FileManager.default.fileExists(atPath: newPage), "the first 50 cities hold a South American one")
        try setCity(root, line: 7, column: 3, "BR")
        _ = try build()
        #expect(FileManager.default.fileExists(atPath: newPage))
        let differing = try differencesFromClean(options, root: root)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(try Manifest.decode(manifest(options.output)) == Manifest.decode(manifest(root + "/Fresh")))
    }

    /// An edit that only changes how a text is encoded, from a composed "é" to "e" and a combining accent,
    /// is an edit: Swift's `==` calls the two equal (canonical equivalence), but the pages show the bytes.
    /// A value and a title are edited so, from the live model and from the last snapshot.
    @Test(arguments: [false, true]) func anEditOfOnlyTheNormalFormBuildsAsACleanBuildDoes(snapshots: Bool) throws {
        let root = try project(cities: 50)
        defer { removeTemporary(root) }
        let options = options(root, cache: snapshots)
        let build = builds(options, snapshots: snapshots)
        let (composed, decomposed) = ("Caf\u{E9}", "Cafe\u{301}")
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        let siteFile = root + "/Content/site.yml"
        let site = try readText(siteFile)
        #expect(site.contains("label: Calling code,"))
        // The time zone (a value shown on its page), the name (its title) and a field's label in site.yml,
        // composed, then decomposed.
        for (what, column) in [("time zone", 6), ("name", 1), ("label", -1)] {
            for text in [composed, decomposed] {
                if column < 0 {
                    try site.replacingOccurrences(of: "label: Calling code,", with: "label: \(text),")
                        .write(toFile: siteFile, atomically: true, encoding: .utf8)
                } else {
                    try setCity(root, line: 7, column: column, text)
                }
                _ = try build()
                let differing = try differencesFromClean(options, root: root)
                #expect(differing.isEmpty, "\(what) \(Array(text.unicodeScalars)): \(differing.prefix(5))")
            }
        }
    }

    /// The same from the command line: each build reads the snapshot the last one saved, and saves its own.
    /// 100 edits in the full run, 15 otherwise.
    @Test func randomEditsBuildFromTheLastSnapshotAsCleanBuildsDo() throws {
        let edits = TestSize.scaled(full: 100, quick: 10)
        let fromModel = try run(cities: 300, edits: edits, seed: 2026_11_24, snapshots: true)
        #expect(fromModel > edits * 3 / 10, "\(fromModel) of \(edits) builds from the last build's snapshot")
    }
}
