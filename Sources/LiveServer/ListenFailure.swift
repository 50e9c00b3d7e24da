import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The server could not listen on its address: the system's error number says why (`EADDRINUSE`:
/// another server has the port). A command tells a taken port from other failures by it.
public struct ListenFailure: Error, CustomStringConvertible, Equatable, Sendable {
    public let host: String
    public let port: Int
    public let errno: Int32

    public init(host: String, port: Int, errno: Int32) {
        self.host = host
        self.port = port
        self.errno = errno
    }

    /// Whether another server listens on the port.
    public var isPortTaken: Bool { errno == EADDRINUSE }

    /// The system's words for it: `Address already in use`.
    public var reason: String { String(cString: strerror(errno)) }

    public var description: String { "cannot listen on \(host):\(port): \(reason)" }
}
