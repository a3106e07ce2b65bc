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
        subcommands: [Build.self, Watch.self, Serve.self],
        defaultSubcommand: Build.self
    )
}
