import Duffel
import Foundation
import FuzzSupport

exit(ProviderFuzzing.main(DuffelProvider()))
