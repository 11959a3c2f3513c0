import Foundation
import FuzzSupport
import Kiwi

exit(ProviderFuzzing.main(KiwiProvider()))
