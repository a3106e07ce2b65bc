import Synchronization
import WorldFactsModel
import WorldFactsSupport

/// A copy of a live model's site whose records are its own (`Site.withOwnRecords`), made on a thread of its
/// own once a build is done, while `watch` waits for the next edit: that build applies its edits to the
/// copy in place. Replacing one record in the model's site itself copied every record, on the edit's
/// longest path, because the model keeps its site for a build that fails. Taken once.
final class SpareSite: Sendable {
    private let making: Mutex<BackgroundValue<Site>?>

    init(of site: Site) {
        making = Mutex(BackgroundValue.onOwnThread { site.withOwnRecords() })
    }

    /// The copy, waited for if it is still being made; nil once taken.
    func take() -> Site? {
        making.withLock { $0.take() }?.take()
    }
}
