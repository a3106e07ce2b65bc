import Foundation
import Synchronization
import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// One build at a time: the output folder's lock, a `flock` on a file in it.
@Suite struct FolderLockTests {
    let folder = makeTemporaryFolder("lock") + "/Output"

    @Test func aSecondLockFailsAtOnceNamingTheHolderOrWaitsForIt() async throws {
        defer { removeTemporary((folder as NSString).deletingLastPathComponent) }
        let first = try FileSystem.disk.lock(folder, true) { _ in Issue.record("the first lock waited") }
        #expect(FileManager.default.fileExists(atPath: folder + "/" + FolderLock.fileName))
        // flock locks belong to an open file, so a second one in this process conflicts as another process's would.
        #expect {
            _ = try FileSystem.disk.lock(folder, false) { _ in }
        } throws: { error in
            guard case FolderLock.Failure.held(let holder) = error else { return false }
            return holder == Int(getpid())
        }
        let waitedFor = Mutex<[Int?]>([])
        // A lock that waits blocks its thread: not one of the few that run the tests' tasks.
        let second = Task.detached { [folder] in
            try await offThePool {
                try FileSystem.disk.lock(folder, true) { holder in waitedFor.withLock { $0.append(holder) } }
            }
        }
        for _ in 0..<2_000 where waitedFor.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(waitedFor.withLock { $0 } == [Int(getpid())], "the waiting build is told who it waits for")
        first.release()
        let taken = try await second.value
        #expect(FileManager.default.fileExists(atPath: folder + "/" + FolderLock.fileName))
        taken.release()
        #expect(
            !FileManager.default.fileExists(atPath: folder),
            "a lock that made the folder removes it when nothing was put there")
    }

    @Test func releasingLeavesNoLockFileInAFolderThatHasFiles() throws {
        defer { removeTemporary((folder as NSString).deletingLastPathComponent) }
        let lock = try FileSystem.disk.lock(folder, true) { _ in }
        try "page".write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        lock.release()
        lock.release()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["index.html"])
        let again = try FileSystem.disk.lock(folder, false) { _ in }
        again.release()
        #expect(FileManager.default.fileExists(atPath: folder + "/index.html"))
    }

    /// The holder's line is found among others: POSIX locks (a browser's databases), a waiter ("->"), a
    /// flock on another file of the same device and on the same inode of another device.
    @Test func theHolderIsReadFromProcLocks() {
        var status = stat()
        status.st_dev = UInt(0xfe00)  // 254:0
        status.st_ino = 1_878_594
        let text = """
            1: POSIX  ADVISORY  WRITE 22894 fe:00:1792963 1073741824 1073742335
            2: FLOCK  ADVISORY  WRITE 31 fe:00:1878595 0 EOF
            3: FLOCK  ADVISORY  WRITE 32 08:01:1878594 0 EOF
            4: FLOCK  ADVISORY  WRITE 10778 fe:00:1878594 0 EOF
            4: -> FLOCK  ADVISORY  WRITE 10790 fe:00:1878594 0 EOF
            """
        #expect(PosixFile.lockHolder(of: status, in: text) == 10778)
        #expect(
            PosixFile.lockHolder(of: status, in: text.replacingOccurrences(of: "4: FLOCK", with: "4: POSIX")) == nil)
    }

    /// On a busy machine /proc/locks is longer than a page: the holder is found beyond the first one.
    @Test func theHolderIsFoundAmongManyLocks() throws {
        let folder = makeTemporaryFolder("locks")
        defer { removeTemporary(folder) }
        var held: [Int32] = []
        defer { for descriptor in held { close(descriptor) } }
        func lock(_ name: String) -> Int32 {
            let descriptor = open(folder + "/" + name, O_RDWR | O_CREAT, 0o644)
            #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
            held.append(descriptor)
            return descriptor
        }
        for number in 0..<150 { _ = lock("before-\(number)") }
        _ = lock("target")
        for number in 0..<150 { _ = lock("after-\(number)") }
        #expect(try #require(PosixFile.readToEnd("/proc/locks")).utf8.count > 8_192)
        let other = open(folder + "/target", O_RDONLY)
        defer { close(other) }
        #expect(PosixFile.lockHolder(other) == Int(getpid()))
    }
}
