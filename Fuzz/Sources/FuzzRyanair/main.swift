import Foundation
import FuzzSupport
import Ryanair

exit(ProviderFuzzing.main(RyanairProvider()))
