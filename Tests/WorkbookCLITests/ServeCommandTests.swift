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

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("never-built-\(UUID().uuidString)")
        let run = try workbook("serve", "--port", "\(port)", "--output", output.path)
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot serve on 127.0.0.1:\(port): Address already in use"))
        #expect(run.errors.contains("choose another port with --port"))
        // At once, before any build: nothing ran, nothing was written.
        #expect(run.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aPortTakenWhenTheServerListensIsSaidTheSameWay() throws {
        // On IPv6's loopback, which the check before the build does not read: the server's own
        // bind finds the port taken, and serve knows it by the error's number.
        let listener = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound, "this machine has no IPv6 loopback to listen on")
        let port = Int(UInt16(bigEndian: address.sin6_port))
        // A workbook of nothing: its build fails at once, and serve goes on to listen.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-taken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Chapters", "Templates"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }

        let run = try workbook(arguments: ["serve", "--host", "::1", "--port", "\(port)", "--root", root.path,
                                           "--output", root.appendingPathComponent("site").path], timeLimit: 120)
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot serve on ::1:\(port): Address already in use"))
        #expect(run.errors.contains("choose another port with --port"))
    }
}
