import AggregatorCore
import Foundation
import ProviderKit

extension MCPToolProperty {
    /// The name of the watch whose history `price_history` reads: one string, which a call must give.
    package static var watchName: MCPToolProperty {
        var property = MCPToolProperty(positional: "watch", type: .string, description: "")
        property.description = "The name of one of the user's watches (searches kept under a name)"
        property.isList = false
        property.joinsList = false
        property.isRequired = true
        return property
    }
}
