import AggregatorCore
import CommandLineParsing
import ProviderKit

extension CommandConfiguration {
    /// What every run of this command by a front end without words (`serve`'s routes, MCP's tools) has before
    /// its request's own options: the front end's fixed options, the JSON format, and the operator's options
    /// that this command takes.
    /// - Parameters:
    ///   - fixed: options the front end always sets, such as a tool's `--kind flights`; `nil` for a flag.
    ///   - operatorOptions: the options the operator started the server with; an empty value for a flag.
    /// - Returns: the options, in that order.
    package func operatorGiven(
        fixed: [(key: OptionKey, value: String?)] = [], operatorOptions: [(key: OptionKey, value: String)]
    ) -> [GivenOption] {
        let specs = Dictionary(options.map { ($0.key, $0) }) { first, _ in first }
        var given = fixed.compactMap { key, value in specs[key].map { GivenOption(spec: $0, value: value) } }
        if let format = specs[.format] { given.append(GivenOption(spec: format, value: OutputFormat.json.rawValue)) }
        for (key, value) in operatorOptions {
            guard let spec = specs[key] else { continue }
            given.append(GivenOption(spec: spec, value: spec.valueName == nil ? nil : value))
        }
        return given
    }
}
