import Foundation

/// An airline as an offer names it: by IATA code where the provider gives one or the name could be
/// resolved, otherwise by name alone. A name-only carrier never matches a coded one.
///
/// Only the code is stored in the value itself; the rest, which providers rarely state and the airline
/// directory fills in, lives in one shared box that is copied when a copy changes it. A segment holds two
/// carriers and a search holds tens of thousands of segments, so a carrier is 24 bytes instead of 88.
public struct Carrier: Sendable, Hashable {
    /// The two-character IATA code, such as `SU`.
    public var code: String?
    /// Everything but the code; `nil` when none of it is known.
    private var details: Details?

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
        self.code = code?.uppercasedCode
        // Most carriers are known by their code alone: no details are made for them, only to be dropped.
        guard name != nil || headline != nil || country != nil || logoURL != nil || isActive != nil else {
            details = nil
            return
        }
        details = Details(name: name, headline: headline, country: country, logoURL: logoURL, isActive: isActive)
    }

    /// The display name, such as `Аэрофлот` or `Aeroflot`.
    public var name: String? {
        get { details?.name }
        set { changeDetails { $0.name = newValue } }
    }

    /// A line the airline advertises itself with, when a provider or directory has one.
    public var headline: String? {
        get { details?.headline }
        set { changeDetails { $0.headline = newValue } }
    }

    /// The airline's country, as its directory names it.
    public var country: String? {
        get { details?.country }
        set { changeDetails { $0.country = newValue } }
    }

    /// The airline's logo.
    public var logoURL: URL? {
        get { details?.logoURL }
        set { changeDetails { $0.logoURL = newValue } }
    }

    /// Whether the airline still flies, when a directory knows; `false` marks an offer on a carrier
    /// that has ceased operating.
    public var isActive: Bool? {
        get { details?.isActive }
        set { changeDetails { $0.isActive = newValue } }
    }

    /// Changes the details in place when this value alone holds them, else in a copy; drops them when
    /// nothing is left.
    private mutating func changeDetails(_ change: (Details) -> Void) {
        if details == nil {
            details = Details()
        } else if !isKnownUniquelyReferenced(&details) {
            details = details?.copy()
        }
        if let details {
            change(details)
            if details.isEmpty { self.details = nil }
        }
    }

    /// Whether two carriers have the same code and the same details, wherever the details are kept.
    public static func == (lhs: Carrier, rhs: Carrier) -> Bool {
        guard lhs.code == rhs.code else { return false }
        if lhs.details === rhs.details { return true }
        return lhs.name == rhs.name && lhs.headline == rhs.headline && lhs.country == rhs.country
            && lhs.logoURL == rhs.logoURL && lhs.isActive == rhs.isActive
    }

    /// Hashes the code and every detail, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(name)
        hasher.combine(headline)
        hasher.combine(country)
        hasher.combine(logoURL)
        hasher.combine(isActive)
    }

    /// The fields other than the code. A box is changed only while one carrier alone holds it, which is what
    /// makes sharing it between threads safe.
    private final class Details: @unchecked Sendable {
        var name: String?
        var headline: String?
        var country: String?
        var logoURL: URL?
        var isActive: Bool?

        init(
            name: String? = nil, headline: String? = nil, country: String? = nil, logoURL: URL? = nil,
            isActive: Bool? = nil
        ) {
            self.name = name
            self.headline = headline
            self.country = country
            self.logoURL = logoURL
            self.isActive = isActive
        }

        var isEmpty: Bool {
            name == nil && headline == nil && country == nil && logoURL == nil && isActive == nil
        }

        func copy() -> Details {
            Details(name: name, headline: headline, country: country, logoURL: logoURL, isActive: isActive)
        }
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
