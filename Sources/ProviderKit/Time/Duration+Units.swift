/// Plain numbers for a `Duration`, for output and for APIs that take seconds.
extension Duration {
    /// Whole milliseconds, rounded toward zero: what `latency_ms` and timing lines show.
    public var inMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// Seconds with their fraction, for APIs such as `URLSessionConfiguration` that take a `TimeInterval`.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
