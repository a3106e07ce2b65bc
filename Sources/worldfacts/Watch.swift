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

    func run() async throws {
        await Rebuilder(options: folders.options, builder: Builder(waiting: folders.waiting), print: printLine).watch()
    }
}
