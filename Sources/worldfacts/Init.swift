import ArgumentParser
import WorldFactsPipeline
import WorldFactsSupport

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a starter site.yml for a data file, beside it.",
        discussion: """
            The fields come from the file's columns, each with the format its values suggest; the key and \
            the title are guessed and marked CHECK. A site.yml already there is never replaced.
            """)

    @Option(name: .customLong("from"), help: "The records: .csv, .tsv, .json, .jsonl, .ndjson, .sqlite or .db.")
    var data: String
    @Option(help: "For a SQLite database: the query whose rows are the records.") var query: String?
    @Option(help: "The content folder to write site.yml into (default: the data file's folder).")
    var content: String?

    func run() throws {
        do {
            let written = try SiteStarter.write(data: data, query: query, content: content)
            print(
                "wrote \(written.siteFile): \(Plural.count(written.columns, "column")) of "
                    + "\(Plural.count(written.records, "record")); "
                    + "check the lines marked CHECK, then run worldfacts build --content "
                    + written.content)
        } catch {
            for line in DiagnosticList(error.diagnostics, maxErrors: DiagnosticList.defaultMaxErrors).lines {
                printError(line)
            }
            throw ExitCode.failure
        }
    }
}
