import Aviasales
import Foundation
import FuzzSupport

exit(ProviderFuzzing.main(AviasalesProvider()))
