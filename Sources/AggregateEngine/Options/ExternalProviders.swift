import AggregatorCore
import Foundation
import ProviderKit

/// Where outside programs join the installed providers: discovery (``ExternalDiscovery``), then their
/// specs (``ExternalSpecLoader``, from the cache for programs that have not changed), then one
/// ``ExternalProvider`` each, after the installed providers in the catalog.
///
/// A program that is left out (a clashing or malformed id, a spec that cannot be used) is named in one
/// warning on standard error; every other provider works as usual. Each variable of the tool's own that a
/// spec asks for (``ExternalSpec/withheld``) is named in a warning too, and not passed.
package enum ExternalProviders {
    /// The outside providers found for an environment.
    /// - Parameters:
    ///   - installed: the installed providers, whose ids outside programs cannot take.
    ///   - environment: the tool's environment: `PATH`, the config and cache folders, and what the
    ///     programs' specs list.
    ///   - config: the config file, whose `external_providers` come first.
    ///   - children: the runs to stop when the tool exits.
    ///   - warn: told each warning, one line each.
    /// - Returns: the providers, config file entries first, then `PATH` in order.
    package static func found(
        installed: [any OfferProvider], environment: [String: String], config: ConfigFile,
        children: ExternalChildren,
        warn: (String) -> Void
    ) async -> [any OfferProvider] {
        let folders = UserFolders(environment: environment)
        let found = ExternalDiscovery.find(
            environment: environment, configured: config.externalProviders, configPath: config.path,
            installed: Set(installed.map(\.descriptor.id)))
        found.warnings.forEach(warn)
        guard !found.programs.isEmpty else { return [] }
        let specs = await ExternalSpecLoader.load(
            found.programs, environment: environment, cache: ExternalSpecCache(cacheFolder: folders.cache),
            children: children)
        var providers: [any OfferProvider] = []
        for (program, spec) in zip(found.programs, specs) {
            switch spec {
            case .success(let spec):
                for variable in spec.withheld {
                    warn(
                        "warning: the outside provider '\(program.id)' asks for \(variable), a variable of aggregate's "
                            + "own (another provider's key or a setting); it is not passed to it")
                }
                providers.append(
                    ExternalProvider(program: program, spec: spec, environment: environment, children: children))
            case .failure(let error):
                warn(
                    "warning: the outside provider '\(program.id)' (\(program.foundIn)) is left out: its spec "
                        + "cannot be used: \(error); 'aggregate provider check \(program.id)' says more")
            }
        }
        return providers
    }
}
