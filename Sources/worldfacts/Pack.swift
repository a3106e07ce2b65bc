import ArgumentParser
import Foundation
import WorldFactsPack
import WorldFactsPipeline
import WorldFactsSupport

struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site, then pack it into one file to hand on.",
        discussion: """
            --zip FILE.zip: every page, asset and search file the build published, and a README.txt. \
            Unzipped anywhere, the site works from disk (file://), its search included. The build's own \
            bookkeeping and _headers stay out.

            --zim FILE.zim: the same files in a ZIM file for Kiwix, with libzim's title and full-text \
            indexes, the former keys' pages as redirections, and the metadata site.yml's zim: gives; \
            --language ID makes that language's home page the main page and its texts the ZIM's.

            An existing FILE is replaced only with --force; a pack that fails leaves no partial file.
            """)

    @OptionGroup var folders: Folders
    @Option(help: "The ZIP file to write.") var zip: String?
    @Option(help: "The ZIM file to write, for Kiwix.") var zim: String?
    @Option(help: "With --zim: the language whose home page is the ZIM's main page (its id in site.yml).")
    var language: String?
    @Flag(help: "Print only errors.") var quiet = false

    func validate() throws {
        if zip == nil && zim == nil { throw ValidationError("Give --zip FILE.zip, --zim FILE.zim, or both.") }
        if language != nil && zim == nil {
            throw ValidationError("--language chooses a ZIM's language: give --zim too.")
        }
    }

    func run() throws {
        do {
            let report = try Builder(waiting: folders.waiting).build(folders.options)
            if !quiet {
                for line in DiagnosticList(report.warnings, maxErrors: folders.maxErrors).lines { printError(line) }
                print(report.summary)
            }
        } catch {
            for line in DiagnosticList(error.diagnostics, maxErrors: folders.maxErrors).lines { printError(line) }
            printError("worldfacts: build failed in step '\(error.step.rawValue)'; nothing was packed")
            throw ExitCode.failure
        }
        do {
            let files = try PublishedFiles(output: folders.output)
            if let zip {
                let bytes = try ZipPack(destination: zip, replaces: folders.force)
                    .write(from: folders.output, files: files, readme: PackReadme.text(output: folders.output))
                let count = Plural.count(files.paths.count + 1, "file")
                if !quiet { print("packed \(count) into \(zip), \(Plural.grouped(bytes)) bytes") }
            }
            if let zim {
                let source = try ZimSource.read(content: folders.options.content, language: language)
                let bytes = try ZimPack(destination: zim, replaces: folders.force).write(
                    from: folders.output, files: files, source: source, language: language, day: Builder.today())
                if !quiet {
                    print(
                        "packed \(Plural.count(files.paths.count, "file")) into \(zim), \(Plural.grouped(bytes)) bytes")
                }
            }
        } catch {
            for line in DiagnosticList(error.diagnostics, maxErrors: folders.maxErrors).lines { printError(line) }
            throw ExitCode.failure
        }
    }
}
