import ArgumentParser
import Foundation
import WorldFactsPipeline
import WorldFactsServe
import WorldFactsSupport
import WorldFactsWatch

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch, and serve the output folder on 127.0.0.1 with live reload.")

    @OptionGroup var folders: Folders
    @Flag(help: "Print the time and memory of each build step.") var stats = false
    @Option(help: "Port on 127.0.0.1 (0 picks a free one).") var port = 8000

    func run() async throws {
        ProcessMemory.returnFreedMemory()
        var rebuilder = Rebuilder(
            options: folders.options, builder: Builder(waiting: folders.waiting), print: printLine)
        if stats { rebuilder.stepLine = statsLine }
        rebuilder.maxErrors = folders.maxErrors
        try await PreviewServer(rebuilder: rebuilder, port: port).run()
    }
}
