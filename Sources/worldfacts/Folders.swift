import ArgumentParser
import Foundation
import WorldFactsPipeline
import WorldFactsServe
import WorldFactsSupport
import WorldFactsWatch

/// The folders and safety flags every subcommand shares.
struct Folders: ParsableArguments {
    @Option(help: "Folder with site.yml, the records file and notes.") var content = "Content"
    @Option(
        help: ArgumentHelp(
            "Folder of your own templates and assets/, over the built-in ones, file by file.",
            discussion: "Default: templates/ in the content folder, when there is one; else the built-in set."))
    var templates: String?
    @Option(help: "Folder the site is written into.") var output = "Output"
    @Flag(help: "Write into a non-empty folder that no worldfacts build made.") var force = false
    @Flag(help: "Remove the files of the previous build first, then build from nothing.") var clean = false
    @Flag(help: "Follow symbolic links that lead outside the content and templates folders (each gets a warning).")
    var followSymlinks = false
    @Flag(help: "Fail at once when another build is writing the output folder, instead of waiting for it.")
    var noWait = false
    @Option(
        help: ArgumentHelp(
            "Folder for the snapshot each build leaves, from which the next build into the same output starts.",
            discussion: "Default: $WORLDFACTS_CACHE_DIR, else $XDG_CACHE_HOME/worldfacts, else ~/.cache/worldfacts."))
    var cacheDir: String?
    @Flag(help: "Neither read nor save a build snapshot.") var noCache = false
    @Option(
        help: ArgumentHelp(
            "The address the site is published at (http or https, a path prefix allowed), over site.yml's url.",
            discussion: "With it, pages carry canonical links, link previews and JSON-LD, and the build writes"
                + " sitemap.xml and robots.txt."))
    var baseURL: String?
    @Option(help: "Fail before writing anything when the output would hold more files than this (over max_files).")
    var maxFiles: Int?
    @Option(help: "Print at most this many errors; the rest are counted.")
    var maxErrors = DiagnosticList.defaultMaxErrors

    var options: BuildOptions {
        BuildOptions(
            content: content, templates: templates, output: output, force: force, clean: clean,
            followSymlinks: followSymlinks, waitForLock: !noWait, cache: noCache ? nil : cacheDir ?? Self.defaultCache,
            baseURL: baseURL, maxFiles: maxFiles)
    }

    /// Where snapshots go when `--cache-dir` is not given, as other tools keep their caches.
    static var defaultCache: String? {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["WORLDFACTS_CACHE_DIR"], !folder.isEmpty { return folder }
        if let folder = environment["XDG_CACHE_HOME"], folder.hasPrefix("/") { return folder + "/worldfacts" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/worldfacts" }
        return nil
    }

    /// Says, on standard error, that the build waits for another one.
    var waiting: @Sendable (Int?) -> Void {
        { [output] holder in
            printError(
                "worldfacts: waiting for the build\(holder.map { " (pid \($0))" } ?? "") that is writing \(output)")
        }
    }
}
