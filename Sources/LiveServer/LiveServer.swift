import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The site folder over HTTP (Hummingbird), for its author: pages get the live-reload script,
/// `/__workbook/events` tells them of every build, and while the last build failed every page
/// is the problem page. Nothing is cached by the browser: what is served is what is on disk now.
public struct LiveServer: Sendable {
    public let files: SiteFiles
    public let status: BuildStatus
    public let host: String
    public let port: Int

    public init(site: URL, status: BuildStatus, host: String, port: Int) {
        self.files = SiteFiles(folder: site)
        self.status = status
        self.host = host
        self.port = port
    }

    /// Serves until the process ends; `running` gets the port listened on (the one the system
    /// chose, for port 0). Throws `ListenFailure` when the address cannot be listened on.
    public func run(running: @escaping @Sendable (Int) -> Void) async throws {
        let listening = Mutex(false)
        let application = Application(
            responder: Responder(files: files, status: status),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "workbook serve", reuseAddress: true),
            onServerRunning: { channel in
                listening.withLock { $0 = true }
                running(channel.localAddress?.port ?? port)
            },
            logger: Self.quietLogger())
        // A page whose tab was closed is found out only by writing to its connection.
        let repeater = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 15_000_000_000)
                status.repeatToListeners()
            }
        }
        defer { repeater.cancel() }
        do {
            try await application.run()
        } catch let error as IOError where !listening.withLock({ $0 }) {
            // Before the server runs, the only system call that fails is its bind.
            throw ListenFailure(host: host, port: port, errno: error.errnoCode)
        }
    }

    /// Hummingbird logs each request at `info`; the author's terminal is for builds.
    private static func quietLogger() -> Logger {
        var logger = Logger(label: "workbook serve")
        logger.logLevel = .error
        return logger
    }

    struct Responder: HTTPResponder {
        typealias Context = BasicRequestContext
        let files: SiteFiles
        let status: BuildStatus

        func respond(to request: Request, context: Context) async throws -> Response {
            guard request.method == .get || request.method == .head else {
                return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
            }
            let address = request.uri.path
            switch address {
            case LiveReload.scriptPath:
                return Self.response(.ok, type: "text/javascript; charset=utf-8", Data(LiveReload.script.utf8))
            case LiveReload.eventsPath:
                return events(for: request.uri.queryParameters.get("page") ?? "index.html")
            default:
                return page(address)
            }
        }

        private func page(_ address: String) -> Response {
            let snapshot = status.current
            let path = files.path(for: address)
            let isPage = path.map { $0.hasSuffix(".html") } ?? (address.hasSuffix("/") || address.hasSuffix(".html"))
            // Problems stay until a build succeeds: a page asked for during the rebuild that may
            // fix them shows them still, rather than a page older than the failure.
            if !snapshot.problems.isEmpty, isPage {
                let html = Data(ProblemPage.html(problems: snapshot.problems).utf8)
                return Self.response(.ok, type: SiteFiles.mediaType(of: "x.html"), LiveReload.inject(into: html, session: status.session, build: snapshot.build, showsProblems: true))
            }
            guard let path, let data = files.contents(of: path) else {
                let notFound = files.contents(of: "404.html") ?? Data("<!DOCTYPE html><title>Not found</title><p>There is no page at this address.</p>".utf8)
                return Self.response(.notFound, type: SiteFiles.mediaType(of: "404.html"), LiveReload.inject(into: notFound, session: status.session, build: snapshot.build, showsProblems: false))
            }
            let body = path.hasSuffix(".html") ? LiveReload.inject(into: data, session: status.session, build: snapshot.build, showsProblems: false) : data
            return Self.response(.ok, type: SiteFiles.mediaType(of: path), body)
        }

        /// Server-sent events: the state now, then every change, for as long as the page is open.
        private func events(for page: String) -> Response {
            let updates = status.updates(), session = status.session
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    for await snapshot in updates {
                        try await writer.write(ByteBuffer(string: LiveReload.event(snapshot, session: session, page: page)))
                    }
                    try await writer.finish(nil)
                })
        }

        private static func response(_ status: HTTPResponse.Status, type: String, _ data: Data) -> Response {
            Response(status: status,
                     headers: [.contentType: type, .cacheControl: "no-store"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
    }
}
