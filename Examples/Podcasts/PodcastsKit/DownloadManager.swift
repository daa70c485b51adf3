import Instill

/// Downloads episodes, one at a time, through the app's transport.
public actor DownloadManager: Injectable {
    /// What downloads go through.
    public nonisolated let transport: any Transport
    private(set) var finished: [Int] = []

    /// A manager over `transport`.
    public init(transport: any Transport) { self.transport = transport }

    /// One manager per injector.
    public static let scope: Scope = .singleton

    /// The injector resolves the transport, then calls `init(transport:)`.
    public static let initializer = Initializer(DownloadManager.init)

    /// Downloads an episode and returns what the server sent.
    public func download(_ id: Int) async throws -> [String] {
        let body = try await transport.get("/episodes/\(id)")
        finished.append(id)
        return body
    }

    /// The episodes downloaded so far.
    public func downloaded() -> [Int] { finished }
}
