import CarRental
import Foundation
import FuzzSupport

exit(ProviderFuzzing.main(CarRentalProvider()))
