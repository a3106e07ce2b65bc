import Dispatch

/// Values a finished build no longer needs, freed on another thread: the manifests, records and pages of
/// a quarter of a million records take a fifth of a second to free, which nobody need wait for. A command
/// that exits right after the build does not wait for it either.
///
/// A value is freed by whichever of its holders lets go last. A build puts its large values here as it
/// goes (`add`), and the bin lets them go (`free`) only once the function that held them has returned:
/// freed at once, they were still held by that function's locals, which then freed them on the build's
/// own thread after the other thread had let go.
final class DeferredRelease: @unchecked Sendable {
    private var values: [Any] = []

    init() {}

    /// Holds `values` until `free`.
    func add(_ values: Any...) {
        self.values += values
    }

    /// Drops what `add` was given, on another thread. Call it when nothing else holds those values.
    func free() {
        DispatchQueue.global(qos: .utility).async { [self] in values.removeAll() }
    }

    /// Takes the last references to `values` (the caller must hold no other) and drops them in the background.
    static func free(_ values: Any...) {
        let releaseLater = DeferredRelease()
        releaseLater.values = values
        releaseLater.free()
    }
}
