import AggregatorCore
import Foundation

extension Offer {
    /// Maps one car record to an offer priced per day in the car's own currency.
    ///
    /// Returns `nil` for a record that cannot be an honest offer: no brand, no readable model year, no
    /// positive price, or no valid currency code. The caller counts it as skipped.
    ///
    /// The service sends no id and its plate numbers repeat, so the id is derived from the record's
    /// content and its position in the array. The position is part of it because two identical records
    /// are two cars on offer: content alone would give them one id, and one of them would be lost.
    /// - Parameters:
    ///   - car: the decoded record.
    ///   - position: the record's index in the response's `cars` array.
    ///   - provider: the id the provider runs under, for the source.
    ///   - retrievedAt: when the response arrived.
    init?(carRental car: CarRentalCar, position: Int, provider: ProviderID, retrievedAt: Date) {
        guard let brand = car.brand.trimmedNonEmpty, let model = car.model?.text,
            let amount = car.unitPrice?.value, amount > 0,
            let currency = car.currency.trimmedNonEmpty.flatMap(CurrencyCode.init)
        else { return nil }
        let plate = car.plateNumber.trimmedNonEmpty
        // The colour stays as sent (upper case): the filter compares case-insensitively.
        let color = car.color.trimmedNonEmpty
        let id = StableIdentifier.make(
            prefix: provider.rawValue,
            [String(position), brand, model, plate ?? "", "\(amount)", currency.rawValue, color ?? ""])
        let source = OfferSource(
            provider: provider, reference: "cars[\(position)]", price: Money(amount, currency),
            retrievedAt: retrievedAt)
        self.init(
            id: id, product: .car(RentalCar(brand: brand, model: model, plateNumber: plate, color: color)),
            priceBasis: .perDay, source: source)
    }
}

extension Optional where Wrapped == String {
    /// The string without surrounding blanks, or `nil` when it is missing or blank.
    fileprivate var trimmedNonEmpty: String? {
        guard let text = self?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
