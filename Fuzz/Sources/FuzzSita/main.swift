import Foundation
import FuzzSupport
import Sita

exit(ProviderFuzzing.main(SitaProvider()))
