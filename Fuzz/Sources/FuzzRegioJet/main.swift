import Foundation
import FuzzSupport
import RegioJet

exit(ProviderFuzzing.main(RegioJetProvider()))
