import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The files of an installable site (`offline:`), made from files the build wrote: the web app manifest,
/// the service worker at the site's root (`sw.js`: the theme's `offline-worker.js` after a first line that
/// gives it what to fetch, `OFFLINE`), and, on a site small enough to save whole, the list of its files.
///
/// The worker fetches the shell at install and keeps the hash of each file it has: a new `sw.js`, which a
/// changed shell makes, fetches only the files whose hash changed. Its version is a hash of everything it
/// is given, so a build that changes none of that writes the same bytes, and browsers install nothing.
public struct OfflineApp: Sendable {
    public static let manifestPath = OfflineSpec.manifestPath
    public static let workerPath = OfflineSpec.workerPath
    public static let listPath = OfflineSpec.listPath

    /// A file the worker may fetch: its path from the root, the hash of its bytes, and their count.
    public struct Member: Sendable, Equatable {
        public var path: String
        public var hash: UInt64
        public var size: Int

        public init(path: String, hash: UInt64, size: Int) {
            self.path = path
            self.hash = hash
            self.size = size
        }
    }

    let config: SiteConfig
    /// The shell, in the order it is fetched.
    let shell: [Member]
    /// Every file a reader may save, or nil where the site weighs more than `save_kb`.
    let saved: [Member]?
    /// Paths the worker reads from its cache first, since their names carry a hash of their bytes: a path,
    /// or a folder's prefix ending in `*` (`HostHeaders.immutable`, without the leading `/`).
    let immutable: [String]
    /// The worker's script, as the theme has it (`PublishedAssets.workerScript`).
    let worker: [UInt8]

    public init(config: SiteConfig, shell: [Member], saved: [Member]?, immutable: [String], worker: [UInt8]) {
        self.config = config
        self.shell = shell
        self.saved = saved
        self.immutable = immutable
        self.worker = worker
    }

    /// The candidates that make the shell, in order: each while the shell stays within `limit` bytes. A file
    /// that does not fit is left for the worker to keep when it is visited; a smaller one after it may fit.
    public static func fitting(_ candidates: [Member], limit: Int) -> [Member] {
        var left = limit
        return candidates.filter { member in
            guard member.size <= left else { return false }
            left -= member.size
            return true
        }
    }

    /// The files: the manifest, the list of files to save (when the site may be saved), and the worker.
    public var files: [OutputFile] {
        let list = saved.map { Array(Self.pairs($0).utf8) }
        var files = [OutputFile(path: Self.manifestPath, bytes: Array(webManifest.utf8))]
        if let offline = config.offline, let path = offline.iconPath, let bytes = offline.iconBytes {
            files.append(OutputFile(path: path, bytes: bytes))
        }
        if let list { files.append(OutputFile(path: Self.listPath, bytes: list)) }
        files.append(OutputFile(path: Self.workerPath, bytes: workerBytes(list: list)))
        return files
    }

    /// The web app manifest: the site's title, description and language, opened at its home.
    var webManifest: String {
        var members = [
            ("name", JSONText.quoted(config.title)), ("short_name", JSONText.quoted(config.title)),
        ]
        if let description = config.description { members.append(("description", JSONText.quoted(description))) }
        members += [
            ("lang", JSONText.quoted(KnownLocales.languageTag(config.locale) ?? config.locale)),
            ("dir", JSONText.quoted(KnownLocales.isRightToLeft(config.locale) ? "rtl" : "ltr")),
            ("start_url", "\"./\""), ("scope", "\"./\""), ("display", "\"standalone\""),
            ("background_color", "\"#ffffff\""), ("theme_color", "\"#ffffff\""),
        ]
        if let offline = config.offline, let path = offline.iconPath {
            let size = "\(offline.iconSize)x\(offline.iconSize)"
            members.append(
                ("icons", "[{\"src\": \(JSONText.quoted(path)), \"sizes\": \"\(size)\", \"type\": \"image/png\"}]"))
        }
        return "{\n" + members.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// `sw.js`: the line that gives `OFFLINE`, then the worker's script.
    func workerBytes(list: [UInt8]?) -> [UInt8] {
        let save = list.map { list in
            "{\"list\":\(JSONText.quoted(Self.listPath)),\"files\":\(saved?.count ?? 0),"
                + "\"version\":\"\(Hex.text(BulkHash.of(list)))\"}"
        }
        let body =
            "\"shell\":\(Self.pairs(shell)),\"immutable\":[\(immutable.map(JSONText.quoted).joined(separator: ","))],"
            + "\"save\":\(save ?? "null"),\"notFound\":\"404.html\""
        var hash = StableHash()
        hash.add(contentsOf: body.utf8)
        hash.mix(BulkHash.of(worker))
        let line = "const OFFLINE = {\"version\":\"\(Hex.text(hash.value))\",\(body)};\n"
        return Array(line.utf8) + worker
    }

    /// `[["path","hash"],…]`, a member per line.
    static func pairs(_ members: [Member]) -> String {
        "[" + members.map { "\n[\(JSONText.quoted($0.path)),\"\(Hex.text($0.hash))\"]" }.joined(separator: ",") + "\n]"
    }
}
