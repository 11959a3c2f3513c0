import Foundation
import ProviderKit

/// The one gate every provider's answer passes before anything else sees it: the runner screens each
/// answer (live, replayed from the cache or embedded) as it arrives, so that no stage after it, and no
/// output, has to distrust what a provider sent in these respects.
///
/// Rule:
/// - A link is kept only when it is a web link: an `http` or `https` URL with a host. Any other link
///   (`javascript:`, `file:`, `data:`, a relative link, a URL without a host) is removed, and the links
///   removed from one answer are counted in one ``ProviderNote/nonWebLinksDropped(_:)``. This covers every
///   link the model carries: each source's deep link, each offer's image, the logo of every segment's
///   marketing and operating carrier, and each airline record's image. The offer or record itself stays.
/// - An offer is kept only when every source's price is a finite, positive amount. An offer with a price
///   that is zero, negative or not a number is dropped and counted in the answer's
///   ``ProviderResponse/skipped``, like any record the provider could not read.
/// - An offer whose id an earlier offer of the same answer has is an exact repeat (the same trip at the same
///   price, sold again by the same seller, within one page or across a provider's calls): the first is kept,
///   the others dropped and counted in ``ProviderResponse/repeats``. Providers and outside programs need not
///   look for repeats themselves; this rule holds for all of them.
/// - The count of skipped records is a number the provider made up: it is kept within 0…``maxSkipped``, so
///   that no sum of counts (an answer's, a search's) can overflow; so is the count of repeats.
/// - Nothing else changes: the order of offers and records, and every other field, are as the provider
///   sent them. Text is made safe where it is shown (``PrintableText``), not here.
public struct ResponseScreen: Sendable {
    /// The largest count of skipped records an answer keeps: far more than any answer holds.
    public static let maxSkipped = 1_000_000_000

    /// Creates a screen.
    public init() {}

    /// Screens one answer.
    /// - Parameter response: the answer as the provider returned it.
    /// - Returns: the answer with non-web links removed and unpriced offers dropped (and counted as
    ///   skipped), and a note counting the links removed, when there were any.
    public func screen(_ response: consuming ProviderResponse) -> (response: ProviderResponse, notes: [ProviderNote]) {
        // Taken, not copied: the answer's offers can be changed where they lie.
        var response = consume response
        response.skipped = min(max(response.skipped, 0), Self.maxSkipped)
        response.repeats = min(max(response.repeats, 0), Self.maxSkipped)
        Self.dropRepeats(from: &response)
        // Nearly every answer is clean: finding that out only reads, so its offers are not copied, and parts of
        // a large answer are read on every core.
        let offers = response.offers
        let cleanParts = offers.mapParts { offers in
            // Thousands of offers share a few destination pictures: each is judged once per part.
            var cleanImages = Set<URL>()
            return offers.indices.allSatisfy { Self.isClean(offers, $0, cleanImages: &cleanImages) }
        }
        if !cleanParts.contains(false), response.airlines.allSatisfy(Self.isClean) {
            return (response, [])
        }
        var screened = response
        var droppedLinks = 0
        let priced = response.offers.filter { offer in offer.sources.allSatisfy { Self.isPrice($0.price) } }
        screened.skipped += response.offers.count - priced.count
        var cleanImages = Set<URL>()
        screened.offers = priced.indices.map { index in
            guard !priced.withElementsInPlace({ Self.isClean($0, index, cleanImages: &cleanImages) }) else {
                return priced[index]
            }
            var offer = priced[index]
            offer.imageURL = Self.webLink(offer.imageURL, counting: &droppedLinks)
            for index in offer.sources.indices {
                offer.sources[index].link = Self.webLink(offer.sources[index].link, counting: &droppedLinks)
            }
            if case .flight(var itinerary) = offer.product {
                for leg in itinerary.legs.indices {
                    for segment in itinerary.legs[leg].segments.indices {
                        Self.screenLogos(of: &itinerary.legs[leg].segments[segment], counting: &droppedLinks)
                    }
                }
                offer.product = .flight(itinerary)
            }
            return offer
        }
        for index in screened.airlines.indices {
            screened.airlines[index].imageURL = Self.webLink(screened.airlines[index].imageURL, counting: &droppedLinks)
        }
        return (screened, droppedLinks > 0 ? [.nonWebLinksDropped(droppedLinks)] : [])
    }

