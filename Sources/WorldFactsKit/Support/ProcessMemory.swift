import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory this process holds, in bytes: resident now, and the most it has held resident so far
/// (what `/usr/bin/time -f %M` reports at exit).
///
/// SAFETY: `returnFreedMemory` calls glibc's `mallopt` through the address `dlsym` gives for it, cast to
/// its C signature `int mallopt(int, int)`; nothing is called when the symbol is not found.
public struct ProcessMemory: Sendable, Equatable {
    /// Resident now; nil where the system does not say (it is read from Linux's `/proc/self/statm`).
    public var resident: Int?
    /// The peak resident size since the process started.
    public var peak: Int

    public init(resident: Int?, peak: Int) {
        self.resident = resident
        self.peak = peak
    }

    /// The highest peak a reading has given so far.
    private static let highest = Mutex(0)

    /// This process, now.
    public static func now() -> ProcessMemory {
        // The kernel updates its high-water mark lazily: it can lag the resident size just read, so an
        // earlier reading's resident size may be above it. The peak is the highest of every reading's, so
        // it never falls from one reading to the next (a build's steps reported a falling peak when other
        // work in the process let its resident size drop).
        let resident = residentNow()
        let peak = highest.withLock { highest in
            highest = max(highest, kernelPeak(), resident ?? 0)
            return highest
        }
        return ProcessMemory(resident: resident, peak: peak)
    }

    /// `getrusage`'s peak resident size, in bytes.
    static func kernelPeak() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }

    /// The second field of `/proc/self/statm`: resident pages.
    static func residentNow() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = PosixFile.readSome(descriptor, into: &buffer)
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension ProcessMemory {
    /// Asks glibc's allocator to give freed memory back at once: blocks of a megabyte or more (page
    /// texts, shard buffers, the manifest's text) are mapped on their own, and unmapped when freed.
    /// By default glibc raises that threshold to the largest block freed so far (up to 32 MB), so that
    /// such blocks come from the heap, and what rendering threads free there stays resident, raising the
    /// peak of a large build (docs/performance.md has the figure).
    /// Does nothing where the allocator is not glibc's (`mallopt` is looked up, since Swift's Glibc module
    /// leaves out `malloc.h`).
    public static func returnFreedMemory() {
        #if canImport(Glibc)
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in malloc.h
            guard let found = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(found, to: MallocOption.self)(mmapThreshold, 1 << 20)
        #endif
    }
}
