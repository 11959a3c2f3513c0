// The CarRental provider module.
import AggregatorCore
