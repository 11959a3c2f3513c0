import AggregatorCore
import Foundation

// The car-booking service's `/cars` wire format, decoded only as far as the mapping needs; unknown
// fields are ignored.

/// The part of a `/cars` answer that says whether it is an answer at all.
///
/// Decoded on its own, before the cars, so that a failure status is reported as what it is even when
/// the rest of the body is not shaped like a car list.
struct CarRentalEnvelope: Decodable, Sendable {
    /// The service's own status, sent in the body.
    var status: CarRentalStatus
}

/// `{"code": 200, "message": "OK"}`: an HTTP-like status the service puts in the body.
struct CarRentalStatus: Decodable, Sendable {
    /// The status code; sent as an Int, read leniently in case a string turns up.
    var code: LenientNumber
    /// What the service says about it, such as `No Content` or an error's reason.
    var message: String?

    enum CodingKeys: String, CodingKey {
        case code, message
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(LenientNumber.self, forKey: .code)
        // A message of the wrong type is no reason to lose the status itself.
        message = try? container.decodeIfPresent(String.self, forKey: .message)
    }
}

/// The whole answer to `GET /cars`.
struct CarRentalResponse: Decodable, Sendable {
    /// The cars on offer; missing when the status is 204 (no cars).
    var cars: [CarRentalSlot]?
}

/// One position of the `cars` array. It always decodes, holding `nil` for an element that is not a car
/// record, so that a car's position in the array (part of its id and its reference) survives the
/// skipping of bad elements before it.
struct CarRentalSlot: Decodable, Sendable {
    /// The record, or `nil` when the element could not be read as one.
    var car: CarRentalCar?

    init(from decoder: any Decoder) throws {
        car = try? CarRentalCar(from: decoder)
    }
}

/// One car on offer. Every field is optional here: the mapping decides which absences make a record
/// unusable, so that such a record is skipped and counted rather than failing the list.
struct CarRentalCar: Decodable, Sendable {
    /// The model year: an Int, or the same digits in a string.
    var model: CarRentalModelYear?
    /// The registration plate; plates repeat in this service's data.
    var plateNumber: String?
    /// The maker, such as `SEAT`.
    var brand: String?
    /// The price of one day of rental, in `currency`.
    var unitPrice: LenientNumber?
    /// The ISO 4217 code of `unitPrice`, which differs from car to car.
    var currency: String?
    /// The colour's name in upper case, such as `RED`.
    var color: String?

    enum CodingKeys: String, CodingKey {
        case model, brand, currency, color
        case plateNumber = "plate_number"
        case unitPrice = "unit_price"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Each field on its own: one oddly typed field makes that field unknown, not the record unreadable,
        // and the mapping then judges whether the record can still be an offer.
        model = try? container.decodeIfPresent(CarRentalModelYear.self, forKey: .model)
        plateNumber = try? container.decodeIfPresent(String.self, forKey: .plateNumber)
        brand = try? container.decodeIfPresent(String.self, forKey: .brand)
        unitPrice = try? container.decodeIfPresent(LenientNumber.self, forKey: .unitPrice)
        currency = try? container.decodeIfPresent(String.self, forKey: .currency)
        color = try? container.decodeIfPresent(String.self, forKey: .color)
    }
}

/// A model year sent as `2024` or as `"2024"`.
struct CarRentalModelYear: Decodable, Sendable {
    /// The year's digits.
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let year = try? container.decode(Int.self) {
            text = String(year)
            return
        }
        let string = try container.decode(String.self).trimmingCharacters(in: .whitespaces)
        guard !string.isEmpty, string.allSatisfy(\.isASCIIDigit) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(string)' is not a model year")
        }
        text = string
    }
}

extension Character {
    /// Whether this is one of `0`–`9`: `isNumber` also accepts other scripts' digits and fractions.
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
