import Foundation
import Synchronization
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsWrite

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

func repoPath(_ relative: String) -> String { repositoryRoot + "/" + relative }

/// The countries alone (`Tests/Fixtures/countries`), modelled, for search and context tests.
let countriesSite: Site = {
    let content = try! ContentLoader(folder: repoPath("Tests/Fixtures/countries")).load()
    return try! SiteModeler().model(content)
}()

/// How many cases the seeded random tests run: the full count under `WORLDFACTS_TEST_FULL=1`
/// (`make test-full`), a count that still finds regressions otherwise (`make test`, `make check`).
enum TestSize {
    static let isFull = ProcessInfo.processInfo.environment["WORLDFACTS_TEST_FULL"] == "1"

    static func scaled(full: Int, quick: Int) -> Int { isFull ? full : quick }
}

/// A fresh temporary folder, removed by the caller with `removeTemporary`; in `base` when given
/// (a folder path ending in "/"), else in the system's temporary folder. Whatever is left of it when the
/// test process exits (a helper's folder that outlives its test, a test that stopped before its `defer`)
/// is removed then (`TemporaryFolders`).
func makeTemporaryFolder(_ name: String = "wf", in base: String? = nil) -> String {
    let path = (base ?? NSTemporaryDirectory()) + "\(name)-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    TemporaryFolders.made(path)
    return path
}

/// The temporary folders the tests made, removed when the test process exits, so that a run leaves none
/// behind in the system's temporary folder.
enum TemporaryFolders {
    private static let paths = Mutex<[String]>([])
    private static let removedAtExit: Void = {
        atexit {
            for path in TemporaryFolders.paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        }
    }()

    static func made(_ path: String) {
        _ = removedAtExit
        paths.withLock { $0.append(path) }
    }
}

func removeTemporary(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

/// What loading the content folder `folder` says of it, one diagnostic a line, when the load fails; nil
/// when it loads.
func loadProblems(_ folder: String) -> String? {
    do {
        _ = try ContentLoader(folder: folder).load()
        return nil
    } catch {
        return error.diagnostics.map(\.description).joined(separator: "\n")
    }
}

func readText(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
}

/// Every file below a folder (but the build's manifest and its folders' stamps, which name the folders
/// and times of one build) with its bytes' hash: compare two builds.
func contents(_ folder: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for file in try FileSystem.disk.listFiles(folder) where !file.hasPrefix(Bookkeeping.folder + "/") {
        result[file] = ContentHash.hex(try FileSystem.disk.read(folder + "/" + file))
    }
    return result
}

/// Every file below a folder with its bytes' hash and modification time: compare before and after.
func snapshot(_ folder: String) -> [String: String] {
    var result: [String: String] = [:]
    guard let files = try? FileSystem.disk.listFiles(folder) else { return result }
    for file in files {
        let path = folder + "/" + file
        let bytes = (try? FileSystem.disk.read(path)) ?? []
        let modified =
            (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?
            .timeIntervalSince1970 ?? 0
        result[file] = ContentHash.hex(bytes) + "@\(modified)"
    }
    return result
}

/// An in-memory file system that counts writes.
final class MemoryDisk: Sendable {
    let files = Mutex<[String: [UInt8]]>([:])
    let writes = Mutex<[String]>([])

    var fileSystem: FileSystem {
        FileSystem(
            read: { path in
                guard let bytes = self.files.withLock({ $0[path] }) else {
                    throw FileSystemError(path: path, message: "no such file")
                }
                return bytes
            },
            writeAtomically: { path, bytes in
                self.files.withLock { $0[path] = bytes }
                self.writes.withLock { $0.append(path) }
            },
            append: { path, bytes in self.files.withLock { $0[path, default: []].append(contentsOf: bytes) } },
            remove: { path in _ = self.files.withLock { $0.removeValue(forKey: path) } },
            exists: { path in self.files.withLock { $0[path] != nil } },
            isDirectory: { path in self.files.withLock { $0.keys.contains { $0.hasPrefix(path + "/") } } },
            listFiles: { folder in
                self.files.withLock {
                    $0.keys.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }
                        .sorted()
                }
            },
            makeDirectory: { _ in }
        )
    }
}

/// A minimal schema for tests: key `id`, title `name`, and a few typed fields.
let testSiteYAML = """
    title: Test Site
    locale: en
    records: { file: records.json, key: id, title: name, pages: things }
    fields:
      - { id: capital, label: Capital, format: text }
      - { id: population, label: Population, format: integer, min: 0 }
      - { id: area, label: Area, format: decimal, unit: km², digits: 1, min: 0 }
      - { id: tags, label: Tags, format: list }
      - { id: next_to, label: Next to, format: links }
    index: { subtitle: capital, detail: population, detail_label: "Pop:" }
    search:
      scopes:
        - { id: name, label: Name, fields: [name] }
    """

/// The test schema for records that have only a key and a title (a declared field that no record has is
/// a warning, and a column that no CSV header has is an error): its one field is the title's.
let minimalSiteYAML = """
    title: Test Site
    locale: en
    records: { file: records.json, key: id, title: name, pages: things }
    fields:
      - { id: name, label: Name, format: text, show: false }
    search:
      scopes:
        - { id: name, label: Name, fields: [name] }
    """

func testConfig() -> SiteConfig {
    let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: testSiteYAML)
    precondition(diagnostics.isEmpty, "\(diagnostics)")
    return config!
}

