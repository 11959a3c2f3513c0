/// One client connection, as the loop keeps it: touched only on the loop's thread.
final class Connection {
    /// Where the connection is in the exchange of one request and its response.
    enum Phase: Equatable {
        /// Between requests, or reading one.
        case reading
        /// The application is answering a request.
        case handling
        /// A streamed body is being made.
        case streaming
        /// The response is queued whole; once written, the next request is read (or the connection closes).
        case finishing
        /// The last response is out and the sending side shut: what the client still sends is read and
        /// dropped for a moment, so that closing does not reset the connection before it has read the
        /// response.
        case draining
    }

    /// The access record of the request being answered, completed when its response is out.
    struct Pending {
        var method: String
        var path: String
        var started: ContinuousClock.Instant
        var status = 0
        var bodyBytes = 0
    }

    let id: UInt64
    let descriptor: Int32
    let remoteAddress: String
    /// The client's address without the port: what the cap on one client's connections counts.
    let client: String
    var parser: RequestParser
    var inbound: [UInt8] = []
    var outbound: [UInt8] = []
    var outboundOffset = 0
    var phase = Phase.reading
    /// When the request being read started to arrive.
    var requestStarted: ContinuousClock.Instant?
    /// When the connection last finished a response, or opened.
    var idleSince: ContinuousClock.Instant
    /// When the client last took bytes, or a write began.
    var lastWriteProgress: ContinuousClock.Instant
    var continueSent = false
    /// Whether a response has been sent on the connection.
    var servedAny = false
    /// Whether the client has sent any byte.
    var receivedAny = false
    var closeAfterResponse = false
    var peerClosed = false
    /// Whether a streamed body is chunked (else it ends with the connection).
    var chunked = false
    var pending: Pending?
    /// The application's task answering the request, or making its streamed body.
    var task: Task<Void, Never>?
    /// Producers waiting for the client to catch up.
    var waitingWriters: [CheckedContinuation<Bool, Never>] = []
    /// The version of the request being answered.
    var version = HTTPVersion.http11
    /// Whether the request being answered is a `HEAD`, whose response has no body.
    var isHead = false
    /// When a draining connection is closed, whatever the client still sends.
    var drainUntil: ContinuousClock.Instant?

    init(id: UInt64, descriptor: Int32, remoteAddress: String, limits: HTTPLimits, now: ContinuousClock.Instant) {
        self.id = id
        self.descriptor = descriptor
        self.remoteAddress = remoteAddress
        client = Self.host(of: remoteAddress)
        parser = RequestParser(limits: limits, remoteAddress: remoteAddress)
        idleSince = now
        lastWriteProgress = now
    }

    /// Whether the connection is idle and has never sent a byte: the first to close when room is needed.
    var isSilent: Bool { isIdle && !receivedAny && !servedAny }

    /// The host of `host:port` or `[host]:port`.
    static func host(of address: String) -> String {
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            return String(address[address.index(after: address.startIndex)..<close])
        }
        guard let colon = address.lastIndex(of: ":") else { return address }
        return String(address[..<colon])
    }

    /// Bytes queued and not yet written.
    var unsent: Int { outbound.count - outboundOffset }

    /// Whether the connection sits between requests with nothing of the next one received.
    var isIdle: Bool { phase == .reading && inbound.isEmpty && !parser.hasStarted && unsent == 0 }

    /// Queues bytes to write.
    func queue(_ bytes: [UInt8]) {
        if outboundOffset == outbound.count {
            outbound.removeAll(keepingCapacity: outbound.capacity <= 1 << 20)
            outboundOffset = 0
            // The client's time to take the bytes starts now, not when it last took any.
            lastWriteProgress = .now
        }
        outbound.append(contentsOf: bytes)
    }
}
