/// The reason phrases of the HTTP status codes a service is likely to answer with, so that a failure
/// reads `HTTP 503 Service Unavailable` without quoting the service's body.
package enum HTTPStatus {
    /// The standard reason phrase (RFC 9110 and common extensions), or `nil` for an unusual code.
    package static func reason(_ status: Int) -> String? {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 418: "I'm a Teapot"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}
