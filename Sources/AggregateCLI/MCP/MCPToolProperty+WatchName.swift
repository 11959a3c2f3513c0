import AggregatorCore
import Foundation
import ProviderKit

extension MCPToolProperty {
    /// The name of the watch whose history `price_history` reads: one string.
    static var watchName: MCPToolProperty {
        var property = MCPToolProperty(
            positional: "watch", type: .string,
            description: "The watch's name, as 'aggregate watch list' shows it (required)")
        property.isList = false
        return property
    }
}
