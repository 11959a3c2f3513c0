import Ferryhopper
import Foundation
import FuzzSupport

exit(ProviderFuzzing.main(FerryhopperProvider()))
