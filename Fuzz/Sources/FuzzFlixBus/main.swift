import FlixBus
import Foundation
import FuzzSupport

exit(ProviderFuzzing.main(FlixBusProvider()))
