import Foundation
import ProviderKit

extension Offer {
    /// Maps one checked car record to an offer priced per day in the car's own currency.
    ///
    /// The service sends no id and its plate numbers repeat, so the id is derived from the record's
    /// content and its position in the array. The position is part of it so that every record keeps an
    /// offer and an id of its own, as sent: whether two records are one car is the merge's to decide, on the
    /// plate (a record sent twice is one car, listed once).
    /// - Parameters:
    ///   - car: the record, read and checked.
    ///   - position: the record's index in the response's `cars` array.
    ///   - provider: the id the provider runs under, for the source.
    ///   - retrievedAt: when the response arrived.
    init(carRental car: CarRentalCar, position: Int, provider: ProviderID, retrievedAt: Date) {
        let id = StableIdentifier.make(
            prefix: provider.rawValue,
            [
                String(position), car.brand, car.model, car.plateNumber ?? "", "\(car.unitPrice)",
                car.currency.rawValue, car.color ?? "",
            ])
        let source = OfferSource(
            provider: provider, reference: "cars[\(position)]", price: Money(car.unitPrice, car.currency),
            retrievedAt: retrievedAt)
        self.init(
            id: id,
            product: .car(
                RentalCar(brand: car.brand, model: car.model, plateNumber: car.plateNumber, color: car.color)),
            priceBasis: .perDay, source: source)
    }
}
