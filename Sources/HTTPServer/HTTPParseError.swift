/// Why a request cannot be read, with the status that says so.
struct HTTPParseError: Error, Equatable, Sendable {
    /// The status to answer with: 400, 408, 413, 414, 417, 431, 501 or 505.
    var status: Int
    /// What is wrong, in a few words, for the response's body.
    var reason: String
    /// The request's method, once known: for the access log.
    var method: String?
    /// The request's path, once known: for the access log.
    var path: String?

    init(_ status: Int, _ reason: String, method: String? = nil) {
        self.status = status
        self.reason = reason
        self.method = method
    }
}
