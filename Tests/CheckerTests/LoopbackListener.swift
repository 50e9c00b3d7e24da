import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1, on a port the kernel picks, that keeps whatever anyone sends it:
/// what a hostile app could send out of its sandbox. `stop` says what arrived.
final class LoopbackListener: @unchecked Sendable {
    private let socket: Int32
    private let lock = NSLock()
    private var messages: [String] = []
    private var thread: Thread?

    init() throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard socket >= 0, bound == 0, listen(socket, 16) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))"])
        }
        let thread = Thread { [self] in accept() }
        thread.start()
        self.thread = thread
    }

    private func accept() {
        while true {
            let connection = Glibc.accept(socket, nil, nil)
            if connection < 0 { return } // closed by stop()
            var data = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                data += buffer[0..<count]
            }
            close(connection)
            lock.lock()
            messages.append("connection: " + String(decoding: data, as: UTF8.self))
            lock.unlock()
        }
    }

    /// Stops listening; what arrived, a line per connection.
    func stop() -> [String] {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
        lock.lock()
        defer { lock.unlock() }
        return messages
    }
}
