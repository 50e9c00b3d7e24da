import Foundation
import LiveServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A server that cannot listen says why as a value, which `workbook serve` reads a taken port from.
@Suite struct ListenFailureTests {
    /// A socket of our own listening on a port the system chose on 127.0.0.1.
    static func listener() throws -> (socket: Int32, port: Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound)
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    struct StillServing: Error {}

    @Test("A port another server listens on is a ListenFailure carrying EADDRINUSE, before anything is served")
    func takenPort() async throws {
        let (socket, port) = try Self.listener()
        defer { close(socket) }
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("listen-\(UUID().uuidString)")
        let server = LiveServer(site: site, status: BuildStatus(), host: "127.0.0.1", port: port)
        let failure = try await #require(throws: ListenFailure.self) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.run { _ in } }
                // The time limit: a server that did start would serve until cancelled.
                group.addTask {
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                    throw StillServing()
                }
                defer { group.cancelAll() }
                try await group.next()
            }
        }
        #expect(failure == ListenFailure(host: "127.0.0.1", port: port, errno: EADDRINUSE))
        #expect(failure.isPortTaken)
        #expect(failure.reason == "Address already in use")
    }
}
