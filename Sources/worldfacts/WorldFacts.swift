import ArgumentParser
import Foundation
import WorldFactsPipeline
import WorldFactsServe
import WorldFactsSupport
import WorldFactsWatch

@main
struct WorldFacts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worldfacts",
        abstract: "Publish a browsable fact site from records, Markdown notes and Mustache templates.",
        version: "worldfacts \(WorldFacts.version) (commit \(buildCommit))",
        subcommands: [Build.self, Watch.self, Serve.self, Init.self, Templates.self, Pack.self],
        defaultSubcommand: Build.self
    )

    /// The release: what changes for users changes it.
    static let version = "0.9.0"
}
