import Foundation

/// An exclusive lock on a folder, held until `release()`. On disk it is a `flock` on a file in the
/// folder, which the kernel releases when the process ends, however it ends: a killed build never
/// leaves a stale lock.
public final class FolderLock: @unchecked Sendable {
    /// The file in a folder that a lock on the folder is taken on; it is there only while a lock is held.
    public static let fileName = ".worldfacts-lock"

    private let lock = NSLock()
    private var releaseAction: (() -> Void)?

    public init(release: @escaping () -> Void) {
        releaseAction = release
    }

    /// Lets the next waiting process in; again is nothing.
    public func release() {
        let action = lock.withLock { () -> (() -> Void)? in
            defer { releaseAction = nil }
            return releaseAction
        }
        action?()
    }

    deinit { release() }

    /// Why a lock was not taken.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// Another process holds it (its pid, where the system tells).
        case held(byProcess: Int?)
        /// The system's reason ("Read-only file system").
        case cannotLock(String)

        public var description: String {
            switch self {
            case .held(let holder): return "held by another process" + (holder.map { " (pid \($0))" } ?? "")
            case .cannotLock(let reason): return reason
            }
        }
    }
}
