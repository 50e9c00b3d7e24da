import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `workbook serve` refuses what it cannot serve before it builds anything. (Serving, in a
/// browser: scripts/check-serve, run by scripts/test-cli.)
struct ServeCommandTests {
    @Test func aPortOutOfRangeIsAUsageError() throws {
        let run = try workbook("serve", "--port", "70000")
        #expect(run.status == 64)
        #expect(run.errors.contains("--port takes a number from 0 to 65535"))
    }

    @Test func aTakenPortIsSaidAtOnceWithWhatToDo() throws {
        // A listening socket of our own on a port the system chose.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))

        let started = Date()
        let run = try workbook("serve", "--port", "\(port)", "--output", FileManager.default.temporaryDirectory.appendingPathComponent("never-built-\(UUID().uuidString)").path)
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot serve on 127.0.0.1:\(port): Address already in use"))
        #expect(run.errors.contains("choose another port with --port"))
        // Before any build: nothing ran, nothing was written.
        #expect(run.output.isEmpty)
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
