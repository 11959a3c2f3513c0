import Foundation
import FuzzSupport
import Skiplagged

exit(ProviderFuzzing.main(SkiplaggedProvider()))
