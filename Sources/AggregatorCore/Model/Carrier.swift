import Foundation

/// An airline as an offer names it: by IATA code where the provider gives one or the name could be
/// resolved, otherwise by name alone. A name-only carrier never matches a coded one.
public struct Carrier: Sendable, Hashable {
    /// The two-character IATA code, such as `SU`.
    public var code: String?
    /// The display name, such as `Аэрофлот` or `Aeroflot`.
    public var name: String?
    /// A line the airline advertises itself with, when a provider or directory has one.
    public var headline: String?
    /// The airline's country, as its directory names it.
    public var country: String?
    /// The airline's logo.
    public var logoURL: URL?
    /// Whether the airline still flies, when a directory knows; `false` marks an offer on a carrier
    /// that has ceased operating.
    public var isActive: Bool?

    /// Creates a carrier.
    /// - Parameters:
    ///   - code: the IATA code.
    ///   - name: the display name.
    ///   - headline: the airline's advertising line.
    ///   - country: the airline's country.
    ///   - logoURL: the airline's logo.
    ///   - isActive: whether the airline still flies.
    public init(
        code: String?, name: String? = nil, headline: String? = nil, country: String? = nil, logoURL: URL? = nil,
        isActive: Bool? = nil
    ) {
        self.code = code?.uppercased()
        self.name = name
        self.headline = headline
        self.country = country
        self.logoURL = logoURL
        self.isActive = isActive
    }

    /// The code if known, else the name, else `?`: what a table shows.
    public var displayCode: String { code ?? name ?? "?" }

    /// Identity for merging: `code:SU`, or `name:<folded name>` when only a name is known.
    public var identity: String? {
        if let code, !code.isEmpty { return "code:" + code }
        if let name, !name.isEmpty {
            return "name:" + name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        return nil
    }
}
