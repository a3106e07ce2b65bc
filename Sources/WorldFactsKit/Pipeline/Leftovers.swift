import Dispatch

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
