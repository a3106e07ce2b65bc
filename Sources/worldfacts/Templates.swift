import ArgumentParser
import WorldFactsPipeline
import WorldFactsSupport

struct Templates: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the built-in templates and assets into a folder, to edit.",
        discussion: """
            A site needs no templates of its own. Its content folder's templates/ folder (or the folder \
            --templates names) overrides the built-in files one by one and adds its own, so a copy may \
            keep only the files it changes. A file already there is never replaced.
            """)

    @Option(help: "The folder to write the templates into (made if needed).") var export: String

    func run() throws {
        do {
            let written = try TemplatesExport.write(to: export)
            print(
                "wrote \(Plural.count(written.count, "file")) into \(export); build with --templates \(export),"
                    + " or move it to templates/ in the content folder")
        } catch {
            for line in DiagnosticList(error.diagnostics, maxErrors: DiagnosticList.defaultMaxErrors).lines {
                printError(line)
            }
            throw ExitCode.failure
        }
    }
}
