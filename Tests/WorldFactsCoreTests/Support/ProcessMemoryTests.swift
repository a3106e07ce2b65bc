import Foundation
import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The memory `--stats` reports: resident now and the peak, in bytes.
@Suite struct ProcessMemoryTests {
    @Test func processMemoryCountsBytesTouched() throws {
        // Other tests run alongside, so only what this test touches is counted on: 512 MiB, every page
        // written. A unit mixed up (kilobytes or pages taken for bytes) is off by a factor of 1,024 or more.
        let before = try #require(ProcessMemory.residentNow(), "Linux tells the resident size")
        let size = 512 << 20
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        for page in stride(from: 0, to: size, by: 4096) { block[page] = 1 }
        let after = try #require(ProcessMemory.residentNow())
        #expect(after - before > 256 << 20 && after - before < 2 << 30, "grew \(after - before) bytes")
        // The kernel's peak is at least what is resident now (less its lag of a few pages per thread),
        // and no more than the machine has.
        let peak = ProcessMemory.kernelPeak()
        #expect(peak > after - (32 << 20) && peak <= ProcessInfo.processInfo.physicalMemory, "peak \(peak) bytes")
        #expect(ProcessMemory.now().peak >= peak)
    }
}
