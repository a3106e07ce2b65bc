import WorldFactsModel
import WorldFactsRender
import WorldFactsSupport

/// The feed of changes after this build (`changes:`): the last build's history, read back from the
/// `changes.json` it published in Output, so that a build from a restored Output alone keeps it, with this
/// build's data put after it (`ChangeHistory.after`). Read before a clean build puts the last build's files
/// aside. A history that cannot be read is a warning, never a failed build: the history starts again with
/// this build.
struct ChangesReader {
    let fileSystem: FileSystem

    func history(
        output: String, site: Site, spec: ChangesSpec, time: String
    ) -> (history: ChangeHistory, warnings: [Diagnostic]) {
        let path = joinPath(output, ChangesFile.path)
        var warnings: [Diagnostic] = []
        var last: ChangeHistory?
        if fileSystem.exists(path) {
            do {
                last = try ChangesFile.history(try fileSystem.read(path))
            } catch {
                let why = (error as? ChangesFile.Unreadable)?.message ?? "\(error)"
                warnings.append(
                    .warning(
                        SourceLocation(file: path),
                        "the last feed of changes cannot be read (\(why)); its history starts again with this build"))
            }
        }
        return (ChangeHistory.after(last, state: DataState(site: site), time: time, spec: spec), warnings)
    }

    /// The moment of this build, as the feed gives it (RFC 3339, UTC): `SOURCE_DATE_EPOCH`'s when set
    /// (reproducible builds), else the clock's.
    static func now() -> String {
        let seconds = Builder.buildSeconds()
        let time = seconds - (seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400) * 86_400
        func two(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return CalendarDay.of(secondsSince1970: seconds) + "T" + two(time / 3_600) + ":" + two(time / 60 % 60) + ":"
            + two(time % 60) + "Z"
    }
}
