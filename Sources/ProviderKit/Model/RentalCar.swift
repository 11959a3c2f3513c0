import Foundation

/// A car from a rental provider.
public struct RentalCar: Sendable, Hashable {
    /// The maker, such as `Toyota`.
    public var brand: String
    /// The model year, or the model's name when the provider gives one.
    public var model: String
    /// The registration plate.
    public var plateNumber: String?
    /// The colour as the provider names it, for display and filtering.
    public var color: String?
    /// Where the car is picked up, when known.
    public var pickup: Place?

    /// Creates a car.
    /// - Parameters:
    ///   - brand: the maker.
    ///   - model: the model or model year.
    ///   - plateNumber: the registration plate.
    ///   - color: the colour's name.
    ///   - pickup: the pick-up place.
    public init(brand: String, model: String, plateNumber: String? = nil, color: String? = nil, pickup: Place? = nil) {
        self.brand = brand
        self.model = model
        self.plateNumber = plateNumber
        self.color = color
        self.pickup = pickup
    }
}