/// Writes a content folder with the test schema and the given records JSON.
func writeContent(_ folder: String, records: String, siteYAML: String = testSiteYAML, notes: [String: String] = [:]) {
    try! FileManager.default.createDirectory(atPath: folder + "/notes", withIntermediateDirectories: true)
    try! siteYAML.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
    try! records.write(toFile: folder + "/records.json", atomically: true, encoding: .utf8)
    for (name, text) in notes {
        try! text.write(toFile: folder + "/notes/\(name).md", atomically: true, encoding: .utf8)
    }
}

/// Builds a content folder of `records`, `siteYAML` and more `files` (by path in Content) with the shipped
/// templates, into a folder of its own: its root, and the build's report.
func buildSite(
    records: String, siteYAML: String, files: [String: String]
) throws -> (root: String, report: BuildReport) {
    let root = makeTemporaryFolder()
    writeContent(root + "/Content", records: records, siteYAML: siteYAML)
    for (name, text) in files {
        let path = root + "/Content/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let report = try Builder().build(
        BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
    return (root, report)
}

/// Runs blocking work (a lock that waits, a build) on a thread of its own, so that it never holds one of
/// the cooperative threads that every test's tasks share (one per core): two blocked there stall them all.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

// Single-collection shorthands: most tests build a site of one collection.
extension SiteConfig {
    var only: CollectionSpec {
        get { collections[0] }
        set { collections[0] = newValue }
    }
}

extension Content {
    var only: LoadedCollection {
        get { collections[0] }
        set { collections[0] = newValue }
    }
}

extension Site {
    var only: RecordCollection {
        get { collections[0] }
        set { collections[0] = newValue }
    }
}

/// A small seeded generator (SplitMix64), so a failure can be replayed: the same seed, the same sequence.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The JSON of the file of the search index named `name` (`search/<name>.js`, JSON in a script), as
/// search.js reads it over HTTP: between `__worldfacts("<name>",` and `);`.
func publishedSearchJSON(_ output: String, name: String) throws -> String {
    let script = try readText(output + "/search/" + name + ".js")
    let head = "__worldfacts(\"" + name + "\","
    try #require(script.hasPrefix(head) && script.hasSuffix(");\n"), "\(name): \(script.prefix(80))")
    return String(script.dropFirst(head.count).dropLast(3))
}

/// The search manifest a built site at `output` publishes, as search.js finds it: through `search/entry.js`.
func publishedSearchManifest(_ output: String) throws -> String {
    let entry = try publishedSearchJSON(output, name: "entry")
    let name = try #require(entry.firstMatch(of: /"manifest":"([^"]+)"/)).output.1
    return try publishedSearchJSON(output, name: String(name))
}

/// The path under `output` of the shard the index names for `prefix` in `scope` (kind "l" or "p").
func publishedShard(_ output: String, scope: String, kind: String, prefix: String) throws -> String {
    let names = try publishedShardNames(output, scope: scope)
    return output + "/search/" + scope + "/" + (try #require(names[kind]?[prefix])) + ".js"
}

/// Every shard the published index names in `scope`, by kind ("l" or "p") and prefix, found as search.js
/// finds them: the manifest names those one scalar long, and each preview those one scalar below it.
func publishedShardNames(_ output: String, scope: String) throws -> [String: [String: String]] {
    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
    let scopes = try #require(try object(publishedSearchManifest(output))["scopes"] as? [String: [String: Any]])
    var names: [String: [String: String]] = ["l": [:], "p": [:]]
    var pending: [(at: String, below: [String: String])] = [
        ("", try #require(scopes[scope]?["k"] as? [String: String]))
    ]
    while let (at, below) = pending.popLast() {
        for (next, name) in below {
            #expect(next.unicodeScalars.count == 1, "\(scope): \(at) names \(next)")
            let kind = String(name.prefix(1))
            names[kind, default: [:]][at + next] = name
            if kind == "p" {
                let shard = try object(publishedSearchJSON(output, name: scope + "/" + name))
                pending.append((at + next, try #require(shard["k"] as? [String: String])))
            }
        }
    }
    return names
}