    /// Whether the screen leaves an offer as it is: every price payable and every link a web link. The offer
    /// is read in place: passing it would copy it, retaining every reference in it.
    /// - Parameter cleanImages: pictures already found to be web links, which are not judged again; up to
    ///   ``mostImagesKept`` are added.
    private static func isClean(_ offers: ArrayPart<Offer>, _ index: Int, cleanImages: inout Set<URL>) -> Bool {
        if let image = offers[index].imageURL, !cleanImages.contains(image) {
            guard WebLink.isWebLink(image) else { return false }
            if cleanImages.count < Self.mostImagesKept { cleanImages.insert(image) }
        }
        let sources = offers[index].sources
        for source in sources.indices {
            guard isPrice(sources[source].price), sources[source].link?.isWebLink ?? true else { return false }
        }
        guard case .flight(let itinerary) = offers[index].product else { return true }
        // Indices, not `for segment in`: iterating would copy every segment to look at two fields.
        for leg in itinerary.legs.indices {
            for index in itinerary.legs[leg].segments.indices {
                guard isWebLinkOrAbsent(itinerary.legs[leg].segments[index].carrier.logoURL),
                    isWebLinkOrAbsent(itinerary.legs[leg].segments[index].operatingCarrier?.logoURL)
                else { return false }
            }
        }
        return true
    }

    /// The most pictures a screen remembers as web links: answers share a few dozen destinations' pictures.
    static let mostImagesKept = 256

    /// Drops every offer whose id an earlier offer has, counting each in the answer's repeats. An answer
    /// without repeats, nearly every one, is only read: its offers are neither copied nor moved. One with
    /// repeats has its offers moved forward over them where they lie, which, for the answer the screen was
    /// handed to keep, copies none.
    private static func dropRepeats(from response: inout ProviderResponse) {
        var seen = Set<String>(minimumCapacity: response.offers.count)
        guard let first = response.offers.firstIndex(where: { !seen.insert($0.id).inserted }) else { return }
        var kept = first
        response.offers.withUnsafeMutableBufferPointer { offers in
            for index in (first + 1)..<offers.count where seen.insert(offers[index].id).inserted {
                offers.swapAt(kept, index)
                kept += 1
            }
        }
        let dropped = response.offers.count - kept
        response.offers.removeAll(from: kept)
        response.repeats = min(response.repeats + dropped, Self.maxSkipped)
    }

    /// Whether the screen leaves an airline record as it is.
    private static func isClean(_ record: AirlineRecord) -> Bool {
        isWebLinkOrAbsent(record.imageURL)
    }

    private static func isWebLinkOrAbsent(_ url: URL?) -> Bool {
        url.map(WebLink.isWebLink) ?? true
    }

    /// Whether an amount can be a price: finite and above zero.
    /// - Parameter money: the amount.
    /// - Returns: `true` for a finite, positive amount.
    public static func isPrice(_ money: Money) -> Bool {
        !money.amount.isNaN && money.amount.isFinite && money.amount > 0
    }

    private static func webLink(_ url: URL?, counting dropped: inout Int) -> URL? {
        guard let url else { return nil }
        guard WebLink.isWebLink(url) else {
            dropped += 1
            return nil
        }
        return url
    }

    private static func webLink(_ address: WebAddress?, counting dropped: inout Int) -> WebAddress? {
        guard let address else { return nil }
        guard address.isWebLink else {
            dropped += 1
            return nil
        }
        return address
    }

    private static func screenLogos(of segment: inout Segment, counting dropped: inout Int) {
        segment.carrier.logoURL = webLink(segment.carrier.logoURL, counting: &dropped)
        if var operating = segment.operatingCarrier {
            operating.logoURL = webLink(operating.logoURL, counting: &dropped)
            segment.operatingCarrier = operating
        }
    }
}
