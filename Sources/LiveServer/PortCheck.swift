import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a port can be listened on, asked before the first build (which may take a while):
/// an author whose port is taken hears so at once, not after the chapters have run.
public enum PortCheck {
    /// Nil when the port is free (or the address is not a numeric IPv4 one, left to the server
    /// to try), else why it cannot be used.
    public static func problem(host: String, port: Int) -> String? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else { return nil }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        // As the server will: an address left in TIME_WAIT by a server just stopped is free.
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound != 0 else { return nil }
        return String(cString: strerror(errno))
    }

    /// Whether an address is this machine's own, reachable from nowhere else.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
