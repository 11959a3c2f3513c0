import Foundation
import ProviderKit

// The car-booking service's `/cars` wire format, read with the project's JSON reader only as far as the
// mapping needs; unknown fields are skipped unread.

/// `{"code": 200, "message": "OK"}`: an HTTP-like status the service puts in the body.
struct CarRentalStatus: Sendable, Hashable, CustomStringConvertible {
    /// The status code; sent as an Int, read leniently in case a fraction or a string turns up.
    var code: Decimal
    /// What the service says about it, such as `No Content` or an error's reason.
    var message: String?

    /// Reads the `status` member.
    /// - Parameter field: the `status` member of the body.
    /// - Throws: `JSONError` when it is missing or not an object, or its `code` is missing or not a
    ///   number. A message of the wrong type is no reason to lose the status itself: it is left out.
    init(_ field: JSONNode) throws(JSONError) {
        let codeField = try field["code"]
        guard let code = try codeField.lenientDecimal else { throw codeField.error("is not a number") }
        self.code = code
        message = try? field["message"].ifPresent?.string
    }

    /// The code when it is a whole number an HTTP status could be (0–999); `nil` for `200.5` or `1e99`.
    var wholeCode: Int? {
        guard code >= 0, code <= 999 else { return nil }
        let whole = NSDecimalNumber(decimal: code).intValue
        return Decimal(whole) == code ? whole : nil
    }

    /// Whether the status is a success (2xx). A code that is not a whole number is no success either.
    var isSuccess: Bool { wholeCode.map { (200..<300).contains($0) } ?? false }

    /// `500 "Internal Server Error"`, or the bare code when the service sent no message. The service's
    /// words are quoted only as a short printable excerpt: never a control character or a page.
    var description: String {
        let code = wholeCode.map(String.init) ?? PrintableText.excerpt("\(self.code)", limit: 24)
        let message = message.map { PrintableText.excerpt($0, limit: 120) }
        guard let message, !message.isEmpty else { return code }
        return "\(code) \"\(message)\""
    }
}

/// One car on offer, checked: the fields an honest offer needs, and the optional ones when usable.
struct CarRentalCar: Sendable, Hashable {
    /// The maker, such as `SEAT`, trimmed.
    var brand: String
    /// The model year's digits.
    var model: String
    /// The registration plate; plates repeat in this service's data.
    var plateNumber: String?
    /// The price of one day of rental, in `currency`.
    var unitPrice: Decimal
    /// The currency of `unitPrice`, which differs from car to car.
    var currency: CurrencyCode
    /// The colour's name as sent (upper case), such as `RED`: the filter compares case-insensitively.
    var color: String?

    /// The prices per day taken as real, in any currency: a hundredth of a unit to a billion units.
    /// Outside them the number is a broken or hostile record's (`1e999`, `1e-120`).
    static let plausiblePrices = Decimal(sign: .plus, exponent: -2, significand: 1)...Decimal(1_000_000_000)
    /// The model years taken as real.
    static let plausibleModelYears = 1900...2200

    /// Reads and checks one element of `cars`.
    ///
    /// The model year comes as an Int or as the same digits in a string, the price as a number or a
    /// numeric string. An optional field of the wrong type is left out and the record stays.
    /// - Parameter record: one element of `cars`.
    /// - Throws: `JSONError` naming the field (`cars[2].unit_price is not a number`), for a record that
    ///   is not an object or has no brand, no plausible model year, no plausible positive price or no
    ///   valid currency code.
    init(_ record: JSONNode) throws(JSONError) {
        brand = try Self.requiredText(record["brand"])
        model = try Self.modelYear(record["model"])
        let priceField = try record["unit_price"]
        guard let price = try priceField.lenientDecimal else { throw priceField.error("is not a price") }
        guard price > 0 else { throw priceField.error("is not positive") }
        guard Self.plausiblePrices.contains(price) else { throw priceField.error("is not a plausible price") }
        unitPrice = price
        let currencyField = try record["currency"]
        let currencyText = try Self.requiredText(currencyField)
        // Checked for length first, so that a megabyte of text is not upper-cased to be refused.
        guard currencyText.utf8.count == 3, let currency = CurrencyCode(currencyText) else {
            throw currencyField.error("is not a currency code")
        }
        self.currency = currency
        plateNumber = Self.optionalText(try record["plate_number"])
        color = Self.optionalText(try record["color"])
    }

    /// A trimmed, non-blank string.
    private static func requiredText(_ field: JSONNode) throws(JSONError) -> String {
        guard let text = try field.ifPresent?.string.trimmedText, !text.isEmpty else { throw field.error("is blank") }
        return text
    }

    /// A trimmed, non-blank string; `nil` for anything else.
    private static func optionalText(_ field: JSONNode) -> String? {
        guard let text = (try? field.ifPresent?.string)?.trimmedText, !text.isEmpty else { return nil }
        return text
    }

    /// A model year sent as `2024` or as `"2024"` (ASCII digits only: other scripts' digits are not
    /// read), within the plausible years.
    private static func modelYear(_ field: JSONNode) throws(JSONError) -> String {
        var year: Int?
        switch field.kind {
        case .number?:
            year = try field.int
        case .string?:
            let text = try field.string.trimmedText
            if !text.isEmpty, text.utf8.count <= 4, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                year = Int(text)
            }
        default:
            year = nil
        }
        guard let year, plausibleModelYears.contains(year) else { throw field.error("is not a model year") }
        return String(year)
    }
}
