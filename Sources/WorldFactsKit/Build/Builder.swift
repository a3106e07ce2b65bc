import Foundation

/// Where a build reads and writes.
public struct BuildOptions: Sendable {
    public var content: String
    public var templates: String
    public var output: String
    /// Write into a non-empty folder that no worldfacts build made.
    public var force: Bool
    /// Remove everything the manifest lists first, then build from nothing.
    public var clean: Bool

    public init(content: String = "Content", templates: String = "Templates", output: String = "Output",
                force: Bool = false, clean: Bool = false) {
        self.content = content
        self.templates = templates
        self.output = output
        self.force = force
        self.clean = clean
    }
}

/// What a build did, for the summary line.
public struct BuildReport: Sendable {
    public var records: Int
    public var write: WriteReport
    public var warnings: [Diagnostic]
    /// The steps that ran, in order, with their time and memory.
    public var steps: [BuildStep]

    public var summary: String {
        let total = steps.reduce(0) { $0 + $1.seconds }
        return "\(records) records: \(write.written.count) files written, \(write.unchanged) unchanged, \(write.removed.count) removed in \(String(format: "%.2f", total)) s"
    }
}

/// One named step of a build: how long it took, and the process's memory when it ended.
public struct BuildStep: Sendable {
    public var name: String
    public var seconds: Double
    /// Taken as the step ends: `peak` is the most the build has held so far, so the first step whose
    /// peak is high is the step that raised it.
    public var memory: ProcessMemory
}

/// The build as a list of named steps: check output, check sources, load content, load templates,
/// model, render and write. All validation happens before the first byte is written, so a failing build
/// leaves Output as it was; a failure names the step that found it. When the sources are byte for byte
/// those of the last build and its files are all there, the build stops after checking the sources, and
/// reports the last build's warnings again.
public struct Builder: Sendable {
    public var fileSystem: FileSystem
    /// Called as the build advances; nil to stay silent.
    public var progress: (@Sendable (BuildProgress) -> Void)?

    public init(fileSystem: FileSystem = .disk, progress: (@Sendable (BuildProgress) -> Void)? = nil) {
        self.fileSystem = fileSystem
        self.progress = progress
    }

    public func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        var steps: [BuildStep] = []
        func step<T>(_ name: String, _ body: () throws(BuildFailure) -> T) throws(BuildFailure) -> T {
            let start = PhaseProgress.uptime()
            defer { steps.append(BuildStep(name: name, seconds: PhaseProgress.uptime() - start, memory: .now())) }
            return try body()
        }
        try step("check output") { () throws(BuildFailure) in
            try OutputGuard(fileSystem: fileSystem).check(
                output: options.output, inputs: [options.content, options.templates], force: options.force)
        }
        let sources = try step("check sources") { () throws(BuildFailure) in
            try SourceDigest.of(folders: [options.content, options.templates], fileSystem: fileSystem)
        }
        if !options.clean, let last = try step("compare last build", {
            OutputWriter.upToDate(folder: options.output, fileSystem: fileSystem, sources: sources)
        }) {
            return BuildReport(records: last.records, write: WriteReport(unchanged: last.files, reused: last.files),
                               warnings: last.warnings, steps: steps)
        }
        // The last build's manifest is read while the content loads: it only reads.
        let previous = Slots<Result<OutputWriter.PreviousBuild, BuildFailure>>(count: 1)
        let readingPrevious = DispatchGroup()
        DispatchQueue.global().async(group: readingPrevious) { [fileSystem] in
            previous.set(0, Result { () throws(BuildFailure) in try OutputWriter.readPrevious(folder: options.output, fileSystem: fileSystem) })
        }
        progress?(BuildProgress(phase: "load", done: 0, total: 0))
        let content = try step("load content") { () throws(BuildFailure) in
            try ContentLoader(folder: options.content, fileSystem: fileSystem).load()
        }
        progress?(BuildProgress(phase: "load", done: content.records.count, total: content.records.count, seconds: steps.last?.seconds))
        let theme = try step("load templates") { () throws(BuildFailure) in
            try ThemeLoader(folder: options.templates, fileSystem: fileSystem).load()
        }
        let templates = try step("compile templates") { () throws(BuildFailure) in try TemplateSet(theme: theme) }
        let site = try step("model") { () throws(BuildFailure) in try SiteModeler().model(content) }
        let report = try step("render and write") { () throws(BuildFailure) in
            readingPrevious.wait()
            let writer = try OutputWriter(folder: options.output, fileSystem: fileSystem, clean: options.clean,
                                          previous: previous.values[0].get())
            writer.recordSources(sources, records: site.records.count, warnings: site.warnings)
            let renderer = SiteRenderer(site: site, templates: templates, theme: theme)
            let phases = PhaseProgress(report: progress, records: site.records.count,
                                       recordPagesFolder: site.config.records.pagesFolder)
            let background = BackgroundWriter(writer, written: phases.written)
            // Rendering the next batch overlaps writing the last one.
            do throws(BuildFailure) {
                try renderer.render(reuse: writer.reuse) { files throws(BuildFailure) in
                    try background.submit(files)
                    phases.rendered(files)
                }
            } catch {
                background.drain()
                throw error
            }
            phases.renderingDone()
            let report = try background.finish()
            Leftovers.free(consume writer, consume renderer, consume background)
            return report
        }
        let built = BuildReport(records: site.records.count, write: report, warnings: site.warnings, steps: steps)
        Leftovers.free(consume content, consume site)
        return built
    }
}

/// Values a finished build no longer needs, freed on another thread: the manifests, records and pages of
/// a quarter of a million records take half a second to free, which nobody need wait for. A command
/// that exits right after the build does not wait for it either.
final class Leftovers: @unchecked Sendable {
    private var values: [Any]

    private init(_ values: [Any]) { self.values = values }

    /// Takes the last references to `values` (the caller must hold no other) and drops them in the background.
    static func free(_ values: Any...) {
        let leftovers = Leftovers(values)
        DispatchQueue.global(qos: .utility).async { leftovers.values.removeAll() }
    }
}
