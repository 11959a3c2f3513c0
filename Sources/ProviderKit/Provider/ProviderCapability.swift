import Foundation

/// What a provider can honour in a query. The pipeline reports a provider that is asked for
/// something it cannot honour instead of letting it pretend.
public enum ProviderCapability: String, Sendable, Hashable, CaseIterable {
    /// Its offers carry departure dates, so `--date` can be honoured.
    case dates
    /// It can return round trips.
    case roundTrips = "round_trips"
    /// It applies some of the query's filters on the server as well.
    case serverSideFilters = "server_side_filters"
    /// It prices the whole party the query names (adults, children and lap infants), not one seat.
    case passengers
    /// It searches the class of travel the query names.
    case cabins
}
