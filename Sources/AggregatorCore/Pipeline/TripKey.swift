/// One merge key as a value: the parts that ``MergeKeys`` joins into text, kept apart, so that the merger
/// can hash and compare keys without building a string for each, and derive an id from a key's text
/// without building it either.
///
/// Two keys are equal when their parts are; for any real flight (designators and codes without the
/// separators `|`, `-`, `@` and `,`) that is exactly when their texts are equal.
enum TripKey: Hashable {
    /// A car's key, as text (`car|…`, with `#n` on a provider's n-th copy of one car).
    case text(String)
    /// Marketing (`flight|`) or operating (`operated|`) designators with their local (`@L`) or UTC (`@U`)
    /// departure minutes, one part per segment.
    case timed(TimedKind, TripKeyParts<DesignatorPart>)
    /// The approximate key (`route|`): carrier identity, cities and local departure minute per segment.
    case route(TripKeyParts<RoutePart>)

    /// Which flights and which clock a timed key is on.
    struct TimedKind: Hashable {
        /// The operating flights rather than the marketing ones.
        var operated: Bool
        /// UTC minutes rather than local ones.
        var utc: Bool
    }

    /// A segment's designator, such as `SU1234`, and its departure minute.
    struct DesignatorPart: Hashable {
        var designator: String
        var minutes: Int64
    }

    /// A segment's carrier identity, cities or airports, and local departure minute.
    struct RoutePart: Hashable {
        var carrier: String
        var from: String
        var to: String
        var minutes: Int64
    }

    /// The key's text, as ``MergeKeys`` states it.
    var text: String {
        var text = TextSink()
        write(to: &text)
        return text.text
    }

    /// A stable id derived from the key's text, as `StableIdentifier.make(prefix:_:)` makes it from
    /// ``text``, without building the text.
    func identifier(prefix: String) -> String {
        var digest = StableDigest()
        write(to: &digest)
        return digest.identifier(prefix: prefix)
    }

    private func write(to sink: inout some TripKeySink) {
        switch self {
        case .text(let text): sink.append(text)
        case .timed(let kind, let parts):
            sink.append(kind.operated ? "operated|" : "flight|")
            parts.forEach { index, part in
                if index > 0 { sink.append(",") }
                sink.append(part.designator)
                sink.append(kind.utc ? "@U" : "@L")
                sink.append(part.minutes)
            }
        case .route(let parts):
            sink.append("route|")
            parts.forEach { index, part in
                if index > 0 { sink.append(",") }
                sink.append(part.carrier)
                sink.append("|")
                sink.append(part.from)
                sink.append("-")
                sink.append(part.to)
                sink.append("@")
                sink.append(part.minutes)
            }
        }
    }
}

/// One part per segment, the first held inline so that the common one-segment key needs no array.
struct TripKeyParts<Part: Hashable>: Hashable {
    private var first: Part?
    private var rest: [Part] = []

    init() {}

    mutating func append(_ part: Part) {
        if first == nil { first = part } else { rest.append(part) }
    }

    func forEach(_ body: (Int, Part) -> Void) {
        guard let first else { return }
        body(0, first)
        for (index, part) in rest.enumerated() { body(index + 1, part) }
    }
}

/// Where a key's text goes: into a string, or into a digest.
private protocol TripKeySink {
    mutating func append(_ text: String)
    mutating func append(_ number: Int64)
}

private struct TextSink: TripKeySink {
    var text = ""
    mutating func append(_ text: String) { self.text += text }
    mutating func append(_ number: Int64) { text += String(number) }
}

extension StableDigest: TripKeySink {}
