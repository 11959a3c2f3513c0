import Foundation
import FuzzSupport
import SunWeb

exit(ProviderFuzzing.main(SunWebProvider()))
