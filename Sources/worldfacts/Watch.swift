import ArgumentParser
import Foundation
import WorldFactsPipeline
import WorldFactsServe
import WorldFactsSupport
import WorldFactsWatch

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build, then rebuild on every change under the content and templates folders.")

    @OptionGroup var folders: Folders
    @Flag(help: "Print the time and memory of each build step.") var stats = false

    func run() async throws {
        ProcessMemory.returnFreedMemory()
        var rebuilder = Rebuilder(
            options: folders.options, builder: Builder(waiting: folders.waiting), print: printLine)
        if stats { rebuilder.stepLine = statsLine }
        rebuilder.maxErrors = folders.maxErrors
        await rebuilder.watch()
    }
}
